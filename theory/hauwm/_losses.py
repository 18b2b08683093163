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

from theory.validation import Interval, Options, check_array, check_param, invalid

_POS = Interval(0, None, closed="neither")
_NONNEG = Interval(0, None)


def _var_profile(v, caller: str) -> np.ndarray:
    a = check_array(v, "var_by_h", caller, ndim=None)
    if a.ndim < 1 or a.shape[-1] < 2:
        raise invalid("var_by_h", caller, "an array whose last axis holds >= 2 horizons",
                      f"<array of shape {a.shape}>")
    return a


def loss_nll(x, mu, var) -> float:
    r"""(H-a) Mean Gaussian negative log-likelihood (nats).

    .. math:: \ell = \frac1n\sum_i \tfrac12\log(2\pi\hat\sigma_i^2) + \frac{(x_i-\hat\mu_i)^2}
        {2\hat\sigma_i^2}.
    """
    x = check_array(x, "x", "loss_nll", ndim=None)
    mu = check_array(mu, "mu", "loss_nll", ndim=None)
    v = check_array(var, "var", "loss_nll", ndim=None)
    if np.any(v <= 0):
        raise invalid("var", "loss_nll", "an array of values > 0", "<array with values <= 0>")
    return float(np.mean(0.5 * np.log(2 * np.pi * v) + (x - mu) ** 2 / (2 * v)))


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
    if log:
        if np.any(v <= 0):
            raise invalid("var_by_h", "loss_hinge", "values > 0 with log=True",
                          "<array with values <= 0>")
        v = np.log(v)
    H = v.shape[-1]
    if pairs == "consecutive":
        d = v[..., :-1] - v[..., 1:]
    else:
        i, j = np.triu_indices(H, 1)
        d = v[..., i] - v[..., j]
    return float(np.mean(np.maximum(d + float(margin), 0.0)))


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
    check_param("slope", slope, _POS, "loss_growth_regression")
    return float(np.mean((v - float(slope) * h) ** 2))


def best_growth_slope(V, horizons) -> float:
    r"""Least-squares slope of :math:`c\,h` fitted to a profile ``V`` (the best (H-c) target).

    .. math:: c^\star = \frac{\sum_h h\,V_h}{\sum_h h^2}.
    """
    V = check_array(V, "V", "best_growth_slope", ndim=1)
    h = check_array(horizons, "horizons", "best_growth_slope", ndim=1)
    if h.shape != V.shape:
        raise invalid("horizons", "best_growth_slope", f"an array of shape {V.shape}",
                      f"<array of shape {h.shape}>")
    return float(h @ V / (h @ h))


def loss_rank(var_by_h, horizons) -> float:
    r"""(H-d) One minus the Spearman correlation of the horizon and the variance (0 iff the
    profile is strictly increasing).

    .. math:: \ell = 1 - \rho_S\bigl(h, \sigma^2_h\bigr) \in [0, 2].
    """
    v = check_array(var_by_h, "var_by_h", "loss_rank", ndim=1)
    h = check_array(horizons, "horizons", "loss_rank", ndim=1)
    if h.shape != v.shape or v.size < 2:
        raise invalid("horizons", "loss_rank", f"an array of shape {v.shape} (>= 2 horizons)",
                      f"<array of shape {h.shape}>")
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
    if mus.ndim < 2 or mus.shape[0] < 2:
        raise invalid("mus", "loss_disagreement", "an array (M, n, ...) with M >= 2 members",
                      f"<array of shape {mus.shape}>")
    M = mus.shape[0]
    dev = ((mus - mus.mean(axis=0)) ** 2).reshape(M, mus.shape[1], -1).sum(axis=(0, 2))
    hh = np.broadcast_to(np.asarray(h, dtype=np.float64), dev.shape)
    return float(np.mean(-hh * dev / (M - 1)))


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
    k = np.asarray(k, dtype=np.float64)
    if np.any(k <= 0) or not np.all(np.isfinite(k)):
        raise invalid("k", "hcu_spread_coefficient", "horizons > 0", "<array with k <= 0>")
    check_param("sigma2", sigma2, _POS, "hcu_spread_coefficient")
    check_param("beta", beta, _POS, "hcu_spread_coefficient")
    check_param("heads", heads, Options("sum", "mean"), "hcu_spread_coefficient")
    cM = 1.0 if heads == "sum" else float(M)
    return beta / (2 * sigma2 * cM) - lam * k / (M - 1)


def hcu_critical_horizon(M: int, lam: float, sigma2: float = 1.0, beta: float = 1.0,
                         heads: str = "sum") -> float:
    r"""Horizon above which the fixed-variance fit + HCU objective is unbounded below:
    :math:`k_c = \beta(M-1)/(2\lambda\sigma^2 c_M)` (see :func:`hcu_spread_coefficient`).
    Below it the optimal disagreement is 0."""
    c = hcu_spread_coefficient(M, lam, 1.0, sigma2, beta, heads) + lam / (M - 1)
    return float(c * (M - 1) / lam)


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
    d = np.asarray(spread, dtype=np.float64)
    if np.any(d < 0):
        raise invalid("spread", "hcu_objective_learned_variance", "values >= 0",
                      "<array with values < 0>")
    check_param("M", M, Interval(2, None, integer=True), "hcu_objective_learned_variance")
    if M % 2:
        raise invalid("M", "hcu_objective_learned_variance", "an even int >= 2 (a symmetric "
                      "spread)", M)
    V = float(check_param("V", V, _POS, "hcu_objective_learned_variance"))
    check_param("lam", lam, _POS, "hcu_objective_learned_variance")
    return (beta * M / 2 * np.log(2 * np.pi * np.e * (V + d**2))
            - lam * np.asarray(k, dtype=np.float64) * M * d**2 / (M - 1))
