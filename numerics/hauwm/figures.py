"""Figures of the hauwm topic: the ground-truth horizon profiles (closed form against Monte
Carlo), where a margin hinge is violated by a saturating truth, the disagreement term's
population objective, and the ensemble's calibration per horizon for each loss form."""

from __future__ import annotations

import math

import numpy as np

from iclr26_verify import figure


@figure("hauwm", "truth_profiles",
        claims=("hauwm.truth.random_walk", "hauwm.truth.ar1", "hauwm.truth.ou",
                "hauwm.truth.circle", "hauwm.truth.reset", "hauwm.premise.per_coordinate_grows",
                "hauwm.premise.total_variance_grows"))
def truth_profiles(quick: bool = False):
    """Var[x_{t+h} | x_t] for h = 1..12: closed forms (lines) and Monte Carlo (points)."""
    import matplotlib.pyplot as plt

    from theory.hauwm import _reference as ref
    from theory.hauwm import var_ar1, var_circle, var_ou, var_random_walk, var_reset

    rng = np.random.default_rng(0)
    n = 20_000 if quick else 200_000
    h = np.arange(1, 13)
    curves = {
        "random walk ($s^2$ = 0.25)": (var_random_walk(h, 0.25),
                                     ref.mc_variance_paths(ref.ar1_step(1.0, 0.25), 0.0, 12, n, rng)),
        "AR(1) φ = 0.8": (var_ar1(h, 0.8, 1.0),
                          ref.mc_variance_paths(ref.ar1_step(0.8, 1.0), 1.0, 12, n, rng)),
        "OU θ = 0.5 (t = h)": (var_ou(h.astype(float), 0.5, 1.0),
                               ref.mc_variance_paths(ref.ar1_step(math.exp(-0.5),
                                                                  float(var_ou(1.0, 0.5, 1.0))),
                                                     0.0, 12, n, rng)),
        "reset every 5 ($s^2$ = 0.5)": (var_reset(h, 5, 0.5),
                                     ref.mc_variance_paths(ref.reset_step(5, 0.5), 0.0, 12, n, rng)),
    }
    th = np.zeros(n)
    mc_cos = []
    for _ in range(12):
        th = th + math.pi / 2 + 0.1 * rng.standard_normal(n)
        mc_cos.append(np.var(np.cos(th), ddof=1))
    circ = (var_circle(h, math.pi / 2, 0.01), np.array(mc_cos))
    rows = []
    fig, axes = plt.subplots(1, 2, figsize=(10, 4))
    for (name, (cl, mc)), col in zip(curves.items(), plt.rcParams["axes.prop_cycle"].by_key()["color"]):
        axes[0].plot(h, cl, "-", color=col, label=name)
        axes[0].plot(h, mc, "o", color=col, ms=4)
        rows += [{"process": name, "h": int(k), "closed_form": float(c), "monte_carlo": float(m)}
                 for k, c, m in zip(h, cl, mc)]
    axes[0].set(xlabel="horizon h", ylabel=r"Var$[x_{t+h} \mid x_t]$",
                title="Grow, saturate, reset (lines: closed form; dots: MC)")
    axes[0].legend(fontsize=7)
    tr = var_circle(h, math.pi / 2, 0.01, 0, "trace")
    axes[1].semilogy(h, circ[0], "-", label="Var cos θ (closed form)")
    axes[1].semilogy(h, circ[1], "o", ms=4, label="Var cos θ (MC)")
    axes[1].semilogy(h, tr, "--", label=r"trace: $1 - e^{-h s^2}$")
    rows += [{"process": "circle cos", "h": int(k), "closed_form": float(c), "monte_carlo": float(m)}
             for k, c, m in zip(h, *circ)]
    axes[1].set(xlabel="horizon h", ylabel="variance (log scale)",
                title="Rotating phase ω = π/2, $s^2$ = 0.01: per coordinate non-monotone")
    axes[1].legend(fontsize=7)
    fig.tight_layout()
    return fig, rows


@figure("hauwm", "hinge_violation",
        claims=("hauwm.premise.hinge_violation_horizon", "hauwm.light.hinge_overdisperses_ar1"))
def hinge_violation(quick: bool = False):
    """AR(1) increments V(h+1) − V(h) = s2 φ^{2h} against margins: the hinge is active at the
    truth from h* on (closed form, and the first simulated increment below m)."""
    import matplotlib.pyplot as plt

    from theory.hauwm import _reference as ref
    from theory.hauwm import hinge_violation_horizon, var_ar1

    rng = np.random.default_rng(1)
    n = 50_000 if quick else 400_000
    h = np.arange(1, 25)
    rows = []
    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    for phi, col in ((0.6, "tab:green"), (0.8, "tab:blue"), (0.9, "tab:red")):
        inc = np.diff(var_ar1(np.arange(1, 26), phi, 1.0))
        mc = np.diff(ref.mc_variance_paths(ref.ar1_step(phi, 1.0), 0.0, 25, n, rng))
        ax.semilogy(h, inc, "-", color=col, label=f"φ = {phi}: $s^2 φ^{{2h}}$")
        ax.semilogy(h, np.clip(mc, 1e-6, None), ".", color=col, ms=5)
        for m in (0.1, 0.01):
            hs = hinge_violation_horizon(phi, 1.0, m)
            first_mc = int(np.argmax(mc < m)) + 1
            rows.append({"phi": phi, "margin": m, "h_star_closed": hs, "h_star_mc": first_mc})
            ax.plot([hs], [inc[hs - 1]], "kx", ms=7)
    for m in (0.1, 0.01):
        ax.axhline(m, color="grey", ls=":", lw=0.8)
    # legend entries for the marks drawn without labels above
    ax.set(xlabel="horizon h", ylabel="true increment V(h+1) − V(h)",
           title="A margin hinge is violated by the truth from $h^*$ (×)")
    from matplotlib.lines import Line2D

    keys = [Line2D([], [], ls="", marker=".", color="0.3", ms=5,
                   label="Monte Carlo increment (≤ 0 drawn at $10^{-6}$)"),
            Line2D([], [], ls="", marker="x", color="k", ms=7,
                   label="$h^*$: first violated horizon"),
            Line2D([], [], ls=":", color="grey", lw=0.8, label="margins m = 0.1, 0.01")]
    ax.legend(handles=[*ax.get_legend_handles_labels()[0], *keys], fontsize=7)
    fig.tight_layout()
    return fig, rows


@figure("hauwm", "hcu_objective",
        claims=("hauwm.loss.hcu_population_objective", "hauwm.loss.hcu_calibrated_optimum"))
def hcu_objective(quick: bool = False):
    """Population objective of a Gaussian fit term plus the disagreement term (H-e) against the
    members' spread: collapse below k_c, unbounded above (fixed variance); unbounded for every
    k with learnt variances."""
    import matplotlib.pyplot as plt

    from theory.hauwm import hcu_objective_learned_variance, hcu_spread_coefficient

    S = np.linspace(0, 10, 101)
    rows = []
    fig, axes = plt.subplots(1, 2, figsize=(10, 4))
    for k in (1, 2, 3, 6):
        c = hcu_spread_coefficient(5, 1.0, k, 1.0)
        axes[0].plot(S, c * S, label=f"k = {k}: slope {c:+.2f}")
        d = np.sqrt(S / 4)
        ob = hcu_objective_learned_variance(d, k, 2.0, 4) - hcu_objective_learned_variance(
            0.0, k, 2.0, 4)
        axes[1].plot(S, ob, label=f"k = {k}")
        rows += [{"k": k, "spread_S": float(s), "fixed_var_objective": float(c * s),
                  "learned_var_objective": float(o)} for s, o in zip(S, ob)]
    axes[0].set(xlabel=r"spread $S = \sum_i (\mu_i - \bar\mu)^2$",
                ylabel="objective − objective(S = 0)", title="Fixed σ² = 1, M = 5, λ = 1: $k_c$ = 2")
    axes[1].set(xlabel="spread S (M = 4, symmetric)", ylabel="objective − objective(S = 0)",
                title="Learnt member variances, V = 2: unbounded below")
    for a in axes:
        a.axhline(0, color="k", lw=0.6, zorder=0)  # under the k = 2 line, which lies on it
        a.legend(fontsize=7)
    fig.tight_layout()
    return fig, rows


@figure("hauwm", "calibration_per_horizon",
        claims=("hauwm.light.nll_calibrates_ar1", "hauwm.light.hinge_overdisperses_ar1",
                "hauwm.light.loghinge_worsens_circle", "hauwm.light.hcu_calibrated_ar1",
                "hauwm.light.hcu_overdisperses", "hauwm.light.nll_coverage_ar1",
                "hauwm.light.hcu_variance_grows"))
def calibration_per_horizon(quick: bool = False):
    """Predicted / true variance per horizon (geometric mean over seeds, min–max band) and 90%
    coverage, for each loss form, on AR(1) and the rotating phase."""
    import matplotlib.pyplot as plt

    from numerics.hauwm.experiments import summary

    rows = summary(quick)
    names = list(dict.fromkeys(x["loss"] for x in rows))
    fig, axes = plt.subplots(1, 3, figsize=(14, 4))
    for loss, col in zip(names, ("tab:blue", "tab:orange", "tab:green", "tab:red", "tab:purple")):
        for ax, p in zip(axes[:2], ("ar1", "circle")):
            r = [x for x in rows if x["process"] == p and x["loss"] == loss]
            h = [x["h"] for x in r]
            ax.semilogy(h, [x["ratio_geomean"] for x in r], "o-", color=col, ms=3, label=loss)
            ax.fill_between(h, [x["ratio_min"] for x in r], [x["ratio_max"] for x in r],
                            color=col, alpha=0.15)
        r = [x for x in rows if x["process"] == "ar1" and x["loss"] == loss]
        axes[2].plot([x["h"] for x in r], [x["coverage_mean"] for x in r], "o-", color=col,
                     ms=3, label=loss)
    axes[0].set(title="AR(1) φ = 0.8 from $x_t = 1$", xlabel="horizon h",
                ylabel="predicted / true variance")
    axes[1].set(title=r"rotating phase, Var cos θ from $\theta_t = 0$", xlabel="horizon h",
                ylabel="predicted / true variance")
    axes[2].set(title="AR(1): 90% coverage (fresh pairs)", xlabel="horizon h",
                ylabel="coverage of the 90% interval")
    for a in axes[:2]:
        a.axhline(1, color="k", lw=0.6)
    axes[2].axhline(0.9, color="k", lw=0.6)
    axes[0].legend(fontsize=7)
    fig.tight_layout()
    return fig, rows
