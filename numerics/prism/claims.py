"""Empirical claims of PRISM, checked on the light offline experiment of
:mod:`numerics.prism.experiments` (our reconstruction, prism.md §5).

Thresholds were fixed before the full run (written before any full-mode number was seen; they
are the spec's T1–T5 with 95 % intervals over 5 seeds added):

- T1 disambiguation: at q ∈ {0.3, 0.5} the lower end of the 95 % t-interval of PRISM-lite's
  training disambiguation is ≥ E[1/|S|] + 0.15.
- T2 accuracy at high noise: at q = 0.5 the paired (same seed) difference acc(PRISM-lite) −
  acc(CC) has mean ≥ +0.02 and the lower end of its 95 % interval > 0.
- T3 no harm at low noise: at q = 0.1 the mean paired difference is ≥ −0.02.
- T4 ablation: at q = 0.5 CC (no relational inference) has the lowest mean test accuracy of
  CC, PRISM-lite, w/o spatial, w/o spectral (the paper's "w/o Rel. Infer is the largest drop").
- T5 purity: at every q the lower end of the interval of the hybrid graph's purity is ≥ 1/C + 0.3.

Quick mode (20 graphs per class, one seed) cannot decide any of them and says so. The paper's
own numbers (TU datasets, CIFAR10 superpixels) need downloads: unavailable.
"""

from __future__ import annotations

from theory.claims import Judge, Unavailable, claim

_WHERE = "§4 (as summarised in prism.md §4–5)"
_READ = ("No paper body or code is public; the paper's tables are papernotes' (prism.md §4). "
         "We test the direction of its claims on our reconstruction at light scale: linear head, "
         "fixed descriptors, six synthetic graph classes, 600 graphs.")


def _sweep(quick: bool):
    from numerics.prism.experiments import noise_sweep

    if quick:
        raise Unavailable("quick mode (8 graphs per class, one seed) is too small to decide; "
                          "the full run (100 graphs per class, 5 seeds, q ∈ {.1, .3, .5}) "
                          "decides")
    return noise_sweep(False)


def _fmt(sw, key, q):
    m, h = sw.mean_ci(key, q)
    return f"{m:.3f} ± {h:.3f}"


@claim("prism.lite.disambiguation", kind="empirical", where="§3 (relational inference); T1",
       expected="verified", evidence=("observation",), statement="In our reconstruction, candidate-constrained propagation over the relational "
       "graphs disambiguates the training candidates: at q = 0.3 and 0.5 its accuracy exceeds a "
       "uniform pick in S by ≥ 0.15 (lower 95 % bound).",
       source=("secondary", "UNAUDITED: " + _READ),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _t1(quick: bool = False):
    sw = _sweep(quick)
    j = Judge()
    parts = []
    for q in (0.3, 0.5):
        m, h = sw.mean_ci("disamb_full", q)
        base = float(sw.values("random_pick", q)[0])
        j.ge(f"q={q}: lower 95 % bound of disambiguation", m - h, base + 0.15)
        parts.append(f"q={q}: {m:.3f} ± {h:.3f} vs uniform pick {base:.3f} + .15")
    slack = min(c.value.item() - c.reference.item() for c in j.comparisons)
    return j.evidence(note="; ".join(parts) + " (threshold fixed in advance; observation over "
                      f"{len(sw.config.seeds)} seeds; slack {slack:+.3f}).")


@claim("prism.lite.beats_cc_high_noise", kind="empirical", where=_WHERE + "; T2",
       expected="undecided", corrected_by="prism.lite.gain_is_disambiguation_not_accuracy",
       evidence=("observation",), statement="PRISM's relational inference raises test accuracy over the naive partial-label "
       "(CC) loss at high ambiguity: at q = 0.5 by ≥ 0.02 with a positive lower 95 % bound.",
       source=("secondary", "UNAUDITED: " + _READ),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _t2(quick: bool = False):
    sw = _sweep(quick)
    d, h = sw.diff_ci("acc_full", "acc_cc", 0.5)
    j = Judge()
    j.ge("q=.5: mean paired acc(PRISM-lite) − acc(CC)", d, 0.02)
    j.ge("q=.5: lower 95 % bound of the paired difference", d - h, 0.0, scale=0.02)
    return j.evidence(note=f"q = .5, {len(sw.config.seeds)} seeds, test n = "
                      f"{sw.rows[0]['n_test']}: PRISM-lite {_fmt(sw, 'acc_full', 0.5)}, CC "
                      f"{_fmt(sw, 'acc_cc', 0.5)}, oracle {_fmt(sw, 'acc_oracle', 0.5)}; "
                      f"paired difference {d:+.3f} ± {h:.3f} (threshold ≥ +.02 and lower bound > "
                      "0, fixed in advance; observation: misses by "
                      f"{0.02 - d:.3f}).")


@claim("prism.lite.gain_is_disambiguation_not_accuracy", kind="empirical",
       where="prism.md §5 (our light experiment)", expected="corrected",
       evidence=("observation",),
       statement="In our reconstruction at light scale, relational inference buys training "
       "disambiguation (+≥ 0.15 over CC at q = 0.5, lower 95 % bound) without a test-accuracy "
       "gain over CC (paired difference at q = 0.5 below +0.02).",
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _t2c(quick: bool = False):
    sw = _sweep(quick)
    dd, hd = sw.diff_ci("disamb_full", "disamb_cc", 0.5)
    da, ha = sw.diff_ci("acc_full", "acc_cc", 0.5)
    j = Judge()
    j.ge("q=.5: lower bound of disamb(PRISM-lite) − disamb(CC)", dd - hd, 0.15)
    j.le("q=.5: mean paired test-accuracy difference", da, 0.02, scale=0.02)
    return j.evidence(note=f"q = .5: disambiguation gain {dd:+.3f} ± {hd:.3f}; test-accuracy "
                      f"difference {da:+.3f} ± {ha:.3f}. Both thresholds are those of T1/T2, "
                      "fixed before the run; this corrected statement was written after T2 "
                      "failed (it restates the two measurements, it adds no new threshold); "
                      f"observation, slack {dd - hd - 0.15:+.3f} and {0.02 - da:+.3f}.")


@claim("prism.lite.no_harm_low_noise", kind="empirical", where=_WHERE + "; T3",
       expected="verified", evidence=("observation",), statement="At low ambiguity (q = 0.1) relational inference costs at most 0.02 of test "
       "accuracy against CC (mean paired difference).",
       source=("secondary", "UNAUDITED: " + _READ),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _t3(quick: bool = False):
    sw = _sweep(quick)
    d, h = sw.diff_ci("acc_full", "acc_cc", 0.1)
    j = Judge()
    j.ge("q=.1: mean paired acc(PRISM-lite) − acc(CC)", d, -0.02, scale=0.02)
    return j.evidence(note=f"q = .1: PRISM-lite {_fmt(sw, 'acc_full', 0.1)}, CC "
                      f"{_fmt(sw, 'acc_cc', 0.1)}; paired {d:+.3f} ± {h:.3f} (threshold −.02; "
                      f"observation, slack {d + 0.02:+.3f}).")


@claim("prism.lite.ablation_cc_worst", kind="empirical", where="§4 ablation (w/o Rel. Infer); T4",
       expected="undecided", corrected_by="prism.lite.gain_is_disambiguation_not_accuracy",
       evidence=("observation",), statement="Removing relational inference (CC) is the largest drop: at q = 0.5 CC has the "
       "lowest mean test accuracy among CC, PRISM-lite, w/o spatial and w/o spectral.",
       source=("secondary", "UNAUDITED: " + _READ),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _t4(quick: bool = False):
    sw = _sweep(quick)
    means = {k: sw.mean_ci(f"acc_{k}", 0.5)[0] for k in ("cc", "full", "no_spa", "no_spe")}
    j = Judge()
    j.le("q=.5: acc(CC) vs the lowest ablation", means["cc"],
         min(means[k] for k in ("full", "no_spa", "no_spe")))
    return j.evidence(note="q = .5 mean test accuracy: " + ", ".join(
        f"{k} {_fmt(sw, 'acc_' + k, 0.5)}" for k in means) + ".")


@claim("prism.lite.hybrid_purity", kind="empirical", where="Thm 1 (purity form); T5",
       expected="verified", evidence=("observation",), statement="In our reconstruction, the hybrid relational graph (spatial ∪ spectral top-10) "
       "is far purer than chance: purity ≥ 1/C + 0.3 at every q (lower 95 % bound).",
       source=("secondary", "UNAUDITED: " + _READ),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _t5(quick: bool = False):
    sw = _sweep(quick)
    j = Judge()
    parts = []
    for q in sw.config.qs:
        m, h = sw.mean_ci("purity_hybrid", q)
        j.ge(f"q={q}: lower bound of hybrid purity", m - h, 1 / 6 + 0.3)
        parts.append(f"q={q}: {m:.3f} ± {h:.3f} (spatial {_fmt(sw, 'purity_spa', q)}, spectral "
                     f"{_fmt(sw, 'purity_spe', q)})")
    slack = min(c.value.item() - c.reference.item() for c in j.comparisons)
    return j.evidence(note="; ".join(parts) + f"; threshold 1/6 + .3 = .467 (observation, "
                      f"slack {slack:+.3f}).")


@claim("prism.paper.table", kind="empirical", where="§4 Table (papernotes)",
       expected="unavailable", evidence=("observation",),
       statement="PRISM's accuracies on ENZYMES, Letter-High, COIL-DEL, COLORS-3 and CIFAR10 "
       "(e.g. 63.11 % on ENZYMES at q = 0.3) beat DEER and GraphACL.",
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _paper(quick: bool = False):
    raise Unavailable("the TU datasets and CIFAR10 superpixels need downloads, and no PRISM "
                      "code is public")
