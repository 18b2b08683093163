"""Figures of the dispersion topic: what the binning protocol does to a correlation, what D
measures (the mean resultant, not rank), and the byte-LM experiments (trajectory, per-chunk
scatter with bin means, push-away)."""

from __future__ import annotations

import numpy as np

from iclr26_verify import figure


@figure("dispersion", "binning_inflation",
        claims=("dispersion.I6.binning_inflation", "dispersion.I6.implied_rho",
                "dispersion.fig1.binned_r_is_per_chunk"))
def binning_inflation(quick: bool = False):
    """Correlation of group means against the per-chunk correlation ρ: closed form (lines) and
    the released protocol simulated on raw chunks (points), with the paper's reported range."""
    import matplotlib.pyplot as plt

    from theory.dispersion import implied_rho, inflation_closed_form
    from theory.dispersion._reference import binning_monte_carlo

    rng = np.random.default_rng(0)
    grid = np.linspace(-0.5, 0, 101)
    pts = (-0.02, -0.05, -0.1, -0.2, -0.35) if not quick else (-0.1,)
    n, reps = (200_000, 4) if not quick else (20_000, 2)
    rows = []
    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    for G, col in ((20, "tab:blue"), (100, "tab:red")):
        ax.plot(-grid, -inflation_closed_form(grid, G), color=col,
                label=f"closed form, groups of {G}")
        for rho in pts:
            m, se, s2 = binning_monte_carlo(rho, G, n, reps, rng)
            rows.append({"G": G, "rho": rho, "r_bin_mc": m, "se": se,
                         "r_bin_closed": inflation_closed_form(rho, G, s2)})
            ax.errorbar(-rho, -m, yerr=2 * se, fmt="o", color=col, ms=4)
    lo, hi = implied_rho(np.array([-0.62, -0.92]), 100)
    ax.axhspan(0.62, 0.92, color="grey", alpha=0.2, label="paper's |r| range (binned)")
    ax.axvspan(-lo, -hi, color="tab:red", alpha=0.1, label=f"implied |ρ| ∈ [{-lo:.3f}, {-hi:.3f}]")
    ax.plot([0, 0.5], [0, 0.5], "k:", lw=0.8, label="no inflation")
    ax.set(xlabel="per-chunk |ρ(D, sorting variable)|", ylabel="|r| of group means",
           title="Grouping by PPL before correlating inflates |r|")
    ax.legend(fontsize=7, loc="lower right")
    fig.tight_layout()
    return fig, rows


@figure("dispersion", "mean_resultant_not_rank",
        claims=("dispersion.I1.closed_form", "dispersion.I2.range",
                "dispersion.I2.rank_one_maximum"))
def mean_resultant_not_rank(quick: bool = False):
    """D against ‖m‖² for random sets of 10 unit vectors of rank 1 to 10: all lie on one line
    D = N/(N−1)(1 − ‖m‖²) whatever the rank."""
    import matplotlib.pyplot as plt

    from theory.dispersion import dispersion, mean_resultant

    rng = np.random.default_rng(1)
    N, d = 10, 10
    rows = []
    for rank in (1, 2, 5, 10):
        for _ in range(40 if not quick else 10):
            basis = np.linalg.qr(rng.normal(size=(d, rank)))[0]
            E = rng.normal(size=(N, rank)) + rng.normal(size=rank) * rng.uniform(0, 3)
            E = E @ basis.T
            m = mean_resultant(E)
            rows.append({"rank": rank, "m2": float(m @ m), "D": dispersion(E, "pairs")})
    fig, ax = plt.subplots(figsize=(6, 4))
    for rank, mk in zip((1, 2, 5, 10), "o^sd"):
        r = [x for x in rows if x["rank"] == rank]
        ax.plot([x["m2"] for x in r], [x["D"] for x in r], mk, ms=4, alpha=0.7, label=f"rank {rank}")
    x = np.linspace(0, 1, 50)
    ax.plot(x, N / (N - 1) * (1 - x), "k-", lw=0.8, label="N/(N−1)(1 − ‖m‖²)")
    ax.plot([0], [10 / 9], "r*", ms=12, label="±e₁ (rank 1): D = 10/9, the maximum")
    ax.plot([0.1], [1.0], "kx", ms=9, label="10 orthonormal vectors: D = 1")
    ax.set(xlabel="‖m‖² (squared mean resultant length)", ylabel="dispersion D (pairwise)",
           title="D is a function of the mean direction only (N = 10)")
    ax.legend(fontsize=7)
    fig.tight_layout()
    return fig, rows


@figure("dispersion", "trajectory", claims=("dispersion.light.trajectory",))
def trajectory_figure(quick: bool = False):
    """Validation PPL and mean dispersion per layer over training checkpoints (λ = 0 runs)."""
    import matplotlib.pyplot as plt

    from numerics.dispersion.experiments import LAYERS, trajectory

    rows = trajectory(quick)
    fig, ax = plt.subplots(1, 2, figsize=(10, 3.8))
    for seed in sorted({r["seed"] for r in rows}):
        r = [x for x in rows if x["seed"] == seed]
        ax[0].plot([x["step"] for x in r], [x["val_ppl"] for x in r], "o-", label=f"seed {seed}")
        for k, name in enumerate(LAYERS):
            ax[1].plot([x["step"] for x in r], [x[f"D {name}"] for x in r], "o-",
                       color=f"C{k}", alpha=0.8, label=name if seed == 0 else None)
    ax[0].set(xscale="log", yscale="log", xlabel="training step",
              ylabel="validation PPL (geometric mean, per byte)", title="perplexity falls")
    ax[1].set(xscale="log", xlabel="training step", ylabel="mean dispersion of a chunk",
              title="dispersion per layer over training")
    ax[0].legend(fontsize=8)
    ax[1].legend(fontsize=8)
    fig.tight_layout()
    return fig, rows


@figure("dispersion", "chunk_scatter",
        claims=("dispersion.light.chunk_sign", "dispersion.light.chunk_sign_positive",
                "dispersion.light.binned_inflates"))
def chunk_scatter(quick: bool = False):
    """Per-chunk D (final LN) against PPL for seed 0's λ = 0 model, with the means of groups of
    20 chunks sorted by PPL (the released protocol) on top."""
    import matplotlib.pyplot as plt
    from scipy import stats

    from numerics.dispersion.experiments import BINS_G, train_run
    from theory.dispersion import binned_correlation

    st = train_run(quick, 0.0, 0)["history"][-1][1]
    D, ppl = st["D"][:, -1], st["ppl"]
    b = binned_correlation(D, ppl, group=BINS_G if not quick else 10, uniform_pick=None)
    rho = float(stats.spearmanr(D, ppl).statistic)
    fig, ax = plt.subplots(figsize=(6.2, 4.2))
    sc = ax.scatter(ppl, D, c=st["space_frac"], s=8, cmap="viridis", alpha=0.7)
    fig.colorbar(sc, ax=ax, label="whitespace share of the chunk")
    ax.plot(b.ppl_means, b.x_means, "r-o", ms=4, label=f"group means: r = {b.r:+.2f}")
    ax.set(xscale="log", xlabel="chunk perplexity (per byte)", ylabel="dispersion D (final LN)",
           title=f"per chunk: Spearman ρ = {rho:+.2f}")
    ax.xaxis.set_minor_formatter(plt.NullFormatter())
    ax.legend(fontsize=8)
    fig.tight_layout()
    rows = {"ppl": ppl, "D": D, "space_frac": st["space_frac"], "n_distinct": st["n_distinct"]}
    return fig, rows


@figure("dispersion", "push_away", claims=("dispersion.light.push_away",))
def push_away_figure(quick: bool = False):
    """Final validation PPL and dispersion with and without the push-away term, per seed."""
    import matplotlib.pyplot as plt

    from numerics.dispersion.experiments import push_away

    rows = push_away(quick)
    fig, ax = plt.subplots(1, 2, figsize=(9, 3.6))
    seeds = [r["seed"] for r in rows]
    w = 0.35
    for k, (tag, lab) in enumerate((("0", "λ = 0"), ("0.1", "λ = 0.1"))):
        ax[0].bar(np.arange(len(seeds)) + (k - 0.5) * w, [r[f"D lam={tag}"] for r in rows], w,
                  label=lab)
        ax[1].bar(np.arange(len(seeds)) + (k - 0.5) * w, [r[f"ppl lam={tag}"] for r in rows], w,
                  label=lab)
    for a, yl, t in ((ax[0], "mean dispersion (final LN)", "push-away raises D"),
                     (ax[1], "validation PPL (per byte)", "and leaves PPL")):
        a.set(xticks=range(len(seeds)), xticklabels=[f"seed {s}" for s in seeds], ylabel=yl,
              title=t, xlabel="training seed")
        a.legend(fontsize=8)
    lo = min(min(r["ppl lam=0"], r["ppl lam=0.1"]) for r in rows)
    ax[1].set_ylim(0.95 * lo, None)
    fig.tight_layout()
    return fig, rows
