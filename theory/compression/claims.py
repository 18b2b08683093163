"""Registered claims of the compression paper: Bernoulli sources (Thm 1-3), one-shot and
asymptotic. Gaussian claims (Thm 4-7) are in ``claims_gaussian.py``.

Independent computations (``theory/compression/_reference_*.py``, generic code over map tables
and joint pmfs, never the closed forms): scipy HiGHS LPs over the four deterministic maps, the
exact-H(S|Y) scan of the LP-reachable couplings, cvxpy ``rel_entr`` convex solves (with the
output law fixed or free) and POT Sinkhorn for the asymptotic curve.

Reading: the paper's main text (OpenReview mUIGdUTtk2) was read as a public text extraction
whose formulas were flattened (fraction bars, square roots and some constraints lost); a formula
rebuilt from it says so in its claim's locator. The appendices were not available: what they
prove is our derivation.
"""

from __future__ import annotations

import math

import numpy as np

from theory.claims import Judge, claim
from theory.compression._bernoulli import (
    _p11_reach,
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
from theory.compression._reference_asymptotic import asymptotic_drc, sinkhorn_dr_curve
from theory.compression._reference_lp import bernoulli_oneshot_lp
from theory.tolerances import EXACT, LP

INF = math.inf
H02 = float(binary_entropy(0.2))

def _lp(R, C, qx, qy, qs1, cl="linear", solver="highs"):
    return bernoulli_oneshot_lp(R, C, qx, qy, qs1, classification=cl, solver=solver)


def match(j: Judge, name: str, values, references, *, atol: float) -> None:
    """Closed forms against solves that may be infeasible (inf): the infeasible sets must agree
    (a fact) and the finite values must be equal within ``atol`` (a comparison with power)."""
    v, r = np.asarray(values, dtype=float), np.asarray(references, dtype=float)
    j.fact(f"{name}: infeasible (inf) at the same points", bool(np.all(np.isinf(v) == np.isinf(r))))
    both = np.isfinite(v) & np.isfinite(r)
    j.close(f"{name}: finite values", v[both], r[both], atol=atol)


def lp_boundary(feasible, lo: float, hi: float, iters: int = 22) -> float:
    """Least C in [lo, hi] with ``feasible(C)`` by bisection (feasibility is monotone in C)."""
    for _ in range(iters):
        mid = 0.5 * (lo + hi)
        lo, hi = (lo, mid) if feasible(mid) else (mid, hi)
    return hi


@claim("compression.thm2.rate_only_matches_lp", where="Thm 1 / Thm 2(ii), corrected floor",
       statement="The one-shot Bernoulli rate-only DRC equals max(D_ind − 2q_X(1−q_X)R/H_b(q_X), "
       "|q_X − q_Y|), the value of the LP over deterministic maps selected by common randomness.",
       expected="corrected", evidence=("independent",),
       source=("ours",
               ("our corrected rate-only one-shot DRC (Thm 2 case (ii) with the OT floor |q_X "
               "− q_Y|)")),
       setting="exact")
def _rate_only_matches_lp():
    qs = np.round(np.arange(0.05, 0.501, 0.05), 2)
    grid = np.array(np.meshgrid(qs, qs, np.linspace(0, 1, 21), indexing="ij")).reshape(3, -1).T
    # a fixed permutation keeps the check within the time budget; the benchmark runs all 2,100
    sample = grid[np.random.default_rng(2026).permutation(len(grid))[:150]]
    j = Judge()
    j.close("closed form vs HiGHS LP (150 grid points)",
            [bernoulli_rate_only_oneshot(R, qx, qy) for qx, qy, R in sample],
            [_lp(R, INF, qx, qy, 0.0) for qx, qy, R in sample], atol=LP)
    j.close("(.3,.3,R=.2) vs reference A1 (scipy)", bernoulli_rate_only_oneshot(0.2, 0.3, 0.3),
            0.32468527, atol=1e-8)
    j.close("(.3,.3,R=.5) vs reference A1 (scipy)", bernoulli_rate_only_oneshot(0.5, 0.3, 0.3),
            0.18171319, atol=1e-8)
    knee = 0.75 * H02
    j.close("D at the knee R* = .75·H_b(.2) for (.2,.4) vs the OT floor .2 (LP)",
            _lp(knee, INF, 0.2, 0.4, 0.0), bernoulli_rate_only_oneshot(knee, 0.2, 0.4), atol=LP)
    return j.evidence(note="A1: 150 of the 2,100 points q_X, q_Y in {.05,…,.5}, R in "
                      "linspace(0,1,21) bits (fixed permutation; the benchmark runs all); HiGHS "
                      "LP over the 4 maps. Knee for (.2,.4): R* = .75·H_b(.2) = 0.541446.")


@claim("compression.thm2.regime_ii_below_ot_floor", where="Thm 2(ii)",
       statement="For C > C_b(R) the one-shot Bernoulli DRC is D_ind − 2q_X(1−q_X)R/H_b(q_X).",
       expected="refuted", corrected_by="compression.thm2.rate_only_matches_lp",
       evidence=("independent", "witness"),
       source=("printed",
               ("main text of OpenReview mUIGdUTtk2 (ICLR 2026 camera-ready), read as a public "
               "text extraction whose formulas were flattened, 'Bernoulli case expressions', "
               "Thm 2, case (ii) for C > C_b(R), with case (iii) only for C > H_b(q_S) and R "
               "> H_b(q_X); formula rebuilt from the flattened extraction (fraction bars and "
               "square roots restored by us)")),
       setting="exact")
def _regime_ii_below_floor():
    R, qx, qy, qs1, C = 0.9 * H02, 0.2, 0.4, 0.1, 1.0
    stated = bernoulli_drc(R, C, qx, qy, qs1, as_stated=True)
    j = Judge()
    j.close("Thm 2(ii) vs LP optimum", stated, _lp(R, C, qx, qy, qs1), atol=LP)
    j.ge("Thm 2(ii) vs the OT minimum |q_X−q_Y| no coupling beats", stated, abs(qx - qy))
    return j.evidence(note="Counterexample q_X=.2, q_Y=.4, q_S1=.1, R=.9·H_b(.2), C=1 (> H(S), "
                      "loose): (ii) gives 0.152, below the OT minimum 0.2; the LP gives 0.2. (ii) "
                      "is exact only up to the knee R* = H_b(q_X)·a_max.")


@claim("compression.thm2.regime_ii_matches_lp_below_knee", where="Thm 2(ii), linear model",
       statement="For C ≥ C_b(R) and R ≤ R* (the knee) Thm 2(ii) equals the one-shot LP with the "
       "paper's linear classification model H(S|Y,U) ≤ C (under the exact H(S|Y) of Def 2 it "
       "fails on an interval of C: compression.thm2.regime_ii_exact_constraint).",
       expected="verified", evidence=("independent",),
       source=("ours",
               ("Thm 2 case (ii) as printed (main text of OpenReview mUIGdUTtk2 (ICLR 2026 "
               "camera-ready), read as a public text extraction whose formulas were "
               "flattened; formula rebuilt from the flattened extraction (fraction bars and "
               "square roots restored by us)) restricted by us to R ≤ R* (the knee) and to a "
               "linear classification model H(S|Y,U) ≤ C that we infer the proof (App. A.1.2, "
               "not seen) uses")),
       setting="exact")
def _regime_ii_below_knee(seed: int = 0):
    rng = np.random.default_rng(seed)
    stated, lp = [], []
    for _ in range(30):
        qx, qy, qs1 = rng.uniform(0.02, 0.5, 3)
        k = (1 - qy) / (1 - qx) if qy >= qx else qy / qx
        R = rng.uniform(0, k * float(binary_entropy(qx)))
        C = rng.uniform(bernoulli_cb(R, qx, qs1), label_entropy(qx, qs1) + 0.1)
        stated.append(bernoulli_drc(R, C, qx, qy, qs1, as_stated=True))
        lp.append(_lp(R, C, qx, qy, qs1))
    j = Judge()
    j.close("Thm 2(ii) vs linear-model LP (30 points)", stated, lp, atol=LP)
    return j.evidence(note="A2: random (q_X, q_Y, q_S1) in [.02,.5], R ≤ R*, C in "
                      "[C_b(R), H(S)+.1]; HiGHS LP with Σ w_f H(S|f(X)) ≤ C.")


# The exact-classification example of our derivation: q_X = q_Y = .3, q_S1 = .1, R = .2.
EX = (0.2, 0.3, 0.3, 0.1)


def exact_branches(R, qx, qy, qs1):
    """(p11 of the anti-correlated and of the positively correlated extreme code at rate R,
    their exact H(S|Y)); by concavity of H(S|Y) in p11 every mixture in between classifies
    worse than the better of the two."""
    lo, hi = _p11_reach(R, qx, qy, asymptotic=False)
    return lo, hi, float(bernoulli_cond_entropy(lo, qx, qy, qs1)), float(
        bernoulli_cond_entropy(hi, qx, qy, qs1))


@claim("compression.thm2.regime_ii_exact_constraint", where="Thm 2(ii) under Def 2's H(S|Y)",
       statement="Under the problem's own constraint H(S|Y) ≤ C (Def 2), the one-shot DRC is "
       "Thm 2(ii)'s D_ind − 2q_X(1−q_X)R/H_b(q_X) for every C > C_b(R).",
       expected="refuted",
       corrected_by=("compression.thm2.exact_boundary", "compression.thm2.cb_is_linear_model_boundary"),
       evidence=("independent", "witness"),
       source=("printed",
               ("main text of OpenReview mUIGdUTtk2 (ICLR 2026 camera-ready), read as a public "
               "text extraction whose formulas were flattened, Def. 2 (constraint H(S|Y) ≤ C "
               "on the reconstruction) and Thm 2, case (ii); formula rebuilt from the "
               "flattened extraction (fraction bars and square roots restored by us)")),
       setting="exact")
def _regime_ii_exact():
    R, qx, qy, qs1 = EX
    cb = bernoulli_cb(R, qx, qs1)
    _, _, c_anti, c_pos = exact_branches(R, qx, qy, qs1)
    stated = bernoulli_drc(R, 1.0, qx, qy, qs1, as_stated=True)
    j = Judge()
    # two points of the interval (C_b, H(S|Y) of the rate-R code): infeasible, then a worse code
    for name, C in (("C=(C_b+C_anti)/2", 0.5 * (cb + c_anti)),
                    ("C=(C_anti+C_pos)/2", 0.5 * (c_anti + c_pos))):
        j.close(f"Thm 2(ii) vs exact-H(S|Y) LP scan at {name}", stated,
                _lp(R, C, qx, qy, qs1, "exact"), atol=LP)
    return j.evidence(note=f"q_X=q_Y=.3, q_S1=.1, R=.2: (ii) claims {stated:.6f} for every C > "
                      f"C_b(.2) = {cb:.6f}. Under the exact H(S|Y) it fails on the whole interval "
                      f"({cb:.6f}, {c_pos:.6f}): infeasible on ({cb:.6f}, {c_anti:.6f}); on "
                      f"[{c_anti:.6f}, {c_pos:.6f}) only anti-correlated codes (neg map mixed "
                      "with constants) classify well enough, at D = 0.515315 at the left end and "
                      "0.513682 at the midpoint, against (ii)'s 0.324685. C_b assumes the "
                      "classifier also sees U (H(S|Y,U)).")


@claim("compression.thm2.exact_boundary", where="Thm 2, exact H(S|Y), corrected",
       statement="Under the exact H(S|Y) the one-shot Bernoulli problem at rate R is feasible iff "
       "C ≥ min(H(S|Y)(p11⁻), H(S|Y)(p11⁺)) with p11^∓ = q_Xq_Y ∓ q_X(1−q_X)·min(R/H_b(q_X), 1) "
       "(clipped to the Fréchet range), and has Thm 2(ii)'s value iff C ≥ H(S|Y)(p11⁺); at "
       "q_X=q_Y=.3, q_S1=.1, R=.2 these are 0.901439 (anti-correlated code, D = 0.515315) and "
       "0.903079 (the rate-R code of (ii)).",
       expected="corrected", evidence=("independent", "witness"),
       source=("ours",
               "our derivation of the feasibility boundary under the exact H(S|Y) of Def. 2"),
       setting="exact")
def _exact_boundary(seed: int = 0):
    rng = np.random.default_rng(seed)
    cases = [EX] + [(rng.uniform(0.05, 0.6), *rng.uniform(0.1, 0.45, 2), rng.uniform(0.02, 0.3))
                    for _ in range(2)]
    feas_cf, feas_lp, full_cf, full_lp, anti_d, anti_lp = [], [], [], [], [], []
    for R, qx, qy, qs1 in cases:
        lo, _, c_anti, c_pos = exact_branches(R, qx, qy, qs1)
        top = label_entropy(qx, qs1) + 0.01
        floor = float(binary_entropy(qs1)) - 0.01
        feas_cf.append(min(c_anti, c_pos))
        feas_lp.append(lp_boundary(lambda C, a=(R, qx, qy, qs1): math.isfinite(
            _lp(a[0], C, *a[1:], "exact")), floor, top))
        rate_only = _lp(R, INF, qx, qy, 0.0)
        full_cf.append(c_pos)
        full_lp.append(lp_boundary(lambda C, a=(R, qx, qy, qs1), d=rate_only: _lp(
            a[0], C, *a[1:], "exact") <= d + LP, floor, top))
        if c_anti < c_pos:  # the anti-correlated code is the only feasible one just above
            anti_d.append(qx + qy - 2 * lo)
            anti_lp.append(_lp(R, c_anti, qx, qy, qs1, "exact"))
    j = Judge()
    j.close("feasibility boundary vs bisected exact LP scan", feas_cf, feas_lp, atol=1e-6)
    j.close("boundary of Thm 2(ii)'s value vs bisected exact LP scan", full_cf, full_lp,
            atol=1e-6)
    j.close("witness: the extreme anti-correlated code's D vs exact LP at its H(S|Y)", anti_d, anti_lp,
            atol=LP)
    j.close("example boundary vs 0.901439 (our earlier reading gave 0.903079 as the boundary)",
            feas_cf[0], 0.9014392771, atol=1e-9)
    j.fact("example: the anti-correlated branch decides (0.901439 < 0.903079)",
           feas_cf[0] < full_cf[0])
    return j.evidence(note=f"{len(cases)} cases (the §3.2 example and 2 random); LP feasibility "
                      "bisected in C (22 steps, ~1e-7). Our earlier reading's 0.903079 is the H(S|Y) of the "
                      "positively correlated rate-R code only: the anti-correlated code (weight on "
                      "neg) at the same rate classifies better (0.901439) at D = 0.515315.")


@claim("compression.thm2.regime_i_infeasible", where="Thm 2(i)",
       statement="For H_b(q_S1) ≤ C ≤ C_b(R) the one-shot DRC is D_ind − 2q_X(1−q_X)"
       "(H(S)−C)/(H(S)−H_b(q_S1)).", expected="refuted",
       corrected_by=("compression.thm2.corrected_drc_matches_lp",
                     "compression.thm2.regime_i_is_rate_only_at_rc"),
       evidence=("independent", "witness"),
       source=("printed",
               ("main text of OpenReview mUIGdUTtk2 (ICLR 2026 camera-ready), read as a public "
               "text extraction whose formulas were flattened, 'Bernoulli case expressions', "
               "Thm 2, case (i) and its range H_b(q_S1) ≤ C ≤ C_b(R); formula rebuilt from "
               "the flattened extraction (fraction bars and square roots restored by us)")),
       setting="exact")
def _regime_i_infeasible():
    qx = qy = 0.3
    qs1, R = 0.1, 0.2
    C = 0.5 * (float(binary_entropy(qs1)) + bernoulli_cb(R, qx, qs1))
    stated = bernoulli_drc(R, C, qx, qy, qs1, as_stated=True)
    loose = bernoulli_drc(R, 5.0, qx, qy, qs1, as_stated=True)
    j = Judge()
    j.close("Thm 2(i) vs LP (linear model)", stated, _lp(R, C, qx, qy, qs1), atol=LP)
    j.close("Thm 2(i) vs LP (exact H(S|Y))", stated, _lp(R, C, qx, qy, qs1, "exact"), atol=LP)
    j.ge("Thm 2(i) vs the C-loose value (adding a constraint cannot lower D)", stated, loose)
    return j.evidence(note="Counterexample q_X=q_Y=.3, q_S1=.1, R=.2, C=0.645185 (midpoint of "
                      "[H_b(.1), C_b(.2)]): (i) gives 0.162343, *below* the rate-only value "
                      "0.324685 although a constraint was added; both LPs are infeasible (inf).")


@claim("compression.thm2.regime_i_is_rate_only_at_rc", where="Thm 2(i), reinterpreted",
       statement="Thm 2(i) equals the rate-only one-shot DRC at the rate R_C(C) = H_b(q_X)"
       "(H(S)−C)/(H(S)−H_b(q_S1)) that the (linear) classification constraint needs; it is "
       "the DRC at R_C, not at R.", expected="corrected", evidence=("independent",),
       source=("ours",
               ("our reinterpretation of Thm 2 case (i) as the rate-only DRC at the rate the "
               "classification constraint needs")),
       setting="exact")
def _regime_i_at_rc(seed: int = 0):
    rng = np.random.default_rng(seed)
    stated, lp_rate, lp_cls = [], [], []
    for _ in range(20):
        qx, qs1 = rng.uniform(0.05, 0.5), rng.uniform(0.0, 0.4)
        qy = qx  # no knee below H_b(q_X): (i) stays above the OT floor
        hs, h1 = label_entropy(qx, qs1), float(binary_entropy(qs1))
        C = rng.uniform(h1, hs)
        rc = float(binary_entropy(qx)) * (hs - C) / (hs - h1)
        stated.append(bernoulli_drc(rng.uniform(0, rc), C, qx, qy, qs1, as_stated=True))
        lp_rate.append(_lp(rc, INF, qx, qy, 0.0))
        lp_cls.append(_lp(rc, C, qx, qy, qs1))
    j = Judge()
    j.close("Thm 2(i) vs rate-only LP at R_C", stated, lp_rate, atol=LP)
    j.close("Thm 2(i) vs linear-classification LP at R_C", stated, lp_cls, atol=LP)
    return j.evidence(note="A4: q_X = q_Y random, C in [H_b(q_S1), H(S)], R < R_C (20 points).")


@claim("compression.thm2.corrected_drc_matches_lp", where="Thm 1-2, corrected",
       statement="The corrected one-shot Bernoulli DRC (bernoulli_drc, exact H(S|Y) and the "
       "linear model) equals the LP over the four maps, inf exactly where it is infeasible.",
       expected="corrected", evidence=("independent",),
       source=("ours",
               ("our corrected one-shot Bernoulli DRC (both classification models), checked "
               "against the LP over deterministic maps")),
       setting="exact")
def _corrected_drc(seed: int = 0):
    rng = np.random.default_rng(seed)
    closed, lp = [], []
    for _ in range(50):
        qx, qy, qs1 = rng.uniform(0, 0.5, 3)
        R = rng.uniform(0, 1.1)
        C = rng.uniform(float(binary_entropy(qs1)) - 0.05, label_entropy(qx, qs1) + 0.05)
        for cl in ("linear", "exact"):
            closed.append(bernoulli_drc(R, C, qx, qy, qs1, classification=cl))
            lp.append(_lp(R, C, qx, qy, qs1, cl))
    j = Judge()
    match(j, "closed form vs LP (both models, 100 points)", closed, lp, atol=LP)
    n_inf = int(np.sum(np.isinf(lp)))
    return j.evidence(note=f"Random (q_X,q_Y,q_S1) in [0,.5], R in [0,1.1], C in "
                      f"[H_b(q_S1)−.05, H(S)+.05], both classification models; {n_inf} of 100 "
                      "points infeasible, and the infeasible sets agree.")


@claim("compression.thm2.feasible_iff_c_above_hb_qs1", where="Thm 2 (feasibility)",
       statement="The one-shot Bernoulli DRC problem is feasible if C ≥ H_b(q_S1).",
       expected="refuted", corrected_by="compression.thm2.corrected_drc_matches_lp",
       evidence=("independent", "witness"),
       source=("printed",
               ("main text of OpenReview mUIGdUTtk2 (ICLR 2026 camera-ready), read as a public "
               "text extraction whose formulas were flattened, 'Bernoulli case expressions', "
               "Thm 2, first sentence after the model (problem (3) feasible if C ≥ H_b(q_S1))")),
       setting="exact")
def _feasible_condition():
    qx, qy, qs1, R = 0.3, 0.2, 0.1, 50.0
    h1 = float(binary_entropy(qs1))
    top = label_entropy(qx, qs1) + 0.01
    j = Judge()
    for cl in ("linear", "exact"):
        least = lp_boundary(lambda C, cl=cl: math.isfinite(_lp(R, C, qx, qy, qs1, cl)), h1, top)
        j.le(f"least feasible C ({cl} LP, bisected) vs H_b(q_S1)", least, h1)
    return j.evidence(note="Counterexample q_X=.3, q_Y=.2, q_S1=.1, R=50: with q_Y < q_X at "
                      "most a fraction q_Y/q_X of the maps can be informative (linear model: "
                      "least C = 0.623671); with the exact H(S|Y) only Y = X reaches H_b(q_S1), "
                      "which needs q_Y = q_X. The condition is necessary only.")


@claim("compression.thm2.cb_is_linear_model_boundary", where="Thm 2, C_b(R), corrected",
       statement="C_b(R) is exactly the feasibility boundary of the one-shot LP with the linear "
       "classification model H(S|Y,U) ≤ C; the exact H(S|Y) of any mixture is ≥ the linear one, "
       "with equality at the pure codes.",
       expected="corrected", evidence=("independent", "witness"),
       source=("ours",
               ("our correction: C_b(R) of Thm 2 read as the feasibility boundary of the "
               "linear classification model")),
       setting="exact")
def _cb_boundary(seed: int = 0):
    rng = np.random.default_rng(seed)
    cb, bound, exact, linear = [], [], [], []
    for _ in range(5):
        qx, qs1 = rng.uniform(0.05, 0.5), rng.uniform(0.0, 0.45)
        qy = rng.uniform(qx, 0.5)
        R = rng.uniform(0, float(binary_entropy(qx)))
        lo, hi = float(binary_entropy(qs1)) - 0.01, label_entropy(qx, qs1) + 0.01
        bound.append(lp_boundary(lambda C, a=(R, qx, qy, qs1): math.isfinite(_lp(*a[:1], C,
                                                                                 *a[1:])), lo, hi))
        cb.append(bernoulli_cb(R, qx, qs1))
        p = np.linspace(0, min(qx, qy), 201)
        w = np.abs(p - qx * qy) / (qx * (1 - qx))
        ok = w <= 1
        exact.append(bernoulli_cond_entropy(p, qx, qy, qs1)[ok])
        linear.append(((1 - w) * label_entropy(qx, qs1) + w * float(binary_entropy(qs1)))[ok])
    qx = qy = 0.3
    j = Judge()
    j.close("C_b(R) vs bisected linear-LP feasibility boundary", cb, bound, atol=1e-6)
    j.ge("exact H(S|Y) ≥ linear H(S|Y,U) over the reachable couplings",
         np.concatenate(exact), np.concatenate(linear), atol=EXACT)
    for name, val, ref in (("H(S)", label_entropy(qx, 0.1), 0.92481870),
                           ("H_b(.1)", float(binary_entropy(0.1)), 0.46899559),
                           ("C_b(.2)", bernoulli_cb(0.2, qx, 0.1), 0.82137429),
                           ("C_b(.5)", bernoulli_cb(0.5, qx, 0.1), 0.66620767)):
        j.close(f"{name} vs reference A3 (scipy)", val, ref, atol=1e-8)
    return j.evidence(note="A3/A6: 5 random cases (q_Y ≥ q_X so the LP can use all its rate); "
                      "LP feasibility bisected (22 steps, ~1e-7) in C. Exact = linear at independence "
                      "and at the pure codes (the bound binds there).")


@claim("compression.thm2.classification_trades_off", where="Thm 1-2 (our earlier reading overturned)",
       statement="The classification constraint can raise the one-shot distortion without making "
       "the problem infeasible: past the knee (linear model) and through anti-correlated "
       "couplings (exact H(S|Y)); the corrected closed form and the LPs agree there.",
       expected="extension", evidence=("independent", "witness"),
       source=("ours",
               ("our extension of Thm 1-2: where the classification constraint raises the "
               "one-shot distortion")),
       setting="exact")
def _trade_off():
    qx, qy, qs1 = 0.2, 0.4, 0.1
    hs, h1 = label_entropy(qx, qs1), float(binary_entropy(qs1))
    C1 = hs - 0.9 * (hs - h1)
    lin_c = bernoulli_drc(1.0, C1, qx, qy, qs1, classification="linear")
    e = (0.38, 0.39, 0.3, 0.6)
    ex_c = bernoulli_drc(e[3], 0.95, *e[:3])
    d_ind = e[0] + e[1] - 2 * e[0] * e[1]
    j = Judge()
    j.close("linear model, a_C = .9 past the knee: closed form vs LP", lin_c,
            _lp(1.0, C1, qx, qy, qs1), atol=LP)
    j.close("linear model: value vs the V past the knee, .2 + .15·2q_X(1−q_X)/(1−2q_X)", lin_c,
            0.2 + 0.15 * 2 * qx * (1 - qx) / (1 - 2 * qx), atol=EXACT)
    j.close("exact model, C=.95: closed form vs LP scan", ex_c, _lp(e[3], 0.95, *e[:3], "exact"),
            atol=LP)
    j.ge("exact model: D above D_ind (only anti-correlated codes classify)", ex_c, d_ind)
    j.fact("exact model: at C=.96 D drops below D_ind", bernoulli_drc(e[3], 0.96, *e[:3]) < d_ind)
    return j.evidence(note="Our earlier reading said the constraint only decides feasibility; it "
                      "does not. Linear q_X=.2,q_Y=.4,q_S1=.1, C=0.504771 (a=.9 > knee .75), R=1: "
                      "D=0.28 > D_min=.2. Exact q_X=.38,q_Y=.39,q_S1=.3,R=.6,C=.95: D=0.768134 > "
                      "D_ind=0.4736; at C=.96 D drops to 0.178.")


@claim("compression.thm2.regime_iii_matches_lp", where="Thm 2(iii)",
       statement="If C > H(S) and R > H_b(q_X) the one-shot DRC is D_min = |q_X − q_Y|.",
       expected="verified", evidence=("independent",),
       source=("printed",
               ("main text of OpenReview mUIGdUTtk2 (ICLR 2026 camera-ready), read as a public "
               "text extraction whose formulas were flattened, Thm 2, case (iii) (D_min for C "
               "> H_b(q_S) and R > H_b(q_X))")),
       setting="exact")
def _regime_iii(seed: int = 0):
    rng = np.random.default_rng(seed)
    stated, lp = [], []
    for _ in range(15):
        qx, qy, qs1 = rng.uniform(0, 0.5, 3)
        R = float(binary_entropy(qx)) + rng.uniform(1e-6, 1)
        C = label_entropy(qx, qs1) + rng.uniform(1e-6, 1)
        for cl in ("linear", "exact"):
            stated.append(bernoulli_drc(R, C, qx, qy, qs1, as_stated=True))
            lp.append(_lp(R, C, qx, qy, qs1, cl))
    j = Judge()
    j.close("Thm 2(iii) vs LP (both models, 30 points)", stated, lp, atol=LP)
    return j.evidence(note="15 random points, both classification models. The condition "
                      "R > H_b(q_X) is sufficient, not tight: (.2,.4) already reaches 0.2 at "
                      "R* = 0.541446.")


@claim("compression.thm2.hb_m_equals_hs", where="Thm 2 (definition of m)",
       statement="H_b(m) = H_b(q_S) = H(S) with m = (1−q_X)(1−q_S1) + q_X q_S1.",
       expected="verified", evidence=("proof", "independent"),
       source=("printed",
               ("main text of OpenReview mUIGdUTtk2 (ICLR 2026 camera-ready), read as a public "
               "text extraction whose formulas were flattened, Thm 2 (definitions of m and "
               "q_S below the cases); the identity H_b(m) = H_b(q_S) is our observation")),
       setting="exact")
def _hb_m(seed: int = 0):
    """Proof (sympy): m − (1 − q_S) simplifies to 0 with q_S = q_X + q_S1 − 2q_Xq_S1, and
    H_b(p) = H_b(1−p). Numerically: H_b(m) (scipy entropy, base 2) against H(S) from the law of
    S = X ⊕ S1 enumerated over the four (x, s1)."""
    import sympy as sp
    from scipy.stats import entropy

    qx, q1 = sp.symbols("q_x q_s1", positive=True)
    m = (1 - qx) * (1 - q1) + qx * q1
    j = Judge()
    j.fact("sympy: m − (1 − q_S) = 0", sp.simplify(m - (1 - (qx + q1 - 2 * qx * q1))) == 0)
    rng = np.random.default_rng(seed)
    hm, hs = [], []
    for a, b in rng.uniform(0, 0.5, (20, 2)):
        mv = (1 - a) * (1 - b) + a * b
        hm.append(entropy([mv, 1 - mv], base=2))
        p_s1 = sum(pa * pb for x, pa in ((0, 1 - a), (1, a)) for s1, pb in ((0, 1 - b), (1, b))
                   if x ^ s1)
        hs.append(entropy([1 - p_s1, p_s1], base=2))
    j.close("H_b(m) vs H(S) by enumeration (20 draws)", hm, hs, rtol=1e-12)
    return j.evidence(note="sympy identity plus 20 numerical draws.")


@claim("compression.thm3.binary_root_matches_cvxpy_sinkhorn", where="Thm 3 (reconstructed)",
       statement="The asymptotic binary DRC D∞(R) (root of I(p11)=R) equals the convex solve "
       "(cvxpy rel_entr) and lies on the Sinkhorn entropic-OT path.",
       expected="verified", evidence=("independent",),
       source=("printed",
               ("main text of OpenReview mUIGdUTtk2 (ICLR 2026 camera-ready), read as a public "
               "text extraction whose formulas were flattened, 'Asymptotic constrained "
               "optimal transport', Thm 3 / Eq. (4); the constraints I(X;Y) ≤ R, H(S|Y) ≤ C "
               "of (4) are lost in the extraction and rebuilt by us from the form of Thm 5; "
               "the binary root is our evaluation")),
       setting="exact")
def _asymptotic():
    d = 1 - np.eye(2)
    pts = [(0.2, 0.3, 0.3), (0.5, 0.3, 0.3), (0.3, 0.3, 0.4), (0.1, 0.1, 0.45)]
    rs, ds = sinkhorn_dr_curve([0.7, 0.3], [0.7, 0.3], d, [2.0, 1.0, 0.5, 0.25])
    j = Judge()
    j.close("root finding vs cvxpy (4 points)", [bernoulli_asymptotic_dr(R, qx, qy)
                                                 for R, qx, qy in pts],
            [asymptotic_drc(R, [1 - qx, qx], [1 - qy, qy], d) for R, qx, qy in pts], atol=LP)
    j.close("root finding at the Sinkhorn rates vs Sinkhorn D",
            [bernoulli_asymptotic_dr(r, 0.3, 0.3) for r in rs], ds, atol=1e-9)
    j.close("D∞(.2; .3,.3) vs reference A7", bernoulli_asymptotic_dr(0.2, 0.3, 0.3), 0.19538851,
            atol=1e-8)
    j.close("Sinkhorn ε=.5 rate vs our reference value", rs[2], 0.403095, atol=1e-6)
    return j.evidence(note="A7: Clarabel exponential-cone solve; POT sinkhorn_log, stopThr 1e-13.")


@claim("compression.limits.oneshot_above_asymptotic", where="Thm 2 vs Thm 3 (ours)",
       statement="One-shot D(R) ≥ asymptotic D∞(R) for every rate, with equality at R = 0; at "
       "q=.3, R=.2: 0.324685 vs 0.195389, so the one-shot curve is not h(p)−h(D).",
       expected="verified", evidence=("independent", "witness"),
       source=("ours",
               "our comparison of the one-shot and asymptotic binary DRC"),
       setting="exact")
def _oneshot_vs_asym(seed: int = 0):
    rng = np.random.default_rng(seed)
    one, asy = [], []
    for i in range(8):
        qx, qy = rng.uniform(0.05, 0.5, 2)
        R = 0.0 if i < 2 else rng.uniform(0, 1)  # R = 0: both are D_ind (the bound binds)
        one.append(_lp(R, INF, qx, qy, 0.0))
        asy.append(asymptotic_drc(R, [1 - qx, qx], [1 - qy, qy], 1 - np.eye(2)))
    j = Judge()
    j.ge("one-shot LP vs cvxpy asymptotic (8 points, 2 at R=0)", one, asy, atol=LP)
    j.close("one-shot LP q=.3, R=.2 vs our reference value", _lp(0.2, INF, 0.3, 0.3, 0.0), 0.324685,
            atol=1e-6)
    j.close("asymptotic q=.3, R=.2 vs our reference value", bernoulli_asymptotic_dr(0.2, 0.3, 0.3), 0.195389,
            atol=1e-6)
    return j.evidence(note="8 random (q_X, q_Y, R), two of them at R = 0 where the bound is "
                      "attained; HiGHS LP vs cvxpy convex solve.")


def _classical_cvxpy(R: float, p: float):
    """min E 1{X≠Y} over channels with I(X;Y) ≤ R bits and the output law free: one convex
    program (rel_entr(P, p_X ⊗ P_Y) with P_Y = column sums of P is jointly convex)."""
    import cvxpy as cp

    px = np.array([1 - p, p])
    P = cp.Variable((2, 2), nonneg=True)
    qy = cp.sum(P, axis=0)
    mi = cp.sum(cp.rel_entr(P, cp.vstack([px[0] * qy, px[1] * qy])))
    prob = cp.Problem(cp.Minimize(P[0, 1] + P[1, 0]),
                      [cp.sum(P, axis=1) == px, mi <= R * math.log(2)])
    prob.solve(solver="CLARABEL")
    return float(prob.value), float(P.value[:, 1].sum())


@claim("compression.limits.classical_rd_after_q_y", where="Thm 3 min over p_Y (ours)",
       statement="min over q_Y of the asymptotic D∞(R; p, q_Y) is the classical H_b^{-1}(H_b(p)−R), "
       "attained at q_Y = (p−D)/(1−2D).", expected="verified", evidence=("independent",),
       source=("ours",
               ("our limit: the asymptotic DRC minimised over the output law is the classical "
               "binary D(R)")),
       setting="exact")
def _classical():
    cases = {(0.3, 0.2): 0.18055556, (0.3, 0.5): 0.07416859, (0.1, 0.2): 0.04596336,
             (0.5, 0.3): 0.18929771}
    closed, solved, qy_closed, qy_solved = [], [], [], []
    for p, R in cases:
        D = bernoulli_classical_dr(R, p)
        d, q = _classical_cvxpy(R, p)
        closed.append(D)
        solved.append(d)
        qy_closed.append((p - D) / (1 - 2 * D))
        qy_solved.append(q)
    j = Judge()
    j.close("H_b^{-1}(H_b(p)−R) vs one convex solve with q_Y free", closed, solved, atol=LP)
    j.close("q_Y = (p−D)/(1−2D) vs the solver's output law", qy_closed, qy_solved, atol=1e-5)
    j.close("closed form vs reference A8 values", closed, list(cases.values()), atol=1e-8)
    return j.evidence(note="A8: cvxpy/Clarabel over the joint P with only its row sums fixed "
                      "(rate KL(P‖p_X⊗P_Y) jointly convex), so neither the root function nor a "
                      "1-D minimisation over q_Y is involved; q_Y=.186957 at (.3,.2). The output "
                      "law is flat near the optimum, hence 1e-5 on q_Y.")


@claim("compression.limits.bernoulli_endpoints", where="Thm 2 limits in R (ours)",
       statement="One-shot Bernoulli: D(0) = D_ind = q_X+q_Y−2q_Xq_Y and D(R→∞) = D_min = "
       "|q_X−q_Y|.", expected="verified", evidence=("independent",),
       source=("ours",
               ("our limits of the one-shot Bernoulli DRC; D_ind and D_min are printed in main "
               "text of OpenReview mUIGdUTtk2 (ICLR 2026 camera-ready), read as a public text "
               "extraction whose formulas were flattened, 'Bernoulli case expressions'")),
       setting="exact")
def _bern_limits(seed: int = 0):
    rng = np.random.default_rng(seed)
    q = rng.uniform(0.01, 0.5, (10, 2))
    j = Judge()
    j.close("LP at R=0 vs D_ind", [_lp(0.0, INF, a, b, 0.0) for a, b in q],
            [a + b - 2 * a * b for a, b in q], atol=LP)
    j.close("LP at R=50 bits vs D_min", [_lp(50.0, INF, a, b, 0.0) for a, b in q],
            [abs(a - b) for a, b in q], atol=LP)
    return j.evidence(note="10 random (q_X,q_Y); HiGHS LP at R=0 and R=50 bits. (C_b(0) = H(S) "
                      "and C_b(H_b(q_X)) = H_b(q_S1) are identities of the formula: "
                      "compression.limits.cb_endpoints, sanity.)")


@claim("compression.limits.cb_endpoints", where="Thm 2, C_b(R) endpoints (ours)",
       statement="C_b(0) = H(S) and C_b(H_b(q_X)) = H_b(q_S1).", expected="verified",
       evidence=("sanity",),
       source=("ours",
               "our limits of C_b(R) (a consistency check)"),
       setting="exact")
def _cb_endpoints(seed: int = 0):
    rng = np.random.default_rng(seed)
    q = rng.uniform(0.01, 0.5, (10, 2))
    j = Judge()
    j.close("C_b(0) vs H(S)", [bernoulli_cb(0.0, a, b) for a, b in q],
            [label_entropy(a, b) for a, b in q], rtol=EXACT)
    j.close("C_b(H_b(q_X)) vs H_b(q_S1)", [bernoulli_cb(float(binary_entropy(a)), a, b)
                                           for a, b in q],
            [float(binary_entropy(b)) for a, b in q], rtol=1e-9)
    return j.evidence(note="Identities of the formula C_b(R) = H(S) + R(H_b(q_S1)−H(S))/H_b(q_X) "
                      "(a software test). That C_b is the right boundary is checked against LPs "
                      "in compression.thm2.cb_is_linear_model_boundary.")


@claim("compression.rdc.bernoulli_inverts_drc", where="App. A.2 (not seen; derived)",
       statement="bernoulli_rdc is the least rate at which the one-shot LP reaches distortion D "
       "under the classification bound (both models).",
       expected="extension", evidence=("independent",),
       source=("ours",
               "our inversion of the one-shot DRC (the paper's App. A.2 was not available)"),
       setting="exact")
def _rdc(seed: int = 0):
    rng = np.random.default_rng(seed)
    at_r, target, facts, n_c = [], [], [], 0
    for _ in range(20):
        qx, qy, qs1 = rng.uniform(0.02, 0.5, 3)
        D = rng.uniform(abs(qx - qy), qx + qy - 2 * qx * qy + 0.1)
        C = rng.uniform(float(binary_entropy(qs1)), label_entropy(qx, qs1) + 0.05)
        for cl in ("linear", "exact"):
            R = bernoulli_rdc(D, C, qx, qy, qs1, classification=cl)
            if math.isinf(R):
                far = _lp(20.0, C, qx, qy, qs1, cl)
                facts.append(not (math.isfinite(far) and far <= D - 1e-6))
                continue
            reached = _lp(R + 1e-9, C, qx, qy, qs1, cl)
            facts.append(reached <= D + 1e-7)
            if R > 1e-5:
                facts.append(not _lp(R - 1e-5, C, qx, qy, qs1, cl) <= D + 1e-9)
            # decided before solving: where the rate needed for D alone is the answer, the
            # continuous rate-only curve passes through D at R(D,C), so the LP must equal D
            if R > 1e-5 and abs(R - bernoulli_rdc(D, 10.0, qx, qy, qs1, classification=cl)) < 1e-12:
                at_r.append(reached)
                target.append(D)
            else:
                n_c += 1
    j = Judge()
    j.close("LP at R(D,C) vs D where D alone sets the rate", at_r, target, atol=1e-7)
    j.fact("LP at R(D,C) reaches D, at R(D,C) − 1e-5 it does not; inf only where rate 20 misses D",
           all(facts))
    return j.evidence(note=f"40 points (20 random, both models); {len(at_r)} where D alone sets "
                      f"the rate (LP = D there), {n_c} where the classification bound or R = 0 "
                      "does. The paper's own R(D,C) (App. A.2) was not available, so there is "
                      "no stated form (no as_stated).")
