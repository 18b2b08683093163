"""Compression claims added in the coverage pass: Thm 1 by a search over stochastic codes, the
benchmark couplings, Thm 5 on binary alphabets and Thm 6's KL arm with a non-Gaussian output.

Reading: the main text of OpenReview mUIGdUTtk2 (ICLR 2026 camera-ready) through a public text
extraction whose formulas were flattened (see ``claims.py``). Independent computations: HiGHS
LPs (``_reference_lp``), the exact-H(S|Y) p11 scan (``_reference_asymptotic``), SLSQP over
binary test channels, the Gaussian (ρ, σ_Y) search (``_reference_gaussian``) and scipy
quadrature of entropies of Gaussian mixtures.

Pre-registered before the first run (second coverage pass, 2026-12-05):
``thm1.lp_optimum_attained_by_code`` — at 40 random Bernoulli instances the code built from the
optimal map mixture of (3) (U = map index, Z = f_U(X), Y = Z), evaluated by direct enumeration,
has E d equal to the exact-H(S|Y) optimum within ``LP``, rate H(Z|U) ≤ R + ``LP``, output law
q_Y within ``LP`` and H(S|Y) ≤ C + 1e-9. ``thm6.w2_nongaussian_not_better`` — the bimodal-noise
outputs of the KL arm, with W2²(q_X, q_Y) by quadrature of the quantile coupling: E(X−Y)² ≥
the Gaussian W2 DRPC at Y's own budgets (atol 1e-9); Y_G attains it within 1e-6;
W2²(Y) ≥ W2²(Y_G) − ``QUADRATURE``.
``remark2.constrained_above_ot`` — at 40 random Bernoulli instances the one-shot value (exact
and linear classification models) is ≥ the OT LP over couplings − ``LP``, and equals it within
``LP`` at R = 2 bits, C = 1 bit (both constraints slack). (Revised before its verdict was
used: the first run drew C in [0, 1] and left 5 of 40 draws feasible; C is now drawn in
[H_b(q_S1), H(S) + .1].) ``training.universal_quantisation_noise`` — for 7 inputs x and 5 thresholds t, P(Q(x+U) − U − x ≤
t) by quadrature over U ~ Unif[−½, ½) equals t + ½ within ``QUADRATURE``, and E[Q(x+U) − U − x]
= 0 within ``QUADRATURE``. ``thm3.two_letter_blocks_between`` —
rate-only, 12 (q_X, q_Y) × 6 rates: the two-letter block value (HiGHS LP over the 256 maps of
{0,1}² with output law p_Y⊗p_Y) is ≥ the single-letter value (p11 scan of I(X;Y) ≤ R) − ``LP``
and ≤ the one-letter value + ``LP``, equal to both at R = 0 within ``LP``. (First run: the
scan returned inf at R = 0, where only the product coupling is feasible; R = 0 now uses D_ind.)
"""

from __future__ import annotations

import math

import numpy as np
from scipy.integrate import quad
from scipy.optimize import brentq, linprog, minimize, minimize_scalar

from theory.claims import Judge, claim
from theory.compression._gaussian import gaussian_drpc, gaussian_entropy
from theory.compression._reference_asymptotic import binary_asymptotic_drc_scan
from theory.compression._reference_gaussian import gaussian_drpc_search
from theory.compression._reference_lp import bernoulli_oneshot_lp
from theory.tolerances import LP, QUADRATURE

LOCATOR = ("main text of OpenReview mUIGdUTtk2 (ICLR 2026 camera-ready), read as a public text "
           "extraction whose formulas were flattened")


def _xlog2(p):
    p = np.asarray(p, dtype=np.float64)
    return np.where(p > 0, p * np.log2(np.where(p > 0, p, 1.0)), 0.0)


def _h_bits(p, axis=None):
    return -_xlog2(p).sum(axis=axis)


# ---------------------------------------------------------------- Theorem 1: stochastic codes

def _code_quantities(w, enc, dec, q_x, q_s1):
    """A stochastic one-shot code: weights w (k,) of U, encoder enc (k, 2, m) = p(z|x,u),
    decoder dec (k, m, 2) = p(y|z,u). Returns (E 1{X≠Y}, H(Z|U) bits, q_Y, H(S|Y) bits)."""
    p_x = np.array([1 - q_x, q_x])
    joint = np.einsum("u,x,uxz,uzy->uxzy", w, p_x, enc, dec)
    pxy = joint.sum(axis=(0, 2))
    pz_u = joint.sum(axis=(1, 3))  # (k, m): P(U=u, Z=z)
    h_z_u = _h_bits(pz_u) - _h_bits(w)
    ps_x = np.array([[1 - q_s1, q_s1], [q_s1, 1 - q_s1]])
    psy = ps_x.T @ pxy
    h_s_y = _h_bits(psy) - _h_bits(psy.sum(0))
    return float(pxy[0, 1] + pxy[1, 0]), float(h_z_u), float(pxy[:, 1].sum()), float(h_s_y)


@claim("compression.thm1.stochastic_codes_not_below_lp", where="Thm 1, Eq. (3)",
       statement="No stochastic one-shot code of Def. 2 (shared randomness U, stochastic encoder "
       "p(z|x,u) and decoder p(y|z,u)) beats the problem over deterministic maps (3): for binary "
       "X, Y, S = X⊕S1 and Hamming distortion its E d is at least the LP over map mixtures at "
       "its own rate H(Z|U), output law and exact H(S|Y), with equality for the time-shared "
       "id/constant code (searched: |U| ≤ 3, |Z| ≤ 3).",
       expected="verified", evidence=("search", "independent", "witness"),
       source=("printed", (f"{LOCATOR}, 'One-shot constrained optimal transport', Def. 2 / "
               "Eq. (2) and Thm 1 / Eq. (3)")),
       setting="exact")
def _thm1_search(seed: int = 0):
    """Thm 1 says inf over the codes of Def. 2 = inf of (3). Every code is a point of Def. 2 at
    its own (rate, output law, classification level), so Thm 1 implies E d(code) ≥ LP(3) at
    those values. The search draws near-deterministic codes (Dirichlet concentration 0.3) and
    fully random ones; the witness is a code of Def. 2 that attains (3): U picks 'Z = X, Y = Z'
    (weight a), or a constant output, at rate a H_b(q_X)."""
    rng = np.random.default_rng(seed)
    gaps, codes_e, lp_e = [], [], []
    for i in range(240):
        q_x, q_s1 = rng.uniform(0.05, 0.5), rng.uniform(0.0, 0.4)
        k, m = int(rng.integers(1, 4)), int(rng.integers(2, 4))
        alpha = 0.3 if i % 2 else 1.0
        w = rng.dirichlet(np.ones(k))
        enc = rng.dirichlet(alpha * np.ones(m), size=(k, 2))
        dec = rng.dirichlet(alpha * np.ones(2), size=(k, m))
        d, r, q_y, c = _code_quantities(w, enc, dec, q_x, q_s1)
        lp = bernoulli_oneshot_lp(r, c + 1e-12, q_x, q_y, q_s1, classification="exact")
        gaps.append(d - lp)
        codes_e.append(d)
        lp_e.append(lp)
    wit_code, wit_lp = [], []
    for q_x, q_y, a in ((0.3, 0.3, 0.4), (0.2, 0.35, 0.5), (0.45, 0.25, 0.3)):
        # U=0 (weight a): Z = X, Y = Z; U=1: Y = 1; U=2: Y = 0 (weights fit q_Y)
        w1 = (q_y - a * q_x)
        w = np.array([a, w1, 1 - a - w1])
        eye, one, zero = np.eye(2), np.array([[0, 1], [0, 1]]), np.array([[1, 0], [1, 0]])
        enc = np.stack([eye, zero, zero]).astype(float)
        dec = np.stack([eye, one, zero]).astype(float)
        d, r, qy_c, c = _code_quantities(w, enc, dec, q_x, 0.1)
        wit_code.append(d)
        wit_lp.append(bernoulli_oneshot_lp(r, c + 1e-12, q_x, qy_c, 0.1, classification="exact"))
    j = Judge()
    j.ge("240 random stochastic codes: E d vs LP (3) at the code's rate, law, H(S|Y)",
         codes_e, lp_e, atol=LP)
    j.close("time-shared id/constant code vs LP (3) (3 witnesses)", wit_code, wit_lp, atol=LP)
    return j.evidence(note=f"240 codes (|U| ∈ {{1,2,3}}, |Z| ∈ {{2,3}}, half near-deterministic); "
                      f"smallest gap E d − LP = {min(gaps):.3g}; the LP is the HiGHS LP over the "
                      "four binary maps with the exact-H(S|Y) p11 scan. Binary alphabets only; "
                      "the search is random, not adversarial.")


# -------------------------------------------------------- Bernoulli benchmark distortions

@claim("compression.bench.extreme_couplings_match_lp", where="'Bernoulli case expressions'",
       statement="For q_X, q_Y ≤ 1/2 the least and largest P(X≠Y) over couplings are |q_X−q_Y| "
       "(comonotone) and q_X+q_Y (antimonotone: X = 1{U ≤ q_X}, Y = 1{U ≥ 1−q_Y}), and the "
       "independent coupling gives q_X+q_Y−2q_Xq_Y.",
       expected="verified", evidence=("independent",),
       source=("printed", (f"{LOCATOR}, 'Bernoulli case expressions', paragraph before Thm 2 "
               "(D_min, D_max, D_ind)")),
       setting="exact")
def _bench(seed: int = 0):
    rng = np.random.default_rng(seed)
    q = rng.uniform(0.0, 0.5, (12, 2))
    lo, hi, anti, ind = [], [], [], []
    cost = np.array([0.0, 1.0, 1.0, 0.0])  # P(X≠Y) over (p00, p01, p10, p11)
    for q_x, q_y in q:
        a_eq = np.array([[0, 0, 1, 1], [0, 1, 0, 1], [1, 1, 1, 1]], dtype=float)
        b_eq = [q_x, q_y, 1.0]
        lo.append(linprog(cost, A_eq=a_eq, b_eq=b_eq, method="highs").fun)
        hi.append(-linprog(-cost, A_eq=a_eq, b_eq=b_eq, method="highs").fun)
        # antimonotone coupling: P(X≠Y) = Leb{u: 1{u ≤ q_X} ≠ 1{u ≥ 1−q_Y}} by quadrature
        anti.append(quad(lambda u, a=q_x, b=q_y: float((u <= a) != (u >= 1 - b)), 0, 1,
                         points=[q_x, 1 - q_y], epsabs=1e-13)[0])
        px, py = np.array([1 - q_x, q_x]), np.array([1 - q_y, q_y])
        ind.append(float((np.outer(px, py) * (1 - np.eye(2))).sum()))
    j = Judge()
    j.close("D_min = |q_X−q_Y| vs LP min (12 draws)", np.abs(q[:, 0] - q[:, 1]), lo, atol=LP)
    j.close("D_max = q_X+q_Y vs LP max (12 draws)", q.sum(1), hi, atol=LP)
    j.close("D_max vs the antimonotone coupling by quadrature", q.sum(1), anti, atol=1e-10)
    j.close("D_ind vs the product coupling", q.sum(1) - 2 * q.prod(1), ind, atol=1e-14)
    return j.evidence(note="HiGHS LP over the 2×2 couplings of 12 random (q_X, q_Y) in [0, 1/2]²; "
                      "the antimonotone and product couplings evaluated directly.")


# ---------------------------------------------------------------- Theorem 5, binary alphabets

def _channel_quantities(a, b, q_x, q_s1):
    """Binary test channel P(Y=1|X=0) = a, P(Y=0|X=1) = b: (E d, I(X;Y), H(S|Y) bits,
    KL(p_Y‖p_X) nats); vectorised."""
    p = np.stack([np.stack([(1 - q_x) * (1 - a), (1 - q_x) * a], -1),
                  np.stack([q_x * b, q_x * (1 - b)], -1)], -2)
    py = p.sum(-2)
    mi = _h_bits(p.sum(-1), axis=-1) + _h_bits(py, axis=-1) - _h_bits(p, axis=(-2, -1))
    ps_x = np.array([[1 - q_s1, q_s1], [q_s1, 1 - q_s1]])
    psy = np.einsum("xs,...xy->...sy", ps_x, p)
    h_sy = _h_bits(psy, axis=(-2, -1)) - _h_bits(py, axis=-1)
    kl = (-_h_bits(py, axis=-1) - py[..., 0] * math.log2(1 - q_x)
          - py[..., 1] * math.log2(q_x)) * math.log(2)
    return p[..., 0, 1] + p[..., 1, 0], mi, h_sy, kl


def _thm5_direct(R, P, C, q_x, q_s1, n=401):
    """Thm 5's single-letter problem over binary test channels: grid, then SLSQP polish."""
    a, b = np.meshgrid(np.linspace(0, 1, n), np.linspace(0, 1, n), indexing="ij")
    d, mi, h, kl = _channel_quantities(a, b, q_x, q_s1)
    ok = (mi <= R) & (h <= C) & (kl <= P)
    if not ok.any():
        return math.inf
    k = int(np.argmin(np.where(ok, d, np.inf)))

    def f(z):
        return [float(v) for v in _channel_quantities(z[0], z[1], q_x, q_s1)]

    cons = [{"type": "ineq", "fun": (lambda z, i=i, c=c: c - f(z)[i])}
            for i, c in ((1, R), (2, C), (3, P))]
    res = minimize(lambda z: f(z)[0], [a.ravel()[k], b.ravel()[k]], method="SLSQP",
                   bounds=[(0, 1), (0, 1)], constraints=cons,
                   options={"ftol": 1e-14, "maxiter": 500})
    feas = all(g["fun"](res.x) >= -1e-10 for g in cons)
    return min(float(res.fun) if feas else math.inf, float(d.ravel()[k]))


def _thm5_nested(R, P, C, q_x, q_s1):
    """The display after Thm 5: min over q_Y in the KL ball of the fixed-output DRC (exact
    H(S|Y) scan over p11), by a grid over q_Y and a bounded Brent polish."""
    def kl(q):
        return q * math.log(q / q_x) + (1 - q) * math.log((1 - q) / (1 - q_x))

    lo, hi = brentq(lambda q: kl(q) - P, 1e-12, q_x), brentq(lambda q: kl(q) - P, q_x, 0.5)

    def g(q):
        return binary_asymptotic_drc_scan(R, C, q_x, q, q_s1)

    qs = np.linspace(lo, hi, 41)
    v = np.array([g(q) for q in qs])
    k = int(np.argmin(v))
    if not np.isfinite(v[k]):
        return math.inf
    r = minimize_scalar(g, bounds=(qs[max(k - 1, 0)], qs[min(k + 1, 40)]), method="bounded",
                        options={"xatol": 1e-12})
    return min(float(r.fun), float(v[k]))


@claim("compression.thm5.binary_single_letter_consistent", where="Thm 5 and the display after it",
       statement="On binary alphabets (X ~ Bern(q_X), S = X⊕S1, Hamming distortion, KL "
       "perception) Thm 5's single-letter DRPC, solved over test channels p_{Y|X}, equals the "
       "output-constrained form (min over p_Y with KL(p_Y‖p_X) ≤ P of the fixed-output DRC), "
       "infeasible at the same points, and is non-increasing and convex in C as the operational "
       "DRPC is by time-sharing; the block-coding side of Thm 5 is not computed.",
       expected="verified", evidence=("independent", "search"),
       source=("printed", (f"{LOCATOR}, 'Asymptotic DRPC function for Gaussian sources', "
               "Thm 5 and the unnumbered display after it (DRPC as output-constrained coding)")),
       setting="exact")
def _thm5_binary():
    """Thm 5 equates the operational DRPC of Def. 4 with a single-letter minimum. Def. 4's
    budgets are per-letter averages, so time-sharing two codes makes the operational DRPC convex
    in C (and R, P): Thm 5 then requires the single-letter value to be convex in C. The check
    solves the single-letter problem two ways (SLSQP over the channel (a, b) from a 401² grid;
    and the nested form over q_Y with the exact-H(S|Y) p11 scan) and tests convexity in C on a
    grid of C (midpoint inequality D(C_k) ≤ (D(C_{k−1}) + D(C_{k+1}))/2 where all are finite,
    and infeasibility only below the feasible values)."""
    pts = [(0.3, 0.02, 0.82, 0.3, 0.1), (0.5, 0.05, 0.9, 0.25, 0.2), (0.2, 0.01, 0.6, 0.35, 0.05),
           (0.15, 0.1, 0.7, 0.2, 0.15), (0.3, 0.02, 0.70, 0.3, 0.1)]
    direct = [_thm5_direct(*p) for p in pts]
    nested = [_thm5_nested(*p) for p in pts]
    j = Judge()
    d, n = np.array(direct), np.array(nested)
    j.fact("infeasible at the same points (5 instances)", bool(np.all(np.isinf(d) == np.isinf(n))))
    both = np.isfinite(d) & np.isfinite(n)
    j.close("direct SLSQP over p_{Y|X} vs min over p_Y of the fixed-output DRC", d[both], n[both],
            atol=1e-7)
    mids, chords, order_ok = [], [], True
    for R, P, q_x, q_s1 in ((0.3, 0.02, 0.3, 0.1), (0.2, 0.05, 0.4, 0.15)):
        cs = np.linspace(0.6, 1.0, 9)
        vals = np.array([_thm5_direct(R, P, c, q_x, q_s1, n=201) for c in cs])
        fin = np.isfinite(vals)
        order_ok &= bool(np.all(np.diff(fin.astype(int)) >= 0))  # infeasible only at low C
        for k in range(1, len(cs) - 1):
            if fin[k - 1]:
                mids.append(vals[k])
                chords.append(0.5 * (vals[k - 1] + vals[k + 1]))
    j.fact("C grids: infeasible only below the feasible C", order_ok)
    j.le("convexity in C: D(C_k) ≤ midpoint chord", mids, chords, atol=1e-7)
    return j.evidence(note=f"{int(both.sum())} finite and {int((~both).sum())} infeasible "
                      "instances; C grids of 9 points on [0.6, 1] bits at two (R, P). On these "
                      "binary models the value does not depend on C where feasible (C only "
                      "decides feasibility), so convexity in C holds as a step; larger "
                      "alphabets, where the concave H(S|Y) could make the single-letter value "
                      "non-convex in C, were not searched.")


# ------------------------------------------------------- Theorem 6, KL arm: non-Gaussian Y

def _mix_entropy_bits(means, var):
    """Differential entropy (bits) of ½N(means[0], var) + ½N(means[1], var) by quadrature."""
    s = math.sqrt(var)

    def f(y):
        dens = 0.5 * sum(math.exp(-0.5 * ((y - m) / s) ** 2) for m in means) / (s * math.sqrt(
            2 * math.pi))
        return -dens * math.log2(dens) if dens > 0 else 0.0

    lo, hi = min(means) - 12 * s, max(means) + 12 * s
    return quad(f, lo, hi, points=list(means), epsabs=1e-13, epsrel=1e-13, limit=400)[0]


def _nongaussian_budgets(rho, sigma_y, m, *, sigma_s, theta1):
    """Y = σ_Y(ρX + √(1−ρ²)N), X ~ N(0,1), N = ±m w.p. ½ plus N(0, 1−m²) (unit variance; m = 0
    is the Gaussian Y_G with the same moments). Returns (E(X−Y)², I(X;Y) bits, KL(q_Y‖q_X)
    nats, h(S|Y) bits), every entropy by quadrature of a two-component Gaussian mixture."""
    c = sigma_y * math.sqrt(1 - rho**2)
    a = sigma_y * rho
    h_y = _mix_entropy_bits((c * m, -c * m), a**2 + c**2 * (1 - m**2))
    h_y_x = _mix_entropy_bits((c * m, -c * m), c**2 * (1 - m**2)) if c > 0 else -math.inf
    var_x_s = 1 - theta1**2 / sigma_s**2
    h_y_s = _mix_entropy_bits((c * m, -c * m), a**2 * var_x_s + c**2 * (1 - m**2))
    kl = -h_y * math.log(2) + 0.5 * math.log(2 * math.pi) + 0.5 * sigma_y**2
    h_s_y = gaussian_entropy(sigma_s) - (h_y - h_y_s)
    return 1 + sigma_y**2 - 2 * rho * sigma_y, h_y - h_y_x, kl, h_s_y


@claim("compression.thm6.kl_nongaussian_not_better", where="Thm 6 (KL arm)",
       statement="With X, S jointly Gaussian, MSE and the KL perception KL(q_Y‖q_X), no "
       "non-Gaussian output beats the jointly Gaussian optimum: for outputs Y = σ_Y(ρX + "
       "√(1−ρ²)N) with bimodal unit-variance noise N, E(X−Y)² is at least the Gaussian DRPC at "
       "Y's own I(X;Y), KL and h(S|Y), and the moment-matched Gaussian Y_G attains the Gaussian "
       "DRPC at its own budgets.",
       expected="verified", evidence=("independent", "witness"),
       source=("printed", (f"{LOCATOR}, 'Asymptotic DRPC function for Gaussian sources', Thm 6 "
               "(KL arm: ϕ_KL(q_Y‖q_X)); the W2 arm is compression.drpc.w2_matches_search")),
       setting="exact")
def _thm6_kl():
    """Outputs of the optimal Gaussian form with the noise made bimodal (m > 0) keep the first
    and second moments, so E(X−Y)² is unchanged, while I(X;Y) and KL(q_Y‖q_X) can only grow
    (Gaussian extremality) and h(S|Y) can only fall. The Gaussian DRPC at Y's budgets (the
    (ρ, σ_Y) search with I, h(S|Y) in bits and KL in nats) must be ≤ E(X−Y)²; at m = 0 the
    quadrature budgets of Y_G are put into the same search, which must return E(X−Y_G)² where
    Y_G is on the optimal curve (σ_Y = ρ: the rate-only optimum, and σ_Y at the KL boundary)."""
    model = {"sigma_x": 1.0, "sigma_s": 1.0, "theta1": 0.8}
    ng_d, ng_bound, g_d, g_search, facts = [], [], [], [], []
    for rho, sigma_y in ((0.8, 0.8), (0.6, 0.75), (0.9, 0.95)):
        d_g, i_g, kl_g, h_g = _nongaussian_budgets(rho, sigma_y, 0.0, sigma_s=1.0, theta1=0.8)
        g_d.append(d_g)
        g_search.append(gaussian_drpc_search(i_g + 1e-12, kl_g + 1e-12, h_g + 1e-9, **model))
        for m in (0.5, 0.9):
            d, i, kl, h = _nongaussian_budgets(rho, sigma_y, m, sigma_s=1.0, theta1=0.8)
            ng_d.append(d)
            ng_bound.append(gaussian_drpc_search(i, kl, h, **model))
            facts.append(i >= i_g - QUADRATURE and kl >= kl_g - QUADRATURE and h <= h_g
                         + QUADRATURE)
    j = Judge()
    j.close("Y_G (m=0): E(X−Y_G)² vs Gaussian DRPC search at its quadrature budgets (3)",
            g_d, g_search, atol=1e-6)
    j.ge("non-Gaussian Y (6): E(X−Y)² vs Gaussian DRPC at Y's own budgets", ng_d, ng_bound,
         atol=1e-9)
    j.fact("non-Gaussian Y: more I(X;Y) and KL, less h(S|Y) than Y_G", all(facts))
    return j.evidence(note="σ_X = σ_S = 1, θ1 = 0.8; (ρ, σ_Y) ∈ {(.8,.8), (.6,.75), (.9,.95)}, "
                      "bimodal noise m ∈ {.5, .9}. Y_G has the largest h(S|Y) of all outputs "
                      "with its moments, so replacing Y by Y_G keeps rate and perception but "
                      "can break a classification budget that Y meets; the DRPC value still "
                      "holds because every output at rate R has h(S|Y) ≥ C_b(R) "
                      "(compression.thm4.classification_bound_any_y).")


# ------------------------------------------------------------ Remark 1, literal reading

@claim("compression.remark1.literal_oneshot_equals_asymptotic",
       where="Remark 1 (literal reading)",
       statement="Remark 1 read literally (the asymptotic characterisation of Thm 3 is the "
       "same as the one-shot formulation): the asymptotic binary DRC equals the one-shot DRC "
       "with common randomness at the same rate. (The charitable reading, that shared "
       "randomness does not lower the asymptotic value, is not this row; what holds is "
       "compression.limits.oneshot_above_asymptotic.)",
       expected="reading_fails",
       evidence=("independent", "witness"),
       source=("ours", ("our literal reading of Remark 1 in the main text of OpenReview "
               "mUIGdUTtk2 (ICLR 2026 camera-ready), 'Asymptotic constrained optimal transport', "
               "read as a public text extraction whose formulas were flattened")),
       setting="exact")
def _remark1_literal():
    from theory.compression._reference_asymptotic import asymptotic_drc

    pts = [(0.2, 0.3, 0.3), (0.5, 0.2, 0.35), (0.8, 0.25, 0.4)]
    one = [bernoulli_oneshot_lp(R, math.inf, qx, qy, 0.0) for R, qx, qy in pts]
    asy = [asymptotic_drc(R, [1 - qx, qx], [1 - qy, qy], 1 - np.eye(2)) for R, qx, qy in pts]
    j = Judge()
    j.close("one-shot LP vs asymptotic cvxpy (R=.2, .5, .8)", one, asy, atol=LP)
    return j.evidence(note=f"one-shot {one[0]:.6f} vs asymptotic {asy[0]:.6f} at q=.3, "
                      "R=.2; one-shot is above wherever R > 0. What holds: "
                      "compression.limits.oneshot_above_asymptotic.")


# ------------------------------------------- Theorem 1, the other direction: (3) is attained

def _min_rate_mixture(p11, q_x, q_y):
    """Weights of the four binary maps with P(X=1,Y=1) = p11 and output law q_Y of least rate
    E H(f_U(X)) (HiGHS); maps in the order of :func:`map_tables`."""
    from theory.compression._reference_lp import map_tables

    t = map_tables(np.array([1 - q_x, q_x]), 2)
    a_eq = np.vstack([np.ones(4), t["push"].T, t["joint"][:, 1, 1]])
    res = linprog(t["rate"], A_eq=a_eq, b_eq=[1.0, 1 - q_y, q_y, p11], bounds=[(0, None)] * 4,
                  method="highs")
    return res.x, t["maps"]


@claim("compression.thm1.lp_optimum_attained_by_code", where="Thm 1, Eq. (3) (achievability)",
       statement="The optimum of the problem over deterministic maps (3) is the distortion of a "
       "code of Def. 2: with U the index of the map, Z = f_U(X) and the decoder Y = Z, the code "
       "meets the rate H(Z|U) ≤ R, the output law q_Y and H(S|Y) ≤ C and its E d equals the "
       "optimum of (3) (binary X, Y, S = X⊕S1, Hamming distortion; 40 random instances).",
       expected="verified", evidence=("independent", "witness"),
       source=("printed", (f"{LOCATOR}, 'One-shot constrained optimal transport', Def. 2 / "
               "Eq. (2) and Thm 1 / Eq. (3)")),
       setting="exact")
def _thm1_attained(seed: int = 0):
    """The ≤ half of Thm 1 (the ≥ half is compression.thm1.stochastic_codes_not_below_lp). The
    optimum of (3) (two HiGHS LPs for the reachable p11 and the exact-H(S|Y) scan) fixes the
    optimal p11; a third LP picks a map mixture with that p11 and least rate; the code it
    defines is evaluated by direct enumeration of (U, X, Z, Y, S) (``_code_quantities``), which
    shares nothing with the LPs but the instance."""
    rng = np.random.default_rng(seed)
    d_code, v_lp, r_code, r_cap, qy_code, qy_in, c_code, c_cap = ([] for _ in range(8))
    n_inf = 0
    for _ in range(40):
        q_x, q_y = rng.uniform(0.05, 0.5, 2)
        q_s1 = rng.uniform(0.0, 0.4)
        h1 = float(-_xlog2([q_s1, 1 - q_s1]).sum())
        q_s = q_x + q_s1 - 2 * q_x * q_s1
        hs = float(-_xlog2([q_s, 1 - q_s]).sum())
        hx = float(-_xlog2([q_x, 1 - q_x]).sum())
        R, C = rng.uniform(0.0, 1.2 * hx), rng.uniform(h1, hs + 0.05)
        v = bernoulli_oneshot_lp(R, C, q_x, q_y, q_s1, classification="exact")
        if not math.isfinite(v):
            n_inf += 1
            continue
        w, maps = _min_rate_mixture(0.5 * (q_x + q_y - v), q_x, q_y)
        w = np.clip(w, 0.0, None) / np.clip(w, 0.0, None).sum()
        enc = np.zeros((4, 2, 2))
        enc[np.arange(4)[:, None], np.arange(2)[None, :], maps] = 1.0
        dec = np.broadcast_to(np.eye(2), (4, 2, 2))
        d, r, qy, c = _code_quantities(w, enc, dec, q_x, q_s1)
        d_code.append(d)
        v_lp.append(v)
        r_code.append(r)
        r_cap.append(R)
        qy_code.append(qy)
        qy_in.append(q_y)
        c_code.append(c)
        c_cap.append(C)
    j = Judge()
    j.close("code E d vs optimum of (3) (exact H(S|Y))", d_code, v_lp, atol=LP)
    j.le("code rate H(Z|U) vs R", r_code, r_cap, atol=LP)
    j.close("code output law q_Y vs the prescribed q_Y", qy_code, qy_in, atol=LP)
    j.le("code H(S|Y) vs C", c_code, c_cap, atol=1e-9)
    j.fact("enough feasible instances (≥ 20 of 40)", len(d_code) >= 20)
    return j.evidence(note=f"{len(d_code)} feasible and {n_inf} infeasible instances; q_X, q_Y in "
                      "[.05, .5], q_S1 in [0, .4], R in [0, 1.2 H_b(q_X)], C in [H_b(q_S1), "
                      "H(S)+.05]. With the ≥ search this checks both directions of Thm 1 on "
                      "binary alphabets (the paper's own Bernoulli model); larger alphabets are "
                      "not computed.")


# ------------------------------------------------------- Theorem 6, W2 arm: non-Gaussian Y

def _mix_w2sq(mean, var, n: int = 160):
    """W2²(N(0,1), ½N(mean, var) + ½N(−mean, var)) = E_Z (Z − F_Y^{-1}(Φ(Z)))² (the monotone
    coupling), by Gauss-Hermite quadrature in Z with ``n`` nodes; F_Y^{-1} by vectorised
    bisection on the cdf (z < 0) or the survival function (z ≥ 0), so the tails keep their
    precision."""
    from numpy.polynomial.hermite_e import hermegauss
    from scipy.special import ndtr

    z, wts = hermegauss(n)
    wts = wts / math.sqrt(2 * math.pi)
    s = math.sqrt(var)
    upper = z >= 0
    target = np.where(upper, ndtr(-z), ndtr(z))

    def tail(y):
        lo_tail = 0.5 * (ndtr((y - mean) / s) + ndtr((y + mean) / s))
        up_tail = 0.5 * (ndtr((mean - y) / s) + ndtr((-mean - y) / s))
        return np.where(upper, up_tail, lo_tail)

    lo = np.full(n, -abs(mean) - 40 * s)
    hi = np.full(n, abs(mean) + 40 * s)
    for _ in range(100):
        mid = 0.5 * (lo + hi)
        # the lower tail rises in y, the upper tail falls: move towards the target either way
        below = np.where(upper, tail(mid) > target, tail(mid) < target)
        lo, hi = np.where(below, mid, lo), np.where(below, hi, mid)
    t = 0.5 * (lo + hi)
    return float(np.sum(wts * (z - t) ** 2))


@claim("compression.thm6.w2_nongaussian_not_better", where="Thm 6 (W2 arm)",
       statement="With X, S jointly Gaussian, MSE and the perception W2²(q_X, q_Y), no "
       "non-Gaussian output beats the jointly Gaussian optimum: for outputs Y = σ_Y(ρX + "
       "√(1−ρ²)N) with bimodal unit-variance noise N, E(X−Y)² is at least the Gaussian W2 DRPC "
       "at Y's own I(X;Y), W2² and h(S|Y), and the moment-matched Gaussian Y_G attains the "
       "Gaussian W2 DRPC at its own budgets.",
       expected="verified", evidence=("independent", "witness"),
       source=("printed", (f"{LOCATOR}, 'Asymptotic DRPC function for Gaussian sources', Thm 6 "
               "(W2 arm: W2²(q_X, q_Y)); the KL arm is compression.thm6.kl_nongaussian_not_better")),
       setting="exact")
def _thm6_w2():
    """As the KL arm, with W2² in place of KL: for a fixed variance the quantile coupling of
    N(0,1) with Y is best when Y's quantile function is linear in X's, so W2²(Y) ≥ W2²(Y_G) =
    (1 − σ_Y)². Y's W2² comes from quadrature of its quantile coupling (not from a formula);
    the bound is our W2 DRPC closed form (``gaussian_drpc(perception="w2")``), which
    compression.drpc.w2_matches_search and compression.thm7.corrected_drpc_matches_search check
    against the (ρ, σ_Y) search (that search with POT's Bures W2 takes ~7 s a call, too slow for
    nine calls here)."""
    model = {"sigma_x": 1.0, "sigma_s": 1.0, "theta1": 0.8}
    ng_d, ng_bound, g_d, g_search, w_ng, w_g = [], [], [], [], [], []
    for rho, sigma_y in ((0.8, 0.8), (0.6, 0.75), (0.9, 0.95)):
        c, a = sigma_y * math.sqrt(1 - rho**2), sigma_y * rho
        d_g, i_g, _, h_g = _nongaussian_budgets(rho, sigma_y, 0.0, sigma_s=1.0, theta1=0.8)
        w2_g = _mix_w2sq(0.0, a**2 + c**2)
        g_d.append(d_g)
        g_search.append(gaussian_drpc(i_g + 1e-12, w2_g + 1e-12, h_g + 1e-9, **model,
                                      perception="w2"))
        for m in (0.5, 0.9):
            d, i, _, h = _nongaussian_budgets(rho, sigma_y, m, sigma_s=1.0, theta1=0.8)
            w2 = _mix_w2sq(c * m, a**2 + c**2 * (1 - m**2))
            ng_d.append(d)
            ng_bound.append(gaussian_drpc(i, w2, h, **model, perception="w2"))
            w_ng.append(w2)
            w_g.append(w2_g)
    j = Judge()
    j.close("Y_G (m=0): E(X−Y_G)² vs Gaussian W2 DRPC at its quadrature budgets (3)",
            g_d, g_search, atol=1e-6)
    j.ge("non-Gaussian Y (6): E(X−Y)² vs Gaussian W2 DRPC at Y's own budgets", ng_d, ng_bound,
         atol=1e-9)
    j.ge("non-Gaussian Y: W2² (quadrature) vs W2² of Y_G", w_ng, w_g, atol=QUADRATURE)
    return j.evidence(note="σ_X = σ_S = 1, θ1 = 0.8; (ρ, σ_Y) ∈ {(.8,.8), (.6,.75), (.9,.95)}, "
                      "bimodal noise m ∈ {.5, .9}; smallest margin E(X−Y)² − bound = "
                      f"{min(np.subtract(ng_d, ng_bound)):.3g}. With the KL arm this checks "
                      "both perception measures Thm 6 names, on outputs of one non-Gaussian "
                      "family (a search, not a proof).")


# ------------------------------------------- text after Eq. (2): constraints cannot lower cost

@claim("compression.remark2.constrained_above_ot",
       where="text after Eq. (2) (constrained cost ≥ OT cost)",
       statement="The one-shot constrained cost is never below the unconstrained optimal "
       "transport cost, and reaches it when the rate and classification budgets are slack "
       "(Bernoulli X, Y, S = X⊕S1, Hamming distortion; both classification models).",
       expected="verified", evidence=("independent", "witness"),
       source=("printed", (f"{LOCATOR}, 'One-shot constrained optimal transport', paragraph "
               "after Eq. (2)")),
       setting="exact")
def _remark_above_ot(seed: int = 0):
    """The constrained value is the HiGHS LP over map mixtures (and the exact-H(S|Y) scan); the
    OT cost is a separate LP over couplings (p00, p01, p10, p11) with the two marginals."""
    rng = np.random.default_rng(seed)
    cons, ot, slack, ot_s = [], [], [], []
    a_eq = np.array([[0, 0, 1, 1], [0, 1, 0, 1], [1, 1, 1, 1]], dtype=float)
    cost = np.array([0.0, 1.0, 1.0, 0.0])
    for i in range(40):
        q_x, q_y = rng.uniform(0.02, 0.5, 2)
        q_s1 = rng.uniform(0.0, 0.45)
        q_s = q_x + q_s1 - 2 * q_x * q_s1
        h1 = float(-_xlog2([q_s1, 1 - q_s1]).sum())
        hs = float(-_xlog2([q_s, 1 - q_s]).sum())
        R, C = rng.uniform(0.0, 1.0), rng.uniform(h1, hs + 0.1)
        floor = linprog(cost, A_eq=a_eq, b_eq=[q_x, q_y, 1.0], method="highs").fun
        v = bernoulli_oneshot_lp(R, C, q_x, q_y, q_s1,
                                 classification="exact" if i % 2 else "linear")
        if math.isfinite(v):
            cons.append(v)
            ot.append(floor)
        if i < 12:
            slack.append(bernoulli_oneshot_lp(2.0, 1.0, q_x, q_y, q_s1,
                                              classification="exact" if i % 2 else "linear"))
            ot_s.append(floor)
    j = Judge()
    j.ge("constrained one-shot value vs OT LP (feasible draws)", cons, ot, atol=LP)
    j.close("slack budgets (R = 2, C = 1 bit): constrained value vs OT LP (12)", slack, ot_s,
            atol=LP)
    return j.evidence(note=f"{len(cons)} feasible of 40 draws (q_X, q_Y in [.02, .5], q_S1 in "
                      "[0, .45], R in [0, 1], C in [H_b(q_S1), H(S)+.1] bits; classification "
                      "models alternate). "
                      "The remark holds by inclusion of the feasible sets; the check confirms "
                      "the solvers agree with it and that the floor is reached.")


# ------------------------------------------------ Theorem 3: two-letter blocks, rate only

def _two_letter_value(R: float, q_x: float, q_y: float) -> float:
    """Per-letter Hamming distortion of the best two-letter block code with common randomness
    (Thm 1 on the product alphabet): HiGHS LP over the 256 maps {0,1}² → {0,1}², output law
    p_Y⊗p_Y, rate E H(f_U(X²)) ≤ 2R bits."""
    from theory.compression._reference_lp import oneshot_lp

    p_x, p_y = np.array([1 - q_x, q_x]), np.array([1 - q_y, q_y])
    bits = np.array([[0, 0], [0, 1], [1, 0], [1, 1]])
    d = (bits[:, None, :] != bits[None, :, :]).mean(-1)
    return oneshot_lp(2 * R, np.outer(p_x, p_x).ravel(), np.outer(p_y, p_y).ravel(), d)


@claim("compression.thm3.two_letter_blocks_between",
       where="Thm 3, Eq. (4) (converse at block length 2, rate only)",
       statement="Without a classification budget, the best two-letter block code with common "
       "randomness has a per-letter Hamming distortion between the single-letter value of (4) "
       "(I(X;Y) ≤ R) and the one-letter value (Thm 1-2), equal to both at R = 0 and strictly "
       "below the one-letter value at some rates: the converse of Thm 3 holds at n = 2 and "
       "blocks move towards (4).",
       expected="verified", evidence=("independent", "witness"),
       source=("printed", (f"{LOCATOR}, 'Asymptotic constrained optimal transport', Def. 3 and "
               "Thm 3 / Eq. (4); the constraints of (4) are lost in the extraction and rebuilt "
               "from the form of Thm 5")),
       setting="exact")
def _thm3_two_letter(seed: int = 0):
    """Def. 3 at n = 2 is, by Thm 1 on the product alphabet (checked at n = 1 by the thm1
    rows), an LP over the 256 maps of {0,1}². The single-letter side is the p11 scan of
    I(X;Y) ≤ R (``binary_asymptotic_drc_scan``, C = ∞; at R = 0 the product coupling's D_ind,
    a single point the scan's grid misses), the one-letter side the LP over the
    four maps. Only n = 2 and the rate-only problem are computed: the limit n → ∞ (the
    achievability half of Thm 3) and the classification budget are not."""
    rng = np.random.default_rng(seed)
    two, single, one, gaps = [], [], [], []
    zero_two, zero_single = [], []
    for q_x, q_y in rng.uniform(0.05, 0.5, (12, 2)):
        for R in (0.0, 0.1, 0.25, 0.4, 0.6, 0.8):
            v2 = _two_letter_value(R, q_x, q_y)
            # at R = 0 the only coupling is the product one (the scan's grid misses a point)
            vs = (q_x + q_y - 2 * q_x * q_y if R == 0.0
                  else binary_asymptotic_drc_scan(R, math.inf, q_x, q_y, 0.0))
            v1 = bernoulli_oneshot_lp(R, math.inf, q_x, q_y, 0.0)
            two.append(v2)
            single.append(vs)
            one.append(v1)
            gaps.append(v1 - v2)
            if R == 0.0:
                zero_two.append(v2)
                zero_single.append(vs)
    j = Judge()
    j.ge("two-letter block value vs single-letter (4), rate only (72)", two, single, atol=LP)
    j.le("two-letter block value vs one-letter value (72)", two, one, atol=LP)
    j.close("R = 0: two-letter value vs D_ind (12)", zero_two,
            zero_single, atol=LP)
    j.fact("blocks help somewhere: one-letter − two-letter > 1e-4", max(gaps) > 1e-4)
    return j.evidence(note=f"12 random (q_X, q_Y) in [.05, .5]², R ∈ {{0, .1, .25, .4, .6, "
                      f".8}} bits; largest gain of the two-letter block over one letter "
                      f"{max(gaps):.4g}; smallest margin above (4) "
                      f"{min(np.subtract(two, single)):.3g}.")


# ------------------------------------- Training setup: universal quantisation (shared dither)

@claim("compression.training.universal_quantisation_noise",
       where="'Training setup' (universal quantisation for the shared randomness)",
       statement="Universal quantisation with a dither U ~ Unif[−½, ½) shared by encoder and "
       "decoder, Ỹ = Q(x + U) − U with Q rounding to the integers, adds to every input x an error "
       "uniform on [−½, ½) whatever x is, so the shared randomness turns hard quantisation into "
       "input-independent additive noise.",
       expected="verified", evidence=("independent",),
       source=("printed", (f"{LOCATOR}, 'Training setup' (shared randomness through universal "
               "quantisation, Ỹ = g(Q(f(X) + U) − U))")),
       setting="exact")
def _uq_noise():
    """P(Q(x+U) − U − x ≤ t) = Leb{u ∈ [−½, ½): round(x + u) − (x + u) ≤ t}, integrated by
    scipy quad with the jump of round() as a break point, against the uniform law t + ½."""
    xs = (-1.3, -0.5, 0.0, 0.2, 0.49, 0.5, 2.71)
    ts = (-0.4, -0.1, 0.0, 0.25, 0.45)
    cdf, unif, means = [], [], []
    for x in xs:
        brk = [b - x for b in (math.floor(x) + 0.5, math.floor(x) - 0.5, math.floor(x) + 1.5)
               if -0.5 < b - x < 0.5]

        def err(u, x=x):
            v = x + u
            return math.floor(v + 0.5) - v  # rounding half up

        for t in ts:
            cdf.append(quad(lambda u, t=t: float(err(u) <= t), -0.5, 0.5, points=brk + [
                u for u in (t - x - math.floor(x),) if -0.5 < u < 0.5], limit=200,
                epsabs=1e-13)[0])
            unif.append(t + 0.5)
        means.append(quad(err, -0.5, 0.5, points=brk, limit=200, epsabs=1e-13)[0])
    j = Judge()
    j.close("P(error ≤ t) by quadrature vs t + ½ (7 inputs × 5 thresholds)", cdf, unif,
            atol=QUADRATURE)
    j.close("E error by quadrature vs 0 (7 inputs)", means, [0.0] * len(means),
            atol=QUADRATURE, scale=1.0)
    return j.evidence(note="Inputs x ∈ {−1.3, −.5, 0, .2, .49, .5, 2.71}, thresholds t ∈ {−.4, "
                      "−.1, 0, .25, .45}. This is the property the training setup relies on "
                      "(Ziv 1985); the learned codecs themselves are the exp.* rows.")
