"""Gaussian DRC / DRPC by direct search over jointly Gaussian reconstructions (Thm 6).

By Thm 6 the optimum is attained by Y jointly Gaussian with (X, S), so the problem reduces to
the correlation rho = corr(X, Y) (and sigma_Y for the DRPC). Every quantity is computed here
from the 3x3 covariance matrix of (S, X, Y) with log-determinants -- I(X;Y), h(S|Y) (bits) --
or by a third-party routine (W2 through POT's ``ot.gaussian.bures_wasserstein_distance``), and
minimised over a grid plus the constraint boundaries (bisected), with a bounded Brent polish
over sigma_Y for the DRPC. Nothing is
taken from the closed forms of :mod:`theory.compression`.
"""

from __future__ import annotations

import math

import numpy as np

__all__ = ["gaussian_drc_search", "gaussian_drpc_search", "gaussian_quantities"]

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


def _bisect(f, a, b, iters=60):
    """Boundary of the set {f <= 0} between a (inside) and b (outside).

    Brent's method locates the sign change to ~1e-15 in a dozen evaluations; if the root it
    returns lies (by rounding) on the outside, plain bisection from (a, root) finishes the job,
    so the point returned always satisfies f <= 0.
    """
    from scipy.optimize import brentq

    fa, fb = f(a), f(b)
    if fa <= 0 < fb or fb > 0 >= fa:
        try:
            r = brentq(f, a, b, xtol=1e-15, rtol=4 * np.finfo(float).eps)
        except ValueError:  # f(a) == 0 exactly counts as inside; brentq wants a strict change
            r = b
        if f(r) <= 0:
            return r
        b = r
    for _ in range(iters):
        m = 0.5 * (a + b)
        if f(m) <= 0:
            a = m
        else:
            b = m
    return a


def _boundaries(f, grid):
    """Points where ``f`` (vectorised) changes sign along ``grid``, refined by bisection,
    returned on the side where f <= 0."""
    v = f(grid)
    out = []
    for i in np.flatnonzero(np.sign(v[:-1]) != np.sign(v[1:])):
        a, b = (grid[i], grid[i + 1]) if v[i] <= 0 else (grid[i + 1], grid[i])
        out.append(_bisect(lambda x: float(f(np.array([x]))[0]), a, b))
    return out


def gaussian_drc_search(R: float, C: float, *, mu_x, sigma_x, mu_y, sigma_y, sigma_s, theta1,
                        n: int = 4001) -> float:
    """min E(X-Y)^2 over rho in [-1, 1] with I(X;Y) <= R and h(S|Y) <= C (bits).

    h(S) = log2(2 pi e sigma_S^2)/2 is added to the log-det difference. The candidates are a
    grid of ``n`` points plus the boundary points of each constraint (sign changes along the
    grid, bisected to machine precision), so thin feasible intervals are not missed.
    """
    h_s = 0.5 * math.log2(2 * math.pi * math.e * sigma_s**2)

    def q(r):
        return gaussian_quantities(np.clip(r, -1 + 1e-15, 1 - 1e-15), sigma_x=sigma_x,
                                   sigma_y=sigma_y, sigma_s=sigma_s, theta1=theta1)

    grid = np.linspace(-1, 1, n)
    cand = [grid]
    if math.isfinite(R):
        cand.append(_boundaries(lambda r: q(r)[0] - R, grid))
    cand.append(_boundaries(lambda r: h_s + q(r)[1] - C, grid))
    rho = np.concatenate([np.atleast_1d(np.asarray(c, dtype=np.float64)) for c in cand])
    mi, dh = q(rho)
    ok = (mi <= R + 1e-12) & (h_s + dh <= C + 1e-12)
    if not ok.any():
        return math.inf
    d = (mu_x - mu_y) ** 2 + sigma_x**2 + sigma_y**2 - 2 * rho * sigma_x * sigma_y
    return float(np.min(d[ok]))


def _kl_nats(sigma_y, sigma_x):
    """KL(N(0, sigma_y^2) || N(0, sigma_x^2)) in nats (textbook trace/log-det form)."""
    return 0.5 * (sigma_y**2 / sigma_x**2 - 1 + np.log(sigma_x**2 / sigma_y**2))


def _w2sq(sigma_y, sigma_x):
    """W2^2 between centred 1-D Gaussians through POT's Bures-Wasserstein distance."""
    import ot

    return float(ot.gaussian.bures_wasserstein_distance(
        np.zeros(1), np.zeros(1), np.array([[sigma_x**2]]), np.array([[sigma_y**2]]))) ** 2


def gaussian_drpc_search(R: float, P: float, C: float, *, sigma_x, sigma_s, theta1,
                         perception: str = "kl", n_sigma: int = 301) -> float:
    """min over (rho, sigma_Y) of sigma_X^2 + sigma_Y^2 - 2 rho sigma_X sigma_Y subject to
    I(X;Y) <= R, h(S|Y) <= C (bits) and KL(p_Y||p_X) <= P (nats) or W2^2(p_X, p_Y) <= P.

    For each sigma_Y the inner problem in rho is :func:`gaussian_drc_search`. A vectorised
    (rho, sigma_Y) grid locates the basin; the candidates are then the perception boundary
    points (KL by the trace/log-det formula, W2 by POT's Bures-Wasserstein distance, bisected)
    and a bounded Brent polish of the inner value around the best grid sigma_Y. ``inf`` if
    nothing is feasible.
    """
    from scipy.optimize import minimize_scalar

    per = np.vectorize((lambda s: float(_kl_nats(s, sigma_x))) if perception == "kl"
                       else (lambda s: _w2sq(s, sigma_x)))

    def inner(s):
        return gaussian_drc_search(R, C, mu_x=0.0, sigma_x=sigma_x, mu_y=0.0, sigma_y=s,
                                   sigma_s=sigma_s, theta1=theta1, n=201)

    grid = np.union1d(np.linspace(1e-4 * sigma_x, 2 * sigma_x, n_sigma), [sigma_x])
    step = grid[1] - grid[0]
    p_ok = per(grid) <= P
    bounds = _boundaries(lambda s: per(s) - P, grid)
    if not p_ok.any() and not bounds:
        return math.inf
    # basin: every perception-feasible grid sigma_Y, each with its exact inner optimum in rho
    sig = grid[p_ok]
    rr, ss = np.meshgrid(np.linspace(0, 1 - 1e-12, 401), sig, indexing="ij")
    h_s = 0.5 * math.log2(2 * math.pi * math.e * sigma_s**2)
    mi, dh = gaussian_quantities(rr, sigma_x=sigma_x, sigma_y=ss, sigma_s=sigma_s,
                                 theta1=theta1)
    obj = np.where((mi <= R) & (h_s + dh <= C), sigma_x**2 + ss**2 - 2 * rr * sigma_x * ss,
                   np.inf)
    cand = list(bounds)
    if sig.size and np.isfinite(obj).any():
        cand.append(float(sig[np.argmin(obj.min(0))]))
    else:  # thin feasible rho-set (C binding): fall back to exact inner values everywhere
        cand += list(sig[:: max(1, sig.size // 30)])
    vals = [inner(s) for s in cand]
    k = int(np.argmin(vals))
    best, s0 = float(vals[k]), cand[k]
    if math.isfinite(best):
        lo = max(s0 - 2 * step, min(cand)) if bounds else s0 - 2 * step
        lo, hi = max(lo, 1e-6), s0 + 2 * step
        res = minimize_scalar(inner, bounds=(lo, hi), method="bounded",
                              options={"xatol": 1e-12})
        if per(res.x) <= P + 1e-12:
            best = min(best, float(res.fun))
    return best
