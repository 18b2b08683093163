"""Property tests (hypothesis) of theory.prism's public functions: random valid inputs give
finite values with their invariants, random invalid inputs are refused naming the parameter.
The example database is off and the search derandomised, so every run draws the same inputs."""

from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.linalg import expm

import theory.prism as P

PINNED = settings(database=None, derandomize=True, deadline=None, max_examples=25)
classes = st.integers(2, 40)
prob = st.floats(0, 1)


def refused(name, fn, *args, **kwargs):
    with pytest.raises((ValueError, TypeError), match=f"'{name}' parameter"):
        fn(*args, **kwargs)


def _graph(seed, n):
    rng = np.random.default_rng(seed)
    W = np.triu(rng.random((n, n)) * (rng.random((n, n)) < 0.5), 1)
    return W + W.T


@PINNED
@given(classes, prob)
def test_candidate_expectations_are_probabilities_and_match_the_binomial_sum(C, q):
    es, ei = P.expected_set_size(C, q), P.expected_inverse_set_size(C, q)
    assert 1 <= es <= C and 1 / C - 1e-15 <= ei <= 1 + 1e-15
    assert ei >= 1 / es - 1e-12  # Jensen
    exact = sum(comb(C - 1, k) * q**k * (1 - q) ** (C - 1 - k) / (k + 1) for k in range(C))
    np.testing.assert_allclose(ei, exact, rtol=1e-10)
    for f in (P.p_overlap_diff_class, P.p_shared_distractor, P.prototype_shrinkage):
        v = f(C, q)
        assert 0 <= v <= 1


@PINNED
@given(classes, st.floats(1e-300, 1e-6))
def test_small_q_has_no_cancellation(C, q):
    # first-order expansions, relative error O(Cq)
    np.testing.assert_allclose(P.expected_inverse_set_size(C, q), 1 - (C - 1) * q / 2, rtol=1e-5)
    np.testing.assert_allclose(P.p_shared_distractor(C, q), (C - 1) * q * q, rtol=1e-5)
    np.testing.assert_allclose(P.p_overlap_diff_class(C, q), 2 * q, rtol=1e-4)


@PINNED
@given(st.integers(1, 30), classes, prob, st.integers(0, 2**32 - 1))
def test_uniform_candidates_hold_the_true_label(N, C, q, seed):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, C, N)
    M = P.uniform_candidates(y, C, q, rng)
    assert set(np.unique(M)) <= {0.0, 1.0} and np.all(M[np.arange(N), y] == 1)
    assert P.relational_pair_count(N, C, q) >= N


@PINNED
@given(st.integers(0, 10**6), st.integers(3, 9))
def test_graph_operators(seed, n):
    W = _graph(seed, n)
    S = P.sym_norm(W)
    np.testing.assert_allclose(S, S.T, atol=0)
    assert np.linalg.norm(S, 2) <= 1 + 1e-12
    L = P.laplacian(W)
    lam = np.linalg.eigvalsh(L)
    assert lam[0] >= -1e-12 and lam[-1] <= 2 + 1e-12
    R = P.row_normalize(W)
    np.testing.assert_allclose(R.sum(1)[W.sum(1) > 0], 1.0, rtol=1e-12)


@PINNED
@given(st.integers(3, 60), st.booleans())
def test_closed_form_spectra_match_lapack(n, normalized):
    path = np.diag(np.ones(n - 1), 1)
    cyc = path.copy()
    cyc[0, -1] = 1.0
    for A, closed in ((path + path.T, P.path_eigs(n, normalized)),
                      (cyc + cyc.T, P.cycle_eigs(n, normalized)),
                      (np.ones((n, n)) - np.eye(n), P.complete_eigs(n, normalized))):
        np.testing.assert_allclose(closed, np.linalg.eigvalsh(P.laplacian(A, normalized)),
                                   atol=1e-12)


@PINNED
@given(st.integers(3, 40), st.floats(0, 1e7))
def test_heat_trace_matches_the_direct_sum(n, t):
    lam = 2 * np.sin(np.pi * np.arange(n) / n) ** 2
    np.testing.assert_allclose(P.heat_trace_cycle(n, t), np.exp(-t * lam).sum(), rtol=1e-11)


@PINNED
@given(st.integers(0, 10**6), st.integers(3, 8), st.floats(0, 30), st.integers(0, 40))
def test_chebyshev_filter_error_is_within_its_bound(seed, n, t, K):
    L = P.laplacian(_graph(seed, n) + np.eye(n, k=1) + np.eye(n, k=-1))
    H = P.cheb_filter(L, np.eye(n), P.cheb_heat_coeffs(t, K))
    bound = P.cheb_truncation_bound(t, K)
    assert np.isfinite(bound) and np.abs(H - expm(-t * L)).max() <= bound * (1 + 1e-9) + 1e-13


@PINNED
@given(st.integers(0, 10**6), st.integers(3, 8), st.integers(2, 4), st.floats(0, 1),
       st.integers(0, 20))
def test_propagation_is_row_stochastic_on_the_mask(seed, n, C, mu, E):
    rng = np.random.default_rng(seed)
    M = P.uniform_candidates(rng.integers(0, C, n), C, 0.5, rng)
    Y = P.prism_propagate([_graph(seed, n)], M, mu, E)
    assert np.all(Y >= 0) and np.all(Y[M == 0] == 0)
    np.testing.assert_allclose(Y.sum(1), 1.0, rtol=1e-12)
    Z = P.row_normalize(M * rng.random(M.shape) + 1e-3 * M)
    nll = P.marginal_nll(rng.normal(size=M.shape), M, Z)
    assert np.isfinite(nll) and nll >= 0
    g = P.marginal_nll_grad(rng.normal(size=M.shape), M, Z)
    np.testing.assert_allclose(g.sum(1), 0.0, atol=1e-15)


@PINNED
@given(st.integers(0, 10**6), st.integers(3, 8), st.floats(0, 0.95))
def test_zhou_closed_form_is_the_limit_of_the_scheme(seed, n, alpha):
    rng = np.random.default_rng(seed)
    M = P.uniform_candidates(rng.integers(0, 3, n), 3, 0.5, rng)
    S, Y0 = P.sym_norm(_graph(seed, n)), P.row_normalize(M)
    F = P.zhou_masked_closed_form(S, Y0, M, alpha)
    np.testing.assert_allclose(F, P.zhou_induced_subgraph(S, Y0, M, alpha), atol=1e-12)
    np.testing.assert_allclose(F, P.zhou_masked_iterate(S, Y0, M, alpha, 800), atol=1e-10)


BAD_FLOAT = st.sampled_from([np.nan, np.inf, -np.inf, 1 + 1j, True, "1", None, -0.5, 1.5])
BAD_INT = st.sampled_from([True, 2.5, -1, "3", None, np.nan, 2**62])


@PINNED
@given(BAD_FLOAT)
def test_bad_probabilities_are_refused(q):
    for f in (P.expected_set_size, P.expected_inverse_set_size, P.p_overlap_diff_class,
              P.p_shared_distractor, P.prototype_shrinkage):
        refused("q", f, 5, q)
    refused("q", P.relational_pair_count, 10, 5, q)
    refused("q", P.uniform_candidates, [0, 1], 3, q, 0)
    M = np.eye(3)
    refused("mu", P.prism_propagate, [np.ones((3, 3))], M, q, 2)
    refused("beta", P.momentum_confidence, M, M, q)


@PINNED
@given(BAD_INT)
def test_bad_counts_are_refused(v):
    M = np.eye(3)
    if v != 2**62:  # a valid number of classes or graphs for the closed forms
        refused("C", P.expected_set_size, v, 0.5)
        refused("N", P.relational_pair_count, v, 3, 0.5)
    refused("E", P.prism_propagate, [np.ones((3, 3))], M, 0.5, v)
    refused("t", P.zhou_masked_iterate, np.eye(3) / 2, M, M, 0.5, v)
    refused("K", P.cheb_heat_coeffs, 1.0, v)
    refused("n", P.cycle_eigs, v)


@PINNED
@given(st.sampled_from(["complex", "nan", "negative", "asymmetric"]))
def test_bad_matrices_are_refused(kind):
    A = np.ones((3, 3)) - np.eye(3)
    bad = {"complex": A + 1j, "nan": np.where(A > 0, np.nan, 0), "negative": -A,
           "asymmetric": np.triu(A)}[kind]
    refused("A", P.laplacian, bad)
    refused("W", P.sym_norm, bad)
    if kind != "negative":
        refused("L", P.cheb_filter, bad, np.ones(3), [1.0])
    if kind in ("complex", "nan", "negative"):
        refused("X", P.row_normalize, bad)
        refused("A_list", P.prism_step, [bad], np.eye(3), np.eye(3), 0.5)


def test_documented_preconditions_and_ranges():
    refused("rng", P.uniform_candidates, [0, 1], 3, 0.5, "seed")
    refused("rng", P.uniform_candidates, [0, 1], 3, 0.5, 1.5)
    refused("L", P.cheb_filter, 3 * np.eye(3), np.ones(3), [1.0])  # spectrum outside [0, 2]
    refused("S", P.zhou_masked_closed_form, 2 * np.eye(3), np.eye(3), np.eye(3), 0.9)
    refused("t", P.heat_trace_cycle, 5, 2e9)  # scipy's ive is NaN there
    refused("Y", P.momentum_confidence, np.eye(3), -np.eye(3), 0.5)
    refused("logits", P.marginal_nll, np.zeros((2, 3)), np.eye(3), np.eye(3))
    refused("F0", P.zhou_masked_iterate, np.eye(3) / 2, np.eye(3), np.eye(3), 0.5, 2,
            F0=np.ones((2, 3)))
    refused("W_f", P.band_embeddings, np.ones((3, 3)) - np.eye(3), 1, 1, np.ones((2, 2)),
            np.ones((3, 2)))
    refused("normalized", P.band_embeddings, np.ones((3, 3)) - np.eye(3), 1, 1, np.ones((2, 2)),
            np.ones((2, 2)), normalized=1)


def test_extreme_but_valid_scales():
    assert P.expected_inverse_set_size(10, 1e-17) == 1.0  # was 0.0 (1 - (1 - q)^C cancelled)
    np.testing.assert_allclose(P.p_shared_distractor(10, 1e-9), 9e-18, rtol=1e-12)  # was 0.0
    np.testing.assert_allclose(P.heat_trace_cycle(3, 1e6), 1.0, rtol=1e-12)  # was 0.45
    np.testing.assert_allclose(P.path_eigs(10**6)[1], 2 * np.sin(np.pi / (2 * (10**6 - 1))) ** 2,
                               rtol=1e-14)  # 1 - cos lost 5 digits


def test_fresh_audit_findings():
    # n = 2**62: the aliasing terms are all below e^{-72}, so the trace is n e^{-t} I_0(t)
    from scipy.special import ive

    np.testing.assert_allclose(P.heat_trace_cycle(2**62, 1.0), 2.0**62 * ive(0, 1.0), rtol=1e-14)
    refused("C", P.uniform_candidates, [0, 1], 2**62, 0.5, 0)  # an N × C mask that cannot exist
