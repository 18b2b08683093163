"""
Token distillation: a linear toy with a closed-form optimum
===========================================================

Dobler, Elliott & de Melo (ICLR 2026) train the embedding of a new token (a merged phrase) so
that the model's hidden states after it match those the original subtokens produce. On our
linear toy, ``h_t = x_t + mean_{j≤t}(x_j) W`` with the released code's merge and
mean-squared loss, the objective is a convex quadratic in the new row: its minimiser is
``G⁻¹c``. We compare it with the heuristic starts (FVT's mean of subtokens, AdaptiVocab) and
with gradient descent on the forward-pass loss.
"""

# %%
import matplotlib.pyplot as plt
import numpy as np

from theory.token_distill import adaptive_init, fvt_init, toy_distill_problem, toy_loss_by_forward

E = np.random.default_rng(1).normal(size=(8, 3))  # 8 original tokens of width 3
W = 0.5 * np.random.default_rng(2).normal(size=(3, 3))
snippets = ([0, 1, 2, 3, 4], [2, 3, 4, 5, 6, 7], [7, 2, 3, 4, 1])
phrase = (2, 3, 4)  # the new token merges these three subtokens
P = toy_distill_problem(E, W, snippets, phrase)
print(f"loss at FVT          {P.loss(fvt_init(E, phrase)):.6f}")
print(f"loss at AdaptiVocab  {P.loss(adaptive_init(E, phrase)):.6f}")
print(f"loss at G^-1 c       {P.loss_opt:.6f} (forward pass: "
      f"{toy_loss_by_forward(E, W, snippets, phrase, P.e_opt):.6f})")

# %%
# Gradient descent from FVT with step 1/L reaches the closed-form minimiser.
e = fvt_init(E, phrase)
lr = 1.0 / np.linalg.eigvalsh(2 * P.G / (P.rows * P.d)).max()
losses = []
for _ in range(400):
    losses.append(P.loss(e) - P.loss_opt)
    e = e - lr * P.grad(e)
print(f"after 400 steps: |e - G^-1 c| = {np.linalg.norm(e - P.e_opt):.1e}")
fig, ax = plt.subplots(figsize=(5, 3.5))
ax.semilogy(np.maximum(losses, 1e-16))
ax.set(xlabel="gradient step", ylabel="loss − optimal loss", title="Distilling the new row")
fig.tight_layout()
