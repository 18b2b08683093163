"""Theory claims of the dispersion topic (Li, Li, Livescu, Zhou, arXiv 2506.24106, ICLR 2026).

The paper's body was not readable here: definitions come from the abstract, the authors' analysis code
(yanhong-lbh/rep_dispersion) and a public third-party summary of the camera-ready
(papernotes.org). Claims that rest on the summary say so. The closed forms (I1–I6) are checked against pair-by-pair sums, complex-step
derivatives, sympy and Monte Carlo of the released protocol.
"""

from __future__ import annotations

import numpy as np
import sympy as sp

from theory.claims import Judge, Unavailable, claim
from theory.dispersion import _reference as ref
from theory.dispersion import (
    binned_correlation,
    cross_dispersion,
    dispersion,
    g_statistic,
    implied_rho,
    inflation_closed_form,
    push_away_grad,
    push_away_loss,
)
from theory.tolerances import EXACT

_NOTE = ("Paper body not seen; definition from the released step3 code and a third-party note "
         "of the camera-ready (papernotes.org).")


def _sympy_pair_identity(N: int = 3, d: int = 2) -> bool:
    """Σ_{i≠j} u_i·u_j = N²‖m‖² − N on the unit sphere, symbolically (angles parametrise u_i)."""
    th = sp.symbols(f"t0:{N}", real=True)
    U = [sp.Matrix([sp.cos(t), sp.sin(t)]) for t in th]
    lhs = sum(U[i].dot(U[j]) for i in range(N) for j in range(N) if i != j)
    m = sum(U, sp.zeros(d, 1)) / N
    rhs = N**2 * m.dot(m) - N
    return sp.simplify(sp.expand_trig(lhs - rhs)) == 0


@claim("dispersion.I1.closed_form", where='definition of dispersion (abstract); closed form (ours)',
       evidence=("independent", "proof"), expected="extension",
       statement="Dispersion D = (N choose 2)⁻¹ Σ_{i<j}(1 − cos(E_i, E_j)) equals "
       "N/(N−1)·(1 − ‖m‖²), m the mean of the normalised vectors (an O(Nd) formula).",
       source=('ours', 'the O(Nd) closed form is our derivation; the definition it rewrites is the arXiv 2506.24106 abstract\'s (v1/v2: average pairwise cosine distance among hidden vectors) and the released step3 code\'s'),
       setting='exact')
def _closed_form(seed: int = 0):
    """Proof: Σ_{i≠j} u_i·u_j = ‖Σ u_i‖² − Σ‖u_i‖² = N²‖m‖² − N, so the mean of 1 − u_i·u_j over
    the N(N−1) ordered pairs is 1 − (N²‖m‖² − N)/(N(N−1)) = N/(N−1)(1 − ‖m‖²). Checked in sympy
    for N = 3 unit vectors in the plane, and numerically against the pair sum (math.fsum)."""
    rng = np.random.default_rng(seed)
    closed, brute = [], []
    for _ in range(200):
        N, d = int(rng.integers(2, 60)), int(rng.integers(1, 40))
        E = rng.normal(size=(N, d)) + rng.normal(size=d) * rng.uniform(0, 3)
        closed.append(dispersion(E))
        brute.append(ref.pair_sum_dispersion(E))
    j = Judge()
    j.close("closed form vs pair sum, 200 random sets (N ≤ 59, d ≤ 39)", closed, brute,
            rtol=1e-12, atol=1e-14)
    W = np.array([[1, 2, 0], [0, 1, 1], [3, -1, 2], [-1, .5, .5]], float)
    j.close("our witness: closed form vs 0.837872304488 (12 digits)", dispersion(W),
            0.837872304488, atol=5e-13)
    j.close("our witness: pair sum vs 0.837872304488", ref.pair_sum_dispersion(W),
            0.837872304488, atol=5e-13)
    j.fact("sympy: Σ_{i≠j} u_i·u_j − (N²‖m‖² − N) simplifies to 0 (N = 3, d = 2)",
           _sympy_pair_identity())
    err = float(np.max(np.abs(np.subtract(closed, brute))))
    return j.evidence(note=f"max |closed − pair sum| = {err:.1e} over 200 sets with shifted "
                      f"means (D from {min(brute):.3f} to {max(brute):.3f}). {_NOTE}")


@claim("dispersion.I2.range", where='definition of dispersion (abstract); range (ours)', evidence=("witness", "proof", "search"),
       expected="extension",
       statement="0 ≤ D ≤ N/(N−1); D = 0 iff all directions coincide, D = N/(N−1) iff m = 0; "
       "N orthonormal vectors give D = 1.",
       source=('ours', "our derivation from the abstract's definition"),
       setting='exact')
def _range(seed: int = 0):
    """Proof: 0 ≤ ‖m‖² ≤ 1 (triangle inequality, equality iff all u_i equal) and (I1)."""
    rng = np.random.default_rng(seed)
    j = Judge()
    d = 7
    simplex = np.eye(d + 1) - 1.0 / (d + 1)  # N = d+1 centred basis vectors: Σ u_i = 0
    N = d + 1
    j.close("regular simplex (m = 0): pair sum vs N/(N−1)", ref.pair_sum_dispersion(simplex),
            N / (N - 1), rtol=EXACT)
    j.close("8 orthonormal vectors: pair sum vs 1", ref.pair_sum_dispersion(np.eye(8)), 1.0,
            rtol=EXACT)
    same = np.outer(rng.uniform(0.5, 2, size=6), rng.normal(size=5))
    j.close("6 positive multiples of one vector: pair sum vs 0",
            ref.pair_sum_dispersion(same), 0.0, atol=1e-15, scale=1.0)
    worst_hi, worst_lo = 0.0, np.inf
    for _ in range(2000):
        n, dd = int(rng.integers(2, 12)), int(rng.integers(1, 6))
        E = rng.normal(size=(n, dd))
        E[: n // 2] *= -1 if rng.random() < 0.5 else 1
        r = dispersion(E, "pairs") * (n - 1) / n
        worst_hi, worst_lo = max(worst_hi, r), min(worst_lo, r)
    j.le("search: max of D·(N−1)/N over 2000 random sets", worst_hi, 1.0, atol=1e-12)
    j.ge("search: min of D over 2000 random sets", worst_lo, 0.0, scale=1.0)
    return j.evidence(note=f"Both ends attained by witnesses; the search of 2000 small sets "
                      f"(N ≤ 11, d ≤ 5, half sign-flipped) reached D(N−1)/N = {worst_hi:.4f} "
                      f"and min {worst_lo:.4f}.")


@claim("dispersion.I2.rank_one_maximum", where="abstract, sentence 1 (representations spread out); our witness",
       expected="extension", evidence=("witness",),
       statement="Maximal dispersion N/(N−1) is attained by a rank-1 set (5 copies each of e₁ and "
       "−e₁ give 10/9), above N orthonormal vectors (full rank, D = 1): D measures the mean "
       "resultant length, not rank or breadth.",
       source=('ours', "our witness, against the abstract's reading of dispersion as the breadth of the embedding space"),
       setting='exact')
def _rank_one():
    E = np.vstack([np.tile([1.0, 0, 0, 0], (5, 1)), np.tile([-1.0, 0, 0, 0], (5, 1))])
    j = Judge()
    j.close("antipodal ±e₁ (N = 10): pair sum vs 10/9", ref.pair_sum_dispersion(E), 10 / 9,
            rtol=EXACT)
    j.fact("the antipodal set has rank 1", np.linalg.matrix_rank(E) == 1)
    j.ge("D(antipodal, rank 1) vs D(10 orthonormal, rank 10) = 1",
         ref.pair_sum_dispersion(E), ref.pair_sum_dispersion(np.eye(10)), rtol=0.1)
    return j.evidence(note="D = 1.1111 at rank 1 vs D = 1 at rank 10. The paper's wording "
                      "(representations 'spread out') rests on our reading of the public summary.")


@claim("dispersion.code.step3_formula", where='released step3_compute_dispersion_and_plot.py',
       evidence=("independent",),
       statement="The released formula (one minus the mean of the strict upper triangle of the "
       "cosine matrix of a chunk's 512 token states) equals D as defined, and so its closed form.",
       source=('code', "yanhong-lbh/rep_dispersion@f894486934a49a35ca88d6b521bf56f32e871807:analysis/step3_compute_dispersion_and_plot.py:L58-L74 (normalise a chunk's final-layer states, 1 − mean of the strict upper triangle of the cosine matrix, mean over a group)"),
       setting='exact')
def _step3(seed: int = 0):
    rng = np.random.default_rng(seed)
    vals, closed = [], []
    for k in range(5):
        E = rng.normal(size=(512, 64)) + rng.normal(size=64) * (0.5 * k)  # anisotropy grows
        vals.append(ref.step3_formula(E))
        closed.append(dispersion(E))
    j = Judge()
    j.close("step3 triu-mean vs closed form, 5 chunks of 512 × 64", vals, closed, rtol=1e-11)
    return j.evidence(note=f"D from {min(vals):.3f} to {max(vals):.3f}; the transcription uses "
                      "the cosine matrix, the closed form only the mean resultant.")


@claim("dispersion.I3.cross_closed_form", where='push-away, cross-domain variant (as summarised); closed form (ours)',
       evidence=("independent", "proof"), expected="extension",
       statement="Cross-domain dispersion mean_{i∈A, j∈B}(1 − u_i·v_j) equals 1 − m_A·m_B.",
       source=('ours', "the closed form is ours; the cross-domain term it rewrites is as given by the papernotes.org summary of the ICLR 2026 camera-ready (en.papernotes.org/ICLR2026/interpretability/on_the_predictive_power_of_representation_dispersion_in_language_models); printed wording not seen"),
       setting='exact')
def _cross(seed: int = 0):
    """Proof: mean over i, j of u_i·v_j = (mean u)·(mean v) by bilinearity."""
    rng = np.random.default_rng(seed)
    c, b = [], []
    for _ in range(100):
        na, nb, d = (int(x) for x in rng.integers(1, 30, size=3))
        A = rng.normal(size=(na, d)) + rng.normal(size=d)
        B = rng.normal(size=(nb, d)) + rng.normal(size=d)
        c.append(cross_dispersion(A, B))
        b.append(ref.pair_sum_cross(A, B))
    j = Judge()
    j.close("closed form vs pair sum, 100 random pairs of sets", c, b, rtol=1e-12, atol=1e-14)
    return j.evidence(note=f"d_AB from {min(b):.3f} to {max(b):.3f}; max error "
                      f"{np.max(np.abs(np.subtract(c, b))):.1e}.")


@claim("dispersion.I4.push_gradient", where='push-away loss L = L_CE + λ·L_aux (as summarised); gradient (ours)',
       evidence=("independent",), expected="extension",
       statement="The push-away loss L_aux = −d_avg has gradient (2/(B−1))(m − (u_i·m)u_i)/‖h_i‖ "
       "in h_i, and 2(Bm − u_i)/(B(B−1)) in u_i when written as a pair sum: every vector is "
       "pushed away from the one common direction m.",
       source=('ours', 'the gradient is ours; L_aux = −d_avg with the B(B−1) pair normalisation as given by the papernotes.org summary of the ICLR 2026 camera-ready (en.papernotes.org/ICLR2026/interpretability/on_the_predictive_power_of_representation_dispersion_in_language_models); printed wording not seen'),
       setting='exact')
def _grad(seed: int = 0):
    rng = np.random.default_rng(seed)
    j = Judge()
    errs = []
    for k in range(4):
        B, d = 3 + 4 * k, 2 + 3 * k
        H = rng.normal(size=(B, d)) + rng.normal(size=d)
        g_cs = ref.complex_step_grad(ref.pair_loss_analytic, H)
        j.close(f"∂L/∂h closed form vs complex step (B = {B}, d = {d})", push_away_grad(H), g_cs,
                rtol=1e-10, atol=1e-13)
        j.close(f"L_aux closed form vs pair sum (B = {B})", push_away_loss(H),
                float(np.real(ref.pair_loss_analytic(H))), rtol=1e-12)
        U = H / np.linalg.norm(H, axis=1, keepdims=True)
        m = U.mean(axis=0)
        gu = ref.complex_step_grad(ref.pair_loss_in_u, U)
        j.close(f"∂L/∂u (pair-sum form) vs 2(Bm − u_i)/(B(B−1)) (B = {B})", gu,
                2 * (B * m[None, :] - U) / (B * (B - 1)), rtol=1e-10, atol=1e-13)
        errs.append(float(np.max(np.abs(push_away_grad(H) - g_cs))))
    return j.evidence(note=f"complex step h = 1e-30 on the analytic pair-sum loss; max |Δ∇| = "
                      f"{max(errs):.1e}. Which vectors enter the loss is not published (our "
                      "reading: any set of B vectors).")


@claim("dispersion.I4.step_raises_dispersion", where='push-away (as summarised); first-order effect (ours)',
       expected="extension", evidence=("independent",),
       statement="A gradient step of size η on L_aux raises the dispersion of the same B vectors "
       "by η‖∇_H L_aux‖²_F to first order (D = −L_aux), so push-away is steepest ascent of D.",
       source=('ours', 'our first-order derivation for the summarised L_aux'),
       setting='exact')
def _step(seed: int = 0):
    rng = np.random.default_rng(seed)
    j = Judge()
    ratios, preds = [], []
    for _ in range(5):
        B, d = int(rng.integers(3, 20)), int(rng.integers(2, 10))
        H = rng.normal(size=(B, d)) + 2 * rng.normal(size=d)
        g = push_away_grad(H)
        eta = 1e-5
        fd = (dispersion(H - eta * g) - dispersion(H + eta * g)) / (2 * eta)
        ratios.append(fd)
        preds.append(float(np.sum(g * g)))
    j.close("central difference of D along −∇L vs ‖∇L‖²_F", ratios, preds, rtol=1e-6)
    j.fact("D rises along −∇L in all 5 sets", all(r > 0 for r in ratios))
    return j.evidence(note="D = −L_aux exactly for the same B vectors, so the directional "
                      "derivative of D along −∇L is ‖∇L‖²_F; checked by central differences "
                      "(η = 1e-5) on 5 random sets.")


@claim("dispersion.I5.G_closed_form", where='model selection statistic G (as summarised); closed forms (ours)',
       evidence=("independent",), expected="extension",
       statement="G = within(T) + between(T, T̄) on unembedding rows, with within(T) = "
       "n_T/(n_T−1)(1 − ‖m_T‖²) and between = 1 − m_T·m_T̄ (our reading of within/between).",
       source=('ours', 'within/between and their closed forms are our reading; G = within(T) + between(T, T̄) on unembedding rows as given by the papernotes.org summary of the ICLR 2026 camera-ready (en.papernotes.org/ICLR2026/interpretability/on_the_predictive_power_of_representation_dispersion_in_language_models); printed wording not seen'),
       setting='exact')
def _G(seed: int = 0):
    rng = np.random.default_rng(seed)
    W = rng.normal(size=(300, 32)) + 0.7 * rng.normal(size=32)
    T = np.arange(10)
    Tb = np.arange(10, 300)
    g = g_statistic(W, T, Tb)
    j = Judge()
    j.close("within(T) vs pair sum", g["within"], ref.pair_sum_dispersion(W[T]), rtol=1e-12)
    j.close("between(T, T̄) vs pair sum", g["between"], ref.pair_sum_cross(W[T], W[Tb]),
            rtol=1e-12)
    return j.evidence(note=f"10 'digit' rows vs 290 general rows: within {g['within']:.4f}, "
                      f"between {g['between']:.4f}. The summary does not define within/between: "
                      "our reading (the paper's own definition may differ).")


_RHOS = (-0.05, -0.1, -0.2, -0.3)


@claim("dispersion.I6.binning_inflation", where='analysis protocol of the released step2/step3 code; inflation (ours)',
       expected="extension", evidence=("independent", "proof"),
       statement="Grouping chunks by the sorting variable into groups of G and correlating group "
       "means turns a per-chunk (bivariate normal) correlation ρ into "
       "r_bin = ρs/√(ρ²s² + (1−ρ²)/G), s² the share of variance between groups.",
       source=('ours', 'our closed form for the released binning protocol (yanhong-lbh/rep_dispersion@f894486934a49a35ca88d6b521bf56f32e871807:analysis/step2_group_and_sample.py:L40-L89: sort by PPL, groups of 100, 100 groups picked near linspace targets)'),
       setting='exact')
def _inflation(seed: int = 0):
    """Proof: x = ρz + √(1−ρ²)ε, ε ⟂ z; grouping by z keeps ε̄_b ~ N(0, 1/G) independent of
    z̄_b, so Cov(z̄, x̄) = ρs², Var(x̄) = ρ²s² + (1−ρ²)/G, Var(z̄) = s²."""
    rng = np.random.default_rng(seed)
    mc, se, closed = [], [], []
    for rho in _RHOS:
        m, s, s2 = ref.binning_monte_carlo(rho, 100, 400_000, 8, rng)
        mc.append(m)
        se.append(s)
        closed.append(inflation_closed_form(rho, 100, s2))
    j = Judge()
    for rho, c, m, e in zip(_RHOS, closed, mc, se):
        j.close(f"ρ = {rho}: closed form vs Monte Carlo (4000 groups of 100, 8 replications), "
                "within 4 s.e.", c, m, atol=4 * e)
    return j.evidence(note="ρ = " + ", ".join(f"{r}: MC {m:.4f} ± {s:.4f}, closed {c:.4f}"
                      for r, m, s, c in zip(_RHOS, mc, se, closed)) + ". The Monte Carlo "
                      "runs the protocol on raw chunks (sort, group, average, Pearson).")


@claim("dispersion.fig1.binned_r_is_per_chunk",
       where='binned PPL-vs-dispersion figures, numbers not seen (r ≈ −0.62 … −0.92)',
       expected="reading_fails", corrected_by="dispersion.I6.implied_rho",
       evidence=("witness", "independent"), statement="A binned Pearson r ≤ −0.62 (the released protocol: groups of 100 chunks by PPL, "
       "uniform pick of 100 groups, PPL < 25) indicates a strong per-chunk association, "
       "|ρ(D, log PPL)| ≥ 0.5.",
       source=('ours', "our less charitable reading of the binned r (r ≈ −0.62 to −0.92 as reported by the papernotes.org summary of the ICLR 2026 camera-ready (en.papernotes.org/ICLR2026/interpretability/on_the_predictive_power_of_representation_dispersion_in_language_models), printed wording not seen) as a statement about single chunks; the released code works on means of 100-chunk PPL groups (yanhong-lbh/rep_dispersion@f894486934a49a35ca88d6b521bf56f32e871807:analysis/step2_group_and_sample.py:L40-L89 groups and picks; analysis/step3_compute_dispersion_and_plot.py:L51-L79 averages per-chunk D within a group, L85-L108 filters mean PPL < 25 and plots group means; it computes no r itself)"),
       setting='exact')
def _binned_vs_chunk(seed: int = 0):
    rng = np.random.default_rng(seed)
    n, rho = 100_000, -0.1
    z = rng.standard_normal(n)
    D = 0.5 + 0.05 * (rho * z + np.sqrt(1 - rho**2) * rng.standard_normal(n))
    ppl = np.exp(np.log(12.0) + 0.45 * z)
    b = binned_correlation(D, ppl, group=100, uniform_pick=100, ppl_max=25.0)
    per_chunk = abs(float(np.corrcoef(D, np.log(ppl))[0, 1]))
    j = Judge()
    j.le("witness: binned r of the released protocol vs −0.62", b.r, -0.62)
    j.ge("witness: per-chunk |ρ(D, log PPL)| vs 0.5 (the statement)", per_chunk, 0.5)
    return j.evidence(note=f"n = 100,000 chunks, log PPL ~ N(log 12, 0.45²), per-chunk ρ = "
                      f"{rho}: the released protocol gives r = {b.r:.3f} over {b.n_groups} "
                      f"groups while the per-chunk |ρ| is {per_chunk:.3f}.")


@claim("dispersion.I6.implied_rho",
       where='binned PPL-vs-dispersion figures, protocol; implied per-chunk ρ (ours)',
       expected="corrected", evidence=("proof", "independent"),
       statement="Under bivariate normality and G = 100, the reported binned r ∈ [−0.92, −0.62] "
       "corresponds to a per-chunk |ρ| = √(r²/(G s²(1−r²) + r²)) ∈ [0.079, 0.229] (s² ≈ 1).",
       source=('ours', 'our inversion of the binning closed form under bivariate normality'),
       setting='exact')
def _implied(seed: int = 0):
    rng = np.random.default_rng(seed)
    r, rho, G, s = sp.symbols("r rho G s", positive=True)
    fwd = rho * s / sp.sqrt(rho**2 * s**2 + (1 - rho**2) / G)
    inv = sp.sqrt(r**2 / (G * s**2 * (1 - r**2) + r**2))
    j = Judge()
    j.fact("sympy: forward(inverse(r)) − r simplifies to 0 for 0 < r < 1",
           sp.simplify(fwd.subs(rho, inv) - r) == 0)
    targets = np.array([-0.62, -0.92])
    rhos = implied_rho(targets, 100)
    j.close("implied |ρ| at r = −0.62, −0.92 vs our earlier 0.079, 0.229 (3 digits)",
            np.abs(rhos), [0.079, 0.229], atol=6e-4)
    mc, se = [], []
    for rr in rhos:
        m, e, _ = ref.binning_monte_carlo(float(rr), 100, 400_000, 8, rng)
        mc.append(m)
        se.append(e)
    for t, m, e in zip(targets, mc, se):
        j.close(f"Monte Carlo binned r at the implied ρ vs the target r = {t}, within 4 s.e.",
                m, t, atol=4 * e)
    return j.evidence(note=f"implied ρ = {rhos[0]:.4f}, {rhos[1]:.4f}; binned r simulated "
                      f"there: {mc[0]:.4f} ± {se[0]:.4f}, {mc[1]:.4f} ± {se[1]:.4f}.")


@claim("dispersion.paper.correlation_pretrained",
       where='binned PPL-vs-dispersion figures, numbers not seen (LLaMA, Qwen, other families)',
       expected="unavailable", evidence=("observation",),
       statement="Higher dispersion goes with lower perplexity on pretrained LLMs (binned r ≈ "
       "−0.62 … −0.92 on Wikipedia, news, medical text), stronger in deeper layers.",
       source=('abstract', 'arXiv 2506.24106 abstract: dispersion correlates strongly and negatively with perplexity across model families (LLaMA, Qwen, …) and domains (Wikipedia, news, scientific abstracts); the r range and the depth trend per the papernotes.org summary of the ICLR 2026 camera-ready (en.papernotes.org/ICLR2026/interpretability/on_the_predictive_power_of_representation_dispersion_in_language_models)'),
       setting='exact')
def _pretrained():
    raise Unavailable("needs pretrained LLaMA/Qwen/Phi/Mistral weights and their corpora, none "
                      "available offline; the byte-level analogue is numerics/dispersion "
                      "(dispersion.light.*)")


@claim("dispersion.paper.knn_sublayer", where='kNN-LM sub-layer selection (as summarised)',
       expected="unavailable", evidence=("observation",),
       statement="The attention sub-layer output has higher dispersion than the FFN sub-layer "
       "output (e.g. GPT2-medium 0.66 vs 0.19) and is the better kNN-LM key.",
       source=('secondary', 'the kNN-LM key selection (abstract) with the sub-layer dispersions (e.g. GPT2-medium 0.66 vs 0.19) reported by the papernotes.org summary of the ICLR 2026 camera-ready (en.papernotes.org/ICLR2026/interpretability/on_the_predictive_power_of_representation_dispersion_in_language_models); printed wording not seen'),
       setting='exact')
def _knn():
    raise Unavailable("needs GPT-2 weights and a kNN-LM datastore; not available offline")
