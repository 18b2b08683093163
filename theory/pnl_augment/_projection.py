"""Projections on the dually flat manifold of positive distributions on Ω (nats throughout).

Encoding (paper §4, "forward projection" = constrained energy minimisation) is the m-projection
of P onto the e-flat many-body family M_ℓ; the decoder the paper describes (as the public paper
notes summarise it; our reading) is an m-projection onto an e-flat set {θ_A = c_A}. Both are
solved by one damped natural-gradient (Newton) iteration on the convex energy
ψ(θ) − ⟨θ_F, η̂_F⟩ over the free coordinates F.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np
from scipy.special import logsumexp

from theory.pnl_augment._loglinear import (
    _distribution,
    _mask,
    _softmax,
    _tensor,
    _zeta,
    _zeta_up,
    body_mask,
    eta,
    fisher_from,
    fisher_index,
    kl,
    log_partition,
    zeta,
)
from theory.validation import MAX_ITER, Interval, check_param, invalid


@dataclass(frozen=True)
class NewtonTrace:
    """What :func:`newton_energy` did: gradient norms ‖η_F − η̂_F‖_∞ before each step, the
    energy values (nats, up to the constant −H) and the number of Newton steps."""

    grad_norms: tuple
    energies: tuple
    iterations: int
    converged: bool


def _state(theta):
    return _softmax(_zeta(theta))


def _newton_step(G: np.ndarray, g: np.ndarray) -> np.ndarray:
    """G⁻¹g. The Fisher variances η_u(1 − η_u) span as many decades as the cell
    probabilities: cells of ~1e-40 made G singular in floats (numpy raised LinAlgError out of
    m_project). There the system is solved with G scaled to unit diagonal (the same step in
    exact arithmetic), and by least squares if that is singular too; the line search keeps
    the energy from rising."""
    try:
        return np.linalg.solve(G, g)
    except np.linalg.LinAlgError:
        pass
    s = 1.0 / np.sqrt(np.maximum(np.diag(G), np.finfo(float).tiny))
    Gs = s[:, None] * G * s[None, :]
    try:
        return s * np.linalg.solve(Gs, s * g)
    except np.linalg.LinAlgError:
        return s * np.linalg.lstsq(Gs, s * g, rcond=None)[0]


def newton_energy(theta0, free, eta_target, *, tol: float = 1e-13, max_iter: int = 100):
    r"""Minimise the energy over the free coordinates F (⊥ excluded), others held at ``theta0``.

    .. math:: E(\theta_F) = \psi(\theta) - \sum_{x \in F}\theta_x\,\hat\eta_x,\qquad
              \nabla E = \eta_F(\theta) - \hat\eta_F,\qquad \nabla^2 E = G_{FF}

    Damped Newton = natural gradient with step 1 and backtracking (the code uses a fixed lr).
    Stops when ‖η_F − η̂_F‖_∞ ≤ ``tol``. Returns (Q, θ, :class:`NewtonTrace`).
    """
    theta = _tensor(theta0, "theta0", "newton_energy").copy()
    theta.flat[0] = 0.0
    F = _mask(free, theta.shape, "free", "newton_energy").copy()
    F.flat[0] = False
    target = _tensor(eta_target, "eta_target", "newton_energy")
    if target.shape != theta.shape:
        raise invalid("eta_target", "newton_energy", f"a tensor of the shape of theta0 "
                      f"{theta.shape}", f"<array of shape {target.shape}>")
    check_param("tol", tol, Interval(0, None, closed="neither"), "newton_energy")
    check_param("max_iter", max_iter, Interval(1, MAX_ITER, integer=True), "newton_energy")
    idx = np.argwhere(F)
    flat = np.flatnonzero(F.ravel())
    t_F = target.ravel()[flat]
    _, K = fisher_index(idx, theta.shape)

    def energy(th):
        Q, lz = _state(th)
        return Q, lz - float(th.ravel()[flat] @ t_F)

    Q, E = energy(theta)
    grads, energies, converged, it = [], [E], False, 0
    for it in range(max_iter + 1):
        H = _zeta_up(Q)
        g = H.ravel()[flat] - t_F
        gn = float(np.max(np.abs(g))) if g.size else 0.0
        grads.append(gn)
        if gn <= tol:
            converged = True
            break
        if it == max_iter:
            break
        G = fisher_from(H.ravel(), flat, K)
        step = _newton_step(G, g)
        a = 1.0
        while True:
            cand = theta.copy()
            cand.ravel()[flat] -= a * step
            Qc, Ec = energy(cand)
            # Armijo on the energy; near machine precision accept any step that does not raise it
            if Ec <= E - 1e-4 * a * float(g @ step) or Ec <= E + 1e-15 * max(1.0, abs(E)) or a < 1e-10:
                break
            # below the energy's rounding noise the Armijo test cannot see a decrease: cells of
            # 1e-14 .. 1e-35 stalled the projection at gradients of 1e-12 .. 1e-11 (returned
            # after max_iter, small cells 1e-5 off, without a word). Keep the full step there
            # when it lowers the gradient
            if a == 1.0 and gn < 1e-8 and float(np.max(np.abs(
                    _zeta_up(Qc).ravel()[flat] - t_F))) < gn:
                break
            a *= 0.5
        theta, Q, E = cand, Qc, Ec
        energies.append(E)
    theta.flat[0] = -float(logsumexp(zeta(theta)))
    if not converged:
        # the projection is returned (its trace says how far it got), but never without a word
        warnings.warn(f"newton_energy: not converged after {max_iter} Newton steps (gradient "
                      f"{gn:.3g} > tol = {tol:g}); raise max_iter or tol, or read the trace",
                      RuntimeWarning, stacklevel=3)
    return Q, theta, NewtonTrace(tuple(grads), tuple(energies), it, converged)


def _mask_for(order_or_mask, shape, caller):
    if isinstance(order_or_mask, int | np.integer) and not isinstance(order_or_mask, bool):
        check_param("order_or_mask", int(order_or_mask), Interval(0, None, integer=True), caller)
        return body_mask(shape, int(order_or_mask))
    m = np.asarray(order_or_mask)
    if m.dtype != bool or m.shape != tuple(shape):
        raise invalid("order_or_mask", caller, f"an int >= 0 or a boolean mask of shape {tuple(shape)}",
                      f"<{type(order_or_mask).__name__}>")
    return m


def m_project(P, order_or_mask, *, tol: float = 1e-13, max_iter: int = 100, return_trace=False):
    r"""m-projection of P onto the e-flat family M_B = {θ : θ_x = 0, x ∉ B} (the encoding).

    .. math:: Q^\ast = \arg\min_{Q\in M_B}\mathrm{KL}(P\|Q)
              \iff \eta_Q(x) = \eta_P(x)\ \ \forall x\in B \quad(\eta\text{-matching})

    Paper §4 "forward projection", the energy minimisation. ``order_or_mask``:
    ℓ (many-body order) or a boolean mask B. Natural-gradient Newton from θ = 0 to
    ‖η_B − η̂_B‖_∞ ≤ ``tol``. Returns (Q, θ) (and the :class:`NewtonTrace` if asked).

    Examples
    --------
    >>> import numpy as np
    >>> from theory.pnl_augment import kl, m_project, theta_to_P
    >>> P = theta_to_P(np.random.default_rng(0).normal(0.0, 0.6, (2, 3, 2)))
    >>> [round(kl(P, m_project(P, order)[0]), 6) for order in (1, 2, 3)]
    [0.036484, 0.003485, 0.0]
    """
    P = _distribution(P, "P", "m_project")
    B = _mask_for(order_or_mask, P.shape, "m_project")
    Q, theta, trace = newton_energy(np.zeros(P.shape), B, eta(P), tol=tol, max_iter=max_iter)
    return (Q, theta, trace) if return_trace else (Q, theta)


def one_body_projection(P) -> np.ndarray:
    r"""Closed form of the m-projection onto M₁: the outer product of the marginals.

    .. math:: Q^\ast = P_1 \otimes P_2 \otimes\cdots\otimes P_d, \qquad
              P_k(i) = \sum_{x: x_k = i} p(x)

    M₁ is the fully factorised family (log q is a sum of one-coordinate functions), and its
    η-matching conditions fix exactly the marginal tails (our derivation).

    Examples
    --------
    >>> import numpy as np
    >>> from theory.pnl_augment import m_project, one_body_projection, theta_to_P
    >>> P = theta_to_P(np.random.default_rng(0).normal(0.0, 0.6, (2, 3, 2)))
    >>> Q = one_body_projection(P)
    >>> bool(np.allclose(Q.sum(axis=(1, 2)), P.sum(axis=(1, 2))))
    True
    >>> bool(np.abs(m_project(P, 1)[0] - Q).max() < 1e-12)
    True
    """
    P = _distribution(P, "P", "one_body_projection")
    d = P.ndim
    Q = np.ones(())
    for k in range(d):
        marg = P.sum(axis=tuple(a for a in range(d) if a != k))
        Q = np.multiply.outer(Q, marg)
    return Q


def mixed_coordinates(theta_fixed, A_mask, eta_free, *, tol: float = 1e-13, max_iter: int = 100):
    r"""The point q with θ_A(q) = θ_fixed on A and η_{Aᶜ}(q) = η_free on Aᶜ (⊥ excluded).

    .. math:: q = \arg\min_{q\in D}\mathrm{KL}(r\|q),\quad D = \{\theta_A = c_A\}
              \iff \theta_A(q) = c_A,\ \eta_{A^c}(q) = \eta_{A^c}(r)

    The m-projection of r onto the e-flat set D when ``eta_free = eta(r)`` (our reading, the
    ``theta_fixed`` decoder), and the e-projection of w onto the m-flat set {η_{Aᶜ} = η̄} when
    ``theta_fixed = θ(w)`` (the η-constraint reading, ours). Returns (q, θ(q)).
    """
    th = _tensor(theta_fixed, "theta_fixed", "mixed_coordinates")
    A = _mask(A_mask, th.shape, "A_mask", "mixed_coordinates")
    ef = _tensor(eta_free, "eta_free", "mixed_coordinates")
    if ef.shape != th.shape:
        raise invalid("eta_free", "mixed_coordinates", f"a tensor of the shape of theta_fixed "
                      f"{th.shape}", f"<array of shape {ef.shape}>")
    start = np.where(A, th, 0.0)
    q, theta, _ = newton_energy(start, ~A, eta_free, tol=tol, max_iter=max_iter)
    return q, theta


def e_project_eta(w, B_mask, eta_bar, *, tol: float = 1e-13):
    r"""e-projection of w onto the m-flat set D_η = {q : η_B(q) = η̄_B} (B = ``B_mask``, ⊥ aside).

    .. math:: q = \arg\min_{q\in D_\eta}\mathrm{KL}(q\|w)
              \iff \eta_B(q) = \bar\eta_B,\ \theta_{B^c}(q) = \theta_{B^c}(w)

    The "linear η-constraints" reading of the decoder (ours, from a comment in ``ld.py``).
    """
    from theory.pnl_augment._loglinear import P_to_theta

    w = _distribution(w, "w", "e_project_eta")
    B = _mask(B_mask, w.shape, "B_mask", "e_project_eta")
    eb = _tensor(eta_bar, "eta_bar", "e_project_eta")
    if eb.shape != w.shape:
        raise invalid("eta_bar", "e_project_eta", f"a tensor of the shape of w {w.shape}",
                      f"<array of shape {eb.shape}>")
    return mixed_coordinates(P_to_theta(w), ~B, eta_bar, tol=tol)


def energy(theta, P, mask) -> float:
    r"""The encoding energy in nats: KL(P‖Q_θ) for θ supported on the mask B.

    .. math:: \mathrm{KL}(P\|Q_\theta) = -H(P) + \psi(\theta) - \sum_{x\in B\setminus\perp}\theta_x\hat\eta_x

    Convex in θ_B with gradient η_B(θ) − η̂_B and Hessian G_BB (paper's "energy minimisation";
    our derivation).
    """
    from scipy.special import xlogy

    P = _distribution(P, "P", "energy")
    th = _tensor(theta, "theta", "energy").copy()
    if th.shape != P.shape:
        raise invalid("theta", "energy", f"a tensor of the shape of P {P.shape}",
                      f"<array of shape {th.shape}>")
    B = _mask(mask, P.shape, "mask", "energy")
    if np.any(th[~B] != 0):
        raise invalid("theta", "energy", "a tensor supported on the mask", "<nonzero off the mask>")
    th.flat[0] = 0.0
    H = -float(np.sum(xlogy(P, P)))
    # ψ by log_partition: θ of ±1e308 was refused as zeta's 'T' (or ψ came back inf/NaN)
    return -H + log_partition(th) - float(np.sum(th * eta(P)))


def pythagoras_residual(P, Q, R) -> float:
    r"""KL(P‖R) − KL(P‖Q) − KL(Q‖R) in nats: 0 when Q is the m-projection of P onto an
    e-flat family containing R (Amari 2016, Thm 1.2).

    .. math:: \mathrm{KL}(P\|R) = \mathrm{KL}(P\|Q) + \mathrm{KL}(Q\|R)
    """
    # checked here so that a bad R is reported as 'R', not as kl's internal 'Q'
    A = _distribution(P, "P", "pythagoras_residual")
    for name, T in (("Q", Q), ("R", R)):
        T = _tensor(T, name, "pythagoras_residual")
        if T.shape != A.shape:
            raise invalid(name, "pythagoras_residual", f"a tensor of the shape of P {A.shape}",
                          f"<array of shape {T.shape}>")
        if np.any(T < 0) or abs(float(T.sum()) - 1.0) > 1e-9:
            raise invalid(name, "pythagoras_residual", "a distribution (entries >= 0, summing "
                          "to 1 within 1e-9)", f"<array summing to {float(T.sum()):.12g}>")
    return kl(P, R) - kl(P, Q) - kl(Q, R)
