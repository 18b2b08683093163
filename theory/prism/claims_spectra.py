"""Registered claims on the graph spectra PRISM's spectral cue reads (papernotes.org note–C10).

Which Laplacian PRISM uses, and how its band encoder is built, are not public: the band
embedding below is **our reconstruction** of the papernotes paraphrase. References are LAPACK
(``scipy.linalg.eigh``), ``scipy.linalg.expm`` and explicit eigendecompositions.
"""

from __future__ import annotations

import numpy as np
from scipy.linalg import eigh, expm

from theory.claims import Judge, claim
from theory.prism._reference import cycle_adjacency, path_adjacency, watts_strogatz
from theory.prism._spectra import (
    band_embeddings,
    cheb_filter,
    cheb_heat_coeffs,
    cheb_truncation_bound,
    complete_eigs,
    cycle_eigs,
    heat_trace_cycle,
    laplacian,
    path_eigs,
)

#: LAPACK eigenvalues of small Laplacians agree with closed forms to a few ulp of ‖L‖ ≤ n
_EIG = 1e-13


@claim("prism.spec.closed_spectra", where="our derivation (reference objects)",
       expected="extension",
       statement="Normalised and combinatorial Laplacian spectra of paths, cycles and complete "
       "graphs: path 1 − cos(πk/(n−1)) and 2 − 2cos(πk/n); cycle 1 − cos(2πk/n) and twice it; "
       "complete 0 and n/(n−1) (or n), n − 1 times.",
       evidence=("independent",),
       source=("ours", "standard Laplacian spectra, reference objects of ours"),
       setting=("analogue", "standard spectral reference objects, not PRISM's own encoder"))
def _spectra():
    j = Judge()
    for n in (7, 12, 20):
        K = np.ones((n, n)) - np.eye(n)
        for norm in (True, False):
            tag = "norm" if norm else "comb"
            j.close(f"path n={n} {tag}", path_eigs(n, norm),
                    eigh(laplacian(path_adjacency(n), norm), eigvals_only=True), atol=_EIG,
                    scale=1.0)
            j.close(f"cycle n={n} {tag}", cycle_eigs(n, norm),
                    eigh(laplacian(cycle_adjacency(n), norm), eigvals_only=True), atol=_EIG,
                    scale=1.0)
            j.close(f"complete n={n} {tag}", complete_eigs(n, norm),
                    eigh(laplacian(K, norm), eigvals_only=True), atol=_EIG * n, scale=1.0)
    return j.evidence(note="Closed forms vs LAPACK eigh at n = 7, 12, 20 (atol 1e-13; 1e-13·n "
                      "for K_n whose eigenvalue n has multiplicity n − 1).")


@claim("prism.spec.heat_trace_cycle", where="our derivation", expected="extension",
       statement="tr exp(−t L_norm(C_n)) = n e^{−t} Σ_{m∈ℤ} I_{mn}(t); the I_0 term alone is "
       "wrong for small n and large t (n = 4, t = 10: 0.511 vs 1.000091).",
       evidence=("independent", "witness"),
       source=("ours", "a standard reference identity of ours (Jacobi–Anger)"),
       setting=("analogue", "standard spectral reference objects, not PRISM's own encoder"))
def _heat():
    j = Judge()
    for n in (3, 4, 7, 12):
        for t in (0.5, 2.0, 10.0):
            ref = np.trace(expm(-t * laplacian(cycle_adjacency(n))))
            j.close(f"n={n} t={t}: Bessel sum vs expm", heat_trace_cycle(n, t), ref, rtol=1e-12)
    from scipy.special import ive
    i0_only = 4 * ive(0, 10.0)
    j.fact("I_0 term alone is off by > 40 % at n = 4, t = 10",
           abs(i0_only - heat_trace_cycle(4, 10.0)) > 0.4)
    return j.evidence(note=f"Bessel aliasing sum vs trace of scipy expm; I_0 alone at n = 4, "
                      f"t = 10: {i0_only:.3f} vs {heat_trace_cycle(4, 10.0):.6f}.")


@claim("prism.spec.cheb_heat_filter", where="our derivation", expected="extension",
       statement="The order-K Chebyshev heat filter e^{−t}[I_0(t) + 2Σ_{k≤K}(−1)^k I_k(t) "
       "T_k(L − I)] approximates exp(−tL_norm) with error ≤ 2e^{−t} Σ_{k>K} I_k(t), attained "
       "on the eigenvalue 0.",
       evidence=("independent", "witness"),
       source=("ours", ("a standard reference object of ours (Chebyshev expansion of the "
                 "heat kernel)")),
       setting=("analogue", "standard spectral reference objects, not PRISM's own encoder"))
def _cheb(seed: int = 0):
    rng = np.random.default_rng(seed)
    A = watts_strogatz(30, 4, .3, rng)
    L = laplacian(A)
    d = A.sum(1)
    u0 = np.sqrt(d) / np.linalg.norm(np.sqrt(d))
    X = rng.normal(size=(30, 3))
    H = expm(-2.0 * L)
    j = Judge()
    for K in (4, 8, 12):
        c = cheb_heat_coeffs(2.0, K)
        err_all = np.abs(cheb_filter(L, X, c) - H @ X).max() / np.abs(X).sum(0).max()
        j.le(f"K={K}: max error per unit ℓ1 input ≤ bound", err_all,
             cheb_truncation_bound(2.0, K), rtol=1e-9)
        err0 = (cheb_filter(L, u0, c) - u0) @ u0  # exp(−t·0) = 1 on u0
        # atol: K matrix–vector products on a unit vector round at ~1e-16 each
        j.close(f"K={K}: error on λ = 0 vs bound (attained)", -err0,
                cheb_truncation_bound(2.0, K), rtol=1e-9, atol=1e-14)
    return j.evidence(note="WS(30, 4, .3), t = 2: Chebyshev recurrence vs scipy expm applied to "
                      "random inputs (error ≤ bound), and on D^{1/2}1 (λ = 0) the error equals "
                      "the bound: bounds 3.2e-3, 9.1e-7 at K = 4, 8 as in our pilot.")


@claim("prism.spec.band_ambiguity", where="Eq. (7), X^(p) = u_p ⊗ ρ(λ_p) "
       "(per Reviewer 3); our derivation",
       expected="extension",
       statement="In our reconstruction of the band encoder (f = tanh, sum readout), flipping "
       "the sign of u_p negates z^(p) (not invariant); f(u) + f(−u) makes it invariant; and a "
       "linear f with the combinatorial Laplacian gives z^(p) = 0 for every p ≥ 2.",
       evidence=("proof", "witness"),
       source=("ours", ("our derivation (not stated in any public text) on the band encoder "
                 "X^(p) = u_p ⊗ ρ(λ_p), z^(p) = READOUT(f(X^(p))) as paraphrased by the "
                 "papernotes.org note on OpenReview m2MeiYOJED (Key Design 2); f, the readout "
                 "and the Laplacian are ours")),
       setting=("analogue", "f = tanh and a sum readout are ours"))
def _bands(seed: int = 0):
    """Proof: tanh is odd and the readout is a sum, so z(−u) = −z(u); f(u) + f(−u) is even in u.
    For linear f, z^(p) = (1ᵀu_p) ρ_p W_f and 1ᵀu_p = 0 for p ≥ 2 (eigenvectors of D − A are
    orthogonal to its kernel, the constants, on a connected graph)."""
    rng = np.random.default_rng(seed)
    A = watts_strogatz(16, 4, .2, rng)
    K, T = 3, 5
    W_rho = rng.normal(size=(2 * K, 4))
    W_f = rng.normal(size=(4, 6))
    j = Judge()
    lam, U = np.linalg.eigh(laplacian(A))
    Xp = np.outer(U[:, 1], (np.c_[np.sin(lam[1] * np.arange(1, K + 1))[None],
                                  np.cos(lam[1] * np.arange(1, K + 1))[None]] @ W_rho)[0]) @ W_f
    z_plus, z_minus = np.tanh(Xp).sum(0), np.tanh(-Xp).sum(0)
    z = band_embeddings(A, T, K, W_rho, W_f, sign_invariant=False)
    j.close("tanh: band 2 equals explicit sum over nodes", z[1], z_plus, rtol=1e-12)
    j.close("tanh: flipped sign negates z", z_minus, -z_plus, rtol=1e-12)
    j.fact("tanh: z^(2) is not zero (so sign matters)", np.linalg.norm(z_plus) > 1e-2)
    zs = band_embeddings(A, T, K, W_rho, W_f, sign_invariant=True)
    j.close("sign-invariant: equals Σ tanh(X) + tanh(−X) = 0 for odd f", zs, 0.0, atol=1e-12,
            scale=1.0)
    zr = band_embeddings(A, T, K, W_rho, W_f, sign_invariant=True, nonlinearity="relu")
    zr_ref = np.maximum(Xp, 0).sum(0) + np.maximum(-Xp, 0).sum(0)
    j.close("relu sign-invariant band 2 = Σ|X| (even)", zr[1], zr_ref, rtol=1e-12)
    zl = band_embeddings(A, T, K, W_rho, W_f, normalized=False, sign_invariant=False,
                         nonlinearity="linear")
    j.close("linear f, combinatorial L: z^(p≥2)", zl[1:], 0.0, atol=1e-12,
            scale=float(np.abs(zl[0]).max()))
    return j.evidence(note="WS(16, 4, .2), T = 5, K = 3, random W_ρ, W_f. Note: for odd f the "
                      "symmetrised f(u) + f(−u) is identically 0, so a sign-invariant encoder "
                      "needs an even or non-odd f (ReLU: Σ|X|); our pilot's 'gives 0' is that.")
