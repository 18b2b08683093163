"""Figures of the compression topic."""

from __future__ import annotations

import numpy as np

from iclr26_verify import figure


@figure("compression", "bernoulli_rate_only")
def bernoulli_rate_only(quick: bool = False):
    """One-shot Bernoulli D(R): the corrected closed form against the HiGHS LP."""
    import matplotlib.pyplot as plt

    from theory.compression import bernoulli_rate_only_oneshot, binary_entropy
    from theory.compression._reference_lp import bernoulli_oneshot_lp

    q_x, q_y = 0.2, 0.4
    rates = np.linspace(0, float(binary_entropy(q_x)), 9 if quick else 41)
    closed = [bernoulli_rate_only_oneshot(r, q_x, q_y) for r in rates]
    lp = [bernoulli_oneshot_lp(r, np.inf, q_x, q_y, 0.0) for r in rates]
    d_ind = q_x + q_y - 2 * q_x * q_y
    stated = d_ind - 2 * q_x * (1 - q_x) * rates / binary_entropy(q_x)
    fig, ax = plt.subplots(figsize=(5, 3.5))
    ax.plot(rates, stated, "--", color="C3", label="Thm 2(ii) as stated")
    ax.plot(rates, closed, color="C0", label="corrected closed form")
    ax.plot(rates, lp, "o", ms=4, mfc="none", color="k", label="LP (HiGHS)")
    ax.axhline(abs(q_x - q_y), color="grey", lw=0.8, ls=":", label=r"OT minimum $|q_X - q_Y|$")
    ax.set(xlabel="rate R (bits)", ylabel="Hamming distortion",
           title=f"one-shot Bernoulli DRC, $q_X$ = {q_x}, $q_Y$ = {q_y}")
    ax.legend(fontsize=8)
    return fig, {"R_bits": rates, "stated": stated, "corrected": closed, "lp": lp}


@figure("compression", "bernoulli_drc_curves",
        claims=("compression.thm2.corrected_drc_matches_lp", "compression.thm2.regime_ii_below_ot_floor",))
def bernoulli_drc_curves(quick: bool = False):
    """One-shot Bernoulli DRC at fixed C: Thm 2 as stated, corrected (exact, linear), LPs."""
    import matplotlib.pyplot as plt

    from theory.compression import bernoulli_drc, binary_entropy, label_entropy
    from theory.compression._reference_lp import bernoulli_oneshot_lp

    q_x, q_y, q_s1 = 0.2, 0.4, 0.1
    h1, hs = float(binary_entropy(q_s1)), label_entropy(q_x, q_s1)
    C = h1 + 0.35 * (hs - h1)
    rates = np.linspace(0, 1.1 * float(binary_entropy(q_x)), 12 if quick else 45)
    stated = [bernoulli_drc(r, C, q_x, q_y, q_s1, as_stated=True) for r in rates]
    cols = {"R_bits": rates, "stated": stated}
    fig, ax = plt.subplots(figsize=(5.5, 3.8))
    ax.plot(rates, stated, "--", color="C3", label="Thm 2 as stated")
    infeasible = []
    for cl, color in (("exact", "C0"), ("linear", "C2")):
        corr = [bernoulli_drc(r, C, q_x, q_y, q_s1, classification=cl) for r in rates]
        lp = [bernoulli_oneshot_lp(r, C, q_x, q_y, q_s1, classification=cl) for r in rates]
        cols[f"corrected_{cl}"], cols[f"lp_{cl}"] = corr, lp
        if not (np.isfinite(corr).any() or np.isfinite(lp).any()):
            infeasible.append(cl)  # an empty legend entry would promise a curve
            continue
        ax.plot(rates, np.where(np.isfinite(corr), corr, np.nan), color=color,
                label=f"corrected, {cl} H(S|Y)")
        ax.plot(rates, np.where(np.isfinite(lp), lp, np.nan), "o", ms=4, mfc="none",
                color=color, label=f"LP, {cl}")
    ax.axhline(abs(q_x - q_y), color="grey", lw=0.8, ls=":", label="OT minimum")
    ax.set(xlabel="rate R (bits)", ylabel="Hamming distortion",
           title=f"Bernoulli DRC, $q_X$ = {q_x}, $q_Y$ = {q_y}, $q_{{S_1}}$ = {q_s1}, "
           f"C = {C:.3f} bits\n(missing curve = infeasible"
           + "".join(f"; {cl} H(S|Y): infeasible at every rate" for cl in infeasible) + ")")
    ax.legend(fontsize=7)
    return fig, cols


@figure("compression", "gaussian_drc_curves",
        claims=("compression.thm4.corrected_drc_matches_search",))
def gaussian_drc_curves(quick: bool = False):
    """Gaussian DRC at fixed C: Thm 4 as stated, corrected, and the direct rho search."""
    import matplotlib.pyplot as plt

    from theory.compression import gaussian_drc, gaussian_entropy
    from theory.compression._reference_gaussian import gaussian_drc_search

    m = {"mu_x": 0.0, "sigma_x": 1.0, "mu_y": 0.0, "sigma_y": 1.0, "sigma_s": 1.0,
         "theta1": 0.8}
    C = gaussian_entropy(1.0) - 0.35
    rates = np.linspace(0, 3, 13 if quick else 61)
    stated = [gaussian_drc(r, C, **m, as_stated=True) for r in rates]
    corr = [gaussian_drc(r, C, **m) for r in rates]
    loose = [gaussian_drc(r, 9.0, **m) for r in rates]
    search = [gaussian_drc_search(r, C, **m) for r in rates]
    fig, ax = plt.subplots(figsize=(5.5, 3.8))
    ax.plot(rates, stated, "--", color="C3", label="Thm 4 as stated")
    ax.plot(rates, loose, ":", color="grey", label="C loose (rate only)")
    ax.plot(rates, np.where(np.isfinite(corr), corr, np.nan), color="C0", label="corrected")
    ax.plot(rates, np.where(np.isfinite(search), search, np.nan), "o", ms=4, mfc="none",
            color="k", label="search over jointly Gaussian Y")
    ax.set(xlabel="rate R (bits)", ylabel="MSE",
           title=f"Gaussian DRC, σ=1, θ1=.8, C={C:.3f} bits (missing = infeasible)")
    ax.legend(fontsize=7)
    return fig, {"R_bits": rates, "stated": stated, "corrected": corr, "rate_only": loose,
                 "search": search}


@figure("compression", "regime_map")
def regime_map(quick: bool = False):
    """Where Thm 2 as stated is right, wrong, or claims a value for an infeasible problem."""
    import matplotlib.pyplot as plt
    from matplotlib.colors import ListedColormap

    from theory.compression import bernoulli_drc, binary_entropy, label_entropy

    q_x, q_y, q_s1 = 0.2, 0.4, 0.1
    n = 25 if quick else 90
    rates = np.linspace(0, 1.2 * float(binary_entropy(q_x)), n)
    cs = np.linspace(float(binary_entropy(q_s1)) - 0.05, label_entropy(q_x, q_s1) + 0.05, n)
    labels = ["stated = true value", "stated wrong (feasible)", "stated finite, infeasible",
              "both infeasible"]
    rows = []
    fig, axes = plt.subplots(1, 2, figsize=(10, 4), sharey=True)
    for ax, cl in zip(axes, ("exact", "linear"), strict=True):
        code = np.zeros((n, n))
        for i, c in enumerate(cs):
            for j, r in enumerate(rates):
                s = bernoulli_drc(r, c, q_x, q_y, q_s1, as_stated=True)
                t = bernoulli_drc(r, c, q_x, q_y, q_s1, classification=cl)
                if np.isinf(t):
                    k = 3 if np.isinf(s) else 2
                else:
                    k = 0 if abs(s - t) <= 1e-9 else 1
                code[i, j] = k
                rows.append({"model": cl, "R_bits": r, "C_bits": c, "stated": s, "true": t,
                             "regime": labels[k]})
        ax.pcolormesh(rates, cs, code, cmap=ListedColormap(["#4daf4a", "#ff7f00", "#e41a1c",
                                                            "#bbbbbb"]), vmin=-0.5, vmax=3.5,
                      shading="nearest")
        ax.set(xlabel="rate R (bits)", title=f"{cl} classification")
    axes[0].set_ylabel("classification bound C (bits)")
    from matplotlib.patches import Patch

    fig.legend([Patch(color=c) for c in ("#4daf4a", "#ff7f00", "#e41a1c", "#bbbbbb")], labels,
               loc="lower center", ncol=4, fontsize=8)
    fig.suptitle(f"Thm 2 as stated vs the one-shot problem, $q_X$ = {q_x}, $q_Y$ = {q_y}, "
                 f"$q_{{S_1}}$ = {q_s1}")
    fig.tight_layout(rect=(0, 0.08, 1, 1))
    return fig, rows


@figure("compression", "drpc_curves",
        claims=("compression.thm7.corrected_drpc_matches_search",))
def drpc_curves(quick: bool = False):
    """Gaussian DRPC vs perception budget P: KL (Thm 7) and W2, closed form and search."""
    import matplotlib.pyplot as plt

    from theory.compression import gaussian_drpc
    from theory.compression._reference_gaussian import gaussian_drpc_search

    kw = {"sigma_x": 1.0, "sigma_s": 1.0, "theta1": 0.8}
    ps = np.linspace(0, 0.3, 31 if quick else 61)
    pts = ps[:: 15 if quick else 5]
    cols = {"P": ps}
    fig, ax = plt.subplots(figsize=(5.5, 3.8))
    for per, ls in (("kl", "-"), ("w2", "--")):
        for R, color in ((0.5, "C0"), (1.0, "C1")):
            d = [gaussian_drpc(R, p, 9.0, **kw, perception=per) for p in ps]
            cols[f"{per}_R{R}"] = d
            ax.plot(ps, d, ls, color=color, label=f"{per.upper()}, R={R} bits")
            if quick and R != 0.5:
                continue  # quick mode: markers for one rate keep the figure under a few s
            s = [gaussian_drpc_search(R, p, 9.0, perception=per, **kw) for p in pts]
            ax.plot(pts, s, "o", ms=4, mfc="none", color=color)
    ax.set(xlabel="perception budget P (KL: nats; $W_2^2$: squared units)", ylabel="MSE",
           title=r"Gaussian DRPC, $\sigma_X = 1$, C loose (markers: direct search)")
    ax.legend(fontsize=7)
    return fig, cols


@figure("compression", "block_length_two",
        claims=("compression.thm3.two_letter_blocks_between",))
def block_length_two(quick: bool = False):
    """Rate-only Bernoulli distortion-rate curves at block lengths one and two, against the
    single-letter form of Thm 3. The two-letter value is the HiGHS LP over the 256 maps of
    {0,1}² with output law p_Y⊗p_Y; it lies between the one-letter LP and the single-letter
    curve, as the converse of Thm 3 requires."""
    import matplotlib.pyplot as plt

    from theory.compression import binary_entropy
    from theory.compression._reference_asymptotic import binary_asymptotic_drc_scan
    from theory.compression._reference_lp import bernoulli_oneshot_lp, oneshot_lp

    q_x, q_y = 0.3, 0.2
    p_x, p_y = np.array([1 - q_x, q_x]), np.array([1 - q_y, q_y])
    bits = np.array([[0, 0], [0, 1], [1, 0], [1, 1]])
    d2 = (bits[:, None, :] != bits[None, :, :]).mean(-1)
    rates = np.linspace(0, 1.05 * float(binary_entropy(q_x)), 8 if quick else 31)
    one = [bernoulli_oneshot_lp(r, np.inf, q_x, q_y, 0.0) for r in rates]
    two = [oneshot_lp(2 * r, np.outer(p_x, p_x).ravel(), np.outer(p_y, p_y).ravel(), d2)
           for r in rates]
    single = [q_x + q_y - 2 * q_x * q_y if r == 0 else
              binary_asymptotic_drc_scan(r, np.inf, q_x, q_y, 0.0) for r in rates]
    fig, ax = plt.subplots(figsize=(5.5, 3.8))
    ax.plot(rates, one, "-o", ms=3, color="C3", label="block length 1 (LP, 4 maps)")
    ax.plot(rates, two, "-s", ms=3, color="C0", label="block length 2 (LP, 256 maps)")
    ax.plot(rates, single, color="k", lw=1.2, label="single-letter form of Thm 3")
    ax.set(xlabel="rate R (bits per letter)", ylabel="Hamming distortion per letter",
           title=f"Bernoulli, $q_X$ = {q_x}, $q_Y$ = {q_y}, no classification budget")
    ax.legend(fontsize=8)
    fig.tight_layout()
    return fig, {"R_bits": rates, "one_letter": one, "two_letter": two, "single_letter": single}
