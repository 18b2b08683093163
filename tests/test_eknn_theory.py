"""Software tests of theory.eknn: validation, identities, solvers (claims are run by
theory/test_claims.py)."""

import numpy as np
import pytest

from theory.eknn import (
    clustering_acc,
    consensus_cost,
    eknn_pipeline,
    gauss_kernel,
    joint_bcd,
    kernel_kmeans,
    kkm_exact_min,
    kkm_objective,
    lrsc_closed_form,
    meet_partition,
    normalized_partition,
    purity,
    selfrep_objective,
    set_partitions,
    spectral_lower_bound,
)
from theory.eknn._instances import blob_centres, two_curves
from theory.validation import InvalidParameterError


def test_set_partitions_counts_stirling():
    assert len(set_partitions(6, 3)) == 90
    assert len(set_partitions(10, 3)) == 9330


def test_kkm_exact_min_matches_loop_over_partitions(seed):
    K = gauss_kernel(blob_centres(7, 2, 1.0, seed))
    val, lab = kkm_exact_min(K, 2)
    brute = min(kkm_objective(K, P, 2) for P in set_partitions(7, 2))
    assert val == pytest.approx(brute, rel=1e-12)
    assert kkm_objective(K, lab, 2) == pytest.approx(val, rel=1e-12)


def test_kyfan_below_every_partition(seed):
    K = gauss_kernel(blob_centres(8, 3, 1.0, seed))
    lb = spectral_lower_bound(K, 3)
    assert all(kkm_objective(K, P, 3) >= lb - 1e-12 for P in set_partitions(8, 3))


def test_kernel_kmeans_history_non_increasing(seed):
    K = gauss_kernel(np.random.default_rng(seed).standard_normal((40, 2)))
    w = np.random.default_rng(seed).integers(1, 9, 40).astype(float)
    _, hist = kernel_kmeans(K, 3, w, init=np.arange(40) % 3)
    assert np.all(np.diff(hist) <= 1e-12 * np.abs(hist[:-1]))


def test_lrsc_beats_perturbations(seed):
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((4, 9))
    T = lrsc_closed_form(X, 1.0, 0.7)
    f = selfrep_objective(X, T, 1.0, 0.7)
    for _ in range(20):
        assert selfrep_objective(X, T + 1e-3 * rng.standard_normal(T.shape), 1.0, 0.7) >= f


def test_meet_and_purity_and_acc():
    a, b = np.array([0, 0, 1, 1]), np.array([0, 1, 1, 1])
    assert meet_partition([a, b]).tolist() == [0, 1, 2, 2]
    y = np.array([0, 0, 1, 1])
    assert purity(y, a) == 1.0 and clustering_acc(y, 1 - a) == 1.0
    assert purity(y, np.zeros(4, int)) == 0.5


def test_consensus_cost_zero_for_matching_partition():
    U = np.array([0, 0, 1, 1])
    B = normalized_partition(U, 2)[np.array([0, 1, 2, 3, 0, 2])]
    assert consensus_cost([B], np.array([0, 0, 1, 1, 0, 1])) == pytest.approx(0.0, abs=1e-14)


def test_joint_bcd_monotone_and_pipeline_runs(seed):
    Xs, _ = two_curves(80, seed)
    st = joint_bcd(eknn_pipeline(Xs, 2, 12, random_state=seed), n_sweeps=3)
    F = np.array([f for _, f in st.history])
    assert np.all(np.diff(F) <= 1e-9 * np.abs(F[:-1]))
    assert st.H.shape == (80,)


@pytest.mark.parametrize("call", [
    lambda: gauss_kernel(np.ones((3, 2)), sigma2=-1.0),
    lambda: kkm_objective(np.eye(3), np.array([0, 1, 5]), 2),
    lambda: kkm_objective(np.eye(3), np.array([0, 1, 1]), 2, w=-np.ones(3)),
    lambda: spectral_lower_bound(np.eye(3), 4),
    lambda: lrsc_closed_form(np.ones((2, 3)), 0.0, 1.0),
    lambda: kkm_exact_min(np.eye(13), 2),
    lambda: eknn_pipeline([np.ones((10, 2)), np.ones((9, 2))], 2, 3),
    lambda: eknn_pipeline([np.random.default_rng(0).random((10, 2))], 2, 11),
])
def test_bad_input_raises_with_template(call):
    with pytest.raises(InvalidParameterError, match="parameter of .* must be"):
        call()


def test_nan_input_raises():
    with pytest.raises(InvalidParameterError, match="finite"):
        gauss_kernel(np.array([[np.nan, 0.0], [1.0, 1.0]]))
