"""Property tests (hypothesis) of theory.token_distill's public functions: random valid inputs
satisfy the functions' invariants (a KL is >= 0 and 0 on equal inputs at any scale, a mean square
is >= 0 and finite, the merge expands back and its mask counts the merged length, the
initialisations are convex combinations of the subtoken rows, the toy's optimum is a minimum),
random invalid inputs are refused naming the parameter. The example database is off and the
search derandomised, so every run draws the same inputs."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import theory.token_distill as T
from tests.refusals import refused

PINNED = settings(database=None, derandomize=True, deadline=None, max_examples=25)
seeds = st.integers(0, 10**6)



@PINNED
@given(seeds, st.integers(1, 6), st.integers(2, 12),
       st.sampled_from([1e-3, 1.0, 30.0, 1e150, 1e307]))
def test_kl_is_nonnegative_finite_and_zero_on_equal_inputs(seed, K, V, scale):
    rng = np.random.default_rng(seed)
    s, t = rng.normal(size=(K, V)) * scale, rng.normal(size=(K, V)) * scale
    assert T.kl_batchmean(t, t) == 0.0
    if scale <= 30:  # beyond, the KL of unrelated rows may exceed the float64 range
        kl = T.kl_batchmean(s, t)
        assert np.isfinite(kl) and kl >= -1e-12
        # invariant to a shift of any row of either argument
        shift = rng.normal(size=(K, 1)) * 10
        assert T.kl_batchmean(s + shift, t) == pytest.approx(kl, rel=1e-9, abs=1e-12)


@PINNED
@given(seeds, st.integers(1, 8), st.integers(1, 4), st.sampled_from([1e-200, 1.0, 1e150]))
def test_mse_is_nonnegative_finite_zero_on_equal_and_scales_quadratically(seed, n, d, scale):
    rng = np.random.default_rng(seed)
    mask = rng.integers(0, 2, n)
    mask[-1] = 1
    K = int(mask.sum())
    S, Tt = rng.normal(size=(K, d)) * scale, rng.normal(size=(n, d)) * scale
    v = T.mse_on_hiddens(S, Tt, mask)
    assert np.isfinite(v) and v >= 0
    assert T.mse_on_hiddens(Tt[mask == 1], Tt, mask) == 0.0
    assert T.mse_on_hiddens(2 * S, 2 * Tt, mask) == pytest.approx(4 * v, rel=1e-12)


@PINNED
@given(st.lists(st.integers(0, 5), min_size=1, max_size=30),
       st.lists(st.lists(st.integers(0, 5), min_size=1, max_size=4), min_size=1, max_size=3))
def test_merge_expands_back_and_its_mask_counts_the_merged_length(seq, plist):
    phrases = {}
    for p in plist:
        phrases.setdefault(tuple(p), 100 + len(phrases))
    m = T.merge_tokens(np.asarray(seq), phrases, pad=-1)
    inv = {v: list(p) for p, v in phrases.items()}
    back = [x for t in m.merged[:m.length] for x in inv.get(int(t), [int(t)])]
    assert back == seq and int(m.mask.sum()) == m.length <= len(seq)
    assert (m.merged[m.length:] == -1).all() and m.mask[-1] == 1
    assert all(stop - start == len(inv[nid]) for start, stop, nid in m.spans)


@PINNED
@given(seeds, st.integers(2, 8), st.integers(1, 4), st.integers(1, 5),
       st.sampled_from(["input", "output"]))
def test_initialisations_are_convex_combinations_of_subtoken_rows(seed, V, d, n, which):
    rng = np.random.default_rng(seed)
    E = rng.normal(size=(V, d))
    ids = rng.integers(0, V, n)
    w = T.adaptive_weights(n, which)
    assert w.shape == (n,) and np.all(w > 0) and w.sum() == pytest.approx(1.0, abs=1e-14)
    if n > 1:
        assert np.all(np.diff(w) > 0) if which == "input" else np.all(np.diff(w) < 0)
    lo, hi = E[ids].min(0) - 1e-12, E[ids].max(0) + 1e-12
    for e in (T.fvt_init(E, ids), T.adaptive_init(E, ids, which)):
        assert e.shape == (d,) and np.all((lo <= e) & (e <= hi))
    r = T.random_init(E, seed)
    assert r.shape == (d,) and np.all(np.isfinite(r))


@PINNED
@given(st.floats(0, 1e6), st.floats(1e-6, 1e6))
def test_ce_auto_weighted_value_is_twice_the_distillation_loss(dl, ce):
    value, alpha = T.ce_auto_weighted(dl, ce)
    assert value == pytest.approx(2 * dl, rel=1e-12, abs=1e-300) and alpha >= 0


@settings(database=None, derandomize=True, deadline=None, max_examples=10)
@given(seeds)
def test_toy_optimum_is_a_minimum_with_zero_gradient(seed):
    rng = np.random.default_rng(seed)
    E, W = rng.normal(size=(6, 2)), 0.4 * rng.normal(size=(2, 2))
    snips = [list(rng.integers(0, 6, 6)) + [1, 2] + list(rng.integers(0, 6, 3)) for _ in range(3)]
    P = T.toy_distill_problem(E, W, snips, [1, 2])
    assert P.loss_opt >= 0 and np.allclose(P.grad(P.e_opt), 0, atol=1e-9)
    e = P.e_opt + rng.normal(size=2)
    assert P.loss(e) >= P.loss_opt - 1e-12
    assert P.loss(e) == pytest.approx(T.toy_loss_by_forward(E, W, snips, [1, 2], e), rel=1e-9)


# ---- invalid inputs: refused naming the parameter -------------------------------------------
not_ids = st.one_of(st.floats(allow_nan=True), st.booleans(), st.integers(-10**6, -1),
                    st.text(min_size=1, max_size=2))


@PINNED
@given(not_ids, st.integers(0, 3))
def test_ids_that_are_not_non_negative_ints_are_refused(bad, at):
    ids = [1, 2, 3]
    ids.insert(at, bad)
    refused("ids", T.merge_tokens, ids, {(1, 2): 9})
    refused("ids", T.fvt_init, np.ones((5, 2)), ids)
    refused("ids", T.adaptive_init, np.ones((5, 2)), ids)


@PINNED
@given(st.integers(0, 5))
def test_new_ids_that_collide_are_refused(nid):
    refused("phrases", T.merge_tokens, [0, 1, 2, 3, 4, 5], {(1, 2): nid})


@PINNED
@given(st.sampled_from([np.nan, np.inf, -np.inf]), st.integers(0, 5))
def test_non_finite_arrays_are_refused(bad, at):
    x = np.zeros((2, 3))
    x.flat[at] = bad
    refused("student_logits", T.kl_batchmean, x, np.zeros((2, 3)))
    refused("teacher", T.mse_on_hiddens, np.zeros((2, 3)), x, [1, 1])
    refused("E", T.random_init, x, 0)
    refused("X", T.toy_hidden, x, np.eye(3))


@PINNED
@given(st.one_of(st.floats(allow_nan=True), st.booleans(), st.integers(-5, 0),
                 st.integers(10**6 + 1, 10**12)))
def test_bad_counts_are_refused(n):
    refused("n", T.adaptive_weights, n)
