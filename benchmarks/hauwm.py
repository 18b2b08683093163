"""Benchmarks of the hauwm topic: the closed-form conditional variance against what a user would
otherwise do (simulate paths and take the sample variance), time and error; and the batched
ensemble (one bmm over seeds × members) against a loop of separate torch modules."""

from __future__ import annotations

import math

import numpy as np

from benchmarks._timing import Row, benchmark, timeit


@benchmark("hauwm", "closed_form_vs_monte_carlo")
def closed_form_vs_monte_carlo(quick: bool = False):
    from theory.hauwm import _reference as ref
    from theory.hauwm import var_ar1, var_circle

    n = 20_000 if quick else 200_000
    h = np.arange(1, 13)
    rows = []
    t_cf = timeit(lambda: var_ar1(h, 0.8, 1.0), repeat=20)
    t_mc = timeit(lambda: ref.mc_variance_paths(ref.ar1_step(0.8, 1.0), 1.0, 12, n,
                                                np.random.default_rng(0)), repeat=3, warmup=0)
    mc = ref.mc_variance_paths(ref.ar1_step(0.8, 1.0), 1.0, 12, n, np.random.default_rng(0))
    err = float(np.max(np.abs(mc / var_ar1(h, 0.8, 1.0) - 1)))
    rows.append(Row("hauwm", "Var[x_{t+h} | x_t], AR(1), h = 1..12", f"{n} paths",
                    "closed form s2(1 − φ^{2h})/(1 − φ²)", t_cf,
                    f"Monte Carlo, {n} simulated paths", t_mc, target="faster, exact",
                    met=bool(t_cf < t_mc), note=f"MC max relative error {err:.1e}",
                    extra={"mc_rel_err": err}))
    t_cf = timeit(lambda: var_circle(h, math.pi / 2, 0.01), repeat=20)

    def mc_circle():
        rng = np.random.default_rng(1)
        th = np.zeros(n)
        out = []
        for _ in range(12):
            th = th + math.pi / 2 + 0.1 * rng.standard_normal(n)
            out.append(np.var(np.cos(th)))
        return np.array(out)

    t_mc = timeit(mc_circle, repeat=3, warmup=0)
    err = float(np.max(np.abs(mc_circle() / var_circle(h, math.pi / 2, 0.01) - 1)))
    rows.append(Row("hauwm", "Var cos θ_{t+h}, rotating phase, h = 1..12", f"{n} paths",
                    "closed form", t_cf, f"Monte Carlo, {n} paths", t_mc,
                    target="faster, exact", met=bool(t_cf < t_mc),
                    note=f"MC max relative error {err:.1e} (small variances are hard to "
                    "estimate)", extra={"mc_rel_err": err}))
    return rows


@benchmark("hauwm", "batched_ensemble_vs_module_loop")
def batched_ensemble_vs_module_loop(quick: bool = False):
    import torch

    from numerics.hauwm.model import BatchedEnsemble

    torch.set_num_threads(1)
    G, M, B, din = (2, 5, 256, 14) if quick else (8, 5, 256, 14)
    ens = BatchedEnsemble(din, 1, groups=G, members=M, device="cpu")
    mods = [torch.nn.Sequential(torch.nn.Linear(din, 64), torch.nn.Tanh(),
                                torch.nn.Linear(64, 64), torch.nn.Tanh(), torch.nn.Linear(64, 2))
            for _ in range(G * M)]
    x = torch.randn(G, B, din)

    def batched():
        mu, lv = ens(x)
        (mu.sum() + lv.sum()).backward()

    def loop():
        tot = 0.0
        for k, m in enumerate(mods):
            tot = tot + m(x[k // M]).sum()
        tot.backward()

    t_b = timeit(batched, repeat=10)
    t_l = timeit(loop, repeat=10)
    return [Row("hauwm", "ensemble forward + backward", f"{G} seeds × {M} members, batch {B}",
                "one batched MLP (torch.baddbmm)", t_b, f"{G * M} separate nn.Sequential",
                t_l, target="faster", met=bool(t_b < t_l), note="CPU, 1 thread")]


def calibration_training(loss: str, steps: int):
    """(lone, batched) callables of ``calibration_run``'s training on the AR(1) process: the 40
    member networks one after another (``members=1``, one group each), and the 8 seeds × 5
    members as one batched ensemble, same steps and batch."""
    from dataclasses import replace

    from numerics.hauwm.model import TrainConfig, train
    from numerics.hauwm.processes import PROCESSES

    cfg, proc = TrainConfig(steps=steps), PROCESSES["ar1"]
    lone = replace(cfg, members=1)
    return (lambda: [train(proc, loss, lone, [s], device="cpu") for s in range(40)],
            lambda: train(proc, loss, cfg, range(8), device="cpu"))


@benchmark("hauwm", "training_batched_vs_one_at_a_time")
def training_batched_vs_one_at_a_time(quick: bool = False):
    """The training of ``calibration_run`` batched against its member networks one at a time
    (:func:`calibration_training`). The lone runs draw their own data, so this row times the
    arithmetic and the per-step overhead, not an identical computation."""
    import time

    from iclr26_verify.run.cluster import single_thread

    steps = 20 if quick else 100
    rows = []
    for loss in ("nll", "nll+hinge"):
        lone, batched = calibration_training(loss, steps)
        with single_thread():
            t0 = time.process_time()
            batched()
            t_batched = time.process_time() - t0
            t0 = time.process_time()
            lone()
            t_lone = time.process_time() - t0
        rows.append(Row("hauwm", f"calibration training, {loss}",
                        f"8 seeds × 5 members, {steps} of the 1500 steps, batch 256",
                        "one batched ensemble (torch.baddbmm)", t_batched,
                        "40 member networks one at a time", t_lone, target="≥ 3×",
                        met=t_lone >= 3 * t_batched,
                        note="CPU time, 1 thread, one run each; the 64-wide layers at batch "
                             "256 (plus 384 shape rows for the hinge) are arithmetic, so "
                             "batching saves the per-step overhead only"))
    return rows
