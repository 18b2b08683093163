# %% [markdown]
# # The Jumbo token: exact accounting, checked, and a light experiment
# Fuller, Yassin, Kyrollos, Shelhamer & Green, *Thicker and Quicker: A Jumbo Token for Fast
# Plain Vision Transformers* (arXiv 2502.15021, ICLR 2026; code `antofuller/jumbo`).
#
# One global token, $J$ times wider than the patch tokens: $J$ sub-tokens of width $D$ in attention,
# re-joined into one $J\cdot D$ vector for a wide FFN ($JD \to 4JD \to JD$) that all layers share (code v3).
# Its cost is pure accounting. This notebook checks the closed forms against an enumeration of
# every tensor and matmul (sympy, for all sizes) and against models built in torch. Then it asks
# whether the Jumbo FFN is really "negligible", and how Jumbo fares on digits against registers
# at the same width and at matched FLOPs. Set `QUICK=1` for small sizes.

# %%
import os

import matplotlib.pyplot as plt

QUICK = os.environ.get("QUICK") == "1"

# %% [markdown]
# ## 1. Parameters and FLOPs of the released configurations
# v3 (the ICLR text) shares one Jumbo FFN across the 12 layers; v1 had one per layer. The
# registers baseline (CLS + 16 registers, LayerScale) is our reading: it is not in the code.

# %%
from theory.jumbo import (
    configs,
    ffn_flop_ratio,
    flops_jumbo,
    flops_vit_registers,
    jumbo_ffn_params,
    jumbo_ffn_share,
    params_jumbo,
    params_vit_registers,
)

print(f"{'size':6} {'D':>4} {'J':>2} {'Jumbo v3':>12} {'shared FFN':>11} {'ViT+R16':>11} "
      f"{'Jumbo v1':>12} {'GFLOPs J/R16':>14}")
for name, cf in configs().items():
    D, L, J, C, N = cf["D"], cf["L"], cf["J"], cf["C"], cf["N"]
    pj = params_jumbo(D, L, J, C, N)
    print(f"{name:6} {D:4} {J:2} {pj:12,} {jumbo_ffn_params(D, J) / pj:10.1%} "
          f"{params_vit_registers(D, L, 16, C, N):11,} {params_jumbo(D, L, J, C, N, variant='v1'):12,}"
          f" {flops_jumbo(D, L, J, C, N) / 1e9:6.3f}/{flops_vit_registers(D, L, 16, C, N) / 1e9:.3f}")

# %%
from numerics.jumbo.figures import flop_breakdown, parameters

fig, _ = parameters(quick=QUICK)
plt.show()
fig, _ = flop_breakdown(quick=QUICK)
plt.show()

# %% [markdown]
# ## 2. Is the Jumbo FFN's cost negligible?
# Per layer the Jumbo FFN costs $J^2/N$ of the patch FFN: $36/196 = 18\%$ at 224 px. Its share
# of the whole forward pass therefore depends on the resolution. It is 8–10 % at 224 px, but
# 24 % for nano at 128 px, the resolution at which the ImageNet models are trained.

# %%
from numerics.jumbo.figures import ffn_share_vs_resolution

print(f"J²/N at J = 6, N = 196: {ffn_flop_ratio(6, 196):.4f}")
for img in (128, 224, 448):
    print(f"nano at {img} px: Jumbo-FFN share {jumbo_ffn_share(128, 12, 6, 1000, (img // 16) ** 2):.1%}")
fig, _ = ffn_share_vs_resolution(quick=QUICK)
plt.show()

# %% [markdown]
# ## 3. Closed forms vs models built in torch
# The torch models use the released state-dict keys. They are built on the `meta` device (shapes
# only), and counted with `sum(p.numel())` and `FlopCounterMode`. One caveat: with the released
# code's `scaled_dot_product_attention` on CPU, the counter drops the attention products.

# %%
from numerics.jumbo.models import Jumbo, ViTRegisters, count_flops, count_params
from theory.jumbo import configs as _c

names = ["pico", "nano"] if QUICK else list(_c())
for name in names:
    cf = _c()[name]
    D, H, J, C, N = cf["D"], cf["H"], cf["J"], cf["C"], cf["N"]
    m = Jumbo(D, 12, H, J, C, device="meta")
    r = ViTRegisters(D, 12, H, 16, C, device="meta")
    print(f"{name:6} params {count_params(m) == params_jumbo(D, 12, J, C, N)}/"
          f"{count_params(r) == params_vit_registers(D, 12, 16, C, N)}  FLOPs "
          f"{count_flops(m) == flops_jumbo(D, 12, J, C, N)}/"
          f"{count_flops(r) == flops_vit_registers(D, 12, 16, C, N)}")

# %% [markdown]
# ## 4. Digits: Jumbo vs registers vs plain ViT
# sklearn digits as $1\times8\times8$ images with $2\times2$ patches, $L = 2$, three seeds (one in QUICK mode, which
# cannot decide anything). Jumbo ($J = 4$) is compared with CLS + 3 registers at the same width
# $D \in \{8, 16\}$, and with registers and a plain ViT at the smallest width whose FLOPs reach
# Jumbo's. The thresholds are fixed in `numerics/jumbo/claims.py`.

# %%
from iclr26_verify.registry import stats
from numerics.jumbo.experiments import run_all
from numerics.jumbo.figures import digits_accuracy_vs_flops

rows = run_all(QUICK)
arms = sorted({(r["family"], r["D"], r["role"]) for r in rows}, key=lambda a: (a[2], a[1]))
for fam, D, role in arms:
    acc = [r["acc"] for r in rows if r["family"] == fam and r["D"] == D and r["role"] == role]
    iv = stats.t_interval(acc)  # one seed (quick): unbounded
    m, lo, hi = iv.mean, iv.low, iv.high
    print(f"{fam:9} D={D:2} ({role:22}): {m:.3f} [{lo:.3f}, {hi:.3f}] over {len(acc)} seed(s)")
fig, _ = digits_accuracy_vs_flops(quick=QUICK)
plt.show()

# %% [markdown]
# ## 5. Every registered claim of the topic
# Theory claims, then the empirical ones (in QUICK mode the digits claims are undecided).

# %%
from theory.claims import discover

for c in discover(["jumbo"]):
    if QUICK and c.kind == "empirical" and c.id in ("jumbo.model.flops_match",
                                                    "jumbo.flopcounter.sdpa_drops_attention"):
        continue  # the slowest two; the CLI and the tests run them
    r = c.run(quick=QUICK)
    power = "" if r.power is None else f" power {r.power:g}"
    print(f"[{r.verdict:11}] {c.id} ({', '.join(c.evidence)}){power}\n    {r.evidence.note[:220]}")

# %% [markdown]
# ## Verdicts
# Each registered claim of this paper with its verdict in words, from the committed report
# (`reports/claims.json`, the full run), then the same claims as a table.

# %%
from iclr26_verify.run.notebooks import closing_cell

closing_cell("jumbo")
