"""Theory claims of EKNN about the solver of the joint objective F (our derivation, E8).
**Our reconstruction**: the summary says F is "solved by alternating k-means-style updates" and
converges monotonically; the update rules are ours (theory/eknn/_model.py).
"""

from __future__ import annotations

import functools

import numpy as np

from theory.claims import Judge, claim
from theory.eknn import (
    clustering_acc,
    eknn_pipeline,
    joint_bcd,
    layerwise_step,
    meet_partition,
    purity,
)
from theory.eknn._instances import two_curves

_WEIGHTS = ((1.0, 1.0, 1.0), (0.01, 1.0, 10.0))


@functools.lru_cache(maxsize=4)
def _runs(seed, n=120, p=20, seeds=3):
    out = []
    for a, b, g in _WEIGHTS:
        for s in range(seed, seed + seeds):
            Xs, y = two_curves(n, s)
            st = eknn_pipeline(Xs, 2, p, alpha=a, beta=b, gamma=g, random_state=s)
            out.append(((a, b, g), s, y, joint_bcd(st, n_sweeps=8)))
    return out


@claim("eknn.monotone.layerwise", where="Sec. 3, joint objective and iterative solver (no equation number seen); "
       "papernotes.org summary: 'iterative algorithm', 'monotone convergence'",
       statement="In our reading, the alternating updates in which each layer minimises its own "
       "term (k-means step, kernel k-means of the centres, k-means of the consensus) never "
       "increase F = Σ_v αf_L + βf_N + γf_M. The charitable reading (a solver whose every "
       "step does not increase F) is eknn.monotone.joint.",
       expected="reading_fails", corrected_by="eknn.monotone.joint", evidence=("witness",),
       source=("secondary", ("the 'iterative algorithm' with monotone convergence as summarised "
                      "by the papernotes.org note on OpenReview ljM1HTSH9c, a one-source "
                      "summary of the layer objectives; the paper body and code are not "
                      "public and the four public reviews do not state the update order; the "
                      "layer-by-layer update order is our reading")),
       setting="exact")
def _layerwise(seed: int = 0):
    j = Judge()
    for (a, b, g), s, _, st in _runs(seed):
        if (a, b, g) != (0.01, 1.0, 10.0):
            continue
        F0 = st.history[-1][1]
        j.le(f"F after one layer-wise step vs F before, α=.01 β=1 γ=10, data seed {s}",
             layerwise_step(st).history[-1][1], F0)
    return j.evidence(note="start: the joint BCD solution on circles+moons (n = 120, p = 20); "
                      "one layer-wise step increases F: layer 1 moves points to their nearest "
                      "centre, ignoring the γ-weighted consensus term.")


@claim("eknn.monotone.joint", where="Sec. 3, joint objective (no equation number seen); papernotes.org summary, "
       "joint mode (our reconstruction)",
       expected="corrected",
       statement="Block-coordinate descent of F (exact W, H, G steps; V and U steps kept only "
       "when their part of F does not increase) never increases F.",
       evidence=("proof", "search"),
       source=("ours", ("our block-coordinate solver and its monotonicity: the paper's "
                 "solver is unknown")),
       setting=("analogue", ("our block-coordinate solver of the summarised F, not the paper's "
                     "algorithm")))
def _joint(seed: int = 0):
    """Proof: the W step is the exact row-wise argmin of the only terms of F that depend on W
    (Û does not depend on W when centres are counted); G and H steps are exact least squares and
    exact assignment; V and U steps are accepted only if the terms of F that depend on them do
    not increase. Each block step therefore cannot increase F."""
    j = Judge()
    worst = 0.0
    for (a, b, g), s, _, st in _runs(seed):
        F = np.array([f for _, f in st.history])
        j.le(f"F_(t+1) vs F_t over {len(F) - 1} block steps, weights {(a, b, g)}, seed {s}",
             F[1:], F[:-1], rtol=1e-9)
        worst = max(worst, float(np.max(np.diff(F) / np.abs(F[:-1]))))
    return j.evidence(note=f"6 runs (2 weightings × 3 data seeds, n = 120, p = 20, ≤ 8 sweeps, "
                      f"F recorded after every block); largest relative step change {worst:.1e} (≤ 0: no increase).")


@claim("eknn.bound.meet_purity", where="our derivation on Sec. 3, Eqs. (7) and (10) (per Reviewers 1 and 3)", expected="extension",
       statement="The consensus labels H from an assignment step are constant on the cells of "
       "the meet of the views' linear partitions, so ACC ≤ purity(meet of the W^v).",
       evidence=("proof", "witness"),
       source=("ours", "our derivation for the assignment step of our reconstruction"),
       setting=("analogue", "EKNN-lite, our reconstruction of the layers"))
def _meet(seed: int = 0):
    """Proof: the row of B^v = W^vÛ^v at point i depends only on W^v(i); points in one meet cell
    have identical concatenated rows, so the argmin assignment gives them one label. The meet
    refines H, purity cannot drop under refinement, and ACC ≤ purity."""
    j = Judge()
    for w, s, y, st in _runs(seed):
        meet = meet_partition(st.W)
        const = all(len(np.unique(st.H[meet == c])) == 1 for c in np.unique(meet))
        j.fact(f"H constant on meet cells, {w}, seed {s}", const)
        j.le(f"ACC vs purity(meet), {w}, seed {s}", clustering_acc(y, st.H), purity(y, meet))
    rng = np.random.default_rng(seed)
    y = np.repeat([0, 1], 30)
    Xs = [np.where(y[:, None] == 0, -4.0, 4.0) + rng.standard_normal((60, 2)) for _ in range(2)]
    st = joint_bcd(eknn_pipeline(Xs, 2, 6, random_state=seed), n_sweeps=3)
    j.le("witness: ACC vs purity(meet), two separated blobs per view",
         clustering_acc(y, st.H), purity(y, meet_partition(st.W)))
    return j.evidence(note="6 joint-BCD runs on circles+moons (n = 120, p = 20: ACC .77–.88 "
                      "below purity 1) and a witness attaining the bound (two blobs 8σ apart in "
                      "each view, p = 6: ACC = purity(meet) = 1).")
