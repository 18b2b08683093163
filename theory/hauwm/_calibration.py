r"""What a horizon-calibrated predictive variance must satisfy, testable per horizon: the
calibration ratio, the standardised squared error, central-interval coverage, the ensemble
mixture variance, the Gaussian NLL and its optimum, and the first horizon at which a
monotonicity hinge with a margin is violated by the truth of a saturating process.

Wan et al., ICLR 2026 (OpenReview pZuZWRuPyi): only the abstract is public; it says the
pre-training loss encourages predictive variance to grow with the horizon. The properties here
are the standard ones of a calibrated Gaussian forecast; variances are in squared state units,
NLL in nats.
"""

from __future__ import annotations

import math

import numpy as np
from scipy import special, stats

from theory.hauwm._checks import broadcast, positive, pow2, real, representable
from theory.validation import Bool, Interval, check_param, invalid

_LEVEL = Interval(0, 1, closed="neither")


def _positive(name: str, x, caller: str) -> np.ndarray:
    return positive(x, name, caller, what=" (variances)")


def calibration_ratio(pred_var, true_var):
    r"""Predicted over true conditional variance, per horizon (1 = calibrated).

    Notes
    -----
    .. math:: r(h) = \hat\sigma^2(h) / \operatorname{Var}[x_{t+h}\mid x_t].

    Dimensionless; :math:`r > 1` over-dispersed, :math:`r < 1` over-confident.
    """
    p = _positive("pred_var", pred_var, "calibration_ratio")
    t = _positive("true_var", true_var, "calibration_ratio")
    broadcast("calibration_ratio", pred_var=p, true_var=t)
    with np.errstate(over="ignore", under="ignore"):
        r = p / t
    if np.any(r == 0):  # a positive ratio below the smallest float64
        raise invalid("pred_var", "calibration_ratio", "large enough relative to true_var that "
                      "the ratio is representable (> 5e-324)", "<a ratio that underflows to 0>")
    return representable(r, "calibration_ratio", "'pred_var' and 'true_var'", "the ratio")


def z_for_level(level: float = 0.9) -> float:
    r"""Half-width in standard deviations of the central Gaussian interval of ``level``:
    :math:`z = \Phi^{-1}((1+\text{level})/2)` (1.6449 for 0.9)."""
    check_param("level", level, _LEVEL, "z_for_level")
    level = float(level)
    if level <= 0.5:  # sqrt(2)·erfinv keeps a tiny level's digits ((1 + level)/2 would not)
        return float(np.sqrt(2.0) * special.erfinv(level))
    return float(stats.norm.isf((1 - level) / 2))  # the right tail: 1 − level is exact here


def coverage(x, mu, var, level: float = 0.9) -> float:
    r"""Fraction of outcomes inside the central Gaussian interval of ``level``.

    Parameters
    ----------
    x, mu, var : arrays of one shape (broadcastable)
        Outcomes, predicted means, predicted variances (> 0).
    level : float in (0, 1)

    Notes
    -----
    .. math:: \widehat{\mathrm{cov}} = \frac1n\sum_i \mathbf 1\bigl\{|x_i - \hat\mu_i| \le
        z\,\hat\sigma_i\bigr\},\quad z = \Phi^{-1}\bigl(\tfrac{1+\text{level}}2\bigr);

    a calibrated Gaussian predictor has expected coverage ``level`` at every horizon.
    """
    x = real(x, "x", "coverage")
    mu = real(mu, "mu", "coverage")
    v = _positive("var", var, "coverage")
    broadcast("coverage", x=x, mu=mu, var=v)
    z = z_for_level(level)
    # |x − μ| ≤ z·σ compared at half scale: x − μ cannot overflow
    inside = np.abs(x / 2 - mu / 2) <= (z * np.sqrt(v)) / 2
    return float(np.mean(inside))


def coverage_at_ratio(ratio, level: float = 0.9):
    r"""Expected coverage of the ``level`` interval of a Gaussian predictor with the right mean
    whose variance is ``ratio`` times the true one.

    Notes
    -----
    .. math:: \mathrm{cov}(r) = 2\,\Phi\bigl(z\sqrt r\bigr) - 1,

    so :math:`r = 1` gives ``level``; over-dispersion (r > 1) over-covers.

    Examples
    --------
    >>> from theory.hauwm import coverage_at_ratio
    >>> round(float(coverage_at_ratio(1.0)), 6), round(float(coverage_at_ratio(0.5)), 4)
    (0.9, 0.7552)
    """
    r = _positive("ratio", ratio, "coverage_at_ratio")
    # 2Φ(a) − 1 = erf(a/√2): no cancellation at a small ratio
    return special.erf(z_for_level(level) * np.sqrt(r) / np.sqrt(2.0))


def standardised_sq_error(x, mu, var):
    r"""Mean of :math:`(x - \hat\mu)^2/\hat\sigma^2`; 1 for a calibrated predictor.

    .. math:: \operatorname{E}\bigl[(x_{t+h} - \hat\mu)^2/\hat\sigma^2\bigr] = 1.
    """
    x = real(x, "x", "standardised_sq_error")
    mu = real(mu, "mu", "standardised_sq_error")
    v = _positive("var", var, "standardised_sq_error")
    broadcast("standardised_sq_error", x=x, mu=mu, var=v)
    with np.errstate(over="ignore", invalid="ignore"):
        out = float(np.mean((x - mu) ** 2 / v))
        if not np.isfinite(out):  # scaled before squaring (powers of two: exact)
            c = pow2(np.concatenate([np.ravel(x), np.ravel(mu)]))
            e = (x / c - mu / c) / np.sqrt(v)
            ce = pow2(e)
            out = float(np.mean((e / ce) ** 2)) * ce * ce * c * c
    return float(representable(out, "standardised_sq_error", "'x', 'mu' and 'var'",
                               "the mean standardised squared error"))


def mixture_moments(mus, variances):
    r"""Mean and variance of the equal-weight Gaussian mixture of an ensemble's members.

    Parameters
    ----------
    mus, variances : arrays (M, ...)
        Per-member means and variances (axis 0: members).

    Notes
    -----
    .. math:: \bar\mu = \frac1M\sum_m \mu_m,\qquad \bar\sigma^2 = \frac1M\sum_m\sigma_m^2 +
        \frac1M\sum_m(\mu_m - \bar\mu)^2

    (aleatoric plus epistemic part, the law of total variance).
    """
    mus = real(mus, "mus", "mixture_moments")
    v = _positive("variances", variances, "mixture_moments")
    if mus.ndim == 0 or mus.shape != v.shape:
        raise invalid("variances", "mixture_moments", f"an array of the shape of mus {mus.shape}"
                      " with the members on axis 0", f"<array of shape {v.shape}>")
    # in units of powers of two (exact): sums and squares of values near 1e308 do not overflow
    c, cv = pow2(mus), pow2(v)
    mean = mus.mean(axis=0) if c <= 1.0 else (mus / c).mean(axis=0) * c
    with np.errstate(over="ignore"):
        var = (v / cv).mean(axis=0) * cv + (mus / c).var(axis=0) * c * c
    return mean, representable(var, "mixture_moments", "'mus' and 'variances'",
                               "the mixture variance")


def nll_expected(sig2, V, bias: float = 0.0):
    r"""Expected Gaussian negative log-likelihood (nats) of a predictor
    :math:`\mathcal N(\hat\mu, \sigma^2)` when :math:`x\sim` a law with variance ``V`` and mean
    :math:`\hat\mu + b`.

    Notes
    -----
    .. math:: \operatorname{E}\,\mathrm{NLL} = \tfrac12\log(2\pi\sigma^2) + \frac{V + b^2}
        {2\sigma^2}.
    """
    s = _positive("sig2", sig2, "nll_expected")
    V = _positive("V", V, "nll_expected")
    check_param("bias", bias, Interval(None, None), "nll_expected")
    broadcast("nll_expected", sig2=s, V=V)
    b = np.float64(bias)  # a numpy float: b² overflows to inf (caught below), not an error
    with np.errstate(over="ignore", invalid="ignore"):
        out = 0.5 * np.log(2 * np.pi * s) + (V + b**2) / (2 * s)
        if not np.all(np.isfinite(out)):  # logs split, the bias scaled before squaring
            out = (0.5 * (np.log(2 * np.pi) + np.log(s)) + V / (2 * s)
                   + (b / np.sqrt(2 * s)) ** 2)
    return representable(out, "nll_expected", "'sig2', 'V' and 'bias'", "the expected NLL")


def nll_optimum(V):
    r"""The predicted variance minimising the expected Gaussian NLL: :math:`\sigma^{2\star} = V`.

    Notes
    -----
    .. math:: \frac{\partial}{\partial\sigma^2}\Bigl[\tfrac12\log(2\pi\sigma^2) +
        \frac{V}{2\sigma^2}\Bigr] = \frac{\sigma^2 - V}{2\sigma^4} = 0 \iff \sigma^2 = V,

    a strict minimum with value :math:`\tfrac12\log(2\pi e V)` (:func:`nll_minimum`). So the
    Gaussian likelihood at random horizons is proper: it yields the true horizon profile
    whatever its shape (grow, saturate, oscillate).

    Examples
    --------
    >>> import numpy as np
    >>> from theory.hauwm import nll_optimum
    >>> nll_optimum(np.array([0.5, 2.0]))
    array([0.5, 2. ])
    """
    return _positive("V", V, "nll_optimum") * 1.0


def nll_minimum(V):
    r"""The minimum expected Gaussian NLL, :math:`\tfrac12\log(2\pi e V)` nats."""
    V = _positive("V", V, "nll_minimum")
    with np.errstate(over="ignore"):
        out = 0.5 * np.log(2 * np.pi * math.e * V)
    # a V within 2πe of the float64 maximum: the log split
    return np.where(np.isfinite(out), out, 0.5 * (np.log(2 * np.pi * math.e) + np.log(V)))[()]


def hinge_violation_horizon(phi: float, s2: float, margin: float, log: bool = False):
    r"""First horizon at which the true AR(1) variance profile violates a consecutive
    monotonicity hinge with ``margin`` (the pair (h, h+1) is active).

    Parameters
    ----------
    phi : float in (-1, 1)
    s2 : float > 0
    margin : float > 0
        In variance units (``log=False``) or in log-variance units (``log=True``).
    log : bool

    Returns
    -------
    h_star : int, or ``math.inf`` when the truth never violates the hinge

    Notes
    -----
    The hinge :math:`\mathrm{ReLU}(\sigma^2(h) - \sigma^2(h+1) + m)` is active at the truth
    exactly when :math:`V(h+1) - V(h) = s_2\varphi^{2h} < m`:

    .. math:: h^\star = \min\{h \ge 1 : s_2\varphi^{2h} < m\} = \max\Bigl(1, \Bigl\lfloor
        \frac{\ln(m/s_2)}{2\ln|\varphi|}\Bigr\rfloor + 1\Bigr) \quad (m < s_2,\ \varphi\neq0).

    In log units the condition is :math:`\ln V(h+1) - \ln V(h) < m`, found by a scan (the
    increment is decreasing in h). A pair (h, h') with h' > h+1 has a larger increment, so the
    first active pair is consecutive. Worked example (ours): φ = 0.8, s₂ = 1, m = 0.1 → h* = 6.
    """
    check_param("phi", phi, Interval(-1, 1, closed="neither"), "hinge_violation_horizon")
    s2 = float(check_param("s2", s2, Interval(0, None, closed="neither"),
                           "hinge_violation_horizon"))
    m = float(check_param("margin", margin, Interval(0, None, closed="neither"),
                          "hinge_violation_horizon"))
    check_param("log", log, _BOOL, "hinge_violation_horizon")
    a = abs(float(phi))
    if a == 0.0:
        return 1  # V(h) = s2 for every h >= 1: increment 0 < m
    if log:
        # ln V(h+1) - ln V(h) = ln((1 - a^(2h+2)) / (1 - a^(2h))), decreasing to 0
        # (a scan of h = 1, 2, ... would take ~1/m steps at a tiny margin): doubling, then
        # bisection, ~2·log2(h*) evaluations
        def active(h):
            return math.log1p(-a ** (2 * h + 2)) - math.log1p(-a ** (2 * h)) < m

        if active(1):
            return 1
        lo, hi = 1, 2
        while not active(hi):  # a^(2h) underflows to 0 by h ~ 1e4/|log a|: always ends
            lo, hi = hi, 2 * hi
        while hi - lo > 1:
            mid = (lo + hi) // 2
            lo, hi = (lo, mid) if active(mid) else (mid, hi)
        return hi
    if s2 * a**2 < m:
        return 1
    # logs taken apart: m/s2 may underflow or overflow
    h = math.floor((math.log(m) - math.log(s2)) / (2 * math.log(a))) + 1
    # guard the floor against rounding at an exact boundary
    while h > 1 and s2 * a ** (2 * (h - 1)) < m:
        h -= 1
    while not s2 * a ** (2 * h) < m:
        h += 1
    return max(1, h)


_BOOL = Bool()
