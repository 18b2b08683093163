"""Figures of the CUPID topic: the AU loss and its optimum, the first-order EU and the
mean-value bound, and the digits experiment (OOD AUROC with intervals, deviation and noise)."""

from __future__ import annotations

import numpy as np

from iclr26_verify import figure


@figure("cupid", "au_loss_optimum", claims=("cupid.au.optimum", "cupid.au.unbounded"))
def au_loss_optimum(quick: bool = False):
    """The aleatoric loss ½r²e^{−s} + ½s against s for several residuals, and its minimum."""
    import matplotlib.pyplot as plt

    from theory.cupid import au_optimum

    fig, (a, b) = plt.subplots(1, 2, figsize=(9, 3.4))
    s = np.linspace(-16, 3, 200 if quick else 800)
    rows = []
    for r in (0.9, 0.3, 0.05, 1e-3):
        loss = 0.5 * r**2 * np.exp(-s) + 0.5 * s
        st, mv = au_optimum(r**2)
        a.plot(s, loss, label=f"r = {r:g}")
        a.plot(st, mv, "k.", ms=7)
        rows += [{"r": r, "s": float(x), "loss": float(y)} for x, y in zip(s[::10], loss[::10],
                                                                           strict=True)]
    a.set(ylim=(-8, 4), xlabel="log-variance s (nats)", ylabel="per-element loss (nats)",
          title="AU loss; dots: closed-form optimum (log r², ½(1+log r²))")
    a.legend(fontsize=7)
    r = np.logspace(-6, 0, 100)
    b.semilogx(r, au_optimum(r**2)[1])
    b.set(xlabel="residual |y − p'|", ylabel="min over s (nats)",
          title="minimum ½(1 + log r²) → −∞ as r → 0")
    for ax in (a, b):
        ax.grid(alpha=0.3)
    fig.tight_layout()
    return fig, rows


@figure("cupid", "taylor_and_mean_value",
        claims=("cupid.eu.first_order", "cupid.eu.mean_value_bound", "cupid.eu.finite_bound"))
def taylor_and_mean_value(quick: bool = False):
    """Left: remainder of the first-order EU, slope 2. Right: output change against the local
    bound ‖J(m)‖‖δ‖ and the mean-value bound sup‖J‖‖δ‖ on random ReLU heads."""
    import matplotlib.pyplot as plt

    from theory.cupid._reference import (
        relu_layer_segment,
        tanh_softmax_forward,
        tanh_softmax_jacobian,
        tanh_softmax_net,
    )

    rng = np.random.default_rng(0)
    params = tanh_softmax_net(rng)
    x, u = rng.normal(size=3), rng.normal(size=3)
    u /= np.linalg.norm(u)
    J = tanh_softmax_jacobian(params, x)
    ts = np.logspace(-4, 0, 30)
    rem = [np.linalg.norm(tanh_softmax_forward(params, x + t * u) - tanh_softmax_forward(params, x)
                          - t * J @ u) for t in ts]
    fig, (a, b) = plt.subplots(1, 2, figsize=(9, 3.6))
    a.loglog(ts, rem, "o-", ms=3, label="‖F(m+tu) − F(m) − tJu‖")
    a.loglog(ts, rem[0] * (ts / ts[0]) ** 2, "k--", label="slope 2")
    a.set(xlabel="‖δ‖ = t", ylabel="remainder (probability)", title="first-order EU: O(‖δ‖²)")
    a.legend(fontsize=7)
    rows = [{"panel": "taylor", "t": float(t), "remainder": float(r)}
            for t, r in zip(ts, rem, strict=True)]
    loc, mvb, ch = [], [], []
    for _ in range(100 if quick else 400):
        W1, b1, W2 = rng.normal(size=(32, 8)), rng.normal(size=32), rng.normal(size=(3, 32))
        m, dl = rng.normal(size=8), rng.normal(size=8) * rng.uniform(0.1, 5)
        F = lambda z, W1=W1, b1=b1, W2=W2: W2 @ np.maximum(W1 @ z + b1, 0)
        Jm = W2 @ (W1 * ((W1 @ m + b1) > 0)[:, None])
        ch.append(np.linalg.norm(F(m + dl) - F(m)))
        loc.append(np.linalg.norm(Jm, 2) * np.linalg.norm(dl))
        mvb.append(relu_layer_segment(W1, b1, W2, m, dl)[1] * np.linalg.norm(dl))
    ch, loc, mvb = map(np.array, (ch, loc, mvb))
    b.scatter(ch, loc, s=6, label=f"local ‖J(m)‖‖δ‖ ({np.sum(ch > loc)} below the change)")
    b.scatter(ch, mvb, s=6, label=f"mean-value sup‖J‖‖δ‖ ({np.sum(ch > mvb + 1e-9)} below)")
    lim = [0, max(mvb.max(), ch.max()) * 1.05]
    b.plot(lim, lim, "k--", lw=1, label="bound = change")
    b.set(xlabel="output change ‖F(m') − F(m)‖", ylabel="bound",
          title="finite perturbations of ReLU heads")
    b.legend(fontsize=7)
    rows += [{"panel": "bounds", "change": float(c), "local": float(lc), "mean_value": float(mv)}
             for c, lc, mv in zip(ch, loc, mvb, strict=True)]
    for ax in (a, b):
        ax.grid(alpha=0.3)
    fig.tight_layout()
    return fig, rows


_PROTOCOL = {"code": "code", "heldout": "held-out", "heldout_nomax": "held-out, no max"}
_LABELS = {"eu": "CUPID-E", "au": "CUPID-A", "msp": "MSP", "entropy": "entropy",
           "mc": "MC-dropout (30)"}


def _mean_halfwidth(values):
    """Mean and half-width of the 95 % t-interval over seeds (iclr26_verify.registry.stats; nan for one)."""
    from iclr26_verify.registry import stats

    v = np.asarray(values, dtype=float)
    iv = stats.t_interval(v[np.isfinite(v)])
    half = iv.halfwidth if np.isfinite(iv.halfwidth) else float("nan")
    return iv.mean, half


@figure("cupid", "digits_auroc",
        claims=("cupid.light.eu_vs_baselines", "cupid.light.eu_detects_ood", "cupid.light.no_max"))
def digits_auroc(quick: bool = False):
    """OOD (digits 5–9 vs 0–4) and misclassification AUROC per method and protocol, mean and
    95 % t-interval over seeds."""
    import matplotlib.pyplot as plt

    from numerics.cupid.experiments import METHODS, digits

    prots = ("code", "heldout") if quick else ("code", "heldout", "heldout_nomax")
    fig, axes = plt.subplots(1, 2, figsize=(10, 3.6))
    rows = []
    w = 0.8 / len(prots)
    for ai, (task, ax) in enumerate(zip(("ood", "mis"), axes, strict=True)):
        for pi, p in enumerate(prots):
            runs = digits(p, quick)
            stats = [_mean_halfwidth([r[f"{task}_{k}"] for r in runs]) for k in METHODS]
            xs = np.arange(len(METHODS)) + (pi - (len(prots) - 1) / 2) * w
            ax.bar(xs, [s[0] for s in stats], w, yerr=[np.nan_to_num(s[1]) for s in stats],
                   capsize=2, label=f"protocol: {_PROTOCOL[p]}", color=f"C{pi}")
            rows += [{"task": task, "protocol": p, "method": k, "mean": s[0], "ci95": s[1],
                      "n_seeds": len(runs)} for k, s in zip(METHODS, stats, strict=True)]
        ax.set_xticks(range(len(METHODS)), [_LABELS[k] for k in METHODS], rotation=20, fontsize=8)
        # from 0: a method below 0.3 (worse than chance) must keep its bar
        ax.set(ylim=(0.0, 1.0), ylabel="AUROC", xlabel="uncertainty score",
               title=("OOD detection" if ai == 0 else "misclassification detection")
               + f" ({len(runs)} seed{'s' if len(runs) > 1 else ''})")
        ax.axhline(0.5, color="k", lw=0.8, ls=":")
        ax.grid(alpha=0.3, axis="y")
    axes[0].legend(fontsize=7)
    fig.tight_layout()
    return fig, rows


@figure("cupid", "deviation_and_noise",
        claims=("cupid.light.deviation_growth", "cupid.light.nomax_bounded",
                "cupid.light.eu_noise", "cupid.light.au_noise"))
def deviation_and_noise(quick: bool = False):
    """Left: relative deviation ‖m'−m‖₁/‖m‖₁ over training, with and without the push term.
    Right: mean EU and AU against input noise (heldout protocol), per seed."""
    import matplotlib.pyplot as plt

    from numerics.cupid.experiments import CHECKPOINTS, NOISE, digits

    fig, (a, b) = plt.subplots(1, 2, figsize=(9, 3.6))
    rows = []
    for p, c in (("code", "C0"), ("heldout_nomax", "C2")):
        for r in digits(p, quick):
            a.plot(CHECKPOINTS, list(r["deviation"].values()), "o-", color=c, ms=3,
                   label=f"{_PROTOCOL[p]} (T11 = {0 if 'nomax' in p else 0.01})"
                   if r["seed"] == 0 else None)
            rows += [{"panel": "deviation", "protocol": p, "seed": r["seed"], "epoch": e,
                      "deviation": v} for e, v in r["deviation"].items()]
    a.set(xscale="log", yscale="log", xlabel="epoch (scaled to 400)",
          ylabel="‖m'−m‖₁ / ‖m‖₁ on training data", title="drift along the unbounded direction")
    a.legend(fontsize=7)
    a.xaxis.set_minor_formatter("")  # 3×10² and 4×10² minor labels ran into each other
    for r in digits("heldout", quick):
        b.plot(NOISE, np.array(r["eu_noise"]) / r["eu_noise"][0], "o-", color="C1", ms=3,
               label="EU" if r["seed"] == 0 else None)
        b.plot(NOISE, np.array(r["au_noise"]) / r["au_noise"][0], "s--", color="C3", ms=3,
               label="AU" if r["seed"] == 0 else None)
        rows += [{"panel": "noise", "seed": r["seed"], "sigma": s, "eu": e, "au": u}
                 for s, e, u in zip(NOISE, r["eu_noise"], r["au_noise"], strict=True)]
    b.set(xlabel="Gaussian pixel noise σ (pixels in [0, 1])",
          ylabel="mean score / value at σ = 0", title="EU and AU vs input noise (heldout)")
    b.legend(fontsize=7)
    for ax in (a, b):
        ax.grid(alpha=0.3)
    fig.tight_layout()
    return fig, rows


@figure("cupid", "insertion_depth",
        claims=("cupid.light.depth_alea", "cupid.light.depth_epis", "cupid.light.depth_epis_ood",
                "cupid.light.joint_alea", "cupid.light.joint_epis"))
def insertion_depth(quick: bool = False):
    """Our digits analogue of Fig. 4 and Table 5: misclassification AUROC of the aleatoric and
    epistemic scores with CUPID inserted after hidden layer 1 or 3 of the host, and for modules
    with one branch trained alone, one line per seed. On digits the aleatoric score is better at
    the shallow insertion, the reverse of the paper's Fig. 4, and the aleatoric-only module beats
    the joint one."""
    import matplotlib.pyplot as plt

    from numerics.cupid.ablations import ablations

    runs = ablations(quick)
    fig, (a, b) = plt.subplots(1, 2, figsize=(9, 3.4))
    rows = []
    for r in runs:
        au = [r["joint@1"]["mis_au"], r["joint@3"]["mis_au"]]
        eu = [r["joint@1"]["mis_eu"], r["joint@3"]["mis_eu"]]
        a.plot([1, 3], au, "o-", color="tab:blue", alpha=0.7)
        a.plot([1, 3], eu, "s--", color="tab:red", alpha=0.7)
        b.plot([0, 1], [r["joint@3"]["mis_au"], r["au_only@3"]["mis_au"]], "o-",
               color="tab:blue", alpha=0.7)
        b.plot([0, 1], [r["joint@3"]["mis_eu"], r["eu_only@3"]["mis_eu"]], "s--",
               color="tab:red", alpha=0.7)
        rows.append({"seed": r["seed"], "au_layer1": au[0], "au_layer3": au[1],
                     "eu_layer1": eu[0], "eu_layer3": eu[1],
                     "au_only": r["au_only@3"]["mis_au"], "eu_only": r["eu_only@3"]["mis_eu"]})
    a.plot([], [], "o-", color="tab:blue", label="aleatoric")
    a.plot([], [], "s--", color="tab:red", label="epistemic")
    a.set(xticks=[1, 3], xlabel="insertion after hidden layer", ylabel="misclassification AUROC",
          title="insertion depth (digits, one line per seed)")
    a.legend(fontsize=7)
    b.set(xticks=[0, 1], xticklabels=["joint", "branch alone"], xlabel="training of the module",
          ylabel="misclassification AUROC",
          title="joint vs single-branch training (layer 3)")
    for ax in (a, b):
        ax.grid(alpha=0.3)
    fig.tight_layout()
    return fig, rows
