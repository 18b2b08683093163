"""Empirical claims of the Jumbo topic: the closed forms against models built in torch, the
FLOP counter, the shared FFN as tied copies, and the light digits experiment.

The model claims build every released configuration on the ``meta`` device (shapes only, no
arithmetic), so they are exact and cheap and run in quick mode too. The digits claims' thresholds
were fixed in this file before the full experiment was run (``experiments.py`` documents the
recipe); quick mode trains one seed at D = 8 for 3 epochs and cannot decide them.
"""

from __future__ import annotations

from theory.claims import Judge, Preregistered, Unavailable, claim
from theory.jumbo import (
    configs,
    flops_jumbo,
    flops_vit_registers,
    params_jumbo,
    params_vit_registers,
)
from theory.jumbo._reference import expand_keys, weight_tensors

_CODE = "code v3 (0dbacfd) / v1 (eb4470d), models/jumbo.py; our counts"
_LIGHT = ("Hypothesis 1; ImageNet-1K comparison with ViT+Registers (table number not seen), "
          "digits analogue at equal FLOPs (ours)")


@claim("jumbo.model.params_match", kind="empirical", where=_CODE, evidence=("independent",),
       statement="sum(p.numel()) of the torch Jumbo (v3 at the 5 released configurations, v1 "
       "at pico–small) and ViT + CLS + 16 registers models equals the closed forms exactly, and "
       "the v3 state dict has exactly the released keys and shapes.",
       source=("code", ("antofuller/jumbo@0dbacfd97b079c1de86b22f4121c416ffed2cb37:models/jumbo.py:L9-L19 "
                "and L42-L61 (the released v3 layout: state-dict keys and shapes); the closed forms "
                "are ours")),
       setting=("analogue", ("our torch re-implementation of the released layout, built on the meta "
                    "device; the authors' module itself is not imported")))
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
       "CLS + 16 registers at the 5 released configurations (quick mode: pico and nano only), and "
       "of Jumbo v1 at pico.",
       source=("code", ("antofuller/jumbo@0dbacfd97b079c1de86b22f4121c416ffed2cb37:models/jumbo.py:L21-L39, "
                "L98-L116 (the forward pass); FLOPs counted by torch's FlopCounterMode "
                "with matmul attention")),
       setting=("analogue", "our torch re-implementation with explicit matmul attention"))
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
       where="measure_speed.py / models/vision_transformer.py:L40 (SDPA); tooling",
       evidence=("witness",),
       statement="With F.scaled_dot_product_attention on CPU (as the released code), "
       "FlopCounterMode reports F_jumbo − 4LT²D for nano: it silently drops the QKᵀ and AV "
       "products (1.0879 G instead of 1.3386 G), while the outputs agree with matmul "
       "attention.",
       source=("ours", ("a finding of ours about torch.utils.flop_counter on CPU with "
                "scaled_dot_product_attention (the released code's attention path); not "
                "a statement of the paper")),
       setting=("analogue", "our re-implementation at nano width, CPU only"))
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


@claim("jumbo.model.tying", kind="empirical", where="Method: shared Jumbo FFN (section number not seen)",
       evidence=("independent",),
       statement="A v3 Jumbo ViT equals the model whose L layers each call their own copy of the "
       "shared Jumbo FFN (same loss), and the shared FFN's gradient is the sum of the L copies' "
       "gradients (float64).",
       source=("code", ("antofuller/jumbo@0dbacfd97b079c1de86b22f4121c416ffed2cb37:models/jumbo.py:L30 "
                "(each block calls the one shared_jumbo_mlp)")),
       setting=("analogue", "a small float64 model (D = 8, L = 3, J = 4) of our re-implementation"))
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


_SRC_LIGHT = ("secondary", ("Hypothesis 1 and the equal-FLOP comparison as summarised by the "
              "papernotes.org note on the ICLR 2026 paper and the abstract of arXiv 2502.15021 "
              "(v3); the printed wording was not seen. The thresholds (0, 0.01, −0.02) and the "
              "digits stand-in are ours."))
_SET_LIGHT = ("analogue", ("sklearn digits (8 × 8, 2 × 2 patches, N = 16), L = 2, D ∈ {8, 16}, "
              "J = 4, 40 epochs, 3 seeds, no distillation: the paper trains on ImageNet-1K at "
              "pico–base widths with DeiT-III teachers"))
_T_NARROW = Preregistered(
    statistic="per seed: paired accuracy gain of Jumbo over registers at the same width; arms "
    "'gain(8) − gain(16)' and 'gain(8)'", alternative="greater", seeds=3, effect=0.03,
    effect_source="ours: smallest effect of interest, 3 accuracy points (the paper's nano gain "
    "is +13 points on ImageNet, not comparable in scale)", alpha=0.05, threshold=0.0)
_T_REG = Preregistered(
    statistic="paired accuracy gain over seeds, Jumbo − registers at matched FLOPs, per Jumbo "
    "width (arms D = 8 and D = 16)", alternative="greater", seeds=3, effect=0.01,
    effect_source="ours: smallest effect of interest, one accuracy point", alpha=0.05,
    threshold=0.0)
_T_PAR = Preregistered(
    statistic="paired accuracy gain over seeds, Jumbo − registers at matched FLOPs, per Jumbo "
    "width (arms D = 8 and D = 16); non-inferiority at −0.02", alternative="greater", seeds=3,
    effect=0.02, effect_source="ours: the non-inferiority margin, two accuracy points",
    alpha=0.05, threshold=-0.02)
_T_PLAIN = Preregistered(
    statistic="paired accuracy gain over seeds, Jumbo − plain ViT at matched FLOPs, per Jumbo "
    "width (arms D = 8 and D = 16)",
    alternative="greater", seeds=3, effect=0.01,
    effect_source="ours: smallest effect of interest, one accuracy point", alpha=0.05,
    threshold=0.0)


def _contrary(j, arms, test) -> list[str]:
    from iclr26_verify.registry import stats

    wrong = stats.contrary_arms(arms, test)
    j.fact("no arm significantly against the statement"
           + (f" (against: {', '.join(wrong)})" if wrong else ""), not wrong)
    return wrong


def _fmt(t) -> str:
    return (f"{t.name}: {t.estimate:+.3f} [{t.interval[0]:+.3f}, {t.interval[1]:+.3f}], "
            f"p = {t.p_value:.3g}, power {t.power:.2f}, mde {t.mde:.3f} ({t.decision})")


# wavered between full runs: verified (gain(8) − gain(16) = 0.207 [0.022, 0.391]), then
# undecided (0.108 [−0.168, 0.384]); the test has power 0.05 at its effect, so it cannot decide
@claim("jumbo.light.gain_at_narrow_width", kind="empirical", where=_LIGHT,
       evidence=("observation",), expected="undecided",
       statement="Hypothesis 1 at toy scale (the paper: gains grow as the patch width shrinks): "
       "on digits the paired accuracy gain of Jumbo over registers at the same width is larger "
       "at D = 8 than at D = 16, and positive at D = 8 (one-sided paired t-tests over 3 seeds, "
       "α = 0.05 split over the two arms).", source=_SRC_LIGHT, setting=_SET_LIGHT,
       test=_T_NARROW)
def _gain_narrow(quick: bool = False):
    from iclr26_verify.registry import stats

    rows = _rows(quick)
    g8 = _paired(rows, "jumbo", 8, "registers", 8, "same width")
    g16 = _paired(rows, "jumbo", 16, "registers", 16, "same width")
    arms = {"gain(8) − gain(16)": g8 - g16, "gain(8)": g8}
    j = Judge()
    tests = stats.per_arm(arms, _T_NARROW)
    for t in tests:
        j.test(t)
    _contrary(j, arms, _T_NARROW)
    return j.evidence(note="; ".join(_fmt(t) for t in tests) + f" (gain(16) mean "
                      f"{g16.mean():+.3f}). Jumbo has 5.3× the parameters at D = 8 (not "
                      "iso-parameter).")


@claim("jumbo.light.beats_registers_at_equal_flops", expected="undecided", kind="empirical",
       where=_LIGHT,
       evidence=("observation",),
       statement="At matched FLOPs Jumbo beats ViT + registers on digits: the paired accuracy "
       "gain is positive at both Jumbo widths (D = 8 vs registers D = 10; D = 16 vs D = 20; "
       "one-sided paired t-tests over 3 seeds, α = 0.05 split over the two widths).",
       source=_SRC_LIGHT, setting=_SET_LIGHT, test=_T_REG)
def _beats_isoflop(quick: bool = False):
    from iclr26_verify.registry import stats
    from numerics.jumbo.experiments import iso_flop_width

    rows = _rows(quick)
    j = Judge()
    arms = {f"Jumbo-{D} − registers-{iso_flop_width('registers', D)}":
            _paired(rows, "jumbo", D, "registers", iso_flop_width("registers", D))
            for D in (8, 16)}
    tests = stats.per_arm(arms, _T_REG)
    for t in tests:
        j.test(t)
    _contrary(j, arms, _T_REG)
    return j.evidence(note="; ".join(_fmt(t) for t in tests) + ". The narrow registers "
                      "baselines vary widely from seed to seed at this training budget.")


@claim("jumbo.light.on_par_at_equal_flops", kind="empirical", where=_LIGHT,
       expected="undecided", evidence=("observation",), prediction=True,
       statement="Our prediction: at matched FLOPs Jumbo loses at most 0.02 accuracy against "
       "ViT + registers on digits at both widths (non-inferiority, one-sided paired t-tests over "
       "3 seeds, α = 0.05 split over the widths), while Jumbo has 3.6–3.8× the parameters.",
       source=("ours", ("a non-inferiority margin of 0.02 that we fixed, not a statement of the "
               "paper")), setting=_SET_LIGHT, test=_T_PAR)
def _on_par(quick: bool = False):
    from iclr26_verify.registry import stats
    from numerics.jumbo.experiments import arch_cost, iso_flop_width

    rows = _rows(quick)
    j = Judge()
    arms, ratios = {}, []
    for D in (8, 16):
        w = iso_flop_width("registers", D)
        arms[f"Jumbo-{D} − registers-{w}"] = _paired(rows, "jumbo", D, "registers", w)
        ratios.append(f"D = {D}: parameter ratio "
                      f"{arch_cost('jumbo', D)[0] / arch_cost('registers', w)[0]:.2f}")
    tests = stats.per_arm(arms, _T_PAR)
    for t in tests:
        j.test(t)
    return j.evidence(note="; ".join(_fmt(t) for t in tests) + "; " + "; ".join(ratios) + ".")


@claim("jumbo.light.beats_plain_at_equal_flops", expected="undecided", kind="empirical",
       where=_LIGHT,
       evidence=("observation",),
       statement="At matched FLOPs Jumbo beats the plain ViT (CLS only) on digits: the paired "
       "accuracy gain is positive at both Jumbo widths (D = 8 vs plain D = 11; D = 16 vs its "
       "matched width; one-sided paired t-tests over 3 seeds, α = 0.05 split over the widths).",
       source=_SRC_LIGHT, setting=_SET_LIGHT, test=_T_PLAIN)
def _beats_plain(quick: bool = False):
    from iclr26_verify.registry import stats
    from numerics.jumbo.experiments import iso_flop_width

    rows = _rows(quick)
    arms = {f"Jumbo-{D} − plain-{iso_flop_width('plain', D)}":
            _paired(rows, "jumbo", D, "plain", iso_flop_width("plain", D)) for D in (8, 16)}
    j = Judge()
    tests = stats.per_arm(arms, _T_PLAIN)
    for t in tests:
        j.test(t)
    _contrary(j, arms, _T_PLAIN)
    return j.evidence(note="; ".join(_fmt(t) for t in tests) + ".")
