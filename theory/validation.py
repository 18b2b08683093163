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


#: The largest iteration, step or sample count any public function accepts: a count above it
#: would run for days on a laptop, so it is refused rather than started.
MAX_ITER = 10**8


class Interval:
    """A real (or integer) interval; ``closed`` is 'both', 'left', 'right' or 'neither'.

    Infinite values are refused unless ``allow_inf`` (an open end admits them only then): a step
    size, bandwidth or ridge of +inf makes no sense, and the caller would get NaN, not an error.
    Booleans and complex numbers are never numbers here.
    """

    def __init__(self, low=None, high=None, closed="both", *, integer=False, label=None,
                 allow_inf=False):
        self.low, self.high, self.closed, self.integer, self.label = low, high, closed, integer, label
        self.allow_inf = allow_inf

    def __contains__(self, value) -> bool:
        kind = Integral if self.integer else Real
        if isinstance(value, bool | np.bool_ | np.complexfloating) or not isinstance(
                value, kind | np.number):
            return False
        if self.integer and not isinstance(value, Integral | np.integer):
            return False
        # a Python int is finite at any size (np.isfinite raises on one beyond 64 bits)
        finite = isinstance(value, Integral) or bool(np.isfinite(value))
        if not finite and not self.allow_inf:
            return False
        if not finite and not (
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
        if not self.integer and not self.allow_inf:
            what = "a finite float"
        if self.low is not None:
            op = ">=" if self.closed in ("both", "left") else ">"
            return f"{what} {op} {_fmt(self.low)}"
        if self.high is not None:
            op = "<=" if self.closed in ("both", "right") else "<"
            return f"{what} {op} {_fmt(self.high)}"
        return f"{what}"


class Options:
    """A finite set of allowed values. A bool is one of them only when a bool is listed:
    ``True in (1, 2)`` holds in Python, and a norm or an order of True is a mistake."""

    def __init__(self, *values):
        self.values = tuple(values)

    def __contains__(self, value) -> bool:
        if isinstance(value, bool | np.bool_) and not any(
                isinstance(v, bool | np.bool_) for v in self.values):
            return False
        try:
            return value in self.values
        except TypeError:
            return False


    def __str__(self) -> str:
        return "one of {" + ", ".join(repr(v) for v in self.values) + "}"


class Bool:
    """A bool (Python's or numpy's), never 0 or 1."""

    def __contains__(self, value) -> bool:
        return isinstance(value, bool | np.bool_)

    def __str__(self) -> str:
        return "a bool"


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


def check_real(name: str, value, constraint, caller: str) -> float:
    """``value`` checked against ``constraint``, returned as a float: an int beyond float64
    (10**400, which an :class:`Interval` admits) is refused here, naming the parameter, rather
    than raising OverflowError inside the arithmetic."""
    check_param(name, value, constraint, caller)
    try:
        return float(value)
    except OverflowError:
        raise invalid(name, caller, f"{constraint} within float64 (<= ~1.8e308)",
                      f"<int of {len(str(value))} digits>") from None


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


def _holds(raw: np.ndarray, kinds) -> bool:
    """Whether an object array holds a ``kinds`` element (numeric dtypes are checked by kind)."""
    return raw.dtype.kind == "O" and any(isinstance(v, kinds) for v in raw.ravel())


def _dtype_received(raw: np.ndarray, what: str) -> str:
    held = f" holding {what}" if raw.dtype.kind == "O" else ""
    return f"<array of dtype {raw.dtype}{held}, shape {raw.shape}>"


def check_array(X, name: str, caller: str, *, ndim: int | None = 2, min_rows: int = 1,
                finite: bool = True, dtype=np.float64, allow_bool: bool = False) -> np.ndarray:
    """Convert ``X`` to a float array and check its dimensions, size and finiteness.

    Strings are refused, even numeric ones: numpy would parse ``["1", "2"]`` into numbers, so a
    column read as text would pass unnoticed. Bools are refused unless ``allow_bool`` (a 0/1
    mask or label is documented there): elsewhere True would silently count as 1.
    """
    raw = X if isinstance(X, np.ndarray) else None
    if raw is None:
        try:
            raw = np.asarray(X)
        except (TypeError, ValueError):
            raw = None
    if raw is not None and raw.dtype.kind == "c":
        # numpy would drop the imaginary part with only a warning: a silent wrong number
        raise invalid(name, caller, "an array of real numbers", f"<complex array of shape "
                      f"{raw.shape}>")
    if raw is not None and (raw.dtype.kind in "US" or _holds(raw, str | bytes)):
        raise invalid(name, caller, "an array of numbers, not strings",
                      _dtype_received(raw, "strings"))
    if raw is not None and not allow_bool and (raw.dtype.kind == "b"
                                               or _holds(raw, bool | np.bool_)):
        raise invalid(name, caller, "an array of numbers, not bools (True would count as 1)",
                      _dtype_received(raw, "bools"))
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


def check_same_length(caller: str, **arrays) -> int:
    """Check that the named arrays have the same number of rows; name both on mismatch."""
    lengths = {k: len(v) for k, v in arrays.items()}
    if len(set(lengths.values())) > 1:
        (a, la), *rest = lengths.items()
        b, lb = next((k, n) for k, n in rest if n != la)
        raise InvalidParameterError(
            f"The {a!r} and {b!r} parameters of {caller} must have the same number of rows. "
            f"Got {la} and {lb} instead.")
    return next(iter(lengths.values()))


def check_int(value, name: str, caller: str, low=None, high=None) -> int:
    """An integral count as a Python int (any integral type; never a bool), in [low, high].

    Counting in Python integers: numpy's fixed-width ones wrap silently (``np.int32(50000)**2``).
    """
    check_param(name, value, Interval(low, high, integer=True), caller)
    return int(value)


def check_rng(rng, name: str, caller: str) -> np.random.Generator:
    """``None``, an integer seed or a ``numpy.random.Generator``, as a Generator."""
    if isinstance(rng, np.random.Generator):
        return rng
    if rng is None or (isinstance(rng, Integral | np.integer) and not isinstance(rng, bool)):
        if rng is not None and rng < 0:
            raise invalid(name, caller, "None, a seed >= 0 or a numpy.random.Generator", rng)
        return np.random.default_rng(None if rng is None else int(rng))
    raise InvalidParameterError(
        f"The {name!r} parameter of {caller} must be None, a seed >= 0 or a "
        f"numpy.random.Generator. Got <{type(rng).__name__}> instead.")


def check_symmetric(A: np.ndarray, name: str, caller: str, *, rtol: float = 1e-10) -> np.ndarray:
    """Check that a square matrix is symmetric up to ``rtol`` of its largest entry."""
    if A.ndim != 2 or A.shape[0] != A.shape[1]:
        raise invalid(name, caller, "a square matrix", _describe_array(A))
    scale = max(float(np.max(np.abs(A))), np.finfo(float).tiny) if A.size else 1.0
    if not np.allclose(A, A.T, rtol=0, atol=rtol * scale):
        raise invalid(name, caller, "a symmetric matrix",
                      f"<array of shape {A.shape}, max |A - A.T| = "
                      f"{float(np.max(np.abs(A - A.T))):.3g}>")
    return A


def check_full_column_rank(A: np.ndarray, name: str, caller: str, *,
                           singular_values: np.ndarray | None = None) -> np.ndarray:
    """Check that a 2-D ``A`` of shape (n, k), k >= 1, has k linearly independent columns.

    The rank counts the singular values above ``max(n, k) · eps · σ_max`` (numpy's
    ``matrix_rank`` default), so columns equal up to rounding count once. A basis of a
    k-dimensional span needs it: a rank-deficient one spans less, and QR or scipy's
    ``subspace_angles`` would answer for the smaller span without a word. A caller that has
    already taken A's SVD passes its ``singular_values`` (descending) rather than pay for a
    second one.
    """
    if A.ndim != 2:
        raise invalid(name, caller, "a 2-D array", _describe_array(A))
    s = np.linalg.svd(A, compute_uv=False) if singular_values is None else singular_values
    tol = max(A.shape) * np.finfo(float).eps * (s[0] if s.size else 0.0)
    rank = int(np.sum(s > tol))
    if A.size == 0 or rank < A.shape[1]:
        raise invalid(name, caller, "an array of full column rank (k ≤ n linearly independent "
                      "columns)", f"<array of shape {A.shape}, rank {rank}>")
    return A


def check_psd(A: np.ndarray, name: str, caller: str, *, rtol: float = 1e-10) -> np.ndarray:
    """Check that a symmetric matrix is positive semi-definite up to ``rtol`` of its norm."""
    check_symmetric(A, name, caller, rtol=rtol)
    lam = np.linalg.eigvalsh((A + A.T) / 2) if A.size else np.zeros(0)
    if lam.size and lam[0] < -rtol * max(abs(lam[-1]), np.finfo(float).tiny):
        raise invalid(name, caller, "a positive semi-definite matrix",
                      f"<array of shape {A.shape}, smallest eigenvalue {lam[0]:.3g}>")
    return A


def check_distribution(p: np.ndarray, name: str, caller: str, *, atol: float = 1e-9,
                       axis: int = -1) -> np.ndarray:
    """Check that ``p`` is non-negative and sums to one along ``axis``."""
    if p.size == 0:
        raise invalid(name, caller, "a non-empty probability vector", _describe_array(p))
    if np.any(p < 0):
        raise invalid(name, caller, "a probability vector (entries >= 0)",
                      f"<array of shape {p.shape}, min {float(np.min(p)):.3g}>")
    total = np.sum(p, axis=axis)
    if np.any(np.abs(total - 1) > atol):
        worst = float(np.max(np.abs(total - 1)))
        raise invalid(name, caller, f"a probability vector summing to 1 (within {atol:g})",
                      f"<array of shape {p.shape}, |sum - 1| = {worst:.3g}>")
    return p


def check_nonempty(x, name: str, caller: str):
    """Check that a collection (candidate set, list of views, grid) is non-empty."""
    if len(x) == 0:
        raise invalid(name, caller, "non-empty", f"<empty {type(x).__name__}>")
    return x
