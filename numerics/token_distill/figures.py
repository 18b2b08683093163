"""Figures of the token_distill topic: the linear toy's loss landscape and floor, the weighted-sum
limit, and the byte-LM comparison (held-out NLL per method; per-token paired differences)."""

from __future__ import annotations

import numpy as np

from iclr26_verify import figure


@figure("token_distill", "toy_floor",
        claims=("token_distill.toy.closed_form", "token_distill.toy.positive_floor"))
def toy_floor(quick: bool = False):
    """Linear toy: loss along the segment FVT → optimum (with AdaptiVocab marked), and the
    optimal loss (floor) as the mixing W is scaled from 0 (floor 0) upwards."""
    import matplotlib.pyplot as plt

    from theory.token_distill import adaptive_init, fvt_init, toy_distill_problem
    from theory.token_distill.claims import PHRASE, SNIPPETS, toy_example

    E, W = toy_example()
    P = toy_distill_problem(E, W, SNIPPETS, PHRASE)
    e0 = fvt_init(E, PHRASE)
    ts = np.linspace(-0.25, 1.25, 31 if quick else 121)
    path = [P.loss(e0 + t * (P.e_opt - e0)) for t in ts]
    scales = np.linspace(0, 2, 11 if quick else 41)
    floors = [toy_distill_problem(E, s * W, SNIPPETS, PHRASE).loss_opt for s in scales]
    rows = [{"panel": "path", "x": float(t), "loss": float(v)} for t, v in zip(ts, path)]
    rows += [{"panel": "floor_vs_W_scale", "x": float(s), "loss": float(v)}
             for s, v in zip(scales, floors)]
    fig, ax = plt.subplots(1, 2, figsize=(9.6, 3.8))
    ax[0].plot(ts, path, color="tab:blue", label="loss along the segment")
    ax[0].axhline(P.loss_opt, color="k", ls=":", label=f"floor {P.loss_opt:.4f}")
    ax[0].scatter([0], [P.loss(e0)], color="tab:orange", zorder=3, label="FVT (t = 0)")
    ax[0].scatter([1], [P.loss_opt], color="tab:green", zorder=3, label="optimum (t = 1)")
    ax[0].axhline(P.loss(adaptive_init(E, PHRASE)), color="tab:red", ls="--", lw=0.8,
                  label="AdaptiVocab")
    ax[0].set(xlabel=r"t  ($e = \mathrm{FVT} + t\,(e_\mathrm{opt} - \mathrm{FVT})$)", ylabel="distillation loss",
              title="A convex quadratic; FVT at t = 0")
    ax[0].legend(fontsize=8)
    ax[1].plot(scales, floors, "o-", ms=3)
    ax[1].set(xlabel="scale s of the mixing (W → sW)", ylabel="optimal loss (floor)",
              title="Floor is 0 without mixing, > 0 with it")
    fig.tight_layout()
    return fig, rows


@figure("token_distill", "weighted_sum_limit",
        claims=("token_distill.toy.weighted_sums_suboptimal",
                "token_distill.toy.weighted_sums_gap_10pct"))
def weighted_sum_limit(quick: bool = False):
    """Linear toy, 20 random instances: loss of the best weighted sum of the subtoken rows, of
    FVT and of AdaptiVocab, relative to the optimum (1 = optimal)."""
    import matplotlib.pyplot as plt

    from theory.token_distill.claims import _weighted_sum_ratios

    r = _weighted_sum_ratios(0)
    best = r["ratio"]
    fvt = r["fvt_over"] * best
    av = r["av_over"] * best
    rows = [{"instance": i, "best_weighted_sum": float(b), "fvt": float(f), "adaptivocab": float(a)}
            for i, (b, f, a) in enumerate(zip(best, fvt, av))]
    fig, ax = plt.subplots(figsize=(6.4, 3.8))
    x = np.arange(best.size)
    ax.semilogy(x, fvt, "o", label="FVT", color="tab:orange")
    ax.semilogy(x, av, "s", label="AdaptiVocab", color="tab:red")
    ax.semilogy(x, best, "^", label="best weighted sum", color="tab:blue")
    ax.axhline(1, color="k", lw=0.8)
    ax.axhline(1.1, color="grey", ls=":", lw=0.8, label="our 10 % prediction")
    ax.set(xlabel="random instance (n = 2 subtokens, d = 8)", ylabel="loss / optimal loss",
           title="No weighted sum of subtoken rows reaches the optimum")
    ax.legend(fontsize=8)
    fig.tight_layout()
    return fig, rows


@figure("token_distill", "heldout_nll",
        claims=("token_distill.light.td_beats_fvt", "token_distill.light.td_beats_random",
                "token_distill.light.td_beats_adaptivocab", "token_distill.light.td_beats_ntp",
                "token_distill.light.td_closes_half_gap"))
def heldout_nll(quick: bool = False):
    """Byte LM: held-out NLL of the 8 bytes after the new token per method (mean over tokens,
    one point per LM seed), beside the original tokenisation (teacher)."""
    import matplotlib.pyplot as plt

    from numerics.token_distill.experiments import results

    r = results(quick)
    order = ["rand", "fvt", "adaptivocab", "td", "ntp", "teacher"]
    rows = []
    fig, ax = plt.subplots(figsize=(6.4, 3.8))
    for i, m in enumerate(order):
        per_seed = r["nll"][m].mean(1)
        for s, v in zip(r["seeds"], per_seed):
            rows.append({"method": m, "seed": s, "nll_nats_per_byte": float(v)})
        ax.bar(i, per_seed.mean(), color="lightgrey" if m != "td" else "tab:blue")
        ax.plot(np.full(per_seed.size, i), per_seed, "k.", ms=5,
                label="one seed (bar: mean)" if i == 0 else None)
    names = {"rand": "random", "fvt": "FVT", "adaptivocab": "AdaptiVocab",
             "td": "distillation", "ntp": "NTP", "teacher": "teacher"}
    ax.set_xticks(range(len(order)), [names.get(m, m) for m in order])
    ax.set_xlabel("initialisation of the new-token rows")
    ax.legend(fontsize=7)
    lo = min(v["nll_nats_per_byte"] for v in rows)
    ax.set_ylim(lo - 0.1, None)
    ax.set(ylabel="held-out NLL, next 8 bytes (nats/byte)",
           title="New-token rows on a byte LM (lower is better)")
    fig.tight_layout()
    return fig, rows


@figure("token_distill", "per_token_differences",
        claims=("token_distill.light.td_beats_fvt", "token_distill.light.td_beats_ntp"))
def per_token_differences(quick: bool = False):
    """Byte LM: per token (mean over LM seeds), NLL of FVT − distillation and of NTP −
    distillation (positive: distillation better)."""
    import matplotlib.pyplot as plt

    from numerics.token_distill.experiments import results

    r = results(quick)
    n = r["nll"]
    d_fvt = (n["fvt"] - n["td"]).mean(0)
    d_ntp = (n["ntp"] - n["td"]).mean(0)
    rows = [{"token": t, "fvt_minus_td": float(a), "ntp_minus_td": float(b)}
            for t, a, b in zip(r["tokens"], d_fvt, d_ntp)]
    fig, ax = plt.subplots(figsize=(7.2, 3.8))
    x = np.arange(len(r["tokens"]))
    ax.bar(x - 0.2, d_fvt, 0.4, label="FVT − td")
    ax.bar(x + 0.2, d_ntp, 0.4, label="NTP − td")
    ax.axhline(0, color="k", lw=0.8)
    ax.set_xticks(x, [repr(t) for t in r["tokens"]], rotation=45, ha="right", fontsize=7)
    ax.set(xlabel="new token", ylabel="Δ NLL (nats/byte)",
           title="Distillation beats FVT; NTP beats distillation")
    ax.legend(fontsize=8)
    fig.tight_layout()
    return fig, rows
