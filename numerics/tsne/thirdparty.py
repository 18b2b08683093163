"""Third-party affinity computations (scikit-learn, openTSNE) and independent cross-checks.

scikit-learn's exact ``_joint_probabilities`` and openTSNE's ``compute_gaussian_perplexity``
exponentiate :math:`-\\beta D_{ij}` without subtracting the row minimum. Mathematically that is
shift-invariant (Lemma 17); in floating point, once :math:`\\beta C` is large the factor
:math:`e^{-\\beta C}` underflows (scikit-learn) or meets an additive 2.2e-16 in the row sum
(openTSNE), and P changes. :func:`shift_breakdown` measures where. Torch-free.
"""

from __future__ import annotations

import numpy as np

from iclr26_verify import experiment
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


@experiment
def shift_breakdown(n: int = 100, perplexity: float = 30.0, seed: int = 0,
                    beta_C: tuple = (1, 3, 10, 20, 30, 50, 100, 300, 500, 700, 1000, 3000, 1e5)):
    r"""max|P(D + C(11^T - I)) - P(D)| for each implementation, over C = beta_C / max_i beta_i.

    :math:`\beta_i C` is the exponent :math:`e^{-\beta_i C}` that implementations exponentiating
    D itself carry in every weight of row i; it, not C/max(D), says when they break down.

    The data: two Gaussian blobs in R^10 (n/2 points each, means 0 and 3 e_1).

    Returns
    -------
    dict with 'beta_C', 'C', 'ratio' (C / max D), one column 'dP_<impl>' per implementation, 'beta_max', 'max_D' and
    'dP_sklearn_vs_ours' (at C = 0).
    """
    D = sq_distances(_blobs(n, seed))
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


#: exp(-x) leaves the normal float64 range (becomes subnormal) for x > -log(2.2250738585072014e-308).
SUBNORMAL_EXPONENT = 708.3964185322641
#: -log of the smallest subnormal 4.94e-324: a subnormal e^{-x} has relative precision e^{x - this}.
DENORMAL_FLOOR_EXPONENT = 744.4400719213812


def _blobs(n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    X = np.vstack([rng.normal(0, 1, (n // 2, 10)), rng.normal(0, 1, (n - n // 2, 10))])
    X[n // 2:, 0] += 3.0
    return X


@experiment
def locate_breakdown(impl: str, threshold: float = 1e-6, rel: float = 0.01, n: int = 100,
                     perplexity: float = 30.0, seed: int = 0) -> dict:
    r"""Bisect (in log β·C) for the shift at which ``impl``'s P first moves by > ``threshold``.

    The criterion, fixed before looking: :math:`\max|P(D + C(11^\top - I)) - P(D)| > 10^{-6}`
    with :math:`C = (\beta C) / \max_i \beta_i`. The bracket comes from :func:`shift_breakdown`'s
    grid (last point at or below the threshold, first above); bisection stops when the bracket's
    ratio is at most ``1 + rel``. The error need not be monotone in C: the bisection locates *a*
    crossing inside the bracket.

    Returns
    -------
    dict: 'lo', 'hi' (β·C either side), 'dP_lo', 'dP_hi', 'jump' (dP_hi / dP_lo), 'evaluations',
    'subnormal_prediction' (the smallest β·C at which some row's largest weight
    :math:`e^{-\beta_i (C + \min_j D_{ij})}` becomes subnormal, with our β_i),
    'precision_prediction' (the β·C at which that weight's subnormal rounding alone moves P by
    ``threshold``; meaningful for implementations exponentiating D, like scikit-learn) and
    'grid' (the bracket's grid values).
    """
    table = shift_breakdown(n, perplexity, seed)
    f = IMPLEMENTATIONS[impl]
    X = _blobs(n, seed)
    D = sq_distances(X)
    off = 1.0 - np.eye(n)
    beta, _ = calibrate(D, perplexity)
    base = f(D, perplexity)

    def dP(bc):
        return float(np.abs(f(D + (bc / beta.max()) * off, perplexity) - base).max())

    col = table[f"dP_{impl}"]
    first = next((i for i, v in enumerate(col) if v > threshold), None)
    if first is None or first == 0:
        raise ValueError(f"{impl}: no bracket for the breakdown on the grid {table['beta_C']}")
    lo, hi = table["beta_C"][first - 1], table["beta_C"][first]
    d_lo, d_hi, evals = col[first - 1], col[first], 0
    while hi / lo > 1 + rel:
        mid = float(np.sqrt(lo * hi))
        d = dP(mid)
        evals += 1
        if d > threshold:
            hi, d_hi = mid, d
        else:
            lo, d_lo = mid, d
    dmin = np.where(np.eye(n, dtype=bool), np.inf, D).min(axis=1)
    pred = float(np.min(beta.max() * (SUBNORMAL_EXPONENT / beta - dmin)))
    # A row's largest weight e^{-x}, x = beta_i (C + d_min), once subnormal, is rounded to a
    # relative e^{x - 744.44}; its joint entry max_j P_{j|i} / (2n) then moves by that fraction.
    # The criterion is first met where max_j P_{j|i} e^{x - 744.44} / (2n) = threshold.
    _, Pc = calibrate(D, perplexity)
    x = DENORMAL_FLOOR_EXPONENT + np.log(2 * n * threshold / Pc.max(axis=1))
    precision = float(np.min(beta.max() * (x / beta - dmin)))
    return {"lo": lo, "hi": hi, "dP_lo": d_lo, "dP_hi": d_hi, "jump": d_hi / max(d_lo, 1e-300),
            "evaluations": evals, "subnormal_prediction": pred,
            "precision_prediction": precision,
            "grid": {"beta_C": table["beta_C"], "dP": col}}


def growth_slope(impl: str, lo: float, hi: float, n: int = 100, perplexity: float = 30.0,
                 seed: int = 0, points: int = 6) -> float:
    r"""Least-squares slope of :math:`\log_{10}\max|\Delta P|` against β·C on [lo, hi].

    An error :math:`\propto e^{\beta C}` (a constant added to a row sum of weights
    :math:`\propto e^{-\beta C}`) has slope :math:`1/\ln 10 = 0.434`.
    """
    f = IMPLEMENTATIONS[impl]
    D = sq_distances(_blobs(n, seed))
    off = 1.0 - np.eye(n)
    beta, _ = calibrate(D, perplexity)
    base = f(D, perplexity)
    bcs = np.linspace(lo, hi, points)
    logs = [np.log10(np.abs(f(D + (bc / beta.max()) * off, perplexity) - base).max())
            for bc in bcs]
    return float(np.polyfit(bcs, logs, 1)[0])


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
