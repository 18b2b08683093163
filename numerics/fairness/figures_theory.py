"""Theory figures of the fairness topic: CS vs KL/MMD/mean gap under scaling, the region where
D_A > KL (the failing convention-A reading), and the estimator's bias and variance against n."""

from __future__ import annotations

import functools

import numpy as np

from iclr26_verify import figure
from iclr26_verify.registry.stats import standard_error


@figure("fairness", "scaling_cs_kl_mmd_mean")
def scaling_cs_kl_mmd_mean(quick: bool = False):
    """N(0, c²) vs N(c, (1.5c)²) as c grows: CS (and KL) are flat, MMD² and the mean gap are not."""
    import matplotlib.pyplot as plt

    from theory.fairness import cs_divergence_gaussian, kl_gaussian, mmd2_gaussian

    cs = np.logspace(-2, 2, 17 if quick else 81)
    d_a = [cs_divergence_gaussian(0, c * c, c, 2.25 * c * c) for c in cs]
    kl = [kl_gaussian(0, c * c, c, 2.25 * c * c) for c in cs]
    mmd = {h: [mmd2_gaussian(0, c * c, c, 2.25 * c * c, h) for c in cs] for h in (0.1, 1.0)}
    fig, ax = plt.subplots(figsize=(5.5, 3.8))
    ax.plot(cs, d_a, lw=2.2, label="CS $D_A$ (nats)")
    ax.plot(cs, np.asarray(d_a) / 2, lw=1.2, ls="-.", label="CS $D_B = D_A/2$ (nats)")
    ax.plot(cs, kl, ls="--", label="KL(p‖q) (nats)")
    for h, v in mmd.items():
        ax.plot(cs, v, label=f"MMD², h = {h}")
    ax.plot(cs, cs, color="k", lw=0.8, ls=":", label="mean gap |Δμ| = c")
    ax.set(xscale="log", yscale="log", ylim=(1e-6, 1e3), xlabel="scale c (units of the score)",
           ylabel="divergence / gap",
           title="scale robustness: N(0, c²) vs N(c, (1.5c)²)")
    ax.legend(fontsize=7, ncol=2)
    ax.grid(True, which="both", alpha=0.25)
    table = {"c": cs, "D_A_nats": d_a, "D_B_nats": np.asarray(d_a) / 2, "KL_nats": kl,
             "MMD2_h0.1": mmd[0.1], "MMD2_h1": mmd[1.0], "mean_gap": cs}
    return fig, table


@figure("fairness", "counterexample_region",
        claims=("fairness.reading.cs_le_kl_convention_A",
                "fairness.prop42.note_cs_le_kl_both_directions"))
def counterexample_region(quick: bool = False):
    """Where convention A exceeds KL(p‖q) for p = N(Δ, s1²), q = N(0, s2²) (the failing readings)."""
    import matplotlib.pyplot as plt

    from theory.fairness import cs_divergence_gaussian, kl_gaussian

    ratios = np.logspace(-2, 1, 40 if quick else 160)
    deltas = np.linspace(0, 5, 30 if quick else 120)
    diff = np.array([[cs_divergence_gaussian(dl, r * r, 0.0, 1.0) - kl_gaussian(dl, r * r, 0.0, 1.0)
                      for r in ratios] for dl in deltas])
    fig, ax = plt.subplots(figsize=(5.5, 3.8))
    lim = np.abs(diff).max()
    mesh = ax.pcolormesh(ratios, deltas, np.sign(diff) * np.log1p(np.abs(diff)), cmap="RdBu_r",
                         vmin=-np.log1p(lim), vmax=np.log1p(lim), shading="auto")
    ax.contour(ratios, deltas, diff, levels=[0.0], colors="k", linewidths=1.2)
    ax.plot([0.1], [3.0], "k*", ms=10, label="N(0, 0.1²) vs N(3, 1): 10.53 > 6.31")
    ax.axvline(1.0, color="grey", lw=0.8, ls=":", label="$s_1 = s_2$: $D_A$ = KL")
    ax.set(xscale="log", xlabel="$s_1 / s_2$ (std ratio, $s_2 = 1$)", ylabel="mean difference Δ",
           title="sign of $D_A$ − KL(p‖q): red = $D_A$ > KL (convention-A reading fails)")
    fig.colorbar(mesh, ax=ax, label="sign · log(1 + |$D_A$ − KL|) (nats)")
    from matplotlib.lines import Line2D

    contour = Line2D([], [], color="k", lw=1.2, label="$D_A$ = KL (contour)")
    ax.legend(handles=[contour, *ax.get_legend_handles_labels()[0]], fontsize=7,
              loc="lower right")
    rows = [{"s1_over_s2": r, "delta": dl, "D_A_minus_KL_nats": diff[i, j]}
            for i, dl in enumerate(deltas) for j, r in enumerate(ratios)]
    return fig, rows


@functools.lru_cache(maxsize=2)
def estimator_bias_variance_experiment(quick: bool = False, seed: int = 0) -> dict:
    """Bias and spread of the KDE estimator against n for x ~ N(0,1), y ~ N(1,1.5²), σ = 0.5.

    The target is the smoothed closed form D_A(N(0, 1+σ²), N(1, 2.25+σ²)); the first-order
    diagonal bias of the V-statistic is Σ(1/ρ − 1)/n with ρ = E κ_h(X, X') = h/√(h²+2s²).
    """
    from theory.fairness import cs_divergence_gaussian, cs_divergence_kde

    rng = np.random.default_rng(seed)
    sigma = 0.5
    h = np.sqrt(2) * sigma
    target = cs_divergence_gaussian(0, 1 + sigma**2, 1, 2.25 + sigma**2)
    ns = [50, 100, 200, 400] if quick else [50, 100, 200, 400, 800, 1600]
    reps = 30 if quick else 150
    out = {"n": [], "bias": [], "se": [], "sd": [], "first_order_bias": []}
    pred = (1 / (h / np.sqrt(h**2 + 2)) - 1) + (1 / (h / np.sqrt(h**2 + 4.5)) - 1)
    for n in ns:
        est = np.array([cs_divergence_kde(rng.normal(0, 1, n), rng.normal(1, 1.5, n), sigma)
                        for _ in range(reps)])
        out["n"].append(n)
        out["bias"].append(float(est.mean() - target))
        out["se"].append(standard_error(est))
        out["sd"].append(float(est.std(ddof=1)))
        out["first_order_bias"].append(float(pred / n))
    out["target"] = target
    return out


@figure("fairness", "estimator_bias_variance")
def estimator_bias_variance(quick: bool = False):
    """KDE CS estimator: bias (±2 SE) and standard deviation against n, with the O(1/n) line."""
    import matplotlib.pyplot as plt

    r = estimator_bias_variance_experiment(quick)
    n = np.asarray(r["n"])
    fig, ax = plt.subplots(figsize=(5.5, 3.8))
    ax.errorbar(n, r["bias"], yerr=2 * np.asarray(r["se"]), fmt="o-", capsize=3,
                label="bias (mean − smoothed closed form) ± 2 SE")
    ax.plot(n, r["first_order_bias"], "--", label="diagonal term Σ(1/ρ−1)/n")
    ax.plot(n, r["sd"], "s-", label="standard deviation")
    ax.plot(n, r["sd"][0] * np.sqrt(n[0] / n), ":", color="grey", label=r"$\propto n^{-1/2}$")
    ax.axhline(0, color="k", lw=0.6)
    ax.xaxis.set_minor_formatter("")  # 3×10² and 4×10² would touch
    ax.set(xscale="log", xlabel="n per group", ylabel="nats",
           title=f"CS estimator, σ = 0.5: target {r['target']:.4f} nats")
    ax.legend(fontsize=7)
    ax.grid(True, which="both", alpha=0.25)
    return fig, {k: r[k] for k in ("n", "bias", "se", "sd", "first_order_bias")}
