r"""Numpy set networks NN_g = MLP2 ∘ g ∘ MLP1 and their Lipschitz bounds (Thm 3.4, Lemma 3.5).

An MLP is a list of ``(W, b)`` layers with ReLU between layers and none after the last, so it is
Lipschitz with constant at most :math:`\prod_l \|W_l\|_2` (1-Lipschitz activation).
"""

from __future__ import annotations

import itertools
from numbers import Integral

import numpy as np

from theory.multisets._aggregators import AGGREGATORS, aggregate
from theory.validation import Interval, Options, check_array, check_param, invalid


def random_mlp(sizes, *, bias: bool = True, rng=None):
    """Gaussian MLP with layer widths ``sizes`` (input first); weights scaled by 1/sqrt(fan-in).

    Returns a list of (W of shape (out, in), b of shape (out,)); b is zero when ``bias=False``.
    """
    sizes = list(sizes)
    if len(sizes) < 2 or any(isinstance(s, bool) or not isinstance(s, Integral) or s < 1
                             for s in sizes):
        raise invalid("sizes", "random_mlp", "a list of at least 2 ints >= 1", sizes)
    rng = np.random.default_rng(rng)
    layers = []
    for a, b in itertools.pairwise(sizes):
        W = rng.normal(size=(b, a)) / np.sqrt(a)
        layers.append((W, rng.normal(size=b) if bias else np.zeros(b)))
    return layers


def _check_layers(layers, caller):
    try:
        layers = [(np.asarray(W, dtype=float), np.asarray(b, dtype=float)) for W, b in layers]
    except (TypeError, ValueError):
        raise invalid("layers", caller, "a list of (W, b) pairs", f"<{type(layers).__name__}>"
                      ) from None
    if not layers:
        raise invalid("layers", caller, "a non-empty list of (W, b) pairs", "[]")
    for k, (W, b) in enumerate(layers):
        if W.ndim != 2 or b.shape != (W.shape[0],) or not (np.all(np.isfinite(W))
                                                            and np.all(np.isfinite(b))):
            raise invalid("layers", caller, "finite (W of shape (out, in), b of shape (out,)) "
                          "pairs", f"<layer {k}: W {W.shape}, b {b.shape}>")
        if k and W.shape[1] != layers[k - 1][0].shape[0]:
            raise invalid("layers", caller, f"layers whose widths chain (layer {k} needs "
                          f"{layers[k - 1][0].shape[0]} inputs)", f"<layer {k}: W {W.shape}>")
    return layers


def mlp(layers, X) -> np.ndarray:
    """Apply an MLP row-wise: X of shape (m, d_in) -> (m, d_out); ReLU between layers."""
    layers = _check_layers(layers, "mlp")
    H = check_array(X, "X", "mlp")
    if H.shape[1] != layers[0][0].shape[1]:
        raise invalid("X", "mlp", f"an array with {layers[0][0].shape[1]} columns (the input "
                      "width of the first layer)", f"<array of shape {H.shape}>")
    for k, (W, b) in enumerate(layers):
        H = H @ W.T + b
        if k < len(layers) - 1:
            H = np.maximum(H, 0.0)
    return H


def mlp_lipschitz_bound(layers) -> float:
    r"""Upper bound :math:`\prod_l \|W_l\|_2` on the Lipschitz constant of an MLP (1-Lip ReLU)."""
    return float(np.prod([np.linalg.norm(W, 2) for W, _ in layers]))


def set_network(X, encoder, decoder, kind: str) -> np.ndarray:
    r"""DeepSets/PointNet network of Thm 3.4.

    .. math:: NN_g(X) = f_{MLP_2}\big(g(\{\{f_{MLP_1}(v_1),\dots,f_{MLP_1}(v_m)\}\})\big),
              \quad g \in \{\mathrm{sum}, \mathrm{mean}, \mathrm{max}\}.

    X of shape (m, d); returns the output vector of shape (d_out,).
    """
    check_param("kind", kind, Options(*AGGREGATORS), "set_network")
    X = check_array(X, "X", "set_network")
    encoder = _check_layers(encoder, "set_network")
    decoder = _check_layers(decoder, "set_network")
    if X.shape[1] != encoder[0][0].shape[1]:
        raise invalid("X", "set_network", f"an array with {encoder[0][0].shape[1]} columns (the "
                      "encoder's input width)", f"<array of shape {X.shape}>")
    if decoder[0][0].shape[1] != encoder[-1][0].shape[0]:
        raise invalid("decoder", "set_network", f"an MLP with {encoder[-1][0].shape[0]} inputs "
                      "(the encoder's output width)", f"<first layer W {decoder[0][0].shape}>")
    return mlp(decoder, aggregate(mlp(encoder, X), kind)[None, :])[0]


def network_bound(kind: str, distance: str, lip1: float, lip2: float, *, width: int,
                  equal_size: int | None = None) -> float:
    r"""Lipschitz bound of a set network (Thm 3.4, Lemma 3.5): a product of layer constants.

    .. math::
        \text{mean/EMD: } L_2L_1,\quad \text{max/H: } \sqrt{d_h}\,L_2L_1,\quad
        \text{sum/M: } L_2L_1 \ \text{(only when } f_{MLP_1}(0) = 0\text{)},

    and, for equal sizes M (Lemma 3.5): sum/M and max/M :math:`L_2L_1` (any bias), mean/M
    :math:`L_2L_1/M`, sum/EMD and max/EMD :math:`M L_2L_1`, mean/EMD :math:`L_2L_1`.
    ``width`` is :math:`d_h`, the width of the pooled layer, not the input dimension.
    With an encoder bias and unequal sizes use :func:`sum_network_offset_bound`.
    """
    caller = "network_bound"
    check_param("lip1", lip1, Interval(0, None, "left"), caller)
    check_param("lip2", lip2, Interval(0, None, "left"), caller)
    check_param("width", width, Interval(1, None, integer=True), caller)
    if equal_size is not None:
        check_param("equal_size", equal_size, Interval(1, None, integer=True), caller)
    base = lip1 * lip2
    if equal_size is not None:
        M = equal_size
        table = {("mean", "emd"): base, ("sum", "emd"): M * base, ("max", "emd"): M * base,
                 ("max", "hausdorff"): np.sqrt(width) * base, ("mean", "matching"): base / M,
                 ("sum", "matching"): base, ("max", "matching"): base}
    else:
        table = {("mean", "emd"): base, ("max", "hausdorff"): np.sqrt(width) * base,
                 ("sum", "matching"): base}
    if (kind, distance) not in table:
        raise invalid("kind", "network_bound", f"a Lipschitz cell among {sorted(table)}",
                      f"{kind}/{distance}")
    return float(table[(kind, distance)])


def sum_network_offset_bound(dist_matching: float, m: int, n: int, lip1: float, lip2: float,
                             f1_at_zero_norm: float) -> float:
    r"""What does hold for NN_SUM with an encoder bias (Thm 3.4(2), App. B.7.2).

    .. math::
        \|NN_{SUM}(X) - NN_{SUM}(Y)\|_2 \le L_2\big(L_1 d_M(X,Y) + \big||X|-|Y|\big|\,
        \|f_{MLP_1}(0)\|_2\big).

    Zero padding adds :math:`|m-n|` copies of :math:`f_{MLP_1}(0)` to the smaller sum.
    """
    caller = "sum_network_offset_bound"
    check_param("dist_matching", dist_matching, Interval(0, None, "left"), caller)
    check_param("m", m, Interval(1, None, integer=True), caller)
    check_param("n", n, Interval(1, None, integer=True), caller)
    check_param("lip1", lip1, Interval(0, None, "left"), caller)
    check_param("lip2", lip2, Interval(0, None, "left"), caller)
    check_param("f1_at_zero_norm", f1_at_zero_norm, Interval(0, None, "left"), caller)
    return float(lip2 * (lip1 * dist_matching + abs(m - n) * f1_at_zero_norm))


def tent_encoder(n_tents: int = 16, spacing: float = 3.0):
    r"""1-D -> R^{n_tents} ReLU MLP of disjoint unit tents centred at 0, spacing, 2 spacing, ...

    .. math:: f_k(x) = \mathrm{ReLU}(x-c_k+1) - 2\,\mathrm{ReLU}(x-c_k) + \mathrm{ReLU}(x-c_k-1)
              = \max(0, 1-|x-c_k|),\quad c_k = k\cdot\mathrm{spacing}.

    Its true Lipschitz constant is 1 (one tent is active at a time, slope ±1), while the
    product of layer norms is :math:`\sqrt{3 n}\sqrt6`. Used to show that the factor of Thm 3.4(3)
    is :math:`\sqrt{d_h}` and not :math:`\sqrt{d}` of the input.
    """
    if isinstance(n_tents, bool) or not isinstance(n_tents, Integral) or n_tents < 1:
        raise invalid("n_tents", "tent_encoder", "an int >= 1", n_tents)
    if not spacing >= 2.0:
        raise invalid("spacing", "tent_encoder", "a float >= 2 (disjoint tents)", spacing)
    centres = spacing * np.arange(n_tents)
    W1 = np.ones((3 * n_tents, 1))
    b1 = -(np.repeat(centres, 3) + np.tile([-1.0, 0.0, 1.0], n_tents))
    W2 = np.kron(np.eye(n_tents), np.array([[1.0, -2.0, 1.0]]))
    return [(W1, b1), (W2, np.zeros(n_tents))]


def lipschitz_two_layer_1d(layers) -> float:
    r"""Exact Lipschitz constant of a 2-layer ReLU MLP with scalar input and linear output.

    The map is piecewise linear with kinks at :math:`x = -b_i/w_i`; on each piece the
    derivative is constant, so :math:`\mathrm{Lip} = \max_{\text{pieces}} \|f'(x)\|_2`,
    read off by exact differences at the midpoints of consecutive kinks.
    """
    (W1, b1), _ = layers
    w = W1[:, 0]
    kinks = np.unique(-b1[w != 0] / w[w != 0])
    probes = np.concatenate([[kinks[0] - 1.0], (kinks[:-1] + kinks[1:]) / 2, [kinks[-1] + 1.0]])
    gaps = np.diff(np.concatenate([[kinks[0] - 2.0], kinks, [kinks[-1] + 2.0]]))
    h = 0.25 * gaps.min()
    slopes = (mlp(layers, (probes + h)[:, None]) - mlp(layers, (probes - h)[:, None])) / (2 * h)
    return float(np.linalg.norm(slopes, axis=1).max())
