# %% [markdown]
# # Pseudo-non-linear data augmentation: the geometry checked, the decoder read, the gain tested
# Hu & Sugiyama, *Pseudo-Non-Linear Data Augmentation via Energy Minimization* (arXiv 2410.00718,
# ICLR 2026; code github.com/sleepymalc/Pseudo-Non-Linear). A sample becomes a distribution P on a
# poset (a tensor normalised to sum 1); it is encoded by the m-projection onto a low-order
# many-body family (an energy minimisation); new samples come from a KDE on the codes and a
# backward projection. Only the paper's first page was seen: the decoder's definition rests on
# paper notes (our reading), the released code was read in full. All KL values are in nats.
# Set `QUICK=1` for small sizes.

# %%
import os

import matplotlib.pyplot as plt
import numpy as np

QUICK = os.environ.get("QUICK") == "1"

# %% [markdown]
# ## 1. Coordinates and the encoding
# $\theta = \mathrm{M\ddot obius}(\log P)$, $\eta(x) = \sum_{s \ge x} p(s)$; the m-projection onto $M_\ell$ is characterised by
# η-matching on the ℓ-body coordinates. Newton (natural gradient with unit step) reaches it at
# machine precision; the 1-body projection is the outer product of the marginals.

# %%
from sklearn.datasets import load_digits

from numerics.pnl_augment.augment import embed
from theory.pnl_augment import (
    P_to_theta,
    body_mask,
    eta,
    kl,
    m_project,
    one_body_projection,
    pythagoras_residual,
    theta_to_P,
)

SHAPE = (4, 2, 4, 2)
X, y = load_digits(return_X_y=True)
P, scale = embed(X[0], SHAPE)
print("round trip |theta_to_P(P_to_theta(P)) - P| =", np.abs(theta_to_P(P_to_theta(P)) - P).max())
for order in (1, 2, 3, 4):
    Q, th, tr = m_project(P, order, return_trace=True)
    B = body_mask(SHAPE, order)
    print(f"ℓ={order}: |B| = {B.sum():2d}, KL(P‖Q) = {kl(P, Q):.5f} nats, Newton steps "
          f"{tr.iterations}, η-matching {np.abs(eta(Q) - eta(P))[B].max():.1e}")
Q1, _ = m_project(P, 1)
print("1-body projection vs outer product of marginals:", np.abs(Q1 - one_body_projection(P)).max())
R = theta_to_P(np.where(body_mask(SHAPE, 1), np.random.default_rng(0).normal(0, 0.5, SHAPE), 0))
print(f"Pythagoras: KL(P,R) = {kl(P, R):.6f} = KL(P,Q) + KL(Q,R) = {kl(P, Q1) + kl(Q1, R):.6f}"
      f" (residual {pythagoras_residual(P, Q1, R):.1e})")

# %%
from numerics.pnl_augment.figures import bp_mixture_path, decoded_digits, hierarchy_and_newton

fig, _ = hierarchy_and_newton(quick=QUICK)
plt.show()

# %% [markdown]
# ## 2. What the released decoder computes
# `ld.BP` takes natural-gradient steps of size lr/k on *all* θ coordinates towards the mean η of
# the k neighbours and stops when Σ_i KL(P‖P_i) changes by < 1e-4. To first order η then moves on
# a straight line, so P moves on the mixture line $(1-s)Q_{w^*} + s\bar P$ with $s = 1 - \prod_t (1 - h_t)$.
# At the MNIST defaults (lr = 0.1, k = 8) it stops after 502 iterations at s ≈ 0.945: a "PNL
# sample" is 94.5 % the mean of its 8 KL-nearest training images.

# %%
fig, rows = bp_mixture_path(quick=QUICK)
plt.show()
print("last point:", {k: round(v, 4) for k, v in rows[-1].items()})

# %% [markdown]
# Two readings of the decoder the paper describes (projection onto the local data submanifold
# D = M*_ℓ(N)): as the e-projection onto the η-constrained set {η_B = η̄_B}, every w* decodes to
# the same point (the encoding of the neighbours' mixture), so the sample is ignored; as the
# m-projection onto the e-flat set {θ_B = θ̄_B} (mixed coordinates) it depends on w*. The
# package keeps both decoders: `decoder="code"` and `decoder="theta_fixed"`.

# %%
from theory.pnl_augment import e_project_eta

Xc = X[y == 3][:9]
Ps = np.stack([embed(x, SHAPE)[0] for x in Xc])
w1, _ = m_project(Ps[0], 1)
w2 = theta_to_P(np.where(body_mask(SHAPE, 1), P_to_theta(w1) + 0.3, 0))
eta_bar = np.mean([eta(p) for p in Ps[1:]], axis=0)
q1, _ = e_project_eta(w1, body_mask(SHAPE, 1), eta_bar)
q2, _ = e_project_eta(w2, body_mask(SHAPE, 1), eta_bar)
print(f"η-reading: ‖w1 − w2‖₁ = {np.abs(w1 - w2).sum():.3f} → ‖q1 − q2‖₁ = {np.abs(q1 - q2).sum():.1e}")
fig, _ = decoded_digits(quick=QUICK)
plt.show()

# %% [markdown]
# ## 3. The small-data experiment
# OG vs OG + PNL (both decoders) vs OG + kNN-mean vs OG + Gaussian noise; digits (10 per class),
# breast_cancer (20 per class), wine (10 per class); 20 % augmentation; MLP(128); 10 seeds in
# full mode (quick: digits, 1 seed, 5 per class). Thresholds fixed in advance: comparable =
# paired 95 % interval within ±1 pp.

# %%
from numerics.pnl_augment.experiments import run_small_data, summary_rows

sd = run_small_data(QUICK)
for r in summary_rows(sd):
    print(f"{r['dataset']:14s} {r['arm']:16s} {r['mean_acc']:6.2f} ± {r['std_acc']:4.2f}   "
          f"vs OG {r['diff_vs_OG']:+5.2f} [{r['ci_lo']:+5.2f}, {r['ci_hi']:+5.2f}]")

# %%
from numerics.pnl_augment.figures import small_data_accuracy

fig, _ = small_data_accuracy(quick=QUICK)
plt.show()

# %% [markdown]
# ## 4. The claims, judged

# %%
from theory.claims import discover

for c in discover(["pnl_augment"]):
    r = c.run(quick=QUICK)
    print(f"{r.verdict:11s} {'(power ' + str(r.power) + ')' if r.power else '':14s} {c.id}")

# %% [markdown]
# ## Verdicts
# Each registered claim of this paper with its verdict in words, from the committed report
# (`reports/claims.json`, the full run), then the same claims as a table.

# %%
from iclr26_verify.run.notebooks import closing_cell

closing_cell("pnl_augment")
