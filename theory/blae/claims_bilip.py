"""Claims of the BLAE paper on bi-Lipschitz maps: Theorem 3 (bi-Lipschitz ⟺ singular-value
bounds), Theorem 4 (existence of bi-Lipschitz embeddings in dimension ≤ 2k) and the
bi-Lipschitz loss in the paper's and the released code's forms.

The theorem texts were not seen (the papernotes.org note on the paper quotes them); refutations rest
on our reading, stated in each claim.
"""

from __future__ import annotations

import functools

import numpy as np
from scipy import optimize

from theory.blae import geodesic_holed
from theory.blae._geometry import HOLE
from theory.blae._losses import bilip_loss, bilip_loss_code
from theory.blae._reference import holed_grid
from theory.claims import Judge, claim

_SPEC = "papernotes.org note"


def _f(P):
    """A nonlinear diffeomorphism of the square [0, π]² (a perturbation of the identity)."""
    u, v = P[..., 0], P[..., 1]
    return np.stack([u + 0.3 * np.sin(v), v + 0.3 * np.sin(u)], axis=-1)


def _Jf(P):
    u, v = P[..., 0], P[..., 1]
    return np.stack([np.stack([np.ones_like(u), 0.3 * np.cos(v)], -1),
                     np.stack([0.3 * np.cos(u), np.ones_like(v)], -1)], axis=-2)


def _ratio_search(f, lo, hi, rng, n_far=200_000, h=1e-6):
    """Brute-force min and max of |f(x) − f(y)| / |x − y| over the square [lo, hi]²: random far
    pairs, plus short pairs from a 41² grid in 360 directions."""
    X = rng.uniform(lo, hi, (n_far, 2))
    Y = rng.uniform(lo, hi, (n_far, 2))
    r = np.linalg.norm(f(X) - f(Y), axis=1) / np.linalg.norm(X - Y, axis=1)
    g = np.linspace(lo, hi - 2 * h, 41)
    G = np.array([(a, b) for a in g for b in g])
    th = np.linspace(0, np.pi / 2, 91)
    dirs = np.stack([np.cos(th), np.sin(th)], 1)
    dirs = np.vstack([dirs, dirs * [1, -1]])
    rs = []
    for d in dirs:
        X2 = G + h * d + (d[1] < 0) * np.array([0, 2 * h])
        Y2 = X2 - h * d
        rs.append(np.linalg.norm(f(X2) - f(Y2), axis=1) / h)
    rs = np.concatenate(rs)
    return min(r.min(), rs.min()), max(r.max(), rs.max()), r


@claim("blae.thm3.sigma_iff_bilip_convex", where="Thm 3 (Sec. 4); " + _SPEC,
       statement="On a convex domain (intrinsic = Euclidean distances) a diffeomorphism is "
       "κ-bi-Lipschitz with the best constants sup σ_max(J) and 1/inf σ_min(J): for "
       "f(u, v) = (u + 0.3 sin v, v + 0.3 sin u) on [0, π]² these are 1.3 and 1/0.7, and a "
       "brute-force ratio search attains both; for a linear map the pair ratios fill "
       "[σ_min, σ_max] exactly.", evidence=("independent", "search"),
       source=("secondary", ("Thm 3 as quoted by the papernotes.org note on the ICLR 2026 paper "
                      "(OpenReview rl2dPJEk8b), which quotes the definitions and "
                      "Theorems 1–4; the paper body beyond the first page of the arXiv "
                      "2604.06701v1 HTML was not seen; the convex domain (where "
                      "intrinsic and Euclidean distances agree) is the charitable "
                      "reading")),
       setting="exact")
def _thm3(seed: int = 0):
    rng = np.random.default_rng(seed)
    j = Judge()
    g = np.linspace(0, np.pi, 201)
    P = np.array([(a, b) for a in g for b in g])
    s = np.linalg.svd(_Jf(P), compute_uv=False)
    j.close("sup σ_max over a 201² grid vs 1.3", s[:, 0].max(), 1.3, rtol=1e-12)
    j.close("inf σ_min over a 201² grid vs 0.7", s[:, 1].min(), 0.7, rtol=1e-12)
    rmin, rmax, far = _ratio_search(_f, 0.0, np.pi, rng)
    j.close("brute-force max pair ratio vs sup σ_max", rmax, 1.3, rtol=1e-4)
    j.close("brute-force min pair ratio vs inf σ_min", rmin, 0.7, rtol=1e-4)
    j.le("far pairs: max ratio ≤ sup σ_max", far.max(), 1.3, rtol=1e-12)
    j.ge("far pairs: min ratio ≥ inf σ_min", far.min(), 0.7, rtol=1e-12)
    # linear map: singular values vs an optimiser over directions
    A = rng.normal(size=(2, 2))
    sv = np.linalg.svd(A, compute_uv=False)
    ratio = lambda t: np.linalg.norm(A @ [np.cos(t), np.sin(t)])
    tt = np.linspace(0, np.pi, 3601)
    vals = np.array([ratio(t) for t in tt])
    lo = optimize.minimize_scalar(ratio, bracket=(tt[vals.argmin()] - 1e-3, tt[vals.argmin()],
                                                  tt[vals.argmin()] + 1e-3), tol=1e-12).fun
    hi = -optimize.minimize_scalar(lambda t: -ratio(t), bracket=(
        tt[vals.argmax()] - 1e-3, tt[vals.argmax()], tt[vals.argmax()] + 1e-3), tol=1e-12).fun
    j.close("linear map: min ratio over directions vs σ_min (SVD)", lo, sv[1], rtol=1e-8)
    j.close("linear map: max ratio over directions vs σ_max (SVD)", hi, sv[0], rtol=1e-8)
    return j.evidence(note=f"ratio search (2·10⁵ random pairs + 41² grid × 182 directions at "
                      f"h = 1e-6): [{rmin:.6f}, {rmax:.6f}] vs σ ∈ [0.7, 1.3]; linear map "
                      f"σ = ({sv[1]:.4f}, {sv[0]:.4f}) matched by a direction search.")


_READ3 = ("The theorem text was not seen (the papernotes.org note quotes it). It states 'f is "
          "κ-bi-Lipschitz ⟺ 1/κ ≤ σ_min(J_f) ≤ σ_max(J_f) ≤ κ on M' and the implementation "
          "measures d_N by the Euclidean latent distance (InjectiveLoss uses torch.cdist). "
          "We read d_N as that Euclidean distance; read as the intrinsic distance of f(M), the "
          "theorem holds (blae.thm3.sigma_iff_bilip_convex covers the convex case, where they "
          "agree).")


@functools.lru_cache(maxsize=2)
def _holed_grid_geodesics(step=0.25):
    P = holed_grid(step)
    iu = np.triu_indices(len(P), 1)
    return P, iu, geodesic_holed(P, P)[iu]


def _holed_ratios(step=0.25, A=((1.0, 0.0), (0.0, 1.0))):
    P, iu, D = _holed_grid_geodesics(step)
    F = P @ np.asarray(A).T
    dn = np.linalg.norm(F[iu[0]] - F[iu[1]], axis=1)
    return dn / D


@claim("blae.reading.thm3_euclidean_latent", where="Thm 3 as used (Sec. 4, code; the papernotes.org summary's reading of d_N)",
       statement="Thm 3 as the papernotes.org summary reads it (the headline reading, intrinsic distances, is "
       "blae.thm3.sigma_iff_bilip_convex): with d_N the Euclidean latent distance, σ(J) ∈ "
       "[1/κ, κ] on M implies κ-bi-Lipschitz. Counterexample: the paper's own holed Swiss roll chart has σ ≡ 1 (κ = 1), yet "
       "|f(x) − f(y)| / d_M(x, y) = 1/6 at (l, z) = (4, 2.5), (4, 3.5).",
       expected="reading_fails", corrected_by="blae.corrected.thm3_convexity_defect",
       evidence=("witness",),
       source=("secondary", ("the papernotes.org note on the ICLR 2026 paper (OpenReview "
                 "rl2dPJEk8b; en.papernotes.org/ICLR2026/learning_theory/"
                 "bi-lipschitz_autoencoder_with_injectivity_guarantee), which quotes Thm 3 and "
                 "takes d_N to be the Euclidean latent distance, as the released losses do "
                 "(torch.cdist, "
                 "qipengz/BLAE@06dcaa82d80c03f97a2f55d9e36e2c35dc73f2d5:utils/regularizations.py:L15-L19); "
                 "the paper body beyond the first page of the arXiv 2604.06701v1 HTML was not "
                 "seen, so the printed wording of d_N is not. Read with the intrinsic distance of "
                 "f(M) it holds (blae.thm3.sigma_iff_bilip_convex)")),
       setting="exact")
def _thm3_bad(seed: int = 0):
    r = _holed_ratios()
    kappa = 1.0  # σ ≡ 1: blae.data.chart_isometry
    j = Judge()
    j.ge("min Euclidean/geodesic ratio on the holed grid ≥ 1/κ", r.min(), 1 / kappa)
    return j.evidence(note=f"grid step 0.25 ({len(holed_grid())} points): min ratio "
                      f"{r.min():.6f} = 1/6, so the Euclidean bi-Lipschitz constant is 6, not 1.")


@claim("blae.corrected.thm3_convexity_defect", where="Thm 3, corrected",
       statement="For a diffeomorphism f: M → f(M) ⊂ ℝⁿ with σ(J) ∈ [1/κ, κ]: |f(x) − f(y)| ≤ "
       "κ d_M(x, y) always, and |f(x) − f(y)| ≥ d_M(x, y)/(κ C) with C = sup d_{f(M)}/|·| the "
       "image's convexity defect (C = 1 iff f(M) convex; intrinsic d_N gives κ exactly). For the "
       "holed rectangle C = 1 + w/h = 6, and both constants are attained: the chart gives "
       "ratios in [1/6, 1]; the chart followed by A = diag(2, ½) (κ = 2) gives [1/12, 2].",
       expected="corrected", corrects="blae.reading.thm3_euclidean_latent",
       evidence=("witness", "search", "proof"),
       source=("ours", "our corrected statement (the image's convexity defect)"),
       setting="exact")
def _thm3_fix(seed: int = 0):
    """Proof. Upper: the image of a d_M-geodesic has length ≤ κ d_M and is at least the chord.
    Lower: the image of x, y is joined in f(M) by a path of length ≤ C|f(x) − f(y)|; its
    preimage has length ≤ κ C |f(x) − f(y)| and is at least d_M(x, y). For the holed rectangle,
    a pair blocked by the hole has geodesic ≤ (w + h)/h times the chord, with equality for the
    midpoints of the two long sides (search below finds nothing larger)."""
    w, h = HOLE[1] - HOLE[0], HOLE[3] - HOLE[2]
    C = 1 + w / h
    j = Judge()
    r = _holed_ratios()
    j.close("chart: min ratio (grid) vs 1/C", r.min(), 1 / C, rtol=1e-12)
    j.close("chart: max ratio (grid) vs κ = 1", r.max(), 1.0, rtol=1e-12)
    rA = _holed_ratios(A=((2.0, 0.0), (0.0, 0.5)))
    j.close("A∘chart: min ratio vs 1/(κC) = 1/12", rA.min(), 1 / (2 * C), rtol=1e-12)
    j.close("A∘chart: max ratio vs κ = 2", rA.max(), 2.0, rtol=1e-12)
    rng = np.random.default_rng(seed)
    P = rng.uniform([-2, 0], [10, 6], (3000, 2))
    P = P[~((P[:, 0] > HOLE[0]) & (P[:, 0] < HOLE[1]) & (P[:, 1] > HOLE[2])
            & (P[:, 1] < HOLE[3]))]
    D = geodesic_holed(P[:800], P[800:1600])
    rr = np.linalg.norm(P[:800, None] - P[None, 800:1600], axis=2) / D
    j.ge("random search (800² pairs): min ratio ≥ 1/C", rr.min(), 1 / C, rtol=1e-12)
    return j.evidence(note=f"C = 1 + w/h = {C:g}; grid minima {r.min():.6f} and {rA.min():.6f}; "
                      f"random search min {rr.min():.4f} ≥ 1/6.")


@claim("blae.thm4.embedding_n_eq_2k", where="Thm 4 (Sec. 4); " + _SPEC,
       statement="A compact connected k-manifold admits a κ-bi-Lipschitz embedding into ℝⁿ for "
       "some n ≤ 2k. Witness (k = 1): S¹ ⊂ ℝ² with the arc metric has chord/arc ∈ [2/π, 1], "
       "so κ = π/2, attained by antipodal and by close pairs.", evidence=("witness",),
       source=("secondary", ("Thm 4 (an embedding into ℝⁿ for some n with k ≤ n ≤ 2k) as quoted "
                      "by the papernotes.org note on the ICLR 2026 paper (OpenReview "
                      "rl2dPJEk8b), which quotes the definitions and Theorems 1–4; the "
                      "paper body beyond the first page of the arXiv 2604.06701v1 HTML "
                      "was not seen; 'for some such n' is the charitable reading")),
       setting="exact")
def _thm4(seed: int = 0):
    N = 1000
    s = 2 * np.pi * np.arange(N) / N
    P = np.stack([np.cos(s), np.sin(s)], 1)
    d = np.abs(s[:, None] - s[None])
    arc = np.minimum(d, 2 * np.pi - d)
    iu = np.triu_indices(N, 1)
    r = np.linalg.norm(P[iu[0]] - P[iu[1]], axis=1) / arc[iu]
    j = Judge()
    j.close("min chord/arc vs 2/π (antipodes on the grid)", r.min(), 2 / np.pi, rtol=1e-12)
    j.close("max chord/arc vs 1 − O(1/N²)", r.max(), np.sin(np.pi / N) / (np.pi / N),
            rtol=1e-12)
    return j.evidence(note=f"N = {N}: ratios in [{r.min():.6f}, {r.max():.8f}].")


@claim("blae.reading.thm4_every_n_in_k_2k", where="Thm 4, 'k ≤ n ≤ 2k' (our quantifier 'every n')",
       statement="Our quantifier, not the paper's statement: read Thm 4 as 'for every n with "
       "k ≤ n ≤ 2k' (the headline reading 'for some such n' is blae.thm4.embedding_n_eq_2k, "
       "verified); then S¹ (k = 1) would admit a bi-Lipschitz (even a "
       "continuous injective) map into ℝ¹. Counterexample: every continuous f: S¹ → ℝ has "
       "f(s) = f(s + π) for some s (g(s) = f(s) − f(s + π) changes sign), located for 20 random "
       "Fourier f by brentq.", expected="reading_fails",
       corrected_by="blae.corrected.thm4_dimension", evidence=("witness", "proof"),
       source=("ours", ("the quantifier 'for every n with k ≤ n ≤ 2k' is ours, not the "
                 "paper's: the papernotes.org note on the ICLR 2026 paper "
                 "(OpenReview rl2dPJEk8b), which quotes the definitions and "
                 "Theorems 1–4; the paper body beyond the first page of the arXiv "
                 "2604.06701v1 HTML was not seen gives the range without saying "
                 "every; read 'for some such n' (Whitney's n = 2k) it holds "
                 "(blae.thm4.embedding_n_eq_2k)")),
       setting="exact")
def _thm4_bad(seed: int = 0):
    rng = np.random.default_rng(seed)
    worst = 0.0
    for _ in range(20):
        a, b = rng.normal(size=(2, 6)) / np.arange(1, 7)
        f = lambda s, a=a, b=b: sum(a[m] * np.cos((m + 1) * s) + b[m] * np.sin((m + 1) * s)
                                    for m in range(6))
        g = lambda s, f=f: f(s) - f(s + np.pi)
        if g(0.0) == 0:
            root = 0.0
        else:
            root = optimize.brentq(g, 0.0, np.pi, xtol=1e-15, rtol=1e-15)
        worst = max(worst, abs(g(root)) / np.pi)
    j = Judge()
    j.ge("max over f of |f(s*) − f(s* + π)| / d(s*, s* + π) ≥ 1/κ with κ = 10⁶", worst, 1e-6)
    return j.evidence(note=f"antipodal collisions: |f(s*) − f(s*+π)|/π ≤ {worst:.1e} for all 20 "
                      "f; no κ works.")


@claim("blae.corrected.thm4_dimension", where="Thm 4, corrected",
       statement="A κ-bi-Lipschitz embedding into ℝⁿ exists for n = 2k (Whitney + compactness), "
       "but the smallest n depends on M: S¹ needs n = 2 = 2k (κ = π/2 attained), while the "
       "holed Swiss roll (k = 2, with boundary) embeds in ℝ² = ℝᵏ by its chart with Euclidean "
       "κ = 6 exactly.", expected="corrected", corrects="blae.reading.thm4_every_n_in_k_2k",
       evidence=("witness", "proof"),
       source=("ours", "our sharpening of the dimension statement"),
       setting="exact")
def _thm4_fix(seed: int = 0):
    """Proof of n = k failing for S¹: g(s) = f(s) − f(s + π) satisfies g(s + π) = −g(s), so it
    vanishes somewhere (intermediate value theorem). The other two parts are witnesses."""
    j = Judge()
    s = 2 * np.pi * np.arange(1000) / 1000
    P = np.stack([np.cos(s), np.sin(s)], 1)
    i = np.arange(500)
    j.close("S¹ ⊂ ℝ²: antipodal chord/arc vs 2/π", np.linalg.norm(P[i] - P[i + 500], axis=1)
            / np.pi, 2 / np.pi, rtol=1e-12)
    r = _holed_ratios()
    j.close("holed roll → ℝ²: Euclidean κ = 1/min ratio vs 6", 1 / r.min(), 6.0, rtol=1e-12)
    return j.evidence(note="S¹: κ = π/2 in ℝ², none in ℝ; holed roll: κ = 6 in ℝ².")


@claim("blae.loss.bilip_zero_iff_band", where="Sec. 4, L_biLip; " + _SPEC,
       statement="L_biLip(κ) = E[ReLU(1/κ − σ_min)² + ReLU(σ_max − κ)²] vanishes iff σ(J) ⊂ "
       "[1/κ, κ]; for W = diag(3, 0.2) padded to 3×2 and κ = 2 it equals (0.5 − 0.2)² + "
       "(3 − 2)² = 1.09, with σ found by a direction search.",
       evidence=("independent", "witness"),
       source=("secondary", ("L_biLip as quoted by the papernotes.org note on the ICLR 2026 "
                      "paper (OpenReview rl2dPJEk8b), which quotes the definitions and "
                      "Theorems 1–4; the paper body beyond the first page of the arXiv "
                      "2604.06701v1 HTML was not seen")),
       setting="exact")
def _bilip(seed: int = 0):
    rng = np.random.default_rng(seed)
    W = np.array([[3.0, 0], [0, 0.2], [0, 0]])
    Q = np.linalg.qr(rng.normal(size=(3, 3)))[0]
    R = np.linalg.qr(rng.normal(size=(2, 2)))[0]
    W = Q @ W @ R
    th = np.linspace(0, np.pi, 200_001)
    norms = np.linalg.norm(W @ np.stack([np.cos(th), np.sin(th)]), axis=0)
    smin, smax = norms.min(), norms.max()
    j = Judge()
    j.close("L_biLip(rotated diag(3, .2), κ = 2) vs 1.09", bilip_loss(W, 2.0), 1.09, rtol=1e-12)
    j.close("L_biLip vs the formula on searched σ", bilip_loss(W, 2.0),
            (0.5 - smin) ** 2 + (smax - 2) ** 2, rtol=1e-6)
    edge = Q @ np.array([[2.0, 0], [0, 0.5], [0, 0]]) @ R
    j.close("σ at the band's ends (2, ½), κ = 2: loss + 1 vs 1", bilip_loss(edge, 2.0) + 1, 1.0,
            rtol=1e-12)
    out = Q @ np.array([[2.1, 0], [0, 0.45], [0, 0]]) @ R
    j.close("σ just outside (2.1, .45): loss vs .1² + .05²", bilip_loss(out, 2.0),
            0.01 + 0.0025, rtol=1e-9)
    return j.evidence(note=f"direction search σ = ({smin:.6f}, {smax:.6f}); loss 1.09.")


@claim("blae.code.bilip_term_equals_paper", where="README (L_bi-Lip) vs code (reg_grad='bi-lipschitz')",
       statement="The authors' README presents the σ-form L_biLip(κ) = E[ReLU(1/κ − σ_min(J_D))² + "
       "ReLU(σ_max(J_D) − κ)²] as what the official implementation trains; the Jacobian term of the "
       "default branch the code and the Swiss-roll notebook train with, ‖offdiag(JᵀJ)‖² + "
       "‖ReLU(diag(JᵀJ) − κ)‖² (lower side multiplied by 0), equals it. Counterexample J = "
       "diag(1, 0.01), κ = 1: code 0, README 0.9801. The code side is wrong: it drops the lower "
       "bound (and bounds diag(JᵀJ), i.e. squared column norms, by κ); the README's σ-form is the "
       "unused 'bi-lipschitz_dec' branch.",
       expected="refuted", corrected_by="blae.corrected.code_bilip_zero_set",
       evidence=("witness",),
       source=("code", ("conflict between the authors' own artefacts: "
                 "qipengz/BLAE@ef862cbd118f32d21ff96808e399fbe88c9e06f2:README.md:L8 ('Official "
                 "implementation') and README.md:L27-L31 (section '2. Bi-Lipschitz Regularization', "
                 "the σ_min/σ_max form) vs "
                 "qipengz/BLAE@06dcaa82d80c03f97a2f55d9e36e2c35dc73f2d5:trainers/trainers.py:L282 "
                 "(default reg_grad='bi-lipschitz'), trainers.py:L370-L384 (that branch; L382 "
                 "multiplies the lower side by 0, L381 keeps the two-sided version commented out), "
                 "trainers.py:L399-L410 (the σ-form, branch 'bi-lipschitz_dec', unused) and "
                 "swiss_roll.ipynb:L79 (trains with reg_grad='bi-lipschitz', L=1); trainers.py is "
                 "identical at ef862cbd")),
       setting="exact")
def _code_bad(seed: int = 0):
    J = np.diag([1.0, 0.01])
    j = Judge()
    j.close("code term vs paper loss at diag(1, .01), κ = 1", bilip_loss_code(J, 1.0),
            bilip_loss(J, 1.0), rtol=1e-6)
    return j.evidence(note=f"code {bilip_loss_code(J, 1.0):g}, README σ-form {bilip_loss(J, 1.0):.4f}.")


@claim("blae.corrected.code_bilip_zero_set", where="code, corrected",
       statement="The code's term vanishes iff J has orthogonal columns of norm ≤ √κ: it has no "
       "lower bound (diag(1, .01) is a zero although σ_min = .01) and its upper bound is √κ, not "
       "κ (diag(1.5, 1) with κ = 2 costs (2.25 − 2)² = 0.0625 while the paper's loss is 0).",
       expected="corrected", corrects="blae.code.bilip_term_equals_paper",
       evidence=("witness", "independent"),
       source=("ours", ("our characterisation of the zero set of the released Jacobian "
                 "term")),
       setting="exact")
def _code_fix(seed: int = 0):
    rng = np.random.default_rng(seed)
    j = Judge()
    Q = np.linalg.qr(rng.normal(size=(3, 3)))[0][:, :2]  # orthonormal columns
    Jz = Q @ np.diag([1.0, 0.01])
    j.close("orthogonal columns diag(1, .01): code + 1 vs 1", bilip_loss_code(Jz, 1.0) + 1, 1.0,
            rtol=1e-12)
    j.close("... while paper loss vs (1 − .01)²", bilip_loss(Jz, 1.0), 0.99**2, rtol=1e-9)
    J2 = Q @ np.diag([1.5, 1.0])
    j.close("diag(1.5, 1), κ = 2: code vs (2.25 − 2)²", bilip_loss_code(J2, 2.0), 0.0625,
            rtol=1e-9)
    j.close("diag(1.5, 1), κ = 2: paper + 1 vs 1", bilip_loss(J2, 2.0) + 1, 1.0, rtol=1e-12)
    Js = rng.normal(size=(50, 3, 2))
    ref = []
    for A in Js:
        G = A.T @ A
        ref.append(sum(G[a, b] ** 2 for a in range(2) for b in range(2) if a != b)
                   + sum(max(G[a, a] - 1.5, 0) ** 2 for a in range(2)))
    j.close("code term on 50 random J vs a scalar loop", bilip_loss_code(Js, 1.5), np.mean(ref),
            rtol=1e-12)
    return j.evidence(note="zero set = orthogonal columns with squared norms ≤ κ.")
