"""Figures of the pcg topic: the context the exact classical predictor needs against √m, the
per-position accuracy of the light transformer beside that predictor, and the onset against
the output width at fixed k."""

from __future__ import annotations

import numpy as np

from iclr26_verify import figure


@figure("pcg", "classical_context",
        claims=("pcg.baseline.two_lag_exact", "pcg.baseline.min_context"))
def classical_context(quick: bool = False):
    """Context (inputs) the exact two-lag rule needs, 2^(k−b) + 2^(b−2), against √m: at b = k/2
    (the paper's configurations) it is 5/4·√m; at fixed b = 8 it grows as m/2^b."""
    import matplotlib.pyplot as plt

    from theory.pcg import predictor_lags

    ks = np.arange(8, 23)
    rows = []
    for k in ks:
        r = {"k": int(k), "sqrt_m": 2.0 ** (k / 2)}
        T, P = predictor_lags(int(k), int(k) // 2)
        r["context_b_half"] = T + P
        if k > 8:
            T, P = predictor_lags(int(k), 8)
            r["context_b_8"] = T + P
        else:
            r["context_b_8"] = np.nan
        rows.append(r)
    fig, ax = plt.subplots(figsize=(6.0, 4.0))
    ax.semilogy(ks, [r["sqrt_m"] for r in rows], "k--", label="√m")
    ax.semilogy(ks, [r["context_b_half"] for r in rows], "o-", label="exact rule, b = ⌊k/2⌋")
    ax.semilogy(ks, [r["context_b_8"] for r in rows], "s-", label="exact rule, b = 8 fixed")
    ax.set(xlabel="state bits k (m = $2^k$)", ylabel="context needed (inputs)",
           title="Exact two-lag predictor of truncated LCG outputs")
    ax.legend(fontsize=8)
    fig.tight_layout()
    return fig, rows


def _curves(quick):
    from numerics.pcg.experiments import runs

    return runs(quick)


@figure("pcg", "accuracy_per_position", claims=("pcg.light.icl_above_chance",))
def accuracy_per_position(quick: bool = False):
    """Test accuracy on unseen (a, c) per context position (b = 5, k = 10): the transformer
    (mean and range over seeds) beside the exact two-lag predictor and chance."""
    import matplotlib.pyplot as plt

    rs = [r for r in _curves(quick) if r["b"] == 5]
    A = np.array([r["acc"] for r in rs])
    n = np.arange(1, A.shape[1] + 1)
    cl = rs[0]["classical"]
    fig, ax = plt.subplots(figsize=(6.4, 4.0))
    ax.plot(n, A.mean(0), color="tab:blue", label=f"transformer (mean of {len(rs)} seed{'' if len(rs) == 1 else 's'})")
    ax.fill_between(n, A.min(0), A.max(0), color="tab:blue", alpha=0.2)
    ax.plot(n, cl, color="tab:green", label="exact two-lag rule (abstains before T + P)")
    ax.axhline(2 ** -5, color="grey", ls=":", label="chance 1/32")
    ax.axvline(32, color="k", ls="--", lw=0.8, label=r"$2^{k-b} = \sqrt{m} = 32$")
    ax.set(xlabel="inputs seen n", ylabel="accuracy of $x_{n+1}$", yscale="log",
           title="TLCG k = 10, b = 5, unseen (a, c)")
    ax.legend(fontsize=7)
    fig.tight_layout()
    rows = {"n": n, "transformer_mean": A.mean(0), "transformer_min": A.min(0),
            "transformer_max": A.max(0), "classical": cl}
    return fig, rows


@figure("pcg", "onset_vs_width",
        claims=("pcg.light.onset_at_2_pow_k_minus_b", "pcg.light.above_chance_before_sqrt_m"))
def onset_vs_width(quick: bool = False):
    """Accuracy / chance per position for b = 4, 5, 6 at k = 10: the rise sits at 2^(k−b)
    (dashed, per width) while √m = 32 is the same for all."""
    import matplotlib.pyplot as plt

    from numerics.pcg.experiments import WIDTHS

    rs = _curves(quick)
    fig, ax = plt.subplots(figsize=(6.4, 4.0))
    table = {}
    for b, col in zip(WIDTHS, ("tab:red", "tab:blue", "tab:purple")):
        A = np.array([r["acc"] for r in rs if r["b"] == b])
        n = np.arange(1, A.shape[1] + 1)
        ax.plot(n, A.mean(0) * 2 ** b, color=col, label=f"b = {b}")
        ax.axvline(2 ** (10 - b), color=col, ls="--", lw=0.8)
        table["n"] = n
        table[f"acc_over_chance_b{b}"] = A.mean(0) * 2 ** b
    ax.axvline(32, color="k", ls=":", lw=1.0, label="√m = 32")
    ax.axhline(1, color="grey", lw=0.5)
    ax.set(xlabel="inputs seen n", ylabel="accuracy × $2^b$ (1 = chance)",
           title="Onset against output width at k = 10 (dashed: $2^{k-b}$)")
    ax.legend(fontsize=8)
    fig.tight_layout()
    return fig, table
