"""Adversarial search for the sup of ‖f(X) − f(Y)‖ / d(X, Y) over multisets (numpy/scipy/POT only).

The search maximises the log-ratio over the coordinates of both sets with L-BFGS-B, using exact
(sub)gradients: the envelope theorem for EMD and matching (the optimal plan is held fixed), the
active pair for Hausdorff, the arg-max element for the max. Starts are the best of many random
pairs, drawn both independently and as a perturbation of shared elements (where the tight cases
live). Torch-free; the reference solvers (linprog EMD, brute-force matching) independent of the
POT/assignment code of :mod:`theory.multisets` live in :mod:`theory.multisets._reference`.
"""

from __future__ import annotations

import contextlib
import functools
from dataclasses import dataclass

import numpy as np
import ot
from scipy.optimize import linear_sum_assignment, minimize
from scipy.spatial.distance import cdist

AGGS = ("mean", "sum", "max")
DISTS = ("emd", "hausdorff", "matching")


def _agg_and_grad(X, Y, agg):
    """Δ = f(X) − f(Y), and the maps u -> (dN/dX, dN/dY) for N = ‖Δ‖ given u = Δ/N."""
    if agg == "sum":
        return X.sum(0) - Y.sum(0), lambda u: (np.tile(u, (len(X), 1)), -np.tile(u, (len(Y), 1)))
    if agg == "mean":
        return (X.mean(0) - Y.mean(0),
                lambda u: (np.tile(u / len(X), (len(X), 1)), -np.tile(u / len(Y), (len(Y), 1))))
    ix, iy = X.argmax(0), Y.argmax(0)
    cols = np.arange(X.shape[1])

    def grad(u):
        gX, gY = np.zeros_like(X), np.zeros_like(Y)
        gX[ix, cols] = u
        gY[iy, cols] = -u
        return gX, gY

    return X.max(0) - Y.max(0), grad


def _unit_rows(D):
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(D[..., None] > 0, 1.0 / np.maximum(D[..., None], 1e-300), 0.0)


def _dist_and_grad(X, Y, dist):
    """Distance and its (sub)gradient w.r.t. X and Y (plan held fixed: envelope theorem)."""
    C = cdist(X, Y)
    diff = X[:, None, :] - Y[None, :, :]
    U = diff * _unit_rows(C)
    m, n = C.shape
    if dist == "hausdorff":
        rx, ry = C.min(1), C.min(0)
        gX, gY = np.zeros_like(X), np.zeros_like(Y)
        if rx.max() >= ry.max():
            i = rx.argmax()
            j = C[i].argmin()
            val = rx[i]
        else:
            j = ry.argmax()
            i = C[:, j].argmin()
            val = ry[j]
        gX[i] += U[i, j]
        gY[j] -= U[i, j]
        return float(val), gX, gY
    if dist == "emd":
        if m == n:
            r, c = linear_sum_assignment(C)
            F = np.zeros_like(C)
            F[r, c] = 1.0 / n
        else:
            F = ot.emd(np.full(m, 1.0 / m), np.full(n, 1.0 / n), C)
        G = F[..., None] * U
        return float((F * C).sum()), G.sum(1), -G.sum(0)
    # matching: pad the smaller side with zeros, cost of a padded pair = own norm
    swap = m < n
    A, B, CC, UU = (Y, X, C.T, -U.transpose(1, 0, 2)) if swap else (X, Y, C, U)
    a, b = len(A), len(B)
    normA = np.linalg.norm(A, axis=1)
    full = np.hstack([CC, np.repeat(normA[:, None], a - b, axis=1)])
    r, c = linear_sum_assignment(full)
    gA, gB = np.zeros_like(A), np.zeros_like(B)
    for i, j in zip(r, c):
        if j < b:
            gA[i] += UU[i, j]
            gB[j] -= UU[i, j]
        elif normA[i] > 0:
            gA[i] += A[i] / normA[i]
    val = float(full[r, c].sum())
    return (val, gB, gA) if swap else (val, gA, gB)


def ratio(X, Y, agg, dist) -> float:
    """‖f(X) − f(Y)‖₂ / d(X, Y) (inf when the distance is 0 and the aggregates differ)."""
    delta, _ = _agg_and_grad(X, Y, agg)
    D = _dist_and_grad(X, Y, dist)[0]
    N = float(np.linalg.norm(delta))
    if D <= 0:
        return np.inf if N > 0 else 0.0
    return N / D


def log_ratio_and_grad(z, agg, dist, m, n, d):
    """−log ratio and its gradient in the stacked coordinates z = (vec X, vec Y)."""
    X, Y = z[: m * d].reshape(m, d), z[m * d:].reshape(n, d)
    delta, gN = _agg_and_grad(X, Y, agg)
    N = np.linalg.norm(delta)
    D, gDX, gDY = _dist_and_grad(X, Y, dist)
    if N <= 1e-300 or D <= 1e-300:
        return 0.0, np.zeros_like(z)
    gNX, gNY = gN(delta / N)
    gX, gY = gNX / N - gDX / D, gNY / N - gDY / D
    return -float(np.log(N / D)), -np.concatenate([gX.ravel(), gY.ravel()])


@dataclass(frozen=True)
class SearchResult:
    """The largest ratio found and the pair attaining it."""

    sup: float
    X: np.ndarray
    Y: np.ndarray
    n_evaluated: int


def _random_pair(rng, m, n, d):
    kind = rng.random()
    if kind < 0.4:
        return rng.normal(size=(m, d)), rng.normal(size=(n, d))
    if kind < 0.7 or m == n:
        # Shared elements plus small changes: where the tight cases of the tables live.
        k = min(m, n)
        base = rng.normal(size=(max(m, n), d))
        X = base[:m] + rng.normal(scale=rng.choice([0, 0.1]), size=(m, d))
        Y = base[:n].copy()
        Y[rng.integers(k)] += rng.normal(size=d)
        return X, Y
    # Y = X plus near-copies of its elements or near-zero vectors: the degenerate directions of
    # the Hausdorff (multiplicity) and matching (padding) distances.
    small, big = sorted((m, n))
    X = rng.normal(size=(small, d))
    extra = [X[rng.integers(small)] if rng.random() < 0.5 else np.zeros(d)
             for _ in range(big - small)]
    Y = np.vstack([X, np.array(extra) + rng.normal(scale=0.1, size=(big - small, d))])
    return (X, Y) if m <= n else (Y, X)


def search_sup(agg: str, dist: str, *, d: int, sizes=(1, 5), equal_size: int | None = None,
               n_random: int = 400, n_starts: int = 12, cap: float = 1e4,
               starts=(), rng=None) -> SearchResult:
    """Best ratio over random pairs (sizes uniform in ``sizes`` or fixed at ``equal_size``),
    then L-BFGS-B ascent from the ``n_starts`` best; stops early once ``cap`` is exceeded.

    ``starts`` adds pairs (X, Y) from which L-BFGS-B also ascends (e.g. perturbed witnesses:
    a larger ratio near an extremal pair would be found there)."""
    with _one_blas_thread():
        return _search_sup(agg, dist, d=d, sizes=sizes, equal_size=equal_size,
                           n_random=n_random, n_starts=n_starts, cap=cap,
                           starts=tuple(starts), rng=np.random.default_rng(rng))


def _one_blas_thread():
    # L-BFGS-B's tiny BLAS calls run ~4x slower with a thread pool on a busy 2-core machine.
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:  # pragma: no cover - threadpoolctl ships with scikit-learn
        return contextlib.nullcontext()
    return threadpool_limits(1, user_api="blas")


def _search_sup(agg, dist, *, d, sizes, equal_size, n_random, n_starts, cap, starts, rng):
    lo, hi = sizes
    cands = []
    for _ in range(n_random):
        m, n = ((equal_size, equal_size) if equal_size is not None
                else (int(rng.integers(lo, hi + 1)), int(rng.integers(lo, hi + 1))))
        X, Y = _random_pair(rng, m, n, d)
        cands.append((ratio(X, Y, agg, dist), X, Y))
    cands.sort(key=lambda t: -t[0] if np.isfinite(t[0]) else -np.inf)
    extra = [(ratio(X, Y, agg, dist), np.asarray(X, float), np.asarray(Y, float))
             for X, Y in starts]
    best = max(cands + extra, key=lambda t: t[0])
    evaluated = n_random + len(extra)
    for _r0, X0, Y0 in extra + cands[:n_starts]:
        if best[0] > cap:
            break
        m, n = len(X0), len(Y0)
        z0 = np.concatenate([X0.ravel(), Y0.ravel()])
        res = minimize(log_ratio_and_grad, z0, args=(agg, dist, m, n, d), jac=True,
                       method="L-BFGS-B", options={"maxiter": 200})
        evaluated += res.nfev
        X, Y = res.x[: m * d].reshape(m, d), res.x[m * d:].reshape(n, d)
        r = ratio(X, Y, agg, dist)  # recomputed from scratch, not trusted from the optimiser
        if r > best[0]:
            best = (r, X, Y)
    return SearchResult(float(best[0]), best[1], best[2], evaluated)


#: Settings of the registered table search: Thm 3.1 on mixed sizes 1..5, Lemma 3.2 at M = 3.
TABLE_D = 3
TABLE_M = 3


@functools.lru_cache(maxsize=8)
def table_search(seed: int = 0, quick: bool = False, lipschitz_only: bool = False) -> dict:
    """Search sup of every cell of both tables at d = 3 (Lemma 3.2 at M = 3), cached per process.

    ``lipschitz_only`` restricts to the cells with a constant (the claims' use: on the others the
    search's large ratios come from distances at rounding level and prove nothing).
    Returns ``{("thm31" | "lemma32", agg, dist): SearchResult}``.
    """
    from theory.multisets._aggregators import lipschitz_constant

    n_random, n_starts = (100, 3) if quick else (400, 10)
    out = {}
    for t, table in enumerate(("thm31", "lemma32")):
        for a, agg in enumerate(AGGS):
            for b, dist in enumerate(DISTS):
                equal = TABLE_M if table == "lemma32" else None
                if lipschitz_only and lipschitz_constant(agg, dist, d=TABLE_D,
                                                         equal_size=equal) is None:
                    continue
                rng = np.random.default_rng([seed, t, a, b])
                out[(table, agg, dist)] = search_sup(
                    agg, dist, d=TABLE_D, equal_size=equal,
                    n_random=n_random, n_starts=n_starts, rng=rng)
    return out
