"""Reference computations for the PRISM claims (numpy/scipy only): brute-force enumeration of
the candidate protocol, small graphs, and the top-k relational graph."""

from __future__ import annotations

import itertools

import numpy as np


def candidate_sets(y: int, C: int, q: float):
    """Yield ``(S, probability)`` for every candidate set of a graph of class ``y``."""
    others = [c for c in range(C) if c != y]
    for bits in itertools.product((0, 1), repeat=C - 1):
        S = frozenset([y] + [c for c, b in zip(others, bits, strict=True) if b])
        k = sum(bits)
        yield S, q**k * (1 - q) ** (C - 1 - k)


def enumerate_expectation(C: int, q: float, f) -> float:
    """``E f(S)`` for a graph of class 0 by enumeration of the ``2^(C−1)`` candidate sets."""
    return sum(p * f(S) for S, p in candidate_sets(0, C, q))


def cycle_adjacency(n: int) -> np.ndarray:
    A = np.zeros((n, n))
    i = np.arange(n)
    A[i, (i + 1) % n] = A[(i + 1) % n, i] = 1.0
    return A


def path_adjacency(n: int) -> np.ndarray:
    A = np.zeros((n, n))
    i = np.arange(n - 1)
    A[i, i + 1] = A[i + 1, i] = 1.0
    return A


def watts_strogatz(n: int, k: int, beta: float, rng) -> np.ndarray:
    """Watts–Strogatz ring lattice (k nearest neighbours) with rewiring probability β."""
    rng = np.random.default_rng(rng)
    A = np.zeros((n, n))
    for j in range(1, k // 2 + 1):
        for i in range(n):
            A[i, (i + j) % n] = A[(i + j) % n, i] = 1.0
    for i, j in zip(*np.nonzero(np.triu(A)), strict=True):
        if rng.random() < beta:
            free = np.flatnonzero((A[i] == 0) & (np.arange(n) != i))
            if free.size:
                t = rng.choice(free)
                A[i, j] = A[j, i] = 0.0
                A[i, t] = A[t, i] = 1.0
    return A


def topk_graph(X: np.ndarray, k: int, allowed: np.ndarray | None = None) -> np.ndarray:
    """Directed top-k cosine graph: row i has ones at its k most similar allowed j ≠ i."""
    Xn = X / np.linalg.norm(X, axis=1, keepdims=True)
    S = Xn @ Xn.T
    np.fill_diagonal(S, -np.inf)
    if allowed is not None:
        S = np.where(allowed, S, -np.inf)
    A = np.zeros_like(S)
    idx = np.argsort(-S, axis=1, kind="stable")[:, :k]
    rows = np.repeat(np.arange(len(S)), k)
    A[rows, idx.ravel()] = 1.0
    A[~np.isfinite(S)] = 0.0
    return A
