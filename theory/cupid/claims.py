"""Theory claims of CUPID (Xu & Fan, arXiv 2603.10745): the loss optima, the first-order
epistemic score and its finite-perturbation bound, and the code's reductions.

The equations are those printed in arXiv 2603.10745v1 (read in full through a public flattened
PDF-text extraction, 07subhadip/ResearchPilot@511a4f9:data/chunks/2603.10745_semantic.json;
formulas rebuilt from it) and in the authors' released code (a-Fomalhaut-a/CUPID@8879dad);
each claim names its source. The App. B propositions and Eq. (8) are in
:mod:`theory.cupid.claims_appendix`.
"""

from __future__ import annotations

import numpy as np
import sympy as sp
from scipy.optimize import minimize, minimize_scalar

from theory.claims import Judge, claim
from theory.cupid import (
    CODE_SIGNATURE_DEFAULTS,
    CODE_WEIGHTS,
    au_loss,
    au_optimum,
    eu_loss,
    eu_score,
    first_order_eu,
    mean_value_bound,
    nonneg_null_direction,
    operator_norm,
    softmax,
    softmax_jacobian,
)
from theory.cupid._reference import (
    relu_layer_segment,
    sympy_line_derivatives,
    tanh_softmax_forward,
    tanh_softmax_jacobian,
    tanh_softmax_net,
)

_PAPER = "arXiv 2603.10745"


def _scalar_min(r2):
    f = lambda s: 0.5 * r2 * np.exp(-s) + 0.5 * s
    res = minimize_scalar(f, bounds=(np.log(r2) - 20, np.log(r2) + 20), method="bounded",
                          options={"xatol": 1e-12, "maxiter": 500})
    return res.x, res.fun


@claim("cupid.au.optimum", where=f"{_PAPER}v1, §3.2, Eqs. (9)-(10); lossfunction.py (l2)",
       statement="For a squared residual r² > 0 the aleatoric loss ½r²e^{−s} + ½s is minimised "
       "at s* = log r² with minimum ½(1 + log r²), so AU = e^{s*} regresses the squared "
       "residual of the perturbed prediction.",
       evidence=("independent", "proof"),
       source=("code",
               ("a-Fomalhaut-a/CUPID@8879dad:lossfunction.py:L30-L36 (l2 = mean of "
               "½(softmax(mean) − target)²e^(−σ) + ½σ); the same L_alea is printed in arXiv "
               "2603.10745v1, §3.2, Eq. (10), with U_alea = σ̂² in Eq. (9)")),
       setting="exact")
def _au_optimum():
    """Proof: d/ds = −½r²e^{−s} + ½ = 0 ⇔ s = log r²; the second derivative ½r²e^{−s} > 0
    (sympy below). Numerically: scipy's bounded Brent minimiser at four residuals."""
    j = Judge()
    s, r2 = sp.symbols("s r2", positive=True)
    f = r2 * sp.exp(-s) / 2 + s / 2
    sol = sp.solve(sp.diff(f, s), s)
    j.fact("sympy: unique stationary point log r²", len(sol) == 1
           and sp.simplify(sol[0] - sp.log(r2)) == 0)
    j.fact("sympy: convex", sp.simplify(sp.diff(f, s, 2) - r2 * sp.exp(-s) / 2) == 0)
    r = np.array([0.9, 0.3, 0.05, 1e-3])
    s_star, vmin = au_optimum(r**2)
    num = np.array([_scalar_min(x) for x in r**2])
    j.close("s* closed form vs Brent", s_star, num[:, 0], rtol=1e-6)
    j.close("min value closed form vs Brent", vmin, num[:, 1], rtol=1e-9)
    return j.evidence(note=f"r = {r.tolist()}: s* = {np.round(s_star, 8).tolist()}, "
                      f"min = {np.round(vmin, 4).tolist()}; sympy solves the stationarity.")


@claim("cupid.au.unbounded", where=f"{_PAPER}v1, §3.2, Eq. (10) (gap)",
       statement="The aleatoric loss has no lower bound: its minimum over s, ½(1 + log r²), "
       "goes to −∞ as the residual goes to 0, so on data the host fits exactly (the released "
       "protocol trains CUPID on the host's own training split) the log-variance is pushed "
       "to −∞.", expected="extension", evidence=("witness", "independent"),
       source=("ours",
               ("our extension on the aleatoric loss "
               "(a-Fomalhaut-a/CUPID@8879dad:lossfunction.py:L30-L36)")),
       setting="exact")
def _au_unbounded():
    j = Judge()
    targets = np.array([10.0, 100.0, 300.0])
    r2 = np.exp(-2 * targets - 1)  # the closed form says min = −target there
    num = np.array([_scalar_min(x)[1] for x in r2])
    j.close("Brent minimum at r² = e^{−2M−1} vs −M", num, -targets, rtol=1e-9)
    return j.evidence(note="Witnesses: at r² = e^{−2M−1} the numerically minimised loss is −M "
                      f"for M = {targets.tolist()} (r = 1e-3 gives {au_optimum(1e-6)[1]:.3f}).")


@claim("cupid.au.code_vs_paper", where=f"{_PAPER}v1, §3.2, Eqs. (7)-(10) vs lossfunction.py",
       statement="The released per-class log-variance (s of shape N×K, per-element mean) and "
       "the paper's scalar one have optima with the same AU ranking: at the optimum the "
       "code's AU, mean_k e^{s_k}, equals the paper's AU e^{s} divided by K; for K = 2 the two "
       "per-class log-variances coincide.", expected="extension", evidence=("independent",),
       source=("ours",
               ("our comparison of L_alea as printed in arXiv 2603.10745v1, §3.2, Eqs. "
               "(7)-(10) (σ̂² ∈ R^k with k the output dimension in Eq. (7), one factor "
               "exp(−s_n) on ‖y_n − ŷ'_n‖² in Eq. (10)) with "
               "a-Fomalhaut-a/CUPID@8879dad:lossfunction.py:L30-L36")),
       setting="exact")
def _au_code_vs_paper(seed: int = 0):
    rng = np.random.default_rng(seed)
    j = Judge()
    for K in (2, 3, 5):
        z = rng.normal(size=(6, K))
        y = np.eye(K)[rng.integers(0, K, 6)]
        res = y - softmax(z)
        s0 = np.zeros(6 * K)
        code = minimize(lambda v, res=res, K=K: au_loss(res, v.reshape(6, K), "code"), s0,
                        method="BFGS",
                        options={"gtol": 1e-12})
        paper = minimize(lambda v, res=res: au_loss(res, v, "paper"), np.zeros(6), method="BFGS",
                         options={"gtol": 1e-12})
        au_code = np.exp(code.x.reshape(6, K)).mean(1)
        j.close(f"K={K}: code AU × K vs paper AU (BFGS)", K * au_code, np.exp(paper.x), rtol=1e-4)
        if K == 2:
            sk = code.x.reshape(6, 2)
            j.close("K=2: s_1 vs s_2 (BFGS)", sk[:, 0], sk[:, 1], rtol=1e-4)
    return j.evidence(note="Both losses minimised by BFGS on random softmax residuals (6 "
                      "samples, K = 2, 3, 5); rankings agree because the factor K is common.")


def _taylor_setup(seed):
    rng = np.random.default_rng(seed)
    params = tanh_softmax_net(rng)
    x, u = rng.normal(size=3), rng.normal(size=3)
    return params, x, u / np.linalg.norm(u)


@claim("cupid.eu.first_order", where=f"{_PAPER}v1, §3.3, Eq. (14); App. B, Theorem 1, Eq. (18)",
       statement="Where the head F is differentiable at m, the epistemic change satisfies "
       "F(m+δ) − F(m) = J_F(m)δ + O(‖δ‖²), so EU ≈ ‖J_F(m)δ‖₁ to first order (the paper's "
       "approximation, ∝ sensitivity × deviation), with a second-order remainder "
       "‖R(tu)‖/t² → ‖½ D²F[u,u]‖.", evidence=("independent",),
       source=("printed",
               ("arXiv 2603.10745v1, §3.3, Eq. (14) (first-order Taylor expansion of F_l around "
               "m_l, assuming local differentiability: U_epis ≈ ‖∇F_l(m_l)·(m′_l − m_l)‖₁) and "
               "App. B, Theorem 1, Eq. (18); formulas rebuilt from the flattened extraction "
               "07subhadip/ResearchPilot@511a4f9:data/chunks/2603.10745_semantic.json, chunks 8 "
               "and 49")),
       setting="exact")
def _eu_first_order(seed: int = 0):
    params, x, u = _taylor_setup(seed)
    d1, d2 = sympy_line_derivatives(params, x, u)
    J = tanh_softmax_jacobian(params, x)
    j = Judge()
    j.close("hand Jacobian·u vs sympy d/dt", J @ u, d1, rtol=1e-9, atol=1e-14)
    ratios = []
    for t in (1e-2, 1e-3, 1e-4):
        rem = tanh_softmax_forward(params, x + t * u) - tanh_softmax_forward(params, x) - t * J @ u
        ratios.append(np.linalg.norm(rem) / t**2)
    j.close("‖R(t)‖/t² at t = 1e-4 vs ‖½F''‖ (sympy)", ratios[-1], np.linalg.norm(d2) / 2,
            rtol=2e-3)
    v, b = first_order_eu(J, t * u, norm=1)
    j.le("first-order EU ≤ its operator bound", v, b, rtol=1e-12)
    return j.evidence(note=f"tanh MLP 3-4-3 + softmax; ‖R‖/t² = {np.round(ratios, 6).tolist()} "
                      f"at t = 1e-2, 1e-3, 1e-4 vs ½‖F''‖ = {np.linalg.norm(d2) / 2:.6f} (sympy).")


@claim("cupid.eu.linear_bound", where=f"{_PAPER}v1, §3.3, Eq. (15); App. B, Eq. (19) (EU ∝ "
       "sensitivity × deviation)",
       statement="The first-order score obeys ‖Jδ‖_q ≤ ‖J‖_{q→q}‖δ‖_q for q = 1 (the paper's "
       "L1 score) and q = 2, with equality attained (top right singular vector; the heaviest "
       "column's basis vector).", evidence=("proof", "witness"),
       source=("ours",
               ("our reading, through the induced operator norm, of 'U_epis ∝ Sensitivity × "
               "Deviation' printed in arXiv 2603.10745v1, §3.3, Eq. (15) and App. B, Eq. (19) "
               "(printed as a proportionality, not an inequality)")),
       setting="exact")
def _eu_linear_bound(seed: int = 0):
    """Proof: the definition of the induced norm; for q = 1 it is the largest column sum,
    attained at that column's basis vector; for q = 2 the largest singular value, attained at
    its right singular vector."""
    rng = np.random.default_rng(seed)
    j = Judge()
    J = rng.normal(size=(5, 16))
    D = rng.normal(size=(200, 16))
    for q in (1, 2):
        vals = np.array([first_order_eu(J, d, q) for d in D])
        j.le(f"q={q}: ‖Jδ‖ ≤ ‖J‖‖δ‖ on 200 random δ", vals[:, 0], vals[:, 1], rtol=1e-12)
    e = np.zeros(16)
    e[np.argmax(np.abs(J).sum(0))] = 1.0
    v = np.linalg.svd(J)[2][0]
    for q, w in ((1, e), (2, v)):
        val, bnd = first_order_eu(J, w, q)
        j.ge(f"q={q}: witness attains the bound", val, bnd, rtol=1e-12)
    return j.evidence(note="200 random directions below the bound; the witnesses attain it "
                      "to rounding, so a constant 1e-12 smaller fails.")


@claim("cupid.eu.finite_bound", where=f"{_PAPER}v1, App. B, Theorem 1, Eq. (18) (our inequality "
       "reading)",
       statement="Our reading, not the paper's (which prints ≈ under local "
       "differentiability): for a finite perturbation, EU = ‖F(m') − F(m)‖ ≤ ‖J_F(m)‖·‖m' − m‖ "
       "(the Jacobian at the unperturbed feature).", expected="reading_fails",
       corrected_by="cupid.eu.mean_value_bound", evidence=("witness",),
       source=("ours",
               ("our inequality reading, for finite m' − m, of the first-order approximation "
               "printed as ≈ under local differentiability in arXiv 2603.10745v1, App. B, "
               "Theorem 1, Eq. (18) (and §3.3, Eq. (14))")),
       setting="exact")
def _eu_finite_bound():
    w, h, d = np.ones(2), -np.ones(2), 2 * np.ones(2)
    f = lambda x: max(w @ x, 0.0)
    J = w * (w @ h > 0)
    j = Judge()
    change = abs(f(h + d) - f(h))
    j.le("|f(h+δ) − f(h)| ≤ ‖J(h)‖‖δ‖", change, np.linalg.norm(J) * np.linalg.norm(d),
         scale=change)
    return j.evidence(note="Dead-ReLU witness f(h) = ReLU(w·h), w = (1,1), h = (−1,−1), "
                      f"δ = (2,2): J(h) = 0 but the output changes by {change:g}.")


@claim("cupid.eu.mean_value_bound", where=f"{_PAPER}v1, App. B, Theorem 1 (corrected)",
       statement="‖F(m') − F(m)‖ ≤ ∫₀¹‖J_F(m+tδ)δ‖dt ≤ sup_{t∈[0,1]}‖J_F(m + tδ)‖·‖δ‖, "
       "δ = m' − m; both bounds are attained (a ReLU head along an active direction).",
       expected="corrected", evidence=("proof", "witness", "search"),
       source=("ours",
               "our corrected finite-perturbation bound (mean-value form along the segment)"),
       setting="exact")
def _eu_mean_value(seed: int = 0):
    """Proof: F(m+δ) − F(m) = ∫₀¹ J(m+tδ)δ dt for F absolutely continuous on the segment
    (ReLU networks are piecewise linear), then the triangle inequality for integrals and
    ‖Jδ‖ ≤ ‖J‖‖δ‖. Search: 300 random ReLU heads and segments, the integral and sup computed
    exactly from the breakpoints; witness: the dead-ReLU function of the refuted claim moved to
    its active side."""
    rng = np.random.default_rng(seed)
    j = Judge()
    w = np.ones(2)
    jac = lambda x: (w * (w @ x > 0))[None, :]
    h, d = np.ones(2), np.ones(2)
    integ, sup = mean_value_bound(jac, h, d, n_grid=11)
    change = abs(max(w @ (h + d), 0) - max(w @ h, 0))
    j.ge("witness: change attains the integral bound", change, integ, rtol=1e-12)
    j.ge("witness: change attains the sup bound", change, sup, rtol=1e-12)
    _, sup2 = mean_value_bound(jac, -np.ones(2), 2 * np.ones(2), n_grid=2001)
    j.le("dead-ReLU segment: change 2 ≤ sup bound", 2.0, sup2, rtol=1e-12)
    ratios_i, ratios_s = [], []
    for _ in range(300):
        W1, b1 = rng.normal(size=(32, 8)), rng.normal(size=32)
        W2 = rng.normal(size=(3, 32))
        m, dl = rng.normal(size=8), rng.normal(size=8) * rng.uniform(0.1, 5)
        F = lambda x, W1=W1, b1=b1, W2=W2: W2 @ np.maximum(W1 @ x + b1, 0)
        ch = np.linalg.norm(F(m + dl) - F(m))
        iv, sv = relu_layer_segment(W1, b1, W2, m, dl)
        ratios_i.append(ch / iv)
        ratios_s.append(iv / (sv * np.linalg.norm(dl)))
    j.le("search: change / integral bound ≤ 1 (300 ReLU heads)", np.max(ratios_i), 1.0,
         rtol=1e-12)
    j.le("search: integral / sup bound ≤ 1", np.max(ratios_s), 1.0, rtol=1e-12)
    return j.evidence(note=f"Witness attains both bounds (change {change:g}); on the refuted "
                      f"witness the sup bound is {sup2:.3f} ≥ 2. Search: max change/integral "
                      f"{max(ratios_i):.4f}, max integral/sup {max(ratios_s):.4f} over 300.")


@claim("cupid.eu.softmax_half", where=f"{_PAPER}v1, §3.3 (EU in softmax space); derived (ours)",
       statement="‖diag(p) − ppᵀ‖₂ ≤ ½ for every probability vector p, with equality at "
       "p = (½, ½, 0, …); hence the probability-space EU is at most ½‖J_logits‖₂‖δ‖₂ to first "
       "order.", expected="extension", evidence=("proof", "witness", "search"),
       source=("ours",
               "our bound on the softmax Jacobian (extension)"),
       setting="exact")
def _softmax_half(seed: int = 0):
    """Proof: xᵀ(diag p − ppᵀ)x = Var_p(x) ≤ (max x − min x)²/4 ≤ (2·(1/√2))²/4 = ½ for
    ‖x‖₂ = 1 (Popoviciu; max − min ≤ √2 on the unit sphere). For K = 2 the eigenvalue is
    2p(1−p), maximised at p = ½ (sympy)."""
    rng = np.random.default_rng(seed)
    j = Judge()
    p = sp.Symbol("p", positive=True)
    lam = sp.Matrix([[p * (1 - p), -p * (1 - p)], [-p * (1 - p), p * (1 - p)]]).eigenvals()
    top = max(lam, key=lambda e: e.subs(p, sp.Rational(1, 3)))
    crit = sp.solve(sp.diff(top, p), p)
    j.fact("sympy: K=2 top eigenvalue 2p(1−p), max at p = ½",
           sp.simplify(top - 2 * p * (1 - p)) == 0 and crit == [sp.Rational(1, 2)])
    norms = []
    for K in (2, 3, 5, 10):
        P = rng.dirichlet(np.full(K, 0.3), size=5000)
        stack = P[:, :, None] * np.eye(K) - P[:, :, None] * P[:, None, :]
        norms.append(np.linalg.eigvalsh(stack)[:, -1].max())
        norms.append(np.linalg.eigvalsh(softmax_jacobian(P[0]))[-1])
    j.le("search: max over 20,000 random p", max(norms), 0.5, rtol=1e-12)
    wit = operator_norm(softmax_jacobian(np.array([0.5, 0.5, 0.0])), 2)
    j.ge("witness p = (½,½,0) attains ½", wit, 0.5, rtol=1e-12)
    return j.evidence(note=f"max ‖·‖₂ over 20,000 Dirichlet(0.3) draws, K ∈ {{2,3,5,10}}: "
                      f"{max(norms):.6f}; witness {wit:.12f}.")


@claim("cupid.eu.unbounded", where=f"{_PAPER}v1, §3.3, Eq. (12) (gap); lossfunction.py (l1)",
       statement="If the frozen head F_l = W·(+b) has a direction v ≥ 0 with Wv = 0 (any K×D "
       "linear head with K < D generically does: the released insertion after layer4 has "
       "F_l = fc∘avgpool, 2×512), then m' = m + t v keeps the output, stays in the range of the "
       "ReLU μ-branch, and L_epis = −T11·t·mean(v) → −∞: the epistemic loss has no minimiser.",
       expected="extension", evidence=("witness", "independent"),
       source=("ours",
               ("our extension on the epistemic loss "
               "(a-Fomalhaut-a/CUPID@8879dad:lossfunction.py:L25-L27: l1 = L1(mean, target) − "
               "T11·L1(defea, enfea))")),
       setting="exact")
def _eu_unbounded(seed: int = 0):
    rng = np.random.default_rng(seed)
    D, K = 512, 2
    W = rng.uniform(-1, 1, size=(K, D)) / np.sqrt(D)  # torch nn.Linear's init range
    b = rng.uniform(-1, 1, size=K) / np.sqrt(D)
    v = nonneg_null_direction(W)
    j = Judge()
    j.fact("HiGHS finds v ≥ 0, Σv = 1, Wv = 0", v is not None)
    m = np.maximum(rng.normal(size=(4, D)), 0)
    ts = np.array([1.0, 10.0, 100.0, 1000.0])
    t11 = CODE_WEIGHTS["T11"]
    got, out = [], []
    for t in ts:
        mh = m + t * v
        z, zh = m @ W.T + b, mh @ W.T + b
        got.append(eu_loss(zh, z, mh, m, t11))
        out.append(np.abs(zh - z).max())
    j.close("L_epis(m + t v) vs −T11·t·mean(v)", got, -t11 * ts * v.mean(), rtol=1e-6)
    j.fact("m + t v ≥ 0 (reachable by the ReLU branch)", bool(np.all(m + ts[-1] * v >= 0)))
    Wpos = np.vstack([np.abs(W[0]) + 1e-3, W[1]])
    j.fact("Gordan: a head with a positive row has no such v", nonneg_null_direction(Wpos) is None)
    return j.evidence(note=f"2×512 head (seed {seed}): L_epis = {np.round(got, 6).tolist()} at "
                      f"t = {ts.tolist()}, output change ≤ {max(out):.1e}.")


@claim("cupid.code.logit_shift", where="lossfunction.py (l1 on logits) vs train.py (EU on "
       "probabilities); arXiv 2603.10745v1, §3.3 (discrepancy in softmax space)",
       statement="The output-consistency term of the released loss is on logits while the EU "
       "score is on probabilities: a common shift z' = z + c·1 leaves EU = 0 but costs "
       "l1 = |c|, so the loss penalises changes the score ignores.",
       expected="extension", evidence=("witness",),
       source=("code",
               ("a-Fomalhaut-a/CUPID@8879dad:lossfunction.py:L25-L27 (output consistency as L1 "
               "on logits) vs a-Fomalhaut-a/CUPID@8879dad:train.py:L272 (the EU score on "
               "softmax probabilities)")),
       setting="exact")
def _logit_shift(seed: int = 0):
    rng = np.random.default_rng(seed)
    z = rng.normal(size=(8, 5))
    m = rng.normal(size=(8, 16))
    c = 0.8
    j = Judge()
    eu = eu_score(softmax(z + c), softmax(z))
    j.close("EU score after the shift vs 0", eu.max(), 0.0, atol=1e-15, scale=c)
    j.close("l1 after the shift vs |c|", eu_loss(z + c, z, m, m, 0.01), c, rtol=1e-12)
    return j.evidence(note=f"c = {c}: EU = {eu.max():.1e}, l1 = {eu_loss(z + c, z, m, m):.6f}.")


@claim("cupid.code.lambda_conversion", where="lossfunction.py (means) vs arXiv 2603.10745v1, "
       "Eq. (12) (sums) and Table 11 (λ1 = 0.01)",
       statement="With per-element means the code's push weight T11 corresponds to the paper's "
       "λ1 = T11·K/D: code loss = paper loss(λ1 = T11·K/D)/K; at the released insertion "
       "(K = 2, D = 512·16·16) T11 = 0.01 is λ1 ≈ 1.5e-7.",
       expected="extension", evidence=("proof",),
       source=("code",
               ("a-Fomalhaut-a/CUPID@8879dad:lossfunction.py:L11 and L25-L27 (nn.L1Loss with "
               "mean reduction) vs L_epis with per-sample sums printed in arXiv "
               "2603.10745v1, §3.3, Eq. (12), and λ1 = 0.01 in App. D.2, Table 11")),
       setting="exact")
def _lambda_conversion(seed: int = 0):
    """Proof: mean over N·K of |Δz| = (1/K)·(1/N)Σ_n‖Δz_n‖₁ and mean over N·D of |Δm| =
    (1/D)·(1/N)Σ_n‖Δm_n‖₁, so code = (1/K)[(1/N)Σ‖Δz‖₁ − (T11·K/D)(1/N)Σ‖Δm‖₁]."""
    rng = np.random.default_rng(seed)
    j = Judge()
    for K, D in ((2, 64), (5, 128), (10, 7)):
        z, zh = rng.normal(size=(6, K)), rng.normal(size=(6, K))
        m, mh = rng.normal(size=(6, D)), rng.normal(size=(6, D)) * 3
        t11 = 0.7
        j.close(f"K={K}, D={D}: code vs paper/K", eu_loss(zh, z, mh, m, t11, "code"),
                eu_loss(zh, z, mh, m, t11 * K / D, "paper") / K, rtol=1e-12)
    lam = CODE_WEIGHTS["T11"] * 2 / (512 * 16 * 16)
    return j.evidence(note=f"Released insertion: λ1 = 0.01·2/131072 = {lam:.2e}. The push "
                      "term's scale is thus set by a per-element mean, not the paper's λ1.")


@claim("cupid.code.weights", where="config_train.py vs lossfunction.py",
       statement="At train time the released code uses T1 = 1, T2 = 9e-3, T11 = 0.01 "
       "(config_train.py), not the CUPIDLoss defaults 1, 5e-4, 0.1.",
       evidence=("sanity",),
       source=("code",
               ("a-Fomalhaut-a/CUPID@8879dad:config_train.py:L23-L25 (T1, T2, T11 = 1, 9e-3, "
               "0.01) vs a-Fomalhaut-a/CUPID@8879dad:lossfunction.py:L21-L23 (defaults 1, "
               "5e-4, 0.1)")),
       setting="exact")
def _weights():
    j = Judge()
    j.fact("train-time weights as read", CODE_WEIGHTS == {"T1": 1.0, "T2": 9e-3, "T11": 0.01})
    j.fact("signature defaults differ", CODE_SIGNATURE_DEFAULTS != CODE_WEIGHTS)
    return j.evidence(note="Read from the released files; a record, not a verification.")
