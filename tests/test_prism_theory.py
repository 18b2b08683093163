"""Software tests of theory.prism: validation, shapes, and small identities (the claims carry
the independent checks)."""

import numpy as np
import pytest

from theory.prism import (
    cheb_filter,
    cheb_heat_coeffs,
    cycle_eigs,
    expected_inverse_set_size,
    expected_set_size,
    laplacian,
    marginal_nll,
    marginal_nll_grad,
    momentum_confidence,
    path_eigs,
    prism_propagate,
    relational_pair_count,
    sym_norm,
    uniform_candidates,
    zhou_masked_closed_form,
)
from theory.validation import InvalidParameterError


def test_uniform_candidates_hold_truth_and_match_rate(seed):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 6, 20000)
    M = uniform_candidates(y, 6, 0.3, rng)
    assert np.all(M[np.arange(y.size), y] == 1)
    assert abs(M.sum(1).mean() - expected_set_size(6, 0.3)) < 0.03
    assert abs((1 / M.sum(1)).mean() - expected_inverse_set_size(6, 0.3)) < 0.01


@pytest.mark.parametrize("call, match", [
    (lambda: uniform_candidates([0, 7], 6, .3, 0), "'y' parameter of uniform_candidates"),
    (lambda: uniform_candidates([0, 1], 6, 1.5, 0), "'q' parameter of uniform_candidates"),
    (lambda: expected_set_size(1, .3), "'C' parameter of expected_set_size"),
    (lambda: relational_pair_count(0, 3, .1), "'N' parameter of relational_pair_count"),
    (lambda: path_eigs(1), "'n' parameter of path_eigs"),
    (lambda: laplacian(np.array([[0, 1], [0, 0.]])), "'A' parameter of laplacian"),
    (lambda: prism_propagate([np.eye(2)], np.array([[1, 0], [0, 0.]]), .5, 3),
     "'M' parameter of prism_propagate"),
    (lambda: prism_propagate([np.eye(2)], np.eye(2), 1.5, 3), "'mu' parameter"),
    (lambda: zhou_masked_closed_form(np.eye(2), np.eye(2), np.eye(2), 1.0), "'alpha' parameter"),
    (lambda: momentum_confidence(np.eye(2), np.eye(3), .5), "'Y' parameter"),
    (lambda: marginal_nll(np.zeros((2, 2)), np.eye(2), -np.eye(2)), "'Q' parameter"),
    (lambda: cheb_filter(np.eye(3), np.ones(4), [1.0]), "'x' parameter of cheb_filter"),
])
def test_bad_input_raises_with_the_template(call, match):
    with pytest.raises(InvalidParameterError, match=match):
        call()


def test_propagation_shapes_and_path(seed):
    rng = np.random.default_rng(seed)
    M = uniform_candidates(rng.integers(0, 3, 10), 3, .5, rng)
    A = (rng.random((10, 10)) < .3).astype(float)
    Y, path = prism_propagate(A, M, .5, 4, return_path=True)
    assert Y.shape == (10, 3) and len(path) == 5
    np.testing.assert_allclose(Y.sum(1), 1.0)
    assert np.all(Y[M == 0] == 0)


def test_mu_one_keeps_the_start():
    M = np.array([[1, 1, 0], [0, 1, 1.0]])
    Y = prism_propagate([np.ones((2, 2))], M, 1.0, 5)
    np.testing.assert_allclose(Y, M / 2)


def test_sym_norm_spectral_radius_at_most_one(seed):
    rng = np.random.default_rng(seed)
    W = np.triu(rng.random((12, 12)) < .3, 1).astype(float)
    W = W + W.T
    assert np.abs(np.linalg.eigvalsh(sym_norm(W))).max() <= 1 + 1e-12


def test_gradient_is_zero_sum_per_row(seed):
    rng = np.random.default_rng(seed)
    M = uniform_candidates(rng.integers(0, 4, 5), 4, .5, rng)
    g = marginal_nll_grad(rng.normal(size=(5, 4)), M, M / M.sum(1, keepdims=True))
    np.testing.assert_allclose(g.sum(1), 0.0, atol=1e-15)


def test_cycle_eigs_double_and_cheb_order_zero():
    lam = cycle_eigs(6)
    assert np.isclose(lam[1], lam[2]) and np.isclose(lam[-1], 2.0)
    x = np.ones(4)
    np.testing.assert_allclose(cheb_filter(np.eye(4), x, cheb_heat_coeffs(1.0, 0)),
                               cheb_heat_coeffs(1.0, 0)[0] * x)
