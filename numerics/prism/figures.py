"""Figures of the PRISM topic: the candidate protocol's expectations, propagation ties and
their breaking, the Chebyshev heat filter's error, and the light noise sweep."""

from __future__ import annotations

import numpy as np

from iclr26_verify import figure


@figure("prism", "candidate_protocol",
        claims=("prism.cand.overlap_filter", "prism.cand.random_pick", "prism.proto.shrinkage"))
def candidate_protocol(quick: bool = False):
    """Overlap-filter pass rate for wrong-class pairs, uniform-pick accuracy and prototype
    shrinkage κ vs q, for the class counts of ENZYMES (6), COLORS-3 (11), Letter-High (15)."""
    import matplotlib.pyplot as plt

    from theory.prism import expected_inverse_set_size, p_overlap_diff_class, prototype_shrinkage

    qs = np.linspace(0.01, 0.99, 25 if quick else 99)
    fig, axes = plt.subplots(1, 3, figsize=(12, 3.6))
    rows = []
    for C, c in ((6, "C0"), (11, "C1"), (15, "C2")):
        po = [p_overlap_diff_class(C, q) for q in qs]
        pick = [expected_inverse_set_size(C, q) for q in qs]
        kap = [prototype_shrinkage(C, q) for q in qs]
        axes[0].plot(qs, po, color=c, label=f"C = {C}")
        axes[1].plot(qs, pick, color=c, label=f"C = {C}")
        axes[2].plot(qs, kap, color=c, label=f"C = {C}")
        rows += [{"C": C, "q": q, "p_overlap_diff_class": a, "random_pick": b, "kappa": k}
                 for q, a, b, k in zip(qs, po, pick, kap, strict=True)]
    titles = ("wrong-class pairs passing the overlap filter",
              "accuracy of a uniform pick in S = E[1/|S|]",
              "prototype shrinkage κ = (1−q)/(1+q(C−1))")
    for ax, t in zip(axes, titles, strict=True):
        ax.set(xlabel="q (probability a false label joins S)", title=t)
        ax.grid(alpha=.3)
        ax.legend(fontsize=8)
    axes[0].set_ylabel("probability")
    axes[1].set_ylabel("accuracy")
    axes[2].set_ylabel("shrinkage κ")
    fig.suptitle("Candidate protocol (DEER's, our reconstruction of PRISM's): closed forms, "
                 "checked by exact enumeration", fontsize=10)
    fig.tight_layout()
    return fig, rows


@figure("prism", "propagation_ties",
        claims=("prism.thm2.recovery", "prism.thm2.needs_symmetry_breaking",
                "prism.prop.invariants"))
def propagation_ties(quick: bool = False):
    """PRISM propagation on 6 same-class graphs (complete clean relational graph): with every
    S ⊇ {0, 2} the truth never separates from the distractor; removing the distractor from one
    graph breaks the tie. Right: the self-anchoring floor μᵉ/|S| and the witness attaining it."""
    import matplotlib.pyplot as plt

    from theory.prism import prism_propagate, row_normalize

    E = 40 if quick else 80
    A = np.ones((6, 6)) - np.eye(6)
    M = np.zeros((6, 4))
    M[:, [0, 2]] = 1
    M2 = M.copy()
    M2[0, 2] = 0
    _, p1 = prism_propagate([A], M, .5, E, return_path=True)
    _, p2 = prism_propagate([A], M2, .5, E, return_path=True)
    Mw = np.array([[1, 1, 0], [0, 1, 0], [0, 1, 0], [0, 1, 1.0]])
    Aw = np.zeros((4, 4))
    Aw[0, 1:3] = Aw[1:3, 0] = 1
    Aw[3, 1] = Aw[1, 3] = 1
    Y0 = row_normalize(Mw)
    Y0[3] = [0, 1, 0]
    _, pw = prism_propagate([Aw], Mw, .5, 12, Y0=Y0, return_path=True)
    fig, axes = plt.subplots(1, 2, figsize=(10, 3.8))
    e = np.arange(E + 1)
    axes[0].plot(e, [Y[1, 0] for Y in p1], "C3-", label="all S ⊇ {0, 2}: Y(truth)")
    axes[0].plot(e, [Y[1, 2] for Y in p1], "C3:", lw=3, label="all S ⊇ {0, 2}: Y(distractor)")
    axes[0].plot(e, [Y[1, 0] for Y in p2], "C0-", label="graph 0 lacks 2: Y(truth)")
    axes[0].plot(e, [Y[1, 2] for Y in p2], "C0:", label="graph 0 lacks 2: Y(distractor)")
    axes[0].set(xlabel="propagation step e", ylabel="confidence of graph 1",
                title="Thm 2 needs symmetry breaking (μ = 0.5)")
    axes[0].legend(fontsize=7)
    ew = np.arange(13)
    axes[1].semilogy(ew, [Y[0, 0] for Y in pw], "ko", label="witness $Y_{00}$")
    axes[1].semilogy(ew, 0.5**ew / 2, "C1-", label="floor μᵉ/|S|")
    axes[1].set(xlabel="propagation step e", ylabel="confidence",
                title="self-anchoring floor, attained")
    axes[1].legend(fontsize=8)
    for ax in axes:
        ax.grid(alpha=.3)
    fig.tight_layout()
    rows = [{"step": int(k), "tied_truth": p1[k][1, 0], "tied_distractor": p1[k][1, 2],
             "broken_truth": p2[k][1, 0], "broken_distractor": p2[k][1, 2]} for k in e]
    rows += [{"step": int(k), "witness_Y00": pw[k][0, 0], "floor": 0.5**k / 2} for k in ew]
    return fig, rows


@figure("prism", "cheb_heat_error", claims=("prism.spec.cheb_heat_filter",))
def cheb_heat_error(quick: bool = False):
    """Chebyshev heat-filter error vs order K on a Watts–Strogatz graph, against the bound
    2e^{−t}Σ_{k>K}I_k(t), for t = 1, 2, 5."""
    import matplotlib.pyplot as plt
    from scipy.linalg import expm

    from theory.prism import cheb_filter, cheb_heat_coeffs, cheb_truncation_bound, laplacian
    from theory.prism._reference import watts_strogatz

    A = watts_strogatz(30, 4, .3, np.random.default_rng(0))
    L = laplacian(A)
    Ks = np.arange(1, 13 if quick else 21)
    fig, ax = plt.subplots(figsize=(6, 4))
    rows = []
    for t, c in ((1.0, "C0"), (2.0, "C1"), (5.0, "C2")):
        H = expm(-t * L)
        err = [np.abs(cheb_filter(L, np.eye(30), cheb_heat_coeffs(t, int(K))) - H).max()
               for K in Ks]
        bnd = [cheb_truncation_bound(t, int(K)) for K in Ks]
        ax.semilogy(Ks, err, "o", color=c, label=f"t = {t}: max entry error")
        ax.semilogy(Ks, bnd, "-", color=c, label=f"t = {t}: bound")
        rows += [{"t": t, "K": int(K), "error": a, "bound": b}
                 for K, a, b in zip(Ks, err, bnd, strict=True)]
    ax.set(xlabel="Chebyshev order K", ylabel=r"$|p_K(L) - e^{-tL}|$ (max entry)",
           title="Chebyshev heat filter on WS(30, 4, 0.3) vs its bound")
    ax.set_ylim(1e-17, 10)
    ax.grid(alpha=.3)
    ax.legend(fontsize=7)
    fig.tight_layout()
    return fig, rows


@figure("prism", "noise_sweep",
        claims=("prism.lite.disambiguation", "prism.lite.beats_cc_high_noise",
                "prism.lite.hybrid_purity"))
def noise_sweep_figure(quick: bool = False):
    """Light experiment: test accuracy, training disambiguation and relational-graph purity vs
    q, mean ± 95 % interval over seeds."""
    import matplotlib.pyplot as plt

    from iclr26_verify.registry import stats
    from numerics.prism.experiments import LABELS, METHODS, noise_sweep

    sw = noise_sweep(quick)
    qs = sw.config.qs

    def mean_hw(key, q):  # one seed (quick): unbounded interval, drawn without a bar
        iv = stats.t_interval(sw.values(key, q))
        return iv.mean, (iv.halfwidth if iv.n > 1 else 0.0)

    fig, axes = plt.subplots(1, 3, figsize=(13, 3.8))
    rows = []
    for k, meth in enumerate(METHODS):
        for ax, key in ((axes[0], "acc"), (axes[1], "disamb")):
            st = [mean_hw(f"{key}_{meth}", q) for q in qs]
            ax.errorbar(np.array(qs) + 0.004 * (k - 2), [s[0] for s in st],
                        yerr=[s[1] for s in st], marker="o", capsize=2, label=LABELS[meth])
            rows += [{"metric": key, "method": meth, "q": q, "mean": s[0], "ci95": s[1]}
                     for q, s in zip(qs, st, strict=True)]
    pick = [float(sw.values("random_pick", q)[0]) for q in qs]
    axes[1].plot(qs, pick, "k--", label="uniform pick E[1/|S|]")
    for v, c in (("spa", "C0"), ("spe", "C1"), ("hybrid", "C3")):
        st = [mean_hw(f"purity_{v}", q) for q in qs]
        axes[2].errorbar(qs, [s[0] for s in st], yerr=[s[1] for s in st], color=c, marker="s",
                         capsize=2, label={"spa": "spatial", "spe": "spectral"}.get(v, v))
        rows += [{"metric": "purity", "method": v, "q": q, "mean": s[0], "ci95": s[1]}
                 for q, s in zip(qs, st, strict=True)]
    axes[2].axhline(1 / 6 + 0.3, color="grey", ls=":", label="threshold 1/C + .3")
    axes[0].set(ylabel="test accuracy", title="test accuracy (6 classes)")
    axes[1].set(ylabel="training disambiguation", title="argmax of Q on S vs truth")
    axes[2].set(ylabel="purity", title="relational graph purity (top-10)")
    for ax in axes:
        ax.set_xlabel("q (candidate noise)")
        ax.grid(alpha=.3)
        # under the panel: inside, the legends covered the series
        ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=2)
    n_seeds = len(sw.config.seeds)
    fig.suptitle(f"PRISM-lite (our reconstruction) on synthetic graphs: {sw.config.n_per_class} "
                 f"graphs/class, {n_seeds} seed{'' if n_seeds == 1 else 's'}", fontsize=10)
    fig.tight_layout()
    return fig, rows
