"""The partial-label loss of PRISM (the papernotes.org summary) and its gradient.

.. math:: \\mathcal L = -\\frac1B\\sum_i \\log\\sum_{c\\in S_i} P_{ic}Q_{ic},\\qquad
          P = \\mathrm{softmax}(z),

in nats. Uniform ``Q`` on ``S`` gives the classifier-consistent (CC) loss plus
``mean log|S|``; one-hot ``Q`` gives cross-entropy.
"""

from __future__ import annotations

import numpy as np
from scipy.special import log_softmax, softmax

from theory.prism._candidates import check_mask
from theory.validation import check_array, invalid


def _inputs(logits, M, Q, caller):
    z = check_array(logits, "logits", caller)
    M = check_mask(M, caller)
    Q = check_array(Q, "Q", caller)
    for name, A in (("logits", z), ("Q", Q)):
        if A.shape != M.shape:
            raise invalid(name, caller, f"an array of the shape of M {M.shape}",
                          f"<array of shape {A.shape}>")
    if np.any(Q < 0) or np.any((Q * M).sum(1) <= 0):
        raise invalid("Q", caller, "a non-negative array with mass on every candidate set",
                      f"<array of shape {Q.shape}>")
    return z, M, Q


def marginal_nll(logits, M, Q) -> float:
    """Mean negative log of the confidence-weighted candidate mass (nats).

    .. math:: \\mathcal L(z) = -\\frac1B\\sum_i\\log\\sum_c P_{ic}Q_{ic}M_{ic}.

    ``logits``, ``M``, ``Q``: ``(B, C)``. Location: the papernotes.org summary of OpenReview m2MeiYOJED.
    """
    z, M, Q = _inputs(logits, M, Q, "marginal_nll")
    with np.errstate(over="ignore"):  # z - max z beyond -1.8e308: refused by _row_max
        lp = log_softmax(z, axis=1)
    w = Q * M
    with np.errstate(divide="ignore"):
        lw = np.where(w > 0, np.log(np.where(w > 0, w, 1.0)), -np.inf)
    m = _row_max(lp + lw, "marginal_nll")
    lse = m[:, 0] + np.log(np.exp(lp + lw - m).sum(1))
    return float(-lse.mean())


def _row_max(a: np.ndarray, caller: str) -> np.ndarray:
    """Row maxima of the candidate log-masses; -inf only when a row's logits spread beyond
    ~1.8e308 (z - max z overflowed): that sample's loss is not a float (was NaN)."""
    m = np.max(a, axis=1, keepdims=True)
    if np.any(m == -np.inf):
        raise invalid("logits", caller, "logits whose per-row spread over a candidate set is "
                      "below the float64 maximum (~1.8e308)", f"<array of shape {a.shape}>")
    return m


def marginal_nll_grad(logits, M, Q) -> np.ndarray:
    """Gradient of :func:`marginal_nll` in the logits, ``(B, C)``.

    .. math:: \\frac{\\partial\\mathcal L}{\\partial z_{ik}} = \\frac1B\\Big(P_{ik} -
              \\frac{P_{ik}Q_{ik}M_{ik}}{\\sum_c P_{ic}Q_{ic}M_{ic}}\\Big).

    Location: our derivation.
    """
    z, M, Q = _inputs(logits, M, Q, "marginal_nll_grad")
    with np.errstate(over="ignore"):
        P = softmax(z, axis=1)
    with np.errstate(under="ignore", over="ignore"):
        W = P * Q * M
        tot = W.sum(1, keepdims=True)
    R = np.divide(W, tot, out=np.zeros_like(W), where=tot > 0)
    # rows whose candidate mass under- or overflowed (saturated logits put P = 0 on the whole
    # candidate set: 0/0 was NaN) take the posterior by log-sum-exp
    bad = ~((tot[:, 0] >= np.finfo(float).tiny) & (tot[:, 0] < np.inf))
    if np.any(bad):
        w = Q[bad] * M[bad]
        with np.errstate(divide="ignore", over="ignore"):
            a = log_softmax(z[bad], axis=1) + np.where(w > 0, np.log(np.where(w > 0, w, 1.0)),
                                                       -np.inf)
        R[bad] = np.exp(a - _row_max(a, "marginal_nll_grad"))
        R[bad] /= R[bad].sum(1, keepdims=True)
    return (P - R) / z.shape[0]
