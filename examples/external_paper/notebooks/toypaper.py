# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
# ---

# %% [markdown]
# # A toy paper: its claims, checked
#
# The paper states a bound, $|\langle x, y\rangle| \le \|x\|\,\|y\|$ (Thm 1), an identity,
# $\sum_{k<n} r^k = (1 - r^n)/(1 - r)$ for $r \ne 1$ (Eq. 1), and a measured effect. Each is a
# registered claim of the topic `toypaper`; running it recomputes its evidence and derives its
# verdict.

# %%
import os

QUICK = os.environ.get("QUICK", "0") == "1"

# %%
from iclr26_verify import discover

for c in discover(("toypaper",)):
    r = c.run(quick=QUICK)
    print(f"{c.id}: {r.verdict}")
