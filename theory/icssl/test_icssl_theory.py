"""Unit and symbolic tests of the IC-SSL closed forms (attention, Laplacian, eigenmap, TF_sup)."""

import numpy as np
import pytest
import sympy as sp

from theory.icssl import (
    attention_laplacian,
    biased_softmax_attention,
    erase_attention,
    functional_gd,
    generalized_eigh,
    harmonic_label_propagation,
    labelled_log_likelihood,
    laplacian_eigenmap,
    rbf_attention,
    rbf_gram,
    sin_max_principal_angle,
    softmax_expectation,
    step_size_bound,
    subspace_iteration,
)
from theory.icssl._reference import two_circles
from theory.validation import InvalidParameterError


@pytest.fixture
def circles():
    return two_circles(60, seed=3)


def test_rbf_score_expansion_symbolically():
    u1, u2, v1, v2, h = sp.symbols("u1 u2 v1 v2 h", positive=True)
    lhs = -((u1 - v1) ** 2 + (u2 - v2) ** 2) / (2 * h)
    rhs = (u1 * v1 + u2 * v2) / h - (u1**2 + u2**2) / (2 * h) - (v1**2 + v2**2) / (2 * h)
    assert sp.simplify(lhs - rhs) == 0


def test_softmax_covariance_top_eigenvalue_is_at_most_half_for_two_classes():
    p = sp.Symbol("p", positive=True)
    cov = sp.Matrix([[p * (1 - p), -p * (1 - p)], [-p * (1 - p), p * (1 - p)]])
    top = max(cov.eigenvals(), key=lambda e: sp.simplify(e.subs(p, sp.Rational(1, 3))))
    assert sp.simplify(top - 2 * p * (1 - p)) == 0
    assert sp.maximum(2 * p * (1 - p), p, sp.Interval(0, 1)) == sp.Rational(1, 2)


def test_step_size_witness_curvature_symbolically():
    a, g = sp.symbols("a g", positive=True)
    ell = -sp.log(2 + 2 * sp.cosh(2 * a * g))
    assert sp.simplify(sp.diff(ell, g, 2).subs(g, 0) + 2 * a**2) == 0
    # two coincident tokens: λ_max(11ᵀ) = 2 and ‖W‖² = 2a², so α* = 4/(4a²) = 1/a²
    assert step_size_bound(np.array([[1.5, -1.5]]), np.ones((2, 2))) == pytest.approx(1 / 2.25)


def test_attention_columns_sum_to_one_and_match_biased_form(circles):
    X, _ = circles
    K = rbf_attention(X[:20], X, 0.3)
    assert K.shape == (20, 60)
    np.testing.assert_allclose(K.sum(0), 1.0, atol=1e-14)
    np.testing.assert_allclose(biased_softmax_attention(X[:20], X, 0.3), K, atol=1e-14)


def test_laplacian_is_identity_minus_kernel(circles):
    X, _ = circles
    L, K, d = attention_laplacian(X, 0.2)
    np.testing.assert_allclose(L + K, np.eye(60), atol=0)
    np.testing.assert_allclose(K * d[None, :], rbf_gram(X, 0.2), atol=1e-15)


def test_eigenmap_right_side_is_degree_weighted_left_side(circles):
    X, _ = circles
    left, lam = laplacian_eigenmap(X, 0.3, 3)
    right, lam_r = laplacian_eigenmap(X, 0.3, 3, side="right")
    _, _, d = attention_laplacian(X, 0.3)
    np.testing.assert_allclose(right, d[:, None] * left, atol=1e-14)
    np.testing.assert_array_equal(lam, lam_r)
    np.testing.assert_allclose(left.T @ (d[:, None] * left), np.eye(3), atol=1e-10)
    _, lam2 = laplacian_eigenmap(X, 0.3, 2, drop_trivial=True)
    np.testing.assert_allclose(lam2, lam[1:], atol=1e-14)


def test_eigenmap_matches_generalized_eigh(circles):
    X, _ = circles
    f, lam = laplacian_eigenmap(X, 0.3, 4)
    ev, F = generalized_eigh(rbf_gram(X, 0.3))
    np.testing.assert_allclose(lam, ev[:4], atol=1e-12)
    assert sin_max_principal_angle(f, F[:, :4]) < 1e-8


def test_subspace_iteration_is_orthonormal_and_seeded(circles):
    X, _ = circles
    _, K, _ = attention_laplacian(X, 0.3)
    P = subspace_iteration(K, 3, 10, seed=5)
    np.testing.assert_allclose(P.T @ P, np.eye(3), atol=1e-12)
    np.testing.assert_array_equal(P, subspace_iteration(K, 3, 10, seed=5))
    raw = subspace_iteration(K, 3, 0, orthonormalize=False, seed=5)
    np.testing.assert_array_equal(raw, np.random.default_rng(5).standard_normal((60, 3)))


def test_functional_gd_zero_steps_and_monotone_at_the_bound(circles):
    X, y = circles
    lab = np.array([0, 1, 2, 3])
    W = np.eye(2)
    assert not functional_gd(X, y[lab], lab, W, 1.0, 0).any()
    K = rbf_gram(X[lab], 0.5)
    a = step_size_bound(W, K)
    F = np.zeros((4, 2))
    prev = labelled_log_likelihood(F, y[lab], W)
    for _ in range(5):
        F = functional_gd(X[lab], y[lab], np.arange(4), W, a, 1, h=0.5, normalized=False, F0=F)
        cur = labelled_log_likelihood(F, y[lab], W)
        assert cur >= prev - 1e-12
        prev = cur


def test_softmax_expectation_batches(circles):
    W = np.array([[1.0, -1.0, 0.5], [0.0, 2.0, -1.0]])
    F = np.random.default_rng(0).standard_normal((5, 2))
    np.testing.assert_allclose(softmax_expectation(W, F)[2], softmax_expectation(W, F[2]))


def test_harmonic_propagation_clamps_labels(circles):
    X, y = circles
    lab = np.array([0, 5, 9])
    P = harmonic_label_propagation(rbf_gram(X, 0.1), lab, y[lab], 2)
    np.testing.assert_array_equal(P[lab], np.eye(2)[y[lab]])
    np.testing.assert_allclose(P.sum(1), 1.0, atol=1e-12)


def test_erase_attention_tends_to_identity():
    S = -np.abs(np.subtract.outer(np.arange(5.0), np.arange(5.0)))
    np.testing.assert_allclose(erase_attention(S, 50.0), np.eye(5), atol=1e-20)


@pytest.mark.parametrize("call, match", [
    (lambda X: rbf_attention(X, X, 0.0), "'h' parameter of rbf_attention"),
    (lambda X: attention_laplacian(X, -1.0), "'h' parameter of attention_laplacian"),
    (lambda X: laplacian_eigenmap(X, 0.1, 0), "'k' parameter of laplacian_eigenmap"),
    (lambda X: laplacian_eigenmap(X, 0.1, 2, side="up"), "'side' parameter"),
    (lambda X: rbf_attention(X, X[:, :1], 0.1), "'V' parameter of rbf_attention"),
    (lambda X: rbf_gram(np.full((3, 2), np.nan), 0.1), "'X' parameter of rbf_gram"),
    (lambda X: functional_gd(X, np.array([0, 2]), np.array([0, 1]), np.eye(2), 1.0, 1),
     "'y_lab' parameter of functional_gd"),
    (lambda X: functional_gd(X, np.array([0, 1]), np.array([0, 99]), np.eye(2), 1.0, 1),
     "'lab_idx' parameter of functional_gd"),
    (lambda X: functional_gd(X, np.array([0, 1]), np.array([0, 1]), np.eye(2), -1.0, 1),
     "'alpha' parameter of functional_gd"),
    (lambda X: harmonic_label_propagation(rbf_gram(X, 0.1), np.array([0, 0]),
                                          np.array([0, 1]), 2), "'lab_idx' parameter"),
    (lambda X: subspace_iteration(np.ones((3, 4)), 1, 1), "'K_hat' parameter"),
])
def test_bad_input_raises_with_the_template(circles, call, match):
    X, _ = circles
    with pytest.raises(InvalidParameterError, match=match):
        call(X)
