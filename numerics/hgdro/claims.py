"""Empirical claims of hierarchical group DRO (Jo, Kim & Chae, arXiv 2510.02818), checked on
the experiments of :mod:`numerics.hgdro.experiments`.

Thresholds fixed before the full runs were looked at (hgdro.md §5 proposes the claims):
significance is a one-sided paired t-test over seeds at α = 0.01 (synthetic, 10 seeds) or
α = 0.05 (digits, 8 seeds); "collapse" is a median worst-group accuracy ≤ 0.05 against a Group
DRO mean ≥ 0.3 in the same setting. Quick mode (3 synthetic seeds, 1 digits seed, 5 epochs)
cannot decide a test over seeds: those claims say "undecided" there.
"""

from __future__ import annotations

import numpy as np
from scipy import stats

from theory.claims import Judge, Unavailable, claim

_SYN = "hgdro.md §5 A (analogue of Tables 1–2)"
_DIG = "hgdro.md §5 B (analogue of Table 2, shifted CMNIST)"


def _ci(x):
    x = np.asarray(x)
    if len(x) < 2:
        return float(x.mean()), float("nan")
    return float(x.mean()), float(stats.t.ppf(0.975, len(x) - 1) * x.std(ddof=1) / np.sqrt(len(x)))


def _fmt(x):
    m, h = _ci(x)
    return f"{m:.3f} ± {h:.3f}"


def _paired(a, b):
    """One-sided paired t-test of mean(a − b) > 0: (p-value, mean gain)."""
    d = np.asarray(a) - np.asarray(b)
    if np.allclose(d, d[0]):
        return (0.0 if d[0] > 0 else 1.0), float(d.mean())
    return float(stats.ttest_rel(a, b, alternative="greater").pvalue), float(d.mean())


def _synth(quick):
    from numerics.hgdro.experiments import synthetic_tradeoff

    return synthetic_tradeoff(quick)


@claim("hgdro.exp.synth_shift_gain", kind="empirical", where=_SYN,
       statement="Under an intra-group shift of the minority groups (δ = 0.8), hierarchical DRO "
       "(ε = 1) has a higher worst-group accuracy than Group DRO: one-sided paired t-test over "
       "10 seeds, p < 0.01.", evidence=("observation",),
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _synth_gain(quick: bool = False):
    r = _synth(quick)
    i_g, i_h = r.methods.index("gdro"), r.methods.index("hdro_1")
    j_d = r.deltas.index(0.8)
    a, b = r.wga[i_h, j_d], r.wga[i_g, j_d]
    if quick:
        raise Unavailable(f"quick mode ({len(r.seeds)} seeds) cannot decide a 10-seed test; "
                          f"quick means HDRO {a.mean():.3f} vs GroupDRO {b.mean():.3f}")
    p, gain = _paired(a, b)
    j = Judge()
    j.le("paired one-sided p-value vs α = 0.01", p, 0.01)
    j.ge("mean WGA of HDRO ε = 1 vs GroupDRO at δ = 0.8", a.mean(), b.mean())
    return j.evidence(note=f"WGA at δ = 0.8 (mean ± 95 % CI over {len(r.seeds)} seeds): HDRO ε=1 "
                      f"{_fmt(a)}, GroupDRO {_fmt(b)}; gain {gain:.3f}, p = {p:.1e}. Exact "
                      "optima of fixed latent features; slack: the gain is many standard errors.")


@claim("hgdro.exp.synth_unshifted_price", kind="empirical", where=_SYN,
       statement="Without shift (δ = 0), hierarchical DRO (ε = 1) pays for its robustness: its "
       "worst-group accuracy is below Group DRO's (one-sided paired t-test over 10 seeds, "
       "p < 0.01).", evidence=("observation",),
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _synth_price(quick: bool = False):
    r = _synth(quick)
    i_g, i_h = r.methods.index("gdro"), r.methods.index("hdro_1")
    a, b = r.wga[i_g, 0], r.wga[i_h, 0]
    if quick:
        raise Unavailable(f"quick mode ({len(r.seeds)} seeds) cannot decide a 10-seed test; "
                          f"quick means GroupDRO {a.mean():.3f} vs HDRO {b.mean():.3f}")
    p, gain = _paired(a, b)
    j = Judge()
    j.le("paired one-sided p-value vs α = 0.01", p, 0.01)
    j.ge("mean WGA of GroupDRO vs HDRO ε = 1 at δ = 0", a.mean(), b.mean())
    return j.evidence(note=f"WGA at δ = 0: GroupDRO {_fmt(a)}, HDRO ε=1 {_fmt(b)}; price "
                      f"{gain:.3f}, p = {p:.1e}.")


@claim("hgdro.exp.synth_monotone_in_eps", kind="empirical", where=_SYN,
       statement="Under the largest shift (δ = 0.8) the mean worst-group accuracy increases with "
       "the radius over ε ∈ {0 (Group DRO), 0.3, 0.6, 1}, and without shift it decreases.",
       evidence=("observation",),
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _synth_mono(quick: bool = False):
    r = _synth(quick)
    rows = [r.methods.index(k) for k in ("gdro", "hdro_0.3", "hdro_0.6", "hdro_1")]
    if quick:
        raise Unavailable(f"quick mode ({len(r.seeds)} seeds) is too small to order four "
                          "means that differ by a few points")
    shifted = r.wga[rows, r.deltas.index(0.8)].mean(axis=1)
    clean = r.wga[rows, 0].mean(axis=1)
    j = Judge()
    j.ge("δ = 0.8: successive mean WGA (ε larger vs smaller)", shifted[1:], shifted[:-1])
    j.le("δ = 0: successive mean WGA (ε larger vs smaller)", clean[1:], clean[:-1])
    return j.evidence(note="mean WGA for ε = 0, 0.3, 0.6, 1: δ = 0.8 "
                      f"{np.round(shifted, 3).tolist()}, δ = 0 {np.round(clean, 3).tolist()} "
                      f"({len(r.seeds)} seeds). Slack: the smallest step is "
                      f"{min(np.diff(shifted).min(), -np.diff(clean).max()):.3f}.")


@claim("hgdro.exp.synth_erm_worst", kind="empirical", where=_SYN,
       statement="ERM's worst-group accuracy is below Group DRO's at every shift δ ∈ {0, 0.4, 0.8} "
       "(one-sided paired t-test over 10 seeds, p < 0.01 at each δ).", evidence=("observation",),
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _synth_erm(quick: bool = False):
    r = _synth(quick)
    i_e, i_g = r.methods.index("erm"), r.methods.index("gdro")
    if quick:
        raise Unavailable(f"quick mode ({len(r.seeds)} seeds) cannot decide a 10-seed test")
    ps = [_paired(r.wga[i_g, k], r.wga[i_e, k])[0] for k in range(len(r.deltas))]
    j = Judge()
    j.le("paired p-values vs α = 0.01", ps, 0.01)
    return j.evidence(note="ERM / GroupDRO WGA: " + "; ".join(
        f"δ = {d}: {_fmt(r.wga[i_e, k])} / {_fmt(r.wga[i_g, k])}"
        for k, d in enumerate(r.deltas)) + f"; p = {[f'{p:.0e}' for p in ps]}.")


def _digits(quick):
    from numerics.hgdro.experiments import colored_digits_experiment

    return colored_digits_experiment(quick)


@claim("hgdro.exp.digits_shifted_direction", kind="empirical", where=_DIG,
       statement="On coloured digits with the minority-like group 3 rotated at test time, "
       "hierarchical DRO (ε = 0.3, relative radius, pretrained features) has a higher mean "
       "shifted worst-group accuracy than Group DRO over 8 seeds (direction; significance at "
       "α = 0.05 by a one-sided paired t-test is reported, not required).",
       evidence=("observation",),
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _digits_dir(quick: bool = False):
    r = _digits(quick)
    i_g, i_h = r.labels.index("GroupDRO"), r.labels.index("HGDRO ε=0.3")
    a, b = r.wga_shifted[i_h], r.wga_shifted[i_g]
    if quick:
        raise Unavailable(f"quick mode (1 seed, 5 epochs) cannot decide; quick shifted WGA "
                          f"HGDRO {a.mean():.3f} vs GroupDRO {b.mean():.3f}")
    p, gain = _paired(a, b)
    j = Judge()
    j.ge("mean shifted WGA: HGDRO ε = 0.3 vs GroupDRO", a.mean(), b.mean())
    rows = "; ".join(f"{lab}: {_fmt(r.wga[k])} / {_fmt(r.wga_shifted[k])}"
                     for k, lab in enumerate(r.labels))
    return j.evidence(note=f"gain {gain:.3f}, paired p = {p:.2f} ({'significant' if p < 0.05 else 'not significant'} at 0.05). WGA unshifted / shifted, "
                      f"mean ± 95 % CI over {len(r.seeds)} seeds: {rows}.")


@claim("hgdro.exp.digits_collapse_absolute_radius", kind="empirical", where=_DIG,
       statement="Trained from scratch with the code's absolute latent radius (ε = 0.1), "
       "hierarchical DRO collapses to a constant predictor (median worst-group accuracy ≤ 0.05) "
       "while Group DRO in the same setting reaches a mean ≥ 0.3.", evidence=("observation",),
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _digits_collapse(quick: bool = False):
    r = _digits(quick)
    h = r.wga[r.labels.index("HGDRO ε=0.1 (scratch, absolute ε)")]
    g = r.wga[r.labels.index("GroupDRO (scratch, absolute ε)")]
    if quick:
        raise Unavailable(f"quick mode (1 seed, 5 epochs) cannot decide; quick WGA HGDRO "
                          f"{h.mean():.3f}, GroupDRO {g.mean():.3f}")
    j = Judge()
    j.le("median WGA of HGDRO from scratch vs 0.05", float(np.median(h)), 0.05)
    j.ge("mean WGA of GroupDRO from scratch vs 0.3", float(g.mean()), 0.3)
    return j.evidence(note=f"HGDRO scratch {_fmt(h)}, GroupDRO scratch {_fmt(g)} over "
                      f"{len(r.seeds)} seeds; mean |z| of the scratch features {r.mean_abs_z:.3f}"
                      ", so ε = 0.1 is several times the feature scale.")


@claim("hgdro.exp.paper_benchmarks", kind="empirical", where="Table 2 (shifted benchmarks)",
       statement="Shifted CelebA 72.1 ± 2.0 vs PDE 56.3, shifted Waterbirds 93.7 vs GroupDRO 91.7, "
       "shifted CMNIST 71.8 vs 65.9 (worst-group accuracy, ResNet-50).", expected="unavailable",
       evidence=("observation",),
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _paper_tables(quick: bool = False):
    raise Unavailable("needs CelebA, Waterbirds and MNIST with ImageNet-pretrained ResNet-50s; "
                      "none ships with an installed package (offline only). The coloured-digits "
                      "analogue is hgdro.exp.digits_shifted_direction.")
