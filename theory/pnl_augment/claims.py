"""Registered claims of Hu & Sugiyama, PNL data augmentation (arXiv 2410.00718, ICLR 2026):
the log-linear model, the many-body m-projection (encoding) and its geometry.

The paper body was not seen (only the first page of the arXiv 2410.00718v2 HTML): the identities below are the standard
information geometry the paper builds on (Amari 2016; Sugiyama et al. 2017), stated as the
paper uses them, and checked against references computed another way (explicit poset sums,
cvxpy's maximum-entropy dual, L-BFGS, finite differences of ψ). All KL values are in nats.
"""

from __future__ import annotations

import itertools

import numpy as np

from theory.claims import Judge, claim
from theory.pnl_augment import (
    P_to_theta,
    body_mask,
    energy,
    eta,
    fisher,
    kl,
    m_project,
    mixed_coordinates,
    one_body_projection,
    pythagoras_residual,
    theta_to_P,
)
from theory.pnl_augment import _reference as ref
from theory.tolerances import EXACT, LP

SHAPE = (4, 2, 4, 2)  # sklearn digits 8×8 in the authors' reshaping style (their notebooks)


def random_P(rng, shape=SHAPE, scale: float = 0.6) -> np.ndarray:
    """A positive distribution with all interaction orders present: p ∝ exp(ζ θ), θ ~ N(0, s²)."""
    return theta_to_P(rng.normal(0.0, scale, shape))


def random_in_family(rng, mask, scale: float = 0.6) -> np.ndarray:
    th = np.where(mask, rng.normal(0.0, scale, mask.shape), 0.0)
    return theta_to_P(th)


@claim("pnl_augment.model.theta_eta_transforms", where='§3 log-linear model on posets; released ld.py (get_eta, get_h, get_Q)',
       evidence=("independent",),
       statement="On Ω = [4]×[2]×[4]×[2], θ = Möbius(log P) (first differences along every axis) "
       "equals the inclusion–exclusion sum Σ_S (−1)^{|S|} log p(x − e_S), Σ_{s≤x} θ(s) recovers "
       "log P up to −ψ at ⊥, η(x) = Σ_{s≥x} p(s) with η(⊥) = 1, and theta_to_P inverts P_to_theta.",
       source=('code', 'sleepymalc/Pseudo-Non-Linear@bd32a9cb5ab759ad8887d2be9ccc3d90fbb08a80:ld.py:L115-L171 (η as reverse cumulative sums, θ by differences, Q from θ)'),
       setting='exact')
def _transforms(seed: int = 0):
    rng = np.random.default_rng(seed)
    P = random_P(rng)
    th = P_to_theta(P)
    j = Judge()
    j.close("θ: first differences vs inclusion–exclusion sums", th, ref.mobius_brute(np.log(P)),
            atol=EXACT, rtol=EXACT)
    j.close("log P: explicit Σ_{s≤x} θ(s)", ref.lower_sum_brute(th), np.log(P), rtol=EXACT,
            atol=EXACT)
    j.close("η: reverse cumsums vs explicit Σ_{s≥x} p(s)", eta(P), ref.upper_sum_brute(P),
            rtol=EXACT, atol=EXACT)
    j.close("round trip theta_to_P(P_to_theta(P))", theta_to_P(th), P, rtol=EXACT, atol=1e-15)
    j.close("η(⊥) = 1", eta(P).flat[0], 1.0, rtol=EXACT)
    return j.evidence(note="random P ∝ exp(ζθ), θ ~ N(0, 0.36) on (4,2,4,2); transforms vs "
                      "explicit loops over the poset (16 subsets S per x, masks for s ≤ x, s ≥ x).")


@claim("pnl_augment.model.fisher_metric", where='Fisher metric of the log-linear model; released ld.py natural-gradient step', evidence=("independent",),
       statement="The Fisher information in θ coordinates is G_uv = ∂²ψ/∂θ_u∂θ_v = "
       "η(u∨v) − η_u η_v (∨ = componentwise max), which is also the covariance of the sufficient "
       "statistics 1{X ≥ u}, 1{X ≥ v}; checked over the 30 free 2-body coordinates of (4,2,4,2).",
       source=('code', "sleepymalc/Pseudo-Non-Linear@bd32a9cb5ab759ad8887d2be9ccc3d90fbb08a80:ld.py:L280-L291 (the Fisher matrix GG built from η(u∨v) − η_uη_v in LD's natural-gradient step)"),
       setting='exact')
def _fisher(seed: int = 0):
    rng = np.random.default_rng(seed)
    P = random_P(rng)
    th = P_to_theta(P)
    mask = body_mask(SHAPE, 2)
    mask.flat[0] = False
    idx = np.argwhere(mask)
    G = fisher(eta(P), mask)
    H = ref.psi_hessian_fd(th, idx, h=2e-4)
    C = ref.covariance_brute(P, idx)
    j = Judge()
    # central second differences: truncation ~h² ψ'''' ≈ 4e-8, rounding ~1e-16·ψ/h² ≈ 1e-8
    j.close("G vs second differences of ψ (h = 2e-4)", G, H, atol=3e-7)
    j.close("G vs Cov(1{X≥u}, 1{X≥v}) by explicit sums", G, C, rtol=EXACT, atol=EXACT)
    j.fact("G positive definite", bool(np.linalg.eigvalsh(G).min() > 0))
    return j.evidence(note=f"30×30 Fisher block; max |G − FD Hessian| = {np.abs(G - H).max():.1e}, "
                      f"|G − Cov| = {np.abs(G - C).max():.1e}; entries up to {np.abs(G).max():.2f}.")


@claim("pnl_augment.proj.eta_matching", where='§4 forward projection (energy minimisation)',
       evidence=("independent",),
       statement="The m-projection of P onto the ℓ-body family M_ℓ is unique and is characterised "
       "by η-matching: η_Q(x) = η_P(x) for every ℓ-body x; natural-gradient Newton from θ = 0 "
       "reaches the same Q as the maximum-entropy dual (cvxpy rel_entr) and as L-BFGS on the "
       "energy from random starting points.",
       source=('secondary', 'forward projection as m-projection onto a many-body submanifold, per the papernotes.org summaries of the ICLR 2026 camera-ready (en.papernotes.org/ICLR2026/learning_theory/pseudo-non-linear_data_augmentation_a_constrained_energy_minimization_viewpoint); printed wording not seen; η-matching is the standard characterisation (Amari 2016, Ch. 1)'),
       setting='exact')
def _eta_matching(seed: int = 0):
    rng = np.random.default_rng(seed)
    P = random_P(rng)
    j = Judge()
    for order in (1, 2):
        B = body_mask(SHAPE, order)
        Q, _ = m_project(P, order)
        Qc = ref.maxent_projection(P, B)
        j.close(f"ℓ={order}: Newton Q vs cvxpy max-entropy dual", Q, Qc, rtol=LP, atol=1e-9)
        j.close(f"ℓ={order}: η_Q = η_P on B", eta(Q)[B], eta(P)[B], rtol=EXACT, atol=EXACT)
        for _ in range(2):  # random restarts of an independent optimiser
            x0 = rng.normal(0.0, 1.0, int(B.sum()) - 1)
            Ql = ref.lbfgs_energy(np.zeros(SHAPE), B, eta(P), x0=x0)
            j.close(f"ℓ={order}: Newton Q vs L-BFGS from a random start", Q, Ql, rtol=1e-6,
                    atol=1e-9)
    return j.evidence(note="random P on (4,2,4,2); Clarabel at 1e-13 gaps; L-BFGS-B gtol 1e-14 from "
                      "N(0,1) starts; agreement shows the minimiser is one point (strict convexity, "
                      "G ≻ 0).")


@claim("pnl_augment.proj.one_body_is_outer_product", where='derived (ours) from the forward projection',
       evidence=("independent", "proof"), expected="extension",
       statement="The m-projection onto M₁ (1-body approximation) is the outer product of the "
       "marginals of P, Q = P₁ ⊗ … ⊗ P_d.",
       source=('ours', 'our derivation: the 1-body m-projection is the product of marginals'),
       setting='exact')
def _one_body(seed: int = 0):
    """Proof: log q(x) = Σ_{s≤x} θ(s) with θ supported on 1-body s is a sum of one-coordinate
    functions, so M₁ is the set of product distributions; its η-matching conditions
    η(i e_k) = P(X_k ≥ i) fix every marginal, and the product of P's marginals meets them."""
    rng = np.random.default_rng(seed)
    j = Judge()
    for shape in (SHAPE, (2, 3, 5), (7, 2, 2)):
        P = random_P(rng, shape)
        Q, _ = m_project(P, 1)
        O = one_body_projection(P)
        j.close(f"{shape}: Newton m-projection vs ⊗ marginals", Q, O, rtol=1e-12, atol=1e-15)
        j.close(f"{shape}: ⊗ marginals vs cvxpy max-entropy", O, ref.maxent_projection(P, body_mask(shape, 1)),
                rtol=LP, atol=1e-9)
    return j.evidence(note="three shapes (digits (4,2,4,2), breast_cancer (2,3,5), (7,2,2)).")


@claim("pnl_augment.proj.pythagoras", where='Amari (2016) Thm 1.2 as used in §4',
       evidence=("independent", "witness"),
       statement="For Q the m-projection of P onto M_ℓ and every R ∈ M_ℓ, "
       "KL(P‖R) = KL(P‖Q) + KL(Q‖R) (ℓ = 1, 2); for R outside M_ℓ it fails.",
       source=('secondary', "the Pythagorean theorem of Amari, Information Geometry and Its Applications (2016), Thm 1.2, which the paper uses per the papernotes.org summaries of the ICLR 2026 camera-ready (en.papernotes.org/ICLR2026/learning_theory/pseudo-non-linear_data_augmentation_a_constrained_energy_minimization_viewpoint); the paper's printed wording not seen"),
       setting='exact')
def _pythagoras(seed: int = 0):
    rng = np.random.default_rng(seed)
    P = random_P(rng)
    j = Judge()
    for order in (1, 2):
        B = body_mask(SHAPE, order)
        Q, _ = m_project(P, order)
        for r in range(3):
            R = random_in_family(rng, B)
            j.close(f"ℓ={order} R#{r}: KL(P,R) = KL(P,Q) + KL(Q,R)", kl(P, R), kl(P, Q) + kl(Q, R),
                    rtol=1e-12)
    Q1, _ = m_project(P, 1)
    R_out = random_P(rng)  # all orders present: not in M₁
    gap = pythagoras_residual(P, Q1, R_out)
    j.fact("witness R ∉ M₁ breaks the identity by > 1e-3 nats", abs(gap) > 1e-3)
    return j.evidence(note=f"3 random R per ℓ (θ_B ~ N(0, 0.36)); off the family the residual is "
                      f"{gap:+.3f} nats.")


@claim("pnl_augment.proj.nesting", where='many-body hierarchy M₁ ⊂ M₂ ⊂ …', evidence=("independent",),
       statement="KL(P‖Q_ℓ) is non-increasing in the order ℓ and is 0 for the full basis "
       "(ℓ = d): Q_d = P.",
       source=('secondary', 'the many-body hierarchy controlling the augmentation freedom, per the papernotes.org summaries of the ICLR 2026 camera-ready (en.papernotes.org/ICLR2026/learning_theory/pseudo-non-linear_data_augmentation_a_constrained_energy_minimization_viewpoint); printed wording not seen'),
       setting='exact')
def _nesting(seed: int = 0):
    rng = np.random.default_rng(seed)
    P = random_P(rng)
    j = Judge()
    kls = []
    for order in range(1, len(SHAPE) + 1):
        Q, _ = m_project(P, order)
        kls.append(kl(P, Q))
        if order < len(SHAPE):
            Qc = ref.maxent_projection(P, body_mask(SHAPE, order))
            j.close(f"KL(P‖Q_{order}) vs cvxpy dual", kls[-1], kl(P, Qc), rtol=1e-6)
        else:
            j.close("Q_d = P", Q, P, atol=1e-14, scale=float(P.max()))
    j.fact("non-increasing in ℓ", all(a >= b - 1e-14 for a, b in itertools.pairwise(kls)))
    return j.evidence(note="KL by order ℓ = 1..4: " + ", ".join(f"{v:.5f}" for v in kls) + " nats.")


@claim("pnl_augment.proj.energy_is_kl", where="title/abstract ('constrained energy minimisation')",
       evidence=("independent", "proof"),
       statement="For θ supported on B, KL(P‖Q_θ) = −H(P) + ψ(θ) − Σ_{x∈B∖⊥} θ_x η̂_x: the encoding "
       "minimises this energy, which is convex in θ_B with Hessian G_BB ≻ 0.",
       source=('abstract', 'arXiv 2410.00718 title and abstract (energy-based modelling; a constrained energy minimisation viewpoint); the identity energy = KL(P‖Q_θ) up to −H(P) is our derivation'),
       setting='exact')
def _energy(seed: int = 0):
    """Proof: log q_θ(x) = Σ_{s≤x} θ(s) − ψ(θ), so −Σ_x p(x) log q_θ(x) = ψ(θ) − Σ_s θ(s) η̂(s)
    (exchange the sums: Σ_x p(x) Σ_{s≤x} θ(s) = Σ_s θ(s) Σ_{x≥s} p(x)); add −H(P)."""
    rng = np.random.default_rng(seed)
    P = random_P(rng)
    B = body_mask(SHAPE, 2)
    j = Judge()
    for r in range(3):
        th = np.where(B, rng.normal(0.0, 0.8, SHAPE), 0.0)
        th.flat[0] = 0.0
        Q = theta_to_P(th)
        j.close(f"θ#{r}: energy formula vs Σ p log(p/q)", energy(th, P, B), kl(P, Q), rtol=1e-12)
        free = B.copy()
        free.flat[0] = False
        H = ref.psi_hessian_fd(th, np.argwhere(free), h=2e-4)
        j.fact(f"θ#{r}: FD Hessian of the energy is positive definite", np.linalg.eigvalsh(H).min() > 0)
    return j.evidence(note="3 random θ ∈ M₂ on (4,2,4,2); the Hessian (= G_BB) by finite differences.")


@claim("pnl_augment.proj.newton_quadratic", where='solver (the released code uses a fixed-lr natural gradient)',
       expected="extension", evidence=("independent",),
       statement="Natural gradient with unit step (Newton on the energy, with backtracking) "
       "converges from θ = 0 to the exact m-projection at machine precision (‖η_B − η̂_B‖_∞ ≤ 1e-13) "
       "in at most 25 iterations, with a superlinear tail (log g_{k+1} / log g_k ≥ 1.5 on the last "
       "step whose result g_{k+1} is above the rounding floor 1e-13).",
       source=('ours', 'our solver (Newton with backtracking); the released LD uses a fixed learning rate (sleepymalc/Pseudo-Non-Linear@bd32a9cb5ab759ad8887d2be9ccc3d90fbb08a80:ld.py:L173-L328)'),
       setting='exact')
def _newton(seed: int = 0):
    rng = np.random.default_rng(seed)
    j = Judge()
    orders = []
    for order in (1, 2):
        P = random_P(rng)
        Q, _, tr = m_project(P, order, return_trace=True)
        g = np.asarray(tr.grad_norms)
        k = int(np.flatnonzero(g >= 1e-13)[-1])  # last iterate above the rounding floor
        ratio = np.log(g[k]) / np.log(g[k - 1])
        orders.append(ratio)
        refQ = one_body_projection(P) if order == 1 else ref.maxent_projection(P, body_mask(SHAPE, 2))
        j.close(f"ℓ={order}: converged Q vs independent", Q, refQ,
                rtol=1e-12 if order == 1 else LP, atol=1e-15 if order == 1 else 1e-9)
        j.fact(f"ℓ={order}: converged within 25 iterations ({tr.iterations})",
               tr.converged and tr.iterations <= 25)
        j.fact(f"ℓ={order}: superlinear tail (order {ratio:.2f} ≥ 1.5)", ratio >= 1.5)
    return j.evidence(note="the released code takes fixed steps lr ∈ {0.1, 1} and stops at "
                      "1e-5 (see pnl_augment.code.encoder_default_tolerance). A first version "
                      "measured the order on the very last step, which lands on the rounding floor "
                      "(g ≈ 1e-16) and gave 1.40 for ℓ = 2; the statement now excludes that step.")


@claim("pnl_augment.proj.mixed_coordinates", where='backward projection onto an e-flat D',
       evidence=("independent",),
       statement="The m-projection of r onto the e-flat set D = {θ_A = c_A} is the unique q with "
       "θ_A(q) = c_A and η_{Aᶜ}(q) = η_{Aᶜ}(r) (mixed coordinates), and the Pythagorean identity "
       "KL(r‖s) = KL(r‖q) + KL(q‖s) holds for s ∈ D.",
       source=('secondary', "mixed coordinates and the m-projection onto an e-flat set (Amari 2016, Ch. 1); that the paper's decoder projects onto such a D is the θ-fixed reading of the papernotes.org summaries of the ICLR 2026 camera-ready (en.papernotes.org/ICLR2026/learning_theory/pseudo-non-linear_data_augmentation_a_constrained_energy_minimization_viewpoint); printed wording not seen"),
       setting='exact')
def _mixed(seed: int = 0):
    rng = np.random.default_rng(seed)
    r = random_P(rng)
    A = body_mask(SHAPE, 1)
    A.flat[0] = False
    c = np.where(A, rng.normal(0.0, 0.6, SHAPE), 0.0)
    q, _ = mixed_coordinates(c, A, eta(r))
    # dual route: e-project a point s0 ∈ D onto {η_{Aᶜ} = η_{Aᶜ}(r)} with cvxpy (convex in q)
    s0 = theta_to_P(c)
    qc = ref.e_projection_cvxpy(s0, ~A, eta(r))
    j = Judge()
    j.close("mixed-coordinate q vs cvxpy e-projection of s0 ∈ D onto {η_Aᶜ = η_Aᶜ(r)}", q, qc,
            rtol=LP, atol=1e-9)
    j.close("θ_A(q) = c_A", P_to_theta(q)[A], c[A], rtol=1e-10, atol=1e-12)
    free = ~A
    free.flat[0] = False
    j.close("η_{Aᶜ}(q) = η_{Aᶜ}(r)", eta(q)[free], eta(r)[free], rtol=EXACT, atol=EXACT)
    for t in range(2):
        th_s = np.where(A, c, rng.normal(0.0, 0.6, SHAPE))
        s = theta_to_P(th_s)
        j.close(f"s#{t} ∈ D: KL(r,s) = KL(r,q) + KL(q,s)", kl(r, s), kl(r, q) + kl(q, s), rtol=1e-12)
    return j.evidence(note="A = the 8 one-body coordinates of (4,2,4,2), c_A ~ N(0, 0.36). "
                      "A first version compared with scipy L-BFGS-B on the energy and failed: "
                      "L-BFGS matched KL(r‖q) to 5e-12 but q only to 4e-6 relative on small "
                      "entries (flat directions); the cvxpy dual is used instead.")


@claim("pnl_augment.model.many_body_counts", where='many-body approximation; released ld.default_B',
       evidence=("independent",), expected="extension",
       statement="|M₁| = 1 + Σ_k (I_k − 1) and |M₂| = |M₁| + Σ_{k<l}(I_k − 1)(I_l − 1): 17 for the "
       "MNIST shape (7,2,2,7,2,2), 9 for sonar (2,2,3,5), 9 and 31 of 64 for digits as (4,2,4,2), "
       "15 for digits as (8,8).",
       source=('ours', ('our closed form for the size of the ℓ-body index set that the released '
               'code builds (sleepymalc/Pseudo-Non-Linear@bd32a9cb5ab759ad8887d2be9ccc3d90fbb08a80:'
               'ld.py:L60-L73, default_B); neither the code nor any public text states these counts')),
       setting='exact')
def _counts():
    j = Judge()
    for shape in ((7, 2, 2, 7, 2, 2), (2, 2, 3, 5), (4, 2, 4, 2), (8, 8), (2, 3, 5)):
        m = np.asarray(shape) - 1
        one = 1 + int(m.sum())
        two = one + int((np.sum(m) ** 2 - np.sum(m ** 2)) // 2)
        j.close(f"{shape}: |M₁| formula vs enumeration", one, ref.count_bodies_brute(shape, 1))
        j.close(f"{shape}: |M₂| formula vs enumeration", two, ref.count_bodies_brute(shape, 2))
        j.close(f"{shape}: body_mask(·,1) count", int(body_mask(shape, 1).sum()), one)
    j.close("MNIST shape |M₁| = 17 (notebook prints 17)", 1 + 6 + 1 + 1 + 6 + 1 + 1, 17)
    return j.evidence(note="closed-form counts vs brute-force enumeration of multi-indices.")
