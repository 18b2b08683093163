"""Finite-difference Jacobians and their error constants (JARF step 2–3; Assumption A1, Sec. 3.6).

The papernotes.org summary (single source) gives the central difference with probes at ±ε/2,

.. math::

    g_j(x) = \\frac{f(x + \\tfrac12\\varepsilon_j e_j) - f(x - \\tfrac12\\varepsilon_j e_j)}{\\varepsilon_j}
           = \\partial_j f(x) + \\frac{\\varepsilon_j^2}{24}\\,\\partial_j^3 f(\\xi),

and the step ε_j = α·MAD(X_{:,j})/0.6745 with α = 0.1.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
from scipy.stats import norm

from theory.validation import Interval, Options, check_array, check_param, invalid

#: Φ⁻¹(3/4): MAD/Φ⁻¹(3/4) is a consistent estimate of σ under normality; 0.6745 is its rounding.
MAD_CONSTANT = 0.6745


def central_difference(f, x, eps) -> np.ndarray:
    r"""Central difference of f at x with probes at ±ε/2 along each axis.

    .. math::

        g_j(x) = \frac{f(x+\tfrac12\varepsilon_j e_j)-f(x-\tfrac12\varepsilon_j e_j)}{\varepsilon_j}.

    Parameters
    ----------
    f : callable
        Maps an (n, d) array to (n,) or (n, C) outputs.
    x : array_like, shape (n, d) or (d,)
    eps : float or array_like, shape (d,)
        Steps ε_j > 0 (units of x_j).

    Returns
    -------
    ndarray, shape (n, d, C) (C = 1 for scalar f); for 1-D ``x`` the leading axis is dropped.
    Paper location: Sec. 3.4–3.6 (per the papernotes.org summary).
    """
    return _difference(f, x, eps, "central_difference", central=True)


def forward_difference(f, x, eps) -> np.ndarray:
    r"""Forward difference [f(x + ε_j e_j) − f(x)]/ε_j (the ablation's variant; error O(ε)).

    Same shapes as :func:`central_difference`. Paper location: ablation table (per the summary).
    """
    return _difference(f, x, eps, "forward_difference", central=False)


def _difference(f, x, eps, caller, *, central):
    if not callable(f):
        raise invalid("f", caller, "a callable", f"<{type(f).__name__}>")
    x = check_array(x, "x", caller, ndim=None)
    one = x.ndim == 1
    X = check_array(x[None, :] if one else x, "x", caller, ndim=2)
    d = X.shape[1]
    if isinstance(eps, str | bytes | bool | np.bool_):  # np.asarray reads "1" or True as 1.0
        raise invalid("eps", caller, "positive finite step(s)", eps)
    e = check_array(eps, "eps", caller, ndim=None, min_rows=0, finite=False)
    if e.shape not in ((), (d,)):
        raise invalid("eps", caller, f"a float or an array of shape ({d},)",
                      f"<array of shape {e.shape}>")
    e = np.broadcast_to(e, (d,)).copy()
    if not np.all(np.isfinite(e) & (e > 0)):
        raise invalid("eps", caller, "positive finite step(s)", eps)
    cols = []
    for j in range(d):
        step = np.zeros(d)
        if central:
            step[j] = e[j] / 2.0
            hi, lo = f(X + step), f(X - step)
        else:
            step[j] = e[j]
            hi, lo = f(X + step), f(X)
        hi, lo = np.asarray(hi, float), np.asarray(lo, float)
        if hi.shape != lo.shape or (hi.ndim and hi.shape[0] != X.shape[0]) or (
                not hi.ndim and X.shape[0] != 1):
            raise invalid("f", caller, f"a callable returning one value (or row) per row of x "
                          f"({X.shape[0]})", f"<output of shape {hi.shape}>")
        diff = (hi - lo) / e[j]
        cols.append(diff.reshape(X.shape[0], -1))
    out = np.stack(cols, axis=1)
    return out[0] if one else out


def fd_error_coefficient(scheme: str = "central_half") -> Fraction:
    r"""Leading error coefficient of a difference scheme.

    .. math::

        \text{central\_half}: g - f' = \tfrac{1}{24}\varepsilon^2 f''' + O(\varepsilon^4),\qquad
        \text{forward}: g - f' = \tfrac12\varepsilon f'' + O(\varepsilon^2).

    Returns
    -------
    Fraction
        1/24 or 1/2 (the power of ε is 2 or 1). Ours (claim ``jarf.fd.central_bias``).
    """
    check_param("scheme", scheme, Options("central_half", "forward"), "fd_error_coefficient")
    return Fraction(1, 24) if scheme == "central_half" else Fraction(1, 2)


def mad_steps(X, alpha: float = 0.1) -> np.ndarray:
    r"""Per-feature steps ε_j = α·MAD(X_{:,j})/0.6745.

    .. math::

        \varepsilon_j = \alpha\,\frac{\operatorname{median}_i |X_{ij}-\operatorname{median}(X_{:,j})|}{0.6745}.

    A constant column (MAD 0) falls back to α·std, then to α, so no step is 0.

    Parameters
    ----------
    X : array_like, shape (n, d)
    alpha : float in (0, ∞)

    Returns
    -------
    ndarray, shape (d,), in the units of each feature. Paper location: the FD estimator, Sec. 3.6 per OpenReview Reviewer 3 (rule per the summary).
    """
    caller = "mad_steps"
    X = check_array(X, "X", caller, ndim=2)
    check_param("alpha", alpha, Interval(0, None, closed="neither"), caller)
    med = np.median(X, axis=0)
    mad = np.median(np.abs(X - med), axis=0) / MAD_CONSTANT
    fallback = np.where(X.std(axis=0) > 0, X.std(axis=0), 1.0)
    return alpha * np.where(mad > 0, mad, fallback)


def step_zero_fraction(eps: float, loc: float = 0.0) -> float:
    r"""P(a ±ε/2 central difference of a unit step at ``loc`` is nonzero) for x ~ N(0, 1).

    .. math::

        P\bigl(|x-t| < \tfrac{\varepsilon}{2}\bigr) = \Phi(t+\tfrac\varepsilon2)-\Phi(t-\tfrac\varepsilon2).

    A piecewise-constant surrogate (a tree) has zero difference quotients except when a probe
    pair straddles a threshold; this is that probability for one threshold (ours; the point
    is an OpenReview review's, claim ``jarf.fd.piecewise_constant_zero``).
    """
    check_param("eps", eps, Interval(0, None, closed="neither"), "step_zero_fraction")
    check_param("loc", loc, Interval(), "step_zero_fraction")
    # by symmetry of N(0, 1), on the left tail: cdf(10 ± ε/2) are both 1.0 in floats and
    # their difference 0, while cdf(−10 ± ε/2) keep every digit
    a = -abs(loc)
    return float(norm.cdf(a + eps / 2) - norm.cdf(a - eps / 2))
