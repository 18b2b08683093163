"""Software tests of theory.cupid: validation, metrics against scikit-learn and brute force,
the loss pieces against direct formulas, the softmax Jacobian against finite differences."""

import numpy as np
import pytest
from scipy.optimize import check_grad

from theory.cupid import (
    au_loss,
    au_optimum,
    au_score,
    aurc,
    auroc,
    eu_loss,
    eu_score,
    first_order_eu,
    mean_value_bound,
    nonneg_null_direction,
    softmax,
    softmax_jacobian,
)
from theory.validation import InvalidParameterError


def test_auroc_matches_sklearn(seed):
    from sklearn.metrics import roc_auc_score

    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, 200)
    s = np.round(rng.normal(size=200) + y, 1)  # ties on purpose
    assert auroc(y, s) == pytest.approx(roc_auc_score(y, s), abs=1e-12)


def test_aurc_matches_brute_force(seed):
    rng = np.random.default_rng(seed)
    e = rng.integers(0, 2, 50).astype(float)
    s = rng.normal(size=50)
    order = np.argsort(s, kind="stable")
    brute = np.mean([e[order[:k]].mean() for k in range(1, 51)])
    assert aurc(e, s) == pytest.approx(brute, abs=1e-12)


def test_au_loss_direct_formula(seed):
    rng = np.random.default_rng(seed)
    r, s = rng.normal(size=(4, 3)), rng.normal(size=(4, 3))
    assert au_loss(r, s) == pytest.approx(np.mean(0.5 * r**2 * np.exp(-s) + 0.5 * s))
    sp = rng.normal(size=4)
    assert au_loss(r, sp, "paper") == pytest.approx(
        np.mean(0.5 * (r**2).sum(1) * np.exp(-sp) + 0.5 * sp))


def test_au_optimum_arrays_and_scores():
    s, v = au_optimum(np.array([1.0, np.e]))
    np.testing.assert_allclose(s, [0.0, 1.0])
    np.testing.assert_allclose(v, [0.5, 1.0])
    np.testing.assert_allclose(au_score(np.zeros((2, 3))), [1.0, 1.0])


def test_softmax_jacobian_matches_finite_differences(seed):
    rng = np.random.default_rng(seed)
    z = rng.normal(size=4)
    J = softmax_jacobian(softmax(z[None])[0])
    for k in range(4):
        f = lambda x, k=k: softmax(x[None])[0][k]
        g = lambda x, k=k: softmax_jacobian(softmax(x[None])[0])[k]
        assert check_grad(f, g, z) < 1e-6
    assert np.allclose(J, J.T)


def test_first_order_and_mean_value_on_linear_map(seed):
    rng = np.random.default_rng(seed)
    W = rng.normal(size=(3, 5))
    d = rng.normal(size=5)
    v, b = first_order_eu(W, d, norm=2)
    integ, sup = mean_value_bound(lambda x: W, np.zeros(5), d, n_grid=3)
    assert v <= b + 1e-12 and integ == pytest.approx(v) and sup == pytest.approx(b)


def test_null_direction_and_eu_score():
    v = nonneg_null_direction(np.array([[1.0, -1.0, 0.0]]))
    assert v is not None and np.all(v >= -1e-12) and abs(v[0] - v[1]) < 1e-9
    assert nonneg_null_direction(np.array([[1.0, 2.0]])) is None
    p = softmax(np.zeros((2, 4)))
    assert np.all(eu_score(p, p) == 0)
    assert eu_loss(np.ones((2, 2)), np.zeros((2, 2)), np.ones((2, 3)), np.zeros((2, 3)), 0.5) \
        == pytest.approx(0.5)


@pytest.mark.parametrize("call, name", [
    (lambda: au_optimum(0.0), "r2"),
    (lambda: au_loss(np.ones((2, 2)), np.ones((2, 3))), "s"),
    (lambda: au_loss(np.ones((2, 2)), np.ones((2, 2)), reduce="sum"), "reduce"),
    (lambda: eu_loss(np.ones((2, 2)), np.ones((2, 2)), np.ones((2, 3)), np.ones((2, 3)), -1.0),
     "t11"),
    (lambda: softmax_jacobian(np.array([0.5, 0.6])), "p"),
    (lambda: auroc([0, 0], [0.1, 0.2]), "labels"),
    (lambda: auroc([0, 2], [0.1, 0.2]), "labels"),
    (lambda: aurc([0, 1], [0.1]), "scores"),
    (lambda: first_order_eu(np.ones((2, 3)), np.ones(2)), "delta"),
    (lambda: mean_value_bound(lambda x: x, np.ones(2), np.ones(2), n_grid=1), "n_grid"),
    (lambda: au_loss(np.array([[np.nan]]), np.zeros((1, 1))), "residual"),
])
def test_bad_input_raises_with_the_template(call, name):
    with pytest.raises(InvalidParameterError, match=f"The '{name}' parameter of"):
        call()
