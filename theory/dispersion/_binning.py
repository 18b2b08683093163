"""The released correlation protocol (group by perplexity, pick groups, correlate group means) and
the closed form of how much it inflates a per-chunk correlation.

Protocol: authors' ``step2_group_and_sample.py`` / ``step3_compute_dispersion_and_plot.py``
(yanhong-lbh/rep_dispersion, read in full); inflation formula and its inverse: ours.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import stats

from theory.validation import Interval, Options, check_array, check_param, invalid


@dataclass(frozen=True)
class BinnedCorrelation:
    """Result of :func:`binned_correlation`.

    ``r``: the correlation of group means; ``n_groups``: groups kept; ``ppl_means``/``x_means``:
    the points of the paper's scatter plot; ``s2``: variance of the group means of the sorting
    variable over its per-chunk variance (the ``s²`` of :func:`inflation_closed_form`).
    """

    r: float
    n_groups: int
    ppl_means: np.ndarray
    x_means: np.ndarray
    s2: float


def binned_correlation(x, ppl, group: int = 100, uniform_pick: int | None = 100,
                       ppl_max: float | None = None, method: str = "pearson") -> BinnedCorrelation:
    r"""The released protocol: sort chunks by perplexity, average in groups, correlate the means.

    Parameters
    ----------
    x : array of shape (n,)
        Per-chunk statistic (dispersion).
    ppl : array of shape (n,)
        Per-chunk perplexity (or any sorting variable; the code uses PPL itself, not its log).
    group : int ≥ 1
        Chunks per group (code: 100). Sorted chunks are cut into ``n // group`` full groups;
        the remainder (the highest-PPL chunks) is dropped.
    uniform_pick : int or None
        If more groups than this exist, keep for each of ``uniform_pick`` targets
        ``linspace(min, max)`` of the group-mean PPL the nearest group (duplicates kept once:
        our reading of ``step2``). ``None`` keeps all groups.
    ppl_max : float or None
        Drop groups whose mean PPL is ≥ ``ppl_max`` (the code's example: 25).
    method : {"pearson", "spearman"}
        Correlation of the kept group means (code: Pearson).

    Returns
    -------
    BinnedCorrelation

    Notes
    -----
    .. math:: r_{bin} = \operatorname{corr}_b\bigl(\overline{\mathrm{PPL}}_b, \bar x_b\bigr),
              \quad b = \text{kept groups}.

    Paper Fig. 1–3 protocol (code steps 2–3).
    """
    caller = "binned_correlation"
    x = check_array(x, "x", caller, ndim=1, min_rows=2)
    ppl = check_array(ppl, "ppl", caller, ndim=1, min_rows=2)
    if x.shape != ppl.shape:
        raise invalid("ppl", caller, f"an array of shape {x.shape} (as x)",
                      f"<array of shape {ppl.shape}>")
    check_param("group", group, Interval(1, None, integer=True), caller)
    if uniform_pick is not None:
        check_param("uniform_pick", uniform_pick, Interval(2, None, integer=True), caller)
    if ppl_max is not None:
        check_param("ppl_max", ppl_max, Interval(None, None), caller)
    check_param("method", method, Options("pearson", "spearman"), caller)
    n_groups = x.size // group
    if n_groups < 3:
        raise invalid("group", caller, f"an int ≤ {x.size // 3} (at least 3 full groups of "
                      f"the {x.size} chunks)", group)
    order = np.argsort(ppl, kind="stable")[: n_groups * group]
    P = _group_means(ppl, order, n_groups, group)
    X = _group_means(x, order, n_groups, group)
    sc = float(np.max(np.abs(ppl))) or 1.0
    v_all = np.var(ppl / sc)
    s2 = float(np.var(P / sc) / v_all) if v_all > 0 else float("nan")
    keep = np.arange(n_groups)
    if uniform_pick is not None and n_groups > uniform_pick:
        targets = np.linspace(P.min(), P.max(), uniform_pick)
        keep = np.unique(_nearest(P, targets))
    if ppl_max is not None:
        keep = keep[P[keep] < ppl_max]
    if keep.size < 3:
        if ppl_max is None:
            raise invalid("uniform_pick", caller, "a number of picks that keeps at least 3 "
                          "distinct groups", uniform_pick)
        raise invalid("ppl_max", caller, "a cut-off that keeps at least 3 groups", ppl_max)
    P, X = P[keep], X[keep]
    for name, M in (("ppl", P), ("x", X)):
        if np.all(M == M[0]):
            # a correlation with a constant is 0/0: NaN, not a number to report
            raise invalid(name, caller, "an array whose kept group means are not all equal",
                          f"<{keep.size} equal group means>")
    if method == "pearson":
        # scale-free, so computed on the data over its largest entry (no overflow at 1e200)
        r = float(np.corrcoef(P / np.max(np.abs(P)), X / np.max(np.abs(X)))[0, 1])
    else:
        r = float(stats.spearmanr(P, X).statistic)
    return BinnedCorrelation(r, int(keep.size), P, X, s2)


def _nearest(P: np.ndarray, targets: np.ndarray) -> np.ndarray:
    """``argmin(|P − t|)`` for each target t (the first index on ties), as the released ``step2``
    computes it, without its targets × groups matrix (1e6 picks of 1e7 groups: 80 TB). P, the
    group means of sorted values, is non-decreasing; |P − t| then falls and rises, so the first
    minimum is the first occurrence of one of the two neighbours of t. Otherwise (rounding can
    break the order) the matrix, a block of targets at a time."""
    if np.all(P[1:] >= P[:-1]):
        i = np.searchsorted(P, targets, side="left")
        lo = np.searchsorted(P, P[np.maximum(i - 1, 0)], side="left")
        hi = np.searchsorted(P, P[np.minimum(i, P.size - 1)], side="left")
        return np.where(np.abs(P[lo] - targets) <= np.abs(P[hi] - targets), lo, hi)
    step = max(1, 2**22 // P.size)
    return np.concatenate([np.argmin(np.abs(P[None, :] - targets[k:k + step, None]), axis=1)
                           for k in range(0, targets.size, step)])


def _group_means(v: np.ndarray, order: np.ndarray, n_groups: int, group: int) -> np.ndarray:
    """Means of ``v[order]`` in consecutive groups. Where a group's sum could pass 1.8e308 the
    values are scaled by a power of two first (exact): the plain sums overflowed to inf at
    entries ~1e307 and r came out NaN. Ordinary inputs are not scaled (bit for bit as before)."""
    top = float(np.max(np.abs(v)))
    k = int(np.frexp(top)[1]) if top > np.finfo(float).max / group else 0
    return np.ldexp(np.ldexp(v[order], -k).reshape(n_groups, group).mean(axis=1), k)


def _no_text(v, name, caller):
    """np.asarray reads "0.5" and True as numbers: refuse them before the conversion."""
    if isinstance(v, str | bytes | bool | np.bool_) or np.asarray(v).dtype.kind in "USb":
        raise invalid(name, caller, "a float or an array of floats in [-1, 1]", v)


def inflation_closed_form(rho, G, s2: float = 1.0):
    r"""Correlation of group means when per-chunk (x, sorting variable) is bivariate normal.

    Parameters
    ----------
    rho : float or array, in [−1, 1]
        Per-chunk correlation of x with the sorting variable.
    G : int ≥ 1
        Chunks per group.
    s2 : float in (0, 1]
        Variance of the group means of the standardised sorting variable (≈ 1 for many narrow
        groups: sorting puts almost all of its variance between groups).

    Returns
    -------
    r_bin : float or array

    Notes
    -----
    Write :math:`x = \rho z + \sqrt{1-\rho^2}\,\varepsilon` with ε independent of the sorting
    variable z; grouping by z leaves :math:`\bar\varepsilon_b \sim N(0, 1/G)`, so

    .. math:: r_{bin} = \frac{\rho s}{\sqrt{\rho^2 s^2 + (1-\rho^2)/G}} .

    Ours (claim ``dispersion.I6.binning_inflation``); it applies to the released protocol
    without the uniform pick and the cut-off, which change r further. Computed as
    :math:`t/\sqrt{1+t^2}`, :math:`t = \rho s\sqrt{G}/\sqrt{1-\rho^2}`, within 2 ulp of
    the formula at any G and down to subnormal ρ and s²; a non-zero r_bin below 5e-324 is
    refused naming ``rho``.
    """
    check_param("G", G, Interval(1, None, integer=True), "inflation_closed_form")
    check_param("s2", s2, Interval(0, 1, closed="right"), "inflation_closed_form")
    _no_text(rho, "rho", "inflation_closed_form")
    r = check_array(rho, "rho", "inflation_closed_form", ndim=None, min_rows=0)
    if not np.all((r >= -1) & (r <= 1)):
        raise invalid("rho", "inflation_closed_form", "a float in [-1, 1]", rho)
    # r_bin = t/√(1+t²) with t = ρ√(G s²)/√(1−ρ²), t in mantissa × 2^exponent: the direct form
    # squared ρ (0 below 1e-162: r_bin 0.0 at ρ = 1e-300, s² = 1e-300, G = 1e300, not 1e-300),
    # took 1 − ρ² with cancellation near |ρ| = 1, and float(G) overflowed beyond 1.8e308
    t = _scaled(np.abs(r), s2, G, +1)
    out = np.sign(r) * _t_to_corr(t)
    _representable(out, r, "rho", "inflation_closed_form")
    return float(out) if out.ndim == 0 else out


def _scaled(a: np.ndarray, s2: float, G: int, sign: int) -> np.ndarray:
    """t = a/√(1−a²) · (G s²)^(±1/2) without overflow or premature underflow (0 ≤ a ≤ 1)."""
    with np.errstate(divide="ignore"):
        m1, e1 = np.frexp(a / np.sqrt((1 - a) * (1 + a)))  # inf at a = 1 (frexp keeps inf)
    ms, es = np.frexp(s2)
    ms, es = (2 * ms, es - 1) if es % 2 else (ms, es)
    e = max(0, (int(G).bit_length() - 1000) // 2)  # √G = √(G / 4^e) · 2^e
    mg, eg = np.frexp(np.sqrt(float(int(G) >> (2 * e))))
    M = m1 * np.sqrt(ms) * mg if sign > 0 else m1 / np.sqrt(ms) / mg  # in [1/8, 4)
    E = np.clip(e1 + sign * (es // 2 + e + eg), -1200, 1200)
    return np.where(a == 0, 0.0, np.ldexp(M, E))


def _t_to_corr(t: np.ndarray) -> np.ndarray:
    """t/√(1+t²) for t ≥ 0 (inf included) without overflowing t²."""
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        return np.where(t > 1, 1 / np.hypot(1, 1 / t), t / np.hypot(1, t))


def _representable(out, given, name, caller):
    """A non-zero answer that rounds to 0.0 is below 5e-324: refused rather than returned."""
    if np.any((out == 0) & (np.asarray(given) != 0)):
        raise invalid(name, caller, "a value whose result is representable (|result| above "
                      "5e-324 in float64) or exactly 0", given)


def implied_rho(r, G, s2: float = 1.0):
    r"""Per-chunk correlation that the binned protocol turns into ``r`` (inverse of
    :func:`inflation_closed_form`).

    Parameters
    ----------
    r : float or array in (−1, 1)
        Correlation of group means (the paper's reported r).
    G : int ≥ 1
    s2 : float in (0, 1]

    Returns
    -------
    rho : float or array (same sign as r)

    Notes
    -----
    .. math:: \rho^2 = \frac{r^2}{G s^2 (1-r^2) + r^2}.

    Ours (claim ``dispersion.I6.implied_rho``): at G = 100 the paper's r ∈ [−0.92, −0.62]
    means ``|ρ| ∈ [0.079, 0.229]``. Computed like :func:`inflation_closed_form` (within 2 ulp
    at any G, down to subnormal r and s²); a non-zero ρ below 5e-324 is refused naming ``r``.
    """
    check_param("G", G, Interval(1, None, integer=True), "implied_rho")
    check_param("s2", s2, Interval(0, 1, closed="right"), "implied_rho")
    _no_text(r, "r", "implied_rho")
    a = check_array(r, "r", "implied_rho", ndim=None, min_rows=0)
    if not np.all((a > -1) & (a < 1)):
        raise invalid("r", "implied_rho", "a float in (-1, 1)", r)
    # ρ = u/√(1+u²), u = (r/√(1−r²))/√(G s²) in mantissa × 2^exponent: the direct form gave
    # 0.0 at r = 1e-300 (ρ = 1e-301 at G = 100) and float(G) overflowed beyond 1.8e308
    out = np.sign(a) * _t_to_corr(_scaled(np.abs(a), s2, G, -1))
    _representable(out, r, "r", "implied_rho")
    return float(out) if out.ndim == 0 else out
