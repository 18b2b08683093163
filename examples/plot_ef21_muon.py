"""
EF21-Muon: the Muon step is a spectral-norm LMO
===============================================

Gruntkowska et al. (ICLR 2026) analyse Muon as a linear minimisation oracle (LMO) over the
spectral-norm ball: ``LMO(G) = −UVᵀ`` for ``G = UΣVᵀ``, with ``⟨G, LMO(G)⟩ = −‖G‖_nuc``.
We check the LMO against the nuclear norm, show how far Muon's five quintic Newton–Schulz steps
are from the exact polar factor, and check Top-K's contraction constant, the compressor EF21
sends.
"""

# %%
import matplotlib.pyplot as plt
import numpy as np

from theory.ef21_muon import contraction_alpha, dual_norm, lmo, newton_schulz5, polar, topk

rng = np.random.default_rng(0)
G = rng.standard_normal((5, 3))
Z = lmo(G, "spectral")
print(f"<G, LMO(G)> = {np.sum(G * Z):.6f}, -||G||_nuc = {-dual_norm(G, 'spectral'):.6f}")
print(f"singular values of LMO(G): {np.round(np.linalg.svd(Z, compute_uv=False), 6)}")

# %%
# Newton–Schulz (5 steps) is not the polar factor: its singular values scatter around 1.
G = rng.standard_normal((64, 32))
ns = np.linalg.svd(newton_schulz5(G), compute_uv=False)
print(f"||NS5(G) - polar(G)||_2 = {np.linalg.norm(newton_schulz5(G) - polar(G), 2):.3f}")

# %%
# Top-K keeps at least a fraction K/d of the energy: ``‖Top_K(x) − x‖² ≤ (1 − K/d)‖x‖²``,
# with equality for vectors of equal magnitudes.
x = rng.standard_normal(100)
k = 10
alpha = contraction_alpha("topk", k, x.shape)
print(f"alpha = {alpha}, ratio on a Gaussian x: {np.sum((topk(x, k) - x) ** 2) / np.sum(x**2):.4f}"
      f" <= {1 - alpha}; on a sign vector: "
      f"{np.sum((topk(np.sign(x), k) - np.sign(x)) ** 2) / x.size:.4f}")
fig, ax = plt.subplots(figsize=(5, 3.5))
ax.hist(ns, bins=20)
ax.axvline(1.0, color="k", lw=0.8, label="polar factor (all 1)")
ax.set(xlabel="singular value of NS5(G), G 64×32 Gaussian", ylabel="count",
       title="Muon's Newton–Schulz step is approximate")
ax.legend()
fig.tight_layout()
