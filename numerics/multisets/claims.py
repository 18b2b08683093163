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
_SHAPES = ("analogue", ("synthetic upright 3-D shape clouds (40–80 points) as a ModelNet40 "
           "stand-in; small DeepSets/PointNet-style networks trained by us"))
_DIGITS = ("analogue", ("sklearn digits as point clouds in set-size bins instead of the paper's "
           "Polarity/Amazon documents; small set networks trained by us"))
#: Table 2's pattern, tested on the paired per-seed accuracy drops (5 seeds).
_T_EXP2 = Preregistered(
    statistic="paired difference of accuracy drops over seeds, in the paper's direction: max − "
    "mean for the added outlier, mean − max for U(0, 0.2)^3 noise (two arms, Bonferroni)",
    alternative="greater", seeds=5, effect=8.8,
    effect_source="paper: Table 2 as quoted by the annotation, 13.6 − 4.8 = 8.8 points (noise); "
    "about 20 − 2 = 18 (outlier)", alpha=0.05)
_T_EXP2_NOISE_EQ = Preregistered(
    statistic="paired difference of accuracy drops under U(0, 0.2)^3 noise, mean − max, over "
    "seeds", alternative="equivalence", margin=4.0, seeds=5, effect=4.0,
    effect_source="ours: equivalence margin of 4 points", alpha=0.05)

_FIG1_R_MIN = min((0.98, 0.99, 0.67))  # the smallest latent correlation the paper reports
#: Seeds of the full runs of experiments 1 and 3 (each trains its own networks; quick mode
#: runs 2 seeds of experiment 1 and one of experiment 3, which then cannot decide).
EXP1_SEEDS, EXP3_SEEDS = 3, 3
_T_EXP1_BOUND = Preregistered(
    statistic="per seed, the largest measured ratio / bound over all cells and pairs (a "
    "theorem's bound: any value above 1 is a counterexample, judged apart)",
    alternative="less", threshold=1.0, seeds=EXP1_SEEDS, effect=0.2,
    effect_source="ours: a fifth of the bound", alpha=0.05)
_T_EXP1_TIGHT = Preregistered(
    statistic="paired difference over seeds of the largest ratio / constant (1 = attained), "
    "mean/EMD − max/Hausdorff, on the latent multisets",
    alternative="greater", seeds=EXP1_SEEDS, effect=0.2,
    effect_source="ours: a fifth of the constant", alpha=0.05)
_T_EXP1_CORR = Preregistered(
    statistic="Fisher z of the Pearson r between aggregator change and paired distance over "
    "the pairs of one seed's sample, minus atanh(0.67), per aggregator (Bonferroni over 3)",
    alternative="greater", seeds=EXP1_SEEDS, effect=0.5,
    effect_source="ours: 0.5 in z (r 0.67 -> 0.85); the paper's r reach 0.98-0.99", alpha=0.05)
_T_EXP3_CORR = Preregistered(
    statistic="Fisher z of the Pearson r between accuracy drop and W1 over one seed's bin "
    "pairs, minus atanh(0.8), per network and direction (Bonferroni over 4)",
    alternative="greater", seeds=EXP3_SEEDS, effect=0.49,
    effect_source="ours: 0.49 in z = atanh(0.92) − atanh(0.8), kept unchanged as registered; "
    "the 0.92 was entered as a per-arm Fig. 3 value (mean, small → large) that "
    "the public reading does not contain. What it does quote: Fig. 3 r ≈ 0.9, one value for "
    "all arms (0.37 in z above atanh(0.8)), and Fig. 7 r = 0.917 mean/EMD, 0.941 max/Hausdorff "
    "(0.48 and 0.65 in z)", alpha=0.05)
_T_EXP3_POS = Preregistered(
    statistic="Fisher z of the Pearson r between accuracy drop and W1 over one seed's bin "
    "pairs, per network and direction (Bonferroni over 4)",
    alternative="greater", seeds=EXP3_SEEDS, effect=0.55,
    effect_source="ours: r = 0.5 (z 0.55), a moderate positive correlation", alpha=0.05)
_T_EXP3_VACUOUS = Preregistered(
    statistic="per seed and network, log10 of the smallest 2 L W1 over train/test bin pairs "
    "(> 0: the bound's shift term exceeds any 0-1 error)",
    alternative="greater", seeds=EXP3_SEEDS, effect=0.5,
    effect_source="ours: a factor 3 above 1", alpha=0.05)


def _decidable(quick: bool, what: str, measured) -> None:
    """The qualitative patterns of Table 2 and Fig. 3 are decided on the full-size runs only."""
    if quick:
        from iclr26_verify.registry.display import fmt_value

        raise Unavailable(f"quick mode is too small to decide {what} (run without --quick); "
                          f"quick-mode numbers: {fmt_value(measured, 3)}")


def _r(x, digits=3):
    return None if x is None or not math.isfinite(x) else round(float(x), digits)


@claim("multisets.exp1.latent_ratios_under_bound", kind="empirical",
       where="Thm 3.1, Thm 3.4; Figs. 1, 2, 5", evidence=("search", "observation"),
       test=_T_EXP1_BOUND,
       statement="For trained set networks and all pairs of a sample of multisets, the change of "
       "the aggregator on the latent multisets and of the whole network never exceeds the "
       "theoretical constant times the paired distance (mean/EMD, sum/matching, max/Hausdorff "
       "with sqrt of the pooled width; product of spectral norms for the networks).",
       source=("secondary", _ANN),
       setting=_SHAPES)
def _exp1_bound(quick: bool = False, seed: int = 0):
    from iclr26_verify.registry import stats
    from numerics.multisets.experiments import BOUND_SLACK

    runs = _exp1_runs(quick, seed)
    res = runs[0]
    cells = res.paired("aggregator") + res.paired("network")
    j = Judge()
    # A bound on every pair of every network: one violation refutes it, so this is a search
    # over instances (not adversarial), not an estimate over seeds.
    for p in cells:
        worst = max(r.panel(p.level, p.pool, p.distance).tightness for r in runs)
        j.le(f"{p.level}/{p.pool}/{p.distance}: max ratio / bound over {len(runs)} seeds",
             worst, 1.0, rtol=BOUND_SLACK)
    violations = sum(p.violations for r in runs
                     for p in r.paired("aggregator") + r.paired("network"))
    j.fact(f"no pair of any of {len(runs)} seeds violates its bound", violations == 0)
    j.test(stats.one_sample("largest ratio / bound over cells, per seed",
                            [max(p.tightness for p in r.paired("aggregator") + r.paired("network"))
                             for r in runs], _T_EXP1_BOUND))
    agg = {p.pool: _r(p.tightness, 4) for p in res.paired("aggregator")}
    net = {p.pool: _r(p.tightness, 4) for p in res.paired("network")}
    return j.evidence(note=f"Search over {len(runs)} seeds x {len(cells)} cells x "
                      f"{len(cells[0].dist)} pairs of shape clouds (sizes vary), not "
                      "adversarial; each value is the largest measured ratio divided by the "
                      f"bound. Slack (seed {seed}): aggregator level {agg}, network level {net} "
                      "(the network bounds are loose by 1-2 orders of magnitude, so this row "
                      "cannot tell a wrong network constant; the theory rows "
                      "multisets.thm34.* / lemma35.* carry witness networks that attain them). "
                      f"Test accuracy { {k: _r(v) for k, v in res.test_accuracy.items()} }.")


@claim("multisets.exp1.mean_emd_tighter_than_max_hausdorff", kind="empirical",
       where="Sec. 4, Fig. 1", evidence=("observation",), test=_T_EXP1_TIGHT,
       statement="On the latent multisets the mean/EMD constant is nearly attained while the "
       "max/Hausdorff constant (sqrt of the width) is loose: the largest measured ratio reaches a "
       "larger fraction of its constant for mean/EMD than for max/Hausdorff.",
       source=("secondary", _ANN),
       setting=_SHAPES)
def _exp1_tightness(quick: bool = False, seed: int = 0):
    from iclr26_verify.registry import stats

    runs = _exp1_runs(quick, seed)
    tight = {name: np.array([r.panel("aggregator", pool, dist).tightness for r in runs])
             for name, pool, dist in (("mean/EMD", "mean", "emd"),
                                      ("max/H", "max", "hausdorff"),
                                      ("sum/M", "sum", "matching"))}
    j = Judge()
    j.test(stats.paired("mean/EMD − max/H tightness", tight["mean/EMD"], tight["max/H"],
                        _T_EXP1_TIGHT))
    return j.evidence(measured={k: [_r(x) for x in v] for k, v in tight.items()},
                      note=f"Largest ratio / constant over all pairs (1 = attained), per seed "
                      f"({len(runs)} seeds). The paper shows mean/EMD points along the line and "
                      "max/H points far below it.")


@claim("multisets.exp1.latent_distance_correlates_with_paired_distance", kind="empirical",
       where="Sec. 4, Fig. 1", evidence=("observation",), test=_T_EXP1_CORR,
       statement="On the latent multisets the change of each aggregator correlates strongly with "
       "its paired distance (Pearson r at least 0.67, the smallest of the paper's 0.98, 0.99, "
       "0.67) for mean/EMD, sum/matching and max/Hausdorff, tested over seeds.",
       source=("secondary", _ANN + "; the threshold 0.67 (smallest reported r) is ours"),
       setting=_SHAPES)
def _exp1_corr(quick: bool = False, seed: int = 0):
    from iclr26_verify.registry import stats

    runs = _exp1_runs(quick, seed)
    r_by = {f"{p.pool}/{p.distance}": [r.panel("aggregator", p.pool, p.distance).pearson
                                       for r in runs] for p in runs[0].paired("aggregator")}
    j = Judge()
    for t in stats.per_arm({k: _fisher_z(v) - math.atanh(_FIG1_R_MIN) for k, v in r_by.items()},
                           _T_EXP1_CORR):
        j.test(t)
    net = {f"{p.pool}/{p.distance}": _r(p.pearson) for p in runs[0].paired("network")}
    return j.evidence(measured={k: [_r(x) for x in v] for k, v in r_by.items()},
                      note=f"Pearson r over all pairs of each seed's sample ({len(runs)} seeds; "
                      "the paper does not say which correlation belongs to which aggregator), "
                      "tested on Fisher's z so the interval respects |r| < 1; threshold 0.67 "
                      f"fixed from the paper before running. At the network level (seed "
                      f"{seed}) r = {net}.")


#: Fig. 6 analogue, registered 2026-12-05 before any attention panel was looked at.
_T_FIG6 = Preregistered(
    statistic="per seed, the smallest Fisher z of r(aggregator change, paired distance) over "
    "mean/EMD, sum/matching, max/Hausdorff minus the largest Fisher z of r(attention change, "
    "distance) over EMD, Hausdorff, matching, on the latent multisets",
    alternative="greater", seeds=EXP1_SEEDS, effect=0.3,
    effect_source="ours: 0.3 in z (about r 0.9 -> 0.8 at the top of the range)", alpha=0.05)


@claim("multisets.fig6.attention_correlates_less", kind="empirical",
       where="App. experiments, Fig. 6 (attention pooling)", evidence=("observation",),
       test=_T_FIG6, expected="undecided",
       statement="On the latent multisets of trained set networks, the change of the "
       "attention-pooled vector correlates less with every multiset distance than the change of "
       "sum, mean and max correlates with their own distances (matching, EMD, Hausdorff): even "
       "attention's best-correlated distance stays below the weakest of the three.",
       source=("secondary", _ANN + "; the annotation reports Fig. 6's finding, not its numbers"),
       setting=_SHAPES)
def _fig6_attention(quick: bool = False, seed: int = 0):
    from iclr26_verify.registry import stats

    runs = _exp1_runs(quick, seed)
    best_att = [max(r.panel("aggregator", "attention", d).pearson
                    for d in ("emd", "hausdorff", "matching")) for r in runs]
    worst_paired = [min(p.pearson for p in r.paired("aggregator")) for r in runs]
    diff = _fisher_z(worst_paired) - _fisher_z(best_att)
    j = Judge()
    j.test(stats.one_sample("weakest paired-aggregator z − best attention z, per seed", diff,
                            _T_FIG6))
    att = {d: [_r(r.panel("aggregator", "attention", d).pearson) for r in runs]
           for d in ("emd", "hausdorff", "matching")}
    return j.evidence(measured={"attention r by distance": att,
                                "weakest paired r": [_r(x) for x in worst_paired]},
                      note=f"Pearson r over all pairs of each seed's sample ({len(runs)} seeds) "
                      "of the exp1 runs (shared with Figs. 1-2). The statistic compares "
                      "attention's best distance with the weakest of the three Lipschitz "
                      "pairings, so it is the demanding reading of 'correlates less'.")


#: Table 3 analogue (ModelNet40 column only), registered 2026-12-05 before the exp1 test
#: accuracies were looked at.
_T_TABLE3 = Preregistered(
    statistic="per seed, test accuracy of the max network minus the better of the mean and "
    "sum networks, in points, on the exp1 shape clouds",
    alternative="greater", seeds=EXP1_SEEDS, effect=13.8,
    effect_source="paper: Table 3 as quoted by the annotation, ModelNet40 max 77.2 against "
    "mean 63.4 (and sum 60.1): 13.8 points", alpha=0.05)


@claim("multisets.table3.max_most_accurate_on_point_clouds", kind="empirical",
       where="Sec. 4, Table 3 (ModelNet40 column)", evidence=("observation",), test=_T_TABLE3,
       statement="On point clouds (the ModelNet40 column of Table 3), the max network is more "
       "accurate than both the mean and the sum network.",
       source=("secondary", _ANN + " (Table 3: ModelNet40 77.2 max, 63.4 mean, 60.1 sum; the "
               "Polarity, IMDB and IMDB-BINARY columns are not run)"),
       setting=_SHAPES)
def _table3_max(quick: bool = False, seed: int = 0):
    from iclr26_verify.registry import stats

    runs = _exp1_runs(quick, seed)
    # test_accuracy is a fraction in [0, 1]; the paper and the test are in points
    acc = {p: [100 * float(r.test_accuracy[p]) for r in runs] for p in ("sum", "mean", "max")}
    diff = np.array(acc["max"]) - np.maximum(acc["mean"], acc["sum"])
    j = Judge()
    j.test(stats.one_sample("max − best of (mean, sum) accuracy, points, per seed", diff,
                            _T_TABLE3))
    return j.evidence(measured={f"{p} accuracy": [_r(x, 2) for x in v] for p, v in acc.items()},
                      note=f"Test accuracies of the exp1 networks ({len(runs)} seeds, the same "
                      "runs as Figs. 1-2 and the attention row); only the point-cloud column of "
                      "Table 3 has an analogue here.")


#: App. E.3 analogue, registered 2026-12-05 before the first run.
_T_E3 = Preregistered(
    statistic="per data seed, log of (mean Hausdorff distance between a test cloud and the "
    "same cloud with Pert. #1's outlier added) / (mean Hausdorff distance between two test "
    "clouds of the same class)",
    alternative="greater", seeds=5, effect=math.log(2.63),
    effect_source="paper: App. E.3 as quoted by the annotation, ratio 2.63 on ModelNet40",
    alpha=0.05)


@claim("multisets.appE3.outlier_moves_cloud_beyond_its_class", kind="empirical",
       where="App. E.3", evidence=("observation",), test=_T_E3, expected="undecided",
       statement="With Table 2's outlier perturbation (the highest-norm point of the test set "
       "added to every cloud), a perturbed cloud lies farther, in Hausdorff distance, from its "
       "own original than the clouds of its class lie from each other, on average.",
       source=("secondary", _ANN + " (App. E.3: on average 2.63 times farther on ModelNet40)"),
       setting=_SHAPES)
def _appE3(quick: bool = False, seed: int = 0):
    """No training: the shape clouds of the exp2 splits (data seeds seed..seed+4), the outlier
    of Pert. #1 (experiments.perturbation_experiment) and Hausdorff distances by
    :func:`theory.multisets.hausdorff`. The ratio's size depends on where the data put their
    highest-norm point, as on ModelNet40; only its direction is tested."""
    from iclr26_verify.registry import stats
    from numerics.multisets.experiments import _shapes_split, add_outlier, config
    from theory.multisets import hausdorff

    cfg = config(quick)
    n_sets = 12 if quick else 24  # test clouds per class used for the within-class mean
    logs, ratios = [], []
    for s in range(_T_E3.seeds):
        _, (Xte, yte) = _shapes_split(cfg["shapes_per_class"], cfg["shape_points"], seed + s)
        allpts = np.vstack(Xte)
        w = allpts[np.argmax(np.linalg.norm(allpts, axis=1))]
        yte = np.asarray(yte)
        moved, within = [], []
        for c in np.unique(yte):
            idx = np.flatnonzero(yte == c)[:n_sets]
            clouds = [Xte[i] for i in idx]
            moved += [hausdorff(X, Xp) for X, Xp in zip(clouds, add_outlier(clouds, w))]
            within += [hausdorff(clouds[a], clouds[b]) for a in range(len(clouds))
                       for b in range(a + 1, len(clouds))]
        ratios.append(float(np.mean(moved) / np.mean(within)))
        logs.append(math.log(ratios[-1]))
    j = Judge()
    j.test(stats.one_sample("log(perturbed-vs-own / within-class Hausdorff), per data seed",
                            logs, _T_E3))
    return j.evidence(measured={"ratio per data seed": [_r(x) for x in ratios]},
                      note=f"{_T_E3.seeds} data seeds, up to {n_sets} test clouds per class; the "
                      "paper's 2.63 is a ModelNet40 average and is not expected here.")


def _exp1_runs(quick: bool, seed: int) -> list:
    from numerics.multisets.experiments import lipschitz_experiment

    return [lipschitz_experiment(quick, seed + s) for s in range(2 if quick else EXP1_SEEDS)]


def _fisher_z(r) -> np.ndarray:
    """atanh of correlations; |r| = 1 (a degenerate sample) would be infinite: refused."""
    r = np.asarray(r, dtype=float)
    if not np.all(np.abs(r) < 1):
        raise ValueError(f"a Pearson r of ±1 has no Fisher z (degenerate sample): {r.tolist()}")
    return np.arctanh(r)


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
    expected = {f"{p}/{q}": f"{m}" if s is None else f"{m} ± {s}"
                for (p, q), (m, s) in PAPER["table2"].items()}
    dc = {f"{q}/{d}": _r(v) for (q, d), v in res.distance_change.items()}
    clean = {p: _r(float(v.mean()), 1) for p, v in res.clean.items()}
    note = (f"Accuracy drops in points, mean ± std over {len(res.outlier_norm)} seeds of upright "
            f"shape clouds (ModelNet40 stand-in; clean accuracy {clean} %); advantage = paired "
            "difference in the paper's direction (max - mean for the outlier, mean - max for "
            f"noise), tested over seeds. Added element of norm "
            f"{np.mean(res.outlier_norm):.2f} (not comparable with App. E.3's 2.63, which per "
            "the reading measures how much farther, in Hausdorff distance, a perturbed cloud "
            "lies from its original than same-class clouds do); mean input "
            f"change {dc}: the outlier moves EMD by sum|v-w|/(n(n+1)) but Hausdorff by "
            "min|v-w| (Prop. 3.6), while the noise moves both by at most 0.2*sqrt(3) "
            "(Prop. C.2).")
    return measured, expected, note


def _exp2_judge(res, corrected: bool) -> Judge:
    from iclr26_verify.registry import stats

    arms = {"outlier": res.drops[("max", "outlier")] - res.drops[("mean", "outlier")],
            "noise": res.drops[("mean", "noise")] - res.drops[("max", "noise")]}
    j = Judge()
    if corrected:
        j.test(stats.one_sample("outlier: max drop − mean drop", arms["outlier"], _T_EXP2,
                                alpha=_T_EXP2.level / 2))
        j.test(stats.one_sample("noise: mean drop − max drop (equivalence)", arms["noise"],
                                _T_EXP2_NOISE_EQ, alpha=_T_EXP2_NOISE_EQ.level / 2))
    else:
        for r in stats.per_arm(arms, _T_EXP2):
            j.test(r)
    return j


@claim("multisets.exp2.mean_robust_to_outlier_max_robust_to_noise", kind="empirical",
       where="Sec. 4, Table 2, Prop. 3.6, Prop. C.2", expected="undecided",
       corrected_by="multisets.exp2.outlier_hurts_max_noise_hurts_both_alike",
       evidence=("observation",), statement="Adding one high-norm element costs a mean network less accuracy than a max network (paper: about 2 vs 20 points), and uniform noise U(0, 0.2)^d on every element costs the mean network more than the max network (13.6 vs 4.8 points).",
       source=("secondary", _ANN + " (Table 2: about 2 vs 20 points for the outlier, 13.6 vs 4.8 for the noise)"),
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
       where="Sec. 4, Table 2 (corrected)", expected="undecided", relation="corrects", evidence=("observation",),
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


def _exp3_runs(quick: bool, seed: int) -> list:
    from numerics.multisets.experiments import shift_experiment

    return [shift_experiment(quick, seed + s) for s in range(1 if quick else EXP3_SEEDS)]


def _exp3_z(runs, offset: float) -> dict:
    return {f"{p}/{d}": _fisher_z([r.correlation(p, d) for r in runs]) - offset
            for p in runs[0].pools for d in ("up", "down")}


def _exp3_measured(res, runs=None):
    from numerics.multisets.experiments import PAPER

    runs = runs or [res]
    measured = {f"{p}/{d}": [_r(r.correlation(p, d)) for r in runs] for p in res.pools
                for d in ("up", "down", "all")}
    expected = {f"{p}/{d}": r for (p, d), r in PAPER["fig3_r"].items()}
    acc = {p: [round(float(a), 1) for a in v] for p, v in res.in_bin_accuracy.items()}
    note = (f"Digits point clouds in {len(res.bins)} size bins {res.bins}; in-bin test accuracy "
            f"(%) {acc}; Pearson r over ordered bin pairs (up: train on smaller sets). W1 by POT "
            f"between {res.w1_sample} multisets per bin, ground metric EMD (mean) / Hausdorff (max).")
    return measured, expected, note


@claim("multisets.exp3.accuracy_drop_correlates_with_w1", kind="empirical",
       where="Sec. 4, Fig. 3 (r ≈ 0.9); Fig. 7 (0.917 mean/EMD, 0.941 max/Hausdorff); Thm 3.7",
       expected="undecided",
       corrected_by="multisets.exp3.drop_correlation_positive_but_weaker",
       evidence=("observation",), statement="Training on one bin of set sizes and testing on "
       "another, the accuracy drop correlates strongly with W1 between the bins' distributions "
       "of multisets, for mean networks (EMD ground metric) and max networks (Hausdorff); the "
       "public reading quotes r ≈ 0.9 for Fig. 3 (Polarity length bins, not split by network or "
       "direction) and r = 0.917 (mean/EMD), 0.941 (max/Hausdorff) for Fig. 7 (Amazon domains). "
       "Checked as r >= 0.8 in both directions (train on smaller / on larger sets) for both "
       "networks, over seeds; the split by direction is ours.",
       source=("secondary", _ANN + " (Fig. 3: r ≈ 0.9, not split by network or direction; "
               "Fig. 7: 0.917 mean/EMD, 0.941 max/Hausdorff); the threshold r ≥ 0.8, the split "
               "by direction and the test's effect are ours"),
       setting=_DIGITS, test=_T_EXP3_CORR)
def _exp3(quick: bool = False, seed: int = 0):
    from iclr26_verify.registry import stats

    runs = _exp3_runs(quick, seed)
    measured, expected, note = _exp3_measured(runs[0], runs)
    _decidable(quick, "a correlation over seeds (one quick seed, 4 bins)", measured)
    j = Judge()
    for t in stats.per_arm(_exp3_z(runs, math.atanh(0.8)), _T_EXP3_CORR):
        j.test(t)
    return j.evidence(measured=measured, expected=expected,
                      note=note + f" Tested over {len(runs)} seeds on Fisher's z.")


# 3 seeds: mean/down is undecided (z 0.51 [−0.15, 1.17], power 0.49), the other arms hold
@claim("multisets.exp3.drop_correlation_positive_but_weaker", kind="empirical",
       where="Sec. 4, Fig. 3 (corrected)", expected="undecided", relation="corrects",
       evidence=("observation",),
       statement="The accuracy drop across set-size bins correlates positively with W1 for mean "
       "(EMD) and max (Hausdorff) networks: r > 0 in both directions and the correlation over "
       "positive in each direction over seeds (one-sided test on Fisher's z), though weaker "
       "than the paper's r of about 0.9.",
       source=("ours", "our weaker statement: r > 0 over seeds"),
       setting=_DIGITS, test=_T_EXP3_POS)
def _exp3_corrected(quick: bool = False, seed: int = 0):
    from iclr26_verify.registry import stats

    runs = _exp3_runs(quick, seed)
    measured, expected, note = _exp3_measured(runs[0], runs)
    _decidable(quick, "a correlation over seeds (one quick seed, 4 bins)", measured)
    j = Judge()
    for t in stats.per_arm(_exp3_z(runs, 0.0), _T_EXP3_POS):
        j.test(t)
    return j.evidence(measured=measured, expected=expected,
                      note=note + f" Tested over {len(runs)} seeds (each trains its own "
                      "networks) on Fisher's z, so bin pairs that share a network are never "
                      "counted as independent.")


@claim("multisets.exp3.shift_bound_holds_but_vacuous", kind="empirical",
       where="Thm 3.7, Fig. 7 (the annotator's observation, not a statement of the paper)",
       expected="extension", evidence=("observation",),
       statement="With the networks' Lipschitz constants L (product of spectral norms), the term "
       "2 L W1 of Thm 3.7's bound eps_T <= eps_S + 2 L W1 + lambda exceeds 1 on every train/test "
       "bin pair, so the bound says nothing about a 0-1 error (it holds trivially).",
       source=("secondary", _ANN + " (the annotator notes 2LW1 > 1 in Fig. 7, so the bound is vacuous)"),
       setting=_DIGITS, test=_T_EXP3_VACUOUS)
def _exp3_vacuous(quick: bool = False, seed: int = 0):
    from iclr26_verify.registry import stats

    runs = _exp3_runs(quick, seed)
    res = runs[0]
    off = ~np.eye(len(res.bins), dtype=bool)
    smallest = {p: [float((2 * r.lipschitz[p][:, None] * r.w1[r.ground(p)])[off].min())
                    for r in runs] for p in res.pools}
    _decidable(quick, "a magnitude over seeds (one quick seed)", smallest)
    j = Judge()
    for t in stats.per_arm({p: np.log10(v) for p, v in smallest.items()}, _T_EXP3_VACUOUS):
        j.test(t)
    terms = {p: min(v) for p, v in smallest.items()}
    return j.evidence(measured={p: [round(x, 2) for x in v] for p, v in smallest.items()},
                      note=f"{len(runs)} seeds; smallest 2LW1 over seeds = "
                      + ", ".join(f"{p} {v:.1f}" for p, v in terms.items())
                      + " against 0-1 errors <= 1, so the bound holds trivially and checking "
                      "it says nothing (the previous 'bound holds' part is dropped for that "
                      "reason). L is the network's constant under its ground distance (mean: "
                      "EMD, max: Hausdorff). The bound is noted to be vacuous for the paper's "
                      "Amazon experiment (Fig. 7) by the annotator ('Questions and doubts'; the paper "
                      "correlates the bound's terms but does not evaluate it); it is here too.")
