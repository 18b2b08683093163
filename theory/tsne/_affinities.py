"""The t-SNE input affinities P of the paper, shift-invariant in float64.

Every row is calibrated at once (vectorised safeguarded Newton on :math:`\\log\\beta_i`, with a
bisection bracket as the fallback), to :math:`|H(P_{\\cdot|i}) - \\log\\rho| \\le 10^{-13}` nats.
"""

from __future__ import annotations

import numpy as np
from scipy.spatial.distance import cdist

from theory.validation import check_array, invalid

#: Calibration tolerance on each row's entropy, in nats.
ENTROPY_TOL = 1e-13
#: Squared distances within ``TIE_RTOL`` times the row's smallest one of that smallest one are
#: ties (about 4500 ulps). Rounding makes mathematically equal distances differ by a few ulps
#: (the centroid of 100 points with non-dyadic coordinates has 45 distinct distances to them);
#: in the σ = 0 limit (always at perplexity 1) the row is uniform on its nearest neighbours, a
#: discontinuous function of D, so without a tolerance those ulps would choose the neighbours.
TIE_RTOL = 1e-12


def check_sq_dists(sq_dists, caller: str) -> np.ndarray:
    """Validate a squared-distance matrix: square, symmetric, zero diagonal, non-negative."""
    D = check_array(sq_dists, "sq_dists", caller)
    n = D.shape[0]
    if D.shape != (n, n) or n < 3:
        raise invalid("sq_dists", caller, "a square matrix with at least 3 rows",
                      f"<array of shape {D.shape}>")
    scale = max(float(np.abs(D).max()), 1e-300)
    if np.abs(D - D.T).max() > 1e-12 * scale:
        raise invalid("sq_dists", caller, "a symmetric matrix",
                      f"<matrix with max|D - D.T| = {np.abs(D - D.T).max():.3g}>")
    if np.abs(np.diag(D)).max() > 0:
        raise invalid("sq_dists", caller, "a matrix with zero diagonal",
                      f"<matrix with max|diag| = {np.abs(np.diag(D)).max():.3g}>")
    if D.min() < 0:
        raise invalid("sq_dists", caller, "a matrix of non-negative squared distances",
                      f"<matrix with min entry {D.min():.3g}>")
    return D


def _check_perplexity(perplexity, n: int, caller: str) -> float:
    if isinstance(perplexity, bool | np.bool_):  # float(True) would silently be 1
        raise invalid("perplexity", caller, f"a float in [1, n-1] = [1, {n - 1}]", perplexity)
    try:
        rho = float(perplexity)
    except (TypeError, ValueError):
        raise invalid("perplexity", caller, f"a float in [1, n-1] = [1, {n - 1}]",
                      f"<{type(perplexity).__name__}>") from None
    if not (np.isfinite(rho) and 1.0 <= rho <= n - 1):
        raise invalid("perplexity", caller, f"a float in [1, n-1] = [1, {n - 1}]", perplexity)
    return rho


def _off_diagonal(D: np.ndarray) -> np.ndarray:
    n = D.shape[0]
    return D[~np.eye(n, dtype=bool)].reshape(n, n - 1)


def _entropy_terms(d: np.ndarray, beta: np.ndarray):
    """Row entropies (nats), their derivative in log beta, and the rows of P_{.|i}."""
    w = np.exp(-beta[:, None] * d)
    s = w.sum(axis=1)
    p = w / s[:, None]
    mean = (p * d).sum(axis=1)
    var = np.maximum((p * (d - mean[:, None]) ** 2).sum(axis=1), 0.0)
    # H = log s + beta <p, d>; d >= 0 with a zero per row, so s >= 1 and nothing overflows.
    return np.log(s) + beta * mean, -beta * beta * var, p


def calibrate(sq_dists, perplexity: float, *, tol: float = ENTROPY_TOL, max_iter: int = 200):
    r"""Per-row precisions :math:`\beta_i = 1/(2\sigma_i^2)` and conditional affinities.

    .. math::
        P_{j|i} = \frac{e^{-\beta_i (D_{ij} - m_i)}}{\sum_{k \ne i} e^{-\beta_i (D_{ik} - m_i)}},
        \quad m_i = \min_{k \ne i} D_{ik},
        \qquad H(P_{\cdot|i}) = -\sum_j P_{j|i} \log P_{j|i} = \log \rho \ \text{(nats)}.

    The paper (Sec. 2, Lemma 14) calibrates in bits against :math:`\log_2 \rho`; that is the same
    equation. :math:`H` falls strictly from :math:`\log(n-1)` at :math:`\beta=0` to
    :math:`\log|\arg\min_k D_{ik}|` as :math:`\beta\to\infty`. Where :math:`\log\rho` is at or
    below that limit (always at :math:`\rho = 1`), the minimiser of :math:`|H - \log\rho|` is
    :math:`\sigma_i = 0` and the row is the limit: uniform on the nearest neighbours (Lemma 20),
    reported as :math:`\beta_i = \infty`. Nearest neighbours are those with
    :math:`D_{ik} - m_i \le 10^{-12} m_i` (``TIE_RTOL``): distances that are equal up to the
    rounding of their computation are ties, not a choice made by the last bits.

    Parameters
    ----------
    sq_dists : array of shape (n, n)
        Squared Euclidean distances; symmetric, zero diagonal, non-negative; n >= 3.
    perplexity : float in [1, n - 1]
    tol : float
        Tolerance on each row's entropy, in nats.

    Returns
    -------
    beta : array of shape (n,)
        Precisions in units of 1/(squared distance); ``inf`` for the sigma = 0 limit.
    P_cond : array of shape (n, n)
        Row-stochastic conditional affinities :math:`P_{j|i}` with zero diagonal.
    """
    D = check_sq_dists(sq_dists, "joint_probabilities")
    n = D.shape[0]
    rho = _check_perplexity(perplexity, n, "joint_probabilities")
    target = np.log(rho)
    d = _off_diagonal(D)
    # Subtracting the row minimum makes e^{-beta C} cancel exactly (Lemma 17) instead of
    # underflowing once beta*C > ~700 as in implementations that exponentiate D itself.
    m = d.min(axis=1, keepdims=True)
    d = d - m
    # near-ties are ties (TIE_RTOL): snapped to 0 so that the limit row is exactly uniform
    d[d <= TIE_RTOL * m] = 0.0
    ties = (d == 0).sum(axis=1)
    limit = target <= np.log(ties) + tol
    beta = np.full(n, np.inf)
    p = np.zeros_like(d)
    p[limit] = (d[limit] == 0) / ties[limit, None]
    # rho = n - 1 is H at beta = 0 (the maximum): sigma = infinity, every row uniform.
    uniform = ~limit & (rho == n - 1)
    beta[uniform], p[uniform] = 0.0, 1.0 / (n - 1)
    rows = np.flatnonzero(~limit & ~uniform)
    if rows.size:
        # Solve on d scaled by a power of two (exact) to max 1: the Newton step squares beta and
        # d, which over/underflows for distances near 1e+-300 (NaN or a wrong P). The iteration is
        # scale-covariant, so within range the path, P and beta are bit-identical to unscaled.
        k = int(np.frexp(d[rows].max())[1])
        ds = np.ldexp(d[rows], -k)
        bs = _solve_rows(ds, target, tol, max_iter)
        _, _, p[rows] = _entropy_terms(ds, bs)
        with np.errstate(over="ignore", under="ignore"):
            beta[rows] = np.ldexp(bs, -k)
        if not np.all(np.isfinite(beta[rows]) & (beta[rows] > 0)):
            raise invalid("sq_dists", "joint_probabilities", "squared distances whose "
                          "calibrated precisions beta = 1/(2 sigma^2) are finite and positive "
                          "in float64", f"<matrix with max entry {D.max():.3g}>")
    P = np.zeros((n, n))
    P[~np.eye(n, dtype=bool)] = p.ravel()
    return beta, P


def _solve_rows(d: np.ndarray, target: float, tol: float, max_iter: int) -> np.ndarray:
    m = d.shape[0]
    spread = np.array([np.mean(r[r > 0]) for r in d])
    beta = 1.0 / spread  # scale-covariant start, so scaled inputs give exactly scaled paths
    lo, hi = np.zeros(m), np.full(m, np.inf)
    active = np.ones(m, dtype=bool)
    for _ in range(max_iter):
        idx = np.flatnonzero(active)
        if idx.size == 0:
            break
        b = beta[idx]
        H, dH, _ = _entropy_terms(d[idx], b)
        err = H - target
        done = np.abs(err) <= tol
        high = err > 0  # entropy too high: beta too small
        lo[idx] = np.where(high, b, lo[idx])
        hi[idx] = np.where(high, hi[idx], b)
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            newton = b * np.exp(np.clip(-err / dH, -50.0, 50.0))
        inside = np.isfinite(newton) & (newton > lo[idx]) & (newton < hi[idx])
        bisect = np.where(np.isinf(hi[idx]), 2.0 * b,
                          np.where(lo[idx] == 0, 0.5 * b, np.sqrt(lo[idx] * hi[idx])))
        new = np.where(inside, newton, bisect)
        stalled = np.isfinite(hi[idx]) & (hi[idx] - lo[idx] <= 4 * np.finfo(float).eps * hi[idx])
        beta[idx] = np.where(done | stalled, b, new)
        active[idx] = ~(done | stalled)
    return beta


def conditional_probabilities(sq_dists, perplexity: float) -> np.ndarray:
    r"""Row-stochastic :math:`P_{j|i}` with each row's Gaussian calibrated to the perplexity.

    .. math::
        P_{j|i} = \frac{\exp(-\beta_i (D_{ij} - \min_k D_{ik}))}
                       {\sum_{k \ne i} \exp(-\beta_i (D_{ik} - \min_k D_{ik}))},
        \qquad H(P_{\cdot|i}) = \log \rho \ \text{(nats)}.

    Subtracting the row minimum before exponentiating makes P invariant, to the rounding of the
    input itself, under adding a constant to every off-diagonal squared distance (Lemma 17).

    Parameters
    ----------
    sq_dists : array of shape (n, n)
    perplexity : float in [1, n - 1]

    Returns
    -------
    P_cond : array of shape (n, n), rows sum to 1, zero diagonal.
    """
    return calibrate(sq_dists, perplexity)[1]


def joint_probabilities(sq_dists, perplexity: float) -> np.ndarray:
    r"""Symmetrised affinities :math:`P_{ij} = (P_{i|j} + P_{j|i}) / (2n)` (Sec. 2 of the paper).

    .. math::
        P_{ij} = \frac{P_{j|i}(\sigma_i^*) + P_{i|j}(\sigma_j^*)}{2n}, \qquad
        H(P_{\cdot|i}(\sigma_i^*)) = \log\rho \ \text{(nats)}.

    Parameters
    ----------
    sq_dists : array of shape (n, n)
        Squared Euclidean distances (symmetric, zero diagonal, non-negative).
    perplexity : float in [1, n - 1]
        At 1 every row is uniform on its nearest neighbours (Lemma 20; distances within
        ``TIE_RTOL`` = 1e-12 of the nearest, relative to it, are ties); at n - 1 uniform.

    Returns
    -------
    P : array of shape (n, n), symmetric, zero diagonal, sums to 1.

    Examples
    --------
    >>> import numpy as np
    >>> from theory.tsne import joint_probabilities, sq_distances
    >>> X = np.random.default_rng(0).normal(size=(30, 4))
    >>> D = sq_distances(X)
    >>> P = joint_probabilities(D, 5.0)
    >>> round(float(P.sum()), 12), bool(np.allclose(P, P.T))
    (1.0, True)
    >>> off = ~np.eye(30, dtype=bool)
    >>> bool(np.abs(joint_probabilities(D + 7.0 * off, 5.0) - P).max() < 1e-15)
    True
    """
    Pc = conditional_probabilities(sq_dists, perplexity)
    return (Pc + Pc.T) / (2 * Pc.shape[0])


def sq_distances(X) -> np.ndarray:
    r"""Squared Euclidean distance matrix :math:`D_{ij} = \lVert x_i - x_j \rVert^2`.

    Computed from coordinate differences (not the Gram trick) so that the error is relative to
    each entry; exact zeros on the diagonal. ``X`` has shape (n, p); returns shape (n, n).
    """
    X = check_array(X, "X", "sq_distances")
    D = cdist(X, X, "sqeuclidean")
    if not np.all(np.isfinite(D)):
        raise invalid("X", "sq_distances", "coordinates whose squared distances are finite in "
                      "float64 (differences below ~1e154)",
                      f"<array with max|x| = {np.abs(X).max():.3g}>")
    return D
