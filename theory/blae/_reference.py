"""Reference computations for the claims (numpy/scipy only), written independently of the
public functions they check: a Dijkstra on the explicit visibility graph, pair loops, a
brute-force search of pair ratios."""

from __future__ import annotations

import functools

import numpy as np
from scipy.sparse.csgraph import dijkstra

from theory.blae._geometry import HOLE, _corners, authors_training_set, geodesic_holed


def _blocked(p, q, hole=HOLE, n=4001):
    """Whether the segment p→q passes through the open hole, by dense sampling of the segment
    (an independent test from the clipping used by :func:`geodesic_holed`)."""
    s = np.linspace(0, 1, n)[1:-1, None]
    pts = p[None] + s * (q - p)[None]
    inside = ((pts[:, 0] > hole[0] + 1e-9) & (pts[:, 0] < hole[1] - 1e-9)
              & (pts[:, 1] > hole[2] + 1e-9) & (pts[:, 1] < hole[3] - 1e-9))
    return bool(inside.any())


def visibility_dijkstra(a, b, hole=HOLE) -> float:
    """Exact geodesic between two points: Dijkstra on the 6-node visibility graph."""
    nodes = np.vstack([a, b, _corners(hole)])
    W = np.full((6, 6), np.inf)
    for i in range(6):
        for j in range(i + 1, 6):
            if not _blocked(nodes[i], nodes[j], hole):
                W[i, j] = W[j, i] = np.linalg.norm(nodes[i] - nodes[j])
    W[~np.isfinite(W)] = 0  # csgraph: 0 = no edge
    return float(dijkstra(W, indices=0)[1])


def pair_ratio_loop(F, D_M, mask_fn):
    """Ratios ‖F_i − F_j‖ / D_M[i, j] over i < j with mask_fn(D_M[i, j]), by an explicit loop."""
    out = []
    n = len(F)
    for i in range(n):
        for j in range(i + 1, n):
            if mask_fn(D_M[i, j]):
                out.append(np.sqrt(np.sum((F[i] - F[j]) ** 2)) / D_M[i, j])
    return np.array(out)


@functools.lru_cache(maxsize=2)
def authors_geodesics(n_samples: int = 10_000, test_size: float = 0.85):
    """The authors' training set and its exact geodesic matrix (cached)."""
    X, L, _t = authors_training_set(n_samples, test_size)
    return X, L, geodesic_holed(L, L)


def holed_grid(step: float = 0.25):
    """A grid of the chart domain minus the open hole (contains the hole's boundary)."""
    l = np.arange(-2, 10 + 1e-9, step)
    z = np.arange(0, 6 + 1e-9, step)
    P = np.array([(a, c) for a in l for c in z])
    inside = (P[:, 0] > 1.5) & (P[:, 0] < 6.5) & (P[:, 1] > 2.5) & (P[:, 1] < 3.5)
    return P[~inside]
