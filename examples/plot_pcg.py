"""
PCG: the paper's XSL-RR generator is NumPy's PCG64, bit for bit
===============================================================

Tao & Barkeshli (ICLR 2026) train transformers to predict permuted congruential generators.
Their XSL-RR variant at ``k = 128`` bits with the 128-bit multiplier is NumPy's default bit
generator: from the same state and increment it gives the same raw 64-bit outputs. We also run
the exact two-lag in-context predictor of truncated LCG outputs, which needs neither the
multiplier, nor the increment, nor the seed.
"""

# %%
import matplotlib.pyplot as plt
import numpy as np

from theory.pcg import generate, pcg64_xslrr, two_lag_predictor

g = np.random.PCG64(12345)
st = g.state["state"]
ours = pcg64_xslrr(st["state"], st["inc"], 1000)
ref = [int(v) for v in g.random_raw(1000)]
print("identical 64-bit outputs:", ours == ref, "| first:", hex(ours[0]))

# %%
# Truncated LCG (top b = 6 of k = 12 bits): the two-lag rule predicts every output once the
# context reaches its lags.
k, b = 12, 6
x = np.array(generate("tlcg", 4 * 37 + 1, 2 * 11 + 1, 5, k, 600, b=b))
pred = two_lag_predictor(x, k, b)
known = pred >= 0  # -1 before the context reaches the lags
print(f"predicted {known.sum()} of {len(x)} outputs, all correct: "
      f"{bool(np.all(pred[known] == x[known]))}")
fig, ax = plt.subplots(figsize=(6, 3.2))
ax.plot(x[:200], ".", ms=4, label="TLCG output")
ax.plot(np.where(known[:200])[0], pred[:200][known[:200]], "x", ms=3, label="two-lag prediction")
ax.set(xlabel="position in the sequence", ylabel=f"output ({b} bits)",
       title="Exact in-context prediction of a truncated LCG")
ax.legend(fontsize=8)
fig.tight_layout()
