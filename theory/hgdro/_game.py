"""The outer group game of hierarchical group DRO with frozen features and a linear-logistic
head: exact convex solves (cvxpy), the exponentiated-gradient / gradient-descent dynamics of
Alg. 1, its explicit duality-gap bound, and the radius at which the robust optimum collapses
to the zero predictor. Losses in nats.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cvxpy as cp
import numpy as np
from scipy import optimize

from theory._norms import euclidean_norms, max_exponent, scaled_norm
from theory.hgdro._inner import _radius_array
from theory.validation import (
    MAX_ITER,
    Interval,
    Options,
    check_array,
    check_param,
    check_same_length,
    invalid,
)


def _softplus(x):
    # unchecked (inner loops of the solvers); the public one is theory.hgdro.softplus
    return np.logaddexp(0.0, x)


def _groups(Z, Y, G, eps_g, caller, *, need_eps=True, eps_name="eps_g"):
    Z = check_array(Z, "Z", caller, ndim=2)
    Y = check_array(Y, "Y", caller, ndim=1)
    check_same_length(caller, Z=Z, Y=Y)
    if Y.shape[0] != Z.shape[0] or not np.all(np.isin(Y, (-1.0, 1.0))):
        raise invalid("Y", caller, f"an array of {Z.shape[0]} labels in {{-1, +1}}",
                      f"<array of shape {Y.shape}>")
    Gi = np.asarray(G)
    if Gi.shape != Y.shape or not np.issubdtype(Gi.dtype, np.integer) or Gi.min() < 0:
        raise invalid("G", caller, f"an integer array of {Z.shape[0]} group ids >= 0",
                      f"<array of shape {Gi.shape}>")
    if Gi.max() >= Gi.shape[0]:
        # no group may be empty, so m ≤ n; checked before bincount allocates max(G) + 1 counts
        # (G = [0, 10**12] asked for 7 TiB)
        raise invalid("G", caller, f"group ids in 0..n-1 = 0..{Gi.shape[0] - 1} (no group may be "
                      "empty)", f"<array with max {int(Gi.max())}>")
    m = int(Gi.max()) + 1
    counts = np.bincount(Gi, minlength=m)
    if np.any(counts == 0):
        raise invalid("G", caller, f"group ids covering 0..{m - 1} with no empty group",
                      f"<counts {counts.tolist()}>")
    if not need_eps:
        return Z, Y, Gi, m, counts, None
    e = _radius_array(eps_g, eps_name, caller)
    if e.shape == ():
        e = np.full(m, float(e))
    if e.shape != (m,) or np.any(e < 0):
        raise invalid(eps_name, caller, f"a float >= 0 or an array of {m} floats >= 0 indexed "
                      "by group id", f"<array of shape {e.shape}>")
    return Z, Y, Gi, m, counts, e


def group_robust_losses(theta, Z, Y, G, eps_g, *, b: float = 0.0):
    r"""Robust group losses of a linear-logistic head on frozen latents (ℓ2 balls).

    .. math::

        R_g(\theta) = \frac1{n_g}\sum_{i\in g}
            \operatorname{softplus}\bigl(-y_i(\theta^\top z_i + b) + \varepsilon_g\|\theta\|_2\bigr)

    (the per-sample W∞ supremum of Lemma A.0.1 in closed form; see
    :func:`~theory.hgdro.robust_logistic`).

    Parameters
    ----------
    theta : array-like, shape (d,)
    Z : array-like, shape (n, d)
        Frozen latent features.
    Y : array-like, shape (n,)
        Labels ±1.
    G : array-like of int, shape (n,)
        Group ids 0..m−1, none empty.
    eps_g : float or array-like, shape (m,)
        Radii indexed by group id.
    b : float
        Bias (not perturbed).

    Returns
    -------
    ndarray, shape (m,)
        In nats.

    References
    ----------
    Eq. (8) with the latent cost.
    """
    Z, Y, G, m, counts, e = _groups(Z, Y, G, eps_g, "group_robust_losses")
    th = check_array(theta, "theta", "group_robust_losses", ndim=1)
    if th.shape != (Z.shape[1],):
        raise invalid("theta", "group_robust_losses", f"an array of shape ({Z.shape[1]},) (Z's "
                      "columns)", f"<array of shape {th.shape}>")
    check_param("b", b, Interval(None, None), "group_robust_losses")
    with np.errstate(over="ignore", invalid="ignore"):
        a = -Y * (Z @ th + b) + e[G] * scaled_norm(th)
    if np.any(np.isnan(a) | (a == np.inf)):
        # a margin beyond the float maximum on the losing side: the loss (≈ the margin) is too
        raise invalid("theta", "group_robust_losses", "such that every robust margin "
                      "-y(θ·z + b) + ε_g‖θ‖ is below the float64 maximum (the loss is above it)",
                      f"<array of shape {th.shape}, max |θ| = {float(np.max(np.abs(th))):.3g}>")
    sp = _softplus(a)
    R = np.bincount(G, weights=sp, minlength=m) / counts
    if not np.all(np.isfinite(R)):  # a sum of losses near the float maximum: average by parts
        R = np.bincount(G, weights=sp / counts[G], minlength=m)
    return R


def hierarchical_value(R_g) -> float:
    r"""The outer supremum over the simplex (ρ = ∞): :math:`\max_{\beta\in\Delta_m}\sum_g\beta_g R_g
    = \max_g R_g`.

    Parameters
    ----------
    R_g : array-like, shape (m,)
        Group risks.

    Returns
    -------
    float

    References
    ----------
    Eq. (5) with ρ = ∞ (the paper's Eq. (8)).
    """
    R = check_array(R_g, "R_g", "hierarchical_value", ndim=1)
    return float(R.max())


def _solve_quiet(prob):
    import warnings

    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Solution may be inaccurate")
        try:
            prob.solve(solver=cp.CLARABEL)
        except cp.error.SolverError:
            # Clarabel can stall when the optimum sits at the apex of the norm cone (θ = 0);
            # SCS at a tight tolerance then gives a feasible point whose value is re-evaluated.
            prob.solve(solver=cp.SCS, eps=1e-10, max_iters=200_000)


def _solve(Z, Y, G, e, ridge, bias, beta=None, adj=None):
    """min_θ max_g R_g + ridge‖θ‖² (or, given ``beta``, the β-weighted risk)."""
    _n, d = Z.shape
    m = len(e)
    th = cp.Variable(d)
    b = cp.Variable() if bias else 0.0
    # r ≥ ‖θ‖ as its own variable (tight: the robust terms increase in r); with cp.norm inside
    # the exponential cones Clarabel fails on some instances
    nrm = cp.Variable(nonneg=True)
    risks = []
    for g in range(m):
        idx = G == g
        arg = -cp.multiply(Y[idx], Z[idx] @ th + b) + e[g] * nrm
        risks.append(cp.sum(cp.logistic(arg)) / int(idx.sum()))
    reg = ridge * cp.sum_squares(th)
    cone = [cp.norm(th, 2) <= nrm]
    if beta is not None:
        prob = cp.Problem(cp.Minimize(sum(float(beta[g]) * risks[g] for g in range(m)) + reg),
                          cone)
        _solve_quiet(prob)
        duals = None
    else:
        t = cp.Variable()
        a = np.zeros(m) if adj is None else adj
        cons = [r + float(a[g]) <= t for g, r in enumerate(risks)]
        prob = cp.Problem(cp.Minimize(t + reg), cons + cone)
        _solve_quiet(prob)
        duals = np.array([float(c.dual_value) for c in cons])
    # At θ = 0 (the collapsed optimum) the norm cone is solved at its apex and Clarabel may
    # report "inaccurate"; the value returned is the objective evaluated at the returned θ
    # (a feasible point), never the solver's own estimate.
    assert prob.status in (cp.OPTIMAL, cp.OPTIMAL_INACCURATE), prob.status
    theta = np.asarray(th.value, dtype=np.float64)
    bb = float(b.value) if bias else 0.0
    nrm_v = np.linalg.norm(theta)
    R = np.array([np.mean(_softplus(-Y[G == g] * (Z[G == g] @ theta + bb) + e[g] * nrm_v))
                  for g in range(m)])
    reg_v = ridge * float(theta @ theta)
    if beta is not None:
        value = float(np.dot(beta, R)) + reg_v
    else:
        value = float(np.max(R + (np.zeros(m) if adj is None else adj))) + reg_v
    if bias:
        theta = np.append(theta, bb)
    return value, theta, duals


_HIER = {"ridge": Interval(0, None)}


def _rescaled(solve, Z, G, e, ridge, *, clip=False):
    """``solve`` on latents of ordinary size: the objective depends on θ only through
    (θ·z, ε‖θ‖, λ‖θ‖²), so with Z = 2^k Z′ it is the same at φ = 2^k θ with radii 2^-k ε and
    ridge 2^-2k λ. Clarabel and SLSQP have absolute tolerances: at Z·1e±100 they returned the
    zero predictor (log 2 instead of 0.667) or inf. Applied only when max|Z| is outside
    [2^-10, 2^10] (ordinary inputs are solved as given, bit for bit); powers of two are exact.
    A ridge that the scaling takes past 1e300 is capped there: the optimum is then 0 within
    1e-300 either way. The first item returned is the value, the second θ (bias last, unscaled).

    With ``clip`` (the max form without bias or adjustment), radii beyond twice a group's
    largest ‖z_i‖ are brought down to it: one group with ε_g ≥ max‖z_i‖ has every robust term
    at least log 2 = F(0) (−yθ·z + ε_g‖θ‖ ≥ 0), so θ = 0 is optimal before and after, with the
    same value (and a saddle of the clipped game is one of the original); ε = 1e300 made
    Clarabel and SCS fail (SolverError) and SLSQP return 1e299 instead of log 2.
    """
    if clip:
        zmax = np.zeros(len(e))
        np.maximum.at(zmax, G, euclidean_norms(Z, axis=1))
        with np.errstate(over="ignore"):
            e = np.minimum(e, 2 * zmax)
    k = max_exponent(Z)
    if -10 <= k <= 10:
        return solve(Z, e, ridge)
    with np.errstate(over="ignore", under="ignore"):
        rs = min(float(np.ldexp(ridge, -2 * k)), 1e300)
    out = solve(np.ldexp(Z, -k), np.ldexp(e, -k), rs)
    theta = out[1].copy()
    d = Z.shape[1]
    with np.errstate(over="ignore", under="ignore"):
        theta[:d] = np.ldexp(theta[:d], -k)
    return (out[0], theta, *out[2:])


def _solve_slsqp(Z, Y, G, e, ridge, bias):
    """The same epigraph program by SLSQP with analytic gradients (small d, many solves)."""
    _n, d = Z.shape
    m = len(e)
    YZ = Y[:, None] * Z
    idx = [G == g for g in range(m)]
    nb = 1 if bias else 0

    def parts(x):
        th, b = x[:d], (x[d] if bias else 0.0)
        nrm = np.linalg.norm(th)
        a = -(YZ @ th) - Y * b + e[G] * nrm
        return th, nrm, a

    def cons(x):
        _, _, a = parts(x)
        sp = _softplus(a)
        return np.array([x[-1] - sp[i].mean() for i in idx])

    def cons_jac(x):
        th, nrm, a = parts(x)
        s = 1.0 / (1.0 + np.exp(-a))
        unit = th / nrm if nrm > 0 else np.zeros(d)
        J = np.zeros((m, d + nb + 1))
        for g, i in enumerate(idx):
            J[g, :d] = -(-(s[i] @ YZ[i]) + s[i].sum() * e[g] * unit) / i.sum()
            if bias:
                J[g, d] = (s[i] @ Y[i]) / i.sum()
            J[g, -1] = 1.0
        return J

    mu = YZ.mean(axis=0)
    x0 = np.zeros(d + nb + 1)
    x0[:d] = 0.1 * mu / max(np.linalg.norm(mu), 1e-12)
    x0[-1] = cons(np.r_[x0[:-1], 0.0]).__neg__().max() + 1.0
    res = optimize.minimize(
        lambda x: x[-1] + ridge * x[:d] @ x[:d], x0,
        jac=lambda x: np.r_[2 * ridge * x[:d], np.zeros(nb), 1.0],
        constraints=[{"type": "ineq", "fun": cons, "jac": cons_jac}], method="SLSQP",
        options={"ftol": 1e-12, "maxiter": 1000})
    theta = res.x[:d + nb]
    th, _nrm, a = parts(res.x)
    R = np.array([_softplus(a[i]).mean() for i in idx])
    return float(R.max() + ridge * th @ th), theta


def hierarchical_optimum(Z, Y, G, eps_g, *, ridge: float, bias: bool = False, adj=None,
                         solver: str = "cvxpy"):
    r"""Exact convex solve of the frozen-feature hierarchical objective (cvxpy, Clarabel).

    .. math::

        F^\star = \min_{\theta}\ \max_g\ \frac1{n_g}\sum_{i\in g}
            \operatorname{softplus}\bigl(-y_i\theta^\top z_i + \varepsilon_g\|\theta\|_2\bigr)
            + \lambda\|\theta\|_2^2

    in epigraph form; each robust term is convex (an increasing convex function of a convex
    argument).

    Parameters
    ----------
    Z : array-like, shape (n, d)
    Y : array-like, shape (n,)
        Labels ±1.
    G : array-like of int, shape (n,)
        Group ids.
    eps_g : float or array-like, shape (m,)
        Radii indexed by group id (ε_g = 0: Group DRO).
    ridge : float
        λ ≥ 0.
    bias : bool
        Add an unperturbed bias (returned last in ``theta``).
    adj : array-like, shape (m,), optional
        Additive group adjustment :math:`a_g` (the code's :math:`C/\sqrt{n_g}`): solves
        :math:`\min_\theta\max_g (R_g + a_g) + \lambda\|\theta\|^2` instead.
    solver : {"cvxpy", "slsqp"}
        Clarabel through cvxpy (default), or scipy's SLSQP on the same epigraph program with
        analytic gradients (fast for many small solves; no ``adj``).

    Returns
    -------
    value : float
        :math:`F^\star` in nats.
    theta : ndarray, shape (d,) or (d+1,)

    References
    ----------
    Eq. (8) with a linear head on frozen features (the setting of Prop. B.1).
    """
    caller = "hierarchical_optimum"
    Z, Y, G, m, _counts, e = _groups(Z, Y, G, eps_g, caller)
    check_param("ridge", ridge, _HIER["ridge"], caller)
    if adj is not None:
        adj = check_array(adj, "adj", caller, ndim=1)
        if adj.shape != (m,):
            raise invalid("adj", caller, f"an array of {m} floats", f"<array of shape {adj.shape}>")
    check_param("solver", solver, Options("cvxpy", "slsqp"), caller)
    if solver == "slsqp":
        if adj is not None:
            raise invalid("adj", caller, "None with solver='slsqp'", "<array>")
        return _rescaled(lambda Zs, es, rs: _solve_slsqp(Zs, Y, G, es, rs, bias), Z, G, e, ridge,
                         clip=not bias)
    value, theta, _ = _rescaled(lambda Zs, es, rs: _solve(Zs, Y, G, es, rs, bias, adj=adj),
                                Z, G, e, ridge, clip=not bias and adj is None)
    return value, theta


def hierarchical_saddle(Z, Y, G, eps_g, *, ridge: float):
    r"""The saddle point of the group game :math:`\min_\theta\max_{\beta\in\Delta}
    \sum_g\beta_g R_g(\theta) + \lambda\|\theta\|^2`: the primal optimum and the group weights
    :math:`\beta^\star` (the duals of the epigraph constraints).

    .. math::

        F^\star = \max_{\beta\in\Delta}\ \min_\theta\ \sum_g\beta_g R_g(\theta)+\lambda\|\theta\|^2
        \quad(\text{strong duality, Sion}).

    Parameters
    ----------
    Z, Y, G, eps_g, ridge
        As in :func:`hierarchical_optimum` (no bias).

    Returns
    -------
    value : float
    theta : ndarray, shape (d,)
    beta : ndarray, shape (m,)
        On the simplex; positive only on groups whose robust risk is the maximum.

    References
    ----------
    Eq. (8); the game solved by Alg. 1.
    """
    caller = "hierarchical_saddle"
    Z, Y, G, _m, _counts, e = _groups(Z, Y, G, eps_g, caller)
    check_param("ridge", ridge, _HIER["ridge"], caller)
    return _rescaled(lambda Zs, es, rs: _solve(Zs, Y, G, es, rs, False), Z, G, e, ridge,
                     clip=True)


def best_response_value(Z, Y, G, eps_g, beta, *, ridge: float) -> float:
    r"""The value of :func:`best_response`."""
    return best_response(Z, Y, G, eps_g, beta, ridge=ridge)[0]


def best_response(Z, Y, G, eps_g, beta, *, ridge: float):
    r"""The dual function :math:`\min_\theta\sum_g\beta_g R_g(\theta)+\lambda\|\theta\|^2`
    (cvxpy): a lower bound on :math:`F^\star` for every β in the simplex.

    Parameters
    ----------
    Z, Y, G, eps_g, ridge
        As in :func:`hierarchical_optimum`.
    beta : array-like, shape (m,)
        Group weights on the simplex.

    Returns
    -------
    value : float
    theta : ndarray, shape (d,)
        The best response θ′ to β.
    """
    caller = "best_response"
    Z, Y, G, m, _counts, e = _groups(Z, Y, G, eps_g, caller)
    check_param("ridge", ridge, _HIER["ridge"], caller)
    beta = check_array(beta, "beta", caller, ndim=1)
    if beta.shape != (m,) or np.any(beta < -1e-12) or abs(beta.sum() - 1) > 1e-9:
        raise invalid("beta", caller, f"a point of the simplex in R^{m}",
                      f"<array {np.round(beta, 4).tolist()}>")
    b = np.clip(beta, 0, None)
    return _rescaled(lambda Zs, es, rs: _solve(Zs, Y, G, es, rs, False, beta=b), Z, G,
                     e, ridge)[:2]


def groupdro_optimum(Z, Y, G, *, ridge: float, bias: bool = False):
    r"""Group DRO on frozen features: :func:`hierarchical_optimum` with every
    :math:`\varepsilon_g = 0`,

    .. math::

        \min_\theta \max_g \frac1{n_g}\sum_{i\in g}\operatorname{softplus}(-y_i\theta^\top z_i)
        + \lambda\|\theta\|^2 .

    Returns
    -------
    value : float
    theta : ndarray
    """
    Z, Y, G, m, _counts, _ = _groups(Z, Y, G, None, "groupdro_optimum", need_eps=False)
    check_param("ridge", ridge, _HIER["ridge"], "groupdro_optimum")
    return _rescaled(lambda Zs, es, rs: _solve(Zs, Y, G, es, rs, bias), Z, G,
                     np.zeros(m), ridge)[:2]


def erm_optimum(Z, Y, *, ridge: float, bias: bool = False):
    r"""ERM: :math:`\min_\theta \frac1n\sum_i\operatorname{softplus}(-y_i\theta^\top z_i)
    + \lambda\|\theta\|^2` (cvxpy).

    Returns
    -------
    value : float
    theta : ndarray
    """
    Z = check_array(Z, "Z", "erm_optimum", ndim=2)
    return groupdro_optimum(Z, Y, np.zeros(Z.shape[0], dtype=int), ridge=ridge, bias=bias)


def eg_update(q, losses, eta, adj=None):
    r"""One exponentiated-gradient step of the group weights (Alg. 1, step 2).

    .. math::

        q_g \leftarrow \frac{q_g\,e^{\eta(\hat\ell_g + a_g)}}{\sum_h q_h\,e^{\eta(\hat\ell_h + a_h)}},
        \qquad a_g = C/\sqrt{n_g} \text{ (generalisation adjustment) or } 0,

    computed in the log domain.

    Parameters
    ----------
    q : array-like, shape (m,)
        Current weights on the simplex.
    losses : array-like, shape (m,)
        Group losses (nats).
    eta : float
        Step > 0.
    adj : array-like, shape (m,), optional
        Additive adjustment.

    Returns
    -------
    ndarray, shape (m,)

    References
    ----------
    Alg. 1; ``loss.py`` (Sagawa et al.'s update with the C/√n_g adjustment).
    """
    caller = "eg_update"
    q = check_array(q, "q", caller, ndim=1)
    ell = check_array(losses, "losses", caller, ndim=1)
    check_param("eta", eta, Interval(0, None, closed="neither"), caller)
    check_same_length(caller, q=q, losses=ell)
    if np.any(q < 0) or abs(q.sum() - 1) > 1e-9 or ell.shape != q.shape:
        raise invalid("q", caller, f"a point of the simplex matching losses {ell.shape}",
                      f"<array of shape {q.shape}>")
    a = np.zeros_like(ell) if adj is None else check_array(adj, "adj", caller, ndim=1)
    if a.shape != ell.shape:
        raise invalid("adj", caller, f"an array of the shape of losses {ell.shape}",
                      f"<array of shape {a.shape}>")
    return _eg_step(q, ell + 0.0, a, eta)


def _eg_step(q, ell, a, eta):
    """q ⊙ e^{η(ℓ + a)} normalised, without overflow: the gains are taken relative to the largest
    gain on q's support (halved so ℓ + a cannot overflow), so the top entry's exponent is
    log q_g, never inf − inf (η = 1e308, or q = (1, 0) with ℓ = (0, 1e300), gave NaN), and a
    weight of 0 stays 0. Ordinary steps keep the plain formula (bit for bit); the overflow shows
    there as a NaN."""
    with np.errstate(over="ignore", divide="ignore", invalid="ignore"):
        lg = np.log(q) + eta * (ell + a)
        out = np.exp(lg - np.logaddexp.reduce(lg))
    if np.all(np.isfinite(out)):
        return out
    u = ell / 2 + a / 2
    on = q > 0
    with np.errstate(over="ignore", divide="ignore"):
        d = u - np.max(u[on])  # ≤ 0 on the support; -inf only past the float range
        lg = np.where(on, np.log(np.where(on, q, 1.0)) + 2 * (eta * np.where(on, d, 0.0)),
                      -np.inf)
    return np.exp(lg - np.logaddexp.reduce(lg))


@dataclass(frozen=True)
class GameRun:
    """Averaged iterates of the EG/GD game and the constants of its gap bound."""

    theta_bar: np.ndarray
    beta_bar: np.ndarray
    grad_max: float  # max_t ‖∇_θ L(θ_t, β_t)‖₂
    loss_max: float  # max_{t,g} R_g(θ_t)
    T: int


def eg_gd_game(Z, Y, G, eps_g, *, ridge: float, T: int, eta=None, adj=None):
    r"""Simultaneous gradient descent on θ and exponentiated gradient on β (Alg. 1 with full
    batches, exact inner maximum, frozen features), started at θ = 0 and uniform β.

    .. math::

        \theta_{t+1} = \theta_t - \eta\,\nabla_\theta L(\theta_t,\beta_t),\quad
        \beta_{t+1} \propto \beta_t\,e^{\eta R(\theta_t)},\quad
        L(\theta,\beta) = \sum_g \beta_g R_g(\theta) + \lambda\|\theta\|^2,

    with :math:`\eta = 1/\sqrt T` by default; returns the averages of the T iterates. With
    ``adj`` (the code's :math:`C/\sqrt{n_g}`) the β step uses :math:`R + a` and the game is
    that of :math:`\max_g (R_g + a_g)` instead.

    Parameters
    ----------
    Z, Y, G, eps_g, ridge
        As in :func:`hierarchical_optimum`.
    T : int
        Number of steps in [1, MAX_ITER] (``theory.validation.MAX_ITER``).
    eta : float, optional
    adj : array-like, shape (m,), optional
        Additive adjustment of the group losses in the β step.

    Returns
    -------
    GameRun

    References
    ----------
    Alg. 1 and Prop. B.1 (convergence of the averaged iterates, frozen features).
    """
    caller = "eg_gd_game"
    Z, Y, G, m, counts, e = _groups(Z, Y, G, eps_g, caller)
    check_param("ridge", ridge, _HIER["ridge"], caller)
    check_param("T", T, Interval(1, MAX_ITER, integer=True), caller)
    eta = 1.0 / np.sqrt(T) if eta is None else eta
    check_param("eta", eta, Interval(0, None, closed="neither"), caller)
    a_g = np.zeros(m) if adj is None else check_array(adj, "adj", caller, ndim=1)
    if a_g.shape != (m,):
        raise invalid("adj", caller, f"an array of {m} floats", f"<array of shape {a_g.shape}>")
    d = Z.shape[1]
    th = np.zeros(d)
    beta = np.full(m, 1.0 / m)
    th_sum, beta_sum = np.zeros(d), np.zeros(m)
    gmax = bmax = 0.0
    YZ = Y[:, None] * Z
    eG = e[G]
    for t in range(T):
        th_sum += th
        beta_sum += beta
        with np.errstate(over="ignore", invalid="ignore"):
            nrm = np.linalg.norm(th)
            a = -(YZ @ th) + eG * nrm
            R = np.bincount(G, weights=_softplus(a), minlength=m) / counts
            s = 1.0 / (1.0 + np.exp(-a))  # σ(a) = softplus'(a)
        if not (np.isfinite(nrm) and np.all(np.isfinite(R))):
            # the iterates left float64 (a step too long for the data, or η·2·ridge > 2):
            # the averages would be NaN/inf without a word (η = 1e300 gave NaN)
            raise invalid("eta", caller, "small enough that the iterates stay finite "
                          f"(they overflowed at step {t}; gradient descent diverges when "
                          "eta·(2·ridge + curvature) > 2)", eta)
        w = beta[G] / counts[G] * s
        unit = th / nrm if nrm > 0 else np.zeros(d)
        grad = -(w @ YZ) + (w @ eG) * unit + 2 * ridge * th
        with np.errstate(over="ignore"):  # an overflowing step is refused at the next one
            gmax = max(gmax, float(np.linalg.norm(grad)))
        bmax = max(bmax, float(R.max()))
        th = th - eta * grad
        beta = _eg_step(beta, R, a_g, eta)
    if not np.all(np.isfinite(th_sum)):
        raise invalid("eta", caller, "small enough that the iterates stay finite (their sum "
                      "overflowed)", eta)
    return GameRun(th_sum / T, beta_sum / T, gmax, bmax, T)


def omd_gap_bound(theta_norm, G, B, m, T) -> float:
    r"""Explicit duality-gap bound of the averaged EG/GD iterates with :math:`\eta = 1/\sqrt T`.

    Summing the online-gradient-descent regret of θ (start 0, comparator θ′:
    :math:`\|\theta'\|^2/2\eta + \eta\sum_t\|g_t\|^2/2`) and the Hedge regret of β (gains in
    [0, B], Hoeffding's lemma: :math:`\log m/\eta + \eta T B^2/8`), divided by T:

    .. math::

        L(\bar\theta,\beta') - L(\theta',\bar\beta) \le
        \frac{\|\theta'\|^2 + G^2 + 2\log m + B^2/4}{2\sqrt T},

    with θ′ the best response to :math:`\bar\beta`, β′ to :math:`\bar\theta`,
    :math:`G = \max_t\|\nabla_\theta L_t\|` and :math:`B = \max_{t,g} R_g(\theta_t)`.

    Parameters
    ----------
    theta_norm, G, B : float
        ≥ 0.
    m : int
        Number of groups ≥ 1.
    T : int
        Steps ≥ 1.

    Returns
    -------
    float

    References
    ----------
    Prop. B.1 (O(1/√T), constants unconfirmed); our explicit constants (our pilot's
    :math:`(\|\theta^*\|^2 + G^2 + 2\log m + B^2)/2\sqrt T` also holds, with more slack).
    """
    caller = "omd_gap_bound"
    for name, v in (("theta_norm", theta_norm), ("G", G), ("B", B)):
        check_param(name, v, Interval(0, None), caller)
    check_param("m", m, Interval(1, None, integer=True), caller)
    check_param("T", T, Interval(1, None, integer=True), caller)
    tn, G, B = float(theta_norm), float(G), float(B)
    log_m, log_T = math.log(m), math.log(T)  # math.log takes ints of any size (np.log did not)
    top = max(tn, G, B / 2)
    if 1e-150 <= top <= 1e150 and T < 2**1000:  # the squares and √T are ordinary floats
        return float((tn**2 + G**2 + 2 * log_m + B**2 / 4) / (2 * math.sqrt(T)))
    # scaled: (top²·Σ(x/top)² + 2 log m) / 2√T in logs, so neither the squares nor √T overflow
    # (‖θ‖ = 1e200 raised OverflowError) or underflow (1e-160 squared lost its digits)
    log_sq = -math.inf
    if top > 0:
        s = (tn / top) ** 2 + (G / top) ** 2 + (B / 2 / top) ** 2  # in [1, 3]
        log_sq = 2 * math.log(top) + math.log(s)
    log_num = float(np.logaddexp(log_sq, math.log(2 * log_m) if m > 1 else -math.inf))
    if log_num == -math.inf:
        return 0.0
    log_val = log_num - math.log(2) - 0.5 * log_T
    if log_val > math.log(np.finfo(float).max):
        raise invalid("theta_norm", caller, "such that the bound is below the float64 maximum",
                      f"<theta_norm {tn:g}, G {G:g}, B {B:g}, T {T}>")
    return math.exp(log_val)


def collapse_threshold(Z, Y, G, scale) -> float:
    r"""The base radius at and above which the hierarchical optimum is the zero predictor.

    With :math:`\varepsilon_g = \varepsilon s_g` and no bias, :math:`F` is convex and every
    :math:`R_g(0) = \log 2`; the directional derivative at 0 along a unit u is
    :math:`\max_g(\varepsilon s_g - u^\top\mu_g)/2`, :math:`\mu_g = \frac1{n_g}\sum_{i\in g}
    y_i z_i` (the ridge is second order). So θ = 0 is optimal iff

    .. math::

        \varepsilon \ \ge\ \varepsilon_c = \max\Bigl(0,\ \max_{\|u\|_2\le1}\ \min_g
            \frac{u^\top\mu_g}{s_g}\Bigr),

    an SOCP solved with cvxpy. Above it the objective value is exactly log 2 (nats).

    Parameters
    ----------
    Z, Y, G
        As in :func:`hierarchical_optimum`.
    scale : array-like, shape (m,)
        :math:`s_g > 0` (e.g. ``group_radii(n_g, 1.0)``).

    Returns
    -------
    float

    References
    ----------
    Our sharpening of the trivial-solution collapse.
    """
    caller = "collapse_threshold"
    Z, Y, G, m, _counts, e = _groups(Z, Y, G, scale, caller, eps_name="scale")
    if np.any(e <= 0):
        raise invalid("scale", caller, "an array of floats > 0", f"<array {e.tolist()}>")
    # ε_c(2^a Z, 2^b s) = 2^(a-b) ε_c(Z, s): latents or scales of extreme size are brought to
    # ordinary ones by exact powers of two (Clarabel's tolerances are absolute: Z·1e-100 gave
    # 0, Z·1e100 a SolverError; the group means of latents near the float maximum overflowed)
    kz, ke = max_exponent(Z), max_exponent(e)
    kz, ke = (0 if -4 <= kz <= 4 else kz), (0 if -4 <= ke <= 4 else ke)
    Z, e = np.ldexp(Z, -kz), np.ldexp(e, -ke)
    mu = np.stack([(Y[G == g, None] * Z[G == g]).mean(axis=0) for g in range(m)])
    u = cp.Variable(Z.shape[1])
    t = cp.Variable()
    prob = cp.Problem(cp.Maximize(t), [cp.norm(u, 2) <= 1, (mu @ u) / e >= t])
    try:
        prob.solve(solver=cp.CLARABEL)
    except cp.error.SolverError:
        # scales spread over hundreds of orders of magnitude (1 and 1e-300): the SOCP's rows
        # differ by as much, beyond Clarabel; a raw SolverError before
        raise invalid("scale", caller, "an array of floats > 0 whose spread max/min the SOCP "
                      "solver can handle (Clarabel failed on this one)",
                      f"<array with max/min {float(np.max(e) / np.min(e)):.3g}>") from None
    assert prob.status == cp.OPTIMAL, prob.status
    with np.errstate(over="ignore", under="ignore"):
        ec = float(np.ldexp(max(0.0, float(prob.value)), kz - ke))
    if not np.isfinite(ec):
        raise invalid("scale", caller, "such that the threshold max_u min_g u·μ_g/s_g is below "
                      "the float64 maximum", f"<array with min {float(np.min(e)):.3g}·2^{ke}>")
    return ec
