"""The paper's statements about UMAP (App. A.3 and B, Figs. 12, 13, 17), on our stand-in inputs.

UMAP is umap-learn (``UMAP(n_components=2, random_state=seed)``, one thread, the authors'
call; :func:`numerics.tsne.gaussians.run_umap`). Fig. 14 (UMAP against t-SNE on the paper's own
two-Gaussian sample) is in :mod:`numerics.tsne.claims_gaussians`. The experiments live here, in
a claims module, so that adding them did not invalidate the cached runs of the topic.

PRE-REGISTERED (written before any run; thresholds ours):

* Fig. 12 (UMAP of single-cell data and its near-simplex impostor are qualitatively the same):
  scanpy ``pbmc68k_reduced`` (300-point stratified subsample, bulk_labels, diameter 1) and its
  impostor X_{+150} (the subsample and impostor of ``tsne.exp1.impostor_pbmc``); per seed,
  the absolute difference of the UMAP silhouettes of the impostor and of X, minus 0.1, is
  below 0 (one-sided t-test over 3 seeds, effect 0.1); the input silhouette drops at least 100-fold (fact).
* Fig. 13 (UMAP is unstable near the simplex, like t-SNE in Fig. 3): near-simplices (squared
  distances in [1, 1.008]) generated from 2 and from 4 Gaussian clusters (the generators of
  ``tsne.exp2.near_simplex_structure``, n = 200); per seed and generator, 0.5 − UMAP output
  silhouette < 0 while the input silhouette is at most 0.01 (t-tests over 3 seeds, Bonferroni
  over the two generators, effect 0.2).
* Fig. 13, the paper's own datasets (added later, before its first run): the five near-simplex
  inputs of 2_adversarial.ipynb cells 12-13 (one Gaussian, two and four Gaussians, a circle,
  the 'Among Us' shape; n = 200 in R^200; ``makeEsimplexDistance(X, 0.008, decimals=4)``), fed
  to UMAP as the notebook does (cell 14: the rows of the squared-distance matrix as features);
  per seed (draws and UMAP seed), arms 0.5 − UMAP silhouette (two and four Gaussians) and
  0.9 − trustworthiness against the generator, 10 neighbours (circle, Among Us), < 0; input
  silhouettes at most 0.01 (facts); t-tests over 3 seeds, Bonferroni over 4 arms, effect 0.2.
  CHANGES after the first run: the 'Among Us' arm is dropped (the released generator raises a
  broadcast error at n = 200, so there was no output to judge); the construction fact "squared
  distances in [1, 1.008]" failed on the one-Gaussian input by a rounding hair (the recipe rounds
  0.008 / max D to 4 decimals) and now reads [1, 1.01], Fig. 3's printed eps = 0.01. No judged
  threshold was changed.
* Fig. 17 (UMAP, like t-SNE, suppresses far outliers): the blob-plus-outlier inputs of
  ``tsne.exp3`` (n = 100 in R^20, alpha(X) in {0.5, 1, 2, 5}, 5 seeds); per seed, the largest
  UMAP alpha(Y) over the inputs with alpha(X) >= 1, minus 0.2 < 0 (effect 0.1). Reported, not
  judged: how often UMAP and t-SNE place the outlier inside the hull of the rest.
"""

from __future__ import annotations

import numpy as np

from iclr26_verify import experiment
from theory.claims import Judge, Preregistered, Unavailable, claim

UMAP_SEEDS_SMALL = 3
_TEX = "njbergam/tsne-exaggerates-clusters@8336e68:visuals/2_poison_point/tsne_mode_collapse/"

FIG12_TEST = Preregistered(
    statistic="per seed: |UMAP output silhouette of the impostor − of X| − 0.1",
    alternative="less", seeds=3, effect=0.1, effect_source="ours: 0.1 in silhouette",
    alpha=0.05)
FIG13_TEST = Preregistered(
    statistic="per seed and generator: 0.5 − UMAP output silhouette of the near-simplex",
    alternative="less", seeds=3, effect=0.2, effect_source="ours: 0.2 in silhouette",
    alpha=0.05)
FIG17_TEST = Preregistered(
    statistic="per seed: largest UMAP alpha(Y) over the inputs with alpha(X) >= 1, − 0.2",
    alternative="less", seeds=5, effect=0.1, effect_source="ours: 0.1 in alpha",
    alpha=0.05)


def no_umap_in_quick():
    """Quick mode never runs UMAP: say so (the full run decides)."""
    raise Unavailable("quick mode does not run UMAP (numba compiles for about 40 s in a cold "
                      "process); the full run decides")


@experiment
def umap_impostor(seed: int) -> dict:
    """Fig. 12: UMAP of a pbmc68k_reduced subsample and of its impostor X_{+150}."""
    from numerics.data import load_pbmc68k_reduced
    from numerics.tsne.experiments import IMPOSTOR_C, SEED, _subsample
    from numerics.tsne.gaussians import run_umap
    from theory.tsne import shifted, silhouette, sq_distances

    pbmc = load_pbmc68k_reduced()
    keep = _subsample(pbmc.bulk_labels, 300, np.random.default_rng(SEED))
    X, y = pbmc.X_pca[keep], pbmc.bulk_labels[keep]
    X = X / np.sqrt(sq_distances(X).max())
    X_imp = shifted(X, IMPOSTOR_C)
    Y, Y_imp = run_umap(X, seed), run_umap(X_imp, seed)
    return {"seed": seed, "labels": y, "sil_input": silhouette(X, y),
            "sil_input_impostor": silhouette(X_imp, y), "sil_umap": silhouette(Y, y),
            "sil_umap_impostor": silhouette(Y_imp, y), "Y": Y, "Y_impostor": Y_imp}


@experiment
def umap_near_simplex(seed: int) -> dict:
    """Fig. 13: UMAP of near-simplices (squared distances in [1, 1.008]) from 2 and 4 Gaussian
    clusters, realised as [sqrt(a) X | I / sqrt 2] (Lemma 16's append form, exact)."""
    from numerics.tsne.experiments import NEAR_SIMPLEX_EPS, _shapes
    from numerics.tsne.gaussians import run_umap
    from theory.tsne import shifted, silhouette, sq_distances

    rng = np.random.default_rng(seed)
    out = {}
    for name, (X, lab) in _shapes(200, rng).items():
        if lab is None:
            continue
        a = NEAR_SIMPLEX_EPS / sq_distances(X).max()
        Xn = shifted(np.sqrt(a) * X, 1.0)
        D = sq_distances(Xn)
        off = ~np.eye(len(lab), dtype=bool)
        Y = run_umap(Xn, seed)
        out[name] = {"labels": lab, "D_min": float(D[off].min()), "D_max": float(D[off].max()),
                     "sil_input": silhouette(Xn, lab), "sil_umap": silhouette(Y, lab), "Y": Y}
    return out


@experiment
def umap_outliers(seed: int) -> dict:
    """Fig. 17: UMAP of the blob-plus-outlier inputs of ``tsne.exp3`` (their t-SNE runs reused),
    the outlier numbers of the outputs, and whether the outlier lands inside the rest's hull."""
    from numerics.tsne.experiments import outliers
    from numerics.tsne.gaussians import run_umap
    from theory.tsne import hull_projection, outlier_number

    rows = []
    for r in outliers(False, seed)["rows"]:
        Y = run_umap(r["X"], seed)
        rows.append({"alpha_input": r["alpha_input"], "alpha_tsne": r["alpha_tsne"],
                     "alpha_umap": outlier_number(Y),
                     "inside_umap": hull_projection(Y[-1], Y[:-1])[0] <= 1e-9,
                     "inside_tsne": hull_projection(r["Y"][-1], r["Y"][:-1])[0] <= 1e-9,
                     "Y_umap": Y})
    return {"seed": seed, "rows": rows}


@claim("tsne.fig12.umap_impostor", where="Fig. 12 (App. A.3)", kind="empirical",
       evidence=("observation",), test=FIG12_TEST,
       statement="UMAP draws single-cell data and its near-simplex impostor (input silhouette "
       "at least 100 times smaller) with output silhouettes within 0.1 of each other.",
       source=("printed",
               (f"camera-ready LaTeX ({_TEX}appendix.tex), App. A.3 text (L90-L94: UMAP's "
                "picture qualitatively unchanged, cluster positions move) and Fig. 12 caption "
                "(L99-L105); the 0.1 margin ours")),
       setting=("analogue",
                ("scanpy pbmc68k_reduced (300-point stratified subsample, bulk_labels) and its "
                 "impostor X_+150 instead of PBMC3k with Ward clusters; 3 UMAP seeds")))
def _fig12(quick: bool = False):
    if quick:
        no_umap_in_quick()
    from iclr26_verify.registry import stats

    runs = [umap_impostor(s) for s in range(UMAP_SEEDS_SMALL)]
    j = Judge()
    j.ge("input silhouette drop X / impostor", runs[0]["sil_input"]
         / abs(runs[0]["sil_input_impostor"]), 100.0)
    j.test(stats.one_sample("|UMAP silhouette, impostor − X| − 0.1",
                            [abs(r["sil_umap_impostor"] - r["sil_umap"]) - 0.1 for r in runs],
                            FIG12_TEST))
    return j.evidence(
        measured={"runs": [{k: round(float(v), 4) for k, v in r.items() if k.startswith("sil")}
                           for r in runs]},
        note="UMAP is not shift-invariant as t-SNE is (its kNN graph is, its distances to the "
        "nearest neighbour are not), so the outputs differ; the claim is on their silhouettes. "
        "SLACK: the 0.1 margin is ours, fixed before running.")


@claim("tsne.fig13.umap_near_simplex", where="Fig. 13 (App. A.3)", kind="empirical",
       evidence=("observation",), test=FIG13_TEST,
       statement="Like t-SNE (Fig. 3), UMAP draws near-simplices (all squared distances in "
       "[1, 1.008], input silhouette at most 0.01) built from 2 and from 4 Gaussian clusters "
       "as separated clusters (output silhouette above 0.5): tiny perturbations of a simplex "
       "give UMAP pictures of very different shapes.",
       source=("printed",
               (f"camera-ready LaTeX ({_TEX}appendix.tex), App. A.3 text (L95) and Fig. 13 "
                "caption (L107-L113); thresholds ours")),
       setting=("analogue",
                ("our near-simplices of tsne.exp2 (2 and 4 Gaussian clusters in R^10, n = 200) "
                 "instead of the paper's five shapes; 3 seeds")))
def _fig13(quick: bool = False):
    if quick:
        no_umap_in_quick()
    from iclr26_verify.registry import stats

    runs = [umap_near_simplex(s) for s in range(UMAP_SEEDS_SMALL)]
    j = Judge()
    names = list(runs[0])
    for name in names:
        j.fact(f"{name}: squared distances in [1, 1.008] (every seed)", all(
            1 - 1e-12 <= r[name]["D_min"] and r[name]["D_max"] <= 1.008 + 1e-12 for r in runs))
        j.le(f"{name}: input silhouette, largest over seeds",
             max(r[name]["sil_input"] for r in runs), 0.01)
    for t in stats.per_arm({f"{name}: 0.5 − UMAP silhouette": [
            0.5 - r[name]["sil_umap"] for r in runs] for name in names}, FIG13_TEST):
        j.test(t)
    return j.evidence(
        measured={name: {k: [round(float(r[name][k]), 4) for r in runs]
                         for k in ("sil_input", "sil_umap")} for name in names},
        note="SLACK: the 0.5 threshold is ours, fixed before running.")


@claim("tsne.fig17.umap_outliers", where="Fig. 17 (App. B)", kind="empirical",
       evidence=("observation",), test=FIG17_TEST,
       statement="UMAP, like t-SNE, suppresses far outliers: for a blob plus one outlier with "
       "alpha(X) >= 1 the UMAP output has alpha(Y) below 0.2.",
       source=("printed",
               (f"camera-ready LaTeX ({_TEX}appendix.tex), Fig. 17 caption (L530-L536); the "
                "0.2 threshold is the paper's for t-SNE (§5), used here for UMAP")),
       setting=("analogue",
                ("the synthetic blob plus one outlier of tsne.exp3 (n = 100 in R^20, 5 seeds) "
                 "instead of the paper's Fig. 5 configurations")))
def _fig17(quick: bool = False):
    if quick:
        no_umap_in_quick()
    from iclr26_verify.registry import stats

    runs = [umap_outliers(s) for s in range(FIG17_TEST.seeds)]
    j = Judge()
    j.test(stats.one_sample("largest UMAP alpha(Y) over alpha(X) >= 1, − 0.2", [
        max(x["alpha_umap"] for x in r["rows"] if x["alpha_input"] >= 1 - 1e-6) - 0.2
        for r in runs], FIG17_TEST))
    rows = [x for r in runs for x in r["rows"]]
    return j.evidence(
        measured={"runs": [{k: (round(float(v), 4) if not isinstance(v, (bool, np.bool_))
                                else bool(v)) for k, v in x.items() if k != "Y_umap"}
                           for x in rows],
                  "outlier inside the rest's hull (UMAP, t-SNE)": (
                      int(sum(bool(x["inside_umap"]) for x in rows)),
                      int(sum(bool(x["inside_tsne"]) for x in rows)))},
        note="Reported, not judged: the caption's 'UMAP places outliers within clusters more "
        "often' is counted as the outlier landing inside the convex hull of the rest. SLACK: "
        "threshold 0.2 as the paper's for t-SNE.")


def paper_near_simplex_shapes(rng, n: int = 200, dim: int = 200) -> dict:
    """2_adversarial.ipynb cell 12: (generator points, labels or None) of four of its five
    shapes. The fifth, ``utils.makeAmongUS(200, 200)`` (@8ec0d8d:utils.py:L104-L150), raises a
    broadcast error as released (its last segment has 32 points for 48 rows), so it is left
    out."""
    one = rng.multivariate_normal(np.zeros(dim), 0.1 * dim ** -0.9 * np.eye(dim), size=n)
    s = np.sqrt(dim ** -0.75)
    two = rng.normal(0, s, (n, dim))
    two[n // 2:, 0] += 4.5
    four = rng.normal(0, s, (n, dim))
    q = n // 4
    four[q:2 * q, 0] += 4.5
    four[2 * q:3 * q, :2] += 4.5
    four[3 * q:, 1] += 4.5
    t = np.linspace(0, 2 * np.pi, num=n)
    circle = np.zeros((n, dim))
    circle[:, 0], circle[:, 1] = np.cos(t), np.sin(t)
    return {"1 Gaussian": (one, None), "2 Gaussians": (two, np.repeat([0, 1], n // 2)),
            "4 Gaussians": (four, np.repeat([0, 1, 2, 3], q)), "circle": (circle, None)}


@experiment
def umap_paper_near_simplex(seed: int) -> dict:
    """Fig. 13 on the paper's datasets: makeEsimplexDistance(X, 0.008, decimals=4), then UMAP
    on the rows of the squared-distance matrix (the notebook's cell 14)."""
    from sklearn.manifold import trustworthiness

    from numerics.tsne.gaussians import run_umap
    from theory.tsne import silhouette, sq_distances

    rng = np.random.default_rng(seed)
    out = {}
    for name, (X, lab) in paper_near_simplex_shapes(rng).items():
        D = sq_distances(X)
        Dn = np.round(0.008 / D.max(), 4) * D + (1.0 - np.eye(len(X)))
        off = ~np.eye(len(X), dtype=bool)
        Y = run_umap(Dn, seed)
        row = {"D_min": float(Dn[off].min()), "D_max": float(Dn[off].max()), "Y": Y,
               "labels": lab, "trust": float(trustworthiness(X, Y, n_neighbors=10))}
        if lab is not None:
            row["sil_input"] = silhouette(labels=lab, sq_dists=Dn)
            row["sil_umap"] = silhouette(Y, lab)
        out[name] = row
    return out


FIG13_PAPER_TEST = Preregistered(
    statistic="per seed: 0.5 − UMAP silhouette (two, four Gaussians); 0.9 − trustworthiness "
    "against the generator (circle)", alternative="less", seeds=3, effect=0.2,
    effect_source="ours: 0.2 in silhouette or trustworthiness", alpha=0.05)


@claim("tsne.fig13.umap_paper_near_simplex", where="Fig. 13 (App. A.3)", kind="empirical",
       evidence=("observation",), test=FIG13_PAPER_TEST,
       statement="On four of the paper's five near-simplices (squared distances in [1, 1.01]; "
       "the 'Among Us' shape left out: its released generator fails at n = 200), UMAP draws "
       "pictures that follow each generator: the two- and four-Gaussian inputs (input "
       "silhouette at most 0.01) as separated clusters (output silhouette above 0.5), the "
       "circle with trustworthiness above 0.9 against its generator.",
       source=("printed",
               (f"camera-ready LaTeX ({_TEX}appendix.tex), App. A.3 text (L95) and Fig. 13 "
                "caption (L107-L113); datasets and UMAP call from njbergam/tsne-exaggerates-"
                "clusters@8ec0d8d:2_adversarial.ipynb cells 12-14 and utils.py:L104-L150, "
                "L210-L219; thresholds ours")),
       setting="exact")
def _fig13_paper(quick: bool = False):
    if quick:
        no_umap_in_quick()
    from iclr26_verify.registry import stats

    runs = [umap_paper_near_simplex(s) for s in range(FIG13_PAPER_TEST.seeds)]
    j = Judge()
    for name in runs[0]:
        # the recipe rounds 0.008 / max D to 4 decimals, so max D' can pass 1.008 by a hair;
        # Fig. 3's caption bounds the perturbation by eps = 0.01
        j.fact(f"{name}: squared distances in [1, 1.01] (every seed)", all(
            1 - 1e-12 <= r[name]["D_min"] and r[name]["D_max"] <= 1.01 for r in runs))
    arms = {}
    for name in ("2 Gaussians", "4 Gaussians"):
        j.le(f"{name}: input silhouette, largest over seeds",
             max(r[name]["sil_input"] for r in runs), 0.01)
        arms[f"{name}: 0.5 − UMAP silhouette"] = [0.5 - r[name]["sil_umap"] for r in runs]
    for name in ("circle",):
        arms[f"{name}: 0.9 − trustworthiness"] = [0.9 - r[name]["trust"] for r in runs]
    for t in stats.per_arm(arms, FIG13_PAPER_TEST):
        j.test(t)
    return j.evidence(
        measured={name: {k: [round(float(r[name][k]), 4) for r in runs]
                         for k in ("sil_input", "sil_umap", "trust") if k in runs[0][name]}
                  for name in runs[0]},
        note="UMAP sees the rows of the near-simplex squared-distance matrix as feature vectors "
        "(the notebook's call); 3 seeds of the draws and of UMAP. SLACK: thresholds ours, fixed "
        "before running.")
