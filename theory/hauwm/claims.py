"""Theory claims of the hauwm topic (Wan et al., ICLR 2026, OpenReview pZuZWRuPyi).

Only the abstract and the OpenReview metadata are public. Each row says what it rests on:
``abstract`` (the premise that predictive variance should grow with the horizon, and that a
deterministic single-future objective cannot represent stochastic futures), ``secondary`` (the
loss form (H-e), from a public third-party note of the paper whose printed wording we did not
see) or ``ours`` (the ground-truth moments, the calibration properties and the candidate loss
forms (H-a)–(H-d), which we chose). No row attributes a loss to the paper's printed text.

Closed forms are checked against exact recursions, quadrature, the discrete Lyapunov equation,
sympy and seeded Monte Carlo (tolerances: a few standard errors, stated in each note).
"""

from __future__ import annotations

import math

import numpy as np
import sympy as sp
from scipy import optimize

from theory.claims import Judge, claim
from theory.hauwm import _reference as ref
from theory.hauwm import (
    best_growth_slope,
    coverage_at_ratio,
    hcu_critical_horizon,
    hcu_objective_learned_variance,
    hcu_spread_coefficient,
    hinge_violation_horizon,
    loss_disagreement,
    loss_hinge,
    loss_rank,
    nll_expected,
    nll_minimum,
    nll_optimum,
    var_ar1,
    var_circle,
    var_lgssm,
    var_ou,
    var_random_walk,
    var_reset,
    z_for_level,
)
from theory.tolerances import EXACT, QUADRATURE

ABSTRACT = "OpenReview pZuZWRuPyi, abstract"
NOTE = ("secondary: zhaoyang97/Paper-Notes-en@e08dcc0f8a596e42dba348046df0709d3c656cd6:"
        "docs/ICLR2026/reinforcement_learning/learning_to_be_uncertain_pre-training_world_models_"
        "with_horizon-calibrated_uncer.md, §Method 'Key Designs' 2 (a third-party note; the "
        "paper's printed wording was not seen)")
#: Our derivations about the loss form the note gives (properties of (H-e), not its claims).
DERIVED = ("ours: our derivation about the loss form (H-e) that "
           "zhaoyang97/Paper-Notes-en@e08dcc0f8a596e42dba348046df0709d3c656cd6:docs/ICLR2026/"
           "reinforcement_learning/learning_to_be_uncertain_pre-training_world_models_with_"
           "horizon-calibrated_uncer.md, §Method 'Key Designs' 2, gives (a third-party note; the "
           "paper's printed wording was not seen); that third-party note states no such "
           "property")
TRUTH = ("ours: the standard conditional moments of the process (the abstract names no process; "
         "we chose these as ground truth)")
H = np.arange(1, 13)


def _se_var(V, n):
    """Standard error of a Gaussian sample variance."""
    return np.asarray(V) * math.sqrt(2.0 / (n - 1))


@claim("hauwm.truth.random_walk", where="ground truth (ours); abstract's premise",
       expected="extension", evidence=("independent",),
       statement="For the random walk x_{t+1} = x_t + √s2·ε, Var[x_{t+h} | x_t] = h·s2 (linear "
       "growth), h = 1..12.",
       source=("ours", TRUTH), setting="exact")
def _rw(seed: int = 0):
    rng = np.random.default_rng(seed)
    s2, n = 0.7, 200_000
    closed = var_random_walk(H, s2)
    lg = var_lgssm(H, [[1.0]], [[s2]])[:, 0, 0]
    mc = ref.mc_variance_paths(ref.ar1_step(1.0, s2), 0.0, 12, n, rng)
    j = Judge()
    j.close("closed form vs the linear-Gaussian sum with A = 1", closed, lg, rtol=EXACT)
    j.close("closed form vs Monte Carlo (2e5 paths, ±5 SE)", closed, mc,
            atol=float(5 * _se_var(closed, n).max()))
    return j.evidence(note=f"s2 = {s2}; max |MC − closed| / closed = "
                      f"{np.max(np.abs(mc / closed - 1)):.2e} over h = 1..12.")


@claim("hauwm.truth.ar1", where="ground truth and worked values (ours)", expected="extension",
       evidence=("independent",),
       statement="For the stationary AR(1) x_{t+1} = φx_t + √s2·ε, Var[x_{t+h} | x_t] = "
       "s2(1 − φ^{2h})/(1 − φ²); the increment V(h+1) − V(h) = s2·φ^{2h} → 0, so it saturates at "
       "s2/(1 − φ²) (φ = 0.8, s2 = 1: V(6) = 2.5869, V(12) = 2.7647, limit 2.7778).",
       source=("ours", TRUTH), setting="exact")
def _ar1(seed: int = 0):
    rng = np.random.default_rng(seed)
    phi, s2, n = 0.8, 1.0, 200_000
    closed = var_ar1(H, phi, s2)
    rec = ref.ar1_variance_recursion(12, phi, s2)
    mc = ref.mc_variance_paths(ref.ar1_step(phi, s2), 1.0, 12, n, rng)
    j = Judge()
    j.close("closed form vs the recursion V(h+1) = φ²V(h) + s2", closed, rec, rtol=EXACT)
    j.close("increments vs s2·φ^{2h}", np.diff(closed), s2 * phi ** (2 * H[:-1]), rtol=1e-10)
    j.close("V(6), V(12) vs our worked values 2.5869, 2.7647", closed[[5, 11]], [2.5869, 2.7647],
            atol=5e-5)
    j.close("V(200) vs s2/(1 − φ²) = 2.7778", var_ar1(200, phi, s2), s2 / (1 - phi**2),
            rtol=1e-12)
    j.close("closed form vs Monte Carlo (2e5 paths from x_t = 1, ±5 SE)", closed, mc,
            atol=float(5 * _se_var(closed, n).max()))
    return j.evidence(note=f"max |MC/closed − 1| = {np.max(np.abs(mc / closed - 1)):.2e}.")


@claim("hauwm.truth.ou", where="ground truth and worked values (ours)", expected="extension",
       evidence=("independent",),
       statement="For the Ornstein–Uhlenbeck process dX = −θX dt + σ dW, Var[X_{t+h} | X_t] = "
       "σ²/(2θ)(1 − e^{−2θh}) (θ = 0.5, σ = 1: 0.63212 at h = 1, 0.99995 at h = 10).",
       source=("ours", TRUTH), setting="exact")
def _ou(seed: int = 0):
    rng = np.random.default_rng(seed)
    theta, sigma = 0.5, 1.0
    hs = np.array([0.1, 0.5, 1.0, 2.0, 5.0, 10.0])
    closed = var_ou(hs, theta, sigma)
    quad = [ref.ou_variance_quadrature(h, theta, sigma) for h in hs]
    # exact discretisation with step dt: an AR(1) with φ = e^{−θ dt}, noise Var(dt)
    dt, n = 0.1, 100_000
    phi = math.exp(-theta * dt)
    mc = ref.mc_variance_paths(ref.ar1_step(phi, float(var_ou(dt, theta, sigma))), 0.3, 100, n,
                               rng)
    idx = np.rint(hs / dt).astype(int) - 1
    j = Judge()
    j.close("closed form vs quadrature of the Itô isometry", closed, quad, rtol=QUADRATURE)
    j.close("h = 1, 10 vs our worked values 0.63212, 0.99995", closed[[2, 5]], [0.63212, 0.99995],
            atol=5e-6)
    j.close("closed form vs Monte Carlo of the exact discretisation (1e5 paths, ±5 SE)",
            closed, mc[idx], atol=float(5 * _se_var(closed, n).max()))
    return j.evidence(note="Quadrature: scipy.integrate.quad at 1e-13; Monte Carlo: AR(1) with "
                      f"φ = e^(−θ·0.1), max |MC/closed − 1| = {np.max(np.abs(mc[idx] / closed - 1)):.1e}.")


def _random_system(rng, d, stable=True):
    A = rng.normal(size=(d, d)) / math.sqrt(d)
    if stable:
        A *= rng.uniform(0.3, 0.95) / max(1e-9, np.max(np.abs(np.linalg.eigvals(A))))
    B = rng.normal(size=(d, d))
    return A, B @ B.T / d + 1e-3 * np.eye(d)


@claim("hauwm.truth.lgssm", where="ground truth (ours)", expected="extension",
       evidence=("independent", "proof"),
       statement="For z_{t+1} = Az_t + w, w ~ N(0, Q), Cov[z_{t+h} | z_t] = Σ_h = Σ_{i<h} A^i Q "
       "A^{iᵀ}; for a stable A, Σ_h = Σ∞ − A^h Σ∞ A^{hᵀ} with Σ∞ the discrete Lyapunov solution.",
       source=("ours", TRUTH), setting="exact")
def _lgssm(seed: int = 0):
    rng = np.random.default_rng(seed)
    j = Judge()
    worst = 0.0
    closed_all, lyap_all = [], []
    for _ in range(50):
        d = int(rng.integers(1, 6))
        A, Q = _random_system(rng, d)
        S = var_lgssm(H, A, Q)
        L = np.array([ref.lgssm_lyapunov(A, Q, int(h)) for h in H])
        closed_all.append(S.ravel())
        lyap_all.append(L.ravel())
        worst = max(worst, float(np.max(np.abs(S - L)) / np.max(np.abs(L))))
    j.close("sum vs Lyapunov difference, 50 random stable systems (d ≤ 5, h ≤ 12)",
            np.concatenate(closed_all), np.concatenate(lyap_all), rtol=1e-9, atol=1e-11)
    A = np.array([[0.9, 0.2], [-0.1, 0.7]])
    Q = np.array([[1.0, 0.3], [0.3, 0.5]])
    n = 100_000
    z = np.zeros((n, 2))
    mc = []
    Lq = np.linalg.cholesky(Q)
    for _ in range(12):
        z = z @ A.T + rng.standard_normal((n, 2)) @ Lq.T
        mc.append(np.cov(z.T))
    S = var_lgssm(H, A, Q)
    se = float(5 * np.sqrt(2.0 / n) * np.max(np.abs(S)))
    j.close("Σ_h vs Monte Carlo covariance (1e5 paths, ±5 SE)", S, np.array(mc), atol=se)
    return j.evidence(note=f"max relative |sum − Lyapunov| = {worst:.1e}. Proof: Σ_{{h+1}} = "
                      "AΣ_hAᵀ + Q from z_{t+h+1} = Az_{t+h} + w; Σ∞ − A^hΣ∞A^hᵀ satisfies the "
                      "same recursion with Σ_1 = Q.")


@claim("hauwm.truth.circle", where="ground truth (ours): rotating phase", expected="extension",
       evidence=("independent",),
       statement="For a rotating phase θ_{t+1} = θ_t + ω + √s2·ε observed as (cos θ, sin θ), with "
       "S = h·s2 and φ_h = θ_t + hω: Var[cos θ_{t+h}] = ½(1 + e^{−2S}cos 2φ_h) − e^{−S}cos²φ_h, "
       "and Var cos + Var sin = 1 − e^{−S} (ω = π/2, s2 = 0.01, θ_t = 0: 0.009901, 0.000196, "
       "0.029118, 0.000769 at h = 1..4).",
       source=("ours", TRUTH), setting="exact")
def _circle(seed: int = 0):
    rng = np.random.default_rng(seed)
    om, s2, th0 = math.pi / 2, 0.01, 0.0
    closed = var_circle(H, om, s2, th0)
    closed_sin = var_circle(H, om, s2, th0, "sin")
    gh = [ref.circle_variance_gauss_hermite(int(h), om, s2, th0) for h in H]
    gh_sin = [ref.circle_variance_gauss_hermite(int(h), om, s2, th0, "sin") for h in H]
    n = 400_000
    th = np.full(n, th0)
    mc, se = [], []
    for _ in range(4):
        th = th + om + math.sqrt(s2) * rng.standard_normal(n)
        c = np.cos(th)
        dev2 = (c - c.mean()) ** 2
        mc.append(dev2.sum() / (n - 1))
        se.append(dev2.std() / math.sqrt(n))
    j = Judge()
    j.close("Var cos vs Gauss–Hermite quadrature (80 nodes), h = 1..12", closed, gh, rtol=1e-10,
            atol=1e-15)
    j.close("Var sin vs Gauss–Hermite quadrature", closed_sin, gh_sin, rtol=1e-10, atol=1e-15)
    j.close("h = 1..4 vs our worked values", closed[:4],
            [0.009901, 0.000196, 0.029118, 0.000769], atol=6e-7)
    j.close("trace vs 1 − e^{−S}", closed + closed_sin, var_circle(H, om, s2, th0, "trace"),
            rtol=1e-12)
    for h in range(4):
        j.close(f"Var cos vs Monte Carlo of the phase walk (4e5 paths, ±5 SE), h = {h + 1}",
                closed[h], mc[h], atol=5 * se[h])
    return j.evidence(note=f"MC at h = 2: {mc[1]:.6f} vs {closed[1]:.6f} (SE {se[1]:.1e}).")


@claim("hauwm.truth.reset", where="ground truth (ours): resets", expected="extension",
       evidence=("independent",),
       statement="For a random walk reset to 0 at every multiple of L, from a reset time "
       "Var[x_{t+h} | x_t] = (h mod L)·s2 (L = 5: 1, 2, 3, 4, 0, 1, … times s2).",
       source=("ours", TRUTH), setting="exact")
def _reset(seed: int = 0):
    rng = np.random.default_rng(seed)
    L, s2, n = 5, 1.3, 100_000
    j = Judge()
    for phase in (0, 2):
        closed = var_reset(H, L, s2, phase)
        rec = ref.reset_variance_recursion(12, L, s2, phase)
        mc = ref.mc_variance_paths(ref.reset_step(L, s2, phase), 0.4, 12, n, rng)
        j.close(f"phase {phase}: closed form vs the exact variance recursion", closed, rec,
                rtol=EXACT, atol=0)
        j.close(f"phase {phase}: closed form vs Monte Carlo (1e5 paths, ±5 SE)", closed, mc,
                atol=float(5 * _se_var(closed, n).max()))
    return j.evidence(note="The variance returns to 0 at each reset.")


@claim("hauwm.calib.nll_proper", where="ours (candidate (H-a)): properness of the NLL",
       expected="extension", evidence=("proof", "independent"),
       statement="The expected Gaussian NLL ½log(2πσ²) + V/(2σ²) is minimised exactly at σ² = "
       "V with value ½log(2πeV): the likelihood at random horizons is proper and yields the true "
       "horizon profile whatever its shape.",
       source=("ours", "our candidate (H-a); a standard property of the Gaussian likelihood"),
       setting="exact")
def _nll(seed: int = 0):
    s, V = sp.symbols("s V", positive=True)
    f = sp.log(2 * sp.pi * s) / 2 + V / (2 * s)
    crit = sp.solve(sp.diff(f, s), s)
    second = sp.simplify(sp.diff(f, s, 2).subs(s, V))
    val = sp.simplify(f.subs(s, V) - sp.log(2 * sp.pi * sp.E * V) / 2)
    rng = np.random.default_rng(seed)
    j = Judge()
    j.fact("sympy: the only critical point is σ² = V", crit == [V])
    j.fact("sympy: second derivative at V is 1/(2V²) > 0", sp.simplify(second - 1 / (2 * V**2)) == 0)
    j.fact("sympy: the minimum value equals ½log(2πeV)", val == 0)
    Vs = np.concatenate([var_ar1(H, 0.8, 1.0), var_circle(H[:4], math.pi / 2, 0.01)])
    num = [optimize.minimize_scalar(lambda ls, V=V: float(nll_expected(math.exp(ls), V)),
                                    bracket=(math.log(V) - 1, math.log(V) + 1), tol=1e-12).x
           for V in Vs]
    j.close("nll_optimum(V) vs a numerical minimiser of the expected NLL (log σ²)",
            np.log(nll_optimum(Vs)), num, atol=1e-6)
    x = rng.standard_normal(100_000) * math.sqrt(2.5)
    q = float(np.mean(x**2))
    emp = optimize.minimize_scalar(lambda g: float(np.mean(0.5 * np.log(2 * np.pi * g)
                                                           + x**2 / (2 * g))),
                                   bounds=(0.5, 10.0), method="bounded",
                                   options={"xatol": 1e-10}).x
    j.close("numerical argmin of the sample NLL (1e5 draws) vs the mean square (the MLE)",
            emp, q, rtol=1e-6)
    j.close("minimum value vs ½log(2πeV)", nll_expected(Vs, Vs), nll_minimum(Vs), rtol=1e-13)
    return j.evidence(note="Sympy derivative and value; scipy's Brent minimiser on 16 true "
                      "profiles (AR(1) and circle values, 2e−4 to 2.8); the sample NLL of 1e5 "
                      "draws is minimised at their mean square (scipy bounded Brent).")


@claim("hauwm.calib.coverage", where="ours: calibration criteria", expected="extension",
       evidence=("independent",),
       statement="A Gaussian predictor with the right mean and variance ratio r = σ̂²/V covers "
       "the central 90% interval with probability 2Φ(1.6449·√r) − 1 (0.90 at r = 1) and has "
       "E[(x − μ̂)²/σ̂²] = 1/r.",
       source=("ours", ("standard properties of a Gaussian forecast; the calibration criteria "
               "are our choice")), setting="exact")
def _coverage(seed: int = 0):
    rng = np.random.default_rng(seed)
    rs = np.array([0.25, 0.5, 1.0, 1.164, 2.0, 6.97])
    n = 400_000
    x = rng.standard_normal(n)
    z = z_for_level(0.9)
    mc = np.array([np.mean(np.abs(x) <= z * math.sqrt(r)) for r in rs])
    cl = coverage_at_ratio(rs)
    se = np.sqrt(cl * (1 - cl) / n)
    j = Judge()
    j.close("z for 90% vs 1.644853627", z, 1.6448536269514722, rtol=1e-12)
    j.close("coverage at r = 1 vs 0.9", coverage_at_ratio(1.0), 0.9, rtol=1e-12)
    j.close("closed-form coverage vs Monte Carlo (4e5 draws, ±5 SE)", cl, mc,
            atol=float(5 * se.max()))
    j.close("r·E[z²] vs 1 (Monte Carlo, ±5 SE)", [np.mean(x**2 / r) * r for r in rs], 1.0,
            atol=5 * math.sqrt(2.0 / n))
    return j.evidence(note="Coverage at r = 1.164 (the hinge over-dispersion of our pilot) is "
                      f"{float(coverage_at_ratio(1.164)):.4f}; at r = 6.97 "
                      f"{float(coverage_at_ratio(6.97)):.4f}: coverage alone barely sees "
                      "over-dispersion.")


@claim("hauwm.premise.hinge_violation_horizon", where="abstract's premise; saturation (ours)",
       expected="extension", evidence=("independent", "proof"),
       statement="A consecutive monotonicity hinge ReLU(σ²(h) − σ²(h+1) + m) with margin m > 0 "
       "in variance units is active at the true AR(1) profile exactly from h* = min{h : "
       "s2·φ^{2h} < m} on (φ = 0.8, s2 = 1, m = 0.1: h* = 6), confirmed by simulation; so a "
       "margin hinge pushes a saturating process away from its truth at every h ≥ h*.",
       source=("ours", ("the hinge (H-b) and its margin are our candidate; the abstract only "
               "says variance is encouraged to grow with the horizon")), setting="exact")
def _hinge(seed: int = 0):
    rng = np.random.default_rng(seed)
    j = Judge()
    cases = ((0.8, 1.0, 0.1), (0.9, 1.0, 0.1), (0.6, 2.0, 0.05))
    n = 1_000_000
    found_cf, found_scan, found_mc, notes = [], [], [], []
    for phi, s2, m in cases:
        hstar = hinge_violation_horizon(phi, s2, m)
        V = var_ar1(np.arange(1, 41), phi, s2)
        scan = int(np.argmax(np.diff(V) < m)) + 1
        Hm = hstar + 3
        mc = ref.mc_variance_paths(ref.ar1_step(phi, s2), 0.0, Hm, n, rng)
        inc = np.diff(mc)
        found_cf.append(hstar)
        found_scan.append(scan)
        found_mc.append(int(np.argmax(inc < m)) + 1)
        notes.append(f"φ = {phi}, s2 = {s2}, m = {m}: h* = {hstar} (bound "
                     f"{math.log(m / s2) / (2 * math.log(phi)):.2f})")
    j.close("h* closed form vs a scan of the exact increments", found_cf, found_scan, rtol=0)
    j.close("h* closed form vs the first simulated increment below m (1e6 paths)", found_cf,
            found_mc, rtol=0)
    j.close("our worked example φ = 0.8, s2 = 1, m = 0.1 → 6", found_cf[0], 6, rtol=0)
    V = var_ar1(H, 0.8, 1.0)
    j.ge("hinge loss at the truth over h = 1..12 (m = 0.1) is > 0", loss_hinge(V, 0.1), 1e-3)
    j.close("hinge loss at the truth over h = 1..5 (m = 0.1) is 0", loss_hinge(V[:6], 0.1), 0.0,
            atol=0, scale=1.0)
    j.fact("a log-variance hinge with m = 0 is never active at the AR(1) truth (strictly "
           "increasing)", loss_hinge(var_ar1(np.arange(1, 200), 0.8, 1.0), 0.0, log=True) == 0)
    return j.evidence(note="; ".join(notes) + ". Proof: V(h+1) − V(h) = s2·φ^{2h}, decreasing; "
                      "pairs (h, h') with h' > h+1 have larger increments.")


@claim("hauwm.premise.linear_gaussian_grows", where="abstract (premise: uncertainty grows with "
       "the horizon)", expected="verified", evidence=("proof", "search"),
       statement="Most charitable reading of the premise: for linear-Gaussian latent dynamics "
       "the true predictive covariance is non-decreasing in the horizon (Σ_{h+1} − Σ_h = "
       "A^h Q A^{hᵀ} ⪰ 0), stable or not.",
       source=("abstract", ABSTRACT + ": predictive variance should grow as the model predicts "
               "further ahead (our paraphrase; we read it for linear-Gaussian latents)"),
       setting=("analogue", ("known linear-Gaussian latent dynamics stand in for the paper's "
                "learnt latent dynamics")))
def _lg_grows(seed: int = 0):
    rng = np.random.default_rng(seed)
    j = Judge()
    worst = np.inf
    inc_all, ref_all = [], []
    for k in range(200):
        d = int(rng.integers(1, 7))
        A, Q = _random_system(rng, d, stable=bool(k % 2))
        S = var_lgssm(np.arange(1, 16), A, Q)
        inc = np.diff(S, axis=0)
        worst = min(worst, min(np.linalg.eigvalsh(x).min() / max(1.0, np.abs(x).max())
                               for x in inc))
        P = [np.linalg.matrix_power(A, h) for h in range(1, 15)]
        inc_all.append(inc.ravel())
        ref_all.append(np.array([p @ Q @ p.T for p in P]).ravel())
    j.close("increments Σ_{h+1} − Σ_h vs A^h Q A^hᵀ (200 systems, half unstable)",
            np.concatenate(inc_all), np.concatenate(ref_all), rtol=1e-9, atol=1e-9)
    j.ge("smallest eigenvalue of any increment, relative", worst, -1e-12, scale=1.0)
    return j.evidence(note=f"Smallest relative increment eigenvalue {worst:.1e} over 200 random "
                      "systems, d ≤ 6, h ≤ 15.")


@claim("hauwm.premise.per_coordinate_grows", where="abstract (premise), read per coordinate",
       expected="reading_fails", evidence=("witness",),
       statement="Reading of the premise per observed coordinate: the true Var[x_{t+h} | x_t] of "
       "each coordinate is non-decreasing in h. Fails: for the rotating phase (ω = π/2, s2 = "
       "0.01, θ_t = 0) Var cos θ falls 50× from h = 1 (0.009901) to h = 2 (0.000196).",
       source=("abstract", ABSTRACT + ": predictive variance should grow with the horizon "
               "(our paraphrase; read per coordinate, which the abstract does not specify)"),
       setting="exact")
def _per_coord(seed: int = 0):
    v = var_circle(H, math.pi / 2, 0.01, 0.0)
    j = Judge()
    j.le("Var cos at h = 1 ≤ Var cos at h = 2 (the reading)", v[0], v[1])
    j.le("Var cos at h = 3 ≤ Var cos at h = 4 (the reading)", v[2], v[3])
    return j.evidence(note=f"Var cos θ_(t+h), h = 1..4: {np.round(v[:4], 6).tolist()}; the trace "
                      "1 − e^(−hs2) is monotone (the summed reading holds here).")


@claim("hauwm.premise.total_variance_grows", where="abstract (premise), read for the total "
       "variance of any latent process", expected="reading_fails", evidence=("witness",),
       statement="Reading of the premise for the total variance: the true total conditional "
       "variance of a latent process is non-decreasing in h. Fails: a walk reset every L = 5 "
       "steps has Var = (h mod 5)·s2, which drops to 0 at h = 5.",
       source=("abstract", ABSTRACT + ": predictive variance should grow with the horizon "
               "(our paraphrase; read for processes with resets, which the abstract does not "
               "exclude)"), setting="exact")
def _total(seed: int = 0):
    v = var_reset(H, 5, 1.0)
    j = Judge()
    j.le("Var(h = 4) ≤ Var(h = 5) (the reading)", v[3], v[4])
    return j.evidence(note=f"Var(h), h = 1..12: {v.tolist()}.")


@claim("hauwm.loss.hcu_population_objective", where="loss (H-e) as a third-party note gives it",
       expected="extension", evidence=("proof", "independent"),
       statement="For the disagreement term (H-e) −k/(M−1)·Σ_i(μ_i − μ̄)² added (weight λ) to a "
       "fit term Σ_i E(x − μ_i)²/(2σ²) of M fixed-variance Gaussian members, the objective is "
       "linear in the spread S = Σ_i(μ_i − μ̄)² with coefficient 1/(2σ²) − λk/(M−1): the "
       "optimal disagreement is 0 below k_c = (M−1)/(2λσ²) and the objective is unbounded below "
       "above it (M = 5, λ = σ² = 1: k_c = 2). With each member's variance learnt, it is "
       "unbounded below for every k ≥ 1.",
       source=("ours", DERIVED), setting="exact")
def _hcu_obj(seed: int = 0):
    rng = np.random.default_rng(seed)
    M, lam, s2fix, m, V = 5, 1.0, 1.0, 0.3, 2.0
    # symbolic expectation of the fit term for a spread direction u (Σu = 0)
    t, mm, Vs, sig = sp.symbols("t m V sigma2", positive=True)
    u = [2, -1, 0, 1, -2]
    mus = [mm + t * ui for ui in u]
    Sfit = sum(((Vs + (mm - mu) ** 2) / (2 * sig)) for mu in mus)
    mubar = sum(mus) / M
    spread = sum((mu - mubar) ** 2 for mu in mus)
    kk, ll = sp.symbols("k lambda", positive=True)
    obj = Sfit - ll * kk * spread / (M - 1)
    coef = sp.simplify(sp.diff(obj, t, 2) / 2 / sp.simplify(spread / t**2))
    j = Judge()
    j.fact("sympy: the objective's coefficient of S is 1/(2σ²) − λk/(M−1)",
           sp.simplify(coef - (1 / (2 * sig) - ll * kk / (M - 1))) == 0)
    # Monte Carlo: objective at spread S minus at 0, per k, for members around the mean
    x = m + math.sqrt(V) * rng.standard_normal(200_000)
    uu = np.array(u, float) / np.linalg.norm(u)
    slopes_mc = []
    for k in (1, 2, 3, 6):
        vals = []
        for S in (0.0, 0.5, 2.0):
            mu_i = m + math.sqrt(S) * uu
            fit = float(np.sum([np.mean((x - mi) ** 2) / (2 * s2fix) for mi in mu_i]))
            hcu = loss_disagreement(mu_i[:, None], k)
            vals.append(fit + lam * hcu)
        slopes_mc.append((vals[2] - vals[1]) / 1.5)
    cl = hcu_spread_coefficient(M, lam, np.array([1, 2, 3, 6]), s2fix)
    j.close("coefficient of S: closed form vs Monte Carlo objective (2e5 draws)", cl,
            slopes_mc, atol=1e-9)
    j.close("k_c closed form vs (M−1)/(2λσ²) = 2", hcu_critical_horizon(M, lam, s2fix), 2.0,
            rtol=1e-12)
    d = np.array([0.0, 1.0, 10.0, 100.0, 1000.0])
    ob = hcu_objective_learned_variance(d, 1, V, 4, lam)
    direct = []
    for di in d:
        mu_i = m + np.array([di, -di, di, -di])
        s2_i = V + di**2  # each member's own NLL optimum
        nll = float(np.sum(nll_expected(np.full(4, s2_i), V, bias=di)))
        direct.append(nll + lam * loss_disagreement(mu_i[:, None], 1))
    j.close("learned-variance objective: closed form vs per-member NLL + (H-e), M = 4, k = 1",
            ob, direct, rtol=1e-12)
    j.le("learned variance, k = 1: objective at d = 1000 is below that at d = 0 by > 1e5",
         ob[-1] - ob[0], -1e5)
    return j.evidence(note="Coefficients at k = 1, 2, 3, 6: " + ", ".join(f"{c:+.3f}" for c in cl)
                      + ". The fit term with fixed variance is the KL of a Gaussian posterior to "
                      "the head up to a constant; the encoder is held fixed here.")


@claim("hauwm.loss.hcu_calibrated_optimum", where="loss (H-e) as a third-party note gives it",
       expected="reading_fails", evidence=("witness",),
       statement="Reading: with the encoder held fixed, the fit + (H-e) objective (M = 5, λ = 1, "
       "learnt member variances) is minimised at a calibrated ensemble, whose mixture variance "
       "equals the true V(k). Fails: the objective at the calibrated point exceeds that of a "
       "wider spread at every k.",
       source=("secondary", NOTE), setting="exact")
def _hcu_cal(seed: int = 0):
    j = Judge()
    V = var_ar1(H, 0.8, 1.0)
    cal, wide = [], []
    for k, Vk in zip(H, V):
        # calibrated: members agree (d = 0) with variance V (mixture variance V); any spread d
        # with member variances at their optimum has mixture variance V + 2d² > V
        cal.append(float(hcu_objective_learned_variance(0.0, k, Vk, 4)))
        wide.append(float(hcu_objective_learned_variance(3.0 * math.sqrt(Vk), k, Vk, 4)))
    j.le("objective at the calibrated ensemble ≤ at a spread of 3√V (the reading), k = 1..12",
         cal, wide)
    return j.evidence(note="M = 4 members (a symmetric spread), λ = 1: objective(calibrated) − "
                      "objective(spread 3√V) = " + ", ".join(
                          f"{c - w:+.1f}" for c, w in zip(cal[:3], wide[:3])) + " … at k = 1, 2, 3.")


@claim("hauwm.loss.growth_regression", where="candidate (H-c), ours", expected="extension",
       evidence=("independent",),
       statement="A regression of σ²(h) onto a prescribed linear growth c·h is calibrated only "
       "for linear truths: the best slope fits the random walk exactly (c* = s2) but on AR(1) "
       "(φ = 0.8, s2 = 1, h = 1..12) c* = 0.3128, a ratio of 0.313 at h = 1 and 1.358 at h = 12.",
       source=("ours", "candidate (H-c), a prescribed growth ∝ h, is our choice"),
       setting="exact")
def _growth(seed: int = 0):
    hs = H.astype(float)
    j = Judge()
    Vrw = var_random_walk(H, 0.7)
    Var1 = var_ar1(H, 0.8, 1.0)
    c_rw = best_growth_slope(Vrw, hs)
    c_ar = best_growth_slope(Var1, hs)
    ls = np.linalg.lstsq(hs[:, None], Var1, rcond=None)[0][0]
    j.close("random walk: c* vs s2 = 0.7", c_rw, 0.7, rtol=1e-12)
    j.close("AR(1): c* closed form vs numpy lstsq", c_ar, ls, rtol=1e-12)
    j.close("AR(1): ratio c*h/V(h) at h = 1, 12 vs 0.313, 1.358", [c_ar / Var1[0],
            c_ar * 12 / Var1[-1]], [0.3128, 1.3575], atol=6e-4)
    return j.evidence(note=f"c* = {c_ar:.4f}; ratios at h = 1..12 from {c_ar / Var1[0]:.3f} to "
                      f"{c_ar * 12 / Var1[-1]:.3f}.")


@claim("hauwm.loss.rank_at_truth", where="candidate (H-d), ours", expected="extension",
       evidence=("independent",),
       statement="A rank-correlation term 1 − Spearman(h, σ²(h)) is 0 at the truth of the "
       "random walk, AR(1), OU and the circle's trace, but positive at the truth of the circle's "
       "cos coordinate and of the reset walk: it penalises the true profile there.",
       source=("ours", "candidate (H-d) is our choice"), setting="exact")
def _rank(seed: int = 0):
    hs = H.astype(float)
    profiles = {
        "random walk": var_random_walk(H, 1.0), "AR(1)": var_ar1(H, 0.8, 1.0),
        "OU": var_ou(hs, 0.5, 1.0), "circle trace": var_circle(H, math.pi / 2, 0.01, 0, "trace"),
        "circle cos": var_circle(H, math.pi / 2, 0.01), "reset L = 5": var_reset(H, 5, 1.0)}
    ours = {k: loss_rank(v, hs) for k, v in profiles.items()}

    def discordant(v):  # independent: 1 − Kendall-free check via counting decreasing pairs
        i, jj = np.triu_indices(len(v), 1)
        return int(np.sum(v[jj] <= v[i]))

    j = Judge()
    for k in ("random walk", "AR(1)", "OU", "circle trace"):
        j.close(f"{k}: rank loss at the truth is 0", ours[k], 0.0, atol=1e-12, scale=1.0)
        j.fact(f"{k}: no non-increasing pair", discordant(profiles[k]) == 0)
    for k in ("circle cos", "reset L = 5"):
        j.ge(f"{k}: rank loss at the truth > 0.05", ours[k], 0.05)
        j.fact(f"{k}: has non-increasing pairs", discordant(profiles[k]) > 0)
    return j.evidence(note=", ".join(f"{k} {v:.3f}" for k, v in ours.items()) + ".")


@claim("hauwm.abstract.deterministic_blind", where="abstract (deterministic single-future "
       "objectives are ill-posed under stochastic dynamics)", expected="verified",
       evidence=("independent",),
       statement="A deterministic (MSE) predictor of x_{t+h} learns the conditional mean "
       "(slope φ^h on AR(1)), and its error variance is the true V(h), which grows with h but "
       "which the point prediction cannot report.",
       source=("abstract", ABSTRACT + ": deterministic single-future prediction cannot represent "
               "stochastic futures (our paraphrase)"),
       setting=("analogue", ("AR(1) in place of action-free video latents; least squares in place "
                "of a learnt deterministic world model")))
def _blind(seed: int = 0):
    rng = np.random.default_rng(seed)
    phi, s2, n = 0.8, 1.0, 1_000_000
    x = rng.standard_normal(n) * math.sqrt(s2 / (1 - phi**2))  # stationary starts
    y = x.copy()
    slopes, resid = [], []
    for _ in range(12):
        y = phi * y + math.sqrt(s2) * rng.standard_normal(n)
        b = float(x @ y / (x @ x))
        slopes.append(b)
        resid.append(float(np.mean((y - b * x) ** 2)))
    V = var_ar1(H, phi, s2)
    j = Judge()
    j.close("OLS slope vs φ^h (±5 SE)", slopes, phi**H, atol=5 * math.sqrt(
        float(V.max()) * (1 - phi**2) / (s2 * n)))
    j.close("MSE of the least-squares predictor vs V(h) (±4 SE)", resid, V,
            atol=float(4 * _se_var(V, n).max()))
    return j.evidence(note="1e6 stationary starts; the MSE-optimal output φ^h·x_t is the same "
                      "number whatever V(h) is.")


@claim("hauwm.loss.hcu_local_minimum", where="loss (H-e) as a third-party note gives it",
       expected="extension", evidence=("proof", "independent"),
       statement="With learnt member variances, the calibrated ensemble (all members at the "
       "target mean with variance V(k)) is a strict local minimum of the fit + (H-e) objective "
       "iff λk < (M−1)/(2V(k)), although the objective is unbounded below for every λk > 0 "
       "(AR(1) φ = 0.8, M = 5: at λ = 0.01 for every h ≤ 12; at λ = 1 only at h = 1).",
       source=("ours", DERIVED), setting="exact")
def _hcu_local(seed: int = 0):
    d, V, k, lam, M = sp.symbols("d V k lambda M", positive=True)
    f = M / 2 * sp.log(V + d**2) - lam * k * M * d**2 / (M - 1)
    f2 = sp.simplify(sp.diff(f, d, 2).subs(d, 0))
    j = Judge()
    j.fact("sympy: f''(0) = M/V − 2λkM/(M−1)", sp.simplify(f2 - (M / V - 2 * lam * k * M / (M - 1)))
           == 0)
    Vh = var_ar1(H, 0.8, 1.0)
    eps = 1e-4
    for lam_v, name in ((0.01, "λ = 0.01"), (1.0, "λ = 1")):
        fd = []
        for kk, Vk in zip(H, Vh):
            # M = 4 (symmetric spread): same condition with M − 1 = 3; M = 5 in the closed form
            ob = hcu_objective_learned_variance(np.array([0.0, eps]), kk, Vk, 4, lam_v)
            fd.append(2 * (ob[1] - ob[0]) / eps**2 / 4)  # per member, ≈ ½ f''(0)·2/M
        closed = 1 / Vh - 2 * lam_v * H / 3
        j.close(f"{name}: finite-difference curvature at d = 0 vs 1/V − 2λk/(M−1), M = 4",
                fd, closed, rtol=1e-5, atol=1e-7)
    stable_small = np.all(0.01 * H < 4 / (2 * Vh))
    stable_one = (1.0 * H < 4 / (2 * Vh))
    j.fact("M = 5, λ = 0.01: local minimum at every h = 1..12", bool(stable_small))
    j.fact("M = 5, λ = 1: local minimum at h = 1 only", stable_one.tolist() == [True] + [False] * 11)
    return j.evidence(note="Explains the light runs: at λ = 0.01 training stays in the basin of "
                      "the calibrated ensemble; at λ = 1 it leaves it from h = 2 on and the "
                      "members diverge.")
