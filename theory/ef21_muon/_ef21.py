"""EF21-Muon (Alg. 1 of Gruntkowska et al., arXiv 2510.00643, as the zij optimizer-canon page
gives it) in numpy, and rate bounds (the paper's constants were not seen: the bounds below are the
standard uncompressed bound and our derived EF21 stand-in for Thm 3)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np

from theory.ef21_muon._lmo import NORMS, _shape, dual_norm, lmo
from theory.validation import (
    MAX_ITER,
    Interval,
    InvalidParameterError,
    Options,
    check_array,
    check_param,
    check_rng,
    invalid,
)

_POS = Interval(0, None, closed="neither")


def _radii(t, K: int) -> np.ndarray:
    if isinstance(t, str | bytes | bool | np.bool_):  # np.asarray would read "1" or True as 1.0
        raise invalid("t", "ef21_muon_numpy", f"a radius >= 0 or K = {K} of them", t)
    arr = check_array(t, "t", "ef21_muon_numpy", ndim=None, min_rows=0, finite=False)
    if arr.ndim == 0:
        arr = np.full(K, float(arr))
    if arr.shape != (K,) or not np.all(np.isfinite(arr)) or np.any(arr < 0):
        raise invalid("t", "ef21_muon_numpy", f"a radius >= 0 or K = {K} of them", t)
    return arr


def ef21_muon_numpy(grads: Sequence[Callable], X0, t, K: int, *, beta: float = 1.0,
                    worker_comp: Callable | None = None, server_comp: Callable | None = None,
                    norm: str = "spectral", naive: bool = False, noise: float = 0.0,
                    rng: np.random.Generator | None = None,
                    fs: Sequence[Callable] | None = None, lmo_fn: Callable | None = None
                    ) -> dict:
    """Run ``K`` iterations of EF21-Muon with ``n = len(grads)`` simulated workers
    (Alg. 1; the reference init ``X⁰ = W⁰``, ``M_j⁰ = G_j⁰ = ∇f_j(X⁰)`` is ours).

    .. math::
        X^{k+1} = X^k + t_k\\,\\mathrm{LMO}(G^k),\\quad
        W^{k+1} = W^k + \\mathcal C(X^{k+1} - W^k),\\\\
        M_j^{k+1} = (1-\\beta) M_j^k + \\beta \\nabla f_j(W^{k+1}; \\xi),\\quad
        G_j^{k+1} = G_j^k + \\mathcal C_j(M_j^{k+1} - G_j^k),\\quad
        G^{k+1} = \\tfrac1n\\textstyle\\sum_j G_j^{k+1}

    Parameters
    ----------
    grads : list of callables ``X -> ∇f_j(X)`` (arrays of ``X0``'s shape).
    X0 : array (m, n); t : radius (float) or K radii; K : iterations.
    beta : momentum weight in (0, 1] (β = 1: no momentum; Muon's μ = 0.95 is β = 0.05).
    worker_comp, server_comp : callables ``x -> C(x)`` (``None``: identity, and ``W = X``).
    norm : LMO geometry (see :data:`NORMS`); ``lmo_fn`` overrides it (e.g. Newton–Schulz).
    naive : no error feedback: ``G^k = (1/n) Σ_j C_j(M_j^k)``.
    noise : std of additive Gaussian gradient noise (σ per entry); needs ``rng``.
    fs : optional list of ``X -> f_j(X)`` to record ``f``.

    Returns
    -------
    dict with traces recorded at the start of each iteration (length K): ``gnorm``
    (``‖∇f(X^k)‖_*``, noise-free), ``track`` (``‖G^k − ∇f(X^k)‖_F``), ``WX`` (``‖W^k − X^k‖_F``),
    ``f`` (if ``fs``), and the final ``X``, ``W``, ``G``.
    """
    check_param("K", K, Interval(1, MAX_ITER, integer=True), "ef21_muon_numpy")
    check_param("beta", beta, Interval(0, 1, closed="right"), "ef21_muon_numpy")
    check_param("norm", norm, Options(*NORMS), "ef21_muon_numpy")
    check_param("noise", noise, Interval(0, None), "ef21_muon_numpy")
    if not isinstance(grads, list | tuple) or not grads or not all(callable(g) for g in grads):
        raise invalid("grads", "ef21_muon_numpy", "a non-empty list of callables", grads)
    if noise > 0 and rng is None:
        raise invalid("rng", "ef21_muon_numpy", "a numpy Generator when noise > 0", rng)
    if rng is not None:
        rng = check_rng(rng, "rng", "ef21_muon_numpy")
    for name, fn in (("worker_comp", worker_comp), ("server_comp", server_comp),
                     ("lmo_fn", lmo_fn)):
        if fn is not None and not callable(fn):
            raise invalid(name, "ef21_muon_numpy", "None or a callable", fn)
    if fs is not None and (not isinstance(fs, list | tuple) or len(fs) != len(grads)
                           or not all(callable(f) for f in fs)):
        raise invalid("fs", "ef21_muon_numpy", f"None or a list of {len(grads)} callables "
                      "(one per gradient)", fs)
    ts = _radii(t, K)
    step = lmo_fn if lmo_fn is not None else (lambda G: lmo(G, norm))
    n = len(grads)
    X = check_array(X0, "X0", "ef21_muon_numpy", ndim=None).copy()
    if X.ndim not in (1, 2) or X.size == 0:
        # the LMO geometries are those of vectors and matrices
        raise invalid("X0", "ef21_muon_numpy", "a non-empty 1-D or 2-D array",
                      f"<array of shape {X.shape}>")
    W = X.copy()
    M = [np.array(g(X), dtype=np.float64) for g in grads]
    bad = [j for j, m in enumerate(M) if m.shape != X.shape]
    if bad:
        raise invalid("grads", "ef21_muon_numpy", f"callables returning arrays of X0's shape "
                      f"{X.shape}", f"<grads[{bad[0]}] returned shape {M[bad[0]].shape}>")
    Gj = [m.copy() for m in M] if not naive else [
        (_same_shape(worker_comp(m), m, "worker_comp") if worker_comp else m.copy()) for m in M]
    G = sum(Gj) / n
    tr = {"gnorm": np.empty(K), "track": np.empty(K), "WX": np.empty(K)}
    if fs is not None:
        tr["f"] = np.empty(K)
    for k in range(K):
        true = sum(g(X) for g in grads) / n
        if not (np.all(np.isfinite(true)) and np.all(np.isfinite(G))):
            # the dual norm or LMO below refused its own 'G' (the user never passed one)
            raise invalid("grads", "ef21_muon_numpy", "callables (with the compressors and "
                          "noise) keeping the gradients and the estimator G finite",
                          f"<a non-finite value at iteration {k}>")
        try:
            tr["gnorm"][k] = dual_norm(true, norm)
        except InvalidParameterError:
            raise invalid("grads", "ef21_muon_numpy", "callables whose mean gradient has a "
                          "finite dual norm", f"<above 1.8e308 at iteration {k}>") from None
        tr["track"][k] = np.linalg.norm(G - true)
        tr["WX"][k] = np.linalg.norm(W - X)
        if fs is not None:
            tr["f"][k] = sum(f(X) for f in fs) / n
        X = X + ts[k] * _same_shape(step(G), G, "lmo_fn")
        if not np.all(np.isfinite(X)):
            raise invalid("t", "ef21_muon_numpy", "radii keeping the iterates X finite",
                          f"<X overflowed at iteration {k}>")
        W = (W + _same_shape(server_comp(X - W), X, "server_comp") if server_comp is not None
             else X.copy())
        for j, g in enumerate(grads):
            gr = g(W)
            if noise > 0:
                gr = gr + noise * rng.standard_normal(gr.shape)
            M[j] = (1 - beta) * M[j] + beta * gr if beta < 1 else np.array(gr, dtype=np.float64)
            if naive:
                Gj[j] = (_same_shape(worker_comp(M[j]), M[j], "worker_comp") if worker_comp
                         else M[j].copy())
            else:
                R = (_same_shape(worker_comp(M[j] - Gj[j]), M[j], "worker_comp") if worker_comp
                     else M[j] - Gj[j])
                Gj[j] = Gj[j] + R
        G = sum(Gj) / n
    tr.update(X=X, W=W, G=G)
    return tr


def _same_shape(out, like, name: str):
    """A compressor's or LMO's output, refused unless it has its input's shape (a compressor
    returning x[:1] was broadcast into the estimator without a word)."""
    if np.shape(out) != np.shape(like):
        raise invalid(name, "ef21_muon_numpy", f"a callable returning arrays of its input's "
                      f"shape {np.shape(like)}", f"<returned shape {np.shape(out)}>")
    return out


def smoothness_quadratic(shape) -> tuple[float, float, float]:
    """Constants of ``f(X) = ½‖X − A‖_F²`` in spectral geometry (ours; the descent lemma):
    ``L`` (nuclear/operator smoothness), ``L̃`` (Frobenius gradient vs operator distance) and
    ``ρ`` (``‖Z‖_nuc ≤ ρ‖Z‖_F``), each for ``r = min(m, n)``.

    .. math:: L = r,\\qquad \\tilde L = \\rho = \\sqrt r
    """
    m, n = _shape(shape, "smoothness_quadratic")
    r = min(m, n)
    # math.sqrt: np.sqrt of a Python int beyond int64 raised a raw TypeError
    return float(r), math.sqrt(r), math.sqrt(r)


def _prod(num, den=()) -> float:
    """``Π num / Π den`` of non-negative finite floats (den > 0) from their mantissas and
    exponents, so no partial product over- or underflows: ``inf`` only when the result itself
    exceeds the floats. Used where the plain product was not finite."""
    if any(x == 0 for x in num):
        return 0.0
    m, e = 1.0, 0
    for x, sign in [(x, 1) for x in num] + [(x, -1) for x in den]:
        fm, fe = math.frexp(float(x))
        m = m * fm if sign > 0 else m / fm
        e += sign * fe
        m, de = math.frexp(m)
        e += de
    try:
        return math.ldexp(m, e)
    except OverflowError:
        return math.inf


def _first_term(Delta, t, K) -> float:
    """Δ/(tK); t·K overflowing made it 0 (Δ = 1e300, t = 1e300, K = 1e10: 1e-10)."""
    with np.errstate(over="ignore", divide="ignore"):
        tk = t * K
        v = Delta / tk if math.isfinite(tk) else _prod((Delta,), (t, K))
    return float(v)


def _finite_bound(v, caller: str, name: str, value, what: str) -> float:
    if not math.isfinite(v):
        raise invalid(name, caller, f"a value for which {what} is a finite float64 (below "
                      "1.8e308)", value)
    return float(v)


def _half_product(L, t) -> float:
    """L·t/2 (L·t may overflow while L·t/2 does not)."""
    with np.errstate(over="ignore"):
        v = L * t / 2
    return float(v) if math.isfinite(v) else _prod((L, t, 0.5))


def uncompressed_bound(Delta: float, t: float, K: int, L: float) -> float:
    """Average stationarity bound of the exact-LMO method with constant radius ``t``
    (standard; the α = 1 case of Thm 3).

    .. math:: \\frac1K\\sum_{k<K}\\|\\nabla f(X^k)\\|_* \\le \\frac{\\Delta}{tK} + \\frac{Lt}2
    """
    for name, v in (("Delta", Delta), ("t", t), ("L", L)):
        check_param(name, v, Interval(0, None) if name == "Delta" else _POS,
                    "uncompressed_bound")
    check_param("K", K, Interval(1, MAX_ITER, integer=True), "uncompressed_bound")
    return _finite_bound(_first_term(Delta, t, K) + _half_product(L, t), "uncompressed_bound",
                         "t", t, "the bound Δ/(tK) + Lt/2")


def ef21_bound(Delta: float, t: float, K: int, L: float, L_tilde: float, rho: float,
               alpha: float) -> float:
    """Our derived bound for EF21 worker compression, β = 1, W = X, ``G_j⁰ = ∇f_j(X⁰)``
    (our derivation, a stand-in for Thm 3 whose constants were not seen).

    .. math:: \\frac1K\\sum_{k<K}\\|\\nabla f(X^k)\\|_* \\le \\frac{\\Delta}{tK}
              + t\\Big[\\frac L2 + 2\\rho\\tilde L\\sqrt{\\tfrac{2(1-\\alpha)(1+2/\\alpha)}{\\alpha}}
              \\Big]
    """
    check_param("alpha", alpha, Interval(0, 1, closed="right"), "ef21_bound")
    for name, v in (("L_tilde", L_tilde), ("rho", rho)):
        check_param(name, v, Interval(0, None), "ef21_bound")
    base = uncompressed_bound(Delta, t, K, L)
    with np.errstate(over="ignore", invalid="ignore"):
        c = 2 * rho * L_tilde * _ef21_root(alpha)
        ct = c * t
    if not math.isfinite(ct):  # c overflowed (α ≲ 1e-308) or c·t did, or 0·inf
        ct = _prod((2.0, rho, L_tilde, math.sqrt(2 * (1 - alpha) * (alpha + 2)), t), (alpha,))
    return _finite_bound(base + ct, "ef21_bound", "alpha", alpha,
                         "the bound Δ/(tK) + t[L/2 + 2ρL̃√(2(1−α)(1+2/α)/α)]")


def _ef21_root(alpha: float) -> float:
    """√(2(1−α)(1+2/α)/α) written as √(2(1−α)(α+2))/α: the printed form squares 1/α first and
    overflows to inf for α ≲ 1e-154 although the value (≈ 2/α) is a finite float."""
    with np.errstate(over="ignore"):
        return float(np.sqrt(2 * (1 - alpha) * (alpha + 2)) / alpha)


def ef21_constant(L: float, L_tilde: float, rho: float, alpha: float) -> float:
    """The coefficient ``c`` of ``t`` in :func:`ef21_bound` (so the bound is ``Δ/(tK) + c t``).

    .. math:: c = \\frac L2 + 2\\rho\\tilde L\\sqrt{2(1-\\alpha)(1+2/\\alpha)/\\alpha}
    """
    check_param("alpha", alpha, Interval(0, 1, closed="right"), "ef21_constant")
    for name, v in (("L", L), ("L_tilde", L_tilde), ("rho", rho)):
        check_param(name, v, Interval(0, None), "ef21_constant")
    with np.errstate(over="ignore", invalid="ignore"):
        second = 2 * rho * L_tilde * _ef21_root(alpha)
    if not math.isfinite(second):  # 0·inf (ρ = 0, α subnormal) was NaN
        second = _prod((2.0, rho, L_tilde, math.sqrt(2 * (1 - alpha) * (alpha + 2))), (alpha,))
    return _finite_bound(L / 2 + second, "ef21_constant", "alpha", alpha,
                         "c = L/2 + 2ρL̃√(2(1−α)(1+2/α)/α)")


def optimal_radius(Delta: float, K: int, c: float) -> float:
    """Radius minimising ``Δ/(tK) + c t`` (elementary), giving the O(K^{-1/2}) rate
    ``2√(cΔ/K)``.

    .. math:: t^\\star = \\sqrt{\\Delta/(Kc)}
    """
    check_param("Delta", Delta, _POS, "optimal_radius")
    check_param("c", c, _POS, "optimal_radius")
    check_param("K", K, Interval(1, MAX_ITER, integer=True), "optimal_radius")
    with np.errstate(over="ignore", under="ignore"):
        q = Delta / (K * c)
    if _TINY <= q < math.inf:
        return float(np.sqrt(q))
    # Δ/(Kc) under- or overflowed (Δ = 1e-300, Kc = 1e108 gave 0 for 1e-204): the root of each
    v = math.sqrt(Delta) / (math.sqrt(K) * math.sqrt(c))
    return _finite_bound(v, "optimal_radius", "c", c, "√(Δ/(Kc))")


_TINY = float(np.finfo(float).tiny)


def muon_floor(r: int, t: float) -> float:
    """Long-run mean of ``‖∇f(X^k)‖_nuc`` of constant-radius exact Muon on ``½‖X − A‖_F²``
    with ``r = rank(X⁰ − A)`` (our derivation): every singular value
    ends in a 2-cycle ``s ↔ t − s``.

    .. math:: \\lim \\frac1{2N}\\sum_{k=K_0}^{K_0+2N-1}\\|\\nabla f(X^k)\\|_* = \\frac{r t}{2}
    """
    check_param("r", r, Interval(1, 2**62, integer=True), "muon_floor")  # a rank
    check_param("t", t, _POS, "muon_floor")
    return _finite_bound(_half_product(int(r), t), "muon_floor", "t", t, "r·t/2")


def drift_bound(t: float, alpha: float, step_fro: float) -> float:
    """Our pathwise bound on ``‖W^k − X^k‖_F`` under EF21-P server compression with a pathwise
    contractive compressor and steps ``‖X^{k+1} − X^k‖_F ≤ t·step_fro`` (``step_fro = √r`` for
    the spectral LMO): ``D_{k+1} ≤ √(1−α)(D_k + t·step_fro)``, ``D_0 = 0`` (our derivation).

    .. math:: \\|W^k - X^k\\|_F \\le \\frac{\\sqrt{1-\\alpha}}{1-\\sqrt{1-\\alpha}}\\,t\\,s
    """
    check_param("alpha", alpha, Interval(0, 1, closed="right"), "drift_bound")
    check_param("t", t, Interval(0, None), "drift_bound")
    check_param("step_fro", step_fro, Interval(0, None), "drift_bound")
    q = np.sqrt(1 - alpha)
    # 1 − √(1−α) = −expm1(½ log1p(−α)): the plain difference cancels for small α
    with np.errstate(divide="ignore", over="ignore"):  # α = 1: log1p(−1) = −inf, bound 0
        den = -np.expm1(0.5 * np.log1p(-alpha))
        v = float(q / den * t * step_fro)
    if alpha < 1e-300:  # den = α/2 to 1e-300, but a subnormal α/2 lost bits (α = 5e-324: inf)
        v = _prod((2.0, float(q), t, step_fro), (alpha,))
    elif not math.isfinite(v):  # q/den ≈ 2/α·t·s overflowed part-way
        v = _prod((float(q), t, step_fro), (float(den),))
    return _finite_bound(v, "drift_bound", "alpha", alpha,
                         "the bound √(1−α)/(1−√(1−α))·t·step_fro")
