r"""Demographic-parity (DP) gaps bounded by the CS divergence.

Two kinds (our derivations):

* Gaussian scores: :math:`|\mu_0-\mu_1| \le \sqrt{(s_0^2+s_1^2)\,D_A}` (tight at equal variance).
* Distribution-free, for prediction densities on an interval of length :math:`L` (``[0, 1]`` for
  probabilities): :math:`\|p-q\|_2^2 = a^2+b^2-2ab\,e^{-D_A/2}` with :math:`a=\|p\|_2`,
  :math:`b=\|q\|_2`; then :math:`|E_p\hat y-E_q\hat y| \le \|p-q\|_2\,L^{3/2}/\sqrt{12}` and
  :math:`|P_p(\hat y>t)-P_q(\hat y>t)| \le TV \le \tfrac12\sqrt L\,\|p-q\|_2`. Both constants are
  attained (witnesses in the claims). The mean bound is a factor 2 tighter than the
  :math:`1/\sqrt3` that Cauchy–Schwarz gives with an uncentred :math:`\hat y`: centring at the
  interval midpoint is free since :math:`\int(p-q)=0`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from theory.validation import Interval, check_array, check_param, invalid

_NONNEG = Interval(0, None, "left")


def l2_gap_from_cs(d_a: float, norm_p: float, norm_q: float) -> float:
    r""":math:`\|p-q\|_2` from the CS divergence (convention A) and the two :math:`L^2` norms.

    .. math::
        \|p-q\|_2^2 = a^2 + b^2 - 2ab\,e^{-D_A/2},\qquad a=\|p\|_2,\ b=\|q\|_2,

    because :math:`\int pq = ab\,e^{-D_A/2}` by definition of :math:`D_A`. Units: the norms are
    in (units of :math:`\hat y`)^{-1/2}; :math:`D_A` in nats.
    """
    caller = "l2_gap_from_cs"
    check_param("d_a", d_a, _NONNEG, caller)
    check_param("norm_p", norm_p, Interval(0, None, "neither"), caller)
    check_param("norm_q", norm_q, Interval(0, None, "neither"), caller)
    try:
        gap2 = norm_p**2 + norm_q**2 - 2 * norm_p * norm_q * np.exp(-d_a / 2)
        ok = math.isfinite(gap2) and gap2 >= 1e-8 * (norm_p**2 + norm_q**2) >= 1e-290
    except OverflowError:
        ok = False
    if ok:
        return float(np.sqrt(max(gap2, 0.0)))
    # Norms beyond ~1e154 overflowed (OverflowError) or below ~1e-154 underflowed (0.0), and at
    # small D_A the difference cancelled (D_A = 1e-300 gave 0, not 1e-150): the same quantity as
    # (a-b)^2 - 2ab expm1(-D_A/2), on norms scaled by a power of two, in range.
    k = math.frexp(max(norm_p, norm_q))[1]
    a, b = math.ldexp(norm_p, -k), math.ldexp(norm_q, -k)
    g = math.sqrt(max((a - b) ** 2 - 2 * a * b * math.expm1(-d_a / 2), 0.0))
    try:
        out = math.ldexp(g, k)
    except OverflowError:
        out = math.inf
    if g > 0 and not 2.2250738585072014e-308 <= out < math.inf:
        raise invalid("norm_p", caller, "norms (norm_p, norm_q) whose L2 gap is a normal "
                      "float64", f"<gap {g:.6g} * 2**{k}>")
    return float(out)


def dp_mean_gap_bound(l2_gap: float, *, support_length: float = 1.0) -> float:
    r"""Distribution-free bound on the continuous DP gap :math:`|E_p\hat y - E_q\hat y|`.

    .. math::
        |E_p\hat y-E_q\hat y| = \Big|\int (y-c)(p-q)\Big| \le \|y-c\|_{L^2(I)}\|p-q\|_2
        = \frac{L^{3/2}}{\sqrt{12}}\|p-q\|_2

    for densities on an interval :math:`I` of length :math:`L` and :math:`c` its midpoint.
    Equality for :math:`p-q\propto y-c`.
    """
    check_param("l2_gap", l2_gap, _NONNEG, "dp_mean_gap_bound")
    check_param("support_length", support_length, Interval(0, None, "neither"),
                "dp_mean_gap_bound")
    return float(l2_gap * support_length**1.5 / np.sqrt(12.0))


def dp_threshold_gap_bound(l2_gap: float, *, support_length: float = 1.0) -> float:
    r"""Distribution-free bound on the thresholded DP gap, for any threshold :math:`t`.

    .. math::
        |P_p(\hat y>t)-P_q(\hat y>t)| \le TV(p,q) = \tfrac12\|p-q\|_1
        \le \tfrac12\sqrt{L}\,\|p-q\|_2.

    Equality when :math:`|p-q|` is constant on the interval with opposite signs on the two
    sides of :math:`t`.
    """
    check_param("l2_gap", l2_gap, _NONNEG, "dp_threshold_gap_bound")
    check_param("support_length", support_length, Interval(0, None, "neither"),
                "dp_threshold_gap_bound")
    return float(0.5 * np.sqrt(support_length) * l2_gap)


def mean_gap_bound_gaussian(var0: float, var1: float, d_a: float) -> float:
    r"""Gaussian scores: :math:`|\mu_0-\mu_1| \le \sqrt{(s_0^2+s_1^2)\,D_A}`.

    From the 1-D closed form :math:`D_A=\Delta^2/(s_0^2+s_1^2)+\log\frac{s_0^2+s_1^2}{2s_0s_1}`
    whose log term is :math:`\ge 0`; equality iff :math:`s_0=s_1` (our derivation).
    ``var0``, ``var1`` are variances; ``d_a`` in nats.
    """
    caller = "mean_gap_bound_gaussian"
    check_param("var0", var0, Interval(0, None, "neither"), caller)
    check_param("var1", var1, Interval(0, None, "neither"), caller)
    check_param("d_a", d_a, _NONNEG, caller)
    v = (var0 + var1) * d_a
    if v == 0 or 2.2250738585072014e-308 <= v < math.inf:
        return float(np.sqrt(v))
    # the product left float64 (1e308 + 1e308 gave inf): the square roots separately
    return float(math.sqrt(var0 / 2 + var1 / 2) * math.sqrt(2 * d_a))


@dataclass(frozen=True)
class DPBounds:
    r"""DP gaps of two groups' predictions and their CS bounds (histogram densities on I).

    ``cs_divergence`` (nats, convention A), ``norm_a``/``norm_b`` (L² norms), ``l2_gap``;
    ``mean_gap`` and ``mean_gap_bound`` for the histogram densities; ``threshold_gap`` the largest
    :math:`|\Delta P(\hat y \ge t)|` over interior bin edges t (equal to the empirical one
    there) and its bound;
    ``empirical_mean_gap`` and ``empirical_mean_gap_bound`` (= mean_gap_bound + bin width, since
    each group's sample mean is within half a bin of its histogram mean).
    """

    cs_divergence: float
    norm_a: float
    norm_b: float
    l2_gap: float
    mean_gap: float
    mean_gap_bound: float
    threshold_gap: float
    threshold_gap_bound: float
    empirical_mean_gap: float
    empirical_mean_gap_bound: float
    bin_width: float

    @property
    def holds(self) -> bool:
        """Whether every measured gap is within its bound (up to 1e-12 rounding)."""
        return (self.mean_gap <= self.mean_gap_bound + 1e-12
                and self.threshold_gap <= self.threshold_gap_bound + 1e-12
                and self.empirical_mean_gap <= self.empirical_mean_gap_bound + 1e-12)


def dp_bounds_histogram(yhat_a, yhat_b, *, bins: int = 20,
                        support: tuple[float, float] = (0.0, 1.0)) -> DPBounds:
    r"""Distribution-free DP bounds for two groups' predictions, from histogram densities.

    The histogram densities :math:`p_k = c_k/(m w)` are densities on the interval, so the bounds
    of :func:`dp_mean_gap_bound` and :func:`dp_threshold_gap_bound` hold for them exactly; the
    CS divergence of two histograms is
    :math:`D_A=-\log\frac{(\sum_k p_kq_k)^2}{\sum_k p_k^2\sum_k q_k^2}` (bin widths cancel).
    Use it to validate trained models: every returned gap must sit below its bound.

    Parameters
    ----------
    yhat_a, yhat_b : array, shape (m,), (n,)
        Predictions of the two groups, inside ``support``; at least 2 each.
    bins : int >= 2
        Equal-width bins; an even number puts the threshold 0.5 on an edge.
    support : (lo, hi)
        The interval holding the predictions.
    """
    caller = "dp_bounds_histogram"
    check_param("bins", bins, Interval(2, None, "left", integer=True), caller)
    lo, hi = (float(v) for v in support)
    if not (np.isfinite(lo) and np.isfinite(hi) and hi > lo):
        raise invalid("support", caller, "a finite interval (lo, hi) with hi > lo", support)
    edges = np.linspace(lo, hi, bins + 1)
    w = (hi - lo) / bins
    dens, probs, means = [], [], []
    for name, v in (("yhat_a", yhat_a), ("yhat_b", yhat_b)):
        v = check_array(v, name, caller, ndim=1, min_rows=2)
        if v.min() < lo or v.max() > hi:
            raise invalid(name, caller, f"predictions inside the support [{lo}, {hi}]",
                          f"<values in [{v.min()}, {v.max()}]>")
        counts = np.histogram(v, bins=edges)[0].astype(np.float64)
        pk = counts / counts.sum()
        probs.append(pk)
        dens.append(pk / w)
        means.append(float(v.mean()))
    pa, pb = dens
    ipp, iqq, ipq = (pa**2).sum() * w, (pb**2).sum() * w, (pa * pb).sum() * w
    d_a = float(np.inf) if ipq == 0 else float(np.log(ipp) + np.log(iqq) - 2 * np.log(ipq))
    d_a = max(d_a, 0.0)
    l2 = float(np.sqrt(((pa - pb) ** 2).sum() * w))
    mids = (edges[:-1] + edges[1:]) / 2
    mean_gap = abs(float(probs[0] @ mids - probs[1] @ mids))
    tail = [np.cumsum(p[::-1])[::-1] for p in probs]  # P(ŷ ≥ edge_k), k = 0..bins-1
    thr_gap = float(np.abs(tail[0][1:] - tail[1][1:]).max())
    mb = dp_mean_gap_bound(l2, support_length=hi - lo)
    return DPBounds(d_a, float(np.sqrt(ipp)), float(np.sqrt(iqq)), l2, mean_gap, mb, thr_gap,
                    dp_threshold_gap_bound(l2, support_length=hi - lo),
                    abs(means[0] - means[1]), mb + w, w)
