"""Empirical claims of the PNL paper, checked on the small-data experiment of
:mod:`numerics.pnl_augment.experiments` (sklearn digits as (4,2,4,2) with 10 per class,
breast_cancer as (2,3,5) with 20 per class, wine as (2,7) with 10 per class; 20 %
augmentation; MLP(128); 10 seeds, paired across arms; quick: digits only, 1 seed, 5 per class).

The paper's statements (spec §4, from its table and paper notes): PNL is "comparable" to the
original training set on images (it does not beat standard augmentation there), "best or
comparable" on small non-image data, with "the lowest variance" there. Thresholds fixed before
the runs: *comparable* = the 95 % t-interval of the paired mean difference (over seeds) inside
±1 percentage point; *best or comparable* = mean accuracy ≥ the best other arm's mean − 1 pp;
*lowest variance* = the smallest standard deviation over seeds of the five arms.
"""

from __future__ import annotations

import numpy as np

from theory.claims import Judge, Unavailable, claim

COMPARABLE = 1.0  # percentage points
S_MIN = 0.9  # code decoder: share of the way to the neighbours' mean
_WHERE = "spec §4 (paper table: OG vs OG+PNL, 20 bootstrap test sets)"
_QUICK = "quick mode runs 1 seed on digits only: too few to decide a claim over seeds"


def _sd(quick):
    from numerics.pnl_augment.experiments import run_small_data

    return run_small_data(quick)


def _paired(sd, name, arm, base):
    from numerics.pnl_augment.experiments import paired_ci

    return paired_ci(sd.acc[name][arm], sd.acc[name][base])


@claim("pnl_augment.exp.comparable_on_images", kind="empirical", where=_WHERE,
       evidence=("observation",),
       statement="On sklearn digits (10 per class, 20 % augmentation), training on OG + PNL is "
       "comparable to training on OG alone, for both decoders (code and θ-fixed): the 95 % "
       "interval of the paired mean accuracy difference over 10 seeds lies within ±1 pp.",
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _images(quick: bool = False):
    if quick:
        raise Unavailable(_QUICK)
    sd = _sd(quick)
    j = Judge()
    notes = []
    for arm in ("PNL-code", "PNL-theta_fixed"):
        m, lo, hi = _paired(sd, "digits", arm, "OG")
        j.ge(f"{arm} − OG: CI lower end", lo, -COMPARABLE)
        j.le(f"{arm} − OG: CI upper end", hi, COMPARABLE)
        notes.append(f"{arm} − OG = {m:+.2f} pp [{lo:+.2f}, {hi:+.2f}]")
    return j.evidence(note="; ".join(notes) + f" (OG {sd.acc['digits']['OG'].mean():.2f} %). "
                      "Slack: the bounds are ±1 pp, fixed in advance.")


@claim("pnl_augment.exp.best_or_comparable_tabular", kind="empirical", where=_WHERE,
       evidence=("observation",),
       statement="On small tabular data (breast_cancer 20 per class, wine 10 per class), OG + PNL "
       "(code decoder) is best or comparable: its mean accuracy over 10 seeds is at least the "
       "best other arm's (OG, PNL θ-fixed, kNN-mean, Gaussian noise) minus 1 pp.",
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _tabular(quick: bool = False):
    if quick:
        raise Unavailable(_QUICK)
    sd = _sd(quick)
    j = Judge()
    notes = []
    for name in ("breast_cancer", "wine"):
        means = {a: float(v.mean()) for a, v in sd.acc[name].items()}
        best = max((a for a in means if a != "PNL-code"), key=means.get)
        j.ge(f"{name}: PNL-code mean vs best other − 1 pp", means["PNL-code"],
             means[best] - COMPARABLE)
        notes.append(f"{name}: PNL-code {means['PNL-code']:.2f} vs best other {best} "
                     f"{means[best]:.2f}")
    return j.evidence(note="; ".join(notes) + ".")


@claim("pnl_augment.exp.lowest_variance_tabular", kind="empirical", where=_WHERE,
       expected="undecided", corrected_by="pnl_augment.exp.variance_comparable_tabular",
       evidence=("observation",), statement="On small tabular data (breast_cancer, wine), OG + PNL (code decoder) has the "
       "lowest seed-to-seed standard deviation of test accuracy among the five arms.",
       source=("secondary", "UNAUDITED: " + "The paper's table was seen through paper notes (spec §4): PNL has the "
       "smallest ± on Connectionist (4.54 vs 8.58 for OG); notes say 'significantly reducing "
       "variance'. We read it as: the seed-to-seed spread of PNL is the smallest of the arms on "
       "small tabular data, tested at our scale with our controls."),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _variance(quick: bool = False):
    if quick:
        raise Unavailable(_QUICK)
    sd = _sd(quick)
    j = Judge()
    notes = []
    for name in ("breast_cancer", "wine"):
        stds = {a: float(v.std(ddof=1)) for a, v in sd.acc[name].items()}
        other = min((a for a in stds if a != "PNL-code"), key=stds.get)
        j.le(f"{name}: std PNL-code vs smallest other", stds["PNL-code"], stds[other])
        notes.append(f"{name}: std PNL-code {stds['PNL-code']:.2f} vs OG {stds['OG']:.2f}, "
                     f"smallest other {other} {stds[other]:.2f}")
    return j.evidence(note="; ".join(notes) + " (pp, 10 seeds).")


@claim("pnl_augment.exp.variance_comparable_tabular", kind="empirical", expected="corrected",
       where=_WHERE, evidence=("observation",),
       statement="What holds instead: on breast_cancer and wine the seed-to-seed standard "
       "deviation of OG + PNL (code) is within a factor 1.5 of OG's (neither clearly lower nor "
       "higher; the seed spread is dominated by the split, shared by all arms).",
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _variance_comparable(quick: bool = False):
    if quick:
        raise Unavailable(_QUICK)
    sd = _sd(quick)
    j = Judge()
    notes = []
    for name in ("breast_cancer", "wine"):
        a, b = float(sd.acc[name]["PNL-code"].std(ddof=1)), float(sd.acc[name]["OG"].std(ddof=1))
        j.le(f"{name}: std ratio PNL/OG", a / b, 1.5)
        j.ge(f"{name}: std ratio PNL/OG", a / b, 1 / 1.5)
        notes.append(f"{name}: {a:.2f} / {b:.2f} = {a / b:.2f}")
    return j.evidence(note="; ".join(notes) + ". Slack: the band [2/3, 1.5] was fixed in advance.")


@claim("pnl_augment.exp.pnl_beats_knn_mean_control", kind="empirical",
       where="implied by the method's motivation (geometry-aware decoding); spec §3(a), §4",
       expected="undecided", corrected_by="pnl_augment.exp.pnl_matches_knn_mean_control",
       evidence=("observation",), statement="OG + PNL (code decoder) beats OG + kNN-mean (each new sample the mean of a "
       "random class member's k nearest class members): the paired mean difference is positive "
       "with its 95 % interval above 0 on at least one of the three data sets.",
       source=("secondary", "UNAUDITED: " + "The paper does not compare with a kNN-mean control (spec §3(a)); the "
       "statement is our reading of its premise that the information-geometric decoder is what "
       "makes the samples useful, made testable against the non-geometric control closest to "
       "what the released decoder computes."),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _beats_knn(quick: bool = False):
    if quick:
        raise Unavailable(_QUICK)
    sd = _sd(quick)
    j = Judge()
    los, notes = [], []
    for name in sd.datasets:
        m, lo, hi = _paired(sd, name, "PNL-code", "kNN-mean")
        los.append(lo)
        notes.append(f"{name}: {m:+.2f} pp [{lo:+.2f}, {hi:+.2f}]")
    j.ge("largest CI lower end of PNL-code − kNN-mean", max(los), 0.0, scale=1.0)
    return j.evidence(note="; ".join(notes) + ".")


@claim("pnl_augment.exp.pnl_matches_knn_mean_control", kind="empirical", expected="corrected",
       where="spec §3(a), §4", evidence=("observation",),
       statement="What holds instead: OG + PNL (code decoder) and OG + kNN-mean are "
       "indistinguishable at this scale: on every data set the 95 % interval of their paired "
       "mean difference lies within ±1 pp.",
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _matches_knn(quick: bool = False):
    if quick:
        raise Unavailable(_QUICK)
    sd = _sd(quick)
    j = Judge()
    notes = []
    for name in sd.datasets:
        m, lo, hi = _paired(sd, name, "PNL-code", "kNN-mean")
        j.ge(f"{name}: CI lower end", lo, -COMPARABLE)
        j.le(f"{name}: CI upper end", hi, COMPARABLE)
        notes.append(f"{name}: {m:+.2f} pp [{lo:+.2f}, {hi:+.2f}]")
    return j.evidence(note="; ".join(notes) + ". Slack: ±1 pp fixed in advance.")


@claim("pnl_augment.exp.code_samples_are_neighbour_means", kind="empirical", expected="extension",
       where="released ld.BP inside the pipeline; spec §2.6", evidence=("observation",),
       statement="Inside the augmentation pipeline (KDE sample, KL-kNN, released decoder at "
       "lr = 0.1), every decoded sample has moved at least 90 % of the way from Q_{w*} to its "
       "neighbours' mean: the median fitted mixture weight s is ≥ 0.9 on digits (quick and full) "
       "and on breast_cancer and wine (full).",
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _samples_are_means(quick: bool = False):
    sd = _sd(quick)
    j = Judge()
    notes = []
    for name in sd.datasets:
        s = sd.s_code[name]
        j.ge(f"{name}: median s", float(np.median(s)), S_MIN)
        notes.append(f"{name}: median s = {np.median(s):.3f} (min {s.min():.3f}, n = {s.size})")
    return j.evidence(note="; ".join(notes) + ". Slack: the 0.9 floor was fixed in advance from "
                      "the step schedule (1 − Π(1 − h_t) ≈ 0.945 at 502 iterations).")
