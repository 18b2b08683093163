r"""K independent set networks of one architecture trained as one batched model.

:func:`train_set_networks` is :func:`~numerics.multisets.networks.train_set_network` for K
members at once: the members' parameters are stacked along a leading axis
(:func:`torch.func.stack_module_state`) and every layer is one batched matrix product over that
axis, so one Python step serves all K members. On a CPU the networks of the experiments are so
small that per-step overhead, not arithmetic, sets the time, and K members cost little more
than one.

Member k is the computation of a lone run: its own initialisation (the caller builds the K
:class:`~numerics.multisets.networks.SetNetwork` modules exactly as a lone run would), its own
data (sets of any sizes, any count), its own batch order (``torch.Generator(seeds[k])``, the
same permutations as the lone run) and its own Adam state. The loss that is back-propagated is
the *sum* of the members' mean batch losses, so member k's gradient is the gradient of its own
loss, unscaled, and the learning rate is the lone run's. The multisets of a step go through
the encoder packed (the elements of a member's sets one after another), not padded, since the
members' batches can differ much in their set sizes; the pooling is the lone one's, on padded
sets. Results agree with lone runs up to floating-point reordering (sums in another order):
``tests/test_multisets_batched.py``.

What it saves is the per-step overhead, not arithmetic: at the experiments' full sizes
(widths 64, sets of 16-80 points) a step is mostly matrix products and ReLUs, and the batched
training measured 1.1-1.3x faster than one network at a time on the Table 2 shapes and
1.8-2.0x on the Fig. 3 digits (with the distinct-element path below; process CPU time, one
thread; ``benchmarks/multisets_training.py``, ``reports/BENCHMARKS.md`` of 2026-12-02).

When the data repeat elements (the digits clouds: 826 distinct points among 58,736), each
distinct element of a step is encoded once per member and its latent vector gathered into
every set that holds it (:meth:`StackedSetNetworks.on_distinct`): equal inputs give equal
encoder outputs, and the gradient of a repeated element is the sum over its occurrences, so
this too is the lone computation up to the order of sums. At the Fig. 3 sizes a step then
encodes ~44% of the rows of the packed layout; the Fig. 3 training measured 1.7-2.2x less CPU
time than the packed path (10 epochs, one thread, interleaved).

Members with fewer training sets than others have fewer steps per epoch; on the steps they do
not take, their parameters and Adam moments are left untouched (:class:`StackedAdam` with an
``active`` mask), as in their lone run.
"""

from __future__ import annotations

import math
import time

import numpy as np
import torch
from torch.nn import functional as F

from numerics.multisets.networks import SetNetwork, TrainResult
from theory.validation import Interval, check_array, check_param, invalid


class StackedAdam:
    """Adam (``torch.optim.Adam``'s single-tensor update, no weight decay) on tensors whose
    leading axis is the member: elementwise, hence per member, with one step count per member.

    ``step(active)`` advances only the members where ``active`` (bool, (K,)) is true; the others
    keep their parameters, moments and step count, as if the step had not happened.
    """

    def __init__(self, params, lr: float = 1e-3, betas=(0.9, 0.999), eps: float = 1e-8):
        self.params = list(params)
        self.lr, (self.b1, self.b2), self.eps = lr, betas, eps
        k = self.params[0].shape[0]
        self.steps = np.zeros(k, dtype=np.int64)
        self.m = [torch.zeros_like(p) for p in self.params]
        self.v = [torch.zeros_like(p) for p in self.params]

    def zero_grad(self):
        for p in self.params:
            p.grad = None

    @torch.no_grad()
    def step(self, active: np.ndarray | None = None):
        all_active = active is None or bool(np.all(active))
        if all_active:
            self.steps += 1
        else:
            self.steps[active] += 1
        steps = np.maximum(self.steps, 1)
        if all_active and np.all(steps == steps[0]):
            # The common case: scalars, the arithmetic of torch.optim.Adam's single-tensor
            # update, one foreach call per operation for all the tensors.
            bc1 = 1 - self.b1 ** float(steps[0])
            bc2_sqrt = math.sqrt(1 - self.b2 ** float(steps[0]))
            grads = [p.grad for p in self.params]
            torch._foreach_lerp_(self.m, grads, 1 - self.b1)
            torch._foreach_mul_(self.v, self.b2)
            torch._foreach_addcmul_(self.v, grads, grads, value=1 - self.b2)
            denom = torch._foreach_sqrt(self.v)
            torch._foreach_div_(denom, bc2_sqrt)
            torch._foreach_add_(denom, self.eps)
            torch._foreach_addcdiv_(self.params, self.m, denom, value=-self.lr / bc1)
            return
        bc1 = np.array([1 - self.b1 ** float(s) for s in steps])
        bc2_sqrt = np.array([math.sqrt(1 - self.b2 ** float(s)) for s in steps])
        for p, m, v in zip(self.params, self.m, self.v):
            shape = (-1,) + (1,) * (p.dim() - 1)
            on = torch.as_tensor(active if active is not None else np.ones(len(steps), bool),
                                 device=p.device).reshape(shape)
            size = torch.as_tensor(self.lr / bc1, dtype=p.dtype, device=p.device).reshape(shape)
            b2s = torch.as_tensor(bc2_sqrt, dtype=p.dtype, device=p.device).reshape(shape)
            g = p.grad
            m_new = m.lerp(g, 1 - self.b1)
            v_new = (v * self.b2).addcmul_(g, g, value=1 - self.b2)
            p_new = p - size * (m_new / (v_new.sqrt() / b2s + self.eps))
            m.copy_(torch.where(on, m_new, m))
            v.copy_(torch.where(on, v_new, v))
            p.copy_(torch.where(on, p_new, p))


def _linear(h, params, name, bias: bool):
    """``h @ W_k^T + b_k`` for every member: (K, N, in) -> (K, N, out); the weights are kept
    transposed, (K, in, out), so that no product or gradient needs a copy."""
    w = params[f"{name}.weight"]
    if bias:
        return torch.baddbmm(params[f"{name}.bias"].unsqueeze(1), h, w)
    return torch.bmm(h, w)


class _MaxOverSets(torch.autograd.Function):
    """``amax`` over the elements (dim 2) of the padded latent sets ``hp`` (K, B, M, w) whose
    entries are ReLU outputs (or -inf padding), with a cheaper backward than autograd's.

    autograd's amax backward spreads the gradient evenly over the positions tied for the
    maximum, through boolean masks that cost several times the forward on CPU. Here the tie
    mask is the float ``(hp - max) == 0`` (x - y = 0 exactly iff x = y), and the gradient goes
    to the single maximising position whenever there is one; where several positions tie (a
    repeated element, or two elements equal by chance) the backward is autograd's even split.
    Channels whose maximum is 0 get no gradient: every position there is a ReLU output of 0,
    whose gradient the ReLU's backward sets to 0 anyway, so the result is the same.
    """

    @staticmethod
    def forward(ctx, hp):
        z = hp.amax(dim=2)
        ctx.save_for_backward(hp, z)
        return z

    @staticmethod
    def backward(ctx, g):
        hp, z = ctx.saved_tensors
        g = torch.where(z > 0, g, 0.0)
        grad = (hp - z.unsqueeze(2)).eq_(0).mul_(g.unsqueeze(2))
        # One tied position: the sum over positions is g itself (2g != g for g != 0).
        if bool((grad.sum(dim=2) == g).all()):
            return grad
        tied = hp == z.unsqueeze(2)
        return tied * (g / tied.sum(dim=2)).unsqueeze(2)


class StackedSetNetworks:
    """The forward pass of K :class:`SetNetwork` modules of one architecture, with their
    parameters stacked (``params``: name -> (K, ...) tensors, as from
    :func:`torch.func.stack_module_state`)."""

    def __init__(self, models: list[SetNetwork]):
        if not models:
            raise invalid("models", "StackedSetNetworks", "a non-empty list of SetNetwork",
                          "<empty>")
        ref = models[0]
        shapes = [tuple(p.shape) for p in ref.parameters()]
        for i, m in enumerate(models):
            if (m.pool_kind, m.encoder_bias, [tuple(p.shape) for p in m.parameters()]) != (
                    ref.pool_kind, ref.encoder_bias, shapes):
                raise invalid(f"models[{i}]", "StackedSetNetworks", "a SetNetwork of the "
                              "architecture of models[0]", f"<{m.pool_kind} network>")
        self.models = models
        self.pool_kind, self.encoder_bias = ref.pool_kind, ref.encoder_bias
        self.encoder_names = [n for n, mod in ref.encoder.named_children()
                              if isinstance(mod, torch.nn.Linear)]
        self.head_names = [n for n, mod in ref.head.named_children()
                           if isinstance(mod, torch.nn.Linear)]
        params, _ = torch.func.stack_module_state(models)
        self.params = {n: (p.detach().transpose(1, 2).contiguous().requires_grad_()
                           if n.endswith(".weight") else p) for n, p in params.items()}

    def __call__(self, x, where, mask):
        """Logits (K, B, n_out) of the members on their own batches of B multisets.

        The elements travel packed through the encoder (the costly part): x (K, E, d) holds
        member k's elements one set after another, then zero rows; ``where`` = (member, set,
        position) indices (K, E) of each element in the padded layout (K, B + 1, M, d_h) of
        the pooling, set B collecting the packing's padding; mask (K, B, M) marks the real
        elements. Packing, not padding every set to the longest of all the members' batches:
        the members' batches can differ much in their set sizes (the Fig. 3 bins). Sum and mean
        add each set's elements in order (``index_add``); max and attention pool the padded
        layout as :func:`~numerics.multisets.networks.pool` does.
        """
        K, E, _ = x.shape
        B, M = mask.shape[1:]
        h = self._encode(x)
        width = h.shape[-1]
        if self.pool_kind in ("sum", "mean"):  # sums over each set's elements, in order
            ids = (where[1] + (B + 1) * where[0]).reshape(-1)
            z = h.new_zeros(K * (B + 1), width).index_add(0, ids, h.reshape(K * E, width))
            z = z.reshape(K, B + 1, width)[:, :B]
            if self.pool_kind == "mean":
                z = z / mask.sum(dim=2, keepdim=True).to(z.dtype)
            return self._head(z)
        # Set B holds the packing's padding elements (at position 0; never all masked).
        h = h.new_zeros(K, B + 1, M, width).index_put(where, h)
        mask = torch.cat([mask, torch.arange(M, device=mask.device).expand(K, 1, M) == 0], 1)
        m = mask.unsqueeze(-1)
        if self.pool_kind == "max":
            z = h.masked_fill(~m, float("-inf")).amax(dim=2)
        else:
            z = self._attend(h, mask)
        return self._head(z[:, :B])

    def on_distinct(self, x, index):
        """Logits (K, B, n_out) when the elements of a step are given once each: x (K, U, d)
        holds member k's distinct elements of the step (any rows past its last are filler),
        ``index`` (K, B, M) the row of x at each (set, position), U on padding.

        The encoder (the costly part) runs once per distinct element and its outputs are
        gathered into the padded layout, so an element that occurs in several multisets of a
        batch costs one encoder pass, not one per occurrence; its gradient is the sum over
        its occurrences (the gather's backward), the same sum the packed layout takes in
        another order. Row U of the latent table is -inf for max (a padding position never
        wins) and 0 otherwise (it adds nothing to a sum), so no mask is applied after the
        gather.
        """
        K, U, _ = x.shape
        h = self._encode(x)
        width = h.shape[-1]
        fill = float("-inf") if self.pool_kind == "max" else 0.0
        h = torch.cat([h, h.new_full((K, 1, width), fill)], 1).reshape(K * (U + 1), width)
        B, M = index.shape[1:]
        # One index_select on the flattened table: several times faster than the advanced
        # index h[rows, index], forward and backward (an index_add).
        rows = torch.arange(K, device=index.device)[:, None, None] * (U + 1)
        hp = h.index_select(0, (index + rows).reshape(-1)).reshape(K, B, M, width)
        if self.pool_kind == "max":
            return self._head(_MaxOverSets.apply(hp))
        if self.pool_kind == "sum":
            return self._head(hp.sum(dim=2))
        mask = index < U
        if self.pool_kind == "mean":
            return self._head(hp.sum(dim=2) / mask.sum(dim=2, keepdim=True).to(hp.dtype))
        return self._head(self._attend(hp, mask))

    def _encode(self, x):
        for n in self.encoder_names:  # the encoder ends with a ReLU, as in SetNetwork
            x = torch.relu(_linear(x, self.params, f"encoder.{n}", self.encoder_bias))
        return x

    def _attend(self, h, mask):
        """Attention pooling, as AttentionPool, of padded latent sets h (K, B, M, w) whose real
        elements ``mask`` (K, B, M) marks."""
        K, B, M, width = h.shape
        scores = torch.bmm(torch.relu(_linear(h.reshape(K, B * M, width), self.params,
                                              "attention.W", False)),
                           self.params["attention.q"].unsqueeze(-1)).reshape(K, B, M)
        alpha = torch.softmax(scores.masked_fill(~mask, float("-inf")), dim=2)
        return (alpha.unsqueeze(-1) * h).sum(dim=2)

    def _head(self, z):
        for i, n in enumerate(self.head_names):
            z = _linear(z, self.params, f"head.{n}", True)
            if i < len(self.head_names) - 1:
                z = torch.relu(z)
        return z

    @torch.no_grad()
    def write_back(self):
        """Copy the stacked parameters into the K member modules."""
        for k, model in enumerate(self.models):
            for name, p in model.named_parameters():
                q = self.params[name][k]
                p.copy_(q.T if name.endswith(".weight") else q)


def _pack(batches, size, offset, pad):
    """The packing of every step's multisets, ``batches`` (K, S, B) set indices ->
    ``packed(j) = (element rows (K, E_j), (member, set, position) of each element (K, E_j)
    each, mask (K, B, M_j))`` for :class:`StackedSetNetworks`; padding elements read row
    ``pad`` and go to set B, position 0."""
    K, S, B = batches.shape
    dev = batches.device
    rows = torch.arange(K, device=dev)[:, None, None]
    sz, off = size[rows, batches], offset[rows, batches]
    cum = sz.cumsum(2)
    ends = cum[..., -1].amax(dim=0).tolist()  # E_j: the most elements of a member at step j
    widths = sz.amax(dim=(0, 2)).tolist()  # M_j: the longest set of step j
    pos = torch.arange(max(ends), device=dev).expand(K, S, -1).contiguous()
    seg = torch.searchsorted(cum, pos, right=True)  # B past member k's last element
    first = seg.clamp_max(B - 1)
    within = pos - (cum - sz).gather(2, first)
    real = seg < B
    elem = torch.where(real, off.gather(2, first) + within, pad)
    within = torch.where(real, within, 0)
    member = rows.expand(K, S, max(ends))

    def packed(j):
        e, w = ends[j], widths[j]
        where = (member[:, j, :e], seg[:, j, :e], within[:, j, :e])
        mask = torch.arange(w, device=dev) < sz[:, j, :, None]
        return elem[:, j, :e], where, mask

    return packed


def _pack_distinct(batches, size, offset, point, n_points):
    """The steps' multisets as distinct elements: ``batches`` (K, S, B) set indices, ``point``
    (K, T) the id in [0, n_points) of each element row (equal ids: equal rows) ->
    ``packed(j) = (ids (K, U_j) of member k's distinct elements at step j, in increasing
    order, then the filler id n_points; index (K, B, M_j) of each (set, position) into them,
    U_j on padding)`` for :meth:`StackedSetNetworks.on_distinct`."""
    K, S, _ = batches.shape
    dev = batches.device
    rows = torch.arange(K, device=dev)[:, None, None, None]
    sz, off = size[rows[..., 0], batches], offset[rows[..., 0], batches]
    widths = sz.amax(dim=(0, 2)).tolist()  # M_j: the longest set of step j
    pos = torch.arange(max(widths), device=dev)
    real = pos < sz[..., None]  # (K, S, B, M)
    elem = torch.where(real, off[..., None] + pos, 0)
    ids = torch.where(real, point[rows, elem], n_points)  # the filler id on padding
    seen = torch.zeros(K, S, n_points + 1, dtype=torch.bool, device=dev)
    seen.scatter_(2, ids.reshape(K, S, -1), True)
    seen[..., n_points] = False
    counts = seen.sum(dim=2)  # (K, S)
    distinct = counts.amax(dim=0).tolist()  # U_j
    rank = seen.cumsum(2) - 1  # position of each id among member k's distinct ids of step j
    index = rank.gather(2, ids.reshape(K, S, -1)).reshape(ids.shape)
    upto = torch.as_tensor(distinct, device=dev)[None, :, None, None]
    index = torch.where(real, index, upto)
    # Id i goes to column rank(i) of its (member, step); unseen ids to a spare last column.
    order = torch.full((K, S, n_points + 2), n_points, dtype=torch.long, device=dev)
    order.scatter_(2, torch.where(seen, rank, n_points + 1),
                   torch.arange(n_points + 1, device=dev).expand(K, S, -1))

    def packed(j):
        return order[:, j, : distinct[j]], index[:, j, :, : widths[j]]

    return packed


#: Train on distinct elements (:meth:`StackedSetNetworks.on_distinct`) when the data sets hold
#: at most this fraction of distinct rows; above it the gather costs more than it saves.
DISTINCT_FRACTION = 0.25


def train_set_networks(models: list[SetNetwork], data, *, seeds, epochs: int = 50,
                       batch_size: int = 32, lr: float = 3e-3,
                       distinct: bool | None = None) -> list[TrainResult]:
    """Train K set networks of one architecture at once, member k on ``data[k] = (sets,
    target)`` with batches drawn by ``torch.Generator().manual_seed(seeds[k])``: each the
    computation of ``train_set_network(models[k], *data[k], seed=seeds[k], ...)`` (Adam, cross-
    entropy, no weight decay) up to floating-point reordering.

    ``distinct``: encode each distinct element of a step once
    (:meth:`StackedSetNetworks.on_distinct`) rather than once per occurrence; ``None`` (the
    default) does so when at most :data:`DISTINCT_FRACTION` of the data's rows are distinct.
    Either way the computation is the same up to floating-point reordering.

    The members' modules are trained in place (their parameters are written back at the end)
    and returned as :class:`TrainResult` s; ``seconds_per_epoch`` is the batched epoch time
    divided by K.
    """
    check_param("epochs", epochs, Interval(1, None, integer=True), "train_set_networks")
    check_param("batch_size", batch_size, Interval(1, None, integer=True), "train_set_networks")
    K = len(models)
    if len(data) != K or len(seeds) != K:
        raise invalid("data", "train_set_networks", f"one (sets, target) and one seed per model "
                      f"({K})", f"<{len(data)} data sets, {len(seeds)} seeds>")
    net = StackedSetNetworks(models)
    p0 = next(models[0].parameters())
    dev, dtype = p0.device, p0.dtype
    arrays = [[check_array(x, f"data[{k}][0][{i}]", "train_set_networks")
               for i, x in enumerate(sets)] for k, (sets, _) in enumerate(data)]
    n = np.array([len(a) for a in arrays])
    d = models[0].in_dim
    for k, ((_, target), a) in enumerate(zip(data, arrays)):
        if len(target) != n[k] or any(x.ndim != 2 or x.shape[1] != d or len(x) == 0
                                      for x in a):
            raise invalid(f"data[{k}]", "train_set_networks", f"non-empty (n_i, {d}) sets and "
                          f"a target of the same number", f"<{n[k]} sets, {len(target)} labels>")
    n_max, t_max = int(n.max()), max(sum(len(x) for x in a) for a in arrays)
    # Elements of member k's sets one after another; row t_max stays zero: the element of
    # the padding sets (size 1, never in a loss) and of the packing's padding.
    X = torch.zeros(K, t_max + 1, d, dtype=dtype, device=dev)
    # Set n_max of every member (and any set past its n_k) is a padding set.
    size = torch.ones(K, n_max + 1, dtype=torch.long, device=dev)
    offset = torch.full((K, n_max + 1), t_max, dtype=torch.long, device=dev)
    Y = torch.zeros(K, n_max + 1, dtype=torch.long, device=dev)
    for k, (a, (_, target)) in enumerate(zip(arrays, data)):
        lens = np.array([len(x) for x in a])
        X[k, : lens.sum()] = torch.as_tensor(np.concatenate(a), dtype=dtype, device=dev)
        size[k, : n[k]] = torch.as_tensor(lens, device=dev)
        offset[k, : n[k]] = torch.as_tensor(np.cumsum(lens) - lens, device=dev)
        Y[k, : n[k]] = torch.as_tensor(np.asarray(target), dtype=torch.long, device=dev)
    # Elements that occur many times (digits: 826 distinct points in 58,736) are encoded once
    # per step (:meth:`StackedSetNetworks.on_distinct`): equal rows give equal encoder
    # outputs, so only the order of the sums changes.
    # numpy's unique of rows: torch.unique(dim=0) compares row by row in Python-level ops.
    rows_np, point = np.unique(X.reshape(-1, d).cpu().numpy(), axis=0, return_inverse=True)
    if distinct is None:
        distinct = len(rows_np) <= DISTINCT_FRACTION * sum(len(x) for a in arrays for x in a)
    if distinct:
        points = torch.cat([torch.as_tensor(rows_np, device=dev),
                            torch.zeros(1, d, dtype=dtype, device=dev)])  # the filler row
        point = torch.as_tensor(point.reshape(K, t_max + 1), device=dev)
    gens = [torch.Generator().manual_seed(int(s)) for s in seeds]
    opt = StackedAdam(net.params.values(), lr=lr)
    per_epoch = -(-n // batch_size)  # the lone runs' number of steps per epoch
    n_steps = int(per_epoch.max())
    rows = torch.arange(K, device=dev)[:, None]
    active = np.arange(n_steps)[:, None] < per_epoch[None, :]  # (steps, K)
    losses = [[] for _ in range(K)]
    t0 = time.perf_counter()
    for _ in range(epochs):
        # Member k's permutation, then the padding set (no weight in any loss); the packing of
        # all the epoch's steps at once, so that a step only slices it.
        order = torch.full((K, n_steps * batch_size), n_max, dtype=torch.long)
        for k in range(K):
            order[k, : n[k]] = torch.randperm(int(n[k]), generator=gens[k])
        order = order.to(dev)
        if distinct:
            packed = _pack_distinct(order.reshape(K, n_steps, batch_size), size, offset,
                                    point, len(points) - 1)
        else:
            packed = _pack(order.reshape(K, n_steps, batch_size), size, offset, t_max)
        y = Y[rows, order].reshape(K, n_steps, batch_size)
        real = (order < torch.as_tensor(n, device=dev)[:, None]).reshape(K, n_steps, batch_size)
        count = real.sum(dim=2)  # (K, steps): the lone runs' batch sizes, 0 past the last
        weight = real / count.clamp_min(1).unsqueeze(-1).to(dtype)
        step_losses = []
        for j in range(n_steps):
            if distinct:
                ids, index = packed(j)
                logits = net.on_distinct(points[ids], index)
            else:
                x, where, mask = packed(j)
                logits = net(X[rows, x], where, mask)
            ce = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), y[:, j].reshape(-1),
                                 reduction="none").reshape(K, batch_size)
            loss = (ce * weight[:, j]).sum(dim=1)  # member k's mean batch loss
            opt.zero_grad()
            loss.sum().backward()
            opt.step(active[j])
            step_losses.append(loss.detach())
        total = (torch.stack(step_losses, 1).double() * count).sum(dim=1)
        for k, t in enumerate(total.tolist()):
            losses[k].append(t / n[k])
    seconds = (time.perf_counter() - t0) / epochs / K
    net.write_back()
    for model in models:
        model.eval()
    return [TrainResult(model, loss, seconds) for model, loss in zip(models, losses)]


__all__ = ["StackedAdam", "StackedSetNetworks", "train_set_networks"]
