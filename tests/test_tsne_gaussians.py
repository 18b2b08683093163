"""The two-Gaussian constructions of numerics.tsne.gaussians (Figs. 4, 9, 10, 14)."""

import numpy as np

from numerics.tsne.gaussians import (
    add_mean_poison,
    add_neighbourhood_poison,
    exact_quantile_ratio,
    pca_scores,
    two_gaussians,
)
from theory.tsne import silhouette, sq_distances


def test_two_gaussians_recipe(seed):
    rng = np.random.default_rng(seed)
    X, y = two_gaussians(300, 400, rng, c=1.0)
    assert X.shape == (600, 400) and list(np.bincount(y)) == [300, 300]
    # means 0 and e_1, per-coordinate variance d^(-3/4)
    diff = X[y == 1].mean(0) - X[y == 0].mean(0)
    assert abs(diff[0] - 1.0) < 0.05 and np.abs(diff[1:]).max() < 0.05
    assert abs(X[y == 0].var() / 400 ** -0.75 - 1) < 0.02


def test_mean_poison_leaves_pca_unchanged(seed):
    rng = np.random.default_rng(seed)
    X, y = two_gaussians(40, 50, rng)
    X1 = add_mean_poison(X)
    assert np.allclose(X1[-1], X.mean(0))
    assert abs(silhouette(pca_scores(X1)[:80], y) - silhouette(pca_scores(X), y)) < 1e-9


def test_neighbourhood_poison_is_a_mean_of_twenty(seed):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(60, 5))
    X3 = add_neighbourhood_poison(X, 3, np.random.default_rng(seed))
    assert X3.shape == (63, 5)
    r = np.random.default_rng(seed)
    idx = r.choice(60, size=20, replace=False)
    assert np.allclose(X3[60], X[idx].mean(0))


def test_exact_quantile_ratio_matches_monte_carlo():
    rng = np.random.default_rng(0)
    d, c = 250, 0.7
    X, y = two_gaussians(300, d, rng, c=c)
    D = sq_distances(X)
    off = ~np.eye(len(y), dtype=bool)
    same = D[(y[:, None] == y[None, :]) & off]
    diff = D[y[:, None] != y[None, :]]
    mc = np.quantile(diff, 0.99) / np.quantile(same, 0.01)
    assert abs(mc / exact_quantile_ratio(d, c, q=0.01) - 1) < 0.02
    # tends to 1 with the dimension
    assert exact_quantile_ratio(10**9, 1.4) < exact_quantile_ratio(4000, 1.4) < \
        exact_quantile_ratio(250, 0.7)
