"""Software tests of numerics.jarf: the scikit-learn estimators, the FD Jacobian, the data."""

import numpy as np
import pytest
from sklearn.utils.estimator_checks import check_estimator

from numerics.jarf import JARFClassifier, JARFRegressor, fd_jacobian, mlp_jacobian
from numerics.jarf.data import rotated_hyperplane, xor_index


@pytest.mark.parametrize("est", [
    JARFClassifier(n_estimators=5, surrogate_estimators=5, random_state=0),
    JARFRegressor(n_estimators=5, surrogate_estimators=5, random_state=0),
], ids=["classifier", "regressor"])
def test_check_estimator(est):
    check_estimator(est)


def test_fit_predict_and_attributes():
    X, y, _w = rotated_hyperplane(45, n=300, random_state=0)
    est = JARFClassifier(n_estimators=10, surrogate_estimators=10, random_state=0).fit(X, y)
    assert est.H0_.shape == (10, 10) and est.H_.shape == (10, 10)
    assert np.trace(est.H_) == pytest.approx(10.0)
    assert set(est.predict(X)) <= {0, 1}
    # reproducible under random_state
    est2 = JARFClassifier(n_estimators=10, surrogate_estimators=10, random_state=0).fit(X, y)
    assert np.array_equal(est.predict_proba(X), est2.predict_proba(X))


@pytest.mark.parametrize("mapping", ["paper", "eigrot", "identity", "random"])
def test_mappings(mapping):
    X, y, _ = xor_index(d=6, n=200, random_state=1)
    est = JARFClassifier(n_estimators=5, surrogate_estimators=5, mapping=mapping,
                         random_state=0).fit(X, y)
    T = est.map_
    if mapping in ("eigrot", "random", "identity"):
        assert np.allclose(T.T @ T, np.eye(6), atol=1e-10)


def test_axis_split_on_XH_is_oblique_split_on_X():
    X, y, _ = rotated_hyperplane(30, n=300, random_state=2)
    est = JARFClassifier(n_estimators=3, surrogate_estimators=5, random_state=0).fit(X, y)
    tree = est.forest_.estimators_[0].tree_
    Z = X @ est.H_
    for node in np.flatnonzero(tree.feature >= 0)[:10]:
        j, t = tree.feature[node], tree.threshold[node]
        assert np.array_equal(Z[:, j] <= t, X @ est.H_[:, j] <= t)


def test_mlp_jacobian_matches_fd(seed):
    from sklearn.neural_network import MLPClassifier

    X, y, _ = xor_index(d=4, n=200, random_state=seed)
    y3 = y + (X[:, 0] > 0.5)  # three classes: softmax output
    mlp = MLPClassifier((8,), activation="tanh", max_iter=300, random_state=0).fit(X, y3)
    J = mlp_jacobian(mlp, X[:20])
    Jf = fd_jacobian(mlp.predict_proba, X[:20], np.full(4, 1e-4))
    assert np.allclose(J, Jf, atol=1e-7)


def test_invalid_parameter_raises():
    X, y, _ = rotated_hyperplane(0, n=50, random_state=0)
    with pytest.raises(ValueError, match="mapping"):
        JARFClassifier(mapping="rotation").fit(X, y)
    with pytest.raises(ValueError, match="clip_q"):
        JARFClassifier(clip_q=(0.9, 0.1), n_estimators=2, surrogate_estimators=2).fit(X, y)
