"""Evaluation of an embedding against the holed Swiss roll's exact geometry (numpy/scipy)."""

from __future__ import annotations

import numpy as np
from scipy.stats import spearmanr

from theory.blae import knn_recall

KS = (5, 10, 20)


def similarity_procrustes(Z, L):
    """RMS distance (chart units) between ``L`` and the best similarity transform of ``Z``
    (rotation/reflection, scale, translation)."""
    Zc, Lc = Z - Z.mean(0), L - L.mean(0)
    U, s, Vt = np.linalg.svd(Zc.T @ Lc)
    R = U @ Vt
    scale = s.sum() / (Zc**2).sum()
    return float(np.sqrt(np.mean(np.sum((scale * Zc @ R - Lc) ** 2, axis=1))))


def evaluate(Z, L, D_exact, *, X=None, Xh=None, J=None, delta_frac=0.05, eps=0.3):
    """Metrics of our pilot's table: kNN recall (exact geodesics in X vs Euclidean in Z, k = 5,
    10, 20), Spearman ρ of all pair distances, share of far pairs (d_M > 5 % max) whose ratio
    d_N/d_M is below ε × the median ratio (scale-free), Procrustes RMS to (l, z), MSE, and the
    5–95 % range of the decoder's singular values."""
    iu = np.triu_indices(len(Z), 1)
    dZ = np.linalg.norm(Z[:, None] - Z[None], axis=2)
    dm, dz = D_exact[iu], dZ[iu]
    far = dm > delta_frac * dm.max()
    r = dz[far] / dm[far]
    out = {"knn": knn_recall(D_exact, dZ, KS),
           "spearman": float(spearmanr(dm, dz).statistic),
           "violations": float(np.mean(r < eps * np.median(r))),
           "procrustes": similarity_procrustes(Z, L)}
    if X is not None and Xh is not None:
        out["mse"] = float(np.mean(np.sum((X - Xh) ** 2, axis=1)))
    if J is not None:
        s = np.linalg.svd(J, compute_uv=False).ravel()
        out["sigma_lo"], out["sigma_hi"] = (float(v) for v in np.percentile(s, [5, 95]))
    return out
