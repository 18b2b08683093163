"""A second block of seeds for every experiment, without touching any topic's code.

``ICLR26_SEED_BLOCK=k`` (k ≥ 1, read by the CLI before any topic is imported) shifts every
integer seed the experiments pass to numpy (``default_rng``, ``RandomState``, ``seed``), to
torch (``manual_seed``, ``Generator.manual_seed``) and to Python's ``random.Random`` by
``k ·`` :data:`OFFSET`, so the same code draws fresh, disjoint replicates (initialisations, data
orders, splits, synthetic data). :mod:`iclr26_verify.run.stability` runs the empirical claims under
such a block to check that a decided verdict does not depend on which seeds were drawn. The block is
part of every result-store key (:func:`iclr26_verify.run.store.environment`).
"""

from __future__ import annotations

import os
import random
from numbers import Integral

#: Distance between seed blocks (larger than any seed an experiment uses).
OFFSET = 100_003
ENV = "ICLR26_SEED_BLOCK"


def block() -> int:
    """The seed block in force (0: the seeds as written)."""
    raw = os.environ.get(ENV, "0").strip() or "0"
    try:
        k = int(raw)
    except ValueError:
        raise ValueError(f"The {ENV!r} environment variable must be an integer >= 0. "
                         f"Got {raw!r} instead.") from None
    if k < 0:
        raise ValueError(f"The {ENV!r} environment variable must be an integer >= 0. "
                         f"Got {raw!r} instead.")
    return k


def _shift(seed, k):
    if isinstance(seed, bool) or seed is None:
        return seed
    if isinstance(seed, Integral):
        return int(seed) + k * OFFSET
    if isinstance(seed, list | tuple) and all(isinstance(s, Integral) for s in seed):
        return type(seed)(int(s) + k * OFFSET for s in seed)
    return seed  # a Generator, SeedSequence or array: passed through as is


_INSTALLED: list[int] = []


def install(k: int | None = None) -> int:
    """Shift the seeds of numpy, torch and ``random`` by block ``k`` (default: the
    environment's). Idempotent; returns the block installed (0 installs nothing)."""
    k = block() if k is None else int(k)
    if k == 0 or _INSTALLED:
        return _INSTALLED[0] if _INSTALLED else 0
    import numpy as np

    default_rng, RandomState, np_seed = np.random.default_rng, np.random.RandomState, np.random.seed

    def shifted_default_rng(seed=None):
        return default_rng(_shift(seed, k))

    class ShiftedRandomState(RandomState):
        def __init__(self, seed=None):
            super().__init__(_shift(seed, k))

        def seed(self, seed=None):
            super().seed(_shift(seed, k))

    np.random.default_rng = shifted_default_rng
    np.random.RandomState = ShiftedRandomState
    np.random.seed = lambda seed=None: np_seed(_shift(seed, k))

    class ShiftedRandom(random.Random):
        def seed(self, a=None, version=2):
            super().seed(_shift(a, k), version)

    random.Random = ShiftedRandom
    try:
        import torch
    except ImportError:  # pragma: no cover - torch is a dependency
        torch = None
    if torch is not None:
        manual_seed, Generator = torch.manual_seed, torch.Generator

        class ShiftedGenerator(Generator):
            def manual_seed(self, seed):
                return super().manual_seed(_shift(seed, k))

        torch.manual_seed = lambda seed: manual_seed(_shift(seed, k))
        torch.Generator = ShiftedGenerator
    _INSTALLED.append(k)
    return k
