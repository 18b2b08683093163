"""Re-export of :mod:`theory.compression._reference_lp`: the reference solvers live in
``theory/`` so that theory claims use them without importing ``numerics``."""

from theory.compression._reference_lp import (  # noqa: F401
    bernoulli_oneshot_lp,
    best_p11_scan,
    binary_cond_entropy_from_joint,
    map_tables,
    oneshot_lp,
    p11_reach,
)
