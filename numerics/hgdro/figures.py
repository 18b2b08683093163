"""Figures of the hierarchical group DRO topic: the synthetic trade-off under intra-group shift,
the coloured-digits comparison, the code's sign step against the exact inner maximum, the
convergence of the group game against its bound, and the collapse to the zero predictor."""

from __future__ import annotations

import numpy as np

from iclr26_verify import figure

_NAMES = {"erm": "ERM", "gdro": "GroupDRO", "hdro_0.3": "HDRO ε=0.3", "hdro_0.6": "HDRO ε=0.6",
          "hdro_1": "HDRO ε=1"}


def _mean_hw(x):
    """Means and 95 % half-widths over the last axis (seeds), by iclr26_verify.registry.stats; one seed
    (quick) draws no bar."""
    from iclr26_verify.registry import stats

    x = np.asarray(x, dtype=float)
    ivs = [stats.t_interval(row) for row in x.reshape(-1, x.shape[-1])]
    mean = np.array([iv.mean for iv in ivs]).reshape(x.shape[:-1])
    h = np.array([iv.halfwidth if iv.n > 1 else 0.0 for iv in ivs]).reshape(x.shape[:-1])
    return mean, h


@figure("hgdro", "synthetic_tradeoff",
        claims=("hgdro.exp.synth_shift_gain", "hgdro.exp.synth_unshifted_price", "hgdro.exp.synth_monotone_in_eps",))
def synthetic_tradeoff_figure(quick: bool = False):
    """Worst-group accuracy vs intra-group shift δ for ERM, Group DRO and hierarchical DRO."""
    import matplotlib.pyplot as plt

    from numerics.hgdro.experiments import synthetic_tradeoff

    r = synthetic_tradeoff(quick)
    fig, ax = plt.subplots(figsize=(5.5, 3.8))
    rows = []
    for i, m in enumerate(r.methods):
        mean, h = _mean_hw(r.wga[i])
        ax.errorbar(np.asarray(r.deltas) + 0.008 * (i - 2), mean, yerr=h, marker="o", capsize=3,
                    label=_NAMES[m])
        rows += [{"method": m, "delta": d, "wga_mean": mean[k], "wga_ci95": h[k],
                  "seeds": len(r.seeds)} for k, d in enumerate(r.deltas)]
    ax.set(xlabel="shift δ of the minority groups' core mean (latent units)",
           ylabel="test worst-group accuracy",
           title=f"fixed features, exact optima ({len(r.seeds)} seeds, 95 % CI)")
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3)
    return fig, rows


@figure("hgdro", "digits_shift",
        claims=("hgdro.exp.digits_shifted_direction",))
def digits_shift_figure(quick: bool = False):
    """Coloured digits: worst-group accuracy on the unshifted and the rotated test split."""
    import matplotlib.pyplot as plt

    from numerics.hgdro.experiments import colored_digits_experiment

    r = colored_digits_experiment(quick)
    fig, ax = plt.subplots(figsize=(8, 4.2))
    x = np.arange(len(r.labels))
    rows = []
    for off, (arr, lab) in enumerate(((r.wga, "unshifted test"),
                                      (r.wga_shifted, "shifted test (group 3 rotated 90°)"))):
        mean, h = _mean_hw(arr)
        ax.bar(x + 0.38 * off - 0.19, mean, 0.38, yerr=h, capsize=3, label=lab)
        rows += [{"method": m, "split": lab, "wga_mean": mean[k], "wga_ci95": h[k],
                  "seeds": len(r.seeds)} for k, m in enumerate(r.labels)]
    ax.set_xticks(x, [lab.replace(" (scratch, absolute ε)", "\nscratch, abs. ε")
                      for lab in r.labels], fontsize=7, rotation=20)
    ax.set(xlabel="method", ylabel="test worst-group accuracy", ylim=(0, 1),
           title="coloured digits, model chosen by validation WGA "
           f"({len(r.seeds)} seed{'' if len(r.seeds) == 1 else 's'})")
    ax.legend(fontsize=8)
    ax.grid(axis="y", alpha=0.3)
    return fig, rows


@figure("hgdro", "sign_step_vs_exact",
        claims=("hgdro.alg1.sign_step_exact_multiclass", "hgdro.alg1.vertex_max_multiclass",))
def sign_step_vs_exact(quick: bool = False):
    """The code's one-step sign update against the exact ℓ∞ inner maximum (vertex enumeration)."""
    import matplotlib.pyplot as plt

    from theory.hgdro import fgsm_vs_vertex

    rng = np.random.default_rng(0)
    rows = []
    for C in (2, 3):
        for _ in range(100 if quick else 400):
            W = rng.standard_normal((C, 2)) * 2
            z = rng.standard_normal(2) * 0.5
            eps = float(rng.uniform(0.1, 1.0))
            f, b, _ = fgsm_vs_vertex(W, z, 0, eps)
            rows.append({"classes": C, "eps": eps, "sign_step_loss": f, "exact_max": b})
    fig, ax = plt.subplots(figsize=(4.8, 4.2))
    for C, mk in ((2, "o"), (3, "x")):
        pts = np.array([(r["exact_max"], r["sign_step_loss"]) for r in rows if r["classes"] == C])
        miss = np.mean(pts[:, 1] < pts[:, 0] - 1e-9)
        ax.scatter(*pts.T, s=10, marker=mk, alpha=0.6,
                   label=f"C = {C}: misses {100 * miss:.0f} %")
    top = max(r["exact_max"] for r in rows)
    ax.plot([0, top], [0, top], "k", lw=0.8)
    ax.plot([3.030150], [1.988286], "r*", ms=12, label="counterexample (our witness)")
    ax.set(xlabel="exact max of CE over the ℓ∞ ball (nats)",
           ylabel="CE after one sign step (nats)", title="inner step: sign step vs exact (d = 2)")
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3)
    return fig, rows


@figure("hgdro", "game_convergence")
def game_convergence(quick: bool = False):
    """EG/GD on the frozen-feature game: suboptimality and duality gap vs T, against the bound."""
    import matplotlib.pyplot as plt

    from theory.hgdro import (
        best_response,
        eg_gd_game,
        group_radii,
        group_robust_losses,
        hierarchical_optimum,
        omd_gap_bound,
    )
    from theory.hgdro._instances import gaussian_groups

    Z, Y, G = gaussian_groups(0)
    e = group_radii(np.bincount(G), 0.5)
    v, _ = hierarchical_optimum(Z, Y, G, e, ridge=0.01)
    rows = []
    for T in ((50, 200, 800) if quick else (50, 100, 200, 400, 800, 1600, 3200, 6400)):
        run = eg_gd_game(Z, Y, G, e, ridge=0.01, T=T)
        up = float(group_robust_losses(run.theta_bar, Z, Y, G, e).max()
                   + 0.01 * run.theta_bar @ run.theta_bar)
        lo, th = best_response(Z, Y, G, e, run.beta_bar, ridge=0.01)
        rows.append({"T": T, "suboptimality": up - v, "duality_gap": up - lo,
                     "bound": omd_gap_bound(np.linalg.norm(th), run.grad_max, run.loss_max, 4,
                                            T)})
    fig, ax = plt.subplots(figsize=(5.2, 3.8))
    T = [r["T"] for r in rows]
    ax.loglog(T, [r["bound"] for r in rows], "k--", label=r"explicit bound $(\|\theta'\|^2 + G^2 + 2\log m + B^2/4) / 2\sqrt{T}$")
    ax.loglog(T, [r["duality_gap"] for r in rows], "o-", label="duality gap of averages")
    ax.loglog(T, [r["suboptimality"] for r in rows], "s-", label=r"$F(\bar\theta_T) - F^*$ (cvxpy)")
    ax.xaxis.set_minor_formatter("")  # 3×10² and 4×10² ran into each other
    ax.set(xlabel="steps T (η = 1/√T)", ylabel="nats",
           title="Prop. B.1 on frozen features (4 groups, d = 5)")
    ax.legend(fontsize=7)
    ax.grid(True, which="both", alpha=0.3)
    return fig, rows


@figure("hgdro", "collapse",
        claims=("hgdro.collapse.exact_threshold", "hgdro.collapse.zero_predictor",))
def collapse_figure(quick: bool = False):
    """Optimum value and ‖θ*‖ vs the base radius: the collapse to θ = 0 at the exact threshold."""
    import matplotlib.pyplot as plt

    from theory.hgdro import collapse_threshold, group_radii, hierarchical_optimum
    from theory.hgdro._instances import gaussian_groups

    Z, Y, G = gaussian_groups(0)
    s = group_radii(np.bincount(G), 1.0)
    ec = collapse_threshold(Z, Y, G, s)
    rows = []
    # SLSQP on the epigraph program: exact to ~1e-12 at the collapsed optimum θ = 0, where
    # Clarabel is only accurate to ~1e-7, and 20× faster (agreement: tests/test_hgdro_*)
    for eps in np.linspace(0, 1.6 * ec, 7 if quick else 25):
        v, th = hierarchical_optimum(Z, Y, G, eps * s, ridge=0.01, solver="slsqp")
        rows.append({"eps": eps, "value": v, "theta_norm": float(np.linalg.norm(th)),
                     "eps_c": ec})
    fig, ax = plt.subplots(figsize=(5.2, 3.8))
    eps = [r["eps"] for r in rows]
    ax.plot(eps, [r["value"] for r in rows], "o-", label="$F^*$ (nats)")
    ax.axhline(np.log(2), color="grey", ls=":", label="log 2 (zero predictor)")
    ax2 = ax.twinx()
    ax2.plot(eps, [r["theta_norm"] for r in rows], "s-", color="C1", label="‖θ*‖")
    ax2.set_ylabel("‖θ*‖₂", color="C1")
    ax.axvline(ec, color="k", ls="--", label=f"$ε_c$ = {ec:.3f} (SOCP)")
    ax.set(xlabel=r"base radius ε ($\epsilon_g = \epsilon \sqrt{n_\min / n_g}$)",
           ylabel="optimal objective $F^*$ (nats)",
           title="collapse to the zero predictor")
    h1, l1 = ax.get_legend_handles_labels()
    h2, l2 = ax2.get_legend_handles_labels()
    ax.legend(h1 + h2, l1 + l2, fontsize=8, loc="center right")
    return fig, rows
