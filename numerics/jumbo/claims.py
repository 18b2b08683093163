"""Empirical claims of the Jumbo topic: the closed forms against models built in torch, the
FLOP counter, the shared FFN as tied copies, and the light digits experiment.

The model claims build every released configuration on the ``meta`` device (shapes only, no
arithmetic), so they are exact and cheap and run in quick mode too. The digits claims' thresholds
were fixed in this file before the full experiment was run (``experiments.py`` documents the
recipe); quick mode trains one seed at D = 8 for 3 epochs and cannot decide them.
"""

from __future__ import annotations

from theory.claims import Judge, Unavailable, claim
from theory.jumbo import (
    configs,
    flops_jumbo,
    flops_vit_registers,
    params_jumbo,
    params_vit_registers,
)
from theory.jumbo._reference import expand_keys, weight_tensors

_CODE = "code v3 (0dbacfd) / v1 (eb4470d), models/jumbo.py; jumbo.md §3"
_LIGHT = "Sec. 4 (Hypothesis 1; Table 1 at equal FLOPs), digits analogue (ours)"


@claim("jumbo.model.params_match", kind="empirical", where=_CODE, evidence=("independent",),
       statement="sum(p.numel()) of the torch Jumbo (v3 at the 5 released configurations, v1 "
       "at pico–small) and ViT + CLS + 16 registers models equals the closed forms exactly, and "
       "the v3 state dict has exactly the released keys and shapes.",
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _params_match(quick: bool = False):
    import torch

    from numerics.jumbo.models import Jumbo, ViTRegisters, count_params

    j = Judge()
    built, closed, keys_ok = [], [], []
    for name, cf in configs().items():
        D, H, J, C, N = cf["D"], cf["H"], cf["J"], cf["C"], cf["N"]
        m = Jumbo(D, 12, H, J, C, device="meta")
        built.append(count_params(m))
        closed.append(params_jumbo(D, 12, J, C, N))
        sd = {k: tuple(v.shape) for k, v in m.state_dict().items()}
        keys_ok.append(sd == expand_keys(weight_tensors("jumbo_v3", D, 12, C, N, J=J), 12))
        built.append(count_params(ViTRegisters(D, 12, H, 16, C, device="meta")))
        closed.append(params_vit_registers(D, 12, 16, C, N))
        if name in configs("v1"):
            built.append(count_params(Jumbo(D, 12, H, J, C, variant="v1", device="meta")))
            closed.append(params_jumbo(D, 12, J, C, N, variant="v1"))
        del m
    j.close("closed forms vs torch numel (14 models)", closed, built)
    j.fact("v3 state-dict keys and shapes = the released layout", all(keys_ok))
    return j.evidence(note=f"torch {torch.__version__}, models built on the meta device; counts "
                      f"from {min(built):,} to {max(built):,} parameters, all exact.")


@claim("jumbo.model.flops_match", kind="empirical", where=_CODE + "; Fig. 3",
       evidence=("independent",),
       statement="torch.utils.flop_counter.FlopCounterMode on one 224-px image of the torch "
       "models (matmul attention) counts exactly the closed-form FLOPs of Jumbo v3 and of ViT + "
       "CLS + 16 registers at the 5 released configurations, and of Jumbo v1 at pico.",
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _flops_match(quick: bool = False):
    from numerics.jumbo.models import Jumbo, ViTRegisters, count_flops

    j = Judge()
    built, closed, names = [], [], []
    for name, cf in configs().items():
        if quick and name not in ("pico", "nano"):
            continue  # quick: two configurations (the count takes ~2 s per model under load)
        D, H, J, C, N = cf["D"], cf["H"], cf["J"], cf["C"], cf["N"]
        names += [f"Jumbo {name}", f"R16 {name}"] + (["Jumbo v1 pico"] if name == "pico" else [])
        built.append(count_flops(Jumbo(D, 12, H, J, C, device="meta")))
        closed.append(flops_jumbo(D, 12, J, C, N))
        built.append(count_flops(ViTRegisters(D, 12, H, 16, C, device="meta")))
        closed.append(flops_vit_registers(D, 12, 16, C, N))
        if name == "pico":
            built.append(count_flops(Jumbo(D, 12, H, J, C, variant="v1", device="meta")))
            closed.append(flops_jumbo(D, 12, J, C, N, variant="v1"))
    j.close(f"closed forms vs FlopCounterMode ({len(built)} models)", closed, built)
    return j.evidence(note="counted on the meta device (dispatch only); GFLOPs "
                      + ", ".join(f"{n} {b / 1e9:.4f}" for n, b in zip(names, built, strict=True))
                      + ".")


@claim("jumbo.flopcounter.sdpa_drops_attention", kind="empirical", expected="extension",
       where="measure_speed.py / models/vision_transformer.py (SDPA); tooling",
       evidence=("witness",),
       statement="With F.scaled_dot_product_attention on CPU (as the released code), "
       "FlopCounterMode reports F_jumbo − 4LT²D for nano: it silently drops the QKᵀ and AV "
       "products (1.0879 G instead of 1.3386 G), while the outputs agree with matmul "
       "attention.",
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _sdpa(quick: bool = False):
    import torch

    from numerics.jumbo.models import Jumbo, count_flops

    cf = configs()["nano"]
    D, H, J, C, L = cf["D"], cf["H"], cf["J"], cf["C"], cf["L"]
    img = 112 if quick else 224  # quick: N = 49 patches (same statement, a quarter of the work)
    N = (img // 16) ** 2
    torch.manual_seed(0)
    m = Jumbo(D, L, H, J, C, img=img, explicit_attention=False, device="cpu")
    got = count_flops(m, img)
    full = flops_jumbo(D, L, J, C, N)
    dropped = 4 * L * (N + J) ** 2 * D
    x = torch.randn(1, 3, img, img)
    with torch.no_grad():
        y_sdpa = m(x)
        for b in m.blocks:
            b.attn.explicit = True
        y_exp = m(x)
    j = Judge()
    j.close("FlopCounterMode with CPU SDPA vs F − 4LT²D", got, full - dropped)
    j.fact("SDPA and matmul attention outputs agree (max |Δ| ≤ 1e-5)",
           float((y_sdpa - y_exp).abs().max()) <= 1e-5)
    return j.evidence(note=f"torch {torch.__version__}, nano at {img} px: counted "
                      f"{got / 1e9:.4f} G vs "
                      f"{full / 1e9:.4f} G; a FLOP table built with the released (SDPA) code on "
                      "CPU undercounts attention. Only the CPU path is claimed.")


@claim("jumbo.model.tying", kind="empirical", where="Sec. 3 (shared FFN)",
       evidence=("independent",),
       statement="A v3 Jumbo ViT equals the model whose L layers each call their own copy of the "
       "shared Jumbo FFN (same loss), and the shared FFN's gradient is the sum of the L copies' "
       "gradients (float64).",
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _tying(quick: bool = False, seed: int = 0):
    import torch

    from numerics.jumbo.models import Jumbo, untie_jumbo_ffn

    torch.manual_seed(seed)
    m = Jumbo(8, 3, 1, 4, 10, img=8, p=2, c=1, device="cpu", dtype=torch.float64)
    for p in m.parameters():  # leave the zero-initialised head: random weights everywhere
        p.data.normal_(0, 0.3)
    u = untie_jumbo_ffn(m)
    gen = torch.Generator().manual_seed(seed)
    x = torch.randn(5, 1, 8, 8, generator=gen, dtype=torch.float64)
    y = torch.randint(0, 10, (5,), generator=gen)
    lt = torch.nn.functional.cross_entropy(m(x), y)
    lu = torch.nn.functional.cross_entropy(u(x), y)
    lt.backward()
    lu.backward()
    g_tied = torch.cat([p.grad.ravel() for p in m.jumbo_mlp.parameters()])
    g_sum = sum(torch.cat([p.grad.ravel() for p in b.jumbo_mlp_untied.parameters()])
                for b in u.blocks)
    j = Judge()
    j.close("loss: tied vs untied copies", lt.item(), lu.item(), rtol=1e-13)
    j.close("shared grad vs Σ per-layer copies' grads", g_tied.numpy(), g_sum.numpy(),
            rtol=1e-9, atol=1e-13)
    return j.evidence(note=f"D = 8, L = 3, J = 4, float64; max |Δgrad| = "
                      f"{float((g_tied - g_sum).abs().max()):.1e}.")


# ------------------------------------------------------------------ the digits experiment
def _rows(quick: bool):
    from numerics.jumbo.experiments import run_all

    rows = run_all(quick)
    if quick:
        raise Unavailable("quick mode trains one seed at D = 8 for 3 epochs: too small to decide "
                          "(the full run: 3 seeds, D ∈ {8, 16}, 40 epochs).")
    return rows


def _paired(rows, fam_a, D_a, fam_b, D_b, role_b=None):
    from numerics.jumbo.experiments import accuracies

    return accuracies(rows, fam_a, D_a, "same width") - accuracies(rows, fam_b, D_b, role_b)


@claim("jumbo.light.gain_at_narrow_width", kind="empirical", where=_LIGHT,
       evidence=("observation",),
       statement="Hypothesis 1 at toy scale: on digits the accuracy gain of Jumbo over "
       "registers at the same width is larger at D = 8 than at D = 16 by at least 0.03, and the "
       "95 % interval of the D = 8 gain over seeds lies above 0.",
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _gain_narrow(quick: bool = False):
    from numerics.jumbo.experiments import t_interval

    rows = _rows(quick)
    g8 = _paired(rows, "jumbo", 8, "registers", 8, "same width")
    g16 = _paired(rows, "jumbo", 16, "registers", 16, "same width")
    m8, lo8, hi8 = t_interval(g8)
    m16, lo16, hi16 = t_interval(g16)
    j = Judge()
    j.ge("gain(D=8) − gain(D=16) ≥ 0.03", m8 - m16, 0.03)
    j.ge("lower 95 % bound of gain(D=8) > 0", lo8, 0.0, scale=0.01)
    return j.evidence(note=f"paired over {len(g8)} seeds: gain(8) = {m8:+.3f} "
                      f"[{lo8:+.3f}, {hi8:+.3f}], gain(16) = {m16:+.3f} [{lo16:+.3f}, "
                      f"{hi16:+.3f}]. Observation at toy scale; Jumbo has 5.3× the parameters at "
                      "D = 8 (not iso-parameter).")


@claim("jumbo.light.beats_registers_at_equal_flops", kind="empirical", where=_LIGHT,
       evidence=("observation",),
       statement="At matched FLOPs Jumbo beats ViT + registers on digits: mean paired accuracy "
       "gain ≥ 0.01 at both Jumbo widths (D = 8 vs registers D = 10; D = 16 vs D = 20).",
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _beats_isoflop(quick: bool = False):
    from numerics.jumbo.experiments import iso_flop_width, t_interval

    rows = _rows(quick)
    j = Judge()
    parts = []
    for D in (8, 16):
        w = iso_flop_width("registers", D)
        g = _paired(rows, "jumbo", D, "registers", w)
        m, lo, hi = t_interval(g)
        j.ge(f"Jumbo-{D} − registers-{w} ≥ 0.01", m, 0.01)
        parts.append(f"Jumbo-{D} − registers-{w}: {m:+.3f} [{lo:+.3f}, {hi:+.3f}]"
                     + (" (interval includes 0: not significant)" if lo <= 0 else ""))
    return j.evidence(note="; ".join(parts) + " (paired over seeds, 95 % t-intervals). The "
                      "threshold fixed in advance is on the mean; the narrow registers "
                      "baselines vary widely from seed to seed at this training budget.")


@claim("jumbo.light.on_par_at_equal_flops", kind="empirical", where=_LIGHT,
       expected="extension", evidence=("observation",),
       statement="At matched FLOPs Jumbo loses nothing against ViT + registers on digits: the "
       "upper 95 % bound of the paired gain is ≥ −0.02 at both widths, while Jumbo has 3.6–3.8× "
       "the parameters (threshold fixed before the run; the claim was registered as the "
       "correction of an expected refutation that the full run did not produce).",
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _on_par(quick: bool = False):
    from numerics.jumbo.experiments import arch_cost, iso_flop_width, t_interval

    rows = _rows(quick)
    j = Judge()
    parts = []
    for D in (8, 16):
        w = iso_flop_width("registers", D)
        m, lo, hi = t_interval(_paired(rows, "jumbo", D, "registers", w))
        j.ge(f"upper 95 % bound of Jumbo-{D} − registers-{w} ≥ −0.02", hi, -0.02)
        pr = arch_cost("jumbo", D)[0] / arch_cost("registers", w)[0]
        parts.append(f"D = {D}: {m:+.3f} [{lo:+.3f}, {hi:+.3f}], parameter ratio {pr:.2f}")
    return j.evidence(note="; ".join(parts) + ".")


@claim("jumbo.light.beats_plain_at_equal_flops", kind="empirical", where=_LIGHT,
       evidence=("observation",),
       statement="At matched FLOPs Jumbo beats the plain ViT (CLS only) on digits: mean paired "
       "accuracy gain ≥ 0.01 at D = 8 (plain at D = 11).",
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _beats_plain(quick: bool = False):
    from numerics.jumbo.experiments import iso_flop_width, t_interval

    rows = _rows(quick)
    w = iso_flop_width("plain", 8)
    m, lo, hi = t_interval(_paired(rows, "jumbo", 8, "plain", w))
    j = Judge()
    j.ge(f"Jumbo-8 − plain-{w} ≥ 0.01", m, 0.01)
    return j.evidence(note=f"paired gain {m:+.3f} [{lo:+.3f}, {hi:+.3f}] over seeds.")

