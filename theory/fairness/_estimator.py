r"""The empirical (Parzen/KDE) Cauchy–Schwarz divergence and its dependence form, in numpy.

The estimator is the CS divergence of the two kernel density estimates: because
:math:`G_\sigma * G_\sigma = G_{\sqrt2\sigma}`, every integral becomes a Gram mean with width
:math:`h=\sqrt2\,\sigma` (our derivation). Sums are taken in log space (log-sum-exp), chunked
so that memory stays O(n · chunk): an all-underflowing cross Gram gives a large finite value,
never NaN.
"""

from __future__ import annotations

import numpy as np

from theory.validation import Interval, Options, check_array, check_param, invalid

#: Elements of one chunk of a Gram matrix (32 MB in float64).
CHUNK_ELEMENTS = 4_000_000


def as_samples(x, name: str, caller: str, *, min_rows: int = 2) -> np.ndarray:
    """Samples as an (n, d) float array; 1-D input is one feature. Needs ``min_rows`` rows."""
    from theory.fairness._gaussian import real_array

    a = real_array(x, name, caller)
    if a.ndim == 1:
        a = a[:, None]
    a = check_array(a, name, caller, ndim=2, min_rows=0)
    if a.shape[0] < min_rows:
        raise invalid(name, caller, f"a sample with at least {min_rows} points (a group of "
                      "one point has no within-group spread to compare)",
                      f"<{a.shape[0]} point(s)>")
    return a


def log_gram_mean(x: np.ndarray, y: np.ndarray, h: float, *, chunk: int | None = None) -> float:
    r""":math:`\log\big(\frac{1}{mn}\sum_{ij} e^{-\|x_i-y_j\|^2/(2h^2)}\big)`, chunked over rows.

    ``x`` (m, d), ``y`` (n, d), already validated. Each chunk is shifted by its own maximum, so
    the result is exact to rounding even when every kernel value underflows.
    """
    m, n = x.shape[0], y.shape[0]
    rows = chunk or max(1, CHUNK_ELEMENTS // max(n * x.shape[1], 1))
    inv = 1.0 / (2.0 * h * h)
    parts = []
    for start in range(0, m, rows):
        xc = x[start:start + rows]
        if x.shape[1] == 1:
            k = np.subtract.outer(xc[:, 0], y[:, 0])
            np.square(k, out=k)
        else:
            k = ((xc[:, None, :] - y[None, :, :]) ** 2).sum(-1)
        k *= -inv
        top = k.max()
        k -= top
        np.exp(k, out=k)
        parts.append(top + np.log(k.sum()))
    parts = np.asarray(parts)
    top = parts.max()
    return float(top + np.log(np.exp(parts - top).sum()) - np.log(m) - np.log(n))


def cs_divergence_kde(x, y, sigma: float, *, convention: str = "A",
                      chunk: int | None = None) -> float:
    r"""Empirical CS divergence of two samples: the CS divergence of their Gaussian KDEs, nats.

    .. math::
        \hat D_A = \log\frac{1}{m^2}\sum_{ii'}\kappa_h(x_i,x_{i'})
                 + \log\frac{1}{n^2}\sum_{jj'}\kappa_h(y_j,y_{j'})
                 - 2\log\frac{1}{mn}\sum_{ij}\kappa_h(x_i,y_j),
        \qquad \kappa_h(a,b)=e^{-\|a-b\|^2/(2h^2)},\ h=\sqrt2\,\sigma,

    which equals :math:`D_A(\hat p,\hat q)` for :math:`\hat p = \frac1m\sum_i G_\sigma(\cdot-x_i)`
    exactly (a V-statistic: O(1/n) upward bias against :math:`D_A(p*G_\sigma, q*G_\sigma)`).

    Parameters
    ----------
    x : array, shape (m,) or (m, d)
    y : array, shape (n,) or (n, d)
        At least two points each, finite.
    sigma : float > 0
        Parzen bandwidth (the Gram width is :math:`\sqrt2\sigma`).
    convention : {"A", "B"}
        B = A/2.
    chunk : int, optional
        Rows per Gram chunk (memory O(chunk · n · d)); default keeps a chunk near 32 MB.

    References
    ----------
    arXiv 2512.09467 abstract (a "distribution-free kernel estimator"; its Parzen form is our
    derivation); same form as ``CS()`` in ywzcode/CS-adv ``CSutils.py`` with their sigma = h.

    Examples
    --------
    >>> import numpy as np
    >>> from theory.fairness import cs_divergence_kde
    >>> rng = np.random.default_rng(0)
    >>> x, y = rng.normal(0, 1, 500), rng.normal(1, 1, 500)
    >>> round(cs_divergence_kde(x, y, 0.5), 3)
    0.386
    >>> cs_divergence_kde(x, x, 0.5)
    0.0
    """
    caller = "cs_divergence_kde"
    check_param("sigma", sigma, Interval(0, None, "neither"), caller)
    check_param("convention", convention, Options("A", "B"), caller)
    x = as_samples(x, "x", caller)
    y = as_samples(y, "y", caller)
    if x.shape[1] != y.shape[1]:
        raise invalid("y", caller, f"samples of dimension {x.shape[1]} like x",
                      f"<dimension {y.shape[1]}>")
    h = np.sqrt(2.0) * sigma
    xs, ys = _scaled(x, y, h, sigma, caller)
    d_a = (log_gram_mean(xs, xs, 1.0, chunk=chunk) + log_gram_mean(ys, ys, 1.0, chunk=chunk)
           - 2 * log_gram_mean(xs, ys, 1.0, chunk=chunk))
    return d_a if convention == "A" else d_a / 2


def _scaled(x: np.ndarray, y: np.ndarray, h: float, sigma: float, caller: str):
    """Samples in units of the Gram width h, so that the exponents −‖x−y‖²/(2h²) are formed as
    −½‖x/h − y/h‖² and a tiny σ gives large finite exponents (log domain), not 0·inf = NaN.
    Refused with a message naming σ when the scaled squared distances overflow float64."""
    centre = np.concatenate([x, y]).mean(axis=0)
    xs, ys = (x - centre) / h, (y - centre) / h
    spread = max(np.abs(xs).max(), np.abs(ys).max())
    d = x.shape[1]
    if not np.isfinite(spread) or spread > np.sqrt(np.finfo(np.float64).max / (16 * d)):
        span = float(np.abs(np.concatenate([x, y]) - centre).max())
        raise invalid("sigma", caller, f"a float large enough that the samples' spread "
                      f"({span:.3g}) over √2σ stays below ~1e153 (else the log-kernel "
                      "overflows float64)", sigma)
    return xs, ys


def _groups(s, n: int, caller: str) -> tuple[np.ndarray, list[np.ndarray]]:
    s = np.asarray(s)
    if s.ndim != 1 or s.shape[0] != n:
        raise invalid("s", caller, f"a 1-D vector of {n} group labels (one per prediction)",
                      f"<array of shape {s.shape}>")
    if s.dtype.kind == "f" and not np.all(np.isfinite(s)):
        raise invalid("s", caller, "finite group labels", "<labels with NaN>")
    labels, inverse = np.unique(s, return_inverse=True)
    if labels.size < 2:
        raise invalid("s", caller, "labels of at least 2 groups", f"<{labels.size} group>")
    members = [np.flatnonzero(inverse == g) for g in range(labels.size)]
    small = [lab for lab, idx in zip(labels.tolist(), members) if idx.size < 2]
    if small:
        raise invalid("s", caller, "groups of at least 2 samples each",
                      f"<group(s) {small} with one sample>")
    return labels, members


def cs_mutual_information(yhat, s, sigma: float, *, chunk: int | None = None) -> float:
    r"""CS quadratic mutual information between predictions and a categorical attribute, nats.

    With the Gram :math:`K_{ij}=\kappa_h(\hat y_i,\hat y_j)` (:math:`h=\sqrt2\sigma`) and the
    δ-kernel :math:`L_{ij}=1[s_i=s_j]` over any number of groups,

    .. math::
        I_{CS} = \log\frac{\sum_{ij}K_{ij}L_{ij}}{N^2}
               + \log\frac{\sum K\,\sum L}{N^4} - 2\log\frac{1^\top K L 1}{N^3}
               = D_A\big(\hat p(\hat y, s),\ \hat p(\hat y)\,\hat p(s)\big),

    the CS divergence between the joint KDE and the product of its marginals (0 iff every
    group's KDE equals the pooled one).

    Parameters
    ----------
    yhat : array, shape (N,) or (N, d)
    s : array, shape (N,)
        Group labels; at least 2 groups with at least 2 samples each.
    sigma : float > 0

    References
    ----------
    ``CS_QMI`` in ``loss_cs.py`` of SJYuCNEL/Cauchy-Schwarz-Information-Bottleneck (our reading).
    """
    caller = "cs_mutual_information"
    check_param("sigma", sigma, Interval(0, None, "neither"), caller)
    yh = as_samples(yhat, "yhat", caller)
    n = yh.shape[0]
    _, members = _groups(s, n, caller)
    h = np.sqrt(2.0) * sigma
    with np.errstate(over="ignore", under="ignore"):
        direct = (2.0 * h * h >= np.finfo(np.float64).tiny
                  and np.isfinite((np.ptp(yh, axis=0) ** 2).sum() / (2.0 * h * h)))
    if not direct:
        # sigma or the predictions near 1e+-160 and beyond: 1/(2h^2) or the squared distances
        # left float64 (the result was NaN); in units of h as cs_divergence_kde does (the
        # quantity is scale-invariant). Within range the unscaled path is kept bit for bit.
        yh, _ = _scaled(yh, yh, h, sigma, caller)
        h = 1.0
    sizes = np.array([idx.size for idx in members], dtype=np.float64)
    # log Σ_{i, j∈g} K_ij (all i), and log Σ_{i,j∈g} K_ij, per group g, as Gram means
    log_all_g = np.array([log_gram_mean(yh, yh[idx], h, chunk=chunk) + np.log(n * idx.size)
                          for idx in members])
    log_gg = np.array([log_gram_mean(yh[idx], yh[idx], h, chunk=chunk) + 2 * np.log(idx.size)
                       for idx in members])

    def lse(a):
        top = a.max()
        return top + np.log(np.exp(a - top).sum())

    log_kl = lse(log_gg)
    log_k = lse(log_all_g)
    log_l = np.log((sizes**2).sum())
    log_klone = lse(log_all_g + np.log(sizes))
    return float(log_kl - 2 * np.log(n) + log_k + log_l - 4 * np.log(n)
                 - 2 * (log_klone - 3 * np.log(n)))
