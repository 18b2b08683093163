"""Independent references for the CUPID theory claims (numpy/scipy/sympy only): small networks
with hand-written Jacobians, an exact piecewise evaluation of a ReLU layer along a segment, and
a sympy expansion of a tanh-softmax network along a line."""

from __future__ import annotations

import itertools

import numpy as np
import sympy as sp


def tanh_softmax_net(rng, dims=(3, 4, 3)):
    """Weights of a tanh MLP d-h-K followed by softmax, as float64 arrays."""
    d, h, k = dims
    return (rng.normal(size=(h, d)), rng.normal(size=h) * 0.5,
            rng.normal(size=(k, h)), rng.normal(size=k) * 0.5)


def tanh_softmax_forward(params, x):
    W1, b1, W2, b2 = params
    z = W2 @ np.tanh(W1 @ x + b1) + b2
    e = np.exp(z - z.max())
    return e / e.sum()


def tanh_softmax_jacobian(params, x):
    """Chain rule by hand: (diag p − ppᵀ) W2 diag(1 − tanh²) W1."""
    W1, b1, W2, _ = params
    a = np.tanh(W1 @ x + b1)
    p = tanh_softmax_forward(params, x)
    return (np.diag(p) - np.outer(p, p)) @ W2 @ np.diag(1 - a**2) @ W1


def sympy_line_derivatives(params, x, u, digits: int = 30):
    """d/dt and d²/dt² of the network output along x + t u at t = 0, by sympy (exact algebra,
    evaluated to ``digits`` digits)."""
    W1, b1, W2, b2 = (sp.Matrix(np.atleast_2d(a).tolist()) if np.ndim(a) == 2
                      else sp.Matrix(list(map(float, a))) for a in params)
    t = sp.Symbol("t")
    xs = sp.Matrix([sp.Float(float(xi), digits) + t * sp.Float(float(ui), digits)
                    for xi, ui in zip(x, u, strict=True)])
    pre = W1 * xs + b1
    h = pre.applyfunc(sp.tanh)
    z = W2 * h + b2
    e = z.applyfunc(sp.exp)
    tot = sum(e)
    p = [ei / tot for ei in e]
    d1 = [float(sp.diff(pi, t).subs(t, 0).evalf(digits)) for pi in p]
    d2 = [float(sp.diff(pi, t, 2).subs(t, 0).evalf(digits)) for pi in p]
    return np.array(d1), np.array(d2)


def relu_layer_segment(W1, b1, W2, m, delta):
    """For F(h) = W2 ReLU(W1 h + b1): exact ∫₀¹‖J(m+tδ)δ‖₂dt and sup_t ‖J(m+tδ)‖₂ along the
    segment, from the breakpoints where a unit changes sign (J is constant between them)."""
    a0, da = W1 @ m + b1, W1 @ delta
    with np.errstate(divide="ignore", invalid="ignore"):
        tb = -a0 / da
    ts = np.unique(np.r_[0.0, tb[(tb > 0) & (tb < 1)], 1.0])
    integral, sup = 0.0, 0.0
    for lo, hi in itertools.pairwise(ts):
        mid = 0.5 * (lo + hi)
        act = (a0 + mid * da) > 0
        J = W2 @ (W1 * act[:, None])
        integral += (hi - lo) * float(np.linalg.norm(J @ delta))
        sup = max(sup, float(np.linalg.norm(J, 2)))
    return integral, sup
