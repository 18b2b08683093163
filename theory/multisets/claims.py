"""Registered claims of the multisets paper."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from theory.claims import Evidence, claim
from theory.multisets._distances import emd, hausdorff, matching
from theory.tolerances import EXACT, LP


@claim("multisets.sec2.worked_example", where="Sec. 2 / Thm 3.1 worked example",
       statement="For X={{0,2}}, Y={{0,2,2}} in R: EMD=1/3, Hausdorff=0, matching=2; the mean "
       "moves by 1/3, the sum by 2, the max by 0.")
def _worked_example():
    X, Y = np.array([[0.0], [2.0]]), np.array([[0.0], [2.0], [2.0]])
    measured = {"emd": emd(X, Y), "hausdorff": hausdorff(X, Y), "matching": matching(X, Y),
                "dmean": abs(X.mean() - Y.mean()), "dsum": abs(X.sum() - Y.sum()),
                "dmax": abs(X.max() - Y.max())}
    # Exact rational arithmetic for the expected values: an independent computation.
    xs, ys = [Fraction(0), Fraction(2)], [Fraction(0), Fraction(2), Fraction(2)]
    expected = {"emd": 1 / 3, "hausdorff": 0.0, "matching": 2.0,
                "dmean": float(abs(sum(xs) / 2 - sum(ys) / 3)),
                "dsum": float(abs(sum(xs) - sum(ys))), "dmax": 0.0}
    ok = all(abs(measured[k] - expected[k]) <= EXACT for k in expected)
    return Evidence(ok, measured, expected, EXACT,
                    "POT network simplex / assignment vs exact rationals")


def _random_sets(rng, k, d, sizes=(1, 5), avoid_zero=True):
    out = []
    for _ in range(k):
        S = rng.normal(size=(int(rng.integers(sizes[0], sizes[1] + 1)), d))
        if avoid_zero:
            S[np.linalg.norm(S, axis=1) < 1e-3] += 1.0
        out.append(S)
    return out


@claim("multisets.sec2.emd_matches_linprog", where="Sec. 2, EMD definition",
       statement="The EMD (W1 between uniform empirical measures, Euclidean ground cost) computed "
       "by POT's network simplex / the assignment problem equals the transportation LP.")
def _emd_lp(seed: int = 0):
    from theory.multisets._reference import emd_linprog

    rng = np.random.default_rng(seed)
    errs = []
    for _ in range(40):
        X, Y = _random_sets(rng, 2, int(rng.integers(1, 4)), sizes=(1, 7))
        errs.append(abs(emd(X, Y) - emd_linprog(X, Y)))
    return Evidence(max(errs) <= LP, {"max_abs_error": max(errs)}, {"max_abs_error": 0.0}, LP,
                    "40 random pairs, sizes 1..7, d in 1..3: POT/assignment vs HiGHS linprog.")


@claim("multisets.sec2.matching_pad_equals_permutation_definition", where="Sec. 2, Def. of d_M",
       statement="Padding the smaller multiset with zero vectors and solving the min-cost perfect "
       "matching gives the matching distance as defined by a minimum over permutations.")
def _pad_vs_perm(seed: int = 0):
    from theory.multisets._reference import matching_bruteforce

    rng = np.random.default_rng(seed)
    errs = []
    for _ in range(60):
        X, Y = _random_sets(rng, 2, int(rng.integers(1, 4)), avoid_zero=False)
        errs.append(abs(matching(X, Y) - matching_bruteforce(X, Y)))
    return Evidence(max(errs) <= EXACT * 10, {"max_abs_error": max(errs)},
                    {"max_abs_error": 0.0}, EXACT * 10,
                    "60 random pairs of sizes 1..5: assignment on the zero-padded cost vs brute "
                    "force over all permutations (tolerance: a few ulps of summed norms).")


@claim("multisets.prop22.matching_is_metric_off_zero", where="Prop. 2.2",
       statement="The matching distance is a metric on multisets that avoid the zero vector, and "
       "only a pseudometric when 0 may occur (d_M({{v}},{{v,0}}) = 0).")
def _metric(seed: int = 0):
    rng = np.random.default_rng(seed)
    worst_tri, worst_sym, min_pos = 0.0, 0.0, np.inf
    for _ in range(150):
        X, Y, Z = _random_sets(rng, 3, 2)
        dxy, dyx = matching(X, Y), matching(Y, X)
        worst_sym = max(worst_sym, abs(dxy - dyx))
        worst_tri = max(worst_tri, dxy - matching(X, Z) - matching(Z, Y))
        min_pos = min(min_pos, dxy)
        # Indiscernibility: a single element moved by 1e-6 still has positive distance.
        X2 = X.copy()
        X2[0] += 1e-6
        min_pos = min(min_pos, matching(X, X2) / 1e-6)
    v = np.array([[1.0, -2.0]])
    pseudo = matching(v, np.vstack([v, np.zeros((1, 2))]))
    ok = worst_tri <= EXACT * 10 and worst_sym <= EXACT and min_pos > 0 and pseudo == 0.0
    return Evidence(ok, {"max_triangle_violation": worst_tri, "max_asymmetry": worst_sym,
                         "min_distance_distinct": min_pos, "d_M({v},{v,0})": pseudo},
                    {"max_triangle_violation": 0.0, "max_asymmetry": 0.0,
                     "min_distance_distinct": "> 0", "d_M({v},{v,0})": 0.0}, EXACT,
                    "150 random triples of sizes 1..5 in R^2 avoiding 0 (hypothesis property "
                    "tests in tests/test_multisets_theory.py cover more); the zero vector breaks "
                    "indiscernibility.")


@claim("multisets.prop23.matching_equals_M_times_emd", where="Prop. 2.3",
       statement="For multisets of equal size M, the matching distance equals M times the EMD "
       "(Birkhoff-von Neumann).")
def _m_emd(seed: int = 0):
    from theory.multisets._reference import emd_linprog

    rng = np.random.default_rng(seed)
    errs = []
    for _ in range(40):
        Mm, d = int(rng.integers(1, 7)), int(rng.integers(1, 4))
        X, Y = rng.normal(size=(Mm, d)), rng.normal(size=(Mm, d))
        errs.append(abs(matching(X, Y) - Mm * emd_linprog(X, Y)) / max(1.0, matching(X, Y)))
    return Evidence(max(errs) <= LP, {"max_rel_error": max(errs)}, {"max_rel_error": 0.0}, LP,
                    "40 random equal-size pairs (M 1..6): assignment vs M x HiGHS transport LP.")


@claim("multisets.lemma32.hausdorff_below_matching", where="Lemma 3.2 setting (ours)",
       expected="corrected",
       statement="(Not in the paper.) On multisets of equal size, d_H <= d_M: the optimal "
       "matching gives every element a partner within its own cost.")
def _h_below_m(seed: int = 0):
    rng = np.random.default_rng(seed)
    worst = 0.0
    for _ in range(200):
        Mm, d = int(rng.integers(1, 6)), int(rng.integers(1, 4))
        X, Y = rng.normal(size=(Mm, d)), rng.normal(size=(Mm, d))
        Y[: Mm // 2] = X[: Mm // 2]
        worst = max(worst, hausdorff(X, Y) - matching(X, Y))
    return Evidence(worst <= EXACT, {"max(d_H - d_M)": worst}, {"max(d_H - d_M)": "<= 0"},
                    EXACT, "200 random equal-size pairs (half the elements shared).")
