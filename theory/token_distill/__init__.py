"""Token Distillation (Dobler, Elliott & de Melo, arXiv 2505.20133, ICLR 2026): the merge and
alignment rules, the hidden-state objective and its KL variant, the heuristic initialisations
(FVT, AdaptiVocab, random) and an exact linear toy with a closed-form optimum and a positive
floor. numpy only.

The paper's printed text (equations, tables) was not seen here: the rules follow the authors'
released code (``konstantinjdobler/token-distillation`` at ``ac9ef2c``), cited line by line in
:mod:`theory.token_distill._core`; the toy is ours.
"""

from theory.token_distill._core import (
    Merge,
    adaptive_init,
    adaptive_weights,
    ce_auto_weighted,
    fvt_init,
    kl_batchmean,
    merge_tokens,
    mse_on_hiddens,
    random_init,
)
from theory.token_distill._toy import (
    ToyProblem,
    toy_distill_problem,
    toy_hidden,
    toy_loss_by_forward,
)

__all__ = [
    "Merge", "ToyProblem", "adaptive_init", "adaptive_weights", "ce_auto_weighted", "fvt_init",
    "kl_batchmean", "merge_tokens", "mse_on_hiddens", "random_init", "toy_distill_problem",
    "toy_hidden", "toy_loss_by_forward",
]
