"""Claims of the JARF paper about EJOPs, finite differences and the preconditioner.

Rauniyar, *Jacobian-Aligned Random Forests* (arXiv 2512.08306, ICLR 2026, OpenReview
lpYHuxPEXV). The paper body was not readable here (only the abstract of the arXiv HTML): the
method's formulas come from two public third-party summaries (papernotes.org, themoonlight.io)
and the public reviews, so every statement about what the paper says rests on our reading of
them (source ``secondary``/``abstract``); derived facts are ``ours``.
"""

from __future__ import annotations

import functools

import mpmath as mp
import numpy as np
import sympy as sp
from scipy.special import roots_legendre
from scipy.stats import norm

from theory.claims import Judge, Unavailable, claim
from theory.jarf import (
    MAD_CONSTANT,
    central_difference,
    egop_single_index,
    ejop_from_jacobians,
    fd_error_coefficient,
    forward_difference,
    mad_steps,
    precondition,
    principal_angles,
    single_index_coefficient,
    step_zero_fraction,
)
from theory.tolerances import EXACT, QUADRATURE

_W = np.array([1.0, -2.0, 0.5, 0.0, 1.5])  # our witness direction, s = 2.738613


def _mp_coefficient(s: float, link: str) -> float:
    """E[g'(sZ)²] by mpmath at 30 digits (an independent quadrature from scipy's)."""
    with mp.workdps(30):
        s = mp.mpf(s)
        if link == "tanh":
            def g(z):
                return mp.sech(s * z) ** 4 * mp.npdf(z)
        else:
            def g(z):
                p = 1 / (1 + mp.e ** (-s * z))
                return (p * (1 - p)) ** 2 * mp.npdf(z)
        return float(mp.quad(g, [-mp.inf, -3, -1, 0, 1, 3, mp.inf]))


def _mc_top_eigenvalue(w, link, n, rng):
    """Top eigenvalue of the MC EJOP from exact gradients, with its standard error."""
    X = rng.standard_normal((n, w.size))
    t = X @ w
    if link == "tanh":
        J = ((1 - np.tanh(t) ** 2)[:, None] * w)[:, :, None]
    else:
        sig = 0.5 * (1 + np.tanh(t / 2))
        g1 = (sig * (1 - sig))[:, None] * w
        J = np.stack([-g1, g1], axis=2)  # both class columns
    H = ejop_from_jacobians(J)
    # top eigenvalue of a rank-one EJOP = mean of ‖G_i‖_F²; its s.e. from the same terms
    per = np.einsum("idc,idc->i", J, J)
    return float(np.linalg.eigvalsh(H)[-1]), float(per.std() / np.sqrt(n))


@claim("jarf.egop.single_index_tanh", where='Definition: EJOP (papernotes.org summary, Key Designs 1; section number not seen); index models as the motivating case',
       statement='For f(x) = tanh(wᵀx), x ~ N(0, I_d): H0 = E[sech⁴(‖w‖Z)]·wwᵀ (rank one, range span(w)); at our witness w = (1, −2, 0.5, 0, 1.5), c = 0.190209.',
       evidence=("independent",),
       source=('secondary', 'the EJOP definition H0 = Σ_c E[∇f_c ∇f_cᵀ] as given by the themoonlight.io literature review of arXiv 2512.08306 and the papernotes.org summary of the ICLR 2026 camera-ready (en.papernotes.org/ICLR2026/optimization/jacobian_aligned_random_forests); printed wording not seen; the index model and witness w are ours'),
       setting='exact')
def _single_index_tanh(seed: int = 0):
    rng = np.random.default_rng(seed)
    s = float(np.linalg.norm(_W))
    H = egop_single_index(_W, "tanh")
    c = single_index_coefficient(s, "tanh")
    j = Judge()
    j.close("c: scipy adaptive quad vs mpmath (30 digits)", c, _mp_coefficient(s, "tanh"),
            rtol=QUADRATURE)
    j.close("c vs our 6-digit witness value 0.190209", c, 0.190209, rtol=5e-6)
    top, se = _mc_top_eigenvalue(_W, "tanh", 200_000, rng)
    lam = np.linalg.eigvalsh(H)
    j.close("top eigenvalue: closed form vs MC of exact gradients (2e5, 4 s.e.)", lam[-1], top,
            atol=4 * se)
    j.fact("rank one: other eigenvalues ≤ 1e-12·top", bool(np.all(np.abs(lam[:-1])
                                                                  <= 1e-12 * lam[-1])))
    j.close("top eigenvector ∥ w (principal angle, degrees)",
            principal_angles(np.linalg.eigh(H)[1][:, -1], _W)[0], 0.0, atol=1e-6, scale=90.0)
    return j.evidence(note=f"c = {c:.12f}; MC top eigenvalue {top:.5f} ± {se:.5f} vs "
                      f"{lam[-1]:.6f}.")


@claim("jarf.ejop.logistic_binary", where='Definition: EJOP (papernotes.org summary, Key Designs 1; section number not seen): EJOP of a classifier, summed over class columns',
       statement="For the binary logistic model (1 − σ(wᵀx), σ(wᵀx)), x ~ N(0, I), the EJOP summed over both class columns is 2E[σ'(‖w‖Z)²]·wwᵀ (2E = 0.044921 at our witness w).", evidence=("independent",),
       source=('secondary', 'the EJOP definition (sum over the C class columns) from the themoonlight.io literature review of arXiv 2512.08306; printed wording not seen; the logistic model is our witness'),
       setting='exact')
def _logistic_binary(seed: int = 0):
    rng = np.random.default_rng(seed)
    s = float(np.linalg.norm(_W))
    H = egop_single_index(_W, "logistic")
    two_c = 2 * single_index_coefficient(s, "logistic")
    j = Judge()
    j.close("2E[σ'²]: scipy quad vs mpmath", two_c, 2 * _mp_coefficient(s, "logistic"),
            rtol=QUADRATURE)
    j.close("2E[σ'²] vs our 6-digit value 0.044921", two_c, 0.044921, rtol=2e-5)
    top, se = _mc_top_eigenvalue(_W, "logistic", 200_000, rng)
    j.close("top eigenvalue vs MC with both class columns (4 s.e.)",
            np.linalg.eigvalsh(H)[-1], top, atol=4 * se)
    return j.evidence(note=f"2E[σ'²] = {two_c:.10f}; top eigenvalue "
                      f"{np.linalg.eigvalsh(H)[-1]:.6f} vs MC {top:.6f} ± {se:.6f}.")


@functools.lru_cache(maxsize=1)
def _xor_inner() -> float:
    """m = 16·E[σ'(4ab)² b²], a, b iid N(0,1): 200×200 Gauss–Legendre on one quadrant [0, 9]²
    (×4 by symmetry; the tail beyond 9 is < 1e-17). Agrees with a 15-digit mpmath 2-D quad
    (0.199102220229365, 100 s) to 2e-14."""
    x, w = roots_legendre(200)
    a, wa = 4.5 * (x + 1), 4.5 * w
    A, B = np.meshgrid(a, a, indexing="ij")
    p = 0.5 * (1 + np.tanh(2 * A * B))
    f = 16 * (p * (1 - p)) ** 2 * B * B * np.exp(-(A * A + B * B) / 2) / (2 * np.pi)
    return float(4 * wa @ f @ wa)


@claim("jarf.egop.multi_index_xor", where='Definition: EJOP (papernotes.org summary, Key Designs 1; section number not seen); a two-index XOR witness of ours',
       statement="For p = σ(4(w₁ᵀx)(w₂ᵀx)) with orthonormal w₁, w₂ and x ~ N(0, I₅) the EJOP "
       "(both class columns) has rank 2 and range span(w₁, w₂); by symmetry its two nonzero "
       "eigenvalues are equal, 2m with m = 16E[σ'(4ab)²b²].", evidence=("independent", "proof"),
       source=('secondary', 'the EJOP definition from the themoonlight.io literature review of arXiv 2512.08306; printed wording not seen; the XOR model is our witness'),
       setting='exact')
def _multi_index_xor(seed: int = 0):
    """Proof: ∇p = σ'(4ab)·4(b w₁ + a w₂) with a = w₁ᵀx, b = w₂ᵀx, so every gradient lies in
    span(w₁, w₂); the inner 2×2 matrix 16E[σ'²(b, a)(b, a)ᵀ] has equal diagonal (a ↔ b) and zero
    off-diagonal (odd in a at fixed |ab|... σ'(4ab)² is even under a → −a, ab is odd)."""
    rng = np.random.default_rng(seed)
    d, n = 5, 200_000
    W = np.linalg.qr(rng.standard_normal((d, 2)))[0]
    X = rng.standard_normal((n, d))
    a, b = X @ W[:, 0], X @ W[:, 1]
    p = 0.5 * (1 + np.tanh(2 * a * b))
    g1 = (4 * p * (1 - p))[:, None] * (b[:, None] * W[:, 0] + a[:, None] * W[:, 1])
    J = np.stack([-g1, g1], axis=2)
    H = ejop_from_jacobians(J)
    lam, V = np.linalg.eigh(H)
    m = _xor_inner()
    # s.e. of the eigenvalues ≈ s.e. of the projected quadratic forms w_kᵀ H w_k
    q1 = 2 * (g1 @ W[:, 0]) ** 2
    se = float(q1.std() / np.sqrt(n))
    j = Judge()
    j.close("two nonzero eigenvalues vs 2m by Gauss–Legendre (4 s.e.)", lam[-2:], 2 * m, atol=4 * se)
    j.fact("other eigenvalues ≤ 1e-12·top", bool(np.all(np.abs(lam[:-2]) <= 1e-12 * lam[-1])))
    ang = principal_angles(V[:, -2:], W)
    j.close("principal angles top-2 eigvecs vs W (degrees)", ang.max(), 0.0, atol=1e-5,
            scale=90.0)
    return j.evidence(note=f"m = {m:.8f} (Gauss–Legendre); MC eigenvalues {lam[-2]:.5f}, "
                      f"{lam[-1]:.5f} vs 2m = {2 * m:.5f} (s.e. {se:.5f}); a one-column "
                      "(σ only) EJOP has eigenvalues m.")


@claim("jarf.ejop.equivariance", where='derived (ours) from the EJOP definition', expected="extension",
       statement="For exact gradients, rotating the inputs (f̃(x) = f(Qᵀx), x ~ N(0, I), Q "
       "orthogonal) maps H0 to QH0Qᵀ.", evidence=("proof", "independent"),
       source=('ours', 'our derivation: rotation equivariance of the exact-gradient EJOP; not a statement of the paper'),
       setting='exact')
def _equivariance(seed: int = 0):
    """Proof: ∇f̃(x) = Q∇f(Qᵀx) and Qᵀx ~ N(0, I). Numerically: MC of f̃'s gradients on
    fresh draws against Q·(closed form)·Qᵀ."""
    rng = np.random.default_rng(seed)
    d, n = _W.size, 1_500_000
    Q = np.linalg.qr(rng.standard_normal((d, d)))[0]
    X = rng.standard_normal((n, d))
    t = X @ (Q @ _W)  # f̃(x) = tanh(wᵀQᵀx) = tanh((Qw)ᵀx)
    G = (1 - np.tanh(t) ** 2)[:, None] * (Q @ _W)
    H_mc = G.T @ G / n
    H_cf = Q @ egop_single_index(_W, "tanh") @ Q.T
    per = np.einsum("id,id->i", G, G)
    se = float(per.std() / np.sqrt(n))
    j = Judge()
    j.close("trace: MC of the rotated model vs tr(QH0Qᵀ) (4 s.e.)", np.trace(H_mc),
            np.trace(H_cf), atol=4 * se)
    j.close("relative Frobenius error of MC vs QH0Qᵀ", np.linalg.norm(H_mc - H_cf)
            / np.linalg.norm(H_cf), 0.0, atol=8 * se / np.trace(H_cf), scale=1.0)
    return j.evidence(note=f"tr: MC {np.trace(H_mc):.5f} ± {se:.5f} vs {np.trace(H_cf):.6f}. "
                      "An RF surrogate is not rotation-equivariant, so JARF's Ĥ0 is not either "
                      "(numerics.jarf).")


@claim("jarf.ejop.binary_modes", where='Definition: EJOP (papernotes.org summary, Key Designs 1; section number not seen): true-class G_i(y_i) vs all classes',
       expected="extension",
       statement="For C = 2 the all-class EJOP is exactly twice the true-class EJOP, so the two "
       "coincide after trace normalisation; for C = 3 they are not proportional.",
       evidence=("proof", "witness"),
       source=('ours', 'our derivation; the true-class variant G_i(y_i) is named by the papernotes.org summary of the ICLR 2026 camera-ready (en.papernotes.org/ICLR2026/optimization/jacobian_aligned_random_forests) (printed wording not seen)'),
       setting='exact')
def _binary_modes(seed: int = 0):
    """Proof: f₀ = 1 − f₁ ⇒ ∇f₀ = −∇f₁, so ∇f_y∇f_yᵀ = ∇f₁∇f₁ᵀ for either y and the sum over
    both classes is 2∇f₁∇f₁ᵀ. Witness for C = 3: a softmax model with random weights."""
    rng = np.random.default_rng(seed)
    d, m = 4, 400
    X = rng.standard_normal((m, d))

    def softmax_model(B):
        def f(Z):
            L = Z @ B
            L -= L.max(axis=1, keepdims=True)
            P = np.exp(L)
            return P / P.sum(axis=1, keepdims=True)
        return f

    j = Judge()
    B2 = rng.standard_normal((d, 2))
    J2 = central_difference(softmax_model(B2), X, 1e-4)
    y2 = rng.integers(0, 2, m)
    full, tc = ejop_from_jacobians(J2), ejop_from_jacobians(J2, y2, mode="true_class")
    j.close("C = 2: full vs 2·true_class", full, 2 * tc, rtol=1e-10, atol=1e-15)
    j.close("C = 2: after trace normalisation", precondition(full), precondition(tc),
            rtol=1e-10, atol=1e-15)
    B3 = rng.standard_normal((d, 3))
    J3 = central_difference(softmax_model(B3), X, 1e-4)
    y3 = rng.integers(0, 3, m)
    A, T = precondition(ejop_from_jacobians(J3)), precondition(
        ejop_from_jacobians(J3, y3, mode="true_class"))
    gap = np.linalg.norm(A - T) / np.linalg.norm(A)
    j.fact("C = 3 witness: trace-normalised full and true-class differ by > 1 %", gap > 1e-2)
    return j.evidence(note=f"C = 3 relative Frobenius gap {gap:.3f}; so `mode` matters for "
                      "C > 2 and is a parameter of the estimator.")


_t, _h = sp.symbols("t h")


def _taylor_error(scheme: str):
    """(g − f') for a generic degree-6 polynomial f = Σ a_k t^k at t = 0, exactly."""
    a = sp.symbols("a0:7")
    f = sum(a[k] * _t ** k for k in range(7))
    if scheme == "central_half":
        g = (f.subs(_t, _h / 2) - f.subs(_t, -_h / 2)) / _h
    else:
        g = (f.subs(_t, _h) - f.subs(_t, 0)) / _h
    fprime = sp.diff(f, _t).subs(_t, 0)
    return sp.expand(g - fprime), a


@claim("jarf.fd.central_bias",
       where="Assumption A1 (analysis after the Sec. 3.6 FD estimator, per OpenReview review 3)",
       statement="Under A1 (f ∈ C³, |∂³f| ≤ M3) the ±ε/2 central difference has error "
       "(ε²/24)·∂³f(ξ), so |error| ≤ M3ε²/24, and the constant 1/24 is attained.",
       evidence=("proof", "witness"),
       source=('secondary', 'A1 (f ∈ C³ with bounded third derivatives) as quoted in a public OpenReview review of lpYHuxPEXV; the ±ε/2 central difference from the papernotes.org summary of the ICLR 2026 camera-ready (en.papernotes.org/ICLR2026/optimization/jacobian_aligned_random_forests); printed wording not seen; the constant 1/24 is our Taylor bound'),
       setting='exact')
def _central_bias(seed: int = 0):
    err, a = _taylor_error("central_half")
    lead = sp.Poly(err, _h).coeff_monomial(_h ** 2)
    j = Judge()
    # exact: the h² coefficient is f'''(0)/24 = 6a₃/24
    j.fact("sympy: h⁰, h¹ terms vanish and the h² term is f'''(0)/24",
           sp.simplify(lead - 6 * a[3] / 24) == 0
           and sp.Poly(err, _h).coeff_monomial(1) == 0
           and sp.Poly(err, _h).coeff_monomial(_h) == 0)
    j.close("fd_error_coefficient vs the sympy coefficient",
            float(fd_error_coefficient("central_half")), float(lead.coeff(a[3]) / 6), rtol=EXACT)
    # witness attaining M3ε²/24: f = t³/6 (M3 = 1) has error exactly ε²/24 everywhere
    eps = 0.1
    x = np.linspace(-2, 2, 9)[:, None]
    g = central_difference(lambda z: z[:, 0] ** 3 / 6, x, eps)[:, 0, 0]
    j.close("witness t³/6: |error| = M3ε²/24 at every x (binds)", np.abs(g - x[:, 0] ** 2 / 2),
            eps ** 2 / 24, rtol=1e-9)
    # the limit (fd − f')/ε² → f'''/24 for sin at 0.3
    e2 = 1e-2
    r = (central_difference(lambda z: np.sin(z[:, 0]), np.array([0.3]), e2)[0, 0]
         - np.cos(0.3)) / e2 ** 2
    j.close("sin at 0.3, ε = 1e-2: (fd − f')/ε² vs −cos(0.3)/24", r, -np.cos(0.3) / 24,
            rtol=1e-5)
    return j.evidence(note=f"(fd − f')/ε² = {r:.8f} vs {-np.cos(0.3) / 24:.8f}.")


@claim("jarf.fd.forward_order", where='ablation table (forward difference, Δκ = −0.011, per the summary)',
       statement="The forward difference has error (ε/2)·f''(x) + O(ε²): first order, against "
       "second order for the central difference.", evidence=("proof", "witness"),
       source=('secondary', 'the forward-difference ablation row reported by the papernotes.org summary of the ICLR 2026 camera-ready (en.papernotes.org/ICLR2026/optimization/jacobian_aligned_random_forests); printed wording not seen; the order statement is classical numerical analysis'),
       setting='exact')
def _forward_order(seed: int = 0):
    err, a = _taylor_error("forward")
    lead = sp.Poly(err, _h).coeff_monomial(_h)
    j = Judge()
    j.fact("sympy: the h term is f''(0)/2", sp.simplify(lead - 2 * a[2] / 2) == 0)
    x = np.linspace(-2, 2, 9)[:, None]
    eps = 0.1
    g = forward_difference(lambda z: z[:, 0] ** 2 / 2, x, eps)[:, 0, 0]
    j.close("witness t²/2: error = ε/2 exactly", g - x[:, 0], eps / 2, rtol=1e-9)
    # observed orders on exp at 0.7 between ε = 1e-2 and 1e-3
    f = np.exp
    errs = {}
    for name, fn in (("forward", forward_difference), ("central", central_difference)):
        e = [abs(fn(lambda z: f(z[:, 0]), np.array([0.7]), s)[0, 0] - f(0.7)) for s in (1e-2, 1e-3)]
        errs[name] = np.log10(e[0] / e[1])
    j.close("observed order, forward (log10 ratio over a decade)", errs["forward"], 1.0,
            rtol=5e-3)
    j.close("observed order, central", errs["central"], 2.0, rtol=5e-3)
    return j.evidence(note=f"orders {errs['forward']:.4f} (forward), {errs['central']:.4f} "
                      "(central).")


@claim("jarf.fd.piecewise_constant_zero", where='A1 vs the RF surrogate (a point raised in an OpenReview review)',
       expected="extension",
       statement="For a piecewise-constant surrogate A1 fails: the ±ε/2 difference of a unit step "
       "at t is 0 except on |x − t| < ε/2, where it is 1/ε; for x ~ N(0, 1) the nonzero share "
       "is Φ(t + ε/2) − Φ(t − ε/2) (≈ 4.0 % at ε = 0.1), so most entries are exactly 0 and the "
       "rest blow up as ε → 0.", evidence=("independent", "witness"),
       source=('ours', "our derivation for a unit step, making quantitative a public OpenReview review's point (lpYHuxPEXV) that A1 does not hold for a piecewise-constant forest"),
       setting='exact')
def _piecewise_constant(seed: int = 0):
    n = 1_000_000
    x = norm.ppf((np.arange(n) + 0.5) / n)[:, None]  # a deterministic N(0,1) quantile grid
    j = Judge()
    shares = {}
    for eps in (0.1, 0.01):
        g = central_difference(lambda z: (z[:, 0] > 0.2).astype(float), x, eps)[:, 0, 0]
        nz = g != 0
        shares[eps] = nz.mean()
        j.close(f"ε = {eps}: nonzero share vs Φ(t+ε/2) − Φ(t−ε/2)", nz.mean(),
                step_zero_fraction(eps, 0.2), rtol=2e-3 if eps == 0.01 else 2e-4)
        j.close(f"ε = {eps}: nonzero entries equal 1/ε", g[nz], 1 / eps, rtol=1e-9)
    return j.evidence(note=f"nonzero shares {shares[0.1]:.5f} (ε = 0.1), {shares[0.01]:.6f} "
                      "(ε = 0.01): no M3 bounds the error, so A1's ε² analysis does not "
                      "describe an RF surrogate; what an RF gives is measured in numerics.jarf.")


@claim("jarf.mad.step_rule", where='Method: finite-difference EJOP estimator (Sec. 3.6 per OpenReview Reviewer 3): step rule α·MAD/0.6745, per the summary',
       expected="extension",
       statement="The step α·MAD/0.6745 is α·σ for Gaussian features up to the rounding of "
       "Φ⁻¹(3/4) = 0.674490 to 0.6745 (a relative bias of −1.5e-5).",
       evidence=("independent",),
       source=('ours', 'our Gaussian reading of the MAD step rule with α = 0.1, which comes from the papernotes.org summary of the ICLR 2026 camera-ready (en.papernotes.org/ICLR2026/optimization/jacobian_aligned_random_forests) (single source; printed wording not seen)'),
       setting='exact')
def _mad_rule(seed: int = 0):
    n, sigma = 4_000_001, 2.5
    x = sigma * norm.ppf((np.arange(n) + 0.5) / n)
    eps = mad_steps(np.c_[x, 3 * x], alpha=0.1)
    j = Judge()
    j.close("step on a σ = 2.5 quantile grid vs 0.1·σ·Φ⁻¹(3/4)/0.6745", eps[0],
            0.1 * sigma * norm.ppf(0.75) / MAD_CONSTANT, rtol=1e-6)
    j.close("relative bias of the rounded constant", eps[0] / (0.1 * sigma) - 1, -1.52e-5, rtol=0.05)
    j.close("steps scale with the feature (ε₂/ε₁ = 3)", eps[1] / eps[0], 3.0, rtol=1e-12)
    return j.evidence(note=f"ε/(ασ) = {eps[0] / (0.1 * sigma):.7f}.")


@claim("jarf.precond.eigenvalues", where='Method: stabilised preconditioner (the shared Ĥ: Secs. 3.4-3.5 per OpenReview Reviewer 3): Ĥ0 + γI, then trace normalisation, per the summary',
       expected="extension",
       statement="Ĥ = (H0 + γ̄I)/((tr H0 + dγ̄)/d), γ̄ = γ_rel·tr H0/d, has the eigenvectors of H0 "
       "and eigenvalues d(λᵢ + γ̄)/(tr H0 + dγ̄); for rank(H0) = k < d its condition number is "
       "(λ₁ + γ̄)/γ̄.", evidence=("independent",),
       source=('ours', 'our spectral derivation for the stabilised preconditioner Ĥ = (Ĥ0 + γI)/(tr/d), which comes from the papernotes.org summary of the ICLR 2026 camera-ready (en.papernotes.org/ICLR2026/optimization/jacobian_aligned_random_forests) (single source; printed wording not seen); γ = γ_rel·tr H0/d is our parameterisation'),
       setting='exact')
def _precond_eigs(seed: int = 0):
    rng = np.random.default_rng(seed)
    d, k, gr = 10, 2, 1e-3
    U = np.linalg.qr(rng.standard_normal((d, k)))[0]
    lam0 = np.array([0.3, 1.7])
    H0 = U @ np.diag(lam0) @ U.T
    H = precondition(H0, gr)
    tr = lam0.sum()
    gbar = gr * tr / d
    expect = np.sort(np.r_[np.zeros(d - k), lam0] + gbar) * d / (tr + d * gbar)
    j = Judge()
    j.close("eigvalsh(Ĥ) vs the formula", np.linalg.eigvalsh(H), expect, rtol=1e-10)
    j.close("cond(Ĥ) (SVD) vs (λ₁ + γ̄)/γ̄", np.linalg.cond(H), (lam0.max() + gbar) / gbar,
            rtol=1e-8)
    return j.evidence(note=f"cond = {np.linalg.cond(H):.1f} at γ_rel = 1e-3, d = 10, k = 2.")


def _xor_preconditioner(gamma_rel):
    d = 10
    W = np.eye(d)[:, :2]
    m = _xor_inner()
    H0 = 2 * m * W @ W.T  # jarf.egop.multi_index_xor
    return precondition(H0, gamma_rel), W, d


@claim("jarf.precond.rotation", where="abstract ('a single global rotation')",
       expected="reading_fails", corrected_by="jarf.precond.collapse",
       statement="The JARF input map x ↦ xᵀĤ is a rotation (ĤᵀĤ = I).",
       evidence=("witness",),
       source=('abstract', 'arXiv 2512.08306 abstract calls the preconditioner a single global rotation of the feature space; the map Φ(x) = xᵀĤ is from the papernotes.org summary (body not seen). Our literal reading (Ĥ orthogonal) is tested; the charitable one is jarf.precond.global_linear_map'),
       setting='exact')
def _rotation(seed: int = 0):
    H, _W_idx, d = _xor_preconditioner(1e-3)
    j = Judge()
    j.close("ĤᵀĤ = I (max entry error) on the XOR EJOP", np.abs(H.T @ H - np.eye(d)).max(),
            0.0, atol=1e-6, scale=1.0)
    j.close("|det Ĥ| = 1", abs(np.linalg.det(H)), 1.0, rtol=1e-6)
    return j.evidence(note=f"max|ĤᵀĤ − I| = {np.abs(H.T @ H - np.eye(d)).max():.2f}, "
                      f"|det Ĥ| = {abs(np.linalg.det(H)):.2e}: an SPD scaling that shrinks 8 of "
                      "10 directions by ~1/(1 + 1/γ_rel), not a rotation.")


@claim("jarf.precond.global_linear_map", where="abstract ('a single global linear preconditioner')",
       statement="The JARF map x ↦ xᵀĤ is one global, invertible linear change of coordinates "
       "shared by all inputs: Ĥ is symmetric positive definite, its smallest eigenvalue is "
       "dγ̄/(tr H0 + dγ̄) > 0 (the charitable reading of 'rotation').",
       evidence=("independent",),
       source=("abstract", ("arXiv 2512.08306 abstract (a single global linear preconditioner for "
               "all inputs); Ĥ = (Ĥ0 + γI)/(tr/d) from the papernotes.org summary (body not seen)")),
       setting="exact")
def _global_linear_map(seed: int = 0):
    H, _W_idx, d = _xor_preconditioner(1e-3)
    m = _xor_inner()
    tr = 4 * m
    gbar = 1e-3 * tr / d
    j = Judge()
    j.close("Ĥ symmetric (max |Ĥ − Ĥᵀ|)", np.abs(H - H.T).max(), 0.0, atol=1e-15, scale=1.0)
    j.close("smallest eigenvalue (eigvalsh) vs dγ̄/(tr H0 + dγ̄)", np.linalg.eigvalsh(H)[0],
            d * gbar / (tr + d * gbar), rtol=1e-9)
    j.fact("Cholesky factorisation exists (SPD)", bool(np.all(np.isfinite(np.linalg.cholesky(H)))))
    return j.evidence(note=f"λ_min(Ĥ) = {np.linalg.eigvalsh(H)[0]:.3e} > 0 on the d = 10 XOR "
                      "EJOP at γ_rel = 1e-3: invertible and global, but not orthogonal "
                      "(jarf.precond.rotation).")


@claim("jarf.precond.collapse", where="derived (ours) from the summary's Ĥ", expected="corrected",
       statement="For x ~ N(0, I_d) and rank(H0) = k, the share of the variance of xᵀĤ outside "
       "range(H0) is (d − k)γ̄²/Σᵢ(λᵢ + γ̄)²: at γ_rel = 1e-3 on the d = 10 XOR EJOP it is "
       "≈ 4e-7, so the d new features are, to that precision, combinations of k directions.",
       evidence=("independent",),
       source=('ours', 'our derivation of the out-of-range variance share of xᵀĤ'),
       setting='exact')
def _collapse(seed: int = 0):
    rng = np.random.default_rng(seed)
    H, W, d = _xor_preconditioner(1e-3)
    m = _xor_inner()
    lam = np.r_[2 * m, 2 * m, np.zeros(d - 2)]
    gbar = 1e-3 * lam.sum() / d
    formula = (d - 2) * gbar ** 2 / np.sum((lam + gbar) ** 2)
    P = np.eye(d) - W @ W.T
    exact = np.trace(P @ H @ H) / np.trace(H @ H)
    X = rng.standard_normal((200_000, d))
    Z = X @ H
    mc = np.sum((Z @ P) ** 2) / np.sum(Z ** 2)
    j = Judge()
    j.close("formula vs tr(P⊥Ĥ²)/tr(Ĥ²) from the matrix", formula, exact, rtol=1e-9)
    j.close("formula vs a 2e5-sample MC share (χ² ratio, s.e. ≈ 0.3 %)", formula, mc, rtol=5e-3)
    return j.evidence(note=f"out-of-subspace variance share {formula:.3e} (MC {mc:.3e}).")


@claim("jarf.paper.kappa_table", where='Table: mean Cohen\'s kappa over 15 classification tasks (papernotes.org summary, Main Results; table number not seen)',
       expected="unavailable",
       statement="Mean Cohen's κ 0.810 for JARF vs 0.723 (SPORF) and 0.704 (RF) over 15 OpenML "
       "classification tasks.", evidence=("observation",),
       source=('secondary', 'mean κ values as reported by the papernotes.org summary of the ICLR 2026 camera-ready (en.papernotes.org/ICLR2026/optimization/jacobian_aligned_random_forests); printed table not seen'),
       setting='exact')
def _kappa_table(seed: int = 0):
    raise Unavailable("the OpenML datasets are not available offline; our light runs on "
                      "scikit-learn's bundled data are the empirical claims jarf.exp.*")
