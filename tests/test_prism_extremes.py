"""PRISM theory functions at valid extremes (issue 56, item 4): probabilities whose q² underflowed
(0.0 for 1e-100), counts beyond float refused by name (OverflowError), the saturated partial-label
gradient (NaN), normalisations and propagation of weights ~1e308 (all zeros, I or NaN), the
Chebyshev filter of signals ~1e308 (NaN), the harmonic encoding's rounded kλ (6e-7 off at
λ = 1e10 + 0.1), and PRISM-lite's standardisation at descriptors scaled by 1e±300 (a different Q).
References: mpmath at 50 digits, exact power-of-two scaling, closed forms."""

from __future__ import annotations

import mpmath
import numpy as np
import pytest

import theory.prism as P
from numerics.prism.model import PRISMLite
from tests.refusals import refused, refused_saying


def _mp_p_shared(C, q):
    with mpmath.workdps(50):
        q = mpmath.mpf(q)
        return float(-mpmath.expm1((C - 1) * mpmath.log1p(-q * q)))


def _mp_p_overlap(C, q):
    with mpmath.workdps(50):
        q = mpmath.mpf(q)
        return float(-mpmath.expm1(2 * mpmath.log1p(-q) + (C - 2) * mpmath.log1p(-q * q)))


@pytest.mark.parametrize(("C", "q"), [(10**300, 1e-200), (10**20, 1e-12), (2, 1e-200),
                                      (7, 1 - 1e-10), (6, 0.3), (11, 0.5), (40, 0.9)])
def test_pair_probabilities_small_and_saturated_q(C, q):
    """Was 0.0 (p_shared_distractor) and 2e-200 (p_overlap_diff_class) at C = 1e300, q = 1e-200:
    q² underflowed and the exponent (C - 1)q² = 1e-100 was lost; the answer is 1e-100."""
    assert P.p_shared_distractor(C, q) == pytest.approx(_mp_p_shared(C, q), rel=1e-13, abs=0)
    assert P.p_overlap_diff_class(C, q) == pytest.approx(_mp_p_overlap(C, q), rel=1e-13, abs=0)


@pytest.mark.parametrize("fn", [P.expected_set_size, P.expected_inverse_set_size,
                                P.p_overlap_diff_class, P.p_shared_distractor,
                                P.prototype_shrinkage])
def test_class_count_beyond_float_refused(fn):
    """Was OverflowError('int too large to convert to float') at C = 10**400."""
    refused_saying("C", lambda: fn(10**400, 0.5), allowed="1e308")
    assert np.isfinite(fn(10**300, 0.5))


def test_relational_pair_count_huge_n():
    """Was OverflowError at N = 1e160 (N(N - 1) as an int) though the count is ~1e300; N beyond
    1e308 is refused, a count beyond float64 too."""
    N, C = 10**160, 10**20
    with mpmath.workdps(50):
        r = mpmath.mpf(1) / C
        ref = float(C * (N * r + N * (N - 1) * r * r))
    assert P.relational_pair_count(N, C, 0.0) == pytest.approx(ref, rel=1e-14)
    refused_saying("N", lambda: P.relational_pair_count(10**400, 2, 0.0))
    refused_saying("N", lambda: P.relational_pair_count(10**200, 2, 0.5))
    assert P.relational_pair_count(5, 3, 0.3) == pytest.approx(
        3 * (5 * r_of(3, 0.3) + 20 * r_of(3, 0.3) ** 2), rel=1e-15)


def r_of(C, q):
    return 1.0 / C + (1.0 - 1.0 / C) * q


def test_marginal_nll_grad_saturated_logits():
    """Was NaN: softmax put P = 0 on the whole candidate set {1} (z = (1000, 0, 0)), 0/0."""
    z = np.array([[1000.0, 0.0, 0.0], [0.0, 0.0, 0.0]])
    M = np.array([[0.0, 1.0, 0.0], [1.0, 1.0, 0.0]])
    g = P.marginal_nll_grad(z, M, np.ones((2, 3)))
    np.testing.assert_allclose(g[0], [0.5, -0.5, 0.0], atol=1e-300)
    np.testing.assert_allclose(g[1], np.array([1, 1, 1]) / 6 - np.array([0.5, 0.5, 0]) / 2)
    # tiny confidences: P·Q underflows on the candidates (1e-300 · e^{-800})
    Q = np.array([[1.0, 1e-300, 1e-300], [1.0, 1.0, 1.0]])
    g = P.marginal_nll_grad(np.array([[800.0, 0.0, 1.0], [0.0, 0.0, 0.0]]),
                            np.array([[0.0, 1.0, 1.0], [1.0, 1.0, 0.0]]), Q)
    with mpmath.workdps(50):
        post = mpmath.exp(1) / (1 + mpmath.exp(1))
    np.testing.assert_allclose(g[0], np.array([1.0, -(1 - float(post)), -float(post)]) / 2,
                               rtol=1e-14, atol=1e-300)


def test_marginal_nll_spread_beyond_float_refused():
    """Was NaN: z - max z overflowed to -inf on the only candidate (a loss ~2e308)."""
    z = np.array([[1e308, -1e308, 0.0]])
    refused_saying("logits", lambda: P.marginal_nll(z, np.array([[0.0, 1.0, 0.0]]),
                                                    np.ones((1, 3))))
    refused_saying("logits", lambda: P.marginal_nll_grad(z, np.array([[0.0, 1.0, 0.0]]),
                                                         np.ones((1, 3))))


@pytest.mark.parametrize("k", [-1040, -1000, 1000, 1022, 1023])
def test_normalisations_scale_invariant(k):
    """Was all zeros (row_normalize, sym_norm, momentum_confidence) and I (laplacian) at 1e308:
    the row sums overflowed. Exact under scaling by 2^k for row_normalize, and by 4^j for the
    symmetric normalisations (their square roots); to rounding otherwise."""
    rng = np.random.default_rng(0)
    X = rng.random((4, 3))
    W = rng.random((4, 4))
    W = (W + W.T) / 2
    s = 2.0**k
    if k > -1000:
        assert np.array_equal(P.row_normalize(X * s), P.row_normalize(X))
        same = np.array_equal if k % 2 == 0 else lambda a, b: np.allclose(a, b, rtol=1e-15,
                                                                            atol=1e-16)
        assert same(P.sym_norm(W * s), P.sym_norm(W))
        assert same(P.laplacian(W * s), P.laplacian(W))
        assert np.array_equal(P.momentum_confidence(X * s, X * s, 0.3),
                              P.momentum_confidence(X, X, 0.3))
    else:  # subnormal entries: what float64 keeps of them
        np.testing.assert_allclose(P.row_normalize(X * s), P.row_normalize(X), rtol=1e-8)
        np.testing.assert_allclose(P.sym_norm(W * s), P.sym_norm(W), rtol=1e-8)
    assert np.allclose(P.row_normalize(np.full((1, 2), 1e308)), 0.5)


def test_combinatorial_laplacian_beyond_float_refused():
    """Was an inf degree on the diagonal."""
    refused_saying("A", lambda: P.laplacian(np.array([[0, 1e308, 1e308], [1e308, 0, 0],
                                                      [1e308, 0, 0.0]]), normalized=False))


def test_propagation_weights_near_max():
    """Was all zeros: Σ_r A_r Y of weights 1e308 summed to inf in every row."""
    A = np.ones((4, 4)) - np.eye(4)
    M = np.array([[1, 1, 0], [0, 1, 1], [1, 0, 1], [1, 1, 1.0]])
    ref = P.prism_propagate([A, A], M, 0.3, 4)
    assert np.array_equal(P.prism_propagate([A * 1e308, A * 1e308], M, 0.3, 4), ref)
    assert np.array_equal(P.prism_propagate([A * 5e-324], M, 0.3, 4), P.prism_propagate([A], M,
                                                                                         0.3, 4))
    Y = P.row_normalize(M)
    assert np.array_equal(P.prism_step([A * 2.0**1000], Y, M, 0.5), P.prism_step([A], Y, M, 0.5))


def test_zhou_alpha_zero_any_s():
    """Was refused: α‖S‖₂ = 0 · inf (‖S‖₂ of entries 1e308 overflowed) is not < 1; F = M ⊙ Y⁰."""
    M = np.array([[1, 1, 0], [0, 1, 1], [1, 0, 1.0]])
    S = (np.ones((3, 3)) - np.eye(3)) * 1e308
    assert np.array_equal(P.zhou_masked_closed_form(S, np.ones((3, 3)), M, 0.0), M)


def test_cheb_filter_signal_near_max():
    """Was NaN: 2(L - I)T_k of entries 1.5e308 overflowed; the filter is linear in x."""
    from theory.prism._reference import path_adjacency

    L = P.laplacian(path_adjacency(5))
    c = P.cheb_heat_coeffs(1.0, 12)
    x = np.array([1.5, -1.5, 1.5, -1.5, 1.5])
    ref = P.cheb_filter(L, x, c)
    np.testing.assert_allclose(P.cheb_filter(L, x * 1e308, c), ref * 1e308, rtol=1e-14)
    assert np.array_equal(P.cheb_filter(L, x * 2.0**-1000, c * 2.0**900), ref * 2.0**-100)
    refused_saying("c", lambda: P.cheb_filter(L, x * 1e308, c * 1e10))


def test_harmonic_encoding_exact_product():
    """Was sin(3(1e10 + 0.1)) = -0.94171425 (the rounded product; -0.94171490 is right), and
    NaN for kλ beyond float64, now refused."""
    lam = np.array([1e10 + 0.1, 0.7310585786300049, 1.9999999999999998, 123456.789])
    K = 1000
    H = P.harmonic_encoding(lam, K)
    ks = (1, 2, 3, 17, 999, 1000)
    with mpmath.workdps(50):
        for i, x in enumerate(lam):
            for k in ks:
                a = k * mpmath.mpf(float(x))
                assert H[i, k - 1] == pytest.approx(float(mpmath.sin(a)), abs=4e-16)
                assert H[i, K + k - 1] == pytest.approx(float(mpmath.cos(a)), abs=4e-16)
    refused_saying("lam", lambda: P.harmonic_encoding(np.array([1e308]), 3))


def test_heat_trace_huge_n():
    """Was OverflowError at n = 10**400; at t = 0 the trace is n."""
    assert P.heat_trace_cycle(10**30, 0.0) == 1e30
    refused_saying("n", lambda: P.heat_trace_cycle(10**400, 0.0), allowed="1e308")


_RNG = np.random.default_rng(0)
_X, _XE = _RNG.normal(size=(6, 4)), _RNG.normal(size=(6, 3))
_M = np.array([[1, 1, 0], [0, 1, 1], [1, 0, 1], [1, 1, 1.0], [1, 0, 0], [0, 1, 0]])


@pytest.mark.parametrize("s", [2.0**-1000, 2.0**1000, 1e-300, 1e300])
def test_prism_lite_descriptor_scale(s):
    """Was a different Q (max change 0.24) at 1e±300: the standardisation read columns of 1e-300
    as constant (std 0 + 1e-9) and squared 1e300 to inf. The logits agree to the 1e-9 guard
    against constant columns (absolute at scale 1)."""
    kw = {"k_a": 2, "k_e": 2, "steps": 5}
    ref = PRISMLite(**kw).fit(_X, _XE, _M)
    got = PRISMLite(**kw).fit(_X * s, _XE * s, _M)
    assert np.array_equal(got.Q_, ref.Q_)
    np.testing.assert_allclose(got.decision_function(_X * s, _XE * s),
                               ref.decision_function(_X, _XE), rtol=1e-7, atol=1e-12)


def test_prism_lite_top_k_beyond_n_refused():
    """Was an IndexError from topk (k_a = 10 with 6 graphs)."""
    refused("k_a", PRISMLite(k_a=10, steps=5).fit, _X, _XE, _M)
    refused("k_e", PRISMLite(k_a=2, k_e=6, steps=5).fit, _X, _XE, _M)


@pytest.mark.parametrize("s", [1e-300, 1e200, 1e300, 2.0**1000])
def test_relational_scores_scale_invariant(s):
    """Were up to 0.98 (spatial) and 1.0 (spectral) off at 1e±300 and 1e200: norms of rows of
    1e-300 fell under the 1e-12 floor, squares of 1e200 overflowed."""
    from numerics.prism.relational import spatial_similarity, spectral_similarity

    H = np.random.default_rng(4).normal(size=(5, 3))
    M = np.ones((5, 2))
    M[0, 1] = 0
    for f in (spatial_similarity, spectral_similarity):
        np.testing.assert_allclose(f(H * s, M), f(H, M), rtol=0, atol=1e-15)


def test_prototypes_near_max():
    """Was inf: the class sums of rows 1e308 overflowed; the means are 1e308."""
    from numerics.prism.relational import prototypes

    assert np.array_equal(prototypes(np.full((3, 2), 1e308), np.ones((3, 2))),
                          np.full((2, 2), 1e308))


def test_numerics_inputs_refused():
    """Were an IndexError (topk with k > N - 1, purity with too few labels, Barabási–Albert with
    2 nodes), a ZeroDivisionError (graph sizes (1, 1)), numpy's 'low >= high' and a ValueError
    from np.concatenate (T = 0)."""
    from numerics.prism.data import generate, graph_classes, spectral_descriptor
    from numerics.prism.relational import purity, topk

    refused("k", topk, np.zeros((3, 3)), 5)
    refused("y", purity, np.ones((3, 3)), np.array([0, 1]))
    refused("n", generate, "ba", 2, np.random.default_rng(0))
    refused("n_range", graph_classes, 1, 0, n_range=(1, 1))
    refused("n_range", graph_classes, 1, 0, n_range=(9, 5))
    refused("classes", graph_classes, 1, 0, classes=("xx",))
    refused("T", spectral_descriptor, np.ones((3, 3)) - np.eye(3), T=0)
