"""Claims on the paper's two-Gaussian figures (Figs. 4, 7, 8, 9, 10, 11, 14).

The runs are :mod:`numerics.tsne.gaussians` (cached); their thresholds and tests were written in
that module's docstring before the first run (its AMENDMENT says what was seen when). Every
test is one-sided over seeds (:mod:`iclr26_verify.registry.stats`), arms written so that the statement is
"below 0" and split by Bonferroni.
"""

from __future__ import annotations

import itertools

import numpy as np

from theory.claims import Judge, Preregistered, Unavailable, claim

_TEX = "njbergam/tsne-exaggerates-clusters@8336e68:visuals/2_poison_point/tsne_mode_collapse/"
_CODE = "njbergam/tsne-exaggerates-clusters@8ec0d8d:"

POISON_TEST = Preregistered(
    statistic="per seed: 0.4 − t-SNE silhouette of the clean sample (arm A); poisoned t-SNE "
    "silhouette / clean one − 0.5 (arm B); silhouettes by the two Gaussian labels",
    alternative="less", seeds=5, effect=0.2,
    effect_source="ours: 0.2 in silhouette (arm A) or in the ratio (arm B)", alpha=0.05)
FIG10_TEST = Preregistered(
    statistic="per seed and size: 0.4 − clean t-SNE silhouette; poisoned / clean t-SNE "
    "silhouette − 0.5", alternative="less", seeds=3, effect=0.2,
    effect_source="ours: as for Fig. 4", alpha=0.05)
FIG9_TEST = Preregistered(
    statistic="per seed: 0.5 − the smallest t-SNE silhouette over d in {250, ..., 4000}",
    alternative="less", seeds=5, effect=0.2, effect_source="ours: 0.2 in silhouette",
    alpha=0.05)
THM7_TEST = Preregistered(
    statistic="per random layout: 0.5 − output silhouette of the clusters input; |output "
    "silhouette| − 0.1 of the simplex input and of the poisoned inputs (labels: the halves)",
    alternative="less", seeds=3, effect=0.2, effect_source="ours: 0.2 in silhouette",
    alpha=0.05)
UMAP_TEST = Preregistered(
    statistic="per seed: t-SNE's poisoned / clean silhouette − 0.5 (arm B); 0.8 − UMAP's "
    "poisoned / clean silhouette (arm U); one poison point, the mean of 20 random points",
    alternative="less", seeds=4, effect=0.2, effect_source="ours: 0.2 in the ratio",
    alpha=0.05)
PCA_TEST = Preregistered(
    statistic="per seed and PCA level k in {50, 10}: spread (max − min) of the t-SNE "
    "silhouettes of X and its impostors with input silhouette 0.1 S(X) and 0.01 S(X), − 0.15",
    alternative="less", seeds=3, effect=0.1, effect_source="ours: 0.1 in silhouette",
    alpha=0.05)


def _poison_arms(runs, tag: str) -> dict:
    return {f"{tag}: 0.4 − clean t-SNE silhouette": [0.4 - r["sil_tsne"] for r in runs],
            f"{tag}: poisoned / clean t-SNE silhouette − 0.5": [
                r["sil_tsne_poison"] / r["sil_tsne"] - 0.5 for r in runs]}


def _runs_table(runs) -> list:
    return [{k: round(float(r[k]), 4) for k in ("sil_input", "sil_tsne", "sil_tsne_poison",
                                                 "sil_pca", "sil_pca_poison",
                                                 "poison_nearest_fraction")} for r in runs]


@claim("tsne.fig4.poison_point", where="Fig. 4, §4.2.2", kind="empirical",
       evidence=("observation", "proof"), test=POISON_TEST,
       statement="For 400 points from the paper's two Gaussians in $\\mathbb{R}^{2000}$, exact "
       "t-SNE draws the two clusters (output silhouette above 0.4), one poison point at the "
       "mean at least halves the output silhouette of the 400 points, and PCA's picture of "
       "them does not change at all (adding the mean leaves the centred scatter matrix as it "
       "was).",
       source=("printed",
               (f"camera-ready LaTeX ({_TEX}1_false_positives.tex), §4.2.2 text L197-L201 and "
               "Fig. 4 caption L241-L251 (400 points, two Gaussians in R^2000, poison point at "
               f"the mean); the Gaussians' parameters from {_CODE}utils.py:L51-L67 "
               "(TwoGaussians, distance 1, covariance d^(-3/4) I) and 2_adversarial.ipynb cell "
               "18 (scikit-learn exact t-SNE, defaults); thresholds 0.4 and 'halved' ours")),
       setting="exact")
def _fig4(quick: bool = False):
    from iclr26_verify.registry import stats
    from numerics.tsne.gaussians import POISON_SEEDS, poison_mean

    # full-mode calls spelled as the cache's keys: (n, seed, engine)
    runs = [poison_mean(400, s, "exact", 500) if quick else poison_mean(400, s, "exact")
            for s in range(2 if quick else POISON_SEEDS)]
    if quick:  # two draws decide arm B one way or the other with torch's CPU kernels
        raise Unavailable("quick mode runs two draws at 500 iterations (code path only): too "
                          "few to decide the ratio arm robustly; the full run (5 draws) decides")
    j = Judge()
    for t in stats.per_arm(_poison_arms(runs, "n=400"), POISON_TEST):
        j.test(t)
    j.close("PCA silhouette of the 400 points, with vs without the poison point (per seed)",
            np.array([r["sil_pca_poison"] for r in runs]),
            np.array([r["sil_pca"] for r in runs]), atol=1e-9)
    return j.evidence(measured={"runs": _runs_table(runs)}, note=(
        f"{len(runs)} seeds (each a new draw of the 400 points); exact t-SNE (our engine, "
        "scikit-learn's exact schedule, perplexity 30, PCA initialisation, as the paper's code). "
        "Proof for PCA: the mean m of X is also the mean of X plus m, and (m − m)(m − m)^T = 0, "
        "so the scatter matrix, its eigenvectors and the scores of the 400 points are unchanged "
        "(checked to 1e-9 in float). The poison point is nearer to almost every point than that "
        "point's nearest neighbour (poison_nearest_fraction), the mechanism the paper gives. "
        "SLACK: the thresholds (0.4; half) are ours, fixed before running."))


@claim("tsne.fig10.poison_point_scaling", where="Fig. 10 (App. A)", kind="empirical",
       evidence=("observation",), test=FIG10_TEST, expected="undecided",
       statement="The poison-point effect of Fig. 4 persists as the sample grows: at 400 "
       "(exact t-SNE) and 1000 points (openTSNE) t-SNE draws the clean sample clustered "
       "(silhouette above 0.4) and one poison point at the mean at least halves the "
       "silhouette. The 5000-point row is not run (about 4 minutes of openTSNE here).",
       source=("printed",
               (f"camera-ready LaTeX ({_TEX}appendix.tex), Fig. 10 and the sentence before it "
               "(L52-L64: 400, 1000 and 5000 total points); recipe as Fig. 4; thresholds ours")),
       setting=("analogue",
                ("openTSNE (exact kNN affinities with 90 neighbours, Barnes-Hut) instead of "
                 "exact t-SNE at 1000 points, 3 seeds; 400 points: Fig. 4's exact runs, 5 "
                 "seeds; 5000 points not run")))
def _fig10(quick: bool = False):
    if quick:
        raise Unavailable("quick mode does not run the 1000- and 5000-point samples (about "
                          "2 minutes of openTSNE); the full run decides")
    from iclr26_verify.registry import stats
    from numerics.tsne.gaussians import FIG10_SEEDS, POISON_SEEDS, poison_mean

    arms, table = {}, {}
    for n, engine, k in ((400, "exact", POISON_SEEDS), (1000, "opentsne", FIG10_SEEDS[1000])):
        runs = [poison_mean(n, s, engine) for s in range(k)]
        arms |= _poison_arms(runs, f"n={n} ({engine})")
        table[n] = _runs_table(runs)
    j = Judge()
    for t in stats.per_arm(arms, FIG10_TEST):
        j.test(t)
    return j.evidence(measured=table, note=(
        "n = 400: exact t-SNE (the runs of tsne.fig4.poison_point); n = 1000: openTSNE, "
        "perplexity 30, PCA initialisation, one thread; each seed a new draw. Bonferroni over "
        "the four arms (two sizes x two arms). The 5000-point row (registered 'if it fits') "
        "does not fit the reproduce budget and is not run. Outcome: at 1000 points openTSNE's "
        "poisoned silhouette is 0.53-0.60 of the clean one (3 seeds): a large drop, but the "
        "registered 'at least halved' is neither shown nor excluded at 3 seeds. SLACK: thresholds ours, fixed "
        "before running; the engine differs from the paper's exact t-SNE (the AMENDMENT in "
        "numerics.tsne.gaussians: on seed 0 openTSNE's drop was smaller than the exact "
        "engine's)."))


@claim("tsne.fig9.increasing_dimension", where="Fig. 9 (App. A)", kind="empirical",
       evidence=("observation", "independent"), test=FIG9_TEST,
       statement="As the dimension of the paper's two-Gaussian sample (2 x 100 points) grows "
       "from 250 to 4000, its distance matrix moves towards a simplex (the aspect ratio, "
       "largest over smallest off-diagonal distance, falls at every step; the exact "
       "extreme-quantile ratio falls and tends to 1) while t-SNE keeps drawing two clusters "
       "(output silhouette above 0.5 at every dimension).",
       source=("printed",
               (f"camera-ready LaTeX ({_TEX}appendix.tex), L42-L50 (text and Fig. 9 caption: "
               "aspect ratio = largest over smallest interpoint distance); dimensions, c and "
               f"t-SNE settings from {_CODE}2_adversarial.ipynb cells 9-10 (aspect ratio on "
               "squared distances there); thresholds ours")),
       setting="exact")
def _fig9(quick: bool = False):
    from iclr26_verify.registry import stats
    from numerics.tsne.gaussians import (
        FIG9_C,
        FIG9_DIMS,
        FIG9_SEEDS,
        exact_quantile_ratio,
        increasing_dimension,
    )

    runs = [increasing_dimension(s, True) if quick else increasing_dimension(s)
            for s in range(2 if quick else FIG9_SEEDS)]
    j = Judge()
    for key in ("aspect_sq", "aspect"):
        j.fact(f"{key}: strictly decreasing in d, every seed", all(
            all(a[key] > b[key] for a, b in zip(r["rows"], r["rows"][1:])) for r in runs))
    exact = [exact_quantile_ratio(d, c) for d, c in zip(FIG9_DIMS, FIG9_C)]
    j.fact("exact quantile ratio strictly decreasing in d",
           all(a > b for a, b in itertools.pairwise(exact)))
    j.le("exact quantile ratio at d = 1e9 (c = 1.40)", exact_quantile_ratio(10**9, 1.40), 1.01)
    j.close("sample vs exact quantile ratio (every d, every seed)",
            np.array([x["quantile_ratio_sample"] for r in runs for x in r["rows"]]),
            np.array([x["quantile_ratio_exact"] for r in runs for x in r["rows"]]), rtol=0.05)
    j.test(stats.one_sample("0.5 − smallest t-SNE silhouette over d",
                            [0.5 - min(x["sil_tsne"] for x in r["rows"]) for r in runs],
                            FIG9_TEST))
    return j.evidence(
        measured={"exact quantile ratio": [round(e, 4) for e in exact],
                  "runs": [[{k: round(float(x[k]), 4) for k in (
                      "dim", "aspect_sq", "aspect", "quantile_ratio_sample", "sil_input",
                      "sil_tsne")} for x in r["rows"]] for r in runs]},
        note=("The exact ratio is the 99.9 % quantile of a between-cluster squared distance "
              "(2 s^2 times a noncentral chi^2_d, noncentrality 1/(2 s^2)) over the 0.1 % "
              "quantile of a within-cluster one (2 s^2 chi^2_d), s^2 = c d^(-3/4). SLACK: the "
              "sample-vs-exact comparison allows 5 % (sample quantiles of 10^4 dependent pairs); "
              "the 0.5 threshold is ours. Exact t-SNE (our engine), perplexity 100, learning "
              "rate 100, PCA initialisation (the notebook's settings; openTSNE would cap the "
              "perplexity at 66.3 for 200 points)."))


@claim("tsne.fig11.thm7_pictures", where="Fig. 11 (App. A), Thm 7", kind="empirical",
       evidence=("observation",), test=THM7_TEST,
       statement="On Thm 7's inputs (200 points each, r = 2), exact t-SNE at perplexity 1 draws "
       "the regular simplex unclustered (|silhouette| below 0.1) and the two-cluster set "
       "clustered (above 0.5); with the centroid added both are drawn unclustered (below 0.1), "
       "and their P are bitwise equal.",
       source=("printed",
               (f"camera-ready LaTeX ({_TEX}appendix.tex), Fig. 11 caption (L66-L75); Thm 7 "
               "(1_false_positives.tex L210-L222); thresholds ours")),
       setting="exact")
def _fig11(quick: bool = False):
    from iclr26_verify.registry import stats
    from numerics.tsne.gaussians import THM7_SEEDS, thm7_outputs

    runs = [thm7_outputs(s, quick) for s in range(2 if quick else THM7_SEEDS)]
    if quick:  # two layouts at m = 100 decide differently with torch's CPU kernels
        raise Unavailable("quick mode runs two layouts at m = 100 (code path only): too few to "
                          "decide robustly; the full run (3 layouts, m = 200) decides")
    arms = {"0.5 − silhouette, clusters input": [0.5 - r["sil_tsne_clusters"] for r in runs],
            "|silhouette| − 0.1, simplex input": [abs(r["sil_tsne_simplex"]) - 0.1
                                                   for r in runs],
            "|silhouette| − 0.1, poisoned inputs": [abs(r["sil_tsne_simplex+x0"]) - 0.1
                                                     for r in runs]}
    j = Judge()
    for t in stats.per_arm(arms, THM7_TEST):
        j.test(t)
    j.fact("poisoned inputs: P bitwise equal (every seed)",
           all(r["P_poisoned_bitwise_equal"] for r in runs))
    j.close("input silhouette of the clusters input vs (sqrt 3 − 1)/sqrt 3",
            runs[0]["sil_input_clusters"], (3**0.5 - 1) / 3**0.5, rtol=1e-12)
    return j.evidence(
        measured={"runs": [{k: round(float(v), 4) for k, v in r.items() if k.startswith("sil")}
                           for r in runs]},
        note=(f"{len(runs)} random initial layouts; our exact engine (scikit-learn's exact "
              "schedule) on P at perplexity 1 (Lemma 20: rows uniform on nearest neighbours). "
              "The two poisoned inputs share P bitwise, so one run draws both. SLACK: the "
              "thresholds are ours."))


def _umap_runs(quick: bool, seeds: int) -> list[dict]:
    """The Fig. 14 runs (t-SNE and UMAP, clean and poisoned) of the first ``seeds`` seeds, which
    both Fig. 14 claims read; quick mode runs no UMAP."""
    from numerics.tsne.claims_umap import no_umap_in_quick
    from numerics.tsne.gaussians import umap_poison

    if quick:
        no_umap_in_quick()
    return [umap_poison(s, extra=(s == 0)) for s in range(seeds)]


@claim("tsne.fig14.umap_vs_tsne_poison", where="Fig. 14 (App. A)", kind="empirical",
       evidence=("observation",), test=UMAP_TEST, expected="not_reproduced",
       statement="On 1000 points from the paper's two Gaussians in $\\mathbb{R}^{2000}$, one "
       "poison point (the mean of 20 random points) at least halves t-SNE's output silhouette "
       "but costs UMAP's at most 20 %.",
       source=("printed",
               (f"camera-ready LaTeX ({_TEX}appendix.tex), App. UMAP text (L90-L96) and Fig. 14 "
               f"caption (L116-L123); poison points from {_CODE}utils.py:L178-L184 (add_poison) "
               "and 2_adversarial.ipynb cells 25-27; thresholds ours")),
       setting=("analogue",
                ("openTSNE (Barnes-Hut) for t-SNE instead of scikit-learn's exact t-SNE; "
                 "umap-learn defaults as the notebook; 4 seeds")))
def _fig14(quick: bool = False):
    from iclr26_verify.registry import stats

    runs = _umap_runs(quick, UMAP_TEST.seeds)
    arms = {"t-SNE: poisoned / clean silhouette − 0.5": [
                r["sil_tsne_1"] / r["sil_tsne"] - 0.5 for r in runs],
            "UMAP: 0.8 − poisoned / clean silhouette": [
                0.8 - r["sil_umap_1"] / r["sil_umap"] for r in runs]}
    j = Judge()
    for t in stats.per_arm(arms, UMAP_TEST):
        j.test(t)
    return j.evidence(
        measured={"runs": [{k: round(float(v), 4) for k, v in r.items() if k.startswith("sil")}
                           for r in runs]},
        note=("Silhouettes of the 1000 Gaussian points by their labels. Seed 0 also runs UMAP "
              "with 4 and 9 poison points (the figure; the paper: more poison points reshape "
              "UMAP's clusters). SLACK: thresholds ours, fixed before running."))


@claim("tsne.fig7.pca_preprocessing", where="Fig. 7 (App. A.1)", kind="empirical",
       evidence=("observation",), test=PCA_TEST, expected="not_reproduced",
       statement="With exact PCA to 50 or 10 components before t-SNE, a two-Gaussian sample and "
       "its impostors of 10 and 100 times smaller input silhouette (Thm 3) get t-SNE output "
       "silhouettes within 0.15 of each other.",
       source=("printed",
               (f"camera-ready LaTeX ({_TEX}appendix.tex), App. A.1 text and Fig. 7 caption "
                "(L3-L19: 1000 points, two Gaussians in R^100, Algorithm 1 at several "
                "strengths, input against output silhouette); thresholds ours")),
       setting=("analogue",
                ("the Gaussians' separation and PCA levels are not printed (distance 2 from "
                 "utils.TwoGaussians' default; k in {50, 10} ours); 300 points instead of "
                 "1000; impostors by Thm 3's shift; openTSNE; 3 seeds")))
def _fig7(quick: bool = False):
    from iclr26_verify.registry import stats
    from numerics.tsne.gaussians import PCA_SEEDS

    runs = _pca_runs(quick, PCA_SEEDS)
    j = Judge()
    arms = {}
    for k in (50, 10):
        arms[f"k={k}: spread of output silhouettes − 0.15"] = [
            np.ptp([x["sil_tsne"] for x in r["rows"] if x["k"] == k]) - 0.15 for r in runs]
    for t in stats.per_arm(arms, PCA_TEST):
        j.test(t)
    for r in runs:
        s = r["seed"]
        for x in r["rows"]:
            if x["k"] is None and x["eps"] < 1:
                j.close(f"seed={s} eps={x['eps']}: input silhouette vs eps S(X)",
                        x["sil_input"], x["eps"] * r["sil_X"], rtol=1e-9)
    return j.evidence(
        measured={"runs": _pca_table(runs)},
        note=("n = 300 (registered 1000; cut for the budget before any run); openTSNE, "
              "perplexity 30. Outcome: at eps = 0.1 the outputs stay close to X's (0.75 vs 0.88 "
              "at k = 50, 0.84 vs 0.84 at k = 10), at eps = 0.01 they do not (0.18-0.25 at "
              "k = 50, 0.64 at k = 10): PCA pre-processing lets t-SNE see the strongest "
              "impostor. SLACK: the 0.15 spread is ours, fixed before running."))


def _pca_runs(quick: bool, seeds: int) -> list:
    from numerics.tsne.gaussians import pca_preprocessing

    # n = 300 in both modes: 1000 points x 6 t-SNE runs x 3 seeds do not fit the budget
    return [pca_preprocessing(s, True) for s in range(2 if quick else seeds)]


def _pca_table(runs) -> list:
    return [[{k: (round(float(v), 4) if isinstance(v, float) else v)
              for k, v in x.items() if k != "Y"} for x in r["rows"]] for r in runs]


@claim("tsne.fig8.pca_breaks_invariance", where="Fig. 8 (App. A.1), Lemma 17", kind="empirical",
       evidence=("proof", "witness"),
       statement="Without PCA the impostors of a two-Gaussian sample have X's P (so the same "
       "t-SNE outputs), with PCA pre-processing to 10 components they do not (max |P − P(X)| "
       "at least 1e-4 for the impostor of 100 times smaller silhouette).",
       source=("printed",
               (f"camera-ready LaTeX ({_TEX}appendix.tex), Fig. 8 caption (L22-L27); the 1e-4 "
                "threshold ours")),
       setting=("analogue",
                ("the runs of tsne.fig7.pca_preprocessing (300 points in R^100, distance 2, "
                 "exact PCA), not the paper's unprinted parameters")))
def _fig8(quick: bool = False):
    from numerics.tsne.gaussians import PCA_SEEDS

    runs = _pca_runs(quick, PCA_SEEDS)
    j = Judge()
    moved = []
    for r in runs:
        s = r["seed"]
        for x in r["rows"]:
            if x["k"] is None and x["eps"] < 1:
                # a residual: P entries are of order 1/n^2
                j.close(f"seed={s} eps={x['eps']}: no PCA, max|P − P(X)|",
                        x["max_abs_dP_vs_eps1"], 0.0, atol=1e-12, scale=1.0 / r["n"] ** 2)
            if x["k"] == 10 and x["eps"] == 0.01:
                moved.append(x["max_abs_dP_vs_eps1"])
    j.fact("PCA to 10, eps = 0.01: max|P − P(X)| >= 1e-4 (every seed)",
           bool(moved) and min(moved) >= 1e-4)
    return j.evidence(
        measured={"runs": _pca_table(runs)},
        note="Proof without PCA: Lemma 17 (P is invariant under adding a constant to the "
        "off-diagonal squared distances). With PCA: exact PCA of X_+C keeps X's directions but "
        "stretches the k-th axis by sqrt(1 + C/(2 lambda_k)), which whitens the leading "
        "components and moves P; the rows are witnesses.")


UMAP_COMPARE_TEST = Preregistered(
    statistic="per seed: t-SNE's poisoned / clean silhouette − UMAP's (one poison point)",
    alternative="less", seeds=4, effect=0.1, effect_source="ours: 0.1 in the ratio",
    alpha=0.05)


@claim("tsne.fig14.umap_less_affected", where="Fig. 14, App. A.3 text", kind="empirical",
       evidence=("observation",), test=UMAP_COMPARE_TEST,
       statement="Read comparatively (App. A.3: UMAP's response to one poison point is less "
       "pronounced than t-SNE's): on the Fig. 14 sample one poison point costs t-SNE a larger "
       "share of its output silhouette than UMAP. Written after seeing the runs of "
       "tsne.fig14.umap_vs_tsne_poison: not a pre-registered verification.",
       source=("printed",
               (f"camera-ready LaTeX ({_TEX}appendix.tex), App. A.3 text (L95) and Fig. 14 "
                "caption (L116-L123); the comparative reading is ours")),
       setting=("analogue",
                ("openTSNE (Barnes-Hut) for t-SNE instead of scikit-learn's exact t-SNE; the "
                 "runs of tsne.fig14.umap_vs_tsne_poison (4 seeds)")))
def _fig14_compare(quick: bool = False):
    from iclr26_verify.registry import stats

    runs = _umap_runs(quick, UMAP_COMPARE_TEST.seeds)
    j = Judge()
    j.test(stats.one_sample("t-SNE ratio − UMAP ratio (poisoned / clean silhouette)", [
        r["sil_tsne_1"] / r["sil_tsne"] - r["sil_umap_1"] / r["sil_umap"] for r in runs],
        UMAP_COMPARE_TEST))
    return j.evidence(
        measured={"t-SNE ratio": [round(r["sil_tsne_1"] / r["sil_tsne"], 4) for r in runs],
                  "UMAP ratio": [round(r["sil_umap_1"] / r["sil_umap"], 4) for r in runs]},
        note="POST HOC: this reading was written after tsne.fig14.umap_vs_tsne_poison's "
        "registered thresholds (t-SNE at least halved, UMAP within 20 %) both missed; it is "
        "reported beside that row, not instead of it.")
