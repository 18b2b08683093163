"""Coloured digits: scikit-learn's 8×8 digits with a synthetic colour as the sensitive attribute.

A Colored-MNIST-style image set built offline. The task is ``y = 1[digit ≥ 5]``; every image is
drawn in one of two colour channels, red (``s = 1``) or green (``s = 0``), so an input has
2 × 64 pixels (channel-major, the unused channel is zero). In the training part the colour agrees
with the label with probability ``train_agreement`` (a spurious shortcut); in the test part with
probability ``test_agreement`` (0.5 by default: colour independent of the label), so a classifier
that leans on colour shows a demographic-parity gap on the test set.
"""

from __future__ import annotations

import numpy as np

from numerics.data._digits import load_digits
from numerics.data._tabular import FairSplit
from theory.validation import Interval, check_param


def colour_digits(images: np.ndarray, s: np.ndarray) -> np.ndarray:
    """Put each (8, 8) image in channel ``s`` of a (2, 8, 8) image; returns shape (n, 2, 8, 8)."""
    out = np.zeros((len(images), 2, 8, 8))
    out[np.arange(len(images)), s.astype(int)] = images
    return out


def load_fair_digits(*, train_agreement: float = 0.9, test_agreement: float = 0.5,
                     test_size: float = 0.4, random_state: int = 0) -> FairSplit:
    """Coloured digits as a :class:`FairSplit` (pixels scaled to [0, 1], not standardised).

    Parameters
    ----------
    train_agreement, test_agreement : float in [0, 1]
        P(s = y) in the training and the test part.
    test_size : float in (0, 1)
        Fraction of the 1,797 images held out (stratified by digit, seeded).
    random_state : int
        Seed of the split and of the colour draw.
    """
    caller = "load_fair_digits"
    check_param("train_agreement", train_agreement, Interval(0, 1), caller)
    check_param("test_agreement", test_agreement, Interval(0, 1), caller)
    check_param("test_size", test_size, Interval(0, 1, closed="neither"), caller)
    rng = np.random.default_rng(random_state)
    d = load_digits()
    y = (d.target >= 5).astype(np.int64)
    n = len(y)
    perm = rng.permutation(n)
    # stratify by digit: take the first test_size fraction of each digit's shuffled indices
    test = np.zeros(n, bool)
    for digit in range(10):
        idx = perm[d.target[perm] == digit]
        test[idx[: round(test_size * len(idx))]] = True
    agree = np.where(test, test_agreement, train_agreement)
    s = np.where(rng.random(n) < agree, y, 1 - y).astype(np.int64)
    X = colour_digits(d.images / 16.0, s).reshape(n, -1)
    names = tuple(f"{c}_{i}" for c in ("green", "red") for i in range(64))
    return FairSplit(X[~test], y[~test], s[~test], X[test], y[test], s[test], names,
                     "digits", "colour")
