"""Unit and symbolic tests of the fairness closed forms, estimator and DP bounds."""

import numpy as np
import pytest
import sympy as sp

from theory.fairness import (
    bhattacharyya_gaussian,
    cs_divergence_gaussian,
    cs_divergence_gmm,
    cs_divergence_kde,
    cs_mutual_information,
    dp_bounds_histogram,
    kl_gaussian,
    l2_gap_from_cs,
    mmd2_gaussian,
)
from theory.validation import InvalidParameterError


def test_equal_variance_cs_equals_kl_symbolically():
    delta, s = sp.Symbol("Delta", real=True), sp.Symbol("s", positive=True)
    s1, s2 = sp.symbols("s1 s2", positive=True)
    d_a = delta**2 / (s1**2 + s2**2) + sp.log((s1**2 + s2**2) / (2 * s1 * s2))
    kl = sp.Rational(1, 2) * (s1**2 / s2**2 + delta**2 / s2**2 - 1 + sp.log(s2**2 / s1**2))
    assert sp.simplify(d_a.subs({s1: s, s2: s}) - delta**2 / (2 * s**2)) == 0
    assert sp.simplify(kl.subs({s1: s, s2: s}) - delta**2 / (2 * s**2)) == 0


def test_cs_counterexample_value_matches_note():
    assert cs_divergence_gaussian(0, 0.01, 3, 1) == pytest.approx(10.53027933, abs=1e-8)
    assert kl_gaussian(0, 0.01, 3, 1) == pytest.approx(6.30758509, abs=1e-8)


def test_convention_b_is_half_of_a(seed):
    rng = np.random.default_rng(seed)
    m1, m2 = rng.normal(size=2), rng.normal(size=2)
    S = np.array([[2.0, 0.3], [0.3, 1.0]])
    a = cs_divergence_gaussian(m1, S, m2, 2 * S)
    assert cs_divergence_gaussian(m1, S, m2, 2 * S, convention="B") == pytest.approx(a / 2)
    x, y = rng.normal(size=20), rng.normal(1, 1, 30)
    assert cs_divergence_kde(x, y, 0.5, convention="B") == pytest.approx(
        cs_divergence_kde(x, y, 0.5) / 2)


def test_gmm_with_one_component_is_the_gaussian_closed_form(seed):
    rng = np.random.default_rng(seed)
    m1, m2 = rng.normal(size=3), rng.normal(size=3)
    S1, S2 = np.diag(rng.uniform(0.5, 2, 3)), np.diag(rng.uniform(0.5, 2, 3))
    g = cs_divergence_gmm([1.0], m1[None], S1[None], [1.0], m2[None], S2[None])
    assert g == pytest.approx(cs_divergence_gaussian(m1, S1, m2, S2), rel=1e-12)


def test_bhattacharyya_and_mmd_are_zero_on_equal_pairs():
    assert bhattacharyya_gaussian(1.0, 2.0, 1.0, 2.0) == pytest.approx(0.0, abs=1e-15)
    assert mmd2_gaussian(1.0, 2.0, 1.0, 2.0, 0.3) == pytest.approx(0.0, abs=1e-15)


def test_far_apart_samples_give_finite_not_nan():
    x, y = np.linspace(0, 1, 50), np.linspace(0, 1, 40) + 1e4
    d = cs_divergence_kde(x, y, 0.01)
    assert np.isfinite(d) and d > 1e8


def test_cs_mi_is_zero_when_groups_share_their_predictions():
    v = np.array([0.1, 0.4, 0.4, 0.9])
    yhat, s = np.concatenate([v, v, v]), np.repeat([0, 1, 2], 4)
    assert cs_mutual_information(yhat, s, 0.2) == pytest.approx(0.0, abs=1e-14)


def test_dp_bounds_histogram_hold_on_beta_samples(seed):
    rng = np.random.default_rng(seed)
    for a, b in ((2, 5), (1, 1), (0.8, 3)):
        res = dp_bounds_histogram(rng.beta(a, b, 800), rng.beta(b, a, 700), bins=20)
        assert res.holds
        # the identity ties the bound to the CS divergence of the histograms
        assert res.l2_gap == pytest.approx(l2_gap_from_cs(res.cs_divergence, res.norm_a,
                                                          res.norm_b), rel=1e-9)


@pytest.mark.parametrize("call, match", [
    (lambda: cs_divergence_gaussian(0, [[1, 2], [2, 1]], 0, np.eye(2)), "'S1' parameter"),
    (lambda: cs_divergence_gaussian(0, -1.0, 0, 1.0), "symmetric positive definite"),
    (lambda: cs_divergence_gaussian(0, 1.0, np.nan, 1.0), "finite"),
    (lambda: cs_divergence_gaussian(0, 1.0, 0, 1.0, convention="C"), "'convention'"),
    (lambda: cs_divergence_kde([0.0, 1.0], [1.0, 2.0], 0.0), "'sigma' parameter"),
    (lambda: cs_divergence_kde([0.0, 1.0], [1.0, 2.0], -1.0), "'sigma' parameter"),
    (lambda: cs_divergence_kde([], [1.0, 2.0], 1.0), "at least 2 points"),
    (lambda: cs_divergence_kde([0.5], [1.0, 2.0], 1.0), "at least 2 points"),
    (lambda: cs_divergence_kde([0.5, np.nan], [1.0, 2.0], 1.0), "finite"),
    (lambda: cs_mutual_information([0.1, 0.2, 0.3], [0, 0, 1], 1.0), "at least 2 samples"),
    (lambda: cs_mutual_information([0.1, 0.2, 0.3], [0, 0, 0], 1.0), "at least 2 groups"),
    (lambda: cs_divergence_gmm([0.5, 0.4], [0, 1], [1, 1], [1.0], [0], [1]), "summing to 1"),
    (lambda: mmd2_gaussian(0, 1, 0, 1, 0.0), "'h' parameter"),
    (lambda: dp_bounds_histogram([0.1, 1.2], [0.3, 0.4]), "inside the support"),
])
def test_bad_input_raises_a_clear_error(call, match):
    with pytest.raises(InvalidParameterError, match=match):
        call()


def _cs_mpmath(m1, S1, m2, S2, dps=60):
    """D_A of the float64 inputs evaluated in 60-digit arithmetic (the reference)."""
    import mpmath as mp

    with mp.workdps(dps):
        d = len(m1)
        A, B = mp.matrix(S1.tolist()), mp.matrix(S2.tolist())
        delta = mp.matrix([mp.mpf(a) - mp.mpf(b) for a, b in zip(m1, m2)])
        Ssum = A + B
        maha = (delta.T * mp.inverse(Ssum) * delta)[0]
        logdet = mp.log(mp.det(Ssum / 2)) - (mp.log(mp.det(A)) + mp.log(mp.det(B))) / 2
        return float(maha + logdet) if d else 0.0


def test_cs_gaussian_is_stable_on_near_equal_pairs_against_mpmath(seed):
    rng = np.random.default_rng(seed)
    worst = 0.0
    for k in range(60):
        d = 1 + k % 3
        A = rng.normal(size=(d, d))
        S1 = A @ A.T + 0.2 * np.eye(d)
        E = rng.normal(size=(d, d)) * 10.0 ** rng.uniform(-9, -4)
        S2 = S1 + (E + E.T) / 2
        m1 = rng.normal(size=d)
        m2 = m1 + rng.normal(size=d) * 10.0 ** rng.uniform(-9, -4)
        got = cs_divergence_gaussian(m1, S1, m2, S2)
        ref = _cs_mpmath(m1, S1, m2, S2)
        assert got >= 0.0
        worst = max(worst, abs(got - ref) / ref)
    # the old slogdet differences lost everything here (relative errors up to 1.5e3)
    assert worst < 1e-5


def test_cs_gaussian_never_negative_on_equal_and_rounded_pairs():
    S = np.array([[2.0, 0.3], [0.3, 1.0]])
    assert cs_divergence_gaussian([0.0, 0.0], S, [0.0, 0.0], S) == 0.0
    assert cs_divergence_gaussian(0.1, 1.0 + 1e-15, 0.1, 1.0) >= 0.0


@pytest.mark.parametrize("call, match", [
    (lambda: cs_divergence_gaussian("1", 1.0, 0.0, 1.0), "not strings, complex"),
    (lambda: cs_divergence_gaussian(1j, 1.0, 0.0, 1.0), "not strings, complex"),
    (lambda: cs_divergence_gaussian(0.0, np.array([[1 + 1j]]), 0.0, 1.0), "not strings"),
    (lambda: cs_divergence_kde(["0", "1"], [1.0, 2.0], 1.0), "not strings, complex"),
    (lambda: cs_divergence_kde([0.0, 0.5], [1.0, 2.0], 1e-200), "'sigma' parameter"),
])
def test_non_real_input_and_overflowing_sigma_are_refused(call, match):
    with pytest.raises(InvalidParameterError, match=match):
        call()


def test_kde_tiny_sigma_is_large_and_finite_not_nan():
    x = np.linspace(0, 1, 50)
    # log-domain exponents: D grows like (Δ/σ)² and stays finite (was NaN at σ = 1e-200)
    d = cs_divergence_kde(x, x + 1e-3, 1e-150)
    assert np.isfinite(d) and d > 1e280


def test_kde_float16_input_is_computed_in_float64():
    rng = np.random.default_rng(0)
    x, y = rng.random(40).astype(np.float16), rng.random(30).astype(np.float16)
    assert cs_divergence_kde(x, y, 0.1) == cs_divergence_kde(x.astype(np.float64),
                                                             y.astype(np.float64), 0.1)
