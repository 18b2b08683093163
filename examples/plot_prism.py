"""
PRISM: candidate sets of partial labels, in closed form
=======================================================

PRISM (ICLR 2026) learns graph labels from candidate sets. In our reconstruction (the paper's
body is not public) each false label joins a graph's candidate set ``S`` independently with
probability ``q``, as in its predecessor DEER. Then ``E|S| = 1 + q(C − 1)``, and a uniform pick
in ``S`` is right with probability ``E[1/|S|] = (1 − (1 − q)^C)/(Cq)``. We check both against
a simulation of the protocol.
"""

# %%
import matplotlib.pyplot as plt
import numpy as np

from theory.prism import expected_inverse_set_size, expected_set_size, uniform_candidates

C, q = 6, 0.3
rng = np.random.default_rng(0)
y = rng.integers(0, C, 200_000)
M = uniform_candidates(y, C, q, rng)
size = M.sum(axis=1)
print(f"E|S|:    closed form {expected_set_size(C, q):.5f}, simulated {size.mean():.5f}")
print(f"E[1/|S|]: closed form {expected_inverse_set_size(C, q):.5f}, "
      f"simulated {np.mean(1.0 / size):.5f}")

# %%
qs = np.linspace(0.0, 1.0, 41)
fig, ax = plt.subplots(figsize=(5.5, 3.6))
for c in (2, 6, 20):
    ax.plot(qs, [expected_inverse_set_size(c, float(v)) for v in qs], label=f"C = {c}")
ax.set(xlabel="flip probability q", ylabel="P(uniform pick in S is right)",
       title="Accuracy of guessing inside the candidate set")
ax.legend()
fig.tight_layout()
