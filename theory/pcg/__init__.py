"""Permuted congruential generators and what a model can learn from them in context (Tao &
Barkeshli, *Learning Pseudorandom Numbers with Transformers: Permuted Congruential Generators,
Curricula, and Interpretability*, arXiv 2510.26792, ICLR 2026; code github.com/TaoT1998/learn-pcg).

The generators bit for bit (the authors' output functions, O'Neill's where they differ,
``pcg32`` and NumPy's ``PCG64``), the periods of bits and outputs, the lag-difference identity,
an exact two-lag in-context predictor of truncated outputs, and the rotation orbits of output
words. Python integers throughout; numpy only. Units: bits, positions (sequence elements).
"""

from theory.pcg._generators import (
    BATCH_MAX_K,
    KINDS,
    MAX_BATCH_CELLS,
    MAX_K,
    MAX_N,
    MULT_64,
    MULT_128,
    VARIANTS,
    full_period,
    generate,
    lcg,
    lcg_batch,
    output,
    pcg32,
    pcg64_xslrr,
    rotr,
    rr,
    rs,
    tlcg,
    valid,
    xshrr,
    xshrs,
    xshrs_shifts,
    xslrr,
)
from theory.pcg._structure import (
    bit_period,
    lag_difference_period,
    lag_rule_accuracy,
    predictor_lags,
    rotation_orbit_labels,
    rotation_orbits,
    sequence_period,
    two_lag_predictor,
    v2,
)

__all__ = [
    "BATCH_MAX_K", "KINDS", "MAX_BATCH_CELLS", "MAX_K", "MAX_N", "MULT_128", "MULT_64", "VARIANTS", "bit_period", "full_period",
    "generate", "lag_difference_period", "lag_rule_accuracy", "lcg", "lcg_batch", "output",
    "pcg32", "pcg64_xslrr", "predictor_lags", "rotation_orbit_labels", "rotation_orbits", "rotr",
    "rr", "rs", "sequence_period", "tlcg", "two_lag_predictor", "v2", "valid", "xshrr", "xshrs",
    "xshrs_shifts", "xslrr",
]
