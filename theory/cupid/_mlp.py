"""Small numpy MLPs for the App. B propositions of CUPID (numpy/scipy only): a forward pass in
the paper's convention (first layer σ(θ₁ᵀx + b₁), θ₁ of shape d_in × h), the parameter gradient
of the output by hand-written backpropagation, an exact rational ReLU forward pass, and the
output-preserving maximal shift of Eq. (21)/(32) found by SLSQP."""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
from scipy.optimize import minimize


def init_mlp(rng, sizes):
    """[(W, b), …] with W of shape (in, out): tanh hidden layers, a linear last layer."""
    return [(rng.normal(size=(a, b)) / np.sqrt(a), rng.normal(size=b) * 0.5)
            for a, b in itertools.pairwise(sizes)]


def forward(params, x):
    h = np.asarray(x, dtype=float)
    for i, (W, b) in enumerate(params):
        h = h @ W + b
        if i < len(params) - 1:
            h = np.tanh(h)
    return h


def flat(params):
    return np.concatenate([np.concatenate([W.ravel(), b]) for W, b in params])


def unflat(theta, like):
    out, i = [], 0
    for W, b in like:
        out.append((theta[i:i + W.size].reshape(W.shape), theta[i + W.size:i + W.size + b.size]))
        i += W.size + b.size
    return out


def param_jacobian(params, x):
    """∂f/∂θ (K × P, θ flattened as :func:`flat`) by backpropagation through the tanh layers."""
    acts, h = [np.asarray(x, dtype=float)], np.asarray(x, dtype=float)
    for i, (W, b) in enumerate(params):
        h = h @ W + b
        if i < len(params) - 1:
            h = np.tanh(h)
        acts.append(h)
    K = params[-1][1].size
    rows = []
    for k in range(K):
        g = np.eye(K)[k]  # ∂f_k/∂(pre-activation of the last layer)
        parts = []
        for i in range(len(params) - 1, -1, -1):
            W, _ = params[i]
            parts.append((np.outer(acts[i], g).ravel(), g.copy()))
            if i > 0:
                g = (g @ W.T) * (1 - acts[i] ** 2)
        rows.append(np.concatenate([np.concatenate(p) for p in reversed(parts)]))
    return np.array(rows)


def relu_forward_exact(params, x):
    """ReLU MLP (last layer linear) in exact rational arithmetic: params and x hold Fractions."""
    h = list(x)
    for i, (W, b) in enumerate(params):
        h = [sum((h[k] * W[k][j] for k in range(len(h))), Fraction(0)) + b[j]
             for j in range(len(b))]
        if i < len(params) - 1:
            h = [max(v, Fraction(0)) for v in h]
    return h


def maximal_shift(params, x, delta, radius, rng, starts=6):
    """argmax ‖Δx‖₂ subject to ‖f(x+Δx) − f(x)‖₂ ≤ δ and ‖Δx‖₂ ≤ radius (the radius is ours: the
    unconstrained problem of Eq. (21)/(32) need not have a maximiser), best of a few SLSQP
    starts; returns the best feasible Δx."""
    f0 = forward(params, x)
    cons = [{"type": "ineq", "fun": lambda d: delta**2 - np.sum((forward(params, x + d) - f0)**2)},
            {"type": "ineq", "fun": lambda d: radius**2 - d @ d}]
    best = np.zeros_like(x)
    for _ in range(starts):
        d0 = rng.normal(size=x.size) * 0.1
        res = minimize(lambda d: -(d @ d), d0, constraints=cons, method="SLSQP",
                       options={"maxiter": 300, "ftol": 1e-12})
        d = res.x
        feas = (np.sum((forward(params, x + d) - f0) ** 2) <= delta**2 * (1 + 1e-9)
                and d @ d <= radius**2 * (1 + 1e-9))
        if feas and d @ d > best @ best:
            best = d
    return best
