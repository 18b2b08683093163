"""Registered claims of IC-SSL about the TF_sup (functional-GD) layers, the step-size bound, the
erase head, label propagation and why unlabelled context helps.

TF_sup is the TF_GD block of Wang, Convertino, Cheng, Henao & Carin (ICML 2025, arXiv
2405.17248), reused by Fan et al.; its equations are known from public summaries (papernotes.org) and reviews, so
statements attributed to the papers rest on our reading. Derivatives are checked against the
complex-step rule (exact to rounding, no shared code with the closed forms).
"""

from __future__ import annotations

import numpy as np
from scipy import linalg

from theory.claims import Judge, claim
from theory.icssl._attention import rbf_gram
from theory.icssl._functional_gd import (
    diagonal_gap,
    erase_attention,
    functional_gd,
    harmonic_label_propagation,
    labelled_log_likelihood,
    rbf_kernel_weights,
    softmax_expectation,
    step_size_bound,
)
from theory.icssl._reference import complex_step_grad, logsumexp_c, one_blas_thread, two_circles
from theory.icssl._spectral import laplacian_eigenmap

_READ = ("secondary: TF_sup = TF_GD of Wang, Convertino, Cheng, Henao and Carin (ICML 2025, "
         "arXiv 2405.17248) as the papernotes.org ICLR 2026 note on arXiv 2512.15934 describes "
         "it; Eq. (6)-(7) of 2512.15934 were only quoted by the OpenReview reviewers of forum "
         "lqrpmqrTnH; printed wording not seen")


def _loglik_c(F: np.ndarray, y: np.ndarray, W: np.ndarray):
    """Σ_j log softmax_{y_j}(Wᵀf_j) for complex F (complex-step reference)."""
    Z = F @ W
    return np.sum(Z[np.arange(len(y)), y] - logsumexp_c(Z, axis=1))


@claim("icssl.tfsup.softmax_expectation_is_cross_attention", where="arXiv 2512.15934v1, Eq. (7) (body not seen); Wang et al. 2025 TF_GD",
       evidence=("independent",), expected="extension",
       statement="E(w|f) = Σ_c w_c softmax_c(Wᵀf) is a cross-attention with query f and keys = "
       "values = the class embeddings, and equals ∇_f log Σ_c exp(w_cᵀf).",
       source=("ours", ("our reading: the papernotes.org ICLR 2026 note on arXiv 2512.15934 "
               "(zhaoyang97/Paper-Notes-en@a87e1184c1fb5b7ededda8957c497f37a5542f79:docs/"
               "ICLR2026/self_supervised/in_context_semi-supervised_learning.md, Key Design 2) "
               "defines E(w|f) but says the MLPs compute it; the cross-attention form and the "
               "log-partition gradient are ours (Eq. (7) of 2512.15934 only quoted by the "
               "OpenReview reviewers of forum lqrpmqrTnH; printed wording not seen)")),
       setting="exact")
def _expectation(seed: int = 0):
    rng = np.random.default_rng(seed)
    j = Judge()
    for e, C in [(2, 2), (4, 3), (8, 10)]:
        W = rng.standard_normal((e, C))
        f = 2 * rng.standard_normal(e)
        grad = complex_step_grad(lambda z, W=W: logsumexp_c(z @ W), f)
        j.close(f"e={e}, C={C}: E(w|f) vs complex-step ∇ log-partition",
                softmax_expectation(W, f), grad, rtol=1e-12, atol=1e-15)
        scores = W.T @ f
        att = np.exp(scores - scores.max())
        j.close(f"e={e}, C={C}: vs attention Σ_c v_c a_c / Σ a_c", softmax_expectation(W, f),
                (W * att).sum(1) / att.sum(), rtol=1e-12, atol=1e-15)
    return j.evidence(note="Random W (e×C up to 8×10) and f; complex-step gradient of the "
                      "log-partition and an explicit attention sum over keys w_c.")


@claim("icssl.tfsup.layer_is_functional_gd_step", where="arXiv 2512.15934v1, §3 TF_sup, Eq. (6) (body not seen); Wang et al. 2025",
       evidence=("independent",), statement="One TF_sup layer f_i ← f_i + α Σ_j [w_{y_j} − E(w|f_j)] κ(φ_i, φ_j) is one "
       "functional (RKHS) gradient-ascent step on the labelled log-likelihood: the residual is "
       "∂ℓ/∂f_j; with f₀ = 0 and w̄ = 0 the first residual is w_{y_j}.",
       source=("secondary", _READ),
       setting="exact")
def _gd_step(seed: int = 0):
    rng = np.random.default_rng(seed)
    n, k, e, C, m = 30, 3, 4, 3, 9
    phi = rng.standard_normal((n, k))
    W = rng.standard_normal((e, C))
    lab = rng.choice(n, m, replace=False)
    y = rng.integers(0, C, m)
    F0 = rng.standard_normal((n, e))
    alpha, h = 0.7, 0.8
    j = Judge()
    for normalized in (False, True):
        kap = rbf_kernel_weights(phi, phi[lab], h, normalized=normalized)
        grad = complex_step_grad(lambda Z: _loglik_c(Z, y, W), F0[lab])
        ref = F0 + alpha * kap @ grad
        j.close(f"normalized={normalized}: one layer vs F + α κ ∇ℓ (complex step)",
                functional_gd(phi, y, lab, W, alpha, 1, h=h, normalized=normalized, F0=F0), ref,
                rtol=1e-12, atol=1e-13)
        F1 = ref
        grad1 = complex_step_grad(lambda Z: _loglik_c(Z, y, W), F1[lab])
        j.close(f"normalized={normalized}: two layers vs two gradient steps",
                functional_gd(phi, y, lab, W, alpha, 2, h=h, normalized=normalized, F0=F0),
                F1 + alpha * kap @ grad1, rtol=1e-12, atol=1e-13)
    Wc = W - W.mean(axis=1, keepdims=True)
    kap = rbf_kernel_weights(phi, phi[lab], h, normalized=True)
    j.close("f₀ = 0, w̄ = 0: first layer = α κ w_{y_j}",
            functional_gd(phi, y, lab, Wc, alpha, 1, h=h), alpha * kap @ Wc.T[y], rtol=1e-12,
            atol=1e-14)
    return j.evidence(note="n = 30 tokens, k = 3, e = 4, C = 3, m = 9 labels, random F₀; the "
                      "labelled log-likelihood's gradient by complex step, un-normalised and "
                      "softmax-normalised RBF kernels, one and two layers.")


@claim("icssl.tfsup.erase_head_bound", where="TF_GD erase head (Wang et al. 2025, arXiv 2405.17248); our bound",
       expected="extension", evidence=("witness", "proof", "search"),
       statement="Row-softmax(λS) → I as λ → ∞, with max|P − I| ≤ (n − 1)e^{−λg}, g the "
       "smallest diagonal gap S_ii − max_{j≠i} S_ij; the constant is attained as λg → ∞.",
       source=("ours", "our bound on the erase head (row-softmax(λS) → I) of the TF_GD construction of Wang et al. 2025"),
       setting="exact")
def _erase(seed: int = 0):
    """Proof: 1 − P_ii = Σ_{j≠i} e^{λ(S_ij−S_ii)} / (1 + Σ_{j≠i} e^{λ(S_ij−S_ii)}) ≤
    (n−1)e^{−λg}, and every |P_ij − δ_ij| ≤ 1 − P_ii. Equality in the limit when all
    off-diagonal entries sit exactly g below the diagonal: 1 − P_ii = b/(1 + b), b = (n−1)e^{−λg}."""
    with one_blas_thread():
        return _erase_body(seed=seed)


def _erase_body(seed: int = 0):
    rng = np.random.default_rng(seed)
    j = Judge()
    n, g, lam = 20, 1.0, 15.0
    S = -g * (1 - np.eye(n))
    P = erase_attention(S, lam)
    err = float(np.max((P - np.eye(n))[~np.eye(n, dtype=bool)].reshape(n, n - 1).sum(1)))
    b = (n - 1) * np.exp(-lam * g)
    j.le("witness: 1 − P_ii ≤ (n−1)e^{−λg} (λg = 15)", err, b, rtol=1e-13)
    j.close("witness: 1 − P_ii = b/(1+b)", err, b / (1 + b), rtol=1e-12)
    worst = 0.0
    for _ in range(300):
        nn = int(rng.integers(2, 40))
        phi = rng.standard_normal((nn, 3))
        Sr = -((phi[:, None, :] - phi[None, :, :]) ** 2).sum(-1)
        gr = diagonal_gap(Sr)
        lr = float(rng.uniform(0.5, 30.0)) / max(gr, 1e-3)
        Pr = erase_attention(Sr, lr)
        off = (1 - np.diag(Pr)).max()
        worst = max(worst, off / ((nn - 1) * np.exp(-lr * gr)))
    j.le("search: max over 300 random S of error / bound", worst, 1.0, rtol=1e-12)
    return j.evidence(note=f"Witness n = 20, all off-diagonals g below the diagonal, λg = 15: the "
                      f"error is {err:.6e} vs the bound {b:.6e} (ratio 1/(1+b)); 300 random "
                      f"negative squared-distance score matrices (n = 2–39, λg ∈ [0.5, 30]) reach "
                      f"at most {worst:.4f} of the bound.")


def _delta_ll(F, y, W, K, alpha):
    R = W.T[y] - softmax_expectation(W, F)
    return labelled_log_likelihood(F + alpha * K @ R, y, W) - labelled_log_likelihood(F, y, W)


@claim("icssl.tfsup.step_size_bound", where="derived (TF_sup step size; ours)",
       expected="extension", evidence=("proof", "witness", "search"),
       statement="For a symmetric PSD kernel block K_mm, a TF_sup step with α ≤ 4/(‖W‖₂² "
       "λ_max(K_mm)) never lowers the labelled log-likelihood, and the constant is sharp: "
       "for any larger α some prompt's step lowers it.",
       source=("ours", "our step-size condition for one TF_sup step (a descent lemma), not a statement of the paper"),
       setting="exact")
def _step_bound(seed: int = 0):
    """Proof in :func:`theory.icssl.step_size_bound` (softmax covariance ≼ ½I gives
    L = ‖W‖²/2 smoothness; the step is preconditioned by K). Witness: two coincident labelled
    tokens of opposite classes, C = 2, W = (a, −a): both f move together, g ← g + αℓ'(g) with
    ℓ(g) = −log(2 + 2cosh 2ag), ℓ''(0) = −2a², so near the maximiser g = 0 a step overshoots
    iff α > 1/a² = 4/(2a²·2)."""
    with one_blas_thread():
        return _step_bound_body(seed=seed)


def _step_bound_body(seed: int = 0):
    rng = np.random.default_rng(seed)
    a, eps = 1.3, 1e-3
    W = np.array([[a, -a]])
    K = np.ones((2, 2))
    y = np.array([0, 1])
    F = np.full((2, 1), eps)
    star = step_size_bound(W, K)

    def dl(x):
        return _delta_ll(F, y, W, K, x * star)

    lo, hi = 0.5, 2.0
    for _ in range(60):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if dl(mid) >= 0 else (lo, mid)
    j = Judge()
    j.close("witness: threshold where the step starts to lower ℓ vs α*", lo * star, star,
            rtol=1e-5)
    j.fact("witness: α = 0.99α* raises ℓ", dl(0.99) > 0)
    j.fact("witness: α = 1.01α* lowers ℓ", dl(1.01) < 0)
    worst = np.inf
    for _ in range(400):
        m, e, C, k = (int(rng.integers(2, 12)), int(rng.integers(1, 5)),
                      int(rng.integers(2, 6)), int(rng.integers(1, 4)))
        W = rng.standard_normal((e, C)) * rng.uniform(0.3, 3)
        phi = rng.standard_normal((m, k)) * rng.uniform(0.01, 2)
        Kr = rbf_gram(phi, float(rng.uniform(0.1, 3)))
        Fr = rng.standard_normal((m, e)) * rng.uniform(0, 3)
        yr = rng.integers(0, C, m)
        s = step_size_bound(W, Kr)
        # relative change at α*: how close the search came to a decrease
        ref = _delta_ll(Fr, yr, W, Kr, 1e-6 * s) / 1e-6
        worst = min(worst, _delta_ll(Fr, yr, W, Kr, s) / max(ref, 1e-300))
    j.ge("search: min over 400 random prompts of Δℓ(α*) / (α*·dℓ/dα at 0)", worst, 0.0,
         atol=1e-12, scale=1.0)
    return j.evidence(note=f"Witness a = {a}, ε = {eps}: the step lowers ℓ from α = "
                      f"{lo:.7f}·α* on (the O(ε²) curvature drop moves it above 1); "
                      f"400 random RBF prompts (m ≤ 11, C ≤ 5): Δℓ(α*) is at least {worst:.3f} "
                      "of its first-order gain. A check at 3× the bound was far from "
                      "the constant; this witness pins it to 1e-6 and brackets it at ±1 %.")


def _kkt_harmonic(A, lab, y, C):
    """Minimise tr(Fᵀ(D − A)F) with F_l = Y_l by the KKT system, solved with lstsq."""
    n = len(A)
    L = np.diag(A.sum(1)) - A
    E = np.zeros((len(lab), n))
    E[np.arange(len(lab)), lab] = 1
    M = np.block([[L, E.T], [E, np.zeros((len(lab), len(lab)))]])
    rhs = np.r_[np.zeros((n, C)), np.eye(C)[y]]
    return linalg.lstsq(M, rhs, lapack_driver="gelsd")[0][:n]


@claim("icssl.ref.harmonic_label_propagation", where="reference baseline (Zhu et al. 2003), ours",
       expected="extension", evidence=("independent",),
       statement="Harmonic label propagation F_u = (D_uu − A_uu)⁻¹A_ul Y_l is the Dirichlet-energy "
       "minimiser with clamped labels; its rows are probability vectors.",
       source=("ours", "our reference: the harmonic-function solution of Zhu, Ghahramani and Lafferty (ICML 2003), checked as an energy minimiser"),
       setting="exact")
def _harmonic():
    with one_blas_thread():
        return _harmonic_body()


def _harmonic_body():
    X, ytrue = two_circles(100, seed=1)
    A = rbf_gram(X, 0.05)
    lab = np.array([np.flatnonzero(ytrue == c)[i] for c in (0, 1) for i in range(3)])
    y = ytrue[lab]
    P = harmonic_label_propagation(A, lab, y, 2)
    j = Judge()
    j.close("harmonic solve vs KKT lstsq", P, _kkt_harmonic(A, lab, y, 2), atol=1e-9)
    j.close("row sums", P.sum(1), np.ones(100), atol=1e-12)
    j.fact("entries in [0, 1]", bool(np.all((P >= -1e-12) & (P <= 1 + 1e-12))))
    return j.evidence(note="Two circles (seed 1), h = 0.05, 3 labels per class: Cholesky solve "
                      "of the unlabelled block vs the full KKT system by SVD least squares.")


def _task_accuracy(seed: int):
    X, y = two_circles(100, seed=seed)
    rng = np.random.default_rng(10_000 + seed)
    lab = np.array([rng.choice(np.flatnonzero(y == c)) for c in (0, 1)])
    unl = np.setdiff1d(np.arange(100), lab)
    W = np.eye(2)

    def acc(phi):
        phi = (phi - phi.mean(0)) / phi.std(0)
        F = functional_gd(phi, y[lab], lab, W, 2.0, 20, h=0.5)
        return float(np.mean(F[unl].argmax(1) == y[unl]))

    fied, _ = laplacian_eigenmap(X, 0.05, 1, drop_trivial=True)
    P = harmonic_label_propagation(rbf_gram(X, 0.05), lab, y[lab], 2)
    return acc(X), acc(fied), float(np.mean(P[unl].argmax(1) == y[unl]))


@claim("icssl.derived.unlabelled_context_helps", where="demonstration (ours)",
       expected="extension", evidence=("observation",),
       statement="With one label per class on two circles, 20 TF_sup steps on the Fiedler "
       "eigenvector beat the same steps on raw x by at least 0.2 in accuracy (threshold fixed in "
       "advance; 95 % CI of the paired difference over 100 tasks).",
       source=("ours", "our demonstration on two circles"),
       setting=("analogue", "our two-circles toy task with one label per class, not a task of the paper"))
def _context_helps():
    with one_blas_thread():
        return _context_helps_body()


def _context_helps_body():
    res = np.array([_task_accuracy(s) for s in range(100)])
    diff = res[:, 1] - res[:, 0]
    from scipy.stats import ttest_1samp

    lo = float(ttest_1samp(diff, 0.0).confidence_interval(0.95).low)  # Student-t, scipy
    j = Judge()
    j.ge("lower 95 % t-interval of acc(eigenmap) − acc(raw)", lo, 0.2)
    return j.evidence(
        measured={"raw x": round(res[:, 0].mean(), 3), "Fiedler eigenmap": round(
            res[:, 1].mean(), 3), "harmonic LP": round(res[:, 2].mean(), 3),
            "CI low of difference": round(lo, 3)},
        expected={"CI low of difference": "≥ 0.2"},
        note=f"100 seeded tasks (two circles n = 100, 1 label per class; kernel GD α = 2, "
             f"h₂ = 0.5 on standardised features, eigenmap h = 0.05): raw {res[:, 0].mean():.3f}, "
             f"eigenmap {res[:, 1].mean():.3f}, harmonic LP {res[:, 2].mean():.3f} (a first run gave "
             f"0.510 / 0.907 / 0.903). Observation: the slack to the 0.2 threshold is "
             f"{lo - 0.2:.2f}, so its power is coarse.")
