"""
BLAE: the released bi-Lipschitz term is not the paper's loss
============================================================

Zhan et al. (ICLR 2026) regularise a decoder's Jacobian ``J`` so that its singular values stay
in ``[1/κ, κ]``. The released code trains with ``‖offdiag(JᵀJ)‖² + ‖ReLU(diag(JᵀJ) − κ)‖²``
instead, which has no lower bound on ``σ_min``: ``J = diag(1, s)`` is a zero of the code's term
for every ``s ≤ 1``, however close to singular.
"""

# %%
import matplotlib.pyplot as plt
import numpy as np

from theory.blae import bilip_loss, bilip_loss_code

J = np.diag([1.0, 0.01])
print(f"J = diag(1, 0.01), kappa = 1: code term = {bilip_loss_code(J, 1.0):g}, "
      f"paper loss = {bilip_loss(J, 1.0):.6f} (= (1 - 0.01)^2)")

# %%
# Along J = diag(1, s) the paper's loss penalises both ends, the code's only large s.
s = np.linspace(0.01, 2.0, 200)
paper = [bilip_loss(np.diag([1.0, v]), 1.0) for v in s]
code = [bilip_loss_code(np.diag([1.0, v]), 1.0) for v in s]
fig, ax = plt.subplots(figsize=(5.5, 3.6))
ax.plot(s, paper, label="paper: L_biLip(κ = 1)")
ax.plot(s, code, "--", label="released code's term")
ax.set(xlabel="second singular value s of J = diag(1, s)", ylabel="loss",
       title="Which Jacobians each loss lets through")
ax.legend()
fig.tight_layout()
