"""Empirical claims of hierarchical group DRO (Jo, Kim & Chae, arXiv 2510.02818), checked on
the experiments of :mod:`numerics.hgdro.experiments`.

Tests fixed before the full runs were looked at: one-sided paired t-tests of
:mod:`iclr26_verify.registry.stats` over seeds at α = 0.01 (synthetic, 40 seeds) or α = 0.05 (digits, 16
seeds; 10 and 8 in the first full run, which left the radius steps and the collapse
undecided), α split (Bonferroni) over the arms a claim tests; "collapse" is a worst-group accuracy
below 0.05 against a Group DRO accuracy above 0.3 in the same setting. Quick mode (3 synthetic
seeds, 1 digits seed, 5 epochs) cannot decide a test over seeds: those claims say "undecided".
"""

from __future__ import annotations

import numpy as np

from theory.claims import Judge, Preregistered, Unavailable, claim

_SYN = "analogue of Tables 1–2 (our synthetic latent experiment)"
_DIG = "analogue of Table 1 (per Reviewer 1), shifted CMNIST (our coloured digits)"
_SRC = ("secondary", ("the direction of the paper's results (hierarchical DRO is robust to "
                      "intra-group shifts of minority groups where Group DRO fails) from the "
                      "abstract of arXiv 2510.02818 and the papernotes.org summaries; the paper's "
                      "tables were not seen"))
_SET_SYN = ("analogue", ("fixed Gaussian latent features with exact convex optima (cvxpy), "
                         "a synthetic intra-group shift δ of the minority groups, 40 seeds; the "
                         "paper trains ResNet-50s on Waterbirds, CelebA and CMNIST"))
_SET_DIG = ("analogue", ("coloured sklearn digits with group 3 rotated at test time, a small "
                         "network, 16 seeds; the paper uses shifted CMNIST with a ResNet-50"))


def _pre(statistic, alternative, alpha, seeds, effect, source, threshold=0.0):
    return Preregistered(statistic=statistic, alternative=alternative, alpha=alpha, seeds=seeds,
                         effect=effect, effect_source=source, threshold=threshold)


_T_GAIN = _pre("paired WGA difference HDRO (ε = 1) − Group DRO at δ = 0.8 over seeds", "greater",
               0.01, 40, 0.05, "ours: smallest effect of interest, 5 WGA points")
_T_PRICE = _pre("paired WGA difference Group DRO − HDRO (ε = 1) at δ = 0 over seeds", "greater",
                0.01, 40, 0.02, "ours: smallest effect of interest, 2 WGA points")
_T_MONO_UP = _pre("δ = 0.8: paired WGA difference between successive radii ε ∈ {0, .3, .6, 1}",
                  "greater", 0.025, 40, 0.02, "ours: 2 WGA points per step")
_T_MONO_DOWN = _pre("δ = 0: paired WGA difference between successive radii ε ∈ {0, .3, .6, 1}",
                    "less", 0.025, 40, 0.02, "ours: 2 WGA points per step")
_T_ERM = _pre("paired WGA difference Group DRO − ERM over seeds, per δ ∈ {0, 0.4, 0.8}",
              "greater", 0.01, 40, 0.05, "ours: smallest effect of interest, 5 WGA points")
_T_DIG = _pre("paired shifted-WGA difference HGDRO (ε = 0.3) − Group DRO over seeds", "greater",
              0.05, 16, 0.059, "paper: shifted CMNIST, 71.8 vs 65.9 WGA (+5.9 points) as "
              "summarised by papernotes.org")
_T_COL_H = _pre("WGA of HGDRO (ε = 0.1, absolute radius, from scratch) per seed", "less", 0.05, 16,
                0.05, "ours: 5 WGA points below the 0.05 collapse threshold", threshold=0.05)
_T_COL_G = _pre("WGA of Group DRO (from scratch, same setting) per seed", "greater", 0.05, 16,
                0.05, "ours: 5 WGA points above the 0.3 threshold", threshold=0.3)


def _fmt(t) -> str:
    return (f"{t.name}: {t.estimate:+.3f} [{t.interval[0]:+.3f}, {t.interval[1]:+.3f}], "
            f"p = {t.p_value:.3g}, power {t.power:.2f}, mde {t.mde:.3f} ({t.decision})")


def _m(x) -> str:
    from iclr26_verify.registry import stats

    iv = stats.t_interval(x)
    return f"{iv.mean:.3f}" if iv.n < 2 else f"{iv.mean:.3f} [{iv.low:.3f}, {iv.high:.3f}]"


def _contrary(j, arms, test) -> None:
    from iclr26_verify.registry import stats

    wrong = stats.contrary_arms(arms, test)
    j.fact("no arm significantly against the statement"
           + (f" (against: {', '.join(wrong)})" if wrong else ""), not wrong)


def _synth(quick):
    from numerics.hgdro.experiments import synthetic_tradeoff

    return synthetic_tradeoff(quick)


@claim("hgdro.exp.synth_shift_gain", kind="empirical", where=_SYN,
       statement="Under an intra-group shift of the minority groups (δ = 0.8), hierarchical DRO "
       "(ε = 1) has a higher worst-group accuracy than Group DRO (one-sided paired t-test over "
       "40 seeds, α = 0.01). The unshifted arm (δ = 0), where Group DRO is ahead, is not part "
       "of this row: see hgdro.exp.synth_unshifted_price.", evidence=("observation",),
       source=_SRC, setting=_SET_SYN, test=_T_GAIN)
def _synth_gain(quick: bool = False):
    from iclr26_verify.registry import stats

    r = _synth(quick)
    i_g, i_h = r.methods.index("gdro"), r.methods.index("hdro_1")
    j_d = r.deltas.index(0.8)
    a, b = r.wga[i_h, j_d], r.wga[i_g, j_d]
    if quick:
        raise Unavailable(f"undecided in quick mode ({len(r.seeds)} seeds): quick means HDRO "
                          f"{a.mean():.3f} vs GroupDRO {b.mean():.3f}")
    j = Judge()
    t = stats.paired("WGA HDRO ε=1 − GroupDRO at δ = 0.8", a, b, _T_GAIN)
    j.test(t)
    return j.evidence(note=f"{_fmt(t)}; HDRO {_m(a)}, GroupDRO {_m(b)} (exact optima of fixed "
                      "latent features).")


@claim("hgdro.exp.synth_unshifted_price", kind="empirical", where=_SYN, prediction=True,
       expected="extension",
       statement="Our prediction: without shift (δ = 0), hierarchical DRO (ε = 1) pays for its "
       "robustness: its worst-group accuracy is below Group DRO's (one-sided paired t-test over "
       "40 seeds, α = 0.01).", evidence=("observation",),
       source=("ours", ("a prediction of ours about the robustness trade-off; the paper reports "
               "gains on standard benchmarks too, which this light analogue does not test")),
       setting=_SET_SYN, test=_T_PRICE)
def _synth_price(quick: bool = False):
    from iclr26_verify.registry import stats

    r = _synth(quick)
    i_g, i_h = r.methods.index("gdro"), r.methods.index("hdro_1")
    a, b = r.wga[i_g, 0], r.wga[i_h, 0]
    if quick:
        raise Unavailable(f"undecided in quick mode ({len(r.seeds)} seeds): quick means GroupDRO "
                          f"{a.mean():.3f} vs HDRO {b.mean():.3f}")
    j = Judge()
    t = stats.paired("WGA GroupDRO − HDRO ε=1 at δ = 0", a, b, _T_PRICE)
    j.test(t)
    return j.evidence(note=f"{_fmt(t)}; GroupDRO {_m(a)}, HDRO {_m(b)}.")


@claim("hgdro.exp.synth_monotone_in_eps", kind="empirical", where=_SYN, prediction=True,
       expected="extension",
       statement="Our prediction: under the largest shift (δ = 0.8) the worst-group accuracy "
       "increases at each step of the radius over ε ∈ {0 (Group DRO), 0.3, 0.6, 1}, and without "
       "shift it decreases at each step (paired one-sided t-tests over 40 seeds, α = 0.05 split "
       "over the six steps).", evidence=("observation",),
       source=("ours", ("a prediction of ours about the radius; the paper's radius study was not "
               "seen")), setting=_SET_SYN, test=_T_MONO_UP)
def _synth_mono(quick: bool = False):
    from iclr26_verify.registry import stats

    r = _synth(quick)
    rows = [r.methods.index(k) for k in ("gdro", "hdro_0.3", "hdro_0.6", "hdro_1")]
    if quick:
        raise Unavailable(f"undecided in quick mode ({len(r.seeds)} seeds): too few to order "
                          "four means that differ by a few points")
    eps = ("0", "0.3", "0.6", "1")
    j = Judge()
    tests = []
    for k_d, test in ((r.deltas.index(0.8), _T_MONO_UP), (0, _T_MONO_DOWN)):
        w = r.wga[rows, k_d]
        arms = {f"δ = {r.deltas[k_d]}: ε {eps[i + 1]} − ε {eps[i]}": w[i + 1] - w[i]
                for i in range(3)}
        for t in stats.per_arm(arms, test):
            j.test(t)
            tests.append(t)
        _contrary(j, arms, test)
    return j.evidence(note="; ".join(map(_fmt, tests)) + ".")


@claim("hgdro.exp.synth_erm_worst", kind="empirical", where=_SYN,
       statement="ERM's worst-group accuracy is below Group DRO's at every shift δ ∈ {0, 0.4, 0.8} "
       "(one-sided paired t-tests over 40 seeds, α = 0.01 split over the three δ).",
       evidence=("observation",),
       source=("secondary", ("the standard ordering ERM < Group DRO in worst-group accuracy as "
               "the papernotes.org summaries give the paper's tables; the tables were not seen")),
       setting=_SET_SYN, test=_T_ERM)
def _synth_erm(quick: bool = False):
    from iclr26_verify.registry import stats

    r = _synth(quick)
    i_e, i_g = r.methods.index("erm"), r.methods.index("gdro")
    if quick:
        raise Unavailable(f"undecided in quick mode ({len(r.seeds)} seeds)")
    arms = {f"δ = {d}": r.wga[i_g, k] - r.wga[i_e, k] for k, d in enumerate(r.deltas)}
    j = Judge()
    tests = stats.per_arm(arms, _T_ERM)
    for t in tests:
        j.test(t)
    _contrary(j, arms, _T_ERM)
    return j.evidence(note="GroupDRO − ERM WGA: " + "; ".join(map(_fmt, tests)) + ".")


def _digits(quick):
    from numerics.hgdro.experiments import colored_digits_experiment

    return colored_digits_experiment(quick)


@claim("hgdro.exp.digits_shifted_direction", kind="empirical", where=_DIG,
       statement="On coloured digits with the minority-like group 3 rotated at test time, and "
       "with both methods trained on the same pretrained features, hierarchical DRO (ε = 0.3, "
       "relative radius) has a higher shifted worst-group accuracy than Group DRO (one-sided "
       "paired t-test over 16 seeds, α = 0.05; power 0.40 at the paper's +5.9-point effect). "
       "This row checks only that pretrained-feature arm. It leaves out the arms trained from "
       "scratch: there Group DRO reaches a higher shifted worst-group accuracy (0.370) than "
       "hierarchical DRO ε = 0.3 on pretrained features (0.263; different feature regimes, not "
       "tested), and hierarchical DRO with the code's absolute radius collapses "
       "(hgdro.exp.digits_collapse_absolute_radius). So it does not show that hierarchical DRO "
       "beats every Group DRO configuration we ran.",
       evidence=("observation",), source=_SRC, setting=_SET_DIG, test=_T_DIG)
def _digits_dir(quick: bool = False):
    from iclr26_verify.registry import stats

    r = _digits(quick)
    i_g, i_h = r.labels.index("GroupDRO"), r.labels.index("HGDRO ε=0.3")
    a, b = r.wga_shifted[i_h], r.wga_shifted[i_g]
    if quick:
        raise Unavailable(f"undecided in quick mode (1 seed, 5 epochs): quick shifted WGA "
                          f"HGDRO {a.mean():.3f} vs GroupDRO {b.mean():.3f}")
    j = Judge()
    t = stats.paired("shifted WGA HGDRO ε=0.3 − GroupDRO", a, b, _T_DIG)
    j.test(t)
    rows = "; ".join(f"{lab}: {_m(r.wga[k])} / {_m(r.wga_shifted[k])}"
                     for k, lab in enumerate(r.labels))
    g_scr = r.wga_shifted[r.labels.index("GroupDRO (scratch, absolute ε)")]
    return j.evidence(note=f"{_fmt(t)}. WGA unshifted / shifted over {len(r.seeds)} seeds: "
                      f"{rows}. Left out of the test (stated in the claim): Group DRO from "
                      f"scratch, shifted WGA {g_scr.mean():.3f}, is above HGDRO ε=0.3 on "
                      f"pretrained features, {a.mean():.3f} (different feature regimes).")


@claim("hgdro.exp.digits_collapse_absolute_radius", kind="empirical", where=_DIG,
       prediction=True, expected="extension",
       statement="Our finding: trained from scratch with the code's absolute latent radius "
       "(ε = 0.1), hierarchical DRO collapses to a constant predictor (worst-group accuracy below "
       "0.05) while Group DRO in the same setting stays above 0.3 (one-sided t-tests over 16 "
       "seeds, α = 0.05 each).", evidence=("observation",),
       source=("ours", ("our finding about the absolute radius of the released code "
               "(Sung-Ho-Jo/hierarchical-dro@ef5732046a532b0573c2bce82ac291f0b480e424:train.py:"
               "L22, L84) when the features are trained from scratch; thresholds ours")),
       setting=_SET_DIG, test=_T_COL_H)
def _digits_collapse(quick: bool = False):
    from iclr26_verify.registry import stats

    r = _digits(quick)
    h = r.wga[r.labels.index("HGDRO ε=0.1 (scratch, absolute ε)")]
    g = r.wga[r.labels.index("GroupDRO (scratch, absolute ε)")]
    if quick:
        raise Unavailable(f"undecided in quick mode (1 seed, 5 epochs): quick WGA HGDRO "
                          f"{h.mean():.3f}, GroupDRO {g.mean():.3f}")
    j = Judge()
    th = stats.one_sample("WGA HGDRO scratch", h, _T_COL_H)
    tg = stats.one_sample("WGA GroupDRO scratch", g, _T_COL_G)
    j.test(th)
    j.test(tg)
    return j.evidence(note=f"{_fmt(th)}; {_fmt(tg)}; median HGDRO WGA {np.median(h):.3f}; mean "
                      f"|z| of the scratch features {r.mean_abs_z:.3f}, so ε = 0.1 is several "
                      "times the feature scale.")


@claim("hgdro.exp.paper_benchmarks", kind="empirical", where="Table 1 per Reviewer 1 (shifted)",
       statement="Shifted CelebA 72.1 ± 2.0 vs PDE 56.3, shifted Waterbirds 93.7 vs GroupDRO 91.7, "
       "shifted CMNIST 71.8 vs 65.9 (worst-group accuracy, ResNet-50).", expected="unavailable",
       evidence=("observation",),
       source=("secondary", ("the numbers as given by the papernotes.org (Chinese) summary of "
               "arXiv 2510.02818; its shifted table (Table 1 per Reviewer 1) was not seen")),
       setting=("analogue", "not run: needs CelebA, Waterbirds, MNIST and ResNet-50s"))
def _paper_tables(quick: bool = False):
    raise Unavailable("needs CelebA, Waterbirds and MNIST with ImageNet-pretrained ResNet-50s; "
                      "none ships with an installed package (offline only). The coloured-digits "
                      "analogue is hgdro.exp.digits_shifted_direction.")
