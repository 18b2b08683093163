"""The released code's encoder and decoder (``ld.LD`` and ``ld.BP`` of
github.com/sleepymalc/Pseudo-Non-Linear), re-implemented from our reading of their source, so
that their behaviour can be checked against the projections they are said to compute.
numpy/scipy only.

Semantics reproduced (not the code itself): ε is added inside the θ → Q map and the result
renormalised; the encoder takes fixed-lr natural-gradient steps on the ℓ-body coordinates and
stops when ‖Δη‖ or ``|ΔKL|`` < tol; the decoder takes natural-gradient steps of size lr/k on **all**
coordinates towards a target η̄, stops when the change of Σ_i KL(P‖P_i) is < tol, and divides
lr by 10 after (0-based) iterations 200, 500 and 900.
"""

from __future__ import annotations

import numpy as np
from scipy.special import xlogy

from theory.pnl_augment._loglinear import (
    _distribution,
    _mask,
    _softmax,
    _tensor,
    _zeta,
    _zeta_up,
    eta,
    fisher_from,
    fisher_index,
)
from theory.validation import MAX_ITER, Interval, check_array, check_param, check_real, invalid

_DECAY_AT = (200, 500, 900)


def _code_Q(theta, eps):
    """θ → Q as the code does it: softmax of ζθ, plus ε, renormalised."""
    Q = _softmax(_zeta(theta))[0] + eps
    return Q / Q.sum()


def released_encode(P, mask, *, lr: float = 1.0, n_iter: int = 1000, eps: float = 1e-5,
                    error_tol: float = 1e-5):
    r"""The released encoder (``ld.LD``): fixed-step natural gradient on θ_B from θ = 0.

    .. math:: \theta_B \leftarrow \theta_B - \mathrm{lr}\,G_{BB}^{-1}(\eta_B(Q) - \hat\eta_B)

    stopped when ‖η_B − η̂_B‖₂ < tol or ``|ΔKL|`` < tol (as ``ld.LD``). Returns (Q, θ, iterations).
    """
    P = _distribution(P, "P", "released_encode")
    B = _mask(mask, P.shape, "mask", "released_encode")
    lr = check_real("lr", lr, Interval(0, None, closed="neither"), "released_encode")
    check_param("n_iter", n_iter, Interval(1, MAX_ITER, integer=True), "released_encode")
    eps = check_real("eps", eps, Interval(0, None), "released_encode")
    check_param("error_tol", error_tol, Interval(0, None), "released_encode")
    idx = np.argwhere(B)
    flat = np.flatnonzero(B.ravel())
    eta_hat = eta(P).ravel()[flat]
    _, K = fisher_index(idx, P.shape)
    theta = np.zeros(P.shape)
    Q = np.full(P.shape, 1.0 / P.size)
    prev, it = np.inf, 0
    for i in range(n_iter):
        it = i + 1
        H = _zeta_up(Q)
        e_b = H.ravel()[flat]
        G = fisher_from(H.ravel(), flat, K)
        v = np.linalg.solve(G[1:, 1:], lr * (e_b[1:] - eta_hat[1:]))
        theta.ravel()[flat[1:]] -= v
        Q = _code_Q(theta, eps)
        norm = float(np.linalg.norm(e_b - eta_hat))
        kld = float(np.sum(xlogy(P, P) - xlogy(P, Q)))
        if norm < error_tol or abs(prev - kld) < error_tol:
            break
        prev = kld
        if i in _DECAY_AT:
            lr *= 0.1
    return Q, theta, it


def released_backward_step(theta, P_neighbors, eta_bar=None, *, lr: float = 0.1,
                           n_iter: int = 1000, eps: float = 1e-5, error_tol: float = 1e-4,
                           record=()):
    r"""The released decoder (``ld.BP``): natural-gradient steps of size lr/k on all θ
    coordinates from θ(w*) towards η̄ = mean_i η(P_i), early-stopped on Σ_i KL(P‖P_i).

    .. math:: \theta \leftarrow \theta - \tfrac{\mathrm{lr}}{k}\,G^{-1}(\eta(P) - \bar\eta)

    To first order in the step, η moves on the straight line towards η̄, so P moves on the
    mixture line (1−s) P₀ + s P̄ with s = 1 − Π_t(1 − h_t) (our derivation).

    Parameters
    ----------
    theta : ndarray
        Natural coordinates of the sampled latent w* (supported on B; θ(⊥) ignored).
    P_neighbors : ndarray of shape ``(k, *shape)``
        The k neighbours as distributions.
    eta_bar : ndarray, optional
        Target η (default: the mean of the neighbours' η, as the notebooks pass it).
    record : iterable of int
        Iteration counts at which to keep P (returned in ``info["path"]``, with the step
        product at that point in ``info["s_path"]``).

    Returns
    -------
    P : ndarray
        The decoded distribution (before multiplying by the scale).
    info : dict
        ``P0`` (the start), ``P_bar`` (the neighbours' mean), ``steps`` (the step sizes used),
        ``iterations``, ``s_linear`` = 1 − Π(1 − h_t).
    """
    th = _tensor(theta, "theta", "released_backward_step").copy()
    X = check_neighbors(P_neighbors, th.shape, "released_backward_step")
    # as floats: an int such as 10**400 raised OverflowError in lr / k
    lr = check_real("lr", lr, Interval(0, None, closed="neither"), "released_backward_step")
    check_param("n_iter", n_iter, Interval(1, MAX_ITER, integer=True), "released_backward_step")
    eps = check_real("eps", eps, Interval(0, None), "released_backward_step")
    check_param("error_tol", error_tol, Interval(0, None), "released_backward_step")
    if isinstance(record, str | bytes) or not all(
            r in Interval(1, None, integer=True) for r in record):
        raise invalid("record", "released_backward_step", "an iterable of ints >= 1", record)
    k = X.shape[0]
    P_bar = X.mean(axis=0)
    target = eta(P_bar / P_bar.sum()) if eta_bar is None else _tensor(eta_bar, "eta_bar",
                                                                       "released_backward_step")
    if target.shape != th.shape:
        raise invalid("eta_bar", "released_backward_step", f"a tensor of the shape of theta "
                      f"{th.shape}", f"<array of shape {target.shape}>")
    h = lr / k
    P_ = _code_Q(th, eps)
    P = (P_ + eps) / np.sum(P_ + eps)
    P0 = P.copy()
    full = np.ones(th.shape, dtype=bool)
    idx = np.argwhere(full)
    flat, K = fisher_index(idx[1:], th.shape)
    logX = np.log(X)

    def total_kl(Pc):
        return float(np.sum(k * np.sum(xlogy(Pc, Pc)) - np.sum(Pc * logX)))

    prev, steps, it = np.inf, [], 0
    record = {int(r) for r in record}
    path, s_path = {}, {}
    for i in range(n_iter):
        it = i + 1
        H = _zeta_up(P)
        G = fisher_from(H.ravel(), flat, K)
        g = (H - target).ravel()
        v = np.linalg.solve(G, h * g[1:])
        th.ravel()[1:] -= v
        steps.append(h)
        P = _code_Q(th, eps)
        if it in record:
            path[it] = P.copy()
            s_path[it] = 1.0 - float(np.prod(1.0 - np.asarray(steps)))
        kld = total_kl(P)
        if abs(kld - prev) < error_tol:
            break
        prev = kld
        if i in _DECAY_AT:
            h *= 0.1
    s_lin = 1.0 - float(np.prod(1.0 - np.asarray(steps)))
    return P, {"P0": P0, "P_bar": P_bar / P_bar.sum(), "steps": tuple(steps), "iterations": it,
               "s_linear": s_lin, "theta": th, "path": path, "s_path": s_path}


def check_neighbors(P_neighbors, shape, caller) -> np.ndarray:
    """A (k, *shape) stack of positive distributions."""
    X = check_array(P_neighbors, "P_neighbors", caller, ndim=None, min_rows=0, finite=False)
    if X.ndim != len(shape) + 1 or X.shape[1:] != tuple(shape) or X.shape[0] < 1:
        raise invalid("P_neighbors", caller, f"an array of shape (k, {', '.join(map(str, shape))})",
                      f"<array of shape {X.shape}>")
    if not np.all(np.isfinite(X)) or not np.all(X > 0):
        raise invalid("P_neighbors", caller, "positive finite distributions", "<bad entries>")
    sums = X.reshape(X.shape[0], -1).sum(axis=1)
    if np.max(np.abs(sums - 1)) > 1e-9:
        raise invalid("P_neighbors", caller, "distributions summing to 1 (within 1e-9)",
                      f"<sums in [{sums.min():.6g}, {sums.max():.6g}]>")
    return X


def mixture_fit(P_out, P_start, P_target):
    r"""Least-squares position of ``P_out`` on the mixture line from ``P_start`` to ``P_target``.

    .. math:: s^\ast = \frac{\langle P_{out} - P_0, \bar P - P_0\rangle}{\|\bar P - P_0\|^2},
              \qquad r = \frac{\|P_{out} - (1-s^\ast)P_0 - s^\ast\bar P\|}{\|\bar P - P_0\|}

    Returns (s*, r): the fitted mixture weight and the relative residual off the line.
    """
    A = _tensor(P_out, "P_out", "mixture_fit")
    P0 = _tensor(P_start, "P_start", "mixture_fit")
    Pb = _tensor(P_target, "P_target", "mixture_fit")
    for name, T in (("P_start", P0), ("P_target", Pb)):
        if T.shape != A.shape:
            raise invalid(name, "mixture_fit", f"a tensor of the shape of P_out {A.shape}",
                          f"<array of shape {T.shape}>")
    d = (Pb - P0).ravel()
    if not np.any(d):
        raise invalid("P_target", "mixture_fit", "a tensor different from P_start", "<equal>")
    # the inner products on everything scaled by the power of two of d (exact, s and r are
    # ratios): a difference of 1e-200 squared to 0 and the tensors were refused as equal
    k = -int(np.frexp(float(np.max(np.abs(d))))[1])
    with np.errstate(over="ignore"):
        d = np.ldexp(d, k)
        nd = float(d @ d)
        s = float(np.ldexp((A - P0).ravel(), k) @ d) / nd
        res = np.ldexp((A - (1 - s) * P0 - s * Pb).ravel(), k)
    r = float(np.linalg.norm(res) / np.sqrt(nd))
    if not (np.isfinite(s) and np.isfinite(r)):
        raise invalid("P_out", "mixture_fit", "a tensor whose distance from P_start is within "
                      "float64 of the step P_target − P_start", f"<s = {s:.3g}, r = {r:.3g}>")
    return s, r
