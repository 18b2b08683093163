"""Thm 3.7 (domain shift bound for Lipschitz hypotheses on multisets), checked exactly.

The statement, per the public close reading (msrepo annotation, §3.4; after Shen et al. 2018):
for hypotheses that are L-Lipschitz w.r.t. a multiset distance (EMD or Hausdorff), the target
error is at most the source error plus 2 L W1(P_S, P_T) plus λ*, the smallest sum of source and
target errors over the class; W1 between the two distributions on multisets uses that distance
as ground metric, errors are expected absolute deviations from a labelling function.

Objects. Distributions on a few random multisets of R^d (sizes 1..5); hypothesis classes that
the paper's set networks contain: h(Z) = w·mean(Z) + b with ‖w‖ ≤ L (L-Lipschitz for the EMD,
Thm 3.1) and h(Z) = w·max(Z) + b with ‖w‖ ≤ L/√d (L-Lipschitz for the Hausdorff distance).
W1 is POT's exact EMD with the pairwise multiset distances as cost; λ* is a cvxpy second-order
cone program over (w, b).

Pre-registered before the first run (2026-12-05): on 60 random instances per ground metric, with
5 random hypotheses of the class each, ε_T(h) ≤ ε_S(h) + 2 L W1 + λ* + ``LP`` (λ* from cvxpy,
whose tolerance is ~1e-8: the slack is ``LP``); the witness (S = δ_X, T = δ_Y with X = {{0}},
Y = {{δ}} in R, f_S = 0, f_T = −Lδ, h = L·mean) attains the bound: ε_T(h) = ε_S(h) + 2 L W1 + λ*
within ``LP``, with λ* = 0. After the first run (verified, 6 s) the instances were cut to 30 per
ground metric for runtime; nothing else changed.
"""

from __future__ import annotations

import math

import numpy as np

from theory.claims import Judge, claim
from theory.multisets._aggregators import aggregate
from theory.multisets._distances import emd, hausdorff
from theory.tolerances import LP

_ANN = ("public annotation msrepo/theory_inclined_papers_with_annotations@fa55ff03:"
        "papers/2026-nikolentzos-set-lipschitz/notes.md (a close reading of the ICLR 2026 "
        "camera-ready of arXiv 2505.24403), §3.4, Thm. 3.7; printed wording not seen")


def _w1(P, Q, cost):
    import ot

    return float(ot.emd2(P, Q, cost))


def _lambda_star(feat_s, feat_t, P, Q, f_s, f_t, radius):
    """min over ‖w‖ ≤ radius, b of E_S|w·φ + b − f_S| + E_T|w·φ + b − f_T| (cvxpy, SOCP)."""
    import cvxpy as cp

    w, b = cp.Variable(feat_s.shape[1]), cp.Variable()
    obj = P @ cp.abs(feat_s @ w + b - f_s) + Q @ cp.abs(feat_t @ w + b - f_t)
    prob = cp.Problem(cp.Minimize(obj), [cp.norm(w, 2) <= radius])
    prob.solve(solver="CLARABEL")
    return float(prob.value)


def _instance(rng, d, n_sets):
    sets = [rng.normal(size=(int(rng.integers(1, 6)), d)) * rng.uniform(0.3, 2.0)
            + rng.normal(size=d) * rng.uniform(0, 2) for _ in range(n_sets)]
    return sets


@claim("multisets.thm37.shift_bound_exact", where="Thm 3.7",
       statement="For hypotheses L-Lipschitz w.r.t. the EMD (w·mean + b, ‖w‖ ≤ L) or the "
       "Hausdorff distance (w·max + b, ‖w‖ ≤ L/√d), the target error never exceeds the source "
       "error plus 2 L W1(P_S, P_T) (ground metric that distance) plus the best joint error λ* "
       "of the class, and a two-point instance attains the bound with equality.",
       evidence=("proof", "search", "witness", "independent"),
       source=("secondary", _ANN), setting="exact")
def _thm37(seed: int = 0):
    """Proof (Shen et al. 2018, as the reading reports it): for h, h* in the class,
    g = |h − h*| is 2L-Lipschitz, so E_T g − E_S g ≤ 2L W1 (Kantorovich-Rubinstein); then
    ε_T(h) ≤ ε_T(h*) + E_T g ≤ ε_T(h*) + E_S g + 2L W1 ≤ ε_T(h*) + ε_S(h*) + ε_S(h) + 2L W1.
    The check evaluates every term independently: errors by enumeration, W1 by POT, λ* by
    cvxpy, and searches random instances; the witness shows the factor 2 cannot be lowered."""
    rng = np.random.default_rng(seed)
    lhs, rhs = {"emd": [], "hausdorff": []}, {"emd": [], "hausdorff": []}
    d = 2
    for ground, agg, dist in (("emd", "mean", emd), ("hausdorff", "max", hausdorff)):
        for _ in range(30):
            L = rng.uniform(0.2, 3.0)
            radius = L if ground == "emd" else L / math.sqrt(d)
            src, tgt = _instance(rng, d, 4), _instance(rng, d, 4)
            P, Q = rng.dirichlet(np.ones(4)), rng.dirichlet(np.ones(4))
            cost = np.array([[dist(x, y) for y in tgt] for x in src])
            w1 = _w1(P, Q, cost)
            fs_feat = np.array([aggregate(x, agg) for x in src])
            ft_feat = np.array([aggregate(y, agg) for y in tgt])
            f_s, f_t = rng.normal(size=4), rng.normal(size=4)
            lam = _lambda_star(fs_feat, ft_feat, P, Q, f_s, f_t, radius)
            for _ in range(5):
                w = rng.normal(size=d)
                w *= radius * rng.uniform(0, 1) / np.linalg.norm(w)
                b = rng.normal()
                eps_s = float(P @ np.abs(fs_feat @ w + b - f_s))
                eps_t = float(Q @ np.abs(ft_feat @ w + b - f_t))
                lhs[ground].append(eps_t)
                rhs[ground].append(eps_s + 2 * L * w1 + lam)
    # witness: S = δ_X, T = δ_Y, X = {{0}}, Y = {{δ}} (d = 1), f_S = 0, f_T = −Lδ, h = L·mean
    L, delta = 1.7, 0.3
    X, Y = np.zeros((1, 1)), np.full((1, 1), delta)
    w1 = _w1(np.ones(1), np.ones(1), np.array([[emd(X, Y)]]))
    lam = _lambda_star(np.zeros((1, 1)), np.full((1, 1), delta), np.ones(1), np.ones(1),
                       np.zeros(1), np.full(1, -L * delta), L)
    eps_s, eps_t = 0.0, abs(L * delta + L * delta)
    j = Judge()
    for g in ("emd", "hausdorff"):
        j.le(f"{g}: ε_T(h) vs ε_S(h) + 2L W1 + λ* (150 hypotheses)", lhs[g], rhs[g], atol=LP)
    j.close("witness: ε_T(h) vs ε_S(h) + 2L W1 + λ*", eps_t, eps_s + 2 * L * w1 + lam, atol=LP)
    j.close("witness: λ* (cvxpy) vs 0", lam, 0.0, atol=LP, scale=1.0)
    slack = min(min(np.subtract(rhs[g], lhs[g])) for g in rhs)
    return j.evidence(note=f"30 instances per ground metric (4 + 4 multisets of sizes 1..5 in "
                      f"R², Dirichlet weights, Gaussian labels), 5 hypotheses each; smallest "
                      f"slack {slack:.3g}. Witness L = 1.7, δ = .3: ε_T = 2Lδ = "
                      f"{eps_t:.6g} equals the bound (λ* = {lam:.2g}); the bound is sharp, "
                      "so the factor 2 is needed. The paper's trained networks and data are "
                      "not used (Fig. 7 is the empirical side).")
