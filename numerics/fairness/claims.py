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

from theory.claims import Evidence, Unavailable, claim

_WHERE = "arXiv 2512.09467, abstract; cs_fairness.md §4"


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
    measured, expected, wins = {}, {}, []
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
        wins.append(bool(cs <= b + se) if against == "best" else bool(cs >= b - se))
    return measured, expected, wins


@claim("fairness.exp.cs_lambda_lowers_dp", kind="empirical", where="cs_fairness.md §7.10",
       statement="Training with the CS regularizer lowers the test ΔDP below ERM's on every data "
       "set: the mean ΔDP over seeds at the largest λ of the grid is below ERM's mean ΔDP.")
def _lambda_lowers_dp(quick: bool = False):
    from numerics.fairness.experiments import curve, sweep

    sw = sweep(quick)
    n = len(sw.seeds)
    measured, expected, ok, sig = {}, {}, [], []
    for name in sw.datasets:
        pts = curve(sw, name, "cs")
        erm, top = pts[0], pts[-1]
        se = float(np.hypot(erm["dp_std"], top["dp_std"]) / np.sqrt(n))
        measured[name] = round(100 * top["dp"], 2)
        expected[name] = f"< ERM {100 * erm['dp']:.2f} (2 SE = {200 * se:.2f})"
        ok.append(top["dp"] < erm["dp"])
        sig.append(top["dp"] < erm["dp"] - 2 * se)
    return Evidence(all(ok), measured, expected, None,
                    f"ΔDP in percentage points on the test split, mean over {n} seeds, "
                    f"λ = {pts[-1]['lam']:g} vs λ = 0 (ERM), same MLP and steps; the drop exceeds "
                    f"two standard errors on {sum(sig)} of {len(sig)} data sets (not on a set "
                    "whose ERM gap is itself within seed noise).")


@claim("fairness.exp.cs_better_dp_at_competitive_accuracy", kind="empirical", where=_WHERE,
       expected="refuted", corrected_by="fairness.exp.cs_on_par_at_competitive_accuracy",
       statement="At competitive accuracy (within 2 points of ERM) the CS regularizer reaches a "
       "ΔDP no worse than the best of DiffDP, MMD, HSIC, prejudice remover and adversarial "
       "debiasing (up to one standard error) on every data set.")
def _better_dp(quick: bool = False):
    measured, expected, wins = _compare(quick, "dp")
    return Evidence(all(wins), measured, expected, None,
                    f"lowest competitive mean ΔDP (pp): CS vs the best baseline per data set; "
                    f"CS wins or ties on {sum(wins)} of {len(wins)}.")


@claim("fairness.exp.cs_better_eo_at_competitive_accuracy", kind="empirical", where=_WHERE,
       expected="refuted", corrected_by="fairness.exp.cs_on_par_at_competitive_accuracy",
       statement="At competitive accuracy (within 2 points of ERM) the CS regularizer reaches a "
       "ΔEO (equal opportunity) no worse than the best baseline's (up to one standard error) "
       "on every data set, both as a DP penalty (vs the five baselines) and as an EO penalty on "
       "the rows with y = 1 (vs DiffEOpp and MMD-EO).")
def _better_eo(quick: bool = False):
    m_dp, e_dp, w_dp = _compare(quick, "eo")
    m_eo, e_eo, w_eo = _compare(quick, "eo", eo_targets=True)
    measured = {**{f"DP target {k}": v for k, v in m_dp.items()},
                **{f"EO target {k}": v for k, v in m_eo.items()}}
    expected = {**{f"DP target {k}": v for k, v in e_dp.items()},
                **{f"EO target {k}": v for k, v in e_eo.items()}}
    return Evidence(all(w_dp) and all(w_eo), measured, expected, None,
                    f"lowest competitive mean ΔEO (pp), CS vs the best competitor per data set; "
                    f"CS wins or ties on {sum(w_dp)} of {len(w_dp)} (DP target) and "
                    f"{sum(w_eo)} of {len(w_eo)} (EO target).")


@claim("fairness.exp.cs_most_stable_tradeoff", kind="empirical", where=_WHERE,
       expected="refuted", corrected_by="fairness.exp.cs_tradeoff_spread_comparable",
       statement="The CS regularizer's utility–fairness trade-off is more stable across "
       "hyperparameters than the baselines': its seed-to-seed spread of ΔDP, averaged over the "
       "λ grid, is the smallest of the six methods on most data sets.")
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
    return Evidence(firsts > len(datasets) / 2, measured, expected, None,
                    f"std over seeds of test ΔDP (pp), mean over the λ grid; CS is the most "
                    f"stable on {firsts} of {len(datasets)} data sets.")


@claim("fairness.exp.dp_bounds_hold_on_trained_models", kind="empirical",
       where="cs_fairness.md §3.5 (theory.fairness DP bounds)",
       statement="For every trained model (every method, λ and seed), the measured test ΔDP, "
       "thresholded at 0.5 and of mean scores, is below the distribution-free bound computed "
       "from the CS divergence and the L² norms of the two groups' prediction densities.")
def _bounds_hold(quick: bool = False):
    from numerics.fairness.experiments import bounds_on_trained

    rows = bounds_on_trained(quick)
    thr = np.array([r["dp_bound"] - r["dp"] for r in rows])
    mean = np.array([r["dp_prob_bound"] - r["dp_prob"] for r in rows])
    l2 = max(abs(r["l2_from_cs"] - r["l2_direct"]) for r in rows)
    ratio = max(r["dp"] / r["dp_bound"] for r in rows if r["dp_bound"] > 0)
    ok = bool(thr.min() >= -1e-12 and mean.min() >= -1e-12 and l2 < 1e-9)
    return Evidence(ok, {"min slack thresholded": float(thr.min()),
                         "min slack mean-score": float(mean.min()),
                         "tightest ratio gap/bound": float(ratio)},
                    {"slack": ">= 0", "‖p−q‖₂ from D_CS vs direct": f"{l2:.2e} < 1e-9"}, 1e-12,
                    f"{len(rows)} trained models; 20-bin histogram densities on [0, 1]; "
                    "thresholded ΔDP from numerics.fairness.metrics (independent of the "
                    "histograms), ‖p−q‖₂ through l2_gap_from_cs(D_CS, ‖p‖, ‖q‖).")


@claim("fairness.exp.cs_on_par_at_competitive_accuracy", kind="empirical", expected="corrected",
       where=_WHERE, corrects="fairness.exp.cs_better_dp_at_competitive_accuracy",
       statement="What holds instead of 'better': at competitive accuracy the CS regularizer is "
       "on par with the baselines, its ΔDP and its ΔEO lying within the range the five "
       "baselines span (best − 1 SE to worst + 1 SE) on every data set, and likewise the "
       "EO-target CS's ΔEO within the range of DiffEOpp and MMD-EO.")
def _on_par(quick: bool = False):
    measured, notes, ok = {}, [], []
    for metric, eo_targets in (("dp", False), ("eo", False), ("eo", True)):
        tag = "EO-target eo" if eo_targets else metric
        m_best, e_best, _ = _compare(quick, metric, against="best", eo_targets=eo_targets)
        _, e_worst, _ = _compare(quick, metric, against="worst", eo_targets=eo_targets)
        for name in m_best:
            measured[f"{tag} {name}"] = m_best[name]
            notes.append(f"{tag} {name}: [{e_best[name]}; {e_worst[name]}]")
        ok += _within(quick, metric, eo_targets)
    return Evidence(all(ok), measured, "; ".join(notes), None,
                    "lowest competitive mean (pp) of CS per data set against the baselines' "
                    "best and worst (both sides checked, one SE of the difference each).")


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
       "stable method's (comparable, not smaller).")
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
    return Evidence(all(v <= 2.0 for v in per_set.values()),
                    {"per data set": per_set, "pooled ratio": round(ratio, 3)},
                    {"every ratio": "<= 2", "most stable (pooled)":
                     f"{best} {100 * mean[best]:.2f} pp", "CS (pooled)":
                     f"{100 * mean['cs']:.2f} pp"}, 2.0,
                    "seed std of test ΔDP (pp), mean over the λ grid, CS / most stable method "
                    "per data set; the factor 2 is our own yardstick for 'comparable', fixed "
                    "before the full run.")

