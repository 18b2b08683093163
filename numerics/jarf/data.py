"""Synthetic index-model data for JARF (our light versions of the paper's synthetic tasks)."""

from __future__ import annotations

import numpy as np
from sklearn.utils import check_random_state

from theory.validation import Interval, check_param


def rotated_hyperplane(theta, d=10, n=1500, noise=0.05, random_state=None):
    """x ~ U[−1, 1]^d, y = 1[x·w > 0], w = (cos θ, sin θ, 0, …), labels flipped w.p. ``noise``.

    θ in degrees. Returns (X, y, w)."""
    check_param("d", d, Interval(2, None, integer=True), "rotated_hyperplane")
    check_param("noise", noise, Interval(0, 0.5), "rotated_hyperplane")
    rng = check_random_state(random_state)
    t = np.radians(theta)
    w = np.zeros(d)
    w[:2] = np.cos(t), np.sin(t)
    X = rng.uniform(-1, 1, (n, d))
    y = (X @ w > 0).astype(int)
    flip = rng.uniform(size=n) < noise
    y[flip] = 1 - y[flip]
    return X, y, w


def xor_index(d=10, n=1500, noise=0.05, random_state=None, w_seed=1):
    """Two-index XOR: y = 1[(w₁ᵀx)(w₂ᵀx) > 0] with a random orthonormal W (seeded by
    ``w_seed``), x ~ U[−1, 1]^d, labels flipped w.p. ``noise``. Returns (X, y, W)."""
    check_param("d", d, Interval(2, None, integer=True), "xor_index")
    W = np.linalg.qr(np.random.default_rng(w_seed).standard_normal((d, 2)))[0]
    rng = check_random_state(random_state)
    X = rng.uniform(-1, 1, (n, d))
    U = X @ W
    y = (U[:, 0] * U[:, 1] > 0).astype(int)
    flip = rng.uniform(size=n) < noise
    y[flip] = 1 - y[flip]
    return X, y, W
