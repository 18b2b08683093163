"""Empirical claims of EKNN-lite (our reconstruction), on :mod:`numerics.eknn.experiments`.

Thresholds fixed before the full runs (eknn.md §5 ET1–ET6, the noise-view and scaling ones
adapted to our sizes): circles + moons p = 50 mean ACC ≥ .95 with concatenated k-means ≤ .80
(ET1); mean ACC at p = 100 ≥ at p = 20 (ET6); with a noise view, EKNN p = 100 mean ACC ≥ .95
and full kernel k-means of the concatenation ≤ .75; EKNN ACC exceeds the least pure view's
linear partition by ≥ .2 on average (against the per-view bound, E8); digits p = 160 mean NMI ≥
the best single-view k-means mean NMI (ET2); F non-increasing in every joint run, relative
tolerance 1e-9 (ET3); at n = 4000 full kernel k-means takes ≥ 5× EKNN-lite's time (ET5 at our
largest size; the spec used n = 8000). Quick sizes (one seed, n = 200) cannot decide a mean
over 5 seeds: those claims say "undecided" there. Intervals: mean ± 95 % t-interval over seeds.
"""

from __future__ import annotations

import numpy as np
from scipy import stats

from theory.claims import Judge, Unavailable, claim

_W = "eknn.md §5 (our reconstruction, EKNN-lite; the paper's experiments are not reproduced)"


def _ci(x):
    x = np.asarray(x, dtype=float)
    if len(x) < 2:
        return f"{x.mean():.3f}"
    h = stats.t.ppf(0.975, len(x) - 1) * x.std(ddof=1) / np.sqrt(len(x))
    return f"{x.mean():.3f} ± {h:.3f}"


def _cm(quick, noise_view=False):
    from numerics.eknn.experiments import circles_moons_experiment

    return circles_moons_experiment(quick, noise_view)


def _undecided(quick, r, what):
    if quick:
        raise Unavailable(f"quick mode ({len(r.seeds)} seed, n = {r.n}) cannot decide a mean "
                          f"over 5 seeds; quick values: {what}")


@claim("eknn.lite.circles_moons", kind="empirical", where=_W + ", ET1",
       statement="In our reconstruction, EKNN-lite with p = 50 centres clusters circles + moons "
       "(two views paired by label, n = 1000): mean ACC ≥ .95 over 5 data seeds, where k-means "
       "of the concatenated views stays ≤ .80.", evidence=("observation",),
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _circles(quick: bool = False):
    r = _cm(quick)
    _undecided(quick, r, f"EKNN p=50 {_ci(r.acc['eknn_p50'])}, concat k-means "
               f"{_ci(r.acc['kmeans_concat'])}")
    j = Judge()
    j.ge("mean ACC, EKNN-lite p = 50 vs .95", r.acc["eknn_p50"].mean(), 0.95)
    j.le("mean ACC, k-means of the concatenation vs .80", r.acc["kmeans_concat"].mean(), 0.80)
    return j.evidence(note=f"ACC over seeds 1–5: EKNN p=50 {_ci(r.acc['eknn_p50'])} (joint "
                      f"{_ci(r.acc['eknn_p50_joint'])}, size-weighted "
                      f"{_ci(r.acc['eknn_p50_size'])}), concat k-means "
                      f"{_ci(r.acc['kmeans_concat'])}, spectral {_ci(r.acc['spectral_concat'])}, "
                      f"full kernel k-means {_ci(r.acc['full_kkm_concat'])}. The spec's own "
                      "implementation missed this threshold (.826, eknn.md §5); ours, with "
                      "scikit-learn k-means (3 inits) in layers 1 and 3, meets it. Slack: the "
                      "distance of the means to the thresholds.")


@claim("eknn.lite.p_sweep", kind="empirical", where=_W + ", ET6; paper §4 p-ablation",
       statement="In our reconstruction more centres help: on circles + moons the mean ACC of "
       "EKNN-lite at p = 100 is at least that at p = 20 (5 data seeds).",
       evidence=("observation",),
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _psweep(quick: bool = False):
    r = _cm(quick)
    _undecided(quick, r, f"p=20 {_ci(r.acc['eknn_p20'])}, p=100 {_ci(r.acc['eknn_p100'])}")
    j = Judge()
    j.ge("mean ACC p = 100 vs p = 20", r.acc["eknn_p100"].mean(), r.acc["eknn_p20"].mean())
    return j.evidence(note=f"ACC: p=20 {_ci(r.acc['eknn_p20'])}, p=50 {_ci(r.acc['eknn_p50'])}, "
                      f"p=100 {_ci(r.acc['eknn_p100'])}. Slack: the gap between the means.")


@claim("eknn.lite.noise_view", kind="empirical", where=_W + " (abstract: completeness and "
       "consistency of multi-view clustering)",
       statement="In our reconstruction, with a third pure-noise view EKNN-lite (p = 100) keeps "
       "mean ACC ≥ .95 while full kernel k-means of the concatenated views falls to ≤ .75.",
       expected="undecided", corrected_by="eknn.lite.noise_view_eknn", evidence=("observation",),
       source=("secondary", "UNAUDITED: " + "The paper claims completeness/consistency across "
       "views (abstract); the spec read this as robustness to a noise view where full kernel "
       "k-means fails (.502 in its smoke runs). The threshold pair is ours, fixed before the "
       "full run; the baseline half failed with our full kernel k-means (kNN-10 bandwidth)."),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _noise(quick: bool = False):
    r = _cm(quick, True)
    _undecided(quick, r, f"EKNN p=100 {_ci(r.acc['eknn_p100'])}, full kernel k-means "
               f"{_ci(r.acc['full_kkm_concat'])}")
    j = Judge()
    j.ge("mean ACC, EKNN-lite p = 100 with a noise view vs .95", r.acc["eknn_p100"].mean(), 0.95)
    j.le("mean ACC, full kernel k-means of the concatenation vs .75",
         r.acc["full_kkm_concat"].mean(), 0.75)
    return j.evidence(note=f"ACC over seeds 1–5 with the noise view: EKNN p=100 "
                      f"{_ci(r.acc['eknn_p100'])}, p=50 {_ci(r.acc['eknn_p50'])}, full kernel "
                      f"k-means {_ci(r.acc['full_kkm_concat'])}, spectral "
                      f"{_ci(r.acc['spectral_concat'])}, concat k-means "
                      f"{_ci(r.acc['kmeans_concat'])}. Slack: distance to the thresholds.")


@claim("eknn.lite.noise_view_eknn", kind="empirical", where=_W + " (abstract: completeness)",
       statement="In our reconstruction, with a third pure-noise view EKNN-lite (p = 100) keeps "
       "mean ACC ≥ .95 over 5 data seeds (the half of eknn.lite.noise_view that was fixed in "
       "advance and holds; the baseline half is dropped after its miss).",
       expected="corrected", evidence=("observation",),
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _noise_eknn(quick: bool = False):
    r = _cm(quick, True)
    _undecided(quick, r, f"EKNN p=100 {_ci(r.acc['eknn_p100'])}")
    j = Judge()
    j.ge("mean ACC, EKNN-lite p = 100 with a noise view vs .95", r.acc["eknn_p100"].mean(), 0.95)
    return j.evidence(note=f"ACC with the noise view: EKNN p=100 {_ci(r.acc['eknn_p100'])}, "
                      f"full kernel k-means {_ci(r.acc['full_kkm_concat'])}, spectral "
                      f"{_ci(r.acc['spectral_concat'])}: EKNN is best but spectral clustering "
                      "is close. Slack: distance of the mean to .95.")


@claim("eknn.lite.beyond_view_purity", kind="empirical", where="eknn.md E8 (our derivation)",
       statement="In our reconstruction the consensus can be more accurate than the least pure "
       "view's linear partition (so ACC ≤ min_v purity(W^v) is false; only the meet bound "
       "holds): with a noise view, mean of ACC − min_v purity(W^v) ≥ .2 at p = 100.",
       expected="extension", evidence=("observation",),
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _beyond(quick: bool = False):
    r = _cm(quick, True)
    gap = r.acc["eknn_p100"] - r.extra["view_purity_p100"].min(axis=1)
    _undecided(quick, r, f"gap {_ci(gap)}")
    j = Judge()
    j.ge("mean of ACC − min_v purity(W^v)", gap.mean(), 0.2)
    j.fact("ACC ≤ purity(meet) in every run (the theory bound)",
           bool(np.all(r.acc["eknn_p100"] <= r.extra["meet_purity_p100"] + 1e-12)))
    return j.evidence(note=f"per-view purities (mean over seeds) "
                      f"{np.round(r.extra['view_purity_p100'].mean(axis=0), 3).tolist()}, meet "
                      f"{_ci(r.extra['meet_purity_p100'])}, ACC {_ci(r.acc['eknn_p100'])}; "
                      f"gap {_ci(gap)}. Slack: distance of the gap to .2.")


@claim("eknn.lite.digits", kind="empirical", where=_W + ", ET2",
       statement="In our reconstruction, on three views of digits EKNN-lite (p = 160) reaches a "
       "mean NMI over 5 seeds at least the best single-view k-means mean NMI.",
       evidence=("observation",),
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _digits(quick: bool = False):
    from numerics.eknn.experiments import digits_experiment

    r = digits_experiment(quick)
    p = r.extra["p"]
    e = r.nmi[f"eknn_p{p}"]
    best = max((f"kmeans_view{v}" for v in (1, 2, 3)), key=lambda m: r.nmi[m].mean())
    _undecided(quick, r, f"EKNN p={p} NMI {_ci(e)}, best view {_ci(r.nmi[best])}")
    j = Judge()
    j.ge(f"mean NMI EKNN p = {p} vs best single view ({best})", e.mean(), r.nmi[best].mean())
    rows = ", ".join(f"{m} NMI {_ci(r.nmi[m])} ACC {_ci(r.acc[m])}" for m in r.nmi)
    return j.evidence(note=f"{rows}. EKNN fit {np.mean(r.extra['seconds']):.1f} s. Slack: the "
                      "gap between the means (spectral clustering of the concatenation is the "
                      "stronger baseline; not part of the threshold).")


@claim("eknn.lite.joint_monotone", kind="empirical", where=_W + ", ET3",
       statement="In our reconstruction the joint block-coordinate solver never increased F in "
       "any registered run (circles + moons, with and without a noise view, p = 50).",
       expected="extension", evidence=("observation",),
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _joint(quick: bool = False):
    j = Judge()
    for nv in (False, True):
        r = _cm(quick, nv)
        for s, F in zip(r.seeds, r.extra["joint_F"]):
            j.le(f"F_(t+1) vs F_t, noise view {nv}, seed {s}", F[1:], F[:-1], rtol=1e-9)
    return j.evidence(note="every block step of every joint run; relative tolerance 1e-9. "
                      "Complements the theory claim eknn.monotone.joint (proof) on larger runs.")


@claim("eknn.cost.scaling", kind="empirical", where="eknn.md E9, §4 runtime (our reconstruction)",
       statement="In our reconstruction EKNN-lite (p = 100) is at least 5× faster than full "
       "kernel k-means of the concatenated views at n = 4000 (one thread, one run).",
       evidence=("observation",),
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _scaling(quick: bool = False):
    from numerics.eknn.experiments import timing_experiment

    r = timing_experiment(quick)
    ratio = r["full_s"] / r["eknn_s"]
    if quick:
        raise Unavailable(f"quick sizes n = {r['n'].tolist()} are below the decision size "
                          f"4000; ratios {np.round(ratio, 2).tolist()}")
    j = Judge()
    j.ge("full / EKNN time at n = 4000 vs 5", ratio[-1], 5.0)
    return j.evidence(note=f"n = {r['n'].tolist()}: EKNN {np.round(r['eknn_s'], 2).tolist()} s "
                      f"(ACC {np.round(r['eknn_acc'], 3).tolist()}), full "
                      f"{np.round(r['full_s'], 2).tolist()} s (ACC "
                      f"{np.round(r['full_acc'], 3).tolist()}). One run each on a shared CPU: "
                      "noisy; slack: distance of the ratio to 5.")


@claim("eknn.paper.table", kind="empirical", where="paper §4 Tables (papernotes summary)",
       statement="EKNN's ACC on COIL20, ORL, BBCSport, Reuters, Football, ANIMAL, NoisyMNIST "
       "(e.g. 80.17 % on COIL20, 42.17 % on Reuters).", expected="unavailable",
       evidence=("observation",),
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _table(quick: bool = False):
    raise Unavailable("the datasets are not bundled with any installed package and the method's "
                      "code is not public; EKNN-lite on offline data stands in (eknn.lite.*)")
