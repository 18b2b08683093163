# %% [markdown]
# # CUPID: one plug-in module for aleatoric and epistemic uncertainty, checked
# Xu & Fan, *CUPID: A Plug-in Framework for Joint Aleatoric and Epistemic Uncertainty
# Estimation with a Single Model* (arXiv 2603.10745, ICLR 2026). A module $C$ inserted at layer $l$
# of a frozen host $M = F_l\circ B_l$ maps the feature $m$ to a perturbed reconstruction $m'$ and
# a log-variance $s$. Aleatoric uncertainty is $e^{s}$, epistemic uncertainty the change
# $\|F_l(m') - F_l(m)\|_1$ of the frozen head's output. The paper body was not readable here: the
# equations follow the authors' released code and third-party notes (our reading where it
# says so). Set `QUICK=1` for small sizes (the 4-of-5-seed claims are then undecided).

# %%
import os

import matplotlib.pyplot as plt
import numpy as np

from theory.claims import discover

QUICK = os.environ.get("QUICK") == "1"

# %% [markdown]
# ## 1. The aleatoric loss: optimum and no lower bound
# $\tfrac12 r^2 e^{-s} + \tfrac12 s$ is minimised at $s^\star = \log r^2$ with minimum
# $\tfrac12(1+\log r^2)$, which goes to $-\infty$ as the residual vanishes: trained on data the
# host fits (the released protocol), the log-variance collapses.

# %%
from numerics.cupid.figures import au_loss_optimum, taylor_and_mean_value
from theory.cupid import au_optimum

for r in (0.9, 0.3, 0.05, 1e-3):
    s, v = au_optimum(r**2)
    print(f"r = {r:<6g} s* = {s:10.6f}  min = {v:8.4f} nats")
_fig, _ = au_loss_optimum(QUICK)
plt.show()

# %% [markdown]
# ## 2. The first-order epistemic score and the finite-perturbation bound
# To first order $U_{\mathrm{epis}} \approx \|J_F(m)\delta\|_1$ (remainder $O(\|\delta\|^2)$).
# As an *inequality* for the finite $\delta = m'-m$ CUPID produces, the local Jacobian is not
# enough: a dead ReLU has $J(m) = 0$ and still moves. The mean-value bound
# $\sup_{t}\|J_F(m+t\delta)\|\,\|\delta\|$ holds and is attained.

# %%
w, h, d = np.ones(2), -np.ones(2), 2 * np.ones(2)
print("dead ReLU: change", max(w @ (h + d), 0) - max(w @ h, 0), "but J(h) =", w * (w @ h > 0))
_fig, _ = taylor_and_mean_value(QUICK)
plt.show()

# %% [markdown]
# ## 3. The epistemic loss has no minimiser
# A $K\times D$ linear head with $K<D$ generically has a non-negative null direction $v$; moving
# $m' = m + tv$ keeps the output and lowers $L_{\mathrm{epis}}$ by $T_{11}\,t\,\mathrm{mean}(v)$.

# %%
from theory.cupid import eu_loss, nonneg_null_direction

_rng = np.random.default_rng(0)
W = _rng.uniform(-1, 1, (2, 512)) / np.sqrt(512)
v = nonneg_null_direction(W)
m = np.maximum(_rng.normal(size=(4, 512)), 0)
for t in (1, 10, 100, 1000):
    print(f"t = {t:5d}: L_epis = {eu_loss((m + t * v) @ W.T, m @ W.T, m + t * v, m):.6f}")

# %% [markdown]
# ## 4. The light experiment on digits
# Host MLP 64-128-64-5 on digits 0–4, frozen; CUPID at the 64-d layer with the released loss
# weights $(1,\ 9\cdot10^{-3},\ 0.01)$. OOD = digits 5–9. Protocols: `code` (CUPID trained on the host's own
# training split, as released), `heldout` (on unseen ID digits), `heldout_nomax` ($T_{11} = 0$).
# Baselines: max-softmax, entropy, MC-dropout with 30 passes. Mean ± 95 % t-interval over seeds.

# %%
from numerics.cupid.experiments import METHODS, PROTOCOLS, digits
from numerics.cupid.figures import _mean_halfwidth, deviation_and_noise, digits_auroc

for p in PROTOCOLS[:2] if QUICK else PROTOCOLS:
    runs = digits(p, QUICK)
    print(f"protocol {p} ({len(runs)} seeds), host accuracy "
          f"{np.mean([r['host_acc'] for r in runs]):.3f}, argmax agreement "
          f"{np.mean([r['agreement'] for r in runs]):.4f}")
    for task in ("ood", "mis", "aurc"):
        cells = [_mean_halfwidth([r[f"{task}_{k}"] for r in runs]) for k in METHODS]
        print(f"  {task:5s}" + "".join(f" {k}={mu:.3f}±{np.nan_to_num(hw):.3f}"
                                       for k, (mu, hw) in zip(METHODS, cells, strict=True)))
_fig, _ = digits_auroc(QUICK)
plt.show()
_fig, _ = deviation_and_noise(QUICK)
plt.show()

# %% [markdown]
# ## 5. The claims
# Theory claims (closed forms against scipy/sympy, bounds with witnesses) and the empirical
# claims of the light experiment (undecided in quick mode where one seed cannot decide).

# %%
for c in discover(["cupid"]):
    r = c.run(quick=QUICK)
    print(f"{c.id:34s} {c.expected:11s} {r.verdict:11s} {r.evidence.note[:90]}")

# %% [markdown]
# ## Verdicts
# Each registered claim of this paper with its verdict in words, from the committed report
# (`reports/claims.json`, the full run), then the same claims as a table.

# %%
from iclr26_verify.run.notebooks import closing_cell

closing_cell("cupid")
