"""Claims on the geometry of EF21-Muon: the LMOs, dual norms and sharp operators against convex
solves, the norm-equivalence constant, the compressors' contraction constants (witnesses that
attain them and searches that do not exceed them), and the Newton–Schulz gap.

The paper body (arXiv 2510.00643) was not seen; the statements rest on the abstract, two public
summaries (papernotes.org, the zij optimizer-canon page) and the public OpenReview reviews. The
LMO/dual-norm facts are standard convex analysis and do not depend on the paper's wording.
"""

from __future__ import annotations

import functools
import itertools

import numpy as np

from theory.claims import Judge, claim
from theory.ef21_muon._compress import (
    contraction_alpha,
    natural,
    natural_omega,
    natural_variance,
    rank_r,
    topk,
)
from theory.ef21_muon._lmo import (
    dual_norm,
    lmo,
    newton_schulz5,
    ns_scalar_map,
    polar,
    primal_norm,
    rho_fro,
    sharp,
)
from theory.ef21_muon._reference import lmo_cvxpy, sharp_cvxpy
from theory.tolerances import EXACT, LP

#: Interior-point SDP solves of the spectral ball return the minimiser to ~1e-5 entrywise; the
#: optimal *value* is accurate to LP. Minimisers are compared at this tolerance.
SDP_ARG = 1e-3


@claim("ef21_muon.lmo.spectral", where='§2 (the Muon step as a spectral-norm LMO)',
       statement="The LMO over the spectral-norm unit ball is −UVᵀ (G = UΣVᵀ, thin SVD) and "
       "⟨G, LMO(G)⟩ = −‖G‖_nuc, on Gaussian 5×3, 3×5 and 8×8 matrices.",
       evidence=("independent",),
       source=('secondary', 'the spectral LMO −UVᵀ as given by the zij optimizer-canon page on EF21-Muon (junaidaliop.github.io/zij/math/ef21muon), which gives the update equations, the spectral LMO −UVᵀ and the contractive-compressor definition; printed wording not seen'),
       setting='exact')
def _lmo_spectral(seed: int = 0):
    rng = np.random.default_rng(seed)
    j = Judge()
    for shape in ((5, 3), (3, 5), (8, 8)):
        G = rng.standard_normal(shape)
        Z, val = lmo_cvxpy(G, "spectral")
        j.close(f"LMO {shape} vs CLARABEL argmin", lmo(G), Z, atol=SDP_ARG)
        j.close(f"−‖G‖_nuc {shape} vs CLARABEL optimum", -dual_norm(G), val, rtol=LP)
        j.close(f"⟨G,LMO⟩ {shape} vs CLARABEL optimum", float(np.sum(G * lmo(G))), val, rtol=LP)
    G = np.random.default_rng(0).standard_normal((5, 3))
    j.close("reference value, G = randn(5,3) seed 0", -dual_norm(G), -5.19508720, rtol=1e-8)
    return j.evidence(note="Closed form vs an SDP solve of min ⟨G,Z⟩ s.t. σ_max(Z) ≤ 1; the "
                      "our reference value −5.19508720 is reproduced.")


@claim("ef21_muon.lmo.table", where='§2 (LMOs of the Scion/Gluon geometries)',
       statement="The closed-form LMOs −sign(G) (ℓ∞ ball), −sign(G_ab)e_ab (ℓ1 ball), −G/‖G‖_F, "
       "and the column-normalised −G_:j/‖G_:j‖₂ (ColNorm ball) solve min ⟨G,Z⟩ over their "
       "unit balls, with optimum −‖G‖_* for the dual norms ℓ1, max-abs, Frobenius, Σ_j‖G_:j‖₂.",
       evidence=("independent",),
       source=('secondary', 'the non-Euclidean norm-ball LMOs of Muon/Scion/Gluon named in the arXiv 2510.00643 abstract and the papernotes.org summary of the ICLR 2026 camera-ready (en.papernotes.org/ICLR2026/optimization/error_feedback_for_muon_and_friends); the closed forms are standard; printed wording not seen'),
       setting='exact')
def _lmo_table(seed: int = 0):
    rng = np.random.default_rng(seed)
    j = Judge()
    ref = {"linf": -10.57499382, "fro": -3.60029468, "colnorm": -5.84449842}
    G0 = np.random.default_rng(0).standard_normal((5, 3))
    for norm in ("linf", "l1", "fro", "colnorm"):
        for shape in ((5, 3), (4, 6)):
            G = rng.standard_normal(shape)
            Z, val = lmo_cvxpy(G, norm)
            j.close(f"{norm} {shape}: LMO vs CLARABEL", lmo(G, norm), Z, atol=1e-5)
            j.close(f"{norm} {shape}: −‖G‖_* vs optimum", -dual_norm(G, norm), val, rtol=LP)
            j.le(f"{norm} {shape}: ‖LMO‖ ≤ 1", primal_norm(lmo(G, norm), norm), 1.0,
                 rtol=EXACT)
            j.ge(f"{norm} {shape}: ‖LMO‖ ≥ 1 (on the sphere)",
                 primal_norm(lmo(G, norm), norm), 1.0, rtol=EXACT)
        if norm in ref:
            j.close(f"reference value {norm}", -dual_norm(G0, norm), ref[norm], rtol=1e-8)
    return j.evidence(note="Each closed form vs a CLARABEL solve of the linear problem over the "
                      "ball (8 problems); the LMO lies on the unit sphere; the our reference values "
                      "for randn(5,3) seed 0 are reproduced.")


@claim("ef21_muon.sharp", where='§2 (sharp operator), as discussed in the public reviews',
       statement="G♯ = argmax_X ⟨G,X⟩ − ½‖X‖² equals −‖G‖_*·LMO(G) with optimum ½‖G‖_*², so the "
       "LMO step X + t·LMO(G) is the normalised sharp step X − (t/‖G‖_*)G♯.",
       evidence=("independent",),
       source=('secondary', 'the sharp-operator view of the LMO step, discussed in the public OpenReview reviews of rex7s82Iav; the identity is our derivation; printed wording not seen'),
       setting='exact')
def _sharp(seed: int = 0):
    rng = np.random.default_rng(seed)
    j = Judge()
    for norm in ("spectral", "linf", "colnorm"):
        G = rng.standard_normal((5, 3))
        X, val = sharp_cvxpy(G, norm)
        j.close(f"{norm}: G♯ vs CLARABEL argmax", sharp(G, norm), X,
                atol=SDP_ARG * dual_norm(G, norm))
        j.close(f"{norm}: ½‖G‖_*² vs optimum", 0.5 * dual_norm(G, norm) ** 2, val, rtol=LP)
    return j.evidence(note="The concave problem solved by CLARABEL (spectral: SDP) against the "
                      "closed form −‖G‖_*·LMO(G).")


@claim("ef21_muon.rho.tight", where='norm-equivalence constant ρ (ours)',
       statement="‖Z‖_* ≤ ρ‖Z‖_F with ρ = √min(m,n) (nuclear), √(mn) (entrywise ℓ1) and √n "
       "(Σ_j‖Z_:j‖₂), and ρ is attained (orthonormal columns; the all-ones matrix).",
       evidence=("witness", "search"),
       source=('ours', "our constants ρ with ‖Z‖_* ≤ ρ‖Z‖_F and their witnesses; the paper's own ρ not seen"),
       setting='exact')
def _rho(seed: int = 0):
    rng = np.random.default_rng(seed)
    j = Judge()
    m, n = 6, 4
    Q = np.linalg.qr(rng.standard_normal((m, n)))[0]
    witnesses = {"spectral": Q, "linf": np.ones((m, n)), "colnorm": Q}
    for norm, W in witnesses.items():
        rho = rho_fro((m, n), norm)
        j.close(f"{norm}: witness ratio = ρ", dual_norm(W, norm) / np.linalg.norm(W), rho,
                rtol=1e-12)
        worst = max(dual_norm(Z, norm) / np.linalg.norm(Z)
                    for Z in (rng.standard_normal((m, n)) * rng.exponential(size=(1, n))
                              for _ in range(2000)))
        j.le(f"{norm}: max ratio over 2000 draws ≤ ρ", worst, rho, rtol=EXACT)
    return j.evidence(note="Witnesses attain ρ to 1e-12; 2000 Gaussian draws with random column "
                      "scales per norm stay below it (6×4).")


@claim("ef21_muon.compressor.topk_alpha", where='§2 (contractive compressors)',
       statement="Top-K is contractive with α = K/d pathwise: ‖Top_K(x) − x‖² ≤ (1 − K/d)‖x‖², "
       "with equality for vectors of equal magnitudes.", evidence=("witness", "search"),
       source=('secondary', 'the contractive-compressor definition E‖C(x) − x‖² ≤ (1 − α)‖x‖² as given by the zij optimizer-canon page on EF21-Muon (junaidaliop.github.io/zij/math/ef21muon), which gives the update equations, the spectral LMO −UVᵀ and the contractive-compressor definition; α = K/d for Top-K is classical (Stich et al. 2018); printed wording not seen'),
       setting='exact')
def _topk(seed: int = 0):
    rng = np.random.default_rng(seed)
    j = Judge()
    worst_gap = []
    for d, k in ((24, 2), (24, 6), (24, 12), (64, 5)):
        alpha = contraction_alpha("topk", k, (d,))
        w = rng.choice([-1.0, 1.0], d) * 3.7
        j.close(f"d={d},k={k}: witness ratio", np.sum((topk(w, k) - w) ** 2) / np.sum(w**2),
                1 - alpha, rtol=1e-12)
        xs = [rng.standard_normal(d) * (1 + 1e-3 * rng.standard_normal(d)) for _ in range(300)]
        xs += [rng.standard_normal(d) for _ in range(300)]
        r = max(np.sum((topk(x, k) - x) ** 2) / np.sum(x**2) for x in xs)
        j.le(f"d={d},k={k}: max ratio over 600 draws", r, 1 - alpha, rtol=EXACT)
        worst_gap.append(1 - alpha - r)
    return j.evidence(note="Equal-magnitude witnesses attain 1 − K/d to 1e-12; 600 draws per "
                      f"(d, K), half nearly flat, stay below (closest gap {min(worst_gap):.2e}). "
                      "Our earlier 6×4 values (Top-2 ratio 0.6647 ≤ 0.9167) are one such draw.")


@claim("ef21_muon.compressor.rank_alpha", where='§2 (contractive compressors: low-rank)',
       statement="Rank-r SVD truncation is contractive with α = r/min(m,n) pathwise, with "
       "equality when all singular values are equal; the kept part is the best rank-r "
       "approximation.", evidence=("witness", "search", "independent"),
       source=('secondary', 'the contractive-compressor definition from the zij optimizer-canon page on EF21-Muon (junaidaliop.github.io/zij/math/ef21muon), which gives the update equations, the spectral LMO −UVᵀ and the contractive-compressor definition; α = r/min(m, n) for rank-r truncation is our derivation (Eckart–Young); printed wording not seen'),
       setting='exact')
def _rank(seed: int = 0):
    rng = np.random.default_rng(seed)
    j = Judge()
    for (m, n), r in (((6, 4), 1), ((6, 4), 2), ((10, 7), 3)):
        alpha = contraction_alpha("rank", r, (m, n))
        Q = np.linalg.qr(rng.standard_normal((m, n)))[0] @ np.linalg.qr(
            rng.standard_normal((n, n)))[0]
        j.close(f"{m}×{n},r={r}: witness ratio", np.sum((rank_r(Q, r) - Q) ** 2) / np.sum(Q**2),
                1 - alpha, rtol=1e-10)
        xs = [rng.standard_normal((m, n)) for _ in range(300)]
        worst = max(np.sum((rank_r(x, r) - x) ** 2) / np.sum(x**2) for x in xs)
        j.le(f"{m}×{n},r={r}: max ratio over 300 draws", worst, 1 - alpha, rtol=EXACT)
        # Eckart–Young: the error is the sum of the n − r smallest eigenvalues of XᵀX
        X = xs[0]
        lam = np.linalg.eigvalsh(X.T @ X)
        j.close(f"{m}×{n},r={r}: error vs tail eigenvalues of XᵀX",
                np.sum((rank_r(X, r) - X) ** 2), np.sum(lam[: n - r]), rtol=1e-9)
    return j.evidence(note="Orthonormal witnesses attain 1 − r/min(m,n); 300 Gaussian draws per "
                      "case stay below; the truncation error equals an alternating least "
                      "the sum of the trailing eigenvalues of XᵀX (symmetric eigensolver, independent of the SVD).")


@claim("ef21_muon.compressor.randk_alpha", where='EF21 (Richtárik, Sokolov, Fatkhullin 2021), compressor class used by the paper',
       statement="Rand-K (no rescaling) satisfies E‖C(x) − x‖² = (1 − K/d)‖x‖² for every x.",
       evidence=("independent",),
       source=('secondary', 'Rand-K as a contractive compressor in EF21 (Richtárik, Sokolov, Fatkhullin, NeurIPS 2021), the error-feedback scheme the paper extends (arXiv 2510.00643 abstract); printed wording not seen'),
       setting='exact')
def _randk(seed: int = 0):
    rng = np.random.default_rng(seed)
    j = Judge()
    for d, k in ((7, 2), (8, 3), (10, 1)):
        x = rng.standard_normal(d) * rng.exponential(size=d)
        subsets = list(itertools.combinations(range(d), k))
        exact = np.mean([np.sum(x**2) - np.sum(x[list(s)] ** 2) for s in subsets])
        j.close(f"d={d},k={k}: enumeration of all {len(subsets)} subsets",
                (1 - contraction_alpha("randk", k, (d,))) * np.sum(x**2), exact, rtol=1e-12)
    return j.evidence(note="The expectation computed exactly by enumerating every K-subset.")


@claim("ef21_muon.compressor.natural_omega", where="Horváth et al. 2019 (natural compression), "
       "used as a quantiser in the EF21 line",
       statement="Natural compression is unbiased with E‖C(x) − x‖² ≤ (1/8)‖x‖², tight at "
       "|x_i| = (4/3)·2^e; so C/(1 + 1/8) is contractive with α = 8/9.",
       evidence=("witness", "search", "independent"),
       source=('secondary', 'natural compression (Horváth et al. 2019), a quantiser of the EF21 line; whether the paper uses it was not seen; printed wording not seen'),
       setting='exact')
def _natural(seed: int = 0):
    rng = np.random.default_rng(seed)
    j = Judge()
    w = rng.choice([-1.0, 1.0], 5) * (4 / 3) * np.exp2(rng.integers(-6, 6, 5))
    j.close("witness: exact variance ratio at (4/3)·2^e", natural_variance(w) / np.sum(w**2),
            natural_omega(), rtol=1e-12)
    u = np.linspace(1, 2, 200001)
    j.le("grid search over u ∈ [1, 2]: max (2−u)(u−1)/u²", np.max((2 - u) * (u - 1) / u**2),
         natural_omega(), rtol=EXACT)
    x = rng.standard_normal(6) * 3
    draws = natural(np.broadcast_to(x, (200000, x.size)), rng)
    mc_var = np.mean(np.sum((draws - x) ** 2, axis=1))
    se = np.std(np.sum((draws - x) ** 2, axis=1)) / np.sqrt(len(draws))
    j.close("Monte Carlo variance (2e5 draws) vs exact", natural_variance(x), mc_var,
            atol=4 * se)
    j.close("Monte Carlo mean vs x (unbiased)", draws.mean(axis=0), x,
            atol=4 * float(np.max(draws.std(axis=0))) / np.sqrt(len(draws)))
    j.close("α of the scaled compressor", contraction_alpha("natural", 1, (6,)), 8 / 9,
            rtol=1e-12)
    return j.evidence(note="Per entry the variance is (2^{e+1}−|x|)(|x|−2^e); the ratio peaks at "
                      "|x| = (4/3)2^e with value 1/8 exactly (witness, and a 2e5-point grid); "
                      "the exact variance agrees with 2e5 Monte Carlo draws within 4 SE. "
                      "(The maximiser of the variance itself is 1.5·2^e, ratio 1/9: not the "
                      "sup of the ratio.)")


@claim("ef21_muon.ns.inexact", where='Newton–Schulz vs the exact LMO (a point of a public OpenReview review)', expected="extension",
       statement="Quintic Newton–Schulz (3.4445, −4.7750, 2.0315; 5 steps, Frobenius "
       "pre-normalisation) is not the exact LMO: its output has singular values "
       "φ⁵(σ_i/‖G‖_F), spread over about [0.68, 1.13] on Gaussian 64×32 and 256×128 matrices, "
       "and ‖NS5(G) − UVᵀ‖_op = max_i |φ⁵(σ_i/‖G‖_F) − 1| ≈ 0.3.",
       evidence=("independent", "witness"),
       source=('ours', 'our measurement of the quintic Newton–Schulz map used by practical Muon, on a point raised in a public OpenReview review of rex7s82Iav'),
       setting='exact')
def _ns(seed: int = 0):
    rng = np.random.default_rng(seed)
    j = Judge()
    lo, hi, gap = [], [], []
    for shape in ((64, 32), (256, 128)):
        G = rng.standard_normal(shape)
        N = newton_schulz5(G)
        sv_out = np.linalg.svd(N, compute_uv=False)
        s = np.linalg.svd(G, compute_uv=False) / np.linalg.norm(G)
        pred = np.sort(ns_scalar_map(s))[::-1]
        j.close(f"{shape}: SVD of NS5 output vs scalar map on σ/‖G‖_F", np.sort(sv_out)[::-1],
                pred, rtol=1e-9)
        op = np.linalg.norm(N - polar(G), 2)
        j.close(f"{shape}: ‖NS5 − UVᵀ‖_op vs max|φ⁵ − 1|", op, np.max(np.abs(pred - 1)),
                rtol=1e-9)
        lo.append(sv_out.min())
        hi.append(sv_out.max())
        gap.append(op)
        j.ge(f"{shape}: gap ≥ 0.2 (not the exact LMO)", op, 0.2)
    grid = np.linspace(1e-4, 1, 100001)
    j.le("max of the observed singular values ≤ sup of φ⁵ on (0, 1]", max(hi),
         float(ns_scalar_map(grid).max()), rtol=1e-9)
    return j.evidence(note=f"Singular values of NS5(G) in [{min(lo):.3f}, {max(hi):.3f}], "
                      f"‖NS5(G) − UVᵀ‖_op = {', '.join(f'{g:.3f}' for g in gap)} (64×32, "
                      f"256×128); sup φ⁵ on (0,1] = {ns_scalar_map(grid).max():.4f}. The matrix "
                      "iteration equals the scalar map on singular values (independent SVD); "
                      "the theory's exact LMO has all singular values 1. Our earlier range "
                      "[0.68, 1.13] is what Gaussian matrices reach; adversarial spectra reach "
                      "the sup of φ⁵ (≈ 1.20).")


@claim("ef21_muon.lmo.rank_deficient", where='LMO of a compressed (rank-deficient) estimator (ours)',
       expected="extension",
       statement="For a rank-deficient G (as a Top-K-compressed estimator often is) the spectral "
       "LMO is not unique: −UVᵀ from a full thin SVD and the reduced −U_rV_rᵀ both attain "
       "−‖G‖_nuc, and −U_rV_rᵀ is the minimiser of least Frobenius norm (√r vs √min(m,n)); "
       "the choice changes EF21 and naive trajectories.",
       evidence=("independent", "witness"),
       source=('ours', 'our derivation'),
       setting='exact')
def _rank_deficient(seed: int = 0):
    import cvxpy as cp

    rng = np.random.default_rng(seed)
    G = rng.standard_normal((6, 2)) @ rng.standard_normal((2, 4))  # rank 2 of 4
    U, _, Vt = np.linalg.svd(G, full_matrices=False)
    full = -U @ Vt
    j = Judge()
    j.close("⟨G, −UVᵀ (full thin SVD)⟩ = −‖G‖_nuc", np.sum(G * full), -dual_norm(G), rtol=1e-12)
    j.close("⟨G, −U_rV_rᵀ⟩ = −‖G‖_nuc", np.sum(G * lmo(G)), -dual_norm(G), rtol=1e-12)
    j.ge("the two minimisers differ (max |Δ|)", np.abs(full - lmo(G)).max(), 0.1)
    Z = cp.Variable(G.shape)
    prob = cp.Problem(cp.Minimize(cp.norm(Z, "fro")),
                      [cp.sigma_max(Z) <= 1, cp.sum(cp.multiply(G, Z)) <= -dual_norm(G)])
    prob.solve(solver=cp.CLARABEL)
    j.close("least-Frobenius minimiser (CLARABEL) vs −U_rV_rᵀ", lmo(G), Z.value, atol=SDP_ARG)
    j.close("its Frobenius norm = √r", float(prob.value), np.sqrt(2), rtol=1e-6)
    # the choice matters downstream: naive Top-4 on our heterogeneous quadratics, t = 0.1
    from theory.ef21_muon._ef21 import ef21_muon_numpy
    from theory.ef21_muon.claims_rates import SHAPE, quadratics

    def full_svd(M):
        if not np.any(M):
            return np.zeros_like(M)
        u, _, vt = np.linalg.svd(M, full_matrices=False)
        return -u @ vt

    _, grads, _, _, _ = quadratics(0)
    comp = functools.partial(topk, k=4)
    floors = [ef21_muon_numpy(grads, np.zeros(SHAPE), 0.1, 1000, worker_comp=comp, naive=True,
                              lmo_fn=fn)["gnorm"][-400:].mean() for fn in (None, full_svd)]
    j.ge("naive floors under the two conventions differ by ≥ 0.1", abs(floors[1] - floors[0]),
         0.1)
    return j.evidence(note="6×4 of rank 2: both −UVᵀ (Frobenius norm 2) and −U₂V₂ᵀ (√2) attain "
                      "the LMO value; the SDP for the least-norm minimiser returns −U₂V₂ᵀ (our "
                      "convention). Naive Top-4 floor at t = 0.1 (our quadratics, last 400 of "
                      f"1000 steps): {floors[0]:.3f} reduced vs {floors[1]:.3f} full SVD. EF21 "
                      "and the drift are unchanged by the choice. Our earlier table values "
                      "(naive 1.539 at t = 0.1; EF21 0.0618 at t = 0.01; drift 5.95t) match "
                      "neither convention exactly (ours, K = 4000: naive 1.720 reduced / 2.126 "
                      "full, EF21 0.0623, drift 5.58t), so its "
                      "script differs in a further detail we could not identify.")
