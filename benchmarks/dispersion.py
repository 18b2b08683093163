"""Benchmarks of the dispersion topic: the O(Nd) closed form D = N/(N−1)(1 − ‖m‖²) against what
a user would pick instead (scipy's ``pdist(metric="cosine")`` averaged, and the released code's
cosine-matrix formula), same inputs, time and agreement; and the binned protocol's cost."""

from __future__ import annotations

import numpy as np

from benchmarks._timing import Row, benchmark, timeit


@benchmark("dispersion", "closed_form_vs_pdist")
def closed_form_vs_pdist(quick: bool = False):
    from scipy.spatial.distance import pdist

    from theory.dispersion import dispersion

    sizes = [(512, 64)] if quick else [(512, 64), (2048, 256), (4096, 256)]
    rows = []
    rng = np.random.default_rng(0)
    for N, d in sizes:
        E = rng.normal(size=(N, d)) + 0.5 * rng.normal(size=d)
        ours = dispersion(E)
        alt = float(pdist(E, metric="cosine").mean())
        t_o = timeit(lambda E=E: dispersion(E), repeat=5)
        t_a = timeit(lambda E=E: pdist(E, metric="cosine").mean(), repeat=1 if N > 4000 else 3,
                     warmup=0)
        err = abs(ours - alt)
        rows.append(Row("dispersion", "dispersion of N vectors", f"N = {N}, d = {d}",
                        "closed form via the mean resultant, O(Nd) (numpy)", t_o,
                        "scipy pdist(metric='cosine').mean(), O(N²d)", t_a,
                        target="faster, |ΔD| ≤ 1e-10", met=bool(t_o < t_a and err <= 1e-10),
                        note=f"|ΔD| = {err:.1e}", extra={"abs_diff": err}))
    return rows


@benchmark("dispersion", "closed_form_vs_cosine_matrix")
def closed_form_vs_cosine_matrix(quick: bool = False):
    from theory.dispersion import dispersion
    from theory.dispersion._reference import step3_formula

    N, d = (512, 64) if quick else (2048, 256)
    E = np.random.default_rng(1).normal(size=(N, d))
    err = abs(dispersion(E) - step3_formula(E))
    t_o = timeit(lambda: dispersion(E), repeat=5)
    t_a = timeit(lambda: step3_formula(E), repeat=3, warmup=0)
    return [Row("dispersion", "dispersion of one chunk's token states", f"N = {N}, d = {d}",
                "closed form via the mean resultant (numpy)", t_o,
                "released step3 formula: cosine matrix, mean of its strict upper triangle", t_a,
                target="faster, |ΔD| ≤ 1e-10", met=bool(t_o < t_a and err <= 1e-10),
                note=f"|ΔD| = {err:.1e}", extra={"abs_diff": err})]


@benchmark("dispersion", "batched_training_ceiling")
def batched_training_ceiling(quick: bool = False):
    """What training the six runs (3 seeds × 2 λ) as one batched model could save at most: one
    training step on 6 × 16 windows (the arithmetic of a 6-member batched step, without its
    per-member parameters) against 6 steps on 16 windows, same model and sizes as the full
    experiment, one torch thread, interleaved. The step is arithmetic-bound (d = 48, 1,024
    tokens a step), so the ceiling is far below 3× and the runs stay one at a time."""
    import torch
    from torch.nn import functional as F

    from benchmarks._interleaved_b import interleaved
    from numerics.dispersion.experiments import setup
    from numerics.dispersion.model import LMConfig, build_model, dispersion_torch

    old = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        s = setup(False)
        cfg = LMConfig(d=s.d, layers=2, heads=4, ctx=s.ctx, batch=s.batch, warmup=s.warmup)
        K = 2 * len(s.seeds)
        model = build_model(cfg, 0)
        opt = torch.optim.AdamW(model.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay)
        gen = torch.Generator().manual_seed(0)
        windows = torch.randint(0, 256, (K * cfg.batch, cfg.ctx + 1), generator=gen)

        def step(xy):
            logits, hs = model(xy[:, :-1])
            loss = F.cross_entropy(logits.reshape(-1, 256), xy[:, 1:].reshape(-1))
            loss = loss - 0.1 * dispersion_torch(hs[-1].reshape(-1, hs[-1].shape[-1]))
            opt.zero_grad(set_to_none=True)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            opt.step()

        t = interleaved({"one": lambda: step(windows),
                         "lone": lambda: [step(w) for w in windows.split(cfg.batch)]},
                        2 if quick else 5, cpu=True)
        return [Row("dispersion", "training step of the 6 runs: batching ceiling",
                    f"d = {s.d}, 2 layers, context {s.ctx}, {K} × {cfg.batch} windows",
                    f"one step on {K * cfg.batch} windows (≤ a {K}-member batched step)",
                    t["one"], f"{K} steps on {cfg.batch} windows (one run at a time)",
                    t["lone"], target="≥ 3× would justify batching",
                    met=t["lone"] / t["one"] >= 3,
                    note="1 thread, interleaved, CPU time; arithmetic-bound: not batched")]
    finally:
        torch.set_num_threads(old)
