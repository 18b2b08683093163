"""
t-SNE: impostors with any silhouette and the same affinities
============================================================

Bergam, Snoeck & Verma (ICLR 2026), Thm 3: adding the same constant to every squared distance
leaves t-SNE's input affinities ``P`` unchanged, so for every ``0 < ε ≤ 1`` there is an input
``X_ε`` whose silhouette is exactly ``ε`` times that of ``X`` and whose t-SNE outputs are the
same. We build such impostors of three Gaussian clusters and compare their ``P``.
"""

# %%
import matplotlib.pyplot as plt
import numpy as np

from theory.tsne import impostor, joint_probabilities, silhouette, sq_distances

rng = np.random.default_rng(0)
labels = np.repeat([0, 1, 2], 20)
centres = np.array([[0.0] * 5, [3.0] + [0.0] * 4, [0.0, 3.0, 0.0, 0.0, 0.0]])
X = centres[labels] + rng.normal(size=(60, 5))
s0 = silhouette(X, labels)
P = joint_probabilities(sq_distances(X), 30.0)
print(f"silhouette of X: {s0:.6f}")

# %%
# Each impostor is ``[X | sqrt(C/2) I]`` for the shift ``C`` that gives silhouette ``ε·S(X)``.
eps_grid = [1.0, 0.5, 0.2, 0.05]
for eps in eps_grid:
    Xe, C = impostor(X, labels, eps)
    Pe = joint_probabilities(sq_distances(Xe), 30.0)
    print(f"eps = {eps:4.2f}: shift C = {C:9.3f}, silhouette ratio = "
          f"{silhouette(Xe, labels) / s0:.6f}, max |P(X_eps) - P(X)| = {np.abs(Pe - P).max():.1e}")

# %%
# Same affinities, very different cluster quality: the squared distances of an impostor are
# those of ``X`` plus the constant ``C`` off the diagonal.
Xe, C = impostor(X, labels, 0.05)
fig, axes = plt.subplots(1, 2, figsize=(8, 3.5))
for ax, D, name in ((axes[0], sq_distances(X), "X"), (axes[1], sq_distances(Xe), "X_0.05")):
    im = ax.imshow(D, cmap="viridis")
    ax.set(title=f"squared distances of {name}", xlabel="point", ylabel="point")
    fig.colorbar(im, ax=ax, shrink=0.8)
fig.tight_layout()
