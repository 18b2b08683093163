"""Software tests of theory.hauwm: validation messages, closed forms against references, and
properties of the calibration and candidate-loss functions (hypothesis where apt)."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from theory.hauwm import _reference as ref
from theory.hauwm import (
    calibration_ratio,
    conditional_mean,
    conditional_variance,
    coverage,
    coverage_at_ratio,
    hcu_critical_horizon,
    hcu_spread_coefficient,
    hinge_violation_horizon,
    loss_disagreement,
    loss_growth_regression,
    loss_hinge,
    loss_nll,
    loss_rank,
    mixture_moments,
    nll_expected,
    nll_optimum,
    standardised_sq_error,
    var_ar1,
    var_circle,
    var_lgssm,
    var_ou,
    var_reset,
)


@pytest.mark.parametrize("call, name", [
    (lambda: conditional_variance("brownian", 1, s2=1.0), "process"),
    (lambda: conditional_variance("ar1", 1, s2=1.0), "params"),
    (lambda: conditional_variance("ar1", 1, phi=0.5, s2=1.0, sigma=2), "params"),
    (lambda: var_ar1(0, 0.5, 1.0), "h"),
    (lambda: var_ar1(1.5, 0.5, 1.0), "h"),
    (lambda: var_ar1(1, 1.0, 1.0), "phi"),
    (lambda: var_ar1(1, 0.5, -1.0), "s2"),
    (lambda: var_ou(-1.0, 0.5, 1.0), "h"),
    (lambda: var_ou(1.0, 0.0, 1.0), "theta"),
    (lambda: var_lgssm(1, np.eye(2), np.eye(3)), "Q"),
    (lambda: var_lgssm(1, np.eye(2), -np.eye(2)), "Q"),
    (lambda: var_lgssm(1, np.ones((2, 3)), np.eye(2)), "A"),
    (lambda: var_circle(1, 1.0, 0.01, component="tan"), "component"),
    (lambda: var_reset(1, 1, 1.0), "L"),
    (lambda: var_reset(1, 5, 1.0, phase=5), "phase"),
    (lambda: calibration_ratio([1.0], [0.0]), "true_var"),
    (lambda: coverage([0.0], [0.0], [1.0], level=1.0), "level"),
    (lambda: coverage([0.0], [0.0], [-1.0]), "var"),
    (lambda: mixture_moments(np.zeros((3, 2)), np.ones((3, 3))), "variances"),
    (lambda: hinge_violation_horizon(0.8, 1.0, 0.0), "margin"),
    (lambda: hinge_violation_horizon(0.8, 1.0, 0.1, log="yes"), "log"),
    (lambda: loss_hinge([1.0], 0.1), "var_by_h"),
    (lambda: loss_hinge([1.0, 2.0], 0.1, pairs="some"), "pairs"),
    (lambda: loss_growth_regression([1.0, 2.0], [1.0], 1.0), "horizons"),
    (lambda: loss_disagreement(np.zeros((1, 4)), 1), "mus"),
    (lambda: hcu_spread_coefficient(1, 1.0, 1), "M"),
])
def test_bad_input_names_the_parameter(call, name):
    with pytest.raises(ValueError, match=f"The '{name}' parameter of .* must be .* Got .* instead"):
        call()


def test_conditional_variance_dispatches_to_each_closed_form():
    h = np.arange(1, 6)
    np.testing.assert_allclose(conditional_variance("random_walk", h, s2=2.0), 2.0 * h)
    np.testing.assert_allclose(conditional_variance("ar1", h, phi=0.8, s2=1.0), var_ar1(h, 0.8, 1))
    np.testing.assert_allclose(conditional_variance("ou", [1.0], theta=0.5, sigma=1.0),
                               [1 - math.exp(-1.0)])
    np.testing.assert_allclose(conditional_variance("reset", h, L=3, s2=1.0), [1, 2, 0, 1, 2])
    np.testing.assert_allclose(conditional_variance("circle", h, omega=0.3, s2=0.1,
                                                    component="trace"), 1 - np.exp(-0.1 * h))
    S = conditional_variance("lgssm", 3, A=[[0.5]], Q=[[1.0]])
    assert S.shape == (1, 1) and S[0, 0] == pytest.approx(1 + 0.25 + 0.0625)


def test_ar1_matches_recursion_and_ou_matches_quadrature():
    np.testing.assert_allclose(var_ar1(np.arange(1, 31), -0.7, 0.4),
                               ref.ar1_variance_recursion(30, -0.7, 0.4), rtol=1e-12)
    for h in (0.01, 0.7, 3.0):
        assert var_ou(h, 1.3, 0.8) == pytest.approx(ref.ou_variance_quadrature(h, 1.3, 0.8),
                                                    rel=1e-10)


def test_conditional_mean_ar1_and_circle():
    assert conditional_mean("ar1", 3, 2.0, phi=0.5) == pytest.approx(0.25)
    m = conditional_mean("circle", 1, 0.0, omega=math.pi / 2, s2=0.02)
    np.testing.assert_allclose(m, [0.0, math.exp(-0.01)], atol=1e-15)


@settings(max_examples=40, deadline=None)
@given(st.floats(-0.95, 0.95), st.floats(0.05, 3.0), st.floats(0.001, 0.5))
def test_hinge_violation_horizon_matches_scan(phi, s2, m):
    hstar = hinge_violation_horizon(phi, s2, m)
    inc = s2 * np.abs(phi) ** (2 * np.arange(1, 400))
    assert hstar == int(np.argmax(inc < m)) + 1


def test_coverage_and_standardised_error_of_calibrated_predictor():
    rng = np.random.default_rng(0)
    x = rng.normal(1.0, 2.0, size=200_000)
    assert coverage(x, 1.0, 4.0) == pytest.approx(0.9, abs=0.004)
    assert standardised_sq_error(x, 1.0, 4.0) == pytest.approx(1.0, abs=0.01)
    assert coverage_at_ratio(1.0) == pytest.approx(0.9, rel=1e-12)
    assert calibration_ratio([2.0, 3.0], [1.0, 3.0]).tolist() == [2.0, 1.0]


def test_mixture_moments_matches_sampling_the_mixture():
    rng = np.random.default_rng(1)
    mus, vs = np.array([0.0, 1.0, 3.0]), np.array([0.5, 1.0, 2.0])
    m, v = mixture_moments(mus, vs)
    k = rng.integers(0, 3, size=400_000)
    s = rng.normal(mus[k], np.sqrt(vs[k]))
    assert m == pytest.approx(s.mean(), abs=0.01) and v == pytest.approx(s.var(), rel=0.01)


def test_nll_optimum_is_the_true_variance():
    V = np.array([0.01, 1.0, 7.0])
    grid = np.exp(np.linspace(-8, 4, 20001))
    best = [grid[np.argmin(nll_expected(grid, v))] for v in V]
    np.testing.assert_allclose(best, nll_optimum(V), rtol=1e-3)
    x = np.array([0.0, 1.0]); assert loss_nll(x, 0.5, 0.25) == pytest.approx(
        float(np.mean(nll_expected(0.25, 0.25))))


def test_candidate_losses_at_simple_profiles():
    assert loss_hinge([1.0, 2.0, 3.0], 0.5) == 0.0
    assert loss_hinge([3.0, 2.0, 1.0], 0.0, pairs="all") == pytest.approx((1 + 2 + 1) / 3)
    assert loss_rank([1.0, 2.0, 3.0], [1, 2, 3]) == pytest.approx(0.0)
    assert loss_rank([3.0, 2.0, 1.0], [1, 2, 3]) == pytest.approx(2.0)
    mus = np.array([[1.0], [-1.0]])
    assert loss_disagreement(mus, 3) == pytest.approx(-3 * 2.0)
    assert hcu_critical_horizon(5, 1.0) == pytest.approx(2.0)
    assert hcu_spread_coefficient(5, 1.0, 2.0) == pytest.approx(0.0)


def test_lgssm_increments_are_psd():
    rng = np.random.default_rng(2)
    A = rng.normal(size=(3, 3))
    B = rng.normal(size=(3, 3))
    S = var_lgssm(np.arange(1, 8), A, B @ B.T)
    assert all(np.linalg.eigvalsh(d).min() > -1e-9 * np.abs(d).max() for d in np.diff(S, axis=0))
