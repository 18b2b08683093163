"""Unit tests of the hierarchical group DRO theory: closed forms against independent solves,
validation messages, and the game's building blocks."""

import numpy as np
import pytest

from theory.hgdro import (
    best_response,
    collapse_threshold,
    eg_gd_game,
    eg_update,
    erm_optimum,
    fgsm_vs_vertex,
    group_radii,
    group_robust_losses,
    groupdro_optimum,
    hierarchical_optimum,
    hierarchical_saddle,
    hierarchical_value,
    omd_gap_bound,
    relu_surrogate_witness,
    robust_logistic,
    softplus,
    w1_dro_value_lp,
    winf_dro_value_lp,
    winf_local_sup,
)
from theory.hgdro._instances import gaussian_groups
from theory.tolerances import assert_close
from theory.validation import InvalidParameterError


@pytest.fixture(scope="module")
def inst():
    Z, Y, G = gaussian_groups(1, sizes=(60, 12, 8, 50))
    return Z, Y, G, group_radii(np.bincount(G), 0.3)


def test_robust_logistic_matches_bruteforce_l2():
    rng = np.random.default_rng(0)
    w, z = rng.standard_normal(2), rng.standard_normal(2)
    ang = np.linspace(0, 2 * np.pi, 200001)
    eps = 0.7
    brute = np.max(softplus(-(z[None] + eps * np.c_[np.cos(ang), np.sin(ang)]) @ w))
    assert_close(robust_logistic([w @ z], w, eps)[0], brute, rtol=1e-9)


def test_robust_logistic_p_inf_is_sign_step():
    w, z = np.array([1.0, -2.0, 0.5]), np.array([0.3, 0.1, -0.2])
    val = robust_logistic([-(w @ z)], w, 0.2, p=np.inf)[0]  # y = −1
    assert_close(val, softplus(w @ (z + 0.2 * np.sign(w))), rtol=1e-12)


def test_robust_logistic_eps_zero_is_logistic():
    m = np.array([-1.0, 0.0, 2.0])
    assert_close(robust_logistic(m, [1.0, 1.0], 0.0), softplus(-m), rtol=1e-14)


@pytest.mark.parametrize("kw, match", [
    ({"margin": [0.0], "w": [1.0], "eps": -1.0}, "'eps' parameter of robust_logistic"),
    ({"margin": [0.0], "w": [1.0], "eps": 0.1, "p": 3}, "'p' parameter of robust_logistic"),
    ({"margin": [[0.0]], "w": [1.0], "eps": 0.1}, "'margin' parameter"),
    ({"margin": [np.nan], "w": [1.0], "eps": 0.1}, "finite"),
])
def test_robust_logistic_rejects_bad_input(kw, match):
    with pytest.raises(InvalidParameterError, match=match):
        robust_logistic(**kw)


def test_group_radii_rules_and_validation():
    r = group_radii([100, 25], 1.0)
    assert_close(r, [0.5, 1.0], rtol=1e-14)
    assert_close(group_radii([100, 25], 1.0, "paper"), [0.1, 0.2], rtol=1e-14)
    with pytest.raises(InvalidParameterError, match="'n_g' parameter of group_radii"):
        group_radii([0, 3], 1.0)
    with pytest.raises(InvalidParameterError, match="'rule' parameter"):
        group_radii([3], 1.0, rule="other")


def test_winf_local_sup_matches_lp():
    grid = np.linspace(-2, 2, 201)
    x = np.array([-0.5, 0.2, 1.1])
    ell = np.cos(3 * grid)
    assert_close(winf_local_sup(x, grid, ell, 0.3), winf_dro_value_lp(x, grid, ell, 0.3),
                 rtol=1e-7)
    assert w1_dro_value_lp(x, grid, ell, 0.3) >= winf_local_sup(x, grid, ell, 0.3) - 1e-9


def test_winf_rejects_grid_out_of_reach():
    with pytest.raises(InvalidParameterError, match="'grid' parameter of winf_local_sup"):
        winf_local_sup([5.0], [0.0, 1.0], [0.0, 0.0], 0.1)


def test_fgsm_vs_vertex_spec_counterexample():
    f, b, v = fgsm_vs_vertex([[0.22, 1.95], [-2.53, 2.7], [4.8, -3.11]], [-0.5, -0.46], 0, 0.3)
    assert_close([f, b], [1.988286, 3.030150], atol=1e-6)
    assert v.tolist() == [1.0, -1.0]


def test_relu_witness_values():
    assert_close(relu_surrogate_witness(), [np.log(2), np.log1p(np.e)], rtol=1e-14)


def test_hierarchical_value_is_max():
    assert hierarchical_value([0.1, 0.7, 0.3]) == 0.7


def test_hierarchical_optimum_matches_saddle_and_groupdro(inst):
    Z, Y, G, e = inst
    v, _th = hierarchical_optimum(Z, Y, G, e, ridge=0.01)
    v2, _th2, beta = hierarchical_saddle(Z, Y, G, e, ridge=0.01)
    assert_close(v, v2, rtol=1e-7)
    assert_close(best_response(Z, Y, G, e, beta / beta.sum(), ridge=0.01)[0], v, rtol=1e-6)
    vg, _ = groupdro_optimum(Z, Y, G, ridge=0.01)
    assert vg <= v + 1e-9  # radius only raises the robust risks
    ve, _ = erm_optimum(Z, Y, ridge=0.01)
    assert ve <= vg + 1e-9


def test_hierarchical_optimum_with_bias_returns_d_plus_1(inst):
    Z, Y, G, e = inst
    v, th = hierarchical_optimum(Z, Y, G, e, ridge=0.01, bias=True)
    assert th.shape == (Z.shape[1] + 1,)
    R = group_robust_losses(th[:-1], Z, Y, G, e, b=th[-1])
    assert_close(R.max() + 0.01 * th[:-1] @ th[:-1], v, rtol=1e-12)


def test_group_game_validation(inst):
    Z, Y, G, e = inst
    with pytest.raises(InvalidParameterError, match="'Y' parameter"):
        hierarchical_optimum(Z, np.zeros_like(Y), G, e, ridge=0.1)
    with pytest.raises(InvalidParameterError, match="'eps_g' parameter"):
        hierarchical_optimum(Z, Y, G, e[:2], ridge=0.1)
    with pytest.raises(InvalidParameterError, match="'G' parameter"):
        hierarchical_optimum(Z, Y, G + 1, np.ones(5), ridge=0.1)
    with pytest.raises(InvalidParameterError, match="'ridge' parameter"):
        hierarchical_optimum(Z, Y, G, e, ridge=-1.0)


def test_eg_update_closed_form_after_t_steps():
    q = np.full(3, 1 / 3)
    ell, adj, eta = np.array([0.2, 0.5, 0.4]), np.array([0.0, 0.0, 0.2]), 0.1
    for _ in range(7):
        q = eg_update(q, ell, eta, adj)
    ref = np.exp(7 * eta * (ell + adj))
    assert_close(q, ref / ref.sum(), rtol=1e-12)
    with pytest.raises(InvalidParameterError, match="'eta' parameter of eg_update"):
        eg_update(q, ell, 0.0)


def test_eg_gd_game_gap_shrinks(inst):
    Z, Y, G, e = inst
    v, _ = hierarchical_optimum(Z, Y, G, e, ridge=0.01)
    gaps = []
    for T in (50, 800):
        run = eg_gd_game(Z, Y, G, e, ridge=0.01, T=T)
        up = group_robust_losses(run.theta_bar, Z, Y, G, e).max() + 0.01 * run.theta_bar @ \
            run.theta_bar
        lo, thb = best_response(Z, Y, G, e, run.beta_bar, ridge=0.01)
        assert lo <= v + 1e-7 <= up + 2e-7
        assert up - lo <= omd_gap_bound(np.linalg.norm(thb), run.grad_max, run.loss_max, 4, T)
        gaps.append(up - lo)
    assert gaps[1] < gaps[0]


def test_omd_gap_bound_value_and_validation():
    assert omd_gap_bound(1.0, 1.0, 2.0, 1, 4) == pytest.approx((1 + 1 + 0 + 1) / 4)
    with pytest.raises(InvalidParameterError, match="'T' parameter of omd_gap_bound"):
        omd_gap_bound(1.0, 1.0, 5.0, 2, 0)


def test_collapse_threshold_matches_solver(inst):
    Z, Y, G, _ = inst
    s = group_radii(np.bincount(G), 1.0)
    ec = collapse_threshold(Z, Y, G, s)
    v_hi, th_hi = hierarchical_optimum(Z, Y, G, 1.05 * ec * s, ridge=0.01)
    v_lo, th_lo = hierarchical_optimum(Z, Y, G, 0.9 * ec * s, ridge=0.01)
    assert np.linalg.norm(th_hi) < 1e-6 and abs(v_hi - np.log(2)) < 1e-7
    assert np.linalg.norm(th_lo) > 1e-3 and v_lo < np.log(2)
