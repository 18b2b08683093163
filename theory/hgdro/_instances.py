"""Seeded frozen-feature instances for the claims, tests and benchmarks (numpy only)."""

from __future__ import annotations

import numpy as np


def gaussian_groups(seed: int = 0, sizes=(300, 40, 15, 200), d: int = 5, purity: float = 0.8,
                    core: float = 1.5, spurious: float = 1.5):
    """Latents z = y·core·e₁ + s·spurious·e₂ + N(0, I_d) for four groups g = 2·(s > 0) + (y > 0)
    (y the group's label, s = ±1 the spurious attribute), with a fraction 1 − purity of labels
    flipped inside each group. Groups 1 and 2 (y ≠ s) are the minority groups of ``sizes``.

    Returns
    -------
    Z : ndarray, shape (n, d)
    Y : ndarray, shape (n,)
        Labels ±1 (after flips).
    G : ndarray of int, shape (n,)
    """
    rng = np.random.default_rng(seed)
    Z, Y, G = [], [], []
    for g, n in enumerate(sizes):
        y = 1.0 if g % 2 else -1.0
        s = 1.0 if g >= 2 else -1.0
        z = rng.standard_normal((n, d))
        z[:, 0] += y * core
        z[:, 1] += s * spurious
        lab = np.where(rng.random(n) < purity, y, -y)
        Z.append(z)
        Y.append(lab)
        G.append(np.full(n, g))
    return np.vstack(Z), np.concatenate(Y), np.concatenate(G)
