"""
CUPID: what the aleatoric head regresses
========================================

Xu & Fan (ICLR 2026) train a log-variance ``s`` with the loss ``½r²e^{−s} + ½s`` on a residual
``r``. It is minimised at ``s* = log r²`` with minimum ``½(1 + log r²)``: the aleatoric score
``e^{s*}`` is the squared residual, and the loss has no lower bound as ``r → 0``. We compare the
closed form with scipy's bounded scalar minimiser.
"""

# %%
import matplotlib.pyplot as plt
import numpy as np
from scipy.optimize import minimize_scalar

from theory.cupid import au_optimum

r = np.array([0.9, 0.3, 0.05, 1e-3])
s_star, vmin = au_optimum(r**2)
for ri, si, vi in zip(r, s_star, vmin):
    res = minimize_scalar(lambda s, r2=ri**2: 0.5 * r2 * np.exp(-s) + 0.5 * s,
                          bounds=(-30, 10), method="bounded", options={"xatol": 1e-10})
    print(f"r = {ri:6.3f}: s* = {si:9.6f} (Brent {res.x:9.6f}), min = {vi:9.6f} (Brent {res.fun:9.6f})")

# %%
s = np.linspace(-8, 3, 300)
fig, ax = plt.subplots(figsize=(5.5, 3.6))
for ri in (0.9, 0.3, 0.05):
    ax.plot(s, 0.5 * ri**2 * np.exp(-s) + 0.5 * s, label=f"r = {ri}")
ax.plot(*au_optimum(np.array([0.9, 0.3, 0.05]) ** 2), "ko", label="closed-form optimum")
ax.set(xlabel="log-variance s", ylabel="aleatoric loss (nats)", ylim=(-4, 4),
       title="½r²e^(−s) + ½s is minimised at s = log r²")
ax.legend()
fig.tight_layout()
