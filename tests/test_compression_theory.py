"""Compression theory: closed forms vs independent solves, bad input, hypothesis properties."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from numerics.compression import (
    asymptotic_drc,
    bernoulli_oneshot_lp,
    binary_asymptotic_drc_scan,
    gaussian_drc_search,
    oneshot_lp,
    sinkhorn_dr_curve,
)
from theory.compression import (
    OutsideDomainWarning,
    bernoulli_asymptotic_dr,
    bernoulli_asymptotic_drc,
    bernoulli_cb,
    bernoulli_cond_entropy,
    bernoulli_drc,
    bernoulli_rate_only_oneshot,
    bernoulli_rdc,
    binary_entropy,
    gaussian_cb,
    gaussian_drc,
    gaussian_drpc,
    gaussian_entropy,
    gaussian_rdc,
    label_entropy,
    rho_classification,
    rho_rate,
    sigma_kl,
    sigma_w2,
)
from theory.tolerances import LP
from theory.validation import InvalidParameterError

half = st.floats(0.0, 0.5)
rate = st.floats(0.0, 1.5)
GAUSS = {"mu_x": 0.0, "sigma_x": 1.0, "mu_y": 0.0, "sigma_y": 1.0, "sigma_s": 1.0, "theta1": 0.8}
MODEL = {"sigma_x": 1.0, "sigma_s": 1.0, "theta1": 0.8}


def _same(a, b, tol=LP):
    return (math.isinf(a) and math.isinf(b)) or abs(a - b) <= tol


def test_rate_only_matches_lp_spot_values():
    assert bernoulli_rate_only_oneshot(0.2, 0.3, 0.3) == pytest.approx(0.32468527, abs=1e-8)
    assert bernoulli_rate_only_oneshot(0.5, 0.3, 0.3) == pytest.approx(0.18171319, abs=1e-8)
    assert bernoulli_oneshot_lp(0.2, math.inf, 0.3, 0.3, 0.0) == pytest.approx(0.32468527,
                                                                              abs=1e-8)


@pytest.mark.parametrize("classification", ["linear", "exact"])
def test_corrected_drc_matches_lp(seed, classification):
    rng = np.random.default_rng(seed)
    for _ in range(25):
        qx, qy, qs1 = rng.uniform(0, 0.5, 3)
        R, C = rng.uniform(0, 1.1), rng.uniform(0.2, 1.0)
        assert _same(bernoulli_drc(R, C, qx, qy, qs1, classification=classification),
                     bernoulli_oneshot_lp(R, C, qx, qy, qs1, classification=classification))


@pytest.mark.parametrize("classification", ["linear", "exact"])
def test_highs_matches_cvxpy(seed, classification):
    rng = np.random.default_rng(seed)
    for _ in range(4):
        qx, qy, qs1 = rng.uniform(0.05, 0.5, 3)
        R, C = rng.uniform(0, 1), rng.uniform(0.5, 1.0)
        a = bernoulli_oneshot_lp(R, C, qx, qy, qs1, classification=classification)
        b = bernoulli_oneshot_lp(R, C, qx, qy, qs1, classification=classification,
                                 solver="cvxpy")
        assert _same(a, b, 1e-6)  # Clarabel's interior-point accuracy


def test_generic_lp_on_ternary_alphabet_bounded_by_ot_and_independent_coupling():
    import ot

    px, py = np.array([0.5, 0.3, 0.2]), np.array([0.2, 0.3, 0.5])
    d = (np.arange(3)[:, None] - np.arange(3)[None, :]) ** 2.0
    ot_cost = float(np.sum(ot.emd(px, py, d) * d))
    lo_rate = oneshot_lp(0.0, px, py, d)
    assert lo_rate == pytest.approx(float(px @ d @ py), abs=LP)
    assert oneshot_lp(10.0, px, py, d) == pytest.approx(ot_cost, abs=LP)
    # one-shot is never below the asymptotic value at the same rate
    for R in (0.3, 0.8):
        assert oneshot_lp(R, px, py, d) >= asymptotic_drc(R, px, py, d) - LP


def test_asymptotic_binary_matches_cvxpy_and_sinkhorn():
    d = 1 - np.eye(2)
    assert bernoulli_asymptotic_dr(0.2, 0.3, 0.3) == pytest.approx(0.19538851, abs=1e-8)
    assert asymptotic_drc(0.2, [0.7, 0.3], [0.7, 0.3], d) == pytest.approx(0.19538851, abs=LP)
    rs, ds = sinkhorn_dr_curve([0.7, 0.3], [0.7, 0.3], d, [0.5])
    assert rs[0] == pytest.approx(0.403095, abs=1e-6)
    assert ds[0] == pytest.approx(bernoulli_asymptotic_dr(rs[0], 0.3, 0.3), abs=1e-9)


def test_asymptotic_drc_with_classification_matches_scan(seed):
    rng = np.random.default_rng(seed)
    for _ in range(20):
        qx, qy, qs1 = rng.uniform(0, 0.5, 3)
        R, C = rng.uniform(0, 1), rng.uniform(0.3, 1)
        assert _same(bernoulli_asymptotic_drc(R, C, qx, qy, qs1),
                     binary_asymptotic_drc_scan(R, C, qx, qy, qs1))


def test_gaussian_drc_matches_search_including_theta_zero():
    for theta in (0.8, -0.5, 0.0):
        m = dict(GAUSS, theta1=theta)
        for R in (0.0, 0.5, 2.0):
            for C in (1.2, 1.6, 2.0, 2.1):
                assert _same(gaussian_drc(R, C, **m), gaussian_drc_search(R, C, **m))


def test_paper_values_a9_a10_a11():
    assert gaussian_drc(1.0, 9.0, **GAUSS) == pytest.approx(0.26794919, abs=1e-8)
    assert gaussian_cb(2.0, **MODEL) == pytest.approx(1.386132, abs=1e-6)
    assert sigma_kl(0.01, 1.0) == pytest.approx(0.901723, abs=1e-6)
    assert gaussian_drpc(0.5, 0.05, 9.0, **MODEL) == pytest.approx(0.50612621, abs=1e-8)
    assert gaussian_drpc(0.5, 0.05, 9.0, **MODEL, perception="w2") == pytest.approx(
        0.50480061, abs=1e-8)
    assert bernoulli_cb(0.5, 0.3, 0.1) == pytest.approx(0.66620767, abs=1e-8)


def test_stated_forms_reproduce_the_documented_errors():
    h02 = float(binary_entropy(0.2))
    assert bernoulli_drc(0.9 * h02, 1.0, 0.2, 0.4, 0.1, as_stated=True) == pytest.approx(0.152)
    c_mid = 0.5 * (float(binary_entropy(0.1)) + bernoulli_cb(0.2, 0.3, 0.1))
    assert bernoulli_drc(0.2, c_mid, 0.3, 0.3, 0.1, as_stated=True) == pytest.approx(
        0.16234264, abs=1e-8)
    assert math.isinf(bernoulli_drc(0.2, c_mid, 0.3, 0.3, 0.1))
    assert gaussian_drc(2.1, 9.0, **GAUSS, as_stated=True) == 0.0


@pytest.mark.parametrize(("fn", "kwargs", "name"), [
    (bernoulli_drc, {"R": 0.1, "C": 0.5, "q_x": 0.7, "q_y": 0.3, "q_s1": 0.1}, "q_x"),
    (bernoulli_drc, {"R": -0.1, "C": 0.5, "q_x": 0.3, "q_y": 0.3, "q_s1": 0.1}, "R"),
    (bernoulli_drc, {"R": 0.1, "C": 0.5, "q_x": 0.3, "q_y": 0.3, "q_s1": 0.1,
                     "classification": "cross-entropy"}, "classification"),
    (bernoulli_rdc, {"D": -1.0, "C": 0.5, "q_x": 0.3, "q_y": 0.3, "q_s1": 0.1}, "D"),
    (gaussian_drc, {"R": 0.5, "C": 1.0, **dict(GAUSS, sigma_x=0.0)}, "sigma_x"),
    (gaussian_drc, {"R": 0.5, "C": 1.0, **dict(GAUSS, theta1=1.0)}, "theta1"),
    (gaussian_drc, {"R": -1.0, "C": 1.0, **GAUSS}, "R"),
    (gaussian_rdc, {"D": 0.5, "C": 1.0, **dict(GAUSS, sigma_y=-1.0)}, "sigma_y"),
    (gaussian_drpc, {"R": 0.5, "P": -0.1, "C": 1.0, **MODEL}, "P"),
    (gaussian_drpc, {"R": 0.5, "P": 0.1, "C": 1.0, **MODEL, "perception": "tv"}, "perception"),
    # issue 17: helpers that returned silent wrong numbers
    (binary_entropy, {"p": 1.5}, "p"),
    (binary_entropy, {"p": -0.2}, "p"),
    (binary_entropy, {"p": np.array([0.2, np.nan])}, "p"),
    (label_entropy, {"q_x": 2.0, "q_s1": 0.1}, "q_x"),
    (label_entropy, {"q_x": 0.2, "q_s1": -0.1}, "q_s1"),
    (bernoulli_cond_entropy, {"p11": 0.5, "q_x": 0.3, "q_y": 0.3, "q_s1": 0.1}, "p11"),
    (bernoulli_cond_entropy, {"p11": -0.01, "q_x": 0.3, "q_y": 0.3, "q_s1": 0.1}, "p11"),
    (bernoulli_cond_entropy, {"p11": 0.05, "q_x": 0.3, "q_y": 0.3, "q_s1": 0.7}, "q_s1"),
    (gaussian_entropy, {"sigma": -1.0}, "sigma"),
    (gaussian_entropy, {"sigma": 0.0}, "sigma"),
    (gaussian_entropy, {"sigma": math.inf}, "sigma"),
    (rho_classification, {"C": 1.0, "sigma_x": -1.0, "sigma_s": 1.0, "theta1": 0.5}, "sigma_x"),
    (rho_classification, {"C": math.nan, **MODEL}, "C"),
    (rho_rate, {"R": -1.0}, "R"),
    (rho_rate, {"R": math.nan}, "R"),
    (bernoulli_oneshot_lp, {"R": 0.2, "C": math.inf, "q_x": 1.5, "q_y": 0.3, "q_s1": 0.1}, "q_x"),
    (bernoulli_oneshot_lp, {"R": 0.2, "C": math.inf, "q_x": -0.2, "q_y": 0.3, "q_s1": 0.1},
     "q_x"),
    (oneshot_lp, {"R": 0.2, "p_x": [0.5, 0.6], "p_y": [0.5, 0.5], "d": 1 - np.eye(2)}, "p_x"),
    (oneshot_lp, {"R": 0.2, "p_x": [1.2, -0.2], "p_y": [0.5, 0.5], "d": 1 - np.eye(2)}, "p_x"),
    (oneshot_lp, {"R": 0.2, "p_x": [0.5, 0.5], "p_y": [0.5, 0.5], "d": 1 - np.eye(3)}, "d"),
    (oneshot_lp, {"R": 0.2, "p_x": [0.5, 0.5], "p_y": [0.5, 0.5], "d": 1 - np.eye(2), "C": 0.5},
     "p_s_given_x"),
    (oneshot_lp, {"R": 0.2, "p_x": [0.5, 0.5], "p_y": [0.5, 0.5], "d": 1 - np.eye(2), "C": 0.5,
                  "p_s_given_x": [[0.9, 0.2], [0.1, 0.9]]}, "p_s_given_x"),
    (asymptotic_drc, {"R": 0.2, "p_x": [0.5, 0.6], "p_y": [0.5, 0.5], "d": 1 - np.eye(2)},
     "p_x"),
])
def test_bad_input_names_the_parameter(fn, kwargs, name):
    with pytest.raises(InvalidParameterError, match=f"'{name}' parameter of"):
        fn(**kwargs)


def test_stated_bernoulli_drc_flags_values_outside_its_domain():
    with pytest.warns(OutsideDomainWarning, match="outside its domain"):
        assert bernoulli_drc(50.0, 0.5, 0.3, 0.3, 0.1, as_stated=True) < 0
    with pytest.warns(OutsideDomainWarning):
        assert bernoulli_drc(math.inf, 0.5, 0.3, 0.3, 0.1, as_stated=True) == -math.inf
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # inside its domain: no warning
        bernoulli_drc(0.2, 1.0, 0.3, 0.3, 0.1, as_stated=True)


def test_exact_classification_boundary_is_set_by_the_anti_correlated_code():
    # q_X = q_Y = .3, q_S1 = .1, R = .2: C_b = 0.821374 (linear model), the rate-R code of
    # Thm 2(ii) has H(S|Y) = 0.903079, the anti-correlated code at the same rate 0.901439
    args = (0.3, 0.3, 0.1)
    c_anti, c_pos = 0.9014392771, 0.9030794889
    assert math.isinf(bernoulli_drc(0.2, c_anti - 1e-6, *args))
    assert math.isinf(bernoulli_oneshot_lp(0.2, c_anti - 1e-6, *args, classification="exact"))
    d_anti = bernoulli_drc(0.2, c_anti + 1e-12, *args)
    assert d_anti == pytest.approx(0.5153147253, abs=1e-8)
    assert bernoulli_oneshot_lp(0.2, c_anti + 1e-12, *args, classification="exact") == \
        pytest.approx(d_anti, abs=LP)
    assert bernoulli_drc(0.2, c_pos + 1e-12, *args) == pytest.approx(0.32468527, abs=1e-8)
    assert bernoulli_drc(0.2, c_pos - 1e-4, *args) > 0.5
    assert float(bernoulli_cond_entropy(0.3 * 0.3 - 0.3 * 0.7 * 0.2 / float(binary_entropy(
        0.3)), 0.3, 0.3, 0.1)) == pytest.approx(c_anti, abs=1e-9)


def test_thm4_and_thm7_units_each_consistent_under_one_reading_only():
    from theory.compression.claims_gaussian import A9, stated_cb, stated_rho

    def dist(rho):
        return 2 - 2 * rho

    d_ii = gaussian_drc(1.0, 9.0, **GAUSS)
    for units, base, meets in (("bits", "e", False), ("bits", "2", True),
                               ("nats", "e", True), ("nats", "2", False)):
        cb = stated_cb(1.0, units=units, **MODEL)
        d = dist(stated_rho(cb, units=units, base=base, **MODEL))
        assert (abs(d - d_ii) < 1e-12) == meets, (units, base, d)
    assert A9["theta1"] == 0.8


def test_infeasible_returns_inf_not_nan():
    assert math.isinf(bernoulli_drc(50.0, float(binary_entropy(0.1)), 0.3, 0.2, 0.1))
    assert math.isinf(gaussian_drc(0.5, 1.0, **GAUSS))
    assert math.isinf(gaussian_drpc(0.5, 0.1, 1.0, **MODEL))
    assert math.isinf(gaussian_rdc(0.0, 9.0, **GAUSS))
    assert math.isinf(bernoulli_rdc(0.05, 9.0, 0.2, 0.4, 0.1))
    assert gaussian_drpc(0.0, math.inf, 9.0, **MODEL) == pytest.approx(1.0)


@settings(max_examples=60, deadline=None)
@given(half, half, half, rate, rate, st.floats(0, 1.2), st.floats(0, 1.2),
       st.sampled_from(["linear", "exact"]))
def test_bernoulli_drc_monotone_and_above_ot(qx, qy, qs1, r1, r2, c1, c2, cl):
    r1, r2 = sorted((r1, r2))
    c1, c2 = sorted((c1, c2))
    d = bernoulli_drc(r1, c1, qx, qy, qs1, classification=cl)
    assert not math.isnan(d)
    assert d >= bernoulli_drc(r2, c1, qx, qy, qs1, classification=cl) - 1e-12
    assert d >= bernoulli_drc(r1, c2, qx, qy, qs1, classification=cl) - 1e-12
    assert d >= abs(qx - qy) - 1e-12
    # exact H(S|Y) >= linear H(S|Y,U): the exact problem is never easier
    assert bernoulli_drc(r1, c1, qx, qy, qs1, classification="exact") >= bernoulli_drc(
        r1, c1, qx, qy, qs1, classification="linear") - 1e-12


@settings(max_examples=60, deadline=None)
@given(half, half, half, rate, st.floats(0, 1.2))
def test_oneshot_above_asymptotic(qx, qy, qs1, r, c):
    assert bernoulli_drc(r, c, qx, qy, qs1) >= bernoulli_asymptotic_drc(r, c, qx, qy,
                                                                         qs1) - 1e-12
    assert bernoulli_rate_only_oneshot(r, qx, qy) >= bernoulli_asymptotic_dr(r, qx, qy) - 1e-12


@settings(max_examples=40, deadline=None)
@given(half, half, st.floats(0.0, 0.9), st.floats(0.02, 0.3))
def test_asymptotic_dr_convex(qx, qy, r, h):
    mid = bernoulli_asymptotic_dr(r + h, qx, qy)
    assert mid <= 0.5 * (bernoulli_asymptotic_dr(r, qx, qy)
                         + bernoulli_asymptotic_dr(r + 2 * h, qx, qy)) + 1e-9


@settings(max_examples=60, deadline=None)
@given(st.floats(0.2, 3), st.floats(0.2, 3), st.floats(0.2, 3), st.floats(-0.95, 0.95),
       st.floats(0, 4), st.floats(0, 4), st.floats(-1, 3), st.floats(0, 2), st.floats(0, 2))
def test_gaussian_forms_monotone_and_above_floor(sx, sy, ss, t, r1, r2, c, p1, p2):
    m = {"mu_x": 0.3, "sigma_x": sx, "mu_y": -0.2, "sigma_y": sy, "sigma_s": ss,
         "theta1": t * sx * ss}
    r1, r2 = sorted((r1, r2))
    p1, p2 = sorted((p1, p2))
    d = gaussian_drc(r1, c, **m)
    assert d >= gaussian_drc(r2, c, **m) - 1e-12
    assert d >= gaussian_drc(r1, c + 0.5, **m) - 1e-12
    assert d >= 0.25 + (sx - sy) ** 2 - 1e-12
    kw = {"sigma_x": sx, "sigma_s": ss, "theta1": t * sx * ss}
    for per in ("kl", "w2"):
        a = gaussian_drpc(r1, p1, c, **kw, perception=per)
        assert a >= gaussian_drpc(r1, p2, c, **kw, perception=per) - 1e-12
        assert a >= gaussian_drpc(r2, p1, c, **kw, perception=per) - 1e-12
    assert sigma_w2(p1, sx) >= sigma_w2(p2, sx)
    assert sigma_kl(p1, sx) >= sigma_kl(p2, sx) - 1e-15


@settings(max_examples=60, deadline=None)
@given(half, half, half, st.floats(0, 1), st.floats(0, 1.2))
def test_bernoulli_rdc_inverts_drc(qx, qy, qs1, u, c):
    d_min, d_ind = abs(qx - qy), qx + qy - 2 * qx * qy
    D = d_min + u * (d_ind - d_min)
    R = bernoulli_rdc(D, c, qx, qy, qs1, classification="linear")
    if math.isfinite(R):
        assert bernoulli_drc(R + 1e-12, c, qx, qy, qs1, classification="linear") <= D + 1e-9
    else:
        assert bernoulli_drc(20.0, c, qx, qy, qs1, classification="linear") > D - 1e-12 \
            or label_entropy(qx, qs1) > c
