"""Empirical claims: learned compressors with common randomness against the DRC bounds, and the
paper's super-resolution trends (Fig. 6) on scikit-learn digits.

Three of the claims check that learned codes stay above the bounds. Any code does, by data
processing (a learned code is a feasible point of the problem the bound solves), so those are
consistency checks of the evaluation (``sanity``), not evidence about the paper. How close the
codes get is a separate claim with a threshold fixed before the runs
(``compression.exp.bernoulli_learned_reaches_bound``).
"""

from __future__ import annotations

import itertools

from scipy.stats import spearmanr

from theory.claims import Judge, Unavailable, claim
from theory.tolerances import LP

#: Fixed before the runs: every learned Bernoulli code of the full grid reaches the corrected
#: one-shot DRC at its own (rate, H(S|Y), output law) within 0.5 % (relative).
REACH_RTOL = 5e-3


def _r(x, k=4):
    return round(float(x), k)


@claim("compression.exp.bernoulli_learned_above_oneshot_bound", kind="empirical",
       where="Thm 1 / Thm 2 (corrected), §7 quantiser",
       statement="A learned universal-quantisation compressor for a Bernoulli source (shared "
       "dither, stochastic decoder) never achieves a Hamming distortion below the corrected "
       "one-shot DRC evaluated at its own rate H(Z|U), its own H(S|Y) and its own output law.",
       evidence=("sanity",),
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _bernoulli_above(quick: bool = False, seed: int = 0):
    from numerics.compression.experiments import bernoulli_experiment

    rows = bernoulli_experiment(quick, seed)["points"]
    j = Judge()
    j.ge("learned D vs closed-form bound", [r["distortion"] for r in rows],
         [r["bound_drc"] for r in rows], atol=LP)
    j.ge("learned D vs HiGHS LP bound", [r["distortion"] for r in rows],
         [r["bound_lp"] for r in rows], atol=LP)
    below = [r for r in rows if r["stated_thm2_ii"] < abs(r["q_x"] - r["q_y"])]
    return j.evidence(note=(
        "Holds for any code by data processing (a consistency check of the exact evaluation: "
        "x enumerated, u by midpoint quadrature; the bound taken at rate and C enlarged by the "
        f"quadrature error). Gaps {[_r(r['gap']) for r in rows]}. "
        + (f"At q=(0.2,0.4) the stated Thm 2(ii) gives {_r(below[0]['stated_thm2_ii'])} < "
           f"D_min=0.2 while the learned code reaches {_r(below[0]['distortion'])}."
           if below else "")))


@claim("compression.exp.bernoulli_learned_reaches_bound", kind="empirical",
       where="§7 (learned codes approach the bound), ours",
       statement="Every learned Bernoulli code of the full grid (q = (.3,.3) and (.2,.4), rate "
       "targets .4-1.0 H_b(q_X), 800 steps) has a Hamming distortion within 0.5 % (relative) of "
       "the corrected one-shot DRC at its own rate H(Z|U), H(S|Y) and output law.",
       expected="failed_prediction", prediction=True, evidence=("independent",),
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
# Our prediction, threshold fixed before the full run; the run missed it (relative excess
# 1.3 %-216 %, the largest where the bound is near 0): registered as a failed prediction.
def _bernoulli_reaches(quick: bool = False, seed: int = 0):
    from numerics.compression.experiments import bernoulli_experiment

    if quick:
        raise Unavailable("quick mode trains 300 steps on 3 points: the 0.5 % threshold is "
                          "stated for the full grid (800 steps), which decides")
    rows = bernoulli_experiment(quick, seed)["points"]
    j = Judge()
    j.close("learned D vs corrected one-shot DRC at the code's own (R, H(S|Y), P(Y=1))",
            [r["distortion"] for r in rows], [r["bound_drc"] for r in rows], rtol=REACH_RTOL)
    rel = [(r["distortion"] - r["bound_drc"]) / r["bound_drc"] for r in rows]
    return j.evidence(note=f"Threshold {REACH_RTOL:.1%} fixed before the runs. Relative excess "
                      f"per point {[_r(x, 5) for x in rel]} (max {max(rel):.3%}).")


@claim("compression.exp.bernoulli_classification_above_cb", kind="empirical",
       where="Thm 2, C_b(R)",
       statement="For learned Bernoulli codes, H(S|Y) ≥ H(S|Y,U) ≥ C_b(H(Z|U)): the paper's "
       "classification boundary (linear model) lower-bounds the label uncertainty of any code.",
       evidence=("sanity",),
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _bernoulli_cb(quick: bool = False, seed: int = 0):
    from numerics.compression.experiments import bernoulli_experiment

    res = bernoulli_experiment(quick, seed)
    rows = res["points"] + res["training"]
    j = Judge()
    j.ge("H(S|Y) vs H(S|Y,U)", [r["h_s_given_y"] for r in rows],
         [r["h_s_given_yu"] for r in rows], atol=1e-9)
    j.ge("H(S|Y,U) vs C_b at the measured rate", [r["h_s_given_yu"] for r in rows],
         [r["c_b"] for r in rows], atol=1e-6)
    return j.evidence(note="Holds for any code (data processing; given U=u the binary Z is "
                      "constant or a bijection of X), so a consistency check of the exact "
                      "evaluation; 1e-6 covers the u-quadrature.")


@claim("compression.exp.bernoulli_gap_shrinks_with_training", kind="empirical",
       where="§7 (learned codes approach the bound)",
       statement="With more training steps a learned Bernoulli code at a fixed rate target "
       "moves towards the one-shot bound at that rate: its excess distortion over "
       "D(R_target) falls.", evidence=("observation",),
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _bernoulli_training(quick: bool = False, seed: int = 0):
    from numerics.compression.experiments import bernoulli_experiment
    from theory.compression import bernoulli_rate_only_oneshot

    rows = bernoulli_experiment(quick, seed)["training"]
    excess = [r["distortion"] - bernoulli_rate_only_oneshot(r["rate_target"], r["q_x"],
                                                            r["q_y_hat"]) for r in rows]
    j = Judge()
    j.le("excess at the longest budget vs at the shortest", excess[-1], excess[0])
    j.fact("the longest budget has the smallest excess", excess[-1] == min(excess))
    return j.evidence(note=f"One seed, q_X=q_Y=0.3, R_target={rows[0]['rate_target']:.3f} bits; "
                      f"excess {[_r(e) for e in excess]} at steps "
                      f"{[r['steps'] for r in rows]}; achieved rates "
                      f"{[_r(r['rate'], 3) for r in rows]}. A trend over one seed: its slack is "
                      "the whole distance between first and last excess.")


@claim("compression.exp.gaussian_learned_above_asymptotic_bound", kind="empirical",
       where="Thm 4(ii) (corrected), §7 quantiser",
       statement="A learned scalar compressor with L levels (rate log2 L bits) and shared dither "
       "for a Gaussian source never beats the asymptotic Gaussian D(R) with fixed output law, "
       "(μx−μy)²+σx²+σy²−2σxσy√(1−2^{−2R}), evaluated at its own output mean and variance.",
       evidence=("sanity",),
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _gaussian_above(quick: bool = False, seed: int = 0):
    from numerics.compression.experiments import gaussian_experiment

    rows = gaussian_experiment(quick, seed)
    j = Judge()
    j.ge("gap D − bound vs −3 SE", [r["gap"] for r in rows],
         [-3 * r["gap_se"] for r in rows])
    below = [r["levels"] for r in rows if r["distortion"] < r["bound_target_law"]]
    return j.evidence(note=(
        "Holds for any code (H(Z|U) ≥ I(X;Y) and, for Gaussian X, corr(X,Y) ≤ √(1−2^{−2I})), so "
        "a consistency check of the Monte Carlo evaluation. Gap per 1/16 of the sample, mean ± "
        "SE: " + ", ".join(f"L={r['levels']}: {r['gap']:.4f}±{r['gap_se']:.4f}" for r in rows)
        + (f". At L={below} the learned D is below the bound at the *target* law: its output "
           f"law misses the target (W2 {[_r(r['w2_to_target'], 3) for r in rows]})."
           if below else ".")))


@claim("compression.exp.gaussian_gap_shrinks_with_levels", kind="empirical",
       where="§7 (capacity)",
       statement="The gap of the learned Gaussian compressor to the asymptotic bound shrinks as "
       "the number of quantiser levels (rate log2 L) grows.", evidence=("observation",),
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _gaussian_levels(quick: bool = False, seed: int = 0):
    from numerics.compression.experiments import gaussian_experiment

    rows = gaussian_experiment(quick, seed)
    gaps = [r["gap"] for r in rows]
    j = Judge()
    for (a, b), (ra, rb) in zip(itertools.pairwise(gaps), itertools.pairwise(rows)):
        j.le(f"gap at L={rb['levels']} vs L={ra['levels']}", b, a)
    return j.evidence(note="One seed; absolute MSE gaps "
                      f"{[_r(g) for g in gaps]}, relative "
                      f"{[_r(r['gap'] / r['bound_measured_law'], 3) for r in rows]}. A trend: "
                      "its slack is the step between consecutive gaps.")


def _by_lambda(quick, seed):
    from numerics.compression.experiments import digits_experiment, digits_table

    table = digits_table(digits_experiment(quick, seed))
    out = {}
    for row in table:
        out.setdefault(row["lam_c"], []).append(row)
    return out


_NOT_MNIST = ("The repository's MNIST numbers (28×28, 100 epochs, conv nets) are not comparable "
              "with 8×8 digits in absolute terms, so only the direction is checked; ")


@claim("compression.exp.digits_mse_falls_with_rate", kind="empirical", where="Fig. 6, §7",
       statement="In unpaired super-resolution the MSE to the degraded input falls as the rate "
       "grows from 4 to 32 bits (for each λ_c).", evidence=("observation",),
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _digits_mse(quick: bool = False, seed: int = 0):
    groups = _by_lambda(quick, seed)
    j = Judge()
    shown = {}
    for lam, rows in groups.items():
        rates, mse = [r["rate_bits"] for r in rows], [r["mse_to_input"] for r in rows]
        j.le(f"λ_c={lam}: MSE(32) vs MSE(4)", mse[-1], mse[0])
        if len(rows) > 2:
            j.le(f"λ_c={lam}: Spearman(R, MSE) vs −0.8", spearmanr(rates, mse)[0], -0.8)
        shown[lam] = [_r(m) for m in mse]
    return j.evidence(note=_NOT_MNIST + "repository S1 .0334 → .0066, S3 .0718 → .0451; ours "
                      f"{shown} at R = 4…32 bits (means over seeds; thresholds fixed in advance: "
                      "MSE(32) < MSE(4), Spearman ≤ −0.8).")


@claim("compression.exp.digits_accuracy_rises_with_rate", kind="empirical", where="Fig. 6, §7",
       statement="In unpaired super-resolution the accuracy of the classifier on the "
       "reconstructions rises as the rate grows from 4 to 32 bits (for each λ_c).",
       evidence=("observation",),
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _digits_acc(quick: bool = False, seed: int = 0):
    groups = _by_lambda(quick, seed)
    j = Judge()
    shown = {}
    for lam, rows in groups.items():
        rates, acc = [r["rate_bits"] for r in rows], [r["accuracy"] for r in rows]
        j.ge(f"λ_c={lam}: acc(32) vs acc(4)", acc[-1], acc[0])
        if len(rows) > 2:
            j.ge(f"λ_c={lam}: Spearman(R, acc) vs 0.8", spearmanr(rates, acc)[0], 0.8)
        shown[lam] = [_r(a, 3) for a in acc]
    return j.evidence(note=_NOT_MNIST + "repository S1 .544 → .838, S3 .876 → .932; ours "
                      f"{shown} (thresholds fixed in advance: acc(32) > acc(4), Spearman ≥ .8).")


@claim("compression.exp.digits_lambda_c_tradeoff", kind="empirical",
       where="§7, repository S1 vs S3",
       statement="A larger classification weight λ_c buys classifier accuracy at the cost of "
       "MSE: at every rate, λ_c = 0.05 gives higher accuracy and higher MSE than λ_c = 0.001.",
       evidence=("observation",),
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _digits_tradeoff(quick: bool = False, seed: int = 0):
    groups = _by_lambda(quick, seed)
    lo, hi = groups[min(groups)], groups[max(groups)]
    j = Judge()
    j.ge("accuracy λ_c=.05 vs .001 (every rate)", [b["accuracy"] for b in hi],
         [a["accuracy"] for a in lo])
    j.ge("MSE λ_c=.05 vs .001 (every rate)", [b["mse_to_input"] for b in hi],
         [a["mse_to_input"] for a in lo])
    diffs = {f"R={a['rate_bits']:.0f}": (_r(b["accuracy"] - a["accuracy"], 3),
                                         _r(b["mse_to_input"] - a["mse_to_input"]))
             for a, b in zip(lo, hi)}
    return j.evidence(note=_NOT_MNIST + "repository S3 − S1: +0.332 acc, +0.0384 MSE at R=4, "
                      f"+0.094 acc, +0.0385 MSE at R=32; ours (Δacc, ΔMSE) {diffs}, λ_p=0.001, "
                      "means over seeds.")
