"""Independent references for the t-SNE claims (numpy/scipy only).

Each function recomputes a quantity of :mod:`theory.tsne` by another route, written from the
definition and sharing no code with it, so that a claim compares two computations instead of
one function with itself:

- :func:`reference_joint_probabilities`: P by Brent's method on each row's entropy, in
  :math:`\\beta` directly (no row-minimum trick, no Newton steps, no vectorisation);
- :func:`reference_silhouette`, :func:`reference_calinski_harabasz`: from coordinates, point by
  point, as Def. 2 and App. A.4 write them;
- :func:`hull_distance_nnls`: the distance from a point to a convex hull by scipy's NNLS on the
  simplex constraint as a heavily weighted row (Lawson-Hanson active set, not a conic solver).
"""

from __future__ import annotations

import numpy as np
from scipy.optimize import brentq, nnls
from scipy.special import logsumexp


def _row_entropy(d: np.ndarray, beta: float) -> float:
    """Entropy (nats) of softmax(-beta d), by log-sum-exp."""
    z = -beta * d
    lse = logsumexp(z)
    p = np.exp(z - lse)
    return float(lse - np.dot(p, z))


def reference_conditional(sq_dists: np.ndarray, perplexity: float) -> np.ndarray:
    """Row-conditional :math:`P_{j|i}` with :math:`\\exp H = \\rho` by Brent on each row.

    Only for :math:`1 < \\rho < n - 1` with distinct nearest distances (the interior, where the
    calibrated :math:`\\beta_i` is finite and positive).
    """
    D = np.asarray(sq_dists, dtype=float)
    n = D.shape[0]
    target = np.log(perplexity)
    P = np.zeros((n, n))
    for i in range(n):
        d = np.delete(D[i], i)
        d = d / d.max()  # beta is found in units of the row's largest distance

        hi = 1.0
        while _row_entropy(d, hi) > target:
            hi *= 2.0
        b = brentq(lambda b, d=d: _row_entropy(d, b) - target, 0.0, hi, xtol=1e-300,
                   rtol=4 * np.finfo(float).eps, maxiter=500)
        z = -b * d
        P[i, np.arange(n) != i] = np.exp(z - logsumexp(z))
    return P


def reference_joint_probabilities(sq_dists: np.ndarray, perplexity: float) -> np.ndarray:
    """Symmetrised :math:`(P_{j|i} + P_{i|j}) / (2n)` from :func:`reference_conditional`."""
    Pc = reference_conditional(sq_dists, perplexity)
    return (Pc + Pc.T) / (2 * Pc.shape[0])


def reference_silhouette(X, labels) -> float:
    """Mean silhouette (Def. 2) point by point from coordinates (Euclidean, unsquared)."""
    X = np.asarray(X, dtype=float)
    labels = np.asarray(labels)
    total = 0.0
    for i in range(len(X)):
        d = np.sqrt(((X - X[i]) ** 2).sum(axis=1))
        own = labels == labels[i]
        a = d[own].sum() / (own.sum() - 1)
        b = min(d[labels == c].mean() for c in np.unique(labels) if c != labels[i])
        m = max(a, b)
        total += (b - a) / m if m > 0 else 0.0
    return total / len(X)


def reference_calinski_harabasz(X, labels) -> float:
    """CH = (B/(k−1)) / (W/(n−k)) from centroids (App. A.4); ``nan`` when W = 0."""
    X = np.asarray(X, dtype=float)
    labels = np.asarray(labels)
    mu = X.mean(axis=0)
    B = W = 0.0
    ks = np.unique(labels)
    for c in ks:
        Z = X[labels == c]
        mc = Z.mean(axis=0)
        B += len(Z) * ((mc - mu) ** 2).sum()
        W += ((Z - mc) ** 2).sum()
    n, k = len(X), len(ks)
    return (B / (k - 1)) / (W / (n - k)) if W > 0 else float("nan")


def hull_distance_nnls(x, A, weight: float = 1e6) -> float:
    """Distance from x to conv(A): NNLS on ``[A^T; w 1^T] λ ≈ [x; w]`` with λ ≥ 0.

    The heavily weighted row enforces Σλ = 1 to about 1/w²; the data are centred and scaled to
    unit size first.
    """
    x = np.asarray(x, dtype=float)
    A = np.asarray(A, dtype=float)
    centre = A.mean(axis=0)
    scale = max(np.abs(A - centre).max(), np.abs(x - centre).max(), 1e-300)
    As, xs = (A - centre) / scale, (x - centre) / scale
    M = np.vstack([As.T, weight * np.ones(len(A))])
    lam, _ = nnls(M, np.r_[xs, weight], maxiter=50 * len(A))
    lam /= lam.sum()
    return float(np.linalg.norm(As.T @ lam - xs) * scale)
