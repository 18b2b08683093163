"""Claims of the Cauchy–Schwarz fairness paper: the comparisons with KL, MMD and the mean
disparity (the abstract's "tighter bound" claims), in their precise true and false forms.

The abstract (arXiv 2512.09467) says "under a Gaussian comparison CS gives a tighter bound than
KL, MMD and the mean disparity used in DP"; the theorem text is not public. Each reading is
registered with its evidence: the false ones as ``refuted`` with a concrete counterexample, the
true ones as ``corrected`` and checked on ≥ 10⁴ random Gaussian pairs in d = 1..3.
"""

from __future__ import annotations

import functools
import warnings

import numpy as np
from scipy import integrate
from scipy.special import betaln

from theory.claims import Evidence, claim
from theory.fairness._bounds import (
    dp_mean_gap_bound,
    dp_threshold_gap_bound,
    l2_gap_from_cs,
    mean_gap_bound_gaussian,
)
from theory.fairness._gaussian import (
    bhattacharyya_gaussian,
    cs_divergence_gaussian,
    kl_gaussian,
    mmd2_gaussian,
)
from theory.fairness._mixture import cs_divergence_gmm
from theory.fairness.claims import _cs_by_quadrature_1d, _norm_logpdf
from theory.tolerances import EXACT, QUADRATURE

#: Relative slack for inequalities between closed forms (float64 rounding of logs and solves).
INEQ_RTOL = 1e-9
N_PAIRS = 10_000
_KW = {"epsabs": 1e-14, "epsrel": 1e-12, "limit": 500}


def _quiet(fn):
    """quad reports roundoff at the integrable endpoint singularities of Beta(a < 1) densities
    while still meeting the 1e-8 comparisons these claims make; keep the report readable."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", integrate.IntegrationWarning)
            return fn(*args, **kwargs)
    return wrapper

CORRECTED_KL = ("fairness.corrected.half_cs_le_min_kl", "fairness.corrected.cs_le_half_jeffreys",
                "fairness.corrected.cs_le_kl_when_cov_dominates",
                "fairness.corrected.bhattacharyya_sandwich")


def _le(a, b) -> bool:
    return a <= b + INEQ_RTOL * max(1.0, abs(b))


def _random_spd(rng, d):
    Q = np.linalg.qr(rng.normal(size=(d, d)))[0]
    return Q @ np.diag(np.exp(rng.uniform(-2.0, 2.0, d))) @ Q.T


def _batched(m1, S1, m2, S2):
    """D_A, KL(p‖q), KL(q‖p) and B for stacks of pairs (k, d), (k, d, d): the same closed forms
    as the public functions, batched; spot-checked against them in :func:`_gaussian_pairs`."""
    d = m1.shape[1]
    delta = m1 - m2
    ld1, ld2 = np.linalg.slogdet(S1)[1], np.linalg.slogdet(S2)[1]
    Ssum = S1 + S2
    maha_sum = np.einsum("ki,ki->k", delta, np.linalg.solve(Ssum, delta[..., None])[..., 0])
    ldh = np.linalg.slogdet(Ssum / 2)[1]
    d_a = maha_sum + ldh - 0.5 * (ld1 + ld2)

    def kl(ma, Sa, lda, mb, Sb, ldb):
        dd = ma - mb
        tr = np.trace(np.linalg.solve(Sb, Sa), axis1=1, axis2=2)
        mh = np.einsum("ki,ki->k", dd, np.linalg.solve(Sb, dd[..., None])[..., 0])
        return 0.5 * (tr + mh - d + ldb - lda)

    b = maha_sum * 2 / 8 + 0.5 * (ldh - 0.5 * (ld1 + ld2))
    return d_a, kl(m1, S1, ld1, m2, S2, ld2), kl(m2, S2, ld2, m1, S1, ld1), b


@functools.lru_cache(maxsize=4)
def _gaussian_pairs(seed: int, n: int = N_PAIRS):
    """n random Gaussian pairs, d = 1..3 in turn, with D_A, both KLs and B; plus a
    covariance-dominating variant (S_p = S_q + W Wᵀ) and an equal-covariance variant. The
    batched values are checked against the public closed forms on every 50th pair."""
    rng = np.random.default_rng(seed)
    rows: list[dict] = []
    for d in (1, 2, 3):
        k = len(range(d - 1, n, 3))
        m1, m2 = rng.normal(0, 1.5, (k, d)), rng.normal(0, 1.5, (k, d))
        S1 = np.stack([_random_spd(rng, d) for _ in range(k)])
        S2 = np.stack([_random_spd(rng, d) for _ in range(k)])
        W = rng.normal(0, 1, (k, d, d)) * rng.uniform(0, 2, (k, 1, 1))
        Sdom = S2 + W @ np.swapaxes(W, 1, 2)
        d_a, klpq, klqp, b = _batched(m1, S1, m2, S2)
        d_dom, kl_dom, _, _ = _batched(m1, Sdom, m2, S2)
        d_eq, kl_eq, _, _ = _batched(m1, S1, m2, S1)
        for i in range(0, k, 50):
            ref = (cs_divergence_gaussian(m1[i], S1[i], m2[i], S2[i]),
                   kl_gaussian(m1[i], S1[i], m2[i], S2[i]),
                   kl_gaussian(m2[i], S2[i], m1[i], S1[i]),
                   bhattacharyya_gaussian(m1[i], S1[i], m2[i], S2[i]))
            got = (d_a[i], klpq[i], klqp[i], b[i])
            assert np.allclose(got, ref, rtol=1e-10, atol=1e-12), (got, ref)
        rows += [{"d": d, "D_A": d_a[i], "KLpq": klpq[i], "KLqp": klqp[i], "B": b[i],
                  "D_A dom": d_dom[i], "KL dom": kl_dom[i], "D_A eq": d_eq[i],
                  "KL eq": kl_eq[i]} for i in range(k)]
    return rows


def _count(rows, pred):
    return int(sum(not pred(r) for r in rows))


@claim("fairness.headline.cs_le_kl_convention_A", where="abstract (arXiv 2512.09467)",
       statement="Under a Gaussian comparison the CS divergence is below KL: D_CS(p,q) ≤ KL(p‖q) "
       "for all Gaussian pairs, with D_CS = −log[(∫pq)²/(∫p²∫q²)] (convention A, the one of the "
       "CS-IB/CS-adv code).", expected="refuted", corrected_by=CORRECTED_KL)
def _headline(seed: int = 0):
    p, q = (0.0, 0.1), (3.0, 1.0)
    d_a = cs_divergence_gaussian(p[0], p[1] ** 2, q[0], q[1] ** 2)
    kl = kl_gaussian(p[0], p[1] ** 2, q[0], q[1] ** 2)
    kl_rev = kl_gaussian(q[0], q[1] ** 2, p[0], p[1] ** 2)
    lp, lq = _norm_logpdf(*p), _norm_logpdf(*q)
    d_quad = _cs_by_quadrature_1d(lp, lq, -40.0, 45.0)
    kl_quad = integrate.quad(lambda t: np.exp(lp(t)) * (lp(t) - lq(t)), -5, 5, points=[0.0],
                             **_KW)[0]
    rows = _gaussian_pairs(seed)
    frac = _count(rows, lambda r: _le(r["D_A"], r["KLpq"])) / len(rows)
    frac_min = _count(rows, lambda r: _le(r["D_A"], min(r["KLpq"], r["KLqp"]))) / len(rows)
    holds = _le(d_a, kl) and _le(d_quad, kl_quad)
    return Evidence(holds, {"D_A": d_a, "D_A (quad)": d_quad,
                            "violated fraction D_A ≤ KL(p‖q)": frac,
                            "violated fraction D_A ≤ min KL": frac_min},
                    {"KL(p‖q)": kl, "KL(p‖q) (quad)": kl_quad, "KL(q‖p)": kl_rev}, INEQ_RTOL,
                    "counterexample p = N(0, 0.1²), q = N(3, 1): D_A = 10.530 > KL(p‖q) = 6.308 "
                    "(closed forms and scipy quad agree); fractions over 10⁴ random pairs, "
                    "d = 1..3. True forms: convention B (D_A/2) ≤ min KL; D_A ≤ ½ Jeffreys; "
                    "D_A ≤ KL(p‖q) when S_p ⪰ S_q")


@claim("fairness.corrected.half_cs_le_min_kl", where="abstract; cs_fairness.md §3.1",
       statement="Convention B: D_B = D_A/2 ≤ min{KL(p‖q), KL(q‖p)} for every Gaussian pair in "
       "any dimension.", expected="corrected", corrects="fairness.headline.cs_le_kl_convention_A")
def _half_cs(seed: int = 0):
    rows = _gaussian_pairs(seed)
    bad = _count(rows, lambda r: _le(r["D_A"] / 2, min(r["KLpq"], r["KLqp"])))
    slack = min(min(r["KLpq"], r["KLqp"]) - r["D_A"] / 2 for r in rows)
    return Evidence(bad == 0, {"violations": bad, "min (min KL − D_B)": slack},
                    {"violations": 0, "pairs": len(rows)}, INEQ_RTOL,
                    "10⁴ random pairs, d = 1..3, eigenvalues e^U(−2,2), means N(0, 1.5²). "
                    "Proof: (S1+S2)⁻¹ ⪯ S2⁻¹ and log((1+λ)/2) + ½log λ ≤ λ − 1 per eigenvalue")


@claim("fairness.corrected.cs_le_half_jeffreys", where="abstract; cs_fairness.md §3.2(c)",
       statement="Convention A: D_A ≤ ½[KL(p‖q) + KL(q‖p)] for every Gaussian pair.",
       expected="corrected", corrects="fairness.headline.cs_le_kl_convention_A")
def _jeffreys(seed: int = 0):
    rows = _gaussian_pairs(seed)
    bad = _count(rows, lambda r: _le(r["D_A"], 0.5 * (r["KLpq"] + r["KLqp"])))
    return Evidence(bad == 0, {"violations": bad}, {"violations": 0, "pairs": len(rows)},
                    INEQ_RTOL, "same 10⁴ pairs; (S1+S2)⁻¹ ⪯ ¼(S1⁻¹+S2⁻¹) and log u ≤ 2u²−2")


@claim("fairness.corrected.cs_le_kl_when_cov_dominates", where="abstract; cs_fairness.md §3.2(a,b)",
       statement="Convention A: D_A ≤ KL(p‖q) whenever S_p ⪰ S_q, with equality D_A = KL at "
       "equal covariance.", expected="corrected",
       corrects="fairness.headline.cs_le_kl_convention_A")
def _dominates(seed: int = 0):
    rows = _gaussian_pairs(seed)
    bad = _count(rows, lambda r: _le(r["D_A dom"], r["KL dom"]))
    eq = max(abs(r["D_A eq"] - r["KL eq"]) / max(1.0, r["KL eq"]) for r in rows)
    return Evidence(bad == 0 and eq <= INEQ_RTOL, {"violations": bad, "max rel |D_A − KL| eq": eq},
                    {"violations": 0, "pairs": len(rows)}, INEQ_RTOL,
                    "S_p = S_q + WWᵀ with random W; equal-covariance pairs share S1")


@claim("fairness.corrected.bhattacharyya_sandwich", where="cs_fairness.md §1, §3.2(d)",
       statement="2B ≤ D_A ≤ 4B for every Gaussian pair, B the Bhattacharyya distance.",
       expected="corrected", corrects="fairness.headline.cs_le_kl_convention_A")
def _sandwich(seed: int = 0):
    rows = _gaussian_pairs(seed)
    bad = _count(rows, lambda r: _le(2 * r["B"], r["D_A"]) and _le(r["D_A"], 4 * r["B"]))
    ratios = [r["D_A"] / r["B"] for r in rows if r["B"] > 1e-9]
    return Evidence(bad == 0, {"violations": bad, "min D_A/B": min(ratios),
                               "max D_A/B": max(ratios)},
                    {"range": [2, 4]}, INEQ_RTOL, "same 10⁴ pairs; the bounds are approached "
                    "by pure-covariance (2) and pure-mean (4) differences")


@claim("fairness.beyond_gaussian.cs_le_kl_any_density", where="abstract; cs_fairness.md §3.3",
       statement="D_CS ≤ KL in one of the two directions for arbitrary densities (the Gaussian "
       "ordering extends beyond Gaussians).", expected="refuted",
       corrected_by=("fairness.corrected.half_cs_le_min_kl",
                     "fairness.corrected.uniform_reference_kl_le_cs"))
def _beyond():
    # p = U[0,1], q = 1.5 on [0, ½), 0.5 on [½, 1]: piecewise integrals by quad
    def piece(f):
        return sum(integrate.quad(f, a, b, **_KW)[0] for a, b in ((0, 0.5), (0.5, 1)))

    def q(t):
        return 1.5 if t < 0.5 else 0.5

    ipq, ipp, iqq = piece(q), piece(lambda t: 1.0), piece(lambda t: q(t) ** 2)
    d_a = -np.log(ipq**2 / (ipp * iqq))
    kl_pq = piece(lambda t: -np.log(q(t)))
    kl_qp = piece(lambda t: q(t) * np.log(q(t)))
    holds = _le(d_a, kl_pq) or _le(d_a, kl_qp)
    return Evidence(holds, {"D_A": d_a}, {"KL(p‖q)": kl_pq, "KL(q‖p)": kl_qp,
                                          "log 1.25": float(np.log(1.25))}, QUADRATURE,
                    "p = U[0,1], q = 1.5·1[0,½) + 0.5·1[½,1]: D_A = log 1.25 = 0.2231 exceeds "
                    "both KLs (0.1438, 0.1308)")


@claim("fairness.corrected.uniform_reference_kl_le_cs", where="cs_fairness.md §3.3",
       statement="If p is uniform on [0,1], then KL(q‖p) ≤ D_A(p,q) for every density q on [0,1] "
       "(Jensen: E_q log q ≤ log E_q q), so outside Gaussians the ordering can reverse.",
       expected="corrected", corrects="fairness.beyond_gaussian.cs_le_kl_any_density")
@_quiet
def _uniform_ref(seed: int = 0):
    rng = np.random.default_rng(seed)
    worst, n = np.inf, 0
    for k in range(200):
        if k % 2:  # random step density on 2..10 bins
            w = rng.dirichlet(np.ones(rng.integers(2, 11)))
            dens = w * w.size
            d_a, kl = np.log((dens**2).mean()), float((w * np.log(dens)).sum())
        else:  # Beta(a, b), a, b > 1/2 so that ∫q² < ∞, by quadrature
            a, b = rng.uniform(0.6, 6, 2)

            def lq(t, a=a, b=b):
                return (a - 1) * np.log(t) + (b - 1) * np.log1p(-t) - betaln(a, b)

            d_a = np.log(integrate.quad(lambda t: np.exp(2 * lq(t)), 0, 1, **_KW)[0])
            kl = integrate.quad(lambda t: np.exp(lq(t)) * lq(t), 0, 1, **_KW)[0]
        worst = min(worst, d_a - kl)
        n += 1
    return Evidence(worst >= -QUADRATURE, {"min (D_A − KL(q‖U))": worst},
                    {"≥": 0.0, "densities": n}, QUADRATURE,
                    "100 random step densities (exact sums) and 100 Beta densities (scipy quad)")


@claim("fairness.headline.cs_le_mmd2", where="abstract (arXiv 2512.09467)",
       statement="Read as an ordering of values like the KL claim: under a Gaussian comparison "
       "D_CS ≤ MMD² (Gaussian kernel, k(x,x) = 1).", expected="refuted",
       corrected_by=("fairness.corrected.mmd2_le_half_cs_gaussian",))
def _cs_le_mmd():
    d_a = cs_divergence_gaussian(0, 0.01, 0.1, 0.0225)
    mmd2 = mmd2_gaussian(0, 0.01, 0.1, 0.0225, 1.0)
    return Evidence(_le(d_a, mmd2), {"D_A": d_a}, {"MMD² (h=1)": mmd2}, INEQ_RTOL,
                    "N(0, 0.1²) vs N(0.1, 0.15²), h = 1: D_A = 0.388 > MMD² = 0.0096. The true "
                    "ordering is the reverse (MMD² ≤ D_A/2)")


@claim("fairness.corrected.mmd2_le_half_cs_gaussian", where="abstract; derived here",
       statement="For Gaussian pairs in d = 1..3 and every kernel width h, MMD²_h ≤ D_B = D_A/2 "
       "(sup_h MMD²_h/D_A ≈ 0.43, approached by small covariance mismatches): CS dominates MMD.",
       expected="corrected", corrects="fairness.headline.cs_le_mmd2")
def _mmd_le_cs(seed: int = 0):
    rng = np.random.default_rng(seed)
    hs = np.exp(np.linspace(-5, 5, 33))
    worst = 0.0
    for k in range(300):
        d = 1 + k % 3
        scale = (0.01, 0.3, 2.0)[k % 3 if k % 2 else 1]
        m1, m2 = rng.normal(0, scale, d), rng.normal(0, scale, d)
        S1, S2 = _random_spd(rng, d), _random_spd(rng, d)
        if k % 4 == 0:  # near-equal covariances: where the ratio peaks
            S2 = S1 @ (np.eye(d) + 0.05 * np.diag(rng.uniform(-1, 1, d)))
            S2 = (S2 + S2.T) / 2
        d_a = cs_divergence_gaussian(m1, S1, m2, S2)
        ratio = max(mmd2_gaussian(m1, S1, m2, S2, h) for h in hs) / d_a
        worst = max(worst, ratio)
    return Evidence(worst <= 0.5, {"max over pairs and h of MMD²_h / D_A": worst},
                    {"≤": 0.5}, None,
                    "300 random pairs (d = 1..3, three mean scales, a quarter near-equal "
                    "covariances) × 33 widths h ∈ [e^-5, e^5]; an empirical sharpening, no "
                    "proof here")


@claim("fairness.scale.cs_affine_invariant_mmd_mean_not", where="abstract ('robustness to scale "
       "differences'); cs_fairness.md §1, §3.6, §7.8",
       statement="D_CS is invariant under any common invertible affine map (D_A(N(0,c²), "
       "N(c,2.25c²)) = 0.3877350 for every c), while MMD² with a fixed kernel and the mean gap "
       "change with c; CS is not invariant under nonlinear bijections (unlike KL).")
def _scale(seed: int = 0):
    cs, quad, mmd, gap = [], [], [], []
    for c in (0.1, 1.0, 10.0):
        cs.append(cs_divergence_gaussian(0, c * c, c, 2.25 * c * c))
        quad.append(_cs_by_quadrature_1d(_norm_logpdf(0, c), _norm_logpdf(c, 1.5 * c),
                                         -40 * c, 45 * c))
        mmd.append(mmd2_gaussian(0, c * c, c, 2.25 * c * c, 1.0))
        gap.append(c)
    rng = np.random.default_rng(seed)
    aff = 0.0
    for d in (2, 3):
        A, b = rng.normal(size=(d, d)) + 2 * np.eye(d), rng.normal(size=d)
        w1, w2 = rng.dirichlet(np.ones(2)), rng.dirichlet(np.ones(3))
        mu1, mu2 = rng.normal(size=(2, d)), rng.normal(size=(3, d))
        c1 = np.stack([_random_spd(rng, d) for _ in range(2)])
        c2 = np.stack([_random_spd(rng, d) for _ in range(3)])
        base = cs_divergence_gmm(w1, mu1, c1, w2, mu2, c2)
        moved = cs_divergence_gmm(w1, mu1 @ A.T + b, A @ c1 @ A.T, w2, mu2 @ A.T + b,
                                  A @ c2 @ A.T)
        aff = max(aff, abs(base - moved))
    # exp(·) maps the pair to log-normals: KL is unchanged, D_CS is not (quadrature)
    m1, s1, m2, s2 = 0.0, 0.5, 0.5, 0.8

    def lognorm(m, s):
        return lambda t: _norm_logpdf(m, s)(np.log(t)) - np.log(t)

    d_ln = _cs_by_quadrature_1d(lognorm(m1, s1), lognorm(m2, s2), 1e-6, 40.0)
    d_n = cs_divergence_gaussian(m1, s1**2, m2, s2**2)
    ok = (max(abs(v - 0.3877350) for v in cs) <= 5e-8
          and max(abs(a - b) for a, b in zip(cs, quad)) <= QUADRATURE and aff <= 1e-10
          and max(abs(a - b) for a, b in zip(mmd, (0.00962, 0.14129, 0.02260))) <= 5e-5
          and abs(d_ln - d_n) > 0.01)
    return Evidence(ok, {"D_A at c=0.1,1,10": cs, "MMD²(h=1)": mmd, "mean gap": gap,
                         "max |ΔD| under affine maps (GMM, d=2,3)": aff,
                         "D_A after exp (log-normals)": d_ln},
                    {"note D_A": 0.3877350, "quadrature": quad,
                     "note MMD²": [0.00962, 0.14129, 0.02260], "D_A before exp": d_n},
                    QUADRATURE, "closed form vs quad at each c; affine invariance on random "
                    "Gaussian mixtures; the exp map changes D_CS (KL is invariant under it)")


@claim("fairness.dp.cs_controls_mean_gap_gaussian", where="abstract ('mean disparity used in "
       "DP'); cs_fairness.md §3.4",
       statement="For Gaussian scores |μ0 − μ1| ≤ √((s0² + s1²)·D_A), with equality iff "
       "s0 = s1; D_A = 0 forces ΔDP = 0 at every threshold, but ΔDP = 0 does not force D_A = 0.")
def _mean_gap():
    worst, eq = np.inf, 0.0
    for m in (-2.0, -0.3, 0.0, 0.5, 3.0):
        for s0 in (0.1, 0.5, 1.0, 3.0):
            for s1 in (0.1, 0.5, 1.0, 3.0):
                d_a = cs_divergence_gaussian(0.0, s0**2, m, s1**2)
                bound = mean_gap_bound_gaussian(s0**2, s1**2, d_a)
                worst = min(worst, bound - abs(m))
                if s0 == s1:
                    eq = max(eq, abs(bound - abs(m)))
    # witness: N(0,1) vs N(0,2²) have equal means and equal P(ŷ > 0), yet D_A = log(5/4) > 0
    d_w = _cs_by_quadrature_1d(_norm_logpdf(0, 1), _norm_logpdf(0, 2), -40, 40)
    ok = worst >= -EXACT and eq <= 1e-12 and d_w > 0.2
    return Evidence(ok, {"min (bound − |Δμ|)": worst, "max |bound − |Δμ|| at s0=s1": eq,
                         "D_A(N(0,1), N(0,4)) quad": d_w},
                    {"≥": 0.0, "log(5/4)": float(np.log(1.25))}, EXACT,
                    "80 pairs; witness of 'not conversely': equal means and medians, D_A > 0")


def _beta_logpdf(a, b):
    return lambda t: (a - 1) * np.log(t) + (b - 1) * np.log1p(-t) - betaln(a, b)


@claim("fairness.dp.distribution_free_bounds_beta", where="abstract ('distribution-free'); "
       "cs_fairness.md §3.5 (sharpened)",
       statement="For prediction densities on [0,1]: ‖p−q‖₂² = a² + b² − 2ab·e^{−D_A/2}; the "
       "continuous DP gap ≤ ‖p−q‖₂/√12 and the thresholded DP gap ≤ TV ≤ ½‖p−q‖₂, both "
       "constants attained.")
@_quiet
def _dp_free(seed: int = 0):
    params = (0.75, 1.0, 2.0, 5.0)
    dists = [(a, b) for a in params for b in params]
    order = np.random.default_rng(seed).permutation(len(dists) * len(dists))[:40]
    ident, mean_slack, thr_slack = 0.0, np.inf, np.inf
    for k in order:
        (a1, b1), (a2, b2) = dists[k // len(dists)], dists[k % len(dists)]
        lp, lq = _beta_logpdf(a1, b1), _beta_logpdf(a2, b2)
        ipp = integrate.quad(lambda t, lp=lp, lq=lq: np.exp(2 * lp(t)), 0, 1, **_KW)[0]
        iqq = integrate.quad(lambda t, lp=lp, lq=lq: np.exp(2 * lq(t)), 0, 1, **_KW)[0]
        ipq = integrate.quad(lambda t, lp=lp, lq=lq: np.exp(lp(t) + lq(t)), 0, 1, **_KW)[0]
        l2sq = integrate.quad(lambda t, lp=lp, lq=lq: (np.exp(lp(t)) - np.exp(lq(t))) ** 2, 0, 1, **_KW)[0]
        tv = 0.5 * integrate.quad(lambda t, lp=lp, lq=lq: abs(np.exp(lp(t)) - np.exp(lq(t))), 0, 1,
                                  **_KW, points=[0.5])[0]
        d_a = max(-np.log(ipq**2 / (ipp * iqq)), 0.0)
        l2 = l2_gap_from_cs(d_a, np.sqrt(ipp), np.sqrt(iqq))
        ident = max(ident, abs(l2**2 - l2sq))
        gap = abs(a1 / (a1 + b1) - a2 / (a2 + b2))
        mean_slack = min(mean_slack, dp_mean_gap_bound(l2) - gap)
        thr = max(abs(integrate.quad(lambda s, lp=lp, lq=lq: np.exp(lp(s)) - np.exp(lq(s)), t, 1, **_KW)[0])
                  for t in (0.25, 0.5, 0.75))
        thr_slack = min(thr_slack, tv - thr, dp_threshold_gap_bound(l2) - tv)
    # witnesses of tightness: p − q ∝ (y − ½) attains the mean bound; |p − q| constant with a
    # sign change at t = ½ attains the threshold bound
    eps = 0.6
    mean_w = (2 * eps * (1 / 3 - 1 / 4), dp_mean_gap_bound(2 * eps / np.sqrt(12)))
    thr_w = (eps, dp_threshold_gap_bound(2 * eps))
    ok = (ident <= 1e-8 and mean_slack >= -1e-10 and thr_slack >= -1e-10
          and abs(mean_w[0] - mean_w[1]) <= EXACT and abs(thr_w[0] - thr_w[1]) <= EXACT)
    note_ex = (abs(2 / 7 - 5 / 7), dp_mean_gap_bound(l2_gap_from_cs(*_beta_pair_cs())))
    return Evidence(ok, {"max |identity − quad ‖p−q‖²|": ident, "min mean-bound slack": mean_slack,
                         "min threshold/TV slack": thr_slack, "mean witness gap": mean_w[0],
                         "threshold witness gap": thr_w[0],
                         "Beta(2,5) vs Beta(5,2): ΔDP, bound": note_ex},
                    {"mean witness bound": mean_w[1], "threshold witness bound": thr_w[1]},
                    1e-8, "40 Beta pairs (a, b ∈ {0.75, 1, 2, 5}) by scipy quad; the note's "
                    "1/√3 constant is valid but a factor 2 loose (centring at ½ is free since "
                    "∫(p − q) = 0)")


def _beta_pair_cs():
    lp, lq = _beta_logpdf(2, 5), _beta_logpdf(5, 2)
    ipp = integrate.quad(lambda t: np.exp(2 * lp(t)), 0, 1, **_KW)[0]
    iqq = integrate.quad(lambda t: np.exp(2 * lq(t)), 0, 1, **_KW)[0]
    ipq = integrate.quad(lambda t: np.exp(lp(t) + lq(t)), 0, 1, **_KW)[0]
    return -np.log(ipq**2 / (ipp * iqq)), np.sqrt(ipp), np.sqrt(iqq)


@claim("fairness.gauss.symbolic_closed_form_1d", where="cs_fairness.md §1",
       statement="sympy derives the 1-D closed form from the three integrals exactly, "
       "D_A = Δ²/(s1²+s2²) + log((s1²+s2²)/(2s1s2)), and at equal variance D_A = Δ²/(2s²) = KL.")
def _symbolic():
    import sympy as sp

    x, delta = sp.Symbol("x", real=True), sp.Symbol("Delta", real=True)
    s1, s2, s = sp.symbols("s1 s2 s", positive=True)

    def normal(m, sd):
        return sp.exp(-(x - m) ** 2 / (2 * sd**2)) / sp.sqrt(2 * sp.pi * sd**2)

    # q centred at 0 and p at Δ: the integrals are translation invariant
    ipq = sp.integrate(normal(delta, s1) * normal(0, s2), (x, -sp.oo, sp.oo))
    ipp = sp.integrate(normal(delta, s1) ** 2, (x, -sp.oo, sp.oo))
    iqq = sp.integrate(normal(0, s2) ** 2, (x, -sp.oo, sp.oo))
    derived = -sp.log(ipq**2 / (ipp * iqq))
    stated = delta**2 / (s1**2 + s2**2) + sp.log((s1**2 + s2**2) / (2 * s1 * s2))
    diff = sp.simplify(sp.expand_log(derived - stated, force=True))
    eq_var = sp.simplify(stated.subs({s1: s, s2: s}) - delta**2 / (2 * s**2))
    kl = sp.integrate(normal(delta, s) * sp.expand_log(sp.log(normal(delta, s) / normal(0, s)),
                                                       force=True), (x, -sp.oo, sp.oo))
    kl_diff = sp.simplify(kl - delta**2 / (2 * s**2))
    ok = diff == 0 and eq_var == 0 and kl_diff == 0
    return Evidence(ok, {"simplify(derived − stated)": str(diff),
                         "equal variance − Δ²/(2s²)": str(eq_var), "KL − Δ²/(2s²)": str(kl_diff)},
                    {"all": "0"}, 0.0, "sympy.integrate over the real line, exact")
