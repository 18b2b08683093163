"""Unit tests of theory.jarf: closed forms against independent computations, validation."""

import numpy as np
import pytest

from theory.jarf import (
    central_difference,
    egop_single_index,
    ejop_from_jacobians,
    fd_error_coefficient,
    mad_steps,
    oblique_normals,
    precondition,
    principal_angles,
    single_index_coefficient,
)
from theory.validation import InvalidParameterError


def test_single_index_matches_mpmath():
    import mpmath as mp

    s = 1.3
    ref = float(mp.quad(lambda z: mp.sech(s * z) ** 4 * mp.npdf(z), [-mp.inf, 0, mp.inf]))
    assert single_index_coefficient(s, "tanh") == pytest.approx(ref, rel=1e-10)


def test_single_index_zero_norm_is_one_over_sixteen_for_logistic():
    # σ'(0) = 1/4, so E[σ'(0)²] = 1/16
    assert single_index_coefficient(0.0, "logistic") == pytest.approx(1 / 16, rel=1e-12)


def test_egop_rank_one_and_symmetric():
    H = egop_single_index([1.0, 2.0, 0.0])
    assert np.allclose(H, H.T)
    assert np.linalg.matrix_rank(H) == 1


def test_central_difference_exact_on_quadratics():
    f = lambda X: X[:, 0] ** 2 + 3 * X[:, 0] * X[:, 1]
    x = np.array([[0.4, -1.2]])
    g = central_difference(f, x, 0.3)[0, :, 0]
    assert np.allclose(g, [2 * 0.4 + 3 * -1.2, 3 * 0.4], atol=1e-12)


def test_fd_coefficient():
    assert fd_error_coefficient() == pytest.approx(1 / 24)
    assert fd_error_coefficient("forward") == pytest.approx(1 / 2)


def test_mad_steps_constant_column_fallback():
    X = np.c_[np.ones(10), np.arange(10.0)]
    e = mad_steps(X)
    assert np.all(e > 0)


def test_precondition_trace_and_scale_invariance(seed):
    rng = np.random.default_rng(seed)
    A = rng.standard_normal((4, 4))
    H0 = A @ A.T
    H = precondition(H0, 1e-2)
    assert np.trace(H) == pytest.approx(4.0)
    assert np.allclose(precondition(7.3 * H0, 1e-2), H)


def test_oblique_normals_are_columns():
    H = np.array([[2.0, 1.0], [1.0, 3.0]])
    N = oblique_normals(H)
    assert np.allclose(N[1], H[:, 1] / np.linalg.norm(H[:, 1]))


def test_principal_angles_known():
    a = np.array([1.0, 0.0])
    b = np.array([1.0, 1.0])
    assert principal_angles(a, b)[0] == pytest.approx(45.0)


def test_ejop_true_class_requires_labels():
    J = np.zeros((3, 2, 2))
    with pytest.raises(InvalidParameterError, match="'y_idx' parameter"):
        ejop_from_jacobians(J, mode="true_class")


@pytest.mark.parametrize("call, match", [
    (lambda: egop_single_index([1.0], link="relu"), "'link' parameter"),
    (lambda: mad_steps(np.ones((3, 2)), alpha=0), "'alpha' parameter"),
    (lambda: precondition(np.eye(2), gamma_rel=-1), "'gamma_rel' parameter"),
    (lambda: precondition(np.array([[1.0, 2.0], [0.0, 1.0]])), "'H0' parameter"),
    (lambda: central_difference(np.sin, np.ones((2, 1)), 0.0), "'eps' parameter"),
    (lambda: mad_steps(np.array([[np.nan, 1.0]])), "'X' parameter"),
])
def test_bad_input_raises(call, match):
    with pytest.raises(InvalidParameterError, match=match):
        call()
