"""Property tests (hypothesis) of theory.hgdro's public functions: random valid inputs give
finite values with their invariants, random invalid inputs are refused naming the parameter.
The example database is off and the search derandomised, so every run draws the same inputs."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import theory.hgdro as H
from tests.refusals import refused

PINNED = settings(database=None, derandomize=True, deadline=None, max_examples=25)
fin = st.floats(-30, 30, allow_nan=False, allow_infinity=False)
pos = st.floats(0, 10, allow_nan=False, allow_infinity=False)



@PINNED
@given(arrays(float, st.integers(1, 20), elements=fin))
def test_softplus_bounds_and_identity(x):
    s = H.softplus(x)
    assert np.all(np.isfinite(s)) and np.all(s > 0) and np.all(s >= x)
    np.testing.assert_allclose(s - H.softplus(-x), x, rtol=1e-12, atol=1e-12)


@PINNED
@given(arrays(float, st.integers(1, 10), elements=fin), arrays(float, 3, elements=fin),
       pos, st.sampled_from([1, 2, np.inf]))
def test_robust_logistic_is_monotone_in_eps(m, w, eps, p):
    lo, hi = H.robust_logistic(m, w, 0.0, p=p), H.robust_logistic(m, w, eps, p=p)
    assert np.all(np.isfinite(hi)) and np.all(hi >= lo)
    np.testing.assert_allclose(lo, H.softplus(-m), rtol=1e-15)


@PINNED
@given(st.lists(st.integers(1, 1000), min_size=1, max_size=6), pos)
def test_group_radii_code_rule_gives_eps_to_the_smallest_group(n_g, eps):
    code, paper = H.group_radii(n_g, eps), H.group_radii(n_g, eps, rule="paper")
    np.testing.assert_allclose(code.max(), eps, rtol=1e-15)
    assert np.all(paper <= eps * (1 + 1e-15)) and np.all(code >= 0)


@PINNED
@given(arrays(float, 4, elements=st.floats(0.01, 1)), arrays(float, 4, elements=fin),
       st.floats(1e-3, 10))
def test_eg_update_stays_on_the_simplex(q, losses, eta):
    q = q / q.sum()
    out = H.eg_update(q, losses, eta)
    assert np.all(np.isfinite(out)) and np.all(out >= 0)
    np.testing.assert_allclose(out.sum(), 1.0, rtol=1e-12)


@PINNED
@given(pos, pos, pos, st.integers(1, 50), st.integers(1, 10**6))
def test_omd_gap_bound_positive_and_decreasing_in_T(th, G, B, m, T):
    b1, b2 = H.omd_gap_bound(th, G, B, m, T), H.omd_gap_bound(th, G, B, m, 4 * T)
    assert np.isfinite(b1) and b1 >= 0 and b2 <= b1


@PINNED
@given(st.floats(-5, 5), pos, st.floats(-5, 5))
def test_relu_surrogate_dominates_the_true_sup(w, eps, x0):
    true_sup, sur = H.relu_surrogate_witness(w, eps, x0)
    assert np.isfinite(sur) and true_sup <= sur * (1 + 1e-12) + 1e-15


@PINNED
@given(arrays(float, (3, 4), elements=st.floats(-3, 3)), arrays(float, 4, elements=st.floats(-3, 3)),
       st.integers(0, 2), st.floats(0, 2))
def test_fgsm_never_beats_the_vertex_maximum(W, z, y, eps):
    fgsm, best, v = H.fgsm_vs_vertex(W, z, y, eps)
    assert fgsm <= best * (1 + 1e-12) + 1e-12 and H.softmax_ce(W, z, y) >= 0
    np.testing.assert_allclose(H.softmax_ce(W, z + eps * v, y), best, rtol=1e-12)


@settings(database=None, derandomize=True, deadline=None, max_examples=8)
@given(arrays(float, st.integers(1, 5), elements=st.floats(-1, 1)), st.floats(0.06, 0.5))
def test_winf_value_matches_its_lp_and_is_below_w1(x, eps):
    grid = np.linspace(-1.6, 1.6, 33)
    loss = np.sin(3 * grid) + grid**2
    v = H.winf_local_sup(x, grid, loss, eps)
    np.testing.assert_allclose(v, H.winf_dro_value_lp(x, grid, loss, eps), rtol=1e-9, atol=1e-9)
    assert v <= H.w1_dro_value_lp(x, grid, loss, eps) + 1e-9


@PINNED
@given(arrays(float, 3, elements=st.floats(-2, 2)), pos)
def test_group_robust_losses_finite_and_monotone(theta, eps):
    rng = np.random.default_rng(0)
    Z = rng.normal(size=(8, 3))
    Y = np.where(rng.random(8) < 0.5, -1.0, 1.0)
    G = np.arange(8) % 2
    R0, R = (H.group_robust_losses(theta, Z, Y, G, e) for e in (0.0, eps))
    assert np.all(np.isfinite(R)) and np.all(R >= R0) and H.hierarchical_value(R) == R.max()


BAD_FLOAT = st.sampled_from([np.nan, np.inf, -np.inf, 1 + 1j, True, "1", None, -1.0])
BAD_INT = st.sampled_from([True, 2.5, -1, "3", None, np.nan])
BAD_ARRAY = st.sampled_from(["complex", "nan", "ndim", "str"])


def _bad_array(kind, shape):
    a = np.ones(shape)
    return {"complex": a + 1j, "nan": np.where(a > 0, np.nan, a), "ndim": a[..., None],
            "str": np.array(["a"] * int(np.prod(shape))).reshape(shape)}[kind]


@PINNED
@given(BAD_FLOAT)
def test_bad_scalars_are_refused(v):
    refused("eps", H.group_radii, [1, 2], v)
    refused("eps", H.fgsm_vs_vertex, np.eye(2), np.ones(2), 0, v)
    refused("eta", H.eg_update, [0.5, 0.5], [1.0, 2.0], v)
    refused("ridge", H.erm_optimum, np.ones((3, 2)), np.ones(3), ridge=v)
    refused("theta_norm", H.omd_gap_bound, v, 1.0, 1.0, 2, 10)
    refused("eps", H.robust_logistic, [1.0], [1.0], v if not isinstance(v, str) else None)


@PINNED
@given(BAD_INT)
def test_bad_counts_are_refused(v):
    refused("m", H.omd_gap_bound, 1.0, 1.0, 1.0, v, 10)
    refused("T", H.omd_gap_bound, 1.0, 1.0, 1.0, 2, v)
    refused("y", H.softmax_ce, np.eye(2), np.ones(2), v)
    Z, Y, G = np.ones((4, 2)), np.array([1.0, -1, 1, -1]), np.array([0, 0, 1, 1])
    refused("T", H.eg_gd_game, Z, Y, G, 0.1, ridge=0.1, T=v)


def test_huge_iteration_counts_are_refused():
    Z, Y, G = np.ones((4, 2)), np.array([1.0, -1, 1, -1]), np.array([0, 0, 1, 1])
    refused("T", H.eg_gd_game, Z, Y, G, 0.1, ridge=0.1, T=2**62)
    refused("y", H.softmax_ce, np.eye(3), np.ones(3), -1)  # not the last class
    refused("p", H.robust_logistic, [1.0], [1.0], 0.1, p=True)  # True == 1 in Options
    refused("eps", H.robust_logistic, [1.0], [1.0], np.array([True]))


@PINNED
@given(BAD_ARRAY)
def test_bad_arrays_are_refused(kind):
    if kind != "ndim":  # softplus takes any shape
        refused("x", H.softplus, _bad_array(kind, (3,)))
    refused("margin", H.robust_logistic, _bad_array(kind, (3,)), [1.0], 0.1)
    refused("W", H.softmax_ce, _bad_array(kind, (2, 2)), np.ones(2), 0)
    refused("q", H.eg_update, _bad_array(kind, (2,)), [1.0, 2.0], 0.1)
    refused("points", H.winf_local_sup, _bad_array(kind, (2,)), np.linspace(0, 1, 5),
            np.zeros(5), 0.5)
    Y, G = np.array([1.0, -1, 1, -1]), np.array([0, 0, 1, 1])
    refused("Z", H.group_robust_losses, np.ones(2), _bad_array(kind, (4, 2)), Y, G, 0.1)
    if kind in ("complex", "nan"):
        refused("eps_g", H.group_robust_losses, np.ones(2), np.ones((4, 2)), Y, G,
                _bad_array(kind, (2,)))
        refused("scale", H.collapse_threshold, np.ones((4, 2)), Y, G, _bad_array(kind, (2,)))


def test_mismatched_shapes_name_the_parameter():
    refused("z", H.softmax_ce, np.eye(3), np.ones(2), 0)
    refused("adj", H.eg_update, [0.5, 0.5], [1.0, 2.0], 0.1, adj=[1.0, 2.0, 3.0])
    refused("Y", H.group_robust_losses, np.ones(2), np.ones((4, 2)), np.ones(3),
            np.zeros(3, int), 0.1)


def test_extreme_but_valid_scales():
    # ‖w‖ of 1e200-sized weights: numpy's unscaled norm overflowed to inf
    np.testing.assert_allclose(H.robust_logistic([0.0], [1e200, 1e200], 1e-190),
                               [np.sqrt(2) * 1e10], rtol=1e-12)
    R = H.group_robust_losses(np.array([1e200, 1e200]), np.ones((2, 2)), np.array([1.0, -1]),
                              np.array([0, 1]), 1e-190)
    np.testing.assert_allclose(R, [0.0, 2e200], rtol=1e-12)


def test_fresh_audit_findings():
    Z, Y, G = np.ones((4, 2)), np.array([1.0, -1, 1, -1]), np.array([0, 0, 1, 1])
    refused("theta", H.group_robust_losses, np.ones(3), Z, Y, G, 0.1)  # was a matmul error
    refused("ridge", H.best_response_value, Z, Y, G, 0.1, np.array([0.5, 0.5]), ridge=np.nan)
    refused("ridge", H.best_response_value, Z, Y, G, 0.1, np.array([0.5, 0.5]), ridge=True)
    with pytest.raises(ValueError, match="'Z' and 'Y' parameters"):
        H.group_robust_losses(np.ones(2), Z[:3], Y, G, 0.1)
