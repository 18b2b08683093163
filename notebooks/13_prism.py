# %% [markdown]
# # PRISM: partial-label graph classification, reconstructed and checked
# *PRISM: Partial-label Relational Inference with Spatial and Spectral Cues* (ICLR 2026,
# OpenReview m2MeiYOJED). No paper body and no code are public, so everything below is **our
# reconstruction** from the abstracts, a papernotes summary, a review digest and the code of the
# predecessor DEER: graphs carry candidate label sets $S_i \ni y_i$; relational graphs over
# graphs (spatial, spectral) carry label confidence, propagated inside the candidates; a
# classifier is trained with $-\log\sum_{c\in S_i} P_{ic}Q_{ic}$ (nats). Set `QUICK=1` for small
# sizes.

# %%
import os

import matplotlib.pyplot as plt
import numpy as np

QUICK = os.environ.get("QUICK") == "1"

# %% [markdown]
# ## 1. The candidate protocol
# Each false label joins $S$ with probability $q$: $\mathbb E|S| = 1+q(C-1)$,
# $\mathbb E[1/|S|] = (1-(1-q)^C)/(Cq)$ (a uniform pick's accuracy), and two graphs of
# *different* classes overlap with probability $1-(1-q)^2(1-q^2)^{C-2}$: the overlap filter on
# relational edges lets almost every wrong-class pair through at high $q$.

# %%
from theory.prism import (
    expected_inverse_set_size,
    expected_set_size,
    p_overlap_diff_class,
    prototype_shrinkage,
)

for C, q in [(6, .3), (6, .5), (11, .5), (15, .5), (100, .1)]:
    print(f"C={C:3d} q={q}: E|S|={expected_set_size(C, q):5.2f}  E[1/|S|]="
          f"{expected_inverse_set_size(C, q):.4f}  P(overlap | different)="
          f"{p_overlap_diff_class(C, q):.3f}  prototype shrinkage κ={prototype_shrinkage(C, q):.4f}")

# %%
from numerics.prism.figures import candidate_protocol

fig, _ = candidate_protocol(QUICK)
plt.show()

# %% [markdown]
# ## 2. Propagation: PRISM's update and the linear reference
# PRISM (papernotes' equations, $Y^{(0)}$ uniform on $S$ ours):
# $Y^{(e+1)} = N\big([\mu Y^{(e)} + (1-\mu) N(\sum_r A_r Y^{(e)})]\odot M\big)$. It keeps the
# mass on $S$, and $Y^{(e)}_{ic} \ge \mu^e/|S_i|$, so no row is one-hot in finite time. The
# masked linear scheme $F \leftarrow M\odot(\alpha\hat S F + (1-\alpha)Y^0)$ has a resolvent
# fixed point; PRISM's update does not, and the two disagree.

# %%
from theory.prism import (
    prism_propagate,
    row_normalize,
    sym_norm,
    uniform_candidates,
    zhou_masked_closed_form,
    zhou_masked_iterate,
)

rng = np.random.default_rng(0)
N, C = 200, 5
M = uniform_candidates(rng.integers(0, C, N), C, .4, rng)
W = np.triu((rng.random((N, N)) < .03).astype(float), 1)
W = W + W.T
F = zhou_masked_closed_form(sym_norm(W), row_normalize(M), M, .9)
for t in (10, 20, 40):
    err = np.abs(zhou_masked_iterate(sym_norm(W), row_normalize(M), M, .9, t) - F).max()
    print(f"masked linear scheme, t = {t:2d}: max |F_t − F*| = {err:.1e}  (α^t = {.9**t:.1e})")
Y = prism_propagate([W], M, .5, 30)
Fn = row_normalize(F)
print(f"PRISM vs linear reference: argmax differs on {np.mean(Y.argmax(1) != Fn.argmax(1)):.1%} "
      "of nodes (ties included)")

# %% [markdown]
# ## 3. Thm 2 needs symmetry breaking
# If a distractor $c'$ sits in every candidate set of a connected component together with the
# truth, swapping the two labels is a symmetry of the whole update: the tie never breaks, so
# "$Q \to Y^*$" fails (our reading of Thm 2). One graph without $c'$ breaks it.

# %%
from numerics.prism.figures import propagation_ties

fig, _ = propagation_ties(QUICK)
plt.show()

# %% [markdown]
# ## 4. Spectral cues
# Closed-form spectra of paths, cycles and complete graphs match LAPACK; the Chebyshev heat
# filter's error is bounded by $2e^{-t}\sum_{k>K}I_k(t)$, attained on the eigenvalue 0.
# Eigenvector bands need a sign-invariant encoder: with an odd $f$ and a sum readout,
# flipping $u_p$ negates $z^{(p)}$.

# %%
from scipy.linalg import eigvalsh

from theory.prism import cycle_eigs, laplacian, path_eigs
from theory.prism._reference import cycle_adjacency, path_adjacency

for n in (7, 12):
    print(f"n={n}: path err {np.abs(path_eigs(n) - eigvalsh(laplacian(path_adjacency(n)))).max():.1e}"
          f", cycle err {np.abs(cycle_eigs(n) - eigvalsh(laplacian(cycle_adjacency(n)))).max():.1e}")

# %%
from numerics.prism.figures import cheb_heat_error

fig, _ = cheb_heat_error(QUICK)
plt.show()

# %% [markdown]
# ## 5. PRISM-lite on synthetic graphs
# Six generator classes (ER, SBM with 2/3 blocks, WS $\beta = 0.1/0.4$, BA), 100 graphs each (8 in
# quick mode), candidate noise $q \in \{0.1, 0.3, 0.5\}$, 5 seeds. Fixed spatial and sign-invariant
# spectral descriptors stand in for the GNN and the band encoder; a linear softmax head is
# trained with the partial-label loss, using uniform $Q$ (CC) or the propagated $Q$
# (PRISM-lite and its ablations). Thresholds were fixed before the run
# (`numerics/prism/claims.py`).

# %%
from iclr26_verify.registry import stats
from numerics.prism.experiments import METHODS, noise_sweep

sw = noise_sweep(QUICK)


def mean(key, q):
    return stats.t_interval(sw.values(key, q)).mean


for q in sw.config.qs:
    accs = "  ".join(f"{m} {mean('acc_' + m, q):.3f}" for m in METHODS)
    print(f"q={q}: mean test accuracy {accs}")
    print(f"       disambiguation CC {mean('disamb_cc', q):.3f}, PRISM-lite "
          f"{mean('disamb_full', q):.3f}; purity hybrid {mean('purity_hybrid', q):.3f}")

# %%
from numerics.prism.figures import noise_sweep_figure

fig, _ = noise_sweep_figure(QUICK)
plt.show()

# %% [markdown]
# ## 6. Verdicts
# The registry's claims for this topic (theory claims; empirical ones are undecided in quick
# mode).

# %%
from theory.claims import discover

for c in discover(["prism"]):
    if c.kind == "empirical" and QUICK:
        print(f"{c.id:45s} (empirical: full mode only)")
        continue
    r = c.run(quick=QUICK)
    print(f"{c.id:45s} {r.verdict:11s} power {r.power}")

# %% [markdown]
# ## Verdicts
# Each registered claim of this paper with its verdict in words, from the committed report
# (`reports/claims.json`, the full run), then the same claims as a table.

# %%
from iclr26_verify.run.notebooks import closing_cell

closing_cell("prism")
