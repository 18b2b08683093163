"""scikit-learn's bundled handwritten digits (1,797 images of 8×8, 16 grey levels)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from numerics.data._common import require_package


@dataclass(frozen=True)
class Digits:
    images: np.ndarray  # (n, 8, 8) float64, grey levels 0..16
    target: np.ndarray  # (n,) int64 labels 0..9

    @property
    def X(self) -> np.ndarray:
        return self.images.reshape(len(self.images), -1)


def load_digits(n_class: int = 10) -> Digits:
    """Load the digits bundled with scikit-learn (read from the installed package, offline)."""
    datasets = require_package("sklearn.datasets", "digits")
    bunch = datasets.load_digits(n_class=n_class)
    return Digits(images=bunch.images.astype(np.float64), target=bunch.target.astype(np.int64))
