"""Claims about the inner (latent, W∞) problem of hierarchical group DRO (Jo, Kim & Chae, arXiv
2510.02818): Lemma A.0.1, the W1 comparison, the linear-head closed form, the released code's
one-step sign update (exact for two classes, not for three), the Thm 4.1 surrogate, the radii
rule and the robustness certificate.

The paper body was not read: statements quoted by the reviews (Lemma A.0.1,
Thm 4.1, Prop. B.1) are checked as the reviews and the official code give them; where the claim
rests on our reading, its note says so. Losses in nats.
"""

from __future__ import annotations

import numpy as np
from scipy import optimize

from theory.claims import Judge, claim
from theory.hgdro._inner import (
    fgsm_vs_vertex,
    group_radii,
    relu_surrogate_witness,
    robust_logistic,
    softmax_ce,
    softplus,
)
from theory.hgdro._winf import w1_dro_value_lp, winf_dro_value_lp, winf_local_sup
from theory.tolerances import EXACT, LP

_SPEC_LOSS = (lambda z: softplus(-2 * z) + 0.3 * np.sin(3 * z))


@claim("hgdro.lemA01.winf_local_sup", where="Lemma A.0.1 (Staib & Jegelka 2017)",
       statement="For an empirical law, the W∞-DRO value of radius ε equals the mean over "
       "samples of the largest loss within distance ε of each sample (checked on 1-D empirical "
       "laws with the moved mass restricted to a fine grid, by an LP over couplings).",
       evidence=("independent", "witness"),
       source=("secondary", ("Lemma A.0.1 (Staib & Jegelka 2017) as quoted by the three public "
                      "OpenReview reviews of mruL1LDjzV, which quote Eq. (5), Eq. (8), "
                      "Lemma A.0.1, Thm 4.1 and Prop. B.1, and the papernotes.org "
                      "summaries of arXiv 2510.02818; the paper body was not seen")),
       setting="exact")
def _winf_local_sup(seed: int = 0):
    """HiGHS LP over couplings supported on {|x − x'| ≤ ε} (it does not know the problem
    decouples) against the closed form, on our pilot's instance and on random losses; the witness
    law that moves each sample to its local argmax lies in the ball (its W∞ distance, the
    largest move, is ≤ ε) and attains the value."""
    rng = np.random.default_rng(seed)
    grid = np.linspace(-3, 3, 601)
    j = Judge()
    x = np.random.default_rng(0).standard_normal(7)
    cf, lp = winf_local_sup(x, grid, _SPEC_LOSS, 0.4), winf_dro_value_lp(x, grid, _SPEC_LOSS, 0.4)
    j.close("pilot instance: closed form vs LP", cf, lp, rtol=LP)
    j.close("pilot instance vs our pilot's 0.8830688605", cf, 0.8830688605, rtol=1e-9)
    cfs, lps, moves, eps_s, wit = [], [], [], [], []
    for _ in range(6):
        x = rng.uniform(-2, 2, 9)
        coef = rng.standard_normal(4)
        ell = coef[0] * np.sin(2 * grid) + coef[1] * grid**2 / 3 + coef[2] * np.cos(5 * grid)
        eps = float(rng.uniform(0.05, 0.8))
        cfs.append(winf_local_sup(x, grid, ell, eps))
        lps.append(winf_dro_value_lp(x, grid, ell, eps))
        reach = np.abs(x[:, None] - grid[None, :]) <= eps
        k = np.argmax(np.where(reach, ell[None, :], -np.inf), axis=1)
        moves.append(np.max(np.abs(grid[k] - x)))
        eps_s.append(eps)
        wit.append(np.mean(ell[k]))
    j.close("random losses: closed form vs LP", cfs, lps, rtol=LP)
    j.le("witness law's W∞ distance (largest move) vs ε", moves, eps_s, rtol=EXACT)
    j.close("witness law's expected loss vs LP value", wit, lps, rtol=LP)
    return j.evidence(note="Our worked instance (7 N(0,1) points, seed 0, ε = 0.4, ℓ = "
                      "softplus(−2z) + 0.3 sin 3z, 601-point grid on [−3, 3]): LP = closed form = "
                      "0.8830688605 as in our pilot; 6 random losses and radii likewise.")


@claim("hgdro.winf.w1_ball_contains_winf_ball", where="our derivation (after Lemma A.0.1)",
       statement="The W1 ball of radius ε contains the W∞ ball of radius ε, so the W1-DRO value "
       "is at least the W∞-DRO value; with a linear loss both equal mean + ε, and on our pilot's "
       "instance the W1 value is strictly larger (1.4198 > 0.8831), not equal as our pilot noted.",
       expected="extension", evidence=("independent", "witness"),
       source=("ours", "our comparison of the W1 and W∞ balls"),
       setting="exact")
def _w1_contains(seed: int = 0):
    """Both LPs on our pilot's instance and random ones (W1 ≥ W∞); with ℓ(z) = z on a grid
    wide enough both equal mean(x) + ε exactly (the bound binds)."""
    rng = np.random.default_rng(seed)
    grid = np.linspace(-3, 3, 601)
    x = np.random.default_rng(0).standard_normal(7)
    j = Judge()
    w1 = w1_dro_value_lp(x, grid, _SPEC_LOSS, 0.4)
    wi = winf_dro_value_lp(x, grid, _SPEC_LOSS, 0.4)
    j.ge("pilot instance: W1 value vs W∞ value", w1, wi, rtol=LP)
    j.fact("pilot instance: W1 value strictly larger (our pilot's 'equal' is wrong)", w1 > wi + 0.1)
    a, b, c = [], [], []
    for _ in range(4):
        # samples on the grid and ε a multiple of its step, so that x ± ε are grid points
        x = grid[rng.integers(150, 451, 8)]
        eps = 0.01 * int(rng.integers(10, 60))
        a.append(w1_dro_value_lp(x, grid, grid, eps))
        b.append(winf_dro_value_lp(x, grid, grid, eps))
        c.append(x.mean() + eps)
    j.close("linear loss: W1 value vs mean + ε", a, c, rtol=LP)
    j.close("linear loss: W∞ value vs mean + ε", b, c, rtol=LP)
    return j.evidence(note=f"Our worked instance: W1 = {w1:.6f} > W∞ = {wi:.6f} (the W1 budget "
                      "moves one sample 7ε = 2.8 far). Our pilot noted them equal there: our LP "
                      "disagrees, and the evidence wins. Linear loss: both = mean + ε.")


@claim("hgdro.eq8.inner_closed_form_linear_head", where="Eq. (8) with a linear head (derived)",
       statement="For a linear-logistic head the latent inner supremum over ‖δ‖_p ≤ ε equals "
       "softplus(−y wᵀz + ε‖w‖_q) with 1/p + 1/q = 1, for p ∈ {1, 2, ∞}.",
       expected="extension", evidence=("independent", "proof", "witness"),
       source=("ours", ("our derivation for a linear-logistic head on Eq. (8) as quoted by "
                 "the public reviews")),
       setting="exact")
def _inner_closed_form(seed: int = 0):
    """Proof: softplus is increasing, so the sup is softplus(−m + max_{‖δ‖_p≤ε} (−y wᵀδ)), and
    the linear max over the ball is ε‖w‖_q (Hölder, attained). Checks: that linear max solved
    by cvxpy (an LP for p = 1, ∞, an SOCP for p = 2), the loss at the attaining δ* evaluated
    directly, and 20,000 random points of the ball that never exceed the closed form."""
    import cvxpy as cp

    rng = np.random.default_rng(seed)
    j = Judge()
    for p, _q in ((1, np.inf), (2, 2), (np.inf, 1)):
        cf, via, at, mc = [], [], [], []
        for _ in range(5):
            d = 6
            w, z = rng.standard_normal(d), rng.standard_normal(d)
            y = float(rng.choice((-1, 1)))
            eps = float(rng.uniform(0.1, 1.0))
            m = y * w @ z
            cf.append(robust_logistic([m], w, eps, p=p)[0])
            dv = cp.Variable(d)
            prob = cp.Problem(cp.Maximize(-y * w @ dv), [cp.norm(dv, p) <= eps])
            prob.solve(solver=cp.CLARABEL)
            via.append(softplus(-m + prob.value))
            if p == np.inf:
                dstar = -eps * y * np.sign(w)
            elif p == 2:
                dstar = -eps * y * w / np.linalg.norm(w)
            else:
                dstar = np.zeros(d)
                k = np.argmax(np.abs(w))
                dstar[k] = -eps * y * np.sign(w[k])
            at.append(softplus(-y * w @ (z + dstar)))
            u = rng.standard_normal((20000, d))
            u *= eps * rng.random((20000, 1)) ** (1 / d) / np.linalg.norm(u, ord=p, axis=1,
                                                                             keepdims=True)
            mc.append(np.max(softplus(-y * (z + u) @ w)))
        j.close(f"p = {p}: closed form vs cvxpy inner max", cf, via, rtol=LP)
        j.close(f"p = {p}: closed form vs loss at δ*", cf, at, rtol=EXACT)
        j.le(f"p = {p}: random points of the ball vs closed form", mc, cf, rtol=EXACT)
    return j.evidence(note="5 random (w, z, y, ε) in d = 6 per norm; cvxpy Clarabel.")


@claim("hgdro.alg1.sign_step_exact_binary", where="Alg. 1; official code loss.py",
       statement="With a binary linear softmax head the code's one-step sign update "
       "z' = z + ε sign(∇_z CE) attains the exact maximum of the cross-entropy over the ℓ∞ ball.",
       evidence=("independent",),
       source=("code", ("Sung-Ho-Jo/hierarchical-dro@ef5732046a532b0573c2bce82ac291f0b480e424:train.py:L74-L86 "
                 "(one ℓ∞ sign step on the latent features); its exactness for two "
                 "classes is our derivation")),
       setting="exact")
def _fgsm_binary(seed: int = 0):
    """CE is convex in z', so its max over the box is at a vertex: enumeration of all 2^d
    vertices is the exact reference; the closed form softplus(−m + ε‖w₁ − w₀‖₁) a second one."""
    rng = np.random.default_rng(seed)
    fg, best, cf = [], [], []
    for _ in range(200):
        d = int(rng.integers(2, 8))
        W = rng.standard_normal((2, d)) * rng.uniform(0.3, 3)
        z = rng.standard_normal(d)
        y = int(rng.integers(0, 2))
        eps = float(rng.uniform(0.01, 1.0))
        f, b, _ = fgsm_vs_vertex(W, z, y, eps)
        w = W[1 - y] - W[y]
        fg.append(f)
        best.append(b)
        cf.append(softplus(w @ z + eps * np.abs(w).sum()))
    j = Judge()
    j.close("sign step vs vertex enumeration", fg, best, rtol=EXACT)
    j.close("sign step vs closed form softplus(−m + ε‖w‖₁)", fg, cf, rtol=1e-10)
    return j.evidence(note="200 random binary heads, d ∈ [2, 7], ε ∈ [0.01, 1].")


@claim("hgdro.alg1.sign_step_exact_multiclass", where="Alg. 1 ('PGD'); official code train.py",
       statement="Our reading (the paper's wording was not seen): the code's one-step sign "
       "update attains the inner maximum of the softmax cross-entropy over the ℓ∞ latent ball "
       "for any number of classes. It does for two classes (hgdro.alg1.sign_step_exact_binary).",
       expected="reading_fails", corrected_by="hgdro.alg1.vertex_max_multiclass",
       evidence=("witness", "independent"),
       source=("ours", ("our reading that the code's one sign step "
                 "(Sung-Ho-Jo/hierarchical-dro@ef5732046a532b0573c2bce82ac291f0b480e424:train.py:L74-L86), "
                 "which Alg. 1 calls the inner maximisation as the reviews quote "
                 "it, attains the exact inner maximum for any number of classes; "
                 "neither the code nor the quoted text says exact")),
       setting="exact")
def _fgsm_multiclass():
    """The pilot's 3-class counterexample, re-derived: the sign vertex gives 1.988286, the best
    vertex (+1, −1) 3.030150; the exact max is checked by vertex enumeration and by L-BFGS-B
    from 50 starts inside the box."""
    W = np.array([[0.22, 1.95], [-2.53, 2.7], [4.8, -3.11]])
    z = np.array([-0.5, -0.46])
    eps = 0.3
    fg, best, v = fgsm_vs_vertex(W, z, 0, eps)
    rng = np.random.default_rng(0)
    found = -np.inf
    for _ in range(50):
        r = optimize.minimize(lambda u: -softmax_ce(W, u, 0), z + rng.uniform(-eps, eps, 2),
                              method="L-BFGS-B", bounds=[(zi - eps, zi + eps) for zi in z])
        found = max(found, -r.fun)
    j = Judge()
    j.close("sign-step loss vs exact max (vertex enumeration)", fg, best, rtol=LP)
    j.close("sign-step loss vs exact max (50-start L-BFGS-B)", fg, found, rtol=LP)
    return j.evidence(note=f"W = [[0.22, 1.95], [−2.53, 2.7], [4.8, −3.11]], z = (−0.5, −0.46), "
                      f"y = 0, ε = 0.3: sign step {fg:.6f}, best vertex {tuple(v.tolist())} gives "
                      f"{best:.6f} (search {found:.6f}). Matches our pilot.")


@claim("hgdro.alg1.vertex_max_multiclass", where="Alg. 1 (corrected)",
       statement="For a linear softmax head with C ≥ 3 classes the exact ℓ∞ inner maximum is the "
       "largest loss over the 2^d vertices of the box; the one-step sign update reaches it for "
       "C = 2 always but misses it on a positive fraction of random 3-class heads.",
       expected="corrected", evidence=("independent", "search", "proof"),
       source=("ours", ("our corrected statement (the ℓ∞ inner maximum of a linear softmax "
                 "head is at a vertex)")),
       setting="exact")
def _vertex_max(seed: int = 0):
    """Proof: CE(Wz', y) = logsumexp(Wz') − (Wz')_y is convex in z', so its max over a polytope
    is at a vertex. Check: on 40 random 3-class heads (d = 2) L-BFGS-B from 10 starts in the
    box never exceeds the vertex max and reaches it; the sign step's miss rate is reported."""
    rng = np.random.default_rng(seed)
    best, search, fgs = [], [], []
    for _ in range(40):
        d = 2
        W = rng.standard_normal((3, d)) * 2
        z = rng.standard_normal(d) * 0.5
        eps = float(rng.uniform(0.1, 1.0))
        f, b, _ = fgsm_vs_vertex(W, z, 0, eps)
        top = -np.inf
        for _ in range(10):
            r = optimize.minimize(lambda u, W=W: -softmax_ce(W, u, 0), z + rng.uniform(-eps, eps, d),
                                  method="L-BFGS-B", bounds=[(zi - eps, zi + eps) for zi in z])
            top = max(top, -r.fun)
        best.append(b)
        search.append(top)
        fgs.append(f)
    best, search, fgs = map(np.array, (best, search, fgs))
    miss = float(np.mean(fgs < best - 1e-9))
    j = Judge()
    j.close("vertex max vs 10-start L-BFGS-B in the box", best, search, rtol=1e-6)
    j.le("sign step vs vertex max", fgs, best, rtol=EXACT)
    j.fact("sign step misses the max on some 3-class heads", miss > 0)
    return j.evidence(note=f"40 random 3-class heads, d = 2: the sign step misses the exact max "
                      f"on {100 * miss:.0f} % of them (largest shortfall "
                      f"{np.max(best - fgs):.3f} nats).")


@claim("hgdro.thm41.surrogate_upper_bound", where="Thm 4.1 (wording unconfirmed)",
       statement="Checked on small instances of ours, not on the paper's objects: for a "
       "one-hidden-layer ReLU feature map R → R² with a binary logistic linear head and one "
       "sample, the per-sample latent surrogate sup_{‖z'−z(x0)‖≤ε} ℓ(f^L(z'), y) is at least "
       "the value over inputs x' whose latent z(x') lies within ε of z(x0), and equals it when "
       "z maps onto the ball. Thm 4.1's surrogate max_g E_{P̂_g} of this sup then bounds the "
       "hierarchical value by averaging and maximising over groups (a monotone step, not "
       "checked numerically here).",
       evidence=("witness", "search"),
       source=("secondary", ("Thm 4.1 as the papernotes.org English note on the ICLR 2026 "
                      "version gives it ('Surrogate Objective', Key Design 3: the hierarchical "
                      "problem is upper-bounded by inf_θ max_β Σ_g β_g E_{P_g} max over "
                      "‖z'−z(x)‖ ≤ ε_g of the loss, loose when z is not surjective onto the "
                      "ball) and as Reviewer 2 of OpenReview mruL1LDjzV quotes its proof step; "
                      "the paper body was not seen; its exact wording is unconfirmed")),
       setting=("analogue", ("random one-hidden-layer ReLU maps R → R² with a binary logistic "
                             "linear head, one sample per instance, inputs on a grid of [−6, 6]; "
                             "the theorem is about a deep network's penultimate features, "
                             "groups of samples and any loss")))
def _surrogate_upper(seed: int = 0):
    """Search: 100 random one-hidden-layer ReLU feature maps R → R² with a linear head; the true
    value is the max over 20,001 inputs x' whose latent is within ε of z(x0); it never exceeds
    the surrogate. Tightness: with z the identity (onto) the input-level max (grid containing
    x0 ± ε) equals the surrogate."""
    rng = np.random.default_rng(seed)
    xs = np.linspace(-6, 6, 20001)
    true, sur = [], []
    for _ in range(100):
        V, c = rng.standard_normal((2, 1)), rng.standard_normal(2)
        w = rng.standard_normal(2)
        x0, y = float(rng.uniform(-2, 2)), float(rng.choice((-1, 1)))
        eps = float(rng.uniform(0.1, 1.0))
        Zx = np.maximum(xs[:, None] * V.T + c, 0.0)
        z0 = np.maximum(x0 * V[:, 0] + c, 0.0)
        ok = np.linalg.norm(Zx - z0, axis=1) <= eps
        true.append(np.max(softplus(-y * Zx[ok] @ w)) if ok.any() else softplus(-y * z0 @ w))
        sur.append(robust_logistic([y * z0 @ w], w, eps)[0])
    true, sur = np.array(true), np.array(sur)
    on_t, on_s = [], []
    for _ in range(20):
        w, x0, eps, y = rng.standard_normal(), rng.uniform(-2, 2), rng.uniform(0.1, 1), 1.0
        grid = np.concatenate([np.linspace(x0 - eps, x0 + eps, 2001), [x0 - eps, x0 + eps]])
        on_t.append(np.max(softplus(-y * w * grid)))
        on_s.append(robust_logistic([y * w * x0], [w], eps)[0])
    j = Judge()
    j.le("input-level value vs surrogate (100 ReLU maps)", true, sur, rtol=EXACT)
    j.close("onto map: input-level value vs surrogate", on_t, on_s, rtol=1e-12)
    return j.evidence(note=f"Surrogate − true over the ReLU maps: min {np.min(sur - true):.2e}, "
                      f"max {np.max(sur - true):.3f} nats (strict on "
                      f"{np.mean(sur > true + 1e-9) * 100:.0f} %).")


@claim("hgdro.thm41.surrogate_strict", where="Thm 4.1 (sharpened)",
       statement="The Thm 4.1 surrogate is not an identity: with z(x) = ReLU(x), head 2z, y = +1, "
       "x0 = −1 and ε = 0.5 the hierarchical value is log 2 = 0.693147 while the surrogate is "
       "softplus(1) = 1.313262.", expected="sharpened", evidence=("witness", "independent"),
       source=("ours", "our witness that the Thm 4.1 surrogate is not an identity"),
       setting="exact")
def _surrogate_strict():
    """The closed form of the witness against a brute-force scan of 100,001 inputs and 100,001
    latents in the ball."""
    true, sur = relu_surrogate_witness(2.0, 0.5, -1.0)
    xs = np.linspace(-5, 5, 100001)
    zx = np.maximum(xs, 0.0)
    brute_true = np.max(softplus(-2 * zx[np.abs(zx - 0.0) <= 0.5]))
    zs = np.linspace(-0.5, 0.5, 100001)
    brute_sur = np.max(softplus(-2 * zs))
    j = Judge()
    j.close("true value vs input scan", true, brute_true, rtol=EXACT)
    j.close("surrogate vs latent scan", sur, brute_sur, rtol=EXACT)
    j.close("true value vs log 2", true, np.log(2), rtol=EXACT)
    j.close("surrogate vs softplus(1) = log(1 + e)", sur, np.log1p(np.e), rtol=EXACT)
    return j.evidence(note=f"V = {true:.6f}, S = {sur:.6f}: the gap is the latent half-ball "
                      "[−0.5, 0) that no input reaches. An earlier reading of ours called the "
                      "formula an identity; it is only an upper bound.")


@claim("hgdro.sec4.radii_code_rule", where="Sec. 4; official code --group_ratio_perturb",
       statement="The code's radii ε_g = ε√(n_min/n_g) are the paper's ε/√n_g rescaled by √n_min; "
       "for Waterbirds (3498, 184, 56, 1057) and ε = 36/255 they are (0.017863, 0.077884, "
       "0.141176, 0.032495).", evidence=("independent",),
       source=("code", ("Sung-Ho-Jo/hierarchical-dro@ef5732046a532b0573c2bce82ac291f0b480e424:train.py:L23-L27, "
                 "L57-L58 (--group_ratio_perturb: ε_g ∝ 1/√n_g rescaled so the "
                 "largest is ε)")),
       setting="exact")
def _radii():
    """The code rule against √n_min × the paper rule, and against the six-digit values printed
    in our pilot (computed there separately from the code)."""
    n = [3498, 184, 56, 1057]
    code = group_radii(n, 36 / 255, "code")
    paper = group_radii(n, 36 / 255, "paper")
    j = Judge()
    j.close("code rule vs √n_min · paper rule", code, np.sqrt(56) * paper, rtol=EXACT)
    j.close("code rule vs pilot's printed values", code,
            [0.017863, 0.077884, 0.141176, 0.032495], atol=5e-7)
    j.close("smallest group gets ε", code[2], 36 / 255, rtol=EXACT)
    return j.evidence(note="Waterbirds training counts and ε = 36/255 from the README.")


@claim("hgdro.cert.admissible_shift_below_robust_loss", where="our derivation",
       statement="If every latent of group g moves by at most ε_g in ℓ2 (a W∞ shift of the "
       "group), the group's logistic loss is at most its robust loss, and the shift "
       "δ_i = −ε_g y_i θ/‖θ‖ attains it.", expected="extension", evidence=("proof", "witness",
                                                                            "search"),
       source=("ours", ("our derivation on the latent cost of Eq. (8) as quoted by the "
                 "public reviews")),
       setting="exact")
def _certificate(seed: int = 0):
    """Proof: each sample's loss is ≤ its own sup (the closed form), averaged over the group.
    Search: 500 random admissible shifts (directions uniform, lengths ε_g·U^{1/d}, plus 500 of
    full length aimed at −yθ with noise); witness: the aligned shift attains the robust loss."""
    from theory.hgdro._game import group_robust_losses
    from theory.hgdro._instances import gaussian_groups

    rng = np.random.default_rng(seed)
    Z, Y, G = gaussian_groups(seed)
    e = group_radii(np.bincount(G), 0.5)
    th = rng.standard_normal(Z.shape[1])
    R = group_robust_losses(th, Z, Y, G, e)
    worst = np.full(4, -np.inf)
    for k in range(1000):
        u = rng.standard_normal(Z.shape)
        if k % 2:
            u = -Y[:, None] * th / np.linalg.norm(th) + 0.3 * u
        u /= np.linalg.norm(u, axis=1, keepdims=True)
        r = e[G] * (rng.random(len(Z)) ** (1 / Z.shape[1]) if k % 2 == 0 else 1.0)
        Zs = Z + u * r[:, None]
        loss = softplus(-Y * (Zs @ th))
        worst = np.maximum(worst, np.bincount(G, weights=loss) / np.bincount(G))
    Zw = Z - (e[G] * Y)[:, None] * th / np.linalg.norm(th)
    att = np.bincount(G, weights=softplus(-Y * (Zw @ th))) / np.bincount(G)
    j = Judge()
    j.le("largest loss over 1000 admissible shifts vs robust loss", worst, R, rtol=EXACT)
    j.close("aligned shift vs robust loss", att, R, rtol=1e-12)
    return j.evidence(note=f"Largest excess over random shifts: {np.max(worst - R):.4f} nats "
                      "(our pilot's −0.0153 is the same kind of number).")
