"""PRISM: Partial-label Relational Inference with Spatial and Spectral Cues (ICLR 2026,
OpenReview m2MeiYOJED). No paper body or code is public; everything here is **our
reconstruction** from the public summaries (abstract of OpenReview m2MeiYOJED, papernotes.org): the candidate protocol (DEER's),
candidate-constrained propagation and its linear reference, the partial-label loss, and the
graph spectra the spectral cue reads. Rows are graphs (``N``), columns classes (``C``).
"""

from theory.prism._candidates import (
    expected_inverse_set_size,
    expected_set_size,
    p_overlap_diff_class,
    p_shared_distractor,
    prototype_shrinkage,
    relational_pair_count,
    uniform_candidates,
)
from theory.prism._loss import marginal_nll, marginal_nll_grad
from theory.prism._propagation import (
    momentum_confidence,
    prism_propagate,
    prism_step,
    row_normalize,
    sym_norm,
    zhou_induced_subgraph,
    zhou_masked_closed_form,
    zhou_masked_iterate,
)
from theory.prism._spectra import (
    band_embeddings,
    cheb_filter,
    cheb_heat_coeffs,
    cheb_truncation_bound,
    complete_eigs,
    cycle_eigs,
    harmonic_encoding,
    heat_trace_cycle,
    laplacian,
    path_eigs,
)

__all__ = [
    "band_embeddings", "cheb_filter", "cheb_heat_coeffs", "cheb_truncation_bound",
    "complete_eigs", "cycle_eigs", "expected_inverse_set_size", "expected_set_size",
    "harmonic_encoding", "heat_trace_cycle", "laplacian", "marginal_nll", "marginal_nll_grad",
    "momentum_confidence", "p_overlap_diff_class", "p_shared_distractor", "path_eigs",
    "prism_propagate", "prism_step", "prototype_shrinkage", "relational_pair_count",
    "row_normalize", "sym_norm", "uniform_candidates", "zhou_induced_subgraph",
    "zhou_masked_closed_form", "zhou_masked_iterate",
]
