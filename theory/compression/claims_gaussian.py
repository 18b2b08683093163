"""Registered claims of the compression paper: Gaussian sources (Thm 4, 6, 7), the W2 DRPC,
the Gaussian RDC, sanity limits and structural properties.

Independent computations: a direct search over jointly Gaussian reconstructions (Thm 6) with
I(X;Y) and h(S|Y) from 3x3 log-determinants (``numerics.compression.gaussian``), SLSQP polishing
for the DRPC with W2 from POT's Bures-Wasserstein distance, scipy quadrature for the KL budget.
"""

from __future__ import annotations

import math

import numpy as np

from theory.claims import Evidence, claim
from theory.compression._bernoulli import (
    bernoulli_asymptotic_dr,
    bernoulli_drc,
    bernoulli_rate_only_oneshot,
    binary_entropy,
    label_entropy,
)
from theory.compression._gaussian import (
    gaussian_cb,
    gaussian_drc,
    gaussian_drpc,
    gaussian_entropy,
    gaussian_rdc,
    rho_rate,
    sigma_kl,
)
from theory.tolerances import LP

INF = math.inf
A9 = {"mu_x": 0.0, "sigma_x": 1.0, "mu_y": 0.0, "sigma_y": 1.0, "sigma_s": 1.0, "theta1": 0.8}
MODEL = {"sigma_x": 1.0, "sigma_s": 1.0, "theta1": 0.8}
H_S = gaussian_entropy(1.0)
H_S_X = H_S + 0.5 * math.log2(1 - 0.8**2)
# SLSQP polishing of a 2-D grid (ftol 1e-14): agreement to ~1e-10 seen, 1e-7 is the LP budget
DRPC_TOL = LP


def _same(a, b, tol):
    if math.isinf(a) or math.isinf(b):
        return math.isinf(a) and math.isinf(b)
    return abs(a - b) <= tol


def _search(R, C, **kw):
    from theory.compression._reference_gaussian import gaussian_drc_search

    return gaussian_drc_search(R, C, **kw)


def _psearch(R, P, C, perception="kl", **kw):
    from theory.compression._reference_gaussian import gaussian_drpc_search

    return gaussian_drpc_search(R, P, C, perception=perception, **(kw or MODEL))


def _random_model(rng):
    sx, sy, ss = rng.uniform(0.3, 2.0, 3)
    theta = rng.uniform(-0.95, 0.95) * sx * ss
    return {
        "mu_x": rng.normal(),
        "sigma_x": sx,
        "mu_y": rng.normal(),
        "sigma_y": sy,
        "sigma_s": ss,
        "theta1": theta,
    }


@claim(
    "compression.thm4.regime_ii_matches_search",
    where="Thm 4(ii)",
    statement="For C > C_b(R) the asymptotic Gaussian DRC is (μ_X−μ_Y)² + σ_X² + σ_Y² − "
    "2σ_Xσ_Y√(1−2^{−2R}).",
    expected="verified",
)
def _thm4_ii(seed: int = 0):
    rng = np.random.default_rng(seed)
    meas = {f"R={R}": gaussian_drc(R, 9.0, **A9, as_stated=True) for R in (0.5, 1.0, 2.0)}
    cbs = {f"C_b({R})": gaussian_cb(R, **MODEL) for R in (0.5, 1.0, 2.0)}
    ref = {
        "R=0.5": 0.58578644,
        "R=1.0": 0.26794919,
        "R=2.0": 0.06350833,
        "C_b(0.5)": 1.768899,
        "C_b(1.0)": 1.575387,
        "C_b(2.0)": 1.386132,
    }
    worst = max(abs(meas[f"R={R}"] - _search(R, 9.0, **A9)) for R in (0.5, 1.0, 2.0))
    for _ in range(25):
        m = _random_model(rng)
        R = rng.uniform(0, 4)
        C = gaussian_cb(
            R, sigma_x=m["sigma_x"], sigma_s=m["sigma_s"], theta1=m["theta1"]
        ) + rng.uniform(1e-6, 1)
        if R > gaussian_entropy(m["sigma_x"]) and C > gaussian_entropy(m["sigma_s"]):
            continue  # regime (iii) takes precedence there
        worst = max(worst, abs(gaussian_drc(R, C, **m, as_stated=True) - _search(R, C, **m)))
    got = {**meas, **cbs}
    ok = worst <= LP and all(abs(got[k] - ref[k]) <= 1e-6 for k in ref)
    return Evidence(
        ok,
        {**got, "max |(ii) − search|": worst},
        ref,
        LP,
        "A9 (μ=0, σ_X=σ_Y=σ_S=1, θ1=.8; h(S)=2.047096, h(S|X)=1.310130) and 25 "
        "random models; search over ρ with log-det entropies, bisection-refined.",
    )


@claim(
    "compression.thm4.regime_i_infeasible",
    where="Thm 4(i)",
    statement="For h(S|X) ≤ C ≤ C_b(R) the Gaussian DRC is (μ_X−μ_Y)²+σ_X²+σ_Y² − "
    "2(σ_Sσ_X²σ_Y/θ1)√(1−e^{−2h(S)+2C}).",
    expected="refuted",
    corrected_by=(
        "compression.thm4.corrected_drc_matches_search",
        "compression.thm4.regime_i_is_rate_only_at_rc",
    ),
)
def _thm4_i():
    R = 0.5
    C = 0.5 * (H_S_X + gaussian_cb(R, **MODEL))
    stated = gaussian_drc(R, C, **A9, as_stated=True)
    loose = gaussian_drc(R, 9.0, **A9, as_stated=True)
    found = _search(R, C, **A9)
    return Evidence(
        _same(stated, found, LP),
        {"Thm 4(i) at C": stated, "C (bits)": C, "Thm 4 with C loose": loose},
        {"search over jointly Gaussian Y": found},
        LP,
        "Counterexample A9 model, R=.5, C=1.539514 (midpoint of [h(S|X), C_b(.5)]): "
        "(i) gives a finite value below the unconstrained 0.585786, but h(S|Y) ≤ C "
        "needs ρ ≥ ρ_C = 0.888492 > ρ_R = 0.707107: infeasible (inf); (i) gives 0.003665.",
    )


@claim(
    "compression.thm4.regime_i_is_rate_only_at_rc",
    where="Thm 4(i), reinterpreted",
    statement="With the base-2 exponent, Thm 4(i) equals the rate-only Gaussian DRC at the "
    "rate R_C = −½log2(1−ρ_C²) the classification bound needs.",
    expected="corrected",
)
def _thm4_i_rc(seed: int = 0):
    rng = np.random.default_rng(seed)
    worst = 0.0
    for _ in range(20):
        m = _random_model(rng)
        m["theta1"] = abs(m["theta1"])
        ss, sx, th = m["sigma_s"], m["sigma_x"], m["theta1"]
        h_s = gaussian_entropy(ss)
        C = rng.uniform(h_s + 0.5 * math.log2(1 - th**2 / (ss * sx) ** 2), h_s)
        rho_c = ss * sx / th * math.sqrt(1 - 2 ** (2 * (C - h_s)))
        base2 = (
            (m["mu_x"] - m["mu_y"]) ** 2
            + sx**2
            + m["sigma_y"] ** 2
            - 2 * (ss * sx**2 * m["sigma_y"] / th) * math.sqrt(1 - 2 ** (-2 * h_s + 2 * C))
        )
        rc = -0.5 * math.log2(1 - rho_c**2)
        worst = max(worst, abs(base2 - _search(rc, INF, **m)))
    return Evidence(
        worst <= 1e-6,
        {"max |(i) base 2 − search at R_C|": worst},
        0.0,
        1e-6,
        "20 random models (θ1 > 0), C in [h(S|X), h(S)]. Tolerance 1e-6: ρ_C is "
        "near 1 for C near h(S|X), where D'(ρ)·ΔR amplifies the rate's rounding.",
    )


@claim(
    "compression.thm4.corrected_drc_matches_search",
    where="Thm 4, corrected",
    statement="The corrected Gaussian DRC is the rate-only value where C ≥ C_b(R) and inf "
    "elsewhere (also θ1 = 0: feasible iff C ≥ h(S)); it equals the direct search.",
    expected="corrected",
)
def _thm4_corrected(seed: int = 0):
    rng = np.random.default_rng(seed)
    bad, worst, n_inf = 0, 0.0, 0
    for i in range(40):
        m = _random_model(rng)
        if i % 10 == 0:
            m["theta1"] = 0.0
        h_s = gaussian_entropy(m["sigma_s"])
        R, C = rng.uniform(0, 4), rng.uniform(h_s - 1.5, h_s + 0.2)
        a, b = gaussian_drc(R, C, **m), _search(R, C, **m)
        n_inf += math.isinf(b)
        if not _same(a, b, LP):
            bad += 1
        elif math.isfinite(a):
            worst = max(worst, abs(a - b))
    return Evidence(
        bad == 0,
        {"mismatches": bad, "max |closed − search|": worst, "infeasible points": n_inf},
        {"mismatches": 0},
        LP,
        "40 random models (every 10th with θ1 = 0), R in [0,4], C in [h(S)−1.5, h(S)+.2] bits.",
    )


@claim(
    "compression.thm4.base_mismatch",
    where="Thm 4(i) vs Thm 7 (units)",
    statement="Thm 4(i), written with e^{−2h(S)+2C}, is in the same units as its regime "
    "condition C ≤ C_b(R) (bits, 2^{−2R}), so (i) and (ii) meet at C = C_b(R).",
    expected="refuted",
    corrected_by="compression.thm4.regime_i_base2_meets_ii",
)
def _base():
    R = 1.0
    cb = gaussian_cb(R, **MODEL)
    at_i = gaussian_drc(R, cb, **A9, as_stated=True)
    ii = gaussian_drc(R, 9.0, **A9, as_stated=True)
    return Evidence(
        abs(at_i - ii) <= LP,
        {"Thm 4(i) at C=C_b(1)": at_i, "C_b(1)": cb},
        {"Thm 4(ii) at R=1": ii},
        LP,
        "A9 model, R=1: the base-e (i) at its own boundary differs from (ii); the "
        "base-2 exponent used by Thm 7 (and the bits of 2^{−2R}) makes them meet.",
    )


@claim(
    "compression.thm4.regime_i_base2_meets_ii",
    where="Thm 4 / Thm 7, base 2",
    statement="With 2^{−2h(S)+2C} (bits), ρ_C(C_b(R)) = ρ_R exactly, so the stated case "
    "boundaries of Thm 4 and Thm 7 cases (1)/(3), (2)/(4) are continuous.",
    expected="corrected",
)
def _base2():
    import sympy as sp

    R, sx, ss, th = sp.symbols("R sigma_x sigma_s theta_1", positive=True)
    hs = sp.Symbol("h_S", real=True)
    cb = sp.log(1 - th**2 * (1 - 2 ** (-2 * R)) / (ss**2 * sx**2), 2) / 2 + hs
    rho_c2 = (ss * sx / th) ** 2 * (1 - 2 ** (-2 * hs + 2 * cb))
    sym = sp.simplify(sp.expand_log(rho_c2 - (1 - 2 ** (-2 * R)), force=True)) == 0
    num = gaussian_drc(1.0, gaussian_cb(1.0, **MODEL) - 1e-12, **A9)
    return Evidence(
        bool(sym),
        {"sympy ρ_C(C_b)² − ρ_R² == 0": bool(sym), "corrected D just inside C_b(1)": num},
        {"Thm 4(ii) at R=1": 0.26794919},
        1e-8,
        "sympy simplification.",
    )


@claim(
    "compression.thm4.zero_distortion_case",
    where="Thm 4(iii), Thm 7 case (5)",
    statement="If C > h(S) and R > h(X) the Gaussian DRC (and the DRPC) is 0.",
    expected="refuted",
    corrected_by=("compression.thm4.corrected_drc_matches_search",
                  "compression.thm7.corrected_drpc_matches_search"),
)
def _zero():
    R = gaussian_entropy(1.0) + 0.05
    stated, drpc = (
        gaussian_drc(R, 9.0, **A9, as_stated=True),
        gaussian_drpc(R, 0.0, 9.0, **MODEL, as_stated=True),
    )
    found, pfound = _search(R, 9.0, **A9), _psearch(R, 0.0, 9.0)
    return Evidence(
        _same(stated, found, LP) and _same(drpc, pfound, DRPC_TOL),
        {"Thm 4(iii)": stated, "Thm 7 case (5), P=0": drpc, "R (bits)": R},
        {"search DRC": found, "search DRPC": pfound},
        LP,
        "A9 model, R = h(X)+.05 = 2.097 bits, C loose: the true value is "
        "2σ²(1−√(1−2^{−2R})) = 0.055396 > 0; zero MSE needs infinite rate, and "
        "h(X) (a differential entropy) is no rate threshold.",
    )


@claim(
    "compression.limits.gaussian_drc",
    where="§4 limits (Gaussian DRC)",
    statement="Gaussian DRC: R=0 gives D_ind; R→∞ the W2² floor; σ_Y=σ_X gives "
    "2σ_X²(1−ρ_R); min over σ_Y is σ_X²2^{−2R} at σ_Y=σ_Xρ_R; C_b(0)=h(S), C_b(∞)=h(S|X).",
    expected="verified",
)
def _glimits(seed: int = 0):
    from scipy.optimize import minimize_scalar

    from theory.compression._reference_gaussian import gaussian_quantities

    rng = np.random.default_rng(seed)
    worst = 0.0
    for _ in range(8):
        m = _random_model(rng)
        sx, sy, dm = m["sigma_x"], m["sigma_y"], (m["mu_x"] - m["mu_y"]) ** 2
        worst = max(
            worst,
            abs(_search(0.0, INF, **m) - (dm + sx**2 + sy**2)),
            abs(_search(40.0, INF, **m) - (dm + (sx - sy) ** 2)),
        )
        R = rng.uniform(0.1, 3)
        pr = dict(m, mu_y=m["mu_x"], sigma_y=sx)
        worst = max(worst, abs(_search(R, INF, **pr) - 2 * sx**2 * (1 - rho_rate(R))))
        res = minimize_scalar(
            lambda s, R=R, m=m: _search(R, INF, **dict(m, mu_y=m["mu_x"], sigma_y=s)),
            bounds=(1e-3, 2 * sx),
            method="bounded",
            options={"xatol": 1e-9},
        )
        worst = max(
            worst, abs(res.fun - sx**2 * 2 ** (-2 * R)), abs(res.x - sx * rho_rate(R)) * 1e-3
        )
        kw = {"sigma_x": sx, "sigma_s": m["sigma_s"], "theta1": m["theta1"]}
        _, dh1 = gaussian_quantities(np.array(1 - 1e-15), sigma_y=sy, **kw)
        worst = max(
            worst,
            abs(gaussian_cb(0.0, **kw) - gaussian_entropy(m["sigma_s"])),
            abs(gaussian_cb(INF, **kw) - gaussian_entropy(m["sigma_s"]) - float(dh1)),
        )
    return Evidence(
        worst <= 1e-6,
        {"max deviation": worst},
        0.0,
        1e-6,
        "8 random models; search at R=0 and R=40 bits, σ_Y optimised by bounded "
        "Brent (xatol 1e-9, so 1e-6 on D); C_b(∞) vs log-det h(S|Y) at ρ→1.",
    )


@claim(
    "compression.thm7.kl_drpc_matches_search",
    where="Thm 7 cases (1)-(2)",
    statement="For C > C_b(R) the KL DRPC is σ_X²2^{−2R} if σ(P) ≤ σ_Xρ_R and "
    "σ_X² + σ(P)² − 2σ_Xσ(P)ρ_R otherwise.",
    expected="verified",
)
def _thm7():
    pts = {
        (0.5, 0.0): 0.58578644,
        (0.5, 0.01): 0.53787563,
        (0.5, 0.05): 0.50612621,
        (0.5, 0.1): 0.5,
        (1.0, 0.01): 0.25127435,
        (1.0, 0.05): 0.25,
    }
    meas = {f"R={R},P={P}": gaussian_drpc(R, P, 9.0, **MODEL, as_stated=True) for R, P in pts}
    worst = max(abs(meas[f"R={R},P={P}"] - _psearch(R, P, 9.0)) for R, P in pts)
    refs = {f"R={R},P={P}": v for (R, P), v in pts.items()}
    ok = worst <= DRPC_TOL and all(abs(meas[k] - refs[k]) <= 1e-8 for k in refs)
    return Evidence(
        ok,
        {**meas, "max |Thm 7 − search|": worst, "σ(.01)": sigma_kl(0.01, 1.0)},
        {**refs, "σ(.01)": 0.901723},
        DRPC_TOL,
        "A10: σ_X=1, P in nats; 2-D (ρ, σ_Y) grid + SLSQP, KL by trace/log-det.",
    )


@claim(
    "compression.thm7.cases34_infeasible",
    where="Thm 7 cases (3)-(4)",
    statement="For h(S|X) ≤ C ≤ C_b(R) the KL DRPC is σ_X²(1−ρ_C²) or σ_X² + σ(P)² − 2σ_Xσ(P)ρ_C.",
    expected="refuted",
    corrected_by="compression.thm7.corrected_drpc_matches_search",
)
def _thm7_34():
    R, P = 0.5, 0.01
    C = 0.5 * (H_S_X + gaussian_cb(R, **MODEL))
    stated = gaussian_drpc(R, P, C, **MODEL, as_stated=True)
    found = _psearch(R, P, C)
    loose = gaussian_drpc(R, P, 9.0, **MODEL)
    return Evidence(
        _same(stated, found, DRPC_TOL),
        {"Thm 7 case (4) at C": stated, "C (bits)": C, "with C loose": loose},
        {"search": found},
        DRPC_TOL,
        "σ_X=σ_S=1, θ1=.8, R=.5, P=.01 nats, C=1.539514: case (4) gives 0.210757, "
        "below the C-loose 0.537876; no jointly Gaussian Y meets the bound: inf.",
    )


@claim(
    "compression.thm7.corrected_drpc_matches_search",
    where="Thm 7 / W2 DRPC, corrected",
    statement="The corrected DRPC (KL and W2) is σ_X² + ŝ² − 2σ_Xŝρ_R, ŝ = max(s(P), σ_Xρ_R), "
    "where C ≥ C_b(R), inf elsewhere; it equals the direct (ρ, σ_Y) search.",
    expected="corrected",
)
def _thm7_corr(seed: int = 0):
    rng = np.random.default_rng(seed)
    bad, worst = 0, 0.0
    for i in range(10):
        sx, ss = rng.uniform(0.5, 2, 2)
        kw = {"sigma_x": sx, "sigma_s": ss, "theta1": rng.uniform(-0.9, 0.9) * sx * ss}
        per = ("kl", "w2")[i % 2]
        R, P = rng.uniform(0, 2.5), rng.uniform(0, 0.3) * (sx**2 if per == "w2" else 1)
        C = gaussian_entropy(ss) + rng.uniform(-1.2, 0.1)
        a, b = gaussian_drpc(R, P, C, **kw, perception=per), _psearch(R, P, C, per, **kw)
        if not _same(a, b, DRPC_TOL):
            bad += 1
        elif math.isfinite(a):
            worst = max(worst, abs(a - b))
    return Evidence(
        bad == 0,
        {"mismatches": bad, "max |closed − search|": worst},
        {"mismatches": 0},
        DRPC_TOL,
        "10 random models, KL and W2 alternating.",
    )


@claim(
    "compression.drpc.w2_matches_search",
    where="Thm 6 + App. A.4 (derived)",
    statement="The W2 DRPC is Thm 7 with σ(P) replaced by σ_W(P) = max(σ_X−√P, 0); with C "
    "loose it is the Gaussian RDP formula of Zhang et al. 2021.",
    expected="verified",
)
def _w2():
    pts = {0.01: 0.53720779, 0.05: 0.50480061}
    meas = {f"P={P}": gaussian_drpc(0.5, P, 9.0, **MODEL, perception="w2") for P in pts}
    found = {f"P={P}": _psearch(0.5, P, 9.0, "w2") for P in pts}
    rho = rho_rate(0.5)
    zhang = {
        f"P={P}": (1 - math.sqrt(P)) ** 2 + 1 - 2 * (1 - math.sqrt(P)) * rho
        if math.sqrt(P) < 1 - rho
        else 2**-1.0
        for P in pts
    }
    ok = all(
        abs(meas[k] - found[k]) <= DRPC_TOL
        and abs(meas[k] - zhang[k]) <= 1e-12
        and abs(meas[k] - pts[float(k[2:])]) <= 1e-8
        for k in meas
    )
    return Evidence(
        ok,
        meas,
        {
            "search (POT Bures-W2 in the polish)": found,
            "A11": {f"P={k}": v for k, v in pts.items()},
        },
        DRPC_TOL,
        "A11: R=.5, σ_X=1, P in squared units of X.",
    )


@claim(
    "compression.thm7.sigma_kl_matches_quadrature",
    where="Thm 7, σ(P)",
    statement="σ(P), the root of ψ(σ) = ln(σ_X/σ) + (σ²−σ_X²)/(2σ_X²) = P, equals "
    "σ_X√(−W_0(−e^{−1−2P})) and ψ is KL(N(μ,σ²)‖N(μ,σ_X²)) in nats.",
    expected="verified",
)
def _sigma():
    from scipy.integrate import quad
    from scipy.optimize import brentq
    from scipy.stats import norm

    worst = 0.0
    for P in (1e-6, 0.01, 0.05, 0.3, 2.0):
        s = sigma_kl(P, 1.3)
        kl = quad(
            lambda x, s=s: (
                norm.pdf(x, scale=s) * (norm.logpdf(x, scale=s) - norm.logpdf(x, scale=1.3))
            ),
            -40 * s,
            40 * s,
            epsabs=1e-13,
            epsrel=1e-13,
            limit=200,
        )[0]
        root = brentq(
            lambda t, P=P: math.log(1.3 / t) + (t * t - 1.69) / (2 * 1.69) - P,
            1e-12,
            1.3,
            xtol=1e-15,
        )
        worst = max(worst, abs(kl - P), abs(root - s))
    return Evidence(
        worst <= 1e-8,
        {"max |KL(quad) − P|, |Lambert − brentq|": worst, "σ(.01), σ_X=1": sigma_kl(0.01, 1.0)},
        {"σ(.01)": 0.901723},
        1e-8,
        "scipy.integrate.quad at epsabs 1e-13.",
    )


@claim(
    "compression.limits.drpc_endpoints",
    where="§4 limits (DRPC)",
    statement="KL and W2 DRPC: P=0 gives 2σ_X²(1−ρ_R) (perfect realism); P→∞ gives σ_X²2^{−2R}.",
    expected="verified",
)
def _dlimits():
    worst = 0.0
    for per in ("kl", "w2"):
        for R in (0.3, 1.2):
            worst = max(
                worst,
                abs(_psearch(R, 0.0, 9.0, per) - 2 * (1 - rho_rate(R))),
                abs(_psearch(R, 50.0, 9.0, per) - 2 ** (-2 * R)),
                abs(gaussian_drpc(R, 0.0, 9.0, **MODEL, perception=per) - 2 * (1 - rho_rate(R))),
                abs(gaussian_drpc(R, 50.0, 9.0, **MODEL, perception=per) - 2 ** (-2 * R)),
            )
    return Evidence(
        worst <= DRPC_TOL,
        {"max deviation": worst},
        0.0,
        DRPC_TOL,
        "σ_X=1; search and closed form at P=0 and P=50.",
    )


@claim(
    "compression.rdc.gaussian_inverts_drc",
    where="App. A.3 (derived)",
    statement="gaussian_rdc(D, C) is the least rate at which the direct search reaches D "
    "under h(S|Y) ≤ C.",
    expected="corrected",
)
def _grdc(seed: int = 0):
    rng = np.random.default_rng(seed)
    bad = 0
    for _ in range(20):
        m = _random_model(rng)
        floor = (m["mu_x"] - m["mu_y"]) ** 2 + (m["sigma_x"] - m["sigma_y"]) ** 2
        D = floor + rng.uniform(0.01, 2) * m["sigma_x"] * m["sigma_y"]
        C = gaussian_entropy(m["sigma_s"]) + rng.uniform(-0.8, 0.1)
        R = gaussian_rdc(D, C, **m)
        if math.isinf(R):
            bad += _search(30.0, C, **m) <= D
            continue
        bad += not (
            _search(R + 1e-9, C, **m) <= D + 1e-7
            and (R < 1e-6 or not _search(R - 1e-6, C, **m) <= D)
        )
    return Evidence(
        bad == 0,
        {"violations": bad},
        {"violations": 0},
        LP,
        "20 random models; search at R(D,C) reaches D, at R−1e-6 it does not.",
    )


@claim(
    "compression.limits.structural",
    where="§4 (structure)",
    statement="The corrected DRC/DRPC are non-increasing in R, C, P and bounded below by the "
    "OT cost; the asymptotic binary D∞(R) is convex; the one-shot D(R) piecewise linear.",
    expected="verified",
)
def _structure(seed: int = 0):
    rng = np.random.default_rng(seed)
    viol = 0
    for _ in range(30):
        qx, qy, qs1 = rng.uniform(0, 0.5, 3)
        R1, R2 = np.sort(rng.uniform(0, 1.2, 2))
        C1, C2 = np.sort(rng.uniform(0, 1, 2))
        for cl in ("linear", "exact"):
            d11 = bernoulli_drc(R1, C1, qx, qy, qs1, classification=cl)
            viol += d11 < bernoulli_drc(R2, C1, qx, qy, qs1, classification=cl) - 1e-12
            viol += d11 < bernoulli_drc(R1, C2, qx, qy, qs1, classification=cl) - 1e-12
            viol += d11 < abs(qx - qy) - 1e-12
        m = _random_model(rng)
        g = gaussian_drc(R1, C1, **m)
        viol += g < gaussian_drc(R2, C1, **m) - 1e-12 or g < gaussian_drc(R1, C2, **m) - 1e-12
        viol += g < (m["mu_x"] - m["mu_y"]) ** 2 + (m["sigma_x"] - m["sigma_y"]) ** 2 - 1e-12
        P1, P2 = np.sort(rng.uniform(0, 1, 2))
        kw = {"sigma_x": m["sigma_x"], "sigma_s": m["sigma_s"], "theta1": m["theta1"]}
        for per in ("kl", "w2"):
            viol += (
                gaussian_drpc(R1, P1, C1 + 3, **kw, perception=per)
                < gaussian_drpc(R1, P2, C1 + 3, **kw, perception=per) - 1e-12
            )
        # convexity of D_inf(R) and piecewise linearity of the one-shot curve
        rs = np.linspace(0, 1, 41)
        da = np.array([bernoulli_asymptotic_dr(r, qx, qy) for r in rs])
        viol += np.min(np.diff(da, 2)) < -1e-10
        ds = np.array([bernoulli_rate_only_oneshot(r, qx, qy) for r in rs])
        viol += np.sum(np.abs(np.diff(ds, 2)) > 1e-12) > 2  # at most the knee bends it
    _ = (binary_entropy, label_entropy)
    return Evidence(
        viol == 0,
        {"violations": viol},
        {"violations": 0},
        1e-12,
        "30 random Bernoulli and Gaussian draws (hypothesis runs the same properties "
        "in the test suite).",
    )
