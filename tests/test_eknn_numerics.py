"""Software tests of numerics.eknn: data, estimator, metrics (small sizes)."""

import numpy as np
import pytest

from numerics.eknn.data import circles_moons, digits_views, standardize
from numerics.eknn.metrics import acc, ari, nmi
from numerics.eknn.model import EKNN, full_kernel_kmeans
from theory.validation import InvalidParameterError


def test_views_are_standardised_and_paired():
    Xs, y = circles_moons(100, 1, noise_view=True)
    assert len(Xs) == 3 and all(X.shape == (100, 2) for X in Xs)
    for X in Xs:
        assert np.allclose(X.mean(axis=0), 0, atol=1e-12)
        assert (X ** 2).sum(axis=1).mean() == pytest.approx(1.0)
    assert np.bincount(y).tolist() == [50, 50]
    Xd, yd = digits_views(120, seed=0)
    assert [X.shape[1] for X in Xd] == [64, 16, 20] and len(yd) == 120
    assert standardize(np.zeros((3, 2))).shape == (3, 2)


def test_eknn_separates_easy_blobs_in_both_modes(seed):
    rng = np.random.default_rng(seed)
    y = np.repeat([0, 1], 40)
    Xs = [np.where(y[:, None] == 0, -4.0, 4.0) + rng.standard_normal((80, 2)) for _ in range(2)]
    for mode in ("pipeline", "joint"):
        m = EKNN(2, p=8, mode=mode, n_outer=3, random_state=seed).fit(Xs)
        assert acc(y, m.labels_) == 1.0
        F = np.array([f for _, f in m.history_])
        assert np.all(np.diff(F) <= 1e-9 * np.abs(F[:-1]))
    m = EKNN(2, p=8, center_weights="size", random_state=seed).fit(Xs)
    assert nmi(y, m.labels_) == pytest.approx(1.0) and ari(y, m.labels_) == pytest.approx(1.0)
    assert len(m.K_) == 2 and m.K_[0].shape == (8, 8)


def test_eknn_rejects_size_weights_in_joint_mode():
    Xs, _ = circles_moons(40, 1)
    with pytest.raises(InvalidParameterError, match="center_weights"):
        EKNN(2, p=5, mode="joint", center_weights="size").fit(Xs)
    with pytest.raises(InvalidParameterError, match="mode"):
        EKNN(2, p=5, mode="other").fit(Xs)


def test_full_kernel_kmeans_on_blobs(seed):
    rng = np.random.default_rng(seed)
    y = np.repeat([0, 1], 50)
    X = np.where(y[:, None] == 0, -3.0, 3.0) + rng.standard_normal((100, 2))
    assert acc(y, full_kernel_kmeans(X, 2, random_state=seed)) == 1.0
