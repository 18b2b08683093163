"""The paper's experiments (Sec. 5), run with the exact torch engine on offline data.

Each runner is cached in the result store (:func:`iclr26_verify.run.store.experiment`) and shared by the
empirical claims, the figures and the notebook. All runs use one torch thread (bitwise
reproducible) and, where two inputs are compared, the *same* initial embedding.

1. :func:`impostors`: Fig. 1/2. scikit-learn digits and scanpy's ``pbmc68k_reduced`` against
   their impostors :math:`X_{+C}` (Lemma 16/17, Algorithm 1 with the paper's C = 150 after
   scaling to diameter 1): silhouettes of inputs, of exact t-SNE outputs, and of PCA.
2. :func:`near_simplex`: Fig. 3. Inputs with all squared distances in [1, 1.008] built from
   1, 2, 4 Gaussian clusters and a circle.
3. :func:`outliers`: Fig. 5 (synthetic). A blob plus one outlier of prescribed margin; the
   outlier number of the stationary t-SNE output against Thm 9's bound, and of PCA.
4. :func:`poison`: Fig. 11 / Thm 7. The regular simplex and a two-cluster set, each with its
   centroid, at perplexity 1.
"""

from __future__ import annotations

import numpy as np
from scipy.optimize import brentq

from iclr26_verify import experiment
from numerics.tsne.engine import LBFGS, ExactTSNE, GradientDescent, pca_init, random_init
from theory.tsne import (
    hull_projection,
    joint_probabilities,
    outlier_margins,
    outlier_number,
    poison_point,
    shifted,
    silhouette,
    sq_distances,
    thm9_bound,
)

SEED = 0
#: Replicates of the seeded constructions (near-simplices, outliers) and of the randomized PCA
#: route, fixed before running; the claims' pre-registered tests are over these.
CONSTRUCTION_SEEDS = 10
ROUTE_SEEDS = 10
#: The outlier runs are polished to stationarity (up to 3000 L-BFGS steps each): 5 seeds fit
#: the reproduce budget; a 10-seed run decided both outlier claims alike (p < 1e-4, power 1).
OUTLIER_SEEDS = 5
IMPOSTOR_C = 150.0  # Fig. 2: Algorithm 1 with epsilon = 1/150 on data scaled to diameter 1


def _engine(perplexity, max_iter, *, polish=False, learning_rate="auto"):
    stages = [GradientDescent(max_iter=max_iter, learning_rate=learning_rate)]
    if polish:
        stages.append(LBFGS(max_iter=3000, gtol=1e-7))
    return ExactTSNE(perplexity=perplexity, optimizer=stages, num_threads=1)


def pca2(X) -> np.ndarray:
    """Two leading principal-component scores (the contrast method of Figs. 2 and 5)."""
    return pca_init(X) / 1e-4


def _subsample(labels, n, rng):
    """A stratified subsample of size ~n (keeps every class with >= 2 members)."""
    idx = []
    for c in np.unique(labels):
        members = np.flatnonzero(labels == c)
        k = max(2, round(n * len(members) / len(labels)))
        idx.extend(rng.choice(members, size=min(k, len(members)), replace=False))
    return np.sort(np.array(idx))


# ----------------------------------------------------------------------------- 1. impostors
def _paper_route_pca(D_imp, y) -> dict:
    """The paper's route to the impostor's PCA: coordinates by KernelPCA on the impostor's
    centred Gram matrix (Algorithm 1's realisation in R^{n-1}), then scikit-learn's ``PCA(2)``
    with its default ``svd_solver="auto"``, which picks randomized SVD once the data exceed
    500 x 500. The impostor's spectrum is X's plus C/2 on every direction, nearly flat, where
    randomized SVD returns almost arbitrary directions. Also the same coordinates through
    ``svd_solver="full"`` (exact)."""
    from sklearn.decomposition import PCA, KernelPCA

    from theory.tsne import gram_from_sq_dists

    M = KernelPCA(kernel="precomputed").fit_transform(gram_from_sq_dists(D_imp))
    pca = PCA(2, random_state=SEED).fit(M)
    # The notebook leaves random_state unset: its drop is one draw of the randomized solver,
    # so the claims test it over ROUTE_SEEDS draws (cheap: one KernelPCA, many 2-D PCAs).
    draws = [silhouette(PCA(2, random_state=s).fit_transform(M), y) for s in range(ROUTE_SEEDS)]
    return {"solver": pca._fit_svd_solver, "sil": silhouette(pca.transform(M), y),
            "sil_draws": np.array(draws),
            "sil_full": silhouette(PCA(2, svd_solver="full").fit_transform(M), y)}


def _pca_cosines(X, X_imp) -> list[float]:
    """|cos| between the k-th principal score vectors of X and of X_{+C} (k = 1, 2): exact PCA of
    the impostor has the same leading directions (Gram G + (C/2) H has G's eigenvectors)."""
    a, b = pca2(X), pca2(X_imp)
    return [float(abs(a[:, k] @ b[:, k]) / np.linalg.norm(a[:, k]) / np.linalg.norm(b[:, k]))
            for k in range(2)]



@experiment
def impostors(quick: bool = False) -> dict:
    """Fig. 1/2: silhouettes of X and its impostor, of their t-SNE outputs, and of PCA."""
    from numerics.data import load_digits, load_pbmc68k_reduced

    rng = np.random.default_rng(SEED)
    digits, pbmc = load_digits(), load_pbmc68k_reduced()
    sets = {"digits": (digits.X, digits.target), "pbmc68k_reduced": (pbmc.X_pca,
                                                                      pbmc.bulk_labels)}
    max_iter = 500 if quick else 1000
    out = {}
    for name, (X, y) in sets.items():
        if quick:
            keep = _subsample(y, 300, rng)
            X, y = X[keep], y[keep]
        D = sq_distances(X)
        X = X / np.sqrt(D.max())  # diameter 1, as in the paper's Fig. 2
        X_imp = shifted(X, IMPOSTOR_C)
        D, D_imp = sq_distances(X), sq_distances(X_imp)
        P, P_imp = joint_probabilities(D, 30.0), joint_probabilities(D_imp, 30.0)
        Y0 = random_init(len(X), 2, random_state=SEED)
        eng = _engine(30.0, max_iter)
        res, res_imp = eng.optimize(P, Y0), eng.optimize(P_imp, Y0)
        route = _paper_route_pca(D_imp, y)
        out[name] = {
            "n": len(X), "labels": y, "C": IMPOSTOR_C,
            "max_abs_dP": float(np.abs(P - P_imp).max()),
            "sil_input": silhouette(X, y), "sil_input_impostor": silhouette(X_imp, y),
            "sil_tsne": silhouette(res.embedding, y),
            "sil_tsne_impostor": silhouette(res_imp.embedding, y),
            "sil_pca": silhouette(pca2(X), y), "sil_pca_impostor": silhouette(pca2(X_imp), y),
            "paper_route_pca": route, "sil_pca_impostor_randomized": route["sil"],
            "pca_direction_cosines": _pca_cosines(X, X_imp),
            "kl": res.kl, "kl_impostor": res_imp.kl,
            "Y": res.embedding, "Y_impostor": res_imp.embedding,
            "pca": pca2(X), "pca_impostor": pca2(X_imp),
        }
    return out


#: Seeds (random initial layouts) per input in :func:`impostor_distributions`.
DISTRIBUTION_SEEDS = 10
#: Stationarity certified before an output is compared (max-abs gradient, nats per unit).
CERTIFIED_GTOL = 1e-5


@experiment
def impostor_distributions(quick: bool = False) -> dict:
    """Issue 16: t-SNE is chaotic, so "same P, same output" is stated on distributions.

    For each data set (a stratified subsample of 300 points, diameter 1) and its impostor
    X_{+150}: ``DISTRIBUTION_SEEDS`` random initial layouts, each run by gradient descent then
    L-BFGS to a certified stationary point (max|grad| <= ``CERTIFIED_GTOL``); per run the output
    silhouette, the KL and the trustworthiness against X (10 neighbours). Quick mode runs 2
    seeds (too few to decide; the claims say so).
    """
    from sklearn.manifold import trustworthiness

    from numerics.data import load_digits, load_pbmc68k_reduced

    rng = np.random.default_rng(SEED)
    digits, pbmc = load_digits(), load_pbmc68k_reduced()
    sets = {"digits": (digits.X, digits.target),
            "pbmc68k_reduced": (pbmc.X_pca, pbmc.bulk_labels)}
    seeds = range(2 if quick else DISTRIBUTION_SEEDS)
    out = {}
    for name, (X, y) in sets.items():
        keep = _subsample(y, 300, rng)
        X, y = X[keep], y[keep]
        X = X / np.sqrt(sq_distances(X).max())
        X_imp = shifted(X, IMPOSTOR_C)
        P = joint_probabilities(sq_distances(X), 30.0)
        P_imp = joint_probabilities(sq_distances(X_imp), 30.0)
        eng = ExactTSNE(perplexity=30.0, optimizer=[
            GradientDescent(max_iter=300 if quick else 750),
            LBFGS(max_iter=2000, gtol=CERTIFIED_GTOL)], num_threads=1)
        rows = {"X": [], "impostor": []}
        for s in seeds:
            Y0 = random_init(len(X), 2, random_state=1000 + s)
            for key, PP in (("X", P), ("impostor", P_imp)):
                r = eng.optimize(PP, Y0)
                rows[key].append({"seed": 1000 + s, "sil": silhouette(r.embedding, y),
                                  "kl": r.kl, "grad_max": r.grad_max,
                                  "trust": float(trustworthiness(X, r.embedding,
                                                                 n_neighbors=10))})
        out[name] = {"n": len(X), "max_abs_dP": float(np.abs(P - P_imp).max()),
                     "sil_input": silhouette(X, y), "sil_input_impostor": silhouette(X_imp, y),
                     "P_bitwise_equal": bool(np.array_equal(P, P_imp)), "runs": rows}
    return out


# ----------------------------------------------------------------------------- 2. near-simplex
def _shapes(n, rng) -> dict:
    """Fig. 3's generators: (points, cluster labels or None)."""
    def gaussians(k):
        centres = 4.0 * rng.normal(size=(k, 10))
        lab = np.arange(n) % k
        return centres[lab] + rng.normal(size=(n, 10)), lab

    t = np.sort(rng.uniform(0, 2 * np.pi, n))
    circle = np.c_[np.cos(t), np.sin(t)] + 0.02 * rng.normal(size=(n, 2))
    return {"1 Gaussian": (rng.normal(size=(n, 10)), None), "2 Gaussians": gaussians(2),
            "4 Gaussians": gaussians(4), "circle": (circle, None)}


NEAR_SIMPLEX_EPS = 0.008  # Fig. 3: D' = (0.008 / max D) D + (11^T - I)
NEAR_SIMPLEX_PERPLEXITY = {"1 Gaussian": 30.0, "2 Gaussians": 100.0, "4 Gaussians": 50.0,
                           "circle": 30.0}


@experiment
def near_simplex(quick: bool = False, seed: int = SEED) -> dict:
    """Fig. 3: t-SNE of near-simplex inputs (squared distances in [1, 1.008]); ``seed`` draws
    the shapes, the initial layout and the random layout of the trustworthiness baseline."""
    from sklearn.manifold import trustworthiness

    rng = np.random.default_rng(seed)
    n = 100 if quick else 200
    max_iter = 500 if quick else 1000
    out = {}
    for name, (X, lab) in _shapes(n, rng).items():
        D = sq_distances(X)
        off = 1.0 - np.eye(n)
        D_ns = NEAR_SIMPLEX_EPS / D.max() * D + off
        perp = NEAR_SIMPLEX_PERPLEXITY[name] * n / 200
        # The paper hands D' to scikit-learn as a "precomputed" metric, which squares it:
        # the P it actually used is P(D'^2), no longer an affine image of D.
        P = joint_probabilities(D_ns, perp)
        dP_sklearn = float(np.abs(joint_probabilities(D_ns**2, perp) - P).max())
        res = _engine(perp, max_iter, learning_rate=70.0).fit(
            P=P, init=random_init(n, 2, random_state=seed))
        entry = {"X": X, "labels": lab, "Y": res.embedding, "perplexity": perp,
                 "D_min": float(D_ns[off > 0].min()), "D_max": float(D_ns[off > 0].max()),
                 "max_abs_dP_vs_X": float(np.abs(P - joint_probabilities(D, perp)).max()),
                 "max_abs_dP_sklearn_squaring": dP_sklearn,
                 "trust_tsne": float(trustworthiness(X, res.embedding, n_neighbors=10)),
                 "trust_random": float(trustworthiness(
                     X, rng.normal(size=(n, 2)), n_neighbors=10)),
                 "kl": res.kl}
        if lab is not None:
            entry["sil_original"] = silhouette(X, lab)
            entry["sil_input"] = silhouette(labels=lab, sq_dists=D_ns)
            entry["sil_tsne"] = silhouette(res.embedding, lab)
        out[name] = entry
    return out


# ----------------------------------------------------------------------------- 3. outliers
def blob_with_outlier(alpha: float, n: int, dim: int, rng) -> tuple[np.ndarray, float]:
    """A blob of ``n`` points (std 0.6 in R^dim) plus one point x_0 (last row) placed along
    e_1 so that dist(x_0, conv(blob)) / max(1, diam(blob)) = alpha (brentq on the offset)."""
    B = rng.normal(0, 0.6, (n, dim))
    diam = float(np.sqrt(sq_distances(B).max()))
    h = B[:, 0].max()
    target = alpha * max(1.0, diam)

    def gap(t):
        x0 = np.zeros(dim)
        x0[0] = h + t
        return hull_projection(x0, B)[0] - target

    t = brentq(gap, target * 0.5, target * 4 + 1.0, xtol=1e-10)
    x0 = np.zeros(dim)
    x0[0] = h + t
    return np.vstack([B, x0]), diam


OUTLIER_ALPHAS = (0.5, 1.0, 2.0, 5.0)


@experiment
def outliers(quick: bool = False, seed: int = SEED) -> dict:
    """Fig. 5 (synthetic): outlier number of X, of its stationary t-SNE output and of PCA;
    ``seed`` draws the blobs and the initial layouts."""
    rng = np.random.default_rng(seed)
    n, dim = (50, 20) if quick else (100, 20)
    alphas = (1.0, 5.0) if quick else OUTLIER_ALPHAS
    rows = []
    for a in alphas:
        X, _ = blob_with_outlier(a, n, dim, rng)
        res = _engine(30.0 * (n + 1) / 101, 1000, polish=True).fit(
            X, init=random_init(n + 1, 2, random_state=seed))
        Y, Z = res.embedding, pca2(X)
        rows.append({
            "alpha_target": a, "alpha_input": outlier_number(X),
            "outlier_margin_input": float(outlier_margins(X)[-1]),
            "alpha_tsne": outlier_number(Y), "alpha_pca": outlier_number(Z),
            "thm9_bound": thm9_bound(n + 1), "grad_max": res.grad_max, "kl": res.kl,
            "Y": Y, "pca": Z, "X": X})
    return {"n": n + 1, "dim": dim, "rows": rows}


# ----------------------------------------------------------------------------- 4. poison point
@experiment
def poison(quick: bool = False) -> dict:
    """Thm 7 / Fig. 11: simplex vs two clusters, each with its centroid, at perplexity 1."""
    m = 64 if quick else 256
    X0, X1, lab = poison_point(m, 2.0)
    P0 = joint_probabilities(sq_distances(X0), 1.0)
    P1 = joint_probabilities(sq_distances(X1), 1.0)
    Y0 = random_init(m + 1, 2, random_state=SEED)
    eng = _engine(1.0, 500 if quick else 1000)
    r0, r1 = eng.optimize(P0, Y0), eng.optimize(P1, Y0)
    return {
        "m": m, "labels": lab, "P_equal_bitwise": bool(np.array_equal(P0, P1)),
        "max_abs_dP": float(np.abs(P0 - P1).max()),
        "sil_input_simplex": silhouette(X0[:m], lab), "sil_input_clusters": silhouette(X1[:m],
                                                                                      lab),
        "sil_tsne_simplex": silhouette(r0.embedding[:m], lab),
        "sil_tsne_clusters": silhouette(r1.embedding[:m], lab),
        "Y_equal_bitwise": bool(np.array_equal(r0.embedding, r1.embedding)),
        "Y_simplex": r0.embedding, "Y_clusters": r1.embedding,
        "pca_simplex": pca2(X0), "pca_clusters": pca2(X1),
        "kl": r0.kl,
    }
