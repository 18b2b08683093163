"""toypaper: the closed forms of a small paper, checked with iclr26-verify (see claims.py)."""

from toypaper._maths import geometric_sum, inner_product_bound

__all__ = ["geometric_sum", "inner_product_bound"]
