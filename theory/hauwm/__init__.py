"""Horizon-calibrated uncertainty for world models (Wan et al., *Learning to Be Uncertain:
Pre-Training World Models with Horizon-Calibrated Uncertainty*, ICLR 2026, OpenReview
pZuZWRuPyi): the ground truth a calibrated predictive variance must match, and what candidate
"variance must grow" loss terms do to it. numpy/scipy only.

Only the paper's abstract and OpenReview metadata are public. The closed forms here are the
standard moments of processes whose Var[x_{t+h} | x_t] is known (:mod:`._variance`), the
per-horizon calibration properties (:mod:`._calibration`), and our candidate loss forms
(:mod:`._losses`), one of which follows a public third-party note of the paper (said where used).
"""

from theory.hauwm._calibration import (
    calibration_ratio,
    coverage,
    coverage_at_ratio,
    hinge_violation_horizon,
    mixture_moments,
    nll_expected,
    nll_minimum,
    nll_optimum,
    standardised_sq_error,
    z_for_level,
)
from theory.hauwm._losses import (
    best_growth_slope,
    hcu_critical_horizon,
    hcu_objective_learned_variance,
    hcu_spread_coefficient,
    loss_disagreement,
    loss_growth_regression,
    loss_hinge,
    loss_nll,
    loss_rank,
)
from theory.hauwm._variance import (
    conditional_mean,
    conditional_variance,
    var_ar1,
    var_circle,
    var_lgssm,
    var_ou,
    var_random_walk,
    var_reset,
)

__all__ = [
    "best_growth_slope", "calibration_ratio", "conditional_mean", "conditional_variance",
    "coverage", "coverage_at_ratio", "hcu_critical_horizon", "hcu_objective_learned_variance",
    "hcu_spread_coefficient", "hinge_violation_horizon", "loss_disagreement",
    "loss_growth_regression", "loss_hinge", "loss_nll", "loss_rank", "mixture_moments",
    "nll_expected", "nll_minimum", "nll_optimum", "standardised_sq_error", "var_ar1",
    "var_circle", "var_lgssm", "var_ou", "var_random_walk", "var_reset", "z_for_level",
]
