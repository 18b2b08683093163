"""Registered claims: the outlier results (Lemma 21, Lemma 22, Thm 9 and its constant)."""

from __future__ import annotations

import functools

import numpy as np
import sympy as sp

from theory.claims import Judge, claim
from theory.tolerances import EXACT
from theory.tsne._affinities import joint_probabilities, sq_distances
from theory.tsne._objective import stationary_point
from theory.tsne._outliers import (
    THM9_ALPHA0,
    hull_projection,
    lemma21_bound,
    outlier_margins,
    thm9_bound,
)
from theory.tsne._reference import hull_distance_nnls

#: Stationarity reached before Thm 9 is checked (max-abs gradient, nats per unit of y).
GRAD_TOL = 1e-4


def blob_with_outlier(rng, n: int = 40, dim: int = 20, distance: float = 10.0):
    """n - 1 points of N(0, 0.6^2 I) in R^dim plus one point (the last) at distance·e_1."""
    X = rng.normal(0, 0.6, (n - 1, dim))
    return np.vstack([X, distance * np.eye(dim)[0]])


@functools.lru_cache(maxsize=2)
def thm9_runs(seed: int = 0, n: int = 40, perplexity: float = 10.0):
    """Converged exact t-SNE outputs (L-BFGS, max|grad| <= 1e-7) on a blob plus one outlier
    with input outlier numbers about 1, 5 and 50, started with the outlier far away.

    Returns a list of dicts: 'alpha_X', 'alpha_Y0', 'alpha_Y', 'grad', 'Y', 'P'."""
    rng = np.random.default_rng(seed)
    runs = []
    for target in (1.0, 5.0, 50.0):
        X = blob_with_outlier(rng, n=n)
        # Place the outlier so that its margin over the blob's diameter is the target.
        diam = np.sqrt(sq_distances(X[:-1]).max())
        support = X[:-1, 0].max()
        X[-1, 0] = support + target * diam
        # The planted point's margin (a lower bound on alpha(X); equal for targets >= 1).
        alpha_X = hull_projection(X[-1], X[:-1])[0] / max(1.0, diam)
        P = joint_probabilities(sq_distances(X), perplexity)
        Y0 = 1e-2 * rng.normal(size=(n, 2))
        Y0[-1] = [50.0, 0.0]  # start with a huge output outlier: the optimiser must pull it in
        alpha_Y0 = float(outlier_margins(Y0)[-1])
        Y, g = stationary_point(P, Y0)
        runs.append({"alpha_X": alpha_X, "alpha_Y0": alpha_Y0, "margins_Y": outlier_margins(Y),
                     "grad": g, "Y": Y, "P": P})
    return runs


@functools.lru_cache(maxsize=1)
def _thm9_small_n(seed: int = 0):
    """The closest configuration a small search found: n = 3, ρ = 1, outlier 30 units out."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(3, 3)) * 0.3
    X[-1] = [30.0, 0.0, 0.0]
    P = joint_probabilities(sq_distances(X), 1.0)
    Y0 = 0.1 * rng.normal(size=(3, 2))
    Y0[-1] = [20.0, 0.0]
    Y, g = stationary_point(P, Y0)
    return Y, g


@claim("tsne.thm9.outlier_bound", where="Thm 9", evidence=("observation",),
       statement="For n > 2, any ρ and any stationary output Y, the outlier number satisfies "
       "α(Y) ≤ max{3.26, √((2/0.1876)(1 + 2/(n−2)))} (3.266 + o(1)), with α(Y) the maximum "
       "over points of Def. 8's margin (the authors' utils.alpha takes the minimum).",
       source=("printed",
               ("camera-ready PDF "
               "(njbergam/tsne-exaggerates-clusters@8ec0d8d:visuals/2_poison_point/main.pdf), "
               "p. 8, §5, Def. 8 and Thm 9")),
       setting="exact")
def _thm9(seed: int = 0):
    runs = thm9_runs(seed)
    n = runs[0]["Y"].shape[0]
    j = Judge()
    configs = [(f"n={n} rho=10 alpha(X)={r['alpha_X']:.3g}", r["Y"], r["grad"], r["margins_Y"])
               for r in runs]
    Y3, g3 = _thm9_small_n(seed)
    configs.append(("n=3 rho=1 outlier 30 out", Y3, g3, outlier_margins(Y3)))
    for name, Y, g, m in configs:
        k = int(np.argmax(m))
        rest = np.delete(np.arange(len(Y)), k)
        diam = np.sqrt(sq_distances(Y[rest]).max())
        j.le(f"{name}: alpha(Y) vs bound", m.max(), thm9_bound(len(Y)))
        nnls = hull_distance_nnls(Y[k], Y[rest]) / max(1.0, diam)
        # The measurement's accuracy, not the statement: a fact, so the power is the bound's.
        j.fact(f"{name}: alpha(Y) QP = NNLS to 1e-5", abs(m.max() - nnls) <= 1e-5 * (1 + nnls))
        j.fact(f"{name}: max|grad| <= {GRAD_TOL:g}", g <= GRAD_TOL)
    return j.evidence(note="SLACK: the bound is far from binding on every stationary output we "
                      "found: α(Y) ≈ 0.1 at n = 40 (bound 3.35) and at most 1.514 at n = 3, "
                      "ρ = 1 (bound 5.66, 27 %), the maximum of a search over n ∈ {3,4,5,6,8}, "
                      "4 perplexities, 3 outlier distances and 3 starts each (180 L-BFGS runs). "
                      "An observation, not a test of the constant. α by a hull-distance QP "
                      "(Clarabel), cross-checked by NNLS. α(Y) here is the maximum over points "
                      "of dist(y_k, conv(rest))/max{1, diam(rest)} (Def. 8: some point is an "
                      "outlier); the authors' utils.alpha "
                      "(njbergam/tsne-exaggerates-clusters@8336e68:utils.py) takes the minimum "
                      "over points with a positive margin and divides by diam(rest), so its "
                      "value is at most ours when diam ≥ 1 and the bound checked here is the "
                      "stronger one.")


@claim("tsne.thm9.constant", where="Thm 9 proof, App. B.3", evidence=("proof", "independent"),
       statement="α⁴(1+α²)/(2(1+α)⁴) ≥ 0.1876·α² for α ≥ 3.26, and the proof's bound "
       "√((2/0.1876)(1 + 2/(n−2))) tends to √(2/0.1876) = 3.2651 ≤ the printed 3.266 + o_n(1). "
       "Ours, not printed: its values 3.651 at n = 10 and 3.298 at n = 100 (our evaluation), and "
       "our reading that the text's 'roughly α ≈ 3.6' (p. 9) is the earlier bound "
       "√(13 + 24/(n−2)) = 3.606 + o_n(1) left commented out in Thm 9's LaTeX, which is weaker.",
       source=("printed",
               ("camera-ready PDF "
               "(njbergam/tsne-exaggerates-clusters@8ec0d8d:visuals/2_poison_point/main.pdf), "
               "p. 8, Thm 9 (3.266 + o(1)) and p. 9 (the text's 'roughly 3.6'); the proof of "
               "Thm 9 in camera-ready appendix, LaTeX source "
               "(njbergam/tsne-exaggerates-clusters@8336e68:visuals/2_poison_point/tsne_mode_collapse/appendix.tex) "
               "(L588-L645, the constant at L633-L637)")),
       setting="exact")
def _thm9_constant():
    a = sp.symbols("alpha", positive=True)
    h = a**2 * (1 + a**2) / (2 * (1 + a) ** 4)
    at0 = h.subs(a, sp.Rational(326, 100)) - sp.Rational(1876, 10000)
    dh = sp.factor(sp.together(sp.diff(h, a)))
    num, _ = sp.fraction(dh)
    # h' has the sign of its numerator; no root in (0, oo) and positive at 1 means h increases,
    # so the inequality at 3.26 holds for every larger alpha.
    poly = sp.Poly(sp.cancel(num / a), a)  # the factor alpha is positive
    j = Judge()
    j.fact("h(3.26) - 0.1876 > 0 in exact rationals", bool(at0 > 0))
    j.fact("h increasing on (0, oo) (sympy root count)",
           poly.count_roots(0, None) == 0 and poly.eval(1) > 0)
    # Independent: where the inequality starts to hold, by a root of h - 0.1876 (sympy nsolve),
    # just below 3.26: the constant is within 1e-4 of the best possible.
    root = float(sp.nsolve(h - sp.Rational(1876, 10000), a, 3.26, prec=30))
    j.le("root of h = 0.1876 vs the proof's 3.26", root, THM9_ALPHA0)
    for m in (10, 100):
        exact = float(sp.sqrt(sp.Rational(2) / sp.Rational(1876, 10000)
                              * (1 + sp.Rational(2, m - 2))))
        j.close(f"bound({m}) ours vs exact evaluation", thm9_bound(m), exact, rtol=EXACT)
    limit = float(sp.sqrt(sp.Rational(2) / sp.Rational(1876, 10000)))
    j.close("bound(inf) vs sqrt(2/0.1876)", thm9_bound(np.inf), limit, rtol=EXACT)
    j.le("bound(inf) vs the printed 3.266", limit, 3.266)
    old = np.array([np.sqrt(13 + 24 / (m - 2)) for m in range(3, 2000)])
    new = np.array([thm9_bound(m) for m in range(3, 2000)])
    j.fact("old sqrt(13 + 24/(n-2)) >= new bound for n in [3, 2000)", bool(np.all(old >= new)))
    return j.evidence(note="exact rational arithmetic for the inequality at 3.26 and the sign "
                      "of h'; the root 3.2597646 of h = 0.1876 by sympy shows 3.26 is sharp to "
                      "1e-4; the bound's values against an exact sympy evaluation; the "
                      "paper prints only 3.266 + o(1) and the text's 'roughly 3.6' (p. 9); "
                      "3.651 (n = 10) and 3.298 (n = 100) are our evaluations, and reading "
                      "'≈3.6' as √13 = 3.606 (a looser leftover in the LaTeX's comments) is ours")


@claim("tsne.lemma21.output_mass", where="Lemma 21", evidence=("witness", "search"),
       statement="Σ_i Q_0i ≤ 1/(2 + (n−2)(1+γ²)/(1+β²)) for the outlier y_0 (γ: its nearest "
       "distance, β: the diameter of the rest).",
       source=("printed",
               ("camera-ready appendix, LaTeX source "
               "(njbergam/tsne-exaggerates-clusters@8336e68:visuals/2_poison_point/tsne_mode_collapse/appendix.tex), "
               "Lemma 21 (\\label{lem:Qsum_bound}, L545-L551)")),
       setting="exact")
def _lemma21(seed: int = 0):
    rng = np.random.default_rng(seed)
    mass, bound = [], []
    for _ in range(200):
        n = int(rng.integers(3, 40))
        Y = rng.normal(size=(n, int(rng.integers(1, 4)))) * rng.uniform(0.1, 10)
        Y[0] += rng.normal(size=Y.shape[1]) * rng.uniform(0, 30)
        m, b = lemma21_bound(Y, 0)
        mass.append(m)
        bound.append(b)
    j = Judge()
    j.le("sum_i Q_0i vs bound, 200 random Y", np.array(mass), np.array(bound), rtol=EXACT)
    # Witness: the rest collapsed to one point (beta = 0) attains the bound exactly:
    # sum_i Q_0i = (n-1)w / (2(n-1)w + (n-1)(n-2)) = 1/(2 + (n-2)(1+gamma^2)), w = 1/(1+gamma^2).
    for n, gamma in ((3, 0.5), (10, 2.0), (50, 7.0)):
        Y = np.zeros((n, 2))
        Y[0, 0] = gamma
        m, b = lemma21_bound(Y, 0)
        j.le(f"witness n={n} gamma={gamma:g}: mass vs bound", m, b, rtol=EXACT)
        j.close(f"witness n={n} gamma={gamma:g}: mass vs 1/(2+(n-2)(1+gamma^2))", m,
                1 / (2 + (n - 2) * (1 + gamma**2)), rtol=EXACT)
    return j.evidence(note="random Y (n in [3, 40), d in {1, 2, 3}, one displaced point) never "
                      "violate it; the rest collapsed to one point attains it exactly (the "
                      "constant is tight). The P side, Σ_i P_i0 ≥ 1/(2n), is how P is built "
                      "(tsne.p.basic_properties, a sanity row).")


def _cone_trials(seed: int):
    """Random (α, y_0)-outlier configurations: per trial α and min over i of the cosine
    ((y_i − y_0)·v)/‖y_i − y_0‖, with v towards the projection of y_0 on the hull."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(25):
        n, d = int(rng.integers(4, 25)), int(rng.integers(1, 4))
        Y = rng.normal(size=(n, d)) * rng.uniform(0.2, 3)
        Y[0] = rng.normal(size=d)
        Y[0] *= rng.uniform(1, 20) / max(np.linalg.norm(Y[0]), 1e-12)
        dist, p = hull_projection(Y[0], Y[1:])
        if dist <= 1e-6:
            continue
        alpha = dist / max(1.0, np.sqrt(sq_distances(Y[1:]).max()))
        u = Y[1:] - Y[0]
        out.append((alpha, float(np.min(u @ ((p - Y[0]) / dist) / np.linalg.norm(u, axis=1)))))
    return np.array(out)


@claim("tsne.lemma22.cone", where="Lemma 22", evidence=("proof", "observation"),
       statement="If y_0 is an (α, y_0)-outlier there is a unit v with "
       "(α/(1+α))‖y_i−y_0‖ ≤ (y_i−y_0)·v ≤ ‖y_i−y_0‖ for every i.",
       source=("printed",
               ("camera-ready appendix, LaTeX source "
               "(njbergam/tsne-exaggerates-clusters@8336e68:visuals/2_poison_point/tsne_mode_collapse/appendix.tex), "
               "Lemma 22 (\\label{lem:r_split}, L570-L575: constant alpha/(1+alpha))")),
       setting="exact")
def _lemma22(seed: int = 0):
    t = _cone_trials(seed)
    j = Judge()
    j.ge("min cosine - alpha/(1+alpha) over trials", t[:, 1], t[:, 0] / (1 + t[:, 0]),
         rtol=1e-9)
    j.fact("cosine <= 1 (Cauchy-Schwarz)", bool(np.all(t[:, 1] <= 1 + 1e-12)))
    j.fact("at least 10 outlier configurations", len(t) >= 10)
    return j.evidence(note="SLACK: α/(1+α) is not attained: the best constant is "
                      "α/√(1+α²) (tsne.lemma22.cone_sharp), which exceeds α/(1+α) for α > 0 "
                      "since √(1+α²) < 1+α. See the proof in "
                      "tsne.lemma22.cone_sharp's docstring. "
                      "Random configurations (25 draws, n ∈ [4, 25), d ≤ 3) sit above it.")


@claim("tsne.lemma22.cone_sharp", where="Lemma 22", expected="sharpened",
       evidence=("proof", "witness", "search"),
       statement="The cone constant of Lemma 22 sharpens to α/√(1+α²) (for diam ≤ 1 scale), "
       "attained by y_0 = 0 and the rest {(α, 0), (α, 1)}.",
       source=("ours",
               ("our sharpening of Lemma 22 (camera-ready appendix L570-L575; the source keeps "
               "the alpha/sqrt(1+alpha^2) form commented out)")),
       setting="exact")
def _lemma22_sharp(seed: int = 0):
    """Proof: every y_i lies in the half-space {(y − p)·v ≥ 0} (p is the projection of y_0 on
    the hull), so (y_i − y_0)·v ≥ ‖p − y_0‖ = α·max(1, diam); and y_i − p decomposes into a
    part along v (raising both sides) and a part orthogonal to v of length at most diam. The
    cosine is smallest with no part along v and the orthogonal part maximal:
    α m/√(α²m² + diam²) ≥ α/√(1 + α²) with m = max(1, diam) ≥ diam."""
    t = _cone_trials(seed)
    j = Judge()
    j.ge("min cosine vs alpha/sqrt(1+alpha^2), random trials", t[:, 1],
         t[:, 0] / np.sqrt(1 + t[:, 0] ** 2), rtol=1e-7)
    for alpha in (0.5, 2.0, 10.0):
        Y = np.array([[0.0, 0.0], [alpha, 0.0], [alpha, 1.0]])
        dist, p = hull_projection(Y[0], Y[1:])
        u = Y[1:] - Y[0]
        cos = np.min(u @ ((p - Y[0]) / dist) / np.linalg.norm(u, axis=1))
        j.ge(f"witness alpha={alpha:g}: min cosine vs alpha/sqrt(1+alpha^2)", cos,
             alpha / np.sqrt(1 + alpha**2), rtol=1e-7)
        j.close(f"witness alpha={alpha:g}: alpha from the hull QP", dist, alpha, rtol=1e-7)
    return j.evidence(note="witness: y_0 = 0, rest = {(α, 0), (α, 1)} (diameter 1) attains "
                      "α/√(1+α²) to 1e-7 (the QP's accuracy); 25 random configurations stay "
                      "above it")
