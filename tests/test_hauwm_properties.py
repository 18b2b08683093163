"""Property tests (hypothesis) of theory.hauwm's public functions: random valid inputs give
finite values with their invariants (variances >= 0 and finite, coverage in [0, 1], the NLL
minimised at the truth), values near the float64 limits stay right or are refused clearly, and
invalid inputs (the cases of issue 56 among them) are refused naming the parameter. The example
database is off and the search derandomised, so every run draws the same inputs."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import theory.hauwm as W

PINNED = settings(database=None, derandomize=True, deadline=None, max_examples=25)
steps = st.integers(1, 10**6)
pos = st.floats(1e-6, 1e6)
phis = st.floats(-0.999, 0.999)



@PINNED
@given(steps, phis, pos, pos, pos)
def test_closed_form_variances_are_finite_nonnegative_and_ordered(h, phi, s2, theta, sigma):
    hs = np.array([h, h + 1])
    for V in (W.var_random_walk(hs, s2), W.var_ar1(hs, phi, s2), W.var_ou(hs * 1.0, theta, sigma),
              W.var_circle(hs, 1.0, s2, component="trace"), W.var_reset(hs, 7, s2, 3)):
        assert np.all(np.isfinite(V)) and np.all(V >= 0)
    # monotone processes: the variance does not decrease with h
    assert W.var_random_walk(h + 1, s2) >= W.var_random_walk(h, s2)
    assert W.var_ar1(h + 1, phi, s2) >= W.var_ar1(h, phi, s2) * (1 - 1e-15)
    assert W.var_ar1(h, phi, s2) <= s2 / (1 - phi**2) * (1 + 1e-12)
    assert W.var_ou(h + 1.0, theta, sigma) >= W.var_ou(float(h), theta, sigma) * (1 - 1e-15)


@PINNED
@given(st.floats(1 - 1e-6, 1 - 1e-15), st.integers(1, 50))
def test_ar1_near_unit_root_has_no_cancellation(phi, h):
    # V(h) = s2·Σ_{i<h} φ^{2i}: the sum is the reference (no subtraction)
    ref = math.fsum(phi ** (2 * i) for i in range(h))
    np.testing.assert_allclose(W.var_ar1(h, phi, 1.0), ref, rtol=1e-6)


@PINNED
@given(st.integers(0, 2**32 - 1), st.integers(2, 6), st.integers(1, 4))
def test_mixture_variance_is_law_of_total_variance(seed, M, n):
    rng = np.random.default_rng(seed)
    mus, var = rng.normal(size=(M, n)), rng.uniform(0.1, 2, size=(M, n))
    mean, v = W.mixture_moments(mus, var)
    assert np.all(v >= var.mean(0) - 1e-12) and np.all(np.isfinite(v))
    big_m, big_v = W.mixture_moments(mus * 1e150, var * 1e300)
    np.testing.assert_allclose(big_m, mean * 1e150, rtol=1e-12)
    np.testing.assert_allclose(big_v, v * 1e300, rtol=1e-12)
    # members that agree near the float64 maximum: their mean is not inf
    m2, v2 = W.mixture_moments(np.full((M, n), 1.6e308), np.full((M, n), 1.6e308))
    assert np.all(m2 == 1.6e308) and np.all(v2 == 1.6e308)


@PINNED
@given(pos, pos, st.floats(-1e3, 1e3))
def test_expected_nll_is_minimised_at_the_true_variance(V, s, b):
    assert W.nll_expected(V, V) <= W.nll_expected(s, V) + 1e-12
    np.testing.assert_allclose(W.nll_expected(V, V), W.nll_minimum(V), rtol=1e-12, atol=1e-12)
    assert W.nll_expected(s, V, bias=b) >= W.nll_expected(s, V) - 1e-12


@PINNED
@given(st.floats(1e-300, 1 - 1e-16), st.floats(1e-3, 1e3))
def test_coverage_at_ratio_is_a_probability_and_level_at_one(level, r):
    c = W.coverage_at_ratio(r, level)
    assert 0 <= c <= 1
    np.testing.assert_allclose(W.coverage_at_ratio(1.0, level), level, rtol=1e-9)
    assert W.z_for_level(level) > 0 and math.isfinite(W.z_for_level(level))


@PINNED
@given(st.integers(0, 2**32 - 1), st.integers(2, 12), st.floats(0, 1))
def test_candidate_losses_are_finite_and_in_range(seed, H, margin):
    rng = np.random.default_rng(seed)
    V = np.sort(rng.uniform(0.1, 5, H))
    hs = np.arange(1, H + 1)
    assert W.loss_hinge(V, 0.0) == 0.0 and W.loss_hinge(V, margin) >= 0
    assert 0 <= W.loss_rank(V[::-1], hs) <= 2 and W.loss_rank(V, hs) <= 1e-12 + (
        1 - (len(set(V)) == H))
    c = W.best_growth_slope(V, hs)
    assert math.isfinite(c) and W.loss_growth_regression(V, hs, c) <= W.loss_growth_regression(
        V, hs, c * 1.1) + 1e-12
    mus = rng.normal(size=(3, H))
    base = W.loss_disagreement(mus, hs)
    assert base <= 0
    # scaled by 2^500 the disagreement scales by 2^1000, with no overflow on the way
    np.testing.assert_allclose(W.loss_disagreement(mus * 2.0**500, hs) / 2.0**1000, base,
                               rtol=1e-12)


@PINNED
@given(st.integers(1, 8), st.floats(1e-3, 10), st.floats(1e-3, 10))
def test_hcu_objective_is_finite_and_unbounded_below(k, lam, V):
    d = np.array([0.0, 1e3, 1e100, 1e150])
    ob = W.hcu_objective_learned_variance(d, k, V, 4, lam)
    assert np.all(np.isfinite(ob)) and ob[-1] < ob[0]
    c = W.hcu_spread_coefficient(5, lam, np.array([k]), 1.0)
    assert np.all(np.isfinite(c))


@pytest.mark.parametrize("call, name", [
    # issue 56
    (lambda: W.loss_disagreement(np.ones((3, 2)), float("nan")), "h"),
    (lambda: W.loss_disagreement(np.ones((3, 2)), -1), "h"),
    (lambda: W.hcu_objective_learned_variance(1.0, -1, 1.0, 4), "k"),
    (lambda: W.hcu_objective_learned_variance(1.0, 1, 1.0, 4, beta=float("nan")), "beta"),
    (lambda: W.best_growth_slope([1.0, 2.0], [0.0, 0.0]), "horizons"),
    # the same patterns elsewhere
    (lambda: W.loss_disagreement(np.ones((3, 2)), [1, 2, 3]), "h"),
    (lambda: W.loss_disagreement(np.ones((3, 2)), True), "h"),
    (lambda: W.loss_disagreement(np.ones((3, 0)), 1), "mus"),
    (lambda: W.hcu_objective_learned_variance(float("nan"), 1, 1.0, 4), "spread"),
    (lambda: W.hcu_objective_learned_variance([1.0, 2.0], [1, 2, 3], 1.0, 4), "k"),
    (lambda: W.hcu_spread_coefficient(5, 1.0, True), "k"),
    (lambda: W.hcu_spread_coefficient(5, 1.0, float("nan")), "k"),
    (lambda: W.hcu_spread_coefficient(True, 1.0, 1), "M"),
    (lambda: W.calibration_ratio([True], [1.0]), "pred_var"),
    (lambda: W.calibration_ratio([1e300], [1e-300]), "pred_var"),
    (lambda: W.coverage([0.0, 1.0], [0.0, 1.0, 2.0], [1.0]), "mu"),
    (lambda: W.coverage([0.0], [0.0], [1.0], level=float("nan")), "level"),
    (lambda: W.loss_rank([1.0, 2.0], [1.0, 1.0]), "horizons"),
    (lambda: W.loss_rank([1.0], [1.0]), "var_by_h"),
    (lambda: W.loss_hinge([1.0, 2.0], 0.1, log="yes"), "log"),
    (lambda: W.loss_hinge([1.0, -2.0], 0.1), "var_by_h"),
    (lambda: W.loss_nll([0.0, 1.0], [0.0, 1.0, 2.0], [1.0]), "mu"),
    (lambda: W.var_random_walk(True, 1.0), "h"),
    (lambda: W.var_random_walk(2.5, 1.0), "h"),
    (lambda: W.var_random_walk(1e30, 1.0), "h"),
    (lambda: W.var_random_walk(10, 1e308), "s2"),
    (lambda: W.var_ou(float("nan"), 1.0, 1.0), "h"),
    (lambda: W.var_lgssm(10**7, np.eye(2), np.eye(2)), "h"),
    (lambda: W.var_lgssm(3000, 2 * np.eye(2), np.eye(2)), "A"),
    (lambda: W.conditional_mean("ou", 1.0, 0.0), "params"),
    (lambda: W.conditional_mean("ar1", 1, float("nan"), phi=0.5), "x0"),
    (lambda: W.conditional_mean("ar1", [1, 2], [1.0, 2.0, 3.0], phi=0.5), "x0"),
    (lambda: W.nll_expected(1e-320, 1.0), "sig2"),
    (lambda: W.standardised_sq_error([1e300], [-1e300], [1e-300]), "var"),
])
def test_invalid_inputs_are_refused_naming_the_parameter(call, name):
    with pytest.raises((ValueError, TypeError), match=f"'{name}'"):
        call()


def test_values_near_the_float64_limits():
    # scaled before squaring: representable answers come back, not inf or NaN
    assert W.standardised_sq_error([1e200], [-1e200], [1e300]) == pytest.approx(4e100, rel=1e-12)
    assert W.loss_hinge([1.5e308, 0.0], 1e307) == pytest.approx(1.5e308 + 1e307, rel=1e-12)
    assert W.best_growth_slope([2.0, 4.0], [1e-200, 2e-200]) == pytest.approx(2e200, rel=1e-12)
    assert W.nll_minimum(1.7e308) == pytest.approx(0.5 * (math.log(2 * math.pi * math.e)
                                                          + math.log(1.7e308)), rel=1e-14)
    assert W.var_ou(1.0, 1e-310, 1.0) == pytest.approx(1.0, rel=1e-12)
    assert W.z_for_level(1e-20) == pytest.approx(math.sqrt(math.pi / 2) * 1e-20, rel=1e-9)
    assert math.isfinite(W.z_for_level(1 - 2**-53))
    assert W.coverage([1e308], [-1e308], [1.0]) == 0.0
    assert W.hinge_violation_horizon(0.999999, 1.0, 1e-300, log=True) > 10**8  # no scan cap


def test_numerics_refuse_bad_configurations_naming_the_field():
    torch = pytest.importorskip("torch")
    from numerics.hauwm.model import BatchedEnsemble, TrainConfig, embed_horizon, train
    from numerics.hauwm.processes import AR1, Process

    for call, name in [
        (lambda: embed_horizon(torch.arange(0, 5), 4), "h"),
        (lambda: embed_horizon(torch.arange(1, 5) * 1.0, 4), "h"),
        (lambda: embed_horizon(torch.arange(1, 5), True), "H"),
        (lambda: train(AR1, "nll+hcu", TrainConfig(members=1), [0]), "cfg.members"),
        (lambda: train(AR1, "nll+hinge", TrainConfig(H=1), [0]), "cfg.H"),
        (lambda: train(AR1, "nll+hinge", TrainConfig(shape_batch=1000), [0]), "cfg.shape_batch"),
        (lambda: train(AR1, "nll", TrainConfig(lr=float("nan")), [0]), "cfg.lr"),
        (lambda: train(AR1, "nll", TrainConfig(steps=2.0), [0]), "cfg.steps"),
        (lambda: train(AR1, "nll", TrainConfig(), []), "seeds"),
        (lambda: Process("ar1", phi=1.0), "phi"),
        (lambda: Process("walk"), "name"),
        (lambda: BatchedEnsemble(2, 1, groups=0), "groups"),
    ]:
        with pytest.raises((ValueError, TypeError), match=f"'{name}'"):
            call()
