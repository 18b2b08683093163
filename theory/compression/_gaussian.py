"""Gaussian sources with MSE distortion: asymptotic DRC, RDC and DRPC closed forms (bits).

Model (Thm 4, 6, 7 of Nguyen, Nguyen & Bose, ICLR 2026): X ~ N(mu_X, sigma_X^2),
Y ~ N(mu_Y, sigma_Y^2), S ~ N(mu_S, sigma_S^2) with theta1 = Cov(X, S) and S - X - Y. By Thm 6
the optimal Y is jointly Gaussian with X; with rho = corr(X, Y)

* rate        I(X;Y) = -1/2 log2(1 - rho^2),
* label       h(S|Y) = h(S) + 1/2 log2(1 - rho^2 theta1^2 / (sigma_S^2 sigma_X^2)),
* distortion  E(X-Y)^2 = (mu_X - mu_Y)^2 + sigma_X^2 + sigma_Y^2 - 2 rho sigma_X sigma_Y,

so the rate caps rho at rho_R = sqrt(1 - 2^{-2R}) and the label bound asks rho >= rho_C:
the classification constraint decides feasibility only (our derivation). Differential
entropies and rates are in bits; the KL perception budget P is in nats (as the paper's psi).
"""

from __future__ import annotations

import math

import numpy as np
from scipy.special import lambertw

from theory.validation import Interval, Options, check_param, invalid

_RATE = Interval(0, None, "left", allow_inf=True)  # R = ∞: no rate limit
_POS = Interval(0, None, "neither")
_REAL = Interval(None, None)
_NONNEG = Interval(0, None, "left")
_NO_LIMIT = Interval(0, None, "left", allow_inf=True)  # P = ∞ or C = ∞: the constraint is absent
_PERCEPTION = Options("kl", "w2")
_FEAS = 1e-12


def gaussian_entropy(sigma: float) -> float:
    r"""Differential entropy of :math:`N(\mu, \sigma^2)` in bits:
    :math:`h = \tfrac12\log_2(2\pi e\sigma^2)`, ``sigma`` > 0 (finite)."""
    check_param("sigma", sigma, _POS, "gaussian_entropy")
    if sigma == math.inf:
        raise invalid("sigma", "gaussian_entropy", "a finite float > 0", sigma)
    if 1e-150 < sigma < 1e150:
        return 0.5 * math.log2(2 * math.pi * math.e * sigma**2)
    # sigma**2 would underflow (a ValueError or a subnormal's lost digits) or overflow
    return 0.5 * math.log2(2 * math.pi * math.e) + math.log2(sigma)


def _ratio_sq(theta1, sigma_s, sigma_x) -> float:
    """theta1^2 / (sigma_s sigma_x)^2, formed as a ratio first where the squares leave range."""
    try:
        value = theta1**2 / (sigma_s * sigma_x) ** 2
    except (OverflowError, ZeroDivisionError):
        value = math.nan
    if math.isfinite(value) and (value == 0 or value >= 1e-300) and sigma_s * sigma_x > 1e-150:
        return value
    return (theta1 / sigma_s / sigma_x) ** 2


def _sq_units(fn, caller: str, names: str, *scale_args):
    """``fn(*args)`` of a quantity homogeneous of degree 2 in ``scale_args``, evaluated on the
    arguments scaled by a power of two (exact: bit-identical within range) and scaled back; a
    value that float64 cannot hold is an error naming the parameters, not inf or 0."""
    big = max(abs(a) for a in scale_args)
    k = math.frexp(big)[1] if big > 0 else 0
    v = fn(*(math.ldexp(a, -k) for a in scale_args))
    if not math.isfinite(v):
        return v
    try:
        out = math.ldexp(v, 2 * k)
    except OverflowError:
        out = math.inf
    if v != 0 and (not math.isfinite(out) or abs(out) < 2.2250738585072014e-308):
        raise invalid(names.split(",")[0].strip(), caller, f"parameters ({names}) whose "
                      "distortion (squared units) is a normal float64 (~2.2e-308 to ~1.8e308)",
                      f"<distortion {v:.6g} * 2**{2 * k}>")
    return out


def _check_model(caller, sigma_x, sigma_s, theta1, **others):
    check_param("sigma_x", sigma_x, _POS, caller)
    check_param("sigma_s", sigma_s, _POS, caller)
    check_param("theta1", theta1, _REAL, caller)
    bound = sigma_s * sigma_x
    if not abs(theta1) < bound:
        raise invalid("theta1", caller, f"a float with |theta1| < sigma_s*sigma_x = {bound:g} "
                      "(a valid covariance of a non-degenerate pair)", theta1)
    for name, (value, constraint) in others.items():
        check_param(name, value, constraint, caller)


def rho_rate(R: float) -> float:
    r"""Largest correlation at rate R bits: :math:`\rho_R = \sqrt{1 - 2^{-2R}}` (1 at R = inf),
    ``R`` >= 0."""
    check_param("R", R, _RATE, "rho_rate")
    return 1.0 if R == math.inf else math.sqrt(-math.expm1(-2 * R * math.log(2)))


def rho_classification(C: float, *, sigma_x: float, sigma_s: float, theta1: float) -> float:
    r"""Least correlation with :math:`h(S|Y) \le C` (bits); ``inf`` if unattainable.

    .. math:: \rho_C = \frac{\sigma_S\sigma_X}{|\theta_1|}\sqrt{1 - 2^{-2h(S) + 2C}}
              \quad (C < h(S)),\qquad \rho_C = 0 \quad (C \ge h(S)).

    Values above 1 mean no jointly Gaussian Y meets the bound.
    """
    _check_model("rho_classification", sigma_x, sigma_s, theta1, C=(C, _REAL))
    gap = C - gaussian_entropy(sigma_s)
    if gap >= 0:
        return 0.0
    if theta1 == 0:
        return math.inf
    return sigma_s * sigma_x / abs(theta1) * math.sqrt(-math.expm1(2 * gap * math.log(2)))


def gaussian_cb(R: float, *, sigma_x: float, sigma_s: float, theta1: float) -> float:
    r"""The classification boundary :math:`C_b(R)` of Thm 4 and Thm 7, in bits.

    .. math:: C_b(R) = \tfrac12\log_2\Big(1 - \frac{\theta_1^2(1-2^{-2R})}{\sigma_S^2\sigma_X^2}
              \Big) + h(S),

    the value of h(S|Y) at :math:`\rho = \rho_R`; :math:`C_b(0) = h(S)`,
    :math:`C_b(\infty) = h(S|X)`.
    """
    _check_model("gaussian_cb", sigma_x, sigma_s, theta1, R=(R, _RATE))
    rr = rho_rate(R) ** 2
    if 1e-150 < abs(theta1) < 1e150 and 1e-150 < sigma_s * sigma_x < 1e150:
        ratio = theta1**2 * rr / (sigma_s * sigma_x) ** 2  # the original order, bit for bit
    else:  # the squares would under/overflow (ZeroDivisionError, OverflowError)
        ratio = _ratio_sq(theta1, sigma_s, sigma_x) * rr
    return 0.5 * math.log2(1 - ratio) + gaussian_entropy(sigma_s)


def _h_s_given_x(sigma_x, sigma_s, theta1):
    """h(S|X) in bits, the feasibility floor of the classification constraint (C_b(∞))."""
    return gaussian_entropy(sigma_s) + 0.5 * math.log2(1 - _ratio_sq(theta1, sigma_s, sigma_x))


def _distortion(rho, mu_x, sigma_x, mu_y, sigma_y):
    def d(mu_x, sigma_x, mu_y, sigma_y):
        return (mu_x - mu_y) ** 2 + sigma_x**2 + sigma_y**2 - 2 * rho * sigma_x * sigma_y
    # mu_x - mu_y can overflow even when each is finite: halve first, which is exact
    if abs(mu_x) > 8e307 or abs(mu_y) > 8e307:
        raise invalid("mu_x", "gaussian_drc", "means with |mu_x|, |mu_y| <= 8e307 (their "
                      "difference must be a float64)", f"<mu_x={mu_x:g}, mu_y={mu_y:g}>")
    return _sq_units(d, "gaussian_drc", "mu_x, sigma_x, mu_y, sigma_y",
                     mu_x, sigma_x, mu_y, sigma_y)


def gaussian_drc(R: float, C: float, *, mu_x: float, sigma_x: float, mu_y: float,
                 sigma_y: float, sigma_s: float, theta1: float,
                 as_stated: bool = False) -> float:
    r"""Asymptotic Gaussian distortion-rate-classification function (Thm 4), MSE.

    As stated (``as_stated=True``), with :math:`h(S|X) = h(S) + \tfrac12\log_2(1 -
    \theta_1^2/(\sigma_S^2\sigma_X^2))` and the paper's base-e exponent in (i):

    .. math::
        D^{(G)}(R,C) = \begin{cases}
          0 & C > h(S),\ R > h(X) \quad (iii)\\
          \Delta\mu^2 + \sigma_X^2 + \sigma_Y^2 - 2\sigma_X\sigma_Y\sqrt{1-2^{-2R}}
            & C > C_b(R) \quad (ii)\\
          \Delta\mu^2 + \sigma_X^2 + \sigma_Y^2 - 2\frac{\sigma_S\sigma_X^2\sigma_Y}{\theta_1}
            \sqrt{1 - e^{-2h(S) + 2C}} & h(S|X) \le C \le C_b(R) \quad (i)\\
          +\infty & C < h(S|X).\end{cases}

    Corrected (default): :math:`\Delta\mu^2 + \sigma_X^2 + \sigma_Y^2 - 2\sigma_X\sigma_Y\rho_R`
    where :math:`C \ge C_b(R)` (i.e. :math:`\rho_C \le \rho_R`), ``inf`` elsewhere.

    Parameters
    ----------
    R : float
        Rate in bits, >= 0 (``inf`` allowed).
    C : float
        Bound on the differential entropy h(S|Y), bits (any real).
    mu_x, sigma_x, mu_y, sigma_y, sigma_s, theta1 : float
        Means and standard deviations (> 0); ``theta1 = Cov(X, S)`` with
        :math:`|\theta_1| < \sigma_S\sigma_X`.

    References
    ----------
    Thm 4 of Nguyen, Nguyen & Bose, ICLR 2026; corrections: our derivation
    """
    caller = "gaussian_drc"
    _check_model(caller, sigma_x, sigma_s, theta1, R=(R, _RATE), C=(C, _REAL),
                 mu_x=(mu_x, _REAL), mu_y=(mu_y, _REAL), sigma_y=(sigma_y, _POS))
    rho_r = rho_rate(R)
    if as_stated:
        h_s = gaussian_entropy(sigma_s)
        h_s_x = _h_s_given_x(sigma_x, sigma_s, theta1)
        if C > h_s and R > gaussian_entropy(sigma_x):
            return 0.0
        if C > gaussian_cb(R, sigma_x=sigma_x, sigma_s=sigma_s, theta1=theta1):
            return _distortion(rho_r, mu_x, sigma_x, mu_y, sigma_y)
        if C >= h_s_x:
            if theta1 == 0:
                raise invalid("theta1", caller + "(as_stated=True)", "non-zero (the stated "
                              "regime (i) divides by theta1)", theta1)
            rho = sigma_s * sigma_x / theta1 * math.sqrt(-math.expm1(2 * (C - h_s)))
            return _distortion(rho, mu_x, sigma_x, mu_y, sigma_y)
        return math.inf
    rho_c = rho_classification(C, sigma_x=sigma_x, sigma_s=sigma_s, theta1=theta1)
    if rho_c > rho_r + _FEAS:
        return math.inf
    return _distortion(rho_r, mu_x, sigma_x, mu_y, sigma_y)


def gaussian_rdc(D: float, C: float, *, mu_x: float, sigma_x: float, mu_y: float,
                 sigma_y: float, sigma_s: float, theta1: float) -> float:
    r"""Asymptotic Gaussian rate-distortion-classification function (inverse of Thm 4), bits.

    .. math::
        R^{(G)}(D,C) = \max\big\{-\tfrac12\log_2(1-\rho_D^2)\,[\rho_D>0],\
                                 -\tfrac12\log_2(1-\rho_C^2),\ 0\big\},\qquad
        \rho_D = \frac{\Delta\mu^2+\sigma_X^2+\sigma_Y^2-D}{2\sigma_X\sigma_Y}.

    ``inf`` where no finite rate suffices: :math:`D \le \Delta\mu^2 + (\sigma_X-\sigma_Y)^2`
    (the OT floor, reached only as :math:`R\to\infty`) or :math:`C \le h(S|X)`. The paper's
    own App. A.3 was not available; this is our inversion (our derivation), so
    there is no ``as_stated`` form.
    """
    _check_model("gaussian_rdc", sigma_x, sigma_s, theta1, D=(D, _NONNEG), C=(C, _REAL),
                 mu_x=(mu_x, _REAL), mu_y=(mu_y, _REAL), sigma_y=(sigma_y, _POS))
    rho_d = ((mu_x - mu_y) ** 2 + sigma_x**2 + sigma_y**2 - D) / (2 * sigma_x * sigma_y)
    rho_c = rho_classification(C, sigma_x=sigma_x, sigma_s=sigma_s, theta1=theta1)
    rho = max(rho_d, rho_c, 0.0)
    if rho >= 1:
        return math.inf
    return -0.5 * math.log2(1 - rho**2)


def sigma_kl(P: float, sigma_x: float) -> float:
    r"""The :math:`\sigma(P)` of Thm 7: the :math:`\sigma \in (0, \sigma_X]` with
    :math:`\psi(\sigma) = P` (nats), :math:`\psi(\sigma) = \ln(\sigma_X/\sigma)
    + (\sigma^2 - \sigma_X^2)/(2\sigma_X^2) = KL(N(\mu,\sigma^2)\,\|\,N(\mu,\sigma_X^2))`.

    Closed form through the principal Lambert W branch: with :math:`t = \sigma^2/\sigma_X^2`,
    :math:`t - \ln t = 1 + 2P`, so :math:`t = -W_0(-e^{-1-2P})`.
    """
    check_param("P", P, _NO_LIMIT, "sigma_kl")
    check_param("sigma_x", sigma_x, _POS, "sigma_kl")
    if P == math.inf:
        return 0.0
    if P < 1e-12:
        # lambertw loses the branch point -1/e to rounding; t - ln t = 1 + 2P gives
        # sqrt(t) = 1 - sqrt(P) + O(P) there
        return float(sigma_x * (1 - math.sqrt(P)))
    t = -lambertw(-math.exp(-1 - 2 * P), 0).real
    return sigma_x * math.sqrt(min(max(t, 0.0), 1.0))


def sigma_w2(P: float, sigma_x: float) -> float:
    r"""Smallest :math:`\sigma` with :math:`W_2^2(N(\mu,\sigma_X^2), N(\mu,\sigma^2)) =
    (\sigma_X-\sigma)^2 \le P`: :math:`\sigma_W(P) = \max(\sigma_X - \sqrt P, 0)` (P in
    squared units of X)."""
    check_param("P", P, _NO_LIMIT, "sigma_w2")
    check_param("sigma_x", sigma_x, _POS, "sigma_w2")
    return max(sigma_x - math.sqrt(P), 0.0)


def gaussian_drpc(R: float, P: float, C: float, *, sigma_x: float, sigma_s: float,
                  theta1: float, perception: str = "kl", as_stated: bool = False) -> float:
    r"""Asymptotic Gaussian distortion-rate-perception-classification function (Thm 7), MSE.

    With :math:`s = \sigma(P)` (KL, Thm 7) or :math:`s = \sigma_W(P)` (W2, derived),
    :math:`\rho_R = \sqrt{1-2^{-2R}}` and
    :math:`\rho_C = (\sigma_S\sigma_X/\theta_1)\sqrt{1 - 2^{-2h(S)+2C}}`, as stated:

    .. math::
        D(R,P,C) = \begin{cases}
          0 & C > h(S),\ R > h(X) \quad (5)\\
          \sigma_X^2 2^{-2R} & s \le \sigma_X\rho_R,\ C > C_b(R) \quad (1)\\
          \sigma_X^2 + s^2 - 2\sigma_X s\rho_R & s > \sigma_X\rho_R,\ C > C_b(R) \quad (2)\\
          \sigma_X^2(1-\rho_C^2) & s \le \sigma_X\rho_C,\ h(S|X) \le C \le C_b(R) \quad (3)\\
          \sigma_X^2 + s^2 - 2\sigma_X s\rho_C & s > \sigma_X\rho_C,\ h(S|X)\le C\le C_b(R)
            \quad (4)\end{cases}

    Corrected (default): cases (1)-(2) wherever :math:`C \ge C_b(R)`, i.e.
    :math:`\sigma_X^2 + \hat s^2 - 2\sigma_X\hat s\rho_R` with
    :math:`\hat s = \max(s, \sigma_X\rho_R)`, and ``inf`` elsewhere. The optimal
    :math:`\mu_Y = \mu_X`, so means do not enter.

    Parameters
    ----------
    R : float
        Rate in bits, >= 0.
    P : float
        Perception budget: KL(p_Y || p_X) in nats (``"kl"``) or W2^2 in squared units of X
        (``"w2"``), >= 0.
    C : float
        Bound on h(S|Y) in bits.

    References
    ----------
    Thm 5-7 of Nguyen, Nguyen & Bose, ICLR 2026; W2 version and corrections: our derivation
    (the paper's App. A.4 was not available).
    """
    caller = "gaussian_drpc"
    _check_model(caller, sigma_x, sigma_s, theta1, R=(R, _RATE), P=(P, _NO_LIMIT),
                 C=(C, _REAL), perception=(perception, _PERCEPTION))
    s = sigma_kl(P, sigma_x) if perception == "kl" else sigma_w2(P, sigma_x)
    rho_r = rho_rate(R)
    if as_stated:
        h_s = gaussian_entropy(sigma_s)
        h_s_x = _h_s_given_x(sigma_x, sigma_s, theta1)
        if C > h_s and R > gaussian_entropy(sigma_x):
            return 0.0
        if C > gaussian_cb(R, sigma_x=sigma_x, sigma_s=sigma_s, theta1=theta1):
            rho = rho_r
        elif C >= h_s_x:
            if theta1 == 0:
                raise invalid("theta1", caller + "(as_stated=True)", "non-zero (the stated "
                              "cases (3)-(4) divide by theta1)", theta1)
            rho = sigma_s * sigma_x / theta1 * math.sqrt(-math.expm1(2 * (C - h_s) * math.log(2)))
        else:
            return math.inf
        if s <= sigma_x * rho:
            return _sq_units(lambda sx: sx**2 * (1 - rho**2), caller, "sigma_x", sigma_x)
        return _sq_units(lambda sx, s: sx**2 + s**2 - 2 * sx * s * rho, caller,
                         "sigma_x, P", sigma_x, s)
    rho_c = rho_classification(C, sigma_x=sigma_x, sigma_s=sigma_s, theta1=theta1)
    if rho_c > rho_r + _FEAS:
        return math.inf
    s_hat = max(s, sigma_x * rho_r)
    return float(_sq_units(lambda sx, sh: sx**2 + sh**2 - 2 * sx * sh * rho_r, caller,
                           "sigma_x, P", sigma_x, s_hat))


def gaussian_classical_dr(R: float, sigma_x: float) -> float:
    r"""Classical Gaussian distortion-rate :math:`\sigma_X^2 2^{-2R}` (bits), the DRC minimised
    over :math:`\sigma_Y` (attained at :math:`\sigma_Y = \sigma_X\rho_R`).

    Examples
    --------
    >>> from theory.compression import gaussian_classical_dr
    >>> gaussian_classical_dr(1.0, 2.0)
    1.0
    >>> gaussian_classical_dr(0.0, 2.0)
    4.0
    """
    check_param("R", R, _RATE, "gaussian_classical_dr")
    check_param("sigma_x", sigma_x, _POS, "gaussian_classical_dr")
    log2_d = 2 * math.log2(sigma_x) - 2 * R
    if not -1022 <= log2_d < 1024:
        raise invalid("R", "gaussian_classical_dr", "a rate with sigma_x^2 2^(-2R) a normal "
                      "float64 (~2.2e-308 to ~1.8e308)", f"<R={R:g} with sigma_x={sigma_x:g}>")
    if 1e-150 < sigma_x < 1e150 and 2 * R < 1000:
        return float(sigma_x**2 * np.exp2(-2 * R))
    return float(np.exp2(log2_d))
