"""The t-SNE input affinities P of the paper, shift-invariant in float64."""

from __future__ import annotations

import numpy as np

from theory.validation import check_array, invalid


def _row_entropy(d_shift: np.ndarray, beta: float) -> tuple[float, np.ndarray]:
    w = np.exp(-beta * d_shift)
    s = w.sum()
    p = w / s
    # H = log s + beta * <p, d>; the shift by the row minimum cancels in p.
    return float(np.log(s) + beta * np.dot(p, d_shift)), p


def conditional_probabilities(sq_dists, perplexity: float, *, tol: float = 1e-13,
                              max_iter: int = 200) -> np.ndarray:
    r"""Row-stochastic :math:`P_{j|i}` with each row's Gaussian calibrated to the perplexity.

    .. math::
        P_{j|i} = \frac{\exp(-\beta_i (D_{ij} - \min_k D_{ik}))}
                       {\sum_{k \ne i} \exp(-\beta_i (D_{ik} - \min_k D_{ik}))},
        \qquad H(P_{\cdot|i}) = \log \rho \ \text{(nats)}.

    Subtracting the row minimum before exponentiating makes P invariant, to the rounding of the
    input itself, under adding a constant to every off-diagonal squared distance (Lemma 17):
    the factor :math:`e^{-\beta C}` cancels exactly instead of underflowing.
    """
    D = check_array(sq_dists, "sq_dists", "joint_probabilities")
    n = D.shape[0]
    if D.shape != (n, n):
        raise invalid("sq_dists", "joint_probabilities", "a square matrix",
                      f"<array of shape {D.shape}>")
    if not (1 < perplexity < n - 1):
        raise invalid("perplexity", "joint_probabilities", f"in (1, n-1) = (1, {n - 1})",
                      perplexity)
    target = np.log(perplexity)
    P = np.zeros((n, n))
    for i in range(n):
        d = np.delete(D[i], i)
        d = d - d.min()
        lo, hi, beta = 0.0, np.inf, 1.0 / max(np.median(d[d > 0]) if np.any(d > 0) else 1.0,
                                             1e-300)
        for _ in range(max_iter):
            H, p = _row_entropy(d, beta)
            if abs(H - target) <= tol:
                break
            if H > target:
                lo = beta
                beta = beta * 2 if hi == np.inf else (beta + hi) / 2
            else:
                hi = beta
                beta = (beta + lo) / 2
        P[i, np.arange(n) != i] = p
    return P


def joint_probabilities(sq_dists, perplexity: float) -> np.ndarray:
    r"""Symmetrised affinities :math:`P_{ij} = (P_{i|j} + P_{j|i}) / (2n)` (Sec. 2 of the paper).

    Parameters
    ----------
    sq_dists : array of shape (n, n)
        Squared Euclidean distances (zero diagonal).
    perplexity : float in (1, n - 1)

    Returns
    -------
    P : array of shape (n, n), symmetric, zero diagonal, sums to 1.
    """
    Pc = conditional_probabilities(sq_dists, perplexity)
    return (Pc + Pc.T) / (2 * Pc.shape[0])
