"""Re-export of :mod:`theory.compression._reference_gaussian`: the reference solvers live in
``theory/`` so that theory claims use them without importing ``numerics``."""

from theory.compression._reference_gaussian import (  # noqa: F401
    gaussian_drc_search,
    gaussian_drpc_search,
    gaussian_quantities,
)
