"""Relational graphs over graphs (numpy): prototype-guided spatial scores, spectral scores,
top-k among candidate-overlapping pairs, and purity (our reconstruction of the papernotes.org summary).
"""

from __future__ import annotations

import numpy as np

from theory._norms import pow2_below
from theory.validation import Interval, check_param, invalid


def _unit(X):
    return X / np.maximum(np.linalg.norm(X, axis=1, keepdims=True), 1e-12)


def prototypes(H: np.ndarray, M: np.ndarray) -> np.ndarray:
    """``p_c`` = mean of ``h_i`` over the graphs whose candidate set holds ``c`` (the limit of
    the EMA bank; contaminated by false candidates: prism.proto.shrinkage). Computed at a
    power-of-two scale (exact): sums of rows ~1e308 overflowed to inf."""
    s = pow2_below(H)
    return (M.T @ (H / s)) / np.maximum(M.sum(0), 1)[:, None] * s


def spatial_similarity(H: np.ndarray, M: np.ndarray) -> np.ndarray:
    """``s_ij = max_{c∈S_i∩S_j} cos(h_i, h_j)·cos((h_i + h_j)/2, p_c)`` (−inf without overlap).

    ``H`` should be centred (standardised descriptors) so cosines carry class information.
    Cosines do not depend on the scale of ``H``: it is divided by a power of two first (exact),
    else rows of 1e-300 fell under the 1e-12 floor of the norms and rows of 1e200 squared to inf
    (the scores changed by up to 0.98)."""
    H = H / pow2_below(H)
    P = _unit(prototypes(H, M))
    Hn = _unit(H)
    cos_ij = Hn @ Hn.T
    N, C = M.shape
    best = np.full((N, N), -np.inf)
    for c in range(C):
        idx = np.flatnonzero(M[:, c])
        if idx.size == 0:
            continue
        mid = _unit((H[idx][:, None, :] + H[idx][None, :, :]).reshape(-1, H.shape[1]) / 2)
        s = cos_ij[np.ix_(idx, idx)] * (mid @ P[c]).reshape(idx.size, idx.size)
        sub = best[np.ix_(idx, idx)]
        best[np.ix_(idx, idx)] = np.maximum(sub, s)
    return best


def spectral_similarity(Z: np.ndarray, M: np.ndarray) -> np.ndarray:
    """Cosine similarity of the spectral descriptors on candidate-overlapping pairs (``Z``
    divided by a power of two first, as in :func:`spatial_similarity`: the cosines were 0 at
    descriptors scaled by 1e±300)."""
    Zn = _unit(Z / pow2_below(Z))
    S = Zn @ Zn.T
    return np.where((M @ M.T) > 0, S, -np.inf)


def topk(S: np.ndarray, k: int) -> np.ndarray:
    """Directed top-k graph of a score matrix (−inf entries and the diagonal never chosen);
    ``k`` in [1, N − 1] (a larger k was an IndexError)."""
    check_param("k", k, Interval(1, max(len(S) - 1, 0), integer=True), "topk")
    S = S.copy()
    np.fill_diagonal(S, -np.inf)
    idx = np.argsort(-S, axis=1, kind="stable")[:, :k]
    A = np.zeros_like(S)
    A[np.repeat(np.arange(len(S)), k), idx.ravel()] = 1.0
    A[~np.isfinite(S)] = 0.0
    return A


def purity(A: np.ndarray, y: np.ndarray) -> float:
    """Fraction of the relational edges that join graphs of the same class."""
    if A.ndim != 2 or A.shape[0] != A.shape[1] or len(y) != A.shape[0]:  # was an IndexError
        raise invalid("y", "purity", f"labels of the {A.shape[0]} graphs of A (square)",
                      f"<{len(y)} labels, A of shape {A.shape}>")
    i, j = np.nonzero(A)
    return float(np.mean(y[i] == y[j])) if i.size else float("nan")
