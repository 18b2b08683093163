"""Benchmarks of the CUPID topic: one CUPID forward pass (host body, plug-in, frozen head) against
the T-pass MC-dropout a user would pick instead, time per prediction on a batch of digits."""

from __future__ import annotations

from benchmarks._timing import Row, benchmark, timeit


@benchmark("cupid", "cupid_vs_mc_dropout")
def cupid_vs_mc_dropout(quick: bool = False):
    import torch

    from numerics.cupid.experiments import MC_PASSES
    from numerics.cupid.modules import CupidMLP, HostMLP, split_host

    torch.set_num_threads(1)
    device = "cuda" if torch.cuda.is_available() else "cpu"
    n = 256 if quick else 4096
    torch.manual_seed(0)
    host, cup = HostMLP().to(device).eval(), CupidMLP(64, 5).to(device).eval()
    body, head = split_host(host)
    x = torch.rand((n, 64), generator=torch.Generator(device=device).manual_seed(0),
                   device=device)
    g = torch.Generator(device=device).manual_seed(1)

    def sync():
        if device == "cuda":
            torch.cuda.synchronize()

    @torch.no_grad()
    def run_cupid():
        m = body(x)
        mh, s = cup(m)
        p, ph = torch.softmax(head(m), 1), torch.softmax(head(mh), 1)
        (ph - p).abs().mean(1), torch.exp(s).mean(1)
        sync()

    @torch.no_grad()
    def run_mc():
        torch.stack([torch.softmax(host(x, generator=g), 1) for _ in range(MC_PASSES)]).mean(0)
        sync()

    rep = 3 if quick else 10
    t_c, t_m = timeit(run_cupid, repeat=rep), timeit(run_mc, repeat=rep)
    ratio = t_m / t_c
    return [Row("cupid", "AU + EU scores for a batch of digits (64-d input, 5 classes)",
                f"batch {n}, {device}", "CUPID: one host pass + plug-in", t_c / n,
                f"MC-dropout, {MC_PASSES} passes", t_m / n, target="≥ 5× faster per prediction",
                met=bool(ratio >= 5),
                note=f"{ratio:.1f}× (seconds per prediction; excludes CUPID's one-off training)",
                extra={"ratio": ratio, "batch": n})]
