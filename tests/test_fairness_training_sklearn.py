"""CSFairClassifier follows the scikit-learn estimator API (estimator checks, pipelines, search)."""

import numpy as np
import pytest
from sklearn.base import clone
from sklearn.model_selection import GridSearchCV
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.utils.estimator_checks import parametrize_with_checks

from numerics.fairness.classifier import CSFairClassifier, FairClassifier
from theory.validation import InvalidParameterError

# the group comes from column 0 so the estimator checks exercise the CS penalty (lam > 0)
_CHECKED = [CSFairClassifier(lam=0.5, sensitive_feature=0, epochs=8, batch_size=64, lr=3e-2)]


def _expected_failures(estimator):
    # minibatch SGD over a seeded permutation: a row of weight 2 and two copies of it fall in
    # different batches, so the fits are not identical (the weighted loss is tested directly in
    # tests/test_fairness_hardening.py)
    return {"check_sample_weight_equivalence_on_dense_data":
            "minibatch SGD: weights and repeated rows give different batch sequences"}


@parametrize_with_checks(_CHECKED, expected_failed_checks=_expected_failures)
def test_sklearn_estimator_checks(estimator, check):
    check(estimator)


def _data(seed, n=300):
    rng = np.random.default_rng(seed)
    s = rng.integers(0, 2, n)
    X = np.column_stack([rng.normal(size=n) + 1.5 * s, rng.normal(size=n), s])
    y = (X[:, 0] + 0.5 * X[:, 1] + 0.3 * rng.normal(size=n) > 0.75).astype(int)
    return X, y, s


def test_params_roundtrip_and_clone():
    clf = CSFairClassifier(lam=2.0, sigma=0.3)
    assert clf.get_params()["lam"] == 2.0 and clf.get_params()["sigma"] == 0.3
    assert "regularizer" not in clf.get_params()
    clf.set_params(lam=5.0)
    assert clone(clf).lam == 5.0
    assert FairClassifier(regularizer="hsic").get_params()["regularizer"] == "hsic"


def test_fit_with_sensitive_features_and_string_labels(seed):
    X, y, s = _data(seed)
    labels = np.array(["no", "yes"])[y]
    clf = CSFairClassifier(lam=1.0, epochs=20).fit(X[:, :2], labels, sensitive_features=s)
    assert set(clf.predict(X[:, :2])) <= {"no", "yes"}
    proba = clf.predict_proba(X[:, :2])
    assert proba.shape == (300, 2) and np.allclose(proba.sum(axis=1), 1)


def test_pipeline_and_grid_search_over_lam(seed):
    X, y, _ = _data(seed)
    pipe = make_pipeline(StandardScaler(), CSFairClassifier(sensitive_feature=2, epochs=15))
    search = GridSearchCV(pipe, {"csfairclassifier__lam": [0.0, 1.0]}, cv=2)
    search.fit(X, y)
    assert search.best_params_["csfairclassifier__lam"] in (0.0, 1.0)
    assert search.predict(X).shape == (300,)


def test_missing_sensitive_attribute_and_bad_params_raise():
    X, y, _ = _data(0)
    with pytest.raises(ValueError, match="needs the sensitive attribute"):
        CSFairClassifier(lam=1.0).fit(X, y)
    with pytest.raises(InvalidParameterError, match="'lam' parameter of CSFairClassifier"):
        CSFairClassifier(lam=-1.0).fit(X, y, sensitive_features=X[:, 2])
    with pytest.raises(ValueError, match="Only binary classification"):
        CSFairClassifier(lam=0.0).fit(X, np.arange(300) % 3)
