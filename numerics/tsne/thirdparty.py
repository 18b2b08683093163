"""Third-party affinity computations (scikit-learn, openTSNE) and independent cross-checks.

scikit-learn's exact ``_joint_probabilities`` and openTSNE's ``compute_gaussian_perplexity``
exponentiate :math:`-\\beta D_{ij}` without subtracting the row minimum. Mathematically that is
shift-invariant (Lemma 17); in floating point, once :math:`\\beta C` is large the factor
:math:`e^{-\\beta C}` underflows (scikit-learn) or meets an additive 2.2e-16 in the row sum
(openTSNE), and P changes. :func:`shift_breakdown` measures where. Torch-free.
"""

from __future__ import annotations

import functools

import numpy as np

from theory.tsne import calibrate, joint_probabilities, sq_distances


def sklearn_joint_probabilities(sq_dists, perplexity: float) -> np.ndarray:
    """scikit-learn's exact-method P (``sklearn.manifold._t_sne._joint_probabilities``).

    It casts the squared distances to float32, bisects to 1e-5 nats, symmetrises and divides by
    the total, flooring at machine epsilon. Returns the square (n, n) matrix.
    """
    from scipy.spatial.distance import squareform
    from sklearn.manifold._t_sne import _joint_probabilities

    return squareform(_joint_probabilities(np.asarray(sq_dists, dtype=float), perplexity, 0))


def opentsne_joint_probabilities(sq_dists, perplexity: float) -> np.ndarray:
    """openTSNE's P with every other point as a neighbour (its exact kernel, no kNN cut-off).

    ``compute_gaussian_perplexity`` takes *unsquared* distances and squares them; the result is
    symmetrised and normalised as in ``openTSNE.affinity.joint_probabilities_nn``.
    Returns the square (n, n) matrix.
    """
    from openTSNE import _tsne

    D = np.asarray(sq_dists, dtype=float)
    n = D.shape[0]
    nb = np.array([np.delete(np.arange(n), i) for i in range(n)])
    dist = np.sqrt(D[np.arange(n)[:, None], nb])
    Pc = np.asarray(_tsne.compute_gaussian_perplexity(
        np.ascontiguousarray(dist), np.full(n, float(perplexity)), num_threads=1))
    P = np.zeros((n, n))
    P[np.arange(n)[:, None], nb] = Pc
    P = (P + P.T) / 2
    return P / P.sum()


IMPLEMENTATIONS = {
    "ours": joint_probabilities,
    "sklearn": sklearn_joint_probabilities,
    "openTSNE": opentsne_joint_probabilities,
}


@functools.lru_cache(maxsize=4)
def shift_breakdown(n: int = 100, perplexity: float = 30.0, seed: int = 0,
                    beta_C: tuple = (1, 3, 10, 20, 30, 50, 100, 300, 500, 700, 1000, 3000, 1e5)):
    """max|P(D + C(11^T - I)) - P(D)| for each implementation, over C = beta_C / max_i beta_i.

    :math:`\beta_i C` is the exponent :math:`e^{-\beta_i C}` that implementations exponentiating
    D itself carry in every weight of row i; it, not C/max(D), says when they break down.

    The data: two Gaussian blobs in R^10 (n/2 points each, means 0 and 3 e_1).

    Returns
    -------
    dict with 'beta_C', 'C', 'ratio' (C / max D), one column 'dP_<impl>' per implementation, 'beta_max', 'max_D' and
    'dP_sklearn_vs_ours' (at C = 0).
    """
    rng = np.random.default_rng(seed)
    X = np.vstack([rng.normal(0, 1, (n // 2, 10)), rng.normal(0, 1, (n - n // 2, 10))])
    X[n // 2:, 0] += 3.0
    D = sq_distances(X)
    off = 1.0 - np.eye(n)
    beta, _ = calibrate(D, perplexity)
    base = {k: f(D, perplexity) for k, f in IMPLEMENTATIONS.items()}
    out = {"beta_C": [float(b) for b in beta_C], "C": [], "ratio": []}
    for k in IMPLEMENTATIONS:
        out[f"dP_{k}"] = []
    for bc in beta_C:
        C = float(bc / beta.max())
        out["C"].append(C)
        out["ratio"].append(C / float(D.max()))
        for k, f in IMPLEMENTATIONS.items():
            out[f"dP_{k}"].append(float(np.abs(f(D + C * off, perplexity) - base[k]).max()))
    out["beta_max"] = float(beta.max())
    out["max_D"] = float(D.max())
    out["dP_sklearn_vs_ours"] = float(np.abs(base["sklearn"] - base["ours"]).max())
    out["dP_openTSNE_vs_ours"] = float(np.abs(base["openTSNE"] - base["ours"]).max())
    return out


def first_breakdown(table: dict, impl: str, threshold: float = 1e-6) -> dict:
    """The smallest C of ``shift_breakdown`` at which max|dP| exceeds ``threshold``, and the
    largest C before it (None where it never breaks down)."""
    col = table[f"dP_{impl}"]
    for i, v in enumerate(col):
        if v > threshold:
            return {"ratio": table["ratio"][i], "C": table["C"][i], "beta_C": table["beta_C"][i],
                    "dP": v, "last_ok_ratio": table["ratio"][i - 1] if i else None,
                    "last_ok_beta_C": table["beta_C"][i - 1] if i else None}
    return {"ratio": None, "C": None, "beta_C": None, "dP": max(col),
            "last_ok_ratio": table["ratio"][-1], "last_ok_beta_C": table["beta_C"][-1]}


def svm_margin(x, A) -> float:
    """Distance between x and conv(A) as the hard-margin linear SVM's 2/||w|| (scikit-learn).

    An independent route to Def. 8's margin: the maximal-margin hyperplane separating one point
    from a set has width equal to the distance between their convex hulls.
    """
    from sklearn.svm import SVC

    X = np.vstack([np.asarray(A, float), np.asarray(x, float)[None]])
    y = np.r_[np.zeros(len(A)), 1.0]
    centre = X.mean(axis=0)
    scale = np.abs(X - centre).max()
    clf = SVC(kernel="linear", C=1e10, tol=1e-10, max_iter=-1).fit((X - centre) / scale, y)
    return float(2.0 / np.linalg.norm(clf.coef_) * scale)


def sklearn_scores(X, labels) -> dict:
    """scikit-learn's silhouette (Euclidean) and Calinski–Harabasz scores of a labelled set.

    scikit-learn returns CH = 1 when the within-cluster scatter is 0 (the paper: x/0 = inf)."""
    from sklearn.metrics import calinski_harabasz_score, silhouette_score

    X = np.asarray(X, dtype=float)
    return {"silhouette": float(silhouette_score(X, labels, metric="euclidean")),
            "calinski_harabasz": float(calinski_harabasz_score(X, labels))}
