"""Empirical claims of the CS fairness paper, checked on the sweep of
:mod:`numerics.fairness.experiments` (real tabular data and coloured digits, 5 seeds in full
mode; ``quick``: COMPAS and Titanic, 3 seeds, half the steps, two λ per method).

The paper's empirical statements are known here only from its abstract (arXiv 2512.09467v1; the
HTML body beyond its first page was not seen): CS "consistently improves" DP and EO "while
maintaining competitive accuracy", and gives a "more stable utility–fairness trade-off across
hyperparameter settings compared to prior regularizers". We make them checkable as follows
(ours, fixed before looking at the numbers): *competitive* = mean test accuracy within 2 points
of ERM's; a method's operating point on a data set is its competitive λ with the lowest mean ΔDP
(or ΔEO). Every comparison is a pre-registered paired test over the 5 seeds
(:mod:`iclr26_verify.registry.stats`; same split and initialisation per seed), one arm per data set at a
Bonferroni share of α = 0.05; non-significance leaves a row undecided, never refuted.
"""

from __future__ import annotations

import numpy as np

from theory.claims import Judge, Preregistered, Unavailable, claim

_WHERE = "arXiv 2512.09467v1, abstract (experiments; body not seen)"
_ABS = ("arXiv 2512.09467v1 abstract: CS consistently improves DP and EO at competitive "
        "accuracy on four tabular benchmarks and one image data set")
_ANALOGUE = ("analogue", ("our light replication: Adult, COMPAS, German credit, Titanic (offline "
             "copies) and coloured sklearn digits instead of the paper's image data set; small "
             "MLPs, 5 seeds, λ grids of ours; baselines (DiffDP, MMD, HSIC, prejudice remover, "
             "adversarial debiasing, DiffEOpp, MMD-EO) re-implemented by us"))
_NOT_QUICK = ("undecided in quick mode: quick mode runs COMPAS and Titanic only (3 seeds, half "
              "the steps); the claim is about every data set and is decided by the full run")
_OURS_PP = "ours: smallest effect of interest, 2 points of ΔDP"


def _by_seed(sw, name, method, metric, lam=None) -> np.ndarray:
    """Per-seed ``metric`` of one (data set, method, λ) cell, in seed order (ERM: no λ)."""
    kw = {"dataset": name, "method": method} if lam is None else {
        "dataset": name, "method": method, "lam": lam}
    got = {r["seed"]: r[metric] for r in sw.select(**kw)}
    return np.array([got[s] for s in sw.seeds])


def _operating_points(sw, name, metric, eo_targets=False):
    """CS's and each baseline's competitive λ with the lowest mean ``metric``
    (:func:`numerics.fairness.experiments.select_competitive`)."""
    from numerics.fairness.experiments import select_competitive

    ours, pool = ("cs_eo", sw.eo_methods) if eo_targets else ("cs", sw.methods)
    pts = {m: select_competitive(sw, name, m, metric) for m in pool}
    return ours, pts


def _vs_best(quick, metric, eo_targets=False):
    """Per data set: the per-seed difference best baseline − CS of ``metric`` at their
    operating points (the best baseline: the lowest competitive mean), and facts."""
    from numerics.fairness.experiments import sweep

    sw = sweep(quick)
    arms, labels, competitive = {}, {}, {}
    for name in sw.datasets:
        ours, pts = _operating_points(sw, name, metric, eo_targets)
        base = {m: p for m, p in pts.items() if m != ours and p["competitive"]}
        best = min(base, key=lambda m: base[m][metric])
        arms[name] = (_by_seed(sw, name, best, metric, base[best]["lam"])
                      - _by_seed(sw, name, ours, metric, pts[ours]["lam"]))
        labels[name] = f"{best} λ={base[best]['lam']:g} vs {ours} λ={pts[ours]['lam']:g}"
        competitive[name] = pts[ours]["competitive"]
    return arms, labels, competitive


def _lambda_drops(quick: bool) -> tuple[dict, float]:
    """Per data set, per seed: ΔDP(ERM) − ΔDP(CS at the largest λ) (same split and
    initialisation per seed)."""
    from numerics.fairness.experiments import sweep

    sw = sweep(quick)
    out, lam = {}, None
    for name in sw.datasets:
        lam = max(r["lam"] for r in sw.select(dataset=name, method="cs"))
        out[name] = _by_seed(sw, name, "erm", "dp") - _by_seed(sw, name, "cs", "dp", lam)
    return out, lam


_T_DROP = Preregistered(
    statistic="paired difference of test ΔDP, ERM − CS at the largest λ, over seeds, one arm "
    "per data set (5 arms, Bonferroni)", alternative="greater", seeds=5, effect=0.02,
    effect_source=_OURS_PP, alpha=0.05)


def _drop_note(drops, results) -> str:
    return "; ".join(f"{r.name}: drop {100 * r.estimate:+.2f} pp [{100 * r.interval[0]:.2f}, "
                     f"{100 * r.interval[1]:.2f}], p = {r.p_value:.3g}"
                     for r in results)


@claim("fairness.exp.cs_lambda_lowers_dp", kind="empirical", where=_WHERE,
       statement="Training with the CS regularizer (largest λ of our grid) lowers the test ΔDP "
       "below ERM's on every one of the five data sets, each significantly (one arm per data "
       "set).", expected="undecided",
       corrected_by="fairness.exp.cs_lambda_lowers_dp_mean_everywhere",
       evidence=("observation",),
       source=("abstract", _ABS + "; 'on every data set, each significantly' is our reading"),
       setting=_ANALOGUE, test=_T_DROP)
def _lambda_lowers_dp(quick: bool = False):
    from iclr26_verify.registry import stats

    if quick:
        raise Unavailable(_NOT_QUICK)
    drops, lam = _lambda_drops(quick)
    results = stats.per_arm(drops, _T_DROP)
    j = Judge()
    for r in results:
        j.test(r)
    return j.evidence(note=f"λ = {lam:g}: {_drop_note(drops, results)} (each arm at α = "
                      f"{_T_DROP.level / len(drops):g}). Observation: tests over seeds.")


_T_POOLED = Preregistered(
    statistic="per seed, the mean over the five data sets of the paired ΔDP drop ERM − CS at "
    "the largest λ", alternative="greater", seeds=5, effect=0.02, effect_source=_OURS_PP,
    alpha=0.05)


@claim("fairness.exp.cs_lambda_lowers_dp_mean_everywhere", kind="empirical",
       expected="corrected", corrects="fairness.exp.cs_lambda_lowers_dp", where=_WHERE,
       statement="Pooled over the five data sets, CS at the largest λ lowers the test ΔDP below "
       "ERM's (one test on the per-seed mean drop), and no data set shows a significant rise.",
       evidence=("observation",),
       source=("ours", ("our pooled reading of the abstract's 'consistently improves DP' (the "
               "mean over data sets per seed), with a per-data-set check for contrary evidence")),
       setting=_ANALOGUE, test=_T_POOLED)
def _lambda_lowers_mean(quick: bool = False):
    from iclr26_verify.registry import stats

    if quick:
        raise Unavailable(_NOT_QUICK)
    drops, lam = _lambda_drops(quick)
    pooled = np.mean(np.stack(list(drops.values())), axis=0)
    j = Judge()
    j.test(stats.one_sample("pooled ΔDP drop, ERM − CS", pooled, _T_POOLED))
    contrary = stats.contrary_arms(drops, _T_DROP)
    j.fact(f"no data set with a significant ΔDP rise (contrary: {contrary})", not contrary)
    per = {k: round(100 * float(v.mean()), 2) for k, v in drops.items()}
    return j.evidence(note=f"λ = {lam:g}; mean drop per data set (pp) {per}; per-seed pooled "
                      f"drops (pp) {np.round(100 * pooled, 2).tolist()}. Observation.")


_T_BETTER_DP = Preregistered(
    statistic="paired difference of test ΔDP, best baseline − CS, each at its competitive λ "
    "with the lowest mean ΔDP, over seeds, one arm per data set (5 arms, Bonferroni)",
    alternative="greater", seeds=5, effect=0.01,
    effect_source="ours: smallest effect of interest, 1 point of ΔDP", alpha=0.05)


@claim("fairness.exp.cs_better_dp_at_competitive_accuracy", kind="empirical", where=_WHERE,
       expected="undecided", corrected_by="fairness.exp.cs_on_par_at_competitive_accuracy",
       statement="Our strict reading of 'consistently improves DP' (not the paper's headline: "
       "per the papernotes.org note's Table 2 the paper reports its improvements relative to "
       "the plain MLP, and DP and PR regularizers reach a lower ΔDP than CS on Adult): at "
       "competitive accuracy (within 2 points of ERM, ours) the CS regularizer reaches a lower "
       "ΔDP than the best of DiffDP, MMD, HSIC, prejudice remover and adversarial debiasing on "
       "every data set. The charitable reading (lower ΔDP than the plain MLP at competitive "
       "accuracy) has no row of its own; the closest, at the largest λ, is "
       "fairness.exp.cs_lambda_lowers_dp.",
       evidence=("observation",),
       source=("ours", ("our strict reading of the arXiv 2512.09467v1 abstract ('consistently "
               "improves DP … compared to prior regularizers') as 'better than the best of our "
               "five baselines on every data set'; the papernotes.org note on the ICLR version "
               "(OpenReview sbEb0Ld6MK), 'Main Results' table (its Table 2 excerpt), gives the "
               "improvements relative to the MLP and shows DP (1.29) and PR (0.71) below CS "
               "(2.42) in ΔDP on Adult/gender")),
       setting=_ANALOGUE, test=_T_BETTER_DP)
def _better_dp(quick: bool = False):
    from iclr26_verify.registry import stats

    if quick:
        raise Unavailable(_NOT_QUICK)
    arms, labels, comp = _vs_best(quick, "dp")
    j = Judge()
    for r in stats.per_arm(arms, _T_BETTER_DP):
        j.test(r)
    j.fact("CS has a competitive λ on every data set", all(comp.values()))
    return j.evidence(note="best baseline − CS, ΔDP (pp) per seed: " + "; ".join(
        f"{k} ({labels[k]}) {np.round(100 * v, 2).tolist()}" for k, v in arms.items()))


_T_BETTER_EO = Preregistered(
    statistic="paired difference of test ΔEO, best competitor − CS, each at its competitive λ "
    "with the lowest mean ΔEO, over seeds; arms: 5 data sets × {DP-target CS vs the five "
    "baselines, EO-target CS vs DiffEOpp and MMD-EO} (10 arms, Bonferroni)",
    alternative="greater", seeds=5, effect=0.01,
    effect_source="ours: smallest effect of interest, 1 point of ΔEO", alpha=0.05)


@claim("fairness.exp.cs_better_eo_at_competitive_accuracy", kind="empirical", where=_WHERE,
       expected="undecided", corrected_by="fairness.exp.cs_on_par_at_competitive_accuracy",
       statement="Our strict reading of 'consistently improves EO' (lower than the best "
       "competitor, where the papernotes.org note's Table 2 reports gains over the plain MLP): "
       "at competitive accuracy (within 2 points of ERM, ours) the CS regularizer reaches a "
       "lower ΔEO (equal opportunity) than the best competitor on every data set, both as a DP "
       "penalty (vs the five baselines) and as an EO penalty on the rows with y = 1 (vs "
       "DiffEOpp and MMD-EO).",
       evidence=("observation",),
       source=("abstract", _ABS + "; 'better than the best competitor on every data set' is our "
               "reading"),
       setting=_ANALOGUE, test=_T_BETTER_EO)
def _better_eo(quick: bool = False):
    from iclr26_verify.registry import stats

    if quick:
        raise Unavailable(_NOT_QUICK)
    a1, _l1, c1 = _vs_best(quick, "eo")
    a2, _l2, c2 = _vs_best(quick, "eo", eo_targets=True)
    arms = {**{f"DP target {k}": v for k, v in a1.items()},
            **{f"EO target {k}": v for k, v in a2.items()}}
    j = Judge()
    for r in stats.per_arm(arms, _T_BETTER_EO):
        j.test(r)
    j.fact("CS has a competitive λ on every data set", all(c1.values()) and all(c2.values()))
    return j.evidence(note="best competitor − CS, ΔEO (pp) per seed: " + "; ".join(
        f"{k} {np.round(100 * v, 2).tolist()}" for k, v in arms.items()))


_T_STABLE = Preregistered(
    statistic="mean absolute deviation of test ΔDP from its median over seeds, pooled over the "
    "λ grid and the data sets: CS minus the most stable other method (fraction)",
    alternative="less", seeds=5, effect=0.005, alpha=0.05,
    effect_source="ours: half a point of ΔDP spread, our smallest effect of interest (the "
    "abstract reports no number)")


def _spread_groups(sw, name, method):
    """Per λ of ``method`` on ``name``: the per-seed test ΔDP (ERM, λ = 0, excluded)."""
    lams = sorted({r["lam"] for r in sw.select(dataset=name, method=method)})
    return [[r["dp"] for r in sw.select(dataset=name, method=method, lam=lam)] for lam in lams]


def _mad(groups):
    return float(np.mean([abs(x - np.median(g)) for g in groups for x in g]))


@claim("fairness.exp.cs_most_stable_tradeoff", kind="empirical",
       expected="undecided", corrected_by="fairness.exp.cs_tradeoff_spread_comparable",
       where=_WHERE,
       statement="The CS regularizer's utility–fairness trade-off is more stable across "
       "hyperparameters than the baselines': its seed-to-seed spread of ΔDP over the λ grid, "
       "pooled over the data sets, is smaller than that of the most stable other method, and "
       "no data set shows it significantly more spread than that method.",
       evidence=("observation",),
       source=("abstract", ("arXiv 2512.09467v1 abstract: a more stable utility–fairness "
               "trade-off across hyperparameter settings than prior regularizers; 'seed spread "
               "of ΔDP over the λ grid, against the most stable other method' is our reading")),
       setting=_ANALOGUE, test=_T_STABLE)
def _most_stable(quick: bool = False):
    from iclr26_verify.registry import stats
    from numerics.fairness.experiments import METHODS, sweep

    if quick:
        raise Unavailable("undecided in quick mode: 3 seeds and 2 λ values per method give "
                          "too few deviations to compare spreads")
    sw = sweep(quick)
    others = [m for m in METHODS if m != "cs"]
    pooled = {m: [g for name in sw.datasets for g in _spread_groups(sw, name, m)]
              for m in METHODS}
    best = min(others, key=lambda m: _mad(pooled[m]))
    j = Judge()
    j.test(stats.spread(f"CS − {best} (pooled)", pooled["cs"], pooled[best], _T_STABLE))
    k = len(sw.datasets)
    contrary = [name for name in sw.datasets
                if stats.spread(name, _spread_groups(sw, name, "cs"),
                                _spread_groups(sw, name, best), _T_STABLE,
                                alpha=_T_STABLE.level / k).interval[0] > 0]
    j.fact(f"no data set where CS is significantly more spread than {best}", not contrary)
    shown = {m: round(100 * _mad(pooled[m]), 3) for m in METHODS}
    return j.evidence(note=f"mean |ΔDP − median over seeds| in points, pooled: {shown}; most "
                      f"stable other method {best}; data sets where CS is significantly more "
                      f"spread (α/{k}): {contrary or 'none'}.")


@claim("fairness.exp.dp_bounds_hold_on_trained_models", kind="empirical",
       where="theory.fairness DP bounds on trained models (ours)",
       statement="For every trained model (every method, λ and seed), the measured test ΔDP, "
       "thresholded at 0.5 and of mean scores, is below the distribution-free bound computed "
       "from the CS divergence and the L² norms of the two groups' prediction densities.",
       evidence=("sanity",),
       source=("ours", "our software check of theory.fairness's distribution-free DP bounds on the trained models"),
       setting=_ANALOGUE)
def _bounds_hold(quick: bool = False):
    from numerics.fairness.experiments import bounds_on_trained

    rows = bounds_on_trained(quick)
    thr = np.array([r["dp_bound"] - r["dp"] for r in rows])
    mean = np.array([r["dp_prob_bound"] - r["dp_prob"] for r in rows])
    l2 = max(abs(r["l2_from_cs"] - r["l2_direct"]) for r in rows)
    ratio = max(r["dp"] / r["dp_bound"] for r in rows if r["dp_bound"] > 0)
    j = Judge()
    j.ge("min slack thresholded", float(thr.min()), 0.0, atol=1e-12)
    j.ge("min slack mean-score", float(mean.min()), 0.0, atol=1e-12)
    j.le("max |‖p−q‖₂ from D_CS − direct|", l2, 0.0, atol=1e-9)
    return j.evidence(note=f"{len(rows)} trained models; 20-bin histogram densities on [0, 1]; "
                      f"tightest ratio gap/bound {ratio:.3f}. Sanity: for histogram densities "
                      "the bound chain holds by the theorem (fairness.dp.distribution_free_"
                      "bounds_beta), so the trained models exercise the code, not the theory.")


_T_ON_PAR = Preregistered(
    statistic="paired difference of the test gap, CS − best competitor, each at its competitive "
    "λ with the lowest mean gap, over seeds; arms: 5 data sets × {ΔDP and ΔEO of DP-target CS "
    "vs the five baselines, ΔEO of EO-target CS vs DiffEOpp and MMD-EO} (15 arms, Bonferroni)",
    alternative="less", seeds=5, threshold=0.02, effect=0.02,
    effect_source="ours: non-inferiority margin of 2 points, detected at a true difference of 0",
    alpha=0.05)


@claim("fairness.exp.cs_on_par_at_competitive_accuracy", kind="empirical", expected="undecided", relation="corrects",
       where=_WHERE, corrects="fairness.exp.cs_better_dp_at_competitive_accuracy",
       statement="What can hold instead of 'better': at competitive accuracy the CS regularizer "
       "is on par with the best competitor (non-inferior within 2 points, our margin) in ΔDP "
       "and ΔEO on every data set, and likewise the EO-target CS in ΔEO against DiffEOpp and "
       "MMD-EO.",
       evidence=("observation",),
       source=("ours", ("our non-inferiority reading of 'competitive' fairness, margin 2 points, "
               "fixed before the full run")),
       setting=_ANALOGUE, test=_T_ON_PAR)
def _on_par(quick: bool = False):
    from iclr26_verify.registry import stats

    if quick:
        raise Unavailable(_NOT_QUICK)
    arms = {}
    for metric, eo_targets, tag in (("dp", False, "ΔDP"), ("eo", False, "ΔEO"),
                                    ("eo", True, "EO-target ΔEO")):
        got, _, _ = _vs_best(quick, metric, eo_targets)
        arms.update({f"{tag} {k}": -v for k, v in got.items()})  # CS − best
    j = Judge()
    for r in stats.per_arm(arms, _T_ON_PAR):
        j.test(r)
    return j.evidence(note="CS − best competitor (pp), mean over seeds: " + "; ".join(
        f"{k} {100 * float(v.mean()):+.2f}" for k, v in arms.items()) + ". Observation.")


_T_COMPARABLE = Preregistered(
    statistic="per data set: mean absolute deviation of test ΔDP from its median over seeds "
    "(over the λ grid), CS minus twice the most stable method's (fraction)",
    alternative="less", seeds=5, effect=0.005, alpha=0.05,
    effect_source="ours: half a point of ΔDP spread; 'comparable' = within a factor 2, our "
    "yardstick fixed before the full run")


@claim("fairness.exp.cs_tradeoff_spread_comparable", kind="empirical", expected="undecided", relation="corrects",
       where=_WHERE, corrects="fairness.exp.cs_most_stable_tradeoff",
       statement="What holds instead of 'more stable': on every data set, the CS regularizer's "
       "seed-to-seed spread of ΔDP over the λ grid is below twice that of the data set's most "
       "stable method (comparable, not smaller).", evidence=("observation",),
       source=("ours", ("our yardstick for 'comparable': within a factor 2 of the most stable "
               "method's seed spread, fixed before the full run")),
       setting=_ANALOGUE, test=_T_COMPARABLE)
def _spread_comparable(quick: bool = False):
    from iclr26_verify.registry import stats
    from numerics.fairness.experiments import METHODS, sweep

    if quick:
        raise Unavailable("undecided in quick mode: 3 seeds and 2 λ values per method give "
                          "too few deviations to compare spreads")
    sw = sweep(quick)
    j = Judge()
    shown = {}
    k = len(sw.datasets)
    for name in sw.datasets:
        groups = {m: _spread_groups(sw, name, m) for m in METHODS}
        best = min(groups, key=lambda m: _mad(groups[m]))
        if best == "cs":
            j.fact(f"{name}: CS is the most stable method", True)
            shown[name] = "CS most stable"
            continue
        j.test(stats.spread(f"{name}: CS − 2 × {best}", groups["cs"], groups[best],
                            _T_COMPARABLE, scale_b=2.0, alpha=_T_COMPARABLE.level / k))
        shown[name] = (f"CS {100 * _mad(groups['cs']):.2f} vs {best} "
                       f"{100 * _mad(groups[best]):.2f} pp")
    return j.evidence(note=f"mean |ΔDP − median over seeds| per data set: {shown}; one test "
                      f"per data set at α/{k} (Bonferroni).")
