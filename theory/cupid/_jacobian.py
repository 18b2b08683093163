"""The first-order analysis of the epistemic score: softmax Jacobian, the linear term, the
mean-value bound, and the non-negative null direction of a linear head.

The paper (arXiv 2603.10745v1, §3.3, Eq. (14), and App. B, Theorem 1, Eq. (18)) argues
:math:`U_{\\mathrm{epis}} \\approx \\|J_F(m)(m'-m)\\|_1`. To first order that holds; as an
inequality for a finite perturbation it needs the Jacobian along the whole segment
(:func:`mean_value_bound`).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from scipy.optimize import linprog

from theory._norms import pow2_below, scaled_norm
from theory.validation import MAX_ITER, Interval, Options, check_array, check_param, invalid

_NORMS = Options(1, 2)



def _times(*xs: float) -> float:
    """The product of non-negative floats through their mantissas and exponents: no
    intermediate over- or underflow (inf only when the product itself exceeds float max)."""
    man, exp = np.frexp(np.array(xs, dtype=float))
    with np.errstate(over="ignore"):  # inf: the caller refuses it
        return float(np.ldexp(np.prod(man), int(exp.sum())))


def _matvec_norm(J: np.ndarray, d: np.ndarray, norm: int) -> float:
    """``‖J d‖_q`` with J and d scaled by powers of two first: ``J @ d`` overflows to inf (and
    the norm to NaN) from entries ~1e154 on, or sums ±1e308 terms to inf, whatever the result."""
    sj, sd = pow2_below(J), pow2_below(d)
    return _times(scaled_norm((J / sj) @ (d / sd), norm), sj, sd)


def _representable(value: float, name: str, caller: str, what: str) -> float:
    if not np.isfinite(value):
        raise invalid(name, caller, f"an array whose {what} is below the float64 maximum "
                      "(~1.8e308)", "<an array for which it overflows>")
    return value


def softmax_jacobian(p):
    r"""Jacobian of the softmax at probabilities ``p``: :math:`\partial p/\partial z`.

    .. math::

        J_{\mathrm{sm}}(p) = \operatorname{diag}(p) - p p^\top, \qquad
        \|J_{\mathrm{sm}}(p)\|_2 \le \tfrac12 \ (\text{attained at } p = (\tfrac12,\tfrac12,0,\dots)).

    Parameters
    ----------
    p : array, shape (K,), a probability vector.

    Examples
    --------
    >>> import numpy as np
    >>> from theory.cupid import operator_norm, softmax_jacobian
    >>> J = softmax_jacobian(np.array([0.5, 0.5, 0.0]))
    >>> J
    array([[ 0.25, -0.25,  0.  ],
           [-0.25,  0.25,  0.  ],
           [ 0.  ,  0.  ,  0.  ]])
    >>> operator_norm(J, 2)
    0.5
    """
    p = check_array(p, "p", "softmax_jacobian", ndim=1)
    if np.any(p < 0) or abs(p.sum() - 1) > 1e-9:
        raise invalid("p", "softmax_jacobian", "a probability vector (p >= 0, sum 1)",
                      f"<vector summing to {p.sum():.6g} with min {p.min():.3g}>")
    return np.diag(p) - np.outer(p, p)


def operator_norm(J, norm: int = 2) -> float:
    r"""Induced operator norm :math:`\|J\|_{q\to q}` for q = 1 (max column sum) or 2 (σ_max)."""
    check_param("norm", norm, _NORMS, "operator_norm")
    J = check_array(J, "J", "operator_norm")
    # scaled by a power of two (exact): a column sum or σ_max above ~1.8e308 is refused, not inf
    s = pow2_below(J)
    v = float(np.abs(J / s).sum(axis=0).max() if norm == 1 else np.linalg.norm(J / s, 2))
    return _representable(_times(v, s), "J", "operator_norm", f"operator {norm}-norm")


def first_order_eu(J, delta, norm: int = 1):
    r"""The paper's first-order epistemic score and its operator-norm bound.

    .. math::

        U^{(1)}_{\mathrm{epis}} = \|J\,\delta\|_q \le \|J\|_{q\to q}\,\|\delta\|_q ,
        \qquad \delta = m' - m .

    Parameters
    ----------
    J : array, shape (K, D)
        Jacobian of the head at m (of probabilities, or of logits).
    delta : array, shape (D,)
    norm : {1, 2}
        q; the score of the paper is the L1 norm.

    Returns
    -------
    (value, bound) : floats
    """
    check_param("norm", norm, _NORMS, "first_order_eu")
    J = check_array(J, "J", "first_order_eu")
    d = check_array(delta, "delta", "first_order_eu", ndim=1)
    if J.shape[1] != d.shape[0]:
        raise invalid("delta", "first_order_eu", f"a vector of length {J.shape[1]}",
                      f"<array of shape {d.shape}>")
    v = _matvec_norm(J, d, norm)
    bound = _times(operator_norm(J, norm), scaled_norm(d, norm))
    return v, _representable(bound, "delta", "first_order_eu", "bound ||J|| ||delta||")


def mean_value_bound(jac_fn: Callable, m, delta, n_grid: int = 101, norm: int = 2):
    r"""The corrected finite-perturbation bound (claim ``cupid.eu.mean_value_bound``).

    .. math::

        \|F(m + \delta) - F(m)\| = \Big\|\int_0^1 J_F(m + t\delta)\,\delta\,dt\Big\|
        \le \int_0^1 \|J_F(m+t\delta)\delta\|\,dt
        \le \sup_{t\in[0,1]} \|J_F(m + t\delta)\|\,\|\delta\| .

    The integral and the sup are evaluated on ``n_grid`` equally spaced points (trapezoid rule
    for the integral; for a piecewise-linear F pass a grid fine enough to visit every piece).

    Returns
    -------
    (integral_bound, sup_bound) : floats
    """
    check_param("n_grid", n_grid, Interval(2, MAX_ITER, integer=True), "mean_value_bound")
    check_param("norm", norm, _NORMS, "mean_value_bound")
    m = check_array(m, "m", "mean_value_bound", ndim=1)
    d = check_array(delta, "delta", "mean_value_bound", ndim=1)
    if m.shape != d.shape:
        raise invalid("delta", "mean_value_bound", f"a vector of length {m.size}",
                      f"<array of shape {d.shape}>")
    if not callable(jac_fn):
        raise invalid("jac_fn", "mean_value_bound", "a callable m -> J (K, D)",
                      f"<{type(jac_fn).__name__}>")
    ts = np.linspace(0.0, 1.0, n_grid)
    Js = [np.atleast_2d(check_array(jac_fn(m + t * d), "jac_fn", "mean_value_bound", ndim=None))
          for t in ts]
    if any(J.ndim != 2 or J.shape[1] != m.size for J in Js):
        raise invalid("jac_fn", "mean_value_bound", f"a callable returning (K, {m.size}) "
                      "finite Jacobians", f"<returned shape {Js[0].shape}>")
    along = np.array([_matvec_norm(J, d, norm) for J in Js])
    sup = max(operator_norm(J, norm) for J in Js)
    # the trapezoid of values up to ~1.8e308 is taken at half scale (their sum may overflow)
    integral = 2.0 * float(np.trapezoid(along / 2.0, ts))
    return (_representable(integral, "delta", "mean_value_bound", "integral bound"),
            _representable(_times(sup, scaled_norm(d, norm)), "delta", "mean_value_bound",
                           "bound sup ||J|| ||delta||"))


def nonneg_null_direction(W, *, tol: float = 1e-9):
    r"""A direction :math:`v \ge 0`, :math:`\sum v = 1`, with :math:`W v = 0`, or ``None``.

    Found by a HiGHS feasibility LP. When it exists, :math:`m' = m + t v` keeps a linear head's
    output and stays reachable by a ReLU reconstruction, so the epistemic loss
    :math:`L_{\mathrm{epis}} = -T_{11}\,t\,\operatorname{mean}(v)` is unbounded below
    (claim ``cupid.eu.unbounded``). By Gordan's alternative it does not exist iff some
    :math:`y` has :math:`W^\top y > 0`.

    Parameters
    ----------
    W : array, shape (K, D)
    tol : float >= 0
        The largest ``‖W v‖₂`` accepted, with each row of W scaled to a largest entry in [1, 2)
        (the answer does not depend on the scale of a row).
    """
    W = check_array(W, "W", "nonneg_null_direction")
    check_param("tol", tol, Interval(0, None), "nonneg_null_direction")
    # W v = 0 does not depend on the scale of a row: each row is divided by the power of two
    # at or below its largest |entry| (exact), so that HiGHS, whose tolerances are absolute,
    # sees entries in [1, 2). Rows of ~1e-300 read as zero (a null direction found where none
    # exists), rows of ~1e300 overflowed its scaling (none found where one exists).
    top = np.max(np.abs(W), axis=1)
    W = W / np.where(top > 0, np.ldexp(1.0, np.frexp(top)[1] - 1), 1.0)[:, None]
    K, D = W.shape
    res = linprog(np.zeros(D), A_eq=np.vstack([W, np.ones((1, D))]),
                  b_eq=np.r_[np.zeros(K), 1.0], bounds=[(0, None)] * D, method="highs")
    if res.status != 0:
        return None
    v = res.x
    if np.linalg.norm(W @ v) > tol * max(1.0, np.abs(W).max()):
        return None
    return v
