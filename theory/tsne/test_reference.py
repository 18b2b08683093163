"""The independent references agree with the closed forms they check (and are independent:
they share no code with them)."""

import numpy as np
import pytest

from theory.tsne import (
    calinski_harabasz,
    cor4_beta,
    hull_projection,
    joint_probabilities,
    silhouette,
    sq_distances,
)
from theory.tsne._reference import (
    hull_distance_nnls,
    reference_calinski_harabasz,
    reference_joint_probabilities,
    reference_silhouette,
)


@pytest.mark.parametrize("perp", [2.5, 10.0, 25.0])
def test_reference_p_matches_ours(perp):
    rng = np.random.default_rng(1)
    D = sq_distances(rng.normal(size=(30, 3)))
    assert np.abs(reference_joint_probabilities(D, perp) - joint_probabilities(D, perp)).max() \
        <= 1e-13


def test_reference_scores_match_ours():
    rng = np.random.default_rng(2)
    X = rng.normal(size=(24, 3))
    labels = np.repeat([0, 1, 2], 8)
    X[labels == 1] += 2.0
    assert abs(reference_silhouette(X, labels) - silhouette(X, labels)) <= 1e-13
    assert abs(reference_calinski_harabasz(X, labels) / calinski_harabasz(X, labels) - 1) <= 1e-12


def test_nnls_hull_distance_matches_the_qp(seed):
    rng = np.random.default_rng(seed)
    A = rng.normal(size=(15, 3))
    x = rng.normal(size=3) * 4
    assert abs(hull_distance_nnls(x, A) - hull_projection(x, A)[0]) <= 1e-6 * (
        1 + hull_projection(x, A)[0])


@pytest.mark.parametrize("n", [4, 6, 10, 20, 64])
def test_two_point_masses_have_no_finite_beta_for_rho_at_most_half_n_minus_one(n):
    # Cor. 4's failing range: below n/2 - 1 the entropy cannot reach log rho.
    for rho in range(1, n // 2):
        assert cor4_beta(n, float(rho)) == np.inf
    assert 0 < cor4_beta(n, n / 2 - 0.5) < np.inf
