"""Hierarchical group DRO (Jo, Kim & Chae, arXiv 2510.02818): the W∞ inner problem, its closed
forms for linear heads, and the outer group game; losses in nats.

Public API: :func:`robust_logistic`, :func:`group_radii`, :func:`winf_local_sup`,
:func:`winf_dro_value_lp`, :func:`w1_dro_value_lp`, :func:`hierarchical_value`,
:func:`group_robust_losses`, :func:`hierarchical_optimum`, :func:`hierarchical_saddle`,
:func:`best_response`, :func:`best_response_value`, :func:`groupdro_optimum`, :func:`erm_optimum`, :func:`eg_update`,
:func:`eg_gd_game`, :func:`omd_gap_bound`, :func:`collapse_threshold`,
:func:`relu_surrogate_witness`, :func:`fgsm_vs_vertex`.
"""

from theory.hgdro._game import (
    GameRun,
    best_response,
    best_response_value,
    collapse_threshold,
    eg_gd_game,
    eg_update,
    erm_optimum,
    group_robust_losses,
    groupdro_optimum,
    hierarchical_optimum,
    hierarchical_saddle,
    hierarchical_value,
    omd_gap_bound,
)
from theory.hgdro._inner import (
    fgsm_vs_vertex,
    group_radii,
    relu_surrogate_witness,
    robust_logistic,
    softmax_ce,
    softplus,
)
from theory.hgdro._winf import w1_dro_value_lp, winf_dro_value_lp, winf_local_sup

__all__ = [
    "GameRun", "best_response", "best_response_value", "collapse_threshold", "eg_gd_game", "eg_update",
    "erm_optimum", "fgsm_vs_vertex", "group_radii", "group_robust_losses", "groupdro_optimum",
    "hierarchical_optimum", "hierarchical_saddle", "hierarchical_value", "omd_gap_bound",
    "relu_surrogate_witness", "robust_logistic", "softmax_ce", "softplus", "w1_dro_value_lp",
    "winf_dro_value_lp", "winf_local_sup",
]
