"""Symbolic identities of the compression closed forms, asserted exactly with sympy."""

import sympy as sp

qx, q1 = sp.symbols("q_x q_s1", positive=True)
R, D, sx, sy, ss, th = sp.symbols("R D sigma_x sigma_y sigma_s theta_1", positive=True)
hs, C, dmu = sp.symbols("h_S C Delta_mu", real=True)


def _hb(p):
    return -(p * sp.log(p, 2) + (1 - p) * sp.log(1 - p, 2))


def test_hb_m_equals_hb_qs():
    m = (1 - qx) * (1 - q1) + qx * q1
    qs = qx + q1 - 2 * qx * q1
    assert sp.simplify(m - (1 - qs)) == 0
    assert sp.simplify(_hb(m) - _hb(qs)) == 0


def test_bernoulli_rdc_inverts_the_linear_drc():
    hx = sp.Symbol("H_x", positive=True)
    d_ind = sp.Symbol("D_ind", positive=True)
    drc = d_ind - 2 * qx * (1 - qx) * R / hx
    rdc = hx * (d_ind - D) / (2 * qx * (1 - qx))
    assert sp.simplify(drc.subs(R, rdc) - D) == 0


def test_gaussian_rdc_inverts_the_drc():
    rho_r = sp.sqrt(1 - 2 ** (-2 * R))
    drc = dmu**2 + sx**2 + sy**2 - 2 * sx * sy * rho_r
    rho_d = (dmu**2 + sx**2 + sy**2 - D) / (2 * sx * sy)
    rdc = -sp.log(1 - rho_d**2, 2) / 2
    assert sp.simplify(sp.expand_log(rdc.subs(D, drc), force=True) - R) == 0


def test_cb_is_h_s_given_y_at_rho_r_and_rho_c_meets_rho_r():
    cb = sp.log(1 - th**2 * (1 - 2 ** (-2 * R)) / (ss**2 * sx**2), 2) / 2 + hs
    rho_c2 = (ss * sx / th) ** 2 * (1 - 2 ** (-2 * hs + 2 * cb))
    assert sp.simplify(sp.expand_log(rho_c2 - (1 - 2 ** (-2 * R)), force=True)) == 0


def test_kl_drpc_cases_meet_continuously():
    rho, s = sp.symbols("rho s", positive=True)
    case1 = sx**2 * (1 - rho**2)
    case2 = sx**2 + s**2 - 2 * sx * s * rho
    assert sp.simplify(case2.subs(s, sx * rho) - case1) == 0
    # cases (3)-(4) are (1)-(2) with rho_C: the same identity with rho -> rho_C
    rho_c = ss * sx / th * sp.sqrt(1 - 2 ** (-2 * hs + 2 * C))
    case3 = sx**2 - (ss**2 * sx**4 / th**2) * (1 - 2 ** (-2 * hs + 2 * C))
    assert sp.simplify(case1.subs(rho, rho_c) - case3) == 0


def test_sigma_kl_lambert_w_solves_psi():
    P = sp.Symbol("P", positive=True)
    t = -sp.LambertW(-sp.exp(-1 - 2 * P))
    psi = sp.log(1 / sp.sqrt(t)) + (t - 1) / 2  # sigma_x = 1, sigma = sqrt(t)
    # psi(sigma(P)) = P exactly: W(z) e^{W(z)} = z turns log t into -1 - 2P + t
    for p in ("1/100", "3/10", "2"):
        assert abs(psi.subs(P, sp.Rational(p)).evalf(40) - sp.Rational(p)) < sp.Float("1e-35")


def test_gaussian_classical_dr_is_min_over_sigma_y():
    rho_r = sp.sqrt(1 - 2 ** (-2 * R))
    drc = sx**2 + sy**2 - 2 * sx * sy * rho_r
    s_star = sp.solve(sp.diff(drc, sy), sy)[0]
    assert sp.simplify(s_star - sx * rho_r) == 0
    assert sp.simplify(drc.subs(sy, s_star) - sx**2 * 2 ** (-2 * R)) == 0
