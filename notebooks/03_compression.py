# %% [markdown]
# # Distortion-rate-classification
# See shared paper notes; set `QUICK=1` for small sizes.

# %%
import os

import numpy as np

QUICK = os.environ.get("QUICK") == "1"
rng = np.random.default_rng(0)

# %%
from theory.claims import discover

from numerics.report import fmt_value

for c in discover(["compression"], kinds=("theory",)):
    r = c.run(quick=QUICK)
    print(f"{c.id:55s} {r.verdict:10s} {fmt_value(r.evidence.measured, 4)}")

# %% [markdown]
# ## Experiments (torch)
# The empirical half of this notebook: the paper's method in torch, against the theorems above.

# %% [markdown]
# ### Learned compressors with common randomness
# Encoder → tanh → L-level universal quantiser whose dither comes from a seeded PRNG that the
# decoder replicates; rate = latent_dim·log2 L bits (the entropy-coded H(Z|U) is also measured).
# Each learned (R, D) point is compared with the bound evaluated at the code's *own* output law.

# %%
import torch

from numerics.compression.experiments import (
    bernoulli_experiment,
    digits_experiment,
    digits_table,
    gaussian_experiment,
)

torch.set_num_threads(1)
bern = bernoulli_experiment(QUICK)
for r in bern["points"]:
    print(f"Bernoulli q=({r['q_x']},{r['q_y']}): H(Z|U)={r['rate']:.3f} b  D={r['distortion']:.4f}"
          f"  bound={r['bound_drc']:.4f}  gap={r['gap']:.4f}  P(Y=1)={r['q_y_hat']:.3f}"
          f"  H(S|Y)={r['h_s_given_y']:.3f} ≥ C_b={r['c_b']:.3f}")
for r in gaussian_experiment(QUICK):
    print(f"Gaussian L={r['levels']:2d} R={r['rate_nominal']:.0f} b: D={r['distortion']:.4f}  "
          f"bound(own law)={r['bound_measured_law']:.4f}  gap={r['gap']:.4f}±{r['gap_se']:.4f}"
          f"  bound(target law)={r['bound_target_law']:.4f}  W2 to target={r['w2_to_target']:.3f}")

# %% [markdown]
# ### Super-resolution on digits (paper Fig. 6, offline)
# 8×8 digits pooled to 4×4 and upsampled back; unpaired (the critic sees other, clean images);
# MSE to the degraded input and the accuracy of a classifier trained on the reconstructions,
# next to the repository's MNIST numbers (S1: λ=0.001, S3: λ=0.05).

# %%
for row in digits_table(digits_experiment(QUICK)):
    print(f"λ_c={row['lam_c']:<6} R={row['rate_bits']:>4.0f} b  MSE={row['mse_to_input']:.4f} "
          f"(MNIST {row['paper_mnist_mse']})  acc={row['accuracy']:.3f} "
          f"(MNIST {row['paper_mnist_accuracy']})")

# %%
from numerics.compression.figures import digits_rate_sweep, digits_reconstructions

digits_rate_sweep(QUICK)[0]
digits_reconstructions(QUICK)[0]

# %%
from theory.claims import discover as _discover

for c in _discover(["compression"], kinds=("empirical",)):
    r = c.run(quick=QUICK)
    print(f"{c.id:55s} {r.verdict:10s} {fmt_value(r.evidence.measured, 4)}")
