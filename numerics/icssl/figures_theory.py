"""Figures of the IC-SSL theory: the power layers' convergence (and collapse without
orthonormalisation), and the TF_sup step-size threshold. numpy only, fast in both modes."""

from __future__ import annotations

import numpy as np

from iclr26_verify import figure


@figure("icssl", "power_layers_convergence",
        claims=("icssl.tfphi.converges_to_left_generalised_eigenvectors", "icssl.tfphi.rate_is_eigenvalue_ratio",))
def power_layers_convergence(quick: bool = False):
    """Power layers: sin θ to the generalised eigenvectors vs layers, against ρᵗ; and the
    rank-one collapse without orthonormalisation."""
    import matplotlib.pyplot as plt

    from theory.icssl import attention_laplacian, generalized_eigh, sin_max_principal_angle
    from theory.icssl._reference import two_circles

    X, _ = two_circles(100, seed=0)
    _, K, d = attention_laplacian(X, 0.5)
    ev, F = generalized_eigh(K * d[None, :])
    mu = 1 - ev
    T = 80 if quick else 400
    rows = []
    fig, (a1, a2) = plt.subplots(1, 2, figsize=(10, 3.8))
    for k in (2, 3):
        rng = np.random.default_rng(1)
        P = np.linalg.qr(rng.standard_normal((100, k)))[0]
        raw = P.copy()
        sins, svr = [], []
        for _ in range(T + 1):
            sins.append(sin_max_principal_angle(P, F[:, :k]))
            sv = np.linalg.svd(raw, compute_uv=False)
            svr.append(sv[1] / sv[0])
            P = np.linalg.qr(K.T @ P)[0]
            raw = K.T @ raw
        t = np.arange(T + 1)
        rho = mu[k] / mu[k - 1]
        a1.semilogy(t, sins, label=f"k = {k}: QR layers", lw=1.8)
        a1.semilogy(t, sins[60] * rho ** (t - 60.0), "--", lw=1,
                    label=f"k = {k}: $ρ^t$, ρ = $μ_{k + 1}/μ_{k}$ = {rho:.4f}")
        a2.semilogy(t, svr, label=f"k = {k}: no normalisation, σ₂/σ₁")
        rows += [{"k": k, "layer": int(i), "sin_theta_qr": float(s), "rho_pow": float(
            sins[60] * rho ** (i - 60.0)), "sv2_over_sv1_unnormalised": float(r)}
            for i, s, r in zip(t, sins, svr, strict=True)]
    a2.semilogy(np.arange(T + 1), (mu[1] / mu[0]) ** np.arange(T + 1.0), "k:", lw=1,
                label=f"μ₂ᵗ = {mu[1]:.4f}ᵗ")
    a1.set(xlabel="layer t", ylabel=r"$\sin\theta_\max$(span $\Phi_t$, bottom-k of (D − A, D))",
           title="orthonormalised power layers converge at rate ρ", ylim=(1e-16, 2))
    a2.set(xlabel="layer t", ylabel=r"σ₂/σ₁ of $\Phi_t$", title="without orthonormalisation: rank one",
           ylim=(1e-17, 2))
    for a in (a1, a2):
        a.grid(alpha=0.3)
        a.legend(fontsize=7)
    fig.suptitle(r"Two circles (n = 100), h = 0.5: $\mathrm{TF}_\phi$ as subspace iteration on "
                 r"$\hat K = AD^{-1}$",
                 fontsize=10)
    fig.tight_layout()
    return fig, rows


@figure("icssl", "step_size_threshold",
        claims=("icssl.tfsup.step_size_bound",))
def step_size_threshold(quick: bool = False):
    """Change of the labelled log-likelihood after one TF_sup step vs α/α*: the witness crosses
    zero at 1, random prompts stay above zero up to 1."""
    import matplotlib.pyplot as plt

    from theory.icssl import labelled_log_likelihood, rbf_gram, softmax_expectation
    from theory.icssl import step_size_bound as bound

    def delta(F, y, W, K, alpha):
        R = W.T[y] - softmax_expectation(W, F)
        return (labelled_log_likelihood(F + alpha * K @ R, y, W)
                - labelled_log_likelihood(F, y, W))

    ratios = np.linspace(0.02, 2.5, 51 if quick else 201)
    rows = []
    fig, ax = plt.subplots(figsize=(6.4, 4))
    W = np.array([[1.3, -1.3]])
    K = np.ones((2, 2))
    F = np.full((2, 1), 1e-3)
    y = np.array([0, 1])
    s = bound(W, K)
    base = delta(F, y, W, K, 1e-6 * s) / 1e-6
    vals = [delta(F, y, W, K, r * s) / (r * base) for r in ratios]
    ax.plot(ratios, vals, "k", lw=2, label="witness: 2 coincident tokens, opposite labels")
    rows += [{"prompt": "witness", "alpha_over_bound": float(r), "relative_gain": float(v)}
             for r, v in zip(ratios, vals, strict=True)]
    rng = np.random.default_rng(0)
    for i in range(4 if quick else 12):
        m, e, C = int(rng.integers(2, 10)), int(rng.integers(1, 4)), int(rng.integers(2, 5))
        W = rng.standard_normal((e, C)) * rng.uniform(0.5, 3)
        Kr = rbf_gram(rng.standard_normal((m, 2)) * rng.uniform(0.05, 1), 1.0)
        Fr = rng.standard_normal((m, e))
        yr = rng.integers(0, C, m)
        s = bound(W, Kr)
        base = delta(Fr, yr, W, Kr, 1e-6 * s) / 1e-6
        vals = [delta(Fr, yr, W, Kr, r * s) / (r * base) for r in ratios]
        ax.plot(ratios, vals, lw=0.8, alpha=0.6, color="C0",
                label="random RBF prompts" if i == 0 else None)
        rows += [{"prompt": f"random {i}", "alpha_over_bound": float(r),
                  "relative_gain": float(v)} for r, v in zip(ratios, vals, strict=True)]
    ax.axvline(1.0, color="C3", ls="--", label=r"$\alpha^* = 4 / (\|W\|^2 \lambda_\max(K))$")
    ax.axhline(0.0, color="grey", lw=0.8)
    ax.set(xlabel="step size α / α*", ylabel="Δℓ(α) / (α · dℓ/dα at 0)",
           title=r"$\mathrm{TF}_\mathrm{sup}$ step: the labelled log-likelihood never drops "
           r"below $\alpha^*$",
           ylim=(-1.0, 1.2))
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7)
    fig.tight_layout()
    return fig, rows
