"""Gaussian DRC / DRPC by direct search over jointly Gaussian reconstructions (Thm 6).

By Thm 6 the optimum is attained by Y jointly Gaussian with (X, S), so the problem reduces to
the correlation rho = corr(X, Y) (and sigma_Y for the DRPC). Every quantity is computed here
from the 3x3 covariance matrix of (S, X, Y) with log-determinants -- I(X;Y), h(S|Y) (bits) --
or by a third-party routine (W2 through POT's ``ot.gaussian.bures_wasserstein_distance``), and
minimised by a dense grid refined by bisection (DRC) or polished by SLSQP (DRPC). Nothing is
taken from the closed forms of :mod:`theory.compression`.
"""

from __future__ import annotations

import math

import numpy as np

_LOG2 = math.log(2)


def _cov(rho, sigma_x, sigma_y, sigma_s, theta1):
    """Covariance of (S, X, Y) with S - X - Y, for arrays ``rho``; shape rho.shape + (3, 3)."""
    rho = np.asarray(rho, dtype=np.float64)
    cxy = rho * sigma_x * sigma_y
    csy = theta1 * cxy / sigma_x**2  # Markov chain: Cov(S,Y) = Cov(S,X) Cov(X,Y) / Var X
    sigma_y = np.broadcast_to(sigma_y, rho.shape)
    m = np.empty(rho.shape + (3, 3))
    m[..., 0, 0], m[..., 1, 1], m[..., 2, 2] = sigma_s**2, sigma_x**2, sigma_y**2
    m[..., 0, 1] = m[..., 1, 0] = theta1
    m[..., 0, 2] = m[..., 2, 0] = csy
    m[..., 1, 2] = m[..., 2, 1] = cxy
    return m


def _logdet(m):
    sign, ld = np.linalg.slogdet(m)
    return np.where(sign > 0, ld, -np.inf)


def gaussian_quantities(rho, *, sigma_x, sigma_y, sigma_s, theta1):
    """(I(X;Y), h(S|Y) - h(S)) in bits from log-determinants; arrays of ``rho``'s shape.

    I = (ln det S_X + ln det S_Y - ln det S_XY) / (2 ln 2) and
    h(S|Y) - h(S) = (ln det S_SY - ln det S_Y - ln det S_S) / (2 ln 2).
    """
    m = _cov(rho, sigma_x, sigma_y, sigma_s, theta1)
    ld_xy = _logdet(m[..., 1:, 1:])
    ld_sy = _logdet(m[..., ::2, ::2])
    ly = np.log(m[..., 2, 2])
    mi = (np.log(m[..., 1, 1]) + ly - ld_xy) / (2 * _LOG2)
    dh = (ld_sy - ly - np.log(m[..., 0, 0])) / (2 * _LOG2)
    return mi, dh


def gaussian_drc_search(R: float, C: float, *, mu_x, sigma_x, mu_y, sigma_y, sigma_s, theta1,
                        n: int = 20001) -> float:
    """min E(X-Y)^2 over rho in [-1, 1] with I(X;Y) <= R and h(S|Y) <= C (bits).

    h(S) = log2(2 pi e sigma_S^2)/2 is added to the log-det difference. Grid of ``n`` points,
    then bisection between the best feasible point and its infeasible neighbour.
    """
    h_s = 0.5 * math.log2(2 * math.pi * math.e * sigma_s**2)

    def feasible(r):
        mi, dh = gaussian_quantities(np.clip(r, -1 + 1e-15, 1 - 1e-15), sigma_x=sigma_x,
                                     sigma_y=sigma_y, sigma_s=sigma_s, theta1=theta1)
        return (mi <= R + 1e-12) & (h_s + dh <= C + 1e-12)

    def dist(r):
        return (mu_x - mu_y) ** 2 + sigma_x**2 + sigma_y**2 - 2 * r * sigma_x * sigma_y

    grid = np.linspace(-1, 1, n)
    ok = feasible(grid)
    if not ok.any():
        return math.inf
    i = int(np.flatnonzero(ok)[-1])  # D decreases in rho: the largest feasible rho wins
    if i == n - 1:
        return float(dist(grid[i]))
    a, b = grid[i], grid[i + 1]
    for _ in range(60):
        m = 0.5 * (a + b)
        if feasible(np.array([m]))[0]:
            a = m
        else:
            b = m
    return float(dist(a))


def _kl_nats(sigma_y, sigma_x):
    """KL(N(0, sigma_y^2) || N(0, sigma_x^2)) in nats (textbook trace/log-det form)."""
    return 0.5 * (sigma_y**2 / sigma_x**2 - 1 + np.log(sigma_x**2 / sigma_y**2))


def _w2sq(sigma_y, sigma_x):
    import ot

    return float(ot.gaussian.bures_wasserstein_distance(
        np.zeros(1), np.zeros(1), np.array([[sigma_x**2]]), np.array([[sigma_y**2]]))) ** 2


def gaussian_drpc_search(R: float, P: float, C: float, *, sigma_x, sigma_s, theta1,
                         perception: str = "kl", n_rho: int = 401, n_sigma: int = 401) -> float:
    """min over (rho, sigma_Y) of sigma_X^2 + sigma_Y^2 - 2 rho sigma_X sigma_Y subject to
    I(X;Y) <= R, h(S|Y) <= C (bits) and KL(p_Y||p_X) <= P (nats) or W2^2(p_X, p_Y) <= P.

    A grid over (rho, sigma_Y) finds the basin; SLSQP polishes the best grid point (W2 through
    POT's Bures-Wasserstein distance, KL through the Gaussian trace/log-det formula).
    ``inf`` if no grid point is feasible.
    """
    from scipy.optimize import minimize

    h_s = 0.5 * math.log2(2 * math.pi * math.e * sigma_s**2)

    def percep(sy):
        if perception == "kl":
            return _kl_nats(sy, sigma_x)
        return np.vectorize(_w2sq)(sy, sigma_x) if np.ndim(sy) else _w2sq(sy, sigma_x)

    rho = np.linspace(0, 1 - 1e-9, n_rho)
    # sigma_X itself is on the grid so that P = 0 (p_Y = p_X) has a feasible point
    sig = np.union1d(np.linspace(1e-3 * sigma_x, 1.5 * sigma_x, n_sigma), [sigma_x])
    rr, ss = np.meshgrid(rho, sig, indexing="ij")
    mi, dh = gaussian_quantities(rr, sigma_x=sigma_x, sigma_y=ss, sigma_s=sigma_s, theta1=theta1)
    # W2^2 of centred 1-D Gaussians on the grid: POT is called on the polish step only
    per = _kl_nats(ss, sigma_x) if perception == "kl" else (sigma_x - ss) ** 2
    ok = (mi <= R) & (h_s + dh <= C) & (per <= P)
    if not ok.any():
        return math.inf
    obj = sigma_x**2 + ss**2 - 2 * rr * sigma_x * ss
    k = np.unravel_index(np.argmin(np.where(ok, obj, np.inf)), obj.shape)
    x0 = np.array([rr[k], ss[k]])

    def cons(v):
        m, h = gaussian_quantities(np.array(v[0]), sigma_x=sigma_x, sigma_y=v[1],
                                   sigma_s=sigma_s, theta1=theta1)
        return np.array([R - float(m), C - h_s - float(h), P - float(percep(v[1]))])

    res = minimize(lambda v: sigma_x**2 + v[1] ** 2 - 2 * v[0] * sigma_x * v[1], x0,
                   method="SLSQP", bounds=[(0, 1 - 1e-12), (1e-6, 2 * sigma_x)],
                   constraints=[{"type": "ineq", "fun": cons}],
                   options={"ftol": 1e-14, "maxiter": 500})
    best = float(obj[k])
    if res.success and np.all(cons(res.x) >= -1e-10):
        best = min(best, float(res.fun))
    return best
