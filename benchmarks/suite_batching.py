"""How far batching can go: for each of the heaviest experiments of ``reproduce --profile``, the
members trained one at a time against the same members as one batched model (where the topic has
one), with the arithmetic that bounds the ratio measured in the same run.

Batching K members shares the per-step overhead (Python, dispatch, optimizer bookkeeping) but
not the arithmetic: the batched model multiplies the same matrices, K at a time. Two measured
ceilings follow, each from one profiled pass over the lone runs (1 thread):

- *at these kernels*: with a share f of a member's lone run in the matrix-product and
  convolution kernels (their self time), K members batched still run K times those kernels. If
  the kernels keep their speed and everything else costs what it costs in one lone run, the
  batched run takes K f + 1 − f lone runs: ceiling = K / (K f + 1 − f), below 1 / f for any K.
- *at this CPU's peak*: the kernels' FLOPs (the formulas of ``torch.utils.flop_counter``,
  2·m·n·k per product, backward included) at the fastest rate measured on this machine in the
  same run (a large fp32 matrix product through MKL, convolutions through oneDNN); ceiling =
  lone time × peak / FLOPs. A batched run cannot beat it unless a kernel outruns every probe.

The first ceiling assumes the kernels keep their speed when K matrices are multiplied at once
(a batched product of tiny matrices can run faster per FLOP); the second assumes no kernel runs
faster than the probes. A measured batched ratio above the second would refute its premise, and
the note says so. ``met`` is the pre-registered target (≥ 3×); rows of experiments without a
batched version have no ratio, only their ceilings.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from benchmarks._timing import Row, benchmark

#: Self-time leaves of the matrix-product and convolution kernels on the CPU.
KERNELS = frozenset({
    "aten::mm", "aten::addmm", "aten::bmm", "aten::baddbmm", "aten::mkldnn_convolution",
    "aten::convolution_backward", "aten::_scaled_dot_product_flash_attention_for_cpu",
    "aten::_scaled_dot_product_flash_attention_for_cpu_backward", "aten::_slow_conv2d_forward",
    "aten::_slow_conv2d_backward",
})


@dataclass
class Work:
    experiment: str
    size: str
    members: int
    lone: Callable[[], object]
    batched: Callable[[], object] | None = None


def peak_gflops(repeat: int = 20) -> float:
    """The fastest fp32 rate (GFLOP/s, CPU time, current thread count) of a few large kernels,
    each the fastest of ``repeat`` calls: oneDNN's 3×3 convolution reaches twice MKL's matrix
    product on an AVX-512 CPU, at some shapes only (64 → 64 channels at 16 × 16 here)."""
    import torch

    n, c, hw, b = 1024, 512, 32, 256
    a, w = torch.randn(n, n), torch.randn(n, n)
    x1, w1 = torch.randn(1, c, hw, hw), torch.randn(c, c, 1, 1)
    x3, w3 = torch.randn(b, 64, 16, 16), torch.randn(64, 64, 3, 3)
    probes = [(lambda: a @ w, 2 * n ** 3),
              (lambda: torch.conv2d(x1, w1), 2 * c * c * hw * hw),
              (lambda: torch.conv2d(x3, w3, padding=1), 2 * b * 64 * 64 * 9 * 16 * 16)]
    best = 0.0
    for fn, flops in probes:
        for _ in range(repeat):
            t0 = time.process_time()
            fn()
            best = max(best, flops / max(time.process_time() - t0, 1e-9) / 1e9)
    return best


def count_flops(fn: Callable[[], object]) -> float:
    """FLOPs of one call by the formulas of ``torch.utils.flop_counter.flop_registry``.

    ``FlopCounterMode`` itself cannot be used: its module tracker hooks autograd and fails on
    ``torch.autograd.grad`` (the compression critic's gradient penalty). Like it, an op without
    a formula is decomposed where torch can, so ``linear`` counts as its ``addmm``.
    """
    import torch
    from torch.utils._python_dispatch import TorchDispatchMode
    from torch.utils.flop_counter import flop_registry

    class Counter(TorchDispatchMode):
        total = 0

        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            kwargs = kwargs or {}
            packet = func._overloadpacket
            if packet not in flop_registry and func is not torch.ops.prim.device.default:
                with self:
                    r = func.decompose(*args, **kwargs)
                if r is not NotImplemented:
                    return r
            out = func(*args, **kwargs)
            if packet in flop_registry:
                Counter.total += flop_registry[packet](*args, **kwargs, out_val=out)
            return out

    with Counter():
        fn()
    return float(Counter.total)


def kernel_profile(fn: Callable[[], object]) -> tuple[float, float]:
    """(FLOPs by :func:`count_flops`, self seconds in :data:`KERNELS`) of one call."""
    from torch.profiler import ProfilerActivity, profile

    flops = count_flops(fn)
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        fn()
    kernel_us = sum(e.self_cpu_time_total for e in prof.key_averages() if e.key in KERNELS)
    return flops, kernel_us / 1e6


def ceilings(lone_s: float, kernel_s: float, flops: float, peak_gflops: float,
             members: int) -> tuple[float, float]:
    """(at these kernels, at the peak) for ``members`` lone runs taking ``lone_s`` in all, of
    which ``kernel_s`` in kernels doing ``flops`` (the module docstring derives both)."""
    f = min(kernel_s / lone_s, 1.0)
    at_peak = lone_s * peak_gflops * 1e9 / flops if flops > 0 else float("inf")
    return members / (members * f + 1 - f), at_peak


def cpu_seconds(fn: Callable[[], object]) -> float:
    t0 = time.process_time()
    fn()
    return time.process_time() - t0


def _hauwm(quick: bool) -> Work:
    from benchmarks.hauwm import calibration_training

    steps = 10 if quick else 50
    return Work("hauwm calibration_run", f"8 seeds × 5 members, {steps} of 1500 steps, nll",
                40, *calibration_training("nll", steps))


def _pcg(quick: bool) -> Work:
    import torch

    from numerics.pcg.data import pools, sample_sequences
    from numerics.pcg.experiments import LENGTH, K, setup
    from numerics.pcg.model import GPTConfig, TinyGPT, train

    s, b, steps = setup(False), 5, 5 if quick else 30
    p = pools(K, 64, 64, 16, 16, seed=0)

    def lone():
        for seed in s.seeds:
            torch.manual_seed(seed)
            model = TinyGPT(GPTConfig(vocab=1 << b, ctx=LENGTH, d=s.d, layers=2, heads=4))
            train(model, lambda rng: sample_sequences(rng, p.train_a, p.train_c, s.batch,
                                                      LENGTH, "tlcg", K, b=b),
                  steps, lr=s.lr, warmup=s.warmup, seed=seed)

    return Work("pcg icl_run", f"{len(s.seeds)} seeds, b = {b}, d = {s.d}, batch {s.batch}, "
                f"{steps} of {s.steps} steps", len(s.seeds), lone)


def _compression(quick: bool) -> Work:
    from numerics.compression.experiments import digits_runs
    from numerics.data import load_digits

    data = load_digits()
    cells = [(lam_c, 16, s) for lam_c in (0.001, 0.05) for s in (0, 1)]
    return Work("compression _digits_experiment", "2 λ_c × 2 seeds, latent_dim 16, 1 epoch",
                len(cells), lambda: digits_runs(data, cells, 1, "cpu", batched=False),
                lambda: digits_runs(data, cells, 1, "cpu"))


def _fairness(quick: bool) -> Work:
    from numerics.fairness.batched import run_members
    from numerics.fairness.experiments import LAMBDAS, SEEDS, TRAIN, run_one

    epochs = max(1, TRAIN["compas"]["epochs"] // (12 if quick else 4))
    cells = [(lam, s) for s in SEEDS for lam in LAMBDAS["dp"]]
    return Work("fairness sweep_group", f"compas, dp: {len(SEEDS)} seeds × "
                f"{len(LAMBDAS['dp'])} λ, {epochs} epochs", len(cells),
                lambda: [run_one("compas", "dp", lam, s, epochs=epochs) for lam, s in cells],
                lambda: run_members("compas", "dp", [c[0] for c in cells],
                                    [c[1] for c in cells], epochs=epochs))


def _jumbo(quick: bool) -> Work:
    from numerics.jumbo.experiments import train_digits

    epochs = 2 if quick else 3  # OneCycleLR needs more than one epoch's 10 steps
    return Work("jumbo train_digits", f"Jumbo D = 8, 3 seeds, {epochs} of 40 epochs", 3,
                lambda: [train_digits.uncached("jumbo", 8, s, epochs) for s in range(3)])


def _multisets(quick: bool) -> Work:
    from benchmarks.multisets_training import fig3_clouds
    from numerics.multisets import experiments as E

    cfg = E.config(quick)
    clouds, epochs = fig3_clouds(cfg), 1 if quick else 3

    def run(batched):
        E._train_many("mean", clouds, 10, cfg, seeds=list(range(len(clouds))), device="cpu",
                      epochs=epochs, restarts=cfg["restarts"], batched=batched)

    return Work("multisets _shift_experiment", f"Fig. 3, mean pool: {len(clouds)} bins × "
                f"{cfg['restarts']} restarts, {epochs} epochs", len(clouds) * cfg["restarts"],
                lambda: run(False), lambda: run(True))


#: The six experiments of largest self time in ``reports/PROFILE.md`` (cold full reproduce of
#: 2026-12-02), heaviest first.
HEAVIEST = (_hauwm, _pcg, _compression, _fairness, _jumbo, _multisets)


@benchmark("suite", "batching_ceiling")
def batching_ceiling(quick: bool = False) -> list[Row]:
    from iclr26_verify.run.cluster import single_thread

    rows = []
    with single_thread():
        peak = peak_gflops()
        for make in HEAVIEST:
            w = make(quick)
            # its FLOP-counting pass is the lone runs' warm-up (imports, data, first calls)
            flops, kernel_s = kernel_profile(w.lone)
            t_lone = cpu_seconds(w.lone)
            t_b = None
            if w.batched is not None:
                w.batched()
                t_b = cpu_seconds(w.batched)
            at_kernels, at_peak = ceilings(t_lone, kernel_s, flops, peak, w.members)
            ratio = None if t_b is None else t_lone / t_b
            note = (f"1 thread, CPU time, one run each; lone: {100 * kernel_s / t_lone:.0f}% of "
                    f"the time in matrix-product/convolution kernels at "
                    f"{flops / max(kernel_s, 1e-9) / 1e9:.0f} GFLOP/s; ceilings: "
                    f"{at_kernels:.1f}× at these kernels (K = {w.members}), {at_peak:.1f}× at "
                    f"this CPU's fastest measured rate ({peak:.0f} GFLOP/s)")
            if ratio is not None and ratio > at_peak:
                note += "; the measured ratio exceeds the peak ceiling: the bound's premise fails"
            elif ratio is not None and ratio > at_kernels:
                note += ("; the measured ratio exceeds the ceiling at these kernels: batched, "
                         "they ran faster per FLOP")
            rows.append(Row("suite", f"batching ceiling: {w.experiment}", w.size,
                            f"batched: {w.members} members in one model" if w.batched
                            else "not batched", t_b, f"{w.members} members one at a time",
                            t_lone, target="≥ 3×",
                            met=None if ratio is None else bool(ratio >= 3), note=note,
                            extra={"members": w.members, "flops": flops, "kernel_s": kernel_s,
                                   "peak_gflops": peak, "ceiling_at_kernels": at_kernels,
                                   "ceiling_at_peak": at_peak}))
    return rows
