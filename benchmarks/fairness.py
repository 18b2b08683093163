"""Benchmarks of the fairness topic: the 1-D CS estimator, exact chunked vs the binned fast
Gauss transform (with its error bound), and numpy vs torch for the exact estimator."""

from __future__ import annotations

import numpy as np

from benchmarks._timing import Row, benchmark, timeit


def _samples(n: int, seed: int = 0):
    rng = np.random.default_rng(seed)
    # two groups of classifier-like scores in [0, 1]
    return rng.beta(2, 5, n), rng.beta(3, 3, n)


@benchmark("fairness", "cs_fast_gauss_vs_exact")
def cs_fast_vs_exact(quick: bool = False):
    from numerics.fairness.fast_gauss import cs_divergence_fast
    from theory.fairness import cs_divergence_kde

    n, sigma = (5_000 if quick else 100_000), 0.02
    x, y = _samples(n)
    fast = cs_divergence_fast(x, y, sigma)
    t_fast = timeit(lambda: cs_divergence_fast(x, y, sigma), repeat=5)
    exact_holder = {}

    def run_exact():
        exact_holder["v"] = cs_divergence_kde(x, y, sigma)

    # the exact O(n²) sum takes minutes at n = 1e5: one timed run
    t_exact = timeit(run_exact, repeat=1 if not quick else 3, warmup=0)
    rel = abs(fast.value - exact_holder["v"]) / exact_holder["v"]
    ratio = t_exact / t_fast
    sizes = [1_000, 4_000, 16_000] if quick else [1_000, 10_000, 100_000, 1_000_000]
    secs = []
    for m in sizes:
        xs, ys = _samples(m, seed=2)
        secs.append(timeit(lambda xs=xs, ys=ys: cs_divergence_fast(xs, ys, sigma), repeat=3))
    return [Row("fairness", "empirical CS divergence, 1-D, σ = 0.02", f"n = {n} per group",
                "binned fast Gauss transform (P = 16, δ = h/2)", t_fast,
                "exact chunked log-sum-exp (numpy)", t_exact,
                target="≥ 50× at rel. error ≤ 1e-6", met=bool(ratio >= 50 and rel <= 1e-6),
                note=f"rel. error {rel:.1e}; stated bound {fast.error_bound / fast.value:.1e}",
                extra={"relative_error": rel, "bound_relative": fast.error_bound / fast.value,
                       "value": fast.value,
                       "scaling": {"n": sizes, "seconds": secs,
                                   "label": "fairness: CS fast Gauss transform (1-D)"}})]


@benchmark("fairness", "cs_numpy_vs_torch")
def cs_numpy_vs_torch(quick: bool = False):
    import torch

    from numerics.fairness.cs_torch import cs_divergence
    from theory.fairness import cs_divergence_kde

    n, sigma = (2_000 if quick else 10_000), 0.02
    x, y = _samples(n, seed=1)
    device = "cuda" if torch.cuda.is_available() else "cpu"
    xt = torch.as_tensor(x, device=device)
    yt = torch.as_tensor(y, device=device)

    def run_torch():
        with torch.no_grad():
            v = cs_divergence(xt, yt, sigma, chunk=1024)
        if device == "cuda":
            torch.cuda.synchronize()
        return v

    t_torch = timeit(run_torch, repeat=3)
    t_np = timeit(lambda: cs_divergence_kde(x, y, sigma), repeat=3)
    diff = abs(float(run_torch()) - cs_divergence_kde(x, y, sigma))
    return [Row("fairness", "exact empirical CS divergence, 1-D, float64", f"n = {n} per group",
                f"torch ({device}, {torch.get_num_threads()} threads)", t_torch,
                "numpy (chunked)", t_np, note=f"|torch − numpy| = {diff:.1e}",
                extra={"abs_diff": diff})]


@benchmark("fairness", "cs_torch_gpu_block")
def cs_torch_gpu_block(quick: bool = False):
    """CUDA only (no rows on a CPU machine): the no-grad torch estimator with blocks sized from
    the device's free memory against the CPU-cache-sized blocks it used before."""
    import torch

    from numerics.fairness import cs_torch

    if not torch.cuda.is_available():
        return []
    rows = []
    for n in ((10_000,) if quick else (10_000, 100_000)):
        x, y = _samples(n, seed=3)
        xt = torch.as_tensor(x, device="cuda")
        yt = torch.as_tensor(y, device="cuda")

        def run(xt=xt, yt=yt):
            with torch.no_grad():
                v = cs_torch.cs_divergence(xt, yt, 0.02)
            torch.cuda.synchronize()
            return float(v)

        sized = run()
        t_sized = timeit(run, repeat=3)
        saved = cs_torch.GPU_BLOCK_MAX
        cs_torch.GPU_BLOCK_MAX = cs_torch.INPLACE_BLOCK  # the CPU-sized block
        try:
            small = run()
            t_small = timeit(run, repeat=3)
        finally:
            cs_torch.GPU_BLOCK_MAX = saved
        rows.append(Row("fairness", "exact empirical CS divergence on CUDA, no grad, float64",
                        f"n = {n} per group", "device-sized blocks (free memory / 4)", t_sized,
                        f"CPU-sized blocks ({cs_torch.INPLACE_BLOCK} elements)", t_small,
                        note=f"|difference| = {abs(sized - small):.1e}",
                        extra={"abs_diff": abs(sized - small)}))
    return rows
