"""CUPID (Xu & Fan, arXiv 2603.10745, ICLR 2026): a plug-in module for joint aleatoric and
epistemic uncertainty on a frozen network; the loss optima, the first-order epistemic score and
its mean-value bound, and the detection metrics, as numpy/scipy closed forms.

The paper body was not readable here: the equations follow the authors' released code
(``a-Fomalhaut-a/CUPID``, read) and third-party notes of the paper (papernotes.org, EN and ZH); where a
claim rests on those notes only it says ``our reading``.
"""

from theory.cupid._jacobian import (
    first_order_eu,
    mean_value_bound,
    nonneg_null_direction,
    operator_norm,
    softmax_jacobian,
)
from theory.cupid._losses import (
    CODE_SIGNATURE_DEFAULTS,
    CODE_WEIGHTS,
    au_loss,
    au_optimum,
    au_score,
    eu_loss,
    eu_score,
    softmax,
)
from theory.cupid._metrics import aurc, auroc

__all__ = [
    "CODE_SIGNATURE_DEFAULTS", "CODE_WEIGHTS", "au_loss", "au_optimum", "au_score", "aurc",
    "auroc", "eu_loss", "eu_score", "first_order_eu", "mean_value_bound",
    "nonneg_null_direction", "operator_norm", "softmax", "softmax_jacobian",
]
