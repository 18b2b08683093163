"""Empirical claims of the dispersion paper, tested on a byte-level LM trained offline on Python's
standard library source (:mod:`numerics.dispersion.experiments`).

Sizes: d = 48, context 64, 300 steps, 500 held-out chunks of 64 bytes, seeds 0, 1, 2. Each claim
is decided by a pre-registered test over the three seeds (:mod:`iclr26_verify.registry.stats`); thresholds and
effects are ours (or the paper's reported effect where a public summary gives one), said in each
test. The thresholds −0.8 (trajectory), 0.05 (push-away ΔD) and 0.3 (confound) were fixed before
the full runs. In quick mode (30 steps, 1 seed) nothing can be decided and every claim says so.
"""

from __future__ import annotations

import numpy as np

from theory.claims import Judge, Preregistered, Unavailable, claim

_QUICK = ("undecided in quick mode: 30 steps on 1 seed (an untrained model, one run), too small "
          "to decide a claim over seeds; the full run decides")
_SCOPE = ("byte-level LM (d = 48, 2 layers, context 64, 300 steps) on CPython 3.11 stdlib "
          "source, 500 held-out 64-byte chunks, seeds 0–2")
_LIGHT = ("a byte-level LM of ours (d = 48, 2 layers, 300 steps) on Python source, 3 seeds, "
          "instead of pretrained LLaMA/Qwen/Olmo/GPT-2 on Wikipedia, news and science text")
_PN = ("the papernotes.org summary of the ICLR 2026 camera-ready (en.papernotes.org/ICLR2026/"
       "interpretability/on_the_predictive_power_of_representation_dispersion_in_language_models)"
       "; printed wording not seen")


def _t(statistic, alternative, effect, effect_source, **kw):
    return Preregistered(statistic=statistic, alternative=alternative, seeds=3, effect=effect,
                         effect_source=effect_source, **kw)


_T_TRAJ = _t("per-seed Spearman(mean final-layer D, val PPL) over all 6 checkpoints", "less",
             0.2, "ours: 0.2 below the threshold", threshold=-0.8)
_T_AFTER = _t("per-seed Spearman(mean final-layer D, val PPL) over the checkpoints from the one of "
              "minimal D on", "less", 0.1, "ours: 0.1 below the threshold", threshold=-0.8)
_T_SIGN = _t("per-seed Spearman(D_final, PPL) over held-out chunks", "less", 0.1,
             "ours: smallest effect of interest, ρ = 0.1")
_T_SIGN_POS = _t("per-seed Spearman(D_final, PPL) over held-out chunks", "greater", 0.1,
                 "ours: smallest effect of interest, ρ = 0.1")
_T_PUSH_D = _t("paired difference of final-layer D, λ = 0.1 − λ = 0, per seed", "greater", 0.05,
               "ours: the threshold fixed before the runs, 0.05", threshold=0.0)
_T_PUSH_PPL = _t("paired relative change of validation PPL (%), λ = 0.1 vs λ = 0, per seed",
                 "less", 1.2, "paper: single-domain push-away gain ≈ 1.2 % (GPT-2 small 83.0 → "
                 "82.0, per the papernotes.org summary)")
_T_BIN = _t("per-seed |binned r| − |per-chunk Pearson r|", "greater", 0.1,
            "ours: smallest effect of interest, 0.1")
_T_CONF = _t("per-seed Spearman(D_final, #distinct bytes)", "greater", 0.1,
             "ours: 0.1 above the threshold", threshold=0.3)


def _quick(quick):
    if quick:
        raise Unavailable(_QUICK)


def _fmt(t, digits=3):
    return (f"{t.name}: {t.estimate:+.{digits}f} [{t.interval[0]:+.{digits}f}, "
            f"{t.interval[1]:+.{digits}f}], p = {t.p_value:.3g}, power {t.power:.2f}")


@claim("dispersion.light.trajectory", kind="empirical", evidence=("observation",),
       where="dispersion over training checkpoints (paper-notes summary, 'Main Results' table)",
       expected="failed_prediction", prediction=True,
       statement="Our prediction: from the first checkpoint on, mean dispersion of the final "
       "hidden states rises as validation perplexity falls: Spearman(mean D, val PPL) over the 6 "
       "checkpoints (steps 10, 25, 50, 100, 200, 300) is below −0.8 (one-sided t over 3 seeds) ("
       + _SCOPE + ").",
       source=("ours", ("our prediction (threshold −0.8, checkpoints from step 10) extending the "
               "summarised checkpoint analysis to the first steps of training, a range the "
               "paper's checkpoints likely skip; see dispersion.light.trajectory_after_collapse "
               "for the paper's statement")),
       setting=("analogue", _LIGHT), test=_T_TRAJ)
def _trajectory(quick: bool = False):
    _quick(quick)
    from iclr26_verify.registry import stats
    from numerics.dispersion.experiments import trajectory, trajectory_spearman

    rs = trajectory_spearman(quick)
    rows = trajectory(quick)
    j = Judge()
    t = stats.one_sample("Spearman(mean D, val PPL), all checkpoints", list(rs.values()), _T_TRAJ)
    j.test(t)
    first = [x for x in rows if x["step"] == min(y["step"] for y in rows)]
    return j.evidence(note=_fmt(t) + "; per seed: " + ", ".join(f"{v:+.3f}" for v in rs.values())
                      + ". At the first checkpoint D is still high (" + ", ".join(
                          f"{x['D final LN']:.2f}" for x in first) + ") at a high PPL: near "
                      "initialisation token states are spread; they collapse, then disperse "
                      "again as PPL falls.")


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
       evidence=("observation",), where="dispersion over training checkpoints (paper-notes "
       "summary, 'Main Results' table), byte-level analogue",
       statement="Over training, once dispersion has passed its early minimum (which comes by "
       "step 50, at least 0.2 below its first value, on every seed), it rises as perplexity "
       "falls: Spearman(mean D, val PPL) over the checkpoints from the minimum on is below −0.8 "
       "(one-sided t over 3 seeds) (" + _SCOPE + ").",
       source=("secondary", "the summary reports that dispersion tracks performance across "
               "training checkpoints: " + _PN + "; the restriction to the checkpoints after the "
               "early collapse is our charitable reading, written after seeing seed 0 only"),
       setting=("analogue", _LIGHT), test=_T_AFTER)
def _trajectory_after(quick: bool = False):
    """Formed after seeing seed 0's trajectory (post hoc); seeds 1 and 2 were not seen when it
    was written, so they test it."""
    _quick(quick)
    from iclr26_verify.registry import stats

    out = _after_collapse(quick)
    j = Judge()
    t = stats.one_sample("Spearman from the minimum on", [v[0] for v in out.values()], _T_AFTER)
    j.test(t)
    for seed, (_rho, step, _n, d0, dmin) in out.items():
        j.fact(f"seed {seed}: minimal D by step 50 (step {step})", step <= 50)
        j.fact(f"seed {seed}: first D − minimal D ≥ 0.2", d0 - dmin >= 0.2)
    return j.evidence(note=_fmt(t) + "; " + "; ".join(
        f"seed {s}: min D {dm:.3f} at step {st} (first {d0:.3f}), Spearman {r:+.2f} over {n}"
        for s, (r, st, n, d0, dm) in out.items())
        + ". Post hoc: written after seeing seed 0 only; seeds 1, 2 are its test.")


def _chunks(quick):
    from numerics.dispersion.experiments import LAYERS, chunk_correlations

    return chunk_correlations(quick), LAYERS


def _layer_note(rows, layers):
    return "; ".join(f"seed {r['seed']}: " + ", ".join(
        f"{n} {r[f'rho {n}']:+.2f} [{r[f'lo {n}']:+.2f}, {r[f'hi {n}']:+.2f}]" for n in layers)
        for r in rows)


_T_BIN_SIGN = _t("per-seed Fisher z (atanh) of the Pearson r between the mean final-layer D "
                 "and the mean PPL of groups of 20 held-out chunks sorted by PPL", "less", 0.725,
                 "paper: the weakest binned r reported, ≈ −0.62 (Fisher z 0.725), per the "
                 "papernotes.org summary", threshold=0.0)


def _fisher_z(r) -> np.ndarray:
    """atanh of correlations; |r| = 1 (a degenerate sample) has no Fisher z: refused."""
    r = np.asarray(r, dtype=float)
    if not np.all(np.abs(r) < 1):
        raise ValueError(f"a Pearson r of ±1 has no Fisher z (degenerate sample): {r.tolist()}")
    return np.arctanh(r)


@claim("dispersion.light.binned_sign", kind="empirical", evidence=("observation",),
       where="abstract, sentence 2 (higher D, lower PPL), read on group means as the released "
       "analysis code does (analysis steps 2 and 3)",
       # the full run excludes the statement with power ≥ 0.8: not reproduced on this analogue
       expected="not_reproduced",
       statement="Sorting held-out chunks by perplexity, cutting them into groups of 20 and "
       "correlating the groups' mean final-layer dispersion with their mean PPL (the released "
       "protocol's unit, scaled down from groups of 100; no PPL < 25 filter and no uniform pick "
       "of 100 groups, 25 groups here) gives a negative Pearson r: the per-seed Fisher z is below "
       "0 (one-sided t over 3 seeds) (" + _SCOPE + "). Written after the binned r of every seed "
       "had been seen (reported in dispersion.light.chunk_sign and binned_inflates).",
       source=("abstract", "arXiv 2506.24106 abstract: dispersion correlates strongly and "
               "negatively with perplexity; the unit (means of PPL-sorted 100-chunk groups) from "
               "yanhong-lbh/rep_dispersion@f894486934a49a35ca88d6b521bf56f32e871807:"
               "analysis/step2_group_and_sample.py:L40-L89 and analysis/"
               "step3_compute_dispersion_and_plot.py:L51-L108; the r range per " + _PN),
       setting=("analogue", _LIGHT), test=_T_BIN_SIGN)
def _binned_sign(quick: bool = False):
    _quick(quick)
    from iclr26_verify.registry import stats

    rows, _ = _chunks(quick)
    j = Judge()
    t = stats.one_sample("Fisher z of binned r(D_final, PPL)",
                         _fisher_z([r["binned r"] for r in rows]), _T_BIN_SIGN)
    j.test(t)
    return j.evidence(note=_fmt(t) + "; binned r per seed: " + ", ".join(
        f"seed {r['seed']} {r['binned r']:+.3f} over {r['n groups']} groups" for r in rows)
        + ". Toy scale and a code corpus: this does not test the paper's LLMs; post hoc (the "
        "binned r had been seen).")


@claim("dispersion.light.chunk_sign", kind="empirical", evidence=("observation",),
       where="abstract, sentence 2 (higher D, lower PPL), read per chunk (ours)",
       # the full run excludes the statement with power ≥ 0.8: not reproduced on this analogue
       expected="not_reproduced",
       corrected_by="dispersion.light.chunk_sign_positive",
       statement="Per held-out chunk, dispersion of the final hidden states is negatively "
       "correlated with perplexity: the per-seed Spearman(D, PPL) is below 0 (one-sided t over 3 "
       "seeds; per-seed bootstrap intervals and the binned r are reported in the evidence note) (" + _SCOPE + ").",
       source=("ours", ("our less charitable reading of the arXiv 2506.24106 abstract's "
               "strong negative correlation, per single chunk; the released analysis code "
               "correlates means of PPL-sorted 100-chunk groups instead (the charitable reading, "
               "dispersion.light.binned_sign); on a domain and tokenisation the paper did not "
               "use")),
       setting=("analogue", _LIGHT), test=_T_SIGN)
def _chunk_sign(quick: bool = False):
    _quick(quick)
    from iclr26_verify.registry import stats

    rows, layers = _chunks(quick)
    j = Judge()
    t = stats.one_sample("Spearman(D_final, PPL) per chunk", [r["rho final LN"] for r in rows],
                         _T_SIGN)
    j.test(t)
    return j.evidence(note=_fmt(t) + ". Binned r (groups of 20): " + ", ".join(
        f"{r['binned r']:+.2f}" for r in rows) + " (positive too). Per-layer Spearman(D, PPL) "
        "[95 % bootstrap]: " + _layer_note(rows, layers) + ". Toy scale and a code corpus: "
        "this does not test the paper's LLMs.")


@claim("dispersion.light.chunk_sign_positive", kind="empirical", evidence=("observation",),
       where="abstract, sentence 2, per chunk; byte-level analogue", expected="corrected",
       statement="On byte-level Python source the per-chunk association has the opposite sign: "
       "the per-seed Spearman(D_final, PPL) is above 0 (one-sided t over 3 seeds), while after "
       "the early collapse the checkpoint-level direction is the paper's "
       "(dispersion.light.trajectory_after_collapse) (" + _SCOPE + ").",
       source=("ours", "our statement of what holds on this analogue; bound 0 fixed in advance"),
       setting=("analogue", _LIGHT), test=_T_SIGN_POS)
def _chunk_pos(quick: bool = False):
    _quick(quick)
    from iclr26_verify.registry import stats

    rows, layers = _chunks(quick)
    j = Judge()
    t = stats.one_sample("Spearman(D_final, PPL) per chunk", [r["rho final LN"] for r in rows],
                         _T_SIGN_POS)
    j.test(t)
    return j.evidence(note=_fmt(t) + ". Per-layer Spearman(D, PPL) [95 % bootstrap]: "
                      + _layer_note(rows, layers) + ".")


@claim("dispersion.light.push_away", kind="empirical", evidence=("observation",),
       where="abstract, sentence 6; push-away results as summarised (GPT-2 small 83.0 → 82.0 "
       "test PPL, paper-notes summary, 'Push-away Auxiliary Loss' table)",
       statement="Training with L_CE + 0.1·L_aux (L_aux = −D over the batch's final token "
       "states; our reconstruction of which vectors) raises final-layer dispersion and improves "
       "validation perplexity against the λ = 0 run with the same init and data order: paired "
       "ΔD > 0 and paired relative ΔPPL < 0 (one-sided t over 3 seeds each, Bonferroni) ("
       + _SCOPE + "). Single-domain push-away only: the abstract's cross-domain variant is not "
       "tested here.",
       source=("abstract", ("arXiv 2506.24106 abstract: a push-away objective increases "
               "dispersion and directly improves perplexity; the loss form and the 1.2 % effect "
               "per the papernotes.org summary")),
       setting=("analogue", _LIGHT), test=_T_PUSH_PPL)
def _push(quick: bool = False):
    _quick(quick)
    from iclr26_verify.registry import stats
    from numerics.dispersion.experiments import push_away

    rows = push_away(quick)
    j = Judge()
    dD = stats.one_sample("ΔD (λ = 0.1 − 0)", [r["D lam=0.1"] - r["D lam=0"] for r in rows],
                          _T_PUSH_D, alpha=_T_PUSH_D.level / 2)
    rel = stats.one_sample("ΔPPL % (λ = 0.1 vs 0)",
                           [100 * (r["ppl lam=0.1"] / r["ppl lam=0"] - 1) for r in rows],
                           _T_PUSH_PPL, alpha=_T_PUSH_PPL.level / 2)
    j.test(dD)
    j.test(rel)
    return j.evidence(note=_fmt(dD) + "; " + _fmt(rel, 2) + f" (over {len(rows)} seeds).")


@claim("dispersion.light.binned_inflates", kind="empirical", evidence=("observation",),
       where="analysis protocol (released step2/step3); theory dispersion.I6.binning_inflation",
       expected="extension",
       statement="On the same held-out chunks, correlating means of groups of 20 chunks sorted by "
       "PPL gives a larger |r| than the per-chunk Pearson r: the per-seed gap |binned r| − "
       "|per-chunk r| is > 0 (one-sided t over 3 seeds); the closed form "
       "ρs/√(ρ²s² + (1−ρ²)/G) is reported beside it (" + _SCOPE + ").",
       source=("ours", ("our prediction from the closed form dispersion.I6.binning_inflation for "
               "the released binning protocol")),
       setting=("analogue", _LIGHT), test=_T_BIN)
def _binned(quick: bool = False):
    _quick(quick)
    from iclr26_verify.registry import stats

    rows, _ = _chunks(quick)
    j = Judge()
    t = stats.one_sample("|binned r| − |per-chunk r|",
                         [abs(r["binned r"]) - abs(r["pearson per chunk"]) for r in rows], _T_BIN)
    j.test(t)
    return j.evidence(note=_fmt(t) + "; " + "; ".join(
        f"seed {r['seed']}: per-chunk r {r['pearson per chunk']:+.3f} → binned "
        f"{r['binned r']:+.3f} over {r['n groups']} groups (closed form "
        f"{r['binned r closed form']:+.3f})" for r in rows)
        + ". The closed form assumes bivariate normality, which PPL is not.")


@claim("dispersion.light.confound", kind="empirical", evidence=("observation",),
       where="a confounder check of ours", expected="extension",
       statement="Per-chunk dispersion tracks the count of distinct bytes in the chunk: the "
       "per-seed Spearman(D_final, #distinct bytes) exceeds 0.3 (one-sided t over 3 seeds); the "
       "partial Spearman of D and PPL given #distinct is reported (" + _SCOPE + ").",
       source=("ours", "our confounder check (threshold 0.3 fixed before the runs)"),
       setting=("analogue", _LIGHT), test=_T_CONF)
def _confound(quick: bool = False):
    _quick(quick)
    from iclr26_verify.registry import stats

    rows, _ = _chunks(quick)
    j = Judge()
    t = stats.one_sample("Spearman(D, #distinct)", [r["rho D~distinct"] for r in rows], _T_CONF)
    j.test(t)
    return j.evidence(note=_fmt(t) + "; " + "; ".join(
        f"seed {r['seed']}: ρ(D, distinct) {r['rho D~distinct']:+.2f}, ρ(distinct, PPL) "
        f"{r['rho distinct~ppl']:+.2f}, ρ(whitespace share, PPL) {r['rho space~ppl']:+.2f}, "
        f"partial ρ(D, PPL | distinct) {r['partial rho D~ppl | distinct']:+.2f}" for r in rows)
        + f". Mean over seeds of the partial ρ: "
        f"{np.mean([r['partial rho D~ppl | distinct'] for r in rows]):+.2f}.")
