# %% [markdown]
# # Permuted congruential generators: the generators bit for bit, the structure a model can use, and a light in-context experiment
# Tao & Barkeshli, *Learning Pseudorandom Numbers with Transformers: Permuted Congruential
# Generators, Curricula, and Interpretability* (arXiv 2510.26792, ICLR 2026; code
# github.com/TaoT1998/learn-pcg). The paper trains transformers to predict, in context, the
# outputs of PCG variants for multipliers and increments never seen in training. Only its
# abstract was readable here; the generators follow the released code. Units: bits and
# positions (inputs seen). Set `QUICK=1` for small sizes.

# %%
import os

import matplotlib.pyplot as plt
import numpy as np

QUICK = os.environ.get("QUICK") == "1"

# %% [markdown]
# ## 1. The generators, against the references they scale down
# XSH-RR at 64/32 with 5 control bits is O'Neill's pcg32 (shifted by one step: the code advances
# before it outputs); XSL-RR at 128 bits with 6 control bits is NumPy's PCG64.

# %%
from theory.pcg import generate, pcg32, pcg64_xslrr

print("pcg32(42, 54):", " ".join(f"{v:#010x}" for v in pcg32(42, 54, 6)))
g = np.random.PCG64(12345)
st = g.state["state"]
print("ours  :", [hex(v) for v in pcg64_xslrr(st["state"], st["inc"], 3)])
print("NumPy :", [hex(int(v)) for v in g.random_raw(3)])
print("XSH-RS 16/8 cb=2, code   :", generate("xshrs", 4005, 12345, 777, 16, 8, b=8, cb=2))
print("XSH-RS 16/8 cb=2, O'Neill:", generate("xshrs", 4005, 12345, 777, 16, 8, b=8, cb=2,
                                            variant="oneill"))

# %% [markdown]
# ## 2. Structure: bit periods, lag differences, and an exact classical predictor
# Bit $j$ of the state has period $2^{j+1}$. For the lag $T = 2^{k-b}$ the state difference is
# divisible by $2^{k-b}$ and periodic with period $2^{b-2}$ at most, so
# $$x_n = x_{n-T} + x_{n-P} - x_{n-T-P} \pmod{2^b}$$
# holds exactly from position $T + P$ on, for every full-period $(a, c)$, without knowing them.
# Its context is $\tfrac54\sqrt m$ at $b = k/2$ (where $\sqrt m$ and $2^{k-b}$ coincide) but grows
# as $m/2^b$ at fixed $b$.

# %%
from numerics.pcg.figures import accuracy_per_position, classical_context, onset_vs_width
from theory.pcg import predictor_lags, two_lag_predictor

x = generate("tlcg", 25173, 13849, 1, 16, 2000, b=8)
T, P = predictor_lags(16, 8)
pred = two_lag_predictor(x, 16, 8)
print(f"T = {T}, P = {P}; accuracy from n = {T + P}:", np.mean(pred[T + P:] == np.array(x)[T + P:]))
fig, _ = classical_context(quick=QUICK)
plt.show()

# %% [markdown]
# ## 3. A light in-context experiment ($k = 10$, $b \in \{4, 5, 6\}$)
# $64 \times 64$ train pairs, $16 \times 16$ test pairs disjoint in $a$ and $c$, a 2-layer transformer
# ($d = 64$, 600 steps, seeds 0–2; quick: $d = 16$, 40 steps, one seed). If the model's first mechanism is
# the carry-free lag, its accuracy rises at $2^{k-b} = 64, 32, 16$ inputs while $\sqrt m = 32$ is fixed.

# %%
fig, _ = accuracy_per_position(quick=QUICK)
plt.show()
fig, _ = onset_vs_width(quick=QUICK)
plt.show()

# %% [markdown]
# ## 4. The claims, judged

# %%
from theory.claims import discover

for c in discover(["pcg"]):
    r = c.run(quick=QUICK)
    print(f"{r.verdict:11s} {c.id}")

# %% [markdown]
# ## Verdicts
# Each registered claim of this paper with its verdict in words, from the committed report
# (`reports/claims.json`, the full run), then the same claims as a table.

# %%
from iclr26_verify.run.notebooks import closing_cell

closing_cell("pcg")
