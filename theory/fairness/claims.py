"""Registered claims of the Cauchy–Schwarz fairness paper: closed forms and the estimator.

Only the abstract of arXiv 2512.09467 is public; the closed forms and the estimator identity are
derived by us (Principe convention) and checked here against scipy quadrature
(``quad`` in 1-D, ``trapezoid`` on grids in d-D, spectrally accurate for Gaussian integrands).
"""

from __future__ import annotations

import numpy as np
from scipy import integrate, stats

from theory.claims import Judge, claim
from theory.fairness._estimator import cs_divergence_kde, cs_mutual_information
from theory.fairness._gaussian import (
    bhattacharyya_gaussian,
    cs_divergence_gaussian,
    kl_gaussian,
    mmd2_gaussian,
)
from theory.fairness._mixture import cs_divergence_gmm
from theory.tolerances import EXACT, QUADRATURE

#: Only the abstract of arXiv 2512.09467v1 was seen (its HTML body beyond the first page was not);
#: no code is public. Statements from the abstract carry our reading of its words.
_ABSTRACT = ("arXiv 2512.09467v1 abstract: under a Gaussian comparison CS yields a tighter bound "
             "than KL, MMD and the mean disparity used in DP; a distribution-free kernel "
             "estimator; robustness to scale differences. The inequality, its convention and "
             "its quantifiers are our reading")
_DERIV = ("ours: our derivation (CS divergence in the Principe convention D = −log[(∫pq)²/"
          "(∫p²∫q²)]), checked against quadrature; the paper's own formulas were not seen")

_QUAD = {"epsabs": 0.0, "epsrel": 1e-13, "limit": 500}


def _log_quad(logf, lo: float, hi: float) -> float:
    """log ∫ exp(logf) over [lo, hi], shifted by the integrand's maximum on a fine grid so that
    integrals as small as e^-600 keep their relative accuracy."""
    grid = np.linspace(lo, hi, 40001)
    vals = logf(grid)
    top, at = float(vals.max()), float(grid[np.argmax(vals)])
    val = integrate.quad(lambda t: np.exp(logf(t) - top), lo, hi, points=[at], **_QUAD)[0]
    return top + float(np.log(val))


def _norm_logpdf(m: float, s: float):
    """log N(t; m, s²) written out, so quad's many scalar calls stay cheap."""
    c = -0.5 * np.log(2 * np.pi) - np.log(s)
    return lambda t: c - 0.5 * ((t - m) / s) ** 2


def _cs_by_quadrature_1d(logp, logq, lo, hi) -> float:
    return (_log_quad(lambda t: 2 * logp(t), lo, hi) + _log_quad(lambda t: 2 * logq(t), lo, hi)
            - 2 * _log_quad(lambda t: logp(t) + logq(t), lo, hi))


def _grid(d: int, half: float, step: float):
    axis = np.arange(-half, half + step / 2, step)
    mesh = np.meshgrid(*([axis] * d), indexing="ij")
    return axis, np.stack([g.ravel() for g in mesh], axis=1)


def _trapz_nd(values: np.ndarray, axis: np.ndarray, d: int) -> float:
    vals = values.reshape((axis.size,) * d)
    for _ in range(d):
        vals = integrate.trapezoid(vals, axis, axis=0)
    return float(vals)


def _cs_by_grid(pdf_p, pdf_q, axis, pts, d) -> float:
    p, q = pdf_p(pts), pdf_q(pts)
    ipq, ipp, iqq = (_trapz_nd(v, axis, d) for v in (p * q, p * p, q * q))
    return float(-np.log(ipq**2 / (ipp * iqq)))


def _random_spd(rng, d, lo=-1.0, hi=1.0):
    Q = np.linalg.qr(rng.normal(size=(d, d)))[0]
    return Q @ np.diag(np.exp(rng.uniform(lo, hi, d))) @ Q.T


@claim("fairness.gauss.equal_cov_equals_kl", where="our derivation (the paper's formulas not seen)",
       statement="For Gaussians with equal covariance, D_CS (convention A) = ½ΔᵀS⁻¹Δ = KL(p‖q) "
       "exactly; the 1-D value matches quadrature of −log[(∫pq)²/(∫p²∫q²)].",
       evidence=("independent",),
       source=("ours", _DERIV),
       setting="exact")
def _equal_cov_equals_kl():
    m1, m2, s2 = 0.0, 1.5, 2.0
    cs = cs_divergence_gaussian(m1, s2, m2, s2)
    kl = kl_gaussian(m1, s2, m2, s2)
    p, q = stats.norm(m1, np.sqrt(s2)), stats.norm(m2, np.sqrt(s2))
    kw = {"epsabs": 1e-13, "epsrel": 1e-13, "limit": 200}
    ipq = integrate.quad(lambda x: p.pdf(x) * q.pdf(x), -np.inf, np.inf, **kw)[0]
    ipp = integrate.quad(lambda x: p.pdf(x) ** 2, -np.inf, np.inf, **kw)[0]
    iqq = integrate.quad(lambda x: q.pdf(x) ** 2, -np.inf, np.inf, **kw)[0]
    quad = -np.log(ipq**2 / (ipp * iqq))
    j = Judge()
    j.close("D_A vs KL closed form (equal covariance)", cs, kl, rtol=EXACT)
    j.close("D_A vs quadrature of the three integrals", cs, quad, rtol=QUADRATURE)
    j.close("D_A vs ½Δ²/s² = 9/16", cs, 0.5625, rtol=EXACT)
    return j.evidence(note="N(0,2) vs N(1.5,2); the integrals by scipy quad")


@claim("fairness.gauss.closed_form_matches_quadrature_1d", where="our derivation (the paper's formulas not seen)",
       statement="The 1-D closed forms D_A = Δ²/(s1²+s2²) + log((s1²+s2²)/(2s1s2)), KL and the "
       "Bhattacharyya distance equal their defining integrals on the grid m ∈ {−2,−0.5,0,0.7,3}, "
       "s ∈ {0.1,0.5,1,2,5}, with our worked spot values.", evidence=("independent",),
       source=("ours", _DERIV),
       setting="exact")
def _closed_form_1d():
    ms, ss = (-2.0, -0.5, 0.0, 0.7, 3.0), (0.1, 0.5, 1.0, 2.0, 5.0)
    vals = {k: ([], []) for k in ("D_A", "KL", "B")}
    grid = [(m1, s1, m2, s2) for m1 in ms for s1 in ss for m2 in ms for s2 in ss]
    # a fixed permutation of the 625-pair product (sympy-style grid shrinking): 120 pairs for
    # D_A, the first 40 of them also for KL and B
    order = np.random.default_rng(0).permutation(len(grid))[:120]
    pairs = [grid[i] for i in order]
    sub = set(range(40))
    for k, (m1, s1, m2, s2) in enumerate(pairs):
        lp, lq = _norm_logpdf(m1, s1), _norm_logpdf(m2, s2)
        lo, hi = min(m1, m2) - 40 * max(s1, s2), max(m1, m2) + 40 * max(s1, s2)
        cf = cs_divergence_gaussian(m1, s1**2, m2, s2**2)
        qd = _cs_by_quadrature_1d(lp, lq, lo, hi)
        vals["D_A"][0].append(cf)
        vals["D_A"][1].append(qd)
        if k in sub:
            kl_q = integrate.quad(lambda t, lp=lp, lq=lq: np.exp(lp(t)) * (lp(t) - lq(t)), lo, hi,
                                  points=[m1], epsabs=1e-14, epsrel=1e-13, limit=500)[0]
            b_q = -_log_quad(lambda t, lp=lp, lq=lq: 0.5 * (lp(t) + lq(t)), lo, hi)
            kl_c = kl_gaussian(m1, s1**2, m2, s2**2)
            b_c = bhattacharyya_gaussian(m1, s1**2, m2, s2**2)
            for key, c, q in (("KL", kl_c, kl_q), ("B", b_c, b_q)):
                vals[key][0].append(c)
                vals[key][1].append(q)
    spots = {"(0,1;1,1)": (cs_divergence_gaussian(0, 1, 1, 1), 0.5),
             "(0.3,0.2;-0.5,1.7)": (cs_divergence_gaussian(0.3, 0.04, -0.5, 1.7**2), 1.67909493797),
             "(2,0.5;-1,3)": (cs_divergence_gaussian(2, 0.25, -1, 9), 2.09898423583)}
    j = Judge()
    for key, (cf, qd) in vals.items():
        # relative to max(1, |quad|): zero divergences (identical pairs) keep an absolute floor
        j.close(f"{key} closed form vs quad", cf, qd, rtol=QUADRATURE, atol=QUADRATURE)
    for name, (a, b) in spots.items():
        j.close(f"spot {name} vs reference values of our derivation", a, b, atol=1e-10)
    return j.evidence(note=f"{len(pairs)} of the 625 grid pairs by log-shifted scipy quad "
                      f"(epsrel 1e-13); KL, B on {len(sub)}; spot values from our derivation "
                      "to 1e-10")


@claim("fairness.gauss.closed_form_matches_quadrature_dd", where="our derivation (the paper's formulas not seen)",
       statement="In d = 2 and 3, D_A = Δᵀ(S1+S2)⁻¹Δ + log(|(S1+S2)/2|/√(|S1||S2|)) equals "
       "−log[(∫pq)²/(∫p²∫q²)] for random SPD covariances, and equals KL at equal covariance.",
       evidence=("independent",),
       source=("ours", _DERIV),
       setting="exact")
def _closed_form_dd(seed: int = 0):
    rng = np.random.default_rng(seed)
    cfs, grids, eqs = [], [], []
    for d, reps, step in ((2, 3, 0.1), (3, 2, 0.2)):
        axis, pts = _grid(d, 9.0, step)
        for _ in range(reps):
            m1, m2 = rng.uniform(-1, 1, d), rng.uniform(-1, 1, d)
            S1, S2 = _random_spd(rng, d), _random_spd(rng, d)
            qd = _cs_by_grid(stats.multivariate_normal(m1, S1).pdf,
                             stats.multivariate_normal(m2, S2).pdf, axis, pts, d)
            cfs.append(cs_divergence_gaussian(m1, S1, m2, S2))
            grids.append(qd)
        eqs.append((cs_divergence_gaussian(m1, S1, m2, S1), kl_gaussian(m1, S1, m2, S1)))
    j = Judge()
    j.close("D_A closed form vs trapezoid grid", cfs, grids, atol=QUADRATURE)
    j.close("D_A vs KL at equal covariance", [e[0] for e in eqs], [e[1] for e in eqs],
            rtol=10 * EXACT)
    return j.evidence(note="trapezoid on [−9, 9]^d (step 0.1 in 2-D, 0.2 in 3-D; eigenvalues "
                      "in [e^-1, e]): 3 pairs in 2-D, 2 in 3-D")


@claim("fairness.gmm.closed_form_matches_quadrature", where="our derivation (the paper's formulas not seen)",
       statement="The Gaussian-mixture closed form (pairwise N(μi; νj, Pi+Qj) sums) equals "
       "quadrature: 0.3599763213038 for our 1-D example, and on random 2-D mixtures.",
       evidence=("independent",),
       source=("ours", _DERIV),
       setting="exact")
def _gmm(seed: int = 0):
    w1, mu1, v1 = [0.3, 0.7], [-1.0, 2.0], [0.5, 1.2]
    w2, mu2, v2 = [0.5, 0.2, 0.3], [0.0, 1.0, 3.0], [1.0, 0.3, 2.0]
    cf = cs_divergence_gmm(w1, mu1, v1, w2, mu2, v2)

    def logmix(w, mu, v):
        return lambda t: np.logaddexp.reduce(
            [np.log(wi) + _norm_logpdf(mi, np.sqrt(vi))(t) for wi, mi, vi in zip(w, mu, v)],
            axis=0)

    qd = _cs_by_quadrature_1d(logmix(w1, mu1, v1), logmix(w2, mu2, v2), -40.0, 45.0)
    rng = np.random.default_rng(seed)
    axis, pts = _grid(2, 9.0, 0.1)
    cf2, grid2 = [], []
    for _ in range(2):
        comps = []
        for k in (2, 3):
            w = rng.dirichlet(np.ones(k))
            mu = rng.uniform(-2, 2, (k, 2))
            cov = np.stack([_random_spd(rng, 2) for _ in range(k)])
            comps.append((w, mu, cov))

        def pdf(w, mu, cov):
            return lambda x: sum(wi * stats.multivariate_normal(mi, ci).pdf(x)
                                 for wi, mi, ci in zip(w, mu, cov))

        g = _cs_by_grid(pdf(*comps[0]), pdf(*comps[1]), axis, pts, 2)
        cf2.append(cs_divergence_gmm(*comps[0], *comps[1]))
        grid2.append(g)
    j = Judge()
    j.close("1-D closed form vs quad", cf, qd, rtol=QUADRATURE)
    j.close("1-D closed form vs our worked 0.3599763213038", cf, 0.3599763213038, atol=1e-12)
    j.close("2-D closed form vs trapezoid grid", cf2, grid2, atol=QUADRATURE)
    return j.evidence(note="1-D: log-shifted quad; 2-D: two random mixture pairs (2 vs 3 "
                      "components) by trapezoid on [−9, 9]²")


@claim("fairness.kde.identity_matches_quadrature", where="our derivation (the paper's formulas not seen)",
       statement="The Gram estimator with width h = √2σ equals exactly the CS divergence of the "
       "two Gaussian KDEs (1-D m = 30, n = 25, σ = 0.4 by quad; 2-D by a grid), and the Gram "
       "form of I_CS equals D_A(joint KDE, product of marginals) for 3 groups.",
       evidence=("independent",),
       source=("ours", _DERIV),
       setting="exact")
def _kde_identity(seed: int = 0):
    rng = np.random.default_rng(seed)
    x, y, sigma = rng.normal(0, 1, 30), rng.normal(1, 1.5, 25), 0.4
    est = cs_divergence_kde(x, y, sigma)

    def log_kde(pts):
        c = -0.5 * np.log(2 * np.pi) - np.log(sigma * pts.size)

        def f(t):
            out = np.logaddexp.reduce(c - 0.5 * (np.subtract.outer(np.atleast_1d(t), pts)
                                                 / sigma) ** 2, axis=-1)
            return out if np.ndim(t) else float(out[0])

        return f

    qd = _cs_by_quadrature_1d(log_kde(x), log_kde(y), -12.0, 14.0)
    # 2-D
    x2, y2, s2 = rng.normal(0, 1, (12, 2)), rng.normal(0.7, 1.2, (10, 2)), 0.5
    axis, pts = _grid(2, 9.0, 0.1)

    def kde2(c):
        return lambda p: stats.norm.pdf((p[:, None, :] - c[None]) / s2).prod(-1).mean(1) / s2**2

    grid2 = _cs_by_grid(kde2(x2), kde2(y2), axis, pts, 2)
    est2 = cs_divergence_kde(x2, y2, s2)
    # CS-QMI: joint density over (ŷ, s) with counting measure on s
    yh = rng.normal(0, 1, 40) + np.repeat([0.0, 0.5, 1.5], [15, 13, 12])
    s = np.repeat([0, 1, 2], [15, 13, 12])
    qmi = cs_mutual_information(yh, s, sigma)
    lo, hi = -10.0, 12.0
    pi = np.array([15, 13, 12]) / 40
    lk = [log_kde(yh[s == g]) for g in range(3)]
    lpool = log_kde(yh)

    def lse(a):
        return np.logaddexp.reduce(np.asarray(a))

    log_jj = lse([2 * np.log(pi[g]) + _log_quad(lambda t, g=g: 2 * lk[g](t), lo, hi)
                  for g in range(3)])
    log_pp = np.log((pi**2).sum()) + _log_quad(lambda t: 2 * lpool(t), lo, hi)
    log_jp = lse([2 * np.log(pi[g]) + _log_quad(lambda t, g=g: lk[g](t) + lpool(t), lo, hi)
                  for g in range(3)])
    qmi_q = log_jj + log_pp - 2 * log_jp
    j = Judge()
    j.close("Gram 1-D vs quad of the KDEs", est, qd, atol=QUADRATURE)
    j.close("Gram 2-D vs grid of the KDEs", est2, grid2, atol=QUADRATURE)
    j.close("I_CS Gram vs quad", qmi, qmi_q, atol=QUADRATURE)
    return j.evidence(note="KDEs integrated numerically (no √2σ identity used on that side)")


@claim("fairness.kde.estimator_properties", where="our derivation (the paper's formulas not seen)",
       statement="The estimator is ≥ 0, zero on identical samples, symmetric, invariant to a "
       "joint translation and to a joint scaling of (x, y, σ), but not scale invariant at fixed σ.",
       evidence=("sanity",),
       source=("ours", _DERIV),
       setting="exact")
def _kde_props(seed: int = 0):
    rng = np.random.default_rng(seed)
    vals, sym, trans, scale, self_ = [], 0.0, 0.0, 0.0, 0.0
    for d in (1, 2, 3):
        for _ in range(5):
            m, n = rng.integers(5, 60, 2)
            x, y = rng.normal(0, 1, (m, d)), rng.normal(rng.uniform(-2, 2), 1.5, (n, d))
            sig, c, t = rng.uniform(0.1, 2), rng.uniform(0.1, 10), rng.normal(0, 5, d)
            dxy = cs_divergence_kde(x, y, sig)
            vals.append(dxy)
            sym = max(sym, abs(dxy - cs_divergence_kde(y, x, sig)))
            trans = max(trans, abs(dxy - cs_divergence_kde(x + t, y + t, sig)))
            scale = max(scale, abs(dxy - cs_divergence_kde(c * x, c * y, c * sig)) / dxy)
            self_ = max(self_, abs(cs_divergence_kde(x, x, sig)))
    x, y = rng.normal(0, 1, 200), rng.normal(1, 1.5, 200)
    fixed = [cs_divergence_kde(c * x, c * y, 0.5) for c in (0.1, 1.0, 10.0)]
    j = Judge()
    j.ge("min D̂ ≥ 0", min(vals), 0.0, atol=1e-12)
    j.le("max |D̂(x,y) − D̂(y,x)|", sym, 0.0, atol=1e-12)
    j.le("max change under a joint translation", trans, 0.0, atol=1e-10)
    j.le("max relative change under a joint scaling of (x, y, σ)", scale, 0.0, atol=1e-10)
    j.le("max |D̂(x,x)|", self_, 0.0, atol=1e-12)
    j.fact("fixed σ: D̂ changes with the scale c (spread > 0.1)", max(fixed) - min(fixed) > 0.1)
    return j.evidence(note="45 random sample pairs in d = 1..3. Sanity: symmetry, translation "
                      "and joint-scaling invariance and D̂(x,x) = 0 hold by construction of the "
                      "Gram form; kept as a software test.")


@claim("fairness.kde.consistency_smoothed_closed_form", where="our derivation (the paper's formulas not seen)",
       statement="For x ~ N(0,1), y ~ N(1,1.5²), σ = 0.5 the estimator converges to the smoothed "
       "closed form D_A(N(0,1.25), N(1,2.5)) = 0.3255582 (not to the unsmoothed 0.3877350), with "
       "an O(1/n) upward bias whose diagonal part n·(D̂_V − D̂_U) → Σ(1/ρ − 1), ρ = E κ_h(X,X').",
       evidence=("observation",),
       source=("ours", _DERIV),
       setting="exact")
def _kde_consistency(seed: int = 0, quick: bool = False):
    rng = np.random.default_rng(seed)
    sigma = 0.5
    h = np.sqrt(2) * sigma
    target = cs_divergence_gaussian(0, 1 + sigma**2, 1, 2.25 + sigma**2)
    raw = cs_divergence_gaussian(0, 1, 1, 2.25)
    stats_by_n, diag = {}, {}
    for n, reps in ((100, 60), (400, 30), (1600, 20)):
        est, dv_du = [], []
        for _ in range(reps):
            x, y = rng.normal(0, 1, n), rng.normal(1, 1.5, n)
            dv = cs_divergence_kde(x, y, sigma)
            est.append(dv)
            if n == 1600:
                kx = np.exp(-np.subtract.outer(x, x) ** 2 / (2 * h * h))
                ky = np.exp(-np.subtract.outer(y, y) ** 2 / (2 * h * h))
                # U-statistic: drop the diagonal of the within-group Grams
                du = (np.log((kx.sum() - n) / (n * (n - 1))) + np.log((ky.sum() - n) / (n * (n - 1)))
                      - 2 * np.log(np.exp(-np.subtract.outer(x, y) ** 2 / (2 * h * h)).mean()))
                dv_du.append(n * (dv - du))
        est = np.asarray(est)
        stats_by_n[n] = (est.mean() - target, stats.sem(est))
        if dv_du:
            diag[n] = float(np.mean(dv_du))
    rho_x, rho_y = h / np.sqrt(h**2 + 2 * 1.0), h / np.sqrt(h**2 + 2 * 2.25)
    diag_pred = (1 / rho_x - 1) + (1 / rho_y - 1)
    bias1600, se1600 = stats_by_n[1600]
    j = Judge()
    mean1600 = target + bias1600
    j.close("mean D̂ at n = 1600 vs smoothed closed form (4 SE + 0.01)", mean1600, target,
            atol=4 * se1600 + 0.01)
    j.fact("|bias| at n = 100 exceeds |bias| at n = 1600",
           abs(stats_by_n[100][0]) > abs(bias1600))
    j.ge("bias at n = 100 vs 2 SE (positive bias)", stats_by_n[100][0], 2 * stats_by_n[100][1])
    j.close("n·(D̂_V − D̂_U) at n = 1600 vs Σ(1/ρ − 1) (5 %)", diag[1600], diag_pred, rtol=0.05)
    j.fact("the unsmoothed D_A is outside the n = 1600 interval",
           abs(mean1600 - raw) > 4 * se1600 + 0.01)
    return j.evidence(note=f"Monte Carlo (observation): bias n=100 {stats_by_n[100][0]:.4f} ± "
                      f"{stats_by_n[100][1]:.4f}, n=1600 {bias1600:.4f} ± {se1600:.4f}; the "
                      f"diagonal part {diag[1600]:.4f} vs {diag_pred:.4f} "
                      f"({100 * abs(diag[1600] / diag_pred - 1):.2f} % off). Slack: the "
                      "tolerances are 4 SE + 0.01 and 5 %, so the check cannot reject a target "
                      "1 % off; it separates the smoothed from the unsmoothed limit (0.3256 vs "
                      "0.3877).")


@claim("fairness.mmd.closed_form_matches_quadrature", where="our derivation (the paper's formulas not seen)",
       statement="MMD² between Gaussians for k = exp(−‖x−y‖²/(2h²)) has the closed form "
       "E k(X,X') + E k(Y,Y') − 2E k(X,Y) with E k = |I+(S_X+S_Y)/h²|^{-1/2}exp(−½Δᵀ(h²I+S_X+S_Y)⁻¹Δ); "
       "it matches a 2-D quadrature, a Monte Carlo V-statistic, and our worked 0.14129 for "
       "N(0,1) vs N(1,1.5²), h = 1.", evidence=("independent",),
       source=("ours", _DERIV),
       setting="exact")
def _mmd(seed: int = 0):
    cfs, grids = [], []
    axis = np.arange(-25, 25.0001, 0.05)
    for (m1, v1, m2, v2, h) in ((0.0, 1.0, 1.0, 2.25, 1.0), (0.3, 0.5, -1.0, 2.0, 0.7),
                                (0.0, 4.0, 2.0, 1.0, 3.0)):
        X, Y = np.meshgrid(axis, axis, indexing="ij")
        k = np.exp(-(X - Y) ** 2 / (2 * h * h))
        p, q = stats.norm(m1, np.sqrt(v1)).pdf(axis), stats.norm(m2, np.sqrt(v2)).pdf(axis)
        diff = p - q
        grid = float(integrate.trapezoid(integrate.trapezoid(k * diff[None, :], axis, axis=1)
                                         * diff, axis))
        cfs.append(mmd2_gaussian(m1, v1, m2, v2, h))
        grids.append(grid)
    cf = mmd2_gaussian(0, 1, 1, 2.25, 1.0)
    rng = np.random.default_rng(seed)
    vstats = []
    for _ in range(10):
        x, y = rng.normal(0, 1, 800), rng.normal(1, 1.5, 800)
        kxx = np.exp(-np.subtract.outer(x, x) ** 2 / 2)
        kyy = np.exp(-np.subtract.outer(y, y) ** 2 / 2)
        kxy = np.exp(-np.subtract.outer(x, y) ** 2 / 2)
        n = x.size  # unbiased U-statistic: drop the diagonals
        vstats.append((kxx.sum() - n) / (n * (n - 1)) + (kyy.sum() - n) / (n * (n - 1))
                      - 2 * kxy.mean())
    mc, se = float(np.mean(vstats)), float(stats.sem(vstats))
    j = Judge()
    j.close("closed form vs double trapezoid, 3 pairs", cfs, grids, atol=QUADRATURE)
    j.close("N(0,1) vs N(1,1.5²), h = 1 vs our worked 0.14129", cf, 0.14129, atol=5e-6)
    j.close("closed form vs Monte Carlo U-statistic (4 SE)", cf, mc, atol=4 * se)
    return j.evidence(note="double trapezoid on [−25, 25]² with step 0.05 for 3 Gaussian "
                    "pairs; 10 × 800-sample U-statistics (within 4 SE). Our earlier "
                    "spot value '0.13185 vs 0.13170' records no pair and is not used")


@claim("fairness.gauss.symbolic_closed_form_1d", where="our derivation (the paper's formulas not seen)",
       statement="sympy derives the 1-D closed form from the three integrals exactly, "
       "D_A = Δ²/(s1²+s2²) + log((s1²+s2²)/(2s1s2)), and at equal variance D_A = Δ²/(2s²) = KL.",
       evidence=("proof", "independent"),
       source=("ours", _DERIV),
       setting="exact")
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
    j = Judge()
    j.fact("sympy: simplify(derived − stated) = 0", diff == 0)
    j.fact("sympy: equal variance gives Δ²/(2s²) and KL = Δ²/(2s²)", eq_var == 0 and kl_diff == 0)
    # the sympy integrals, evaluated in high precision, against the numpy closed form; the
    # precision is set here, not inherited, so the rounded floats do not depend on the process
    import mpmath

    f = sp.lambdify((delta, s1, s2), derived, "mpmath")
    pts = [(0.7, 0.3, 1.9), (-2.0, 1.0, 1.0), (3.0, 0.1, 2.5)]
    with mpmath.workdps(40):
        derived_values = [float(f(*p)) for p in pts]
    j.close("sympy-derived D_A (mpmath) vs numpy closed form at 3 points", derived_values,
            [cs_divergence_gaussian(0, b * b, a, c * c) for a, b, c in pts], rtol=EXACT)
    return j.evidence(note="sympy.integrate over the real line, exact; the derived expression "
                      "evaluated by mpmath against the numpy closed form")
