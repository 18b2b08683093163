"""Jacobian-Aligned Random Forests (Rauniyar, arXiv 2512.08306, ICLR 2026): closed forms.

EGOP/EJOP of index models (:mod:`._egop`), finite-difference Jacobians and their error
constants (:mod:`._fd`), and the preconditioner Ĥ with the oblique splits it induces
(:mod:`._precondition`). The paper body was not seen; see ``claims.py`` for what rests on our
reading of the two public summaries (papernotes.org, themoonlight.io) and the reviews.
"""

from theory.jarf._egop import (
    egop_multi_index_mc,
    egop_single_index,
    ejop_from_jacobians,
    single_index_coefficient,
)
from theory.jarf._fd import (
    MAD_CONSTANT,
    central_difference,
    fd_error_coefficient,
    forward_difference,
    mad_steps,
    step_zero_fraction,
)
from theory.jarf._precondition import oblique_normals, precondition, principal_angles

__all__ = ["MAD_CONSTANT", "central_difference", "egop_multi_index_mc", "egop_single_index",
           "ejop_from_jacobians", "fd_error_coefficient", "forward_difference", "mad_steps",
           "oblique_normals", "precondition", "principal_angles", "single_index_coefficient",
           "step_zero_fraction"]
