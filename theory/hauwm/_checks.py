"""Input checks shared by the hauwm modules, in the message template of
:mod:`theory.validation`: horizons, real arrays, shapes that must broadcast (both named), and
results that float64 cannot hold (a clear error rather than inf or NaN)."""

from __future__ import annotations

import math

import numpy as np

from theory.validation import InvalidParameterError, check_array, invalid

#: The largest horizon in steps any function accepts: 2^53, the largest count float64 holds
#: exactly (a variance of h·s2 with h above it would be rounded).
MAX_STEPS = 2**53


def real(x, name: str, caller: str) -> np.ndarray:
    """A non-empty float array (any shape) of finite values; bools, strings, complex refused."""
    a = check_array(x, name, caller, ndim=None)
    if a.size == 0:
        raise invalid(name, caller, "a non-empty array", f"<array of shape {a.shape}>")
    return a


def _shown(a: np.ndarray, bad: np.ndarray):
    return float(a.ravel()[np.argmax(bad.ravel())]) if a.ndim else float(a)


def positive(x, name: str, caller: str, *, strict: bool = True, what: str = "") -> np.ndarray:
    """A non-empty float array of finite values > 0 (``strict``) or >= 0."""
    a = check_array(x, name, caller, ndim=None, finite=False)
    op, low = (">", np.less_equal) if strict else (">=", np.less)
    bad = ~np.isfinite(a) | low(a, 0)
    if a.size == 0 or np.any(bad):
        raise invalid(name, caller, f"an array of finite values {op} 0{what}",
                      f"<array of shape {a.shape}>" if a.size == 0 else _shown(a, bad))
    return a


def horizons(h, name: str, caller: str) -> np.ndarray:
    """Horizons as floats: finite, > 0 (steps or times; not bools)."""
    return positive(h, name, caller, what=" (horizons)")


def broadcast(caller: str, **arrays) -> tuple:
    """The broadcast shape of the named arrays; on a mismatch name the two that disagree."""
    items = list(arrays.items())
    shape = ()
    for i, (name, a) in enumerate(items):
        try:
            shape = np.broadcast_shapes(shape, np.shape(a))
        except ValueError:
            other = next(n for n, b in items[:i] if not _fits(np.shape(b), np.shape(a)))
            raise InvalidParameterError(
                f"The {other!r} and {name!r} parameters of {caller} must have shapes that "
                f"broadcast together. Got {np.shape(arrays[other])} and {np.shape(a)} "
                "instead.") from None
    return shape


def _fits(s1, s2) -> bool:
    try:
        np.broadcast_shapes(s1, s2)
        return True
    except ValueError:
        return False


def pow2(a) -> float:
    """A power of two >= max|a|/2 (1 for an all-zero or empty array): dividing by it is exact
    and brings every entry into [-2, 2], so squares and sums cannot overflow."""
    m = float(np.max(np.abs(a))) if np.size(a) else 0.0
    if m == 0.0 or not math.isfinite(m):
        return 1.0
    return math.ldexp(1.0, math.frexp(m)[1] - 1)


def representable(value, caller: str, names: str, detail: str):
    """``value`` if every entry is finite, else a clear error: the answer overflows float64."""
    if np.all(np.isfinite(value)):
        return value
    raise InvalidParameterError(
        f"The {names} parameters of {caller} must be small enough that the result is finite "
        f"in float64 (|x| <= {np.finfo(float).max:.4g}); {detail} overflows. Rescale the "
        "inputs (e.g. change units).")
