"""Figures of the learned compressors against the DRC bounds, and of digits super-resolution."""

from __future__ import annotations

import numpy as np

from iclr26_verify import figure


@figure("compression", "learned_bernoulli_vs_bound",
        claims=("compression.exp.bernoulli_learned_above_oneshot_bound", "compression.exp.bernoulli_learned_reaches_bound",))
def learned_bernoulli_vs_bound(quick: bool = False):
    """Learned Bernoulli codes (rate H(Z|U), Hamming D) against the corrected one-shot bound."""
    import matplotlib.pyplot as plt

    from numerics.compression.experiments import bernoulli_experiment
    from theory.compression import bernoulli_rate_only_oneshot, binary_entropy

    rows = bernoulli_experiment(quick)["points"]
    pairs = sorted({(r["q_x"], r["q_y"]) for r in rows})
    fig, axes = plt.subplots(1, len(pairs), figsize=(5 * len(pairs), 3.6), squeeze=False)
    for ax, (q_x, q_y) in zip(axes[0], pairs):
        hx = float(binary_entropy(q_x))
        grid = np.linspace(0, hx, 101)
        d_ind = q_x + q_y - 2 * q_x * q_y
        ax.plot(grid, [bernoulli_rate_only_oneshot(r, q_x, q_y) for r in grid], color="C0",
                label="corrected one-shot bound")
        ax.plot(grid, d_ind - 2 * q_x * (1 - q_x) * grid / hx, "--", color="C3",
                label="Thm 2(ii) as stated")
        mine = [r for r in rows if (r["q_x"], r["q_y"]) == (q_x, q_y)]
        ax.plot([r["rate"] for r in mine], [r["distortion"] for r in mine], "o", color="k",
                label="learned code")
        ax.plot([r["rate"] for r in mine], [r["bound_drc"] for r in mine], "x", color="C0",
                label="bound at its output law")
        ax.set(xlabel="rate H(Z|U) (bits)", ylabel="Hamming distortion P(X≠Y)",
               title=f"Bernoulli $q_X$ = {q_x}, $q_Y$ = {q_y}")
        ax.legend(fontsize=7)
    fig.tight_layout()
    return fig, rows


@figure("compression", "learned_gaussian_vs_bound",
        claims=("compression.exp.gaussian_learned_above_asymptotic_bound", "compression.exp.gaussian_gap_shrinks_with_levels",))
def learned_gaussian_vs_bound(quick: bool = False):
    """Learned scalar Gaussian codes (R = log2 L bits, MSE) against the asymptotic bound."""
    import matplotlib.pyplot as plt

    from numerics.compression.experiments import GAUSS, gaussian_experiment
    from theory.compression import gaussian_drc, gaussian_entropy

    rows = gaussian_experiment(quick)
    g = GAUSS
    grid = np.linspace(0.05, max(r["rate_nominal"] for r in rows) + 0.5, 100)
    curve = [gaussian_drc(r, gaussian_entropy(g["sigma_s"]), mu_x=g["mu_x"],
                          sigma_x=g["sigma_x"], mu_y=g["mu_y"], sigma_y=g["sigma_y"],
                          sigma_s=g["sigma_s"], theta1=g["theta"]) for r in grid]
    fig, ax = plt.subplots(figsize=(5.5, 3.8))
    ax.plot(grid, curve, color="C0", label="bound, target law N(0.3, 0.8²)")
    rate = [r["rate_nominal"] for r in rows]
    ax.errorbar(rate, [r["distortion"] for r in rows], fmt="o", color="k",
                label=r"learned code (rate $\log_2 L$)")
    ax.plot(rate, [r["bound_measured_law"] for r in rows], "x", color="C1", ms=8,
            label="bound at its measured output law")
    ax.set(xlabel="rate R (bits)", ylabel="MSE E(X−Y)²", yscale="log",
           title="Gaussian source N(0,1): learned codes vs asymptotic D(R)")
    ax.legend(fontsize=7)
    fig.tight_layout()
    return fig, rows


@figure("compression", "digits_rate_sweep",
        claims=("compression.exp.digits_mse_falls_with_rate", "compression.exp.digits_accuracy_rises_with_rate", "compression.exp.digits_lambda_c_tradeoff",))
def digits_rate_sweep(quick: bool = False):
    """Digits super-resolution: MSE and accuracy against rate for two λ_c (paper Fig. 6)."""
    import matplotlib.pyplot as plt

    from numerics.compression.experiments import PAPER_MNIST, digits_experiment, digits_table

    table = digits_table(digits_experiment(quick))
    fig, (a1, a2) = plt.subplots(1, 2, figsize=(10, 3.6))
    for i, lam in enumerate(sorted({r["lam_c"] for r in table})):
        rows = [r for r in table if r["lam_c"] == lam]
        rate = [r["rate_bits"] for r in rows]
        a1.plot(rate, [r["mse_to_input"] for r in rows], "o-", color=f"C{i}",
                label=rf"digits, $\lambda_c$ = {lam}")
        a2.plot(rate, [r["accuracy"] for r in rows], "o-", color=f"C{i}",
                label=rf"digits, $\lambda_c$ = {lam}")
    for i, (name, ref) in enumerate(PAPER_MNIST.items()):
        # the paper's table keys spell λ_c out; a legend typesets it
        name = name.replace("lambda=", r"$\lambda_c$ = ")
        a1.plot([4, 32], ref["mse"], "s--", mfc="none", color=f"C{i}", label=f"MNIST {name}")
        a2.plot([4, 32], ref["accuracy"], "s--", mfc="none", color=f"C{i}",
                label=f"MNIST {name}")
    a1.set(xscale="log", xlabel="rate (bits)", ylabel="MSE to degraded input (per pixel)",
           title="distortion falls with rate")
    a2.set(xscale="log", xlabel="rate (bits)", ylabel="classifier accuracy",
           title="accuracy rises with rate")
    for a in (a1, a2):
        a.set_xticks([4, 8, 16, 32], ["4", "8", "16", "32"])
        a.minorticks_off()  # log minor labels (3×10¹) would run into the major ones
        a.legend(fontsize=7)
    fig.tight_layout()
    return fig, table


@figure("compression", "digits_reconstructions")
def digits_reconstructions(quick: bool = False):
    """Digits super-resolution: high-resolution, degraded input and reconstructions per rate."""
    import matplotlib.pyplot as plt

    from numerics.compression.experiments import digits_experiment
    from numerics.compression.training import digits_split_examples
    from numerics.data import load_digits

    res = digits_experiment(quick)
    runs = sorted((r for r in res["runs"] if r.seed == 0 and r.lam_c == min(
        x.lam_c for x in res["runs"])), key=lambda r: r.rate)
    clean, degraded = digits_split_examples(load_digits().images, seed=0,
                                            k=len(runs[0].examples))
    rows = [("high-res", clean), ("degraded input", degraded)]
    rows += [(f"R={r.rate:.0f} bits", r.examples) for r in runs]
    k = len(clean)
    fig, axes = plt.subplots(len(rows), k, figsize=(k * 0.9, len(rows) * 0.95))
    table = []
    for i, (name, imgs) in enumerate(rows):
        for j in range(k):
            axes[i, j].imshow(imgs[j].reshape(8, 8), cmap="gray_r", vmin=0, vmax=1)
            axes[i, j].set_xticks([])
            axes[i, j].set_yticks([])
            table.append({"row": name, "example": j,
                          "mse_to_high_res": float(np.mean((imgs[j] - clean[j]) ** 2))})
        axes[i, 0].set_ylabel(name, rotation=0, ha="right", fontsize=8)
    fig.suptitle(rf"unpaired super-resolution on digits, $\lambda_c$ = {runs[0].lam_c}", fontsize=9)
    return fig, table
