"""Empirical claims of the pcg topic: the light in-context experiment
(:mod:`numerics.pcg.experiments`) and the paper's large-scale results, registered unavailable.

Every decided row pre-registers its test (:class:`theory.claims.Preregistered`) before the full
run: per-seed statistics, a one-sided t-test at α = 0.05 (Bonferroni over arms), the effect it
must detect chosen by us (the paper reports no effect at this scale). Quick mode trains a
16-wide model for 40 steps on one seed: it decides nothing, and every light row says so.
"""

from __future__ import annotations

from theory.claims import Judge, Preregistered, Unavailable, claim

_ABS = "arXiv 2510.26792 (abstract, v1 and v2)"
_SCOPE = ("TLCG k = 10 (m = 1024), 64 × 64 train (a, c), 16 × 16 unseen test pairs disjoint in "
          "a and c, sequences of 72, 2-layer transformer d = 64, 600 steps, seeds 0–2; here k is "
          "the state width and b the bits kept, while the paper (per the public summary) writes k "
          "for the bits kept")
_ANALOGUE = ("analogue", ("m = 2^10 instead of 2^16–2^22, a 2-layer d = 64 model (≈ 0.1 M "
             "parameters) and 600 steps on CPU instead of up to 50 M parameters and 5 B tokens; "
             "truncated LCG outputs only"))
_QUICK = ("undecided in quick mode: 40 steps of a 16-wide model on one seed learn nothing; the "
          "full run (3 seeds × 3 widths, 600 steps) decides")


def _quick(quick):
    if quick:
        raise Unavailable(_QUICK)


def _runs(quick):
    from numerics.pcg.experiments import runs

    return runs(quick)


_T_ICL = Preregistered(
    statistic="per seed: mean test accuracy on unseen (a, c) over predictions made after "
    "n ≥ 2^(k−b) = 32 inputs, minus chance 1/32 (b = 5)",
    alternative="greater", seeds=3, effect=0.01, threshold=0.0,
    effect_source="ours: one point of accuracy above chance, about a third of the chance level")


@claim("pcg.light.icl_above_chance", kind="empirical", evidence=("observation",),
       where="abstract: in-context prediction of unseen sequences",
       statement="A transformer trained on sequences of some (a, c) predicts sequences of unseen "
       "(a, c) in context better than chance (our charitable, scaled-down reading: above chance "
       "after 2^(k−b) inputs; " + _SCOPE + ", b = 5). Truncated LCG only: the abstract's PCG "
       "variants and the paper's near-perfect accuracy are not tested here.",
       source=("abstract", _ABS + ": in-context prediction on unseen sequences; the paper's "
               "accuracy numbers were not seen"),
       setting=_ANALOGUE, test=_T_ICL)
def _icl(quick: bool = False):
    _quick(quick)
    from iclr26_verify.registry import stats
    from numerics.pcg.experiments import window_mean

    rs = [r for r in _runs(quick) if r["b"] == 5]
    x = [window_mean(r["acc"], r["T"], len(r["acc"]) + 1) - 2.0 ** -5 for r in rs]
    j = Judge()
    j.test(stats.one_sample("accuracy after 32 inputs − chance (b = 5)", x, _T_ICL))
    cl = [float(r["classical"][r["T"] + r["P"] - 1:].mean()) for r in rs]
    return j.evidence(note="per seed: " + ", ".join(f"{v + 2 ** -5:.4f}" for v in x)
                      + f" (chance {2 ** -5:.4f}). The exact two-lag predictor reaches "
                      f"{min(cl):.3f} on the same sequences from n = T + P = 40 on. Near-perfect "
                      "accuracy (the paper's regime) is out of reach of this budget.")


_T_ONSET = Preregistered(
    statistic="per seed and width b: mean test accuracy over n ∈ [2^(k−b), 2^(k−b) + 8) inputs "
    "minus that over [2^(k−b) − 8, 2^(k−b)); one arm per b ∈ {4, 5, 6}",
    alternative="greater", seeds=3, effect=0.01, threshold=0.0,
    effect_source="ours: one point of accuracy (chance is 1.6–6.3 points)")


@claim("pcg.light.onset_at_2_pow_k_minus_b", kind="empirical", evidence=("observation",),
       where="abstract: context ∝ √m; tested against the structure (ours)",
       expected="undecided",
       statement="At fixed k = 10 the accuracy on unseen (a, c) jumps when the context reaches "
       "2^(k−b) inputs, for each b ∈ {4, 5, 6} (onsets 64, 32, 16), while √m = 32 stays "
       "fixed: the first mechanism follows the carry-free lag 2^(k−b), not √m (" + _SCOPE + ").",
       source=("ours", ("our prediction from theory.pcg.two_lag_predictor; at the paper's "
               "configurations (b = k/2) the two scales coincide")),
       setting=_ANALOGUE, test=_T_ONSET)
def _onset(quick: bool = False):
    _quick(quick)
    from iclr26_verify.registry import stats
    from numerics.pcg.experiments import WIDTHS, jump

    rs = _runs(quick)
    arms = {f"b = {b} (jump at {2 ** (10 - b)})": [jump(r["acc"], r["T"]) for r in rs
                                                   if r["b"] == b] for b in WIDTHS}
    j = Judge()
    for t in stats.per_arm(arms, _T_ONSET):
        j.test(t)
    at_sqrt = {b: [jump(r["acc"], 32) for r in rs if r["b"] == b] for b in (4, 6)}
    return j.evidence(note="mean jump per arm: " + "; ".join(
        f"{k}: {sum(v) / len(v):+.4f}" for k, v in arms.items()) + ". At √m = 32 the jump is "
        + "; ".join(f"b = {b}: {sum(v) / len(v):+.4f}" for b, v in at_sqrt.items())
        + " (not part of the test). Full run: only b = 5 left the ln 2^b loss plateau within "
        "600 steps; at b = 4 and 6 the model has not learned yet, so the test cannot decide "
        "(more steps than this CPU budget would be needed).")


_T_EARLY = Preregistered(
    statistic="per seed: mean test accuracy over n ∈ [16, 32) inputs (fewer than √m = 32) "
    "minus chance 1/64, at b = 6",
    alternative="greater", seeds=3, effect=0.005, threshold=0.0,
    effect_source="ours: a third of the chance level 1/64")


@claim("pcg.light.above_chance_before_sqrt_m", kind="empirical", evidence=("observation",),
       where="abstract: context ∝ √m; tested against the structure (ours)",
       expected="undecided",
       statement="With b = 6 at k = 10, prediction of unseen (a, c) is above chance with fewer "
       "than √m = 32 inputs (n ∈ [16, 32)), since 2^(k−b) = 16 < √m (" + _SCOPE + ").",
       source=("ours", "our prediction from theory.pcg.two_lag_predictor"),
       setting=_ANALOGUE, test=_T_EARLY)
def _early(quick: bool = False):
    _quick(quick)
    from iclr26_verify.registry import stats
    from numerics.pcg.experiments import window_mean

    x = [window_mean(r["acc"], 16, 32) - 2.0 ** -6 for r in _runs(quick) if r["b"] == 6]
    j = Judge()
    j.test(stats.one_sample("accuracy over [16, 32) inputs − chance (b = 6)", x, _T_EARLY))
    return j.evidence(note="per seed: " + ", ".join(f"{v + 2 ** -6:.4f}" for v in x)
                      + f" (chance {2 ** -6:.4f}).")


def _unavailable(id_, where, statement, reason):
    @claim(id_, kind="empirical", where=where, expected="unavailable", evidence=("observation",),
           statement=statement, source=("abstract", _ABS),
           setting=("analogue", "would need the paper's scale: " + reason))
    def _check(quick: bool = False):
        raise Unavailable(reason)

    return _check


_GPU = ("GPU-scale training (moduli up to 2^22, up to 50 M parameters, up to 5 B tokens) that "
        "a 2-core CPU cannot run")
_unavailable("pcg.paper.icl_pcg_variants", "abstract: in-context prediction, PCG variants",
             "Transformers predict unseen sequences of several PCG variants (XSH-RR, XSH-RS, "
             "XSL-RR, ...) in context, at moduli up to 2^22, in tasks beyond published classical "
             "attacks.", _GPU + "; whether it is beyond classical attacks is a statement about "
             "the literature")
_unavailable("pcg.paper.one_bit", "abstract: one-bit outputs",
             "Even with the output truncated to a single bit, the next bit is reliably predicted.",
             _GPU + "; at k = 10 the exact two-lag rule needs 2^(k−1) + 1 = 513 inputs for b = "
             "1, beyond any context we can train here")
_unavailable("pcg.paper.sqrt_m_scaling", "abstract: scaling law with the modulus",
             "The number of in-context elements needed for near-perfect prediction grows as √m.",
             _GPU + "; near-perfect accuracy is out of reach at our budget (the light rows "
             "test where the onset sits instead)")
_unavailable("pcg.paper.curriculum", "abstract: curriculum for m ≥ 2^20",
             "For m ≥ 2^20 optimisation stagnates unless training data from smaller moduli is "
             "mixed in (curriculum).", _GPU)
_unavailable("pcg.paper.joint_generators", "abstract: several generators in one training run",
             "A model trained on several distinct PRNGs at once learns them jointly.", _GPU)
_unavailable("pcg.paper.embedding_clusters", "abstract: embedding-layer clustering",
             "The top principal components of the trained embeddings group the integers into "
             "bitwise rotation-invariant clusters (at most rotation_orbits(b) of them, "
             "pcg.embed.rotation_orbits).", "trained large-modulus models (" + _GPU + ")")
