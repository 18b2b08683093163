"""Figures of the fairness experiments: trade-off curves, the results table, stability, bounds.

All read the one cached sweep of :mod:`numerics.fairness.experiments` (``quick`` selects the
small one), so the figures, the claims and the notebook agree.
"""

from __future__ import annotations

import numpy as np

from iclr26_verify import figure

_MARKERS = {"erm": "*", "cs": "o", "dp": "s", "mmd": "^", "hsic": "v", "pr": "D", "adv": "P",
            "cs_eo": "o", "dp_eo": "s", "mmd_eo": "^"}


def _tradeoff(quick: bool, metric: str, label: str, *, eo_targets: bool = False):
    import matplotlib.pyplot as plt

    from numerics.fairness.experiments import LABELS, curve, sweep

    sw = sweep(quick)
    fig, axes = plt.subplots(1, len(sw.datasets), figsize=(3.6 * len(sw.datasets), 3.4),
                             squeeze=False)
    rows = []
    for ax, name in zip(axes[0], sw.datasets, strict=True):
        methods = list(sw.methods) + (list(sw.eo_methods) if eo_targets else [])
        for k, method in enumerate(methods):
            pts = curve(sw, name, method)
            x = [100 * p[metric] for p in pts]
            y = [100 * p["acc"] for p in pts]
            ax.errorbar(x, y, xerr=[100 * p[metric + "_std"] for p in pts],
                        yerr=[100 * p["acc_std"] for p in pts], marker=_MARKERS[method],
                        ms=4, lw=1.6 if method.startswith("cs") else 0.9, capsize=1.5,
                        color=f"C{k % 10}", ls="--" if method.endswith("_eo") else "-",
                        label=LABELS[method], zorder=3 if method.startswith("cs") else 2)
            rows += [{"dataset": name, "method": method, "lam": p["lam"], "acc": p["acc"],
                      "acc_std": p["acc_std"], metric: p[metric],
                      metric + "_std": p[metric + "_std"]} for p in pts]
        erm = curve(sw, name, "cs")[0]
        ax.plot(100 * erm[metric], 100 * erm["acc"], "k*", ms=11, label="ERM (λ = 0)", zorder=4)
        ax.set(xlabel=f"{label} on test (percentage points)", ylabel="test accuracy (%)",
               title=name)
        ax.grid(alpha=0.3)
    axes[0][0].legend(fontsize=7)
    fig.suptitle(f"accuracy vs {label} along each regularizer's λ path "
                 f"(mean ± std over {len(sw.seeds)} seeds)", fontsize=10)
    fig.tight_layout()
    return fig, rows


@figure("fairness", "tradeoff_dp",
        claims=("fairness.exp.cs_lambda_lowers_dp", "fairness.exp.cs_on_par_at_competitive_accuracy",))
def tradeoff_dp(quick: bool = False):
    """Accuracy vs ΔDP along the λ path of CS and the five baselines, per data set."""
    return _tradeoff(quick, "dp", "ΔDP")


@figure("fairness", "tradeoff_eo")
def tradeoff_eo(quick: bool = False):
    """Accuracy vs ΔEO along the λ path of every regularizer (dashed: EO targets)."""
    return _tradeoff(quick, "eo", "ΔEO", eo_targets=True)


@figure("fairness", "results_table")
def results_table_figure(quick: bool = False):
    """The results table: data set × method → accuracy, ΔDP, ΔEO (mean ± std, %)."""
    import matplotlib.pyplot as plt

    from numerics.fairness.experiments import LABELS, results_table

    table = results_table(quick)
    datasets = list(dict.fromkeys(r["dataset"] for r in table))
    # a dot plot, not a picture of a table: the numbers themselves are in the CSV
    fig, axes = plt.subplots(1, len(datasets), figsize=(5.2 * len(datasets), 0.3 * max(
        sum(r["dataset"] == d for r in table) for d in datasets) + 1.4), squeeze=False)
    for ax, d in zip(axes[0], datasets, strict=True):
        rows = [r for r in table if r["dataset"] == d][::-1]
        y = np.arange(len(rows))
        for key, mk, dy, lab in (("dp", "o", 0.12, "ΔDP"), ("eo", "s", -0.12, "ΔEO")):
            ax.errorbar([100 * r[key] for r in rows], y + dy,
                        xerr=[100 * r[f"{key}_std"] for r in rows], fmt=mk, ms=4, capsize=2,
                        label=f"{lab} (mean ± std)")
        ax.set_yticks(y, [f"{LABELS[r['method']]}, λ = {r['lam']:g}: acc. "
                          f"{100 * r['acc']:.1f} %" + ("" if r["competitive"] else " (> 2 pp off)")
                          for r in rows], fontsize=7)
        ax.set(xlabel="gap on test (percentage points)", ylabel="method at its chosen λ",
               title=d)
        ax.grid(alpha=0.3, axis="x")
    fig.legend(*axes[0][0].get_legend_handles_labels(), fontsize=7, ncol=2, loc="upper right")
    fig.suptitle("test gaps at the λ with the lowest ΔDP among those within 2 accuracy points "
                 "of ERM", fontsize=9, x=0.4)
    fig.tight_layout()
    return fig, table


@figure("fairness", "stability",
        claims=("fairness.exp.cs_most_stable_tradeoff", "fairness.exp.cs_tradeoff_spread_comparable",))
def stability_figure(quick: bool = False):
    """Seed-to-seed spread of ΔDP along each method's λ path (the trade-off's stability)."""
    import matplotlib.pyplot as plt

    from numerics.fairness.experiments import LABELS, stability

    rows = stability(quick)
    datasets = list(dict.fromkeys(r["dataset"] for r in rows))
    methods = list(dict.fromkeys(r["method"] for r in rows))
    fig, ax = plt.subplots(figsize=(1.4 * len(datasets) + 3, 3.4))
    width = 0.8 / len(methods)
    for k, m in enumerate(methods):
        vals = [100 * next(r["seed_std_dp"] for r in rows
                           if r["dataset"] == d and r["method"] == m) for d in datasets]
        ax.bar(np.arange(len(datasets)) + (k - len(methods) / 2 + 0.5) * width, vals, width,
               label=LABELS[m], color=f"C{k}")
    ax.set_xticks(np.arange(len(datasets)), datasets)
    ax.set(xlabel="data set", ylabel="std of ΔDP over seeds,\nmean over λ (pp)",
           title="spread of ΔDP across seeds (lower is more stable)")
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1))  # off the bars
    fig.tight_layout()
    return fig, rows


@figure("fairness", "dp_bounds_trained",
        claims=("fairness.exp.dp_bounds_hold_on_trained_models",))
def dp_bounds_trained(quick: bool = False):
    """Measured DP gaps of trained models against the CS-based distribution-free bounds."""
    import matplotlib.pyplot as plt

    from numerics.fairness.experiments import bounds_on_trained

    rows = bounds_on_trained(quick)
    fig, ax = plt.subplots(figsize=(4.6, 4))
    for key, bound, mk, lab in (("dp", "dp_bound", "o", "thresholded ΔDP vs ½‖p−q‖₂"),
                                ("dp_prob", "dp_prob_bound", "s",
                                 "mean-score ΔDP vs ‖p−q‖₂/√12 + bin")):
        ax.scatter([r[bound] for r in rows], [r[key] for r in rows], marker=mk, s=14,
                   alpha=0.7, label=lab)
    top = max(max(r["dp_bound"], r["dp_prob_bound"]) for r in rows) * 1.05
    ax.plot([0, top], [0, top], "k--", lw=0.8, label="gap = bound")
    # the y range fits the gaps: the bound line leaves the plot rather than squash them
    ax.set_ylim(-0.02 * top, 1.3 * max(max(r["dp"], r["dp_prob"]) for r in rows) + 0.01)
    ax.set(xlabel=r"bound from $D_\mathrm{CS}$ and the $L^2$ norms (histogram densities)",
           ylabel="measured gap on test", title="distribution-free DP bounds on trained models")
    ax.legend(fontsize=7)
    return fig, rows
