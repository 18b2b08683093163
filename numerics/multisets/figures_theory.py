"""Figures of the multisets theory: the Lipschitz tables, the counterexample families, attention."""

from __future__ import annotations

import numpy as np

from iclr26_verify import figure

_AGGS = ("mean", "sum", "max")
_DISTS = ("emd", "hausdorff", "matching")


@figure("multisets", "lipschitz_tables")
def lipschitz_tables(quick: bool = False):
    """Sup ratio found by adversarial search vs the constants of Thm 3.1 and Lemma 3.2 (d = 3)."""
    import matplotlib.pyplot as plt

    from numerics.multisets.search import TABLE_D, TABLE_M, table_search
    from theory.multisets import lipschitz_constant

    res = table_search(0, quick)
    fig, axes = plt.subplots(1, 2, figsize=(10, 4), constrained_layout=True)
    rows = []
    for ax, table, title in ((axes[0], "thm31", "Thm 3.1: sizes 1..5"),
                             (axes[1], "lemma32", f"Lemma 3.2: |X| = |Y| = {TABLE_M}")):
        grid = np.zeros((3, 3))
        for i, dist in enumerate(_DISTS):
            for j, agg in enumerate(_AGGS):
                sup = res[(table, agg, dist)].sup
                L = lipschitz_constant(agg, dist, d=TABLE_D,
                                       equal_size=TABLE_M if table == "lemma32" else None)
                grid[i, j] = np.log10(min(sup, 1e6))
                label = (f"sup {sup:.4g}\nL = {float(L):.4g}" if L is not None
                         else f"sup {'> 1e4' if sup > 1e4 else f'{sup:.3g}'}\nL = ∞")
                ax.text(j, i, label, ha="center", va="center", fontsize=8,
                        color="white" if grid[i, j] > 3 else "black")
                rows.append({"table": table, "aggregator": agg, "distance": dist,
                             "search_sup": sup, "constant": None if L is None else float(L)})
        im = ax.imshow(grid, cmap="viridis", vmin=-1, vmax=6)
        ax.set_xticks(range(3), _AGGS)
        ax.set_yticks(range(3), ["EMD", "Hausdorff", "matching"])
        ax.set(title=f"{title}, d = {TABLE_D}", xlabel="aggregator", ylabel="distance on sets")
    fig.colorbar(im, ax=axes, label="log10 sup ‖f(X)−f(Y)‖ / d(X,Y) (capped at 1e6)")
    fig.suptitle("Adversarial search (L-BFGS-B on set coordinates) vs the paper's constants")
    return fig, rows


@figure("multisets", "counterexample_ratios")
def counterexample_ratios(quick: bool = False):
    """Ratio vs ε of the non-Lipschitz families of Thm 3.1, and the max/EMD witness vs m."""
    import matplotlib.pyplot as plt
    import sympy as sp

    from theory.multisets import (
        DISTANCES,
        FAMILY_CELLS,
        aggregate,
        counterexample_family,
        emd,
        family_ratio,
        hausdorff,
        matching,
        max_emd_family,
    )

    dist_fn = dict(zip(DISTANCES, (emd, hausdorff, matching)))
    eps = np.logspace(-6, -0.5, 8 if quick else 30)
    fig, (ax, bx) = plt.subplots(1, 2, figsize=(10, 4), constrained_layout=True)
    rows = []
    for k, (agg, dist) in enumerate(FAMILY_CELLS):
        measured = []
        for e in eps:
            X, Y = counterexample_family(agg, dist, c=1.0, eps=float(e), d=3)
            measured.append(np.linalg.norm(aggregate(X, agg) - aggregate(Y, agg))
                            / dist_fn[dist](X, Y))
            rows.append({"cell": f"{agg}/{dist}", "eps": e, "ratio": measured[-1],
                         "closed_form": float(family_ratio(agg, dist, 1.0, float(e)))})
        # two cells share a closed form: the later one dashed on top, so both show
        twin = any(family_ratio(*other) == family_ratio(agg, dist) for other in FAMILY_CELLS[:k])
        ax.loglog(eps, [family_ratio(agg, dist, 1.0, float(e)) for e in eps], color=f"C{k}",
                  lw=2 if twin else 1, ls="--" if twin else "-",
                  label=f"{agg}/{dist}: ${sp.latex(family_ratio(agg, dist), fold_short_frac=True)}$")
        ax.loglog(eps, measured, "o", ms=3, mfc="none", color=f"C{k}")
    ax.set(xlabel="ε (family parameter, c = 1, d = 3)", ylabel=r"$\|\Delta f\|_2 \,/\, d(X_\epsilon, Y_\epsilon)$",
           title="Thm 3.1 ✗ cells: closed form (line) vs solvers (o)")
    ax.legend(fontsize=7)
    ms = np.arange(1, 11 if quick else 31)
    r = [np.linalg.norm(aggregate(*max_emd_family(int(m), 3)[:1], "max")
                        - aggregate(max_emd_family(int(m), 3)[1], "max"))
         / emd(*max_emd_family(int(m), 3)) for m in ms]
    bx.plot(ms, ms, color="grey", lw=1, label="ratio = m (App. B.3.7)")
    bx.plot(ms, r, "o", ms=4, mfc="none", color="C3", label="max/EMD witness (POT)")
    bx.set(xlabel="set size m", ylabel="‖Δmax‖₂ / EMD", title="max/EMD: no size-uniform constant")
    bx.legend(fontsize=8)
    rows += [{"cell": "max/emd", "m": int(m), "ratio": float(v)} for m, v in zip(ms, r)]
    return fig, rows


@figure("multisets", "attention_ratio_surface",
        claims=("multisets.prop33.attention_witness_ratio", "multisets.prop33.attention_limit",))
def attention_ratio_surface(quick: bool = False):
    """EMD ratio of the Prop. 3.3 attention witness over (c, ε), d = 3, with the limit cd/4 + 1."""
    import matplotlib.pyplot as plt

    from theory.multisets import attention, attention_witness_ratio, emd

    d = 3
    cs = np.logspace(-1, 3, 9 if quick else 33)
    es = np.logspace(-4, 0, 9 if quick else 33)
    R = np.array([[attention_witness_ratio(c, e, d) for c in cs] for e in es])
    W, q = -np.eye(d), np.ones(d)
    rows, check = [], []
    for c in cs[:: 4]:
        for e in es[:: 4]:
            X = np.array([c * np.ones(d), e * np.ones(d)])
            Y = np.array([c * np.ones(d), -e * np.ones(d)])
            num = np.linalg.norm(attention(X, W, q) - attention(Y, W, q)) / emd(X, Y)
            check.append((c, e, num))
    for i, e in enumerate(es):
        for j, c in enumerate(cs):
            rows.append({"c": c, "eps": e, "ratio_closed_form": R[i, j], "limit": c * d / 4 + 1})
    fig, (ax, bx) = plt.subplots(1, 2, figsize=(10, 4), constrained_layout=True)
    im = ax.pcolormesh(cs, es, np.log10(R), shading="auto", cmap="magma")
    gap = max(abs(num - attention_witness_ratio(c, e, d)) / num for c, e, num in check)
    ax.scatter([c for c, _, _ in check], [e for _, e, _ in check], s=8, c="cyan",
               label=f"numpy attention + POT: max rel. gap {gap:.0e}")
    ax.set(xscale="log", yscale="log", xlabel="c", ylabel="ε",
           title="log10 EMD ratio, W = −I, q = 1, d = 3")
    ax.legend(fontsize=7, loc="lower left")
    fig.colorbar(im, ax=ax, label="log10 ratio")
    for c, color in ((1.0, "C0"), (10.0, "C1"), (100.0, "C2")):
        bx.semilogx(es, [attention_witness_ratio(c, e, d) for e in es], color=color,
                    label=f"c = {c:g}")
        bx.axhline(c * d / 4 + 1, color=color, ls=":", lw=1)
    bx.set(xlabel="ε", ylabel="EMD ratio", yscale="log",
           title="ratio → cd/4 + 1 (dotted) as ε → 0")
    bx.legend(fontsize=8)
    return fig, rows
