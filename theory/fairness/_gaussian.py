"""Closed forms between Gaussians: CS divergence (conventions A and B) and KL, in nats."""

from __future__ import annotations

import numpy as np

from theory.validation import Options, check_param, invalid


def _as_gaussian(m, S, name, caller):
    m = np.atleast_1d(np.asarray(m, dtype=np.float64))
    S = np.asarray(S, dtype=np.float64)
    if S.ndim == 0:
        S = S.reshape(1, 1)
    if S.shape != (m.size, m.size):
        raise invalid(name, caller, f"a ({m.size}, {m.size}) covariance matrix",
                      f"<array of shape {S.shape}>")
    if not np.allclose(S, S.T) or np.linalg.eigvalsh(S).min() <= 0:
        raise invalid(name, caller, "symmetric positive definite", f"<matrix {S.tolist()}>")
    return m, S


def cs_divergence_gaussian(m1, S1, m2, S2, *, convention: str = "A") -> float:
    r"""Cauchy–Schwarz divergence between :math:`N(m_1, S_1)` and :math:`N(m_2, S_2)` in nats.

    .. math::
        D_A = \Delta^\top (S_1+S_2)^{-1} \Delta + \log\frac{|(S_1+S_2)/2|}{\sqrt{|S_1||S_2|}},
        \qquad D_B = D_A / 2,

    with :math:`\Delta = m_1 - m_2`; convention A is :math:`-\log[(\int pq)^2/(\int p^2\int q^2)]`.
    For 1-D pass scalars: ``S1`` and ``S2`` are variances.

    References
    ----------
    cs_fairness.md §1 (derived from ∫pq = N(m1; m2, S1+S2), ∫p² = (4π)^{-d/2}|S|^{-1/2}).
    """
    check_param("convention", convention, Options("A", "B"), "cs_divergence_gaussian")
    m1, S1 = _as_gaussian(m1, S1, "S1", "cs_divergence_gaussian")
    m2, S2 = _as_gaussian(m2, S2, "S2", "cs_divergence_gaussian")
    delta = m1 - m2
    Ssum = S1 + S2
    maha = float(delta @ np.linalg.solve(Ssum, delta))
    logdet = (np.linalg.slogdet(Ssum / 2)[1]
              - 0.5 * np.linalg.slogdet(S1)[1] - 0.5 * np.linalg.slogdet(S2)[1])
    d_a = maha + float(logdet)
    return d_a if convention == "A" else d_a / 2


def kl_gaussian(m1, S1, m2, S2) -> float:
    r""":math:`KL(N(m_1,S_1) \| N(m_2,S_2))` in nats.

    .. math::
        \tfrac12\big[\operatorname{tr}(S_2^{-1}S_1) + \Delta^\top S_2^{-1}\Delta - d
        + \log|S_2| - \log|S_1|\big].
    """
    m1, S1 = _as_gaussian(m1, S1, "S1", "kl_gaussian")
    m2, S2 = _as_gaussian(m2, S2, "S2", "kl_gaussian")
    delta = m1 - m2
    d = m1.size
    tr = float(np.trace(np.linalg.solve(S2, S1)))
    maha = float(delta @ np.linalg.solve(S2, delta))
    return 0.5 * (tr + maha - d + np.linalg.slogdet(S2)[1] - np.linalg.slogdet(S1)[1])
