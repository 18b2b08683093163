r"""Candidate forms of a "horizon-calibrated uncertainty" loss term, and what their optima do.

The paper (Wan et al., ICLR 2026, OpenReview pZuZWRuPyi) is public only through its abstract,
which says the loss encourages predictive variance to grow with the horizon. The forms here are
**our candidates**, labelled:

- (H-a) :func:`loss_nll`: the Gaussian NLL at random horizons (a proper scoring rule);
- (H-b) :func:`loss_hinge`: a monotonicity hinge over horizon pairs, in variance or log-variance
  units, with a margin;
- (H-c) :func:`loss_growth_regression`: regression of the variance onto a prescribed growth c·h;
- (H-d) :func:`loss_rank`: one minus the Spearman correlation of h and the variance;
- (H-e) :func:`loss_disagreement`: the negative, horizon-weighted ensemble disagreement of the
  member means, the form a public third-party note of the paper (zhaoyang97/Paper-Notes-en,
  ``docs/ICLR2026/reinforcement_learning/learning_to_be_uncertain_...md``) gives; the paper's
  printed wording was not seen.

:func:`hcu_spread_coefficient` and :func:`hcu_critical_horizon` give the exact population
objective of (H-e) plus a Gaussian fit term in the spread of the member means. NLL in nats,
variances in squared state units.
"""

from __future__ import annotations

import numpy as np
from scipy import stats

from theory.hauwm._checks import broadcast, horizons, positive, pow2, real, representable
from theory.validation import Bool, Interval, Options, check_array, check_param, invalid

_POS = Interval(0, None, closed="neither")
_NONNEG = Interval(0, None)


def _var_profile(v, caller: str) -> np.ndarray:
    a = check_array(v, "var_by_h", caller, ndim=None)
    if a.ndim < 1 or a.shape[-1] < 2 or a.size == 0:
        raise invalid("var_by_h", caller, "an array whose last axis holds >= 2 horizons",
                      f"<array of shape {a.shape}>")
    if np.any(a < 0):
        raise invalid("var_by_h", caller, "an array of variances >= 0", float(a.min()))
    return a


def _mean_sq_scaled(e) -> float:
    """mean(e²) with e scaled by a power of two first (exact), so no square overflows."""
    c = pow2(e)
    return float(np.mean((e / c) ** 2)) * c * c


def loss_nll(x, mu, var) -> float:
    r"""(H-a) Mean Gaussian negative log-likelihood (nats).

    .. math:: \ell = \frac1n\sum_i \tfrac12\log(2\pi\hat\sigma_i^2) + \frac{(x_i-\hat\mu_i)^2}
        {2\hat\sigma_i^2}.
    """
    x = real(x, "x", "loss_nll")
    mu = real(mu, "mu", "loss_nll")
    v = positive(var, "var", "loss_nll", what=" (variances)")
    broadcast("loss_nll", x=x, mu=mu, var=v)
    with np.errstate(over="ignore", invalid="ignore"):
        out = float(np.mean(0.5 * np.log(2 * np.pi * v) + (x - mu) ** 2 / (2 * v)))
        if not np.isfinite(out):
            # the standardised error scaled before squaring, the log split
            c = pow2(np.concatenate([np.ravel(x), np.ravel(mu)]))
            z = (x / c - mu / c) / np.sqrt(2 * v)
            cz = pow2(z)
            out = float(np.mean(0.5 * (np.log(2 * np.pi) + np.log(v))
                                + ((z / cz) ** 2 * cz) * cz * c * c))
    return float(representable(out, "loss_nll", "'x', 'mu' and 'var'",
                               "the mean standardised squared error"))


def loss_hinge(var_by_h, margin: float = 0.0, log: bool = False,
               pairs: str = "consecutive") -> float:
    r"""(H-b) Monotonicity hinge over horizons (last axis ordered by increasing h).

    .. math:: \ell = \frac1{|P|}\sum_{(h,h')\in P}\mathrm{ReLU}\bigl(g(\sigma^2_h) -
        g(\sigma^2_{h'}) + m\bigr), \qquad g = \mathrm{id} \text{ or } \log,

    over consecutive pairs (h, h+1) or all pairs h < h' (``pairs="all"``), averaged over the
    other axes. Zero iff every increment of g is at least m.
    """
    v = _var_profile(var_by_h, "loss_hinge")
    check_param("margin", margin, _NONNEG, "loss_hinge")
    check_param("pairs", pairs, Options("consecutive", "all"), "loss_hinge")
    check_param("log", log, Bool(), "loss_hinge")
    if log:
        if np.any(v <= 0):
            raise invalid("var_by_h", "loss_hinge", "values > 0 with log=True",
                          float(v.min()))
        v = np.log(v)
    H = v.shape[-1]
    # differences and the margin in units of a power of two (exact): no overflow at 1e308
    c = pow2(np.append(np.ravel(v), float(margin)))
    v = v / c
    if pairs == "consecutive":
        d = v[..., :-1] - v[..., 1:]
    else:
        i, j = np.triu_indices(H, 1)
        d = v[..., i] - v[..., j]
    out = float(np.mean(np.maximum(d + float(margin) / c, 0.0))) * c
    return float(representable(out, "loss_hinge", "'var_by_h' and 'margin'", "the mean hinge"))


def loss_growth_regression(var_by_h, horizons, slope: float) -> float:
    r"""(H-c) Mean squared deviation of the variance from a prescribed linear growth.

    .. math:: \ell = \frac1H\sum_h \bigl(\sigma^2_h - c\,h\bigr)^2 .
    """
    v = _var_profile(var_by_h, "loss_growth_regression")
    h = check_array(horizons, "horizons", "loss_growth_regression", ndim=1)
    if h.shape[0] != v.shape[-1]:
        raise invalid("horizons", "loss_growth_regression",
                      f"an array of {v.shape[-1]} horizons (the last axis of var_by_h)",
                      f"<array of shape {h.shape}>")
    if np.any(h < 0):
        raise invalid("horizons", "loss_growth_regression", "an array of horizons >= 0",
                      float(h.min()))
    check_param("slope", slope, _POS, "loss_growth_regression")
    with np.errstate(over="ignore", invalid="ignore"):
        out = float(np.mean((v - float(slope) * h) ** 2))
        if not np.isfinite(out):
            ch = pow2(h)
            cv = pow2(np.append(np.ravel(v), float(slope) * ch))
            out = _mean_sq_scaled(v / cv - (float(slope) * ch / cv) * (h / ch)) * cv * cv
    return float(representable(out, "loss_growth_regression", "'var_by_h', 'horizons' and "
                               "'slope'", "the mean squared deviation"))


def best_growth_slope(V, horizons) -> float:
    r"""Least-squares slope of :math:`c\,h` fitted to a profile ``V`` (the best (H-c) target).

    .. math:: c^\star = \frac{\sum_h h\,V_h}{\sum_h h^2}.
    """
    V = real(V, "V", "best_growth_slope")
    if V.ndim != 1:
        raise invalid("V", "best_growth_slope", "a 1-D array", f"<array of shape {V.shape}>")
    h = check_array(horizons, "horizons", "best_growth_slope", ndim=1)
    if h.shape != V.shape:
        raise invalid("horizons", "best_growth_slope", f"an array of shape {V.shape} (that of V)",
                      f"<array of shape {h.shape}>")
    if np.any(h < 0) or not np.any(h > 0):
        raise invalid("horizons", "best_growth_slope", "an array of horizons >= 0, at least one "
                      "> 0 (the slope is undefined when every horizon is 0)",
                      f"<array with values in [{h.min():g}, {h.max():g}]>")
    # both scaled by powers of two (exact), so neither h·h nor h·V overflows or underflows
    ch, cV = pow2(h), pow2(V)
    hs, Vs = h / ch, V / cV
    out = float(hs @ Vs / (hs @ hs)) * (cV / ch)
    return float(representable(out, "best_growth_slope", "'V' and 'horizons'", "the slope"))


def loss_rank(var_by_h, horizons) -> float:
    r"""(H-d) One minus the Spearman correlation of the horizon and the variance (0 iff the
    profile is strictly increasing).

    .. math:: \ell = 1 - \rho_S\bigl(h, \sigma^2_h\bigr) \in [0, 2].
    """
    v = check_array(var_by_h, "var_by_h", "loss_rank", ndim=1)
    if v.size < 2:
        raise invalid("var_by_h", "loss_rank", "a 1-D array of >= 2 variances",
                      f"<array of shape {v.shape}>")
    h = check_array(horizons, "horizons", "loss_rank", ndim=1)
    if h.shape != v.shape:
        raise invalid("horizons", "loss_rank", f"an array of shape {v.shape} (that of var_by_h)",
                      f"<array of shape {h.shape}>")
    if np.all(h == h[0]):
        raise invalid("horizons", "loss_rank", "an array of >= 2 distinct horizons (a rank "
                      "correlation needs them)", f"<array of {h.size} copies of {h[0]:g}>")
    if np.all(v == v[0]):
        return 1.0
    return float(1 - stats.spearmanr(h, v).statistic)


def loss_disagreement(mus, h) -> float:
    r"""(H-e) Negative horizon-weighted ensemble disagreement of the member means, the form a
    public third-party note of the paper gives (printed wording not seen).

    Parameters
    ----------
    mus : array (M, n, ...)
        Member means (axis 0: the M ≥ 2 members; axis 1: samples; further axes: latent
        dimensions, summed).
    h : int or array (n,)
        The horizon of each sample.

    Notes
    -----
    .. math:: \mathcal L_{\mathrm{HCU}} = -\,h\cdot\frac1{M-1}\sum_{i=1}^M
        \bigl\lVert\mu_i - \bar\mu\bigr\rVert^2, \qquad \bar\mu = \frac1M\sum_i\mu_i,

    averaged over samples. Minimising it maximises the disagreement, more so at larger h.
    """
    mus = check_array(mus, "mus", "loss_disagreement", ndim=None)
    if mus.ndim < 2 or mus.shape[0] < 2 or mus.size == 0:
        raise invalid("mus", "loss_disagreement", "a non-empty array (M, n, ...) with M >= 2 "
                      "members and n >= 1 samples", f"<array of shape {mus.shape}>")
    M, n = mus.shape[0], mus.shape[1]
    hh = horizons(h, "h", "loss_disagreement")
    if hh.shape not in ((), (n,)):
        raise invalid("h", "loss_disagreement", f"a horizon > 0 or an array of shape ({n},) "
                      "(one per sample, axis 1 of mus)", f"<array of shape {hh.shape}>")
    # in units of a power of two (exact): the mean and the squares cannot overflow
    c = pow2(mus)
    z = mus / c
    dev = ((z - z.mean(axis=0)) ** 2).reshape(M, n, -1).sum(axis=(0, 2))
    out = float(np.mean(-np.broadcast_to(hh, dev.shape) * dev / (M - 1))) * c * c
    return float(representable(out, "loss_disagreement", "'mus' and 'h'",
                               "the horizon-weighted disagreement"))


def hcu_spread_coefficient(M: int, lam: float, k, sigma2: float = 1.0, beta: float = 1.0,
                           heads: str = "sum"):
    r"""Coefficient of the spread :math:`S = \sum_i(\mu_i - \bar\mu)^2` in the population
    objective :math:`\beta\,\mathcal L_{\mathrm{fit}} + \lambda\,\mathcal L_{\mathrm{HCU}}`
    when every member is a Gaussian of fixed variance ``sigma2`` fitted to a target of mean m and
    variance V (per latent dimension).

    Notes
    -----
    With :math:`\mathcal L_{\mathrm{fit}} = \sum_i \operatorname{E}\frac{(x-\mu_i)^2}{2\sigma^2}`
    (``heads="sum"``; ``"mean"`` divides by M) and :math:`\sum_i(\mu_i-m)^2 = M(\bar\mu-m)^2 + S`,

    .. math:: \text{objective} = \text{const} + \frac{\beta M(\bar\mu - m)^2}{2\sigma^2 c_M}
        + \Bigl(\frac{\beta}{2\sigma^2 c_M} - \frac{\lambda k}{M-1}\Bigr) S,
        \qquad c_M = 1\ (\text{sum}),\ M\ (\text{mean}).

    Linear in S: a positive coefficient gives the minimiser S = 0 (members collapse, no
    disagreement), a negative one an objective unbounded below (the disagreement diverges);
    neither is the calibrated :math:`S/(M-1) = V(k)`.
    """
    check_param("M", M, Interval(2, None, integer=True), "hcu_spread_coefficient")
    check_param("lam", lam, _POS, "hcu_spread_coefficient")
    k = horizons(k, "k", "hcu_spread_coefficient")
    check_param("sigma2", sigma2, _POS, "hcu_spread_coefficient")
    check_param("beta", beta, _POS, "hcu_spread_coefficient")
    check_param("heads", heads, Options("sum", "mean"), "hcu_spread_coefficient")
    cM = 1.0 if heads == "sum" else float(M)
    with np.errstate(over="ignore", invalid="ignore"):
        out = beta / (2 * sigma2 * cM) - lam * k / (M - 1)
    out = representable(out, "hcu_spread_coefficient", "'lam', 'k', 'sigma2' and 'beta'",
                        f"beta/(2·sigma2·c_M) − lam·k/(M−1) (lam={lam!r}, sigma2={sigma2!r}, "
                        f"beta={beta!r})")
    return out[()] if out.ndim == 0 else out


def hcu_critical_horizon(M: int, lam: float, sigma2: float = 1.0, beta: float = 1.0,
                         heads: str = "sum") -> float:
    r"""Horizon above which the fixed-variance fit + HCU objective is unbounded below:
    :math:`k_c = \beta(M-1)/(2\lambda\sigma^2 c_M)` (see :func:`hcu_spread_coefficient`).
    Below it the optimal disagreement is 0."""
    c = hcu_spread_coefficient(M, lam, 1.0, sigma2, beta, heads) + lam / (M - 1)
    with np.errstate(over="ignore"):
        out = float(c * (M - 1) / lam)
    return float(representable(out, "hcu_critical_horizon", "'M', 'lam', 'sigma2' and 'beta'",
                               f"k_c (beta={beta!r}, lam={lam!r}, sigma2={sigma2!r})"))


def hcu_objective_learned_variance(spread, k, V, M: int, lam: float = 1.0, beta: float = 1.0):
    r"""Population objective of (H-e) plus per-member Gaussian NLL with each member's variance
    at its optimum, for a symmetric spread of the member means around the target mean.

    Parameters
    ----------
    spread : float or array ≥ 0
        :math:`d`, the distance of each member mean from the target mean (half the members at
        :math:`m + d`, half at :math:`m - d`; M even), so :math:`S = M d^2`.

    Notes
    -----
    Each member's optimal variance is :math:`V + d^2` (:func:`nll_optimum` of its own error), so

    .. math:: \text{objective}(d) = \beta\,\frac M2\log\bigl(2\pi e(V + d^2)\bigr) -
        \frac{\lambda k M d^2}{M-1},

    unbounded below as :math:`d\to\infty` for every :math:`\lambda k > 0`: the logarithm grows
    slower than the quadratic reward.
    """
    caller = "hcu_objective_learned_variance"
    d = positive(spread, "spread", caller, strict=False)
    kk = horizons(k, "k", caller)
    check_param("M", M, Interval(2, None, integer=True), caller)
    if M % 2:
        raise invalid("M", caller, "an even int >= 2 (a symmetric spread)", M)
    V = float(check_param("V", V, _POS, caller))
    check_param("lam", lam, _POS, caller)
    check_param("beta", beta, _POS, caller)
    broadcast(caller, spread=d, k=kk)
    M = float(M)
    with np.errstate(over="ignore", invalid="ignore"):
        if np.all(d < 1e150) and V < 1e300:  # the printed form, bit for bit
            out = (beta * M / 2 * np.log(2 * np.pi * np.e * (V + d**2))
                   - lam * kk * M * d**2 / (M - 1))
        else:
            # log(V + d²) = 2 log max(√V, d) + log1p((min/max)²), the reward multiplied in an
            # order where no square overflows before the weights shrink it
            a = np.sqrt(V)
            hi, lo = np.maximum(a, d), np.minimum(a, d)
            log_vd = 2 * np.log(hi) + np.log1p((lo / hi) ** 2)
            out = (beta * M / 2 * (np.log(2 * np.pi * np.e) + log_vd)
                   - ((lam * kk * M / (M - 1)) * d) * d)
    return representable(out, caller, "'spread', 'k', 'lam' and 'beta'",
                         "the objective (the quadratic reward lam·k·M·d²/(M−1))")
