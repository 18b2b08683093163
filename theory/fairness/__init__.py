"""The Cauchy–Schwarz divergence and its fairness regularizer (Liu et al., arXiv 2512.09467).

Closed forms (Gaussian, Gaussian mixture), the KDE estimator and its dependence form, the
comparison divergences (KL, Bhattacharyya, MMD²) and the DP bounds; all in nats.
"""

from theory.fairness._bounds import (
    DPBounds,
    dp_bounds_histogram,
    dp_mean_gap_bound,
    dp_threshold_gap_bound,
    l2_gap_from_cs,
    mean_gap_bound_gaussian,
)
from theory.fairness._estimator import cs_divergence_kde, cs_mutual_information, log_gram_mean
from theory.fairness._gaussian import (
    bhattacharyya_gaussian,
    cs_divergence_gaussian,
    kl_gaussian,
    mmd2_gaussian,
)
from theory.fairness._mixture import cs_divergence_gmm

__all__ = [
    "DPBounds", "bhattacharyya_gaussian", "cs_divergence_gaussian", "cs_divergence_gmm",
    "cs_divergence_kde", "cs_mutual_information", "dp_bounds_histogram", "dp_mean_gap_bound",
    "dp_threshold_gap_bound", "kl_gaussian", "l2_gap_from_cs", "log_gram_mean",
    "mean_gap_bound_gaussian", "mmd2_gaussian",
]
