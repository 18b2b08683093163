# %% [markdown]
# # Horizon-calibrated uncertainty: what a calibrated predictive variance must satisfy
# Wan, Gan & Zhan, *Learning to Be Uncertain: Pre-Training World Models with Horizon-Calibrated
# Uncertainty* (ICLR 2026, OpenReview pZuZWRuPyi). Only the abstract is public: a probabilistic
# ensemble predicts latent states at random horizons h, and a loss term encourages the
# predictive variance to grow with h. We check that premise against processes whose true
# $\mathrm{Var}[x_{t+h} \mid x_t]$ is known, and train a small ensemble with candidate loss forms: (H-a) the
# Gaussian NLL, (H-b) a monotonicity hinge, and (H-e) a horizon-weighted ensemble disagreement,
# the form a public third-party note of the paper gives (its printed wording was not seen).
# Variances are in squared state units, NLL in nats. Set `QUICK=1` for small sizes.

# %%
import math
import os

import matplotlib.pyplot as plt
import numpy as np

QUICK = os.environ.get("QUICK") == "1"

# %% [markdown]
# ## 1. Ground truth: grow, saturate, oscillate, reset

# %%
from theory.hauwm import conditional_variance, hinge_violation_horizon

h = np.arange(1, 13)
print("AR(1) φ=0.8:", conditional_variance("ar1", h, phi=0.8, s2=1.0).round(4))
print("circle cos :", conditional_variance("circle", h[:4], omega=math.pi / 2, s2=0.01).round(6))
print("reset L=5  :", conditional_variance("reset", h, L=5, s2=1.0))
print("hinge (m = 0.1) first violated by the AR(1) truth at h* =", hinge_violation_horizon(0.8, 1.0, 0.1))

# %%
from numerics.hauwm.figures import (
    calibration_per_horizon,
    hcu_objective,
    hinge_violation,
    truth_profiles,
)

fig, _ = truth_profiles(quick=QUICK)
plt.show()
fig, _ = hinge_violation(quick=QUICK)
plt.show()

# %% [markdown]
# ## 2. The disagreement term has no calibrated optimum
# With a fixed-variance Gaussian fit term the objective is linear in the members' spread S, with
# slope $1/(2\sigma^2) - \lambda k/(M-1)$: members collapse below $k_c = (M-1)/(2\lambda\sigma^2)$ and
# the objective is
# unbounded below above it. With learnt member variances it is unbounded below at every k.

# %%
from theory.hauwm import hcu_critical_horizon, hcu_spread_coefficient

print("k_c (M = 5, λ = 1, σ² = 1):", hcu_critical_horizon(5, 1.0))
print("slopes at k = 1, 2, 3:", hcu_spread_coefficient(5, 1.0, np.array([1, 2, 3])))
fig, _ = hcu_objective(quick=QUICK)
plt.show()

# %% [markdown]
# ## 3. A small ensemble conditioned on h, per loss form
# M = 5 MLPs (2 × 64 tanh), input [state, one-hot(h), h/12], h ~ U{1..12}, Adam 3e-3; full:
# 8 seeds × 1500 steps; quick: 3 seeds × 150 steps.

# %%
import pandas as pd

fig, rows = calibration_per_horizon(quick=QUICK)
plt.show()
df = pd.DataFrame(rows)
print(df[df.h.isin([1, 2, 6, 12])].pivot_table(index=["process", "loss"], columns="h",
                                               values="ratio_geomean").round(3).to_string())

# %% [markdown]
# ## 4. The claims, judged
# Theory claims run in full; in quick mode the empirical rows say undecided except the one
# registered as decidable at quick sizes.

# %%
from theory.claims import discover

for c in discover(["hauwm"]):
    r = c.run(quick=QUICK)
    print(f"{r.verdict:16s} {c.id}")

# %% [markdown]
# ## Verdicts
# Each registered claim of this paper with its verdict in words, from the committed report
# (`reports/claims.json`, the full run), then the same claims as a table.

# %%
from iclr26_verify.run.notebooks import closing_cell

closing_cell("hauwm")
