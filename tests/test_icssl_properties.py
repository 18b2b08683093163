"""Property tests of theory.icssl's public functions: random valid inputs give finite values that
keep the functions' own invariants; random invalid inputs are refused naming the parameter.
Examples are derandomised and no example database is kept, so every run draws the same ones."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.refusals import refused
from theory.icssl import (
    attention_laplacian,
    biased_softmax_attention,
    erase_attention,
    harmonic_label_propagation,
    laplacian_eigenmap,
    rbf_attention,
    rbf_gram,
    sin_max_principal_angle,
    step_size_bound,
    subspace_iteration,
)

SET = settings(max_examples=25, deadline=None, derandomize=True, database=None)


@st.composite
def points(draw, n_min=2, n_max=8):
    n = draw(st.integers(n_min, n_max))
    d = draw(st.integers(1, 4))
    seed = draw(st.integers(0, 2**32 - 1))
    scale = 10.0 ** draw(st.integers(-3, 2))
    offset = draw(st.sampled_from([0.0, 1e3, -1e6, 1e8]))
    X = np.random.default_rng(seed).normal(size=(n, d)) * scale + offset
    if draw(st.booleans()):
        X[-1] = X[0]  # a duplicated point
    return X


bandwidth = st.floats(1e-2, 1e2)



@SET
@given(points(), bandwidth)
def test_rbf_gram_is_a_symmetric_psd_affinity_invariant_under_shifts(X, h):
    A = rbf_gram(X, h)
    assert np.all(np.isfinite(A)) and np.all((A >= 0) & (A <= 1))
    assert np.array_equal(A, A.T) or np.allclose(A, A.T, atol=1e-15, rtol=0)
    assert np.allclose(np.diag(A), 1.0, atol=0, rtol=0)
    assert np.linalg.eigvalsh(A)[0] >= -1e-10 * len(A)
    # the shift by a data point is exact in floats: the kernel must not see the offset
    assert np.allclose(rbf_gram(X - X[0], h), A, atol=1e-9, rtol=0)


@SET
@given(points(), points(n_min=1, n_max=4), bandwidth)
def test_rbf_attention_is_column_stochastic_and_equals_biased_softmax(U, V, h):
    V = V[:, :1].repeat(U.shape[1], axis=1) if V.shape[1] != U.shape[1] else V
    K = rbf_attention(U, V, h)
    assert K.shape == (len(U), len(V)) and np.all(np.isfinite(K)) and np.all(K >= 0)
    assert np.allclose(K.sum(axis=0), 1.0, atol=1e-12)
    assert np.allclose(biased_softmax_attention(U, V, h), K, atol=1e-8)


@SET
@given(points(n_min=3), bandwidth)
def test_laplacian_spectrum_and_eigenmap(X, h):
    _, K, d = attention_laplacian(X, h)
    assert np.all(d >= 1 - 1e-12) and np.allclose(K.sum(axis=0), 1, atol=1e-12)
    f, lam = laplacian_eigenmap(X, h, 2)
    assert np.all(np.isfinite(f)) and np.all((lam >= -1e-9) & (lam <= 1 + 1e-9))
    assert abs(lam[0]) < 1e-8  # the constant vector: λ₁ = 0


@SET
@given(points(n_min=3), bandwidth, st.integers(0, 2**32 - 1))
def test_harmonic_propagation_gives_probability_rows(X, h, seed):
    n = len(X)
    lab = np.array([0, n - 2])
    y = np.array([0, 1])
    A = rbf_gram(X, h)
    try:
        P = harmonic_label_propagation(A, lab, y, 2)
    except ValueError as e:
        # refused only where links underflow (a numerically disconnected graph), naming A
        assert "'A'" in str(e) and A.min() < 1e-250
        return
    assert np.all(np.isfinite(P)) and np.all((P >= -1e-9) & (P <= 1 + 1e-9))
    assert np.allclose(P.sum(axis=1), 1, atol=1e-8)
    assert np.array_equal(P[lab], np.eye(2)[y])


@SET
@given(st.integers(3, 8), st.integers(1, 3), st.integers(0, 2**32 - 1))
def test_principal_angle_sine_is_symmetric_in_unit_interval(n, k, seed):
    rng = np.random.default_rng(seed)
    A, B = rng.normal(size=(n, k)), rng.normal(size=(n, k))
    s = sin_max_principal_angle(A, B)
    assert 0 <= s <= 1 and abs(s - sin_max_principal_angle(B, A)) < 1e-10
    R = rng.normal(size=(k, k)) + 3 * np.eye(k)
    assert sin_max_principal_angle(A, A @ R) < 1e-8
    refused("A", sin_max_principal_angle, np.c_[A[:, :1], A[:, :1]], np.c_[A[:, :1], B[:, :1]])


@SET
@given(points(n_min=3), bandwidth, st.integers(1, 3), st.integers(0, 30))
def test_subspace_iteration_stays_orthonormal(X, h, k, iters):
    _, K, _ = attention_laplacian(X, h)
    k = min(k, len(X))
    Phi = subspace_iteration(K, k, iters, seed=0)
    assert np.allclose(Phi.T @ Phi, np.eye(k), atol=1e-10)


@SET
@given(st.integers(1, 6), st.floats(0, 1e300), st.integers(0, 2**32 - 1))
def test_erase_attention_rows_are_distributions_for_any_lambda(n, lam, seed):
    S = np.random.default_rng(seed).normal(size=(n, n))
    P = erase_attention(S, lam)
    assert np.all(np.isfinite(P)) and np.allclose(P.sum(axis=1), 1, atol=1e-12)


@SET
@given(st.integers(-300, 300), st.integers(0, 2**32 - 1))
def test_step_size_bound_is_positive_and_scales(e, seed):
    rng = np.random.default_rng(seed)
    W = rng.normal(size=(3, 2)) * 2.0**e
    M = rng.normal(size=(4, 4))
    a = step_size_bound(W, M @ M.T)
    ref = step_size_bound(W / 2.0**e, M @ M.T)
    assert a >= 0 and np.isfinite(a)
    if ref * 4.0 ** (-e) > 1e-300:
        assert a == pytest.approx(ref * 4.0 ** (-e), rel=1e-12)


invalid_h = st.sampled_from([0.0, -1.0, np.inf, np.nan, True, 1j, "1"])


@SET
@given(points(), invalid_h)
def test_bad_bandwidth_is_refused_naming_h(X, h):
    for fn in (rbf_gram, attention_laplacian):
        refused("h", fn, X, h)
    refused("h", rbf_attention, X, X, h)


@SET
@given(points(), st.sampled_from(["complex", "nan", "1d", "width"]))
def test_bad_points_are_refused_naming_them(X, how):
    if how == "complex":
        refused("X", rbf_gram, X + 1j, 1.0)
    elif how == "nan":
        Y = X.copy()
        Y[0, 0] = np.nan
        refused("X", rbf_gram, Y, 1.0)
    elif how == "1d":
        refused("X", rbf_gram, X[:, 0], 1.0)
    else:
        refused("V", biased_softmax_attention, X, np.c_[X, X], 1.0)
        refused("V", rbf_attention, X, np.c_[X, X], 1.0)


@SET
@given(st.sampled_from([2**62, -1, 1.5, True]))
def test_bad_iteration_counts_are_refused(iters):
    K = np.full((3, 3), 1 / 3)
    refused("iters", subspace_iteration, K, 1, iters)


def test_non_stochastic_kernel_and_bad_seed_are_refused():
    refused("K_hat", subspace_iteration, np.ones((3, 3)), 1, 2)
    refused("seed", subspace_iteration, np.full((3, 3), 1 / 3), 1, 2, seed="a")
    refused("K_lab", step_size_bound, np.ones((2, 2)), -np.eye(2))
    A = np.kron(np.eye(2), np.ones((2, 2)))
    refused("A", harmonic_label_propagation, A, np.array([0]), np.array([1]), 2)
