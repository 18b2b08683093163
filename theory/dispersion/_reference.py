"""Independent references for the dispersion claims (numpy only): the definitions summed pair
by pair, the released code's cosine-matrix formula, complex-step derivatives and the Monte Carlo
of the binning protocol. Kept apart from the closed forms they check."""

from __future__ import annotations

import math

import numpy as np
from scipy.stats import sem


def pair_sum_dispersion(E: np.ndarray) -> float:
    """Definition, pair by pair with ``math.fsum``: (N choose 2)^-1 Σ_{i<j} (1 − cos)."""
    E = np.asarray(E, dtype=float)
    N = E.shape[0]
    terms = []
    for i in range(N):
        for j in range(i + 1, N):
            c = float(E[i] @ E[j]) / (math.sqrt(float(E[i] @ E[i])) * math.sqrt(float(E[j] @ E[j])))
            terms.append(1.0 - c)
    return math.fsum(terms) / (N * (N - 1) / 2)


def step3_formula(E: np.ndarray) -> float:
    """The released ``step3`` formula, transcribed: normalise rows, cosine matrix, one minus the
    mean of its strict upper triangle (``torch.triu(..., diagonal=1)`` mask)."""
    E = np.asarray(E, dtype=float)
    U = E / np.linalg.norm(E, axis=1, keepdims=True)
    S = U @ U.T
    mask = np.triu(np.ones_like(S, dtype=bool), k=1)
    return float(1.0 - S[mask].mean())


def pair_sum_cross(A: np.ndarray, B: np.ndarray) -> float:
    """Cross dispersion, pair by pair with ``math.fsum``."""
    terms = []
    for a in np.asarray(A, float):
        for b in np.asarray(B, float):
            terms.append(1.0 - float(a @ b) / (math.sqrt(float(a @ a)) * math.sqrt(float(b @ b))))
    return math.fsum(terms) / len(terms)


def pair_loss_analytic(H: np.ndarray) -> complex:
    """L_aux = −(1/(B(B−1))) Σ_{i≠j} (1 − h̃_i·h̃_j), written without conjugates or abs so that
    it extends analytically to complex H (for the complex step)."""
    B = H.shape[0]
    U = H / np.sqrt(np.sum(H * H, axis=1))[:, None]
    S = U @ U.T
    off = S.sum() - np.trace(S)
    return -(B * (B - 1) - off) / (B * (B - 1))


def pair_loss_in_u(U: np.ndarray) -> complex:
    """The same loss as a function of unconstrained u (pair sum, the diagonal left out)."""
    B = U.shape[0]
    S = U @ U.T
    return -(B * (B - 1) - (S.sum() - np.trace(S))) / (B * (B - 1))


def complex_step_grad(f, X: np.ndarray, h: float = 1e-30) -> np.ndarray:
    """∂f/∂X_k = Im f(X + i h e_k) / h, entry by entry (no cancellation error)."""
    X = np.asarray(X, dtype=float)
    G = np.empty_like(X)
    for k in np.ndindex(X.shape):
        Z = X.astype(complex)
        Z[k] += 1j * h
        G[k] = np.imag(f(Z)) / h
    return G


def binning_monte_carlo(rho: float, G: int, n: int, reps: int, rng) -> tuple[float, float, float]:
    """Mean and standard error over ``reps`` of the group-mean correlation of bivariate normal
    (x, z) with correlation ρ, grouping by z in groups of G (no pick, no cut-off), and the s² of
    the groups. z is drawn once and sorted (the stable sort is then O(n)); x is redrawn."""
    from theory.dispersion._binning import binned_correlation

    z = np.sort(rng.standard_normal(n))
    rs, s2 = [], None
    for _ in range(reps):
        x = rho * z + math.sqrt(1 - rho**2) * rng.standard_normal(n)
        b = binned_correlation(x, z, group=G, uniform_pick=None)
        rs.append(b.r)
        s2 = b.s2
    rs = np.asarray(rs)
    return float(rs.mean()), float(sem(rs)), float(s2)
