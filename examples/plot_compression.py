"""
Compression: Thm 2(ii) falls below the optimal-transport floor
==============================================================

Nguyen, Nguyen & Bose (ICLR 2026) give the one-shot Bernoulli distortion-rate-classification
function in closed form. Case (ii) of Thm 2, as printed, can go below ``|q_X − q_Y|``, the
smallest distortion any coupling of the two marginals reaches, while an LP over the encoders
(HiGHS) gives the floor. ``bernoulli_drc`` gives the printed form (``as_stated=True``) and our
correction (the default).
"""

# %%
import matplotlib.pyplot as plt
import numpy as np

from numerics.compression.oneshot_lp import bernoulli_oneshot_lp
from theory.compression import bernoulli_drc, binary_entropy

qx, qy, qs1, C = 0.2, 0.4, 0.1, 1.0
R = 0.9 * float(binary_entropy(qx))
stated = bernoulli_drc(R, C, qx, qy, qs1, as_stated=True)
corrected = bernoulli_drc(R, C, qx, qy, qs1)
lp = bernoulli_oneshot_lp(R, C, qx, qy, qs1, classification="linear")
print(f"Thm 2(ii) as printed: {stated:.6f}")
print(f"corrected closed form: {corrected:.6f}")
print(f"LP optimum (HiGHS):   {lp:.6f}")
print(f"OT floor |q_X - q_Y|: {abs(qx - qy):.6f}")

# %%
# Along the rate axis the printed case (ii) keeps falling linearly; the LP (and the
# correction) stops at the floor.
rates = np.linspace(0.0, float(binary_entropy(qx)), 25)
printed = [bernoulli_drc(r, C, qx, qy, qs1, as_stated=True) for r in rates]
fixed = [bernoulli_drc(r, C, qx, qy, qs1) for r in rates]
lps = [bernoulli_oneshot_lp(r, C, qx, qy, qs1, classification="linear") for r in rates[::4]]
fig, ax = plt.subplots(figsize=(5.5, 3.8))
ax.plot(rates, printed, "--", label="Thm 2(ii) as printed")
ax.plot(rates, fixed, "-", label="corrected closed form")
ax.plot(rates[::4], lps, "o", label="LP (HiGHS)")
ax.axhline(abs(qx - qy), color="grey", lw=0.8, label="OT floor |q_X − q_Y|")
ax.set(xlabel="rate R (bits)", ylabel="distortion (Hamming)",
       title="One-shot Bernoulli DRC, q_X=.2, q_Y=.4, C=1 bit")
ax.legend(fontsize=8)
fig.tight_layout()
