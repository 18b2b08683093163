"""Figures of the multisets experiments (torch set networks; paper Figs. 1-3, Table 2)."""

from __future__ import annotations

import math

import numpy as np

from iclr26_verify import figure

_DIST_LABEL = {"emd": "EMD", "hausdorff": "Hausdorff", "matching": "matching"}


@figure("multisets", "exp1_lipschitz_ratios",
        claims=("multisets.exp1.latent_ratios_under_bound", "multisets.exp1.mean_emd_tighter_than_max_hausdorff",))
def exp1_lipschitz_ratios(quick: bool = False):
    """Measured ‖Δf‖ against d(X, Y) for all pairs, with the theoretical constants (Figs. 1-2)."""
    import matplotlib.pyplot as plt

    from numerics.multisets.experiments import lipschitz_experiment
    from numerics.multisets.networks import DISTANCES, PAIRED_DISTANCE, POOLS

    res = lipschitz_experiment(quick)
    fig, axes = plt.subplots(len(POOLS), 4, figsize=(13, 11), squeeze=False)
    for r, pool in enumerate(POOLS):
        cols = [("aggregator", d) for d in DISTANCES]
        cols.append(("network", PAIRED_DISTANCE.get(pool, "emd")))
        for c, (level, dist) in enumerate(cols):
            ax = axes[r, c]
            p = res.panel(level, pool, dist)
            ax.scatter(p.dist, p.delta, s=4, alpha=0.5, color="C0" if level == "aggregator"
                       else "C2", rasterized=True)
            if math.isfinite(p.bound):
                # a bound far above the data would squash them on linear axes: log-log then
                loose = p.bound * p.dist.max() > 4 * p.delta.max()
                xs = np.array([p.dist[p.dist > 0].min() if loose else 0.0, p.dist.max()])
                ax.plot(xs, p.bound * xs, color="C3", lw=1.2,
                        label=f"bound L = {p.bound:.3g}" + (" (log axes)" if loose else ""))
                if loose:
                    ax.set(xscale="log", yscale="log")
                    ax.xaxis.set_minor_formatter("")  # labelled minor ticks collide
                    ax.yaxis.set_minor_formatter("")
                ax.legend(fontsize=7, loc="upper left")
            else:
                why = "Prop. 3.3" if pool == "attention" else "Thm 3.1"
                ax.text(0.03, 0.95, f"no constant ({why})", transform=ax.transAxes,
                        fontsize=7, va="top", color="grey")
            where = "latent sets" if level == "aggregator" else "input sets"
            ax.set_title(f"{pool} {'pool' if level == 'aggregator' else 'network'}: "
                         f"r = {p.pearson:.2f}", fontsize=9)
            ax.set_xlabel(f"{_DIST_LABEL[dist]} distance ({where})", fontsize=8)
            ax.set_ylabel("‖f(X) − f(Y)‖₂", fontsize=8)
            ax.tick_params(labelsize=7)
    fig.suptitle("Set networks on shape clouds: measured change vs distance; red line = "
                 "theoretical Lipschitz constant (Thm 3.1 for pools, Thm 3.4 for networks)",
                 fontsize=10)
    fig.tight_layout()
    return fig, res.table()


@figure("multisets", "exp2_perturbation_drops",
        claims=("multisets.exp2.mean_robust_to_outlier_max_robust_to_noise", "multisets.exp2.outlier_hurts_max_noise_hurts_both_alike",))
def exp2_perturbation_drops(quick: bool = False):
    """Accuracy drop of mean and max networks under one outlier and under noise (Table 2)."""
    import matplotlib.pyplot as plt

    from numerics.multisets.experiments import PAPER, perturbation_experiment

    res = perturbation_experiment(quick)
    fig, ax = plt.subplots(figsize=(6, 4))
    perts = ("outlier", "noise")
    width = 0.35
    for k, pool in enumerate(res.pools):
        x = np.arange(len(perts)) + (k - 0.5) * width
        ms = [res.mean_std(pool, q) for q in perts]
        ax.bar(x, [m for m, _ in ms], width, yerr=[s for _, s in ms], capsize=4,
               color=f"C{k}", alpha=0.8, label=f"{pool} network (ours)")
        seeds = [res.drops[(pool, q)] for q in perts]
        for xi, d in zip(x, seeds):
            ax.plot(np.full(len(d), xi), d, "k.", ms=3)
        ax.plot(x, [PAPER["table2"][(pool, q)][0] for q in perts], "D", mfc="none",
                mec=f"C{k}", ms=9, mew=1.5, label=f"{pool} network (paper)")
    ax.axhline(0, color="grey", lw=0.8)
    ax.set_xticks(np.arange(len(perts)),
                  ["(a) add highest-norm element", f"(b) $U(0, {res.noise_high})^d$ noise"])
    ax.set_xlabel("perturbation of the test sets")
    ax.set_ylabel("accuracy drop (percentage points)")
    ax.set_title(f"Robustness of set networks, {len(res.outlier_norm)} seeds (dots), "
                 "shape clouds", fontsize=10)
    ax.legend(fontsize=7)
    fig.tight_layout()
    return fig, res.table()


@figure("multisets", "exp3_shift_correlation",
        claims=("multisets.exp3.accuracy_drop_correlates_with_w1", "multisets.exp3.drop_correlation_positive_but_weaker",))
def exp3_shift_correlation(quick: bool = False):
    """Accuracy drop across set-size bins against W1 between the bins (Fig. 3, Thm 3.7)."""
    import matplotlib.pyplot as plt

    from numerics.multisets.experiments import PAPER, shift_experiment

    res = shift_experiment(quick)
    fig, axes = plt.subplots(1, 2, figsize=(10, 4))
    for ax, pool in zip(axes, res.pools):
        g = res.ground(pool)
        for direction, marker, label in (("up", "o", "small → large"),
                                         ("down", "s", "large → small")):
            w, dr = res.pairs(pool, direction)
            ax.scatter(w, dr, marker=marker, s=22, alpha=0.8,
                       label=f"{label}: r = {res.correlation(pool, direction):.2f} "
                       f"(paper {PAPER['fig3_r'][(pool, direction)]})")
        w, dr = res.pairs(pool)
        if np.ptp(w) > 0:
            a, b = np.polyfit(w, dr, 1)
            xs = np.linspace(w.min(), w.max(), 2)
            ax.plot(xs, a * xs + b, "k--", lw=1, label=f"all pairs: r = "
                    f"{res.correlation(pool):.2f}")
        ax.set_xlabel(f"W1 between bins ({_DIST_LABEL[g]} ground metric)")
        ax.set_ylabel("accuracy drop (percentage points)")
        ax.set_title(f"{pool} networks, digits binned by set size", fontsize=10)
        ax.legend(fontsize=7)
    fig.suptitle("Train on one size bin, test on the others: drop vs Wasserstein distance",
                 fontsize=10)
    fig.tight_layout()
    return fig, res.table()


@figure("multisets", "fig6_attention_correlation",
        claims=("multisets.fig6.attention_correlates_less",))
def fig6_attention_correlation(quick: bool = False):
    """Pearson correlation between the change of the pooled vector and each distance between
    the latent multisets, for the sum, mean, max and attention pools of the experiment 1
    networks (an analogue of the paper's Fig. 6 on shape clouds). Each dot is one seed; the bar
    is the mean over seeds."""
    import matplotlib.pyplot as plt

    from numerics.multisets.experiments import lipschitz_experiment
    from numerics.multisets.networks import DISTANCES, POOLS

    runs = [lipschitz_experiment(quick, s) for s in range(2 if quick else 3)]
    fig, ax = plt.subplots(figsize=(7, 4))
    width = 0.8 / len(DISTANCES)
    rows = []
    for k, dist in enumerate(DISTANCES):
        x = np.arange(len(POOLS)) + (k - (len(DISTANCES) - 1) / 2) * width
        vals = [[r.panel("aggregator", pool, dist).pearson for r in runs] for pool in POOLS]
        ax.bar(x, [np.mean(v) for v in vals], width, color=f"C{k}", alpha=0.8,
               label=f"{_DIST_LABEL[dist]} distance")
        for xi, v, pool in zip(x, vals, POOLS):
            ax.plot(np.full(len(v), xi), v, "k.", ms=3)
            rows += [{"pool": pool, "distance": dist, "seed": s, "pearson_r": float(r)}
                     for s, r in enumerate(v)]
    ax.set_xticks(np.arange(len(POOLS)), [f"{p} pool" for p in POOLS])
    ax.set_ylim(0, 1.05)
    ax.set_xlabel("aggregation function of the trained network")
    ax.set_ylabel("Pearson r(‖Δ pooled‖, distance)")
    ax.set_title(f"Correlation of pooled change with latent distance, {len(runs)} seeds "
                 "(shape clouds)", fontsize=10)
    ax.legend(fontsize=7, loc="lower left")
    fig.tight_layout()
    return fig, rows
