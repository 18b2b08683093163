"""Data and numpy-only references shared by the theory claims (no torch, no numerics)."""

from __future__ import annotations

import numpy as np
from scipy.spatial.distance import cdist


def two_circles(n: int = 100, *, noise: float = 0.03, seed: int = 0) -> tuple[np.ndarray,
                                                                              np.ndarray]:
    """Two noisy concentric circles (radii 1 and 2), points ∝ arc length (1/3 inner).

    Returns ``X`` of shape (n, 2) and labels ``y`` (0 inner, 1 outer). (Our toy task.)
    """
    rng = np.random.default_rng(seed)
    y = (rng.random(n) >= 1 / 3).astype(int)
    t = rng.uniform(0, 2 * np.pi, n)
    r = 1.0 + y
    X = np.c_[r * np.cos(t), r * np.sin(t)] + noise * rng.standard_normal((n, 2))
    return X, y


def regular_polygon(n: int, radius: float = 1.0) -> np.ndarray:
    """Vertices of a regular n-gon: every point has the same degree (a regular graph)."""
    t = 2 * np.pi * np.arange(n) / n
    return radius * np.c_[np.cos(t), np.sin(t)]


def kernel_by_cdist(X, Y, h: float) -> np.ndarray:
    """exp(−‖x−y‖²/2h) through scipy's cdist (a second code path for the Gaussian Gram)."""
    return np.exp(-cdist(X, Y, "sqeuclidean") / (2.0 * h))


def complex_step_grad(fun, x: np.ndarray, step: float = 1e-30) -> np.ndarray:
    """Gradient of a real-analytic ``fun`` by the complex-step rule Im f(x + i s e_k)/s.

    Exact to rounding (no subtractive cancellation), so it is an independent derivative.
    """
    x = np.asarray(x, dtype=np.float64)
    g = np.empty_like(x)
    for idx in np.ndindex(x.shape):
        xc = x.astype(np.complex128)
        xc[idx] += 1j * step
        g[idx] = np.imag(fun(xc)) / step
    return g


def logsumexp_c(z: np.ndarray, axis=-1) -> np.ndarray:
    """log Σ exp for complex arrays (shifted by the real maximum); analytic, for complex steps."""
    m = np.max(z.real, axis=axis, keepdims=True)
    return np.squeeze(m, axis=axis) + np.log(np.sum(np.exp(z - m), axis=axis))


def one_blas_thread():
    """Limit BLAS/LAPACK to one thread: on a loaded 2-core machine a threaded 100×100 ``eigh``
    is 50× slower than a single-threaded one (oversubscription)."""
    import contextlib

    try:
        from threadpoolctl import threadpool_limits
    except ImportError:  # pragma: no cover - threadpoolctl ships with scikit-learn
        return contextlib.nullcontext()
    return threadpool_limits(1, user_api="blas")
