"""Figures of the two-Gaussian experiments (Figs. 4, 7, 9, 10, 11, 14 of the paper); data from
numerics.tsne.gaussians."""

from __future__ import annotations

from iclr26_verify import figure


def _key(fig, poison: bool = True, names=("Gaussian 1", "Gaussian 2")):
    """A figure legend for the two classes (ends of coolwarm) and the poison points."""
    from matplotlib import colormaps
    from matplotlib.lines import Line2D

    cmap = colormaps["coolwarm"]
    handles = [Line2D([], [], ls="", marker="o", color=cmap(0.0), label=names[0]),
               Line2D([], [], ls="", marker="o", color=cmap(1.0), label=names[1])]
    if poison:
        handles.append(Line2D([], [], ls="", marker="*", color="k", markersize=9,
                              label="poison point"))
    fig.legend(handles=handles, loc="lower center", ncol=len(handles), fontsize=8,
               bbox_to_anchor=(0.5, 0.0))


def _panel(ax, Y, labels, n, title):
    ax.scatter(Y[:n, 0], Y[:n, 1], c=labels, cmap="coolwarm", s=4, linewidths=0)
    if len(Y) > n:  # poison points, large and on top
        ax.scatter(Y[n:, 0], Y[n:, 1], s=40, color="k", marker="*", zorder=3)
    ax.set_title(title, fontsize=8)
    ax.set_xticks([])
    ax.set_yticks([])


@figure("tsne", "poison_point_gaussians",
        claims=("tsne.fig4.poison_point", "tsne.fig10.poison_point_scaling"))
def poison_gaussians_figure(quick: bool = False):
    """One poison point at the mean of two Gaussians in R^2000 (black star): exact t-SNE of 400
    points and openTSNE of 1000 points lose their clusters, PCA does not change. Colours are the
    two Gaussians; titles give the silhouette of the Gaussian points."""
    import matplotlib.pyplot as plt

    from numerics.tsne.gaussians import poison_mean

    rows = [poison_mean(400, 0, "exact", 500) if quick else poison_mean(400, 0, "exact")]
    if not quick:
        rows.append(poison_mean(1000, 0, "opentsne"))
    fig, axes = plt.subplots(len(rows), 4, figsize=(11, 2.8 * len(rows)), squeeze=False)
    table = []
    for ax, r in zip(axes, rows):
        n, y = r["n"], r["labels"]
        eng = "exact t-SNE" if r["engine"] == "exact" else "openTSNE"
        for a, key, title, sil in ((ax[0], "Y", f"{eng}, n={n}", "sil_tsne"),
                                   (ax[1], "Y_poison", f"{eng}, + 1 poison point",
                                    "sil_tsne_poison"),
                                   (ax[2], "pca", "PCA", "sil_pca"),
                                   (ax[3], "pca_poison", "PCA, + 1 poison point",
                                    "sil_pca_poison")):
            _panel(a, r[key], y, n, f"{title}\nsilhouette {r[sil]:.3f}")
        table.append({k: r[k] for k in ("n", "seed", "engine", "sil_input", "sil_tsne",
                                        "sil_tsne_poison", "sil_pca", "sil_pca_poison",
                                        "poison_nearest_fraction")})
    fig.tight_layout(rect=(0, 0.07, 1, 1))
    _key(fig)
    return fig, table


@figure("tsne", "increasing_dimension", claims=("tsne.fig9.increasing_dimension",))
def increasing_dimension_figure(quick: bool = False):
    """As the dimension of two Gaussians (2 x 100 points) grows from 250 to 4000, their
    squared-distance matrix flattens towards a simplex (aspect ratio, largest over smallest
    off-diagonal entry, below each matrix) while exact t-SNE (perplexity 100) keeps drawing two
    clusters."""
    import matplotlib.pyplot as plt

    from numerics.tsne.gaussians import increasing_dimension

    r = increasing_dimension(0, True) if quick else increasing_dimension(0)
    k = len(r["rows"])
    fig, axes = plt.subplots(2, k, figsize=(2.6 * k, 5.4))
    table = []
    for j, x in enumerate(r["rows"]):
        _panel(axes[0, j], x["Y"], x["labels"], len(x["labels"]),
               f"t-SNE, d={x['dim']}\nsilhouette {x['sil_tsne']:.3f}")
        im = axes[1, j].imshow(x["D"], cmap="viridis")
        fig.colorbar(im, ax=axes[1, j], shrink=0.7, label="squared distance")
        axes[1, j].set_xticks([])
        axes[1, j].set_yticks([])
        axes[1, j].set_title(f"squared distances, d={x['dim']}\naspect ratio "
                             f"{x['aspect_sq']:.3f}", fontsize=8)
        table.append({kk: x[kk] for kk in ("dim", "c", "aspect_sq", "aspect",
                                           "quantile_ratio_sample", "quantile_ratio_exact",
                                           "sil_input", "sil_tsne")})
    fig.tight_layout(rect=(0, 0.06, 1, 1))
    _key(fig, poison=False)
    return fig, table


@figure("tsne", "thm7_pictures", claims=("tsne.fig11.thm7_pictures",))
def thm7_pictures_figure(quick: bool = False):
    """Thm 7's inputs at perplexity 1 (exact t-SNE, one random layout): the regular simplex is
    drawn as a blob, the two-cluster set as two clusters, and with the centroid added (black
    star) both are drawn as the same blob. Colours are the two halves."""
    import matplotlib.pyplot as plt

    from numerics.tsne.gaussians import thm7_outputs

    r = thm7_outputs(0, quick)
    m, lab = r["m"], r["labels"]
    fig, axes = plt.subplots(1, 3, figsize=(9, 3.1))
    for ax, key, title in zip(axes, ("simplex", "clusters", "simplex+x0"),
                              ("simplex (input silhouette 0)",
                               "two clusters (input silhouette 0.423)",
                               "either input + centroid (same P)")):
        _panel(ax, r[f"Y_{key}"], lab, m,
               f"{title}\noutput silhouette {r[f'sil_tsne_{key}']:.3f}")
    fig.tight_layout(rect=(0, 0.1, 1, 1))
    _key(fig, names=("first half", "second half"))
    return fig, [{k: v for k, v in r.items() if k.startswith(("sil", "P_", "m"))}]


@figure("tsne", "umap_poison", claims=("tsne.fig14.umap_vs_tsne_poison",))
def umap_poison_figure(quick: bool = False):
    """Two Gaussians in R^2000 (1000 points) with 0, 1, 4 and 9 poison points, each the mean of
    20 random points (black stars): t-SNE (openTSNE, top) and UMAP (bottom); titles give the
    silhouette of the Gaussian points. Quick mode draws nothing (UMAP's compile alone takes
    longer than a quick run)."""
    import matplotlib.pyplot as plt

    from numerics.tsne.gaussians import umap_poison

    if quick:
        fig = plt.figure(figsize=(4, 1))
        fig.text(0.5, 0.5, "UMAP runs in the full build only", ha="center")
        return fig, [{"note": "UMAP runs in the full build only"}]
    r = umap_poison(0, extra=True)
    n, y = r["n"], r["labels"]
    fig, axes = plt.subplots(2, 4, figsize=(11, 5.6))
    _panel(axes[0, 0], r["Y_tsne"], y, n, f"t-SNE\nsilhouette {r['sil_tsne']:.3f}")
    _panel(axes[0, 1], r["Y_tsne_1"], y, n, f"t-SNE, + 1 poison\nsilhouette {r['sil_tsne_1']:.3f}")
    fig.delaxes(axes[0, 2])
    fig.delaxes(axes[0, 3])
    for j, k in enumerate(("", "_1", "_4", "_9")):
        _panel(axes[1, j], r[f"Y_umap{k}"], y, n,
               f"UMAP, + {k[1:] or 0} poison\nsilhouette {r[f'sil_umap{k}']:.3f}")
    fig.tight_layout(rect=(0, 0.06, 1, 1))
    _key(fig)
    return fig, [{k: v for k, v in r.items() if k.startswith(("sil", "seconds", "n"))}]


@figure("tsne", "pca_preprocessing",
        claims=("tsne.fig7.pca_preprocessing", "tsne.fig8.pca_breaks_invariance"))
def pca_preprocessing_figure(quick: bool = False):
    """Input silhouette against t-SNE output silhouette for a two-Gaussian sample (300 points in
    R^100) and
    its impostors (input silhouette 10 and 100 times smaller), after exact PCA to 50 or 10
    components, over seeds."""
    import matplotlib.pyplot as plt

    from numerics.tsne.gaussians import PCA_SEEDS, pca_preprocessing

    runs = [pca_preprocessing(s, True) for s in range(2 if quick else PCA_SEEDS)]
    fig, ax = plt.subplots(figsize=(5, 3.6))
    table = []
    for k, colour in ((50, "C0"), (10, "C1")):
        for i, r in enumerate(runs):
            xs = [x for x in r["rows"] if x["k"] == k]
            ax.plot([x["sil_input"] for x in xs], [x["sil_tsne"] for x in xs], "o-",
                    color=colour, alpha=0.7, label=f"PCA to {k}" if i == 0 else None)
            table += [{"seed": r["seed"], "k": k, "eps": x["eps"], "sil_input": x["sil_input"],
                       "sil_tsne": x["sil_tsne"]} for x in xs]
    ax.set(xscale="log", xlabel="input silhouette", ylabel="t-SNE output silhouette",
           ylim=(0, 1))
    ax.legend(fontsize=8)
    fig.tight_layout()
    return fig, table
