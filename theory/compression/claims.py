"""Registered claims of the compression paper: Bernoulli sources (Thm 1-3), one-shot and
asymptotic. Gaussian claims (Thm 4-7) are in ``claims_gaussian.py``.

Independent computations: scipy HiGHS LPs over the four deterministic maps (and cvxpy for the
same LPs), the exact-H(S|Y) scan of the LP-reachable couplings, cvxpy ``rel_entr`` convex solves
and POT Sinkhorn for the asymptotic curve.
"""

from __future__ import annotations

import math

import numpy as np

from theory.claims import Evidence, claim
from theory.compression._bernoulli import (
    bernoulli_asymptotic_dr,
    bernoulli_cb,
    bernoulli_classical_dr,
    bernoulli_cond_entropy,
    bernoulli_drc,
    bernoulli_rate_only_oneshot,
    bernoulli_rdc,
    binary_entropy,
    label_entropy,
)
from theory.tolerances import EXACT, LP

INF = math.inf
H02 = float(binary_entropy(0.2))


def _same(a: float, b: float, tol: float) -> bool:
    """Equal within ``tol``, or both infinite (both problems infeasible)."""
    if math.isinf(a) or math.isinf(b):
        return math.isinf(a) and math.isinf(b)
    return abs(a - b) <= tol


def _lp(R, C, qx, qy, qs1, cl="linear", solver="highs"):
    from theory.compression._reference_lp import bernoulli_oneshot_lp

    return bernoulli_oneshot_lp(R, C, qx, qy, qs1, classification=cl, solver=solver)


@claim("compression.thm2.rate_only_matches_lp", where="Thm 1 / Thm 2(ii), corrected floor",
       statement="The one-shot Bernoulli rate-only DRC equals max(D_ind − 2q_X(1−q_X)R/H_b(q_X), "
       "|q_X − q_Y|), the value of the LP over deterministic maps selected by common randomness.",
       expected="corrected")
def _rate_only_matches_lp():
    qs = np.round(np.arange(0.05, 0.501, 0.05), 2)
    grid = np.array(np.meshgrid(qs, qs, np.linspace(0, 1, 21), indexing="ij")).reshape(3, -1).T
    # a fixed permutation keeps the check within the time budget; the benchmark runs all 2,100
    sample = grid[np.random.default_rng(2026).permutation(len(grid))[:500]]
    worst, n = 0.0, 0
    for qx, qy, R in sample:
        worst = max(worst, abs(bernoulli_rate_only_oneshot(R, qx, qy) - _lp(R, INF, qx, qy, 0.0)))
        n += 1
    spots = {"(.3,.3,R=.2)": bernoulli_rate_only_oneshot(0.2, 0.3, 0.3),
             "(.3,.3,R=.5)": bernoulli_rate_only_oneshot(0.5, 0.3, 0.3)}
    ref = {"(.3,.3,R=.2)": 0.32468527, "(.3,.3,R=.5)": 0.18171319}
    ok = worst <= LP and all(abs(spots[k] - ref[k]) <= 1e-8 for k in ref)
    return Evidence(ok, {"max |closed − LP|": worst, "grid points": n, **spots},
                    {"max |closed − LP|": f"<= {LP}", **ref}, LP,
                    "A1: 500 of the 2,100 points q_X, q_Y in {.05,…,.5}, R in linspace(0,1,21) "
                    "bits (fixed permutation); HiGHS LP over the 4 maps. Knee for (.2,.4): R* = .75·H_b(.2) = 0.541446.")


@claim("compression.thm2.regime_ii_below_ot_floor", where="Thm 2(ii)",
       statement="For C > C_b(R) the one-shot Bernoulli DRC is D_ind − 2q_X(1−q_X)R/H_b(q_X).",
       expected="refuted", corrected_by="compression.thm2.rate_only_matches_lp")
def _regime_ii_below_floor():
    R, qx, qy, qs1, C = 0.9 * H02, 0.2, 0.4, 0.1, 1.0
    stated = bernoulli_drc(R, C, qx, qy, qs1, as_stated=True)
    lp = _lp(R, C, qx, qy, qs1)
    return Evidence(_same(stated, lp, LP),
                    {"Thm 2(ii) as stated": stated, "R (bits)": R},
                    {"LP optimum": lp, "OT minimum |q_X−q_Y|": abs(qx - qy)}, LP,
                    "Counterexample q_X=.2, q_Y=.4, q_S1=.1, R=.9·H_b(.2), C=1 (> H(S), loose): "
                    "(ii) gives 0.152, below the OT minimum 0.2 that no coupling can beat; the "
                    "LP gives 0.2. (ii) is exact only up to the knee R* = H_b(q_X)·a_max.")


@claim("compression.thm2.regime_ii_matches_lp_below_knee", where="Thm 2(ii)",
       statement="For C ≥ C_b(R) and R ≤ R* (the knee) Thm 2(ii) equals the one-shot LP with the "
       "paper's (linear) classification model.", expected="verified")
def _regime_ii_below_knee(seed: int = 0):
    rng = np.random.default_rng(seed)
    worst, n = 0.0, 0
    while n < 60:
        qx, qy, qs1 = rng.uniform(0.02, 0.5, 3)
        k = (1 - qy) / (1 - qx) if qy >= qx else qy / qx
        R = rng.uniform(0, k * float(binary_entropy(qx)))
        cb = bernoulli_cb(R, qx, qs1)
        C = rng.uniform(cb, label_entropy(qx, qs1) + 0.1)
        worst = max(worst, abs(bernoulli_drc(R, C, qx, qy, qs1, as_stated=True)
                               - _lp(R, C, qx, qy, qs1)))
        n += 1
    return Evidence(worst <= LP, {"max |Thm 2(ii) − LP|": worst, "points": n}, 0.0, LP,
                    "A2: random (q_X, q_Y, q_S1) in [.02,.5], R ≤ R*, C in [C_b(R), H(S)+.1].")


@claim("compression.thm2.regime_i_infeasible", where="Thm 2(i)",
       statement="For H_b(q_S1) ≤ C ≤ C_b(R) the one-shot DRC is D_ind − 2q_X(1−q_X)"
       "(H(S)−C)/(H(S)−H_b(q_S1)).", expected="refuted",
       corrected_by=("compression.thm2.corrected_drc_matches_lp",
                     "compression.thm2.regime_i_is_rate_only_at_rc"))
def _regime_i_infeasible():
    qx = qy = 0.3
    qs1, R = 0.1, 0.2
    C = 0.5 * (float(binary_entropy(qs1)) + bernoulli_cb(R, qx, qs1))
    stated = bernoulli_drc(R, C, qx, qy, qs1, as_stated=True)
    loose = bernoulli_drc(R, 5.0, qx, qy, qs1, as_stated=True)
    lin, ex = _lp(R, C, qx, qy, qs1), _lp(R, C, qx, qy, qs1, "exact")
    return Evidence(_same(stated, lin, LP) and _same(stated, ex, LP),
                    {"Thm 2(i) at C": stated, "C (bits)": C,
                     "Thm 2 with C loose": loose},
                    {"LP linear classification": lin, "LP exact H(S|Y)": ex}, LP,
                    "Counterexample q_X=q_Y=.3, q_S1=.1, R=.2, C=0.645185 (midpoint of "
                    "[H_b(.1), C_b(.2)]): (i) gives 0.162343, *below* the rate-only value "
                    "0.324685 although a constraint was added; both LPs are infeasible (inf).")


@claim("compression.thm2.regime_i_is_rate_only_at_rc", where="Thm 2(i), reinterpreted",
       statement="Thm 2(i) equals the rate-only one-shot DRC at the rate R_C(C) = H_b(q_X)"
       "(H(S)−C)/(H(S)−H_b(q_S1)) that the (linear) classification constraint needs; it is "
       "the DRC at R_C, not at R.", expected="corrected")
def _regime_i_at_rc(seed: int = 0):
    rng = np.random.default_rng(seed)
    worst, n = 0.0, 0
    while n < 40:
        qx, qs1 = rng.uniform(0.05, 0.5), rng.uniform(0.0, 0.4)
        qy = qx  # no knee below H_b(q_X): (i) stays above the OT floor
        hs, h1 = label_entropy(qx, qs1), float(binary_entropy(qs1))
        C = rng.uniform(h1, hs)
        rc = float(binary_entropy(qx)) * (hs - C) / (hs - h1)
        R = rng.uniform(0, rc)
        stated = bernoulli_drc(R, C, qx, qy, qs1, as_stated=True)
        worst = max(worst, abs(stated - _lp(rc, INF, qx, qy, 0.0)),
                    abs(stated - _lp(rc, C, qx, qy, qs1)))
        n += 1
    return Evidence(worst <= LP, {"max |Thm 2(i) − LP at R_C|": worst, "points": n}, 0.0, LP,
                    "A4: rate-only LP and linear-classification LP, both at rate R_C(C); "
                    "q_X = q_Y random, C in [H_b(q_S1), H(S)], R < R_C.")


@claim("compression.thm2.corrected_drc_matches_lp", where="Thm 1-2, corrected",
       statement="The corrected one-shot Bernoulli DRC (bernoulli_drc, exact H(S|Y) and the "
       "linear model) equals the LP over the four maps, inf exactly where it is infeasible.",
       expected="corrected")
def _corrected_drc(seed: int = 0):
    rng = np.random.default_rng(seed)
    worst, n, n_inf, n_mismatch = 0.0, 0, 0, 0
    for _ in range(120):
        qx, qy, qs1 = rng.uniform(0, 0.5, 3)
        R = rng.uniform(0, 1.1)
        h1, hs = float(binary_entropy(qs1)), label_entropy(qx, qs1)
        C = rng.uniform(h1 - 0.05, hs + 0.05)
        for cl in ("linear", "exact"):
            a, b = bernoulli_drc(R, C, qx, qy, qs1, classification=cl), _lp(R, C, qx, qy, qs1, cl)
            n += 1
            n_inf += math.isinf(b)
            if not _same(a, b, LP):
                n_mismatch += 1
            elif math.isfinite(a):
                worst = max(worst, abs(a - b))
    return Evidence(n_mismatch == 0,
                    {"max |closed − LP| (finite)": worst, "mismatches": n_mismatch,
                     "points": n, "infeasible points": n_inf},
                    {"mismatches": 0}, LP,
                    "Random (q_X,q_Y,q_S1) in [0,.5], R in [0,1.1], C in [H_b(q_S1)−.05, "
                    "H(S)+.05], both classification models; infeasible points must agree too.")


@claim("compression.thm2.feasible_iff_c_above_hb_qs1", where="Thm 2 (feasibility)",
       statement="The one-shot Bernoulli DRC problem is feasible if C ≥ H_b(q_S1).",
       expected="refuted", corrected_by="compression.thm2.corrected_drc_matches_lp")
def _feasible_condition():
    qx, qy, qs1 = 0.3, 0.2, 0.1
    C = float(binary_entropy(qs1))
    lin, ex = _lp(50.0, C, qx, qy, qs1), _lp(50.0, C, qx, qy, qs1, "exact")
    return Evidence(math.isfinite(lin) and math.isfinite(ex),
                    {"C = H_b(q_S1)": C, "R (bits)": 50.0},
                    {"LP linear": lin, "LP exact": ex}, None,
                    "Counterexample q_X=.3, q_Y=.2, q_S1=.1, C=H_b(.1), R=50: both LPs are "
                    "infeasible. With q_Y < q_X at most a fraction q_Y/q_X of the maps can be "
                    "informative (linear model); with the exact H(S|Y) only Y = X reaches "
                    "H_b(q_S1), which needs q_Y = q_X. The condition is necessary only.")


@claim("compression.thm2.cb_linear_vs_exact", where="Thm 2, C_b(R)",
       statement="C_b(R) is the classification loss H(S|Y) of the rate-R optimal one-shot code, "
       "so Thm 2(ii) holds for the problem's H(S|Y) ≤ C as soon as C > C_b(R).",
       expected="refuted", corrected_by="compression.thm2.cb_is_linear_model_boundary")
def _cb_linear_vs_exact():
    qx = qy = 0.3
    qs1, R = 0.1, 0.2
    cb = bernoulli_cb(R, qx, qs1)
    p11 = qx * qy + qx * (1 - qx) * R / float(binary_entropy(qx))
    exact = float(bernoulli_cond_entropy(p11, qx, qy, qs1))
    C = 0.5 * (cb + exact)
    stated = bernoulli_drc(R, C, qx, qy, qs1, as_stated=True)
    lp = _lp(R, C, qx, qy, qs1, "exact")
    return Evidence(abs(cb - exact) <= LP and _same(stated, lp, LP),
                    {"C_b(R) (linear)": cb, "Thm 2(ii) at C": stated, "C": C},
                    {"exact H(S|Y) at the optimum": exact, "LP with exact H(S|Y)": lp}, LP,
                    "q_X=q_Y=.3, q_S1=.1, R=.2: exact H(S|Y)=0.903079 vs C_b=0.821374 (A6). "
                    "At C=0.862227 in between, (ii) claims 0.324685 but the exact problem is "
                    "infeasible: C_b assumes the classifier also sees U (H(S|Y,U)).")


@claim("compression.thm2.cb_is_linear_model_boundary", where="Thm 2, C_b(R), corrected",
       statement="C_b(R) is exactly the feasibility boundary of the one-shot LP with the linear "
       "classification model H(S|Y,U) ≤ C; the exact H(S|Y) of any mixture is ≥ the linear one.",
       expected="corrected")
def _cb_boundary(seed: int = 0):
    rng = np.random.default_rng(seed)
    worst_cb, worst_gap, n = 0.0, INF, 0
    for _ in range(12):
        qx, qs1 = rng.uniform(0.05, 0.5), rng.uniform(0.0, 0.45)
        qy = rng.uniform(qx, 0.5)
        R = rng.uniform(0, float(binary_entropy(qx)))
        lo, hi = float(binary_entropy(qs1)) - 0.01, label_entropy(qx, qs1) + 0.01
        for _ in range(30):  # bisection on LP feasibility
            mid = 0.5 * (lo + hi)
            lo, hi = (lo, mid) if math.isfinite(_lp(R, mid, qx, qy, qs1)) else (mid, hi)
        worst_cb = max(worst_cb, abs(hi - bernoulli_cb(R, qx, qs1)))
        p = np.linspace(0, min(qx, qy), 201)
        w = (np.abs(p - qx * qy) / (qx * (1 - qx)))
        lin = (1 - w) * label_entropy(qx, qs1) + w * float(binary_entropy(qs1))
        ok = w <= 1
        gap = float(np.min((bernoulli_cond_entropy(p, qx, qy, qs1) - lin)[ok]))
        worst_gap = min(worst_gap, gap)
        n += 1
    qx = qy = 0.3
    A3 = {"H(S)": label_entropy(qx, 0.1), "H_b(.1)": float(binary_entropy(0.1)),
          "C_b(.2)": bernoulli_cb(0.2, qx, 0.1), "C_b(.5)": bernoulli_cb(0.5, qx, 0.1)}
    ref = {"H(S)": 0.92481870, "H_b(.1)": 0.46899559, "C_b(.2)": 0.82137429,
           "C_b(.5)": 0.66620767}
    ok = (worst_cb <= 1e-6 and worst_gap >= -EXACT
          and all(abs(A3[k] - ref[k]) <= 1e-8 for k in ref))
    return Evidence(ok, {"max |LP boundary − C_b|": worst_cb,
                         "min (exact − linear) H(S|Y)": worst_gap, **A3},
                    {"max |LP boundary − C_b|": "<= 1e-6", **ref}, 1e-6,
                    f"A3/A6: {n} random cases (q_Y ≥ q_X so the LP can use all its rate); LP "
                    "feasibility bisected to 1e-9 in C.")


@claim("compression.thm2.classification_trades_off", where="Thm 1-2 (note §3.3 overturned)",
       statement="The classification constraint can raise the one-shot distortion without making "
       "the problem infeasible: past the knee (linear model) and through anti-correlated "
       "couplings (exact H(S|Y)); the corrected closed form and the LPs agree there.",
       expected="corrected")
def _trade_off():
    qx, qy, qs1 = 0.2, 0.4, 0.1
    hs, h1 = label_entropy(qx, qs1), float(binary_entropy(qs1))
    C1 = hs - 0.9 * (hs - h1)
    lin_c, lin_lp = bernoulli_drc(1.0, C1, qx, qy, qs1, classification="linear"), _lp(
        1.0, C1, qx, qy, qs1)
    e = (0.38, 0.39, 0.3, 0.6)
    ex_c, ex_lp = bernoulli_drc(*e[3:], 0.95, *e[:3]), _lp(e[3], 0.95, *e[:3], "exact")
    ex_loose = bernoulli_drc(e[3], 0.96, *e[:3])
    d_ind = e[0] + e[1] - 2 * e[0] * e[1]
    ok = (abs(lin_c - lin_lp) <= LP and lin_c > abs(qx - qy) + 0.05
          and abs(ex_c - ex_lp) <= LP and ex_c > d_ind and ex_loose < ex_c)
    return Evidence(ok, {"linear: D at a_C=.9, R=1": lin_c, "exact: D at C=.95": ex_c,
                         "exact: D at C=.96": ex_loose},
                    {"LP linear": lin_lp, "OT floor .2": 0.2, "LP exact": ex_lp,
                     "D_ind (exact case)": d_ind}, LP,
                    "Linear model q_X=.2,q_Y=.4,q_S1=.1, C=0.504771 (needs a=.9 > knee .75), "
                    "R=1: D=0.28 > D_min=.2, slope 2q_X(1−q_X)/(1−2q_X) past the knee. Exact "
                    "model q_X=.38,q_Y=.39,q_S1=.3,R=.6,C=.95: only an anti-correlated coupling "
                    "meets H(S|Y) ≤ C, D=0.768134 > D_ind=0.4736; at C=.96 D drops to 0.178.")


@claim("compression.thm2.regime_iii_matches_lp", where="Thm 2(iii)",
       statement="If C > H(S) and R > H_b(q_X) the one-shot DRC is D_min = |q_X − q_Y|.",
       expected="verified")
def _regime_iii(seed: int = 0):
    rng = np.random.default_rng(seed)
    worst = 0.0
    for _ in range(30):
        qx, qy, qs1 = rng.uniform(0, 0.5, 3)
        R = float(binary_entropy(qx)) + rng.uniform(1e-6, 1)
        C = label_entropy(qx, qs1) + rng.uniform(1e-6, 1)
        for cl in ("linear", "exact"):
            worst = max(worst, abs(bernoulli_drc(R, C, qx, qy, qs1, as_stated=True)
                                   - _lp(R, C, qx, qy, qs1, cl)))
    knee = bernoulli_rate_only_oneshot(0.75 * H02, 0.2, 0.4)
    return Evidence(worst <= LP, {"max |(iii) − LP|": worst, "D at R*=.75H_b(.2)": knee},
                    0.0, LP, "30 random points, both classification models. The condition "
                    "R > H_b(q_X) is sufficient, not tight: (.2,.4) already reaches 0.2 at "
                    "R* = 0.541446.")


@claim("compression.thm2.hb_m_equals_hs", where="Thm 2 (definition of m)",
       statement="H_b(m) = H_b(q_S) = H(S) with m = (1−q_X)(1−q_S1) + q_X q_S1.",
       expected="verified")
def _hb_m():
    import sympy as sp

    qx, q1 = sp.symbols("q_x q_s1", positive=True)
    m = (1 - qx) * (1 - q1) + qx * q1
    qs = qx + q1 - 2 * qx * q1
    return Evidence(sp.simplify(m - (1 - qs)) == 0, "m − (1 − q_S) simplifies to 0",
                    "H_b symmetric under p ↦ 1−p", None, "sympy: m = 1 − q_S exactly.")


@claim("compression.thm3.binary_root_matches_cvxpy_sinkhorn", where="Thm 3 (reconstructed)",
       statement="The asymptotic binary DRC D∞(R) (root of I(p11)=R) equals the convex solve "
       "(cvxpy rel_entr) and lies on the Sinkhorn entropic-OT path.", expected="verified")
def _asymptotic():
    from theory.compression._reference_asymptotic import asymptotic_drc, sinkhorn_dr_curve

    d = 1 - np.eye(2)
    pts = [(0.2, 0.3, 0.3), (0.5, 0.3, 0.3), (0.3, 0.3, 0.4), (0.1, 0.1, 0.45)]
    cv = max(abs(bernoulli_asymptotic_dr(R, qx, qy)
                 - asymptotic_drc(R, [1 - qx, qx], [1 - qy, qy], d)) for R, qx, qy in pts)
    rs, ds = sinkhorn_dr_curve([0.7, 0.3], [0.7, 0.3], d, [2.0, 1.0, 0.5, 0.25])
    sk = max(abs(bernoulli_asymptotic_dr(r, 0.3, 0.3) - dd) for r, dd in zip(rs, ds, strict=True))
    spot = bernoulli_asymptotic_dr(0.2, 0.3, 0.3)
    ok = cv <= LP and sk <= 1e-9 and abs(spot - 0.19538851) <= 1e-8 and abs(rs[2] - 0.403095) < 1e-6
    return Evidence(ok, {"max |root − cvxpy|": cv, "max |root − Sinkhorn|": sk,
                         "D∞(.2; .3,.3)": spot, "Sinkhorn ε=.5 R": rs[2],
                         "Sinkhorn ε=.5 D": ds[2]},
                    {"D∞(.2; .3,.3)": 0.19538851, "Sinkhorn ε=.5 (R, D)": "(0.403095, 0.107914)"},
                    LP, "A7: Clarabel exponential-cone solve; POT sinkhorn_log, stopThr 1e-13.")


@claim("compression.limits.oneshot_above_asymptotic", where="§4 limits",
       statement="One-shot D(R) ≥ asymptotic D∞(R) for every rate; at q=.3, R=.2: 0.324685 vs "
       "0.195389, so the one-shot curve is not h(p)−h(D).", expected="verified")
def _oneshot_vs_asym(seed: int = 0):
    from theory.compression._reference_asymptotic import asymptotic_drc

    rng = np.random.default_rng(seed)
    gaps = []
    for _ in range(8):
        qx, qy = rng.uniform(0.05, 0.5, 2)
        R = rng.uniform(0, 1)
        gaps.append(_lp(R, INF, qx, qy, 0.0)
                    - asymptotic_drc(R, [1 - qx, qx], [1 - qy, qy], 1 - np.eye(2)))
    one, asy = _lp(0.2, INF, 0.3, 0.3, 0.0), bernoulli_asymptotic_dr(0.2, 0.3, 0.3)
    ok = min(gaps) >= -LP and abs(one - 0.324685) < 1e-6 and abs(asy - 0.195389) < 1e-6
    return Evidence(ok, {"min (LP one-shot − cvxpy asymptotic)": min(gaps),
                         "one-shot q=.3,R=.2": one, "asymptotic q=.3,R=.2": asy},
                    {"min gap": ">= 0", "one-shot": 0.324685, "asymptotic": 0.195389}, LP,
                    "8 random (q_X, q_Y, R); HiGHS LP vs cvxpy convex solve.")


@claim("compression.limits.classical_rd_after_q_y", where="§4 limits",
       statement="min over q_Y of the asymptotic D∞(R; p, q_Y) is the classical H_b^{-1}(H_b(p)−R), "
       "attained at q_Y = (p−D)/(1−2D).", expected="verified")
def _classical():
    from scipy.optimize import minimize_scalar

    from theory.compression._reference_asymptotic import asymptotic_drc

    cases = {(0.3, 0.2): 0.18055556, (0.3, 0.5): 0.07416859, (0.1, 0.2): 0.04596336,
             (0.5, 0.3): 0.18929771}
    meas, worst = {}, 0.0
    for (p, R), ref in cases.items():
        res = minimize_scalar(lambda q, p=p, R=R: bernoulli_asymptotic_dr(R, p, q),
                              bounds=(0, 0.5), method="bounded", options={"xatol": 1e-10})
        D = bernoulli_classical_dr(R, p)
        qy = (p - D) / (1 - 2 * D)
        cv = asymptotic_drc(R, [1 - p, p], [1 - qy, qy], 1 - np.eye(2))
        meas[f"p={p},R={R}"] = res.fun
        worst = max(worst, abs(res.fun - D), abs(cv - D), abs(ref - D) - 1e-8)
    return Evidence(worst <= 1e-6, meas, {f"p={p},R={R}": v for (p, R), v in cases.items()},
                    1e-6, "A8: bounded Brent over q_Y (xatol 1e-10) of the root-finding D∞ "
                    "and cvxpy at the predicted q_Y, against H_b^{-1}(H_b(p)−R); q_Y=.186957 "
                    "at (.3,.2).")


@claim("compression.limits.bernoulli_endpoints", where="§4 limits",
       statement="One-shot Bernoulli: D(0) = D_ind, D(R→∞) = D_min, C_b(0) = H(S), "
       "C_b(H_b(q_X)) = H_b(q_S1).", expected="verified")
def _bern_limits(seed: int = 0):
    rng = np.random.default_rng(seed)
    worst = 0.0
    for _ in range(20):
        qx, qy, qs1 = rng.uniform(0.01, 0.5, 3)
        worst = max(worst, abs(_lp(0.0, INF, qx, qy, 0.0) - (qx + qy - 2 * qx * qy)),
                    abs(_lp(50.0, INF, qx, qy, 0.0) - abs(qx - qy)),
                    abs(bernoulli_cb(0.0, qx, qs1) - label_entropy(qx, qs1)),
                    abs(bernoulli_cb(float(binary_entropy(qx)), qx, qs1)
                        - float(binary_entropy(qs1))))
    return Evidence(worst <= LP, {"max deviation": worst}, 0.0, LP,
                    "20 random (q_X,q_Y,q_S1); LP at R=0 and R=50 bits.")


@claim("compression.rdc.bernoulli_inverts_drc", where="App. A.2 (derived)",
       statement="bernoulli_rdc is the least rate at which the one-shot LP reaches distortion D "
       "under the classification bound (both models).", expected="corrected")
def _rdc(seed: int = 0):
    rng = np.random.default_rng(seed)
    bad, n = 0, 0
    for _ in range(40):
        qx, qy, qs1 = rng.uniform(0.02, 0.5, 3)
        d_ind, d_min = qx + qy - 2 * qx * qy, abs(qx - qy)
        D = rng.uniform(d_min, d_ind + 0.1)
        C = rng.uniform(float(binary_entropy(qs1)), label_entropy(qx, qs1) + 0.05)
        for cl in ("linear", "exact"):
            R = bernoulli_rdc(D, C, qx, qy, qs1, classification=cl)
            n += 1
            if math.isinf(R):
                bad += math.isfinite(_lp(20.0, C, qx, qy, qs1, cl)) and \
                    _lp(20.0, C, qx, qy, qs1, cl) <= D - 1e-6
                continue
            at, below = _lp(R + 1e-9, C, qx, qy, qs1, cl), _lp(max(R - 1e-5, 0), C, qx, qy, qs1, cl)
            bad += not (at <= D + 1e-7 and (R < 1e-5 or below > D + 1e-9))
    return Evidence(bad == 0, {"violations": bad, "points": n}, {"violations": 0}, LP,
                    "LP at R(D,C) reaches D and at R(D,C)−1e-5 does not (random grid). "
                    "Caveat: in the exact model D(R) can jump as R grows, so the test uses the "
                    "LP directly rather than the closed-form DRC.")
