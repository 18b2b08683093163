"""Empirical claims of PRISM, checked on the light offline experiment of
:mod:`numerics.prism.experiments` (our reconstruction from the public summaries: the abstract of
OpenReview m2MeiYOJED and the papernotes.org note; no paper body or code is public).

Each claim decides through a pre-registered test of :mod:`iclr26_verify.registry.stats` over the seeds (20 in
full mode; the first full run had 5 and left the accuracy comparisons without power, so the
seeds were raised before this test was judged). Thresholds: T1 disambiguation ≥ a uniform pick
in S + 0.15; T2 PRISM-lite − CC test accuracy > 0 at q = 0.5; T3 non-inferiority at −0.02 at
q = 0.1; T4 every relational variant above CC at q = 0.5; T5 hybrid purity ≥ 1/C + 0.3. The
margins 0.15, 0.02 and 0.3 are ours. Quick mode (8 graphs per class, one seed) cannot decide any
of them and says so. The paper's own numbers (TU datasets, CIFAR10 superpixels) need
downloads: unavailable.
"""

from __future__ import annotations

from theory.claims import Judge, Preregistered, Unavailable, claim

_WHERE = "main results (as summarised by the papernotes.org note; tables not seen)"
_SRC = ("secondary", ("the direction of the claim as summarised by the papernotes.org note on "
                      "OpenReview m2MeiYOJED and its abstract; no paper body or code is public, "
                      "the printed wording was not seen; thresholds are ours"))
_SET = ("analogue", ("our reconstruction at light scale: linear head on fixed spatial/spectral "
                     "descriptors, six synthetic graph classes (100 graphs each), DEER's "
                     "uniform candidate protocol; the paper uses GNNs on TU data sets and "
                     "CIFAR10 superpixels"))
_T1 = Preregistered(statistic="per seed: training disambiguation of PRISM-lite minus the "
                    "uniform pick E[1/|S|], per q ∈ {0.3, 0.5}", alternative="greater",
                    seeds=20, effect=0.05, threshold=0.15,
                    effect_source="ours: 5 points above our 0.15 margin")
_T2 = Preregistered(statistic="paired (same seed) test-accuracy difference PRISM-lite − CC at "
                    "q = 0.5", alternative="greater", seeds=20, effect=0.02,
                    effect_source="ours: smallest effect of interest, 2 accuracy points")
_T2D = Preregistered(statistic="paired training-disambiguation difference PRISM-lite − CC at "
                     "q = 0.5", alternative="greater", seeds=20, effect=0.05, threshold=0.15,
                     effect_source="ours: 5 points above our 0.15 margin")
_T2A = Preregistered(statistic="paired test-accuracy difference PRISM-lite − CC at q = 0.5, "
                     "below our +0.02 margin", alternative="less", seeds=20, effect=0.02,
                     threshold=0.02, effect_source="ours: 2 accuracy points")
_T3 = Preregistered(statistic="paired test-accuracy difference PRISM-lite − CC at q = 0.1 "
                    "(non-inferiority at −0.02)", alternative="greater", seeds=20, effect=0.02,
                    threshold=-0.02, effect_source="ours: the non-inferiority margin")
_T4 = Preregistered(statistic="paired test-accuracy difference variant − CC at q = 0.5, per "
                    "variant (PRISM-lite, w/o spatial, w/o spectral)", alternative="greater",
                    seeds=20, effect=0.02,
                    effect_source="ours: smallest effect of interest, 2 accuracy points")
_T5 = Preregistered(statistic="purity of the hybrid relational graph, per q ∈ {0.1, 0.3, 0.5}",
                    alternative="greater", seeds=20, effect=0.05, threshold=1 / 6 + 0.3,
                    effect_source="ours: 5 points above the 1/C + 0.3 margin")


def _sweep(quick: bool):
    from numerics.prism.experiments import noise_sweep

    if quick:
        raise Unavailable("quick mode (8 graphs per class, one seed) is too small to decide; "
                          "the full run (100 graphs per class, 5 seeds, q ∈ {.1, .3, .5}) "
                          "decides")
    return noise_sweep(False)


def _fmt(t) -> str:
    return (f"{t.name}: {t.estimate:+.3f} [{t.interval[0]:+.3f}, {t.interval[1]:+.3f}], "
            f"p = {t.p_value:.3g}, power {t.power:.2f}, mde {t.mde:.3f} ({t.decision})")


def _mean(sw, key, q) -> str:
    from iclr26_verify.registry import stats

    iv = stats.t_interval(sw.values(key, q))
    return f"{iv.mean:.3f} [{iv.low:.3f}, {iv.high:.3f}]"


def _diff(sw, a, b, q):
    return sw.values(a, q) - sw.values(b, q)


def _contrary(j, arms, test) -> None:
    from iclr26_verify.registry import stats

    wrong = stats.contrary_arms(arms, test)
    j.fact("no arm significantly against the statement"
           + (f" (against: {', '.join(wrong)})" if wrong else ""), not wrong)


@claim("prism.lite.disambiguation", kind="empirical", where="relational inference (method); T1",
       expected="verified", evidence=("observation",),
       statement="Candidate-constrained propagation over the relational graphs disambiguates "
       "the training candidates: in our reconstruction, at q = 0.3 and 0.5, its accuracy on the "
       "training candidates exceeds a uniform pick in S by more than 0.15 (our margin; one-sided "
       "t-tests over 20 seeds, α = 0.05 split over the two q).",
       source=_SRC, setting=_SET, test=_T1)
def _t1(quick: bool = False):
    from iclr26_verify.registry import stats

    sw = _sweep(quick)
    arms = {f"q={q}": sw.values("disamb_full", q) - sw.values("random_pick", q)
            for q in (0.3, 0.5)}
    j = Judge()
    tests = stats.per_arm(arms, _T1)
    for t in tests:
        j.test(t)
    _contrary(j, arms, _T1)
    return j.evidence(note="disambiguation − uniform pick: " + "; ".join(map(_fmt, tests)))


# The full run (20 seeds): −0.032 [−0.044, −0.021], power 0.90, so not reproduced here.
@claim("prism.lite.beats_cc_high_noise", kind="empirical", where=_WHERE + "; T2",
       expected="not_reproduced", corrected_by="prism.lite.gain_is_disambiguation_not_accuracy",
       evidence=("observation",),
       statement="PRISM's relational inference raises test accuracy over the naive "
       "partial-label (CC) loss at high ambiguity: at q = 0.5 the paired difference PRISM-lite − "
       "CC is positive (one-sided paired t-test over 20 seeds, α = 0.05).",
       source=_SRC, setting=_SET, test=_T2)
def _t2(quick: bool = False):
    from iclr26_verify.registry import stats

    sw = _sweep(quick)
    j = Judge()
    t = stats.one_sample("q=.5: acc(PRISM-lite) − acc(CC)", _diff(sw, "acc_full", "acc_cc", 0.5),
                         _T2)
    j.test(t)
    return j.evidence(note=f"{_fmt(t)}; test n = {sw.rows[0]['n_test']} per seed; PRISM-lite "
                      f"{_mean(sw, 'acc_full', 0.5)}, CC {_mean(sw, 'acc_cc', 0.5)}, oracle "
                      f"{_mean(sw, 'acc_oracle', 0.5)}.")


@claim("prism.lite.gain_is_disambiguation_not_accuracy", kind="empirical",
       where="our light experiment (numerics.prism.experiments)", expected="corrected",
       evidence=("observation",),
       statement="In our reconstruction at light scale, relational inference buys training "
       "disambiguation (more than 0.15 over CC at q = 0.5) without a test-accuracy gain of 0.02 "
       "or more over CC (paired one-sided t-tests over 20 seeds, α = 0.05 each).",
       source=("ours", ("our restatement of two measurements of the light experiment, written "
               "after the first full run (5 seeds) missed T2; margins 0.15 and 0.02 are ours")),
       setting=_SET, test=_T2A)
def _t2c(quick: bool = False):
    from iclr26_verify.registry import stats

    sw = _sweep(quick)
    j = Judge()
    td = stats.one_sample("q=.5: disamb(PRISM-lite) − disamb(CC)",
                          _diff(sw, "disamb_full", "disamb_cc", 0.5), _T2D)
    ta = stats.one_sample("q=.5: acc(PRISM-lite) − acc(CC)",
                          _diff(sw, "acc_full", "acc_cc", 0.5), _T2A)
    j.test(td)
    j.test(ta)
    return j.evidence(note=f"{_fmt(td)}; {_fmt(ta)}.")


@claim("prism.lite.no_harm_low_noise", kind="empirical", where=_WHERE + "; T3",
       expected="verified", evidence=("observation",),
       statement="At low ambiguity (q = 0.1) relational inference costs at most 0.02 of test "
       "accuracy against CC (our non-inferiority margin; one-sided paired t-test over 20 "
       "seeds, α = 0.05). This is weaker than the paper's 'outperforms under every noise "
       "setting': superiority at q = 0.1 is not what this row tests.",
       source=("ours", ("our non-inferiority reading at q = 0.1 with our −0.02 margin (T3, "
               "fixed before the first full run); the paper's claim, per its OpenReview "
               "m2MeiYOJED abstract and the papernotes.org note, is superiority at every q")),
       setting=_SET, test=_T3)
def _t3(quick: bool = False):
    from iclr26_verify.registry import stats

    sw = _sweep(quick)
    j = Judge()
    t = stats.one_sample("q=.1: acc(PRISM-lite) − acc(CC)", _diff(sw, "acc_full", "acc_cc", 0.1),
                         _T3)
    j.test(t)
    return j.evidence(note=f"{_fmt(t)}; PRISM-lite {_mean(sw, 'acc_full', 0.1)}, CC "
                      f"{_mean(sw, 'acc_cc', 0.1)}.")


@claim("prism.lite.ablation_cc_worst", kind="empirical", where="Table 2 ablation (w/o Rel. Infer); "
       "T4",
       expected="undecided", corrected_by="prism.lite.gain_is_disambiguation_not_accuracy",
       evidence=("observation",),
       statement="Removing relational inference (CC) is the largest drop: at q = 0.5 each of "
       "PRISM-lite, w/o spatial and w/o spectral has a higher test accuracy than CC (paired "
       "one-sided t-tests over 20 seeds, α = 0.05 split over the three variants).",
       source=_SRC, setting=_SET, test=_T4)
def _t4(quick: bool = False):
    from iclr26_verify.registry import stats

    sw = _sweep(quick)
    arms = {f"{k} − cc": _diff(sw, f"acc_{k}", "acc_cc", 0.5) for k in ("full", "no_spa",
                                                                        "no_spe")}
    j = Judge()
    tests = stats.per_arm(arms, _T4)
    for t in tests:
        j.test(t)
    _contrary(j, arms, _T4)
    return j.evidence(note="q = .5: " + "; ".join(map(_fmt, tests)) + ".")


@claim("prism.lite.hybrid_purity", kind="empirical", where="Thm 1 (purity form); T5",
       expected="verified", evidence=("observation",),
       statement="In our reconstruction, the hybrid relational graph (spatial ∪ spectral top-10) "
       "is far purer than chance: purity exceeds 1/C + 0.3 (our margin) at every q (one-sided "
       "t-tests over 20 seeds, α = 0.05 split over the three q).",
       source=("ours", ("the purity form of Thm 1 is our correction (prism.thm1.topk_bound); "
               "the 0.3 margin is ours")), setting=_SET, test=_T5)
def _t5(quick: bool = False):
    from iclr26_verify.registry import stats

    sw = _sweep(quick)
    arms = {f"q={q}": sw.values("purity_hybrid", q) for q in sw.config.qs}
    j = Judge()
    tests = stats.per_arm(arms, _T5)
    for t in tests:
        j.test(t)
    _contrary(j, arms, _T5)
    return j.evidence(note="; ".join(map(_fmt, tests)) + "; spatial / spectral purity: "
                      + "; ".join(f"q={q}: {_mean(sw, 'purity_spa', q)} / "
                                  f"{_mean(sw, 'purity_spe', q)}" for q in sw.config.qs) + ".")


@claim("prism.paper.table", kind="empirical", where="main results table (papernotes.org note)",
       expected="unavailable", evidence=("observation",),
       statement="PRISM's accuracies on its five benchmarks beat DEER and GraphACL at every "
       "noise level shown (e.g. 63.11 % on ENZYMES at q = 0.3); the papernotes.org excerpt gives "
       "DEER and GraphACL only on ENZYMES, Letter-High, COIL-DEL and COLORS-3, CIFAR10 only in "
       "the ablation.",
       source=("secondary", ("the numbers as given by the papernotes.org note on OpenReview "
               "m2MeiYOJED; the printed table was not seen")),
       setting=("analogue", "not run: needs the TU data sets and CIFAR10 superpixels"))
def _paper(quick: bool = False):
    raise Unavailable("the TU datasets and CIFAR10 superpixels need downloads, and no PRISM "
                      "code is public")
