# %% [markdown]
# # In-context semi-supervised learning: the mechanism, checked
# Fan, Rosu, Wang, Li, Carin & Cheng, *In-Context Semi-Supervised Learning* (arXiv 2512.15934,
# ICLR 2026). The paper's claim: a transformer can do semi-supervised learning in context. An
# RBF-attention layer builds the graph Laplacian of the prompt's points, stacked layers run a
# power (subspace) iteration to its bottom eigenvectors, and $\mathrm{TF}_{\mathrm{sup}}$ layers run functional
# gradient descent on the labelled tokens. Each step is a training-free identity, checked below
# to machine precision; the end-to-end claims are a light experiment. The paper's body was not
# readable here, so statements attributed to it rest on our reading of its summaries. Points are
# rows; attention matrices have columns summing to 1. Set `QUICK=1` for small sizes.

# %%
import os

import matplotlib.pyplot as plt
import numpy as np

QUICK = os.environ.get("QUICK") == "1"

# %% [markdown]
# ## 1. RBF attention is the normalised Gaussian kernel (Lemma 1)
# $[\kappa_{\rm rbf}(X,X)]_{ij} = e^{-\|x_i-x_j\|^2/2h} / \sum_k e^{-\|x_k-x_j\|^2/2h} = (AD^{-1})_{ij}$,
# and it is ordinary dot-product softmax attention with the key bias $-\|k\|^2/2h$.

# %%
from theory.icssl import (
    attention_laplacian,
    biased_softmax_attention,
    generalized_eigh,
    rbf_attention,
    sin_max_principal_angle,
    subspace_iteration,
)
from theory.icssl._reference import two_circles

X, y = two_circles(100, seed=0)
L_hat, K_hat, d = attention_laplacian(X, 0.05)
print("max |κ_rbf − AD⁻¹|        ", np.abs(rbf_attention(X, X, 0.05) - K_hat).max())
print("max |biased softmax − κ_rbf|", np.abs(biased_softmax_attention(X, X, 0.05) - K_hat).max())
print("‖L̂ d‖, ‖1ᵀL̂‖, ‖L̂ 1‖       ", np.linalg.norm(L_hat @ d), np.linalg.norm(L_hat.sum(0)),
      np.linalg.norm(L_hat @ np.ones(100)))

# %% [markdown]
# ## 2. Which eigenvectors do the power layers find?
# $\hat K = AD^{-1}$ is not symmetric. Right-multiplying a $k\times n$ block,
# $\Phi \leftarrow \mathrm{orth}(\Phi \hat K)$, converges to the **left** eigenvectors of $\hat K$: the generalised
# eigenvectors $(D-A)f = \lambda D f$ (the Belkin–Niyogi eigenmap). The right eigenvectors of
# $\hat L$ are $Df$, a different subspace; without orthonormalisation everything collapses onto
# the constant.

# %%
_, K5, d5 = attention_laplacian(X, 0.5)
ev, F = generalized_eigh(K5 * d5[None, :])
L5 = np.eye(100) - K5
w, V = np.linalg.eig(L5)
right = np.real(V[:, np.argsort(w.real)[:3]])
Phi = subspace_iteration(K5, 3, 400, seed=1)
print(f"sin θ(layers, eigh(D − A, D))   = {sin_max_principal_angle(Phi, F[:, :3]):.1e}")
print(f"sin θ(layers, right eigvecs L̂) = {sin_max_principal_angle(Phi, right):.3f}")
raw = subspace_iteration(K5, 3, 400, orthonormalize=False, seed=1)
print("singular values without orthonormalisation:",
      np.round(np.linalg.svd(raw, compute_uv=False), 14))

# %%
from numerics.icssl.figures_theory import power_layers_convergence, step_size_threshold

fig, _ = power_layers_convergence(quick=QUICK)
plt.show()

# %% [markdown]
# ## 3. $\mathrm{TF}_{\mathrm{sup}}$ is functional gradient descent, and its step size has a sharp bound
# One layer adds $\alpha\sum_j [w_{y_j} - E(w|f_j)]\kappa(\varphi_i,\varphi_j)$, and
# $w_{y_j} - E(w|f_j) = \partial\ell/\partial f_j$. For a PSD kernel the step never lowers the
# labelled log-likelihood when $\alpha \le 4/(\|W\|_2^2\lambda_{\max}(K_{mm}))$; two coincident
# labelled tokens of opposite classes make this constant sharp.

# %%
fig, _ = step_size_threshold(quick=QUICK)
plt.show()

# %% [markdown]
# ## 4. Why unlabelled context helps: one label per class on two circles
# 20 $\mathrm{TF}_{\mathrm{sup}}$ steps on raw $x$ vs on the Fiedler vector of the attention Laplacian, and harmonic
# label propagation on the same graph.

# %%
from theory.icssl.claims_tfsup import _task_accuracy

res = np.array([_task_accuracy(s) for s in range(20 if QUICK else 100)])
print("accuracy raw x / eigenmap / harmonic LP:", res.mean(0).round(3))

# %% [markdown]
# ## 5. Every registered theory claim
# `refuted` rows (our reading of the summaries) come with the `corrected` claims that hold.

# %%
from iclr26_verify.registry.display import fmt_value
from theory.claims import discover

SLOW = {"icssl.derived.unlabelled_context_helps", "icssl.tfsup.step_size_bound"}
for c in discover(["icssl"], kinds=("theory",)):
    if QUICK and c.id in SLOW:
        continue
    r = c.run()
    print(f"{c.id:58s} {r.verdict:10s} power {r.power}  {fmt_value(r.evidence.measured, 3)[:70]}")

# %% [markdown]
# ## Experiments (torch)
# The light replication: tasks of $n = 100$ points in $\mathbb R^3$ on two pieces of a manifold
# (circles, moons, planes, Swiss roll for training; sphere shells held out), randomly rotated,
# with $m$ labels per class. E2E = RBF attention (learned bandwidth) → 16 orthonormalised power
# layers → one $\mathrm{TF}_{\mathrm{sup}}$ layer; EIG+ICL = exact eigenmap → $\mathrm{TF}_{\mathrm{sup}}$; ORIG+ICL = $\mathrm{TF}_{\mathrm{sup}}$ on $x$; a
# standard 2-layer transformer; references: harmonic label propagation and eigenmap + logistic
# regression. Thresholds of the claims were fixed before the full run.

# %%
from numerics.icssl.experiments import summary_rows, sweep
from numerics.icssl.figures import accuracy_vs_labels, training_curves

sw = sweep(QUICK)
print(f"sweep: {sw.seconds:.0f} s; training seconds {({k: round(v) for k, v in sw.train_seconds.items()})}")
print(f"parameters: {sw.params}")
for r in summary_rows(sw):
    if r["labels_per_class"] in (2, 20):
        print(f"{r['split']:3s} m={r['labels_per_class']:2d} {r['method']:32s} "
              f"{r['accuracy']:.3f} ± {r['ci95']:.3f}")

# %%
fig, _ = accuracy_vs_labels(QUICK)
plt.show()
fig, _ = training_curves(QUICK)
plt.show()

# %% [markdown]
# ### The empirical claims
# In QUICK mode they are undecided (one seed, 30 tasks); the full run decides.

# %%
for c in discover(["icssl"], kinds=("empirical",)):
    r = c.run(quick=QUICK)
    print(f"{c.id:58s} {r.verdict:10s} {r.evidence.note[:160]}")

# %% [markdown]
# ## Verdicts
# Each registered claim of this paper with its verdict in words, from the committed report
# (`reports/claims.json`, the full run), then the same claims as a table.

# %%
from iclr26_verify.run.notebooks import closing_cell

closing_cell("icssl")
