r"""Neural networks for sets in torch: ``encoder MLP -> pool -> head MLP`` (DeepSets / PointNet).

.. math::
    NN_g(X) = f_{\mathrm{MLP}_2}\big(g(\{\!\{ f_{\mathrm{MLP}_1}(v) : v \in X \}\!\})\big),
    \qquad g \in \{\mathrm{sum}, \mathrm{mean}, \max, \mathrm{attention}\},

with :func:`lipschitz_bound`, the theoretical Lipschitz constant of a network under a distance
between multisets (Thm 3.4 for general sizes, Lemma 3.5 for equal sizes). Multisets of different
sizes travel as a zero-padded batch ``(B, M, d)`` with a boolean mask ``(B, M)``.

Reference: Nikolentzos & Skianis (2026), Sec. 3.2 (Thm 3.4, Lemma 3.5) and Sec. 4 (experiments).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import numpy as np
import torch
from torch import nn

from theory.validation import Interval, Options, check_array, check_param, invalid

POOLS = ("sum", "mean", "max", "attention")
DISTANCES = ("emd", "hausdorff", "matching")
#: The distance under which each aggregator is Lipschitz for all sizes (Thm 3.1, Thm 3.4).
PAIRED_DISTANCE = {"mean": "emd", "sum": "matching", "max": "hausdorff"}


def default_device() -> torch.device:
    """CUDA when present, else CPU."""
    return torch.device("cuda" if torch.cuda.is_available() else "cpu")


def pad_sets(sets, *, device=None, dtype=torch.float32):
    """Stack multisets of different sizes into a zero-padded batch and a mask.

    Parameters
    ----------
    sets : sequence of arrays of shape (n_i, d)
    device : torch device or str, optional (default: CUDA when present, else CPU)
    dtype : torch dtype

    Returns
    -------
    x : tensor of shape (B, M, d), M = max n_i, zero rows after the n_i-th
    mask : bool tensor of shape (B, M), True on the real elements
    """
    if len(sets) == 0:
        raise invalid("sets", "pad_sets", "a non-empty sequence of (n_i, d) arrays", "<empty>")
    arrays = [check_array(s, f"sets[{i}]", "pad_sets") for i, s in enumerate(sets)]
    d = arrays[0].shape[1]
    for i, a in enumerate(arrays):
        if a.shape[1] != d:
            raise invalid(f"sets[{i}]", "pad_sets", f"an array of shape (n_i, {d}) (the "
                          "dimension of sets[0])", f"<array of shape {a.shape}>")
    sizes = np.array([len(a) for a in arrays])
    x = np.zeros((len(arrays), sizes.max(), d))
    for i, a in enumerate(arrays):
        x[i, : len(a)] = a
    mask = np.arange(sizes.max())[None, :] < sizes[:, None]
    device = default_device() if device is None else torch.device(device)
    return (torch.as_tensor(x, dtype=dtype, device=device),
            torch.as_tensor(mask, device=device))


def mlp(widths, *, bias: bool = True, final_activation: bool = False) -> nn.Sequential:
    """Linear layers of the given widths with ReLU (1-Lipschitz) between them."""
    layers: list[nn.Module] = []
    for i, (a, b) in enumerate(itertools.pairwise(widths)):
        layers.append(nn.Linear(a, b, bias=bias))
        if i < len(widths) - 2 or final_activation:
            layers.append(nn.ReLU())
    return nn.Sequential(*layers)


class AttentionPool(nn.Module):
    r"""Attention aggregation :math:`\sum_i \alpha_i h_i`, :math:`\alpha = \mathrm{softmax}_i
    (q^\top \mathrm{ReLU}(W h_i))` over the real elements (Prop. 3.3)."""

    def __init__(self, width: int):
        super().__init__()
        self.W = nn.Linear(width, width, bias=False)
        self.q = nn.Parameter(torch.randn(width) / math.sqrt(width))

    def weights(self, h, mask):
        """Attention weights alpha, shape (B, M); zero on padding."""
        scores = torch.relu(self.W(h)) @ self.q
        scores = scores.masked_fill(~mask, float("-inf"))
        return torch.softmax(scores, dim=1)

    def forward(self, h, mask):
        return (self.weights(h, mask).unsqueeze(-1) * h).sum(dim=1)


def pool(h, mask, kind: str, attention: AttentionPool | None = None):
    """Aggregate the latent multisets ``h`` (B, M, d_h) over the masked axis -> (B, d_h)."""
    if not bool(mask.any(dim=1).all()):
        empty = int((~mask.any(dim=1)).nonzero()[0, 0])
        raise invalid("mask", "pool", "a mask with at least one real element per multiset "
                      "(an empty multiset has no mean or max)", f"<multiset {empty} all masked>")
    m = mask.unsqueeze(-1)
    if kind == "sum":
        return (h * m).sum(dim=1)
    if kind == "mean":
        return (h * m).sum(dim=1) / m.sum(dim=1).to(h.dtype)
    if kind == "max":
        return h.masked_fill(~m, float("-inf")).amax(dim=1)
    if kind == "attention":
        return attention(h, mask)
    raise invalid("kind", "pool", f"one of {POOLS}", kind)


class SetNetwork(nn.Module):
    r"""``encoder MLP -> pool -> head MLP`` on multisets (permutation invariant).

    Parameters
    ----------
    pool : {'sum', 'mean', 'max', 'attention'}
    in_dim : int
        Dimension d of the elements.
    hidden : sequence of int
        Widths of the encoder after the input; the last one is the pooled width :math:`d_h`.
        The encoder ends with a ReLU (the latent elements are non-negative, as in PointNet).
    n_out : int
        Output dimension (number of classes).
    head_hidden : sequence of int
        Hidden widths of the head MLP (empty: one linear layer).
    encoder_bias : bool
        Biases in the encoder. Thm 3.4(2): the sum network is matching-Lipschitz for sets of
        different sizes only when :math:`f_{\mathrm{MLP}_1}(0) = 0`, i.e. without bias.
    device : torch device or str, optional
    dtype : torch dtype
    """

    def __init__(self, pool: str, in_dim: int, hidden=(64, 64), n_out: int = 2, *,
                 head_hidden=(), encoder_bias: bool = True, device=None,
                 dtype=torch.float32):
        super().__init__()
        check_param("pool", pool, Options(*POOLS), "SetNetwork")
        check_param("in_dim", in_dim, Interval(1, None, integer=True), "SetNetwork")
        check_param("n_out", n_out, Interval(1, None, integer=True), "SetNetwork")
        hidden, head_hidden = tuple(hidden), tuple(head_hidden)
        if not hidden or any(not isinstance(w, int) or w < 1 for w in hidden + head_hidden):
            raise invalid("hidden", "SetNetwork", "a non-empty sequence of positive ints",
                          hidden)
        self.pool_kind = pool
        self.encoder_bias = encoder_bias
        self.encoder = mlp((in_dim, *hidden), bias=encoder_bias, final_activation=True)
        self.attention = AttentionPool(hidden[-1]) if pool == "attention" else None
        self.head = mlp((hidden[-1], *head_hidden, n_out))
        self.to(device=default_device() if device is None else torch.device(device),
                dtype=dtype)

    @property
    def width(self) -> int:
        r"""Pooled width :math:`d_h` (the dimension the max-pool's :math:`\sqrt{d}` refers to)."""
        return self.encoder[-2].out_features

    @property
    def in_dim(self) -> int:
        """Dimension d of the input elements."""
        return self.encoder[0].in_features

    def _check_input(self, x, caller):
        if x.shape[-1] != self.in_dim:
            raise invalid("x", caller, f"elements of dimension {self.in_dim} (the network's "
                          "in_dim)", f"<tensor of shape {tuple(x.shape)}>")

    def encode(self, x):
        r"""Latent elements :math:`f_{\mathrm{MLP}_1}(v)`, (B, M, d) -> (B, M, d_h)."""
        self._check_input(x, "SetNetwork.encode")
        return self.encoder(x)

    def pooled(self, x, mask):
        """Pooled representation, (B, d_h)."""
        return pool(self.encode(x), mask, self.pool_kind, self.attention)

    def forward(self, x, mask):
        return self.head(self.pooled(x, mask))


def linear_layers(module: nn.Module) -> list[nn.Linear]:
    return [m for m in module.modules() if isinstance(m, nn.Linear)]


def spectral_norm_product(module: nn.Module) -> float:
    r"""Lipschitz bound of an MLP with 1-Lipschitz activations: :math:`\prod_l \|W_l\|_2`.

    Each :math:`\|W_l\|_2` is the largest singular value, computed in float64 on the CPU.
    """
    out = 1.0
    for lin in linear_layers(module):
        W = lin.weight.detach().to("cpu", torch.float64)
        out *= float(torch.linalg.matrix_norm(W, ord=2))
    return out


def aggregator_constant(pool_kind: str, distance: str, width: int,
                        equal_size: int | None = None) -> float:
    """Lipschitz constant of the aggregator alone (Thm 3.1; Lemma 3.2 when all sizes equal
    ``equal_size``); ``inf`` where the aggregator is not Lipschitz. From :mod:`theory.multisets`.
    """
    from theory.multisets import lipschitz_constant

    # None: no constant exists (the Thm 3.1 crosses; attention by Prop. 3.3).
    c = lipschitz_constant(pool_kind, distance, d=width, equal_size=equal_size)
    return math.inf if c is None else float(c)


def lipschitz_bound(model: SetNetwork, distance: str, *, equal_size: int | None = None) -> float:
    r"""Theoretical Lipschitz constant of a set network under a distance between multisets.

    .. math::
        \mathrm{Lip}(NN_g; d) \le \mathrm{Lip}(f_{\mathrm{MLP}_2})\,
        c_g(d)\,\mathrm{Lip}(f_{\mathrm{MLP}_1}), \qquad
        \mathrm{Lip}(f_{\mathrm{MLP}}) \le \prod_l \|W_l\|_2,

    with :math:`c_g(d)` the aggregator's constant (Thm 3.1: 1 for mean/EMD and sum/matching,
    :math:`\sqrt{d_h}` for max/Hausdorff with :math:`d_h` the pooled width; Lemma 3.2 for equal
    sizes). It holds because an :math:`L`-Lipschitz :math:`f` maps multisets with
    :math:`d_{EMD}(f X, f Y) \le L d_{EMD}(X, Y)` and likewise for Hausdorff; for the matching
    distance with sets of different sizes it needs :math:`f(0) = 0` (the leftover elements pay
    their norm), so a sum network with encoder biases gets ``inf`` there (Thm 3.4(2)).
    Attention gets ``inf`` (Prop. 3.3).

    Parameters
    ----------
    model : SetNetwork
    distance : {'emd', 'hausdorff', 'matching'}
    equal_size : int, optional
        When every multiset has this size, use the equal-size constants (Lemma 3.5).

    Returns
    -------
    float
        The bound (``inf`` where the theorem gives none). Output distance: Euclidean norm.
    """
    from theory.multisets import network_bound

    check_param("distance", distance, Options(*DISTANCES), "lipschitz_bound")
    if equal_size is not None:
        check_param("equal_size", equal_size, Interval(1, None, integer=True), "lipschitz_bound")
    if not math.isfinite(aggregator_constant(model.pool_kind, distance, model.width, equal_size)):
        return math.inf
    if distance == "matching" and equal_size is None and model.encoder_bias:
        return math.inf
    return network_bound(model.pool_kind, distance, spectral_norm_product(model.encoder),
                         spectral_norm_product(model.head), width=model.width,
                         equal_size=equal_size)


@dataclass
class TrainResult:
    model: SetNetwork
    losses: list
    seconds_per_epoch: float


def train_set_network(model: SetNetwork, sets, target, *, epochs: int = 50,
                      batch_size: int = 32, lr: float = 3e-3, weight_decay: float = 0.0,
                      seed: int = 0) -> TrainResult:
    """Train ``model`` by Adam on cross-entropy; batches are drawn with ``torch.Generator(seed)``.

    The whole data set is padded once, on the model's device and dtype.
    """
    import time

    check_param("epochs", epochs, Interval(1, None, integer=True), "train_set_network")
    check_param("batch_size", batch_size, Interval(1, None, integer=True), "train_set_network")
    p = next(model.parameters())
    x, mask = pad_sets(sets, device=p.device, dtype=p.dtype)
    y = torch.as_tensor(np.asarray(target), dtype=torch.long, device=p.device)
    if len(y) != len(x):
        raise invalid("target", "train_set_network", f"an array of length {len(x)}",
                      f"<array of length {len(y)}>")
    gen = torch.Generator().manual_seed(seed)
    opt = torch.optim.Adam(model.parameters(), lr=lr, weight_decay=weight_decay)
    loss_fn = nn.CrossEntropyLoss()
    losses = []
    model.train()
    t0 = time.perf_counter()
    for _ in range(epochs):
        order = torch.randperm(len(y), generator=gen).to(p.device)
        total = 0.0
        for start in range(0, len(y), batch_size):
            idx = order[start:start + batch_size]
            # Trim the padding to the longest set of the batch: cheaper, same result.
            width = int(mask[idx].sum(dim=1).max())
            opt.zero_grad()
            loss = loss_fn(model(x[idx, :width], mask[idx, :width]), y[idx])
            loss.backward()
            opt.step()
            total += loss.item() * len(idx)
        losses.append(total / len(y))
    model.eval()
    return TrainResult(model, losses, (time.perf_counter() - t0) / epochs)


@torch.no_grad()
def predict(model: SetNetwork, sets, *, batch_size: int = 512) -> np.ndarray:
    """Network outputs (k, n_out) as float64 numpy, in the model's dtype on its device."""
    p = next(model.parameters())
    sets = [check_array(s, f"sets[{i}]", "predict") for i, s in enumerate(sets)]
    outs = []
    for start in range(0, len(sets), batch_size):
        x, mask = pad_sets(sets[start:start + batch_size], device=p.device, dtype=p.dtype)
        outs.append(model(x, mask).to("cpu", torch.float64).numpy())
    return np.concatenate(outs)


def accuracy(model: SetNetwork, sets, target) -> float:
    """Fraction of multisets classified correctly, in [0, 1]."""
    return float((predict(model, sets).argmax(axis=1) == np.asarray(target)).mean())


@torch.no_grad()
def latent_sets(model: SetNetwork, sets) -> list:
    r"""The latent multisets :math:`f_{\mathrm{MLP}_1}(X)` as float64 arrays (n_i, d_h)."""
    p = next(model.parameters())
    out = []
    for s in sets:
        h = model.encode(torch.as_tensor(np.asarray(s), dtype=p.dtype, device=p.device))
        out.append(h.to("cpu", torch.float64).numpy())
    return out


@torch.no_grad()
def pool_numpy(model: SetNetwork, latents) -> np.ndarray:
    """The model's own pooling applied to latent multisets (k of shape (n_i, d_h)) -> (k, d_h)."""
    p = next(model.parameters())
    h, mask = pad_sets(latents, device=p.device, dtype=p.dtype)
    return pool(h, mask, model.pool_kind, model.attention).to("cpu", torch.float64).numpy()
