"""Benchmarks of the pcg topic: our vectorised generator (theory.pcg.generate over many
sequences at once) against the per-sequence pure-Python loop a user would write (as the released
code does), same outputs; and the exact two-lag predictor against brute-force recovery of
(a, c, s0) by search."""

from __future__ import annotations

import numpy as np

from benchmarks._timing import Row, benchmark, timeit


@benchmark("pcg", "vectorised_generator_vs_python_loop")
def vectorised_vs_loop(quick: bool = False):
    from theory.pcg import generate, xshrr

    n_seq, L, k = (256, 64, 16) if quick else (4096, 513, 18)
    rng = np.random.default_rng(0)
    a = rng.integers(1, (1 << k) // 4, n_seq) * 4 + 1
    c = rng.integers(1, (1 << k) // 2, n_seq) * 2 + 1
    s0 = rng.integers(0, 1 << k, n_seq)
    holder = {}

    def ours():
        holder["ours"] = generate("xshrr", a, c, s0, k, L, b=k // 2, cb=3)

    def loop():
        m, out = 1 << k, []
        for ai, ci, si in zip(a.tolist(), c.tolist(), s0.tolist()):
            x, row = si, []
            for _ in range(L):
                x = (ai * x + ci) % m
                row.append(int(xshrr(x, k, k // 2, 3)))
            out.append(row)
        holder["loop"] = out

    t_o = timeit(ours, repeat=5)
    t_l = timeit(loop, repeat=1 if not quick else 2, warmup=0)
    same = holder["ours"].tolist() == holder["loop"]
    return [Row("pcg", "XSH-RR sequences (data set generation)", f"{n_seq} × {L}, k = {k}",
                "theory.pcg.generate, vectorised over sequences (numpy int64)", t_o,
                "pure-Python loop per sequence (the released code's style)", t_l,
                target="identical outputs, faster", met=bool(same and t_o < t_l),
                note=f"identical: {same}")]


@benchmark("pcg", "two_lag_rule_vs_brute_force")
def two_lag_vs_brute(quick: bool = False):
    from theory.pcg import generate, two_lag_predictor

    k, b = (8, 4) if quick else (10, 5)
    m = 1 << k
    x = np.asarray(generate("tlcg", 4 * 37 + 1, 2 * 101 + 1, 5, k, 3 * (2 ** (k - b)), b=b))
    holder = {}

    def ours():
        holder["ours"] = two_lag_predictor(x, k, b)

    def brute():
        # every full-period (a, c) and seed consistent with the first outputs, then predict
        n0 = 12
        sols = []
        for a in range(5, m, 4):
            for c in range(1, m, 2):
                for hi in range(1 << (k - b)):
                    s = (int(x[0]) << (k - b)) | hi
                    ok = True
                    for i in range(1, n0):
                        s = (a * s + c) % m
                        if s >> (k - b) != x[i]:
                            ok = False
                            break
                    if ok:
                        sols.append((a, c, s))
        holder["brute"] = len(sols)

    t_o = timeit(ours, repeat=5)
    t_b = timeit(brute, repeat=1, warmup=0)
    T, P = 2 ** (k - b), 2 ** (b - 2)
    exact = bool((holder["ours"][T + P:] == x[T + P:]).all())
    return [Row("pcg", "predict truncated LCG outputs in context", f"k = {k}, b = {b}",
                "exact two-lag rule (no a, c or seed)", t_o,
                "brute-force search of (a, c, seed) consistent with 12 outputs", t_b,
                target="exact from T + P on", met=exact,
                note=f"{holder['brute']} consistent (a, c, state) found by the search")]
