"""Semi-supervised in-context tasks over manifold families (numpy only).

A task is ``n`` points in ℝ³ from two classes lying on two pieces of a manifold (two circles,
two sphere shells, two moons, two parallel planes, the two halves of a Swiss roll), randomly
rotated, centred and scaled to unit RMS norm; ``m`` labelled points per class. Class sizes are
fixed at 40 % / 60 % so every ``m ≤ 20`` is feasible. The light version of Fan et al. (2025) §4
(our task families; the paper's are not available offline).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from theory.validation import (
    MAX_ITER,
    Interval,
    Options,
    check_array,
    check_param,
    check_rng,
    invalid,
)

FAMILIES = ("circles", "spheres", "moons", "planes", "swissroll")
#: trained on these; ``spheres`` is held out (the out-of-distribution split)
ID_FAMILIES = ("circles", "moons", "planes", "swissroll")
OOD_FAMILIES = ("spheres",)
LABELS_PER_CLASS = (2, 4, 10, 20)
_FMAX = float(np.finfo(float).max)


@dataclass(frozen=True)
class Task:
    X: np.ndarray  # (n, 3)
    y: np.ndarray  # (n,) in {0, 1}
    lab_idx: np.ndarray  # (2m,)
    family: str

    @property
    def unl_idx(self) -> np.ndarray:
        return np.setdiff1d(np.arange(len(self.y)), self.lab_idx)


def _piece(family: str, cls: int, size: int, rng) -> np.ndarray:
    if family == "circles":
        t = rng.uniform(0, 2 * np.pi, size)
        r = 1.0 + cls
        return np.c_[r * np.cos(t), r * np.sin(t), np.zeros(size)]
    if family == "spheres":
        v = rng.standard_normal((size, 3))
        return (1.0 + 2.0 * cls) * v / np.linalg.norm(v, axis=1, keepdims=True)
    if family == "moons":
        t = rng.uniform(0, np.pi, size)
        if cls == 0:
            return np.c_[np.cos(t), np.sin(t), np.zeros(size)]
        return np.c_[1 - np.cos(t), 0.5 - np.sin(t), np.zeros(size)]
    if family == "planes":
        uv = rng.uniform(-1.0, 1.0, (size, 2))
        return np.c_[uv, np.full(size, 0.8 * cls)]
    if family == "swissroll":
        t = rng.uniform(1.5 * np.pi, 3 * np.pi, size) + 1.5 * np.pi * cls
        return np.c_[t * np.cos(t), rng.uniform(0, 8, size), t * np.sin(t)] / 5.0
    raise AssertionError(family)


def make_task(family: str, *, n: int = 100, m: int = 4, noise: float = 0.04,
              rng: np.random.Generator) -> Task:
    """One task: ``n`` points of ``family`` (two classes), ``m`` labels per class.

    Parameters
    ----------
    family : one of :data:`FAMILIES`
    n : int, 10 ≤ n ≤ MAX_ITER (10⁸)
    m : int, 1 ≤ m ≤ 0.4 n
    noise : float ≥ 0, Gaussian noise (before the scaling to unit RMS norm)
    rng : numpy Generator (or a seed, as :func:`theory.validation.check_rng`)
    """
    check_param("family", family, Options(*FAMILIES), "make_task")
    # capped: n points are drawn and stored (n = 10**12 would ask for terabytes)
    check_param("n", n, Interval(10, MAX_ITER, integer=True), "make_task")
    n0 = round(0.4 * n)
    check_param("m", m, Interval(1, n0, integer=True), "make_task")
    check_param("noise", noise, Interval(0, None), "make_task")
    if noise > _FMAX:  # an int such as 10**400: numpy raised OverflowError
        raise invalid("noise", "make_task", "a float >= 0 within float64",
                      f"<int of {len(str(noise))} digits>")
    # None or an int used to raise AttributeError ('NoneType' object has no attribute ...)
    rng = check_rng(rng, "rng", "make_task")
    sizes = (n0, n - n0)
    X = np.concatenate([_piece(family, c, s, rng) for c, s in enumerate(sizes)])
    y = np.repeat([0, 1], sizes)
    if noise > 1:
        # the task is scaled to unit RMS norm below, so X + σZ may be divided by σ first: at
        # σ = 1e200 the squares overflowed and every point came back as 0
        X = X / noise + rng.standard_normal(X.shape)
    else:
        X = X + noise * rng.standard_normal(X.shape)
    Q = np.linalg.qr(rng.standard_normal((3, 3)))[0]
    X = (X - X.mean(0)) @ Q
    X = X / np.sqrt((X**2).sum(1).mean())
    perm = rng.permutation(n)
    X, y = X[perm], y[perm]
    lab = np.concatenate([rng.choice(np.flatnonzero(y == c), m, replace=False) for c in (0, 1)])
    return Task(X, y, lab, family)


def sample_tasks(families, count: int, *, m: int, seed: int, n: int = 100) -> list[Task]:
    """``count`` tasks (0 ≤ count ≤ MAX_ITER), families drawn uniformly from ``families`` (a
    non-empty sequence of :data:`FAMILIES`), reproducible from ``seed`` (an int ≥ 0)."""
    # a str was split into letters ('c' refused as a family), () raised numpy's 'high <= 0',
    # count = -1 returned [] and True one task
    if isinstance(families, str | bytes) or not hasattr(families, "__len__") or not len(
            families) or not all(f in Options(*FAMILIES) for f in families):
        raise invalid("families", "sample_tasks", f"a non-empty sequence of {Options(*FAMILIES)}",
                      families)
    check_param("count", count, Interval(0, MAX_ITER, integer=True), "sample_tasks")
    check_param("seed", seed, Interval(0, None, integer=True), "sample_tasks")
    rng = np.random.default_rng(seed)
    fams = tuple(families)
    return [make_task(fams[int(rng.integers(len(fams)))], n=n, m=m, rng=rng)
            for _ in range(count)]


def knn_bandwidth(X: np.ndarray, k: int = 3, factor: float = 0.5) -> float:
    """The graph bandwidth of the references: h = factor × mean squared distance to the k-th
    neighbour (squared units of ``X``). The rule (k = 3, factor 1/2) was picked among four on 30
    tasks per training family before any evaluation, by harmonic label propagation accuracy.

    ``X`` of shape (n, d), n ≥ 2; ``k`` in [1, n − 1]; ``factor`` > 0. The squares are taken on
    X scaled by a power of two (exact) and the scale put back: at 1e-200 they underflowed (h =
    0.0) and at 1e160 overflowed (inf); a bandwidth that is no normal float64 is refused.
    """
    X = check_array(X, "X", "knn_bandwidth", ndim=2, min_rows=2)
    n = X.shape[0]
    # k = n raised IndexError, k = 0 returned 0.0 (the point itself), True counted as 1
    check_param("k", k, Interval(1, n - 1, integer=True), "knn_bandwidth")
    check_param("factor", factor, Interval(0, None, closed="neither"), "knn_bandwidth")
    if factor > _FMAX:  # an int such as 10**400: numpy raised OverflowError
        raise invalid("factor", "knn_bandwidth", "a float > 0 within float64",
                      f"<int of {len(str(factor))} digits>")
    m = float(np.max(np.abs(X)))
    p = int(np.frexp(m)[1]) if m > 0 else 0
    Xs = np.ldexp(X, -p)
    d2 = ((Xs[:, None, :] - Xs[None, :, :]) ** 2).sum(-1)
    mean = float(factor * np.mean(np.sort(d2, axis=1)[:, k]))
    with np.errstate(over="ignore", under="ignore"):
        h = float(np.ldexp(mean, 2 * p))
    if mean > 0 and not np.finfo(float).tiny <= h < np.inf:
        raise invalid("X", "knn_bandwidth", "points whose bandwidth (squared units) is a normal "
                      "float64 (~2.2e-308 to ~1.8e308)", f"<h = {mean:.6g} * 4**{p}>")
    return h
