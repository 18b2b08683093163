"""The tolerance policy, in one place.

Per-dtype defaults (float64 for theory; float32 where torch runs in single precision) and one
comparison helper that reports the relative Frobenius error and prints both arrays on failure.
"""

from __future__ import annotations

import numpy as np

RTOL = {np.dtype(np.float64): 1e-9, np.dtype(np.float32): 1e-5}
ATOL = {np.dtype(np.float64): 1e-12, np.dtype(np.float32): 1e-6}

#: Named tolerances used by claims, so a reader sees why each number was chosen.
EXACT = 1e-12  # closed form vs closed form, or vs an exact rational/symbolic value
LP = 1e-7  # closed form vs a HiGHS/cvxpy/POT solve (solver feasibility tolerance ~1e-9)
QUADRATURE = 1e-8  # closed form vs scipy.integrate.quad with epsabs = epsrel = 1e-13


def relative_error(actual, desired) -> float:
    """‖actual − desired‖_F / max(‖desired‖_F, tiny)."""
    a = np.asarray(actual, dtype=np.float64)
    d = np.asarray(desired, dtype=np.float64)
    denom = max(np.linalg.norm(d), np.finfo(np.float64).tiny)
    return float(np.linalg.norm(a - d) / denom)


def assert_close(actual, desired, *, rtol: float | None = None, atol: float | None = None,
                 name: str = "value") -> None:
    """Assert element-wise closeness with the dtype's default tolerances; show both on failure."""
    a = np.asarray(actual)
    d = np.asarray(desired)
    dt = np.result_type(a.dtype, np.float32) if a.dtype.kind in "fc" else np.dtype(np.float64)
    rtol = RTOL.get(np.dtype(dt), 1e-9) if rtol is None else rtol
    atol = ATOL.get(np.dtype(dt), 1e-12) if atol is None else atol
    if not np.allclose(a, d, rtol=rtol, atol=atol, equal_nan=False):
        raise AssertionError(
            f"{name}: relative Frobenius error {relative_error(a, d):.3e} "
            f"(rtol={rtol}, atol={atol})\nactual:\n{a}\ndesired:\n{d}"
        )
