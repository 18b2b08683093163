"""Explainable K-means Neural Networks for multi-view clustering (ICLR 2026, OpenReview
ljM1HTSH9c): the layer objectives, **our reconstruction** from a public summary (the papernotes.org note).

No paper body or code is public. The summary gives three layers per view — linear clustering
with p centres (optionally on a self-representation Θ), kernel k-means of the centres, and a
consensus partition H shared by the views — and an iterative solver. Everything here
(solver, bandwidth, weights, initialisation) is ours; the claims say "in our reconstruction".
Objectives are squared distances (input units for f_L, kernel units for f_N, f_M).

Public API: :func:`gauss_kernel`, :func:`bandwidth`, :func:`kkm_objective`,
:func:`normalized_partition`, :func:`spectral_lower_bound`, :func:`compressed_objective`,
:func:`kernel_kmeans`, :func:`lloyd`, :func:`kkm_exact_min`, :func:`set_partitions`,
:func:`consensus_cost`, :func:`consensus_G`, :func:`kmeans_cost`, :func:`meet_partition`,
:func:`purity`, :func:`clustering_acc`, :func:`lrsc_closed_form`, :func:`lrr_noiseless`,
:func:`selfrep_objective`, :class:`EKNNState`, :func:`eknn_pipeline`, :func:`joint_bcd`,
:func:`layerwise_step`, :func:`layer_terms`, :func:`objective`.
"""

from theory.eknn._consensus import (
    clustering_acc,
    consensus_cost,
    consensus_G,
    kmeans_cost,
    meet_partition,
    purity,
)
from theory.eknn._exhaustive import kkm_exact_min, set_partitions
from theory.eknn._kernel import (
    bandwidth,
    compressed_objective,
    gauss_kernel,
    kernel_kmeans,
    kkm_objective,
    lloyd,
    normalized_partition,
    spectral_lower_bound,
)
from theory.eknn._model import (
    EKNNState,
    eknn_pipeline,
    joint_bcd,
    layer_terms,
    layerwise_step,
    objective,
    view_B,
)
from theory.eknn._selfrep import lrr_noiseless, lrsc_closed_form, selfrep_objective

__all__ = [
    "EKNNState", "bandwidth", "clustering_acc", "compressed_objective", "consensus_G",
    "consensus_cost", "eknn_pipeline", "gauss_kernel", "joint_bcd", "kernel_kmeans",
    "kkm_exact_min", "kkm_objective", "kmeans_cost", "layer_terms", "layerwise_step", "lloyd",
    "lrr_noiseless", "lrsc_closed_form", "meet_partition", "normalized_partition", "objective",
    "purity", "selfrep_objective", "set_partitions", "spectral_lower_bound", "view_B",
]
