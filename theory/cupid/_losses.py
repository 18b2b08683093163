"""The CUPID loss pieces and scores (Xu & Fan, arXiv 2603.10745), as numpy closed forms.

Notation: the frozen host is :math:`M = F_l \\circ B_l`, :math:`m = B_l(x)` the feature at the
insertion layer, :math:`(m', s) = C(m)` the module's perturbed reconstruction and log-variance,
:math:`z = F_l(m)`, :math:`z' = F_l(m')` logits and :math:`p, p'` their softmax. Two reductions
exist: ``"code"`` (the released ``lossfunction.py``: means over every element) and ``"paper"``
(per-sample sums, as printed in arXiv 2603.10745v1, §3.2, Eq. (10) and §3.3, Eq. (12)).
"""

from __future__ import annotations

import numpy as np

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
    r2 = r**2 if reduce == "code" else np.sum(r**2, axis=1)
    _same_shape(r2, s, "residual", "s", "au_loss")
    # ½ e^{-s} r² as e^{log r² - s - log 2}, its mean by log-sum-exp: at r = 0, s = -800 the
    # product form is inf·0 = NaN, and at r = 1, s = -710 it overflows though the mean is finite
    pos = r2 > 0
    mean_s = float(np.mean(0.5 * s))
    if not np.any(pos):
        return mean_s
    t = np.log(r2[pos]) - s[pos] - np.log(2.0)
    top = float(t.max())
    log_mean = top + np.log(np.sum(np.exp(t - top)) / s.size)
    with np.errstate(over="ignore"):  # beyond ~1.8e308 the loss itself is not a float
        return float(np.exp(log_mean) + mean_s)


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
    if reduce == "code":
        return float(np.mean(np.abs(zh - z)) - t11 * np.mean(np.abs(mh - m)))
    return float(np.mean(np.sum(np.abs(zh - z), 1) - t11 * np.sum(np.abs(mh - m), 1)))


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
    e = np.exp(s)
    return e if s.ndim == 1 else e.mean(axis=1)
