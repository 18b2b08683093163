"""In-context semi-supervised learning (Fan, Rosu, Wang, Li, Carin & Cheng, arXiv 2512.15934).

RBF attention builds the random-walk Laplacian ``L̂ = I − A D⁻¹`` of the prompt's points; stacked
(orthonormalised) linear-attention layers run a subspace iteration to its bottom eigenvectors
(the **left** eigenvectors of ``K̂ = A D⁻¹``, i.e. the generalised eigenvectors of
``(D − A, D)``); TF_sup layers run functional gradient descent on the labelled tokens.
Points are rows (``X`` of shape ``(n, d)``); attention matrices have columns summing to 1.
"""

from theory.icssl._attention import (
    attention_laplacian,
    biased_softmax_attention,
    rbf_attention,
    rbf_gram,
)
from theory.icssl._functional_gd import (
    diagonal_gap,
    erase_attention,
    functional_gd,
    harmonic_label_propagation,
    labelled_log_likelihood,
    rbf_kernel_weights,
    softmax_expectation,
    step_size_bound,
)
from theory.icssl._spectral import (
    generalized_eigh,
    laplacian_eigenmap,
    sin_max_principal_angle,
    subspace_iteration,
)

__all__ = [
    "attention_laplacian", "biased_softmax_attention", "diagonal_gap", "erase_attention",
    "functional_gd", "generalized_eigh", "harmonic_label_propagation", "labelled_log_likelihood",
    "laplacian_eigenmap", "rbf_attention", "rbf_gram", "rbf_kernel_weights",
    "sin_max_principal_angle", "softmax_expectation", "step_size_bound", "subspace_iteration",
]
