"""Claims on EF21-Muon's iterates and rates, checked on our heterogeneous quadratics where the constants
are known: f_j(X) = ½‖X − A_j‖_F², 6×4, four workers, A = randn(4, 6, 4) with seed 0, X⁰ = 0
(Δ = 4.63482199, spectral geometry: L = 4, L̃ = ρ = 2).

The paper's theorem constants were not seen (only the abstract and public summaries). What is the paper's: the
reductions to Muon, the motivation that naive compression fails, the rate orders O(K^{-1/2})
(deterministic) and O(K^{-1/4}) (stochastic with momentum). What is ours: the explicit bounds
(our derivations), the floors, the drift bound.
"""

from __future__ import annotations

import functools

import numpy as np

from theory.claims import Judge, claim
from theory.ef21_muon._compress import contraction_alpha, topk
from theory.ef21_muon._ef21 import (
    drift_bound,
    ef21_bound,
    ef21_constant,
    ef21_muon_numpy,
    muon_floor,
    optimal_radius,
    smoothness_quadratic,
    uncompressed_bound,
)
from theory.ef21_muon._lmo import dual_norm, lmo
from theory.tolerances import EXACT

SHAPE = (6, 4)


def quadratics(seed: int = 0, n: int = 4, shape=SHAPE):
    """Our heterogeneous quadratics: targets ``A``, gradient and value callables, Δ."""
    A = np.random.default_rng(seed).standard_normal((n, *shape))
    grads = [lambda X, a=a: X - a for a in A]
    fs = [lambda X, a=a: 0.5 * float(np.sum((X - a) ** 2)) for a in A]
    Abar = A.mean(axis=0)
    fstar = float(np.mean([0.5 * np.sum((Abar - a) ** 2) for a in A]))
    f0 = float(np.mean([0.5 * np.sum(a**2) for a in A]))
    return A, grads, fs, f0 - fstar, fstar


def _f(A, X) -> float:
    return float(np.mean([0.5 * np.sum((X - a) ** 2) for a in A]))


@claim("ef21_muon.reduce.muon", where='abstract; Alg. 1 with C = C_j = I, β = 1',
       statement="With identity compressors and β = 1, EF21-Muon's iterates equal deterministic "
       "Muon (exact LMO) on f = (1/n)Σf_j.", evidence=("independent",),
       source=('abstract', 'arXiv 2510.00643 abstract: EF21-Muon recovers Muon/Scion/Gluon when compression is off; the update equations from the zij optimizer-canon page on EF21-Muon (junaidaliop.github.io/zij/math/ef21muon), which gives the update equations, the spectral LMO −UVᵀ and the contractive-compressor definition'),
       setting='exact')
def _reduce_muon(seed: int = 0):
    A, grads, _, _, _ = quadratics(seed)
    t, K = 0.05, 200
    out = ef21_muon_numpy(grads, np.zeros(SHAPE), t, K)
    X = np.zeros(SHAPE)
    for _ in range(K):  # an independent loop: Muon on the averaged gradient
        U, _, Vt = np.linalg.svd(X - A.mean(axis=0), full_matrices=False)
        X = X - t * U @ Vt
    j = Judge()
    j.close("X^K of EF21-Muon vs Muon loop", out["X"], X, rtol=1e-10, atol=1e-12)
    return j.evidence(note=f"6×4, 4 workers, t = {t}, K = {K}: max|Δ| = "
                      f"{np.abs(out['X'] - X).max():.1e}.")


@claim("ef21_muon.reduce.momentum", where='abstract; Alg. 1 with C = C_j = I, β < 1',
       statement="With identity compressors and β < 1, EF21-Muon equals Muon with EMA momentum "
       "M ← (1−β)M + β∇f(X) on the averaged gradient (not Nesterov momentum).",
       evidence=("independent",),
       source=('abstract', 'arXiv 2510.00643 abstract (recovers Muon when compression is off); EMA momentum M_j ← (1−β)M_j + β∇f_j from the zij optimizer-canon page on EF21-Muon (junaidaliop.github.io/zij/math/ef21muon), which gives the update equations, the spectral LMO −UVᵀ and the contractive-compressor definition'),
       setting='exact')
def _reduce_momentum(seed: int = 0):
    A, grads, _, _, _ = quadratics(seed)
    t, K, beta = 0.05, 200, 0.1
    out = ef21_muon_numpy(grads, np.zeros(SHAPE), t, K, beta=beta)
    X = np.zeros(SHAPE)
    M = X - A.mean(axis=0)
    for _ in range(K):
        U, _, Vt = np.linalg.svd(M, full_matrices=False)
        X = X - t * U @ Vt
        M = (1 - beta) * M + beta * (X - A.mean(axis=0))
    j = Judge()
    j.close("X^K of EF21-Muon vs EMA-momentum Muon loop", out["X"], X, rtol=1e-10, atol=1e-12)
    return j.evidence(note=f"β = {beta}, t = {t}, K = {K}: max|Δ| = "
                      f"{np.abs(out['X'] - X).max():.1e}.")


@claim("ef21_muon.descent.tight", where='descent lemma under non-Euclidean smoothness (ours)',
       statement="Under ‖∇f(X) − ∇f(Y)‖_* ≤ L‖X − Y‖, f(X + tD) ≤ f(X) + t⟨∇f(X), D⟩ + Lt²/2 "
       "for ‖D‖ ≤ 1; for ½‖X − X*‖_F² in spectral geometry L = min(m, n) and the bound is an "
       "equality at D = LMO(∇f(X)).", evidence=("witness", "search"),
       source=('ours', "the standard non-Euclidean descent lemma and our tightness witness; the paper's lemma not seen"),
       setting='exact')
def _descent(seed: int = 0):
    rng = np.random.default_rng(seed)
    Xs, X = rng.standard_normal(SHAPE), rng.standard_normal(SHAPE)
    L = smoothness_quadratic(SHAPE)[0]
    f = lambda Y: 0.5 * float(np.sum((Y - Xs) ** 2))
    g = X - Xs
    j = Judge()
    for t in (0.3, 1.0):
        D = lmo(g)
        j.le(f"witness t={t}", f(X + t * D), f(X) + t * np.sum(g * D) + L * t**2 / 2,
             rtol=EXACT)
    worst = -np.inf
    for _ in range(2000):
        D = rng.standard_normal(SHAPE)
        D /= np.linalg.norm(D, 2)
        t = rng.uniform(0.01, 2)
        worst = max(worst, (f(X + t * D) - f(X) - t * np.sum(g * D)) / (L * t**2 / 2))
    j.le("search: max (f(X+tD) − f − t⟨g,D⟩)/(Lt²/2) over 2000 D on the sphere", worst, 1.0,
         rtol=EXACT)
    return j.evidence(note=f"Equality (to rounding) at D = −UVᵀ; random directions reach at "
                      f"most {worst:.3f} of the quadratic term.")


@claim("ef21_muon.onestep.tight", where='one-step inequality for any estimator G (ours)',
       statement="For any estimator G, f(X + t·LMO(G)) ≤ f(X) − t‖∇f(X)‖_* + 2t‖∇f(X) − G‖_* "
       "+ Lt²/2; the factor 2 cannot be lowered (G = −ε∇f(X) attains it as ε → 0).",
       evidence=("witness", "search"),
       source=('ours', 'our one-step inequality and witness for the factor 2'),
       setting='exact')
def _onestep(seed: int = 0):
    rng = np.random.default_rng(seed)
    Xs, X = rng.standard_normal(SHAPE), rng.standard_normal(SHAPE)
    L = smoothness_quadratic(SHAPE)[0]
    f = lambda Y: 0.5 * float(np.sum((Y - Xs) ** 2))
    g = X - Xs
    t, eps = 0.2, 1e-9

    def rhs(G):
        return f(X) - t * dual_norm(g) + 2 * t * dual_norm(g - G) + L * t**2 / 2

    j = Judge()
    G = -eps * g
    j.le("witness G = −1e-9·∇f", f(X + t * lmo(G)), rhs(G), rtol=EXACT)
    worst = -np.inf
    for _ in range(2000):
        G = g + rng.exponential() * rng.standard_normal(SHAPE) * dual_norm(g) / 10
        worst = max(worst, f(X + t * lmo(G)) - rhs(G))
    j.le("search: max LHS − RHS over 2000 estimators", worst, 0.0, scale=dual_norm(g) * t)
    return j.evidence(note=f"The witness meets the bound to {2 * eps:.0e}·t‖∇f‖_*; 2000 "
                      f"perturbed estimators give LHS − RHS ≤ {worst:.3f}.")


@claim("ef21_muon.rate.uncompressed", where='Thm 3 with α = 1 (rate order O(K^{-1/2}) as summarised)',
       statement="Exact-LMO Muon with constant radius t satisfies (1/K)Σ_{k<K}‖∇f(X^k)‖_* ≤ "
       "Δ/(tK) + Lt/2, i.e. √(2LΔ/K) at t* = √(2Δ/(LK)); on ½‖X − A‖² the slack is exactly "
       "(f(X^K) − inf f)/(tK), so the bound is nearly attained.",
       evidence=("witness", "independent"),
       source=('secondary', 'the deterministic O(K^{-1/2}) rate reported by the papernotes.org summary of the ICLR 2026 camera-ready (en.papernotes.org/ICLR2026/optimization/error_feedback_for_muon_and_friends) and the arXiv 2510.00643 abstract (matching best-known Euclidean rates); the constants Δ/(tK) + Lt/2 are our derivation; printed wording not seen'),
       setting='exact')
def _rate_uncompressed(seed: int = 0):
    A, grads, _fs, Delta, fstar = quadratics(seed)
    L = smoothness_quadratic(SHAPE)[0]
    j = Judge()
    vals = {}
    for K in (100, 1000):
        t = optimal_radius(Delta, K, L / 2)
        out = ef21_muon_numpy(grads, np.zeros(SHAPE), t, K)
        avg, bound = out["gnorm"].mean(), uncompressed_bound(Delta, t, K, L)
        j.le(f"K={K}: average ‖∇f‖_nuc ≤ bound", avg, bound, rtol=EXACT)
        j.close(f"K={K}: slack = (f(X^K) − f*)/(tK)", bound - avg,
                (_f(A, out["X"]) - fstar) / (t * K), rtol=1e-6, atol=1e-12)
        j.close(f"K={K}: bound = √(2LΔ/K)", bound, np.sqrt(2 * L * Delta / K), rtol=1e-12)
        vals[K] = (avg, bound)
    return j.evidence(note="Heterogeneous quadratics (6×4, 4 workers): " + "; ".join(
        f"K={k}: {a:.5f} ≤ {b:.5f}" for k, (a, b) in vals.items())
        + " (our earlier values: 0.60876/0.60892, 0.19255/0.19256). Each step lowers f by exactly "
        "t‖∇f‖_nuc − rt²/2, which gives the slack identity.")


@claim("ef21_muon.floor.muon", where='fixed-radius floor of exact Muon (ours)',
       expected="extension",
       statement="Constant-radius exact Muon on ½‖X − A‖_F² (rank r) ends in a 2-cycle and the "
       "long-run mean of ‖∇f‖_nuc is r·t/2 exactly.", evidence=("independent", "witness"),
       source=('ours', 'our derivation on ½‖X − A‖_F²'),
       setting='exact')
def _floor_muon(seed: int = 0):
    _A, grads, _, _, _ = quadratics(seed)
    j = Judge()
    for t in (0.1, 0.03):
        out = ef21_muon_numpy(grads, np.zeros(SHAPE), t, 400)
        j.close(f"t={t}: mean of the last 200 ‖∇f‖_nuc vs rt/2", out["gnorm"][-200:].mean(),
                muon_floor(4, t), rtol=1e-9)
    return j.evidence(note="6×4 (r = 4), K = 400: each singular value of X − Ā settles on "
                      "s ↔ t − s, mean t/2.")


@claim("ef21_muon.floor.naive", where='motivation (compression without error feedback fails)',
       statement="Without error feedback (G = (1/n)Σ_j C_j(∇f_j)) the method can stall at a "
       "non-stationary point for every radius t (a t-independent floor), while EF21 from the "
       "same start drives the average ‖∇f‖_* to O(t).", evidence=("witness",),
       source=('secondary', 'the motivation for error feedback summarised by the papernotes.org summary of the ICLR 2026 camera-ready (en.papernotes.org/ICLR2026/optimization/error_feedback_for_muon_and_friends); the stall witness is ours; printed wording not seen'),
       setting='exact')
def _floor_naive(seed: int = 0):
    A = np.array([[[3.0], [1.0]], [[-3.0], [1.0]]])  # 2×1 matrices: Euclidean geometry
    grads = [lambda X, a=a: X - a for a in A]
    comp = functools.partial(topk, k=1)
    L, Lt, rho = smoothness_quadratic((2, 1))
    alpha = contraction_alpha("topk", 1, (2,))
    Delta = 0.5 * float(np.sum(A.mean(axis=0) ** 2))
    j = Judge()
    ratios = []
    for t in (0.1, 0.01):
        K = round(10 / t)
        naive = ef21_muon_numpy(grads, np.zeros((2, 1)), t, K, worker_comp=comp, naive=True)
        ef = ef21_muon_numpy(grads, np.zeros((2, 1)), t, K, worker_comp=comp)
        j.close(f"t={t}: naive ‖∇f‖ stays at ‖Ā‖ = 1", naive["gnorm"], 1.0, rtol=1e-12)
        j.le(f"t={t}: EF21 average ≤ our bound Δ/(tK) + c t", ef["gnorm"].mean(),
             ef21_bound(Delta, t, K, L, Lt, rho, alpha))
        ratios.append(ef["gnorm"][K // 2:].mean() / t)
    return j.evidence(note="A_1 = (3, 1), A_2 = (−3, 1), Top-1: at X = 0 the two compressed "
                      "gradients (−3, 0) and (3, 0) cancel, so the naive method never moves "
                      "while ∇f(0) = (0, −1). EF21 converges: mean of the last half / t = "
                      + ", ".join(f"{r:.2f}" for r in ratios) + f" (c = "
                      f"{ef21_constant(L, Lt, rho, alpha):.2f}).")


@claim("ef21_muon.rate.ef21", where='Thm 3 (our stand-in bound for EF21 worker compression)',
       expected="extension",
       statement="Our bound for EF21 worker compression (β = 1): (1/K)Σ‖∇f(X^k)‖_* ≤ Δ/(tK) + "
       "t[L/2 + 2ρL̃√(2(1−α)(1+2/α)/α)], holds pathwise for Top-K on our heterogeneous quadratics with "
       "t = √(Δ/(Kc)), and both sides fall as K^{-1/2}.", evidence=("observation",),
       source=('ours', "our bound and constants; the paper's Thm 3 constants not seen"),
       setting='exact')
def _rate_ef21(seed: int = 0):
    _A, grads, _, Delta, _ = quadratics(seed)
    L, Lt, rho = smoothness_quadratic(SHAPE)
    j = Judge()
    rows = []
    for k in (2, 6, 12):
        alpha = contraction_alpha("topk", k, SHAPE)
        c = ef21_constant(L, Lt, rho, alpha)
        avgs = []
        for K in (100, 1000):
            t = optimal_radius(Delta, K, c)
            out = ef21_muon_numpy(grads, np.zeros(SHAPE), t, K,
                                  worker_comp=functools.partial(topk, k=k))
            b = ef21_bound(Delta, t, K, L, Lt, rho, alpha)
            j.le(f"Top-{k}, K={K}: average ≤ bound", out["gnorm"].mean(), b)
            avgs.append(out["gnorm"].mean())
            rows.append(f"Top-{k} K={K}: {avgs[-1]:.4f} ≤ {b:.4f}")
        slope = np.log(avgs[1] / avgs[0]) / np.log(10)
        j.le(f"Top-{k}: slope ≤ −0.4", slope, -0.4)
        j.ge(f"Top-{k}: slope ≥ −0.6", slope, -0.6)
    return j.evidence(note="; ".join(rows) + ". Slack: the bound is ≈ 1.8–2.1× the measured "
                      "average (observation: no witness attains our Young-inequality constant).")


@claim("ef21_muon.bidir.drift", where='Alg. 1 (EF21-P server compression), drift bound (ours)',
       expected="extension",
       statement="Under Top-K server compression (EF21-P), ‖W^k − X^k‖_F ≤ √(1−α)/(1−√(1−α))·t·√r "
       "pathwise (O(t/α)), and the gradient norm is barely affected.",
       evidence=("observation",),
       source=('ours', "our pathwise drift bound for the server's compressed broadcast copy W"),
       setting='exact')
def _drift(seed: int = 0):
    _A, grads, _, _, _ = quadratics(seed)
    alpha = contraction_alpha("topk", 4, SHAPE)
    j = Judge()
    ratios = []
    for t in (0.1, 0.01):
        out = ef21_muon_numpy(grads, np.zeros(SHAPE), t, 600,
                              worker_comp=functools.partial(topk, k=4),
                              server_comp=functools.partial(topk, k=4))
        bound = drift_bound(t, alpha, np.sqrt(4))
        j.le(f"t={t}: max ‖W − X‖_F ≤ bound", out["WX"].max(), bound)
        ratios.append(out["WX"].max() / t)
    return j.evidence(note="Top-4 both ways on 6×4 (α = 1/6), K = 600: max‖W − X‖_F / t = "
                      + ", ".join(f"{r:.3f}" for r in ratios) + f" vs our bound "
                      f"{drift_bound(1, alpha, 2.0):.2f} (slack ≈ 3.5×: observation; earlier: "
                      "5.951, 5.986).")


@claim("ef21_muon.rate.stoch", where='Thm 5 (rate order O(K^{-1/4}) as summarised)',
       statement="Only a log–log slope window of our simulation is checked, not Thm 5's bound: "
       "with Gaussian gradient noise σ = 1, t = 0.5K^{-3/4} and β = K^{-1/2}, the average "
       "‖∇f‖_nuc of EF21-Muon (Top-6 workers, spectral LMO) on our heterogeneous quadratics "
       "falls with a log–log slope in [−0.30, −0.18] over K ∈ {250, 1000, 4000}, two seeds "
       "(window fixed by us before running), consistent with the summarised O(K^{-1/4}) order. "
       "Left out: the theorem's constants and step rule (not seen), other norms and "
       "compressors, server compression, the dependence on L, σ and α.",
       evidence=("observation",),
       source=('secondary', 'the stochastic O(K^{-1/4}) rate with momentum reported by the papernotes.org summary of the ICLR 2026 camera-ready (en.papernotes.org/ICLR2026/optimization/error_feedback_for_muon_and_friends); the slope window [−0.30, −0.18] and the step rules are ours, fixed before running; printed wording not seen'),
       setting='exact')
def _stoch(seed: int = 0):
    _A, grads, _, _, _ = quadratics(0)
    Ks = (250, 1000, 4000)
    j = Judge()
    slopes = {}
    for name, comp in (("Top-6", functools.partial(topk, k=6)),):
        avg = []
        for K in Ks:
            runs = [ef21_muon_numpy(grads, np.zeros(SHAPE), 0.5 * K ** -0.75, K,
                                    beta=K ** -0.5, noise=1.0, worker_comp=comp,
                                    rng=np.random.default_rng(seed + s))["gnorm"].mean()
                    for s in range(2)]
            avg.append(np.mean(runs))
        slope = np.polyfit(np.log(Ks), np.log(avg), 1)[0]
        slopes[name] = (slope, avg)
        j.le(f"{name}: slope ≤ −0.18", slope, -0.18)
        j.ge(f"{name}: slope ≥ −0.30", slope, -0.30)
    return j.evidence(note="; ".join(f"{k}: slope {s:.3f}, averages "
                                     + ", ".join(f"{a:.3f}" for a in v)
                                     for k, (s, v) in slopes.items())
                      + " (2 seeds; window ±0.06 around −1/4: observation).")
