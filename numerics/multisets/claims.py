"""Empirical claims of the multisets paper: torch set networks against the theorems (Sec. 4).

Each check reads one cached experiment of :mod:`numerics.multisets.experiments` (so claims,
figures and the notebook share a run) and compares what was measured with what the paper states.
The bounds are computed independently of the measurements: spectral norms of the trained weights
(``torch.linalg.matrix_norm``) and the constants of :func:`theory.multisets.lipschitz_constant`,
against distances solved by POT / assignment (:func:`theory.multisets.pairwise_distances`).
"""

from __future__ import annotations

import math

import numpy as np

from theory.claims import Judge, Preregistered, Unavailable, claim

_ANN = ("secondary: public annotation msrepo/theory_inclined_papers_with_annotations@fa55ff03:"
        "papers/2026-nikolentzos-set-lipschitz/notes.md ('Experiments, briefly'; a close reading "
        "of the ICLR 2026 camera-ready of arXiv 2505.24403); printed wording not seen")
_SHAPES = ("analogue", "synthetic upright 3-D shape clouds (40–80 points) as a ModelNet40 "
           "stand-in; small DeepSets/PointNet-style networks trained by us")
_DIGITS = ("analogue", "sklearn digits as point clouds in set-size bins instead of the paper's "
           "Polarity/Amazon documents; small set networks trained by us")
#: Table 2's pattern, tested on the paired per-seed accuracy drops (5 seeds).
_T_EXP2 = Preregistered(
    statistic="paired difference of accuracy drops over seeds, in the paper's direction: max − "
    "mean for the added outlier, mean − max for U(0, 0.2)^3 noise (two arms, Bonferroni)",
    alternative="greater", seeds=5, effect=8.8,
    effect_source="paper: Table 2 as quoted by the annotation, 13.6 − 4.8 = 8.8 points (noise); "
    "20.1 − 2.0 = 18.1 (outlier)", alpha=0.05)
_T_EXP2_NOISE_EQ = Preregistered(
    statistic="paired difference of accuracy drops under U(0, 0.2)^3 noise, mean − max, over "
    "seeds", alternative="equivalence", margin=4.0, seeds=5, effect=4.0,
    effect_source="ours: equivalence margin of 4 points", alpha=0.05)

_FIG1_R_MIN = min((0.98, 0.99, 0.67))  # the smallest latent correlation the paper reports


def _decidable(quick: bool, what: str, measured) -> None:
    """The qualitative patterns of Table 2 and Fig. 3 are decided on the full-size runs only."""
    if quick:
        from numerics.report import fmt_value

        raise Unavailable(f"quick mode is too small to decide {what} (run without --quick); "
                          f"quick-mode numbers: {fmt_value(measured, 3)}")


def _r(x, digits=3):
    return None if x is None or not math.isfinite(x) else round(float(x), digits)


@claim("multisets.exp1.latent_ratios_under_bound", kind="empirical",
       where="Thm 3.1, Thm 3.4; Figs. 1, 2, 5", evidence=("observation",),
       statement="For trained set networks and all pairs of a sample of multisets, the change of "
       "the aggregator on the latent multisets and of the whole network never exceeds the "
       "theoretical constant times the paired distance (mean/EMD, sum/matching, max/Hausdorff "
       "with sqrt of the pooled width; product of spectral norms for the networks).",
       source=("secondary", _ANN),
       setting=_SHAPES)
def _exp1_bound(quick: bool = False, seed: int = 0):
    from numerics.multisets.experiments import BOUND_SLACK, lipschitz_experiment

    res = lipschitz_experiment(quick, seed)
    cells = res.paired("aggregator") + res.paired("network")
    j = Judge()
    for p in cells:
        j.le(f"{p.level}/{p.pool}/{p.distance}: max ratio / bound", p.tightness, 1.0,
             rtol=BOUND_SLACK)
    violations = sum(p.violations for p in cells)
    j.fact("no pair violates its bound", violations == 0)
    agg = {p.pool: _r(p.tightness, 4) for p in res.paired("aggregator")}
    net = {p.pool: _r(p.tightness, 4) for p in res.paired("network")}
    return j.evidence(note=f"Observation: {len(cells)} cells x {len(cells[0].dist)} pairs of "
                      "shape clouds (sizes vary); each value is the largest measured ratio "
                      f"divided by the bound. Slack: aggregator level {agg}, network level {net} "
                      "(the network bounds are loose by 1-2 orders of magnitude, so this row "
                      "cannot tell a wrong network constant; the theory rows "
                      "multisets.thm34.* / lemma35.* carry witness networks that attain them). "
                      f"Test accuracy { {k: _r(v) for k, v in res.test_accuracy.items()} }.")


@claim("multisets.exp1.mean_emd_tighter_than_max_hausdorff", kind="empirical",
       where="Sec. 4, Fig. 1", evidence=("observation",),
       statement="On the latent multisets the mean/EMD constant is nearly attained while the "
       "max/Hausdorff constant (sqrt of the width) is loose: the largest measured ratio reaches a "
       "larger fraction of its constant for mean/EMD than for max/Hausdorff.",
       source=("secondary", _ANN),
       setting=_SHAPES)
def _exp1_tightness(quick: bool = False, seed: int = 0):
    from numerics.multisets.experiments import lipschitz_experiment

    res = lipschitz_experiment(quick, seed)
    mean = res.panel("aggregator", "mean", "emd").tightness
    mx = res.panel("aggregator", "max", "hausdorff").tightness
    sm = res.panel("aggregator", "sum", "matching").tightness
    j = Judge()
    j.ge("mean/EMD tightness vs max/H tightness", mean, mx)
    return j.evidence(note=f"Observation: largest ratio / constant over all pairs (1 = attained):"
                      f" mean/EMD {_r(mean)}, max/H {_r(mx)}, sum/M {_r(sm)}. The paper shows "
                      "mean/EMD points along the line and max/H points far below it.")


@claim("multisets.exp1.latent_distance_correlates_with_paired_distance", kind="empirical",
       where="Sec. 4, Fig. 1", evidence=("observation",),
       statement="On the latent multisets the change of each aggregator correlates strongly with "
       "its paired distance (Pearson r at least 0.67, the smallest of the paper's 0.98, 0.99, "
       "0.67) for mean/EMD, sum/matching and max/Hausdorff.",
       source=("secondary", _ANN + "; the threshold 0.67 (smallest reported r) is ours"),
       setting=_SHAPES)
def _exp1_corr(quick: bool = False, seed: int = 0):
    from numerics.multisets.experiments import lipschitz_experiment

    res = lipschitz_experiment(quick, seed)
    cells = res.paired("aggregator")
    net = {f"{p.pool}/{p.distance}": _r(p.pearson) for p in res.paired("network")}
    j = Judge()
    for p in cells:
        j.ge(f"{p.pool}/{p.distance}: Pearson r vs 0.67", p.pearson, _FIG1_R_MIN)
    return j.evidence(note="Observation: Pearson r over all pairs of the sample (the paper does "
                      "not say which correlation belongs to which aggregator); threshold 0.67 "
                      f"fixed from the paper before running. At the network level r = {net}.")


def _exp2_evidence(res):
    from numerics.multisets.experiments import PAPER

    measured = {}
    for pool in res.pools:
        for pert in ("outlier", "noise"):
            m, s = res.mean_std(pool, pert)
            measured[f"{pool}/{pert}"] = f"{m:.1f} ± {s:.1f}"
    for pert in ("outlier", "noise"):
        m, se = res.advantage(pert)
        measured[f"advantage/{pert}"] = f"{m:.1f} (SE {se:.1f})"
    expected = {f"{p}/{q}": f"{m} ± {s}" for (p, q), (m, s) in PAPER["table2"].items()}
    dc = {f"{q}/{d}": _r(v) for (q, d), v in res.distance_change.items()}
    clean = {p: _r(float(v.mean()), 1) for p, v in res.clean.items()}
    note = (f"Accuracy drops in points, mean ± std over {len(res.outlier_norm)} seeds of upright "
            f"shape clouds (ModelNet40 stand-in; clean accuracy {clean} %); advantage = paired "
            "difference in the paper's direction (max - mean for the outlier, mean - max for "
            f"noise), tested over seeds. Added element of norm "
            f"{np.mean(res.outlier_norm):.2f} (the paper's App. E.3 reports 2.63); mean input "
            f"change {dc}: the outlier moves EMD by sum|v-w|/(n(n+1)) but Hausdorff by "
            "min|v-w| (Prop. 3.6), while the noise moves both by at most 0.2*sqrt(3) "
            "(Prop. C.2).")
    return measured, expected, note


def _exp2_judge(res, corrected: bool) -> Judge:
    from numerics import stats

    arms = {"outlier": res.drops[("max", "outlier")] - res.drops[("mean", "outlier")],
            "noise": res.drops[("mean", "noise")] - res.drops[("max", "noise")]}
    j = Judge()
    if corrected:
        j.test(stats.one_sample("outlier: max drop − mean drop", arms["outlier"], _T_EXP2,
                                alpha=_T_EXP2.alpha / 2))
        j.test(stats.one_sample("noise: mean drop − max drop (equivalence)", arms["noise"],
                                _T_EXP2_NOISE_EQ, alpha=_T_EXP2_NOISE_EQ.alpha / 2))
    else:
        for r in stats.per_arm(arms, _T_EXP2):
            j.test(r)
    return j


@claim("multisets.exp2.mean_robust_to_outlier_max_robust_to_noise", kind="empirical",
       where="Sec. 4, Table 2, Prop. 3.6, Prop. C.2", expected="undecided",
       corrected_by="multisets.exp2.outlier_hurts_max_noise_hurts_both_alike",
       evidence=("observation",), statement="Adding one high-norm element costs a mean network less accuracy than a max network (paper: 2.0 vs 20.1 points), and uniform noise U(0, 0.2)^d on every element costs the mean network more than the max network (13.6 vs 4.8 points).",
       source=("secondary", _ANN + " (Table 2: 2.0 vs 20.1 and 13.6 vs 4.8 points)"),
       setting=_SHAPES,
       test=_T_EXP2)
def _exp2(quick: bool = False, seed: int = 0):
    from numerics.multisets.experiments import perturbation_experiment

    res = perturbation_experiment(quick, seed)
    measured, expected, note = _exp2_evidence(res)
    _decidable(quick, "a paired difference over seeds (clouds of 20-40 points, 120 training "
               "sets)", measured)
    return _exp2_judge(res, False).evidence(
        measured=measured, expected=expected,
        note=note + " Counterexample: the noise half is not reproduced (see advantage/noise).")


@claim("multisets.exp2.outlier_hurts_max_noise_hurts_both_alike", kind="empirical",
       where="Sec. 4, Table 2 (corrected)", expected="corrected", evidence=("observation",),
       statement="On unit-variance 3-D shape clouds, one high-norm element costs the max network more accuracy than the mean network, while U(0, 0.2)^3 noise on every element costs both networks alike (paired difference within ±4 points, our margin).",
       source=("ours", "our corrected pattern; the equivalence margin of 4 points is ours"),
       setting=_SHAPES,
       test=_T_EXP2_NOISE_EQ)
def _exp2_corrected(quick: bool = False, seed: int = 0):
    from numerics.multisets.experiments import perturbation_experiment

    res = perturbation_experiment(quick, seed)
    measured, expected, note = _exp2_evidence(res)
    _decidable(quick, "a paired difference over seeds (clouds of 20-40 points, 120 training "
               "sets)", measured)
    return _exp2_judge(res, True).evidence(
        measured=measured, expected=expected,
        note=note + " Observation over 5 seeds; the slack is the margin of each paired "
        "difference to its 2 SE threshold (see measured).")


def _exp3_measured(res):
    from numerics.multisets.experiments import PAPER

    measured = {f"{p}/{d}": _r(res.correlation(p, d)) for p in res.pools
                for d in ("up", "down", "all")}
    expected = {f"{p}/{d}": r for (p, d), r in PAPER["fig3_r"].items()}
    acc = {p: [round(float(a), 1) for a in v] for p, v in res.in_bin_accuracy.items()}
    note = (f"Digits point clouds in {len(res.bins)} size bins {res.bins}; in-bin test accuracy "
            f"(%) {acc}; Pearson r over ordered bin pairs (up: train on smaller sets). W1 by POT "
            f"between {res.w1_sample} multisets per bin, ground metric EMD (mean) / Hausdorff (max).")
    return measured, expected, note


@claim("multisets.exp3.accuracy_drop_correlates_with_w1", kind="empirical",
       where="Sec. 4, Fig. 3, Thm 3.7", expected="undecided",
       corrected_by="multisets.exp3.drop_correlation_positive_but_weaker",
       evidence=("observation",), statement="Training on one bin of set sizes and testing on another, the accuracy drop "
       "correlates strongly with W1 between the bins' distributions of multisets (paper r = "
       "0.92/0.94 for mean networks with EMD ground metric, 0.90/0.90 for max with Hausdorff); "
       "checked as r >= 0.8 in both directions for both networks.",
       source=("secondary", _ANN + " (Fig. 3, r ≈ 0.9; Fig. 7, 0.917/0.941); the threshold r ≥ 0.8 in both directions is ours"),
       setting=_DIGITS)
def _exp3(quick: bool = False, seed: int = 0):
    from numerics.multisets.experiments import shift_experiment

    res = shift_experiment(quick, seed)
    measured, expected, note = _exp3_measured(res)
    _decidable(quick, "a correlation (4 bins: 6 bin pairs per direction)", measured)
    j = Judge()
    for p in res.pools:
        for d in ("up", "down"):
            j.ge(f"{p}/{d}: Pearson r vs 0.8", res.correlation(p, d), 0.8)
    return j.evidence(measured=measured, expected=expected, note=note)


@claim("multisets.exp3.drop_correlation_positive_but_weaker", kind="empirical",
       where="Sec. 4, Fig. 3 (corrected)", expected="corrected", evidence=("observation",),
       statement="The accuracy drop across set-size bins correlates positively with W1 for mean "
       "(EMD) and max (Hausdorff) networks: r > 0 in both directions and the correlation over "
       "all ordered pairs is significant (one-sided Pearson p < 0.05), though weaker than the "
       "paper's r of about 0.9.",
       source=("ours", "our weaker statement: r > 0 and a one-sided Pearson test"),
       setting=_DIGITS)
def _exp3_corrected(quick: bool = False, seed: int = 0):
    from scipy.stats import pearsonr

    from numerics.multisets.experiments import shift_experiment

    res = shift_experiment(quick, seed)
    measured, expected, note = _exp3_measured(res)
    _decidable(quick, "a correlation (4 bins: 6 bin pairs per direction)", measured)
    pvals = {p: float(pearsonr(*res.pairs(p), alternative="greater").pvalue) for p in res.pools}
    measured.update({f"{p}/p_value": float(f"{v:.2g}") for p, v in pvals.items()})
    j = Judge()
    for p in res.pools:
        for d in ("up", "down"):
            j.ge(f"{p}/{d}: Pearson r vs 0", res.correlation(p, d), 0.0, scale=1.0)
        j.le(f"{p}: one-sided p-value vs 0.05", pvals[p], 0.05)
    return j.evidence(measured=measured, expected=expected,
                      note=note + " Observation; the p-values treat the ordered pairs as "
                      "independent, which they are not quite (pairs share a trained network).")


@claim("multisets.exp3.shift_bound_holds_but_vacuous", kind="empirical",
       where="Thm 3.7, Fig. 7", evidence=("observation",),
       statement="With the networks' Lipschitz constants L (product of spectral norms), the term "
       "2 L W1 of Thm 3.7's bound eps_T <= eps_S + 2 L W1 + lambda exceeds 1 on every train/test "
       "bin pair, so the bound says nothing about a 0-1 error (it holds trivially).",
       source=("secondary", _ANN + " (the annotator notes 2LW1 > 1 in Fig. 7, so the bound is vacuous)"),
       setting=_DIGITS)
def _exp3_vacuous(quick: bool = False, seed: int = 0):
    from numerics.multisets.experiments import shift_experiment

    res = shift_experiment(quick, seed)
    n = len(res.bins)
    off = ~np.eye(n, dtype=bool)
    j = Judge()
    terms = {}
    for p in res.pools:
        T = 2 * res.lipschitz[p][:, None] * res.w1[res.ground(p)]
        terms[p] = float(T[off].min())
        j.ge(f"{p}: min over bin pairs of 2 L W1 vs 1 (a 0-1 error is <= 1)", terms[p], 1.0)
    return j.evidence(note="Observation with a large slack: min 2LW1 = "
                      + ", ".join(f"{p} {v:.1f}" for p, v in terms.items())
                      + " against 0-1 errors <= 1, so the bound holds trivially and checking "
                      "it says nothing (the previous 'bound holds' part is dropped for that "
                      "reason). L is the network's constant under its ground distance (mean: "
                      "EMD, max: Hausdorff). The paper notes the bound is vacuous for its "
                      "Amazon experiment (Fig. 7); it is here too.")
