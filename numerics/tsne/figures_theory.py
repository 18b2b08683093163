"""Figures of the t-SNE theory: impostors, the silhouette of X_{+C} as C grows, the poison point.

Layouts come from the exact objective (numpy, L-BFGS to a stationary point), not torch.
"""

from __future__ import annotations

import numpy as np

from iclr26_verify import experiment, figure
from theory.tsne import (
    calinski_harabasz,
    classical_mds,
    impostor,
    joint_probabilities,
    poison_point,
    silhouette,
    silhouette_of_shift,
    sq_distances,
    stationary_point,
)


def _blobs(n: int, seed: int = 0):
    rng = np.random.default_rng(seed)
    labels = np.repeat([0, 1], n // 2)
    X = rng.normal(size=(n, 10))
    X[:, 0] += 4.0 * labels
    return X, labels


def _pca2(X):
    Xc = X - X.mean(axis=0)
    _, _, Vt = np.linalg.svd(Xc, full_matrices=False)
    return Xc @ Vt[:2].T


@experiment
def impostor_experiment(quick: bool, eps: float = 0.05, perplexity: float = 20.0):
    """Two blobs, their Thm 3 impostor, and exact t-SNE of both from the same start.

    Returns a dict with X, X_eps, labels, C, P max difference, layouts Y and Y_eps and the
    silhouettes of inputs and outputs."""
    n = 60 if quick else 200
    X, labels = _blobs(n)
    Xe, C = impostor(X, labels, eps)
    P = joint_probabilities(sq_distances(X), perplexity)
    Pe = joint_probabilities(sq_distances(Xe), perplexity)
    Y0 = 1e-2 * _pca2(X) / np.abs(_pca2(X)).max()
    gtol = 1e-5 if quick else 1e-6
    Y, gY = stationary_point(P, Y0, gtol=gtol)
    Ye, gYe = stationary_point(Pe, Y0, gtol=gtol)
    return {"X": X, "X_eps": Xe, "labels": labels, "C": C, "eps": eps,
            "max_dP": float(np.abs(P - Pe).max()), "Y": Y, "Y_eps": Ye,
            "grad": (gY, gYe), "S_X": silhouette(X, labels), "S_Xe": silhouette(Xe, labels),
            "S_Y": silhouette(Y, labels), "S_Ye": silhouette(Ye, labels)}


@figure("tsne", "impostor_pair",
        claims=("tsne.thm3.impostor_silhouette",))
def fig_impostor_pair(quick: bool):
    """Original vs impostor inputs (PCA, which differ) and their exact t-SNE (which agree)."""
    import matplotlib.pyplot as plt

    r = impostor_experiment(quick)
    lab = r["labels"]
    panels = [(_pca2(r["X"]), f"input X (PCA): S = {r['S_X']:.3f}"),
              (_pca2(r["X_eps"]), f"impostor $X_ε$ (PCA): S = {r['S_Xe']:.4f}"),
              (r["Y"], f"t-SNE of X: S = {r['S_Y']:.3f}"),
              (r["Y_eps"], f"t-SNE of $X_ε$: S = {r['S_Ye']:.3f}")]
    fig, axes = plt.subplots(1, 4, figsize=(16, 4))
    for ax, (Z, title) in zip(axes, panels):
        for k, colour in ((0, "tab:blue"), (1, "tab:orange")):
            ax.scatter(Z[lab == k, 0], Z[lab == k, 1], s=10, c=colour, label=f"cluster {k}")
        ax.set_title(title, fontsize=10)
        ax.set_xlabel("component 1")
        ax.set_ylabel("component 2")
    axes[0].legend(fontsize=8)
    fig.suptitle(f"Thm 3: impostor with ε = {r['eps']} (shift C = {r['C']:.4g}); "
                 f"max$|P - P_ε|$ = {r['max_dP']:.1e}, "
                 f"max$|Y - Y_ε|$ = {np.abs(r['Y'] - r['Y_eps']).max():.1e}")
    fig.tight_layout()
    table = {"x_pca1": _pca2(r["X"])[:, 0], "x_pca2": _pca2(r["X"])[:, 1],
             "xeps_pca1": _pca2(r["X_eps"])[:, 0], "xeps_pca2": _pca2(r["X_eps"])[:, 1],
             "y1": r["Y"][:, 0], "y2": r["Y"][:, 1], "yeps1": r["Y_eps"][:, 0],
             "yeps2": r["Y_eps"][:, 1], "label": lab}
    return fig, table


@figure("tsne", "silhouette_vs_shift")
def fig_silhouette_vs_shift(quick: bool):
    """Silhouette and Calinski–Harabasz of X_{+C} as C grows, with the large-C asymptote."""
    import matplotlib.pyplot as plt

    n = 60 if quick else 200
    X, labels = _blobs(n)
    D = sq_distances(X)
    Cs = np.geomspace(1e-2, 1e6, 25 if quick else 60)
    sil = np.array([silhouette_of_shift(D, labels, C) for C in Cs])
    off = 1.0 - np.eye(n)
    ch = np.array([calinski_harabasz(labels=labels, sq_dists=D + C * off) for C in Cs])
    # C * S(X_{+C}) -> (1/2n) sum_i (B_i - A_i): mean squared distances within / to the other.
    same = labels[:, None] == labels[None, :]
    A = (D * same).sum(axis=1) / (same.sum(axis=1) - 1)
    B = (D * ~same).sum(axis=1) / (~same).sum(axis=1)
    asym = np.mean(B - A) / 2
    fig, ax = plt.subplots(1, 2, figsize=(11, 4))
    ax[0].loglog(Cs, sil, "o-", ms=3, label="silhouette $S(X_{+C})$")
    # drawn where it is within 4× of the largest silhouette: above, it only stretches the axis
    near = asym / Cs <= 4 * np.max(sil)
    ax[0].loglog(Cs[near], (asym / Cs)[near], "--", label=f"asymptote {asym:.3g}/C")
    ax[0].set_xlabel("shift C (squared-distance units)")
    ax[0].set_ylabel("mean silhouette")
    ax[0].legend()
    ax[0].set_title("Silhouette falls to 0 while P is unchanged (Lemma 17)")
    ax[1].semilogx(Cs, ch, "o-", ms=3)
    ax[1].axhline(1.0, color="k", lw=0.8, ls=":")
    ax[1].set_yscale("log")
    ax[1].set_xlabel("shift C (squared-distance units)")
    ax[1].set_ylabel("Calinski–Harabasz index")
    ax[1].set_title("CH falls to 1 (App. A.4)")
    fig.tight_layout()
    return fig, {"C": Cs, "silhouette": sil, "asymptote": asym / Cs, "calinski_harabasz": ch}


@figure("tsne", "poison_point")
def fig_poison_point(quick: bool):
    """Thm 7: a simplex and a two-cluster set, each plus its centroid, with the same P at ρ = 1."""
    import matplotlib.pyplot as plt

    n = 8 if quick else 16
    X0, X1, labels = poison_point(n)
    P0 = joint_probabilities(sq_distances(X0), 1.0)
    P1 = joint_probabilities(sq_distances(X1), 1.0)
    Z0 = classical_mds(sq_distances(X0), 2)
    Z1 = classical_mds(sq_distances(X1), 2)
    colours = np.r_[labels, 2]
    fig, ax = plt.subplots(1, 3, figsize=(14, 4))
    names = ["cluster 0", "cluster 1", "poison point $x_0$"]
    t0 = f"$X_0 ∪ x_0$ (simplex, S = {silhouette(X0[:-1], labels):.3f})"
    t1 = f"$X_1 ∪ x_0$ (two clusters, S = {silhouette(X1[:-1], labels):.4f})"
    for a, Z, title in ((ax[0], Z0, t0), (ax[1], Z1, t1)):
        for k, c in enumerate(("tab:blue", "tab:orange", "tab:red")):
            a.scatter(Z[colours == k, 0], Z[colours == k, 1], c=c, s=40 if k < 2 else 90,
                      marker="o" if k < 2 else "*", label=names[k])
        a.set_title(title, fontsize=10)
        a.set_xlabel("MDS 1")
        a.set_ylabel("MDS 2")
    ax[0].legend(fontsize=8)
    im = ax[2].imshow(P0, cmap="viridis")
    fig.colorbar(im, ax=ax[2], label="$P_{ij}$")
    ax[2].set_title(f"P at ρ = 1 (both inputs): max$|P(X_0) - P(X_1)|$ = "
                    f"{np.abs(P0 - P1).max():.1e}", fontsize=10)
    ax[2].set_xlabel("j")
    ax[2].set_ylabel("i")
    fig.suptitle(f"Thm 7 (poison point), n = {n}: the centroid is every point's unique nearest "
                 "neighbour")
    fig.tight_layout()
    rows = [{"i": i, "j": j, "P_X0": P0[i, j], "P_X1": P1[i, j]}
            for i in range(n + 1) for j in range(n + 1)]
    return fig, rows
