"""The CUPID loss pieces and scores (Xu & Fan, arXiv 2603.10745), as numpy closed forms.

Notation: the frozen host is :math:`M = F_l \\circ B_l`, :math:`m = B_l(x)` the feature at the
insertion layer, :math:`(m', s) = C(m)` the module's perturbed reconstruction and log-variance,
:math:`z = F_l(m)`, :math:`z' = F_l(m')` logits and :math:`p, p'` their softmax. Two reductions
exist: ``"code"`` (the released ``lossfunction.py``: means over every element) and ``"paper"``
(per-sample sums, as printed in arXiv 2603.10745v1, §3.2, Eq. (10) and §3.3, Eq. (12)).
"""

from __future__ import annotations

import numpy as np
from scipy.special import logsumexp

from theory.validation import (
    Interval,
    Options,
    check_array,
    check_distribution,
    check_param,
    invalid,
)

#: Train-time weights of the released code (``config_train.py``: ``i_loss_para1..3``).
CODE_WEIGHTS = {"T1": 1.0, "T2": 9e-3, "T11": 0.01}
#: The defaults inside the released ``CUPIDLoss`` signature, overridden at train time.
CODE_SIGNATURE_DEFAULTS = {"T1": 1.0, "T2": 5e-4, "T11": 0.1}

_RED = Options("code", "paper")


def _same_shape(a, b, na, nb, caller):
    if a.shape != b.shape:
        raise invalid(nb, caller, f"an array of the shape of {na!r} {a.shape}",
                      f"<array of shape {b.shape}>")


def au_loss(residual, s, reduce: str = "code") -> float:
    r"""The aleatoric (Bayesian identity mapping) loss, in nats up to the constant ½ log 2π.

    .. math::

        L_{\mathrm{alea}} = \operatorname{mean}\Big[\tfrac12 e^{-s}\,r^2 + \tfrac12 s\Big],

    with :math:`r = y - p'` the residual of the perturbed prediction (one-hot minus softmax for
    classification). ``reduce="code"``: mean over every element (the released per-class form,
    ``s`` of shape (N, K)); ``"paper"``: :math:`r^2 = \|y_n - \hat y'_n\|^2` summed over the
    classes, one scalar ``s`` per sample (shapes (N, K) and (N,)). Paper Eq. (L_alea), released
    ``lossfunction.py`` (term ``l2``).

    Parameters
    ----------
    residual : array, shape (N, K)
    s : array, shape (N, K) for ``"code"``, (N,) for ``"paper"``; log-variances.
    reduce : {"code", "paper"}
    """
    check_param("reduce", reduce, _RED, "au_loss")
    r = check_array(residual, "residual", "au_loss", ndim=2)
    s = check_array(s, "s", "au_loss", ndim=2 if reduce == "code" else 1)
    log_r2 = _log_r2(r, reduce)
    _same_shape(log_r2, s, "residual", "s", "au_loss")
    # ½ e^{-s} r² as e^{log r² - s - log 2}, its mean by log-sum-exp: at r = 0, s = -800 the
    # product form is inf·0 = NaN, and at r = 1, s = -710 it overflows though the mean is finite
    pos = log_r2 > -np.inf
    mean_s = _mean(0.5 * s)
    if not np.any(pos):
        return mean_s
    t = log_r2[pos] - s[pos] - np.log(2.0)
    top = float(t.max())
    log_mean = top + np.log(np.sum(np.exp(t - top)) / s.size)
    with np.errstate(over="ignore"):
        loss = float(np.exp(log_mean) + mean_s)
    if not np.isfinite(loss):  # beyond ~1.8e308 the loss itself is not a float
        raise invalid("s", "au_loss", "log-variances for which the loss is below the float64 "
                      "maximum (~1.8e308)", f"<array of shape {s.shape}, min {s.min():.6g}>")
    return loss


def _mean(a: np.ndarray) -> float:
    """``mean(a)``, at a power-of-two scale where the plain sum overflows (entries ~1e308)."""
    with np.errstate(over="ignore"):
        m = float(np.mean(a))
    if np.isfinite(m):
        return m
    top = np.ldexp(1.0, np.frexp(np.max(np.abs(a)))[1] - 1)
    return float(np.mean(a / top) * top)


def _log_r2(r: np.ndarray, reduce: str) -> np.ndarray:
    """``log r²`` per element (code) or ``log ‖r_n‖²`` per row (paper), -inf where it is 0.

    The squares are formed as usual, and recomputed from ``log|r|`` (row-scaled for the paper
    sum) where they over- or underflowed: r = 1e200 made r² = inf and the loss NaN, r = 1e-200
    made r² = 0 and dropped a term ½e^{-s}r² of e^{34} at s = -1000."""
    tiny = np.finfo(float).tiny
    with np.errstate(over="ignore", under="ignore", divide="ignore"):
        if reduce == "code":
            r2 = r**2
            out = np.log(r2)
            bad = (r != 0) & ~((r2 >= tiny) & (r2 < np.inf))
            out[bad] = 2.0 * np.log(np.abs(r[bad]))
            return out
        r2 = np.sum(r**2, axis=1)
        out = np.log(r2)
        top = np.max(np.abs(r), axis=1)
        bad = (top > 0) & ~((r2 >= tiny) & (r2 < np.inf))
        if np.any(bad):
            rb = r[bad] / top[bad, None]
            out[bad] = 2.0 * np.log(top[bad]) + np.log(np.sum(rb**2, axis=1))
        return out


def au_optimum(r2):
    r"""Minimiser and minimum of the per-element aleatoric loss (claim ``cupid.au.optimum``).

    .. math::

        s^\star = \arg\min_s \tfrac12 r^2 e^{-s} + \tfrac12 s = \log r^2, \qquad
        \min_s = \tfrac12\,(1 + \log r^2) \xrightarrow[r\to 0]{} -\infty .

    Parameters
    ----------
    r2 : float or array, > 0
        Squared residual(s).

    Returns
    -------
    (s_star, min_value) : floats or arrays (nats).

    Examples
    --------
    >>> import numpy as np
    >>> from theory.cupid import au_optimum
    >>> s_star, vmin = au_optimum(np.array([0.81, 0.01]))
    >>> np.round(s_star, 6), np.round(vmin, 6)
    (array([-0.210721, -4.60517 ]), array([ 0.394639, -1.802585]))
    """
    a = check_array(r2, "r2", "au_optimum", ndim=None, finite=False)
    if not np.all(np.isfinite(a)) or np.any(a <= 0):
        bad = a[~(np.isfinite(a) & (a > 0))].ravel()[0] if a.ndim else float(a)
        raise invalid("r2", "au_optimum", "a float > 0 (finite)", float(bad))
    s = np.log(a)
    out = (s, 0.5 * (1.0 + s))
    return (float(out[0]), float(out[1])) if a.ndim == 0 else out


def eu_loss(z_hat, z, m_hat, m, t11: float = CODE_WEIGHTS["T11"], reduce: str = "code") -> float:
    r"""The epistemic loss: keep the output, push the feature away.

    .. math::

        L_{\mathrm{epis}} = \operatorname{mean}|z' - z| - T_{11}\operatorname{mean}|m' - m|
        \quad(\texttt{code}), \qquad
        \tfrac1N\sum_n \|z'_n - z_n\|_1 - \lambda_1\|m'_n - m_n\|_1 \quad(\texttt{paper}).

    In the released code ``z`` are **logits** (the score :func:`eu_score` uses probabilities).
    With per-element means the code's :math:`T_{11}` equals the paper's
    :math:`\lambda_1 = T_{11} K / D` after dividing the paper form by K (D feature elements).

    Parameters
    ----------
    z_hat, z : arrays, shape (N, K)
        Outputs of the frozen head on the perturbed and on the original feature.
    m_hat, m : arrays, shape (N, D)
    t11 : float >= 0
        The push weight (T11 in the code, λ1 in the paper reduction).
    reduce : {"code", "paper"}
    """
    check_param("reduce", reduce, _RED, "eu_loss")
    check_param("t11", t11, Interval(0, None), "eu_loss")
    zh = check_array(z_hat, "z_hat", "eu_loss")
    z = check_array(z, "z", "eu_loss")
    mh = check_array(m_hat, "m_hat", "eu_loss")
    m = check_array(m, "m", "eu_loss")
    _same_shape(z, zh, "z", "z_hat", "eu_loss")
    _same_shape(m, mh, "m", "m_hat", "eu_loss")
    # both terms at a power-of-two scale where a difference or a sum overflows (entries ~1e308)
    keep, push = _mean_l1(zh, z, reduce), _mean_l1(mh, m, reduce)
    for name, v in (("z_hat", keep), ("m_hat", push)):
        if not np.isfinite(v):  # a per-sample L1 sum above ~1.8e308 (reduce="paper")
            raise invalid(name, "eu_loss", "an array whose mean (per-sample) absolute "
                          "difference is below the float64 maximum (~1.8e308)",
                          f"<array of shape {zh.shape if name == 'z_hat' else mh.shape}>")
    with np.errstate(over="ignore"):
        loss = float(keep - t11 * push)
    if not np.isfinite(loss):
        raise invalid("t11", "eu_loss", "a float >= 0 for which t11 · mean|m_hat - m| is below "
                      "the float64 maximum (~1.8e308)", t11)
    return loss


def _mean_l1(a: np.ndarray, b: np.ndarray, reduce: str) -> float:
    """``mean|a - b|`` (code) or the mean over rows of ``‖a_n - b_n‖₁`` (paper), at a
    power-of-two scale where the plain form overflows (it was inf at 1e308 - (-1e308))."""
    with np.errstate(over="ignore"):
        d = np.abs(a - b)
        v = float(np.mean(d) if reduce == "code" else np.mean(np.sum(d, 1)))
    if np.isfinite(v):
        return v
    d = np.abs(a / 2 - b / 2)  # exact halves: |a - b| overflows at 2 · 1e308, this does not
    top = np.ldexp(1.0, np.frexp(np.max(d))[1] - 1)
    d = d / top
    v = float(np.mean(d) if reduce == "code" else np.mean(np.sum(d, 1)))
    with np.errstate(over="ignore"):
        return float(v * top * 2.0)


def softmax(z):
    """Row-wise softmax of logits ``z`` (N, K), computed stably."""
    z = check_array(z, "z", "softmax")
    e = np.exp(z - z.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def eu_score(p_hat, p):
    r"""Epistemic score of the released code: mean absolute change of the class probabilities.

    .. math::

        U_{\mathrm{epis}}(x) = \tfrac1K\,\|p' - p\|_1 ,

    (the paper writes :math:`\|F_l(m) - F_l(m')\|_1`; the code divides by K, which does not
    change rankings). Probabilities, unitless; shape (N, K) in, (N,) out.
    """
    ph = check_array(p_hat, "p_hat", "eu_score")
    p = check_array(p, "p", "eu_score")
    _same_shape(p, ph, "p", "p_hat", "eu_score")
    # rows are class probabilities (float32 softmax rows sum to 1 within ~1e-7)
    check_distribution(ph, "p_hat", "eu_score", atol=1e-6, axis=1)
    check_distribution(p, "p", "eu_score", atol=1e-6, axis=1)
    return np.mean(np.abs(ph - p), axis=1)


def au_score(s):
    r"""Aleatoric score: the predicted variance, averaged over classes in the per-class code.

    .. math::

        U_{\mathrm{alea}}(x) = \tfrac1K\sum_k e^{s_k} .

    ``s`` of shape (N, K) (code) or (N,) (paper, one log-variance per sample).
    """
    s = check_array(s, "s", "au_score", ndim=None)
    if s.ndim not in (1, 2):
        raise invalid("s", "au_score", "a 1-D or 2-D array", f"<array of shape {s.shape}>")
    with np.errstate(over="ignore"):
        e = np.exp(s)
        out = e if s.ndim == 1 else e.mean(axis=1)
    if s.ndim == 2 and not np.all(np.isfinite(out)):
        # the mean by log-sum-exp where the plain sum overflowed: e^{709.7} is a float, the sum
        # of three is not, their mean is
        bad = ~np.isfinite(out)
        with np.errstate(over="ignore"):
            out[bad] = np.exp(logsumexp(s[bad], axis=1) - np.log(s.shape[1]))
    if not np.all(np.isfinite(out)):
        raise invalid("s", "au_score", "log-variances whose (mean) variance is below the float64 "
                      "maximum (s <= ~709.78)", f"<array of shape {s.shape}, max {s.max():.6g}>")
    return out
