"""Tests of the layer-wise EF21-Muon helpers behind theory/ef21_muon/claims_layerwise.py: the
unvalidated Top-k equals the validated one, momentum and noise options of the layer-wise run,
and the layer-wise bound's arithmetic."""

from __future__ import annotations

import functools

import numpy as np
import pytest

from theory.ef21_muon import topk
from theory.ef21_muon._layerwise import ef21_muon_layerwise
from theory.ef21_muon.claims_layerwise import (
    S,
    decoupled,
    layer_bound,
    quartic_blocks,
    topk_fast,
)
from theory.ef21_muon.claims_lzero import S1, S2


@pytest.mark.parametrize("shape,k", [((6, 4), 6), ((5, 3), 4), ((7,), 1), ((3, 3), 9)])
def test_topk_fast_matches_topk(shape, k):
    rng = np.random.default_rng(0)
    for _ in range(50):
        x = rng.standard_normal(shape)
        x[rng.random(shape) < 0.2] = 0.0  # ties at zero
        np.testing.assert_array_equal(topk_fast(x, k), topk(x, k))


def test_beta_one_noise_zero_is_default():
    grads = quartic_blocks(0)
    X0 = [np.zeros(S1), np.zeros(S2)]
    comps = [functools.partial(topk, k=6), functools.partial(topk, k=4)]
    a = ef21_muon_layerwise(grads, X0, ["spectral", "linf"], [0.05, 0.02], 30, comps)
    b = ef21_muon_layerwise(grads, X0, ["spectral", "linf"], [0.05, 0.02], 30, comps,
                            beta=1.0, noise=0.0)
    np.testing.assert_array_equal(a["gnorm"], b["gnorm"])


def test_momentum_without_noise_converges_and_noise_needs_rng():
    grads, _fs, star = decoupled(0)
    X0 = [np.zeros(S1), np.zeros(S2)]
    out = ef21_muon_layerwise(grads, X0, ["spectral", "linf"], [0.01, 0.01], 800, beta=0.1)
    dist = sum(np.linalg.norm(x - s) for x, s in zip(out["X"], star, strict=True))
    dist0 = sum(np.linalg.norm(s) for s in star)
    assert dist < 0.2 * dist0
    with pytest.raises(ValueError):
        ef21_muon_layerwise(grads, X0, ["spectral", "linf"], [0.01, 0.01], 3, noise=1.0)


def test_layer_bound_arithmetic():
    # q = 0: only Δ/K and the smoothness term; constants s_i are √4 and √15
    assert S == (2.0, pytest.approx(np.sqrt(15)))
    assert layer_bound(2.0, 4, (0.1, 0.2), (4.0, 15.0), S, (0.0, 0.0), (1.0, 1.0)) == \
        pytest.approx(0.5 + 4 * 0.01 / 2 + 15 * 0.04 / 2)
    # error-feedback term 2 t ρ q/(1−q) D̄
    assert layer_bound(0.0, 1, (0.1,), (0.0,), (2.0,), (0.5,), (3.0,)) == pytest.approx(1.2)
