"""Empirical claims of the CS fairness paper, checked on the sweep of
:mod:`numerics.fairness.experiments` (real tabular data and coloured digits, ≥ 5 seeds in full
mode; ``quick``: COMPAS and Titanic, 3 seeds, half the steps, two λ per method).

The paper's empirical statements are known only from its abstract (cs_fairness.md §0): better
DP and EO "at competitive accuracy" than the baselines, and a "more stable utility–fairness
trade-off across hyperparameters". We make them checkable as follows (fixed before looking at
the numbers): *competitive* = mean test accuracy within 2 points of ERM's; a method's score on a
data set is its lowest mean ΔDP (or ΔEO) over the competitive λ of its grid; *better* = CS's score
is at most the best baseline's plus one standard error of the difference of two 5-seed means;
*stable* = the seed-to-seed spread of ΔDP, averaged over the λ grid.
"""

from __future__ import annotations

import numpy as np

from theory.claims import Judge, Unavailable, claim

_WHERE = "arXiv 2512.09467, abstract; cs_fairness.md §4"
_READ = ("Only the abstract is public: CS gives better DP and EO 'at competitive accuracy' and "
         "a 'more stable utility–fairness trade-off'. We fixed before the runs: competitive = "
         "mean test accuracy within 2 points of ERM; better = CS's lowest competitive mean gap "
         "≤ the best baseline's + 1 SE of the difference; stable = seed spread of ΔDP averaged "
         "over the λ grid. Under these readings 'better on every data set' and 'most stable' "
         "are false here; 'on par' (within the baselines' range) and 'comparable spread' hold. "
         "A reading that averages over data sets, or other baselines' tuning, could differ.")
#: One-sided significance level of the per-data-set tests, fixed before the runs.
ALPHA = 0.05


def _best_competitive(sw, name, method, metric):
    """(mean, std) of ``metric`` at the competitive λ minimising it; (inf, 0) if none is."""
    from numerics.fairness.experiments import COMPETITIVE, curve

    pts = curve(sw, name, method)
    ok = [p for p in pts[1:] if p["acc"] >= pts[0]["acc"] - COMPETITIVE]
    if not ok:
        return float("inf"), 0.0
    best = min(ok, key=lambda p: p[metric])
    return best[metric], best[metric + "_std"]


def _compare(quick, metric, *, against="best", eo_targets=False):
    """CS's competitive score vs the best (or, ``against="worst"``, the worst) baseline's;
    ``eo_targets``: the EO-target models (CS-EO vs DiffEOpp and MMD-EO)."""
    from numerics.fairness.experiments import sweep

    sw = sweep(quick)
    n = len(sw.seeds)
    ours, pool = ("cs_eo", sw.eo_methods) if eo_targets else ("cs", sw.methods)
    measured, expected, wins = {}, {}, {}
    for name in sw.datasets:
        cs, cs_sd = _best_competitive(sw, name, ours, metric)
        base = {m: _best_competitive(sw, name, m, metric) for m in pool if m != ours}
        pick = min if against == "best" else max
        bm = pick(base, key=lambda m: base[m][0])
        b, b_sd = base[bm]
        se = float(np.hypot(cs_sd, b_sd) / np.sqrt(n))
        measured[name] = round(100 * cs, 2)
        sign = "+" if against == "best" else "−"
        expected[name] = f"{against} {bm} {100 * b:.2f} ({sign}1 SE {100 * se:.2f})"
        wins[name] = bool(cs <= b + se) if against == "best" else bool(cs >= b - se)
    return measured, expected, wins


def _lambda_tests(quick: bool) -> dict:
    """Per data set: ERM's and CS's (largest λ) mean test ΔDP, the paired drop, t·SE and the
    one-sided p-value over the seeds (same split and initialisation per seed)."""
    from scipy import stats

    from numerics.fairness.experiments import sweep

    sw = sweep(quick)
    n = len(sw.seeds)
    out = {}
    for name in sw.datasets:
        lam = max(r["lam"] for r in sw.select(dataset=name, method="cs"))
        erm = {r["seed"]: r["dp"] for r in sw.select(dataset=name, method="erm")}
        top = {r["seed"]: r["dp"] for r in sw.select(dataset=name, method="cs", lam=lam)}
        diff = np.array([erm[s] - top[s] for s in sw.seeds])
        se = float(diff.std(ddof=1) / np.sqrt(n))
        out[name] = {"erm": float(np.mean(list(erm.values()))),
                     "cs": float(np.mean(list(top.values()))), "drop": float(diff.mean()),
                     "t_se": float(stats.t.ppf(1 - ALPHA, n - 1)) * se,
                     "p": float(stats.ttest_1samp(diff, 0.0, alternative="greater").pvalue),
                     "lam": lam, "n": n}
    return out


def _tests_note(tests) -> str:
    return "; ".join(f"{k}: {100 * v['erm']:.2f} → {100 * v['cs']:.2f} pp, p = {v['p']:.3g}"
                     for k, v in tests.items())


_NOT_QUICK = ("quick mode runs COMPAS and Titanic only (3 seeds, half the steps); the claim is "
              "about every data set and is decided by the full run")


@claim("fairness.exp.cs_lambda_lowers_dp", kind="empirical", where="cs_fairness.md §7.10",
       statement="Training with the CS regularizer lowers the test ΔDP below ERM's on every data "
       "set, significantly: per data set, a paired one-sided t-test over the 5 seeds (same "
       "split and initialisation per seed) of ΔDP(ERM) − ΔDP(CS at the largest λ) rejects 'no "
       "drop' at α = 0.05 (test and level fixed before the runs).", expected="undecided",
       corrected_by="fairness.exp.cs_lambda_lowers_dp_mean_everywhere",
       evidence=("observation",),
       source=("secondary", "UNAUDITED: " + "The statement is the spec's expectation (cs_fairness.md §7.10), read from "
       "the abstract's 'CS reduces disparity'; the paper's own numbers are not public. 'Lowers' "
       "read as a significant per-data-set drop is false on German credit (p = 0.052); read as "
       "a lower mean it holds on all five data sets."),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _lambda_lowers_dp(quick: bool = False):
    if quick:
        raise Unavailable(_NOT_QUICK)
    tests = _lambda_tests(quick)
    j = Judge()
    for name, v in tests.items():
        # mean drop ≥ t_{0.95, n−1}·SE is the same decision as p ≤ α
        j.ge(f"{name}: mean ΔDP drop vs t·SE (pp)", 100 * v["drop"], 100 * v["t_se"])
    return j.evidence(note=f"paired one-sided t-tests, α = {ALPHA}, λ = "
                      f"{next(iter(tests.values()))['lam']:g}: {_tests_note(tests)}. "
                      "Observation: tests over seeds.")


@claim("fairness.exp.cs_lambda_lowers_dp_mean_everywhere", kind="empirical",
       expected="corrected", corrects="fairness.exp.cs_lambda_lowers_dp",
       where="cs_fairness.md §7.10",
       statement="What holds instead: CS at the largest λ lowers the mean test ΔDP below ERM's "
       "on every data set, significantly (paired one-sided t-test, α = 0.05) on Adult, COMPAS, "
       "Titanic and coloured digits; on German credit the drop (6.85 → 4.49 pp) is within seed "
       "noise (p ≈ 0.05).", evidence=("observation",),
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _lambda_lowers_mean(quick: bool = False):
    if quick:
        raise Unavailable(_NOT_QUICK)
    tests = _lambda_tests(quick)
    j = Judge()
    for name, v in tests.items():
        j.le(f"{name}: mean ΔDP of CS vs ERM (pp)", 100 * v["cs"], 100 * v["erm"])
        if name != "german":
            j.ge(f"{name}: mean ΔDP drop vs t·SE (pp)", 100 * v["drop"], 100 * v["t_se"])
    return j.evidence(note=f"{_tests_note(tests)}. The test and α were fixed before the runs; "
                      "which data sets pass was read off the full run (German's p = 0.0515 "
                      "missed α by 0.0015), so this correction is descriptive. Observation: "
                      "slack = each drop minus t·SE.")


@claim("fairness.exp.cs_better_dp_at_competitive_accuracy", kind="empirical", where=_WHERE,
       expected="undecided", corrected_by="fairness.exp.cs_on_par_at_competitive_accuracy",
       statement="At competitive accuracy (within 2 points of ERM) the CS regularizer reaches a "
       "ΔDP no worse than the best of DiffDP, MMD, HSIC, prejudice remover and adversarial "
       "debiasing (up to one standard error) on every data set.",
       evidence=("observation",),
       source=("secondary", "UNAUDITED: " + _READ),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _better_dp(quick: bool = False):
    measured, expected, wins = _compare(quick, "dp")
    j = Judge()
    for name, ok in wins.items():
        j.fact(f"{name}: CS ≤ best baseline + 1 SE", ok)
    return j.evidence(measured=measured, expected=expected,
                      note=f"lowest competitive mean ΔDP (pp): CS vs the best baseline per data "
                      f"set; CS wins or ties on {sum(wins.values())} of {len(wins)}.")


@claim("fairness.exp.cs_better_eo_at_competitive_accuracy", kind="empirical", where=_WHERE,
       expected="undecided", corrected_by="fairness.exp.cs_on_par_at_competitive_accuracy",
       statement="At competitive accuracy (within 2 points of ERM) the CS regularizer reaches a "
       "ΔEO (equal opportunity) no worse than the best baseline's (up to one standard error) "
       "on every data set, both as a DP penalty (vs the five baselines) and as an EO penalty on "
       "the rows with y = 1 (vs DiffEOpp and MMD-EO).",
       evidence=("observation",),
       source=("secondary", "UNAUDITED: " + _READ),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _better_eo(quick: bool = False):
    m_dp, e_dp, w_dp = _compare(quick, "eo")
    m_eo, e_eo, w_eo = _compare(quick, "eo", eo_targets=True)
    measured = {**{f"DP target {k}": v for k, v in m_dp.items()},
                **{f"EO target {k}": v for k, v in m_eo.items()}}
    expected = {**{f"DP target {k}": v for k, v in e_dp.items()},
                **{f"EO target {k}": v for k, v in e_eo.items()}}
    j = Judge()
    for tag, w in (("DP target", w_dp), ("EO target", w_eo)):
        for name, ok in w.items():
            j.fact(f"{tag} {name}: CS ≤ best competitor + 1 SE", ok)
    return j.evidence(measured=measured, expected=expected,
                      note=f"lowest competitive mean ΔEO (pp), CS vs the best competitor per "
                      f"data set; CS wins or ties on {sum(w_dp.values())} of {len(w_dp)} (DP "
                      f"target) and {sum(w_eo.values())} of {len(w_eo)} (EO target).")


@claim("fairness.exp.cs_most_stable_tradeoff", kind="empirical", where=_WHERE,
       expected="undecided", corrected_by="fairness.exp.cs_tradeoff_spread_comparable",
       statement="The CS regularizer's utility–fairness trade-off is more stable across "
       "hyperparameters than the baselines': its seed-to-seed spread of ΔDP, averaged over the "
       "λ grid, is the smallest of the six methods on most data sets.",
       evidence=("observation",),
       source=("secondary", "UNAUDITED: " + _READ),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _most_stable(quick: bool = False):
    from numerics.fairness.experiments import stability

    rows = stability(quick)
    datasets = list(dict.fromkeys(r["dataset"] for r in rows))
    measured, expected, ranks = {}, {}, []
    for name in datasets:
        by = {r["method"]: r["seed_std_dp"] for r in rows if r["dataset"] == name}
        order = sorted(by, key=by.get)
        ranks.append(order.index("cs") + 1)
        measured[name] = f"CS {100 * by['cs']:.2f} (rank {ranks[-1]} of {len(by)})"
        expected[name] = f"smallest: {order[0]} {100 * by[order[0]]:.2f}"
    firsts = sum(r == 1 for r in ranks)
    j = Judge()
    j.ge("data sets where CS is the most stable vs a majority", firsts,
         len(datasets) // 2 + 1)
    return j.evidence(measured=measured, expected=expected,
                      note=f"std over seeds of test ΔDP (pp), mean over the λ grid; CS is the "
                      f"most stable on {firsts} of {len(datasets)} data sets.")


@claim("fairness.exp.dp_bounds_hold_on_trained_models", kind="empirical",
       where="cs_fairness.md §3.5 (theory.fairness DP bounds)",
       statement="For every trained model (every method, λ and seed), the measured test ΔDP, "
       "thresholded at 0.5 and of mean scores, is below the distribution-free bound computed "
       "from the CS divergence and the L² norms of the two groups' prediction densities.",
       evidence=("sanity",),
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
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


@claim("fairness.exp.cs_on_par_at_competitive_accuracy", kind="empirical", expected="corrected",
       where=_WHERE, corrects="fairness.exp.cs_better_dp_at_competitive_accuracy",
       statement="What holds instead of 'better': at competitive accuracy the CS regularizer is "
       "on par with the baselines, its ΔDP and its ΔEO lying within the range the five "
       "baselines span (best − 1 SE to worst + 1 SE) on every data set, and likewise the "
       "EO-target CS's ΔEO within the range of DiffEOpp and MMD-EO.",
       evidence=("observation",),
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _on_par(quick: bool = False):
    measured, notes, ok = {}, [], []
    for metric, eo_targets in (("dp", False), ("eo", False), ("eo", True)):
        tag = "EO-target eo" if eo_targets else metric
        m_best, e_best, _ = _compare(quick, metric, against="best", eo_targets=eo_targets)
        _, e_worst, _ = _compare(quick, metric, against="worst", eo_targets=eo_targets)
        for name in m_best:
            measured[f"{tag} {name}"] = m_best[name]
            notes.append(f"{tag} {name}: [{e_best[name]}; {e_worst[name]}]")
        ok += [(f"{tag} {name}", w) for name, w in zip(m_best, _within(quick, metric,
                                                                       eo_targets))]
    j = Judge()
    for name, w in ok:
        j.fact(f"{name}: within [best − 1 SE, worst + 1 SE]", w)
    return j.evidence(measured=measured, expected="; ".join(notes),
                      note="lowest competitive mean (pp) of CS per data set against the "
                      "baselines' best and worst (both sides checked, one SE of the difference "
                      "each). Observation: a range statement over seeds, no perturbable "
                      "constant.")


def _within(quick, metric, eo_targets=False):
    from numerics.fairness.experiments import sweep

    sw = sweep(quick)
    n = len(sw.seeds)
    ours, pool = ("cs_eo", sw.eo_methods) if eo_targets else ("cs", sw.methods)
    out = []
    for name in sw.datasets:
        cs, cs_sd = _best_competitive(sw, name, ours, metric)
        base = [_best_competitive(sw, name, m, metric) for m in pool if m != ours]
        lo = min(base, key=lambda v: v[0])
        hi = max(base, key=lambda v: v[0])
        se_lo = np.hypot(cs_sd, lo[1]) / np.sqrt(n)
        se_hi = np.hypot(cs_sd, hi[1]) / np.sqrt(n)
        out.append(bool(lo[0] - se_lo <= cs <= hi[0] + se_hi))
    return out


@claim("fairness.exp.cs_tradeoff_spread_comparable", kind="empirical", expected="corrected",
       where=_WHERE, corrects="fairness.exp.cs_most_stable_tradeoff",
       statement="What holds instead of 'more stable': on every data set, the CS regularizer's "
       "seed-to-seed spread of ΔDP (averaged over the λ grid) is within a factor 2 of the most "
       "stable method's (comparable, not smaller).", evidence=("observation",),
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _spread_comparable(quick: bool = False):
    from numerics.fairness.experiments import stability

    rows = stability(quick)
    methods = list(dict.fromkeys(r["method"] for r in rows))
    mean = {m: float(np.mean([r["seed_std_dp"] for r in rows if r["method"] == m]))
            for m in methods}
    best = min(mean, key=mean.get)
    ratio = mean["cs"] / mean[best]
    per_set = {}
    for name in dict.fromkeys(r["dataset"] for r in rows):
        by = {r["method"]: r["seed_std_dp"] for r in rows if r["dataset"] == name}
        per_set[name] = round(by["cs"] / min(by.values()), 3)
    if quick:
        # A spread over 3 seeds and 2 λ values cannot decide a per-data-set ratio statement.
        raise Unavailable("quick mode (3 seeds, 2 λ values) is too small to decide a seed-spread "
                          f"comparison; quick ratios CS / most stable per data set: {per_set}")
    j = Judge()
    j.le("CS / most stable spread, per data set", list(per_set.values()), 2.0)
    return j.evidence(note=f"seed std of test ΔDP (pp), mean over the λ grid, CS / most stable "
                      f"method per data set {per_set} (pooled {ratio:.3f}, most stable pooled "
                      f"{best} {100 * mean[best]:.2f} pp, CS {100 * mean['cs']:.2f} pp); the "
                      "factor 2 is our own yardstick for 'comparable', fixed before the full "
                      "run. Observation: slack = 2 minus the largest ratio.")

