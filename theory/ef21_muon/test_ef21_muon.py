"""Unit tests of the EF21-Muon theory module: shapes, conventions and validation."""

import functools

import numpy as np
import pytest

from theory.ef21_muon import (
    NORMS,
    bits_per_message,
    contraction_alpha,
    dual_norm,
    ef21_muon_numpy,
    lmo,
    newton_schulz5,
    polar,
    primal_norm,
    rank_r,
    sharp,
    topk,
)
from theory.validation import InvalidParameterError


@pytest.mark.parametrize("norm", NORMS)
def test_lmo_attains_minus_dual_norm_on_the_sphere(norm):
    G = np.random.default_rng(1).standard_normal((5, 3))
    Z = lmo(G, norm)
    assert np.sum(G * Z) == pytest.approx(-dual_norm(G, norm), rel=1e-12)
    assert primal_norm(Z, norm) == pytest.approx(1.0, rel=1e-12)
    assert np.sum(G * sharp(G, norm)) == pytest.approx(dual_norm(G, norm) ** 2, rel=1e-12)


def test_lmo_of_zero_is_zero_and_vectors_keep_their_shape():
    assert not np.any(lmo(np.zeros((3, 2))))
    assert lmo(np.array([3.0, -4.0])).shape == (2,)
    np.testing.assert_allclose(lmo(np.array([3.0, -4.0])), [-0.6, 0.8])


def test_polar_is_orthonormal_and_newton_schulz_is_not():
    G = np.random.default_rng(2).standard_normal((8, 4))
    P = polar(G)
    np.testing.assert_allclose(P.T @ P, np.eye(4), atol=1e-12)
    s = np.linalg.svd(newton_schulz5(G), compute_uv=False)
    assert s.min() < 0.95 or s.max() > 1.05
    np.testing.assert_allclose(newton_schulz5(G, steps=60, coef=(1.5, -0.5, 0.0)), P, atol=1e-8)


def test_compressors_keep_what_they_promise():
    x = np.array([0.1, -5.0, 2.0, 0.3])
    np.testing.assert_array_equal(topk(x, 2), [0.0, -5.0, 2.0, 0.0])
    X = np.random.default_rng(3).standard_normal((5, 4))
    assert np.linalg.matrix_rank(rank_r(X, 2)) == 2
    assert contraction_alpha("rank", 2, (5, 4)) == 0.5
    assert bits_per_message("topk", 10, (64, 64)) == 10 * (32 + 12)


def test_bad_input_raises_with_the_template():
    with pytest.raises(InvalidParameterError, match="'norm' parameter of lmo"):
        lmo(np.ones((2, 2)), "nuclear")
    with pytest.raises(InvalidParameterError, match="'k' parameter of topk"):
        topk(np.ones(3), 4)
    with pytest.raises(InvalidParameterError, match="'G' parameter of dual_norm"):
        dual_norm(np.array([[np.nan]]))
    with pytest.raises(InvalidParameterError, match="'beta' parameter"):
        ef21_muon_numpy([lambda X: X], np.ones((2, 2)), 0.1, 3, beta=0.0)
    with pytest.raises(InvalidParameterError, match="'rng' parameter"):
        ef21_muon_numpy([lambda X: X], np.ones((2, 2)), 0.1, 3, noise=1.0)


def test_ef21_traces_and_identity_compressor_equal_uncompressed():
    A = np.random.default_rng(4).standard_normal((3, 4, 3))
    grads = [lambda X, a=a: X - a for a in A]
    fs = [lambda X, a=a: 0.5 * np.sum((X - a) ** 2) for a in A]
    a = ef21_muon_numpy(grads, np.zeros((4, 3)), 0.05, 30, fs=fs)
    b = ef21_muon_numpy(grads, np.zeros((4, 3)), 0.05, 30, worker_comp=lambda v: v,
                        server_comp=lambda v: v)
    assert set(a) >= {"gnorm", "track", "WX", "f", "X", "W", "G"} and a["f"].shape == (30,)
    np.testing.assert_allclose(a["X"], b["X"], atol=1e-12)
    c = ef21_muon_numpy(grads, np.zeros((4, 3)), 0.05, 30,
                        worker_comp=functools.partial(topk, k=3))
    assert c["track"][0] == 0.0 and c["track"][5] > 0
