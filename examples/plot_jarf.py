"""
JARF: the expected gradient outer product of a single-index model
=================================================================

Rauniyar (ICLR 2026) rotates a random forest's inputs by ``Ĥ``, built from the expected
Jacobian outer product (EJOP) of a surrogate. For a single-index model ``f(x) = tanh(wᵀx)``
with ``x ~ N(0, I)`` the EJOP is rank one, ``H₀ = E[sech⁴(‖w‖Z)]·wwᵀ``: its top eigenvector is
the index direction. We compare the closed form with a Monte Carlo average of exact gradients.
"""

# %%
import matplotlib.pyplot as plt
import numpy as np

from theory.jarf import egop_single_index, principal_angles, single_index_coefficient

w = np.array([1.0, -2.0, 0.5, 0.0, 1.5])
H = egop_single_index(w, "tanh")
c = single_index_coefficient(float(np.linalg.norm(w)), "tanh")
print(f"c = E[sech^4(|w| Z)] = {c:.6f}")

# %%
# Monte Carlo: ∇f(x) = sech²(wᵀx)·w, averaged as an outer product.
rng = np.random.default_rng(0)
X = rng.standard_normal((200_000, w.size))
grads = (1.0 / np.cosh(X @ w) ** 2)[:, None] * w[None, :]
H_mc = grads.T @ grads / len(X)
lam, vec = np.linalg.eigh(H)
print(f"top eigenvalue: closed form {lam[-1]:.5f}, Monte Carlo {np.linalg.eigvalsh(H_mc)[-1]:.5f}")
print(f"angle(top eigenvector, w) = {principal_angles(vec[:, -1], w)[0]:.1e} degrees")

# %%
fig, ax = plt.subplots(1, 2, figsize=(8, 3.4))
for a, M, name in ((ax[0], H, "closed form H₀"), (ax[1], H_mc, "Monte Carlo (2·10⁵)")):
    im = a.imshow(M, cmap="RdBu_r", vmin=-np.abs(H).max(), vmax=np.abs(H).max())
    a.set(title=name, xlabel="coordinate", ylabel="coordinate")
fig.colorbar(im, ax=ax, shrink=0.8, label="EJOP entry")
