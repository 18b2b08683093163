# %% [markdown]
# # EVA: event-by-event linear attention, its exact forms, and which event representations it can hold
# Hao, Zubić, He, Sui, Scaramuzza & Wang, *Maximizing Asynchronicity in Event-based Neural
# Networks* (arXiv 2505.11165, ICLR 2026). An asynchronous encoder updates a feature after every
# event of an event camera; synchronous models sample it when they need it. The authors' code and
# method section were not reachable: the abstract says linear attention and self-supervision from
# language modelling, a public summary names an RWKV-6 encoder and a multi-representation
# prediction target. Everything below is our reading of an RWKV-6-style encoder, and says so.
# Set `QUICK=1` for small sizes (the light experiment then draws two tiny seeds: not a result).

# %%
import os

import matplotlib.pyplot as plt
import numpy as np

QUICK = os.environ.get("QUICK") == "1"

# %% [markdown]
# ## 1. Three exact forms of one linear attention
# Recurrent: $o_t = r_t(S_{t-1} + \mathrm{diag}(u)k_t^\top v_t)$,
# $S_t = \mathrm{diag}(w_t)S_{t-1} + k_t^\top v_t$. Parallel: a masked attention matrix with entries
# $\sum_c r_{t,c}k_{i,c}\exp(L_{t-1,c} - L_{i,c})$. Chunked:
# parallel inside chunks, the state carried between them.

# %%
from theory.eva import wkv_chunked, wkv_parallel, wkv_recurrent

rng = np.random.default_rng(0)
T, dk, dv = 200, 8, 8
r, k, v = rng.normal(size=(T, dk)), rng.normal(size=(T, dk)), rng.normal(size=(T, dv))
w = np.exp(-np.exp(rng.normal(-1, 1, size=(T, dk))))
u = rng.normal(size=dk)
o_rec = wkv_recurrent(r, k, v, w, u)
print("max |parallel − recurrent| =", np.abs(wkv_parallel(r, k, v, w, u) - o_rec).max())
print("max |chunked(16) − recurrent| =", np.abs(wkv_chunked(r, k, v, w, u, chunk=16) - o_rec).max())

# %%
from numerics.eva.figures import (
    anytime_readout,
    cost_per_event,
    forms_agree,
    representations_as_states,
)

fig, _ = forms_agree(quick=QUICK)
plt.show()

# %% [markdown]
# In float32 the parallel form loses precision on long streams with strong decays (it subtracts
# large cumulative log-decays); the chunked form re-bases at every chunk and stays at the
# recurrent form's level.
#
# ## 2. Cost per event
# A recurrent step costs 5·d_k·d_v + 3·d_k + 2·d_v FLOPs per head whatever came before (counted
# operation by operation in `eva.cost.per_event_constant`); the parallel form's cost per event
# grows with T.

# %%
from theory.eva import layer_flops_per_event, per_event_flops

print("one 64 × 64 head:", per_event_flops(64, 64), "FLOPs per event")
print("our estimate for a d = 256 layer:", layer_flops_per_event(256, 64) / 1e6, "MFLOP per event")
fig, _ = cost_per_event(quick=QUICK)
plt.show()

# %% [markdown]
# ## 3. Event tokens
# The id p·P² + y·P + x is one to one on the 2P² tokens of a patch; the first author's earlier
# code computes p·P + y·P + x, so (1, y, x) and (0, y + 1, x) share an id.

# %%
from theory.eva import event_ids, event_ids_precursor

P = 4
p, y, x = (a.ravel() for a in np.meshgrid(np.arange(2), np.arange(P), np.arange(P), indexing="ij"))
print("distinct ids, ours:", len(np.unique(event_ids(p, y, x, P))), "of", 2 * P * P)
print("distinct ids, earlier code:", len(np.unique(event_ids_precursor(p, y, x, P))))

# %% [markdown]
# ## 4. Which representations are linear-attention states
# With one-hot keys and unit values, the count image is the state with decay 1 and the
# exponentially decayed count image the state with decay exp(−Δt/τ), exactly. The time surface
# forgets a pixel's earlier events at each new one: no decay in (0, 1] does that, only the limit
# of a reset decay ε → 0.

# %%
fig, _ = representations_as_states(quick=QUICK)
plt.show()

# %% [markdown]
# ## 5. The light experiment: digits as events, read out along the stream
# Each scikit-learn digit moves along three saccades in a 16 × 16 canvas; log-intensity changes
# above a threshold become events (64 per stream). A one-layer encoder is pre-trained without
# labels to regress the count and decayed-count images of the events so far (our light MRP), then
# frozen; a logistic probe reads its WKV state after 25, 50, 75 and 100 % of the events, against
# the same probe on the random initial encoder.

# %%
fig, _ = anytime_readout(quick=QUICK)
plt.show()

# %% [markdown]
# ## 6. The claims, judged
# In quick mode the light experiment's claims say "undecided" (the full run decides them with
# 10 seeds); the paper's benchmark rows (DVS128-Gesture, N-Cars, Gen1) are unavailable here.

# %%
from theory.claims import discover

for c in discover(["eva"]):
    r = c.run(quick=QUICK)
    print(f"{r.verdict:12s} {'(power ' + str(r.power) + ')' if r.power else '':14s} {c.id}")

# %% [markdown]
# ## Verdicts
# Each registered claim of this paper with its verdict in words, from the committed report
# (`reports/claims.json`, the full run), then the same claims as a table.

# %%
from iclr26_verify.run.notebooks import closing_cell

closing_cell("eva")
