"""Small seeded instances shared by the eknn claims and tests (numpy/scikit-learn-free)."""

from __future__ import annotations

import numpy as np


def two_curves(n: int, seed: int, noise: float = 0.05):
    """Two 2-d views paired by label: view 1 concentric circles, view 2 two interleaved arcs.

    Parameters
    ----------
    n : int, even; seed : int; noise : float, Gaussian noise std (input units)

    Returns
    -------
    Xs : [X1 (n, 2), X2 (n, 2)], y : int array (n,), first half class 0
    """
    rng = np.random.default_rng(seed)
    h = n // 2
    y = np.repeat([0, 1], [h, n - h])
    t = rng.uniform(0, 2 * np.pi, n)
    r = np.where(y == 0, 1.0, 0.4)
    X1 = np.column_stack([r * np.cos(t), r * np.sin(t)])
    s = rng.uniform(0, np.pi, n)
    X2 = np.where((y == 0)[:, None], np.column_stack([np.cos(s), np.sin(s)]),
                  np.column_stack([1 - np.cos(s), 0.5 - np.sin(s)]))
    return [X1 + noise * rng.standard_normal((n, 2)), X2 + noise * rng.standard_normal((n, 2))], y


def blob_centres(p: int, k: int, spread: float, seed: int):
    """p centres in 2-d around k cluster means (std = spread), for the exhaustive tables."""
    rng = np.random.default_rng(seed)
    means = 2.0 * rng.standard_normal((k, 2))
    lab = np.arange(p) % k
    return means[lab] + spread * rng.standard_normal((p, 2))
