"""Independent solves for the compression theory (LP, convex, Sinkhorn) and learned compressors.

This ``__init__`` stays torch-free: the theory checks import the solvers from here.
"""

from numerics.compression.oneshot_lp import bernoulli_oneshot_lp

__all__ = ["bernoulli_oneshot_lp"]
