"""Independent solves for the compression theory (LP, convex, Sinkhorn, Gaussian search).

This ``__init__`` stays torch-free: the theory checks import the solvers from here. The learned
compressors (torch) live in their own modules and are imported by name.
"""

from numerics.compression.asymptotic import (
                                             asymptotic_drc,
                                             binary_asymptotic_dr,
                                             binary_asymptotic_drc_scan,
                                             sinkhorn_dr_curve,
)
from numerics.compression.gaussian import gaussian_drc_search, gaussian_drpc_search
from numerics.compression.oneshot_lp import bernoulli_oneshot_lp, oneshot_lp, p11_reach

__all__ = ["asymptotic_drc", "bernoulli_oneshot_lp", "binary_asymptotic_dr",
           "binary_asymptotic_drc_scan", "gaussian_drc_search", "gaussian_drpc_search",
           "oneshot_lp", "p11_reach", "sinkhorn_dr_curve"]
