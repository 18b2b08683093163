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

from theory.validation import Interval, Options, check_param

FAMILIES = ("circles", "spheres", "moons", "planes", "swissroll")
#: trained on these; ``spheres`` is held out (the out-of-distribution split)
ID_FAMILIES = ("circles", "moons", "planes", "swissroll")
OOD_FAMILIES = ("spheres",)
LABELS_PER_CLASS = (2, 4, 10, 20)


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
    n : int ≥ 10
    m : int, 1 ≤ m ≤ 0.4 n
    noise : float ≥ 0, Gaussian noise (before the scaling to unit RMS norm)
    rng : numpy Generator
    """
    check_param("family", family, Options(*FAMILIES), "make_task")
    check_param("n", n, Interval(10, None, integer=True), "make_task")
    n0 = round(0.4 * n)
    check_param("m", m, Interval(1, n0, integer=True), "make_task")
    check_param("noise", noise, Interval(0, None), "make_task")
    sizes = (n0, n - n0)
    X = np.concatenate([_piece(family, c, s, rng) for c, s in enumerate(sizes)])
    y = np.repeat([0, 1], sizes)
    X = X + noise * rng.standard_normal(X.shape)
    Q = np.linalg.qr(rng.standard_normal((3, 3)))[0]
    X = (X - X.mean(0)) @ Q
    X = X / np.sqrt((X**2).sum(1).mean())
    perm = rng.permutation(n)
    X, y = X[perm], y[perm]
    lab = np.concatenate([rng.choice(np.flatnonzero(y == c), m, replace=False) for c in (0, 1)])
    return Task(X, y, lab, family)


def sample_tasks(families, count: int, *, m: int, seed: int, n: int = 100) -> list[Task]:
    """``count`` tasks, families drawn uniformly from ``families``, reproducible from ``seed``."""
    rng = np.random.default_rng(seed)
    fams = tuple(families)
    return [make_task(fams[int(rng.integers(len(fams)))], n=n, m=m, rng=rng)
            for _ in range(count)]


def knn_bandwidth(X: np.ndarray, k: int = 3, factor: float = 0.5) -> float:
    """The graph bandwidth of the references: h = factor × mean squared distance to the k-th
    neighbour (squared units of ``X``). The rule (k = 3, factor 1/2) was picked among four on 30
    tasks per training family before any evaluation, by harmonic label propagation accuracy."""
    d2 = ((X[:, None, :] - X[None, :, :]) ** 2).sum(-1)
    return float(factor * np.mean(np.sort(d2, axis=1)[:, k]))
