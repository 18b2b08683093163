"""Empirical claims of EF21-Muon on the digits experiment (:mod:`numerics.ef21_muon.experiments`,
ef21_muon.md §5), a light analogue of the paper's NanoGPT runs.

Thresholds fixed before the seeds were run: *saving* = median over 5 seeds of Muon's uplink Mbit
to reach train loss 0.3 divided by the method's is ≥ 4 (the spec's threshold) and the 95 %
percentile-bootstrap interval of that ratio lies above 1; naive compression *never reaches* the
target = no seed reaches loss 0.3 within K = 300; NS5 *survives* = it reaches the target on every
seed with a median Mbit within 1.5× of exact-SVD Muon's. Quick mode (1 seed, K = 60) cannot
decide and says so.
"""

from __future__ import annotations

import math

import numpy as np

from theory.claims import Judge, Unavailable, claim

_WHERE = "Sec. experiments (NanoGPT, 'up to 7×'); ef21_muon.md §5 digits analogue"


def _summary(quick: bool):
    from numerics.ef21_muon.experiments import digits_bits_to_loss

    summary, _ = digits_bits_to_loss(quick)
    if quick:
        brief = "; ".join(f"{r.method}: {r.mbit_to_target:.2f} Mbit, loss {r.final_loss:.3f}"
                          for r in summary.itertuples())
        raise Unavailable("undecided in quick mode (1 seed, K = 60: the target loss 0.3 is not "
                          f"reached by construction of the sizes); quick numbers: {brief}")
    return summary


def _mbit(summary, method):
    return summary.loc[summary.method == method, "mbit_to_target"].to_numpy()


@claim("ef21_muon.exp.digits_ef21_saves_bits", kind="empirical", where=_WHERE,
       statement="EF21-Muon with Top-10 %, Top-5 % or rank-2 worker compression reaches train "
       "loss 0.3 with ≥ 4× fewer uplink bits per worker than uncompressed Muon (median over 5 "
       "seeds; bootstrap 95 % interval of the ratio above 1).", evidence=("observation",),
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _saves(quick: bool = False):
    from numerics.ef21_muon.experiments import bootstrap_ratio_ci

    s = _summary(quick)
    base = _mbit(s, "Muon (uncompressed)")
    j = Judge()
    parts = []
    for m in ("EF21 Top-10%", "EF21 Top-5%", "EF21 rank-2"):
        ours = _mbit(s, m)
        j.fact(f"{m}: every seed reaches the target", bool(np.all(np.isfinite(ours))))
        ratio, lo, hi = bootstrap_ratio_ci(base, ours) if np.all(np.isfinite(ours)) else (
            0.0, 0.0, 0.0)
        j.ge(f"{m}: median saving ≥ 4×", ratio, 4.0)
        j.ge(f"{m}: bootstrap lower bound > 1", lo, 1.0)
        parts.append(f"{m}: {np.median(ours):.2f} Mbit, saving {ratio:.1f}× [{lo:.1f}, {hi:.1f}]")
    return j.evidence(note=f"Muon: median {np.median(base):.2f} Mbit to loss 0.3. "
                      + "; ".join(parts) + ". Observation: 5 seeds, one data split.")


@claim("ef21_muon.exp.digits_naive_never_reaches", kind="empirical", where=_WHERE,
       expected="undecided", corrected_by="ef21_muon.exp.digits_naive_plateaus_higher",
       statement="Naive Top-5 % compression (no error feedback) never reaches train loss 0.3 "
       "within K = 300 steps on any seed.", evidence=("witness",),
       source=("secondary", "UNAUDITED: " + "The spec's light analogue (ef21_muon.md §5-6 'exp.digits': naive Top-5 % "
       "never reaches loss 0.3); the paper's own experiment tables were not seen."),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _naive_never(quick: bool = False):
    s = _summary(quick)
    naive = _mbit(s, "naive Top-5%")
    j = Judge()
    j.fact("no seed reaches loss 0.3", bool(np.all(~np.isfinite(naive))))
    return j.evidence(note="Mbit to loss 0.3 per seed: " + ", ".join(
        "never" if not math.isfinite(v) else f"{v:.2f}" for v in naive)
        + " (t₀ = 0.02; at the spec's t₀ = 0.01 nothing reaches 0.3 in our setup).")


@claim("ef21_muon.exp.digits_naive_plateaus_higher", kind="empirical", where=_WHERE,
       expected="corrected",
       statement="Naive Top-5 % ends every seed at a higher train loss than EF21 Top-5 % (same "
       "bits per step), and its median final loss is ≥ 2× EF21's: the missing error feedback "
       "shows as a plateau, not necessarily as a miss of the 0.3 target.",
       evidence=("observation",),
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _naive_plateau(quick: bool = False):
    s = _summary(quick)
    nv = s.loc[s.method == "naive Top-5%"].sort_values("seed")["final_loss"].to_numpy()
    ef = s.loc[s.method == "EF21 Top-5%"].sort_values("seed")["final_loss"].to_numpy()
    j = Judge()
    j.ge("min over seeds of naive − EF21 final loss > 0", float(np.min(nv - ef)), 0.0,
         scale=float(np.median(ef)))
    j.ge("median final loss ratio ≥ 2", float(np.median(nv) / np.median(ef)), 2.0)
    return j.evidence(note=f"final loss naive {', '.join(f'{v:.3f}' for v in nv)} vs EF21 "
                      f"Top-5 % {', '.join(f'{v:.3f}' for v in ef)} (5 seeds, K = 300). "
                      "Observation.")


@claim("ef21_muon.exp.digits_ns5_survives", kind="empirical", where="Reviewer 4; ef21_muon.md §4.1",
       expected="extension",
       statement="Replacing the exact spectral LMO by five Newton–Schulz steps (practical Muon) "
       "still reaches train loss 0.3 on every seed, with a median uplink cost within 1.5× of "
       "exact-SVD Muon's.", evidence=("observation",),
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _ns5(quick: bool = False):
    s = _summary(quick)
    ns, ex = _mbit(s, "Muon NS5 (uncompressed)"), _mbit(s, "Muon (uncompressed)")
    j = Judge()
    j.fact("every NS5 seed reaches the target", bool(np.all(np.isfinite(ns))))
    j.le("median Mbit NS5 / exact ≤ 1.5", float(np.median(ns) / np.median(ex)), 1.5)
    return j.evidence(note=f"median Mbit to loss 0.3: NS5 {np.median(ns):.2f}, exact "
                      f"{np.median(ex):.2f}. Observation.")


@claim("ef21_muon.exp.nanogpt", kind="empirical", where="Sec. 5 (NanoGPT-124M on FineWeb)",
       expected="unavailable",
       statement="EF21-Muon saves up to 7× worker→server communication at matched validation "
       "loss when training NanoGPT-124M on FineWeb.", evidence=("observation",),
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _nanogpt(quick: bool = False):
    raise Unavailable("needs FineWeb, a 124M-parameter model and multi-GPU training; the digits "
                      "analogue is ef21_muon.exp.digits_ef21_saves_bits. Reviewer 4's 'degrades "
                      "token efficiency at a fixed 5B budget' cannot be checked here either.")
