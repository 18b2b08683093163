"""Compression benchmarks: the one-shot LP grid, closed form vs LP, HiGHS vs cvxpy."""

from __future__ import annotations

import math
import time

import numpy as np

from benchmarks._timing import Row, benchmark, timeit


def _grid(n: int, seed: int = 0):
    rng = np.random.default_rng(seed)
    qx, qy, qs1 = rng.uniform(0, 0.5, (3, n))
    return qx, qy, qs1, rng.uniform(0, 1.1, n), rng.uniform(0.3, 1.0, n)


@benchmark("compression", "oneshot_lp_grid")
def oneshot_lp_grid(quick: bool = False) -> list[Row]:
    from theory.compression import bernoulli_drc
    from theory.compression._reference_lp import bernoulli_oneshot_lp

    n = 200 if quick else 2000
    qx, qy, qs1, R, C = _grid(n)

    def lps():
        return [bernoulli_oneshot_lp(R[i], C[i], qx[i], qy[i], qs1[i]) for i in range(n)]

    def closed():
        return [bernoulli_drc(R[i], C[i], qx[i], qy[i], qs1[i], classification="linear")
                for i in range(n)]

    t0 = time.perf_counter()
    lp_vals = lps()
    t_lp = time.perf_counter() - t0
    t_closed = timeit(closed, repeat=3)
    agree = all((math.isinf(a) and math.isinf(b)) or abs(a - b) <= 1e-7
                for a, b in zip(closed(), lp_vals, strict=True))
    return [
        Row("compression", "one-shot Bernoulli DRC, linear classification", f"{n} (R,C,q) points",
            "HiGHS LP over 4 maps", t_lp, "—", None, target="< 20 s for 2,000",
            met=t_lp < 20 * n / 2000, note="single run"),
        Row("compression", "closed form vs LP, same grid", f"{n} points",
            "bernoulli_drc (closed form)", t_closed, "HiGHS LP", t_lp,
            note=f"values agree to 1e-7: {agree}"),
    ]


@benchmark("compression", "highs_vs_cvxpy")
def highs_vs_cvxpy(quick: bool = False) -> list[Row]:
    from theory.compression._reference_lp import bernoulli_oneshot_lp

    n = 5 if quick else 40
    qx, qy, qs1, R, C = _grid(n, seed=1)

    def run(solver):
        return [bernoulli_oneshot_lp(R[i], C[i], qx[i], qy[i], qs1[i], solver=solver)
                for i in range(n)]

    t_h = timeit(lambda: run("highs"), repeat=3)
    t_c = timeit(lambda: run("cvxpy"), repeat=3)
    diff = max((0.0 if math.isinf(a) and math.isinf(b) else abs(a - b))
               for a, b in zip(run("highs"), run("cvxpy"), strict=True))
    return [Row("compression", "one-shot LP solver", f"{n} LPs", "scipy HiGHS", t_h,
                "cvxpy (Clarabel)", t_c, note=f"max |difference| {diff:.1e}")]
