"""Independent computations the closed forms are checked against: Monte Carlo simulation of each
process (numpy, seeded ``rng``), exact variance recursions, quadrature and the discrete Lyapunov
equation. Kept apart from the closed forms so a claim never checks a formula against itself."""

from __future__ import annotations

import numpy as np
from scipy import integrate, linalg


def mc_variance_paths(step, x0, H: int, n: int, rng, chunk: int = 200_000) -> np.ndarray:
    """Per-horizon variance (h = 1..H) of ``n`` simulated paths from ``x0``; ``step(x, t, rng)``
    advances the state (shape (m, ...)) from time t to t+1. Returns shape (H, ...) (ddof=1).
    Accumulates in chunks (Welford-free: sums of x and x² in float64 about the exact mean is not
    known, so a two-pass per chunk with pooled moments)."""
    x0 = np.asarray(x0, dtype=np.float64)
    s1 = s2 = None
    done = 0
    while done < n:
        m = min(chunk, n - done)
        x = np.broadcast_to(x0, (m, *x0.shape)).copy()
        rows1, rows2 = [], []
        for t in range(H):
            x = step(x, t, rng)
            rows1.append(x.sum(axis=0))
            rows2.append((x * x).sum(axis=0))
        a1, a2 = np.array(rows1), np.array(rows2)
        s1 = a1 if s1 is None else s1 + a1
        s2 = a2 if s2 is None else s2 + a2
        done += m
    mean = s1 / n
    return (s2 - n * mean**2) / (n - 1)


def ar1_step(phi: float, s2: float):
    sd = np.sqrt(s2)
    return lambda x, t, rng: phi * x + sd * rng.standard_normal(x.shape)


def reset_step(L: int, s2: float, phase: int = 0):
    sd = np.sqrt(s2)

    def step(x, t, rng):
        x = x + sd * rng.standard_normal(x.shape)
        if (phase + t + 1) % L == 0:
            x = np.zeros_like(x)
        return x

    return step


def reset_variance_recursion(H: int, L: int, s2: float, phase: int = 0) -> np.ndarray:
    """Exact variance by the recursion V ← 0 at a reset time, else V ← V + s2."""
    out, V = [], 0.0
    for t in range(H):
        V = 0.0 if (phase + t + 1) % L == 0 else V + s2
        out.append(V)
    return np.array(out)


def ar1_variance_recursion(H: int, phi: float, s2: float) -> np.ndarray:
    """V(1) = s2, V(h+1) = φ² V(h) + s2 (exact, term by term)."""
    out, V = [], 0.0
    for _ in range(H):
        V = phi**2 * V + s2
        out.append(V)
    return np.array(out)


def ou_variance_quadrature(h: float, theta: float, sigma: float) -> float:
    """Itô isometry: Var = ∫_0^h σ² e^{−2θ(h−u)} du, by adaptive quadrature."""
    val, _ = integrate.quad(lambda u: sigma**2 * np.exp(-2 * theta * (h - u)), 0.0, h,
                            epsabs=1e-14, epsrel=1e-13)
    return float(val)


def lgssm_lyapunov(A, Q, h: int) -> np.ndarray:
    """Σ_h = Σ∞ − A^h Σ∞ (A^h)ᵀ with Σ∞ solving Σ = AΣAᵀ + Q (stable A only)."""
    S_inf = linalg.solve_discrete_lyapunov(np.asarray(A), np.asarray(Q))
    P = np.linalg.matrix_power(np.asarray(A), h)
    return S_inf - P @ S_inf @ P.T


def circle_variance_gauss_hermite(h: int, omega: float, s2: float, theta0: float,
                                  component: str = "cos", nodes: int = 80) -> float:
    """Var of cos (or sin) of θ ~ N(θ0 + hω, h s2) by Gauss–Hermite quadrature."""
    x, w = np.polynomial.hermite_e.hermegauss(nodes)
    w = w / w.sum()
    th = theta0 + h * omega + np.sqrt(h * s2) * x
    f = np.cos(th) if component == "cos" else np.sin(th)
    m = float(w @ f)
    return float(w @ (f - m) ** 2)


def circle_step(omega: float, s2: float):
    sd = np.sqrt(s2)
    return lambda th, t, rng: th + omega + sd * rng.standard_normal(th.shape)
