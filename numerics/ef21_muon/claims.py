"""Empirical claims of EF21-Muon on the digits experiment (:mod:`numerics.ef21_muon.experiments`),
a light analogue of the paper's NanoGPT runs, designed by us (the paper's experiment tables were
not seen: only the abstract's "up to 7× communication savings").

Each claim is decided by a pre-registered test over the 5 seeds (:mod:`iclr26_verify.registry.stats`, paired by
seed across methods); thresholds and effects are ours, said in each test. Quick mode (1 seed,
K = 60) cannot decide and says so.
"""

from __future__ import annotations

import math

import numpy as np

from theory.claims import Judge, Preregistered, Unavailable, claim

_WHERE = "arXiv 2510.00643, experiments (NanoGPT, 'up to 7×'); our digits analogue"
_LIGHT = ("our digits analogue: an MLP on sklearn digits split over simulated workers, K = 300 "
          "steps, 5 seeds, uplink bits counted per worker, instead of NanoGPT-124M on FineWeb")


def _t(statistic, alternative, effect, effect_source, **kw):
    return Preregistered(statistic=statistic, alternative=alternative, seeds=5, effect=effect,
                         effect_source=effect_source, **kw)


_T_SAVE = _t("per-seed log saving ln(Mbit Muon / Mbit EF21) to reach train loss 0.3, per "
             "compressor", "greater", math.log(2), "ours: a factor 2 above the threshold",
             threshold=math.log(4))
_T_PLATEAU = _t("per-seed log ratio ln(final loss naive Top-5 % / final loss EF21 Top-5 %)",
                "greater", math.log(1.5), "ours: a factor 1.5 above the threshold",
                threshold=math.log(2))
_T_NS5 = _t("per-seed log ratio ln(Mbit NS5 / Mbit exact-SVD Muon) to reach train loss 0.3",
            "less", math.log(1.2), "ours: a factor 1.2 below the threshold",
            threshold=math.log(1.5))


def _summary(quick: bool):
    from numerics.ef21_muon.experiments import digits_bits_to_loss

    summary, _ = digits_bits_to_loss(quick)
    if quick:
        brief = "; ".join(f"{r.method}: {r.mbit_to_target:.2f} Mbit, loss {r.final_loss:.3f}"
                          for r in summary.itertuples())
        raise Unavailable("undecided in quick mode (1 seed, K = 60: the target loss 0.3 is not "
                          f"reached by construction of the sizes); quick numbers: {brief}")
    return summary


def _by_seed(summary, method, col="mbit_to_target"):
    return summary.loc[summary.method == method].sort_values("seed")[col].to_numpy()


def _fmt(t, exp=True):
    f = np.exp if exp else (lambda x: x)
    return (f"{t.name}: {f(t.estimate):.2f}× [{f(t.interval[0]):.2f}, {f(t.interval[1]):.2f}], "
            f"p = {t.p_value:.3g}, power {t.power:.2f}")


@claim("ef21_muon.exp.digits_ef21_saves_bits", kind="empirical", where=_WHERE,
       statement="EF21-Muon with Top-10 %, Top-5 % or rank-2 worker compression reaches train "
       "loss 0.3 with more than 4× fewer uplink bits per worker than uncompressed Muon: per "
       "compressor, the per-seed log saving exceeds ln 4 (one-sided t over 5 seeds, "
       "Bonferroni over the three), and every seed reaches the target.",
       evidence=("observation",),
       source=("abstract", ("arXiv 2510.00643 abstract: up to 7× communication savings with no "
               "accuracy degradation on NanoGPT; the 4× threshold is ours")),
       setting=("analogue", _LIGHT), test=_T_SAVE)
def _saves(quick: bool = False):
    from iclr26_verify.registry import stats

    s = _summary(quick)
    base = _by_seed(s, "Muon (uncompressed)")
    j = Judge()
    logs = {}
    for m in ("EF21 Top-10%", "EF21 Top-5%", "EF21 rank-2"):
        ours = _by_seed(s, m)
        ok = bool(np.all(np.isfinite(ours)))
        j.fact(f"{m}: every seed reaches the target", ok)
        logs[m] = np.log(base / ours) if ok else np.zeros_like(base)
    tests = stats.per_arm(logs, _T_SAVE)
    for t in tests:
        j.test(t)
    return j.evidence(note=f"Muon: median {np.median(base):.2f} Mbit to loss 0.3. Savings "
                      "(geometric mean, interval): " + "; ".join(_fmt(t) for t in tests) + ".")


@claim("ef21_muon.exp.digits_naive_never_reaches", kind="empirical", where=_WHERE,
       expected="failed_prediction", prediction=True,
       statement="Our prediction for the digits analogue: naive Top-5 % compression (no error "
       "feedback) never reaches train loss 0.3 within K = 300 steps on any seed.",
       evidence=("witness",),
       source=("ours", ("a prediction of ours for our light digits analogue (threshold 0.3 and "
               "K = 300 chosen by us); the paper's experiment tables were not seen and it makes "
               "no such statement about this setup")),
       setting=("analogue", _LIGHT))
def _naive_never(quick: bool = False):
    s = _summary(quick)
    naive = _by_seed(s, "naive Top-5%")
    j = Judge()
    j.fact("no seed reaches loss 0.3", bool(np.all(~np.isfinite(naive))))
    return j.evidence(note="Mbit to loss 0.3 per seed: " + ", ".join(
        "never" if not math.isfinite(v) else f"{v:.2f}" for v in naive)
        + " (t₀ = 0.02; at t₀ = 0.01 nothing reaches 0.3 in our setup). A witness: one seed "
        "reaching the target refutes the prediction.")


@claim("ef21_muon.exp.digits_naive_plateaus_higher", kind="empirical", where=_WHERE,
       expected="extension", prediction=True,
       statement="Ours: naive Top-5 % ends at a higher train loss than EF21 Top-5 % (same bits "
       "per step), by more than a factor 2: the per-seed log ratio of final losses exceeds ln 2 "
       "(one-sided t over 5 seeds): the missing error feedback shows as a plateau, not "
       "necessarily as a miss of the 0.3 target.", evidence=("observation",),
       source=("ours", ("our statement and threshold; that compression without error feedback "
               "stalls is the motivation summarised by papernotes.org")),
       setting=("analogue", _LIGHT), test=_T_PLATEAU)
def _naive_plateau(quick: bool = False):
    from iclr26_verify.registry import stats

    s = _summary(quick)
    nv = _by_seed(s, "naive Top-5%", "final_loss")
    ef = _by_seed(s, "EF21 Top-5%", "final_loss")
    j = Judge()
    t = stats.one_sample("final loss naive / EF21", np.log(nv / ef), _T_PLATEAU)
    j.test(t)
    return j.evidence(note=_fmt(t) + f"; final loss naive {', '.join(f'{v:.3f}' for v in nv)} "
                      f"vs EF21 Top-5 % {', '.join(f'{v:.3f}' for v in ef)} (K = 300).")


@claim("ef21_muon.exp.digits_ns5_survives", kind="empirical",
       where="Newton–Schulz vs exact LMO (a point of a public OpenReview review)",
       expected="extension",
       statement="Replacing the exact spectral LMO by five Newton–Schulz steps (practical Muon) "
       "still reaches train loss 0.3 on every seed, with an uplink cost less than 1.5× that of "
       "exact-SVD Muon: the per-seed log ratio is below ln 1.5 (one-sided t over 5 seeds).",
       evidence=("observation",),
       source=("ours", ("our statement and threshold, on a point raised in a public OpenReview "
               "review of rex7s82Iav (theory with an exact LMO, practice with Newton–Schulz)")),
       setting=("analogue", _LIGHT), test=_T_NS5)
def _ns5(quick: bool = False):
    from iclr26_verify.registry import stats

    s = _summary(quick)
    ns, ex = _by_seed(s, "Muon NS5 (uncompressed)"), _by_seed(s, "Muon (uncompressed)")
    j = Judge()
    ok = bool(np.all(np.isfinite(ns)))
    j.fact("every NS5 seed reaches the target", ok)
    t = stats.one_sample("Mbit NS5 / exact", np.log(ns / ex) if ok else np.zeros_like(ex),
                         _T_NS5)
    j.test(t)
    return j.evidence(note=_fmt(t) + f"; median Mbit to loss 0.3: NS5 {np.median(ns):.2f}, "
                      f"exact {np.median(ex):.2f}.")


@claim("ef21_muon.exp.nanogpt", kind="empirical", where="Sec. 5 (NanoGPT-124M on FineWeb)",
       expected="unavailable",
       statement="EF21-Muon saves up to 7× worker→server communication at matched validation "
       "loss when training NanoGPT-124M on FineWeb.", evidence=("observation",),
       source=('abstract', 'arXiv 2510.00643 abstract: up to 7× communication savings with no accuracy degradation on NanoGPT; the 124M model and FineWeb per the papernotes.org summary'),
       setting='exact')
def _nanogpt(quick: bool = False):
    raise Unavailable("needs FineWeb, a 124M-parameter model and multi-GPU training; the digits "
                      "analogue is ef21_muon.exp.digits_ef21_saves_bits. Reviewer 4's 'degrades "
                      "token efficiency at a fixed 5B budget' cannot be checked here either.")
