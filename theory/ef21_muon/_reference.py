"""Independent convex solves (cvxpy, CLARABEL) used by the claims: the linear problem over a norm
ball, the dual norm as its optimum, and the sharp operator's concave problem."""

from __future__ import annotations

import cvxpy as cp
import numpy as np


def _norm_expr(Z, norm: str):
    if norm == "spectral":
        return cp.sigma_max(Z)
    if norm == "linf":
        return cp.max(cp.abs(Z))
    if norm == "l1":
        return cp.sum(cp.abs(Z))
    if norm == "fro":
        return cp.norm(Z, "fro")
    if norm == "colnorm":
        return cp.max(cp.norm(Z, 2, axis=0))
    raise ValueError(norm)


def lmo_cvxpy(G: np.ndarray, norm: str) -> tuple[np.ndarray, float]:
    """``argmin ⟨G, Z⟩ s.t. ‖Z‖ ≤ 1`` and its optimal value, by CLARABEL."""
    Z = cp.Variable(G.shape)
    prob = cp.Problem(cp.Minimize(cp.sum(cp.multiply(G, Z))), [_norm_expr(Z, norm) <= 1])
    prob.solve(solver=cp.CLARABEL)
    return np.asarray(Z.value), float(prob.value)


def sharp_cvxpy(G: np.ndarray, norm: str) -> tuple[np.ndarray, float]:
    """``argmax ⟨G, X⟩ − ½‖X‖²`` and its optimal value, by CLARABEL."""
    X = cp.Variable(G.shape)
    prob = cp.Problem(cp.Maximize(cp.sum(cp.multiply(G, X)) - 0.5 * cp.square(_norm_expr(X, norm))))
    prob.solve(solver=cp.CLARABEL)
    return np.asarray(X.value), float(prob.value)
