# %% [markdown]
# # Jacobian-Aligned Random Forests: the maths and the light experiments, checked
# Rauniyar, *Jacobian-Aligned Random Forests* (arXiv 2512.08306, ICLR 2026). JARF fits a
# surrogate forest, estimates the expected Jacobian outer product (EJOP) by central finite
# differences, maps the inputs by one global matrix $\hat H$ and retrains an axis-aligned forest. The
# paper body was not seen: formulas come from two public summaries (papernotes.org, themoonlight.io). Set `QUICK=1` for
# small sizes (then the accuracy claims are undecided).

# %%
import os

import numpy as np

from theory.claims import discover

QUICK = os.environ.get("QUICK") == "1"
rng = np.random.default_rng(0)

# %% [markdown]
# ## 1. EJOP of index models in closed form
# For $f = \tanh(w^\top x)$, $x \sim \mathcal N(0, I)$: $H_0 = \mathbb E[\operatorname{sech}^4(\|w\|Z)]\, ww^\top$, rank one.

# %%
from theory.jarf import egop_single_index, precondition, principal_angles

w = np.array([1.0, -2.0, 0.5, 0.0, 1.5])
H = egop_single_index(w, "tanh")
print("eigenvalues:", np.round(np.linalg.eigvalsh(H), 6))
print("angle top eigvec vs w (deg):", principal_angles(np.linalg.eigh(H)[1][:, -1], w))

# %% [markdown]
# ## 2. The map $x^\top\hat H$ is not a rotation
# $\hat H$ is SPD with condition number $(\lambda_1 + \bar\gamma)/\bar\gamma$: for a rank-$k$ EJOP and
# $\gamma_{\mathrm{rel}} = 10^{-3}$ the $d$ new features live, to $10^{-7}$ of their variance, in the
# $k$-dimensional EJOP subspace.

# %%
Hh = precondition(np.diag([1.0, 1.0] + [0.0] * 8), 1e-3)
print("max |ĤᵀĤ − I| =", np.abs(Hh.T @ Hh - np.eye(10)).max(), " cond =", np.linalg.cond(Hh))

# %% [markdown]
# ## 3. Theory claims (in quick mode: the three fastest)

# %%
FAST = ("jarf.ejop.binary_modes", "jarf.fd.central_bias", "jarf.precond.eigenvalues")
for c in discover(["jarf"], kinds=["theory"]):
    if QUICK and c.id not in FAST:
        continue
    r = c.run()
    print(f"{r.label:12s} power={r.power}  {c.id}")

# %% [markdown]
# ## 4. Finite differences of a forest are mostly zero; of a smooth surrogate, second order

# %%
from iclr26_verify.run.figures import discover_figures

specs = {s.name: s for s in discover_figures() if s.topic == "jarf"}
fig, _ = specs["fd_zero_shares"].fn(QUICK)

# %% [markdown]
# ## 5. Rotated hyperplane: $\kappa$ vs angle, and subspace recovery

# %%
fig, _ = specs["angle_sweep"].fn(QUICK)

# %% [markdown]
# ## 6. scikit-learn's bundled data: paired differences against RF

# %%
fig, _ = specs["sklearn_paired"].fn(QUICK)

# %% [markdown]
# ## 7. Empirical claims (undecided in quick mode)

# %%
for c in discover(["jarf"], kinds=["empirical"]):
    r = c.run(quick=QUICK)
    print(f"{r.label:12s} {c.id}\n    {r.evidence.note if r.evidence else ''}")

# %% [markdown]
# ## Verdicts
# Each registered claim of this paper with its verdict in words, from the committed report
# (`reports/claims.json`, the full run), then the same claims as a table.

# %%
from iclr26_verify.run.notebooks import closing_cell

closing_cell("jarf")
