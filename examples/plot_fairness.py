"""
Fairness: the Cauchy–Schwarz divergence is not always below KL
==============================================================

Liu et al. (ICLR 2026) motivate a Cauchy–Schwarz (CS) fairness regulariser by comparing it with
KL under Gaussians. With the usual definition ``D_CS = −log[(∫pq)² / (∫p² ∫q²)]`` (convention
A), ``D_CS ≤ KL(p‖q)`` fails for a narrow ``p`` far from ``q``; half of it (convention B) is
below both KL directions. We check the closed forms against quadrature and scan a family.
"""

# %%
import matplotlib.pyplot as plt
import numpy as np
from scipy import integrate, stats

from theory.fairness import cs_divergence_gaussian, kl_gaussian

(mp, sp_), (mq, sq) = (0.0, 0.1), (3.0, 1.0)
d_a = cs_divergence_gaussian(mp, sp_**2, mq, sq**2)
kl_pq = kl_gaussian(mp, sp_**2, mq, sq**2)
kl_qp = kl_gaussian(mq, sq**2, mp, sp_**2)
print(f"D_CS (convention A) = {d_a:.6f}, KL(p||q) = {kl_pq:.6f}, KL(q||p) = {kl_qp:.6f}")

# %%
# The closed form against quadrature of the three integrals.
p, q = stats.norm(mp, sp_), stats.norm(mq, sq)
kw = {"points": [mp, mq], "limit": 200}
ipq = integrate.quad(lambda x: p.pdf(x) * q.pdf(x), -20, 20, **kw)[0]
ipp = integrate.quad(lambda x: p.pdf(x) ** 2, -20, 20, **kw)[0]
iqq = integrate.quad(lambda x: q.pdf(x) ** 2, -20, 20, **kw)[0]
print(f"quadrature: D_CS = {-np.log(ipq**2 / (ipp * iqq)):.6f}")

# %%
# Shrinking the width of ``p``: convention A crosses KL(p‖q), convention B never reaches
# min(KL(p‖q), KL(q‖p)).
widths = np.logspace(-2, 0.5, 40)
da = np.array([cs_divergence_gaussian(mp, s**2, mq, sq**2) for s in widths])
klpq = np.array([kl_gaussian(mp, s**2, mq, sq**2) for s in widths])
klqp = np.array([kl_gaussian(mq, sq**2, mp, s**2) for s in widths])
print("convention B below min KL on the whole scan:", bool(np.all(da / 2 <= np.minimum(klpq, klqp))))
fig, ax = plt.subplots(figsize=(5.5, 3.8))
ax.loglog(widths, da, label="D_CS, convention A")
ax.loglog(widths, da / 2, "--", label="D_CS / 2, convention B")
ax.loglog(widths, klpq, label="KL(p‖q)")
ax.loglog(widths, klqp, ":", label="KL(q‖p)")
ax.set(xlabel="standard deviation of p = N(0, s²); q = N(3, 1)", ylabel="divergence (nats)",
       title="CS divergence against KL between Gaussians")
ax.legend(fontsize=8)
fig.tight_layout()
