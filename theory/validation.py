"""Declarative parameter validation with one message template.

``The 'p' parameter of bernoulli_drc must be in [0, 1/2]. Got 0.7 instead.``

Modelled on scikit-learn's ``validate_params``: constraints are declared next to the function,
checked before it runs, and the error names the parameter, the allowed range and the value
received. ``assert`` is kept for internal invariants only.
"""

from __future__ import annotations

import functools
import inspect
from numbers import Integral, Real

import numpy as np


class InvalidParameterError(ValueError, TypeError):
    """Raised when a parameter has an invalid type or value (a ValueError and a TypeError)."""


def _fmt(x) -> str:
    if isinstance(x, float) and x.is_integer() and abs(x) < 1e15:
        return str(int(x))
    return repr(x) if isinstance(x, str) else str(x)


class Interval:
    """A real (or integer) interval; ``closed`` is 'both', 'left', 'right' or 'neither'."""

    def __init__(self, low=None, high=None, closed="both", *, integer=False, label=None):
        self.low, self.high, self.closed, self.integer, self.label = low, high, closed, integer, label

    def __contains__(self, value) -> bool:
        kind = Integral if self.integer else Real
        if isinstance(value, bool) or not isinstance(value, kind | np.number):
            return False
        if self.integer and not isinstance(value, Integral | np.integer):
            return False
        if not np.isfinite(value) and not (
            (self.high is None and value == np.inf) or (self.low is None and value == -np.inf)
        ):
            return False
        lo_ok = self.low is None or (value >= self.low if self.closed in ("both", "left")
                                     else value > self.low)
        hi_ok = self.high is None or (value <= self.high if self.closed in ("both", "right")
                                      else value < self.high)
        return bool(lo_ok and hi_ok)

    def __str__(self) -> str:
        what = "an int" if self.integer else "a float"
        if self.low is not None and self.high is not None:
            lb = "[" if self.closed in ("both", "left") else "("
            rb = "]" if self.closed in ("both", "right") else ")"
            lo = self.label[0] if self.label else _fmt(self.low)
            hi = self.label[1] if self.label else _fmt(self.high)
            return f"{what} in {lb}{lo}, {hi}{rb}"
        if self.low is not None:
            op = ">=" if self.closed in ("both", "left") else ">"
            return f"{what} {op} {_fmt(self.low)}"
        if self.high is not None:
            op = "<=" if self.closed in ("both", "right") else "<"
            return f"{what} {op} {_fmt(self.high)}"
        return f"{what}"


class Options:
    """A finite set of allowed values."""

    def __init__(self, *values):
        self.values = tuple(values)

    def __contains__(self, value) -> bool:
        try:
            return value in self.values
        except TypeError:
            return False

    def __str__(self) -> str:
        return "one of {" + ", ".join(repr(v) for v in self.values) + "}"


def invalid(name: str, caller: str, constraint: str, value) -> InvalidParameterError:
    """The one message template, as an exception ready to raise."""
    shown = value if isinstance(value, str) and value.startswith("<") else repr(value)
    return InvalidParameterError(
        f"The {name!r} parameter of {caller} must be {constraint}. Got {shown} instead."
    )


def check_param(name: str, value, constraint, caller: str):
    """Raise :class:`InvalidParameterError` unless ``value`` satisfies ``constraint``."""
    if value not in constraint:
        raise invalid(name, caller, str(constraint), value)
    return value


def validate_params(constraints: dict):
    """Decorator checking the named arguments against their constraints before the call."""

    def decorate(fn):
        sig = inspect.signature(fn)

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            bound = sig.bind(*args, **kwargs)
            bound.apply_defaults()
            for name, constraint in constraints.items():
                value = bound.arguments[name]
                allowed = constraint if isinstance(constraint, list) else [constraint]
                if not any(value in c for c in allowed):
                    raise invalid(name, fn.__name__, " or ".join(str(c) for c in allowed), value)
            return fn(*args, **kwargs)

        return wrapper

    return decorate


def _describe_array(a: np.ndarray) -> str:
    return f"<array of shape {a.shape}>"


def check_array(X, name: str, caller: str, *, ndim: int | None = 2, min_rows: int = 1,
                finite: bool = True, dtype=np.float64) -> np.ndarray:
    """Convert ``X`` to a float array and check its dimensions, size and finiteness."""
    try:
        A = np.asarray(X, dtype=dtype)
    except (TypeError, ValueError):
        raise invalid(name, caller, "an array of numbers", f"<{type(X).__name__}>") from None
    if ndim is not None and A.ndim != ndim:
        raise invalid(name, caller, f"a {ndim}-D array", _describe_array(A))
    if A.ndim >= 1 and A.shape[0] < min_rows:
        raise invalid(name, caller, f"an array with at least {min_rows} row(s)",
                      _describe_array(A))
    if finite and not np.all(np.isfinite(A)):
        raise invalid(name, caller, "an array of finite values (no NaN or inf)",
                      _describe_array(A))
    return A
