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
    P = ppl[order].reshape(n_groups, group).mean(axis=1)
    X = x[order].reshape(n_groups, group).mean(axis=1)
    sc = float(np.max(np.abs(ppl))) or 1.0
    v_all = np.var(ppl / sc)
    s2 = float(np.var(P / sc) / v_all) if v_all > 0 else float("nan")
    keep = np.arange(n_groups)
    if uniform_pick is not None and n_groups > uniform_pick:
        targets = np.linspace(P.min(), P.max(), uniform_pick)
        keep = np.unique(np.argmin(np.abs(P[None, :] - targets[:, None]), axis=1))
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
    without the uniform pick and the cut-off, which change r further.
    """
    check_param("G", G, Interval(1, None, integer=True), "inflation_closed_form")
    check_param("s2", s2, Interval(0, 1, closed="right"), "inflation_closed_form")
    _no_text(rho, "rho", "inflation_closed_form")
    r = check_array(rho, "rho", "inflation_closed_form", ndim=None, min_rows=0)
    if not np.all((r >= -1) & (r <= 1)):
        raise invalid("rho", "inflation_closed_form", "a float in [-1, 1]", rho)
    s = np.sqrt(s2)
    out = r * s / np.sqrt(r**2 * s2 + (1 - r**2) / G)
    return float(out) if out.ndim == 0 else out


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
    means ``|ρ| ∈ [0.079, 0.229]``.
    """
    check_param("G", G, Interval(1, None, integer=True), "implied_rho")
    check_param("s2", s2, Interval(0, 1, closed="right"), "implied_rho")
    _no_text(r, "r", "implied_rho")
    a = check_array(r, "r", "implied_rho", ndim=None, min_rows=0)
    if not np.all((a > -1) & (a < 1)):
        raise invalid("r", "implied_rho", "a float in (-1, 1)", r)
    out = np.sign(a) * np.sqrt(a**2 / (G * s2 * (1 - a**2) + a**2))
    return float(out) if out.ndim == 0 else out
