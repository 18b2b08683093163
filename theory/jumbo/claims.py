"""Registered claims of the Jumbo paper: parameter and FLOP accounting.

Each closed form of :mod:`theory.jumbo._counts` is compared with (i) the tensor-by-tensor or
matmul-by-matmul enumeration of :mod:`theory.jumbo._reference`, expanded symbolically with sympy
(a proof for all D, L, J, N, C, p, c) and numerically at every released configuration, and (ii)
the counts of an earlier pilot of ours (measured there on a built torch
model and on the authors' code). The paper's own tables were not readable here: where a claim
quotes the paper, it rests on third-party notes and says so (``our reading``). The comparison
with a model *we* build in torch lives in :mod:`numerics.jumbo.claims` (empirical kind).
"""

from __future__ import annotations

import sympy as sp

from theory.claims import Judge, Unavailable, claim
from theory.jumbo._counts import (
    attention_flops,
    configs,
    ffn_flop_ratio,
    flops_jumbo,
    flops_vit_registers,
    jumbo_ffn_params,
    jumbo_ffn_share,
    num_patches,
    params_jumbo,
    params_vit_registers,
)
from theory.jumbo._reference import count_flops, count_weights, matmuls, weight_tensors

_SPEC = "our counts"
_D, _L, _J, _C, _N, _P, _c, _R, _H = sp.symbols("D L J C N p c R H", positive=True,
                                                 integer=True)

# Our pilot's tables, measured on a built torch model and on the authors' code (v3).
_PILOT_PARAMS = {  # size: (Jumbo v3, shared FFN, ViT+CLS+R16, Jumbo v1)
    "pico": (4_779_496, 2_657_088, 1_535_848, 33_921_544),
    "nano": (8_141_800, 4_722_432, 2_637_288, 59_973_992),
    "tiny": (17_520_616, 10_622_592, 5_724_904, 134_197_288),
    "small": (66_890_728, 42_478_848, 22_065_640, 533_814_376),
    "base": (131_407_336, 42_478_848, 86_597_608, 597_955_048),
}
_PILOT_SHARE = {"pico": 0.556, "nano": 0.580, "tiny": 0.606, "small": 0.635, "base": 0.323}
_PILOT_GFLOPS = {"pico": (0.8075, 0.8035, 0.7533, 0.079), "nano": (1.3386, 1.3226, 1.2426, 0.085),
                "tiny": (2.7935, 2.7377, 2.5788, 0.091), "small": (10.3008, 9.9982, 9.4469, 0.099)}


def _sym_zero(expr) -> bool:
    return sp.expand(expr) == 0


def _args(cf):
    return cf["D"], cf["L"], cf["J"], cf["C"], cf["N"]


@claim("jumbo.params.closed_form", where="Method: Jumbo token (section number not seen); code v3 (0dbacfd) models/jumbo.py; "
       + _SPEC,
       evidence=("proof", "independent"),
       statement="The v3 Jumbo ViT has (cp²+1)D + ND + D + JD + L(12D² + 13D + 2JD) + "
       "(8J²D² + 5JD) + 2D + ((J+1)D + 1)C parameters (the D of the unused cls_token included); "
       "at pico/nano/tiny/small/base this is 4,779,496 / 8,141,800 / 17,520,616 / 66,890,728 / "
       "131,407,336.",
       source=("code", ("antofuller/jumbo@0dbacfd97b079c1de86b22f4121c416ffed2cb37:models/jumbo.py:L9-L19 "
                "(JumboBlock norms; ls1/ls2 deleted) and L42-L61 (jumbo_token L51, head on "
                "(J+1)D inputs L52, norm L53, one shared jumbo_mlp L56-L61; head on [x_J; "
                "patch mean] at L109-L112) with the timm layout of models/vision_transformer.py; the "
                "closed form is our count of it")),
       setting="exact")
def _params_closed_form():
    j = Judge()
    sym = params_jumbo.__wrapped__(_D, _L, _J, _C, _N, _P, _c)
    ref = count_weights(weight_tensors("jumbo_v3", _D, _L, _C, _N, _P, _c, J=_J))
    j.fact("sympy: closed form − Σ tensor sizes ≡ 0", _sym_zero(sym - ref))
    cfs = configs()
    cf_vals = [params_jumbo(*_args(cf)) for cf in cfs.values()]
    enum = [count_weights(weight_tensors("jumbo_v3", cf["D"], cf["L"], cf["C"], cf["N"], J=cf["J"]))
            for cf in cfs.values()]
    j.close("closed form vs tensor enumeration (5 configs)", cf_vals, enum)
    j.close("closed form vs pilot table (5 configs)", cf_vals, [_PILOT_PARAMS[k][0] for k in cfs])
    return j.evidence(note="sympy expansion over symbolic D, L, J, C, N, p, c of the tensor list "
                      "read from the authors' modules (patch conv, pos_embed, cls_token, "
                      "jumbo_token, 12 blocks with norm1/qkv/proj/norm2/fc1/fc2/norm3, one "
                      "jumbo_mlp, norm, head) equals the closed form; exact at the 5 released "
                      "configurations and equal to the pilot's torch counts. The built torch "
                      "model is compared in jumbo.model.params_match (numerics).")


@claim("jumbo.params.v1_closed_form", where="code v1 (eb4470d) models/jumbo.py; arXiv v1",
       evidence=("proof", "independent"),
       statement="The v1 Jumbo ViT (a Jumbo FFN and LayerScale per layer, LN over J·D before a "
       "head on x_J) has (cp²+1)D + (N+J)D + L(12D² + 15D + 8J²D² + 8JD) + 2JD + (JD+1)C "
       "parameters: 33,921,544 at pico (7.1× the v3 count).",
       source=("code", ("antofuller/jumbo@eb4470d62f8040a786b86150bad0dc77589d19f8:"
                "models/jumbo.py:L8-L22 (per-layer norm3, jumbo_mlp JD→4JD→JD, ls3) and "
                "L43-L54 (cls_token of shape J×D, head and norm on J·D); J = 6, "
                "jumbo_mlp_ratio = 4 at eval_i1k_script.py:L16; Block (norm1, qkv, proj, "
                "ls1, norm2, mlp, ls2) at models/vision_transformer.py:L61-L88, patch "
                "embedding and pos_embed at L135-L140; the closed form is our count")),
       setting="exact")
def _params_v1():
    j = Judge()
    sym = params_jumbo.__wrapped__(_D, _L, _J, _C, _N, _P, _c, variant="v1")
    ref = count_weights(weight_tensors("jumbo_v1", _D, _L, _C, _N, _P, _c, J=_J))
    j.fact("sympy: v1 closed form − Σ tensor sizes ≡ 0", _sym_zero(sym - ref))
    cfs = configs()
    vals = [params_jumbo(*_args(cf), variant="v1") for cf in cfs.values()]
    enum = [count_weights(weight_tensors("jumbo_v1", cf["D"], cf["L"], cf["C"], cf["N"], J=cf["J"]))
            for cf in cfs.values()]
    j.close("v1 closed form vs enumeration (5 configs)", vals, enum)
    j.close("v1 closed form vs pilot table", vals, [_PILOT_PARAMS[k][3] for k in cfs])
    pico = cfs["pico"]
    ratio = params_jumbo(*_args(pico), variant="v1") / params_jumbo(*_args(pico))
    # the pilot prints 7.1 (one decimal): half a unit of the last digit is 0.05
    j.close("v1/v3 at pico vs the pilot's 7.1×", ratio, 7.1, atol=0.05)
    return j.evidence(note=f"v1/v3 parameter ratio at pico = {ratio:.3f}. v1 builds the last "
                      "layer's patch FFN and never calls it (layer_idx == 11 returns early), so "
                      "its weights are counted.")


@claim("jumbo.params.registers_closed_form", where="ViT+Registers baseline (our reading); " + _SPEC,
       evidence=("proof", "independent"),
       statement="A ViT with CLS + R registers and LayerScale (the authors' VisionTransformer, "
       "positional embedding on patches only) has (cp²+1)D + (N+1+R)D + L(12D² + 15D) + 2D + "
       "(D+1)C parameters: 1,535,848 / 2,637,288 / 5,724,904 / 22,065,640 / 86,597,608 at R = 16.",
       source=("ours", ("the ViT + CLS + R registers baseline is our reconstruction (the "
                "authors' VisionTransformer with LayerScale and R register tokens "
                "without positional embedding); the released code has no registers model "
                "and the paper's baseline table was not seen")),
       setting=("analogue", "our reconstruction of the registers baseline, not the authors' model"))
def _params_registers():
    j = Judge()
    sym = params_vit_registers.__wrapped__(_D, _L, _R, _C, _N, _P, _c)
    ref = count_weights(weight_tensors("registers", _D, _L, _C, _N, _P, _c, R=_R))
    j.fact("sympy: closed form − Σ tensor sizes ≡ 0", _sym_zero(sym - ref))
    cfs = configs()
    vals = [params_vit_registers(cf["D"], cf["L"], 16, cf["C"], cf["N"]) for cf in cfs.values()]
    enum = [count_weights(weight_tensors("registers", cf["D"], cf["L"], cf["C"], cf["N"], R=16))
            for cf in cfs.values()]
    j.close("closed form vs enumeration (R = 16)", vals, enum)
    j.close("closed form vs pilot table (R = 16)", vals, [_PILOT_PARAMS[k][2] for k in cfs])
    return j.evidence(note="the registers model is not in the released code: the baseline is "
                      "our reading (authors' VisionTransformer with LayerScale, R register "
                      "tokens without positional embedding, head on CLS).")


@claim("jumbo.params.ffn_share", where="Method: shared Jumbo FFN; cf. Sec. 4.7 (per OpenReview Reviewer 3); "
       + _SPEC, evidence=("independent",),
       expected="extension",
       statement="The shared Jumbo FFN (8J²D² + 5JD weights) is 55.6 / 58.0 / 60.6 / 63.5 % of "
       "the v3 parameters at pico–small (J = 6), so more than half of the model, and 32.3 % at "
       "base (J = 3).",
       source=("code", ("antofuller/jumbo@0dbacfd97b079c1de86b22f4121c416ffed2cb37:models/jumbo.py:L56-L61 "
                "(jumbo_mlp JD→4JD→JD, shared); the share is our computation")),
       setting="exact")
def _ffn_share():
    j = Judge()
    cfs = configs()
    shares, ffn_enum = [], []
    for cf in cfs.values():
        ffn = jumbo_ffn_params(cf["D"], cf["J"])
        tensors = weight_tensors("jumbo_v3", cf["D"], cf["L"], cf["C"], cf["N"], J=cf["J"])
        ffn_enum.append(count_weights([t for t in tensors if t.key.startswith("jumbo_mlp.")]))
        shares.append(ffn / params_jumbo(*_args(cf)))
    j.close("8J²D² + 5JD vs enumerated jumbo_mlp tensors",
            [jumbo_ffn_params(cf["D"], cf["J"]) for cf in cfs.values()], ffn_enum)
    j.close("shared-FFN weights vs pilot table", ffn_enum, [_PILOT_PARAMS[k][1] for k in cfs])
    # printed to 0.1 %: half a unit of the last digit
    j.close("share vs the pilot's printed shares", shares, [_PILOT_SHARE[k] for k in cfs],
            atol=5e-4)
    j.fact("more than half at J = 6", all(s > 0.5 for s, cf in zip(shares, cfs.values(),
                                                                   strict=True) if cf["J"] == 6))
    return j.evidence(note="shares " + ", ".join(f"{k} {100 * s:.1f} %"
                                                 for k, s in zip(cfs, shares, strict=True)))


@claim("jumbo.params.untie_delta", where="Method: shared Jumbo FFN; ablation 'shared vs unshared' (table number not seen)",
       evidence=("proof", "independent"),
       statement="Sharing the Jumbo FFN across the L layers is exact L-fold tying: untying it "
       "adds (L − 1)(8J²D² + 5JD) parameters (29.2 M at pico, 6.1× the tied count: these two "
       "figures are reported in the papernotes.org note, not compared).",
       source=("code", ("antofuller/jumbo@0dbacfd97b079c1de86b22f4121c416ffed2cb37:models/jumbo.py:L30 "
                "(every block calls the one shared_jumbo_mlp) and L56-L61; the ablation "
                "it relates to is known from the papernotes.org summary only")),
       setting="exact")
def _untie_delta():
    j = Judge()
    tied = count_weights(weight_tensors("jumbo_v3", _D, _L, _C, _N, _P, _c, J=_J))
    untied = count_weights(weight_tensors("jumbo_v3", _D, _L, _C, _N, _P, _c, J=_J, untied=True))
    j.fact("sympy: untied − tied ≡ (L−1)(8J²D² + 5JD)",
           _sym_zero(untied - tied - (_L - 1) * jumbo_ffn_params.__wrapped__(_D, _J)))
    cfs = configs()
    delta = [(cf["L"] - 1) * jumbo_ffn_params(cf["D"], cf["J"]) for cf in cfs.values()]
    enum = [count_weights(weight_tensors("jumbo_v3", cf["D"], cf["L"], cf["C"], cf["N"], J=cf["J"],
                                         untied=True))
            - count_weights(weight_tensors("jumbo_v3", cf["D"], cf["L"], cf["C"], cf["N"],
                                           J=cf["J"]))
            for cf in cfs.values()]
    j.close("(L−1)(8J²D² + 5JD) vs enumerated difference (5 configs)", delta, enum)
    return j.evidence(note=f"untying adds {delta[0]:,} weights at pico. The torch check that "
                      "the shared FFN's gradient is the sum of L untied copies' gradients is "
                      "jumbo.model.tying (numerics).")


@claim("jumbo.params.vs_registers", where=_SPEC + " (derived; released sizes); cf. Sec. 4.7 (per OpenReview Reviewer 3)",
       evidence=("independent",), expected="extension",
       statement="At equal width, a v3 Jumbo ViT (J = 6) has 3.03–3.11× the parameters of the "
       "ViT + CLS + 16 registers baseline (pico–small): Jumbo is not an iso-parameter "
       "comparison.",
       source=("ours", ("our comparison with our reconstruction of the ViT + CLS + 16 registers "
                "baseline (not in the released code)")),
       setting=("analogue", "the registers baseline is our reconstruction"))
def _vs_registers():
    j = Judge()
    cfs = {k: v for k, v in configs().items() if v["J"] == 6}
    ratios, enum = [], []
    for cf in cfs.values():
        ratios.append(params_jumbo(*_args(cf))
                      / params_vit_registers(cf["D"], cf["L"], 16, cf["C"], cf["N"]))
        enum.append(count_weights(weight_tensors("jumbo_v3", cf["D"], cf["L"], cf["C"], cf["N"],
                                                 J=6))
                    / count_weights(weight_tensors("registers", cf["D"], cf["L"], cf["C"],
                                                   cf["N"], R=16)))
    spec = [_PILOT_PARAMS[k][0] / _PILOT_PARAMS[k][2] for k in cfs]
    j.close("ratio: closed forms vs enumerations", ratios, enum, rtol=1e-15)
    j.close("ratio: closed forms vs pilot tables", ratios, spec, rtol=1e-15)
    j.fact("all ratios in [3.0, 3.2]", all(3.0 <= r <= 3.2 for r in ratios))
    return j.evidence(note="ratios " + ", ".join(f"{k} {r:.3f}"
                                                 for k, r in zip(cfs, ratios, strict=True))
                      + "; the pilot's '≈ 3.1×' holds at pico–nano, 3.03 at small.")


@claim("jumbo.flops.closed_form", where="Method: Jumbo token; Fig. 3; " + _SPEC,
       evidence=("proof", "independent"),
       statement="Forward FLOPs per image: Jumbo v3 2Ncp²D + L[8TD² + 4T²D + 16ND² + 16J²D²] + "
       "2(J+1)DC (T = N + J); ViT + CLS + R registers 2Ncp²D + L[8T'D² + 4T'²D + 16T'D²] + 2DC "
       "(T' = N + R + 1): 0.8075 / 1.3386 / 2.7935 / 10.3008 G (Jumbo) and 0.8035 / 1.3226 / "
       "2.7377 / 9.9982 G (R = 16) at pico–small, 224 px.",
       source=("code", ("antofuller/jumbo@0dbacfd97b079c1de86b22f4121c416ffed2cb37:models/jumbo.py:L21-L39 "
                "and L98-L116 (the forward pass); FLOPs = 2 × multiply-accumulates of "
                "every matmul is our convention")),
       setting="exact")
def _flops_closed_form():
    j = Judge()
    for model, fn, extra in (("jumbo_v3", flops_jumbo, {"J": _J}),
                             ("jumbo_v1", None, {"J": _J}),
                             ("registers", flops_vit_registers, {"R": _R})):
        ref = count_flops(matmuls(model, _D, _L, _C, _N, _P, _c, H=_H, **extra))
        if model == "registers":
            sym = fn.__wrapped__(_D, _L, _R, _C, _N, _P, _c)
        else:
            sym = flops_jumbo.__wrapped__(_D, _L, _J, _C, _N, _P, _c,
                                          variant="v3" if model == "jumbo_v3" else "v1")
        j.fact(f"sympy: {model} closed form − Σ 2mkn ≡ 0 (any H)", _sym_zero(sym - ref))
    cfs = configs()
    fj = [flops_jumbo(*_args(cf)) for cf in cfs.values()]
    ej = [count_flops(matmuls("jumbo_v3", cf["D"], cf["L"], cf["C"], cf["N"], J=cf["J"],
                              H=cf["H"])) for cf in cfs.values()]
    fr = [flops_vit_registers(cf["D"], cf["L"], 16, cf["C"], cf["N"]) for cf in cfs.values()]
    er = [count_flops(matmuls("registers", cf["D"], cf["L"], cf["C"], cf["N"], R=16, H=cf["H"]))
          for cf in cfs.values()]
    j.close("Jumbo: closed form vs matmul enumeration (5 configs)", fj, ej)
    j.close("ViT+R16: closed form vs matmul enumeration (5 configs)", fr, er)
    small = [k for k in cfs if k in _PILOT_GFLOPS]
    # printed to 4 decimals in G: half a unit of the last digit
    j.close("Jumbo GFLOPs vs pilot table", [flops_jumbo(*_args(cfs[k])) / 1e9 for k in small],
            [_PILOT_GFLOPS[k][0] for k in small], atol=5e-5)
    j.close("ViT+R16 GFLOPs vs pilot table",
            [flops_vit_registers(cfs[k]["D"], 12, 16, 1000, 196) / 1e9 for k in small],
            [_PILOT_GFLOPS[k][1] for k in small], atol=5e-5)
    j.close("ViT with J global tokens (CLS + J−1 registers) GFLOPs vs pilot table",
            [flops_vit_registers(cfs[k]["D"], 12, cfs[k]["J"] - 1, 1000, 196) / 1e9
             for k in small], [_PILOT_GFLOPS[k][2] for k in small], atol=5e-5)
    return j.evidence(note="sympy expansion of Σ 2·m·k·n over every matmul (patch conv as a "
                      "matmul, QKV, per-head QKᵀ and AV, projection, FFNs, head) equals each "
                      "closed form for symbolic D, L, J/R, C, N, p, c, H (v1 too: "
                      "L[8TD² + 4T²D + 16J²D²] + (L−1)16ND² + 2JDC). The count from a built "
                      "torch model under FlopCounterMode is jumbo.model.flops_match (numerics).")


@claim("jumbo.flops.ffn_ratio", where="Method: Jumbo token ('a single token'), Fig. 3 (our derivation)",
       evidence=("proof", "independent"), expected="extension",
       statement="Per layer, the Jumbo FFN costs J²/N of the patch FFN's FLOPs (as much as J² "
       "patch tokens, J times the FFN cost of J registers): 36/196 = 0.184 at J = 6, 224 px.",
       source=("code", ("antofuller/jumbo@0dbacfd97b079c1de86b22f4121c416ffed2cb37:models/jumbo.py:L30-L34 "
                "(the Jumbo FFN on one JD-wide token, the patch FFN on N tokens); the "
                "ratio is our derivation")),
       setting="exact")
def _ffn_ratio():
    j = Judge()
    mm = matmuls("jumbo_v3", _D, _L, _C, _N, _P, _c, J=_J, H=_H)
    jf = count_flops(mm, {"jumbo_fc1", "jumbo_fc2"})
    pf = count_flops(mm, {"fc1", "fc2"})
    j.fact("sympy: Jumbo FFN / patch FFN ≡ J²/N", sp.simplify(jf / pf - _J**2 / _N) == 0)
    reg = count_flops(matmuls("registers", _D, 1, _C, _N, _P, _c, R=_J - 1, H=_H),
                      {"fc1", "fc2"}) - count_flops(matmuls("registers", _D, 1, _C, _N, _P, _c,
                                                            R=0, H=_H), {"fc1", "fc2"})
    j.fact("sympy: Jumbo FFN per layer ≡ J × FFN of J registers",
           sp.simplify(jf / _L - _J * (reg + 16 * _D**2)) == 0)
    grid = [(J, n) for J in (1, 2, 3, 6, 10) for n in (16, 64, 196, 784)]
    closed = [ffn_flop_ratio(J, n) for J, n in grid]
    enum = []
    for J, n in grid:
        m = matmuls("jumbo_v3", 96, 12, 1000, n, J=J, H=3)
        enum.append(count_flops(m, {"jumbo_fc1", "jumbo_fc2"}) / count_flops(m, {"fc1", "fc2"}))
    j.close("J²/N vs enumerated FFN FLOPs (20 (J, N) pairs)", closed, enum, rtol=1e-15)
    return j.evidence(note="at pico–small (J = 6, N = 196) the ratio is 36/196 = 0.1837.")


@claim("jumbo.flops.minimal_cost", where="abstract (arXiv 2502.15021v1: the one Jumbo token's "
       "cost is minimal; v3: its FFN processes a single token, for speed)",
       evidence=("proof", "independent"),
       statement="The charitable reading of the abstract: because it runs on a single token, the "
       "Jumbo FFN costs less per layer than the patch FFN (J²/N < 1) for every released "
       "configuration at the 128-px training and 224-px evaluation resolutions, and Jumbo's total "
       "forward FLOPs stay within 10 % (our margin) of the ViT + CLS + 16 registers baseline "
       "there.",
       source=("abstract", ("arXiv 2502.15021v1 and v3 abstracts (no number printed there; the "
               "paper's body was not seen)")),
       setting="exact")
def _minimal_cost():
    j = Judge()
    ratios, enum, rel = [], [], []
    for cf in configs().values():
        for img in (128, 224):
            n = num_patches(img)
            m = matmuls("jumbo_v3", cf["D"], cf["L"], cf["C"], n, J=cf["J"], H=cf["H"])
            ratios.append(ffn_flop_ratio(cf["J"], n))
            enum.append(count_flops(m, {"jumbo_fc1", "jumbo_fc2"}) / count_flops(m, {"fc1", "fc2"}))
            rel.append(flops_jumbo(cf["D"], cf["L"], cf["J"], cf["C"], n)
                       / flops_vit_registers(cf["D"], cf["L"], 16, cf["C"], n))
    j.close("J²/N vs enumerated Jumbo-FFN / patch-FFN FLOPs (5 configs × 2 resolutions)",
            ratios, enum, rtol=1e-14)
    j.le("Jumbo-FFN / patch-FFN FLOPs < 1", max(ratios), 1.0)
    j.le("Jumbo / ViT+R16 total FLOPs ≤ 1.10", max(rel), 1.10)
    return j.evidence(note=f"J²/N ranges {min(ratios):.3f}–{max(ratios):.3f} (largest at 128 px, "
                      f"J = 6: 36/64); Jumbo / ViT+R16 FLOPs {min(rel):.3f}–{max(rel):.3f}. The "
                      "10 % margin on the total is ours; the abstract says only 'minimal' and "
                      "'for speed'.")


@claim("jumbo.flops.negligible", where="abstract (the Jumbo FFN's cost is minimal); our "
       "quantifier and threshold",
       expected="reading_fails", corrected_by=("jumbo.flops.share_by_resolution",),
       evidence=("witness", "independent"), statement="A reading of ours, not the paper's "
       "statement: 'minimal' read as 'the Jumbo FFN is at most 10 % of the forward FLOPs (our "
       "threshold) for the released configurations at every resolution the paper runs them "
       "(128-px training and 224-px evaluation, our quantifier)'. The charitable reading is "
       "jumbo.flops.minimal_cost.",
       source=("ours", ("the 10 % threshold and the quantifier 'at the 128-px training and "
                "224-px evaluation resolutions' are ours. The paper's wording was not "
                "seen: the abstract of arXiv 2502.15021v1 says the cost of the one Jumbo "
                "token is minimal, v3's abstract that its FFN processes a single token "
                "for speed; neither prints a number")),
       setting="exact")
def _negligible():
    j = Judge()
    seen = {}
    for name in ("nano", "small"):
        cf = configs()[name]
        for img in (128, 224):
            n = num_patches(img)
            m = matmuls("jumbo_v3", cf["D"], cf["L"], cf["C"], n, J=cf["J"], H=cf["H"])
            share = count_flops(m, {"jumbo_fc1", "jumbo_fc2"}) / count_flops(m)
            seen[(name, img)] = share
            j.le(f"{name} at {img} px: Jumbo-FFN share (enumerated) ≤ 0.10", share, 0.10)
    return j.evidence(note="witness: at 128 px (N = 64, the ImageNet training resolution) "
                      f"nano spends {seen[('nano', 128)]:.1%} of its FLOPs in the Jumbo FFN, "
                      f"small {seen[('small', 128)]:.1%}; at 224 px {seen[('nano', 224)]:.1%} "
                      f"and {seen[('small', 224)]:.1%}. 'Negligible' depends on the resolution.")


@claim("jumbo.flops.share_by_resolution", where="Method: Jumbo token; " + _SPEC, expected="corrected",
       evidence=("proof", "independent"),
       statement="The Jumbo FFN's FLOP share is 16LJ²D²/F_jumbo, which falls with resolution: "
       "for nano 24.1 % at 128 px, 8.5 % at 224 px, 1.4 % at 448 px, and the Jumbo / ViT+R16 "
       "FLOP ratio is 1.078, 1.012, 0.992 there.",
       source=("ours", ("our computation of the Jumbo FFN's FLOP share from the released forward "
                "pass "
                "(antofuller/jumbo@0dbacfd97b079c1de86b22f4121c416ffed2cb37:models/jumbo.py:L21-L39)")),
       setting="exact")
def _share_by_resolution():
    j = Judge()
    cf = configs()["nano"]
    D, L, J, C, H = cf["D"], cf["L"], cf["J"], cf["C"], cf["H"]
    shares, enum, ratio, ratio_enum = [], [], [], []
    for img in (128, 224, 448):
        n = num_patches(img)
        shares.append(jumbo_ffn_share(D, L, J, C, n))
        m = matmuls("jumbo_v3", D, L, C, n, J=J, H=H)
        enum.append(count_flops(m, {"jumbo_fc1", "jumbo_fc2"}) / count_flops(m))
        ratio.append(flops_jumbo(D, L, J, C, n) / flops_vit_registers(D, L, 16, C, n))
        ratio_enum.append(count_flops(m) / count_flops(matmuls("registers", D, L, C, n, R=16,
                                                               H=H)))
    j.close("share: closed form vs enumeration (128/224/448 px)", shares, enum, rtol=1e-14)
    j.close("share vs pilot's 24.1/8.5/1.4 %", shares, [0.241, 0.085, 0.014], atol=5e-4)
    j.close("Jumbo/ViT+R16: closed forms vs enumerations", ratio, ratio_enum, rtol=1e-14)
    j.close("Jumbo/ViT+R16 vs pilot's 1.078/1.012/0.992", ratio, [1.078, 1.012, 0.992], atol=5e-4)
    sym = 16 * _L * _J**2 * _D**2 / flops_jumbo.__wrapped__(_D, _L, _J, _C, _N, _P, _c)
    j.fact("sympy: share → 0 as N → ∞", sp.limit(sym, _N, sp.oo) == 0)
    return j.evidence(note="shares " + ", ".join(f"{100 * s:.2f} %" for s in shares)
                      + "; ratios " + ", ".join(f"{r:.4f}" for r in ratio) + ".")


@claim("jumbo.attn.same_tokens", where="Abstract claim 3 ('attention-only, plain'); " + _SPEC,
       evidence=("proof", "witness", "independent"),
       statement="The attention sublayers of a Jumbo ViT cost L(8TD² + 4T²D) with T = N + J, "
       "exactly what a ViT with J global tokens (CLS + J − 1 registers) costs, and less than "
       "CLS + 16 registers whenever J ≤ 16 (T = 202 vs 213 at 224 px).",
       source=("code", ("antofuller/jumbo@0dbacfd97b079c1de86b22f4121c416ffed2cb37:models/jumbo.py:L26 "
                "(one attention over the J + N tokens of width D) and L102 (the J "
                "sub-tokens prepended); the cost comparison is our derivation")),
       setting="exact")
def _same_tokens():
    j = Judge()
    names = {"qkv", "q@k^T", "attn@v", "proj"}
    a_j = count_flops(matmuls("jumbo_v3", _D, _L, _C, _N, _P, _c, J=_J, H=_H), names)
    a_r = count_flops(matmuls("registers", _D, _L, _C, _N, _P, _c, R=_J - 1, H=_H), names)
    j.fact("sympy: attention(Jumbo, J) ≡ attention(ViT, CLS + J−1 registers)",
           _sym_zero(a_j - a_r))
    j.fact("sympy: attention(Jumbo) ≡ L(8TD² + 4T²D)",
           _sym_zero(a_j - attention_flops.__wrapped__(_D, _L, _N + _J)))
    cfs = configs()
    jum = [attention_flops(cf["D"], cf["L"], cf["N"] + cf["J"]) for cf in cfs.values()]
    reg = [count_flops(matmuls("registers", cf["D"], cf["L"], cf["C"], cf["N"], R=16, H=cf["H"]),
                       names) for cf in cfs.values()]
    for (k, cf), a, r in zip(cfs.items(), jum, reg, strict=True):
        j.le(f"{k}: attention(Jumbo J = {cf['J']}) ≤ attention(CLS + R16)", a, r)
    # the bound binds at J = 17 (T = N + 17 = N + 16 + 1): equality, and J = 18 exceeds it
    cf = cfs["nano"]
    at17 = attention_flops(cf["D"], cf["L"], cf["N"] + 17)
    j.close("witness J = 17: attention(Jumbo) = attention(CLS + R16)", at17,
            count_flops(matmuls("registers", cf["D"], cf["L"], cf["C"], cf["N"], R=16,
                                H=cf["H"]), names))
    j.fact("J = 18 exceeds CLS + R16", attention_flops(cf["D"], cf["L"], cf["N"] + 18) > at17)
    return j.evidence(note="the inequality vs CLS + 16 registers is strict for J ≤ 16 and "
                      "binds at J = 17 (equal token counts); the saving at J = 6 is "
                      f"{1 - jum[1] / reg[1]:.2%} of the attention FLOPs (nano).")


@claim("jumbo.paper.imagenet_gains", where="ImageNet-1K results table (number not seen)", expected="unavailable",
       evidence=("observation",),
       statement="Jumbo beats ViT + registers on ImageNet-1K by +13 (nano), +4 (tiny) and +0.8 "
       "(small) top-1 points (camera-ready numbers from third-party notes).",
       source=("secondary", ("the per-size gains come from the papernotes.org note on the ICLR 2026 "
                     "paper; the abstract of arXiv 2502.15021v3 gives the range 0.1–13 %. The "
                     "paper's table was not seen")),
       setting=("analogue", "not run: needs ImageNet-1K and DeiT-III teachers"))
def _imagenet():
    raise Unavailable("needs ImageNet-1K and distillation from DeiT-III teachers (400 + 20 "
                      "epochs); the light analogue on digits is jumbo.light.* (numerics).")


@claim("jumbo.paper.shared_vs_unshared", where="ablation (IN-21K, ViT-S; table number not seen)",
       expected="unavailable", evidence=("observation",),
       statement="Sharing the Jumbo FFN costs 0.34 points (44.61 vs 44.95 %) and saves 1.5 GB of "
       "training memory (2.6 vs 4.1 GB) on ImageNet-21K.",
       source=("secondary", ("the ablation numbers come from the papernotes.org note on the ICLR 2026 "
                     "paper; the paper's table was not seen")),
       setting=("analogue", "not run: needs ImageNet-21K"))
def _ablation():
    raise Unavailable("needs ImageNet-21K; the parameter side (untying adds (L−1)(8J²D² + "
                      "5JD)) is jumbo.params.untie_delta.")
