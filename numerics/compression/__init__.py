"""The learned compressors of the compression paper, and re-exports of the reference solvers
(LP, convex, Sinkhorn, Gaussian search) that live in :mod:`theory.compression` (_reference_*).

This ``__init__`` stays torch-free. The learned
compressors (torch) live in their own modules and are imported by name.
"""

from theory.compression._reference_asymptotic import (
                                             asymptotic_drc,
                                             binary_asymptotic_dr,
                                             binary_asymptotic_drc_scan,
                                             sinkhorn_dr_curve,
)
from theory.compression._reference_gaussian import gaussian_drc_search, gaussian_drpc_search
from theory.compression._reference_lp import bernoulli_oneshot_lp, oneshot_lp, p11_reach

__all__ = ["asymptotic_drc", "bernoulli_oneshot_lp", "binary_asymptotic_dr",
           "binary_asymptotic_drc_scan", "gaussian_drc_search", "gaussian_drpc_search",
           "oneshot_lp", "p11_reach", "sinkhorn_dr_curve"]
