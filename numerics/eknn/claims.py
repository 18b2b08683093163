"""Empirical claims of EKNN-lite (our reconstruction), on :mod:`numerics.eknn.experiments`.

The method is known only from public sources (the abstract and TL;DR of OpenReview ljM1HTSH9c,
its four public reviews, which locate the layers in Sec. 3, Eqs. (7)-(10), and a papernotes.org
note); EKNN-lite is our stand-in, so every row is an analogue. Thresholds
were fixed before the full runs: circles + moons p = 50 ACC above .95 with concatenated k-means
below .80; ACC at p = 100 above p = 20; with a noise view EKNN p = 100 ACC above .95 and full
kernel k-means of the concatenation below .75; EKNN ACC above the least pure view's linear
partition by more than .2 (against the per-view bound); digits p = 160 NMI above the best
single-view k-means; full kernel k-means at least 5× slower at n = 4000. Each decides through a
pre-registered one-sided t-test of :mod:`iclr26_verify.registry.stats` over the 5 data seeds (timing: over 5
repeats). Quick sizes (one seed, n = 200) cannot decide: those claims say "undecided" there.
"""

from __future__ import annotations

import numpy as np

from theory.claims import Judge, Preregistered, Unavailable, claim

_W = "our light experiment (EKNN-lite, our reconstruction; the paper's experiments are not run)"
_SRC = ("secondary", ("the direction of the claim (multi-view clustering beats single-view and "
                      "concatenated baselines) from the abstract of OpenReview ljM1HTSH9c and "
                      "the papernotes.org note; the paper body is not public; thresholds ours"))
_SRC_P = ("secondary", ("the p ablation as summarised by the papernotes.org note on OpenReview "
                        "ljM1HTSH9c (accuracy rises with p over 20-200, then levels off; p = 160 "
                        "chosen); the paper body is not public; the comparison p = 100 vs "
                        "p = 20 and the test are ours"))
_SET = ("analogue", ("EKNN-lite (our reconstruction of the three layers) on offline stand-ins "
                     "(circles + moons as two views, three views of sklearn digits), 5 data "
                     "seeds; the paper uses COIL20, ORL, BBCSport and others"))


def _pre(statistic, alternative, threshold, effect, source, seeds=5):
    return Preregistered(statistic=statistic, alternative=alternative, seeds=seeds,
                         effect=effect, threshold=threshold, effect_source=source)


_T_CM_E = _pre("ACC of EKNN-lite p = 50 on circles + moons, per data seed", "greater", 0.95, 0.03,
               "ours: 3 accuracy points above our .95 threshold")
_T_CM_K = _pre("ACC of k-means of the concatenated views, per data seed", "less", 0.80, 0.05,
               "ours: 5 accuracy points below our .80 threshold")
_T_P = _pre("paired ACC difference p = 100 − p = 20 over data seeds", "greater", 0.0, 0.05,
            "ours: smallest effect of interest, 5 accuracy points")
_T_NV_E = _pre("ACC of EKNN-lite p = 100 with a noise view, per data seed", "greater", 0.95, 0.03,
               "ours: 3 accuracy points above our .95 threshold")
_T_NV_K = _pre("ACC of full kernel k-means of the concatenation with a noise view, per data "
               "seed", "less", 0.75, 0.05, "ours: 5 accuracy points below our .75 threshold")
_T_GAP = _pre("per data seed: ACC − min_v purity(W^v) at p = 100 with a noise view", "greater",
              0.2, 0.05, "ours: 5 points above our .2 margin")
_T_DIG = _pre("paired NMI difference EKNN-lite p = 160 − the best single-view k-means over seeds",
              "greater", 0.0, 0.02, "ours: smallest effect of interest, 0.02 NMI")
_T_TIME = _pre("per repeat: log(full kernel k-means time / EKNN-lite time) at n = 4000",
               "greater", float(np.log(5.0)), float(np.log(1.2)),
               "ours: a 20 % margin on the speed-up ratio", seeds=5)


def _fmt(t) -> str:
    return (f"{t.name}: {t.estimate:+.3f} [{t.interval[0]:+.3f}, {t.interval[1]:+.3f}], "
            f"p = {t.p_value:.3g}, power {t.power:.2f}, mde {t.mde:.3f} ({t.decision})")


def _ci(x) -> str:
    from iclr26_verify.registry import stats

    iv = stats.t_interval(x)
    if iv.n < 2:
        return f"{iv.mean:.3f}"
    return f"{iv.mean:.3f} [{iv.low:.3f}, {iv.high:.3f}]"


def _cm(quick, noise_view=False):
    from numerics.eknn.experiments import circles_moons_experiment

    return circles_moons_experiment(quick, noise_view)


def _undecided(quick, r, what):
    if quick:
        raise Unavailable(f"undecided in quick mode ({len(r.seeds)} seed, n = {r.n}): a test "
                          f"over 5 seeds needs the full run; quick values: {what}")


@claim("eknn.lite.circles_moons", kind="empirical", where=_W + ", ET1",
       statement="In our reconstruction, EKNN-lite with p = 50 centres clusters circles + moons "
       "(two views paired by label, n = 1000): ACC above .95, where k-means of the concatenated "
       "views stays below .80 (our thresholds; one-sided t-tests over 5 data seeds, α = .05 "
       "each).", evidence=("observation",), source=_SRC, setting=_SET, test=_T_CM_E)
def _circles(quick: bool = False):
    from iclr26_verify.registry import stats

    r = _cm(quick)
    _undecided(quick, r, f"EKNN p=50 {_ci(r.acc['eknn_p50'])}, concat k-means "
               f"{_ci(r.acc['kmeans_concat'])}")
    j = Judge()
    te = stats.one_sample("ACC EKNN-lite p = 50", r.acc["eknn_p50"], _T_CM_E)
    tk = stats.one_sample("ACC k-means of the concatenation", r.acc["kmeans_concat"], _T_CM_K)
    j.test(te)
    j.test(tk)
    return j.evidence(note=f"{_fmt(te)}; {_fmt(tk)}. Others: joint {_ci(r.acc['eknn_p50_joint'])}"
                      f", size-weighted {_ci(r.acc['eknn_p50_size'])}, spectral "
                      f"{_ci(r.acc['spectral_concat'])}, full kernel k-means "
                      f"{_ci(r.acc['full_kkm_concat'])}.")


@claim("eknn.lite.p_sweep", kind="empirical", where=_W + ", ET6; the paper's ablation on p (papernotes.org; "
       "figure and section numbers not seen)",
       statement="In our reconstruction more centres help: on circles + moons the ACC of "
       "EKNN-lite at p = 100 is higher than at p = 20 (paired one-sided t-test over 5 data "
       "seeds, α = .05). The levelling-off at large p that the summary reports is not tested "
       "here.", evidence=("observation",), source=_SRC_P, setting=_SET, test=_T_P)
def _psweep(quick: bool = False):
    from iclr26_verify.registry import stats

    r = _cm(quick)
    _undecided(quick, r, f"p=20 {_ci(r.acc['eknn_p20'])}, p=100 {_ci(r.acc['eknn_p100'])}")
    j = Judge()
    t = stats.paired("ACC p = 100 − p = 20", r.acc["eknn_p100"], r.acc["eknn_p20"], _T_P)
    j.test(t)
    return j.evidence(note=f"{_fmt(t)}; p=50 {_ci(r.acc['eknn_p50'])}.")


@claim("eknn.lite.noise_view", kind="empirical", where=_W + " (abstract: completeness and "
       "consistency of multi-view clustering)",
       statement="Our prediction (from our reading of the abstract's completeness and "
       "consistency across views): with a third pure-noise view EKNN-lite (p = 100) keeps ACC "
       "above .95 while full kernel k-means of the concatenated views falls below .75 (our "
       "thresholds; one-sided t-tests over 5 data seeds, α = .05 each).",
       expected="failed_prediction", prediction=True, corrected_by="eknn.lite.noise_view_eknn",
       evidence=("observation",),
       source=("ours", ("our reading of the abstract's completeness and consistency across "
                        "views as robustness to a noise view where full kernel k-means fails; "
                        "the threshold pair is ours, fixed before the full run")),
       setting=_SET, test=_T_NV_E)
def _noise(quick: bool = False):
    from iclr26_verify.registry import stats

    r = _cm(quick, True)
    _undecided(quick, r, f"EKNN p=100 {_ci(r.acc['eknn_p100'])}, full kernel k-means "
               f"{_ci(r.acc['full_kkm_concat'])}")
    j = Judge()
    te = stats.one_sample("ACC EKNN-lite p = 100, noise view", r.acc["eknn_p100"], _T_NV_E)
    tk = stats.one_sample("ACC full kernel k-means, noise view", r.acc["full_kkm_concat"],
                          _T_NV_K)
    j.test(te)
    j.test(tk)
    return j.evidence(note=f"{_fmt(te)}; {_fmt(tk)}. Others with the noise view: p=50 "
                      f"{_ci(r.acc['eknn_p50'])}, spectral {_ci(r.acc['spectral_concat'])}, "
                      f"concat k-means {_ci(r.acc['kmeans_concat'])}.")


@claim("eknn.lite.noise_view_eknn", kind="empirical", where=_W + " (abstract: completeness)",
       statement="In our reconstruction, with a third pure-noise view EKNN-lite (p = 100) keeps "
       "ACC above .95 (one-sided t-test over 5 data seeds, α = .05): the EKNN half of "
       "eknn.lite.noise_view; its baseline half (full kernel k-means below .75) is left out "
       "because it missed.",
       expected="corrected", evidence=("observation",),
       source=("ours", "our restatement of the half of eknn.lite.noise_view that holds"),
       setting=_SET, test=_T_NV_E)
def _noise_eknn(quick: bool = False):
    from iclr26_verify.registry import stats

    r = _cm(quick, True)
    _undecided(quick, r, f"EKNN p=100 {_ci(r.acc['eknn_p100'])}")
    j = Judge()
    t = stats.one_sample("ACC EKNN-lite p = 100, noise view", r.acc["eknn_p100"], _T_NV_E)
    j.test(t)
    return j.evidence(note=f"{_fmt(t)}; full kernel k-means {_ci(r.acc['full_kkm_concat'])}, "
                      f"spectral {_ci(r.acc['spectral_concat'])}: EKNN is best but spectral "
                      "clustering is close.")


@claim("eknn.lite.beyond_view_purity", kind="empirical", where="our derivation (meet bound; Sec. 3, Eqs. (7) and (10) per Reviewers 1 and 3)",
       statement="In our reconstruction the consensus can be more accurate than the least pure "
       "view's linear partition (so ACC ≤ min_v purity(W^v) is false; only the meet bound "
       "holds): with a noise view, ACC − min_v purity(W^v) exceeds .2 at p = 100 (one-sided "
       "t-test over 5 data seeds, α = .05), and ACC ≤ purity(meet) in every run.",
       expected="extension", evidence=("observation",),
       source=("ours", "our bound (eknn.bound.meet_purity) and our .2 margin"), setting=_SET,
       test=_T_GAP)
def _beyond(quick: bool = False):
    from iclr26_verify.registry import stats

    r = _cm(quick, True)
    gap = r.acc["eknn_p100"] - r.extra["view_purity_p100"].min(axis=1)
    _undecided(quick, r, f"gap {_ci(gap)}")
    j = Judge()
    t = stats.one_sample("ACC − min_v purity(W^v)", gap, _T_GAP)
    j.test(t)
    j.fact("ACC ≤ purity(meet) in every run (the theory bound)",
           bool(np.all(r.acc["eknn_p100"] <= r.extra["meet_purity_p100"] + 1e-12)))
    return j.evidence(note=f"{_fmt(t)}; per-view purities (mean over seeds) "
                      f"{np.round(r.extra['view_purity_p100'].mean(axis=0), 3).tolist()}, meet "
                      f"{_ci(r.extra['meet_purity_p100'])}, ACC {_ci(r.acc['eknn_p100'])}.")


@claim("eknn.lite.digits", kind="empirical", where=_W + ", ET2",
       statement="In our reconstruction, on three views of digits EKNN-lite (p = 160) reaches a "
       "higher NMI than the best single-view k-means (the view with the highest mean NMI; "
       "paired one-sided t-test over 5 seeds, α = .05).",
       evidence=("observation",), source=_SRC, setting=_SET, test=_T_DIG)
def _digits(quick: bool = False):
    from iclr26_verify.registry import stats
    from numerics.eknn.experiments import digits_experiment

    r = digits_experiment(quick)
    p = r.extra["p"]
    e = r.nmi[f"eknn_p{p}"]
    best = max((f"kmeans_view{v}" for v in (1, 2, 3)), key=lambda m: r.nmi[m].mean())
    _undecided(quick, r, f"EKNN p={p} NMI {_ci(e)}, best view {_ci(r.nmi[best])}")
    j = Judge()
    t = stats.paired(f"NMI EKNN p = {p} − {best}", e, r.nmi[best], _T_DIG)
    j.test(t)
    rows = ", ".join(f"{m} NMI {_ci(r.nmi[m])} ACC {_ci(r.acc[m])}" for m in r.nmi)
    return j.evidence(note=f"{_fmt(t)}. {rows}. EKNN fit {np.mean(r.extra['seconds']):.1f} s "
                      "(spectral clustering of the concatenation is the stronger baseline; not "
                      "part of the statement).")


@claim("eknn.lite.joint_monotone", kind="empirical", where=_W + ", ET3",
       statement="In our reconstruction the joint block-coordinate solver never increased F in "
       "any registered run (circles + moons, with and without a noise view, p = 50).",
       expected="extension", evidence=("search",),
       source=("ours", ("our block-coordinate solver (eknn.monotone.joint), checked on "
                 "every step of the registered runs")),
       setting=("analogue", "EKNN-lite, our reconstruction, on circles + moons"))
def _joint(quick: bool = False):
    j = Judge()
    for nv in (False, True):
        r = _cm(quick, nv)
        for s, F in zip(r.seeds, r.extra["joint_F"]):
            j.le(f"F_(t+1) vs F_t, noise view {nv}, seed {s}", F[1:], F[:-1], rtol=1e-9)
    return j.evidence(note="every block step of every joint run; relative tolerance 1e-9. A "
                      "universal statement, so one increase would refute it and no statistic "
                      "over seeds applies; the search is not adversarial (the registered runs "
                      "only). Complements the theory claim eknn.monotone.joint (proof).")


@claim("eknn.cost.scaling", kind="empirical", where="running-time comparison as summarised (papernotes.org; "
       "section number not seen); our light experiment",
       statement="In our reconstruction EKNN-lite (p = 100) is at least 5× faster than full "
       "kernel k-means of the concatenated views at n = 4000 (one thread; one-sided t-test on "
       "the log time ratio over 5 repeats, α = .05, against log 5). The paper's comparison "
       "with RMSL and SSSL-M is not run.",
       evidence=("observation",),
       source=("ours", ("our 5× threshold; the papernotes.org note on OpenReview ljM1HTSH9c "
                        "summarises only that EKNN is efficient")),
       setting=("analogue", ("EKNN-lite against our full kernel k-means on circles + moons, one "
                "shared CPU thread; wall times are noisy")), test=_T_TIME)
def _scaling(quick: bool = False):
    from iclr26_verify.registry import stats
    from numerics.eknn.experiments import timing_experiment

    r = timing_experiment(quick)
    if quick:
        raise Unavailable(f"undecided in quick mode: sizes n = {r['n'].tolist()} are below the "
                          "decision size 4000; median ratios "
                          f"{np.round(r['full_s'] / r['eknn_s'], 2).tolist()}")
    logr = np.log(r["full_reps"][-1] / r["eknn_reps"][-1])
    j = Judge()
    t = stats.one_sample("log(full / EKNN time) at n = 4000", logr, _T_TIME)
    j.test(t)
    return j.evidence(note=f"{_fmt(t)} (ratio {np.exp(t.estimate):.2f}, interval "
                      f"[{np.exp(t.interval[0]):.2f}, {np.exp(t.interval[1]):.2f}]); medians "
                      f"n = {r['n'].tolist()}: EKNN {np.round(r['eknn_s'], 2).tolist()} s (ACC "
                      f"{np.round(r['eknn_acc'], 3).tolist()}), full "
                      f"{np.round(r['full_s'], 2).tolist()} s (ACC "
                      f"{np.round(r['full_acc'], 3).tolist()}).")


@claim("eknn.paper.table", kind="empirical", where="main results table (papernotes.org note; table and section numbers not seen)",
       statement="EKNN's ACC on COIL20, ORL, BBCSport, Reuters, Football, ANIMAL, NoisyMNIST "
       "(e.g. 80.17 % on COIL20, 42.17 % on Reuters).", expected="unavailable",
       evidence=("observation",),
       source=("secondary", ("the numbers as given by the papernotes.org note on OpenReview "
                      "ljM1HTSH9c; the printed tables were not seen")),
       setting=("analogue", ("not run: the data sets are not bundled and the method's code is "
                     "not public")))
def _table(quick: bool = False):
    raise Unavailable("the datasets are not bundled with any installed package and the method's "
                      "code is not public; EKNN-lite on offline data stands in (eknn.lite.*)")
