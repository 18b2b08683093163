"""CUPID (Xu & Fan, arXiv 2603.10745, ICLR 2026): a plug-in module for joint aleatoric and
epistemic uncertainty on a frozen network; the loss optima, the first-order epistemic score and
its mean-value bound, and the detection metrics, as numpy/scipy closed forms.

The equations follow arXiv 2603.10745v1 (read in full through a public flattened PDF-text
extraction; formulas rebuilt from it) and the authors' released code (``a-Fomalhaut-a/CUPID``);
each claim names its source, and ``our reading`` where the statement is ours.
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
