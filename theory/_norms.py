"""Vector norms that neither overflow nor underflow at extreme scales.

``np.linalg.norm`` sums squares: an entry above ~1e154 squares to inf, and one below ~1e-154
squares into the subnormals or to 0, so vectors of codes ~1e200 or ~1e-200 get a norm of inf
or 0 although their true norm is an ordinary float. Both helpers divide by the largest
magnitude first, where the squares lie in [0, 1]; they differ in when they do it.
"""

from __future__ import annotations

import numpy as np

#: A plain norm in this range was summed from squares that did not overflow, and what its
#: underflowed squares lost (under 5e-324 each) is below 1e-23 of its sum of squares (>= 1e-300).
_PLAIN_LOW, _PLAIN_HIGH = 1e-150, 1e150


def euclidean_norms(E: np.ndarray, axis: int = -1) -> np.ndarray:
    """Euclidean norms of the vectors of ``E`` along ``axis`` (``E`` at least 2-D).

    Vectors whose plain norm is outside [1e-150, 1e150] (its squares over- or underflowed) are
    recomputed scaled by their largest entry. All others keep the plain ``np.linalg.norm``, so
    results on ordinary inputs are bit-for-bit numpy's; zero vectors have norm 0.
    """
    with np.errstate(over="ignore", under="ignore"):  # the vectors recomputed below
        n = np.linalg.norm(E, axis=axis)
    # an empty E has no maximum to take (np.max refuses a reduction over a length-0 axis)
    big = np.max(np.abs(E), axis=axis) if E.size else np.zeros(n.shape)
    bad = (big > 0) & ((n < _PLAIN_LOW) | (n > _PLAIN_HIGH))
    if np.any(bad):
        Eb = np.moveaxis(E, axis, -1)[bad]
        n[bad] = np.linalg.norm(Eb / big[bad][..., None], axis=-1) * big[bad]
    return n


def scaled_norm(x: np.ndarray, ord=None) -> float:
    """``np.linalg.norm(x, ord)`` computed as ``max|x| · ‖x / max|x|‖``; 0 for a zero or empty x.

    Always scaled, whatever the scale of ``x``: one code path for every input, at the cost of
    differing from the plain norm in the last bit on ordinary inputs (use
    :func:`euclidean_norms` where the plain result must be kept). ``ord`` is numpy's.
    """
    top = float(np.max(np.abs(x))) if x.size else 0.0
    return top * float(np.linalg.norm(x / top, ord=ord)) if top > 0 else 0.0


# Powers of two: multiplying or dividing by one is exact, so a computation moved to ordinary
# magnitudes this way and moved back keeps every bit that the float range allows.
def max_exponent(*arrays: np.ndarray) -> int:
    """The binary exponent k of the largest magnitude over ``arrays``: max|entry| · 2⁻ᵏ lies
    in [1/2, 1). 0 when every entry is 0, or the maximum is not finite, or all are empty."""
    m = max((float(np.max(np.abs(a))) for a in arrays if a.size), default=0.0)
    return int(np.frexp(m)[1]) if 0 < m < np.inf else 0


def pow2_below(x: np.ndarray) -> float:
    """The power of two at or below ``max|x|`` (1 for a zero or empty x): dividing by it is
    exact and brings the entries to at most 2."""
    top = float(np.max(np.abs(x))) if x.size else 0.0
    return float(np.ldexp(1.0, np.frexp(top)[1] - 1)) if top > 0 else 1.0


def pow2_scaled(A: np.ndarray, lim: int = 200) -> tuple[np.ndarray, int]:
    """``(A · 2⁻ᵉ, e)`` with max|A| near 1 when it lies outside [2⁻ˡⁱᵐ, 2ˡⁱᵐ], else ``(A, 0)``:
    ordinary inputs are left as they are (their results unchanged bit for bit)."""
    m = float(np.max(np.abs(A))) if A.size else 0.0
    if m == 0 or 2.0**-lim <= m <= 2.0**lim:
        return A, 0
    e = int(np.frexp(m)[1])
    return np.ldexp(A, -e), e
