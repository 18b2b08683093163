"""Property tests of theory.ef21_muon's public functions: dual norms, LMOs and sharp operators
keep their duality identities at every scale (1e-300 to 1e300), compressors keep their
contraction bounds, bounds stay finite and non-negative; bad input is refused naming the
parameter. Derandomised, no example database."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.refusals import refused
from theory.ef21_muon import (
    NORMS,
    bits_per_message,
    contraction_alpha,
    drift_bound,
    dual_norm,
    ef21_constant,
    lmo,
    natural,
    natural_variance,
    newton_schulz5,
    polar,
    primal_norm,
    randk,
    rank_r,
    sharp,
    topk,
)
from theory.validation import InvalidParameterError

SET = settings(max_examples=30, deadline=None, derandomize=True, database=None)
seeds = st.integers(0, 2**32 - 1)


@st.composite
def matrices(draw):
    m, n = draw(st.integers(1, 5)), draw(st.integers(1, 5))
    e = draw(st.integers(-1000, 1000))
    G = np.random.default_rng(draw(seeds)).normal(size=(m, n))
    return G, e



@SET
@given(matrices(), st.sampled_from(NORMS))
def test_duality_identities_at_every_scale(Ge, norm):
    G0, e = Ge
    G = G0 * 2.0**e
    d, d0 = dual_norm(G, norm), dual_norm(G0, norm)
    assert np.isfinite(d) and d >= 0
    assert d == pytest.approx(d0 * 2.0**e, rel=1e-12)  # homogeneous, no over/underflow
    Z = lmo(G, norm)
    assert np.all(np.isfinite(Z)) and primal_norm(Z, norm) <= 1 + 1e-12
    assert np.allclose(Z, lmo(G0, norm), atol=1e-12)  # the LMO is scale-free
    assert float(np.sum(G0 * Z)) == pytest.approx(-d0, rel=1e-10, abs=1e-300)
    S = sharp(G0, norm)
    assert primal_norm(S, norm) == pytest.approx(d0, rel=1e-10, abs=1e-300)


@SET
@given(matrices())
def test_polar_and_newton_schulz_are_scale_free(Ge):
    G0, e = Ge
    P = polar(G0 * 2.0**e)
    assert np.allclose(P, polar(G0), atol=1e-12)
    s = np.linalg.svd(P, compute_uv=False)
    assert np.all(s <= 1 + 1e-12)
    N = newton_schulz5(G0 * 2.0**e)
    assert np.all(np.isfinite(N)) and np.allclose(N, newton_schulz5(G0), atol=1e-12)


@SET
@given(seeds, st.integers(1, 40), st.data())
def test_sparsifiers_contract(seed, d, data):
    x = np.random.default_rng(seed).normal(size=d)
    k = data.draw(st.integers(1, d))
    err = np.sum((topk(x, k) - x) ** 2)
    assert err <= (1 - contraction_alpha("topk", k, (d,))) * np.sum(x**2) + 1e-12
    r = randk(x, k, np.random.default_rng(seed))
    assert np.count_nonzero(r) <= k and np.all((r == 0) | (r == x))


@SET
@given(seeds, st.integers(1, 6), st.integers(1, 6), st.data())
def test_rank_r_contracts(seed, m, n, data):
    X = np.random.default_rng(seed).normal(size=(m, n))
    r = data.draw(st.integers(1, min(m, n)))
    err = np.sum((rank_r(X, r) - X) ** 2)
    assert err <= (1 - contraction_alpha("rank", r, (m, n))) * np.sum(X**2) + 1e-12


@SET
@given(seeds, st.integers(1, 20), st.integers(-1000, 1000))
def test_natural_compression_rounds_to_neighbouring_powers(seed, d, e):
    x = np.random.default_rng(seed).normal(size=d) * 2.0**e
    c = natural(x, np.random.default_rng(seed))
    assert np.all(np.isfinite(c)) and np.all(np.sign(c) == np.sign(x))
    nz = x != 0
    ratio = np.abs(c[nz]) / np.abs(x[nz])
    assert np.all((ratio >= 0.5) & (ratio <= 2.0))
    assert np.all(np.log2(np.abs(c[nz])) == np.round(np.log2(np.abs(c[nz]))))
    if abs(e) > 500:  # the variance may be beyond the normal floats: then refused by name
        try:
            v = natural_variance(x)
        except InvalidParameterError as err:
            assert "'x' parameter of natural_variance" in str(err)
            return
    v = natural_variance(x)
    assert v >= 0
    if abs(e) <= 500:  # where Σx² is a float: the tight variance constant ω = 1/8
        assert v <= np.sum(x**2) / 8 * (1 + 1e-12)


@SET
@given(st.floats(1e-300, 1.0), st.floats(0, 1e3), st.floats(0, 1e3))
def test_bounds_finite_and_nonnegative(alpha, t, step):
    try:
        b = drift_bound(t, alpha, step)
    except InvalidParameterError:  # ≈ 2ts/α above the floats: refused, no longer inf
        assert alpha < 1e-290 and 2 * t * step / alpha > 1e308
        return
    assert np.isfinite(b) and b >= 0
    c = ef21_constant(1.0, 1.0, 1.0, alpha)
    assert c >= 0.5 and np.isfinite(c)


@SET
@given(st.lists(st.integers(1, 2**40), min_size=1, max_size=3), st.data())
def test_bits_are_exact_python_ints(shape, data):
    d = 1
    for v in shape:
        d *= v
    assert bits_per_message("identity", 1, tuple(shape)) == 32 * d
    k = data.draw(st.integers(1, min(d, 2**40)))
    b = bits_per_message("topk", k, tuple(shape))
    # ⌈log₂ d⌉ index bits per kept value (at least 1)
    assert type(b) is int and b == k * (32 + max(d - 1, 1).bit_length())


@SET
@given(matrices(), st.sampled_from(["complex", "nan", "3d", "empty"]))
def test_bad_matrices_are_refused_naming_G(Ge, how):
    G = Ge[0]
    bad = {"complex": G + 1j, "nan": np.where(G > 0, np.nan, G) if np.any(G > 0) else G * np.nan,
           "3d": G[None], "empty": np.zeros((0, 2))}[how]
    for fn in (dual_norm, primal_norm, lmo, polar):
        refused("G", fn, bad)


@SET
@given(st.sampled_from([(True, 3), (0, 3), (-2, 2), (2.0, 2), "ab", ()]))
def test_bad_shapes_are_refused(shape):
    refused("shape", contraction_alpha, "topk", 1, shape)
    refused("shape", bits_per_message, "topk", 1, shape)


def test_bad_rng_counts_and_huge_entries_are_refused():
    refused("rng", randk, np.ones(3), 1, 3.5)
    refused("rng", natural, np.ones(3), "x")
    refused("x", natural, np.array([2.0**1023]), np.random.default_rng(0))
    refused("steps", newton_schulz5, np.eye(2), 2**62)
    refused("k", topk, np.ones(3), True)
    refused("alpha", drift_bound, 1.0, 0.0, 1.0)
    refused("norm", dual_norm, np.eye(2), "nuclear")
