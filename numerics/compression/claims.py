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

import numpy as np

from theory.claims import Judge, Preregistered, Unavailable, claim
from theory.tolerances import LP

#: Fixed before the runs: every learned Bernoulli code of the full grid reaches the corrected
#: one-shot DRC at its own (rate, H(S|Y), output law) within 0.5 % (relative).
REACH_RTOL = 5e-3


#: Blocks of the digits experiment in full mode: each block trains seeds (b, b + 1), so the
#: claims pool seeds 0-5 (one cached experiment per block; the quick run keeps one block).
DIGITS_BLOCKS = (0, 2, 4)
#: Seeds (training seeds) of the Gaussian level sweep in full mode.
GAUSSIAN_SEEDS = (0, 1, 2)

_T_TRAINING = Preregistered(
    statistic="excess Hamming distortion over the one-shot bound, shortest − longest training "
    "budget, per training seed", alternative="greater", seeds=2, effect=0.01,
    effect_source="ours: smallest effect of interest, 0.01 in distortion (1 point)")
_T_LEVELS = Preregistered(
    statistic="gap of the learned Gaussian code to the asymptotic bound (MSE), at L levels minus "
    "at 2L levels, paired over training seeds", alternative="greater", seeds=3, effect=0.005,
    effect_source="ours: smallest effect of interest, 0.005 in MSE (σ_X = 1)")
_T_RATE_MSE = Preregistered(
    statistic="paired difference over seeds of the MSE to the degraded input, R = 4 minus R = 32 "
    "bits (per pixel, grey levels in [0, 1]), per λ_c", alternative="greater", seeds=6, looks=3,
    effect=0.0268, effect_source="paper: repository CSVs S1 (MNIST), MSE .0334 → .0066 at "
    "R = 4 → 32 (NamNguyenResearch/Lossy_Compression_as_Optimal_Transport_Classification)")
_T_RATE_ACC = Preregistered(
    statistic="paired difference over seeds of the classifier's accuracy on reconstructions, "
    "R = 32 minus R = 4 bits, per λ_c", alternative="greater", seeds=6, looks=3, effect=0.294,
    effect_source="paper: repository CSVs S1 (MNIST), accuracy .544 → .838 at R = 4 → 32")
#: Accuracy and MSE differences are put in units of the repository's smallest effect (at
#: R = 32: +0.094 accuracy, +0.0385 MSE), so one test covers both at every rate.
_LAMBDA_UNITS = {"accuracy": 0.094, "mse_to_input": 0.0385}
_T_LAMBDA = Preregistered(
    statistic="paired difference over seeds, λ_c = 0.05 minus λ_c = 0.001, of accuracy and of "
    "MSE to the degraded input at each rate, each in units of the repository's difference at "
    "R = 32 (+0.094 accuracy, +0.0385 MSE)", alternative="greater", seeds=6, looks=3, effect=1.0,
    effect_source="paper: repository CSVs S3 − S1 (MNIST) at R = 32, +0.094 accuracy and "
    "+0.0385 MSE (one unit of the statistic)")


def _r(x, k=4):
    return round(float(x), k)


@claim("compression.exp.bernoulli_learned_above_oneshot_bound", kind="empirical",
       where="Thm 1 / Thm 2 (corrected), our quantiser",
       statement="A learned universal-quantisation compressor for a Bernoulli source (shared "
       "dither, stochastic decoder) never achieves a Hamming distortion below the corrected "
       "one-shot DRC evaluated at its own rate H(Z|U), its own H(S|Y) and its own output law.",
       evidence=("sanity",),
       source=("ours",
               ("a consistency check of our evaluation: any code is a feasible point of the "
               "problem the corrected bound solves")),
       setting=("analogue",
                ("our universal-quantisation compressor for a Bernoulli source (shared dither, "
                "stochastic decoder), not the paper's image models")))
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
       where="Results (learned codes approach the bound), ours",
       statement="Every learned Bernoulli code of the full grid (q = (.3,.3) and (.2,.4), rate "
       "targets .4-1.0 H_b(q_X), 800 steps) has a Hamming distortion within 0.5 % (relative) of "
       "the corrected one-shot DRC at its own rate H(Z|U), H(S|Y) and output law.",
       expected="failed_prediction", prediction=True, evidence=("independent",),
       source=("ours",
               ("our prediction: learned codes reach the corrected one-shot DRC within 0.5 % "
               "(threshold ours, fixed before the runs)")),
       setting=("analogue",
                ("our universal-quantisation compressor for a Bernoulli source, 800 steps, one "
                "seed")))
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
       source=("ours",
               ("a consistency check of our evaluation (data processing), on the C_b(R) of Thm "
               "2")),
       setting=("analogue",
                "our universal-quantisation compressor for a Bernoulli source"))
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
       where="Results (learned codes approach the bound)",
       statement="With more training steps a learned Bernoulli code at a fixed rate target "
       "moves towards the one-shot bound at that rate: its excess distortion over "
       "D(R_target) falls (one training seed in this run: the paired test over seeds cannot "
       "decide).", evidence=("observation",), expected="undecided", test=_T_TRAINING,
       source=("ours",
               ("our reading of the paper's statement that learned codes agree with the theory "
               "(main text of OpenReview mUIGdUTtk2 (ICLR 2026 camera-ready), read as a "
               "public text extraction whose formulas were flattened, 'Results' and "
               "'Conclusion'): more training moves a code towards the one-shot bound")),
       setting=("analogue",
                ("our universal-quantisation compressor for a Bernoulli source (q_X = q_Y = "
                "0.3), training budgets 10-3000 steps")))
def _bernoulli_training(quick: bool = False, seed: int = 0):
    from numerics.compression.experiments import bernoulli_experiment
    from theory.compression import bernoulli_rate_only_oneshot

    rows = bernoulli_experiment(quick, seed)["training"]
    excess = [r["distortion"] - bernoulli_rate_only_oneshot(r["rate_target"], r["q_x"],
                                                            r["q_y_hat"]) for r in rows]
    from iclr26_verify.registry import stats

    j = Judge()
    j.test(stats.one_sample("excess shortest − longest budget", [excess[0] - excess[-1]],
                            _T_TRAINING))
    return j.evidence(note=f"One seed, q_X=q_Y=0.3, R_target={rows[0]['rate_target']:.3f} bits; "
                      f"excess {[_r(e) for e in excess]} at steps "
                      f"{[r['steps'] for r in rows]}; achieved rates "
                      f"{[_r(r['rate'], 3) for r in rows]}. One training seed: the interval is "
                      "unbounded, so the test is undecided; more seeds would retrain the "
                      "whole sweep (about 100 s of full-mode training per seed).")


@claim("compression.exp.gaussian_learned_above_asymptotic_bound", kind="empirical",
       where="Thm 4(ii) (corrected), our quantiser",
       statement="A learned scalar compressor with L levels (rate log2 L bits) and shared dither "
       "for a Gaussian source never beats the asymptotic Gaussian D(R) with fixed output law, "
       "(μx−μy)²+σx²+σy²−2σxσy√(1−2^{−2R}), evaluated at its own output mean and variance.",
       evidence=("sanity",),
       source=("ours",
               ("a consistency check of our Monte Carlo evaluation against the asymptotic "
               "Gaussian D(R) with fixed output law (Thm 4 case (ii))")),
       setting=("analogue",
                "our scalar dithered quantiser with L levels for a Gaussian source"))
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
       where="Results (capacity)",
       statement="The gap of the learned Gaussian compressor to the asymptotic bound shrinks as "
       "the number of quantiser levels (rate log2 L) grows (paired over 3 training seeds, each "
       "doubling of L).", evidence=("observation",), test=_T_LEVELS,
       source=("ours",
               ("our reading of the paper's statement that learned codes agree with the theory "
               "(main text of OpenReview mUIGdUTtk2 (ICLR 2026 camera-ready), read as a "
               "public text extraction whose formulas were flattened, 'Results'): more "
               "quantiser levels bring the code closer to the asymptotic bound")),
       setting=("analogue",
                "our scalar dithered quantiser for a Gaussian source, L = 2-16 levels"))
def _gaussian_levels(quick: bool = False, seed: int = 0):
    from iclr26_verify.registry import stats
    from numerics.compression.experiments import gaussian_experiment

    if quick:
        raise Unavailable("undecided in quick mode: the paired test needs the full-mode training "
                          f"seeds {GAUSSIAN_SEEDS}")
    per_seed = [gaussian_experiment(quick, seed + s) for s in GAUSSIAN_SEEDS]
    levels = [r["levels"] for r in per_seed[0]]
    gaps = np.array([[r["gap"] for r in rows] for rows in per_seed])  # seeds × levels
    arms = {f"gap(L={a}) − gap(L={b})": gaps[:, i] - gaps[:, i + 1]
            for i, (a, b) in enumerate(itertools.pairwise(levels))}
    j = Judge()
    for t in stats.per_arm(arms, _T_LEVELS):
        j.test(t)
    contrary = stats.contrary_arms(arms, _T_LEVELS)
    j.fact(f"no doubling of L significantly widens the gap ({contrary or 'none'})", not contrary)
    return j.evidence(note=f"Seeds {GAUSSIAN_SEEDS}; MSE gaps per seed (rows) and L = {levels} "
                      f"(columns): {np.round(gaps, 4).tolist()}.")


_NOT_MNIST = ("The repository's MNIST numbers (28×28, 100 epochs, conv nets) are not comparable "
              "with 8×8 digits in absolute terms, so only the direction is checked; ")


def _per_seed(quick, seed, key):
    """{λ_c: {rate: values over seeds (in seed order)}} from the digits runs."""
    from numerics.compression.experiments import digits_experiment

    out = {}
    blocks = (0,) if quick else DIGITS_BLOCKS
    runs = [r for b in blocks for r in digits_experiment(quick, seed + b)["runs"]]
    for r in sorted(runs, key=lambda r: r.seed):
        out.setdefault(r.lam_c, {}).setdefault(r.rate, []).append(getattr(r, key))
    return {lam: {R: np.array(v) for R, v in sorted(by.items())} for lam, by in out.items()}


def _digits_endpoints(quick, seed, key, test, sign):
    from iclr26_verify.registry import stats

    data = _per_seed(quick, seed, key)
    arms = {}
    for lam, by in data.items():
        lo, hi = by[min(by)], by[max(by)]
        arms[f"λ_c={lam:g}"] = sign * (lo - hi)
    j = Judge()
    for t in stats.per_arm(arms, test):
        j.test(t)
    contrary = stats.contrary_arms(arms, test)
    j.fact(f"no λ_c shows a significant effect against the statement ({contrary or 'none'})",
           not contrary)
    shown = {f"{lam:g}": [_r(v.mean(), 4) for v in by.values()] for lam, by in data.items()}
    return j, shown


@claim("compression.exp.digits_mse_falls_with_rate", kind="empirical", where="Results, Fig. 6",
       statement="In unpaired super-resolution the MSE to the degraded input is lower at 32 "
       "bits than at 4 bits, for each λ_c (paired over seeds; the paper states the trend over "
       "rates, we test its endpoints).", evidence=("observation",), test=_T_RATE_MSE,
       source=("printed",
               ("main text of OpenReview mUIGdUTtk2 (ICLR 2026 camera-ready), read as a public "
               "text extraction whose formulas were flattened, 'Results' (Fig. 6: higher "
               "rates give lower MSE and better classification)")),
       setting=("analogue",
                ("unpaired super-resolution on 8×8 scikit-learn digits with small MLPs (40 "
                "epochs, 6 seeds) instead of MNIST with conv nets (100 epochs)")))
def _digits_mse(quick: bool = False, seed: int = 0):
    j, shown = _digits_endpoints(quick, seed, "mse_to_input", _T_RATE_MSE, +1)
    return j.evidence(note=_NOT_MNIST + "repository S1 .0334 → .0066, S3 .0718 → .0451; ours "
                      f"(means over seeds, R = 4…32 bits) {shown}; the test is paired over "
                      "seeds at R = 4 and 32 (one seed in quick mode: undecided).")


@claim("compression.exp.digits_accuracy_rises_with_rate", kind="empirical", where="Results, Fig. 6",
       statement="In unpaired super-resolution the accuracy of the classifier on the "
       "reconstructions is higher at 32 bits than at 4 bits, for each λ_c (paired over seeds; "
       "the paper states the trend over rates, we test its endpoints).",
       evidence=("observation",), test=_T_RATE_ACC,
       source=("printed",
               ("main text of OpenReview mUIGdUTtk2 (ICLR 2026 camera-ready), read as a public "
               "text extraction whose formulas were flattened, 'Results' (Fig. 6: higher "
               "rates give lower MSE and better classification)")),
       setting=("analogue",
                ("unpaired super-resolution on 8×8 scikit-learn digits with small MLPs (40 "
                "epochs, 6 seeds) instead of MNIST with conv nets (100 epochs)")))
def _digits_acc(quick: bool = False, seed: int = 0):
    j, shown = _digits_endpoints(quick, seed, "accuracy", _T_RATE_ACC, -1)
    return j.evidence(note=_NOT_MNIST + "repository S1 .544 → .838, S3 .876 → .932; ours "
                      f"(means over seeds, R = 4…32 bits) {shown}; the test is paired over "
                      "seeds at R = 4 and 32 (one seed in quick mode: undecided).")


@claim("compression.exp.digits_lambda_c_tradeoff", kind="empirical",
       where="repository experiments S1 vs S3",
       statement="A larger classification weight λ_c buys classifier accuracy at the cost of "
       "MSE: at every rate, λ_c = 0.05 gives higher accuracy and higher MSE than λ_c = 0.001 "
       "(paired over seeds, every rate and both quantities a separate arm).",
       evidence=("observation",), expected="undecided", test=_T_LAMBDA,
       source=("code",
               ("NamNguyenResearch/Lossy_Compression_as_Optimal_Transport_Classification@f5cfca4:experiments/S1/*/_accuracy.csv "
               "(λ_c = 0.001, last column) vs experiments/S3/*/_accuracy.csv (λ_c = 0.05): "
               "higher accuracy and higher distortion for the larger λ_c at every rate")),
       setting=("analogue",
                ("unpaired super-resolution on 8×8 scikit-learn digits with small MLPs (40 "
                "epochs, 6 seeds) instead of MNIST with conv nets (100 epochs)")))
def _digits_tradeoff(quick: bool = False, seed: int = 0):
    from iclr26_verify.registry import stats

    arms, diffs = {}, {}
    for key, unit in _LAMBDA_UNITS.items():
        data = _per_seed(quick, seed, key)
        lo, hi = data[min(data)], data[max(data)]
        for R in lo:
            d = hi[R] - lo[R]
            arms[f"{key} R={R:g}"] = d / unit
            diffs.setdefault(f"R={R:g}", []).append(_r(d.mean(), 4))
    j = Judge()
    for t in stats.per_arm(arms, _T_LAMBDA):
        j.test(t)
    contrary = stats.contrary_arms(arms, _T_LAMBDA)
    j.fact(f"no arm significantly against the statement ({contrary or 'none'})", not contrary)
    return j.evidence(note=_NOT_MNIST + "repository S3 − S1: +0.332 acc, +0.0384 MSE at R=4, "
                      f"+0.094 acc, +0.0385 MSE at R=32; ours (mean Δacc, ΔMSE over seeds) "
                      f"{diffs}, λ_p=0.001. The sign of a mean over few seeds moves with torch's "
                      "CPU kernels (R = 32: +0.22, +0.056, −0.061 under avx512, default, avx2 in "
                      "quick mode), so only the paired test over seeds decides.")
