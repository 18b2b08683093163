"""Figures of the pnl_augment topic: the released decoder's path on the mixture line, the
many-body hierarchy and the Newton solver, and the small-data experiment."""

from __future__ import annotations

import numpy as np

from iclr26_verify import figure

SHAPE = (4, 2, 4, 2)


def _digit_class(digit: int = 3, n: int = 9):
    from sklearn.datasets import load_digits

    from numerics.pnl_augment.augment import embed

    X, y = load_digits(return_X_y=True)
    return np.stack([embed(x, SHAPE)[0] for x in X[y == digit][:n]])


@figure("pnl_augment", "bp_mixture_path",
        claims=("pnl_augment.code.bp_is_early_stopped_mixture",))
def bp_mixture_path(quick: bool = False):
    """The released decoder (ld.BP, lr = 0.1, k = 8) moves a digit-3 sample along the mixture
    line towards its neighbours' mean: fitted weight s vs the first-order prediction."""
    import matplotlib.pyplot as plt

    from theory.pnl_augment import m_project, mixture_fit, released_backward_step

    Ps = _digit_class()
    _, th = m_project(Ps[0], 1)
    stops = [5, 30, 150, 502] if quick else [2, 5, 10, 20, 30, 60, 100, 150, 200, 250, 300, 400, 502]
    rows = []
    _, info = released_backward_step(th, Ps[1:], lr=0.1, n_iter=1000, record=stops)
    for n in sorted(info["path"]):
        s, res = mixture_fit(info["path"][n], info["P0"], info["P_bar"])
        rows.append({"n_iter": n, "s_fitted": s, "s_predicted": info["s_path"][n],
                     "residual_off_line": res})
    fig, ax = plt.subplots(1, 2, figsize=(9, 3.4))
    it = [r["n_iter"] for r in rows]
    ax[0].plot(it, [r["s_fitted"] for r in rows], "o", label="fitted s (least squares)")
    ax[0].plot(it, [r["s_predicted"] for r in rows], "-", label=r"$1 - \prod_t (1 - h_t)$ (first order)")
    ax[0].axhline(1, color="grey", lw=0.8, ls=":")
    ax[0].set(xlabel="iterations run", ylabel="mixture weight s towards the kNN mean",
              title="ld.BP = early-stopped step to the kNN mean")
    ax[0].legend(fontsize=8)
    ax[1].semilogy(it, [r["residual_off_line"] for r in rows], "s-")
    ax[1].set(xlabel="iterations run", ylabel="‖P − line‖ / ‖P̄ − P₀‖",
              title="distance off the mixture line")
    fig.tight_layout()
    return fig, rows


@figure("pnl_augment", "hierarchy_and_newton",
        claims=("pnl_augment.proj.newton_quadratic", "pnl_augment.proj.nesting",))
def hierarchy_and_newton(quick: bool = False):
    """KL(P‖Q_ℓ) (nats) by many-body order ℓ for digit samples, and the Newton solver's
    gradient norm against the released fixed-step encoder's final error."""
    import matplotlib.pyplot as plt
    from sklearn.datasets import load_digits

    from numerics.pnl_augment.augment import embed
    from theory.pnl_augment import body_mask, m_project, one_body_projection, released_encode

    X, y = load_digits(return_X_y=True)
    n = 3 if quick else 10
    rows = []
    fig, ax = plt.subplots(1, 2, figsize=(9, 3.4))
    for i in range(n):
        P = embed(X[i], SHAPE)[0]
        kls = []
        for order in range(1, 5):
            Q, _ = m_project(P, order)
            kls.append(float(np.sum(P * np.log(P / Q))))
            rows.append({"panel": "kl_by_order", "sample": i, "digit": int(y[i]), "order": order,
                         "value": kls[-1]})
        ax[0].plot(range(1, 5), kls, "o-", lw=0.8, alpha=0.7,
                   label=f"digit image {i} (a {int(y[i])})")
    ax[0].legend(fontsize=7)
    ax[0].set_xticks(range(1, 5))
    ax[0].set(xlabel="many-body order ℓ", ylabel=r"KL$(P \| Q_\ell)$ (nats)",
              title="nested many-body projections (digits)")
    P = embed(X[0], SHAPE)[0]
    for order, mk in ((1, "o-"), (2, "s-")):
        _, _, tr = m_project(P, order, return_trace=True)
        g = np.maximum(np.asarray(tr.grad_norms), 1e-17)
        ax[1].semilogy(range(len(g)), g, mk, label=f"Newton, ℓ = {order}")
        rows += [{"panel": "newton", "sample": 0, "digit": int(y[0]), "order": order,
                  "iteration": k, "value": float(v)} for k, v in enumerate(g)]
    Qs = one_body_projection(P)
    for lr, c in ((0.1, "C3"), (1.0, "C4")):
        Q, _, it = released_encode(P, body_mask(SHAPE, 1), lr=lr)
        err = float(np.abs(Q - Qs).max())
        ax[1].plot([it], [err], "x", color=c, ms=9, label=f"released LD lr={lr}: max|Q−Q*|")
        rows.append({"panel": "released_encoder", "sample": 0, "order": 1, "iteration": it,
                     "value": err, "lr": lr})
    ax[1].set(xlabel="iteration", ylabel=r"$\|\eta_B - \hat\eta_B\|_\infty$ (or error)",
              title="Newton to machine precision vs released encoder")
    ax[1].legend(fontsize=7)
    fig.tight_layout()
    return fig, rows


@figure("pnl_augment", "small_data_accuracy",
        claims=("pnl_augment.exp.comparable_on_images", "pnl_augment.exp.best_or_comparable_tabular", "pnl_augment.exp.pnl_matches_knn_mean_control",))
def small_data_accuracy(quick: bool = False):
    """Test accuracy (%) over seeds of OG, OG + PNL (two decoders), OG + kNN-mean and
    OG + Gaussian noise, per data set (20 % augmentation, few samples per class)."""
    import matplotlib.pyplot as plt

    from numerics.pnl_augment.experiments import ARMS, run_small_data, summary_rows

    sd = run_small_data(quick)
    fig, axes = plt.subplots(1, len(sd.datasets), figsize=(4.2 * len(sd.datasets), 3.6),
                             squeeze=False)
    for ax, name in zip(axes[0], sd.datasets, strict=True):
        for i, arm in enumerate(ARMS):
            a = sd.acc[name][arm]
            ax.plot(np.full(a.size, i) + np.linspace(-0.15, 0.15, a.size), a, ".", alpha=0.5)
            ax.errorbar(i, a.mean(), yerr=a.std(ddof=1) if a.size > 1 else 0, fmt="o", color="k",
                        capsize=4)
        ax.set_xticks(range(len(ARMS)), [a.replace("theta_fixed", "θ-fixed") for a in ARMS],
                      rotation=30, fontsize=8)
        n_seeds = len(sd.seeds)
        ax.set(xlabel="augmentation", ylabel="test accuracy (%)",
               title=f"{name} ({n_seeds} seed{'' if n_seeds == 1 else 's'})")
    fig.suptitle("Small-data augmentation: PNL vs non-geometric controls (mean ± sd over seeds)",
                 fontsize=10)
    fig.tight_layout()
    return fig, summary_rows(sd)


@figure("pnl_augment", "decoded_digits")
def decoded_digits(quick: bool = False):
    """Digit-3 samples decoded by the released decoder and by the θ-fixed m-projection, next to
    the mean of the same 8 KL-nearest neighbours (pixel intensities, 8×8)."""
    import matplotlib.pyplot as plt
    from sklearn.datasets import load_digits

    from numerics.pnl_augment.augment import backward_project, embed, kde_sample, knn_kl
    from theory.pnl_augment import body_mask, m_project

    X, y = load_digits(return_X_y=True)
    Xc = X[y == 3][:10]
    emb = [embed(x, SHAPE) for x in Xc]
    Ps = np.stack([p for p, _ in emb])
    sc = np.array([s for _, s in emb])
    enc = [m_project(P, 1) for P in Ps]
    Qs = np.stack([q for q, _ in enc])
    ths = np.stack([t for _, t in enc])
    n = 2 if quick else 4
    W = kde_sample(ths, body_mask(SHAPE, 1), n, rng=0)
    fig, ax = plt.subplots(n, 3, figsize=(5, 1.7 * n), squeeze=False)
    rows = []
    for r, w in enumerate(W):
        nn = knn_kl(w, Qs, 8)
        imgs = {"code decoder": backward_project(w, Ps[nn], decoder="code").ravel() * sc[nn].mean(),
                "θ-fixed decoder": backward_project(w, Ps[nn], decoder="theta_fixed").ravel()
                * sc[nn].mean(),
                "kNN mean": Xc[nn].mean(axis=0)}
        for c, (name, img) in enumerate(imgs.items()):
            ax[r, c].imshow(img.reshape(8, 8), cmap="gray_r", vmin=0, vmax=16)
            ax[r, c].set_xticks([])
            ax[r, c].set_yticks([])
            if r == 0:
                ax[r, c].set_title(name, fontsize=8)
        rows.append({"sample": r, "l1_code_vs_knn_mean": float(np.abs(imgs["code decoder"]
                                                                      - imgs["kNN mean"]).sum()),
                     "l1_theta_fixed_vs_knn_mean": float(np.abs(imgs["θ-fixed decoder"]
                                                                - imgs["kNN mean"]).sum()),
                     "l1_knn_mean": float(np.abs(imgs["kNN mean"]).sum())})
    fig.suptitle("decoded digit 3: released vs θ-fixed decoder", fontsize=9)
    fig.tight_layout()
    return fig, rows
