"""Reference solvers, independent of the POT / assignment code of :mod:`theory.multisets`.

The EMD as the dense transportation LP (HiGHS) and the matching distance by its definition (a
minimum over all permutations). numpy/scipy only, so theory claims can compare against them.
"""

from __future__ import annotations

import itertools

import numpy as np
from scipy.optimize import linprog
from scipy.spatial.distance import cdist


def emd_linprog(X, Y) -> float:
    r"""EMD as the transportation LP, solved by HiGHS (``scipy.optimize.linprog``).

    :math:`\min \sum F_{ij}C_{ij}` s.t. row sums 1/m, column sums 1/n, :math:`F \ge 0`;
    X of shape (m, d), Y of shape (n, d).
    """
    X, Y = np.asarray(X, float), np.asarray(Y, float)
    m, n = len(X), len(Y)
    C = cdist(X, Y)
    A = np.vstack([np.kron(np.eye(m), np.ones(n)), np.kron(np.ones(m), np.eye(n))])
    b = np.concatenate([np.full(m, 1.0 / m), np.full(n, 1.0 / n)])
    res = linprog(C.ravel(), A_eq=A, b_eq=b, bounds=(0, None), method="highs")
    if res.status != 0:
        raise RuntimeError(f"linprog failed: {res.message}")
    return float(res.fun)


def matching_bruteforce(X, Y) -> float:
    r"""Matching distance by its definition: minimum over all permutations of the larger set.

    .. math:: \min_{\pi\in S_m}\Big[\sum_{i\le n}\|v_{\pi(i)}-u_i\| + \sum_{i>n}\|v_{\pi(i)}\|\Big]

    (m ≥ n after swapping). Factorial cost; for sizes up to ~7.
    """
    X, Y = np.asarray(X, float), np.asarray(Y, float)
    if len(X) < len(Y):
        X, Y = Y, X
    n = len(Y)
    best = np.inf
    for perm in itertools.permutations(range(len(X))):
        P = X[list(perm)]
        cost = np.linalg.norm(P[:n] - Y, axis=1).sum() + np.linalg.norm(P[n:], axis=1).sum()
        best = min(best, cost)
    return float(best)
