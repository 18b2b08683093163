"""The training protocol every fairness run shares, one model at a time
(:func:`numerics.fairness.experiments.run_one`) or K at once
(:func:`numerics.fairness.batched.run_members`): the data split of a seed and the optimiser's
settings."""

from __future__ import annotations

import functools

#: Training settings per data set: about 200 Adam steps each (Adult: 3 epochs of 512).
TRAIN = {"adult": {"epochs": 3, "batch_size": 512}, "compas": {"epochs": 12, "batch_size": 256},
         "german": {"epochs": 60, "batch_size": 256}, "titanic": {"epochs": 30, "batch_size": 256},
         "digits": {"epochs": 50, "batch_size": 256}}
LR, HIDDEN, SIGMA = 5e-3, 64, 0.2


@functools.lru_cache(maxsize=64)
def load_split(name: str, seed: int):
    """The :class:`~numerics.data.FairSplit` of a data set for one seed (cached)."""
    from numerics.data import load_fair_digits, load_fair_tabular

    if name == "digits":
        return load_fair_digits(random_state=seed)
    return load_fair_tabular(name, random_state=0 if name == "adult" else seed)
