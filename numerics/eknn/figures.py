"""Figures of EKNN-lite (our reconstruction): ACC by method on circles + moons (with and
without a noise view), digits NMI/ACC by method, wall time against n, and F along the joint and
layer-wise solvers."""

from __future__ import annotations

import numpy as np

from iclr26_verify import figure


def _mean_hw(x):
    """Mean and 95 % half-width over seeds (iclr26_verify.registry.stats); one seed (quick): no bar."""
    from iclr26_verify.registry import stats

    iv = stats.t_interval(x)
    return iv.mean, (iv.halfwidth if iv.n > 1 else 0.0)


def _method(key: str) -> str:
    """A reader's name for an experiment's method key (``eknn_p50_size`` and the like)."""
    import re

    m = re.fullmatch(r"eknn_p(\d+)(_joint|_size)?", key)
    if m:
        return f"EKNN-lite, p = {m[1]}" + {"_joint": ", joint updates",
                                            "_size": ", size weights"}.get(m[2] or "", "")
    base, _, how = key.rpartition("_")
    name = {"kmeans": "k-means", "spectral": "spectral", "full_kkm": "full kernel k-means"}
    return f"{name.get(base, base)}, " + (f"view {how[4:]}" if how.startswith("view")
                                         else "views concatenated")


@figure("eknn", "circles_moons_acc",
        claims=("eknn.lite.circles_moons", "eknn.lite.p_sweep", "eknn.lite.noise_view"))
def circles_moons_acc(quick: bool = False):
    """ACC (mean ± 95 % CI over seeds) per method, circles + moons with and without a noise view."""
    import matplotlib.pyplot as plt

    from numerics.eknn.experiments import circles_moons_experiment

    fig, ax = plt.subplots(figsize=(9, 3.8))
    rows = []
    for off, nv in ((-0.2, False), (0.2, True)):
        r = circles_moons_experiment(quick, nv)
        ms = [m for m in r.acc if m != "kmeans_view3"]
        stats_ = [_mean_hw(r.acc[m]) for m in ms]
        x = np.arange(len(ms))
        ax.bar(x + off, [s[0] for s in stats_], 0.4, yerr=[s[1] for s in stats_], capsize=3,
               label="+ noise view" if nv else "2 views")
        rows += [{"noise_view": nv, "method": m, "acc_mean": s[0], "acc_ci95": s[1],
                  "seeds": len(r.seeds), "n": r.n} for m, s in zip(ms, stats_)]
    ax.set_xticks(np.arange(len(ms)), [_method(m) for m in ms], rotation=30, ha="right",
                  fontsize=8)
    ax.set(xlabel="method", ylabel="clustering accuracy (Hungarian)", ylim=(0.4, 1.05),
           title="circles + moons: EKNN-lite (our reconstruction) vs single-view baselines")
    ax.legend(fontsize=8)
    fig.tight_layout()
    return fig, rows


@figure("eknn", "digits_nmi", claims=("eknn.lite.digits",))
def digits_nmi(quick: bool = False):
    """Digits, three views: NMI and ACC per method (mean ± 95 % CI over seeds)."""
    import matplotlib.pyplot as plt

    from numerics.eknn.experiments import digits_experiment

    r = digits_experiment(quick)
    ms = list(r.nmi)
    fig, ax = plt.subplots(figsize=(8, 3.8))
    x = np.arange(len(ms))
    rows = []
    for off, (name, d) in ((-0.2, ("NMI", r.nmi)), (0.2, ("ACC", r.acc))):
        st = [_mean_hw(d[m]) for m in ms]
        ax.bar(x + off, [s[0] for s in st], 0.4, yerr=[s[1] for s in st], capsize=3, label=name)
        rows += [{"metric": name, "method": m, "mean": s[0], "ci95": s[1], "seeds": len(r.seeds)}
                 for m, s in zip(ms, st)]
    ax.set_xticks(x, [_method(m) for m in ms], rotation=30, ha="right", fontsize=8)
    ax.set(xlabel="method", ylabel="score", ylim=(0.5, 0.95),
           title=f"digits (n = {r.n}, 3 views): EKNN-lite p = {r.extra['p']} vs baselines")
    ax.legend(fontsize=8)
    fig.tight_layout()
    return fig, rows


@figure("eknn", "timing", claims=("eknn.cost.scaling",))
def timing(quick: bool = False):
    """Wall time of EKNN-lite (p = 100) and full kernel k-means against n (one thread)."""
    import matplotlib.pyplot as plt

    from numerics.eknn.experiments import timing_experiment

    r = timing_experiment(quick)
    fig, ax = plt.subplots(figsize=(5, 3.6))
    ax.loglog(r["n"], r["full_s"], "o-", label="full kernel k-means (O(n²) memory and steps)")
    ax.loglog(r["n"], r["eknn_s"], "s-", label="EKNN-lite, p = 100")
    ax.set(xlabel="n (points)", ylabel="wall time (s)", title="circles + moons, one run each")
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3, which="both")
    fig.tight_layout()
    rows = [{"n": int(n), "eknn_s": a, "full_s": b, "eknn_acc": c, "full_acc": d}
            for n, a, b, c, d in zip(r["n"], r["eknn_s"], r["full_s"], r["eknn_acc"],
                                     r["full_acc"])]
    return fig, rows


@figure("eknn", "objective_paths", claims=("eknn.monotone.joint", "eknn.monotone.layerwise"))
def objective_paths(quick: bool = False):
    """F along the joint block-coordinate solver, then one layer-wise step (α = .01, γ = 10)."""
    import matplotlib.pyplot as plt

    from theory.eknn import eknn_pipeline, joint_bcd, layerwise_step
    from theory.eknn._instances import two_curves

    fig, ax = plt.subplots(figsize=(6, 3.6))
    rows = []
    for s in (0, 1) if quick else (0, 1, 2):
        Xs, _ = two_curves(120, s)
        st = joint_bcd(eknn_pipeline(Xs, 2, 20, alpha=0.01, gamma=10.0, random_state=s),
                       n_sweeps=8)
        F = [f for _, f in st.history] + [layerwise_step(st).history[-1][1]]
        line, = ax.plot(range(len(F) - 1), F[:-1], ".-", label=f"joint BCD, seed {s}")
        ax.plot([len(F) - 2, len(F) - 1], F[-2:], "x--", color=line.get_color())
        rows += [{"seed": s, "step": i, "F": f, "solver": "joint" if i < len(F) - 1 else
                  "layerwise"} for i, f in enumerate(F)]
    ax.set(xlabel="block step", ylabel="F (α = .01, β = 1, γ = 10)",
           title="joint updates never increase F; one layer-wise step (dashed) does")
    ax.legend(fontsize=7)
    fig.tight_layout()
    return fig, rows
