"""IC-SSL functions at valid extremes (issue 56, item 4): the Gaussian graph and attention are
invariant under (X, h) → (sX, s²h), TF_sup under (W, f) → (sW, f/s), harmonic propagation and
the eigen-solves under A → sA; each is checked at scales of 2^±500 and beyond (powers of two, so
the scaled input is exact) and against mpmath / closed forms for near-duplicate points.
"""

from __future__ import annotations

import mpmath
import numpy as np
import pytest

from numerics.icssl.tasks import FAMILIES, knn_bandwidth, make_task, sample_tasks
from tests.refusals import refused, refused_saying
from theory.icssl import (
    attention_laplacian,
    biased_softmax_attention,
    diagonal_gap,
    erase_attention,
    functional_gd,
    generalized_eigh,
    harmonic_label_propagation,
    labelled_log_likelihood,
    laplacian_eigenmap,
    rbf_attention,
    rbf_gram,
    rbf_kernel_weights,
    sin_max_principal_angle,
    softmax_expectation,
    step_size_bound,
    subspace_iteration,
)

RNG = np.random.default_rng(5)
X = RNG.normal(size=(7, 3))
H = 0.75
W = RNG.normal(size=(3, 4))
F = RNG.normal(size=(5, 3))


def _mp_attention(U, V, h):
    """Column-normalised exp(−‖u−v‖²/2h) at 50 digits on the stored floats."""
    with mpmath.workdps(50):
        out = np.zeros((len(U), len(V)))
        for j, v in enumerate(V):
            s = [-sum((mpmath.mpf(float(a)) - mpmath.mpf(float(b))) ** 2 for a, b in zip(u, v))
                 / (2 * mpmath.mpf(h)) for u in U]
            top = max(s)
            z = sum(mpmath.exp(t - top) for t in s)
            out[:, j] = [float(mpmath.exp(t - top) / z) for t in s]
    return out


def test_near_duplicates_at_a_tiny_bandwidth():
    """Two points 2⁻³⁰ apart with h = 2⁻⁶⁰: the affinity is e^{-1/2}; the expansion
    ‖u‖² + ‖v‖² − 2uᵀv gave 1.0 (and attention weights 0.5 instead of 0.3775)."""
    Y = np.r_[X, X[:1] + [2.0**-30, 0.0, 0.0]]
    h = 2.0**-60
    assert rbf_gram(Y, h)[0, -1] == pytest.approx(np.exp(-0.5), rel=1e-15)
    ref = _mp_attention(Y, Y, h)
    assert np.allclose(rbf_attention(Y, Y, h), ref, rtol=1e-13, atol=1e-300)
    assert np.allclose(rbf_kernel_weights(Y, Y, h, normalized=True), ref.T, rtol=1e-13,
                       atol=1e-300)


def test_squares_beyond_float64():
    """Coordinates ~1e155 with h = 1e308 (d²/2h ~ 50, squares ~1e310): the weights were NaN."""
    Y, h = X[:4] * 1e155, 1e308
    ref = _mp_attention(Y, Y, h)
    K = rbf_attention(Y, Y, h)
    assert np.allclose(K, ref, rtol=1e-12, atol=1e-300)
    assert np.allclose(biased_softmax_attention(Y, Y, h), ref, rtol=1e-10, atol=1e-300)
    A = rbf_gram(Y, h)
    assert np.allclose(A / A.sum(0), ref, rtol=1e-12, atol=1e-300)


@pytest.mark.parametrize("e", [-532, -300, 300, 500])
def test_graph_and_attention_scale_invariant(e):
    """(X·2ᵉ, h·4ᵉ) gives the same graph: at 2⁻⁵³² (h subnormal) entries were 3e-4 wrong."""
    Xs, hs = np.ldexp(X, e), np.ldexp(H, 2 * e)
    tol = {"rtol": 1e-13, "atol": 1e-15}
    assert np.allclose(rbf_gram(Xs, hs), rbf_gram(X, H), **tol)
    K = rbf_attention(X, X, H)
    assert np.allclose(rbf_attention(Xs, Xs, hs), K, **tol)
    assert np.allclose(biased_softmax_attention(Xs, Xs, hs), K, **tol)
    assert np.allclose(rbf_kernel_weights(Xs, Xs, hs, normalized=False), rbf_gram(X, H), **tol)
    assert np.allclose(attention_laplacian(Xs, hs)[1], K, **tol)
    f, lam = laplacian_eigenmap(Xs, hs, 3)
    f0, lam0 = laplacian_eigenmap(X, H, 3)
    assert np.allclose(lam, lam0, rtol=0, atol=1e-13)
    assert np.allclose(np.abs(f @ f.T), np.abs(f0 @ f0.T), rtol=1e-9, atol=1e-12)


def test_query_far_from_every_key():
    """A query 1e200 from the keys (every logit −inf in float64) got a column of NaN; the
    nearest key takes all the weight. A query 1e17 from keys 1 apart got 0.5/0.5 (the two
    squared distances are equal in float64; their difference is 2e17)."""
    keys = np.array([[0.0], [1.0]])
    for q in (1e200, 1e17, -1e17):
        query, want = np.array([[q]]), [[0.0], [1.0]] if q > 0 else [[1.0], [0.0]]
        assert np.array_equal(rbf_attention(keys, query, 1.0), want)
        assert np.array_equal(rbf_kernel_weights(query, keys, 1.0, normalized=True),
                              np.transpose(want))
    # the dot-product form keeps its own rounding there, but no NaN
    K = biased_softmax_attention(keys, np.array([[1e200]]), 1.0)
    assert np.isfinite(K).all() and K.sum() == pytest.approx(1.0)
    # a query between keys 2⁻³⁰ apart, far off the line: the excess is exact in factored form
    keys2 = np.array([[0.0, 0.0], [2.0**-30, 0.0]])
    ref = _mp_attention(keys2, np.array([[2.0**-31 + 2.0**-40, 1e10]]), 2.0**-72)
    got = rbf_attention(keys2, np.array([[2.0**-31 + 2.0**-40, 1e10]]), 2.0**-72)
    assert np.allclose(got, ref, rtol=1e-13)


def test_softmax_expectation_and_likelihood_saturate():
    """W·1e300 with f·1e10: the logits overflowed and the expectation and log-likelihood were
    NaN; the softmax is saturated at the arg-max class (log-likelihood 0 there)."""
    top = np.argmax(F @ W, axis=1)
    assert np.array_equal(softmax_expectation(W * 1e300, F * 1e10), (W * 1e300)[:, top].T)
    assert labelled_log_likelihood(F * 1e10, top, W * 1e300) == 0.0
    refused_saying("F_lab", lambda: labelled_log_likelihood(F * 1e10, (top + 1) % 4,
                                                            W * 1e300))
    # the scale-invariant pair (sW, f/s) at 2^±900 changes nothing
    e = 900
    assert np.allclose(np.ldexp(softmax_expectation(np.ldexp(W, e), np.ldexp(F, -e)), -e),
                       softmax_expectation(W, F), rtol=1e-14, atol=1e-15)
    y = RNG.integers(0, 4, 5)
    assert labelled_log_likelihood(np.ldexp(F, -e), y, np.ldexp(W, e)) == pytest.approx(
        labelled_log_likelihood(F, y, W), rel=1e-14)


@pytest.mark.parametrize(("ew", "ek"), [(-532, 532), (664, -332), (-300, 600)])
def test_step_size_bound_scales(ew, ek):
    """4/(‖W‖²λ) for W·2^ew, K·2^ek is the bound times 2^(−2ew−ek): (2/‖W‖)²/λ raised
    OverflowError at W·2⁻⁵³² and returned 0.0 at W·2⁶⁶⁴, K·2⁻³³² (the bound is 5e-301)."""
    K = rbf_gram(RNG.normal(size=(4, 2)), 1.0)
    ref = np.ldexp(step_size_bound(W, K), -2 * ew - ek)
    got = step_size_bound(np.ldexp(W, ew), np.ldexp(K, ek))
    assert got == pytest.approx(ref, rel=1e-14, abs=0)


def test_step_size_bound_beyond_float64_refused():
    """A bound of ~2^1200 is no float64: refused rather than inf."""
    K = rbf_gram(RNG.normal(size=(4, 2)), 1.0)
    refused_saying("W", lambda: step_size_bound(np.ldexp(W, -600), K), allowed="normal float64")


def test_erase_head_and_gap_at_the_float_maximum():
    """Entries ±1e308: λ = 0 gave rows of NaN (0 · −inf), the gap 2e308 came back as inf."""
    S = np.array([[1e308, -1e308], [-1e308, 1e308]])
    assert np.array_equal(erase_attention(S, 0.0), np.full((2, 2), 0.5))
    assert np.array_equal(erase_attention(S, 1e300), np.eye(2))
    refused_saying("S", lambda: diagonal_gap(S))
    assert diagonal_gap(np.array([[1.0]])) == np.inf  # n = 1: documented


def test_harmonic_and_generalised_eigh_scale_invariant():
    """A·4^510 (degrees ~60 · 1e307): the degrees overflowed and LAPACK raised 'array must
    not contain infs or NaNs'; subnormal affinities (·2⁻¹⁰⁷⁰) lost digits. Both answers are
    invariant (F scales by 2^-510)."""
    A = rbf_gram(RNG.normal(size=(60, 2)), 100.0)
    lab, y = np.array([0, 1, 2]), np.array([0, 1, 1])
    P = harmonic_label_propagation(A, lab, y, 2)
    ev, Fe = generalized_eigh(A)
    big = np.ldexp(A, 1020)
    assert np.allclose(harmonic_label_propagation(big, lab, y, 2), P, rtol=0, atol=1e-13)
    ev_b, F_b = generalized_eigh(big)
    assert np.allclose(ev_b, ev, rtol=0, atol=1e-13)
    assert np.allclose(np.ldexp(F_b, 510), Fe, rtol=1e-10, atol=1e-12)
    tiny = np.ldexp(A[:30, :30], -1070)  # 4 significant bits; the answer for these floats
    back = np.ldexp(tiny, 1070)
    assert np.array_equal(harmonic_label_propagation(tiny, lab, y, 2),
                          harmonic_label_propagation(back, lab, y, 2))
    assert np.array_equal(generalized_eigh(tiny)[0], generalized_eigh(back)[0])


def test_principal_angle_of_subnormal_bases():
    """A basis of subnormals (·2⁻¹⁰⁶⁰) gave a sine 9e-7 off; the span is scale-free."""
    A, B = RNG.normal(size=(8, 3)), RNG.normal(size=(8, 3))
    As = np.ldexp(A, -1060)
    assert sin_max_principal_angle(As, B) == pytest.approx(
        sin_max_principal_angle(np.ldexp(As, 1060), B), rel=1e-14)
    assert sin_max_principal_angle(np.ldexp(A, 1000), np.ldexp(B, -1000)) == pytest.approx(
        sin_max_principal_angle(A, B), rel=1e-14)


def test_subspace_iteration_needs_an_independent_start():
    """A start of zeros or with a repeated column has no k-dimensional span: QR padded it with
    rounding noise and returned an 'orthonormal' iterate; refused now (orthonormalised)."""
    _, K, _ = attention_laplacian(X, 1.0)
    p = RNG.normal(size=(7, 1))
    for start in (np.zeros((7, 2)), np.c_[p, p]):
        refused_saying("Phi0", lambda s=start: subspace_iteration(K, 2, 3, Phi0=s))
    assert subspace_iteration(K, 2, 3, orthonormalize=False, Phi0=np.c_[p, p]).shape == (7, 2)
    # a start of subnormals spans what the same floats scaled back span
    q = np.ldexp(RNG.normal(size=(7, 2)), -1060)
    assert np.allclose(subspace_iteration(K, 2, 3, Phi0=q),
                       subspace_iteration(K, 2, 3, Phi0=np.ldexp(q, 1060)), atol=1e-14)


def test_functional_gd_refusals():
    """An empty lab_idx was refused as rbf_kernel_weights' 'phi_k'; a step whose states leave
    float64 as softmax_expectation's 'f'; ints beyond float64 (alpha, h = 10**400) raised
    OverflowError."""
    y0, lab = np.array([0, 0]), np.array([0, 1])
    refused_saying("lab_idx", lambda: functional_gd(X, np.array([], int), np.array([], int),
                                                    np.eye(2), 1.0, 1))
    refused_saying("alpha", lambda: functional_gd(np.zeros((3, 2)), y0, lab, 4 * np.eye(2),
                                                  1e308, 2, normalized=False))
    refused_saying("alpha", lambda: functional_gd(X, y0, lab, np.eye(2), 10**400, 1))
    refused_saying("h", lambda: functional_gd(X, y0, lab, np.eye(2), 1.0, 1, h=10**400))
    for fn in (rbf_gram, attention_laplacian):
        refused_saying("h", lambda f=fn: f(X, 10**400))
    refused_saying("lam", lambda: erase_attention(np.eye(2), 10**400))


def test_task_noise_beyond_float64_squares():
    """noise = 1e200: the squares overflowed in the unit-RMS scaling and every point came back
    as 0; the task is now pure noise at unit RMS norm."""
    t = make_task("circles", noise=1e200, rng=np.random.default_rng(0))
    assert np.sqrt((t.X**2).sum(1).mean()) == pytest.approx(1.0, rel=1e-12)
    # noise ≤ 1 draws exactly as before (the same stream and arithmetic)
    a = make_task("moons", rng=np.random.default_rng(1))
    assert np.isfinite(a.X).all() and a.X.shape == (100, 3)


def test_task_sampler_refusals():
    """rng = None raised AttributeError; sample_tasks split a str into letters, raised numpy's
    'high <= 0' for (), returned [] for count = −1 and one task for True; n had no maximum."""
    refused_saying("n", lambda: make_task("circles", n=10**12, rng=np.random.default_rng(0)))
    assert make_task("circles", rng=3).X.shape == (100, 3)  # a seed is a Generator's seed
    refused_saying("rng", lambda: make_task("circles", rng="seed"))
    refused_saying("families", lambda: sample_tasks("circles", 1, m=2, seed=0))
    refused_saying("families", lambda: sample_tasks((), 1, m=2, seed=0))
    refused_saying("families", lambda: sample_tasks(("circle",), 1, m=2, seed=0))
    for count in (-1, True, 2.0):
        refused_saying("count", lambda c=count: sample_tasks(FAMILIES, c, m=2, seed=0))
    refused_saying("seed", lambda: sample_tasks(FAMILIES, 1, m=2, seed=-1))


@pytest.mark.parametrize("e", [-400, 400])
def test_knn_bandwidth_scales_exactly(e):
    """h(X·2ᵉ) = h(X)·4ᵉ exactly; at 1e-200 it was 0.0, at 1e160 inf (refused now)."""
    Y = make_task("spheres", rng=np.random.default_rng(2)).X
    assert knn_bandwidth(np.ldexp(Y, e)) == np.ldexp(knn_bandwidth(Y), 2 * e)
    refused_saying("X", lambda: knn_bandwidth(Y * 1e-200), allowed="normal float64")
    refused_saying("X", lambda: knn_bandwidth(Y * 1e160), allowed="normal float64")


def test_knn_bandwidth_refusals():
    """k = n raised IndexError, k = 0 returned 0.0 (the point itself), True counted as 1, a
    negative factor gave a negative bandwidth, a 1-D X raised IndexError."""
    Y = RNG.normal(size=(6, 2))
    for k in (6, 0, True, 2.0):
        refused_saying("k", lambda kk=k: knn_bandwidth(Y, k=kk))
    refused_saying("factor", lambda: knn_bandwidth(Y, factor=-1.0))
    refused("X", knn_bandwidth, np.arange(3.0))
    refused("X", knn_bandwidth, np.array([[np.nan, 1.0], [1.0, 2.0]]), k=1)


def test_task_ints_beyond_float64_refused():
    """noise = 10**400 or factor = 10**400 (an Interval admits them) raised OverflowError."""
    refused_saying("noise", lambda: make_task("circles", noise=10**400, rng=0))
    refused_saying("factor", lambda: knn_bandwidth(RNG.normal(size=(5, 2)), factor=10**400))


def test_evaluation_split_is_checked():
    """Any split but "id" (a typo such as "ID") silently gave the held-out family."""
    from numerics.icssl.training import evaluation_tasks

    refused_saying("split", lambda: evaluation_tasks("ID", 2, 1))
    assert {t.family for t in evaluation_tasks("ood", 2, 3)} == {"spheres"}
