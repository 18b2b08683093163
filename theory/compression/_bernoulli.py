"""Bernoulli sources with Hamming distortion: one-shot and asymptotic closed forms (bits).

Model (Thm 2 of Nguyen, Nguyen & Bose, ICLR 2026): X ~ Bern(q_X), Y ~ Bern(q_Y) with
0 <= q_X, q_Y <= 1/2, the label S = X xor S1 with S1 ~ Bern(q_S1) independent of X, and the
Markov chain S - X - Y. Every coupling of the two marginals is fixed by
p11 = P(X=1, Y=1) in [0, min(q_X, q_Y)] and has E 1{X != Y} = q_X + q_Y - 2 p11.

One-shot (Thm 1): given the common randomness U the code is one of the four maps id, neg,
const0, const1; with a = P(f_U in {id, neg}) the rate is E H(f_U(X)) = a H_b(q_X). The paper's
boundary C_b(R) uses the *linear* classification model H(S|Y,U) = (1-a)H(S) + a H_b(q_S1);
the problem as defined (Def 2) constrains the *exact* H(S|Y) of the mixture, a concave function
of p11 (our derivation). Both are implemented; ``classification="exact"`` is the default.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
from scipy.optimize import brentq

from theory.validation import Interval, Options, check_param, invalid, validate_params

_HALF = Interval(0, 0.5, "both", label=("0", "1/2"))
_RATE = Interval(0, None, "left", allow_inf=True)  # R = ∞: no rate limit
_NONNEG = Interval(0, None, "left")
_NO_LIMIT = Interval(0, None, "left", allow_inf=True)  # C = ∞: unlimited common randomness
_CLASSIFICATION = Options("exact", "linear")
# Root-finding and feasibility comparisons: far below the LP tolerance (1e-7) of the checks.
_XTOL = 1e-14
_FEAS = 1e-12


class OutsideDomainWarning(UserWarning):
    """A formula of the paper evaluated where its value is no longer a valid answer (for
    example a negative Hamming distortion); the value is returned as the formula gives it."""


def _check_values(name: str, value, caller: str, lo: float, hi: float, label: str,
                  slack: float = 0.0) -> np.ndarray:
    """``value`` as a float array whose entries are all finite and in [lo − slack, hi + slack],
    clipped to [lo, hi]; else the package's error naming ``name`` and the range ``label``."""
    try:
        a = np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError):
        raise invalid(name, caller, f"a float or array of floats in {label}",
                      f"<{type(value).__name__}>") from None
    if not np.all(np.isfinite(a)) or np.any(a < lo - slack) or np.any(a > hi + slack):
        shown = value if np.ndim(value) == 0 else f"<array with values in [{np.nanmin(a):g}, " \
            f"{np.nanmax(a):g}]>"
        raise invalid(name, caller, f"a float or array of floats in {label}", shown)
    return np.clip(a, lo, hi)


def _check_p11(p11, q_x, q_y, caller):
    """p11 within the Fréchet bounds of the two marginals (1e-12 slack for solver output)."""
    lo, hi = max(0.0, q_x + q_y - 1.0), min(q_x, q_y)
    return _check_values("p11", p11, caller, lo, hi,
                         f"[max(0, q_x+q_y-1), min(q_x, q_y)] = [{lo:g}, {hi:g}]", slack=1e-12)


def binary_entropy(p) -> np.ndarray:
    r"""Binary entropy in bits, with :math:`0\log 0 = 0`.

    .. math:: H_b(p) = -p\log_2 p - (1-p)\log_2(1-p).

    ``p`` may be a scalar or an array of any shape with values in [0, 1]; the result has the
    same shape.

    Examples
    --------
    >>> from theory.compression import binary_entropy
    >>> float(binary_entropy(0.5)), round(float(binary_entropy(0.11)), 6)
    (1.0, 0.499916)
    """
    p = _check_values("p", p, "binary_entropy", 0.0, 1.0, "[0, 1]")
    with np.errstate(divide="ignore", invalid="ignore"):
        h = -(np.where(p > 0, p * np.log2(p), 0.0) + np.where(p < 1, (1 - p) * np.log2(1 - p), 0.0))
        # below 1e-8, 1 - p rounds away the digits of log2(1 - p) ~ -p/ln 2 (H_b(1e-20) was 2%
        # low): that term through log1p there, where the rounding of 1 - p costs > 1e-9 of H_b
        small = (p > 0) & (p < 1e-8)
        if np.any(small):
            tail = (1 - p) * np.log1p(-p) / np.log(2.0)
            h = np.where(small, -(p * np.log2(np.where(small, p, 1.0)) + tail), h)
    return h


def _entropy_bits(p: np.ndarray, axis=None) -> np.ndarray:
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.where(p > 0, p * np.log2(np.where(p > 0, p, 1.0)), 0.0)
    return -t.sum(axis=axis)


@validate_params({"q_x": _HALF, "q_s1": _HALF})
def label_entropy(q_x: float, q_s1: float) -> float:
    r"""H(S) in bits for S = X xor S1 (Thm 2).

    .. math:: q_S = q_X + q_{S_1} - 2 q_X q_{S_1},\qquad H(S) = H_b(q_S) = H_b(m),
              \quad m = (1-q_X)(1-q_{S_1}) + q_X q_{S_1} = 1 - q_S.
    """
    return float(binary_entropy(q_x + q_s1 - 2 * q_x * q_s1))


@validate_params({"q_x": _HALF, "q_y": _HALF})
def bernoulli_joint(p11, q_x: float, q_y: float) -> np.ndarray:
    """Joint pmf of (X, Y) with P(X=1, Y=1) = p11; shape ``p11.shape + (2, 2)``, axes (x, y).

    ``p11`` must lie in the Fréchet range [0, min(q_X, q_Y)] (q_X, q_Y <= 1/2)."""
    p11 = _check_p11(p11, q_x, q_y, "bernoulli_joint")
    return np.stack([np.stack([1 - q_x - q_y + p11, q_y - p11], -1),
                     np.stack([q_x - p11, p11], -1)], -2)


def bernoulli_cond_entropy(p11, q_x: float, q_y: float, q_s1: float) -> np.ndarray:
    r"""Exact H(S|Y) in bits of the coupling with P(X=1,Y=1) = p11 (our derivation).

    .. math::
        H(S|Y) = q_Y H_b\!\Big(q_{S_1} + (1-2q_{S_1})\tfrac{p_{11}}{q_Y}\Big)
               + (1-q_Y) H_b\!\Big(q_{S_1} + (1-2q_{S_1})\tfrac{q_X-p_{11}}{1-q_Y}\Big).

    Computed as H(S,Y) - H(Y) from :math:`P_{SY} = P_{S|X}^\top P_{XY}`, which also covers
    q_Y = 0. Concave in p11 with its maximum H(S) at p11 = q_X q_Y. Same shape as ``p11``.
    """
    check_param("q_s1", q_s1, _HALF, "bernoulli_cond_entropy")
    for name, q in (("q_x", q_x), ("q_y", q_y)):
        check_param(name, q, _HALF, "bernoulli_cond_entropy")
    pxy = bernoulli_joint(_check_p11(p11, q_x, q_y, "bernoulli_cond_entropy"), q_x, q_y)
    ps_x = np.array([[1 - q_s1, q_s1], [q_s1, 1 - q_s1]])
    psy = np.einsum("xs,...xy->...sy", ps_x, pxy)
    return _entropy_bits(psy, axis=(-2, -1)) - _entropy_bits(psy.sum(-2), axis=-1)


def bernoulli_mutual_information(p11, q_x: float, q_y: float) -> np.ndarray:
    """I(X;Y) in bits of the coupling with P(X=1,Y=1) = p11; same shape as ``p11``."""
    pxy = bernoulli_joint(_check_p11(p11, q_x, q_y, "bernoulli_mutual_information"), q_x, q_y)
    return (binary_entropy(q_x) + binary_entropy(q_y)
            - _entropy_bits(pxy, axis=(-2, -1)))


def _slope(q_x: float) -> float:
    hx = float(binary_entropy(q_x))
    return 2 * q_x * (1 - q_x) / hx if hx > 0 else 0.0


@validate_params({"R": _RATE, "q_x": _HALF, "q_y": _HALF})
def bernoulli_rate_only_oneshot(R: float, q_x: float, q_y: float) -> float:
    r"""One-shot distortion-rate with common randomness, no classification constraint (corrected).

    .. math::
        D(R) = \max\Big(D_{ind} - \frac{2 q_X (1-q_X)}{H_b(q_X)} R,\ |q_X - q_Y|\Big),
        \qquad D_{ind} = q_X + q_Y - 2 q_X q_Y.

    The paper's Thm 2(ii) without the floor falls below the OT minimum :math:`|q_X-q_Y|` once
    R exceeds the knee :math:`R^* = H_b(q_X)\,a_{max}`; the floor makes it exact (our derivation;
    §3.1). Rates in bits; Hamming distortion (a probability).
    """
    d_ind = q_x + q_y - 2 * q_x * q_y
    return float(max(d_ind - _slope(q_x) * R, abs(q_x - q_y)))


@validate_params({"R": _RATE, "q_x": _HALF, "q_s1": _HALF})
def bernoulli_cb(R: float, q_x: float, q_s1: float) -> float:
    r"""The paper's classification boundary :math:`C_b(R)` of Thm 2, in bits.

    .. math:: C_b(R) = \frac{R\,(H_b(q_{S_1}) - H_b(m))}{H_b(q_X)} + H_b(m),
              \qquad H_b(m) = H(S).

    It is the linear-classification value :math:`(1-a)H(S) + aH_b(q_{S_1})` at
    :math:`a = R/H_b(q_X)`; beyond :math:`R = H_b(q_X)` it extrapolates below H_b(q_S1).
    """
    hx = float(binary_entropy(q_x))
    hs, h1 = label_entropy(q_x, q_s1), float(binary_entropy(q_s1))
    return hs + (R * (h1 - hs) / hx if hx > 0 else 0.0)


def _a_needed(C: float, q_x: float, q_s1: float) -> float:
    """Smallest weight a of {id, neg} with (1-a)H(S) + a H_b(q_S1) <= C (inf if none)."""
    hs, h1 = label_entropy(q_x, q_s1), float(binary_entropy(q_s1))
    if C >= hs - _FEAS:
        return 0.0
    if hs - h1 <= _FEAS:  # S independent of X: no code can lower H(S|Y) below H(S)
        return math.inf
    return (hs - C) / (hs - h1)


def _knee(q_x: float, q_y: float) -> float:
    """Weight of {id, neg} at which the one-shot rate-only distortion reaches
    :math:`|q_X - q_Y|`."""
    if q_x == 0:
        return 0.0
    return (1 - q_y) / (1 - q_x) if q_y >= q_x else q_y / q_x


def _linear_distortion(a: float, q_x: float, q_y: float) -> float:
    """min E d over the map mixtures with weight a on {id, neg}: a V with its tip at the knee."""
    d_ind, d_min = q_x + q_y - 2 * q_x * q_y, abs(q_x - q_y)
    k = _knee(q_x, q_y)
    if a <= k:
        return d_ind - 2 * q_x * (1 - q_x) * a
    # past the knee the marginal forces mass onto neg (only reachable when q_y > q_x)
    return d_min + (a - k) * 2 * q_x * (1 - q_x) / (1 - 2 * q_x)


def _a_reach(q_x: float, q_y: float) -> float:
    """Largest weight of {id, neg} compatible with P(Y=1) = q_Y."""
    if q_x == 0:
        return 1.0
    return 1.0 if q_y >= q_x else q_y / q_x


def _p11_reach(R: float, q_x: float, q_y: float, *, asymptotic: bool) -> tuple[float, float]:
    """[p11_min, p11_max] over couplings with rate <= R (one-shot: E H(f_U(X)); asymptotic:
    I(X;Y))."""
    ind, top = q_x * q_y, min(q_x, q_y)
    if not asymptotic:
        hx = float(binary_entropy(q_x))
        a = min(R / hx, 1.0) if hx > 0 else 1.0
        delta = q_x * (1 - q_x) * a
        return max(ind - delta, 0.0), min(ind + delta, top)
    if R <= 0:
        return ind, ind
    out = []
    def f(p):
        return float(bernoulli_mutual_information(p, q_x, q_y)) - R

    for end in (0.0, top):
        if end == ind or f(end) <= 0:
            out.append(end)
        elif f(ind) >= 0:  # R below the rounding error of I at independence
            out.append(ind)
        else:
            out.append(brentq(f, min(end, ind), max(end, ind), xtol=_XTOL))
    return out[0], out[1]


def _exact_best_p11(R, C, q_x, q_y, q_s1, *, asymptotic: bool) -> float:
    """Largest p11 reachable at rate R whose exact H(S|Y) is <= C (nan when none)."""
    lo, hi = _p11_reach(R, q_x, q_y, asymptotic=asymptotic)
    ind = q_x * q_y

    def h(p):
        return float(bernoulli_cond_entropy(p, q_x, q_y, q_s1))

    if h(hi) <= C + _FEAS:
        return hi
    # H(S|Y) is concave in p11 with its peak H(S) at q_X q_Y: the positively correlated branch
    # is now excluded, but the anti-correlated one [lo, ind] may still classify well enough.
    if lo < ind and h(lo) <= C + _FEAS:
        if h(ind) <= C:
            return ind
        return brentq(lambda p: h(p) - C, lo, ind, xtol=_XTOL)
    return math.nan


@validate_params({"R": _RATE, "C": _NO_LIMIT, "q_x": _HALF, "q_y": _HALF, "q_s1": _HALF,
                  "classification": _CLASSIFICATION})
def bernoulli_drc(R: float, C: float, q_x: float, q_y: float, q_s1: float, *,
                  as_stated: bool = False, classification: str = "exact") -> float:
    r"""One-shot Bernoulli distortion-rate-classification function (Thm 2), in Hamming units.

    As stated in the paper (``as_stated=True``), with :math:`D_{ind} = q_X+q_Y-2q_Xq_Y`:

    .. math::
        D^{(B)}(R,C) = \begin{cases}
          |q_X - q_Y| & C > H(S),\ R > H_b(q_X) \quad (iii)\\
          D_{ind} - 2q_X(1-q_X)\,R/H_b(q_X) & C > C_b(R) \quad (ii)\\
          D_{ind} - 2q_X(1-q_X)\,\frac{H(S) - C}{H(S) - H_b(q_{S_1})}
              & H_b(q_{S_1}) \le C \le C_b(R) \quad (i)\\
          +\infty & C < H_b(q_{S_1}).\end{cases}

    Corrected (default): the value of the one-shot problem of Thm 1,
    :math:`\min E\,1\{X\ne Y\}` over mixtures of the four maps with :math:`E H(f_U(X)) \le R`
    and the classification constraint. With the exact :math:`H(S|Y)` (``"exact"``, Def 2) this
    is :math:`q_X+q_Y-2p_{11}^*`, :math:`p_{11}^*` the largest reachable :math:`p_{11}` with
    :math:`H(S|Y) \le C`; with the paper's linear model (``"linear"``,
    :math:`(1-a)H(S)+aH_b(q_{S_1}) \le C`, which reproduces :math:`C_b`) it is the V-shaped
    :math:`D(a)` at :math:`a^* = \mathrm{clip}(a_{knee}, a_C, \min(R/H_b(q_X), a_{reach}))`.
    Where the rate-only optimum already classifies well enough both equal
    :math:`\max(D_{ind} - 2q_X(1-q_X)R/H_b(q_X), |q_X-q_Y|)`.

    Parameters
    ----------
    R : float
        Rate in bits (entropy-coded, per symbol), >= 0.
    C : float
        Bound on H(S|Y) in bits, >= 0.
    q_x, q_y, q_s1 : float
        Bernoulli parameters in [0, 1/2].

    Returns
    -------
    float
        The minimum distortion; ``inf`` where the constraints cannot be met together.

    Warns
    -----
    OutsideDomainWarning
        With ``as_stated=True`` where the stated formula leaves its domain (a negative
        distortion, e.g. regime (ii) at large R, or -inf at R = inf); the value is returned.

    References
    ----------
    Thm 2 (and Thm 1) of Nguyen, Nguyen & Bose, ICLR 2026; corrections: our derivation

    Examples
    --------
    Thm 2(ii) as printed goes below the OT floor ``abs(q_x - q_y) = 0.2``; the corrected form
    does not.

    >>> from theory.compression import bernoulli_drc, binary_entropy
    >>> R = 0.9 * float(binary_entropy(0.2))
    >>> round(bernoulli_drc(R, 1.0, 0.2, 0.4, 0.1, as_stated=True), 6)
    0.152
    >>> round(bernoulli_drc(R, 1.0, 0.2, 0.4, 0.1), 6)
    0.2
    """
    if as_stated:
        return _flag_stated(_drc_as_stated(R, C, q_x, q_y, q_s1), R, C)
    hx = float(binary_entropy(q_x))
    if classification == "linear":
        a_c = _a_needed(C, q_x, q_s1)
        a_hi = min(R / hx if hx > 0 else 1.0, 1.0, _a_reach(q_x, q_y))
        if a_c > a_hi + _FEAS:
            return math.inf
        a = min(max(_knee(q_x, q_y), a_c), a_hi)
        return float(_linear_distortion(a, q_x, q_y))
    p = _exact_best_p11(R, C, q_x, q_y, q_s1, asymptotic=False)
    return math.inf if math.isnan(p) else float(q_x + q_y - 2 * p)


def _drc_as_stated(R, C, q_x, q_y, q_s1) -> float:
    """Thm 2's three regimes as the paper states them (our derivation)."""
    d_ind, d_min = q_x + q_y - 2 * q_x * q_y, abs(q_x - q_y)
    hx, hs, h1 = float(binary_entropy(q_x)), label_entropy(q_x, q_s1), float(binary_entropy(q_s1))
    slope = 2 * q_x * (1 - q_x)
    if C > hs and R > hx:
        return d_min
    if C > bernoulli_cb(R, q_x, q_s1):
        return d_ind - (slope * R / hx if hx > 0 else 0.0)
    if C >= h1:
        return d_ind - (slope * (hs - C) / (hs - h1) if hs > h1 else 0.0)
    return math.inf


def _flag_stated(value: float, R: float, C: float) -> float:
    """The stated formula's value, with an :class:`OutsideDomainWarning` where it is no Hamming
    distortion (below 0, or -inf at R = inf): outside the formula's domain."""
    if not value >= 0:
        warnings.warn(f"bernoulli_drc(as_stated=True) at R={R:g}, C={C:g} gives {value:g}, "
                      "which is no Hamming distortion (a probability in [0, 1]): the stated "
                      "formula is evaluated outside its domain", OutsideDomainWarning,
                      stacklevel=3)
    return value


@validate_params({"D": _NONNEG, "C": _NO_LIMIT, "q_x": _HALF, "q_y": _HALF, "q_s1": _HALF,
                  "classification": _CLASSIFICATION})
def bernoulli_rdc(D: float, C: float, q_x: float, q_y: float, q_s1: float, *,
                  classification: str = "exact") -> float:
    r"""One-shot Bernoulli rate-distortion-classification function (inverse of Thm 2), bits.

    Corrected: the least rate :math:`R` with :math:`D^{(B)}(R, C) \le D`. With the linear
    model and :math:`a_C \le a_{knee}` it is our derived form

    .. math::
        R^{(B)}(D,C) = H_b(q_X)\max\Big\{\frac{D_{ind}-D}{2q_X(1-q_X)},
        \frac{H(S)-C}{H(S)-H_b(q_{S_1})}, 0\Big\};

    in general the one-shot rate needed for a coupling with :math:`P(X=1,Y=1)=p_{11}` is
    :math:`H_b(q_X)|p_{11}-q_Xq_Y|/(q_X(1-q_X))` and :math:`R^{(B)}` minimises it over the
    :math:`p_{11} \ge (q_X+q_Y-D)/2` that meet the classification constraint.

    Returns ``inf`` where no finite rate meets both constraints (:math:`D < |q_X - q_Y|`, or C too
    small). The paper's own R^(B)(D,C) (App. A.2) was not available to us, so there is no
    ``as_stated`` form: this RDC is itself our inversion (our derivation).
    """
    d_ind, d_min = q_x + q_y - 2 * q_x * q_y, abs(q_x - q_y)
    hx = float(binary_entropy(q_x))
    if D < d_min - _FEAS:
        return math.inf
    if hx == 0:  # X constant: a single coupling, no rate needed
        return 0.0 if (label_entropy(q_x, q_s1) <= C + _FEAS) else math.inf
    if classification == "linear":
        a_c = _a_needed(C, q_x, q_s1)
        k, slope = _knee(q_x, q_y), 2 * q_x * (1 - q_x)
        a_lo = max((d_ind - D) / slope, 0.0)
        a_up = k + ((D - d_min) * (1 - 2 * q_x) / slope if q_x < 0.5 else math.inf)
        a_up = min(a_up, 1.0, _a_reach(q_x, q_y))
        a = max(a_lo, a_c)
        return hx * a if a <= a_up + _FEAS else math.inf
    ind, top = q_x * q_y, min(q_x, q_y)
    p_d = (q_x + q_y - D) / 2

    def h(p):
        return float(bernoulli_cond_entropy(p, q_x, q_y, q_s1))

    costs = []
    # positively correlated branch: smallest p >= max(p_d, ind) with H(S|Y) <= C
    start = max(p_d, ind)
    if start <= top + _FEAS:
        start = min(start, top)
        if h(start) <= C + _FEAS:
            costs.append(start - ind)
        elif h(top) <= C + _FEAS:
            costs.append(brentq(lambda p: h(p) - C, start, top, xtol=_XTOL) - ind)
    # anti-correlated branch: largest p in [p_d, ind] with H(S|Y) <= C
    if p_d < ind:
        lo = max(p_d, 0.0)
        if h(ind) <= C + _FEAS:
            costs.append(0.0)
        elif h(lo) <= C + _FEAS:
            costs.append(ind - brentq(lambda p: h(p) - C, lo, ind, xtol=_XTOL))
    if not costs:
        return math.inf
    return float(hx * min(costs) / (q_x * (1 - q_x)))


@validate_params({"R": _RATE, "q_x": _HALF, "q_y": _HALF})
def bernoulli_asymptotic_dr(R: float, q_x: float, q_y: float) -> float:
    r"""Asymptotic Bernoulli distortion-rate with fixed output law (Thm 3, no classification).

    .. math::
        D^{(\infty)}(R) = q_X + q_Y - 2p_{11}^*, \qquad
        I(p_{11}^*) = R,\ p_{11}^* \in [q_Xq_Y, \min(q_X,q_Y)],

    with :math:`I(p_{11})` the mutual information (bits) of the coupling; :math:`p_{11}^*` is
    found by Brent's method (the "binary root-finding route" of our derivation and
    :math:`D^{(\infty)} = |q_X-q_Y|` once :math:`R \ge I(\min(q_X,q_Y))`. Hamming units.
    """
    _, hi = _p11_reach(R, q_x, q_y, asymptotic=True)
    return float(q_x + q_y - 2 * hi)


@validate_params({"R": _RATE, "C": _NO_LIMIT, "q_x": _HALF, "q_y": _HALF, "q_s1": _HALF})
def bernoulli_asymptotic_drc(R: float, C: float, q_x: float, q_y: float, q_s1: float) -> float:
    r"""Asymptotic Bernoulli DRC (Thm 3) with the exact classification constraint, Hamming units.

    .. math::
        D^{(\infty)}(R,C) = \min\{q_X+q_Y-2p_{11} : I(p_{11}) \le R,\ H(S|Y)(p_{11}) \le C\},

    over :math:`p_{11}\in[0,\min(q_X,q_Y)]` (rates and entropies in bits). ``inf`` if no
    coupling meets both constraints.
    """
    p = _exact_best_p11(R, C, q_x, q_y, q_s1, asymptotic=True)
    return math.inf if math.isnan(p) else float(q_x + q_y - 2 * p)


def bernoulli_classical_dr(R: float, p: float) -> float:
    r"""Classical Bernoulli distortion-rate :math:`D(R) = H_b^{-1}(H_b(p) - R)` (bits), the
    asymptotic DRC minimised over the output law :math:`q_Y` (our derivation)."""
    check_param("R", R, _RATE, "bernoulli_classical_dr")
    check_param("p", p, _HALF, "bernoulli_classical_dr")
    target = float(binary_entropy(p)) - R
    if target <= 0:
        return 0.0
    d = float(brentq(lambda d: float(binary_entropy(d)) - target, 0.0, 0.5, xtol=_XTOL))
    if d < 1e-6:
        # the absolute xtol (1e-14) swamps a small root (it returned 0 for p = 1e-20, R = H(p)/2):
        # solve again on log d, to a relative tolerance, between the smallest normal float and 1/2
        def f(t):
            return float(binary_entropy(math.exp(t))) - target
        lo = math.log(np.finfo(float).tiny)
        if f(lo) > 0:
            raise invalid("R", "bernoulli_classical_dr", "a rate whose distortion "
                          "H_b^-1(H_b(p) - R) is at least ~2.2e-308 (a normal float64)", R)
        d = math.exp(brentq(f, lo, math.log(0.5), xtol=1e-15, rtol=4 * np.finfo(float).eps))
    return d
