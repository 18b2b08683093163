"""Figures of the light IC-SSL experiment: accuracy vs labels per class (in distribution and on
the held-out family) and the training curves. Both read the one cached sweep of
:mod:`numerics.icssl.experiments` (``quick`` selects the small one)."""

from __future__ import annotations

import numpy as np

from iclr26_verify import figure

_STYLE = {"e2e": ("C3", "o", "-"), "eig_icl": ("C0", "s", "-"), "raw_icl": ("C2", "^", "-"),
          "std_tf": ("C4", "D", "-"), "label_prop": ("k", "x", ":"),
          "eig_logreg": ("grey", "+", ":")}


@figure("icssl", "accuracy_vs_labels",
        claims=("icssl.exp.eig_icl_beats_raw_icl_at_few_labels", "icssl.exp.e2e_beats_raw_icl_at_few_labels", "icssl.exp.e2e_beats_eig_icl_at_few_labels", "icssl.exp.advantage_shrinks_with_labels",))
def accuracy_vs_labels(quick: bool = False):
    """Accuracy on the unlabelled tokens vs labels per class: E2E, EIG+ICL, ORIG+ICL, a standard
    transformer and two graph references, in distribution and on held-out sphere shells."""
    import matplotlib.pyplot as plt

    from iclr26_verify.registry.stats import t_interval
    from numerics.icssl.experiments import LABELS, METHODS, REFERENCES, sweep
    from numerics.icssl.tasks import LABELS_PER_CLASS

    sw = sweep(quick)
    fig, axes = plt.subplots(1, 2, figsize=(10, 4), sharey=True)
    rows = []
    titles = ("in distribution (circles, moons, planes, Swiss roll)",
              "held out (sphere shells)")
    for ax, split, title in zip(axes, ("id", "ood"), titles, strict=True):
        for meth in (*METHODS, *REFERENCES):
            c, mk, ls = _STYLE[meth]
            ivs = [t_interval(sw.values(meth, split, m).mean(0)) for m in LABELS_PER_CLASS]
            stats = [(iv.mean, iv.halfwidth) for iv in ivs]
            ax.errorbar(LABELS_PER_CLASS, [s[0] for s in stats], yerr=[s[1] for s in stats],
                        color=c, marker=mk, ls=ls, capsize=2, label=LABELS[meth])
            rows += [{"split": split, "method": meth, "labels_per_class": m,
                      "accuracy": s[0], "ci95": s[1]}
                     for m, s in zip(LABELS_PER_CLASS, stats, strict=True)]
        ax.set_xscale("log")
        ax.set_xticks(LABELS_PER_CLASS, [str(m) for m in LABELS_PER_CLASS])
        ax.minorticks_off()
        ax.set(xlabel="labels per class m (n = 100 points, 2 classes)", title=title)
        ax.grid(alpha=0.3)
    axes[0].set_ylabel("accuracy on unlabelled points")
    # below the panels: inside, it covered the held-out series
    fig.legend(*axes[1].get_legend_handles_labels(), fontsize=8, loc="lower center", ncol=3)
    n_seeds = len(sw.seeds)
    fig.suptitle(f"Light IC-SSL replication: mean ± 95 % CI over {sw.config.n_tasks} fresh tasks "
                 f"× {n_seeds} training seed{'' if n_seeds == 1 else 's'}", fontsize=10)
    fig.tight_layout(rect=(0, 0.12, 1, 1))
    return fig, rows


@figure("icssl", "training_curves")
def training_curves(quick: bool = False):
    """Training loss (cross-entropy on the unlabelled tokens, nats) per step for each model,
    mean over seeds, smoothed over 10 steps."""
    import matplotlib.pyplot as plt

    from numerics.icssl.experiments import LABELS, METHODS, sweep

    sw = sweep(quick)
    fig, ax = plt.subplots(figsize=(6.4, 4))
    rows = []
    for meth in METHODS:
        L = np.mean([sw.losses[(meth, s)] for s in sw.seeds], axis=0)
        w = min(10, max(1, len(L) // 5))  # a window as long as the run left one point
        sm = np.convolve(L, np.ones(w) / w, mode="valid")
        ax.plot(np.arange(len(sm)) + w, sm, color=_STYLE[meth][0],
                marker="o" if len(sm) < 20 else None, ms=3,
                label=f"{LABELS[meth]} ({sw.params[meth]} parameters)")
        rows += [{"method": meth, "step": int(i + 1), "loss_nats": float(v)}
                 for i, v in enumerate(L)]
    ax.set(xlabel="training step (16 prompts each)", ylabel="cross-entropy on unlabelled (nats)",
           title="Training on fresh in-distribution prompts")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7)
    fig.tight_layout()
    return fig, rows
