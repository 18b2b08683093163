"""Figures of the BLAE topic: the holed chart's geometry (theory) and the light experiment."""

from __future__ import annotations

import numpy as np

from iclr26_verify import figure


@figure("blae", "holed_chart_ratio", claims=("blae.reading.thm3_euclidean_latent",
                                             "blae.corrected.thm3_convexity_defect",
                                             "blae.data.true_chart_zero_of_lreg"))
def holed_chart_ratio(quick: bool = False):
    """For each training point, the worst Euclidean/geodesic ratio of its far pairs under the
    true (isometric) chart: below ε = 0.3 around the hole, down to 1/6 in the continuum."""
    import matplotlib.pyplot as plt

    from theory.blae import geodesic_holed, swiss_roll_hole

    _, L, _ = swiss_roll_hole(400 if quick else 1500)
    D = geodesic_holed(L, L)
    E = np.linalg.norm(L[:, None] - L[None], axis=2)
    far = D > 0.05 * D.max()
    R = np.where(far, E / np.where(far, D, 1), np.inf).min(1)
    fig, ax = plt.subplots(figsize=(6.4, 3.4))
    sc = ax.scatter(L[:, 0], L[:, 1], c=R, s=6, cmap="viridis_r", vmin=1 / 6, vmax=1)
    ax.add_patch(plt.Rectangle((1.5, 2.5), 5, 1, fill=False, ec="r", lw=1))
    ax.plot([4, 4], [2.5, 3.5], "r:", lw=1)
    ax.annotate("$d_E = 1$, $d_M = 6$", (4, 3.5), (6.8, 4.8), fontsize=8, arrowprops={"arrowstyle": "->"})
    fig.colorbar(sc, label="min far-pair ratio $d_E / d_M$")
    ax.set(xlabel="l (arc length)", ylabel="z", title="true chart: Euclidean vs geodesic ratio")
    fig.tight_layout()
    rows = [{"l": a, "z": b, "min_ratio": r} for (a, b), r in zip(L, R, strict=True)]
    return fig, rows


@figure("blae", "graph_vs_exact", claims=("blae.method.graph_geodesic_converges",
                                          "blae.corrected.graph_geodesic_needs_growing_k"))
def graph_vs_exact(quick: bool = False):
    """Relative error of k-NN graph geodesics against the exact holed geodesics, by n and k."""
    import matplotlib.pyplot as plt

    from theory.blae.claims_geodesic import graph_errors

    cells = ((500, 5), (1500, 5)) if quick else ((500, 5), (1500, 5), (4500, 5), (4500, 10),
                                                 (4500, 20))
    errs = graph_errors(cells)
    fig, ax = plt.subplots(figsize=(5.5, 3.2))
    lab = [f"n={n}\nk={k}" for n, k in errs]
    med = [v[0] for v in errs.values()]
    p90 = [v[1] for v in errs.values()]
    ax.bar(lab, med, color="C0", label="median")
    ax.scatter(lab, p90, color="C3", zorder=3, label="90th percentile")
    ax.axhline(0, color="k", lw=0.6)
    ax.set(xlabel="sample size n, neighbours k", ylabel=r"relative error $d_\mathrm{graph} / d_M - 1$",
           title="Isomap graph geodesics vs exact")
    ax.legend(fontsize=8)
    fig.tight_layout()
    rows = [{"n": n, "k": k, "median": v[0], "p90": v[1], "min": v[2]}
            for (n, k), v in errs.items()]
    return fig, rows


@figure("blae", "embeddings", claims=("blae.exp.blae_beats_ae_knn", "blae.exp.sigma_band"))
def embeddings(quick: bool = False):
    """Seed-0 embeddings of the four models and the true chart, coloured by arc length l."""
    import matplotlib.pyplot as plt

    from numerics.blae.experiments import LABELS, MODES, _data, sizes, sweep

    rows_all = sweep(quick)
    _, L, _ = _data(sizes(quick)["n"], False)
    fig, axes = plt.subplots(1, 5, figsize=(15, 2.9), layout="constrained")
    sc = axes[0].scatter(L[:, 0], L[:, 1], c=L[:, 0], s=5, cmap="Spectral")
    axes[0].set_title(LABELS["chart"], fontsize=9)
    rows = []
    for ax, m in zip(axes[1:], MODES, strict=True):
        r = next(r for r in rows_all if r["mode"] == m and r["seed"] == 0 and not r["shift"])
        Z = r["Z"]
        ax.scatter(Z[:, 0], Z[:, 1], c=L[:, 0], s=5, cmap="Spectral")
        mt = r["metrics"]
        ax.set_title(f"{LABELS[m]}\nkNN {mt['knn']:.2f}, ρ {mt['spearman']:.2f}", fontsize=9)
        rows += [{"mode": m, "z1": a, "z2": b, "l": ll, "zc": zc}
                 for (a, b), (ll, zc) in zip(Z, L, strict=True)]
    for ax in axes:
        ax.set_xticks([])
        ax.set_yticks([])
    fig.colorbar(sc, ax=axes, label="arc length l on the true chart", shrink=0.9, pad=0.01)
    return fig, rows


@figure("blae", "metrics", claims=("blae.exp.blae_beats_ae_knn", "blae.exp.blae_beats_ae_spearman",
                                   "blae.exp.blae_fewer_violations", "blae.exp.blae_beats_geo_knn"))
def metrics(quick: bool = False):
    """Per-seed metrics of the four models, with the true chart as reference line."""
    import matplotlib.pyplot as plt

    from numerics.blae.experiments import LABELS, MODES, chart_reference, table

    tb = table(quick)
    ref = chart_reference(quick)
    keys = ("knn", "spearman", "violations", "procrustes")
    names = {"knn": "kNN recall (k = 5, 10, 20)", "spearman": "Spearman ρ of pair distances",
             "violations": "share of squeezed far pairs",
             "procrustes": "Procrustes RMS (chart units)"}
    fig, axes = plt.subplots(1, 4, figsize=(13, 3.2))
    rows = []
    for ax, k in zip(axes, keys, strict=True):
        for i, m in enumerate(MODES):
            v = tb[m][k]
            ax.scatter(np.full(len(v), i), v, color=f"C{i}", s=14)
            ax.errorbar(i + 0.15, v.mean(), yerr=v.std(ddof=1) if len(v) > 1 else 0,
                        color=f"C{i}", marker="_", ms=12, capsize=3)
            rows += [{"mode": m, "metric": k, "seed": s, "value": float(x)}
                     for s, x in enumerate(v)]
        ax.axhline(ref[k], color="k", ls="--", lw=0.8, label="true chart")
        ax.set_xticks(range(len(MODES)), [LABELS[m].split(" (")[0].replace("vanilla ", "")
                                          + ("\n(code)" if m == "blae_code" else
                                             "\n(paper)" if m == "blae_paper" else "")
                                          for m in MODES], fontsize=7)
        ax.set(title=names[k], xlabel="model", ylabel=names[k].split(" (")[0])
        ax.title.set_fontsize(9)
    axes[0].legend(fontsize=7)
    fig.tight_layout()
    return fig, rows
