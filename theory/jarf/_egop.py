"""Expected gradient / Jacobian outer products (EGOP / EJOP) of index models, in closed form.

Rauniyar, *Jacobian-Aligned Random Forests* (arXiv 2512.08306, ICLR 2026), the EJOP
definition (section number not seen) and the index-model literature it builds on (Trivedi et al. 2014). The paper body
was not seen; definitions follow two public summaries (papernotes.org, themoonlight.io).

For f(x) = g(Wᵀx) the chain rule gives ∇f(x) = W ∇g(Wᵀx), so

.. math::

    H_0 = \\mathbb{E}[\\nabla f \\nabla f^\\top] = W\\,\\mathbb{E}[\\nabla g\\,\\nabla g^\\top]\\,W^\\top,

and range(H0) ⊆ span(W). With x ~ N(0, I_d) and one index w (s = ‖w‖), wᵀx ~ sZ and
H0 = E[g'(sZ)²]·wwᵀ. All quantities are dimensionless (units of f² per unit of x²).
"""

from __future__ import annotations

import itertools

import numpy as np
from scipy import integrate

from theory.validation import (
    MAX_ITER,
    Interval,
    Options,
    check_array,
    check_param,
    check_rng,
    invalid,
)

_LINKS = Options("tanh", "logistic")


def _sech2(t):
    """sech²(t) = 4e^{−2|t|}/(1 + e^{−2|t|})²: no overflow (cosh(t)² is inf beyond |t| ≈ 355)
    and no cancellation (1 − tanh²(t) is 0 beyond |t| ≈ 19)."""
    q = np.exp(-2.0 * np.abs(t))
    return 4.0 * q / (1.0 + q) ** 2


def _dlink(link: str):
    if link == "tanh":
        return _sech2
    return lambda t: 0.25 * _sech2(t / 2.0)  # σ'(t) = σ(1 − σ) = ¼ sech²(t/2)


#: Above this s the quadrature runs in u = s·z (the two forms agree to 2e-16 at s = 1e3).
_WIDE = 100.0


def single_index_coefficient(s: float, link: str = "tanh") -> float:
    r"""The scalar E[g'(sZ)²] for Z ~ N(0, 1), by adaptive quadrature (accurate to ~1e-12).

    .. math::

        c(s) = \int_{-\infty}^{\infty} g'(s z)^2\,\varphi(z)\,dz,\qquad
        g'=\operatorname{sech}^2 \text{ (tanh)},\; g' = \sigma(1-\sigma) \text{ (logistic)}.

    Parameters
    ----------
    s : float
        ‖w‖ ≥ 0.
    link : {"tanh", "logistic"}

    Returns
    -------
    float
        c(s) (dimensionless). Paper location: the EJOP definition (section not seen); closed form ours.

    Examples
    --------
    >>> import numpy as np
    >>> from theory.jarf import single_index_coefficient
    >>> s = float(np.linalg.norm([1.0, -2.0, 0.5, 0.0, 1.5]))
    >>> round(single_index_coefficient(s, "tanh"), 6)
    0.190209
    >>> round(single_index_coefficient(0.0, "tanh"), 6)
    1.0
    """
    caller = "single_index_coefficient"
    check_param("link", link, _LINKS, caller)
    check_param("s", s, Interval(0, None), caller)
    dg = _dlink(link)
    if s > _WIDE:
        # in u = s·z the spike of width 1/s at z = 0 becomes a fixed-width bump: quadrature in z
        # misses it for large s (s = 1e6 gave 0 for 5.3e-7)
        def integrand(u):
            return dg(u) ** 2 * np.exp(-0.5 * (u / s) ** 2) / (np.sqrt(2 * np.pi) * s)
    else:
        def integrand(z):
            return dg(s * z) ** 2 * np.exp(-0.5 * z * z) / np.sqrt(2 * np.pi)

    # the integrand is even: integrate (0, ∞) and double, split where sech² has decayed
    pieces = [0.0, 1.0, 3.0, 8.0, np.inf]
    total = 0.0
    for a, b in itertools.pairwise(pieces):
        val, _ = integrate.quad(integrand, a, b, epsabs=1e-14, epsrel=1e-13, limit=200)
        total += val
    return 2.0 * total


def egop_single_index(w, link: str = "tanh") -> np.ndarray:
    r"""Closed-form EGOP of f(x) = g(wᵀx) for x ~ N(0, I_d).

    .. math::

        H_0 = \mathbb{E}_{x\sim N(0,I_d)}[\nabla f\,\nabla f^\top]
            = \mathbb{E}[g'(\lVert w\rVert Z)^2]\; w w^\top .

    For ``link="logistic"`` the model is a binary classifier with class probabilities
    (1 − σ, σ); the EJOP sums both class columns (∇f₀ = −∇f₁), so it is **twice** the scalar
    EGOP of σ: H0 = 2E[σ'(sZ)²]·wwᵀ.

    Parameters
    ----------
    w : array_like, shape (d,)
    link : {"tanh", "logistic"}

    Returns
    -------
    ndarray, shape (d, d)
        Rank one, range span(w). Paper location: the EJOP definition (section not seen); closed form ours.

    Examples
    --------
    >>> import numpy as np
    >>> from theory.jarf import egop_single_index
    >>> w = np.array([1.0, -2.0, 0.5, 0.0, 1.5])
    >>> H = egop_single_index(w, "tanh")
    >>> int(np.linalg.matrix_rank(H))
    1
    >>> np.round(H[0, :2] / H[0, 0], 6)
    array([ 1., -2.])
    """
    caller = "egop_single_index"
    w = check_array(w, "w", caller, ndim=1)
    check_param("link", link, _LINKS, caller)
    a = float(np.abs(w).max()) if w.size else 0.0
    if a == 0 or 1e-100 <= a <= 1e100:
        r = float(np.linalg.norm(w))
    else:  # the squares in the norm would over/underflow (|w| > 1e154 was refused as 's = inf')
        r = a * float(np.linalg.norm(w / a))
    c = single_index_coefficient(r, link)
    if link == "logistic":
        c *= 2.0
    if a == 0 or 1e-100 <= a <= 1e100:
        return _representable(c * np.outer(w, w), w, "w", caller)
    with np.errstate(over="ignore", under="ignore"):  # c ~ 1/|w| there: c w first
        return _representable(np.outer(c * w, w), w, "w", caller)


def _representable(H: np.ndarray, A: np.ndarray, name: str, caller: str) -> np.ndarray:
    """H, or an error naming ``name`` when float64 cannot hold it: an entry overflowed (inf or
    NaN), or a non-zero input gave an all-zero (underflowed) matrix."""
    with np.errstate(invalid="ignore"):
        big = float(np.abs(H).max()) if H.size else 0.0
    if not np.isfinite(big) or (big < np.finfo(float).tiny and np.any(A != 0)):
        raise invalid(name, caller, "values whose outer-product matrix is representable in "
                      "float64 (entries between ~2.2e-308 and ~1.8e308)",
                      f"<array with max|entry| = {float(np.abs(A).max()):.3g}>")
    return H


def egop_multi_index_mc(W, grad_g, n: int, rng) -> np.ndarray:
    r"""Monte Carlo EGOP of f(x) = g(Wᵀx), x ~ N(0, I_d), from exact gradients.

    .. math::

        \hat H_0 = \frac1n\sum_{i=1}^n W\,\nabla g(W^\top x_i)\,\nabla g(W^\top x_i)^\top W^\top .

    Parameters
    ----------
    W : array_like, shape (d, k)
    grad_g : callable
        ``grad_g(U)`` maps an (n, k) array of index values to the (n, k) gradients of g.
    n : int
        Number of samples.
    rng : numpy Generator

    Returns
    -------
    ndarray, shape (d, d)
    """
    caller = "egop_multi_index_mc"
    W = check_array(W, "W", caller, ndim=2)
    check_param("n", n, Interval(1, MAX_ITER, integer=True), caller)
    rng = check_rng(rng, "rng", caller)
    if not callable(grad_g):
        raise invalid("grad_g", caller, "a callable", f"<{type(grad_g).__name__}>")
    X = rng.standard_normal((n, W.shape[0]))
    Gz = check_array(grad_g(X @ W), "grad_g", caller, ndim=None)
    if Gz.shape != (n, W.shape[1]):
        raise invalid("grad_g", caller, f"a callable returning an array of shape (n, k) = "
                      f"({n}, {W.shape[1]})", f"<output of shape {Gz.shape}>")
    G = Gz @ W.T  # (n, d)
    return G.T @ G / n


def ejop_from_jacobians(J, y_idx=None, mode: str = "full") -> np.ndarray:
    r"""Empirical EJOP from per-sample Jacobians.

    .. math::

        \hat H_0 = \frac1m\sum_{i=1}^m G_i G_i^\top \;(\text{full}),\qquad
        \hat H_0 = \frac1m\sum_{i=1}^m \nabla f_{y_i}(x_i)\nabla f_{y_i}(x_i)^\top
        \;(\text{true\_class}).

    Parameters
    ----------
    J : array_like, shape (m, d, C)
        J[i, :, c] = ∇f_c(x_i) (C = 1 for regression).
    y_idx : array_like of int, shape (m,), optional
        Class index per sample; required for ``mode="true_class"``.
    mode : {"full", "true_class"}

    Returns
    -------
    ndarray, shape (d, d), symmetric PSD. Paper location: the EJOP estimator (section not
    seen; per the papernotes.org summary).
    """
    caller = "ejop_from_jacobians"
    J = check_array(J, "J", caller, ndim=3)
    check_param("mode", mode, Options("full", "true_class"), caller)
    m = J.shape[0]
    if mode == "full":
        with np.errstate(over="ignore", invalid="ignore"):
            return _representable(np.einsum("idc,iec->de", J, J) / m, J, "J", caller)
    if y_idx is None:
        raise invalid("y_idx", caller, "an array of class indices when mode='true_class'",
                      None)
    y = np.asarray(y_idx)
    if y.shape != (m,) or not np.issubdtype(y.dtype, np.integer) or y.min() < 0 \
            or y.max() >= J.shape[2]:
        raise invalid("y_idx", caller, f"an int array of shape ({m},) in [0, {J.shape[2]})",
                      f"<array of shape {y.shape}>")
    G = J[np.arange(m), :, y]
    with np.errstate(over="ignore", invalid="ignore"):
        return _representable(G.T @ G / m, G, "J", caller)
