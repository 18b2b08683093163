"""Loaders used by the t-SNE experiments read offline data with the expected shapes."""

import numpy as np

from numerics.data import load_digits, load_pbmc68k_reduced


def test_pbmc68k_reduced_shape_and_labels():
    d = load_pbmc68k_reduced()
    assert d.X_pca.shape == (700, 50) and d.X_pca.dtype == np.float64
    assert np.all(np.isfinite(d.X_pca))
    assert d.bulk_labels.shape == d.louvain.shape == (700,)
    assert len(d.bulk_label_names) == 10 and "CD14+ Monocyte" in d.bulk_label_names
    assert len(d.louvain_names) == 11
    assert set(np.unique(d.bulk_labels)) == set(range(10))
    assert set(np.unique(d.louvain)) == set(range(11))
    assert len(set(d.cell_ids)) == 700
    # scanpy stores PCA scores: centred columns with decreasing variance
    assert np.abs(d.X_pca.mean(axis=0)).max() < 1e-3 * d.X_pca.std(axis=0).max()
    var = d.X_pca.var(axis=0)
    assert var[0] > var[10] > var[49]


def test_digits_for_the_impostor_experiment():
    d = load_digits()
    assert d.X.shape == (1797, 64)
    assert np.bincount(d.target).min() >= 170
