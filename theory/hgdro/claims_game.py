"""Claims about the outer group game of hierarchical group DRO with frozen features: the outer
maximum, the reduction to Group DRO, the saddle point and the group weights, the code's C/√n_g
adjustment, Prop. B.1's convergence, what it does not cover, and the collapse to the zero
predictor at large radii (with its exact threshold). Losses in nats.
"""

from __future__ import annotations

import functools

import numpy as np
from scipy import optimize

from theory.claims import Judge, claim
from theory.hgdro._game import (
    best_response,
    best_response_value,
    collapse_threshold,
    eg_gd_game,
    group_robust_losses,
    groupdro_optimum,
    hierarchical_optimum,
    hierarchical_saddle,
    hierarchical_value,
    omd_gap_bound,
)
from theory.hgdro._inner import group_radii, softplus
from theory.hgdro._instances import gaussian_groups
from theory.tolerances import EXACT, LP

_SIZES = (300, 40, 15, 200)
_RIDGE = 0.01


@functools.lru_cache(maxsize=4)
def _instance(seed: int = 0, eps: float = 0.5):
    Z, Y, G = gaussian_groups(seed, _SIZES)
    return Z, Y, G, group_radii(np.bincount(G), eps)


def _F(theta, Z, Y, G, e, ridge=_RIDGE):
    return float(group_robust_losses(theta, Z, Y, G, e).max() + ridge * theta @ theta)


@claim("hgdro.eq8.outer_max_is_worst_group", where="Eq. (5) with ρ = ∞ (Eq. (8))",
       statement="With ρ = ∞ the supremum over group mixtures β ∈ Δ_m of Σ β_g R_g is the "
       "largest group risk max_g R_g.", evidence=("independent",),
       source=("secondary", ("Eq. (5) with ρ = ∞ (Eq. (8)) as quoted by the three public "
                      "OpenReview reviews of mruL1LDjzV, which quote Eq. (5), Eq. (8), "
                      "Lemma A.0.1, Thm 4.1 and Prop. B.1, and the papernotes.org "
                      "summaries of arXiv 2510.02818; the paper body was not seen")),
       setting="exact")
def _outer_max(seed: int = 0):
    """HiGHS LP over the simplex against max; 30 random risk vectors of 2–8 groups."""
    rng = np.random.default_rng(seed)
    cf, lp = [], []
    for _ in range(30):
        R = rng.exponential(size=int(rng.integers(2, 9)))
        m = len(R)
        res = optimize.linprog(-R, A_eq=np.ones((1, m)), b_eq=[1.0], bounds=(0, None),
                               method="highs")
        cf.append(hierarchical_value(R))
        lp.append(-res.fun)
    j = Judge()
    j.close("max_g R_g vs LP over the simplex", cf, lp, rtol=LP)
    return j.evidence(note="30 random exponential risk vectors.")


@claim("hgdro.sec4.eps0_is_groupdro", where="Sec. 4 (reduction)",
       statement="With every ε_g = 0 the hierarchical objective is the Group DRO objective "
       "(same optimum value and minimiser): in general by the written argument in the check, "
       "numerically on our frozen-feature linear-logistic instance (4 Gaussian groups).",
       evidence=("proof", "independent"),
       source=("secondary", ("the reduction to Group DRO at zero radius as described by the "
                      "three public OpenReview reviews of mruL1LDjzV, which quote Eq. "
                      "(5), Eq. (8), Lemma A.0.1, Thm 4.1 and Prop. B.1, and the "
                      "papernotes.org summaries of arXiv 2510.02818; the paper body was "
                      "not seen")),
       setting="exact")
def _eps0(seed: int = 0):
    """Proof. A W∞ ball of radius 0 around P_g holds P_g alone (W∞(Q, P_g) = 0 iff Q = P_g), so
    with ρ = ∞ the hierarchical set is {Σ_g β_g P_g : β ∈ Δ}, Group DRO's set; the two inner
    suprema, hence the objectives, their optimum values and minimisers, coincide. ∎
    Numerical check: cvxpy (Clarabel, epigraph with exponential cones) at ε = 0 against an SLSQP
    solve of the Group DRO epigraph program written independently in scipy."""
    Z, Y, G, _ = _instance(seed)
    v, th = hierarchical_optimum(Z, Y, G, np.zeros(4), ridge=_RIDGE)
    vg, _thg = groupdro_optimum(Z, Y, G, ridge=_RIDGE)
    d = Z.shape[1]
    idx = [G == g for g in range(4)]

    def cons(x):
        return np.array([x[-1] - np.mean(np.logaddexp(0, -Y[i] * (Z[i] @ x[:d]))) for i in idx])

    res = optimize.minimize(lambda x: x[-1] + _RIDGE * x[:d] @ x[:d], np.append(np.zeros(d), 1.0),
                            constraints=[{"type": "ineq", "fun": cons}], method="SLSQP",
                            options={"ftol": 1e-13, "maxiter": 500})
    j = Judge()
    j.close("hierarchical ε = 0 vs SLSQP Group DRO value", v, res.fun, rtol=1e-7)
    j.close("hierarchical ε = 0 vs Group DRO value (cvxpy)", v, vg, rtol=LP)
    j.close("minimisers", th, res.x[:d], atol=1e-4, scale=float(np.linalg.norm(th)))
    return j.evidence(note=f"F*(ε = 0) = {v:.8f}; SLSQP {res.fun:.8f}.")


@claim("hgdro.game.saddle_point", where="Eq. (8) as a game (Alg. 1)",
       statement="The frozen-feature group game has a saddle point: the optimal group weights β* "
       "(on the simplex, supported on the groups whose robust risk is largest) make the "
       "β*-weighted problem's minimum equal to F* (strong duality).",
       expected="extension", evidence=("independent",),
       source=("ours", "our derivation (strong duality of the frozen-feature game)"),
       setting="exact")
def _saddle(seed: int = 0):
    """β* from the duals of cvxpy's epigraph constraints; min_θ Σβ*_g R_g + λ‖θ‖² by a second,
    separate cvxpy solve; its minimiser's robust risks."""
    Z, Y, G, e = _instance(seed)
    v, th, beta = hierarchical_saddle(Z, Y, G, e, ridge=_RIDGE)
    dual = best_response_value(Z, Y, G, e, beta / beta.sum(), ridge=_RIDGE)
    R = group_robust_losses(th, Z, Y, G, e)
    active = beta > 1e-6
    j = Judge()
    j.close("min_θ L(θ, β*) vs F*", dual, v, rtol=1e-6)
    j.close("Σ β* vs 1", beta.sum(), 1.0, rtol=1e-7)
    j.close("robust risk of active groups vs max", R[active], R.max(), rtol=1e-6)
    return j.evidence(note=f"β* = {np.round(beta, 4).tolist()}, R(θ*) = "
                      f"{np.round(R, 5).tolist()}; F* = {v:.8f}.")


@claim("hgdro.alg1.adjustment_changes_the_game", where="Alg. 1; code loss.py (C/√n_g)",
       statement="With the code's adjustment a_g = C/√n_g in the weight update, the EG/GD "
       "dynamics solve min_θ max_g (R_g + a_g) + λ‖θ‖², not the hierarchical objective: for "
       "C = 1 their averaged iterate is near the adjusted optimum and strictly worse on F.",
       expected="extension", evidence=("independent",),
       source=("ours", ("our derivation of the game solved by the released code's weight "
               "update (Sung-Ho-Jo/hierarchical-dro@ef5732046a532b0573c2bce82ac291f0b480e424:"
               "loss.py:L60-L70, the C/√n_g adjustment); the code states no such game")),
       setting="exact")
def _adjustment(seed: int = 0):
    """EG/GD (T = 6400, η = 1/√T) with and without the adjustment, against cvxpy solves of the
    adjusted and unadjusted objectives."""
    Z, Y, G, e = _instance(seed)
    adj = 1.0 / np.sqrt(np.bincount(G))
    va, tha = hierarchical_optimum(Z, Y, G, e, ridge=_RIDGE, adj=adj)
    v, _th = hierarchical_optimum(Z, Y, G, e, ridge=_RIDGE)
    run = eg_gd_game(Z, Y, G, e, ridge=_RIDGE, T=6400, adj=adj)
    Fa = float(np.max(group_robust_losses(run.theta_bar, Z, Y, G, e) + adj)
               + _RIDGE * run.theta_bar @ run.theta_bar)
    j = Judge()
    j.close("adjusted game's value vs adjusted cvxpy optimum", Fa, va, rtol=5e-3)
    j.ge("F(adjusted game iterate) vs F*", _F(run.theta_bar, Z, Y, G, e), v, rtol=LP)
    j.fact("the adjusted optimum is not the hierarchical one (F(θ_adj) > F* + 1e-4)",
           _F(tha[:5], Z, Y, G, e) > v + 1e-4)
    return j.evidence(note=f"adjusted optimum {va:.6f}, adjusted game {Fa:.6f}; "
                      f"F(θ_adj) = {_F(tha, Z, Y, G, e):.6f} vs F* = {v:.6f}. Tolerance 5e-3: "
                      "the averaged iterate at T = 6400 (the gap bound is O(1/√T)).")


@claim("hgdro.propB1.convergence_fixed_features", where="Prop. B.1 (frozen features)",
       statement="On our frozen-feature instance (linear-logistic head on 4 Gaussian groups, "
       "ridge 0.01, T = 100 … 6400), simultaneous gradient descent on θ and exponentiated "
       "gradient on β (η = 1/√T) give averaged iterates whose duality gap is at most "
       "(‖θ'‖² + G² + 2 log m + B²/4)/(2√T) (our explicit constants) and brackets the exact "
       "optimum F*: Prop. B.1's O(1/√T) rate on one convex instance, not in general.",
       evidence=("independent", "observation"),
       source=("secondary", ("Prop. B.1's O(1/√T) rate with frozen features as quoted by the "
                      "three public OpenReview reviews of mruL1LDjzV, which quote Eq. "
                      "(5), Eq. (8), Lemma A.0.1, Thm 4.1 and Prop. B.1, and the "
                      "papernotes.org summaries of arXiv 2510.02818; the paper body was "
                      "not seen; the explicit constants are ours")),
       setting=("analogue", ("one synthetic convex instance of ours (frozen Gaussian "
                             "features, linear-logistic head); Prop. B.1 is a statement about "
                             "every convex problem with fixed features")))
def _convergence(seed: int = 0):
    """F* by cvxpy; for T = 100, 400, 1600, 6400 the primal value F(θ̄_T) and the dual value
    min_θ L(θ, β̄_T) (a separate cvxpy solve) bracket F*, and their gap is below the explicit
    bound. The sandwich at T = 6400 is what gives the check its power; the bound itself has
    slack (observation), reported in the evidence note."""
    Z, Y, G, e = _instance(seed)
    v, _th = hierarchical_optimum(Z, Y, G, e, ridge=_RIDGE)
    j = Judge()
    rows = []
    for T in (100, 400, 1600, 6400):
        run = eg_gd_game(Z, Y, G, e, ridge=_RIDGE, T=T)
        up = _F(run.theta_bar, Z, Y, G, e)
        lo, th_br = best_response(Z, Y, G, e, run.beta_bar, ridge=_RIDGE)
        bound = omd_gap_bound(np.linalg.norm(th_br), run.grad_max, run.loss_max, 4, T)
        rows.append((T, up - v, up - lo, bound))
        j.le(f"T = {T}: duality gap vs bound", up - lo, bound, rtol=EXACT)
    j.ge("T = 6400: F(θ̄) vs F*", up, v, rtol=LP)
    j.le("T = 6400: dual value vs F*", lo, v, rtol=LP)
    slope = np.polyfit(np.log([r[0] for r in rows]), np.log([r[1] for r in rows]), 1)[0]
    return j.evidence(note="T, F(θ̄)−F*, gap, bound: " + "; ".join(
        f"{T}: {a:.2e}, {b:.2e}, {c:.3f}" for T, a, b, c in rows)
        + f". Fitted slope of F(θ̄)−F* vs T: {slope:.2f}. Bound slack ≥ "
        f"{min(c / b for _, _, b, c in rows):.1f}×. θ' is the exact best response to β̄ (cvxpy). "
        "Hedge regret by Hoeffding's lemma (B²/4; our pilot's B² holds with more slack).")


@claim("hgdro.propB1.moving_features_nonconvex", where="Prop. B.1 (assumption; Reviewer 2)",
       statement="When the features depend on θ (z = v·x, head w), the robust objective is not "
       "convex in θ = (v, w), so Prop. B.1, which assumes convexity with z fixed, covers only the "
       "last layer on frozen features.", expected="extension", evidence=("witness",),
       source=("ours", ("our witness for the limitation Reviewer 2 of OpenReview mruL1LDjzV "
               "raises about Prop. B.1's assumption (features fixed in θ)")),
       setting="exact")
def _nonconvex():
    """Witness: one sample x = 1, y = +1, ε = 0.1; θ_a = (1, 1) and θ_b = (−1, −1) both give
    f = x and robust loss softplus(−1 + ε); their midpoint (0, 0) gives log 2, above the
    average. Values by a brute-force scan of the latent ball, against the closed forms."""
    eps = 0.1

    def robust_scan(v, w):
        zs = np.linspace(v * 1.0 - eps, v * 1.0 + eps, 20001)
        return float(np.max(softplus(-w * zs)))

    fa, fb, fm = robust_scan(1, 1), robust_scan(-1, -1), robust_scan(0, 0)
    j = Judge()
    j.close("F(θ_a) vs softplus(−1 + ε)", fa, softplus(-1 + eps), rtol=EXACT)
    j.close("F(θ_b) vs softplus(−1 + ε)", fb, softplus(-1 + eps), rtol=EXACT)
    j.close("F(midpoint) vs log 2", fm, np.log(2), rtol=EXACT)
    j.fact("midpoint above the chord (convexity fails)", fm > (fa + fb) / 2 + 0.3)
    return j.evidence(note=f"F(θ_a) = F(θ_b) = {fa:.6f}, F(mid) = {fm:.6f}. Prop. B.1's O(1/√T) "
                      "is checked only for frozen features (hgdro.propB1.convergence_fixed_"
                      "features).")


@claim("hgdro.collapse.zero_predictor", where="our derivation",
       statement="For radii large enough the hierarchical optimum with a linear head is θ = 0, "
       "with value log 2 (every robust group loss of the zero predictor).",
       expected="extension", evidence=("independent",),
       source=("ours", "our derivation (the zero predictor at large radii)"),
       setting="exact")
def _collapse(seed: int = 0):
    """cvxpy optimum at ε = 2 and 3 (base radius; ε_g = ε√(n_min/n_g)) against log 2 and θ = 0,
    and below the threshold (ε = 0.3) strictly under log 2."""
    Z, Y, G, _ = _instance(seed)
    s = group_radii(np.bincount(G), 1.0)
    vals, norms = [], []
    for eps in (2.0, 3.0):
        v, th = hierarchical_optimum(Z, Y, G, eps * s, ridge=_RIDGE)
        vals.append(v)
        norms.append(np.linalg.norm(th))
    v3, _ = hierarchical_optimum(Z, Y, G, 0.3 * s, ridge=_RIDGE)
    j = Judge()
    j.close("optimum at ε ∈ {2, 3} vs log 2", vals, np.log(2), rtol=LP)
    j.le("‖θ*‖ at ε ∈ {2, 3}", norms, 0.0, atol=1e-6)
    j.fact("below the threshold the optimum is below log 2", v3 < np.log(2) - 1e-3)
    return j.evidence(note=f"values {np.round(vals, 9).tolist()}, ‖θ*‖ {norms}; ε = 0.3: {v3:.6f}.")


@claim("hgdro.collapse.exact_threshold", where="our derivation (sharpened here)",
       statement="Without bias, θ = 0 is the hierarchical optimum iff ε ≥ ε_c = max(0, "
       "max_{‖u‖≤1} min_g u^T μ_g / s_g), μ_g = mean_{i∈g} y_i z_i, ε_g = ε s_g (independent of "
       "the ridge); equivalently ε_c = min_{β∈Δ} ‖Σ_g β_g μ_g‖ / Σ_g β_g s_g.",
       expected="extension", evidence=("proof", "independent", "witness"),
       source=("ours", "our derivation of the collapse radius"),
       setting="exact")
def _threshold(seed: int = 0):
    """Proof in :func:`theory.hgdro.collapse_threshold` (convexity + the directional derivative
    at 0); the dual form is 0 ∈ ∂F(0) = conv_g{(ε_g B − μ_g)/2}. Checks: the primal SOCP
    against the dual (a cvxpy QP over the simplex, then the ratio); at ε_c(1 + 1e-3) the dual β
    certifies 0 ∈ ∂F(0) (‖Σβμ‖ ≤ εΣβs), and no point of 3000 random small θ beats log 2; at
    ε_c(1 − 1e-3) the primal direction u* is a descent direction (F(t u*) < log 2)."""
    import cvxpy as cp

    Z, Y, G, _ = _instance(seed)
    m = 4
    s = group_radii(np.bincount(G), 1.0)
    ec = collapse_threshold(Z, Y, G, s)
    mu = np.stack([(Y[G == g, None] * Z[G == g]).mean(axis=0) for g in range(m)])
    lam = cp.Variable(m, nonneg=True)
    cp.Problem(cp.Minimize(cp.sum_squares((mu / s[:, None]).T @ lam)),
               [cp.sum(lam) == 1]).solve(solver=cp.CLARABEL)
    beta = np.clip(lam.value, 0, None) / s
    beta /= beta.sum()
    ec_dual = np.linalg.norm(beta @ mu) / (beta @ s)
    # primal direction u* (the SOCP's maximiser)
    u = cp.Variable(Z.shape[1])
    t = cp.Variable()
    cp.Problem(cp.Maximize(t), [cp.norm(u, 2) <= 1, (mu @ u) / s >= t]).solve(
        solver=cp.CLARABEL)
    ustar = u.value / np.linalg.norm(u.value)
    rng = np.random.default_rng(seed)
    above, below = ec * (1 + 1e-3), ec * (1 - 1e-3)
    j = Judge()
    j.close("ε_c: primal SOCP vs dual over the simplex", ec, ec_dual, rtol=1e-6)
    j.le("certificate at ε_c(1 + 1e-3): ‖Σβμ‖ vs ε Σβ s", np.linalg.norm(beta @ mu),
         above * (beta @ s), rtol=1e-7)
    th = rng.standard_normal((3000, Z.shape[1]))
    th *= rng.uniform(1e-4, 0.5, (3000, 1)) / np.linalg.norm(th, axis=1, keepdims=True)
    worst = min(_F(x, Z, Y, G, above * s, 0.0) for x in th)
    j.ge("search at ε_c(1 + 1e-3): min F over 3000 random θ vs log 2", worst, np.log(2),
         rtol=EXACT)
    ts = np.geomspace(1e-5, 1e-1, 60)
    descent = min(_F(tt * ustar, Z, Y, G, below * s, 0.0) for tt in ts)
    j.fact("at ε_c(1 − 1e-3): F(t u*) < log 2 for some t (θ = 0 not optimal)",
           descent < np.log(2) - 1e-12)
    return j.evidence(note=f"ε_c = {ec:.8f} (primal) = {ec_dual:.8f} (dual); min_t F(t u*) − "
                      f"log 2 at ε_c(1 − 1e-3): {descent - np.log(2):.2e}; min over random θ at "
                      f"ε_c(1 + 1e-3) − log 2: {worst - np.log(2):.2e}. Ridge 0 here; a ridge "
                      "only adds λ‖θ‖² ≥ 0 to F and does not move ε_c.")
