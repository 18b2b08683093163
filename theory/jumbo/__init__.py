"""The Jumbo token for plain ViTs (Fuller et al., arXiv 2502.15021, ICLR 2026): closed-form
parameter and FLOP counts of both released code versions and of the registers baseline.

One global token J times wider than the patch tokens: J sub-tokens of width D in attention,
re-joined into one J·D vector for a wide FFN JD → 4JD → JD that (in v3) all layers share.
:mod:`._counts` holds the closed forms, :mod:`._reference` the tensor-by-tensor and
matmul-by-matmul enumerations they are checked against (and the released state-dict keys).
"""

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

__all__ = ["attention_flops", "configs", "ffn_flop_ratio", "flops_jumbo", "flops_vit_registers",
           "jumbo_ffn_params", "jumbo_ffn_share", "num_patches", "params_jumbo",
           "params_vit_registers"]
