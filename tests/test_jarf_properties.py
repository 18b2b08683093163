"""Property tests of theory.jarf's public functions: principal angles lie in [0°, 90°] and vanish
for one span, the preconditioner is SPD with trace d, normals are unit vectors at any scale,
EGOP coefficients and probabilities stay in their ranges for large arguments; bad input is
refused naming the parameter. Derandomised, no example database."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.refusals import refused
from theory.jarf import (
    central_difference,
    egop_multi_index_mc,
    egop_single_index,
    mad_steps,
    oblique_normals,
    precondition,
    principal_angles,
    single_index_coefficient,
    step_zero_fraction,
)

SET = settings(max_examples=25, deadline=None, derandomize=True, database=None)
seeds = st.integers(0, 2**32 - 1)



@SET
@given(seeds, st.integers(2, 8), st.integers(1, 3), st.integers(1, 3))
def test_principal_angles_range_symmetry_and_same_span(seed, d, k, l):
    rng = np.random.default_rng(seed)
    k, l = min(k, d), min(l, d)
    A, B = rng.normal(size=(d, k)), rng.normal(size=(d, l))
    a = principal_angles(A, B)
    assert a.shape == (min(k, l),) and np.all((a >= 0) & (a <= 90 + 1e-9))
    # angles near 0 carry ~√eps rad of rounding in scipy's subspace_angles: 1e-5°
    assert np.allclose(a, principal_angles(B, A), atol=1e-5)
    R = rng.normal(size=(k, k)) + 3 * np.eye(k)
    assert np.all(principal_angles(A, A @ R) < 1e-5)


@SET
@given(seeds, st.integers(1, 6), st.floats(0, 1.0), st.integers(-300, 300))
def test_preconditioner_is_spd_with_trace_d(seed, d, gamma, e):
    M = np.random.default_rng(seed).normal(size=(d, 2)) * 2.0**e
    H = precondition(M @ M.T, gamma)
    assert np.all(np.isfinite(H)) and np.allclose(H, H.T)
    assert np.trace(H) == pytest.approx(d, rel=1e-12)
    lam = np.linalg.eigvalsh(H)
    assert lam[0] >= -1e-12 * lam[-1] and (gamma < 1e-10 or lam[0] > 0)


@SET
@given(seeds, st.integers(1, 6), st.integers(-1000, 1000))
def test_oblique_normals_are_unit_at_any_scale(seed, d, e):
    H = np.random.default_rng(seed).normal(size=(d, d)) * 2.0**e
    N = oblique_normals(H)
    assert np.allclose(np.linalg.norm(N, axis=1), 1, atol=1e-12)


@SET
@given(seeds, st.integers(2, 30), st.integers(1, 4), st.floats(1e-3, 10))
def test_mad_steps_positive(seed, n, d, alpha):
    X = np.random.default_rng(seed).normal(size=(n, d))
    X[:, 0] = 1.0  # a constant column falls back, never 0
    s = mad_steps(X, alpha)
    assert np.all(np.isfinite(s)) and np.all(s > 0)


@SET
@given(st.floats(0, 1e12), st.sampled_from(["tanh", "logistic"]))
def test_single_index_coefficient_in_unit_interval_and_decreasing(s, link):
    c = single_index_coefficient(s, link)
    top = 1.0 if link == "tanh" else 1 / 16
    assert 0 < c <= top * (1 + 1e-12)
    assert single_index_coefficient(2 * s + 1e-9, link) <= c * (1 + 1e-9)
    # for large s the mass sits at z ≈ 0: s·c(s) → ∫g'(u)² du / √(2π)
    if s > 1e4:
        lim = (4 / 3 if link == "tanh" else 1 / 6) / np.sqrt(2 * np.pi)
        assert s * c == pytest.approx(lim, rel=1e-3)


@SET
@given(st.floats(1e-6, 10), st.floats(-40, 40))
def test_step_zero_fraction_is_a_symmetric_probability(eps, loc):
    p = step_zero_fraction(eps, loc)
    assert 0 <= p <= 1 and p == step_zero_fraction(eps, -loc)
    if abs(loc) < 35:
        assert p > 0


@SET
@given(seeds, st.integers(1, 4), st.integers(1, 5))
def test_central_difference_of_a_quadratic_is_exact(seed, d, n):
    rng = np.random.default_rng(seed)
    a = rng.normal(size=d)
    X = rng.normal(size=(n, d))
    J = central_difference(lambda Z: (Z**2) @ a, X, 0.1)
    assert np.allclose(J[:, :, 0], 2 * a * X, atol=1e-10)


@SET
@given(seeds, st.integers(1, 5))
def test_egop_is_psd(seed, d):
    rng = np.random.default_rng(seed)
    w = rng.normal(size=d)
    H = egop_single_index(w)
    assert np.linalg.eigvalsh(H)[0] >= -1e-12 * max(1, np.abs(H).max())
    W = rng.normal(size=(d, 2))
    Hm = egop_multi_index_mc(W, lambda Z: 1 - np.tanh(Z) ** 2, 50, rng)
    assert np.linalg.eigvalsh(Hm)[0] >= -1e-10 * max(1, np.abs(Hm).max())


@SET
@given(seeds, st.sampled_from(["complex", "rank", "rows"]))
def test_bad_bases_are_refused(seed, how):
    A = np.random.default_rng(seed).normal(size=(5, 2))
    if how == "complex":
        refused("A", principal_angles, A + 1j, A)
    elif how == "rank":
        refused("B", principal_angles, A, np.c_[A[:, 0], 2 * A[:, 0]])
    else:
        refused("B", principal_angles, A, A[:4])


@SET
@given(st.sampled_from([-1.0, np.nan, np.inf, True, 1j]))
def test_bad_scalars_are_refused(v):
    refused("s", single_index_coefficient, v)
    refused("alpha", mad_steps, np.ones((3, 2)), v)
    refused("eps", step_zero_fraction, v)


def test_bad_matrices_and_rng_are_refused():
    refused("H0", precondition, -np.eye(2))
    refused("H0", precondition, np.array([[1.0, 2.0], [0.0, 1.0]]))
    refused("eps", central_difference, lambda Z: Z.sum(1), np.ones((3, 2)), [1.0, 1.0, 1.0])
    refused("rng", egop_multi_index_mc, np.ones((2, 1)), lambda Z: Z, 5, 0.5)
    refused("n", egop_multi_index_mc, np.ones((2, 1)), lambda Z: Z, 2**62, 0)
    refused("grad_g", egop_multi_index_mc, np.ones((2, 1)), lambda Z: Z[:, :0], 5, 0)
