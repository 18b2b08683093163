"""Closed forms between Gaussians: CS divergence (conventions A and B), KL, Bhattacharyya and
MMD², all in nats (MMD² is a squared RKHS norm, unitless).

Paper: Liu et al., *Cauchy–Schwarz fairness regularizer* (arXiv 2512.09467), abstract: "under a
Gaussian comparison CS gives a tighter bound than KL, MMD and the mean disparity". The closed
forms are our derivations (Gaussian integrals), checked against quadrature in the claims.
"""

from __future__ import annotations

import numpy as np
from scipy import linalg

from theory.validation import Interval, Options, check_param, invalid


def real_array(x, name: str, caller: str) -> np.ndarray:
    """``x`` as a float64 array; strings, complex numbers and objects are refused (numpy would
    parse ``"1"`` silently and drop an imaginary part), float16/float32 are upcast exactly."""
    a = np.asarray(x)
    if a.dtype.kind not in "biuf":
        raise invalid(name, caller, "real numbers (not strings, complex or objects)",
                      f"<array of dtype {a.dtype}>")
    return a.astype(np.float64)


def as_gaussian(m, S, name: str, caller: str) -> tuple[np.ndarray, np.ndarray]:
    """Validate a mean and covariance; scalars mean a 1-D Gaussian and ``S`` is its variance."""
    m = np.atleast_1d(real_array(m, f"m for {name}", caller))
    S = real_array(S, name, caller)
    if m.ndim != 1:
        raise invalid(f"m for {name}", caller, "a scalar or a 1-D mean vector",
                      f"<array of shape {m.shape}>")
    if S.ndim == 0:
        S = S.reshape(1, 1)
    if S.shape != (m.size, m.size):
        raise invalid(name, caller, f"a ({m.size}, {m.size}) covariance matrix",
                      f"<array of shape {S.shape}>")
    if not (np.all(np.isfinite(m)) and np.all(np.isfinite(S))):
        raise invalid(name, caller, "finite (no NaN or inf) together with its mean",
                      "<non-finite values>")
    # symmetry up to rounding relative to the matrix scale, then symmetrised
    if (np.abs(S - S.T).max() > 1e-10 * np.abs(S).max()
            or np.linalg.eigvalsh((S + S.T) / 2).min() <= 0):
        raise invalid(name, caller, "symmetric positive definite", f"<matrix {S.tolist()}>")
    return m, (S + S.T) / 2


def _same_dim(m1, m2, caller):
    if m1.size != m2.size:
        raise invalid("m2", caller, f"of the same dimension as m1 ({m1.size})",
                      f"<dimension {m2.size}>")


def _to_unit_scale(m1, S1, m2, S2):
    """The pair under the map x -> x / c, c a power of two that brings the covariances' entries
    near 1, when they are far from it (outside [2^-200, 2^200]; ordinary inputs pass as given,
    bit for bit). KL, the CS divergence and the Bhattacharyya distance are invariant under an
    invertible affine map of both Gaussians, and scaling by a power of two is exact: with
    subnormal covariance entries (~1e-310) the solves overflowed (KL was inf, D_A 1e-4 off)."""
    big = max(np.abs(S1).max(), np.abs(S2).max())
    e = int(np.frexp(big)[1])
    if -200 <= e <= 200:
        return m1, S1, m2, S2
    half = e // 2
    return (np.ldexp(m1, -half), np.ldexp(S1, -2 * half), np.ldexp(m2, -half),
            np.ldexp(S2, -2 * half))


def cs_divergence_gaussian(m1, S1, m2, S2, *, convention: str = "A") -> float:
    r"""Cauchy–Schwarz divergence between :math:`N(m_1, S_1)` and :math:`N(m_2, S_2)`, in nats.

    .. math::
        D_A = -\log\frac{(\int pq)^2}{\int p^2\int q^2}
            = \Delta^\top (S_1+S_2)^{-1} \Delta + \log\frac{|(S_1+S_2)/2|}{\sqrt{|S_1||S_2|}},
        \qquad D_B = D_A / 2,

    with :math:`\Delta = m_1 - m_2`, from :math:`\int pq = N(m_1; m_2, S_1+S_2)` and
    :math:`\int p^2 = (4\pi)^{-d/2}|S_1|^{-1/2}`. Computed as a sum of non-negative terms (the
    Mahalanobis part from a Cholesky factor, the log-det part per eigenvalue of
    :math:`S_2^{-1}S_1` with ``log1p``), so it is never below 0 and keeps its relative accuracy
    for near-equal pairs (a difference of log-determinants loses it).

    Parameters
    ----------
    m1, m2 : float or array, shape (d,)
    S1, S2 : float or array, shape (d, d)
        Covariances (symmetric positive definite); for 1-D pass the variances as scalars.
    convention : {"A", "B"}
        "A" (Principe / Yu et al.) or "B" = A/2 (Kampa et al. 2011).

    Returns
    -------
    float
        The divergence in nats.

    References
    ----------
    Our derivation (the paper's own theorem text is not public).

    Examples
    --------
    Equal covariances: D_CS = ½Δ²/s² = KL.

    >>> from theory.fairness import cs_divergence_gaussian, kl_gaussian
    >>> cs_divergence_gaussian(0.0, 2.0, 1.5, 2.0)
    0.5625

    A narrow p far from q: convention A exceeds KL(p‖q), convention B (half of it) does not.

    >>> round(cs_divergence_gaussian(0.0, 0.01, 3.0, 1.0), 6)
    10.530279
    >>> round(float(kl_gaussian(0.0, 0.01, 3.0, 1.0)), 6)
    6.307585
    >>> round(cs_divergence_gaussian(0.0, 0.01, 3.0, 1.0, convention="B"), 6)
    5.26514
    """
    caller = "cs_divergence_gaussian"
    check_param("convention", convention, Options("A", "B"), caller)
    m1, S1 = as_gaussian(m1, S1, "S1", caller)
    m2, S2 = as_gaussian(m2, S2, "S2", caller)
    _same_dim(m1, m2, caller)
    m1, S1, m2, S2 = _to_unit_scale(m1, S1, m2, S2)
    d_a = _maha_sum(m1 - m2, S1 + S2) + float(np.sum(_ell(S1, S2)))
    return d_a if convention == "A" else d_a / 2


def _maha_sum(delta: np.ndarray, Ssum: np.ndarray) -> float:
    """Δᵀ(S1+S2)⁻¹Δ through a Cholesky factor: a sum of squares, never negative."""
    z = linalg.solve_triangular(linalg.cholesky(Ssum, lower=True), delta, lower=True)
    return float(z @ z)


def _ell(S1: np.ndarray, S2: np.ndarray) -> np.ndarray:
    r"""Per-eigenvalue log-det terms :math:`\ell(\lambda)=\log\frac{1+\lambda}{2\sqrt\lambda}`,
    λ the eigenvalues of :math:`S_2^{-1}S_1`, computed without cancellation.

    μ = λ − 1 comes from the pencil (S1 − S2, S2) (S1 − S2 is exact for near-equal inputs),
    and :math:`\ell = \operatorname{log1p}\big(\mu^2 / (2\sqrt\lambda(1+\sqrt\lambda)^2)\big)
    \ge 0`, since :math:`(1+\lambda)/(2\sqrt\lambda) - 1 = (\sqrt\lambda-1)^2/(2\sqrt\lambda)`.
    """
    mu = linalg.eigh(S1 - S2, S2, eigvals_only=True)  # ascending, like λ
    lam = linalg.eigh(S1, S2, eigvals_only=True)
    near = np.abs(mu) < 0.5
    # near 1: μ carries the digits that λ − 1 would cancel; far from 1 (down to λ = 1e-300,
    # where 1 + μ rounds to 0) λ itself is accurate and the direct form has no cancellation
    r = np.sqrt(np.where(near, 1.0 + mu, 1.0))
    lam = np.where(near, 1.0, np.maximum(lam, np.finfo(np.float64).tiny))
    direct = np.log1p(lam) - np.log(2.0) - 0.5 * np.log(lam)
    return np.where(near, np.log1p(mu * mu / (2.0 * r * (1.0 + r) ** 2)),
                    np.maximum(direct, 0.0))


def kl_gaussian(m1, S1, m2, S2) -> float:
    r""":math:`KL(N(m_1,S_1) \| N(m_2,S_2))` in nats.

    .. math::
        \tfrac12\big[\operatorname{tr}(S_2^{-1}S_1) + \Delta^\top S_2^{-1}\Delta - d
        + \log|S_2| - \log|S_1|\big].

    Shapes as in :func:`cs_divergence_gaussian`. Standard; used for the KL comparison claims
    of :mod:`theory.fairness.claims_bounds`.

    Examples
    --------
    >>> from theory.fairness import kl_gaussian
    >>> float(kl_gaussian(0.0, 2.0, 1.5, 2.0))
    0.5625
    >>> round(float(kl_gaussian(0.0, 1.0, 0.0, 4.0)), 6)
    0.318147
    """
    caller = "kl_gaussian"
    m1, S1 = as_gaussian(m1, S1, "S1", caller)
    m2, S2 = as_gaussian(m2, S2, "S2", caller)
    _same_dim(m1, m2, caller)
    m1, S1, m2, S2 = _to_unit_scale(m1, S1, m2, S2)
    delta = m1 - m2
    d = m1.size
    tr = float(np.trace(np.linalg.solve(S2, S1)))
    maha = float(delta @ np.linalg.solve(S2, delta))
    return 0.5 * (tr + maha - d + np.linalg.slogdet(S2)[1] - np.linalg.slogdet(S1)[1])


def bhattacharyya_gaussian(m1, S1, m2, S2) -> float:
    r"""Bhattacharyya distance :math:`-\log\int\sqrt{pq}` between two Gaussians, in nats.

    .. math::
        B = \tfrac18 \Delta^\top \bar S^{-1}\Delta
            + \tfrac12\log\frac{|\bar S|}{\sqrt{|S_1||S_2|}}, \qquad \bar S = (S_1+S_2)/2,

    so that :math:`D_A = 4\cdot(\text{Mahalanobis part}) + 2\cdot(\text{log-det part})` and
    :math:`2B \le D_A \le 4B` (our derivation).
    """
    caller = "bhattacharyya_gaussian"
    m1, S1 = as_gaussian(m1, S1, "S1", caller)
    m2, S2 = as_gaussian(m2, S2, "S2", caller)
    _same_dim(m1, m2, caller)
    m1, S1, m2, S2 = _to_unit_scale(m1, S1, m2, S2)
    delta = m1 - m2
    Sbar = (S1 + S2) / 2
    maha = float(delta @ np.linalg.solve(Sbar, delta))
    logdet = (np.linalg.slogdet(Sbar)[1]
              - 0.5 * np.linalg.slogdet(S1)[1] - 0.5 * np.linalg.slogdet(S2)[1])
    return maha / 8 + 0.5 * float(logdet)


def mmd2_gaussian(m1, S1, m2, S2, h: float) -> float:
    r"""Squared MMD between two Gaussians for the kernel :math:`k(x,y)=e^{-\|x-y\|^2/(2h^2)}`.

    With :math:`E\,k(X,Y) = |I + (S_X+S_Y)/h^2|^{-1/2}
    \exp(-\tfrac12 \Delta^\top (h^2 I + S_X + S_Y)^{-1}\Delta)` for independent Gaussians,

    .. math::
        \mathrm{MMD}^2 = E k(X,X') + E k(Y,Y') - 2 E k(X,Y),

    which in 1-D is :math:`h/\sqrt{h^2+2s_1^2} + h/\sqrt{h^2+2s_2^2}
    - 2h/\sqrt{h^2+s_1^2+s_2^2}\,e^{-\Delta^2/(2(h^2+s_1^2+s_2^2))}` (our derivation).
    Unitless (squared RKHS norm, kernel normalised to k(x,x) = 1).
    """
    caller = "mmd2_gaussian"
    check_param("h", h, Interval(0, None, "neither"), caller)
    m1, S1 = as_gaussian(m1, S1, "S1", caller)
    m2, S2 = as_gaussian(m2, S2, "S2", caller)
    _same_dim(m1, m2, caller)
    eye = np.eye(m1.size)

    def ek(delta, S):
        logdet = np.linalg.slogdet(eye + S / h**2)[1]
        return float(np.exp(-0.5 * logdet - 0.5 * delta @ np.linalg.solve(h**2 * eye + S, delta)))

    zero = np.zeros_like(m1)
    return ek(zero, 2 * S1) + ek(zero, 2 * S2) - 2 * ek(m1 - m2, S1 + S2)
