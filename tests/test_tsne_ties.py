"""Near-ties in the σ = 0 limit of the input affinities (issue 39's named example) and the
outlier number's convention."""

import numpy as np

from theory.tsne import conditional_probabilities, joint_probabilities, sq_distances
from theory.tsne._affinities import TIE_RTOL
from theory.tsne._outliers import outlier_number


def _poison_centroid(d: int = 50):
    """100 points c ± 0.3 e_j with non-dyadic c, and their centroid (the poison point): every
    point is at squared distance 0.09 from it, up to the rounding of the mean."""
    c = np.full(d, 0.1) + np.arange(d) / 30
    X = c + 0.3 * np.vstack([np.eye(d), -np.eye(d)])
    return np.vstack([X, X.mean(axis=0)])


def test_poison_centroid_distances_differ_only_by_rounding():
    D = sq_distances(_poison_centroid())
    row = D[-1, :-1]
    assert np.unique(row).size > 1  # the input really has distinct last bits
    assert np.ptp(row) <= TIE_RTOL * row.min()


def test_perplexity_one_treats_rounding_ties_as_ties():
    X = _poison_centroid()
    Pc = conditional_probabilities(sq_distances(X), 1.0)
    # Lemma 20: uniform on all 100 nearest neighbours (before: on the 2 that were exactly minimal)
    np.testing.assert_array_equal(Pc[-1, :-1], np.full(100, 0.01))
    P = joint_probabilities(sq_distances(X), 1.0)
    np.testing.assert_allclose(P.sum(), 1.0, rtol=1e-14)
    np.testing.assert_allclose(P[-1, :-1], P[-1, 0], rtol=0, atol=0)


def test_real_gaps_stay_gaps():
    # a relative gap of 1e-9 is far above the tolerance: the row picks the strict minimum
    D = np.array([[0.0, 1.0, 1.0 + 1e-9], [1.0, 0.0, 4.0], [1.0 + 1e-9, 4.0, 0.0]])
    Pc = conditional_probabilities(D, 1.0)
    np.testing.assert_array_equal(Pc[0], [0.0, 1.0, 0.0])


def test_outlier_number_is_the_maximum_over_points():
    # a unit square's four corners plus a far point: only the far point has a wide margin
    X = np.array([[0, 0], [1, 0], [0, 1], [1, 1], [10, 0.5]], dtype=float)
    a = outlier_number(X)
    rest = X[:4]
    diam = np.sqrt(sq_distances(rest).max())
    np.testing.assert_allclose(a, (10 - 1) / max(1.0, diam), rtol=1e-6)
