"""Constructions used by the t-SNE experiments hit their targets."""

import numpy as np

from numerics.tsne.experiments import _pca_cosines, blob_with_outlier, pca2
from theory.tsne import hull_projection, shifted, sq_distances


def test_blob_with_outlier_matches_hull_distance(seed):
    rng = np.random.default_rng(seed)
    X, diam = blob_with_outlier(2.0, 30, 5, rng)
    dist = hull_projection(X[-1], X[:-1])[0]
    assert abs(dist / max(1.0, diam) - 2.0) <= 1e-6
    assert diam == np.sqrt(sq_distances(X[:-1]).max())


def test_pca_of_shifted_set_keeps_directions(seed):
    rng = np.random.default_rng(seed)
    X = np.vstack([rng.normal(0, 1, (20, 3)), rng.normal(3, 1, (20, 3))])
    cos = _pca_cosines(X, shifted(X, 50.0))
    assert min(cos) >= 1 - 1e-9
    assert pca2(X).shape == (40, 2)
