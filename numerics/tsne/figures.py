"""Figures of the t-SNE experiments (exact torch engine); data from numerics.tsne.experiments."""

from __future__ import annotations

import numpy as np

from iclr26_verify import figure


def _scatter(ax, Y, labels, title):
    c = "C0" if labels is None else labels
    sc = ax.scatter(Y[:, 0], Y[:, 1], c=c, s=4, cmap="tab10", linewidths=0)
    ax.set_title(title, fontsize=8)
    ax.set_xticks([])
    ax.set_yticks([])
    return sc


def _class_legend(ax, sc, title="class", names=None):
    """A key to a scatter coloured by class, beside the axes (colours alone say nothing)."""
    handles, labels = sc.legend_elements()
    if names is not None:
        labels = names
    ax.legend(handles, labels, title=title, fontsize=6, title_fontsize=7, loc="upper left",
              bbox_to_anchor=(1.02, 1), borderaxespad=0, handletextpad=0.2)


@figure("tsne", "impostors",
        claims=("tsne.exp1.impostor_digits", "tsne.exp1.impostor_pbmc", "tsne.exp1.same_p",))
def impostors_figure(quick: bool = False):
    """The t-SNE and PCA pictures of two real data sets (rows) and of their impostors, which have
    the same P (the paper's Figs. 1 and 2), with the silhouette of each panel. The two t-SNE
    panels of a row start from the same layout; they can differ only by floating-point rounding
    amplified over the optimisation, and the claims compare distributions over random layouts,
    not one run.

    A quick run subsamples 300 points and stops at 500 steps: there the amplified rounding shows
    (different silhouettes), and the figure says in its title that it is not the verified run.
    """
    import matplotlib.pyplot as plt

    from numerics.tsne.experiments import DISTRIBUTION_SEEDS, impostors

    res = impostors(quick)
    fig, axes = plt.subplots(len(res), 4, figsize=(11, 2.9 * len(res)))
    table = []
    for row, (name, r) in zip(axes, res.items()):
        y = r["labels"]
        panels = [("Y", "t-SNE of X", "sil_tsne"), ("Y_impostor", "t-SNE of impostor",
                                                    "sil_tsne_impostor"),
                  ("pca", "PCA of X", "sil_pca"), ("pca_impostor", "PCA of impostor (exact)",
                                                   "sil_pca_impostor")]
        for ax, (key, title, sil) in zip(row, panels):
            sc = _scatter(ax, r[key], y, f"{name.replace('_', ' ')}: {title}\n"
                          f"silhouette {r[sil]:.3f}")
        _class_legend(row[-1], sc, title="cell type" if "pbmc" in name else "digit")
        row[0].set_ylabel(f"input silhouette {r['sil_input']:.3f}\n"
                          f"impostor {r['sil_input_impostor']:.1e}", fontsize=8)
        table.append({k: r[k] for k in ("n", "C", "max_abs_dP", "sil_input",
                                        "sil_input_impostor", "sil_tsne", "sil_tsne_impostor",
                                        "sil_pca", "sil_pca_impostor",
                                        "sil_pca_impostor_randomized", "kl", "kl_impostor")}
                     | {"dataset": name})
    dp = max(r["max_abs_dP"] for r in res.values())
    title = (f"Impostors $X_{{+C}}$ (C=150, diameter 1) have the same P (max|ΔP| = {dp:.0e}): "
             "exact t-SNE cannot tell them apart")
    if quick:  # rounding amplified over a short run on a subsample: the panels can differ
        title = (f"Impostors $X_{{+C}}$ (C=150, diameter 1) have the same P (max|ΔP| = {dp:.0e})"
                 "\nQUICK RUN, not the verified one: t-SNE panels of X and its impostor differ "
                 "here only by float rounding amplified over 500 steps;\nthe claims compare "
                 f"distributions over {DISTRIBUTION_SEEDS} random layouts (full run)")
    fig.suptitle(title, fontsize=10, color="#b35900" if quick else "black")
    fig.tight_layout()
    return fig, table


@figure("tsne", "near_simplex",
        claims=("tsne.exp2.near_simplex_structure", "tsne.thm5.near_simplex_instability",))
def near_simplex_figure(quick: bool = False):
    """Fig. 3: t-SNE outputs of inputs with all squared distances in [1, 1.008]."""
    import matplotlib.pyplot as plt

    from numerics.tsne.experiments import near_simplex

    res = near_simplex(quick)
    fig, axes = plt.subplots(2, len(res), figsize=(3 * len(res) + 1, 5.6), layout="constrained")
    hsv = None
    table = []
    for j, (name, r) in enumerate(res.items()):
        lab = r["labels"]
        colour = lab if lab is not None else np.arange(len(r["X"]))
        for ax, Z, title in ((axes[0, j], r["X"][:, :2], f"generator: {name}"),
                             (axes[1, j], r["Y"], (f"t-SNE of near-simplex D'\n"
                              f"trustworthiness {r['trust_tsne']:.3f}"))):
            sc = ax.scatter(Z[:, 0], Z[:, 1], c=colour, s=5, cmap="tab10" if lab is not None
                            else "hsv", linewidths=0)
            ax.set_title(title, fontsize=8)
            ax.set_xticks([])
            ax.set_yticks([])
        if lab is not None:
            _class_legend(axes[0, j], sc, title="component")
        else:
            hsv = sc
        table.append({"shape": name, "perplexity": r["perplexity"], "D_min": r["D_min"],
                      "D_max": r["D_max"], "trust_tsne": r["trust_tsne"],
                      "trust_random": r["trust_random"], "sil_input": r.get("sil_input"),
                      "sil_tsne": r.get("sil_tsne"), "kl": r["kl"]})
    axes[0, 0].set_ylabel("first two coordinates")
    axes[1, 0].set_ylabel("exact t-SNE output")
    if hsv is not None:  # unlabelled generators: colour follows each point into the output
        fig.colorbar(hsv, ax=axes, shrink=0.6, pad=0.01,
                     label="point index (same colour: same point in both rows)")
    fig.suptitle("Near-simplex inputs (squared distances in [1, 1.008]) keep the P of their "
                 "generator", fontsize=10)
    return fig, table


@figure("tsne", "outliers",
        claims=("tsne.exp3.outlier_below_thm9", "tsne.thm9.outlier_bound",))
def outliers_figure(quick: bool = False):
    """Fig. 5: outlier number of the input, of the stationary t-SNE output and of PCA."""
    import matplotlib.pyplot as plt

    from numerics.tsne.experiments import outliers

    res = outliers(quick)
    rows = res["rows"]
    a_in = [r["alpha_input"] for r in rows]
    fig, axes = plt.subplots(1, 2, figsize=(10, 3.8))
    ax = axes[0]
    ax.plot(a_in, a_in, "k:", lw=0.8, label="α(Y) = α(X)")
    ax.plot(a_in, [r["alpha_pca"] for r in rows], "s-", color="C1", label="PCA (2 components)")
    ax.plot(a_in, [r["alpha_tsne"] for r in rows], "o-", color="C0", label="exact t-SNE")
    ax.axhline(rows[0]["thm9_bound"], color="C3", ls="--",
               label=f"Thm 9 bound ({rows[0]['thm9_bound']:.2f})")
    ax.set(xscale="log", yscale="log", xlabel="outlier number α(X) of the input",
           ylabel="outlier number of the output",
           title=f"blob (n = {res['n'] - 1}, " + r"$\mathbb{R}^{" + f"{res['dim']}" + "}$) + one outlier")
    ax.legend(fontsize=8)
    r = rows[-1]
    Y = r["Y"]
    ax = axes[1]
    # the outlier is the last point: drawn large and on top, or it hides among the blob's
    ax.scatter(Y[:-1, 0], Y[:-1, 1], s=6, color="C0", linewidths=0, label="blob points")
    ax.scatter(Y[-1:, 0], Y[-1:, 1], s=60, color="C1", edgecolors="k", linewidths=0.8,
               zorder=3, label="the outlier")
    ax.set_xticks([])
    ax.set_yticks([])
    ax.legend(fontsize=8)
    ax.set_title(f"t-SNE output at α(X) = {r['alpha_input']:.2g}: α(Y) = {r['alpha_tsne']:.3f} "
                 "(outlier in orange)", fontsize=8)
    fig.tight_layout()
    table = [{k: v for k, v in r.items() if not isinstance(v, np.ndarray)} for r in rows]
    return fig, table


@figure("tsne", "poison_point_tsne")
def poison_figure(quick: bool = False):
    """Fig. 11 / Thm 7: at perplexity 1 a simplex and two clusters give the same t-SNE output."""
    import matplotlib.pyplot as plt

    from numerics.tsne.experiments import poison

    r = poison(quick)
    m, lab = r["m"], r["labels"]
    colours = np.r_[lab, lab.max() + 1]
    fig, axes = plt.subplots(1, 4, figsize=(12, 3.2))
    panels = [("pca_simplex", (f"PCA of simplex + centroid\ninput silhouette "
                              f"{r['sil_input_simplex']:.3f}")),
              ("pca_clusters", (f"PCA of two clusters + centroid\ninput silhouette "
                               f"{r['sil_input_clusters']:.4f}")),
              ("Y_simplex", f"t-SNE (ρ=1) of simplex\nsilhouette {r['sil_tsne_simplex']:.3f}"),
              ("Y_clusters", (f"t-SNE (ρ=1) of two clusters\nsilhouette "
                             f"{r['sil_tsne_clusters']:.3f}"))]
    for ax, (key, title) in zip(axes, panels):
        sc = _scatter(ax, r[key], colours, title)
    _class_legend(axes[-1], sc, title="point",
                  names=[*(f"cluster {k}" for k in range(int(lab.max()) + 1)), "centroid"])
    fig.suptitle(f"Poison point (m={m}): P equal bitwise: {r['P_equal_bitwise']}, "
                 f"outputs equal bitwise: {r['Y_equal_bitwise']}", fontsize=10)
    fig.tight_layout()
    table = [{k: r[k] for k in ("m", "P_equal_bitwise", "Y_equal_bitwise", "sil_input_simplex",
                                "sil_input_clusters", "sil_tsne_simplex", "sil_tsne_clusters",
                                "kl")}]
    return fig, table
