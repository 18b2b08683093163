"""Figures of the JARF topic: κ vs rotation angle, zero finite differences of an RF surrogate
vs a smooth one, and the paired differences on scikit-learn's data sets."""

from __future__ import annotations

import numpy as np

from iclr26_verify import figure
from iclr26_verify.registry.stats import standard_error


@figure("jarf", "angle_sweep", claims=("jarf.exp.angle_gain", "jarf.exp.subspace",
                                       "jarf.exp.subspace_recovered",
                                       "jarf.exp.random_rotation_control"))
def angle_sweep(quick: bool):
    """Left: test Cohen's κ of each forest against the rotation angle θ of a hyperplane's true
    normal in d = 10 (mean ± s.e. over seeds); right: the angle between the top eigenvector of
    the RF-surrogate EJOP and the true normal, against the 10° line of the subspace claim."""
    import matplotlib.pyplot as plt

    from numerics.jarf.experiments import LABELS, synthetic

    res = synthetic("hyperplane", quick)
    thetas = sorted(res)
    fig, (a1, a2) = plt.subplots(1, 2, figsize=(9, 3.6))
    rows = []
    for m in ("identity", "paper", "eigrot", "random", "extra"):
        mu = [res[t][m].mean() for t in thetas]
        se = [standard_error(res[t][m]) for t in thetas]
        a1.errorbar(thetas, mu, yerr=se, marker="o", capsize=2, label=LABELS[m])
        rows += [{"theta_deg": t, "method": m, "kappa_mean": v, "kappa_se": s}
                 for t, v, s in zip(thetas, mu, se, strict=True)]
    a1.set(xlabel="rotation angle θ of the true normal (degrees)", ylabel="test Cohen's κ",
           title="rotated hyperplane, d = 10 (mean ± s.e. over seeds)")
    a1.legend(fontsize=7)
    ang = [res[t]["angle"] for t in thetas]
    a2.boxplot(ang, positions=thetas, widths=4)
    a2.axhline(10, color="k", ls="--", lw=0.8, label="10° threshold")
    a2.set(xlabel="θ (degrees)", ylabel="angle top eigvec of Ĥ0 vs w (degrees)",
           title="subspace recovery by the RF-surrogate EJOP")
    a2.legend(fontsize=7)
    for t, a in zip(thetas, ang, strict=True):
        rows.append({"theta_deg": t, "method": "angle", "kappa_mean": float(a.mean()),
                     "kappa_se": float(a.max())})
    fig.tight_layout()
    return fig, rows


@figure("jarf", "fd_zero_shares", claims=("jarf.exp.rf_fd_mostly_zero",
                                          "jarf.exp.rf_fd_zero_grows",
                                          "jarf.fd.piecewise_constant_zero",
                                          "jarf.exp.smooth_fd_order"))
def fd_zero_shares_fig(quick: bool):
    """Left: the share of finite differences of a 100-tree forest that are exactly 0 on the
    informative and the noise coordinates, at two step factors α; right: the error of finite
    differences of a smooth tanh-MLP surrogate against the exact EJOP, which falls with α²."""
    import matplotlib.pyplot as plt

    from numerics.jarf.experiments import fd_zero_shares, smooth_fd_errors

    seeds = (0,) if quick else (0, 1, 2, 3, 4)
    fig, (a1, a2) = plt.subplots(1, 2, figsize=(9, 3.6))
    rows = []
    for k, alpha in enumerate((0.1, 0.01)):
        r = [fd_zero_shares(s, 100, alpha) for s in seeds]
        for j, key in enumerate(("informative", "noise")):
            v = np.array([x[key] for x in r])
            a1.bar(k * 3 + j, v.mean(), yerr=v.std(), color=f"C{j}",
                   label=key if k == 0 else None)
            rows.append({"panel": "rf_zero_share", "alpha": alpha, "coords": key,
                         "value": float(v.mean())})
    a1.axhline(0.5, color="k", ls="--", lw=0.8)
    a1.set_xticks([0.5, 3.5], ["α = 0.1", "α = 0.01"])
    a1.set(xlabel="finite-difference step factor α", ylabel="share of FD entries exactly 0",
           title="RF-100 surrogate (piecewise constant)")
    a1.legend(fontsize=7)
    e = smooth_fd_errors(0)
    al = np.array(sorted(e))
    err = np.array([e[a] for a in al])
    a2.loglog(al, err, "o-", label="tanh-MLP surrogate: FD vs exact EJOP")
    a2.loglog(al, err[-1] * (al / al[-1]) ** 2, "k--", lw=0.8, label="slope 2")
    a2.set(xlabel="step factor α (ε = α·MAD/0.6745)", ylabel="relative Frobenius error",
           title="smooth surrogate: second order")
    a2.legend(fontsize=7)
    rows += [{"panel": "mlp_fd_error", "alpha": float(a), "coords": "all", "value": float(v)}
             for a, v in zip(al, err, strict=True)]
    fig.tight_layout()
    return fig, rows


@figure("jarf", "sklearn_paired", claims=("jarf.exp.real_not_worse",))
def sklearn_paired(quick: bool):
    """Paired differences (± 2 s.e.) of each rotation minus the axis-aligned random forest
    under 2×5-fold cross-validation on scikit-learn's breast cancer and wine (Cohen's κ) and
    diabetes (R²) data sets."""
    import matplotlib.pyplot as plt

    from numerics.jarf.experiments import LABELS, sklearn_cv

    fig, ax = plt.subplots(figsize=(6.5, 3.6))
    rows = []
    names = ("breast_cancer", "wine", "diabetes")
    for i, name in enumerate(names):
        r = sklearn_cv(name, quick)
        for k, m in enumerate(("paper", "eigrot", "random")):
            d = r[m] - r["identity"]
            se = standard_error(d)
            ax.errorbar(i + 0.2 * (k - 1), d.mean(), yerr=2 * se, fmt="o", color=f"C{k}",
                        capsize=3, label=LABELS[m] if i == 0 else None)
            rows.append({"dataset": name, "method": m, "diff_mean": float(d.mean()),
                         "diff_2se": float(2 * se)})
    ax.axhline(0, color="k", lw=0.8)
    ax.set_xticks(range(3), ["breast cancer (κ)", "wine (κ)", "diabetes (R²)"])
    ax.set(xlabel="data set (metric)", ylabel="paired difference vs RF (± 2 s.e.)",
           title="2×5-fold CV: each transform minus axis-aligned RF")
    ax.legend(fontsize=7)
    fig.tight_layout()
    return fig, rows
