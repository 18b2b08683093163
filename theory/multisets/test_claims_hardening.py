"""Tests named after the claims hardened in issue 15: the sharp max/Hausdorff constant, the
attention witness below c = 3ε, witness networks, and bad input (no torch here)."""

import numpy as np
import pytest
import sympy as sp

from theory.multisets import (
    aggregate,
    attention,
    attention_weights,
    emd,
    hausdorff,
    lipschitz_constant,
    matching,
    max_hausdorff_constant_equal_size,
    max_hausdorff_equal_size_witness,
    mlp,
    network_bound,
    pairwise_distances,
    random_mlp,
    set_network,
    sum_network_offset_bound,
    tightness_witness,
)
from theory.multisets._reference import emd_linprog
from theory.validation import InvalidParameterError


def _ratio(X, Y):
    return np.linalg.norm(aggregate(X, "max") - aggregate(Y, "max")) / hausdorff(X, Y)


# --- multisets.lemma32.max_hausdorff_sharp_constant ------------------------------------------
@pytest.mark.parametrize("d", range(1, 9))
@pytest.mark.parametrize("M", range(1, 7))
def test_lemma32_max_hausdorff_sharp_constant_witness_attains(d, M):
    X, Y = max_hausdorff_equal_size_witness(d, M, h=0.3)
    assert X.shape == Y.shape == (M, d)
    L = float(max_hausdorff_constant_equal_size(d, M))
    assert _ratio(X, Y) == pytest.approx(L, rel=1e-13)
    assert float(lipschitz_constant("max", "hausdorff", d=d, equal_size=M)) == L
    Xt, Yt = tightness_witness("max", "hausdorff", d=d, equal_size=M)
    assert _ratio(Xt, Yt) == pytest.approx(L, rel=1e-12)


def test_lemma32_max_hausdorff_sharp_constant_values():
    L = max_hausdorff_constant_equal_size
    assert L(3, 1) == 1 and L(3, 2) == sp.sqrt(2) and L(3, 3) == sp.sqrt(3)
    assert L(8, 4) == sp.sqrt(6) and L(8, 6) == sp.sqrt(8) and L(1, 5) == 1
    d, M = sp.symbols("d M", positive=True, integer=True)
    assert L(d, M).subs({d: 5, M: 3}) == 2


def test_lemma32_max_hausdorff_sqrt_d_tight_exactly_when_d_at_most_2M_minus_2():
    for d in range(1, 9):
        for M in range(1, 7):
            tight = max_hausdorff_constant_equal_size(d, M) == sp.sqrt(d)
            assert tight == (d <= max(1, 2 * M - 2)), (d, M)
    # the old docstring's condition M >= d is sufficient, not necessary
    assert max_hausdorff_constant_equal_size(4, 3) == 2


def test_lemma32_max_hausdorff_sharp_constant_upper_bound_on_random_pairs():
    rng = np.random.default_rng(0)
    for _ in range(400):
        d, M = int(rng.integers(1, 7)), int(rng.integers(1, 5))
        X = rng.normal(size=(M, d))
        Y = X + rng.normal(scale=rng.choice([0.01, 0.3]), size=(M, d))
        Y[rng.random(M) < 0.3] = 0.0
        if hausdorff(X, Y) > 0:
            assert _ratio(X, Y) <= float(max_hausdorff_constant_equal_size(d, M)) * (1 + 1e-12)


def test_max_hausdorff_witness_rejects_bad_input():
    with pytest.raises(InvalidParameterError, match="'M'"):
        max_hausdorff_equal_size_witness(3, 0)
    with pytest.raises(InvalidParameterError, match="'h'"):
        max_hausdorff_equal_size_witness(3, 2, h=-1.0)


# --- multisets.prop33.attention_hausdorff_matching_half ----------------------------------------
@pytest.mark.parametrize("c,eps", [(2.0, 1.0), (1.0, 1.0), (0.29, 0.1), (0.5, 1.0)])
def test_prop33_attention_hausdorff_matching_half_without_3eps(c, eps):
    d = 3
    X = np.array([c * np.ones(d), eps * np.ones(d)])
    Y = np.array([c * np.ones(d), -eps * np.ones(d)])
    assert matching(X, Y) == pytest.approx(2 * eps * np.sqrt(d), rel=1e-12)
    assert emd(X, Y) == pytest.approx(eps * np.sqrt(d), rel=1e-12)
    expected_h = 2 * eps if c >= eps else c + eps
    assert hausdorff(X, Y) == pytest.approx(expected_h * np.sqrt(d), rel=1e-12)


# --- attention softmax stability (prop33 claims) -----------------------------------------------
def test_prop33_attention_large_q_is_finite_and_hard_max():
    rng = np.random.default_rng(1)
    X, W = rng.normal(size=(5, 3)), rng.normal(size=(4, 3))
    q = rng.normal(size=4)
    s = np.maximum(X @ W.T, 0) @ q
    for scale in (1e300, 1e308 / np.abs(q).max()):
        w = attention_weights(X, W, q * scale)
        assert np.all(np.isfinite(w)) and w.sum() == pytest.approx(1.0)
        assert w[np.argmax(s)] == pytest.approx(1.0)
    assert np.all(np.isfinite(attention(X, W, np.full(4, 1e308))))
    # moderate inputs: the same weights as the textbook softmax
    ref = np.exp(s - s.max())
    np.testing.assert_allclose(attention_weights(X, W, q), ref / ref.sum(), rtol=1e-13)
    # huge X and W: finite, and scale-equivariant where the scores do not saturate
    np.testing.assert_allclose(attention(X * 1e200, W * 1e-200, q), attention(X, W, q) * 1e200,
                               rtol=1e-12)


# --- sec2 distances: huge and tiny coordinates -------------------------------------------------
def test_sec2_distances_rescale_huge_coordinates():
    X, Y = np.array([[0.0], [1e154]]), np.array([[0.0], [1e154], [1e154]])
    assert emd(X, Y) == pytest.approx(1e154 / 6, rel=1e-12)
    assert hausdorff(X, Y) == 0.0
    assert matching(X, Y) == pytest.approx(1e154, rel=1e-12)
    D = pairwise_distances([X, Y], ("emd", "hausdorff", "matching"))
    assert D["emd"][0, 1] == pytest.approx(1e154 / 6, rel=1e-12)


@pytest.mark.parametrize("s", [1e-170, 1e-120, 1e120, 1e200])
def test_sec2_distances_positively_homogeneous(s):
    rng = np.random.default_rng(2)
    X, Y = rng.normal(size=(3, 2)), rng.normal(size=(4, 2))
    for f in (emd, hausdorff, matching):
        assert f(s * X, s * Y) == pytest.approx(s * f(X, Y), rel=1e-12)
    assert emd(X, Y) == pytest.approx(emd_linprog(X, Y), rel=1e-7)


def test_sec2_distances_tiny_coordinates_not_zero():
    X, Y = np.array([[1e-162], [3e-162]]), np.array([[0.0]])
    assert emd(X, Y) == pytest.approx(2e-162, rel=1e-12)
    assert hausdorff(X, Y) == pytest.approx(3e-162, rel=1e-12)
    assert matching(X, Y) == pytest.approx(4e-162, rel=1e-12)


def test_sec2_distance_overflow_raises():
    with pytest.raises(InvalidParameterError, match="finite in float64"):
        emd(np.array([[1.7e308]]), np.array([[-1.7e308]]))


# --- thm34 / lemma35: witness networks and bad input -------------------------------------------
@pytest.mark.parametrize("kind,dist,eq", [
    ("mean", "emd", None), ("max", "hausdorff", None), ("sum", "matching", 3), ("mean", "emd", 3),
    ("sum", "emd", 3), ("max", "emd", 3), ("mean", "matching", 3), ("max", "matching", 3),
    ("max", "hausdorff", 3)])
def test_lemma35_equal_size_network_bounds_witness_networks_attain(kind, dist, eq):
    from theory.multisets.claims_networks import _witness_ratio_over_bound

    r, active = _witness_ratio_over_bound(np.random.default_rng(3), kind, dist, equal_size=eq)
    assert active and r == pytest.approx(1.0, rel=1e-9)


def test_thm34_sum_biasfree_matching_product_bound_witness_attains():
    from theory.multisets.claims_networks import _witness_ratio_over_bound

    r, active = _witness_ratio_over_bound(np.random.default_rng(4), "sum", "matching",
                                          encoder_bias=False)
    assert active and r == pytest.approx(1.0, rel=1e-9)


@pytest.mark.parametrize("call,param", [
    (lambda: network_bound("mean", "emd", -1.0, 1.0, width=3), "'lip1'"),
    (lambda: network_bound("mean", "emd", 1.0, -0.5, width=3), "'lip2'"),
    (lambda: network_bound("mean", "emd", 1.0, 1.0, width=-3), "'width'"),
    (lambda: network_bound("mean", "matching", 1.0, 1.0, width=3, equal_size=0), "'equal_size'"),
    (lambda: network_bound("mean", "emd", float("nan"), 1.0, width=3), "'lip1'"),
    (lambda: sum_network_offset_bound(-1.0, 2, 1, 1.0, 1.0, 0.5), "'dist_matching'"),
    (lambda: sum_network_offset_bound(1.0, 0, 1, 1.0, 1.0, 0.5), "'m'"),
    (lambda: mlp(random_mlp([3, 4, 2], rng=0), np.ones((2, 4))), "'X'"),
    (lambda: mlp(random_mlp([3, 4, 2], rng=0), np.array([[np.nan, 1.0, 2.0]])), "'X'"),
    (lambda: set_network(np.ones((2, 4)), random_mlp([3, 4], rng=0), random_mlp([4, 2], rng=0),
                         "sum"), "'X'"),
    (lambda: set_network(np.ones((2, 3)), random_mlp([3, 4], rng=0), random_mlp([5, 2], rng=0),
                         "sum"), "'decoder'"),
])
def test_thm34_network_functions_reject_bad_input(call, param):
    with pytest.raises(InvalidParameterError, match=param):
        call()
