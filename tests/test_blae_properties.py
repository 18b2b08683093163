"""Property tests of theory.blae's public functions: geodesics are metrics that dominate chords,
the losses are non-negative and vanish where they should, recall lies in [0, 1]; bad input is
refused naming the parameter. Derandomised, no example database."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.refusals import refused
from theory.blae import (
    HOLE,
    bilip_loss,
    bilip_loss_code,
    geodesic_holed,
    graph_geodesic,
    injective_loss,
    knn_recall,
    separation_eps,
    swiss_chart,
)

SET = settings(max_examples=25, deadline=None, derandomize=True, database=None)
seeds = st.integers(0, 2**32 - 1)


def chart_points(seed, n):
    """n points of the chart domain outside the open hole (hole corners and edges included)."""
    rng = np.random.default_rng(seed)
    P = np.c_[rng.uniform(-2, 10, 4 * n), rng.uniform(0, 6, 4 * n)]
    P[:4] = [[HOLE[0], HOLE[2]], [HOLE[1], HOLE[3]], [4.0, HOLE[2]], [HOLE[0], 3.0]]
    inside = (P[:, 0] > HOLE[0]) & (P[:, 0] < HOLE[1]) & (P[:, 1] > HOLE[2]) & (P[:, 1] < HOLE[3])
    return P[~inside][:n]



@SET
@given(seeds, st.integers(3, 25))
def test_holed_geodesic_is_a_metric_above_chords(seed, n):
    L = chart_points(seed, n)
    D = geodesic_holed(L, L)
    assert np.all(np.isfinite(D)) and np.allclose(D, D.T, atol=1e-12)
    assert np.allclose(np.diag(D), 0, atol=1e-12)
    E = np.linalg.norm(L[:, None] - L[None], axis=2)
    assert np.all(D >= E - 1e-12)
    i, j, k = np.random.default_rng(seed).integers(0, len(L), (3, 50))
    assert np.all(D[i, k] <= D[i, j] + D[j, k] + 1e-9)
    # the chart is an isometry onto the roll: a 3-D chord never exceeds the geodesic
    X = swiss_chart(L)
    assert np.all(np.linalg.norm(X[:, None] - X[None], axis=2) <= D + 1e-9)


@SET
@given(seeds, st.integers(4, 30), st.integers(1, 3), st.booleans())
def test_graph_geodesic_with_duplicates(seed, n, k, dup):
    X = np.random.default_rng(seed).normal(size=(n, 3))
    if dup:
        X[1] = X[0]
    D = graph_geodesic(X, k)
    assert np.allclose(D, D.T) and np.all(np.diag(D) == 0)
    E = np.linalg.norm(X[:, None] - X[None], axis=2)
    fin = np.isfinite(D)
    assert np.all(D[fin] >= E[fin] - 1e-12)
    if dup:
        assert D[0, 1] == 0.0


@SET
@given(seeds, st.integers(3, 20), st.floats(0.05, 0.9), st.integers(-900, 900))
def test_losses_are_nonnegative_and_scale_safe(seed, n, eps, e):
    L = chart_points(seed, n)
    D = geodesic_holed(L, L)
    rng = np.random.default_rng(seed)
    Z = L @ rng.normal(size=(2, 2)) + 0.01 * rng.normal(size=L.shape)
    assert injective_loss(D, Z, eps=eps) >= 0
    s = separation_eps(Z, D, 0.05 * D.max())
    assert s >= 0
    # ε* is homogeneous of degree 1 in the codes, also at scales whose squares overflow
    assert separation_eps(Z * 2.0**e, D, 0.05 * D.max()) == pytest.approx(s * 2.0**e, rel=1e-12)


@SET
@given(seeds, st.integers(1, 4), st.floats(1.0, 10.0))
def test_bilipschitz_losses(seed, b, kappa):
    rng = np.random.default_rng(seed)
    J = rng.normal(size=(b, 3, 2))
    assert bilip_loss(J, kappa) >= 0 and bilip_loss_code(J, kappa) >= 0
    Q = np.linalg.qr(rng.normal(size=(3, 2)))[0]
    assert bilip_loss(Q, kappa) == pytest.approx(0, abs=1e-20)
    assert bilip_loss_code(Q, kappa) == pytest.approx(0, abs=1e-24)


@SET
@given(seeds, st.integers(3, 20))
def test_knn_recall_in_unit_interval(seed, n):
    rng = np.random.default_rng(seed)
    A, B = rng.normal(size=(n, 2)), rng.normal(size=(n, 2))
    DA = np.linalg.norm(A[:, None] - A[None], axis=2)
    DB = np.linalg.norm(B[:, None] - B[None], axis=2)
    r = knn_recall(DA, DB, [1, n - 1])
    assert 0 <= r <= 1
    assert knn_recall(DA, DA, 1) == 1.0


@SET
@given(seeds, st.integers(3, 10), st.sampled_from(["rows", "negative", "asym", "complex"]))
def test_bad_distance_input_is_refused(seed, n, how):
    L = chart_points(seed, n)
    D = geodesic_holed(L, L)
    if how == "rows":
        refused("F", separation_eps, L[:-1], D, 0.1)
    elif how == "negative":
        refused("D_M", separation_eps, L, -D, 0.1)
    elif how == "asym":
        D2 = D.copy()
        D2[0, 1] += 1.0
        refused("D_M", injective_loss, D2, L)
    else:
        refused("F", separation_eps, L + 1j, D, 0.1)


@SET
@given(st.sampled_from([0.0, -1.0, np.inf, np.nan, True, 1j]))
def test_bad_scalars_are_refused(v):
    L = chart_points(0, 6)
    D = geodesic_holed(L, L)
    refused("delta", separation_eps, L, D, v)
    refused("eps", injective_loss, D, L, eps=v)
    refused("kappa", bilip_loss, np.eye(2), v)


def test_bad_counts_are_refused():
    refused("k", graph_geodesic, np.random.default_rng(0).normal(size=(5, 2)), True)
    refused("X", graph_geodesic, np.zeros((4, 2)), 1)
    from theory.blae import swiss_roll_hole

    refused("n_samples", swiss_roll_hole, True)
    refused("n_samples", swiss_roll_hole, 2.0)
