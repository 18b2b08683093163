"""Figures of the Jumbo topic: FLOP and parameter breakdowns (closed forms, checked against the
built models by the claims), the Jumbo FFN's FLOP share against resolution, and the digits
experiment (accuracy against FLOPs, mean and 95 % interval over seeds)."""

from __future__ import annotations

import numpy as np

from iclr26_verify import figure


def _breakdown(D, L, J, C, N, H, model, R=16):
    from theory.jumbo._reference import count_flops, matmuls

    mm = matmuls(model, D, L, C, N, J=J, R=R, H=H)
    parts = {"attention": {"qkv", "q@k^T", "attn@v", "proj"}, "patch/token FFN": {"fc1", "fc2"},
             "Jumbo FFN": {"jumbo_fc1", "jumbo_fc2"}, "stem + head": {"patch_embed", "head"}}
    return {k: count_flops(mm, v) for k, v in parts.items()}


@figure("jumbo", "flop_breakdown", claims=("jumbo.flops.closed_form", "jumbo.attn.same_tokens",
                                           "jumbo.flops.ffn_ratio"))
def flop_breakdown(quick: bool = False):
    """GFLOPs per 224-px image by component: Jumbo v3 vs ViT + CLS + 16 registers."""
    import matplotlib.pyplot as plt

    from theory.jumbo import configs

    rows = []
    fig, ax = plt.subplots(figsize=(8, 3.8))
    colours = {"attention": "C0", "patch/token FFN": "C1", "Jumbo FFN": "C3", "stem + head": "C7"}
    x = 0
    ticks, labels = [], []
    for name, cf in configs().items():
        for model, tag in (("jumbo_v3", "Jumbo"), ("registers", "R16")):
            b = _breakdown(cf["D"], cf["L"], cf["J"], cf["C"], cf["N"], cf["H"], model)
            total = sum(b.values())
            bottom = 0.0
            for k, v in b.items():
                ax.bar(x, v / total, bottom=bottom, color=colours[k], width=0.8,
                       label=k if x == 0 else None)
                bottom += v / total
                rows.append({"config": name, "model": tag, "component": k, "flops": v,
                             "share": v / total})
            ax.text(x, 1.01, f"{total / 1e9:.2f}", ha="center", fontsize=6)
            ticks.append(x)
            labels.append(f"{name}\n{tag}")
            x += 1
        x += 0.6
    ax.set_xticks(ticks, labels, fontsize=7)
    ax.set(xlabel="configuration and model", ylabel="share of forward FLOPs", ylim=(0, 1.1),
           title="FLOPs by component at 224 px (total GFLOPs above the bars)")
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1))  # it covered base's bars
    fig.tight_layout()
    return fig, rows


@figure("jumbo", "ffn_share_vs_resolution", claims=("jumbo.flops.negligible",
                                                    "jumbo.flops.share_by_resolution"))
def ffn_share_vs_resolution(quick: bool = False):
    """The Jumbo FFN's share of the forward FLOPs and the Jumbo / ViT+R16 FLOP ratio against
    image side, for the released configurations."""
    import matplotlib.pyplot as plt

    from theory.jumbo import configs, flops_jumbo, flops_vit_registers, jumbo_ffn_share

    sides = np.arange(64, 513, 64 if quick else 16)
    rows = []
    fig, (a1, a2) = plt.subplots(1, 2, figsize=(9, 3.6))
    for name, cf in configs().items():
        D, L, J, C = cf["D"], cf["L"], cf["J"], cf["C"]
        share = [jumbo_ffn_share(D, L, J, C, (s // 16) ** 2) for s in sides]
        ratio = [flops_jumbo(D, L, J, C, (s // 16) ** 2)
                 / flops_vit_registers(D, L, 16, C, (s // 16) ** 2) for s in sides]
        a1.plot(sides, 100 * np.array(share), label=f"{name} (J = {J})")
        a2.plot(sides, ratio, label=f"{name} (J = {J})")
        rows += [{"config": name, "img": int(s), "jumbo_ffn_share": sh, "flop_ratio_vs_r16": r}
                 for s, sh, r in zip(sides, share, ratio, strict=True)]
    for a in (a1, a2):
        a.axvline(128, color="k", ls=":", lw=1, label="128 px (training)")
        a.axvline(224, color="k", ls="--", lw=1, label="224 px")
        a.set_xlabel("image side (px), patch 16")
        a.grid(alpha=0.3)
    a1.axhline(10, color="r", lw=1, label="10 % ('negligible', our reading)")
    a1.set(ylabel="Jumbo-FFN share of FLOPs (%)", title="Jumbo FFN share (128 px: training)")
    a2.axhline(1, color="k", lw=0.8)
    a2.set(ylabel="FLOPs(Jumbo) / FLOPs(ViT + R16)", title="Jumbo vs registers, FLOP ratio")
    a1.legend(fontsize=7)
    a2.legend(fontsize=7)
    fig.tight_layout()
    return fig, rows


@figure("jumbo", "parameters", claims=("jumbo.params.closed_form", "jumbo.params.v1_closed_form",
                                       "jumbo.params.registers_closed_form",
                                       "jumbo.params.ffn_share", "jumbo.params.vs_registers"))
def parameters(quick: bool = False):
    """Parameters of Jumbo v3 (shared FFN split out), Jumbo v1 and ViT + R16 per configuration."""
    import matplotlib.pyplot as plt

    from theory.jumbo import configs, jumbo_ffn_params, params_jumbo, params_vit_registers

    rows = []
    fig, ax = plt.subplots(figsize=(7.5, 3.6))
    names = list(configs())
    xs = np.arange(len(names))
    v3, ffn, v1, reg = [], [], [], []
    for name in names:
        cf = configs()[name]
        D, L, J, C, N = cf["D"], cf["L"], cf["J"], cf["C"], cf["N"]
        v3.append(params_jumbo(D, L, J, C, N))
        ffn.append(jumbo_ffn_params(D, J))
        v1.append(params_jumbo(D, L, J, C, N, variant="v1"))
        reg.append(params_vit_registers(D, L, 16, C, N))
        rows.append({"config": name, "jumbo_v3": v3[-1], "shared_ffn": ffn[-1],
                     "jumbo_v1": v1[-1], "vit_r16": reg[-1]})
    w = 0.27
    ax.bar(xs - w, np.array(v3) - np.array(ffn), w, color="C0", label="Jumbo v3 without $\\mathrm{FFN}_J$")
    ax.bar(xs - w, ffn, w, bottom=np.array(v3) - np.array(ffn), color="C3",
           label="shared Jumbo FFN")
    ax.bar(xs, v1, w, color="C4", label="Jumbo v1 (per-layer FFN)")
    ax.bar(xs + w, reg, w, color="C2", label="ViT + CLS + 16 registers")
    ax.set_yscale("log")
    ax.set_xticks(xs, [f"{n}\nJ = {configs()[n]['J']}" for n in names])
    ax.set(xlabel="configuration (J: sub-tokens of the Jumbo token)", ylabel="parameters", title="Parameters of the released configurations (224 px, "
           "1000 classes)")
    ax.legend(fontsize=7)
    fig.tight_layout()
    return fig, rows


@figure("jumbo", "digits_accuracy_vs_flops", claims=("jumbo.light.gain_at_narrow_width",
                                                     "jumbo.light.beats_registers_at_equal_flops",
                                                     "jumbo.light.on_par_at_equal_flops",
                                                     "jumbo.light.beats_plain_at_equal_flops"))
def digits_accuracy_vs_flops(quick: bool = False):
    """Digits test accuracy against FLOPs per image: Jumbo, registers and plain ViT at the
    same width and at matched FLOPs (mean and 95 % t-interval over seeds)."""
    import matplotlib.pyplot as plt

    from iclr26_verify.registry import stats
    from numerics.jumbo.experiments import run_all

    rows = run_all(quick)
    arms = sorted({(r["family"], r["D"], r["flops"], r["params"]) for r in rows},
                  key=lambda a: a[2])
    table = []
    fig, ax = plt.subplots(figsize=(6.5, 3.8))
    marks = {"jumbo": ("o", "C3"), "registers": ("s", "C0"), "plain": ("^", "C2")}
    for fam, D, flops, params in arms:
        acc = [r["acc"] for r in rows if r["family"] == fam and r["D"] == D]
        iv = stats.t_interval(acc)  # one seed: unbounded, drawn without a bar
        m, lo, hi = iv.mean, iv.low, iv.high
        bar = [[m - lo], [hi - m]] if iv.n > 1 else None
        mk, col = marks[fam]
        ax.errorbar(flops / 1e3, m, yerr=bar, fmt=mk, color=col, capsize=3,
                    label=fam if fam not in {t["family"] for t in table} else None)
        ax.annotate(f"D={D}", (flops / 1e3, m), textcoords="offset points", xytext=(4, -10),
                    fontsize=7)
        table.append({"family": fam, "D": D, "flops": flops, "params": params, "acc_mean": m,
                      "acc_low": lo, "acc_high": hi, "seeds": len(acc)})
    n_seeds = max(t["seeds"] for t in table)
    ax.set(xlabel="forward FLOPs per image (thousands)", ylabel="test accuracy",
           title="digits (8×8, 2×2 patches, L = 2): mean ± 95 % CI over "
           f"{n_seeds} seed{'' if n_seeds == 1 else 's'}")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    return fig, table
