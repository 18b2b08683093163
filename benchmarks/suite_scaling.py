"""Scaling of the exact pairwise engines: time against n on a log-log plot, fitted exponent.

Exact pairwise methods should scale as n² (k(k−1)/2 set pairs; n² kernel evaluations; the n×n
t-SNE gradient). Each series is timed with the median of ≥ 5 repetitions per size; the runner
fits log t = k·log n + c and plots every series in ``reports/benchmarks_scaling.png``.
"""

from __future__ import annotations

import numpy as np

from benchmarks._timing import Row, benchmark, timeit


def _series(topic, task, label, sizes, make_call, repeat=5) -> Row:
    seconds = [timeit(make_call(n), repeat=repeat, warmup=1) for n in sizes]
    return Row(topic, task, f"n={sizes[0]}…{sizes[-1]}", label, seconds[-1], "—", None,
               note="scaling series; exponent fitted in the scaling table",
               extra={"scaling": {"n": list(sizes), "seconds": seconds, "label": label}})


@benchmark("suite", "scaling")
def scaling(quick: bool = False) -> list[Row]:
    rows = []
    rng = np.random.default_rng(0)

    from theory.multisets import pairwise_distances

    def sets_call(k):
        sets = [rng.normal(size=(30, 8)) for _ in range(k)]
        return lambda: pairwise_distances(sets, "emd")

    ks = (8, 16, 32) if quick else (10, 20, 40, 80)
    rows.append(_series("multisets", "pairwise EMD matrix (k sets of 30 pts in R^8)",
                        "EMD matrix vs number of sets k", ks, sets_call,
                        repeat=3 if quick else 5))

    import torch

    from numerics.fairness.cs_torch import cs_divergence

    def cs_call(n):
        x = torch.randn(n, 1, dtype=torch.float64)
        y = torch.randn(n, 1, dtype=torch.float64) + 0.5
        return lambda: cs_divergence(x, y, 0.5)

    ns = (500, 1000, 2000) if quick else (1000, 2000, 4000, 8000)
    rows.append(_series("fairness", "CS estimator, exact chunked torch (1-D, n per group)",
                        "CS estimator vs n", ns, cs_call, repeat=3 if quick else 5))

    rows.extend(_tsne_scaling(quick))
    return rows


def _tsne_scaling(quick: bool) -> list[Row]:
    import torch

    from numerics.tsne.engine import kl_divergence_and_gradient

    def call(n):
        rng = np.random.default_rng(0)
        A = rng.random((n, n))
        P = A + A.T
        np.fill_diagonal(P, 0.0)
        P = torch.from_numpy(P / P.sum())
        Y = torch.from_numpy(rng.normal(size=(n, 2)))
        return lambda: kl_divergence_and_gradient(P, Y)

    ns = (250, 500, 1000) if quick else (250, 500, 1000, 2000, 4000)
    return [_series("tsne", "exact t-SNE objective + gradient (torch, float64)",
                    "t-SNE KL + gradient vs n", ns, call, repeat=3 if quick else 5)]
