"""Registered claims of the t-SNE paper."""

from __future__ import annotations

import numpy as np
from scipy.spatial.distance import cdist

from theory.claims import Evidence, claim
from theory.tsne._affinities import joint_probabilities


@claim("tsne.lemma17.additive_invariance", where="Lemma 17",
       statement="Adding a constant C ≥ 0 to every off-diagonal squared distance leaves the "
       "t-SNE affinities P (hence the set of stationary points) unchanged.")
def _additive_invariance(seed: int = 0):
    rng = np.random.default_rng(seed)
    X = np.vstack([rng.normal(0, 1, (30, 5)), rng.normal(4, 1, (30, 5))])
    D = cdist(X, X, "sqeuclidean")
    off = 1 - np.eye(len(X))
    measured, worst = {}, 0.0
    for perp in (5.0, 30.0):
        P = joint_probabilities(D, perp)
        for C in (50.0, 1e4 * D.max()):
            dP = np.abs(joint_probabilities(D + C * off, perp) - P).max()
            measured[f"max|dP| rho={perp:g} C={C:.3g}"] = float(dP)
            worst = max(worst, dP)
    # The shifted input itself is rounded to ~eps*C; P may move by that much and no more.
    tol = 1e-10
    return Evidence(worst <= tol, measured, {"max|dP|": f"<= {tol}"}, tol,
                    "own float64 P with row-minimum subtraction, two-blob X (n=60, R^5)")
