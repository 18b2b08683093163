"""Re-export of :mod:`theory.compression._reference_asymptotic`: the reference solvers live in
``theory/`` so that theory claims use them without importing ``numerics``."""

from theory.compression._reference_asymptotic import (  # noqa: F401
    asymptotic_drc,
    binary_asymptotic_dr,
    binary_asymptotic_drc_scan,
    sinkhorn_dr_curve,
)
