"""
HAUWM: what a calibrated horizon variance must look like
========================================================

Wan, Gan & Zhan (ICLR 2026) pre-train world models whose predictive uncertainty grows with the
horizon. The ground truth a calibrated variance must match is ``Var[x_{t+h} | x_t]``: linear for
a random walk, saturating for AR(1), and not monotone at all for the observed coordinate of a
rotating phase, so a "variance must grow" term can fight calibration. A mean-squared-error
predictor learns the conditional mean and cannot report any of it; we check that on AR(1) by
least squares.
"""

# %%
import matplotlib.pyplot as plt
import numpy as np

from theory.hauwm import conditional_variance, var_ar1

rng = np.random.default_rng(0)
phi, s2, n = 0.8, 1.0, 200_000
H = np.arange(1, 13)
x = rng.standard_normal(n) * np.sqrt(s2 / (1 - phi**2))  # stationary starts
y, slopes, mse = x.copy(), [], []
for _ in H:
    y = phi * y + np.sqrt(s2) * rng.standard_normal(n)
    b = float(x @ y / (x @ x))
    slopes.append(b)
    mse.append(float(np.mean((y - b * x) ** 2)))
print("least-squares slope / phi^h:", np.round(np.array(slopes) / phi**H, 3))
print("MSE / V(h):               ", np.round(np.array(mse) / var_ar1(H, phi, s2), 3))

# %%
fig, ax = plt.subplots(figsize=(5.5, 3.8))
ax.plot(H, conditional_variance("random_walk", H, s2=0.1), "o-", label="random walk (s2 = 0.1)")
ax.plot(H, var_ar1(H, phi, s2), "s-", label="AR(1), φ = 0.8")
ax.plot(H, mse, "k+", ms=9, label="AR(1): MSE of least squares")
ax.plot(H, conditional_variance("circle", H, omega=np.pi / 2, s2=0.01), "^-",
        label="rotating phase, cos coordinate")
ax.set(xlabel="horizon h (steps)", ylabel="Var[x_{t+h} | x_t]",
       title="True predictive variance by horizon")
ax.legend(fontsize=8)
fig.tight_layout()
