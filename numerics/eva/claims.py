"""Empirical claims of the EVA topic: the torch encoder against the theory (deterministic, decided
in quick mode), the light digits-as-events experiment (pre-registered tests over seeds; quick
sizes cannot decide them), and the paper's benchmark results (unavailable here).

Tests, effects and thresholds were fixed in this file before the full run. The first full run
had 5 seeds: eva.light.mrp_beats_random held at 25 % and was undecided at 50-100 % (power
0.60-0.74 at the declared 5 points), so the seeds were raised to 10 for every light claim (85 s
for 5 seeds on this machine); nothing else changed. That second look is paid for: the light
tests declare ``looks=2`` and run at α/2.
"""

from __future__ import annotations

import numpy as np

from theory.claims import Judge, Preregistered, Unavailable, claim

_ABSTRACT = "arXiv 2505.11165 (abstract, v1 and v2)"
_LIGHT = ("analogue", ("events from translated scikit-learn digits (16 × 16, 64 events per "
          "stream), a 1-layer RWKV-6-style encoder of width 32, our light multi-representation "
          "target (count and decayed-count images), logistic probes on the WKV state; the "
          "paper uses DVS128-Gesture, N-Cars and Gen1 with a larger encoder"))
_TORCH = ("analogue", ("our torch encoder (our reading of an RWKV-6-style EVA layer), random "
          "weights, streams of 40 events"))

_T_THEORY = Preregistered(
    statistic="log10 of the max |torch WKV − theory.eva.wkv_recurrent| (float64) per seed",
    alternative="less", threshold=-10.0, seeds=3, effect=1.0,
    effect_source="ours: one decade below the float64 tolerance", quick_decides=True)
_T_STEP = Preregistered(
    statistic="log10 of the max scaled |chunked features − event-by-event steps| (float32) per "
    "seed", alternative="less", threshold=-5.0, seeds=3, effect=1.0,
    effect_source="ours: one decade below the float32 tolerance 1e-5", quick_decides=True)
_T_MRP = Preregistered(
    statistic="paired difference of test accuracy, MRP-pretrained − random frozen encoder "
    "(linear probe on the WKV state), at each of 4 read-out times", alternative="greater",
    seeds=10, looks=2, effect=0.05, threshold=0.0,
    effect_source="ours: smallest effect of interest, 5 points (the paper's gains are on other "
    "data)")
_T_CHANCE = Preregistered(
    statistic="test accuracy of the linear probe on the MRP-pretrained encoder's state, at each "
    "of 4 read-out times", alternative="greater", seeds=10, looks=2, effect=0.1, threshold=0.1,
    effect_source="ours: 10 points above chance (10 classes)")
_T_RISE = Preregistered(
    statistic="paired difference of probe accuracy, read-out after 100 % − after 25 % of the "
    "events (MRP arm)", alternative="greater", seeds=10, looks=2, effect=0.05, threshold=0.0,
    effect_source="ours: 5 points")


def _seeds(test, fn):
    return [fn(s) for s in range(test.seeds)]


@claim("eva.torch.wkv_matches_theory", kind="empirical", where="Method (our RWKV-6 reading)",
       evidence=("independent",), test=_T_THEORY, expected="extension",
       source=("ours", ("our torch transcription of the WKV; the reference is theory.eva (a "
               "cross-check of our two implementations, not a statement of the paper)")),
       setting=_TORCH,
       statement="The torch WKV, recurrent and chunked (C = 7), equals the numpy recurrence of "
       "theory.eva in float64 to better than 1e-10 on random inputs (B = 2, H = 2, T = 40).")
def _wkv_theory(quick: bool = False):
    from iclr26_verify.registry import stats
    from numerics.eva.experiments import equivalence

    errs = _seeds(_T_THEORY, lambda s: equivalence(s, "float64")["err_theory"])
    j = Judge()
    j.test(stats.one_sample("log10 max |torch − theory|", np.log10(np.maximum(errs, 1e-300)),
                            _T_THEORY))
    return j.evidence(note="max errors per seed: " + ", ".join(f"{e:.1e}" for e in errs) + ".")


@claim("eva.torch.step_eq_parallel", kind="empirical", where=_ABSTRACT + ": event-by-event "
       "updates; training in parallel (our reading)", evidence=("independent",), test=_T_STEP,
       source=("abstract", ("arXiv 2505.11165: features updated event by event (asynchronous "
               "encoder); the parallel training form is our RWKV-6 reading")), setting=_TORCH,
       statement="The torch encoder (2 layers, token shift, data-dependent decay) stepped one "
       "event at a time gives the features of its chunked (parallel) pass to better than 1e-5 "
       "of their scale in float32.")
def _step(quick: bool = False):
    from iclr26_verify.registry import stats
    from numerics.eva.experiments import equivalence

    errs = _seeds(_T_STEP, lambda s: equivalence(s, "float32")["err_step"])
    j = Judge()
    j.test(stats.one_sample("log10 max scaled |chunked − steps|", np.log10(errs), _T_STEP))
    return j.evidence(note="scaled errors per seed: " + ", ".join(f"{e:.1e}" for e in errs)
                      + " (float32, 40 events, 3 streams).")


def _rows(quick: bool):
    if quick:
        raise Unavailable("undecided in quick mode: 150 streams, 1 epoch and 2 seeds cannot "
                          "decide (the full run: 1797 streams, 4 epochs, 10 seeds)")
    from numerics.eva.experiments import run_all

    return run_all(False)


@claim("eva.light.mrp_beats_random", kind="empirical", where=_ABSTRACT + "; multi-"
       "representation prediction (public summary)", evidence=("observation",), test=_T_MRP,
       source=("secondary", ("the public summary zhaoyang97/Paper-Notes-en@cce855712717dbec964"
               "dff100587be409b717cc7:docs/ICLR2026/self_supervised/maximizing_asynchronicity_"
               "in_event-based_neural_networks.md (Key Design 4: MRP/NRP self-supervision gives "
               "generalisable features; Highlights: Gen1-pretrained features transfer to "
               "N-Cars); the abstract says the features are expressive and generalisable; the "
               "printed results were not seen; the random-init control is ours")),
       setting=_LIGHT,
       statement="Self-supervised pre-training helps at toy scale: a linear probe on the state "
       "of the MRP-pretrained encoder beats the same probe on the random-init encoder, at each of "
       "the 4 read-out times (25, 50, 75, 100 % of the events), without labels in pre-training "
       "(MRP only: the NRP objective is left out).")
def _mrp(quick: bool = False):
    from iclr26_verify.registry import stats
    from numerics.eva.experiments import FRACTIONS, accuracies

    rows = _rows(quick)
    diff = accuracies(rows, "mrp") - accuracies(rows, "random")
    arms = {f"{int(100 * f)} %": diff[:, i] for i, f in enumerate(FRACTIONS)}
    j = Judge()
    for t in stats.per_arm(arms, _T_MRP):
        j.test(t)
    bad = stats.contrary_arms(arms, _T_MRP)
    j.fact("no read-out time where MRP is significantly worse", not bad)
    return j.evidence(note="mean paired gain per read-out time: " + ", ".join(
        f"{k} {v.mean():+.3f}" for k, v in arms.items()) + f" over {len(rows)} seeds.")


@claim("eva.light.anytime_above_chance", kind="empirical", where=_ABSTRACT + " (A2S: features "
       "sampled on demand)", evidence=("observation",), test=_T_CHANCE,
       source=("abstract", ("arXiv 2505.11165: an A2S encoder's features can be sampled at any "
               "time by downstream models; the threshold (chance + 0) and the read-out times "
               "are ours")), setting=_LIGHT,
       statement="The feature read at any of the 4 read-out times (25, 50, 75, 100 % of the "
       "stream) supports the downstream task: probe accuracy above chance (0.1) at each.")
def _chance(quick: bool = False):
    from iclr26_verify.registry import stats
    from numerics.eva.experiments import FRACTIONS, accuracies

    rows = _rows(quick)
    acc = accuracies(rows, "mrp")
    arms = {f"{int(100 * f)} %": acc[:, i] for i, f in enumerate(FRACTIONS)}
    j = Judge()
    for t in stats.per_arm(arms, _T_CHANCE):
        j.test(t)
    return j.evidence(note="mean accuracy per read-out time: " + ", ".join(
        f"{k} {v.mean():.3f}" for k, v in arms.items()) + ".")


@claim("eva.light.anytime_rises", kind="empirical", where="Read-out along the stream (ours)",
       prediction=True, expected="undecided", evidence=("observation",), test=_T_RISE,
       source=("ours", "our prediction: more events seen, better read-out"), setting=_LIGHT,
       statement="Our prediction: the probe reads the digit better after all the events than "
       "after the first quarter (MRP arm, paired over seeds).")
def _rise(quick: bool = False):
    from iclr26_verify.registry import stats
    from numerics.eva.experiments import accuracies

    rows = _rows(quick)
    acc = accuracies(rows, "mrp")
    j = Judge()
    j.test(stats.paired("accuracy at 100 % − at 25 %", acc[:, -1], acc[:, 0], _T_RISE))
    return j.evidence(note=f"mean {acc[:, -1].mean():.3f} vs {acc[:, 0].mean():.3f}: the "
                      "first saccade already shows the whole digit outline, so a quarter of the "
                      "events reads almost as well as all of them.")


_DATA = ("it needs the event-camera data set (not installable offline here: no network at run "
         "time), the authors' code (github.com/haohq19/eva, not reachable) and GPU training")


@claim("eva.paper.dvs_gesture", kind="empirical", expected="unavailable",
       where=_ABSTRACT + ": recognition", evidence=("observation",),
       source=("abstract", ("arXiv 2505.11165: EVA outperforms prior A2S methods on "
               "DVS128-Gesture; numbers not seen")), setting=("analogue", "not run"),
       statement="EVA outperforms prior A2S methods on DVS128-Gesture recognition.")
def _dvs(quick: bool = False):
    raise Unavailable("DVS128-Gesture: " + _DATA + ".")


@claim("eva.paper.ncars", kind="empirical", expected="unavailable",
       where=_ABSTRACT + ": recognition", evidence=("observation",),
       source=("abstract", ("arXiv 2505.11165: EVA outperforms prior A2S methods on N-Cars; "
               "numbers not seen")), setting=("analogue", "not run"),
       statement="EVA outperforms prior A2S methods on N-Cars recognition.")
def _ncars(quick: bool = False):
    raise Unavailable("N-Cars: " + _DATA + ".")


@claim("eva.paper.gen1_detection", kind="empirical", expected="unavailable",
       where=_ABSTRACT + ": detection", evidence=("observation",),
       source=("abstract", ("arXiv 2505.11165: the first A2S framework to master detection, "
               "0.477 mAP on Gen1 (v1: 47.7 mAP)")), setting=("analogue", "not run"),
       statement="EVA reaches 0.477 mAP on Gen1 object detection, the first A2S method to "
       "handle detection.")
def _gen1(quick: bool = False):
    raise Unavailable("Gen1 (Prophesee automotive detection, ~200 GB): " + _DATA
                      + ", plus the synchronous detector head, which was not seen.")
