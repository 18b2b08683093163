"""
In-context SSL: stacked attention layers compute a Laplacian eigenmap
=====================================================================

Fan et al. (ICLR 2026): an RBF softmax-attention layer writes the normalised kernel
``K̂ = A D⁻¹`` of the prompt's points, and orthonormalised linear layers ``Φ ← orth(K̂ᵀΦ)`` run a
subspace iteration. We check that it converges to the bottom generalised eigenvectors of
``(D − A, D)`` (the classical Laplacian eigenmap) on two concentric circles, at the rate the
eigenvalue ratio predicts.
"""

# %%
import matplotlib.pyplot as plt
import numpy as np

from theory.icssl import (
                          attention_laplacian,
                          generalized_eigh,
                          sin_max_principal_angle,
                          subspace_iteration,
)

rng = np.random.default_rng(0)
n = 100
t = rng.uniform(0, 2 * np.pi, n)
radius = np.where(np.arange(n) < n // 2, 1.0, 2.0)
X = np.c_[radius * np.cos(t), radius * np.sin(t)] + 0.05 * rng.normal(size=(n, 2))

L, K, d = attention_laplacian(X, 0.5)
A = K * d[None, :]
eigenvalues, F = generalized_eigh(A)
print("bottom generalised eigenvalues of (D - A, D):", np.round(eigenvalues[:4], 6))

# %%
# Principal angle between span(Φ_t) and the bottom-2 eigenvectors, layer by layer.
layers = np.arange(5, 301, 15)
angles = [sin_max_principal_angle(subspace_iteration(K, 2, int(T), seed=1), F[:, :2])
          for T in layers]
print(f"sin θ after {layers[-1]} layers: {angles[-1]:.1e}")
fig, ax = plt.subplots(1, 2, figsize=(9, 3.6))
ax[0].semilogy(layers, angles, "o-")
ax[0].set(xlabel="number of layers t", ylabel="sin of largest principal angle",
          title="Power layers converge to the eigenmap")
fiedler = F[:, 1]
sc = ax[1].scatter(X[:, 0], X[:, 1], c=fiedler, cmap="coolwarm", s=14)
fig.colorbar(sc, ax=ax[1], label="second eigenvector")
ax[1].set(aspect="equal", xlabel="x₁", ylabel="x₂", title="The eigenmap's second coordinate")
fig.tight_layout()
