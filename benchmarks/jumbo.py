"""Benchmarks of the Jumbo topic: inference throughput (images/s) of Jumbo against ViT + CLS +
16 registers at (nearly) equal FLOPs, on CPU and on CUDA when present; and our closed-form
counts against building the model and counting (numel + FlopCounterMode)."""

from __future__ import annotations

from benchmarks._timing import Row, benchmark, timeit


def _throughput(device: str, quick: bool) -> list[Row]:
    import torch

    from numerics.jumbo.models import Jumbo, ViTRegisters
    from theory.jumbo import configs, flops_jumbo, flops_vit_registers

    cf = configs()["pico" if quick else "nano"]
    img = 112 if quick else 224
    batch = (4 if quick else 16) if device == "cpu" else 256
    D, H, J, C, L = cf["D"], cf["H"], cf["J"], cf["C"], cf["L"]
    n = (img // 16) ** 2
    torch.manual_seed(0)
    # SDPA as the released code does (fast path); FLOPs from the closed forms
    jm = Jumbo(D, L, H, J, C, img=img, explicit_attention=False, device=device).eval()
    rg = ViTRegisters(D, L, H, 16, C, img=img, explicit_attention=False, device=device).eval()
    x = torch.randn(batch, 3, img, img, device=device)

    def run(m):
        def go():
            with torch.inference_mode():
                m(x)
            if device == "cuda":
                torch.cuda.synchronize()
        return go

    rep = 3 if quick else 5
    t_j, t_r = timeit(run(jm), repeat=rep), timeit(run(rg), repeat=rep)
    fj, fr = flops_jumbo(D, L, J, C, n), flops_vit_registers(D, L, 16, C, n)
    name = "pico" if quick else "nano"
    return [Row("jumbo", f"inference throughput, {device}", f"{name}, {img} px, batch {batch}",
                f"Jumbo v3 ({fj / 1e9:.3f} GFLOPs)", t_j,
                f"ViT + CLS + 16 registers ({fr / 1e9:.3f} GFLOPs)", t_r,
                note=f"{batch / t_j:,.0f} vs {batch / t_r:,.0f} images/s; FLOP ratio "
                f"{fj / fr:.3f}; torch threads {torch.get_num_threads()}",
                extra={"images_per_s_jumbo": batch / t_j, "images_per_s_registers": batch / t_r,
                       "flop_ratio": fj / fr, "device": device})]


@benchmark("jumbo", "throughput_equal_flops")
def throughput_equal_flops(quick: bool = False):
    import torch

    rows = _throughput("cpu", quick)
    if torch.cuda.is_available():
        rows += _throughput("cuda", quick)
    return rows


@benchmark("jumbo", "closed_form_vs_build_and_count")
def closed_form_vs_build(quick: bool = False):
    from numerics.jumbo.models import Jumbo, count_flops, count_params
    from theory.jumbo import configs, flops_jumbo, params_jumbo

    names = ["pico"] if quick else ["pico", "nano", "small", "base"]
    rows = []
    for name in names:
        cf = configs()[name]
        D, H, J, C, N, L = cf["D"], cf["H"], cf["J"], cf["C"], cf["N"], cf["L"]
        holder = {}

        def closed(holder=holder, D=D, L=L, J=J, C=C, N=N):
            holder["closed"] = (params_jumbo(D, L, J, C, N), flops_jumbo(D, L, J, C, N))

        def built(holder=holder, D=D, L=L, H=H, J=J, C=C):
            m = Jumbo(D, L, H, J, C, device="meta")
            holder["built"] = (count_params(m), count_flops(m))

        t_c = timeit(closed, repeat=20)
        t_b = timeit(built, repeat=1 if not quick else 2, warmup=0)
        same = holder["closed"] == holder["built"]
        rows.append(Row("jumbo", "parameter + FLOP count of Jumbo v3", f"{name}, 224 px",
                        "closed forms (theory.jumbo)", t_c,
                        "build on meta device + numel + FlopCounterMode", t_b,
                        target="identical counts", met=same,
                        note=f"{holder['closed'][0]:,} parameters, "
                        f"{holder['closed'][1] / 1e9:.4f} GFLOPs"))
    return rows
