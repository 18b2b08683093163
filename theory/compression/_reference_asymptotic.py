"""The asymptotic DRC of Thm 3 for finite alphabets: convex solve, Sinkhorn path, binary scan.

D_inf(R) = min <P, d> over couplings P of (p_X, p_Y) with I(X;Y) = KL(P || p_X p_Y^T) <= R
(bits) is a convex program (``asymptotic_drc``: cvxpy with ``rel_entr``, exponential cone,
Clarabel). Its Lagrangian form min <P, d> + eps KL(P || p_X p_Y^T) is entropic OT, so POT's
``ot.sinkhorn`` traces the curve as eps sweeps (``sinkhorn_dr_curve``; for P in the coupling set
-H(P) = I(X;Y) - H(X) - H(Y), so the entropic regulariser of POT is the same problem). The exact
classification constraint H(S|Y) <= C is not convex; for binary alphabets the coupling is fixed
by p11 and ``binary_asymptotic_drc_scan`` scans it. The binary root-finding route of
our derivation lives in :func:`theory.compression.bernoulli_asymptotic_dr` and is
re-exported here as ``binary_asymptotic_dr``.
"""

from __future__ import annotations

import math

import numpy as np

from theory.compression._bernoulli import bernoulli_asymptotic_dr as binary_asymptotic_dr
from theory.compression._reference_lp import (
    _binary_joint,
    _entropy_bits,
    best_p11_scan,
    binary_cond_entropy_from_joint,
    check_law,
)
from theory.validation import Interval, check_array, check_param

__all__ = ["asymptotic_drc", "binary_asymptotic_dr", "binary_asymptotic_drc_scan",
           "sinkhorn_dr_curve"]


def asymptotic_drc(R: float, p_x, p_y, d, *, solver: str = "CLARABEL") -> float:
    r"""Asymptotic rate-only DRC of Thm 3 by a convex solve (cvxpy, ``rel_entr``).

    .. math:: \min_{P \in \Gamma(p_X,p_Y)} \langle P, d\rangle \quad\text{s.t.}\quad
              \sum_{xy} P_{xy}\log\frac{P_{xy}}{p_X(x)p_Y(y)} \le R\ln 2.

    Parameters
    ----------
    R : float
        Rate bound in bits.
    p_x : array (n_x,), p_y : array (n_y,), d : array (n_x, n_y)

    Returns
    -------
    float
        The minimum expected distortion (``inf`` if the solver reports infeasibility).

    Notes
    -----
    Solved in the variable :math:`W = P / (p_X p_Y^\top)` (entries of order one; in ``P`` itself
    the tail cells of a discretised Gaussian law are of order 1e-14 and Clarabel stopped at its
    reduced accuracy, "Solution may be inaccurate", about 1e-3 off on the 40-cell Gaussian grid of
    ``compression.thm4.discretised_convex_solve``), at Clarabel's default full accuracy (duality
    gap and feasibility 1e-8; the Bernoulli points of the compression claims agree with the
    closed-form root to 1.4e-8). At ``R = 0`` the constraint has one feasible point, the product
    coupling (KL is zero only there; no interior point, so an interior-point solve stalls at
    reduced accuracy): its value :math:`\langle p_X p_Y^\top, d\rangle` is returned exactly.
    A solve that still ends at reduced accuracy keeps cvxpy's warning: it is a real inaccuracy.
    """
    import cvxpy as cp

    check_param("R", R, Interval(0, None, "left", allow_inf=True), "asymptotic_drc")
    p_x = check_law(p_x, "p_x", "asymptotic_drc")
    p_y = check_law(p_y, "p_y", "asymptotic_drc")
    d = check_array(d, "d", "asymptotic_drc")
    Q = np.outer(p_x, p_y)
    if R == 0:  # KL(P || Q) <= 0 only at P = Q
        return float(np.sum(Q * d))
    W = cp.Variable(d.shape, nonneg=True)  # P = Q * W
    P = cp.multiply(Q, W)
    cons = [cp.sum(P, axis=1) == p_x, cp.sum(P, axis=0) == p_y]
    if math.isfinite(R):  # KL(P || Q) = sum Q W log W = -sum Q entr(W)
        cons.append(-cp.sum(cp.multiply(Q, cp.entr(W))) <= R * np.log(2))
    prob = cp.Problem(cp.Minimize(cp.sum(cp.multiply(Q * d, W))), cons)
    prob.solve(solver=solver)
    if prob.status not in ("optimal", "optimal_inaccurate"):
        return math.inf
    return float(prob.value)


def sinkhorn_dr_curve(p_x, p_y, d, eps, *, num_iter: int = 100_000, stop: float = 1e-13):
    r"""Points (R, D) of the asymptotic D(R) curve from entropic OT (POT ``ot.sinkhorn``).

    For each :math:`\varepsilon` the plan :math:`P_\varepsilon = \arg\min_{P\in\Gamma}
    \langle P,d\rangle + \varepsilon\,KL(P\,\|\,p_Xp_Y^\top)` (nats) is a point of the
    curve with :math:`R = KL(P_\varepsilon\|p_Xp_Y^\top)/\ln 2` bits and
    :math:`D = \langle P_\varepsilon, d\rangle` (the Blahut-Arimoto slope is
    :math:`-\varepsilon\ln 2` per bit).

    Returns
    -------
    R : array (len(eps),) in bits
    D : array (len(eps),)
    """
    import ot

    p_x = np.asarray(p_x, dtype=np.float64)
    p_y = np.asarray(p_y, dtype=np.float64)
    d = np.asarray(d, dtype=np.float64)
    rates, dists = [], []
    for e in np.atleast_1d(eps):
        P = ot.sinkhorn(p_x, p_y, d, reg=float(e), method="sinkhorn_log",
                        numItermax=num_iter, stopThr=stop)
        ref = np.outer(p_x, p_y)
        mask = P > 0
        rates.append(float(np.sum(P[mask] * np.log(P[mask] / ref[mask])) / np.log(2)))
        dists.append(float(np.sum(P * d)))
    return np.array(rates), np.array(dists)


def binary_asymptotic_drc_scan(R: float, C: float, q_x: float, q_y: float, q_s1: float, *,
                               n: int = 4001) -> float:
    """Asymptotic Bernoulli DRC with the exact H(S|Y) <= C by a scan of p11 (Hamming units).

    Every coupling of the two Bernoulli laws is fixed by p11 in [0, min(q_X, q_Y)]; I(X;Y) and
    H(S|Y) are computed from the joint table by generic entropy code, the largest p11 meeting
    both bounds is found by a grid scan refined by bisection. ``inf`` if none does.
    """
    ps_x = np.array([[1 - q_s1, q_s1], [q_s1, 1 - q_s1]])
    h_x, h_y = _entropy_bits([1 - q_x, q_x]), _entropy_bits([1 - q_y, q_y])

    def feasible(p):
        pxy = _binary_joint(p, q_x, q_y)
        mi = h_x + h_y - _entropy_bits(pxy, axis=(-2, -1))
        return (mi <= R + 1e-12) & (binary_cond_entropy_from_joint(pxy, ps_x) <= C + 1e-12)

    p = best_p11_scan(0.0, min(q_x, q_y), feasible, n=n)
    return math.inf if math.isnan(p) else float(q_x + q_y - 2 * p)
