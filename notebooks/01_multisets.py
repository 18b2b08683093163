# %% [markdown]
# # Multisets: Lipschitz continuity of set aggregation
# Nikolentzos & Skianis (arXiv 2505.24403, ICLR 2026). Every cell imports from `theory/` and
# `numerics/`; set `QUICK=1` for small sizes.

# %%
import os

import numpy as np

QUICK = os.environ.get("QUICK") == "1"
rng = np.random.default_rng(0)

# %%
from theory.claims import discover

from numerics.report import fmt_value

for c in discover(["multisets"], kinds=("theory",)):
    r = c.run(quick=QUICK)
    print(f"{c.id:55s} {r.verdict:10s} {fmt_value(r.evidence.measured, 4)}")

# %% [markdown]
# ## Experiments (torch)
# The empirical half of this notebook: the paper's method in torch, against the theorems above.
