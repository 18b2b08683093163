"""
EVA: event-by-event linear attention equals its parallel form
=============================================================

EVA (Hao et al., ICLR 2026) encodes an event stream asynchronously with linear attention (an
RWKV-6 style recurrence, in our reading). The recurrent form costs the same per event whatever
the stream's length; the parallel form, used for training, must give the same outputs and final
state. We check both forms (and the chunked one) on a random stream, and count the FLOPs.
"""

# %%
import matplotlib.pyplot as plt
import numpy as np

from theory.eva import parallel_flops, per_event_flops, wkv_chunked, wkv_parallel, wkv_recurrent

rng = np.random.default_rng(0)
T, dk, dv = 64, 8, 8
r, k, v = rng.normal(size=(T, dk)), rng.normal(size=(T, dk)), rng.normal(size=(T, dv))
w = np.exp(-np.exp(rng.normal(-1.0, 1.0, size=(T, dk))))  # per-event, per-channel decays
u = rng.normal(size=dk)
S0 = rng.normal(size=(dk, dv))
o_rec, s_rec = wkv_recurrent(r, k, v, w, u, S0, return_state=True)
o_par, s_par = wkv_parallel(r, k, v, w, u, S0, return_state=True)
o_chk = wkv_chunked(r, k, v, w, u, S0, chunk=16)
print(f"max |parallel - recurrent|: outputs {np.abs(o_par - o_rec).max():.1e}, "
      f"state {np.abs(s_par - s_rec).max():.1e}")
print(f"max |chunked - recurrent|: {np.abs(o_chk - o_rec).max():.1e}")

# %%
# One recurrent step costs a constant; the parallel form over T events grows like T².
lengths = np.array([2, 8, 32, 128, 512])
print("FLOPs per event (recurrent):", per_event_flops(dk, dv))
fig, ax = plt.subplots(figsize=(5, 3.5))
ax.loglog(lengths, [per_event_flops(dk, dv) * t for t in lengths], "o-", label="recurrent, T steps")
ax.loglog(lengths, [parallel_flops(int(t), dk, dv) for t in lengths], "s-", label="parallel form")
ax.set(xlabel="number of events T", ylabel="FLOPs (one head, d_k = d_v = 8)",
       title="Cost of encoding a stream")
ax.legend()
fig.tight_layout()
