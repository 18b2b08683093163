"""Hierarchical group DRO at valid extremes (issue 56, item 4): each test's docstring says what
the function returned before. References: mpmath at 50 digits, closed forms, and the
invariances the functions must satisfy (a row added to every class of a softmax head, the
scaling of latents, radii and ridge, the scaling of losses and of the W∞/W1 geometry)."""

from __future__ import annotations

import mpmath
import numpy as np
import pytest
import torch

import theory.hgdro as H
from numerics.hgdro.data import colored_digits, latent_groups
from numerics.hgdro.training import (
    FeatureHeadModel,
    GroupWeights,
    HierarchicalDROTrainer,
    fit_linear_head_game,
    latent_perturb,
)
from tests.refusals import refused, refused_saying
from theory.hgdro._instances import gaussian_groups

Z, Y, G = gaussian_groups(0, sizes=(12, 5, 4, 9), d=3)
E = 0.3 * H.group_radii(np.bincount(G), 1.0)
THETA = np.array([1.0, -0.5, 0.2])


def _mp_softplus(x):
    with mpmath.workdps(50):
        return float(mpmath.log1p(mpmath.exp(mpmath.mpf(x))))


# --- the inner problem ----------------------------------------------------------------------

def test_softmax_ce_keeps_a_row_common_to_every_class():
    """Was 0.0 (the logits 1e16 and 1e16 + 0.001 rounded together); the loss depends only on
    the rows' differences: log(1 + e^0.001)."""
    W = np.array([[1e16, 0.0], [1e16, 1.0]])
    got = H.softmax_ce(W, np.array([1.0, 1e-3]), 0)
    assert got == pytest.approx(_mp_softplus(1e-3), rel=1e-13)


def test_softmax_ce_overflowing_logits():
    """Was NaN (W·z = inf for both classes, inf − inf): equal logits give log 2. A loss above
    the float maximum (was inf) is refused naming W."""
    W = np.full((2, 2), 1e308)
    assert H.softmax_ce(W, np.ones(2), 0) == pytest.approx(np.log(2), rel=1e-15)
    refused_saying("W", lambda: H.softmax_ce(np.array([[1e308], [-1e308]]), np.ones(1), 1))


def test_fgsm_vs_vertex_invariant_to_a_common_row():
    """Was (0.958, 1.0) against (0.698, 0.698) unshifted: with W + 2^30 the gradient
    W^T(softmax − e_y) cancelled to rounding and picked a wrong sign vertex."""
    rng = np.random.default_rng(1)
    W = np.round(rng.standard_normal((3, 2)) * 2**20) / 2**20
    z = np.array([0.2, -0.4])
    base = H.fgsm_vs_vertex(W, z, 1, 0.1)
    shifted = H.fgsm_vs_vertex(W + 2.0**30, z, 1, 0.1)
    assert shifted[0] == pytest.approx(base[0], rel=1e-12)
    assert shifted[1] == pytest.approx(base[1], rel=1e-12)
    assert np.array_equal(shifted[2], base[2])


def test_robust_logistic_near_the_float_maximum():
    """eps = 0 with ‖w‖₁ overflowing was refused naming softplus's 'x' (0·inf = NaN); a robust
    margin above the float maximum was inf, now refused naming eps."""
    got = H.robust_logistic([1.0], [1e308, 1e308], 0.0, p=np.inf)
    assert got[0] == pytest.approx(_mp_softplus(-1.0), rel=1e-15)
    refused_saying("eps", lambda: H.robust_logistic([-1e308], [1e308], 1.0))


def test_relu_surrogate_witness_extremes():
    """w = 1e300, x0 = eps = 1e10 was refused naming softplus's 'x' (−inf + inf): both values are
    log 2. w = −1e-300, x0 = eps = 1e308 gave V = inf (z0 + eps overflowed): V = S = 2e8. Losses
    above the float maximum (S = inf before) are refused naming w."""
    assert H.relu_surrogate_witness(1e300, 1e10, 1e10) == pytest.approx((np.log(2),) * 2)
    v, s = H.relu_surrogate_witness(-1e-300, 1e308, 1e308)
    assert v == pytest.approx(2e8, rel=1e-15) and s == pytest.approx(2e8, rel=1e-15)
    refused_saying("w", lambda: H.relu_surrogate_witness(1e200, 1e200, -1.0))
    assert H.relu_surrogate_witness() == pytest.approx((np.log(2), _mp_softplus(1.0)))


def test_group_radii_counts_beyond_int64():
    """Counts of 10**20 (an object array in numpy) were refused as 'not integers'."""
    got = H.group_radii([10**20, 10**19], 1.0)
    np.testing.assert_allclose(got, [np.sqrt(0.1), 1.0], rtol=1e-15)
    refused("n_g", H.group_radii, [True, True], 1.0)


# --- the group game -------------------------------------------------------------------------

@pytest.mark.parametrize("args", [(1.0, 1.0, 1.0, 4, 10**400), (1.0, 1.0, 1.0, 10**400, 10),
                                  (1e200, 1.0, 1.0, 4, 10**400), (1e-160, 1e-161, 3e-160, 1, 7),
                                  (0.0, 0.0, 0.0, 3, 10**500), (2.0, 3.0, 1.5, 4, 100)])
def test_omd_gap_bound_against_mpmath(args):
    """T = 10**400 or m = 10**400 raised numpy's TypeError (no sqrt/log for big ints), ‖θ‖ = 1e200
    an OverflowError; subnormal squares (‖θ‖ = 1e-160) and ordinary inputs stay right."""
    with mpmath.workdps(50):
        tn, g, b, m, t = (mpmath.mpf(a) for a in args)
        ref = float((tn**2 + g**2 + 2 * mpmath.log(m) + b**2 / 4) / (2 * mpmath.sqrt(t)))
    assert H.omd_gap_bound(*args) == pytest.approx(ref, rel=1e-12, abs=0)


def test_omd_gap_bound_above_the_float_maximum_refused():
    """Was an OverflowError from the square (1e300² = inf)."""
    refused_saying("theta_norm", lambda: H.omd_gap_bound(1e300, 1e300, 0.0, 4, 1))


def test_group_robust_losses_refusals():
    """b = NaN gave NaN losses, b = True was used as 1; G = [0, 10**12] asked numpy for 7 TiB
    (MemoryError); margins above the float maximum gave inf losses."""
    refused_saying("b", lambda: H.group_robust_losses(THETA, Z, Y, G, E, b=np.nan))
    refused_saying("b", lambda: H.group_robust_losses(THETA, Z, Y, G, E, b=True))
    refused_saying("G", lambda: H.group_robust_losses(THETA, Z[:2], Y[:2], np.array([0, 10**12]),
                                                      0.1))
    refused_saying("theta", lambda: H.group_robust_losses(THETA * 1e200, Z * 1e200, Y, G, E))


def test_group_robust_losses_mean_near_the_float_maximum():
    """Was inf (the group's sum of losses of 1e308 overflowed); the mean of equal losses is
    that loss."""
    Zb = np.zeros_like(Z)
    Zb[:, 0] = 1e308
    R = H.group_robust_losses(np.array([1.0, 0.0, 0.0]), Zb, -np.ones_like(Y), G, 0.0)
    np.testing.assert_allclose(R, 1e308, rtol=1e-15)


def test_eg_update_saturated_gains():
    """Each was NaN (inf − inf in the log-domain normaliser): q = (1, 0) stays (1, 0); η = 1e308
    puts all weight on the larger loss; losses + adjustment past the float maximum likewise."""
    np.testing.assert_array_equal(H.eg_update([1.0, 0.0], [0.0, 1e300], 1e10), [1.0, 0.0])
    np.testing.assert_array_equal(H.eg_update([0.5, 0.5], [1.0, 2.0], 1e308), [0.0, 1.0])
    np.testing.assert_array_equal(H.eg_update([0.5, 0.5], [1e308, 1e308], 1.0, adj=[1e308, 0.0]),
                                  [1.0, 0.0])


def test_eg_update_tiny_step_on_huge_losses_against_mpmath():
    """η = 1e-308 on losses ∓1e308: the gains are ∓1, an ordinary softmax."""
    got = H.eg_update([0.3, 0.7], [-1e308, 1e308], 1e-308)
    with mpmath.workdps(50):
        w = [mpmath.mpf(0.3) * mpmath.e**-1, mpmath.mpf(0.7) * mpmath.e]
        ref = [float(x / sum(w)) for x in w]
    np.testing.assert_allclose(got, ref, rtol=1e-14)


def test_eg_gd_game_divergent_step_refused():
    """Was GameRun(theta_bar=[nan...], beta_bar=[nan...], grad_max=inf) at η = 1e300."""
    refused_saying("eta", lambda: H.eg_gd_game(Z, Y, G, E, ridge=1e-3, T=5, eta=1e300))


@pytest.mark.parametrize("k", [-300, -40, 40, 300])
def test_hierarchical_optimum_is_scale_covariant(k):
    """F*(2^k Z, 2^k ε, 4^k λ) = F*(Z, ε, λ), θ* scaled by 2^-k. Clarabel gave log 2 (the zero
    predictor) at k = -300, -40 and 300 and 0.6513 at k = 40 instead of 0.6239; SLSQP gave inf
    or log 2 at Z·1e±100."""
    s = 2.0**k
    v0, th0 = H.hierarchical_optimum(Z, Y, G, E, ridge=1e-2)
    v, th = H.hierarchical_optimum(Z * s, Y, G, E * s, ridge=1e-2 * s * s)
    assert v == pytest.approx(v0, rel=1e-6)
    np.testing.assert_allclose(th * s, th0, rtol=1e-3, atol=1e-4)
    w0, _ = H.hierarchical_optimum(Z, Y, G, E, ridge=1e-2, solver="slsqp")
    w, _ = H.hierarchical_optimum(Z * s, Y, G, E * s, ridge=1e-2 * s * s, solver="slsqp")
    assert w == pytest.approx(w0, rel=1e-6)


def test_game_solvers_scale_covariant():
    """best_response, hierarchical_saddle and groupdro_optimum at Z·2^±200: were log 2 (the
    zero predictor), and the saddle's group weights far off (Z·1e-8 on a larger instance:
    (0.40, 0.17, 0.15, 0.29) instead of (0.75, 0.25, 0, 0)). Duals to Clarabel's accuracy."""
    s = 2.0**200
    beta = np.full(4, 0.25)
    assert H.best_response_value(Z * s, Y, G, E * s, beta, ridge=1e-2 * s * s) == pytest.approx(
        H.best_response_value(Z, Y, G, E, beta, ridge=1e-2), rel=1e-6)
    v0, _, b0 = H.hierarchical_saddle(Z, Y, G, E, ridge=1e-2)
    v, _, b = H.hierarchical_saddle(Z / s, Y, G, E / s, ridge=1e-2 / s / s)
    assert v == pytest.approx(v0, rel=1e-6)
    np.testing.assert_allclose(b, b0, atol=1e-4)
    assert H.groupdro_optimum(Z / s, Y, G, ridge=1e-2 / s / s)[0] == pytest.approx(
        H.groupdro_optimum(Z, Y, G, ridge=1e-2)[0], rel=1e-6)


@pytest.mark.parametrize("s", [1e-300, 1e-100, 1e-6, 1e100, 1e300])
def test_collapse_threshold_is_scale_covariant(s):
    """ε_c(sZ, c) = s·ε_c(Z, c) and ε_c(Z, s·c) = ε_c(Z, c)/s. Was 0.0 at Z·1e-100 and a raw
    SolverError at Z·1e100 or scale·1e-100 (Clarabel's absolute tolerances); 0.70280 instead of
    0.70348 at 1e-6."""
    sc = H.group_radii(np.bincount(G), 1.0)
    ref = H.collapse_threshold(Z, Y, G, sc)
    assert ref > 0
    assert H.collapse_threshold(Z * s, Y, G, sc) / s == pytest.approx(ref, rel=1e-6)
    assert H.collapse_threshold(Z, Y, G, sc * s) * s == pytest.approx(ref, rel=1e-6)


# --- W∞ / W1 values on a grid ---------------------------------------------------------------

X1, GRID = np.array([-0.5, 0.2, 1.0]), np.linspace(-2, 2, 401)
ELL = np.log1p(np.exp(-2 * GRID))
WINF = (H.winf_local_sup, H.winf_dro_value_lp)


@pytest.mark.parametrize("f", [*WINF, H.w1_dro_value_lp])
@pytest.mark.parametrize("s", [1e-300, 1e-20, 1e20, 1e300])
def test_dro_values_invariant_to_the_scale_of_the_geometry(f, s):
    """Points, grid and ε scaled together leave the value unchanged. Was 4.018 (every grid point
    reachable: an absolute slack of 1e-15) instead of 0.934 at 1e-20 and 1e-300 for W∞; W1 gave
    4.018, the value of an unlimited budget, instead of 1.192 there (HiGHS dropped the costs) and
    an AssertionError ('Model error') at 1e20 and 1e300."""
    assert f(X1 * s, GRID * s, ELL, 0.3 * s) == pytest.approx(f(X1, GRID, ELL, 0.3), rel=1e-9)


@pytest.mark.parametrize("f", [*WINF, H.w1_dro_value_lp])
@pytest.mark.parametrize("s", [1e-300, 1e-12, 1e12, 1e300])
def test_dro_values_scale_with_the_loss(f, s):
    """V(s·ℓ) = s·V(ℓ). W1 gave 0.651 instead of 1.192 for losses·1e-12 and ·1e-300 (HiGHS's
    absolute tolerances picked a wrong vertex) and an AssertionError (HiGHS status 'not set' or
    'unknown') for ·1e12 and ·1e300; the W∞ LP an AssertionError for ·1e300."""
    assert f(X1, GRID, ELL * s, 0.3) / s == pytest.approx(f(X1, GRID, ELL, 0.3), rel=1e-9)


@pytest.mark.parametrize("f", WINF)
def test_winf_value_of_losses_near_the_float_maximum(f):
    """Was inf (the sum of three local suprema of 1.5e308 overflowed in the mean)."""
    assert f(X1, GRID, np.full(GRID.shape, 1.5e308), 0.3) == pytest.approx(1.5e308, rel=1e-15)


# --- numerics helpers -----------------------------------------------------------------------

@pytest.mark.parametrize("sizes", [(True,) * 4, (2.5, 3, 3, 3), (10**9, 1, 1, 1)])
def test_latent_groups_sizes_refused(sizes):
    """(True,)*4 and 2.5 raised numpy's raw TypeError; 10**9 allocated without a cap (MAX_ITER)
    until the process was killed."""
    refused_saying("sizes", lambda: latent_groups(sizes))


def test_data_parameters_refused():
    """mu_core = NaN drew NaN latents; random_state = True seeded with 1; colour_flip with True
    was taken as probability 1, and a number raised a raw TypeError from len()."""
    refused_saying("mu_core", lambda: latent_groups(mu_core=np.nan))
    refused_saying("random_state", lambda: latent_groups(random_state=True))
    refused_saying("colour_flip", lambda: colored_digits(colour_flip=(True, 0.5, 0.9)))
    refused_saying("colour_flip", lambda: colored_digits(colour_flip=0.5))


def test_group_weights_saturated_update():
    """Was NaN weights (η·ℓ = inf in float32, inf − inf); ordinary updates unchanged."""
    w = GroupWeights(2, eta=1e30)
    q = w.update(torch.tensor([1e10, 2e10]))
    assert torch.equal(q, torch.tensor([0.0, 1.0]))
    v = GroupWeights(2, eta=0.5, dtype=torch.float64)
    ref = np.exp([0.5, 1.0]) / np.exp([0.5, 1.0]).sum()
    np.testing.assert_allclose(v.update(torch.tensor([1.0, 2.0], dtype=torch.float64)), ref,
                               rtol=1e-15)
    refused_saying("adj", lambda: GroupWeights(2, adj=[np.nan, 0.0]))
    refused_saying("adj", lambda: GroupWeights(2, adj=[0.0, 0.0, 0.0]))


def test_trainer_and_game_parameters_refused():
    """NaN weight decay, momentum 1.5 and relative=1 were accepted; batch_size=0 raised range()'s
    ValueError and -1 trained nothing (FitResult with WGA 0); steps=-1 returned θ = 0; d_in=0
    raised torch's RuntimeError, widths with True a TypeError; a grad of shape (3,) broadcast
    and eps = -0.1 stepped against the gradient, both accepted."""
    m = FeatureHeadModel(d_in=4, widths=(3,))
    refused_saying("wd", lambda: HierarchicalDROTrainer(m, wd=np.nan))
    refused_saying("momentum", lambda: HierarchicalDROTrainer(m, momentum=1.5))
    refused_saying("relative", lambda: HierarchicalDROTrainer(m, relative=1))
    tr = HierarchicalDROTrainer(m)
    refused_saying("batch_size", lambda: tr.fit(None, None, batch_size=0))
    refused_saying("batch_size", lambda: tr.fit(None, None, batch_size=-1))
    refused_saying("epochs", lambda: tr.fit(None, None, epochs=10**9))
    refused_saying("steps", lambda: fit_linear_head_game(Z, Y, G, E[G], ridge=0.1, steps=-1))
    refused_saying("d_in", lambda: FeatureHeadModel(d_in=0))
    refused_saying("widths", lambda: FeatureHeadModel(widths=(3, True)))
    refused_saying("grad", lambda: latent_perturb(torch.zeros(2, 3), torch.zeros(3), 0.1))
    refused_saying("eps", lambda: latent_perturb(torch.zeros(2, 3), torch.zeros(2, 3), -0.1))


def test_hierarchical_optimum_radius_far_beyond_the_latents():
    """ε = 1e300: cvxpy returned 5.2e198 (a raw SolverError on another instance) and SLSQP 1e299
    instead of the collapsed optimum θ = 0, value log 2 (a group with ε_g ≥ max‖z_i‖ forces it)."""
    for solver in ("cvxpy", "slsqp"):
        v, th = H.hierarchical_optimum(Z, Y, G, 1e300, ridge=0.1, solver=solver)
        assert v == pytest.approx(np.log(2), rel=1e-8)
        assert np.max(np.abs(th)) < 1e-6


def test_w1_moves_beyond_the_budget_left_out():
    """A grid point 1e300 away costs more than the budget can pay: it may carry at most
    ε/1e300 of the mass. Budget 1: the value is 1.7 (0.2 of the mass moved from 0 to 5); budget
    1e295: 2 + 5e-5 (1e-5 of the mass to the far point). Was an AssertionError ('Model
    error')."""
    x, grid, ell = [0.0, 5.0], [0.0, 5.0, 1e300], np.array([1.0, 2.0, 7.0])
    assert H.w1_dro_value_lp(x, grid, ell, 1.0) == pytest.approx(1.7, rel=1e-12)
    assert H.w1_dro_value_lp(x, grid, ell, 1e295) == pytest.approx(2.00005, rel=1e-9)


def test_collapse_threshold_unsolvable_spread_refused():
    """Scales 1 and 1e-300 side by side raised Clarabel's raw SolverError; now refused naming
    scale (the threshold exists, but the SOCP rows differ by 300 orders of magnitude)."""
    sc = H.group_radii(np.bincount(G), 1.0) * np.array([1, 1, 1, 1e-300])
    refused_saying("scale", lambda: H.collapse_threshold(Z, Y, G, sc))
