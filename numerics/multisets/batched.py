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
loss, unscaled, and the learning rate is the lone run's. Results agree with lone runs up to
floating-point reordering (batched products sum in another order; batches are padded to the
longest set among all members, which adds exact zeros): ``tests/test_multisets_batched.py``.

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

from numerics.multisets.networks import SetNetwork, TrainResult, pad_sets
from theory.validation import Interval, check_param, invalid


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
            # The common case: scalars, exactly the arithmetic of torch.optim.Adam.
            bc1 = 1 - self.b1 ** float(steps[0])
            bc2_sqrt = math.sqrt(1 - self.b2 ** float(steps[0]))
            for p, m, v in zip(self.params, self.m, self.v):
                g = p.grad
                m.lerp_(g, 1 - self.b1)
                v.mul_(self.b2).addcmul_(g, g, value=1 - self.b2)
                denom = (v.sqrt() / bc2_sqrt).add_(self.eps)
                p.addcdiv_(m, denom, value=-self.lr / bc1)
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
    """``h @ W_k^T + b_k`` for every member: (K, N, in) -> (K, N, out)."""
    w = params[f"{name}.weight"].transpose(1, 2)
    if bias:
        return torch.baddbmm(params[f"{name}.bias"].unsqueeze(1), h, w)
    return torch.bmm(h, w)


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
        self.params = params

    def __call__(self, x, mask):
        """Logits (K, B, n_out) of the members on their own batches x (K, B, M, d), mask
        (K, B, M)."""
        K, B, M, d = x.shape
        h = x.reshape(K, B * M, d)
        for n in self.encoder_names:  # the encoder ends with a ReLU, as in SetNetwork
            h = torch.relu(_linear(h, self.params, f"encoder.{n}", self.encoder_bias))
        h = h.reshape(K, B, M, -1)
        m = mask.unsqueeze(-1)
        if self.pool_kind == "sum":
            z = (h * m).sum(dim=2)
        elif self.pool_kind == "mean":
            z = (h * m).sum(dim=2) / m.sum(dim=2).to(h.dtype)
        elif self.pool_kind == "max":
            z = h.masked_fill(~m, float("-inf")).amax(dim=2)
        else:  # attention, as AttentionPool
            flat = h.reshape(K, B * M, -1)
            scores = torch.bmm(torch.relu(_linear(flat, self.params, "attention.W", False)),
                               self.params["attention.q"].unsqueeze(-1)).reshape(K, B, M)
            alpha = torch.softmax(scores.masked_fill(~mask, float("-inf")), dim=2)
            z = (alpha.unsqueeze(-1) * h).sum(dim=2)
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
                p.copy_(self.params[name][k])


def train_set_networks(models: list[SetNetwork], data, *, seeds, epochs: int = 50,
                       batch_size: int = 32, lr: float = 3e-3) -> list[TrainResult]:
    """Train K set networks of one architecture at once, member k on ``data[k] = (sets,
    target)`` with batches drawn by ``torch.Generator().manual_seed(seeds[k])``: each the
    computation of ``train_set_network(models[k], *data[k], seed=seeds[k], ...)`` (Adam, cross-
    entropy, no weight decay) up to floating-point reordering.

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
    padded = [pad_sets(sets, device=dev, dtype=dtype) for sets, _ in data]
    n = np.array([len(x) for x, _ in padded])
    for k, (_, target) in enumerate(data):
        if len(target) != n[k]:
            raise invalid(f"data[{k}]", "train_set_networks", f"a target of length {n[k]}",
                          f"<array of length {len(target)}>")
    n_max, m_max = int(n.max()), max(int(x.shape[1]) for x, _ in padded)
    d = padded[0][0].shape[2]
    X = torch.zeros(K, n_max, m_max, d, dtype=dtype, device=dev)
    mask = torch.zeros(K, n_max, m_max, dtype=torch.bool, device=dev)
    # Padding sets are copies of set 0 (never empty), with no weight in any loss.
    mask[:, :, 0] = True
    Y = torch.zeros(K, n_max, dtype=torch.long, device=dev)
    for k, ((x, msk), (_, target)) in enumerate(zip(padded, data)):
        X[k, : n[k], : x.shape[1]] = x
        mask[k, : n[k]] = False
        mask[k, : n[k], : x.shape[1]] = msk
        Y[k, : n[k]] = torch.as_tensor(np.asarray(target), dtype=torch.long, device=dev)
    sizes = mask.sum(dim=2)
    gens = [torch.Generator().manual_seed(int(s)) for s in seeds]
    opt = StackedAdam(net.params.values(), lr=lr)
    per_epoch = -(-n // batch_size)  # the lone runs' number of steps per epoch
    n_steps = int(per_epoch.max())
    rows = torch.arange(K, device=dev)[:, None]
    losses = [[] for _ in range(K)]
    t0 = time.perf_counter()
    for _ in range(epochs):
        order = torch.zeros(K, n_steps * batch_size, dtype=torch.long)
        real = torch.zeros(K, n_steps * batch_size, dtype=torch.bool)
        for k in range(K):
            order[k, : n[k]] = torch.randperm(int(n[k]), generator=gens[k])
            real[k, : n[k]] = True
        order, real = order.to(dev), real.to(dev)
        total = torch.zeros(K, dtype=torch.float64, device=dev)
        for j in range(n_steps):
            idx = order[:, j * batch_size:(j + 1) * batch_size]
            on = real[:, j * batch_size:(j + 1) * batch_size]
            # Trim the padding to the longest real set of the step, over all members.
            width = int((sizes[rows, idx] * on).max())
            count = on.sum(dim=1)
            logits = net(X[rows, idx, :width], mask[rows, idx, :width])
            ce = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), Y[rows, idx].reshape(-1),
                                 reduction="none").reshape(idx.shape)
            loss = (ce * on).sum(dim=1) / count.clamp_min(1)
            opt.zero_grad()
            loss.sum().backward()
            opt.step(j < per_epoch)
            total += loss.detach().double() * count
        for k, t in enumerate(total.tolist()):
            losses[k].append(t / n[k])
    seconds = (time.perf_counter() - t0) / epochs / K
    net.write_back()
    for model in models:
        model.eval()
    return [TrainResult(model, loss, seconds) for model, loss in zip(models, losses)]


__all__ = ["StackedAdam", "StackedSetNetworks", "train_set_networks"]
