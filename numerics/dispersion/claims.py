"""Empirical claims of the dispersion paper, tested on a byte-level LM trained offline on Python's
standard library source (:mod:`numerics.dispersion.experiments`).

Reduced sizes (spec §5 used d = 64, context 128, 600–800 steps, 1000 chunks): d = 48, context
64, 300 steps, 500 held-out chunks of 64 bytes, seeds 0, 1, 2. Thresholds were fixed before the
full runs, from the spec's plan (§5 "Fixed thresholds"):

- trajectory: Spearman over checkpoints of mean D against validation PPL ≤ −0.8, every seed
  (it failed on seed 0 because of the collapse right after initialisation; the correction,
  restricted to the checkpoints from the minimum on, was written after seeing seed 0 only);
- per-chunk sign: the paper predicts ρ(D, PPL) < 0 (95 % bootstrap interval below 0); the
  correction states ρ > 0 (interval above 0), every seed;
- push-away (λ = 0.1 vs 0, same seed and data order): D up by ≥ 0.05 and PPL ≤ 1.01 × PPL(λ = 0)
  in every seed;
- binned vs per-chunk: |binned r| (groups of 20) > |per-chunk Pearson r| in every seed;
- confound: Spearman(D, #distinct bytes) ≥ 0.3 in every seed.

All are ``observation``: measured on one toy model and corpus, with the slack in each note. In
quick mode (30 steps, 1 seed) nothing can be decided and every claim says so.
"""

from __future__ import annotations

import numpy as np

from theory.claims import Judge, Unavailable, claim

_QUICK = ("quick mode trains 30 steps on 1 seed (an untrained model, one run): too small to "
          "decide a claim over seeds; the full run decides")
_SCOPE = ("byte-level LM (d = 48, 2 layers, context 64, 300 steps) on CPython 3.11 stdlib "
          "source, 500 held-out 64-byte chunks, seeds 0–2")


def _quick(quick):
    if quick:
        raise Unavailable(_QUICK)


@claim("dispersion.light.trajectory", kind="empirical", evidence=("observation",),
       where="§5 (Olmo-7B checkpoints: dispersion tracks performance)", expected="undecided",
       corrected_by="dispersion.light.trajectory_after_collapse", statement="Over training checkpoints, mean dispersion of the final hidden states rises as "
       "validation perplexity falls: Spearman(mean D, val PPL) over the 6 checkpoints (steps 10, "
       "25, 50, 100, 200, 300) ≤ −0.8 in every seed (" + _SCOPE + ").",
       source=("secondary", "UNAUDITED: " + "The paper's text was not seen; the note says that dispersion tracks "
       "performance over Olmo-7B's 30 checkpoints. We test it over all checkpoints of a toy run, "
       "including the first ones (steps 10 and 25), a range the paper's checkpoints likely skip."),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _trajectory(quick: bool = False):
    _quick(quick)
    from numerics.dispersion.experiments import trajectory, trajectory_spearman

    rs = trajectory_spearman(quick)
    rows = trajectory(quick)
    j = Judge()
    for seed, r in rs.items():
        j.le(f"seed {seed}: Spearman(mean D, val PPL) over all 6 checkpoints", r, -0.8)
    first = [x for x in rows if x["step"] == min(y["step"] for y in rows)]
    return j.evidence(note="Spearman per seed: " + ", ".join(f"{v:+.3f}" for v in rs.values())
                      + ". At the first checkpoint D is still high (" + ", ".join(
                          f"{x['D final LN']:.2f}" for x in first) + ") at a high PPL: near "
                      "initialisation token states are spread; they collapse, then disperse "
                      "again as PPL falls. Threshold −0.8 and checkpoints fixed in advance.")


def _after_collapse(quick):
    """Per seed: Spearman of mean D against val PPL over the checkpoints from the one of
    minimal mean D on, and the step of that minimum."""
    from scipy import stats

    from numerics.dispersion.experiments import trajectory

    rows = trajectory(quick)
    out = {}
    for seed in sorted({x["seed"] for x in rows}):
        r = [x for x in rows if x["seed"] == seed]
        k = int(np.argmin([x["D final LN"] for x in r]))
        tail = r[k:]
        rho = float(stats.spearmanr([x["D final LN"] for x in tail],
                                    [x["val_ppl"] for x in tail]).statistic)
        out[seed] = (rho, r[k]["step"], len(tail), r[0]["D final LN"], r[k]["D final LN"])
    return out


@claim("dispersion.light.trajectory_after_collapse", kind="empirical",
       evidence=("observation",), where="§5 (Olmo checkpoints), byte-level analogue",
       expected="corrected",
       statement="Dispersion first collapses (its minimum over checkpoints comes by step 50, at "
       "least 0.2 below its first value), then rises as perplexity falls: Spearman(mean D, val "
       "PPL) over the checkpoints from the minimum on ≤ −0.8 in every seed (" + _SCOPE + ").",
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _trajectory_after(quick: bool = False):
    """Formed after seeing seed 0's trajectory (post hoc); seeds 1 and 2 were not seen when it
    was written, so they test it."""
    _quick(quick)
    out = _after_collapse(quick)
    j = Judge()
    for seed, (rho, step, n, d0, dmin) in out.items():
        j.le(f"seed {seed}: Spearman over the {n} checkpoints from the minimum (step {step}) on",
             rho, -0.8)
        j.le(f"seed {seed}: step of minimal D", step, 50)
        j.ge(f"seed {seed}: first D − minimal D", d0 - dmin, 0.2)
    return j.evidence(note="; ".join(
        f"seed {s}: min D {dm:.3f} at step {st} (first {d0:.3f}), Spearman {r:+.2f} over {n}"
        for s, (r, st, n, d0, dm) in out.items())
        + ". Post hoc: written after seeing seed 0 only; seeds 1, 2 are its test. Slack: "
        "thresholds −0.8, 50 steps, 0.2.")


def _chunks(quick):
    from numerics.dispersion.experiments import LAYERS, chunk_correlations

    return chunk_correlations(quick), LAYERS


def _layer_note(rows, layers):
    return "; ".join(f"seed {r['seed']}: " + ", ".join(
        f"{n} {r[f'rho {n}']:+.2f} [{r[f'lo {n}']:+.2f}, {r[f'hi {n}']:+.2f}]" for n in layers)
        for r in rows)


@claim("dispersion.light.chunk_sign", kind="empirical", evidence=("observation",),
       where="§3 core claim (higher D, lower PPL)", expected="undecided",
       corrected_by="dispersion.light.chunk_sign_positive", statement="Per held-out chunk, dispersion of the final hidden states is negatively "
       "correlated with perplexity: the 95 % bootstrap interval of Spearman(D, PPL) lies below 0 "
       "in every seed (" + _SCOPE + ").",
       source=("secondary", "UNAUDITED: " + "The paper's text was not seen; the note states that higher dispersion goes "
       "with lower perplexity across models and domains. We read it per chunk (the unit of the "
       "released code) and test it on a domain and tokenisation the paper did not use."),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _chunk_sign(quick: bool = False):
    _quick(quick)
    rows, layers = _chunks(quick)
    j = Judge()
    for r in rows:
        j.le(f"seed {r['seed']}: upper end of the 95 % CI of Spearman(D_final, PPL)",
             r["hi final LN"], 0.0, scale=1.0)
    return j.evidence(note="Per-layer Spearman(D, PPL) [95 % CI]: " + _layer_note(rows, layers)
                      + ". Toy scale and a code corpus: this does not test the paper's LLMs.")


@claim("dispersion.light.chunk_sign_positive", kind="empirical", evidence=("observation",),
       where="§3 core claim, byte-level analogue", expected="corrected",
       statement="On byte-level Python source the per-chunk association has the opposite sign: "
       "the 95 % bootstrap interval of Spearman(D_final, PPL) lies above 0 in every seed, while "
       "across checkpoints the paper's direction holds (dispersion.light.trajectory) (" + _SCOPE
       + ").",
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _chunk_pos(quick: bool = False):
    _quick(quick)
    rows, layers = _chunks(quick)
    j = Judge()
    for r in rows:
        j.ge(f"seed {r['seed']}: lower end of the 95 % CI of Spearman(D_final, PPL)",
             r["lo final LN"], 0.0, scale=1.0)
    return j.evidence(note="Per-layer Spearman(D, PPL) [95 % CI]: " + _layer_note(rows, layers)
                      + ". Slack: the bound 0 was fixed in advance; see the per-layer values "
                      "for the 'stronger with depth' claim.")


@claim("dispersion.light.push_away", kind="empirical", evidence=("observation",),
       where="§6 push-away (GPT-2 small: 83.0 → 82.0 test PPL at step 1000)",
       statement="Training with L_CE + 0.1·L_aux (L_aux = −D over the batch's final token states; "
       "our reconstruction of which vectors) raises final-layer dispersion by ≥ 0.05 and keeps "
       "validation PPL ≤ 1.01 × the λ = 0 run, in every seed (same init and data order; "
       + _SCOPE + ").",
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _push(quick: bool = False):
    _quick(quick)
    from numerics.dispersion.experiments import push_away, t_interval

    rows = push_away(quick)
    j = Judge()
    for r in rows:
        j.ge(f"seed {r['seed']}: D(λ=0.1) − D(0)", r["D lam=0.1"] - r["D lam=0"], 0.05)
        j.le(f"seed {r['seed']}: PPL(λ=0.1) / PPL(0)", r["ppl lam=0.1"] / r["ppl lam=0"], 1.01)
    dD = t_interval([r["D lam=0.1"] - r["D lam=0"] for r in rows])
    rel = t_interval([100 * (r["ppl lam=0.1"] / r["ppl lam=0"] - 1) for r in rows])
    resolved = ("the interval lies below 0: a small PPL gain is resolved at this scale, as the "
                "paper's single-domain 1.2 %" if rel[2] < 0 else "the interval contains 0: "
                "'improves PPL' is not resolved at this scale")
    return j.evidence(note=f"ΔD = {dD[0]:+.3f} [{dD[1]:+.3f}, {dD[2]:+.3f}], ΔPPL = "
                      f"{rel[0]:+.2f} % [{rel[1]:+.2f}, {rel[2]:+.2f}] (mean, 95 % t-interval over "
                      f"3 seeds); {resolved} (not part of the registered statement, which asks "
                      "only for no loss > 1 %). Slack: thresholds fixed in advance.")


@claim("dispersion.light.binned_inflates", kind="empirical", evidence=("observation",),
       where="analysis protocol (code step2/3); theory dispersion.I6.binning_inflation",
       expected="extension",
       statement="On the same held-out chunks, correlating means of groups of 20 chunks sorted by "
       "PPL gives a larger |r| than the per-chunk Pearson r, in every seed; the closed form "
       "ρs/√(ρ²s² + (1−ρ²)/G) is reported beside it (" + _SCOPE + ").",
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _binned(quick: bool = False):
    _quick(quick)
    rows, _ = _chunks(quick)
    j = Judge()
    for r in rows:
        j.ge(f"seed {r['seed']}: |binned r| vs |per-chunk r|", abs(r["binned r"]),
             abs(r["pearson per chunk"]))
    return j.evidence(note="; ".join(
        f"seed {r['seed']}: per-chunk r {r['pearson per chunk']:+.3f} → binned "
        f"{r['binned r']:+.3f} over {r['n groups']} groups (closed form "
        f"{r['binned r closed form']:+.3f})" for r in rows)
        + ". The closed form assumes bivariate normality, which PPL is not.")


@claim("dispersion.light.confound", kind="empirical", evidence=("observation",),
       where="spec §4(c) confounder check", expected="extension",
       statement="Per-chunk dispersion tracks the count of distinct bytes in the chunk: "
       "Spearman(D_final, #distinct bytes) ≥ 0.3 in every seed; the partial Spearman of D and "
       "PPL given #distinct is reported (" + _SCOPE + ").",
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _confound(quick: bool = False):
    _quick(quick)
    rows, _ = _chunks(quick)
    j = Judge()
    for r in rows:
        j.ge(f"seed {r['seed']}: Spearman(D, #distinct)", r["rho D~distinct"], 0.3)
    return j.evidence(note="; ".join(
        f"seed {r['seed']}: ρ(D, distinct) {r['rho D~distinct']:+.2f}, ρ(distinct, PPL) "
        f"{r['rho distinct~ppl']:+.2f}, ρ(whitespace share, PPL) {r['rho space~ppl']:+.2f}, "
        f"partial ρ(D, PPL | distinct) {r['partial rho D~ppl | distinct']:+.2f}" for r in rows)
        + f". Mean over seeds of the partial ρ: "
        f"{np.mean([r['partial rho D~ppl | distinct'] for r in rows]):+.2f}.")
