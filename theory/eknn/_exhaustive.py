"""Exhaustive kernel k-means over all partitions of a few centres (the reference of E4)."""

from __future__ import annotations

import numpy as np

from theory.eknn._kernel import _square_symmetric, _weights
from theory.validation import Interval, check_param, invalid


def set_partitions(p: int, k: int) -> np.ndarray:
    """All partitions of p items into exactly k non-empty blocks, as restricted-growth strings.

    Parameters
    ----------
    p : int in [1, 12]
    k : int in [1, p]

    Returns
    -------
    int array, shape (S(p, k), p) (S = Stirling number of the second kind)
    """
    caller = "set_partitions"
    check_param("p", p, Interval(1, 12, integer=True), caller)
    check_param("k", k, Interval(1, p, integer=True), caller)
    out = []

    def rec(prefix, m):
        i = len(prefix)
        if i == p:
            if m == k:
                out.append(list(prefix))
            return
        if m + (p - i) < k:
            return
        for c in range(min(m + 1, k)):
            rec(prefix + [c], max(m, c + 1))

    rec([], 0)
    return np.array(out, dtype=np.int64)


def kkm_exact_min(K, k: int, w=None):
    """Exact minimum of the weighted kernel k-means objective by enumerating every partition.

    .. math::
        \\min_{U} f_N(U; \\omega) \\ \\text{over all partitions into exactly } k \\text{ clusters}

    Vectorised over partitions with the cluster-sum form of
    :func:`theory.eknn.kkm_objective` (no Lloyd step, no relaxation).

    Parameters
    ----------
    K : array, shape (p, p), p ≤ 12
    k : int in [1, p]
    w : array, shape (p,), optional, non-negative

    Returns
    -------
    value : float, labels : int array (p,)
    """
    caller = "kkm_exact_min"
    K = _square_symmetric(K, caller)
    p = K.shape[0]
    if p > 12:
        raise invalid("K", caller, "a (p, p) array with p <= 12 (every partition is listed)",
                      f"<array of shape {K.shape}>")
    check_param("k", k, Interval(1, p, integer=True), caller)
    w = _weights(w, p, caller)
    P = set_partitions(p, k)
    val = np.full(len(P), float(w @ np.diag(K)))
    for c in range(k):
        M = (P == c) * w  # (S, p) weights inside cluster c
        num = np.einsum("sa,ab,sb->s", M, K, M)
        val -= num / np.where(M.sum(axis=1) > 0, M.sum(axis=1), 1.0)
    i = int(np.argmin(val))
    return float(val[i]), P[i]
