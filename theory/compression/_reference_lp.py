"""The one-shot DRC of Thm 1 for finite alphabets as a linear program over deterministic maps.

Given the common randomness U = u the encoder-decoder is a deterministic map f_u: X -> Y; U can
be taken as the index of the map, so the problem is an LP in the weights w_f of the
:math:`|Y|^{|X|}`
maps (our derivation): minimise sum_f w_f E d(X, f(X)) subject to sum_f w_f = 1, the output
law sum_f w_f P(f(X) = y) = p_Y(y), the rate sum_f w_f H(f(X)) <= R (bits), and a
classification constraint:

* ``"linear"``: sum_f w_f H(S | f(X)) <= C, i.e. H(S|Y,U) <= C (the model behind the paper's
  C_b); a linear constraint, so the whole problem stays an LP;
* ``"exact"``: H(S|Y) <= C of the mixture, concave in w, so not an LP. For binary alphabets the
  mixture's joint law is fixed by p11 = P(X=1, Y=1): two LPs give the range of p11 reachable at
  rate R, and a scan of p11 with bisection refinement finds the best one meeting H(S|Y) <= C.

Solved with scipy's HiGHS (``solver="highs"``) or, as a cross-check, cvxpy (``"cvxpy"``).
Everything here is computed from the map tables with generic entropy code, not from the closed
forms of :mod:`theory.compression`.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
from scipy.optimize import linprog

from theory.validation import Interval, Options, check_array, check_param, invalid

__all__ = ["bernoulli_oneshot_lp", "best_p11_scan", "binary_cond_entropy_from_joint",
           "map_tables", "oneshot_lp", "p11_reach"]

_SOLVERS = Options("highs", "cvxpy")
_UNIT = Interval(0, 1, "both")
_C = Interval(0, None, "left", allow_inf=True)  # C = ∞: unlimited common randomness
# a law must sum to 1 up to rounding of its entries
_SUM_TOL = 1e-9


def check_law(p, name: str, caller: str, *, axis=None) -> np.ndarray:
    """A probability vector (or, with ``axis=1``, a matrix of row laws): finite, >= 0 and
    summing to 1 within 1e-9; else the package's error naming ``name``."""
    a = check_array(p, name, caller, ndim=1 if axis is None else 2)
    sums = a.sum() if axis is None else a.sum(axis=1)
    if np.any(a < 0) or np.any(np.abs(sums - 1) > _SUM_TOL):
        what = "a probability vector" if axis is None else "a matrix of row laws"
        raise invalid(name, caller, f"{what} (entries >= 0 summing to 1)",
                      f"<array with min {a.min():g} and sum(s) {np.round(sums, 6).tolist()}>")
    return a


def _entropy_bits(p, axis=None):
    p = np.asarray(p, dtype=np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.where(p > 0, p * np.log2(np.where(p > 0, p, 1.0)), 0.0)
    return -t.sum(axis=axis)


def map_tables(p_x, n_y: int, p_s_given_x=None):
    """Per-map quantities of all ``n_y ** len(p_x)`` deterministic maps.

    Returns a dict with ``maps`` (m, n_x) ints, ``push`` (m, n_y) output laws,
    ``rate`` (m,) H(f(X)) in bits, ``joint`` (m, n_x, n_y) P(X=x, f(X)=y), and, when
    ``p_s_given_x`` (n_x, n_s) is given, ``cond`` (m,) H(S | f(X)) in bits.
    """
    p_x = np.asarray(p_x, dtype=np.float64)
    n_x = p_x.size
    maps = np.array(list(itertools.product(range(n_y), repeat=n_x)), dtype=int)
    joint = np.zeros((len(maps), n_x, n_y))
    joint[np.arange(len(maps))[:, None], np.arange(n_x)[None, :], maps] = p_x
    push = joint.sum(1)
    out = {"maps": maps, "push": push, "rate": _entropy_bits(push, axis=1), "joint": joint}
    if p_s_given_x is not None:
        psy = np.einsum("xs,mxy->msy", np.asarray(p_s_given_x, dtype=np.float64), joint)
        out["cond"] = _entropy_bits(psy, axis=(1, 2)) - _entropy_bits(psy.sum(1), axis=1)
    return out


def _solve_lp(c, A_ub, b_ub, A_eq, b_eq, solver: str):
    """min c.w s.t. A_ub w <= b_ub, A_eq w = b_eq, w >= 0; returns (value, w) or (inf, None)."""
    if solver == "highs":
        res = linprog(c, A_ub=A_ub, b_ub=b_ub, A_eq=A_eq, b_eq=b_eq,
                      bounds=[(0, None)] * len(c), method="highs")
        return (float(res.fun), res.x) if res.status == 0 else (math.inf, None)
    import cvxpy as cp

    w = cp.Variable(len(c), nonneg=True)
    cons = [A_eq @ w == b_eq]
    if A_ub is not None:
        cons.append(A_ub @ w <= b_ub)
    prob = cp.Problem(cp.Minimize(c @ w), cons)
    prob.solve(solver="CLARABEL")
    if prob.status not in ("optimal", "optimal_inaccurate"):
        return math.inf, None
    return float(prob.value), np.asarray(w.value)


def oneshot_lp(R: float, p_x, p_y, d, *, C: float = math.inf, p_s_given_x=None,
               solver: str = "highs") -> float:
    """One-shot DRC (Thm 1) for finite alphabets with the *linear* classification constraint.

    Parameters
    ----------
    R : float
        Rate bound in bits on E H(f_U(X)).
    p_x : array (n_x,), p_y : array (n_y,)
        Source and target laws.
    d : array (n_x, n_y)
        Distortion matrix.
    C : float
        Bound in bits on sum_f w_f H(S | f(X)) (needs ``p_s_given_x`` (n_x, n_s)); inf = none.

    Returns
    -------
    float
        The minimum E d(X, Y); ``inf`` when infeasible.
    """
    caller = "oneshot_lp"
    check_param("R", R, Interval(0, None, "left", allow_inf=True), caller)
    check_param("C", C, _C, caller)
    check_param("solver", solver, _SOLVERS, caller)
    p_x = check_law(p_x, "p_x", caller)
    p_y = check_law(p_y, "p_y", caller)
    d = check_array(d, "d", caller)
    if d.shape != (p_x.size, p_y.size):
        raise invalid("d", caller, f"an array of shape (len(p_x), len(p_y)) = "
                      f"{(p_x.size, p_y.size)}", f"<array of shape {d.shape}>")
    if C != math.inf:
        if p_s_given_x is None:
            raise invalid("p_s_given_x", caller, "an (n_x, n_s) array of conditional laws when "
                          "C is finite (the classification constraint needs P(S|X))", None)
        p_s_given_x = check_law(p_s_given_x, "p_s_given_x", caller, axis=1)
        if p_s_given_x.shape[0] != p_x.size:
            raise invalid("p_s_given_x", caller, f"an array with len(p_x) = {p_x.size} rows",
                          f"<array of shape {p_s_given_x.shape}>")
    t = map_tables(p_x, p_y.size, None if C == math.inf else p_s_given_x)
    cost = np.einsum("mxy,xy->m", t["joint"], d)
    A_ub, b_ub = [t["rate"]], [R]
    if C != math.inf:
        A_ub.append(t["cond"])
        b_ub.append(C)
    A_eq = np.vstack([np.ones(len(cost)), t["push"].T])
    b_eq = np.concatenate([[1.0], p_y])
    return _solve_lp(cost, np.array(A_ub), np.array(b_ub), A_eq, b_eq, solver)[0]


def _bern(q_x, q_y, q_s1):
    p_x = np.array([1 - q_x, q_x])
    p_y = np.array([1 - q_y, q_y])
    ps_x = np.array([[1 - q_s1, q_s1], [q_s1, 1 - q_s1]])
    return p_x, p_y, 1.0 - np.eye(2), ps_x


def p11_reach(R: float, q_x: float, q_y: float, *, solver: str = "highs") -> tuple[float, float]:
    """[min, max] of P(X=1, Y=1) over the binary map mixtures of rate <= R, by two LPs."""
    p_x, p_y, _, _ = _bern(q_x, q_y, 0.0)
    t = map_tables(p_x, 2)
    p11 = t["joint"][:, 1, 1]
    A_eq = np.vstack([np.ones(len(p11)), t["push"].T])
    b_eq = np.concatenate([[1.0], p_y])
    lo = _solve_lp(p11, t["rate"][None, :], [R], A_eq, b_eq, solver)[0]
    hi = -_solve_lp(-p11, t["rate"][None, :], [R], A_eq, b_eq, solver)[0]
    return lo, hi


def binary_cond_entropy_from_joint(pxy, ps_x) -> np.ndarray:
    """H(S|Y) in bits from joint(s) P(X, Y) of shape (..., n_x, n_y) and P(S|X) (n_x, n_s)."""
    psy = np.einsum("xs,...xy->...sy", ps_x, pxy)
    return _entropy_bits(psy, axis=(-2, -1)) - _entropy_bits(psy.sum(-2), axis=-1)


def _binary_joint(p11, q_x, q_y):
    p11 = np.asarray(p11, dtype=np.float64)
    return np.stack([np.stack([1 - q_x - q_y + p11, q_y - p11], -1),
                     np.stack([q_x - p11, p11], -1)], -2)


def best_p11_scan(lo: float, hi: float, feasible, *, n: int = 2001, iters: int = 60) -> float:
    """Largest p in [lo, hi] with ``feasible(p)`` (vectorised), by a grid scan and bisection.

    Returns nan when no grid point is feasible. The refinement bisects between the largest
    feasible grid point and its infeasible right neighbour, so it assumes nothing about the
    shape of the feasible set beyond the grid resolution.
    """
    grid = np.linspace(lo, hi, n)
    ok = feasible(grid)
    if not ok.any():
        return math.nan
    i = int(np.flatnonzero(ok)[-1])
    if i == n - 1:
        return float(grid[i])
    a, b = grid[i], grid[i + 1]
    for _ in range(iters):
        m = 0.5 * (a + b)
        if feasible(np.array([m]))[0]:
            a = m
        else:
            b = m
    return float(a)


def bernoulli_oneshot_lp(R: float, C: float, q_x: float, q_y: float, q_s1: float, *,
                         classification: str = "linear", solver: str = "highs") -> float:
    """One-shot Bernoulli DRC (Thm 1/2) by LP over the four binary maps, Hamming distortion.

    ``C = inf`` drops the classification constraint (``q_s1`` is then unused). With
    ``classification="linear"`` one LP; with ``"exact"`` two LPs for the reachable range of
    p11 and a scan of the exact H(S|Y) of the mixture over it. Returns ``inf`` if infeasible.
    """
    caller = "bernoulli_oneshot_lp"
    check_param("classification", classification, Options("linear", "exact"), caller)
    check_param("R", R, Interval(0, None, "left", allow_inf=True), caller)
    check_param("C", C, _C, caller)
    for name, q in (("q_x", q_x), ("q_y", q_y), ("q_s1", q_s1)):
        check_param(name, q, _UNIT, caller)
    p_x, p_y, d, ps_x = _bern(q_x, q_y, q_s1)
    if classification == "linear" or C == math.inf:
        return oneshot_lp(R, p_x, p_y, d, C=C, p_s_given_x=ps_x, solver=solver)
    lo, hi = p11_reach(R, q_x, q_y, solver=solver)
    if not (math.isfinite(lo) and math.isfinite(hi)):
        return math.inf
    # 1e-12: the LP endpoints carry ~1e-12 solver error, the entropy none
    p = best_p11_scan(lo, hi, lambda p: binary_cond_entropy_from_joint(
        _binary_joint(p, q_x, q_y), ps_x) <= C + 1e-12)
    return math.inf if math.isnan(p) else float(q_x + q_y - 2 * p)
