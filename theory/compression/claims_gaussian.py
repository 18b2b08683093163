"""Registered claims of the compression paper: Gaussian sources (Thm 4, 6, 7), the W2 DRPC,
the Gaussian RDC, limits and structural properties.

Independent computations (``theory/compression/_reference_gaussian.py``): a direct search over
jointly Gaussian reconstructions (Thm 6) with I(X;Y) and h(S|Y) from 3x3 log-determinants, and
for the DRPC a (ρ, σ_Y) grid with a bounded-Brent polish over σ_Y (W2 through POT's
Bures-Wasserstein distance, KL by the trace/log-det form); scipy quadrature for the KL budget,
the W2 of quantile functions and the h(S|Y) of quantised (non-Gaussian) reconstructions; cvxpy
for a discretised Gaussian problem. The infeasibility of the classification-bound cases holds for
every Y, not only Gaussian ones: ``compression.thm4.classification_bound_any_y`` proves it.

Reading: the paper's formulas were read through a public text extraction of the main text
(OpenReview mUIGdUTtk2) whose formulas were flattened; a formula rebuilt from it says so in its
claim's locator. The unit question of Thm 4 vs Thm 7 is shown under both readings.
"""

from __future__ import annotations

import functools
import math

import numpy as np

from theory.claims import Judge, claim
from theory.compression._bernoulli import (
    _a_reach,
    bernoulli_asymptotic_dr,
    bernoulli_cb,
    bernoulli_drc,
    binary_entropy,
)
from theory.compression._gaussian import (
    gaussian_cb,
    gaussian_drc,
    gaussian_drpc,
    gaussian_entropy,
    gaussian_rdc,
    rho_classification,
    rho_rate,
    sigma_kl,
    sigma_w2,
)
from theory.compression._reference_gaussian import (
    gaussian_drc_search,
    gaussian_drpc_search,
    gaussian_quantities,
)
from theory.compression._reference_lp import bernoulli_oneshot_lp
from theory.compression.claims import exact_branches, match
from theory.tolerances import LP, QUADRATURE

INF = math.inf
LN2 = math.log(2)
A9 = {"mu_x": 0.0, "sigma_x": 1.0, "mu_y": 0.0, "sigma_y": 1.0, "sigma_s": 1.0, "theta1": 0.8}
MODEL = {"sigma_x": 1.0, "sigma_s": 1.0, "theta1": 0.8}
H_S = gaussian_entropy(1.0)
H_S_X = H_S + 0.5 * math.log2(1 - 0.8**2)
# the DRPC search polishes σ_Y by bounded Brent (xatol 1e-12): agreement ~1e-10 seen
DRPC_TOL = LP
_PROOF = " For every Y, not only Gaussian: compression.thm4.classification_bound_any_y."


def _search(R, C, **kw):
    return _search_cached(R, C, tuple(sorted(kw.items())))


def _psearch(R, P, C, perception="kl", **kw):
    return _psearch_cached(R, P, C, perception, tuple(sorted((kw or MODEL).items())))


# several claims search the same points (A9, A10): solve each once per process
@functools.lru_cache(maxsize=512)
def _search_cached(R, C, kw):
    return gaussian_drc_search(R, C, **dict(kw))


@functools.lru_cache(maxsize=512)
def _psearch_cached(R, P, C, perception, kw):
    return gaussian_drpc_search(R, P, C, perception=perception, **dict(kw))


def _random_model(rng):
    sx, sy, ss = rng.uniform(0.3, 2.0, 3)
    theta = rng.uniform(-0.95, 0.95) * sx * ss
    return {"mu_x": rng.normal(), "sigma_x": sx, "mu_y": rng.normal(), "sigma_y": sy,
            "sigma_s": ss, "theta1": theta}


def _dist(rho, mu_x, sigma_x, mu_y, sigma_y, **_):
    return (mu_x - mu_y) ** 2 + sigma_x**2 + sigma_y**2 - 2 * rho * sigma_x * sigma_y


def stated_rho(C, *, units: str, base: str, sigma_x, sigma_s, theta1, **_):
    """ρ of Thm 4(i) (``base="e"``) or Thm 7 (3)/(4) (``base="2"``) with C and h(S) read in
    ``units`` ("bits": log2; "nats": ln): (σ_Sσ_X/θ1)·√(1 − b^{−2h(S)+2C}) (nan outside)."""
    h_s = gaussian_entropy(sigma_s) * (LN2 if units == "nats" else 1.0)
    b = math.e if base == "e" else 2.0
    arg = 1 - b ** (2 * (C - h_s))
    return sigma_s * sigma_x / theta1 * math.sqrt(arg) if arg >= 0 else math.nan


def stated_cb(R, *, units: str, sigma_x, sigma_s, theta1, **_):
    """C_b(R) of Thm 4/7 with its log and h(S) read in ``units`` (R in bits: 2^{−2R})."""
    cb_bits = gaussian_cb(R, sigma_x=sigma_x, sigma_s=sigma_s, theta1=theta1)
    return cb_bits * (LN2 if units == "nats" else 1.0)


@claim("compression.thm4.regime_ii_matches_search", where="Thm 4(ii)",
       statement="For C > C_b(R) the asymptotic Gaussian DRC is (μ_X−μ_Y)² + σ_X² + σ_Y² − "
       "2σ_Xσ_Y√(1−2^{−2R}).", expected="verified", evidence=("independent",),
       source=("printed",
               ("main text of OpenReview mUIGdUTtk2 (ICLR 2026 camera-ready), read as a public "
               "text extraction whose formulas were flattened, 'Gaussian case expressions', "
               "Thm 4, case (ii) for C > C_b(R); formula rebuilt from the flattened "
               "extraction (fraction bars and square roots restored by us)")),
       setting="exact")
def _thm4_ii(seed: int = 0):
    rng = np.random.default_rng(seed)
    j = Judge()
    for R, d, cb in ((0.5, 0.58578644, 1.768899), (1.0, 0.26794919, 1.575387),
                     (2.0, 0.06350833, 1.386132)):
        j.close(f"A9 R={R}: Thm 4(ii) vs our reference value", gaussian_drc(R, 9.0, **A9, as_stated=True), d,
                atol=1e-8)
        j.close(f"A9 C_b({R}) vs our reference value", gaussian_cb(R, **MODEL), cb, atol=1e-6)
    stated, found = [], []
    for R in (0.5, 1.0, 2.0):
        stated.append(gaussian_drc(R, 9.0, **A9, as_stated=True))
        found.append(_search(R, 9.0, **A9))
    while len(stated) < 15:
        m = _random_model(rng)
        R = rng.uniform(0, 4)
        C = gaussian_cb(R, sigma_x=m["sigma_x"], sigma_s=m["sigma_s"],
                        theta1=m["theta1"]) + rng.uniform(1e-6, 1)
        if R > gaussian_entropy(m["sigma_x"]) and C > gaussian_entropy(m["sigma_s"]):
            continue  # regime (iii) takes precedence there
        stated.append(gaussian_drc(R, C, **m, as_stated=True))
        found.append(_search(R, C, **m))
    j.close("Thm 4(ii) vs search over ρ (A9 + 12 random models)", stated, found, atol=LP)
    return j.evidence(note="A9 (μ=0, σ_X=σ_Y=σ_S=1, θ1=.8; h(S)=2.047096, h(S|X)=1.310130) and "
                      "12 random models; search over ρ with log-det entropies, "
                      "bisection-refined constraint boundaries.")


def _quantised_h_s_given_y(edges, *, sigma_x, sigma_s, theta1, n: int = 40001):
    """(H(Y) bits, h(S|Y) bits) for Y = index of the bin of X (a deterministic quantiser, a
    discrete and so non-Gaussian reconstruction), by quadrature over s.

    Given Y = k the density of S is φ_S(s)·P(X ∈ bin_k | S = s)/P(Y = k), with X | S = s Gaussian
    (mean θ1 s/σ_S², variance σ_X² − θ1²/σ_S²); h(S|Y=k) = −∫ f log2 f by the trapezoid rule.
    """
    from scipy.stats import norm

    s = np.linspace(-12 * sigma_s, 12 * sigma_s, n)
    m, tau = theta1 * s / sigma_s**2, math.sqrt(sigma_x**2 - theta1**2 / sigma_s**2)
    phi = norm.pdf(s, scale=sigma_s)
    e = np.concatenate([[-np.inf], np.asarray(edges, dtype=float), [np.inf]])
    p = np.diff(norm.cdf(e, scale=sigma_x))
    h = 0.0
    for k in range(len(p)):
        f = phi * (norm.cdf((e[k + 1] - m) / tau) - norm.cdf((e[k] - m) / tau)) / p[k]
        with np.errstate(divide="ignore", invalid="ignore"):
            integrand = np.where(f > 0, -f * np.log2(f), 0.0)
        h += p[k] * np.trapezoid(integrand, s)
    return float(-(p * np.log2(p)).sum()), float(h)


@claim("compression.thm4.classification_bound_any_y", where="Thm 4 / Thm 7 (regimes (i), (3)-(4))",
       statement="For jointly Gaussian (X, S) and *any* reconstruction Y with S − X − Y (any law, "
       "any block length, with time-sharing), h(S|Y) ≥ C_b(I(X;Y)) ≥ C_b(R) bits: the "
       "classification bound C < C_b(R) cannot be met at rate R, Gaussian Y or not.",
       expected="extension", evidence=("proof", "witness", "independent"),
       source=("ours",
               ("our extension: the classification bound of Thm 4/7 for every reconstruction "
               "law, with a proof in the check")),
       setting="exact")
def _bound_any_y():
    r"""Proof (Gaussian information bottleneck by the conditional entropy power inequality).

    Regress S on X: S = aX + N with a = θ1/σ_X², N ~ N(0, σ_N²), σ_N² = σ_S² − θ1²/σ_X², and N
    independent of X. S − X − Y means Y is produced from X (and randomness independent of S), so
    N is independent of (X, Y). Given Y, S = aX + N is a sum of conditionally independent terms,
    and the conditional EPI gives

    .. math:: 2^{2h(S|Y)} \ge a^2 2^{2h(X|Y)} + 2^{2h(N)}
              = 2\pi e\,(a^2\sigma_X^2 2^{-2I(X;Y)} + \sigma_N^2)
              = 2\pi e\,\sigma_S^2\Big(1 - \tfrac{\theta_1^2}{\sigma_S^2\sigma_X^2}
                (1 - 2^{-2I(X;Y)})\Big),

    using h(X|Y) = h(X) − I(X;Y). Hence h(S|Y) ≥ C_b(I(X;Y)), and C_b is decreasing in its
    argument, so I(X;Y) ≤ R gives h(S|Y) ≥ C_b(R). Blocks and time-sharing (Def 3): for a
    memoryless source S_i − X_i − Y_i holds per letter and Σ_i I(X_i;Y_i) ≤ I(X^n;Y^n) ≤ nR; with
    c = θ1²/(σ_S²σ_X²) and t = 2^{−2R}, C_b''(R) = 2 ln2 · c t (1−c)/(1−c+ct)² > 0, so by Jensen
    (1/n)Σ h(S_i|Y_i) ≥ (1/n)Σ C_b(I(X_i;Y_i)) ≥ C_b((1/n)Σ I(X_i;Y_i)) ≥ C_b(R). Equality holds
    for jointly Gaussian Y (the EPI is tight for Gaussians), which is the witness below.
    """
    import sympy as sp

    Rs, c = sp.symbols("R c", positive=True)
    t = 2 ** (-2 * Rs)
    cb = sp.log(1 - c * (1 - t), 2) / 2
    second = sp.diff(cb, Rs, 2)
    target = 2 * sp.log(2) * c * t * (1 - c) / (1 - c + c * t) ** 2
    j = Judge()
    j.fact("sympy: C_b''(R) = 2 ln2·c t(1−c)/(1−c+ct)² (> 0 for 0 < c < 1)",
           sp.simplify(second - target) == 0)
    # witness: jointly Gaussian Y attains the bound (log-det h(S|Y) vs C_b at I(X;Y))
    rhos = np.array([0.2, 0.5, 0.8, 0.95])
    mi, dh = gaussian_quantities(rhos, sigma_x=1.3, sigma_y=0.7, sigma_s=0.9, theta1=0.6)
    j.close("jointly Gaussian Y: h(S|Y) (log-det) vs C_b(I(X;Y))", gaussian_entropy(0.9) + dh,
            [gaussian_cb(r, sigma_x=1.3, sigma_s=0.9, theta1=0.6) for r in mi], atol=1e-12)
    # quantisers of X: discrete Y, rate H(Y) = I(X;Y); the bound holds with room to spare
    h_q, cb_q = [], []
    for edges in ([0.0], [-0.8, 0.0, 0.8], [-1.5, -0.4, 0.3, 1.1, 2.0], [0.7]):
        rate, h = _quantised_h_s_given_y(edges, sigma_x=1.3, sigma_s=0.9, theta1=0.6)
        h_q.append(h)
        cb_q.append(gaussian_cb(rate, sigma_x=1.3, sigma_s=0.9, theta1=0.6))
    j.ge("quantised (non-Gaussian) Y: h(S|Y) by quadrature vs C_b(H(Y))", h_q, cb_q, atol=1e-9)
    return j.evidence(note="σ_X=1.3, σ_S=.9, θ1=.6. Witness at four ρ (equality to 1e-12); four "
                      "deterministic quantisers (2-6 cells) stay above C_b at their rate "
                      f"(margins {[round(a - b, 4) for a, b in zip(h_q, cb_q)]} bits).")


@claim("compression.thm4.regime_i_infeasible", where="Thm 4(i)",
       statement="For h(S|X) ≤ C ≤ C_b(R) the Gaussian DRC is (μ_X−μ_Y)²+σ_X²+σ_Y² − "
       "2(σ_Sσ_X²σ_Y/θ1)√(1−e^{−2h(S)+2C}).", expected="refuted",
       corrected_by=("compression.thm4.corrected_drc_matches_search",
                     "compression.thm4.regime_i_is_rate_only_at_rc"),
       evidence=("search", "proof", "witness"),
       source=("printed",
               ("main text of OpenReview mUIGdUTtk2 (ICLR 2026 camera-ready), read as a public "
               "text extraction whose formulas were flattened, 'Gaussian case expressions', "
               "Thm 4, case (i) (with e^(−2h(S)+2C)) and its range from ½log(1 − "
               "θ1²/(σ_S²σ_X²)) + h(S) to C_b(R); formula rebuilt from the flattened "
               "extraction (fraction bars and square roots restored by us)")),
       setting="exact")
def _thm4_i():
    R = 0.5
    loose = gaussian_drc(R, 9.0, **A9, as_stated=True)
    j = Judge()
    vals = {}
    for units in ("bits", "nats"):
        scale = LN2 if units == "nats" else 1.0
        C = 0.5 * (H_S_X * scale + stated_cb(R, units=units, **MODEL))
        stated = _dist(stated_rho(C, units=units, base="e", **MODEL), **A9)
        vals[units] = stated
        j.close(f"{units}: Thm 4(i) vs search over jointly Gaussian Y", stated,
                _search(R, C / scale, **A9), atol=LP)
        j.ge(f"{units}: Thm 4(i) vs the C-loose value (a constraint cannot lower D)", stated,
             loose)
    return j.evidence(note="A9 model, R=.5, C at the midpoint of [h(S|X), C_b(.5)]: (i) gives "
                      f"{vals['bits']:.6f} (bits) / {vals['nats']:.6f} (nats), below the "
                      f"unconstrained {loose:.6f}; h(S|Y) ≤ C needs ρ ≥ ρ_C > ρ_R: infeasible "
                      "(inf)." + _PROOF)


@claim("compression.thm4.regime_i_is_rate_only_at_rc", where="Thm 4(i), reinterpreted",
       statement="With one base throughout (bits), Thm 4(i) equals the rate-only Gaussian DRC at "
       "the rate R_C = −½log2(1−ρ_C²) that the classification bound needs.",
       expected="corrected", evidence=("independent",),
       source=("ours",
               ("our reinterpretation of Thm 4 case (i) as the rate-only DRC at the rate the "
               "classification bound needs")),
       setting="exact")
def _thm4_i_rc(seed: int = 0):
    rng = np.random.default_rng(seed)
    stated, found = [], []
    for _ in range(12):
        m = _random_model(rng)
        m["theta1"] = abs(m["theta1"])
        ss, sx, th = m["sigma_s"], m["sigma_x"], m["theta1"]
        h_s = gaussian_entropy(ss)
        C = rng.uniform(h_s + 0.5 * math.log2(1 - th**2 / (ss * sx) ** 2), h_s)
        rho_c = stated_rho(C, units="bits", base="2", **m)
        stated.append(_dist(rho_c, **m))
        found.append(_search(-0.5 * math.log2(1 - rho_c**2), INF, **m))
    j = Judge()
    j.close("(i) in base 2 vs search at R_C (12 random models)", stated, found, atol=1e-6)
    return j.evidence(note="θ1 > 0, C in [h(S|X), h(S)]. Tolerance 1e-6: ρ_C is near 1 for C "
                      "near h(S|X), where D'(ρ)·ΔR amplifies the rate's rounding.")


@claim("compression.thm4.corrected_drc_matches_search", where="Thm 4, corrected",
       statement="The corrected Gaussian DRC is the rate-only value where C ≥ C_b(R) and inf "
       "elsewhere (also θ1 = 0: feasible iff C ≥ h(S)); it equals the direct search.",
       expected="corrected", evidence=("independent", "proof"),
       source=("ours",
               ("our corrected Gaussian DRC (rate-only value where C ≥ C_b(R), infeasible "
               "elsewhere), checked against a direct search")),
       setting="exact")
def _thm4_corrected(seed: int = 0):
    rng = np.random.default_rng(seed)
    closed, found = [], []
    for i in range(25):
        m = _random_model(rng)
        if i % 8 == 0:
            m["theta1"] = 0.0
        h_s = gaussian_entropy(m["sigma_s"])
        R, C = rng.uniform(0, 4), rng.uniform(h_s - 1.5, h_s + 0.2)
        closed.append(gaussian_drc(R, C, **m))
        found.append(_search(R, C, **m))
    j = Judge()
    match(j, "closed form vs search (25 models)", closed, found, atol=LP)
    return j.evidence(note=f"25 random models (every 8th with θ1 = 0), R in [0,4], C in "
                      f"[h(S)−1.5, h(S)+.2] bits; {int(np.isinf(found).sum())} infeasible, the "
                      "infeasible sets agree." + _PROOF)


@claim("compression.thm4.thm7_units_consistent", where="Thm 4(i) vs Thm 7 (3)-(4), units",
       statement="The printed classification cases of Thm 4(i) (with e^{−2h(S)+2C}) and Thm 7 "
       "cases (3)-(4) (with 2^{−2h(S)+2C}) are both right under one common reading of the units "
       "of C, h(S) and C_b: each meets its rate-only case at C = C_b(R), as the true DRC/DRPC "
       "does.",
       expected="refuted", corrected_by="compression.thm4.one_base_cases_meet",
       evidence=("independent", "witness"),
       source=("printed",
               ("OpenReview mUIGdUTtk2 (ICLR 2026 camera-ready), Thm 4(i) (1 − e^{−2h(S)+2C}) vs "
               "Thm 7 cases (3)-(4) (1 − 2^{−2h(S)+2C}), both with C_b(R) = ½log(1 − "
               "θ1²(1−2^{−2R})/(σ_S²σ_X²)) + h(S), read through a public text extraction whose "
               "formulas were flattened; the base of log and the units of C, h(S) are not "
               "printed, so both readings (bits, nats) are tried")),
       setting="exact")
def _units():
    R, P = 1.0, 0.01
    j = Judge()
    vals = {}
    for units in ("bits", "nats"):
        scale = LN2 if units == "nats" else 1.0
        cb = stated_cb(R, units=units, **MODEL)
        s = sigma_kl(P, 1.0)
        d4 = _dist(stated_rho(cb, units=units, base="e", **MODEL), **A9)
        r7 = stated_rho(cb, units=units, base="2", **MODEL)
        d7 = 1 + s**2 - 2 * s * r7 if s > r7 else 1 - r7**2
        vals[units] = (d4, d7)
        j.close(f"{units}: Thm 4(i) at C_b(1) vs search", d4, _search(R, cb / scale, **A9),
                atol=LP)
        j.close(f"{units}: Thm 7 case (4) at C_b(1), P=.01 vs search", d7,
                _psearch(R, P, cb / scale), atol=DRPC_TOL)
    return j.evidence(note="A9 model, R=1 bit, P=.01 nats; at C = C_b(1) the search gives "
                      "0.267949 (DRC) and 0.251274 (DRPC). Reading bits: Thm 4(i) gives "
                      f"{vals['bits'][0]:.6f} (fails), Thm 7 (4) {vals['bits'][1]:.6f} (meets). "
                      f"Reading nats: Thm 4(i) {vals['nats'][0]:.6f} (meets), Thm 7 (4) "
                      f"{vals['nats'][1]:.6f} (fails). Under every reading one of the two "
                      "theorems disagrees with the search: they are mutually inconsistent. "
                      "Regime (i)'s infeasibility stands under either reading.")


@claim("compression.thm4.one_base_cases_meet", where="Thm 4 / Thm 7, one base",
       statement="With one base throughout (bits: 2^x and log2; or nats: e^x and ln for C, h(S), "
       "C_b), ρ_C(C_b(R)) = ρ_R exactly, so the classification-bound cases of Thm 4 and Thm 7 "
       "meet their rate-only cases at C_b(R) and agree with the search there.",
       expected="corrected", evidence=("proof", "independent"),
       source=("ours",
               "our correction: Thm 4 and Thm 7 with one base of logarithms throughout"),
       setting="exact")
def _one_base():
    import sympy as sp

    R, sx, ss, th = sp.symbols("R sigma_x sigma_s theta_1", positive=True)
    hs = sp.Symbol("h_S", real=True)
    arg = 1 - th**2 * (1 - 2 ** (-2 * R)) / (ss**2 * sx**2)
    j = Judge()
    for name, cb, rho_c2 in (
            ("bits", sp.log(arg, 2) / 2 + hs, None), ("nats", sp.log(arg) / 2 + hs, None)):
        b = 2 if name == "bits" else sp.E
        rho_c2 = (ss * sx / th) ** 2 * (1 - b ** (-2 * hs + 2 * cb))
        j.fact(f"sympy ({name}): ρ_C(C_b(R))² − ρ_R² = 0",
               sp.simplify(sp.expand_log(rho_c2 - (1 - 2 ** (-2 * R)), force=True)) == 0)
    for units, base in (("bits", "2"), ("nats", "e")):
        scale = LN2 if units == "nats" else 1.0
        cb = stated_cb(1.0, units=units, **MODEL)
        j.close(f"{units}, base {base}: classification-bound case at C_b(1) vs search",
                _dist(stated_rho(cb, units=units, base=base, **MODEL), **A9),
                _search(1.0, cb / scale, **A9), atol=LP)
    return j.evidence(note="sympy in both bases; A9 model at R=1: 0.267949 either way.")


@claim("compression.thm4.zero_distortion_case", where="Thm 4(iii), Thm 7 case (5)",
       statement="If C > h(S) and R > h(X) the Gaussian DRC (and the DRPC) is 0.",
       expected="refuted",
       corrected_by=("compression.thm4.corrected_drc_matches_search",
                     "compression.thm7.corrected_drpc_matches_search"),
       evidence=("independent", "witness"),
       source=("printed",
               ("main text of OpenReview mUIGdUTtk2 (ICLR 2026 camera-ready), read as a public "
               "text extraction whose formulas were flattened, Thm 4, last case (0 for C > "
               "h(S) and R > h(X)), and Thm 7, last case (the same)")),
       setting="exact")
def _zero():
    R = gaussian_entropy(1.0) + 0.05
    j = Judge()
    j.close("Thm 4(iii) vs search", gaussian_drc(R, 9.0, **A9, as_stated=True),
            _search(R, 9.0, **A9), atol=LP)
    j.close("Thm 7 case (5), P=0 vs search", gaussian_drpc(R, 0.0, 9.0, **MODEL, as_stated=True),
            _psearch(R, 0.0, 9.0), atol=DRPC_TOL)
    return j.evidence(note="A9 model, R = h(X)+.05 = 2.097 bits, C loose: the true value is "
                      "2σ²(1−√(1−2^{−2R})) = 0.055396 > 0; zero MSE needs infinite rate, and "
                      "h(X) (a differential entropy) is no rate threshold.")


@claim("compression.limits.gaussian_drc", where="limits of Thm 4 (ours)",
       statement="Gaussian DRC: R=0 gives D_ind; R→∞ the W2² floor; σ_Y=σ_X, μ_Y=μ_X gives "
       "2σ_X²(1−ρ_R); min over σ_Y is σ_X²2^{−2R} at σ_Y=σ_Xρ_R; C_b(∞) = h(S|X).",
       expected="verified", evidence=("independent",),
       source=("ours",
               "our limits of the Gaussian DRC in R, σ_Y and C"),
       setting="exact")
def _glimits(seed: int = 0):
    from scipy.optimize import minimize_scalar

    rng = np.random.default_rng(seed)
    j = Judge()
    r0, ind, rinf, floor, pr, prc, mins, minc, arg, argc, cinf, hsx = ([] for _ in range(12))
    for _ in range(3):
        m = _random_model(rng)
        sx, sy, dm = m["sigma_x"], m["sigma_y"], (m["mu_x"] - m["mu_y"]) ** 2
        r0.append(_search(0.0, INF, **m))
        ind.append(dm + sx**2 + sy**2)
        rinf.append(_search(40.0, INF, **m))
        floor.append(dm + (sx - sy) ** 2)
        R = rng.uniform(0.1, 3)
        pr.append(_search(R, INF, **dict(m, mu_y=m["mu_x"], sigma_y=sx)))
        prc.append(2 * sx**2 * (1 - rho_rate(R)))
        res = minimize_scalar(lambda s, R=R, m=m: _search(R, INF, **dict(m, mu_y=m["mu_x"],
                                                                           sigma_y=s)),
                              bounds=(1e-3, 2 * sx), method="bounded", options={"xatol": 1e-9})
        mins.append(res.fun)
        minc.append(sx**2 * 2 ** (-2 * R))
        arg.append(res.x)
        argc.append(sx * rho_rate(R))
        kw = {"sigma_x": sx, "sigma_s": m["sigma_s"], "theta1": m["theta1"]}
        cinf.append(gaussian_cb(INF, **kw))
        hsx.append(gaussian_entropy(m["sigma_s"])
                   + float(gaussian_quantities(np.array(1 - 1e-15), sigma_y=sy, **kw)[1]))
    j.close("search at R=0 vs D_ind", r0, ind, atol=LP)
    j.close("search at R=40 bits vs W2² floor", rinf, floor, atol=1e-7)
    j.close("search, σ_Y=σ_X, μ_Y=μ_X vs 2σ_X²(1−ρ_R)", pr, prc, atol=LP)
    j.close("min over σ_Y of the search vs σ_X²2^{−2R}", mins, minc, atol=1e-9)
    # D is quadratic in σ_Y at the minimum: xatol 1e-9 on σ_Y, flatness leaves ~1e-6
    j.close("argmin σ_Y vs σ_Xρ_R", arg, argc, atol=1e-5)
    j.close("C_b(∞) vs log-det h(S|Y) at ρ → 1", cinf, hsx, atol=1e-6)
    return j.evidence(note="3 random models; search at R=0 and R=40 bits, σ_Y optimised by "
                      "bounded Brent over the search (xatol 1e-9). C_b(0) = h(S) is an identity "
                      "of the formula and is not counted.")


@claim("compression.thm7.kl_drpc_matches_search", where="Thm 7 cases (1)-(2)",
       statement="For C > C_b(R) the KL DRPC is σ_X²2^{−2R} if σ(P) ≤ σ_Xρ_R and "
       "σ_X² + σ(P)² − 2σ_Xσ(P)ρ_R otherwise.", expected="verified", evidence=("independent",),
       source=("printed",
               ("main text of OpenReview mUIGdUTtk2 (ICLR 2026 camera-ready), read as a public "
               "text extraction whose formulas were flattened, Thm 7, cases (1)-(2) for C "
               "above the classification bound; formula rebuilt from the flattened extraction "
               "(fraction bars and square roots restored by us)")),
       setting="exact")
def _thm7():
    pts = {(0.5, 0.0): 0.58578644, (0.5, 0.01): 0.53787563, (0.5, 0.05): 0.50612621,
           (0.5, 0.1): 0.5, (1.0, 0.01): 0.25127435, (1.0, 0.05): 0.25}
    stated = [gaussian_drpc(R, P, 9.0, **MODEL, as_stated=True) for R, P in pts]
    j = Judge()
    j.close("Thm 7 (1)-(2) vs (ρ, σ_Y) search (6 points)", stated,
            [_psearch(R, P, 9.0) for R, P in pts], atol=DRPC_TOL)
    j.close("Thm 7 vs reference A10", stated, list(pts.values()), atol=1e-8)
    j.close("σ(.01) vs reference A10", sigma_kl(0.01, 1.0), 0.901723, atol=1e-6)
    return j.evidence(note="A10: σ_X=1, P in nats; (ρ, σ_Y) grid, then a bounded-Brent polish "
                      "over σ_Y (xatol 1e-12) of the exact inner optimum in ρ; KL by the "
                      "trace/log-det form.")


@claim("compression.thm7.cases34_infeasible", where="Thm 7 cases (3)-(4)",
       statement="For h(S|X) ≤ C ≤ C_b(R) the KL DRPC is σ_X²(1−ρ_C²) or σ_X² + σ(P)² − "
       "2σ_Xσ(P)ρ_C.", expected="refuted",
       corrected_by="compression.thm7.corrected_drpc_matches_search",
       evidence=("search", "proof", "witness"),
       source=("printed",
               ("main text of OpenReview mUIGdUTtk2 (ICLR 2026 camera-ready), read as a public "
               "text extraction whose formulas were flattened, 'Asymptotic DRPC function for "
               "Gaussian sources', Thm 7, cases (3)-(4) (with 2^(−2h(S)+2C)) and their range "
               "from h(S|X) to ½log(1 − θ1²(σ_X² − σ_X²2^(−2R))/(σ_S²σ_X⁴)) + h(S); formula "
               "rebuilt from the flattened extraction (fraction bars and square roots "
               "restored by us)")),
       setting="exact")
def _thm7_34():
    R, P = 0.5, 0.01
    C = 0.5 * (H_S_X + gaussian_cb(R, **MODEL))
    stated = gaussian_drpc(R, P, C, **MODEL, as_stated=True)
    j = Judge()
    j.close("Thm 7 case (4) vs search", stated, _psearch(R, P, C), atol=DRPC_TOL)
    j.ge("Thm 7 case (4) vs the C-loose value", stated, gaussian_drpc(R, P, 9.0, **MODEL))
    return j.evidence(note="σ_X=σ_S=1, θ1=.8, R=.5, P=.01 nats, C=1.539514: case (4) gives "
                      "0.210757, below the C-loose 0.537876; no jointly Gaussian Y meets the "
                      "bound: inf." + _PROOF)


@claim("compression.thm7.corrected_drpc_matches_search", where="Thm 7 / W2 DRPC, corrected",
       statement="The corrected DRPC (KL and W2) is σ_X² + ŝ² − 2σ_Xŝρ_R, ŝ = max(s(P), σ_Xρ_R), "
       "where C ≥ C_b(R), inf elsewhere; it equals the direct (ρ, σ_Y) search.",
       expected="corrected", evidence=("independent", "proof"),
       source=("ours",
               "our corrected DRPC (KL and W2), checked against a direct (ρ, σ_Y) search"),
       setting="exact")
def _thm7_corr(seed: int = 0):
    rng = np.random.default_rng(seed)
    closed, found = [], []
    for i in range(6):
        sx, ss = rng.uniform(0.5, 2, 2)
        kw = {"sigma_x": sx, "sigma_s": ss, "theta1": rng.uniform(-0.9, 0.9) * sx * ss}
        per = ("kl", "w2")[i % 2]
        R, P = rng.uniform(0, 2.5), rng.uniform(0, 0.3) * (sx**2 if per == "w2" else 1)
        C = gaussian_entropy(ss) + rng.uniform(-1.2, 0.1)
        closed.append(gaussian_drpc(R, P, C, **kw, perception=per))
        found.append(_psearch(R, P, C, per, **kw))
    j = Judge()
    match(j, "closed form vs search (6 models, KL and W2)", closed, found, atol=DRPC_TOL)
    return j.evidence(note="6 random models, KL and W2 alternating." + _PROOF)


@claim("compression.drpc.w2_matches_search", where="Thm 6 + App. A.4 (not seen; derived)",
       statement="The W2 DRPC is Thm 7 with σ(P) replaced by σ_W(P) = max(σ_X−√P, 0); its "
       "perception constraint binds at the optimum where P is small; no quantiser of X (a "
       "non-Gaussian Y) beats it at its own rate and W2 budget.",
       expected="extension", evidence=("independent", "witness", "search"),
       source=("ours",
               ("our derivation of the W2 DRPC (the paper's App. A.4 was not available), "
               "checked against a search")),
       setting="exact")
def _w2():
    from scipy.integrate import quad
    from scipy.stats import norm

    def w2_quantiles(mu, s):
        """W2² of N(0, 1) and N(mu, s²) as ∫_0^1 (F_X^{-1}(u) − F_Y^{-1}(u))² du (scipy)."""
        return quad(lambda u: (norm.ppf(u) - norm.ppf(u, loc=mu, scale=s)) ** 2, 0, 1,
                    epsabs=1e-13, epsrel=1e-13, limit=200)[0]

    pts = {0.01: 0.53720779, 0.05: 0.50480061}
    closed = [gaussian_drpc(0.5, P, 9.0, **MODEL, perception="w2") for P in pts]
    j = Judge()
    j.close("W2 DRPC vs (ρ, σ_Y) search (POT Bures W2)", closed,
            [_psearch(0.5, P, 9.0, "w2") for P in pts], atol=DRPC_TOL)
    j.close("W2 DRPC vs reference A11 (scipy)", closed, list(pts.values()), atol=1e-8)
    j.close("W2² of the optimal σ_Y = σ_W(P) by quantile quadrature vs P (binding)",
            [w2_quantiles(0.0, sigma_w2(P, 1.0)) for P in pts], list(pts), rtol=QUADRATURE)
    shift = [w2_quantiles(mu, sigma_w2(0.01, 1.0)) for mu in (0.05, 0.1)]
    j.ge("a mean shift μ_Y ≠ μ_X only adds W2² (quadrature): infeasible at P=.01", shift,
         [0.01, 0.01])
    # non-Gaussian Y: monotone quantisers Y = E[X | cell] (discrete laws). The coupling is the
    # monotone one, so W2²(p_X, p_Y) = E(X−Y)² = D, and the rate is H(Y) bits.
    d_q, bound_q = [], []
    for edges in ([0.0], [-0.6, 0.6], [-1.0, 0.0, 1.0], [-1.5, -0.5, 0.5, 1.5]):
        e = np.concatenate([[-np.inf], edges, [np.inf]])
        p = np.diff(norm.cdf(e))
        centroid = (norm.pdf(e[:-1]) - norm.pdf(e[1:])) / p
        D = 1.0 - float(np.sum(p * centroid**2))
        d_q.append(D)
        bound_q.append(gaussian_drpc(float(-(p * np.log2(p)).sum()), D, 9.0, **MODEL,
                                     perception="w2"))
    j.ge("quantised (non-Gaussian) Y: D vs W2 DRPC at its own rate and W2² budget", d_q,
         bound_q)
    return j.evidence(note="A11: R=.5, σ_X=1, P in squared units of X. The search assumes a "
                      "jointly Gaussian Y (Thm 6) with μ_Y = μ_X; quadrature of the quantile "
                      "functions (not the closed form) shows the constraint binds at σ_W(P) and "
                      "that moving μ_Y only spends perception budget; four monotone quantisers "
                      f"(2-5 cells) stay above the formula: D {[round(x, 4) for x in d_q]} vs "
                      f"{[round(x, 4) for x in bound_q]}.")


@claim("compression.thm7.sigma_kl_matches_quadrature", where="Thm 7, σ(P)",
       statement="σ(P), the root of ψ(σ) = ln(σ_X/σ) + (σ²−σ_X²)/(2σ_X²) = P, equals "
       "σ_X√(−W_0(−e^{−1−2P})) and ψ is KL(N(μ,σ²)‖N(μ,σ_X²)) in nats.",
       expected="verified", evidence=("independent",),
       source=("printed",
               ("main text of OpenReview mUIGdUTtk2 (ICLR 2026 camera-ready), read as a public "
               "text extraction whose formulas were flattened, Thm 7, definition of σ(P) as "
               "the root of ψ(σ) = P in [0, σ_X]; formula rebuilt from the flattened "
               "extraction (fraction bars and square roots restored by us)")),
       setting="exact")
def _sigma():
    from scipy.integrate import quad
    from scipy.optimize import brentq
    from scipy.stats import norm

    Ps = (1e-6, 0.01, 0.05, 0.3, 2.0)
    kl, roots = [], []
    for P in Ps:
        s = sigma_kl(P, 1.3)
        kl.append(quad(lambda x, s=s: norm.pdf(x, scale=s) * (norm.logpdf(x, scale=s)
                                                              - norm.logpdf(x, scale=1.3)),
                       -40 * s, 40 * s, epsabs=1e-13, epsrel=1e-13, limit=200)[0])
        roots.append(brentq(lambda t, P=P: math.log(1.3 / t) + (t * t - 1.69) / 3.38 - P,
                            1e-12, 1.3, xtol=1e-15))
    j = Judge()
    j.close("KL(N(0,σ(P)²)‖N(0,σ_X²)) by quadrature vs P", kl, Ps, atol=1e-11)
    j.close("Lambert-W σ(P) vs Brent root of ψ", [sigma_kl(P, 1.3) for P in Ps], roots,
            atol=1e-12)
    return j.evidence(note="σ_X=1.3; scipy.integrate.quad at epsabs 1e-13; brentq xtol 1e-15.")


@claim("compression.limits.drpc_endpoints", where="limits of Thm 7 (ours)",
       statement="KL and W2 DRPC: P=0 gives 2σ_X²(1−ρ_R) (perfect realism); P→∞ gives "
       "σ_X²2^{−2R}.", expected="verified", evidence=("independent",),
       source=("ours",
               "our limits of the corrected DRPC in P"),
       setting="exact")
def _dlimits():
    j = Judge()
    for per, R in (("kl", 0.3), ("w2", 1.2), ("kl", 1.2)):
        j.close(f"{per}, R={R}, P=0: search vs 2σ_X²(1−ρ_R)", _psearch(R, 0.0, 9.0, per),
                2 * (1 - rho_rate(R)), atol=DRPC_TOL)
        j.close(f"{per}, R={R}, P=50: search vs σ_X²2^{{−2R}}", _psearch(R, 50.0, 9.0, per),
                2 ** (-2 * R), atol=DRPC_TOL)
    return j.evidence(note="σ_X=1; (ρ, σ_Y) search at P=0 and P=50 against the two limits (KL at R=.3 and 1.2, W2 at R=1.2).")


@claim("compression.rdc.gaussian_inverts_drc", where="App. A.3 (not seen; derived)",
       statement="gaussian_rdc(D, C) is the least rate at which the direct search reaches D "
       "under h(S|Y) ≤ C.", expected="extension", evidence=("independent",),
       source=("ours",
               "our inversion of the Gaussian DRC (the paper's App. A.3 was not available)"),
       setting="exact")
def _grdc(seed: int = 0):
    rng = np.random.default_rng(seed)
    at_r, target, facts = [], [], []
    for _ in range(12):
        m = _random_model(rng)
        floor = (m["mu_x"] - m["mu_y"]) ** 2 + (m["sigma_x"] - m["sigma_y"]) ** 2
        D = floor + rng.uniform(0.01, 2) * m["sigma_x"] * m["sigma_y"]
        C = gaussian_entropy(m["sigma_s"]) + rng.uniform(-0.8, 0.1)
        R = gaussian_rdc(D, C, **m)
        if math.isinf(R):
            facts.append(not _search(30.0, C, **m) <= D)
            continue
        reached = _search(R + 1e-12, C, **m)
        facts.append(reached <= D + 1e-7)
        if R > 1e-6:
            facts.append(not _search(R - 1e-6, C, **m) <= D)
        # decided before searching: if D alone sets the rate, the search at R(D,C) equals D
        if R > 1e-6 and abs(R - gaussian_rdc(D, 50.0, **m)) < 1e-12:
            at_r.append(reached)
            target.append(D)
    j = Judge()
    j.close("search at R(D,C) vs D where D alone sets the rate", at_r, target, atol=1e-7)
    j.fact("search at R(D,C) reaches D and at R − 1e-6 does not; inf only where R=30 misses D",
           all(facts))
    return j.evidence(note=f"12 random models; {len(at_r)} where D alone sets the rate. The "
                      "paper's R(D,C) (App. A.3) was not available, so there is no stated form "
                      "(no as_stated).")


@claim("compression.limits.structural", where="structure of Thm 2, 4, 7 (ours)",
       statement="The corrected DRC/DRPC are non-increasing in R, C, P and bounded below by the "
       "OT cost (attained as R grows); the Gaussian DRC does not depend on C where feasible; the "
       "asymptotic binary D∞(R) is convex; the one-shot LP D(R) is piecewise linear with one knee.",
       expected="verified", evidence=("search", "independent"),
       source=("ours",
               ("our structural properties of the corrected DRC/DRPC (monotone, bounded below "
               "by the OT cost, convex, one knee)")),
       setting="exact")
def _structure(seed: int = 0):
    rng = np.random.default_rng(seed)
    j = Judge()
    b_lo, b_hi, b_floor, b_val = [], [], [], []
    g_lo, g_hi, gc_lo, gc_hi, g_floor, g_val, p_lo, p_hi = ([] for _ in range(8))
    n_b = n_g = 0
    for _ in range(20):
        # Bernoulli: draws that are feasible by construction (C above the exact boundary at R1)
        qx, qy, qs1 = rng.uniform(0.02, 0.5, 3)
        R1, R2 = np.sort(rng.uniform(0, 1.2, 2))
        for cl in ("linear", "exact"):
            C1 = bernoulli_boundary(R1, qx, qy, qs1, cl) + rng.uniform(0, 0.1)
            C2 = C1 + rng.uniform(0, 0.2)
            d11 = bernoulli_drc_cl(R1, C1, qx, qy, qs1, cl)
            b_lo += [bernoulli_drc_cl(R2, C1, qx, qy, qs1, cl),
                     bernoulli_drc_cl(R1, C2, qx, qy, qs1, cl)]
            b_hi += [d11, d11]
            n_b += math.isfinite(d11)
        b_val.append(bernoulli_drc_cl(50.0, 2.0, qx, qy, qs1, "exact"))
        b_floor.append(abs(qx - qy))
        # Gaussian: C above h(S|X), R above the rate the classification bound needs
        m = _random_model(rng)
        kw = {"sigma_x": m["sigma_x"], "sigma_s": m["sigma_s"], "theta1": m["theta1"]}
        C1 = gaussian_cb(INF, **kw) + rng.uniform(0, 0.5)
        r_c = 0.0 if C1 >= gaussian_entropy(m["sigma_s"]) else -0.5 * math.log2(
            1 - min(1.0, (gaussian_rdc_rho(C1, kw))) ** 2)
        Ra = r_c + rng.uniform(0, 2)
        Rb = Ra + rng.uniform(0, 2)
        C2 = C1 + rng.uniform(0, 0.5)
        g11 = gaussian_drc(Ra, C1, **m)
        n_g += math.isfinite(g11)
        g_lo.append(gaussian_drc(Rb, C1, **m))
        g_hi.append(g11)
        gc_lo.append(gaussian_drc(Ra, C2, **m))
        gc_hi.append(g11)
        g_val.append(gaussian_drc(60.0, C1, **m))
        g_floor.append((m["mu_x"] - m["mu_y"]) ** 2 + (m["sigma_x"] - m["sigma_y"]) ** 2)
        P1, P2 = np.sort(rng.uniform(0, 1, 2))
        for per in ("kl", "w2"):
            p_lo.append(gaussian_drpc(Ra, P2, C1, **kw, perception=per))
            p_hi.append(gaussian_drpc(Ra, P1, C1, **kw, perception=per))
    j.fact(f"all draws feasible ({n_b}/40 Bernoulli, {n_g}/20 Gaussian)", n_b == 40 and n_g == 20)
    j.le("Bernoulli: D(R2,C1), D(R1,C2) ≤ D(R1,C1)", b_lo, b_hi, atol=1e-12)
    j.close("Bernoulli: D at R=50, C loose vs OT floor |q_X−q_Y| (attained)", b_val, b_floor,
            atol=1e-12)
    j.le("Gaussian: D(R2,C1) ≤ D(R1,C1)", g_lo, g_hi, atol=1e-12)
    j.close("Gaussian: D(R,C2) = D(R,C1) where feasible (C only decides feasibility)", gc_lo,
            gc_hi, atol=1e-12)
    j.close("Gaussian: D at R=60 vs W2² floor (attained)", g_val, g_floor, atol=1e-12)
    j.le("DRPC: D(P2) ≤ D(P1) (KL and W2)", p_lo, p_hi, atol=1e-12)
    # convexity of D∞(R) on a grid, and the one-shot LP's D(R): second differences vanish
    # except at one knee
    rs = np.linspace(0, 1, 21)
    da = np.array([bernoulli_asymptotic_dr(r, 0.2, 0.35) for r in rs])
    j.ge("D∞(R) second differences (q=.2,.35)", np.diff(da, 2), 0.0, atol=1e-12)
    dl = np.array([bernoulli_oneshot_lp(r, INF, 0.2, 0.4, 0.0) for r in rs])
    bends = int(np.sum(np.abs(np.diff(dl, 2)) > 1e-7))
    j.fact(f"one-shot LP D(R) (q=.2,.4) bends at {bends} grid point(s) (≤ 2 around the knee)",
           1 <= bends <= 2)
    return j.evidence(note="20 random draws of each family, drawn feasible (Bernoulli C above "
                      "the LP-free exact/linear boundary at R1, Gaussian C ≥ h(S|X) and R ≥ R_C); "
                      "hypothesis runs the same properties in the test suite.")


def bernoulli_boundary(R, qx, qy, qs1, cl):
    """Least C at which the one-shot problem at rate R is feasible (closed forms)."""
    if cl == "exact":
        _, _, c_anti, c_pos = exact_branches(R, qx, qy, qs1)
        return min(c_anti, c_pos)
    hx = float(binary_entropy(qx))
    a = min(R / hx if hx > 0 else 1.0, 1.0, _a_reach(qx, qy))
    return bernoulli_cb(a * hx, qx, qs1)


def bernoulli_drc_cl(R, C, qx, qy, qs1, cl):
    return bernoulli_drc(R, C, qx, qy, qs1, classification=cl)


def gaussian_rdc_rho(C, kw):
    return rho_classification(C, **kw)


@claim("compression.thm4.discretised_convex_solve", where="Thm 4(ii), discretised",
       statement="A discretised Gaussian problem (X and Y on 40-point grids with the Gaussian "
       "masses, rate KL(P‖p_X⊗p_Y) ≤ R, cvxpy) is within 1e-2 of Thm 4(ii).",
       expected="extension", evidence=("independent", "observation"),
       source=("ours",
               ("our discretised convex solve of the Gaussian problem (40-point grids, cvxpy), "
               "compared with Thm 4 case (ii)")),
       setting="exact")
def _a13():
    from scipy.stats import norm

    from theory.compression._reference_asymptotic import asymptotic_drc

    n, R = 40, 1.0
    edges = np.linspace(-5, 5, n + 1)

    def grid(sigma, mu):
        e = edges * sigma + mu
        p = np.diff(norm.cdf(e, loc=mu, scale=sigma))
        # bin centroids (conditional means), so the discretised law keeps the mean and most of
        # the variance
        c = mu + sigma**2 * (norm.pdf(e[:-1], mu, sigma) - norm.pdf(e[1:], mu, sigma)) / p
        return p / p.sum(), c

    px, cx = grid(1.0, 0.0)
    py, cy = grid(0.8, 0.3)
    d = (cx[:, None] - cy[None, :]) ** 2
    solved = asymptotic_drc(R, px, py, d)
    closed = gaussian_drc(R, 9.0, mu_x=0.0, sigma_x=1.0, mu_y=0.3, sigma_y=0.8, sigma_s=1.0,
                          theta1=0.8)
    j = Judge()
    j.close("discretised convex solve vs Thm 4(ii)", solved, closed, atol=1e-2)
    return j.evidence(note=f"R=1 bit, X~N(0,1), Y~N(.3,.8²), 40-cell grids on ±5σ with centroid "
                      f"values; cvxpy/Clarabel gives {solved:.6f} vs {closed:.6f}. Slack: the "
                      "1e-2 tolerance of the our reference (A13) is set by the discretisation (a finite "
                      "alphabet loses variance and mutual information), so this is an "
                      "observation, not a check with power.")
