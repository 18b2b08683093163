"""Empirical claims of the BLAE paper on the light holed-Swiss-roll experiment
(:mod:`numerics.blae.experiments`: n = 300, 3 seeds, 500 epochs in full mode).

Thresholds and tests were fixed before the full runs: a model "beats" another on a metric when
the paired one-sided t-test over the seeds (same data and initialisation per seed) rejects "no
improvement" at α = 0.05 (:func:`iclr26_verify.registry.stats.paired`). The σ_J band is [1/2, 2] around
κ = 1. Quick mode (n = 150, 30 epochs, 2 seeds) cannot decide any of
them and reports undecided.
"""

from __future__ import annotations

import numpy as np

from theory.claims import Judge, Preregistered, Unavailable, claim

ALPHA = 0.05
_WHERE = "Table 1 and Fig. (Swiss roll with a hole)"
_QUICK = ("quick mode trains 30 epochs on 150 points with 2 seeds: too short and too few seeds "
          "for the paired test; the full run decides")
#: Validity gate: a comparison of geometry between autoencoders that do not reconstruct says
#: nothing about the regularisers. Added after the first full run (mean reconstruction MSE
#: about 0.73 for every model, against 0.044 in our pilot) showed all four models
#: under-trained and nearly identical; the comparisons are then undecided at this budget
#: (reported as unavailable with the numbers), not refutations of the paper.
MAX_MSE = 0.1


def _trained_or_undecided(tb, models) -> None:
    mse = {m: float(np.mean(tb[m]["mse"])) for m in models}
    if max(mse.values()) > MAX_MSE:
        raise Unavailable(
            "undecided at this light budget (n = 300, 500 epochs, width 64, 3 seeds): the "
            f"models are under-trained (mean reconstruction MSE {mse}, gate {MAX_MSE}, against "
            "0.044 in a 1 000-epoch pilot of ours; gate added after the first full run), so their geometry "
            "cannot show the regularisers' effect. A longer run (n = 1500, 3000 epochs, width "
            "256, as in the paper) decides.")


_SRC = ("secondary", ("the ranking of Table 1 (average ranks over data sets) and the qualitative "
                      "Swiss-roll results as quoted by the papernotes.org note on OpenReview "
                      "rl2dPJEk8b; the per-data-set numbers were not seen"))
_SET = ("analogue", ("our torch re-implementation of the released losses on the authors' holed "
                     "Swiss roll generator, n = 300, width 64, 500 full-batch epochs, 3 seeds; the "
                     "paper trains 1 500 points, width 256, 3 000 epochs"))


def _pre(statistic, alternative="greater", effect=0.05, source="ours: smallest effect of "
         "interest, 0.05 in the metric's units", threshold=0.0, margin=None, alpha=ALPHA):
    return Preregistered(statistic=statistic, alternative=alternative, seeds=3, effect=effect,
                         effect_source=source, alpha=alpha, threshold=threshold, margin=margin)


_T_KNN = _pre("paired kNN-recall difference BLAE (code loss) − vanilla AE over seeds")
_T_SPEAR = _pre("paired Spearman-ρ difference BLAE (code loss) − vanilla AE over seeds")
_T_VIOL = _pre("paired difference of the share of violating far pairs, AE − BLAE (code loss)",
               effect=0.02, source="ours: smallest effect of interest, 2 points of pairs")
_T_GEO = _pre("paired kNN-recall difference BLAE (code loss) − geodesic AE over seeds")
_T_SIG_LO = _pre("per seed: 5 % quantile of the decoder singular values", threshold=0.5,
                 effect=0.1, source="ours: 0.1 above the band's lower end 1/2",
                 alpha=ALPHA / 2)
_T_SIG_HI = _pre("per seed: 95 % quantile of the decoder singular values", alternative="less",
                 threshold=2.0, effect=0.2, source="ours: 0.2 below the band's upper end 2",
                 alpha=ALPHA / 2)
_T_VAR = _pre("paired difference BLAE (code loss) − BLAE (paper σ-loss) of kNN recall and "
              "Spearman ρ", alternative="equivalence", margin=0.05,
              source="ours: the equivalence margin 0.05")
_T_SHIFT = _pre("paired difference of the shift's Procrustes change, AE − BLAE (code loss)",
                effect=0.1, source="ours: smallest effect of interest, 0.1 chart units")


def _fmt(t) -> str:
    return (f"{t.name}: {t.estimate:+.4f} [{t.interval[0]:+.4f}, {t.interval[1]:+.4f}], "
            f"p = {t.p_value:.3g}, power {t.power:.2f}, mde {t.mde:.4f} ({t.decision})")


def _beats(quick, ours, other, metric, higher, test):
    if quick:
        raise Unavailable(_QUICK)
    from iclr26_verify.registry import stats
    from numerics.blae.experiments import LABELS, table

    tb = table(quick)
    _trained_or_undecided(tb, (ours, other))
    a, b = (tb[ours][metric], tb[other][metric]) if higher else (tb[other][metric],
                                                                 tb[ours][metric])
    j = Judge()
    t = stats.paired(f"{metric}: {LABELS[ours]} vs {LABELS[other]}", a, b, test)
    j.test(t)
    return j.evidence(note=f"{_fmt(t)}; {metric}: {LABELS[ours]} "
                      f"{tb[ours][metric].round(4).tolist()}, {LABELS[other]} "
                      f"{tb[other][metric].round(4).tolist()} over {len(a)} seeds.")


@claim("blae.exp.blae_beats_ae_knn", kind="empirical", where=_WHERE,
       statement="BLAE (code loss) has higher kNN recall (exact geodesics, k = 5, 10, 20) than "
       "the vanilla AE on the holed Swiss roll (paired one-sided t-test over 3 seeds, α = .05).",
       evidence=("observation",), expected="unavailable",
       source=_SRC, setting=_SET, test=_T_KNN)
def _knn(quick: bool = False):
    return _beats(quick, "blae_code", "ae", "knn", True, _T_KNN)


@claim("blae.exp.blae_beats_ae_spearman", kind="empirical", where=_WHERE,
       statement="BLAE (code loss) has a higher Spearman ρ between geodesic and latent distances "
       "than the vanilla AE (paired one-sided t-test over 3 seeds, α = .05).",
       evidence=("observation",), expected="unavailable",
       source=_SRC, setting=_SET, test=_T_SPEAR)
def _spear(quick: bool = False):
    return _beats(quick, "blae_code", "ae", "spearman", True, _T_SPEAR)


@claim("blae.exp.blae_fewer_violations", kind="empirical", where=_WHERE,
       statement="BLAE (code loss) has a lower share of violating far pairs (d_N/d_M below 0.3 × "
       "its median) than the vanilla AE (paired one-sided t-test, 3 seeds, α = .05).",
       evidence=("observation",), expected="unavailable",
       source=_SRC, setting=_SET, test=_T_VIOL)
def _viol(quick: bool = False):
    return _beats(quick, "blae_code", "ae", "violations", False, _T_VIOL)


@claim("blae.exp.blae_beats_geo_knn", kind="empirical", where="Table 1 (kNN rank: BLAE 1.8, "
       "GAE 9.0)",
       statement="BLAE (code loss) has higher kNN recall than the geodesic-preserving AE "
       "baseline (the authors' GeoLoss, λ = 1) (paired one-sided t-test, 3 seeds, α = .05).",
       evidence=("observation",), expected="unavailable",
       source=_SRC, setting=_SET, test=_T_GEO)
def _geo(quick: bool = False):
    return _beats(quick, "blae_code", "geo", "knn", True, _T_GEO)


@claim("blae.exp.sigma_band", kind="empirical", where="Sec. 4 (L_biLip, κ = 1)",
       statement="The decoder singular values of BLAE (both loss variants) concentrate around "
       "[1/κ, κ] = {1}: their 5 % and 95 % quantiles lie inside [1/2, 2] (one-sided t-tests "
       "over 3 seeds, α = .05 split over the four quantiles), while the vanilla AE's range leaves it on at least one "
       "seed.", evidence=("observation",), expected="unavailable",
       source=_SRC, setting=_SET, test=_T_SIG_LO)
def _sigma(quick: bool = False):
    if quick:
        raise Unavailable(_QUICK)
    from iclr26_verify.registry import stats
    from numerics.blae.experiments import table

    tb = table(quick)
    _trained_or_undecided(tb, ("ae", "blae_code", "blae_paper"))
    j = Judge()
    lo = {f"{m}: σ 5 %": tb[m]["sigma_lo"] for m in ("blae_code", "blae_paper")}
    hi = {f"{m}: σ 95 %": tb[m]["sigma_hi"] for m in ("blae_code", "blae_paper")}
    tests = stats.per_arm(lo, _T_SIG_LO) + stats.per_arm(hi, _T_SIG_HI)
    for t in tests:
        j.test(t)
    j.fact("vanilla AE leaves [1/2, 2] on some seed",
           bool(np.any((tb["ae"]["sigma_lo"] < 0.5) | (tb["ae"]["sigma_hi"] > 2.0))))
    return j.evidence(note="; ".join(map(_fmt, tests)) + "; σ 5–95 % per seed: " + "; ".join(
        f"{m}: " + ", ".join(f"[{a:.2f}, {b:.2f}]" for a, b in
                            zip(tb[m]["sigma_lo"], tb[m]["sigma_hi"], strict=True))
        for m in ("ae", "geo", "blae_code", "blae_paper")))


@claim("blae.exp.variants_agree", kind="empirical", where="Sec. 4 vs code",
       statement="Although the code's Jacobian term differs from the paper's σ-loss "
       "(blae.code.bilip_term_equals_paper), the two BLAE variants reach kNN recall and "
       "Spearman ρ within ±0.05 of each other (paired TOST over 3 seeds, α = .05 split over the "
       "two metrics; like the other rows it needs trained models).", expected="unavailable",
       evidence=("observation",),
       source=("ours", "our comparison of the two loss variants; the 0.05 margin is ours"),
       setting=_SET, test=_T_VAR)
def _variants(quick: bool = False):
    if quick:
        raise Unavailable(_QUICK)
    from iclr26_verify.registry import stats
    from numerics.blae.experiments import table

    tb = table(quick)
    _trained_or_undecided(tb, ("blae_code", "blae_paper"))
    j = Judge()
    tests = stats.per_arm({k: tb["blae_code"][k] - tb["blae_paper"][k]
                           for k in ("knn", "spearman")}, _T_VAR)
    for t in tests:
        j.test(t)
    return j.evidence(note="TOST within ±0.05 (code − paper variant): "
                      + "; ".join(map(_fmt, tests)) + ".")


@claim("blae.exp.shift_robust", kind="empirical", where="Fig. (rotated-MNIST ring, uniform vs "
       "non-uniform sampling)",
       statement="Under non-uniform sampling (80 % of the points with l < 4 dropped) the BLAE "
       "(code loss) embedding of the common points moves less than the vanilla AE's (Procrustes "
       "RMS between the two runs, chart units; paired one-sided t-test, 3 seeds, α = .05).",
       evidence=("observation",), expected="unavailable",
       source=_SRC, setting=_SET, test=_T_SHIFT)
def _shift(quick: bool = False):
    if quick:
        raise Unavailable(_QUICK)
    from iclr26_verify.registry import stats
    from numerics.blae.experiments import shift_change, table

    _trained_or_undecided(table(quick), ("ae", "blae_code"))
    ch = shift_change(quick)
    j = Judge()
    t = stats.paired("AE − BLAE (code): shift's Procrustes change", ch["ae"], ch["blae_code"],
                     _T_SHIFT)
    j.test(t)
    return j.evidence(note=f"{_fmt(t)}; AE {ch['ae'].round(3).tolist()}, BLAE (code) "
                      f"{ch['blae_code'].round(3).tolist()} (chart units). The paper's claim is "
                      "about the rotated-MNIST ring; the digits stand-in is not run.")
