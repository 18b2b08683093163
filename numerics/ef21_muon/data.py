"""scikit-learn digits split across heterogeneous workers (our light analogue, not the paper's)."""

from __future__ import annotations

import numpy as np

from numerics.data import load_digits
from theory.validation import Interval, check_param, check_rng


def digits_shards(n_workers: int = 4, skew: float = 0.8, random_state: int = 0):
    """Split the 1,797 digits (pixels scaled to [0, 1]) over ``n_workers`` with class skew.

    Worker ``j`` owns classes ``{2j mod 8, 2j+1 mod 8}``; classes 8 and 9 are dealt evenly; then a
    fraction ``1 − skew`` of all samples is reassigned to a uniformly random worker.
    Returns ``(X, y, shards)`` with ``shards`` a list of index arrays.
    """
    check_param("n_workers", n_workers, Interval(2, 8, integer=True), "digits_shards")
    check_param("skew", skew, Interval(0, 1), "digits_shards")
    rng = check_rng(random_state, "random_state", "digits_shards")  # True was seed 1
    d = load_digits()
    X, y = d.X / 16.0, d.target
    owner = np.where(y < 8, (y // 2) % n_workers, rng.integers(0, n_workers, len(y)))
    move = rng.random(len(y)) > skew
    owner[move] = rng.integers(0, n_workers, int(move.sum()))
    return X, y, [np.flatnonzero(owner == j) for j in range(n_workers)]
