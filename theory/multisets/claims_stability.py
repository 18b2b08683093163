"""Prop. 3.6 (adding one element) and Prop. C.2 (noise on every element)."""

from __future__ import annotations

import numpy as np

from theory.claims import Evidence, claim
from theory.multisets._distances import emd, hausdorff, matching
from theory.multisets._stability import (
    emd_add_one,
    hausdorff_add_one,
    matching_add_one,
    noise_bound,
)
from theory.tolerances import LP


def _cases(seed, k=40):
    rng = np.random.default_rng(seed)
    for _ in range(k):
        n, d = int(rng.integers(1, 8)), int(rng.integers(1, 5))
        yield rng.normal(size=(n, d)), rng.normal(scale=rng.choice([0.5, 5.0]), size=d)


@claim("multisets.prop36.emd_add_one_bound", where="Prop. 3.6",
       statement="Adding one element w to X (|X| = n) moves the EMD by at most "
       "(1/(n(n+1))) Σ_i ‖v_i - w‖.")
def _emd_bound(seed: int = 0):
    from theory.multisets._reference import emd_linprog

    worst = max(emd_linprog(X, np.vstack([X, w])) - emd_add_one(X, w) for X, w in _cases(seed))
    return Evidence(worst <= LP, {"max(LP - bound)": worst}, {"max(LP - bound)": "<= 0"}, LP,
                    "40 random (X, w), n 1..7, d 1..4: HiGHS transport LP vs the bound.")


@claim("multisets.prop36.emd_add_one_equality", where="Prop. 3.6 (sharpened, ours)",
       expected="corrected", corrects="multisets.prop36.emd_add_one_bound",
       statement="The Prop. 3.6 EMD bound always holds with equality: μ_X' = (1-t)μ_X + tδ_w, "
       "t = 1/(n+1), and W1(μ, (1-t)μ + tν) = t W1(μ, ν) by duality.")
def _emd_eq(seed: int = 0):
    from theory.multisets._reference import emd_linprog

    gaps = [abs(emd_linprog(X, np.vstack([X, w])) - emd_add_one(X, w)) for X, w in _cases(seed)]
    pot = [abs(emd(X, np.vstack([X, w])) - emd_add_one(X, w)) for X, w in _cases(seed + 1)]
    return Evidence(max(gaps + pot) <= LP, {"max_gap_linprog": max(gaps), "max_gap_pot": max(pot)},
                    {"max_gap_linprog": 0.0, "max_gap_pot": 0.0}, LP,
                    "two sets of 40 random (X, w): HiGHS LP and POT against the closed form.")


@claim("multisets.prop36.hausdorff_add_one", where="Prop. 3.6",
       statement="Adding w to X moves the Hausdorff distance by exactly min_i ‖v_i - w‖.")
def _h_add(seed: int = 0):
    gaps = [abs(hausdorff(X, np.vstack([X, w])) - hausdorff_add_one(X, w))
            for X, w in _cases(seed)]
    return Evidence(max(gaps) <= 1e-12, {"max_gap": max(gaps)}, {"max_gap": 0.0}, 1e-12,
                    "40 random (X, w): cdist-based Hausdorff vs the nearest-neighbour distance.")


@claim("multisets.prop36.matching_add_one", where="Prop. 3.6 (ours, not in the paper)",
       expected="corrected",
       statement="Adding w to X moves the matching distance by exactly ‖w‖ (whatever X is).")
def _m_add(seed: int = 0):
    from theory.multisets._reference import matching_bruteforce

    gaps = [abs(matching_bruteforce(X, np.vstack([X, w])) - matching_add_one(X, w))
            for X, w in _cases(seed) if len(X) <= 5]
    gaps += [abs(matching(X, np.vstack([X, w])) - matching_add_one(X, w)) for X, w in _cases(seed)]
    return Evidence(max(gaps) <= 1e-12, {"max_gap": max(gaps)}, {"max_gap": 0.0}, 1e-12,
                    "random (X, w): brute-force permutations (n <= 5) and the padded assignment "
                    "against ‖w‖.")


@claim("multisets.propC2.noise_bound", where="Prop. C.2",
       statement="If every element is moved by a vector with entries in [0, k], then d_EMD and "
       "d_H between the clean and noisy multisets are at most k sqrt(d).")
def _noise(seed: int = 0):
    rng = np.random.default_rng(seed)
    worst = 0.0
    for _ in range(40):
        n, d, k = int(rng.integers(1, 9)), int(rng.integers(1, 65)), float(rng.uniform(0.01, 1))
        X = rng.normal(size=(n, d))
        N = rng.uniform(0, k, size=(n, d))
        if rng.random() < 0.3:
            N[:] = k  # the extreme corner: every element moved by k in every coordinate
        b = noise_bound(k, d)
        worst = max(worst, emd(X, X + N) / b, hausdorff(X, X + N) / b)
    return Evidence(worst <= 1 + LP, {"max_distance_over_bound": worst},
                    {"max_distance_over_bound": "<= 1 (= 1 at the corner)"}, LP,
                    "40 random sets (n 1..8, d 1..64) with U(0, k) noise, 30% at the corner "
                    "N = k·1 (uniform translation, distance exactly k sqrt(d)).")
