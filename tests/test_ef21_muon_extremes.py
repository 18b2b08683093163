"""EF21-Muon functions at valid extremes (issue 56, item 4): each test says what was wrong before.

References: mpmath at 50 digits (``mpmath.workdps``), exact power-of-two scalings (LMOs are
scale-invariant, norms homogeneous), closed forms. Answers float64 cannot hold are refused in
the package's template."""

from __future__ import annotations

import mpmath
import numpy as np
import pytest
import torch

from numerics.ef21_muon.compressors import RandK
from numerics.ef21_muon.sim import EF21MuonSim, lmo_torch, newton_schulz5_torch
from tests.refusals import refused, refused_saying
from theory.ef21_muon import (
    NORMS,
    drift_bound,
    dual_norm,
    ef21_bound,
    ef21_constant,
    lmo,
    muon_floor,
    natural_variance,
    newton_schulz5,
    ns_scalar_map,
    optimal_radius,
    polar,
    primal_norm,
    rho_fro,
    sharp,
    smoothness_quadratic,
    uncompressed_bound,
)
from theory.ef21_muon._layerwise import ef21_muon_layerwise

G = np.array([[1.0, -1.7], [0.3, 1.0], [0.5, 0.25]])


def mp(x):
    return mpmath.mpf(float(x))


@pytest.mark.parametrize("norm", NORMS)
def test_lmo_and_norms_of_a_matrix_near_the_float_maximum(norm):
    """Entries ≥ 2^1023 made the internal scale 2^1024 = inf: A/inf = 0, so the LMO, the polar
    factor and Newton–Schulz returned 0 and the norms NaN. Scaling by 2^k is exact."""
    big = G * 2.0**1022  # max |G| = 1.7·2^1022 ≥ 2^1023
    assert np.array_equal(lmo(big, norm), lmo(G, norm))
    assert primal_norm(big, "linf") == 1.7 * 2.0**1022
    assert dual_norm(big, "l1") == 1.7 * 2.0**1022
    if norm in ("spectral", "colnorm"):
        assert primal_norm(big, norm) == primal_norm(G, norm) * 2.0**1022


def test_polar_and_newton_schulz_near_the_float_maximum():
    """Both were the zero matrix at 1e308."""
    assert np.array_equal(polar(G * 2.0**1022), polar(G))
    assert np.allclose(newton_schulz5(G * 2.0**1022), newton_schulz5(G), atol=1e-15)
    assert np.array_equal(polar(np.eye(2) * 1e308), np.eye(2))


def test_norms_above_the_floats_are_refused():
    """‖[1e308, 1e308]‖_1 = 2e308 and ‖·‖_F of [1.5e308, 1.5e308] were NaN (and sharp NaN)."""
    refused_saying("G", lambda: primal_norm(np.array([1e308, 1e308]), "l1"),
                   allowed="finite float64")
    refused_saying("G", lambda: dual_norm(np.array([1.5e308, 1.5e308]), "fro"))
    refused_saying("G", lambda: dual_norm(np.eye(3) * 1e308, "spectral"))
    refused("G", sharp, np.eye(3) * 1e308, "spectral")


def test_newton_schulz_overflow_is_refused():
    """φ(1e100) ≈ 2e500: ns_scalar_map returned inf, then NaN; a diverging coef made
    newton_schulz5 return NaN. In range the iterates are unchanged."""
    refused_saying("s", lambda: ns_scalar_map(np.array([1e100]), 2))
    refused_saying("coef", lambda: newton_schulz5(np.eye(2) + 0.1, 1000, (3.0, 0.0, 0.0)))
    s = np.array([0.0, 1e-300, 0.3, 1.0])
    x = s.copy()
    for _ in range(5):
        x = 3.4445 * x - 4.7750 * x**3 + 2.0315 * x**5
    assert np.array_equal(ns_scalar_map(s, 5), x)


def _mp_natvar(x):
    with mpmath.workdps(50):
        tot = mpmath.mpf(0)
        for v in np.abs(x):
            m = mp(v)
            lo = mpmath.mpf(2) ** mpmath.floor(mpmath.log(m, 2))
            tot += (2 * lo - m) * (m - lo)
        return tot


def test_natural_variance_at_extreme_scales():
    """A variance above the floats was returned as inf ([1.5e200, 3]: ~1e400), one below them
    as 0.0 ([1.5e-200]: ~1e-400, though 1.5e-200 is no power of two and C is not exact): both
    refused now. Ordinary inputs keep the plain formula's bits; far scales match mpmath."""
    rng = np.random.default_rng(0)
    x = rng.normal(size=50) * np.exp(rng.uniform(-30, 30, 50))
    mag = np.abs(x)
    low = np.exp2(np.floor(np.log2(mag)))
    assert natural_variance(x) == float(np.sum((2 * low - mag) * (mag - low)))
    for k in (-400, 400):
        y = x * 2.0**k
        assert natural_variance(y) == pytest.approx(float(_mp_natvar(y)), rel=1e-13)
    refused_saying("x", lambda: natural_variance(np.array([1.5e200, 3.0])),
                   allowed="normal float64")
    refused_saying("x", lambda: natural_variance(np.array([1.5e-200])))
    refused_saying("x", lambda: natural_variance(np.full(4, 1.5 * 2.0**1020)))
    assert natural_variance(np.array([2.0**-1074, 2.0**1000, 0.0])) == 0.0  # powers of two


def test_shape_constants_for_huge_shapes():
    """np.sqrt of a Python int beyond int64 (m·n ≥ 2^63) raised a raw TypeError."""
    assert rho_fro((10**10, 10**10), "linf") == 1e10
    assert smoothness_quadratic((2**62, 2**62)) == (2.0**62, 2.0**31, 2.0**31)
    refused_saying("shape", lambda: rho_fro((2**63, 2), "linf"), allowed="2**62")


def test_uncompressed_bound_where_t_times_K_overflows():
    """Δ = 1e300, t = 1e301, K = 1e8: t·K overflowed, Δ/(tK) became 0 and the bound 5.0 instead
    of 5 + 1e-9; a huge K was an OverflowError, a bound above the floats inf."""
    with mpmath.workdps(50):
        ref = float(mp(1e300) / (mp(1e301) * 10**8) + mp(1e-300) * mp(1e301) / 2)
    assert uncompressed_bound(1e300, 1e301, 10**8, 1e-300) == pytest.approx(ref, rel=1e-15)
    assert ref != 5.0
    refused_saying("K", lambda: uncompressed_bound(1.0, 1.0, 10**400, 1.0))
    refused_saying("t", lambda: uncompressed_bound(1e10, 1e-300, 1, 1.0))
    refused_saying("t", lambda: uncompressed_bound(1.0, 1e300, 1, 1e300))


def test_ef21_constants_at_tiny_alpha():
    """α = 1e-310 with t = 1e-10: c = 2ρL̃√(...)/α overflowed and the bound was inf though
    c·t ≈ 4e300 is a float; ρ = 0 with a subnormal α gave 0·inf = NaN."""
    a = 1e-310
    with mpmath.workdps(50):
        A = mp(a)
        root = mpmath.sqrt(2 * (1 - A) * (1 + 2 / A) / A)
        ref = float(1 / mp(1e-10) + mp(1e-10) * (mpmath.mpf(1) / 2 + 2 * root))
    assert ef21_bound(1.0, 1e-10, 1, 1.0, 1.0, 1.0, a) == pytest.approx(ref, rel=1e-13)
    assert ef21_constant(0.0, 0.0, 0.0, 5e-324) == 0.0
    refused_saying("alpha", lambda: ef21_constant(1.0, 1e300, 1e300, 0.5))
    refused_saying("alpha", lambda: ef21_bound(1.0, 1.0, 1, 1.0, 1.0, 1.0, 1e-310))


def test_optimal_radius_when_the_quotient_leaves_the_floats():
    """√(Δ/(Kc)): Δ/(Kc) = 1e-408 underflowed and the radius was 0.0 (1e-204); 1e600
    overflowed and it was inf (1e300)."""
    with mpmath.workdps(50):
        r1 = float(mpmath.sqrt(mp(1e-300) / (10**8 * mp(1e100))))
        r2 = float(mpmath.sqrt(mp(1e300) / mp(1e-300)))
    assert optimal_radius(1e-300, 10**8, 1e100) == pytest.approx(r1, rel=1e-15)
    assert optimal_radius(1e300, 1, 1e-300) == pytest.approx(r2, rel=1e-15)
    refused_saying("c", lambda: optimal_radius(1.7e308, 1, 5e-324))


def test_muon_floor_and_drift_bound_near_the_limits():
    """r·t/2 with r·t above the floats was inf although r·t/2 = 1.5e308 is not; 2ts/α for
    α = 5e-324 was inf (the subnormal α/2 lost its bits) although 4e303 is a float."""
    assert muon_floor(2, 1.5e308) == 1.5e308
    refused_saying("t", lambda: muon_floor(10, 1e308))
    a = 5e-324
    with mpmath.workdps(50):
        A = mp(a)
        q = mpmath.sqrt(1 - A)  # 1 − q = A/(1 + q): no 324-digit cancellation
        ref = float(q * (1 + q) / A * mp(1e-20))
    assert drift_bound(1e-20, a, 1.0) == pytest.approx(ref, rel=1e-13)
    refused_saying("alpha", lambda: drift_bound(1.0, a, 1.0))
    assert drift_bound(1.0, 1.0, 1.0) == 0.0


def _quad():
    return [lambda X: [X[0] - 1.0]], [np.zeros((2, 2))]


def test_layerwise_arguments_are_refused_by_name():
    """K = -1 was numpy's 'negative dimensions', K = 1.5 a raw TypeError, too few norms an
    IndexError; β = 0, a negative or NaN radius ran silently."""
    grads, X0 = _quad()
    refused_saying("K", lambda: ef21_muon_layerwise(grads, X0, ["fro"], [0.1], -1))
    refused_saying("K", lambda: ef21_muon_layerwise(grads, X0, ["fro"], [0.1], 1.5))
    refused_saying("norms", lambda: ef21_muon_layerwise(grads, X0, [], [0.1], 2))
    refused_saying("beta", lambda: ef21_muon_layerwise(grads, X0, ["fro"], [0.1], 2, beta=0))
    refused_saying("radii", lambda: ef21_muon_layerwise(grads, X0, ["fro"], [-0.1], 2))
    refused_saying("radii", lambda: ef21_muon_layerwise(grads, X0, ["fro"], [np.nan], 2))
    refused_saying("rng", lambda: ef21_muon_layerwise(grads, X0, ["fro"], [0.1], 2, noise=1.0))
    out = ef21_muon_layerwise(grads, X0, ["fro"], [0.1], 3)
    assert np.all(np.isfinite(out["gnorm"]))


G32 = torch.tensor([[3.0, -1.0], [2.0, 1.0]])


@pytest.mark.parametrize("s", [1e20, 1e30, 1e-25, 1e-40])
@pytest.mark.parametrize("norm", ["spectral", "linf", "fro", "colnorm"])
def test_torch_lmo_is_scale_free_in_float32(norm, s):
    """float32 ‖G‖ overflowed from ~1e19 and underflowed below ~1e-19: the Frobenius and
    column LMOs of a gradient ~1e20 were 0, the Frobenius one at 1e-25 was ±inf, the column one
    had columns of norm ~1e13."""
    assert torch.allclose(lmo_torch(G32 * s, norm), lmo_torch(G32, norm), atol=1e-6)


def test_torch_newton_schulz_zero_and_extreme_gradients():
    """The zero matrix was NaN (0/0); a gradient ~1e20 gave 0, one ~1e-40 NaN."""
    assert torch.equal(newton_schulz5_torch(torch.zeros(2, 3)), torch.zeros(2, 3))
    ref = newton_schulz5_torch(G32)
    for s in (1e20, 1e-40):
        assert torch.allclose(newton_schulz5_torch(G32 * s), ref, atol=1e-6)


def test_simulator_arguments_are_refused_by_name():
    """A negative or NaN radius and a bool seed were accepted."""
    refused("radius", EF21MuonSim, lambda: torch.nn.Linear(2, 2), 2, -0.1, 1.0)
    refused("radius", EF21MuonSim, lambda: torch.nn.Linear(2, 2), 2, float("nan"), 1.0)
    refused("seed", RandK, 0.5, seed=True)
    refused("seed", RandK, 0.5, seed=1.5)


def test_numpy_run_refuses_by_name_what_it_used_to_broadcast_or_pass_on():
    """A compressor returning x[:1] was broadcast into the estimator without a word; a NaN or
    overflowing gradient was refused as the 'G' of dual_norm, a parameter the caller never
    passed (before the norm fix: NaN traces)."""
    from theory.ef21_muon import ef21_muon_numpy

    g = [lambda X: X - 1.0]
    refused_saying("worker_comp", lambda: ef21_muon_numpy(g, np.eye(2), 0.1, 3,
                                                          worker_comp=lambda x: x[:1]))
    refused_saying("worker_comp", lambda: ef21_muon_numpy(g, np.eye(2), 0.1, 3, naive=True,
                                                          worker_comp=lambda x: x[:1]))
    refused_saying("server_comp", lambda: ef21_muon_numpy(g, np.eye(2), 0.1, 3,
                                                          server_comp=lambda x: x[0]))
    refused_saying("lmo_fn", lambda: ef21_muon_numpy(g, np.eye(2), 0.1, 3, lmo_fn=lambda x: 1.0))
    refused_saying("grads", lambda: ef21_muon_numpy([lambda X: X * np.nan], np.eye(2), 0.1, 3))
    refused_saying("grads", lambda: ef21_muon_numpy([lambda X: X * 1e308], np.eye(2), 0.1, 3,
                                                    norm="linf"))
    out = ef21_muon_numpy(g, np.eye(2), 0.1, 3, worker_comp=lambda x: x)
    assert np.all(np.isfinite(out["gnorm"]))


def test_digits_shards_seed_is_refused_by_name():
    """random_state=True ran as seed 1."""
    from numerics.ef21_muon.data import digits_shards

    refused_saying("random_state", lambda: digits_shards(random_state=True))
