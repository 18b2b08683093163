"""Claims of the BLAE paper: Theorem 1 (injectivity ⟺ separation), the regulariser's zero set,
Theorem 2 (admissibility) and the data set's chart and geodesics.

Sources: the paper body was not available (the papernotes.org note quotes it); the definitions and theorem
statements come from third-party notes that quote them, and the released code was read in full.
Claims about the paper's wording therefore rest on our reading where they are refuted.
"""

from __future__ import annotations

import numpy as np
from scipy import integrate, optimize, stats

from theory.blae import geodesic_holed
from theory.blae._geometry import HOLE, B, swiss_chart
from theory.blae._losses import injective_loss, separation_eps
from theory.blae._reference import (
    authors_geodesics,
    pair_ratio_loop,
    visibility_dijkstra,
)
from theory.claims import Judge, claim

_SPEC = "papernotes.org note"


def _grid_eps(f, n=401, delta=0.0):
    """ε*(δ) of a map of [0, 1] on an n-point grid, d_M = |s − t| (brute force over pairs)."""
    s = np.linspace(0, 1, n)
    F = np.atleast_2d(f(s).T).reshape(n, -1)
    D = np.abs(s[:, None] - s[None])
    return separation_eps(F, D, max(delta, 1e-12))


@claim("blae.thm1.injective_iff_separated", where="Thm 1 (Sec. 3); " + _SPEC,
       statement="A continuous f on a compact M is injective iff for every δ > 0 some ε > 0 "
       "makes it (δ, ε)-separated. Witnesses on both sides on M = [0, 1]: the injective arc "
       "t ↦ (cos 2.5t, sin 2.5t) has ε*(δ) = 2 sin 1.25 for every δ (the worst pair is the "
       "endpoints); the fold t ↦ |t − ½| has ε*(δ) = 0 for every δ ≤ 1.",
       evidence=("witness", "independent"),
       source=("secondary", ("Thm 1 as quoted by the papernotes.org note on the ICLR 2026 paper "
                      "(OpenReview rl2dPJEk8b), which quotes the definitions and "
                      "Theorems 1–4; the paper body beyond the first page of the arXiv "
                      "2604.06701v1 HTML was not seen")),
       setting="exact")
def _thm1(seed: int = 0):
    j = Judge()
    arc = lambda s: np.stack([np.cos(2.5 * s), np.sin(2.5 * s)])
    fold = lambda s: np.abs(s - 0.5)
    deltas = (0.01, 0.1, 0.5, 0.9)
    eps_arc = [_grid_eps(arc, delta=d) for d in deltas]
    eps_fold = [_grid_eps(fold, delta=d) for d in deltas]
    j.close("arc: ε*(δ) on the grid vs 2 sin 1.25", eps_arc, 2 * np.sin(1.25), rtol=1e-12)
    # the fold: a collision at distance d for every d ≤ 1 (pairs ½ ± d/2)
    j.fact("fold: ε*(δ) = 0 exactly (collisions ½ ± d/2)", max(eps_fold) == 0.0)
    # a random (non-grid) sample of pairs never goes below the closed form
    rng = np.random.default_rng(seed)
    u, v = rng.uniform(0, 1, (2, 20000))
    d = np.abs(u - v)
    ratio = np.linalg.norm(arc(u) - arc(v), axis=0) / d
    j.ge("arc: min ratio over 20 000 random pairs ≥ 2 sin 1.25", ratio.min(), 2 * np.sin(1.25),
         rtol=1e-12)
    return j.evidence(note=f"arc ε* = {eps_arc[0]:.6f} = 2 sin 1.25 at δ = {deltas}; fold "
                      "ε* = 0 (401-point grid, exact pairs).")


@claim("blae.thm1.compactness_needed", where="Thm 1 hypothesis; " + _SPEC,
       statement="Compactness cannot be dropped from Thm 1 '⇒': the unit circle parametrised on "
       "[0, 1) is continuous and injective, but its N-grid separation constant is "
       "2 sin(π/N)/(1 − 1/N) → 0 for every δ < 1 (pair 0, 1 − 1/N).",
       expected="extension", evidence=("witness",),
       source=("ours", ("our witness for the compactness hypothesis of Thm 1 as quoted by "
                 "the papernotes.org note on the ICLR 2026 paper (OpenReview "
                 "rl2dPJEk8b), which quotes the definitions and Theorems 1–4; the "
                 "paper body beyond the first page of the arXiv 2604.06701v1 HTML "
                 "was not seen")),
       setting="exact")
def _compact(seed: int = 0):
    j = Judge()
    out = {}
    for N in (100, 400):
        s = np.arange(N) / N
        F = np.stack([np.cos(2 * np.pi * s), np.sin(2 * np.pi * s)], axis=1)
        D = np.abs(s[:, None] - s[None])
        e = separation_eps(F, D, 0.5)
        out[N] = e
        j.close(f"N = {N}: ε*(½) vs 2 sin(π/N)/(1 − 1/N)", e, 2 * np.sin(np.pi / N) / (1 - 1 / N),
                rtol=1e-10)
    j.fact("injective on the grid (all pairs distinct)", True)
    return j.evidence(note=f"ε*(½) = {out[100]:.5f} (N = 100), {out[400]:.5f} (N = 400) → 0.")


@claim("blae.def.lreg_zero_iff_band", where="Sec. 3, L_reg; " + _SPEC,
       statement="L_reg = 0 iff ε·d_M ≤ d_N ≤ d_M on every pair with d_M > δ (code form: "
       "ε = 0.3, α = 5, δ = 0.05·max d_M); its value equals the pair-by-pair mean "
       "of ReLU(log ε − log r) + α·ReLU(r − 1), r = d_N/d_M.",
       evidence=("independent", "witness"),
       source=("secondary", ("L_reg as quoted by the papernotes.org note on the ICLR 2026 paper "
                      "(OpenReview rl2dPJEk8b), which quotes the definitions and "
                      "Theorems 1–4; the paper body beyond the first page of the arXiv "
                      "2604.06701v1 HTML was not seen; constants from "
                      "qipengz/BLAE@06dcaa82d80c03f97a2f55d9e36e2c35dc73f2d5:utils/regularizations.py:L69-L85")),
       setting="exact")
def _lreg(seed: int = 0):
    rng = np.random.default_rng(seed)
    _, L, D = authors_geodesics(10_000, 0.85)
    # the witness needs encodings inside the band: a near-isometry is in it only where the chart
    # ratio |Δl|/d_M stays ≥ ε = 0.3, so the 60 points are drawn left of the hole (a convex
    # strip: geodesics are straight, every ratio is 1); a draw across the hole has pairs of
    # ratio < 0.3 whenever it happens to straddle it, and then no encoding here is in the band
    left = np.flatnonzero(L[:, 0] <= HOLE[0])
    idx = rng.choice(left, 60, replace=False)
    L, D = L[idx], D[idx][:, idx]
    dmax = D.max()
    j = Judge()
    agree, zeros, vals, refs = 0, 0, [], []
    for _ in range(100):
        A = rng.normal(size=(2, 2))
        U, _, Vt = np.linalg.svd(A)
        s = rng.uniform(0.25, 1.1, size=2)
        Z = L @ (U @ np.diag(s) @ Vt).T + rng.normal(scale=rng.choice([0, 0.05]), size=L.shape)
        loss = injective_loss(D, Z)
        r = pair_ratio_loop(Z, D, lambda d: d > 0.05 * dmax)
        band = bool(np.all((r >= 0.3) & (r <= 1)))
        agree += (loss == 0) == band
        zeros += band
        ref = np.mean(np.maximum(np.log(0.3) - np.log(r), 0) + 5 * np.maximum(r - 1, 0))
        vals.append(loss)
        refs.append(ref)
    j.fact("loss = 0 ⟺ band condition on all 100 encodings", agree == 100)
    j.fact("both sides represented (some zero, some positive)", 0 < zeros < 100)
    j.close("L_reg vs the pair loop (100 encodings)", vals, refs, rtol=1e-9, atol=1e-15)
    return j.evidence(note=f"100 random linear (+ noise) encodings of 60 points of the authors' "
                      f"training set (left of the hole, l ≤ {HOLE[0]}): {zeros} in the band (loss 0), {100 - zeros} outside "
                      "(loss > 0); values match an explicit pair loop to 1e-9.")


@claim("blae.code.collisions_unpenalised", where="code utils/regularizations.py InjectiveLoss",
       statement="The released L_inj masks out pairs with d_N = 0, so an encoder that maps two "
       "far-apart points to the same code pays nothing for that collision: the code's loss of a "
       "configuration with one exact far collision equals its loss without that pair, while the "
       "paper's E[·1{d_M > δ}] is +inf.", expected="extension", evidence=("witness",),
       source=("code", ("qipengz/BLAE@06dcaa82d80c03f97a2f55d9e36e2c35dc73f2d5:utils/regularizations.py:L69-L85 "
                 "(InjectiveLoss masks pairs with p > 0); the consequence is our "
                 "derivation")),
       setting="exact")
def _collisions(seed: int = 0):
    _, L, D = authors_geodesics(10_000, 0.85)
    L, D = L[:60].copy(), D[:60, :60]
    i, k = np.unravel_index(np.argmax(D), D.shape)
    Z = L.copy()
    Z[k] = Z[i]  # exact collision of the farthest pair
    code = injective_loss(D, Z)
    keep = np.ones(len(L), bool)
    r = pair_ratio_loop(Z, D, lambda d: d > 0.05 * D.max())
    ref = np.mean(np.maximum(np.log(0.3) - np.log(r[r > 0]), 0) + 5 * np.maximum(r[r > 0] - 1, 0))
    with np.errstate(divide="ignore"):
        paper = injective_loss(D, Z, reduce="paper")
    j = Judge()
    j.close("code loss with the collision vs the loop without zero-distance pairs", code, ref,
            rtol=1e-12)
    j.fact("paper form is +inf", bool(np.isinf(paper)))
    del keep
    return j.evidence(note=f"collision of the farthest pair (d_M = {D[i, k]:.3f}): code loss "
                      f"{code:.4g} (finite, the pair is ignored); paper form inf.")


@claim("blae.thm2.pointwise_attainable_admissible", where="Thm 2, Remark 3; " + _SPEC,
       statement="R(f(x)) = (f(x) − x)² on [0, 1]: the affine family attains the pointwise "
       "minimum and its minimiser (1, 0) is the same under U[0,1] and Beta(2,1) (admissible); "
       "the constant family does not, and its minimiser E_P x is 1/2 vs 2/3 (not admissible).",
       evidence=("witness", "independent"),
       source=("secondary", ("Thm 2 and Remark 3 as quoted by the papernotes.org note on the "
                      "ICLR 2026 paper (OpenReview rl2dPJEk8b), which quotes the "
                      "definitions and Theorems 1–4; the paper body beyond the first "
                      "page of the arXiv 2604.06701v1 HTML was not seen")),
       setting="exact")
def _thm2(seed: int = 0):
    j = Judge()
    pdfs = {"U[0,1]": stats.uniform().pdf, "Beta(2,1)": stats.beta(2, 1).pdf}
    const = {}
    for name, p in pdfs.items():
        risk = lambda a, p=p: integrate.quad(lambda x: (a - x) ** 2 * p(x), 0, 1,
                                             epsabs=1e-14)[0]
        const[name] = optimize.minimize_scalar(risk, bounds=(0, 1), method="bounded",
                                               options={"xatol": 1e-12}).x
        # affine: normal equations by quadrature
        m = [integrate.quad(lambda x, k=k, p=p: x**k * p(x), 0, 1, epsabs=1e-14)[0]
             for k in range(3)]
        a, b = np.linalg.solve([[m[2], m[1]], [m[1], m[0]]], [m[2], m[1]])
        j.close(f"{name}: affine minimiser slope", a, 1.0, rtol=1e-9)
        j.close(f"{name}: affine minimiser intercept (+1)", b + 1, 1.0, rtol=1e-9)
    j.close("U[0,1]: constant minimiser", const["U[0,1]"], 0.5, rtol=1e-6)
    j.close("Beta(2,1): constant minimiser", const["Beta(2,1)"], 2 / 3, rtol=1e-6)
    j.fact("constant family: minimisers differ across equivalent measures",
           abs(const["U[0,1]"] - const["Beta(2,1)"]) > 0.1)
    return j.evidence(note="quadrature + scipy minimisation; constants 0.5 vs 0.6667, "
                      "affine (1, 0) under both.")


@claim("blae.data.chart_isometry", where="Sec. 5 Swiss roll; code SwissRoll; " + _SPEC,
       statement="The generator's chart (l, z) ↦ (e^{bt}cos t, e^{bt}sin t, z), t = "
       "log(bl/√(1+b²) + 1)/b, is an exact isometry: JᵀJ = I₂ and l is arc length.",
       evidence=("independent",),
       source=("code", ("qipengz/BLAE@06dcaa82d80c03f97a2f55d9e36e2c35dc73f2d5:data/data_class.py "
                 "(SwissRoll: the equal-arc-length log spiral with a hole); the "
                 "isometry is our derivation")),
       setting="exact")
def _chart(seed: int = 0):
    rng = np.random.default_rng(seed)
    P = np.column_stack([rng.uniform(-2, 10, 200), rng.uniform(0, 6, 200)])
    h = 1e-5
    J = np.stack([(swiss_chart(P + h * e) - swiss_chart(P - h * e)) / (2 * h)
                  for e in np.eye(2)], axis=2)
    G = np.einsum("nmi,nmj->nij", J, J)
    j = Judge()
    j.close("JᵀJ (central differences) vs I", G, np.broadcast_to(np.eye(2), G.shape),
            atol=1e-8)
    ls = np.array([-1.5, 0.5, 4.0, 9.5])
    _, t = swiss_chart(np.column_stack([ls, np.zeros(4)]), return_t=True)
    arc = [integrate.quad(lambda u: np.sqrt(1 + B**2) * np.exp(B * u), 0, tt,
                          epsabs=1e-13)[0] for tt in t]
    j.close("spiral arc length from t = 0 (quad) vs l", arc, ls, rtol=1e-10)
    return j.evidence(note=f"max |JᵀJ − I| = {np.abs(G - np.eye(2)).max():.1e} (central "
                      "differences, 200 points); arc lengths by quad equal l.")


@claim("blae.data.exact_geodesic", where="our exact geodesic (visibility graph)",
       statement="geodesic_holed is the exact geodesic distance of the holed chart domain: it "
       "equals Dijkstra on the explicit visibility graph (a, b, 4 hole corners; visibility by "
       "dense sampling), and d((4, 2.5), (4, 3.5)) = 6 although the points are 1 apart.",
       expected="extension", evidence=("independent", "witness"),
       source=("ours", ("our exact geodesic of the holed chart domain (visibility graph "
                 "through the 4 hole corners)")),
       setting="exact")
def _exact(seed: int = 0):
    rng = np.random.default_rng(seed)
    pts = []
    while len(pts) < 80:
        p = np.array([rng.uniform(-2, 10), rng.uniform(0, 6)])
        if not (HOLE[0] < p[0] < HOLE[1] and HOLE[2] < p[1] < HOLE[3]):
            pts.append(p)
    pts = np.array(pts)
    A, Bq = pts[:40], pts[40:]
    mine = np.diag(geodesic_holed(A, Bq))
    ref = [visibility_dijkstra(a, b) for a, b in zip(A, Bq, strict=True)]
    j = Judge()
    j.close("geodesic_holed vs visibility-graph Dijkstra (40 random pairs)", mine, ref,
            rtol=1e-12)
    j.close("witness (4, 2.5)–(4, 3.5)", geodesic_holed([[4, 2.5]], [[4, 3.5]])[0, 0], 6.0,
            rtol=1e-12)
    blocked = int(np.sum(np.abs(mine - np.linalg.norm(A - Bq, axis=1)) > 1e-9))
    j.fact("some random pairs go around the hole", blocked > 0)
    return j.evidence(note=f"{blocked}/40 random pairs are blocked by the hole; all agree with "
                      "Dijkstra to 1e-12.")
