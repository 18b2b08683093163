"""The BLAE closed forms: the authors' generator, the chart, geodesics, losses and validation."""

import numpy as np
import pytest
from scipy.stats import spearmanr  # noqa: F401

from theory.blae import (
    authors_training_set,
    bilip_loss,
    bilip_loss_code,
    geodesic_holed,
    graph_geodesic,
    injective_loss,
    knn_recall,
    separation_eps,
    swiss_chart,
    swiss_roll_hole,
)
from theory.validation import InvalidParameterError


def _authors_reference(n_samples):
    """A line-by-line transcription of the draws of data_class.SwissRoll (hole=True)."""
    g = np.random.RandomState(0)
    l = -2 + 12 * g.uniform(size=2 * n_samples)
    z = 6 * g.uniform(size=2 * n_samples)
    idx = np.arange(len(l))
    g.shuffle(idx)
    l, z = l[idx], z[idx]
    t = np.log(0.1 * l / np.sqrt(1.01) + 1) / 0.1
    X = np.array([np.exp(0.1 * t) * np.cos(t), np.exp(0.1 * t) * np.sin(t), z]).T
    hole = (z > 2.5) & (z < 3.5) & (l > 1.5) & (l < 6.5)
    return X[~hole][:n_samples], np.array([l, z]).T[~hole][:n_samples], t[~hole][:n_samples]


def test_generator_reproduces_the_authors_draws():
    X, L, t = swiss_roll_hole(2000)
    Xr, Lr, tr = _authors_reference(2000)
    assert X.shape == (2000, 3)
    assert np.array_equal(X, Xr) and np.array_equal(L, Lr) and np.array_equal(t, tr)
    inside = (L[:, 0] > 1.5) & (L[:, 0] < 6.5) & (L[:, 1] > 2.5) & (L[:, 1] < 3.5)
    assert not inside.any()
    assert swiss_roll_hole(100, hole=False)[0].shape == (200, 3)


def test_training_split_matches_sklearn():
    from sklearn.model_selection import train_test_split

    # the released notebook: points from RandomState(0), split with random_state=21
    X, L, _t = swiss_roll_hole(2000)
    Xtr, _, Ltr, _ = train_test_split(X, L, test_size=0.85, random_state=21)
    A, B, _ = authors_training_set(2000, 0.85)
    assert np.array_equal(A, Xtr) and np.array_equal(B, Ltr)
    # the split seed is its own parameter, not the points' seed
    Xtr0, _, _, _ = train_test_split(X, L, test_size=0.85, random_state=0)
    assert np.array_equal(authors_training_set(2000, 0.85, split_state=0)[0], Xtr0)
    assert not np.array_equal(A, Xtr0)


def test_chart_matches_generator():
    X, L, _ = swiss_roll_hole(50)
    assert np.allclose(swiss_chart(L), X, atol=0, rtol=0)


def test_geodesic_witness_and_symmetry():
    assert geodesic_holed([[4, 2.5]], [[4, 3.5]])[0, 0] == pytest.approx(6.0, abs=1e-12)
    assert geodesic_holed([[1.5, 3.0]], [[6.5, 3.0]])[0, 0] == pytest.approx(6.0, abs=1e-12)
    _, L, _ = swiss_roll_hole(200)
    D = geodesic_holed(L, L)
    assert np.allclose(D, D.T, atol=1e-12)
    E = np.linalg.norm(L[:, None] - L[None], axis=2)
    assert np.all(D >= E - 1e-12)
    # triangle inequality on a sample of triples
    i, j, k = np.random.default_rng(0).integers(0, 200, (3, 2000))
    assert np.all(D[i, k] <= D[i, j] + D[j, k] + 1e-9)


def test_graph_geodesic_is_a_metric_above_chords():
    X, _, _ = swiss_roll_hole(300)
    G = graph_geodesic(X, 5)
    E = np.linalg.norm(X[:, None] - X[None], axis=2)
    assert np.all(np.isfinite(G)) and np.all(G >= E - 1e-9)


def test_injective_loss_forms():
    _, L, _ = swiss_roll_hole(80)
    D = geodesic_holed(L, L)
    assert injective_loss(D, L, eps=1 / 6) == 0.0
    assert injective_loss(D, 2 * L) > 0  # the α hinge: d_N = 2 d_M on visible pairs
    full = injective_loss(D, L, eps=0.9, reduce="paper")
    code = injective_loss(D, L, eps=0.9)
    iu = np.triu_indices(80, 1)
    far = D[iu] > 0.05 * D.max()
    assert full == pytest.approx(code * far.sum() / len(iu[0]), rel=1e-12)


def test_bilip_losses_and_batches():
    J = np.diag([1.0, 0.01])
    assert bilip_loss(J, 1.0) == pytest.approx(0.9801)
    assert bilip_loss_code(J, 1.0) == 0.0
    batch = np.stack([J, np.eye(2)])
    assert bilip_loss(batch, 1.0) == pytest.approx(0.9801 / 2)


def test_separation_and_knn_recall():
    s = np.linspace(0, 1, 11)
    F = s[:, None]
    D = np.abs(s[:, None] - s[None])
    assert separation_eps(F, D, 0.1) == pytest.approx(1.0)
    assert knn_recall(D, D, 3) == 1.0
    rng = np.random.default_rng(0)
    P = rng.normal(size=(60, 2))
    Q = rng.normal(size=(60, 2))
    DP = np.linalg.norm(P[:, None] - P[None], axis=2)
    DQ = np.linalg.norm(Q[:, None] - Q[None], axis=2)
    assert knn_recall(DP, DQ, (5, 10)) < 0.4


@pytest.mark.parametrize("call", [
    lambda: swiss_roll_hole(0),
    lambda: swiss_chart(np.zeros((3, 3))),
    lambda: geodesic_holed([[4.0, 3.0]], [[0.0, 0.0]]),
    lambda: graph_geodesic(np.zeros((5, 3)), 5),
    lambda: separation_eps(np.zeros((2, 1)), np.eye(2), 0.0),
    lambda: injective_loss(np.eye(3), np.zeros((3, 2)), eps=1.5),
    lambda: bilip_loss(np.eye(2), 0.5),
    lambda: bilip_loss_code(np.zeros(3), 1.0),
    lambda: knn_recall(np.eye(3), np.eye(3), 3),
])
def test_bad_input_raises(call):
    with pytest.raises(InvalidParameterError, match="parameter of"):
        call()
