"""t-SNE exaggerates clusters, provably (Bergam, Snoeck & Verma, arXiv 2510.07746).

The paper's input affinities P (shift-invariant in float64), the shift/scale invariance lemmas,
impostors with an exact silhouette, Cor. 4's two-mass family, the poison point, the exact
objective and its stationary points, and the outlier bound.
"""

from theory.tsne._affinities import (
    ENTROPY_TOL,
    calibrate,
    check_sq_dists,
    conditional_probabilities,
    joint_probabilities,
    sq_distances,
)
from theory.tsne._constructions import (
    classical_mds,
    g_family,
    gram_from_sq_dists,
    near_simplex,
    scaled,
    shift_sq_dists,
    shifted,
    two_point_masses,
)
from theory.tsne._impostor import (
    ch_impostor_shift,
    cor4_beta,
    cor4_layout,
    cor4_radius,
    cor4_shift,
    dunn_impostor_shift,
    impostor,
    impostor_shift,
    poison_point,
    silhouette_of_shift,
)
from theory.tsne._objective import (
    check_affinities,
    kl_divergence,
    kl_gradient,
    output_affinities,
    stationary_point,
    student_kernel,
)
from theory.tsne._outliers import (
    THM9_ALPHA0,
    THM9_RATE,
    hull_projection,
    lemma21_bound,
    outlier_margins,
    outlier_number,
    thm9_bound,
)
from theory.tsne._scores import (
    calinski_harabasz,
    calinski_harabasz_shifted,
    dunn,
    dunn_extremes,
    dunn_shifted,
    scatter,
    silhouette,
)

__all__ = [
    "ENTROPY_TOL", "THM9_ALPHA0", "THM9_RATE", "calibrate", "calinski_harabasz",
    "calinski_harabasz_shifted", "ch_impostor_shift", "check_affinities", "check_sq_dists", "classical_mds",
    "conditional_probabilities", "cor4_beta", "cor4_layout", "cor4_radius", "cor4_shift", "dunn",
    "dunn_extremes", "dunn_impostor_shift", "dunn_shifted", "g_family", "gram_from_sq_dists",
    "hull_projection", "impostor", "impostor_shift", "joint_probabilities", "kl_divergence",
    "kl_gradient", "lemma21_bound", "near_simplex", "outlier_margins", "outlier_number",
    "output_affinities", "poison_point", "scaled", "scatter", "shift_sq_dists", "shifted",
    "silhouette", "silhouette_of_shift", "sq_distances", "stationary_point", "student_kernel",
    "thm9_bound", "two_point_masses",
]
