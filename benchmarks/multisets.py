"""Pairwise set-distance matrices (the latent multisets of the paper's Fig. 1 scale)."""

from __future__ import annotations

import time

import numpy as np

from benchmarks._timing import Row, benchmark, timeit


def _sets(k, m, d, seed=0):
    rng = np.random.default_rng(seed)
    return [rng.normal(size=(m, d)) for _ in range(k)]


@benchmark("multisets", "pairwise_distances")
def pairwise(quick: bool = False):
    """100 sets of 100 points in R^64 (4,950 pairs) for EMD, Hausdorff and matching, against a
    plain loop of ``scipy.optimize.linprog`` EMD solves (timed on a sample of pairs and scaled
    to all pairs, since the full loop takes minutes)."""
    from theory.multisets import pairwise_distances
    from theory.multisets._reference import emd_linprog

    k, m, d = (30, 50, 64) if quick else (100, 100, 64)
    sets = _sets(k, m, d)
    pairs = k * (k - 1) // 2
    # One timed run per distance (each is seconds long; ≥ 5 repeats would cost minutes).
    times = {name: timeit(lambda n=name: pairwise_distances(sets, n), repeat=1, warmup=0)
             for name in ("emd", "hausdorff", "matching")}
    times["all three in one call"] = timeit(
        lambda: pairwise_distances(sets, ("emd", "hausdorff", "matching")), repeat=1, warmup=0)
    total = times["all three in one call"]
    n_lp = 4 if quick else 10
    sub = sets[: n_lp + 1]
    D = pairwise_distances(sub, "emd")
    t0 = time.perf_counter()
    err = max(abs(emd_linprog(sub[i], sub[i + 1]) - D[i, i + 1]) for i in range(n_lp))
    lp_per_pair = (time.perf_counter() - t0) / n_lp
    lp_total = lp_per_pair * pairs
    target = "" if quick else "< 10 s all three"
    rows = []
    for name, t in times.items():
        is_emd = name == "emd"
        rows.append(Row(
            "multisets", f"pairwise {name} matrix", f"{k} sets x {m} pts in R^{d}, {pairs} pairs",
            "theory.multisets.pairwise_distances", t,
            "linprog (HiGHS) EMD loop, extrapolated" if is_emd else "—",
            lp_total if is_emd else None,
            note=(f"linprog {lp_per_pair * 1e3:.0f} ms/pair over {n_lp} pairs; max |Δ| vs ours "
                  f"{err:.1e}") if is_emd else ""))
    rows[-1] = Row("multisets", "all three matrices, one call", f"{pairs} pairs",
                   "pairwise_distances(sets, (emd, hausdorff, matching))", total,
                   "linprog EMD loop (EMD only), extrapolated", lp_total, target=target,
                   met=None if quick else total < 10.0,
                   note="one cdist and one assignment per pair shared by the three distances")
    return rows


def _pot_loop(sets):
    """The tool a user would reach for: ``ot.emd2`` with uniform weights on every pair."""
    import ot

    k = len(sets)
    D = np.zeros((k, k))
    for i in range(k):
        for j in range(i + 1, k):
            X, Y = sets[i], sets[j]
            a, b = np.full(len(X), 1.0 / len(X)), np.full(len(Y), 1.0 / len(Y))
            D[i, j] = D[j, i] = ot.emd2(a, b, ot.dist(X, Y, metric="euclidean"))
    return D


@benchmark("multisets", "emd_vs_pot_loop")
def emd_vs_pot(quick: bool = False):
    """EMD matrix of ``pairwise_distances`` against a loop of ``ot.emd2`` (uniform weights,
    Euclidean ground cost), for equal and for unequal set sizes."""
    from theory.multisets import pairwise_distances

    # Full size: 435 pairs (the POT loop alone took 506 s for 1,770 pairs on a loaded 2-core box).
    k, m, d = (20, 40, 16) if quick else (30, 100, 64)
    rng = np.random.default_rng(1)
    equal = [rng.normal(size=(m, d)) for _ in range(k)]
    unequal = [rng.normal(size=(int(rng.integers(m // 2, m + 1)), d)) for _ in range(k)]
    pairs = k * (k - 1) // 2
    rows = []
    cases = (
        ("equal sizes", equal, ("equal sizes: Birkhoff-von Neumann lets ours solve an "
                                "assignment problem (scipy's linear_sum_assignment) instead of "
                                "the network simplex")),
        ("unequal sizes", unequal, ("unequal sizes: both run POT's network simplex; the "
                                    "difference is cdist vs ot.dist and call overhead")))
    for label, sets, why in cases:
        out: dict = {}
        # One timed run each (seconds long); the matrices are kept to compare them.
        ours = timeit(lambda s=sets, o=out: o.__setitem__("ours", pairwise_distances(s, "emd")),
                      repeat=1, warmup=0)
        pot = timeit(lambda s=sets, o=out: o.__setitem__("pot", _pot_loop(s)), repeat=1,
                     warmup=0)
        err = float(np.max(np.abs(out["ours"] - out["pot"])))
        rows.append(Row("multisets", f"pairwise EMD matrix, {label}",
                        f"{k} sets x {m // 2 if label == 'unequal sizes' else m}"
                        f"{'..' + str(m) if label == 'unequal sizes' else ''} pts in R^{d}, "
                        f"{pairs} pairs", "theory.multisets.pairwise_distances(sets, 'emd')",
                        ours, "loop of ot.emd2 (uniform weights)", pot,
                        note=f"{why}; max |Δ| vs POT {err:.1e}"))
    return rows
