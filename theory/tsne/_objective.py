"""The exact t-SNE objective KL(P || Q(Y)), its gradient, and stationary points (Def. 1)."""

from __future__ import annotations

import numpy as np
from scipy.optimize import minimize

from theory.validation import check_array, invalid

#: Tolerances on P's defining properties: |sum − 1| and max|P − Pᵀ| relative to max P.
P_SUM_TOL = 1e-9
P_SYM_TOL = 1e-12


def check_affinities(P, caller: str, *, name: str = "P") -> np.ndarray:
    """Validate t-SNE input affinities: square, non-negative, symmetric (to 1e-12 of max P),
    zero diagonal, summing to 1 (to 1e-9). The objective and its gradient assume all five: a
    P violating one gives a wrong gradient or a meaningless KL, so it is rejected."""
    P = check_array(P, name, caller)
    n = P.shape[0]
    if P.shape != (n, n):
        raise invalid(name, caller, "a square matrix", f"<array of shape {P.shape}>")
    if P.min() < 0 or abs(P.sum() - 1) > P_SUM_TOL:
        raise invalid(name, caller, "a non-negative matrix summing to 1",
                      f"<matrix with sum {P.sum():.12g} and min {P.min():.3g}>")
    asym = float(np.abs(P - P.T).max())
    if asym > P_SYM_TOL * max(float(P.max()), 1e-300):
        raise invalid(name, caller, "a symmetric matrix", f"<matrix with max|P - P.T| = "
                      f"{asym:.3g}>")
    if np.any(np.diag(P) != 0):
        raise invalid(name, caller, "a matrix with zero diagonal",
                      f"<matrix with max|diag| = {np.abs(np.diag(P)).max():.3g}>")
    return P


def _check_PY(P, Y, caller: str) -> tuple[np.ndarray, np.ndarray]:
    P = check_affinities(P, caller)
    Y = check_array(Y, "Y", caller)
    n = P.shape[0]
    if Y.shape[0] != n:
        raise invalid("Y", caller, f"an array with n = {n} rows", f"<array of shape {Y.shape}>")
    return P, Y


def student_kernel(Y) -> np.ndarray:
    r"""Unnormalised output affinities :math:`w_{ij} = (1 + \lVert y_i - y_j \rVert^2)^{-1}`,
    zero diagonal. ``Y`` has shape (n, d); returns shape (n, n)."""
    Y = np.asarray(Y, dtype=float)
    diff = Y[:, None, :] - Y[None, :, :]
    w = 1.0 / (1.0 + np.einsum("ijk,ijk->ij", diff, diff))
    np.fill_diagonal(w, 0.0)
    return w


def _scaled_kernel(Y):
    """Y scaled by 2**-k (exact) to max|Y| <= 1, the scaled squared distances ``ds2`` (so
    ``d2 = 4**k ds2``) and ``log w = -log(1 + d2)`` without overflow at any finite scale.

    Used where the direct kernel over/underflows (coordinates beyond ~1e154: ``d2`` is inf and
    every w is 0, so Q = 0/0 and the objective was NaN)."""
    Y = np.asarray(Y, dtype=float)
    k = int(np.frexp(np.abs(Y).max())[1])
    Ys = np.ldexp(Y, -k)
    diff = Ys[:, None, :] - Ys[None, :, :]
    ds2 = np.einsum("ijk,ijk->ij", diff, diff)
    with np.errstate(under="ignore"):
        eps = np.ldexp(1.0, -2 * k)  # 4**-k; 0 when k is large and then negligible
    with np.errstate(divide="ignore"):
        # 1 + d2 = 4**k (4**-k + ds2); for duplicates with eps = 0 the exact value is log 1 = 0
        logw = -(2 * k * np.log(2.0) + np.log(eps + ds2))
    logw[ds2 == 0] = 0.0
    np.fill_diagonal(logw, -np.inf)
    return Ys, k, ds2, eps, logw


def _kernel_in_range(w: np.ndarray) -> bool:
    off = ~np.eye(w.shape[0], dtype=bool)
    return bool(np.all(np.isfinite(w)) and np.all(w[off] >= np.finfo(float).tiny))


def output_affinities(Y) -> np.ndarray:
    r""":math:`Q_{ij} = w_{ij} / \sum_{k \ne l} w_{kl}` (Sec. 2). Shape (n, n).

    Where the kernel under/overflows (coordinates beyond ~1e154), Q is computed from
    :math:`\log w` by log-sum-exp instead (Q is then still a probability matrix, not 0/0)."""
    w = student_kernel(Y)
    if _kernel_in_range(w):
        return w / w.sum()
    *_, logw = _scaled_kernel(Y)
    from scipy.special import logsumexp
    return np.exp(logw - logsumexp(logw))


def kl_divergence(P, Y) -> float:
    r"""The t-SNE objective :math:`L_X(Y) = \sum_{i \ne j} P_{ij} \log(P_{ij}/Q_{ij})` in nats.

    .. math::
        L_X(Y) = \sum_{i \ne j} P_{ij} \log P_{ij} + \sum_{i\ne j} P_{ij} \log(1 + \lVert y_i - y_j\rVert^2)
                 + \log \sum_{k \ne l} (1 + \lVert y_k - y_l\rVert^2)^{-1},

    with :math:`0 \log 0 = 0`.

    Parameters
    ----------
    P : array of shape (n, n), symmetric, zero diagonal, sums to 1
    Y : array of shape (n, d)

    Returns
    -------
    float >= 0, nats.
    """
    P, Y = _check_PY(P, Y, "kl_divergence")
    w = student_kernel(Y)
    mask = P > 0
    if not _kernel_in_range(w):  # coordinates beyond ~1e154: the same sum from log w
        from scipy.special import logsumexp
        *_, logw = _scaled_kernel(Y)
        return float(np.sum(P[mask] * (np.log(P[mask]) - logw[mask])) + logsumexp(logw))
    # log Q = log w - log sum w, kept in this form so a tiny Q does not underflow.
    return float(np.sum(P[mask] * (np.log(P[mask]) - np.log(w[mask]))) + np.log(w.sum()))


def kl_gradient(P, Y) -> np.ndarray:
    r"""Gradient of the objective (standard; Sec. 2).

    .. math::
        \frac{\partial L}{\partial y_i} = 4 \sum_j (P_{ij} - Q_{ij})
            \frac{y_i - y_j}{1 + \lVert y_i - y_j \rVert^2}.

    Parameters
    ----------
    P : array of shape (n, n)
    Y : array of shape (n, d)

    Returns
    -------
    array of shape (n, d), nats per unit of y.
    """
    P, Y = _check_PY(P, Y, "kl_gradient")
    w = student_kernel(Y)
    if not _kernel_in_range(w):
        # w (y_i - y_j) = 2**-k (Ys_i - Ys_j) / (4**-k + ds2): scaled so nothing overflows
        Ys, k, ds2, eps, _ = _scaled_kernel(Y)
        with np.errstate(divide="ignore", over="ignore"):
            ws = np.where(ds2 > 0, 1.0 / (eps + ds2), 0.0)  # duplicates contribute 0
        np.fill_diagonal(ws, 0.0)
        M = (P - output_affinities(Y)) * ws
        with np.errstate(under="ignore"):
            return np.ldexp(_weighted_differences(M, Ys), -k)
    M = (P - w / w.sum()) * w
    return _weighted_differences(M, Y)


def _weighted_differences(M: np.ndarray, Y: np.ndarray) -> np.ndarray:
    r""":math:`4 \sum_j M_{ij} (y_i - y_j)`. The fast form ``M.sum * Y - M @ Y`` cancels
    catastrophically when a heavy pair (duplicates far from the rest: w = 1 against 1e-200) is
    weighted by large coordinates; where its rounding bound exceeds 1e-9 of the result, the
    differences are formed explicitly (same value to the rounding, no cancellation)."""
    g = 4.0 * (M.sum(axis=1)[:, None] * Y - M @ Y)
    absY = np.abs(Y)
    bound = 8 * np.finfo(float).eps * (np.abs(M).sum(axis=1)[:, None] * absY + np.abs(M) @ absY)
    if np.all(bound <= 1e-9 * np.abs(g).max()):
        return g
    return 4.0 * np.einsum("ij,ijk->ik", M, Y[:, None, :] - Y[None, :, :])


def stationary_point(P, Y0, *, gtol: float = 1e-7, max_iter: int = 20000):
    r"""A stationary point of :math:`L_X` (Def. 1) reached by L-BFGS from ``Y0``.

    Parameters
    ----------
    P : array of shape (n, n)
    Y0 : array of shape (n, d), the start
    gtol : float
        Target for :math:`\max_{i,k} |\partial L / \partial y_{ik}|`.

    Returns
    -------
    Y : array of shape (n, d)
    grad_max : float, the max-abs gradient reached (nats per unit of y)
    """
    P, Y0 = _check_PY(P, Y0, "stationary_point")
    shape = Y0.shape

    def fun(v):
        Y = v.reshape(shape)
        return kl_divergence(P, Y), kl_gradient(P, Y).ravel()

    Y = Y0.copy()
    for _ in range(5):  # L-BFGS stops on f-progress; restarts push the gradient down further
        res = minimize(fun, Y.ravel(), jac=True, method="L-BFGS-B",
                       options={"maxiter": max_iter, "gtol": gtol * 1e-2, "ftol": 0.0,
                                "maxcor": 30})
        Y = res.x.reshape(shape)
        g = np.abs(kl_gradient(P, Y)).max()
        if g <= gtol:
            break
    return Y, float(g)
