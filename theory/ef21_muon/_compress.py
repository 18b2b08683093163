"""Compressors of EF21 (Richtárik et al., arXiv 2106.05203) and their contraction constants.

A compressor ``C`` is *contractive* with constant ``α ∈ (0, 1]`` when
``E‖C(x) − x‖_F² ≤ (1 − α)‖x‖_F²``; it is *unbiased* with variance ``ω`` when ``E C(x) = x`` and
``E‖C(x) − x‖_F² ≤ ω‖x‖_F²`` (then ``C/(1+ω)`` is contractive with ``α = 1/(1+ω)``).
All compressors act entrywise on arrays of any shape except ``rank_r`` (matrices).
"""

from __future__ import annotations

import math

import numpy as np

from theory.validation import Interval, Options, check_array, check_param, check_rng, invalid


def _arr(x, caller: str) -> np.ndarray:
    a = check_array(x, "x", caller, ndim=None, min_rows=0)
    if a.size == 0:
        raise invalid("x", caller, "a non-empty finite real array", f"<array of shape {a.shape}>")
    return a


#: Natural compression rounds up to 2^(e+1): from |x| ≥ 2^1023 that is 2^1024 = inf.
_NAT_MAX = 2.0**1023


def _nat_arr(x, caller: str) -> np.ndarray:
    a = _arr(x, caller)
    if np.any(np.abs(a) >= _NAT_MAX):
        raise invalid("x", caller, "an array with |x_i| < 2**1023 (its upper power of two "
                      "must be a finite float)", f"<array with max |x| {np.abs(a).max():.3g}>")
    return a


def _shape_d(shape, caller: str) -> int:
    """The number of entries of ``shape``, a Python int (no int64 wrap-around)."""
    if (not isinstance(shape, tuple | list) or len(shape) < 1
            or not all(v in Interval(1, None, integer=True) for v in shape)):
        raise invalid("shape", caller, "a tuple of positive ints", shape)
    return math.prod(int(v) for v in shape)


def topk(x, k: int) -> np.ndarray:
    """Top-K sparsifier: keep the ``k`` entries of largest ``|x|``, zero the rest (ties by
    position). Contractive with ``α = k/d`` pathwise (standard).

    .. math:: \\|\\mathrm{Top}_k(x) - x\\|^2 \\le (1 - k/d)\\,\\|x\\|^2

    Examples
    --------
    >>> import numpy as np
    >>> from theory.ef21_muon import topk
    >>> topk(np.array([0.5, -3.0, 1.0, 2.0]), 2)
    array([ 0., -3.,  0.,  2.])
    """
    a = _arr(x, "topk")
    check_param("k", k, Interval(1, a.size, integer=True), "topk")
    flat = a.ravel()
    keep = np.argpartition(-np.abs(flat), k - 1)[:k]
    out = np.zeros_like(flat)
    out[keep] = flat[keep]
    return out.reshape(a.shape)


def randk(x, k: int, rng: np.random.Generator) -> np.ndarray:
    """Rand-K sparsifier (biased form, no ``d/k`` rescaling): keep ``k`` uniformly random
    entries. Contractive in expectation with ``α = k/d`` exactly for every ``x``.

    .. math:: \\mathbb E\\|\\mathrm{Rand}_k(x) - x\\|^2 = (1 - k/d)\\,\\|x\\|^2
    """
    a = _arr(x, "randk")
    check_param("k", k, Interval(1, a.size, integer=True), "randk")
    rng = check_rng(rng, "rng", "randk")
    flat = a.ravel()
    keep = rng.choice(flat.size, size=k, replace=False)
    out = np.zeros_like(flat)
    out[keep] = flat[keep]
    return out.reshape(a.shape)


def rank_r(x, r: int) -> np.ndarray:
    """Rank-r truncated SVD of a matrix (Eckart–Young best rank-r approximation); contractive
    with ``α = r/min(m, n)`` pathwise (ours, from the Eckart–Young tail).

    .. math:: \\|C_r(X) - X\\|_F^2 = \\sum_{i>r}\\sigma_i^2 \\le (1 - r/\\min(m,n))\\|X\\|_F^2
    """
    a = _arr(x, "rank_r")
    if a.ndim != 2:
        raise invalid("x", "rank_r", "a 2-D array", f"<array of shape {a.shape}>")
    check_param("r", r, Interval(1, min(a.shape), integer=True), "rank_r")
    U, s, Vt = np.linalg.svd(a, full_matrices=False)
    return (U[:, :r] * s[:r]) @ Vt[:r]


def natural(x, rng: np.random.Generator) -> np.ndarray:
    """Natural compression (Horváth et al. 2019): each entry is rounded at random to one of the
    two neighbouring signed powers of two, unbiasedly (9 bits per float32 entry: sign +
    exponent).

    .. math:: C(x)_i = \\operatorname{sign}(x_i)\\,2^{e_i}(1 + B_i),\\
              B_i \\sim \\mathrm{Bernoulli}(|x_i|/2^{e_i} - 1),\\ e_i = \\lfloor\\log_2|x_i|\\rfloor
    """
    a = _nat_arr(x, "natural")
    rng = check_rng(rng, "rng", "natural")
    mag = np.abs(a)
    nz = mag > 0
    e = np.zeros_like(a)
    e[nz] = np.floor(np.log2(mag[nz]))
    low = np.where(nz, np.exp2(e), 0.0)
    p_up = np.where(nz, mag / np.where(nz, low, 1.0) - 1.0, 0.0)
    up = rng.random(a.shape) < p_up
    return np.sign(a) * np.where(up, 2 * low, low)


def natural_variance(x) -> float:
    """Exact ``E‖C_nat(x) − x‖²`` of natural compression, summed over entries.

    .. math:: \\mathbb E(C(x)_i - x_i)^2 = (2^{e_i+1} - |x_i|)(|x_i| - 2^{e_i})
    """
    a = _nat_arr(x, "natural_variance")
    mag = np.abs(a).ravel()
    mag = mag[mag > 0]
    if mag.size == 0:
        return 0.0
    # per entry 4^e·(2 − u)(u − 1) with |x| = u·2^e, u ∈ [1, 2), summed at the largest entry's
    # scale: the plain products overflowed to inf from |x| ~ 1e154 and underflowed to 0 below
    # ~1e-154 (ordinary inputs: the same operations scaled by powers of two, the same bits)
    e = np.floor(np.log2(mag)).astype(int)
    top = int(e.max())
    u = np.ldexp(mag, -e)
    with np.errstate(under="ignore"):
        S = float(np.sum(np.ldexp((2 - u) * (u - 1), 2 * (e - top))))
    if S == 0:  # every entry a power of two: the compressor is exact
        return 0.0
    with np.errstate(over="ignore", under="ignore"):
        out = float(np.ldexp(S, 2 * top))
    if not np.isfinite(out) or out < np.finfo(float).tiny:
        raise invalid("x", "natural_variance", "an array whose variance is a normal float64 "
                      "(in [2.2e-308, 1.8e308])", f"<variance ≈ 2**{np.log2(S) + 2 * top:.0f}>")
    return out


_KINDS = Options("topk", "randk", "rank", "natural", "identity")


def contraction_alpha(kind: str, k: int, shape) -> float:
    """Contraction constant ``α`` of a compressor on arrays of ``shape``.

    .. math:: \\alpha_{\\mathrm{Top}k} = \\alpha_{\\mathrm{Rand}k} = k/d,\\
              \\alpha_{\\mathrm{rank}\\,r} = r/\\min(m,n),\\
              \\alpha_{\\mathrm{nat}/(1+\\omega)} = 1/(1+\\omega) = 8/9

    ``kind`` is ``"topk"``, ``"randk"`` (k kept entries), ``"rank"`` (k = r), ``"natural"``
    (scaled by 1/(1 + ω) with the tight ω = 1/8, see :func:`natural_omega`; ``k`` ignored) or
    ``"identity"`` (α = 1).

    Examples
    --------
    >>> from theory.ef21_muon import contraction_alpha
    >>> contraction_alpha("topk", 10, (100,)), contraction_alpha("rank", 2, (8, 4))
    (0.1, 0.5)
    >>> round(contraction_alpha("natural", 0, (5,)), 6)
    0.888889
    """
    check_param("kind", kind, _KINDS, "contraction_alpha")
    d = _shape_d(shape, "contraction_alpha")
    if kind == "identity":
        return 1.0
    if kind == "natural":
        return 1.0 / (1.0 + natural_omega())
    if kind == "rank":
        if len(shape) != 2:
            raise invalid("shape", "contraction_alpha", "a pair (m, n) for kind='rank'", shape)
        check_param("k", k, Interval(1, min(shape), integer=True), "contraction_alpha")
        return int(k) / int(min(shape))
    check_param("k", k, Interval(1, d, integer=True), "contraction_alpha")
    return int(k) / d


def natural_omega() -> float:
    """The variance constant of natural compression (Horváth et al. 2019, Thm 1):
    ``sup_x E‖C(x)−x‖²/‖x‖² = 1/8``, attained when every ``|x_i| = (4/3)·2^{e_i}``.

    .. math:: \\max_{u\\in[1,2]} \\frac{(2-u)(u-1)}{u^2} = \\frac18\\ \\text{at}\\ u = \\tfrac43
    """
    return 1.0 / 8.0


def bits_per_message(kind: str, k: int, shape, float_bits: int = 32) -> int:
    """Bits to send one compressed message (our accounting): dense ``32·d``; Top-K / Rand-K
    ``k·(32 + ⌈log₂ d⌉)`` (value + index); rank-r ``32·r(m+n)``; natural ``9·d``.

    .. math:: b_{\\mathrm{Top}k} = k\\,(b_{\\mathrm{float}} + \\lceil\\log_2 d\\rceil)
    """
    check_param("kind", kind, _KINDS, "bits_per_message")
    d = _shape_d(shape, "bits_per_message")
    check_param("float_bits", float_bits, Interval(1, None, integer=True), "bits_per_message")
    float_bits = int(float_bits)
    if kind == "identity":
        return float_bits * d
    if kind in ("topk", "randk"):
        check_param("k", k, Interval(1, d, integer=True), "bits_per_message")
        # ⌈log₂ d⌉ exactly, from the integer (a float log2 rounds for d near a power of two)
        return int(k) * (float_bits + max(d - 1, 1).bit_length())
    if kind == "rank":
        if len(shape) != 2:
            raise invalid("shape", "bits_per_message", "a pair (m, n) for kind='rank'", shape)
        check_param("k", k, Interval(1, min(shape), integer=True), "bits_per_message")
        return float_bits * int(k) * (int(shape[0]) + int(shape[1]))
    return 9 * d
