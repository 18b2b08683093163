"""Error feedback for Muon and friends (Gruntkowska, Gaponov, Tovmasyan & Richtárik,
arXiv 2510.00643, ICLR 2026): the LMOs and dual norms of the non-Euclidean geometries, the
compressors of EF21 with their contraction constants, EF21-Muon in numpy and its rate bounds.
numpy/scipy only (cvxpy solves live in :mod:`theory.ef21_muon._reference`, used by the claims)."""

from theory.ef21_muon._compress import (
    bits_per_message,
    contraction_alpha,
    natural,
    natural_omega,
    natural_variance,
    randk,
    rank_r,
    topk,
)
from theory.ef21_muon._ef21 import (
    drift_bound,
    ef21_bound,
    ef21_constant,
    ef21_muon_numpy,
    muon_floor,
    optimal_radius,
    smoothness_quadratic,
    uncompressed_bound,
)
from theory.ef21_muon._lmo import (
    NORMS,
    NS_COEF,
    dual_norm,
    lmo,
    newton_schulz5,
    ns_scalar_map,
    polar,
    primal_norm,
    rho_fro,
    sharp,
)

__all__ = [
    "NORMS", "NS_COEF", "bits_per_message", "contraction_alpha", "drift_bound", "dual_norm",
    "ef21_bound", "ef21_constant", "ef21_muon_numpy", "lmo", "muon_floor", "natural",
    "natural_omega", "natural_variance", "newton_schulz5", "ns_scalar_map", "optimal_radius",
    "polar", "primal_norm", "randk", "rank_r", "rho_fro", "sharp", "smoothness_quadratic",
    "topk", "uncompressed_bound",
]
