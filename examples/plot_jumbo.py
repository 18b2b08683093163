"""
Jumbo: parameter and FLOP counts in closed form
===============================================

Fuller et al. (ICLR 2026) add one wide "Jumbo" token to a plain ViT, with its own FFN shared by
all layers. We check the closed-form parameter count against the torch model built on the meta
device (no weights are allocated), then show that the Jumbo FFN's share of the forward FLOPs
falls with resolution.
"""

# %%
import matplotlib.pyplot as plt

from numerics.jumbo.models import Jumbo, count_params
from theory.jumbo import (
    configs,
    flops_jumbo,
    flops_vit_registers,
    jumbo_ffn_share,
    num_patches,
    params_jumbo,
)

for name, cf in configs().items():
    D, H, J, C, N = cf["D"], cf["H"], cf["J"], cf["C"], cf["N"]
    built = count_params(Jumbo(D, 12, H, J, C, device="meta"))
    print(f"{name:5s}: closed form {params_jumbo(D, 12, J, C, N):>11,d}, torch {built:>11,d}")

# %%
# The Jumbo FFN acts on one token, so its share of the FLOPs shrinks as patches multiply.
cf = configs()["nano"]
D, L, J, C = cf["D"], cf["L"], cf["J"], cf["C"]
sizes = [128, 160, 224, 320, 448, 640]
shares = [jumbo_ffn_share(D, L, J, C, num_patches(s)) for s in sizes]
ratios = [flops_jumbo(D, L, J, C, num_patches(s)) / flops_vit_registers(D, L, 16, C, num_patches(s))
          for s in sizes]
print("nano, Jumbo FFN share:", [f"{100 * s:.1f} %" for s in shares])
fig, ax = plt.subplots(figsize=(5.5, 3.6))
ax.plot(sizes, [100 * s for s in shares], "o-", label="Jumbo FFN share of FLOPs")
ax.plot(sizes, [100 * (r - 1) for r in ratios], "s--", label="Jumbo / ViT+16 registers − 1")
ax.axhline(0, color="grey", lw=0.8)
ax.set(xlabel="image side (pixels)", ylabel="percent", title="Jumbo nano: FLOPs by resolution")
ax.legend()
fig.tight_layout()
