"""The self-representation sub-layer of EKNN (the papernotes.org summary), our reconstruction.

As summarised: :math:`\\eta \\lVert X - X\\Theta \\rVert_F^2 + \\mu \\lVert \\Theta \\rVert_*`;
here the **columns** of X are the n points (X is d × n) so that Θ is n × n. Alone (without the
coupling to the linear layer) it is low-rank subspace clustering with the closed form of
Favaro, Vidal & Ravichandran (CVPR 2011); the noiseless limit is LRR's :math:`V_r V_r^\\top`.
"""

from __future__ import annotations

import numpy as np

from theory.validation import Interval, check_array, check_param, invalid


def selfrep_objective(X, Theta, eta: float, mu: float) -> float:
    """:math:`\\eta \\lVert X - X\\Theta \\rVert_F^2 + \\mu \\lVert \\Theta \\rVert_*` (the papernotes.org summary).

    Parameters
    ----------
    X : array, shape (d, n), columns are points
    Theta : array, shape (n, n)
    eta, mu : float ≥ 0

    Returns
    -------
    float (squared input units)
    """
    caller = "selfrep_objective"
    X = check_array(X, "X", caller)
    Theta = check_array(Theta, "Theta", caller)
    n = X.shape[1]
    if Theta.shape != (n, n):
        raise invalid("Theta", caller, f"a ({n}, {n}) array (X has {n} columns)",
                      f"<array of shape {Theta.shape}>")
    check_param("eta", eta, Interval(0, None), caller)
    check_param("mu", mu, Interval(0, None), caller)
    return float(eta * ((X - X @ Theta) ** 2).sum()
                 + mu * np.linalg.svd(Theta, compute_uv=False).sum())


def lrsc_closed_form(X, eta: float, mu: float) -> np.ndarray:
    """Minimiser of the self-representation problem (LRSC closed form; our derivation).

    .. math::
        \\Theta^\\star = V \\operatorname{diag}\\Bigl(\\max\\bigl(0,\\,
        1 - \\tfrac{\\mu}{2\\eta\\sigma_i^2}\\bigr)\\Bigr) V^\\top,\\qquad X = U \\Sigma V^\\top .

    With :math:`\\Theta = V\\operatorname{diag}(t)V^\\top` the objective separates into
    :math:`\\eta\\sigma_i^2(1-t_i)^2 + \\mu|t_i|`, minimised at the shrunk :math:`t_i`.

    Parameters
    ----------
    X : array, shape (d, n), columns are the n points
    eta : float > 0
    mu : float ≥ 0

    Returns
    -------
    Theta : array, shape (n, n), symmetric PSD.
    """
    caller = "lrsc_closed_form"
    X = check_array(X, "X", caller)
    check_param("eta", eta, Interval(0, None, "neither"), caller)
    check_param("mu", mu, Interval(0, None), caller)
    _, s, Vt = np.linalg.svd(X, full_matrices=False)
    # μ/(2ησ²) as (μ/2η)/σ/σ: σ² underflows below 1e-154 and overflows above 1e154, and
    # μ = 0 with σ² = 0 gave 0/0 = NaN (Θ of NaN for a tiny X without shrinkage)
    with np.errstate(divide="ignore", over="ignore"):
        safe = np.where(s > 0, s, 1.0)
        t = np.where(s > 0, np.maximum(0.0, 1.0 - (mu / (2 * eta)) / safe / safe), 0.0)
    return (Vt.T * t) @ Vt


def lrr_noiseless(X, rank: int | None = None) -> np.ndarray:
    """Minimum-nuclear-norm exact self-representation (LRR, noiseless; our derivation).

    .. math::
        \\arg\\min \\lVert \\Theta \\rVert_* \\ \\text{s.t.}\\ X = X\\Theta \\ =\\ V_r V_r^\\top,
        \\qquad X = U_r \\Sigma_r V_r^\\top .

    Parameters
    ----------
    X : array, shape (d, n), columns are points
    rank : int ≥ 1, optional (default: numerical rank of X)

    Returns
    -------
    array, shape (n, n)
    """
    caller = "lrr_noiseless"
    X = check_array(X, "X", caller)
    _, s, Vt = np.linalg.svd(X, full_matrices=False)
    if not s.size or s[0] == 0:
        raise invalid("X", caller, "an array of rank >= 1", f"<zero array of shape {X.shape}>")
    if rank is None:
        rank = int((s > s[0] * max(X.shape) * np.finfo(float).eps).sum()) if s.size else 0
    check_param("rank", rank, Interval(1, len(s), integer=True), caller)
    return Vt[:rank].T @ Vt[:rank]
