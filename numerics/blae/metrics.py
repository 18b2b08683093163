"""Evaluation of an embedding against the holed Swiss roll's exact geometry (numpy/scipy)."""

from __future__ import annotations

import numpy as np
from scipy.stats import spearmanr

from theory._norms import euclidean_norms, pow2_scaled
from theory.blae import knn_recall
from theory.validation import check_array, check_same_length, invalid

KS = (5, 10, 20)


def similarity_procrustes(Z, L):
    """RMS distance (chart units) between ``L`` and the best similarity transform of ``Z``
    (rotation/reflection, scale, translation).

    Invariant to Z's scale and covariant in L's: both are brought to a power-of-two scale near 1
    first when their entries lie outside [2^-200, 2^200] (Z ~ 1e200 squared to inf and gave the
    RMS of L itself, Z ~ 1e-200 gave NaN). A constant Z (one point) maps every row to L's mean:
    the RMS of L about its mean (it was NaN, 0/0)."""
    Z = check_array(Z, "Z", "similarity_procrustes")
    L = check_array(L, "L", "similarity_procrustes")
    check_same_length("similarity_procrustes", Z=Z, L=L)
    if Z.shape[1] < L.shape[1]:
        raise invalid("Z", "similarity_procrustes", f"an array with at least {L.shape[1]} "
                      "columns (one per column of L)", f"<array of shape {Z.shape}>")
    Z, _ = pow2_scaled(Z)
    L, e = pow2_scaled(L)
    Zc, Lc = Z - Z.mean(0), L - L.mean(0)
    ss = (Zc**2).sum()
    if ss == 0:
        return float(np.ldexp(np.sqrt(np.mean(np.sum(Lc**2, axis=1))), e))
    U, s, Vt = np.linalg.svd(Zc.T @ Lc, full_matrices=False)
    R = U @ Vt
    scale = s.sum() / ss
    return float(np.ldexp(np.sqrt(np.mean(np.sum((scale * Zc @ R - Lc) ** 2, axis=1))), e))



def evaluate(Z, L, D_exact, *, X=None, Xh=None, J=None, delta_frac=0.05, eps=0.3):
    """Metrics of our pilot's table: kNN recall (exact geodesics in X vs Euclidean in Z, k = 5,
    10, 20), Spearman ρ of all pair distances, share of far pairs (d_M > 5 % max) whose ratio
    d_N/d_M is below ε × the median ratio (scale-free), Procrustes RMS to (l, z), MSE, and the
    5–95 % range of the decoder's singular values."""
    Z = check_array(Z, "Z", "evaluate", min_rows=2)
    iu = np.triu_indices(len(Z), 1)
    # scaled norms: codes ~1e200 gave inf distances (knn_recall then refused 'D_Z')
    dZ = euclidean_norms(Z[:, None] - Z[None], axis=2)
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
