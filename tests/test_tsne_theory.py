"""Cross-implementation agreement for the t-SNE theory: our scores, P and outlier number against
scikit-learn and openTSNE."""

import numpy as np
import pytest
from sklearn.metrics import calinski_harabasz_score, silhouette_score

from numerics.tsne.thirdparty import (
    opentsne_joint_probabilities,
    sklearn_joint_probabilities,
    svm_margin,
)
from theory.tsne import (
    calinski_harabasz,
    hull_projection,
    impostor,
    joint_probabilities,
    outlier_number,
    shifted,
    silhouette,
    sq_distances,
)
from theory.validation import InvalidParameterError


def _data(seed, n=45, k=3):
    rng = np.random.default_rng(seed)
    labels = np.repeat(np.arange(k), n // k)
    return rng.normal(size=(n, 4)) + 2.0 * labels[:, None], labels


def test_silhouette_matches_sklearn(seed):
    X, labels = _data(seed)
    for C in (0.0, 5.0, 1e4):
        Xc = shifted(X, C)
        assert abs(silhouette(Xc, labels) - silhouette_score(Xc, labels)) < 1e-12


def test_calinski_harabasz_matches_sklearn(seed):
    X, labels = _data(seed)
    assert abs(calinski_harabasz(X, labels) / calinski_harabasz_score(X, labels) - 1) < 1e-12


def test_thm3_impostor_silhouette_matches_sklearn(seed):
    X, labels = _data(seed)
    s0 = silhouette_score(X, labels)
    for eps in (0.5, 0.01):
        Xe, C = impostor(X, labels, eps)
        assert C > 0 and abs(silhouette_score(Xe, labels) - eps * s0) < 1e-10


def test_impostor_rejects_bad_eps(seed):
    X, labels = _data(seed)
    for eps in (0.0, 1.5, -0.1):
        with pytest.raises(InvalidParameterError, match=r"'eps' parameter.*\(0, 1\]"):
            impostor(X, labels, eps)


def test_joint_probabilities_match_sklearn_and_opentsne(seed):
    X, _ = _data(seed, n=60)
    D = sq_distances(X)
    P = joint_probabilities(D, 15.0)
    assert np.abs(P - sklearn_joint_probabilities(D, 15.0)).max() < 1e-7
    assert np.abs(P - opentsne_joint_probabilities(D, 15.0)).max() < 1e-8


def test_lemma17_third_parties_agree_with_ours_in_their_valid_regime(seed):
    X, _ = _data(seed, n=60)
    D = sq_distances(X)
    C = 5.0  # beta * C stays below ~10 here, where both third parties are still accurate
    Ds = D + C * (1 - np.eye(60))
    assert np.abs(sklearn_joint_probabilities(Ds, 15.0) - joint_probabilities(D, 15.0)).max() < 1e-7
    assert np.abs(opentsne_joint_probabilities(Ds, 15.0) - joint_probabilities(D, 15.0)).max() < 1e-8


def test_outlier_number_matches_svm_margin(seed):
    rng = np.random.default_rng(seed)
    Y = rng.normal(size=(25, 2))
    Y[0] = [12.0, 3.0]
    d, _ = hull_projection(Y[0], Y[1:])
    assert abs(d - svm_margin(Y[0], Y[1:])) < 1e-5 * d
    diam = np.sqrt(sq_distances(Y[1:]).max())
    assert abs(outlier_number(Y) - d / diam) < 1e-6
