"""Synthetic graph classes and graph-level descriptors (numpy only; no downloads).

Six generator classes with mean degree ≈ 4 and 15–39 nodes (giant component kept): Erdős–Rényi,
stochastic block models with 2 and 3 blocks, Watts–Strogatz with β = 0.1 and 0.4, and
Barabási–Albert with m = 2 (ours, our reconstruction of a light stand-in for the TU
datasets, which need downloads). Spatial descriptors pool node states; spectral descriptors
read the T smallest normalised-Laplacian eigenpairs through sign-invariant statistics (the
eigenvector sign is arbitrary: prism.spec.band_ambiguity).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.sparse.csgraph import connected_components

from theory.prism import laplacian
from theory.prism._reference import watts_strogatz
from theory.validation import Interval, Options, check_param, invalid

CLASSES = ("er", "sbm2", "sbm3", "ws_low", "ws_high", "ba")


def _sbm(n, blocks, deg, rng):
    z = rng.integers(0, blocks, n)
    p_in = deg * 0.8 / max(n / blocks - 1, 1)
    p_out = deg * 0.2 / max(n - n / blocks, 1)
    P = np.where(z[:, None] == z[None, :], p_in, p_out)
    U = np.triu(rng.random((n, n)) < P, 1)
    return (U | U.T).astype(float)


def _ba(n, m, rng):
    A = np.zeros((n, n))
    for i in range(m + 1):
        for j in range(i):
            A[i, j] = A[j, i] = 1.0
    for v in range(m + 1, n):
        d = A[:v, :v].sum(1)
        targets = rng.choice(v, size=m, replace=False, p=d / d.sum())
        A[v, targets] = A[targets, v] = 1.0
    return A


def generate(kind: str, n: int, rng) -> np.ndarray:
    """One graph of class ``kind`` with ``n`` nodes (adjacency, before taking the giant
    component); ``n`` in [5, 10⁴] (the ring lattice needs 4 neighbours; below 2 nodes the
    Erdős–Rényi density divided by zero, below 3 Barabási–Albert raised an IndexError)."""
    check_param("n", n, Interval(5, 10**4, integer=True), "generate")
    if kind == "er":
        U = np.triu(rng.random((n, n)) < 4.0 / (n - 1), 1)
        return (U | U.T).astype(float)
    if kind == "sbm2":
        return _sbm(n, 2, 4.0, rng)
    if kind == "sbm3":
        return _sbm(n, 3, 4.0, rng)
    if kind == "ws_low":
        return watts_strogatz(n, 4, 0.1, rng)
    if kind == "ws_high":
        return watts_strogatz(n, 4, 0.4, rng)
    if kind == "ba":
        return _ba(n, 2, rng)
    raise invalid("kind", "generate", "one of " + str(CLASSES), kind)


def giant_component(A: np.ndarray) -> np.ndarray:
    _, lab = connected_components(A, directed=False)
    keep = lab == np.bincount(lab).argmax()
    return A[np.ix_(keep, keep)]


@dataclass(frozen=True)
class GraphSet:
    graphs: tuple
    y: np.ndarray


def graph_classes(n_per_class: int, seed: int, n_range=(15, 39), classes=CLASSES) -> GraphSet:
    """``n_per_class`` graphs of each class, sizes uniform in ``n_range``, giant components."""
    check_param("n_per_class", n_per_class, Interval(1, None, integer=True), "graph_classes")
    if (not isinstance(n_range, tuple | list) or len(n_range) != 2
            or not all(v in Interval(5, 10**4, integer=True) for v in n_range)
            or n_range[0] > n_range[1]):  # was numpy's 'low >= high' or a ZeroDivisionError
        raise invalid("n_range", "graph_classes", "a pair (low, high) of ints with "
                      "5 <= low <= high <= 10000", n_range)
    for kind in classes:
        check_param("classes", kind, Options(*CLASSES), "graph_classes")
    rng = np.random.default_rng(seed)
    graphs, y = [], []
    for c, kind in enumerate(classes):
        for _ in range(n_per_class):
            n = int(rng.integers(n_range[0], n_range[1] + 1))
            graphs.append(giant_component(generate(kind, n, rng)))
            y.append(c)
    return GraphSet(tuple(graphs), np.array(y))


def node_states(A: np.ndarray) -> np.ndarray:
    """Node states [1, degree, clustering, mean neighbour degree] and two mean-aggregation hops
    of the last three (n × 10): a fixed, untrained GNN-like encoder (our choice)."""
    d = A.sum(1)
    tri = np.diag(A @ A @ A) / 2
    clus = np.where(d > 1, 2 * tri / np.maximum(d * (d - 1), 1), 0.0)
    nbr = (A @ d) / np.maximum(d, 1)
    H0 = np.c_[d, clus, nbr]
    P = A / np.maximum(d, 1)[:, None]
    return np.c_[np.ones(len(d)), H0, P @ H0, P @ P @ H0]


def spatial_descriptor(A: np.ndarray) -> np.ndarray:
    """Mean and standard deviation of the node states over the graph (18 numbers)."""
    H = node_states(A)
    return np.r_[H.mean(0), H[:, 1:].std(0)]


def spectral_descriptor(A: np.ndarray, T: int = 8, K: int = 4) -> np.ndarray:
    """Sign-invariant band statistics of the ``T`` smallest normalised-Laplacian eigenpairs:
    ``[sin kλ, cos kλ]_{k≤K}`` of each λ, ``n Σu⁴`` (localisation) and ``Σu²·deg/mean deg``."""
    check_param("T", T, Interval(1, 10**4, integer=True), "spectral_descriptor")
    check_param("K", K, Interval(1, 10**4, integer=True), "spectral_descriptor")
    L = laplacian(A)
    lam, U = np.linalg.eigh(L)
    n = len(lam)
    d = A.sum(1)
    feats = []
    for p in range(T):
        if p < n:
            u = U[:, p]
            k = np.arange(1, K + 1)
            feats.append(np.r_[np.sin(k * lam[p]), np.cos(k * lam[p]),
                               n * (u**4).sum(), (u**2 * d).sum() / d.mean()])
        else:
            feats.append(np.zeros(2 * K + 2))
    return np.concatenate(feats)


def descriptors(gs: GraphSet) -> tuple[np.ndarray, np.ndarray]:
    """Spatial (N × 18) and spectral (N × 80) descriptors of every graph."""
    return (np.array([spatial_descriptor(A) for A in gs.graphs]),
            np.array([spectral_descriptor(A) for A in gs.graphs]))
