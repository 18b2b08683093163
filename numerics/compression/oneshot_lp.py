"""The one-shot DRC of Thm 1 for finite alphabets as a linear program over deterministic maps.

Given the common randomness U = u the encoder-decoder is a deterministic map f_u: X → Y; U can
be taken as the index of the map, so the problem is an LP in the weights w_f of the |Y|^|X| maps
(compression.md §5). Solved with scipy's HiGHS.
"""

from __future__ import annotations

import itertools

import numpy as np
from scipy.optimize import linprog

from theory.compression._bernoulli import binary_entropy


def _entropy_bits(p) -> float:
    p = np.asarray(p, dtype=np.float64)
    p = p[p > 0]
    return float(-(p * np.log2(p)).sum())


def bernoulli_oneshot_lp(R: float, q_x: float, q_y: float) -> float:
    """Minimum E 1{X≠Y} over mixtures of the 4 binary maps with P(Y=1)=q_y and E H(f_U(X)) ≤ R.

    Returns ``inf`` when infeasible. Rate-only (no classification constraint).
    """
    px = np.array([1 - q_x, q_x])
    maps = list(itertools.product((0, 1), repeat=2))  # f = (f(0), f(1))
    cost = np.array([sum(px[x] * (x != f[x]) for x in (0, 1)) for f in maps])
    p_y1 = np.array([sum(px[x] * (f[x] == 1) for x in (0, 1)) for f in maps])
    rate = np.array([float(binary_entropy(p)) for p in p_y1])
    res = linprog(cost, A_ub=rate[None, :], b_ub=[R],
                  A_eq=np.vstack([np.ones(len(maps)), p_y1]), b_eq=[1.0, q_y],
                  bounds=[(0, None)] * len(maps), method="highs")
    return float(res.fun) if res.status == 0 else float("inf")
