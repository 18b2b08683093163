"""scikit-learn's estimator conventions for EKNN (a clusterer: the full check suite) and
PRISMLite (two views and a candidate mask at fit: the checks that do not fit (X, y))."""

import numpy as np
import pytest
from sklearn.base import clone
from sklearn.exceptions import NotFittedError
from sklearn.utils import estimator_checks as ec
from sklearn.utils.estimator_checks import parametrize_with_checks

from numerics.eknn.model import EKNN
from theory.validation import InvalidParameterError

_TEMPLATE = ("the package's one message template refuses it ('The 'X' parameter of EKNN must "
             "be ...'), not scikit-learn's wording")
EKNN_EXPECTED_FAILURES = {
    "check_complex_data": "complex input is refused (ValueError), but " + _TEMPLATE,
    "check_dtype_object": "an object array holding a dict is refused (TypeError), but "
                          + _TEMPLATE,
}


@parametrize_with_checks([EKNN(n_clusters=2, p=5, n_init=1)],
                         expected_failed_checks=lambda est: EKNN_EXPECTED_FAILURES)
def test_eknn_sklearn_checks(estimator, check):
    check(estimator)


def _views(seed=0, n=30):
    rng = np.random.default_rng(seed)
    y = np.repeat([0, 1], n // 2)
    return [rng.normal(size=(n, 3)) + 4 * y[:, None], rng.normal(size=(n, 2)) + 3 * y[:, None]]


def test_eknn_multiview_fit_and_params():
    Xs = _views()
    m = EKNN(n_clusters=2, p=6, random_state=0).fit(Xs)
    assert m.labels_.shape == (30,)
    assert m.n_features_per_view_ == [3, 2] and m.n_features_in_ == 5
    assert m.get_params()["n_clusters"] == 2
    m2 = clone(m).set_params(p=7)
    assert m2.p == 7 and not hasattr(m2, "labels_")
    np.testing.assert_array_equal(EKNN(n_clusters=2, p=6, random_state=0).fit_predict(Xs),
                                  m.labels_)


@pytest.mark.parametrize(("params", "name"), [
    ({"n_clusters": 0}, "n_clusters"), ({"n_clusters": True}, "n_clusters"),
    ({"n_clusters": 2, "p": 1}, "p"), ({"n_clusters": 2, "alpha": float("inf")}, "alpha"),
    ({"n_clusters": 2, "n_outer": 2**62}, "n_outer"), ({"n_clusters": 2, "n_init": 0}, "n_init"),
    ({"n_clusters": 2, "sigma_rule": "max"}, "sigma_rule"),
    ({"n_clusters": 2, "random_state": "seed"}, "random_state"),
    ({"n_clusters": 2, "random_state": 1.5}, "random_state"),
])
def test_eknn_refusals_name_the_public_parameter(params, name):
    est = EKNN(p=6, **{k: v for k, v in params.items() if k != "p"})
    if "p" in params:
        est.set_params(p=params["p"])
    with pytest.raises(InvalidParameterError, match=f"'{name}' parameter of EKNN"):
        est.fit(_views())


def test_eknn_refuses_views_of_different_lengths_and_complex_views():
    Xs = _views()
    with pytest.raises(InvalidParameterError, match="'X' parameter of EKNN.*same number of rows"):
        EKNN(n_clusters=2, p=5).fit([Xs[0], Xs[1][:-1]])
    with pytest.raises(InvalidParameterError, match="'X' parameter of EKNN.*real numbers"):
        EKNN(n_clusters=2, p=5).fit([Xs[0], Xs[1] + 1j])


# PRISMLite: fit(Xspa, Xspe, M) is not fit(X, y), so only the parameter-protocol checks apply.
_PRISM_CHECKS = [ec.check_no_attributes_set_in_init, ec.check_estimator_cloneable,
                 ec.check_estimator_repr, ec.check_get_params_invariance, ec.check_set_params,
                 ec.check_parameters_default_constructible,
                 ec.check_do_not_raise_errors_in_init_or_set_params,
                 ec.check_estimator_tags_renamed, ec.check_valid_tag_types]


@pytest.mark.parametrize("check", _PRISM_CHECKS, ids=lambda c: c.__name__)
def test_prismlite_sklearn_parameter_checks(check):
    pytest.importorskip("torch")
    from numerics.prism.model import PRISMLite

    check("PRISMLite", PRISMLite(steps=5))


def _prism_data(n=12, C=3, seed=0):
    from theory.prism import uniform_candidates

    rng = np.random.default_rng(seed)
    y = np.arange(n) % C
    Xspa = rng.normal(size=(n, 4)) + y[:, None]
    Xspe = rng.normal(size=(n, 3)) - y[:, None]
    return Xspa, Xspe, uniform_candidates(y, C, 0.3, rng)


def test_prismlite_fitted_state_and_refusals():
    pytest.importorskip("torch")
    from numerics.prism.model import PRISMLite

    Xspa, Xspe, M = _prism_data()
    est = PRISMLite(steps=5, k_a=3, k_e=3)
    with pytest.raises(NotFittedError):
        est.predict(Xspa, Xspe)
    est.fit(Xspa, Xspe, M)
    assert est.n_classes_ == 3 and est.n_features_in_ == 7
    assert est.predict(Xspa, Xspe).shape == (12,)
    with pytest.raises(InvalidParameterError, match="'Xspe' parameter of PRISMLite"):
        est.predict(Xspa, Xspe[:, :2])
    for params, name in (({"steps": 2**62}, "steps"), ({"lr": float("inf")}, "lr"),
                         ({"mu": 1.5}, "mu"), ({"E": True}, "E"),
                         ({"random_state": -1}, "random_state"), ({"views": "spa"}, "views")):
        with pytest.raises(InvalidParameterError, match=f"'{name}' parameter of PRISMLite"):
            clone(est).set_params(**params).fit(Xspa, Xspe, M)
    with pytest.raises(InvalidParameterError, match="'Xspa' and 'M' parameters"):
        PRISMLite(steps=5).fit(Xspa, Xspe, M[:-1])
    with pytest.raises(InvalidParameterError, match="'Xspa' parameter of PRISMLite.*real"):
        PRISMLite(steps=5).fit(Xspa + 1j, Xspe, M)
