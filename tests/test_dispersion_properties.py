"""Property tests of theory.dispersion's public functions: dispersion lies in [0, N/(N−1)] and is
invariant to row scaling (also at 1e±300), the closed forms match the pair sums, the push-away
gradient is tangent, the binning inflation and its inverse round-trip; bad input is refused
naming the parameter. Derandomised, no example database."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.refusals import refused
from theory.dispersion import (
    binned_correlation,
    chunk_dispersion,
    cross_dispersion,
    dispersion,
    g_statistic,
    implied_rho,
    inflation_closed_form,
    mean_resultant,
    push_away_grad,
    push_away_loss,
)

SET = settings(max_examples=25, deadline=None, derandomize=True, database=None)
seeds = st.integers(0, 2**32 - 1)


@st.composite
def vectors(draw, n_min=2):
    n, d = draw(st.integers(n_min, 12)), draw(st.integers(1, 6))
    rng = np.random.default_rng(draw(seeds))
    spread = 10.0 ** draw(st.integers(-9, 1))
    E = rng.normal(size=d) + spread * rng.normal(size=(n, d))
    return E



@SET
@given(vectors(), st.lists(st.integers(-1000, 1000), min_size=12, max_size=12))
def test_dispersion_range_pairs_and_scale_invariance(E, es):
    N = len(E)
    D = dispersion(E)
    assert 0 <= D <= N / (N - 1) * (1 + 1e-12)
    assert D == pytest.approx(dispersion(E, "pairs"), abs=1e-12)
    S = E * (2.0 ** np.array(es[:N], dtype=float))[:, None]
    assert dispersion(S) == pytest.approx(D, rel=1e-10, abs=1e-15)
    assert np.linalg.norm(mean_resultant(S)) <= 1 + 1e-12
    assert push_away_loss(E) == pytest.approx(-D, rel=1e-12, abs=1e-300)


@SET
@given(vectors(n_min=1), vectors(n_min=1))
def test_cross_dispersion_symmetric_in_range(A, B):
    d = min(A.shape[1], B.shape[1])
    A, B = A[:, :d], B[:, :d]
    if np.any(np.linalg.norm(A, axis=1) == 0) or np.any(np.linalg.norm(B, axis=1) == 0):
        return
    x = cross_dispersion(A, B)
    assert 0 <= x <= 2 and x == pytest.approx(cross_dispersion(B, A), abs=1e-15)
    U = A / np.linalg.norm(A, axis=1, keepdims=True)
    V = B / np.linalg.norm(B, axis=1, keepdims=True)
    assert x == pytest.approx(np.mean(1 - U @ V.T), abs=1e-12)


@SET
@given(vectors())
def test_push_away_gradient_is_tangent(E):
    G = push_away_grad(E)
    assert np.all(np.isfinite(G))
    dots = np.einsum("ij,ij->i", G, E)
    assert np.all(np.abs(dots) <= 1e-10 * np.linalg.norm(G, axis=1) * np.linalg.norm(E, axis=1)
                  + 1e-300)


@SET
@given(seeds, st.integers(1, 4), st.integers(2, 6), st.integers(1, 5))
def test_chunk_dispersion_in_range(seed, C, T, d):
    H = np.random.default_rng(seed).normal(size=(C, T, d))
    D = chunk_dispersion(H)
    assert D.shape == (C,) and np.all((D >= 0) & (D <= T / (T - 1) * (1 + 1e-12)))


@SET
@given(st.floats(-1, 1), st.integers(1, 1000), st.floats(1e-3, 1))
def test_inflation_and_inverse_round_trip(rho, G, s2):
    r = inflation_closed_form(rho, G, s2)
    assert -1 <= r <= 1 and np.sign(r) == np.sign(rho)
    if abs(r) < 1 - 1e-9:
        assert implied_rho(r, G, s2) == pytest.approx(rho, rel=1e-6, abs=1e-12)


@SET
@given(seeds, st.floats(-0.9, 0.9))
def test_binned_correlation_is_a_correlation(seed, rho):
    rng = np.random.default_rng(seed)
    z = rng.normal(size=600)
    x = rho * z + np.sqrt(1 - rho**2) * rng.normal(size=600)
    b = binned_correlation(x, np.exp(z), group=20, uniform_pick=None)
    assert -1 <= b.r <= 1 and b.n_groups == 30 and 0 < b.s2 <= 1


@SET
@given(vectors(), st.sampled_from(["zero", "complex", "nan", "1d"]))
def test_bad_vectors_are_refused_naming_E(E, how):
    if how == "zero":
        E = E.copy()
        E[0] = 0
    bad = {"zero": E, "complex": E + 1j, "nan": E * np.nan, "1d": E[:, 0]}[how]
    for fn in (dispersion, push_away_loss, push_away_grad):
        refused("E", fn, bad)


@SET
@given(st.sampled_from([1.5, -1.01, np.nan, 1j]))
def test_bad_correlations_are_refused(v):
    refused("rho", inflation_closed_form, v, 10)
    refused("r", implied_rho, v, 10)


def test_bad_counts_indices_and_constant_groups_are_refused():
    refused("G", inflation_closed_form, 0.1, True)
    W = np.random.default_rng(0).normal(size=(6, 3))
    refused("T", g_statistic, W, np.array([0.0, 1.0]), np.array([2]))
    refused("x", binned_correlation, np.ones(300), np.arange(300.0), group=10)
