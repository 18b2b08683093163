"""EF21-Muon (Alg. 1 of Gruntkowska et al., arXiv 2510.00643, as the zij optimizer-canon page
gives it) in numpy, and rate bounds (the paper's constants were not seen: the bounds below are the
standard uncompressed bound and our derived EF21 stand-in for Thm 3)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from theory.ef21_muon._lmo import NORMS, _shape, dual_norm, lmo
from theory.validation import (
    MAX_ITER,
    Interval,
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
        (worker_comp(m) if worker_comp else m.copy()) for m in M]
    G = sum(Gj) / n
    tr = {"gnorm": np.empty(K), "track": np.empty(K), "WX": np.empty(K)}
    if fs is not None:
        tr["f"] = np.empty(K)
    for k in range(K):
        true = sum(g(X) for g in grads) / n
        tr["gnorm"][k] = dual_norm(true, norm)
        tr["track"][k] = np.linalg.norm(G - true)
        tr["WX"][k] = np.linalg.norm(W - X)
        if fs is not None:
            tr["f"][k] = sum(f(X) for f in fs) / n
        X = X + ts[k] * step(G)
        W = W + server_comp(X - W) if server_comp is not None else X.copy()
        for j, g in enumerate(grads):
            gr = g(W)
            if noise > 0:
                gr = gr + noise * rng.standard_normal(gr.shape)
            M[j] = (1 - beta) * M[j] + beta * gr if beta < 1 else np.array(gr, dtype=np.float64)
            if naive:
                Gj[j] = worker_comp(M[j]) if worker_comp else M[j].copy()
            else:
                R = worker_comp(M[j] - Gj[j]) if worker_comp else M[j] - Gj[j]
                Gj[j] = Gj[j] + R
        G = sum(Gj) / n
    tr.update(X=X, W=W, G=G)
    return tr


def smoothness_quadratic(shape) -> tuple[float, float, float]:
    """Constants of ``f(X) = ½‖X − A‖_F²`` in spectral geometry (ours; the descent lemma):
    ``L`` (nuclear/operator smoothness), ``L̃`` (Frobenius gradient vs operator distance) and
    ``ρ`` (``‖Z‖_nuc ≤ ρ‖Z‖_F``), each for ``r = min(m, n)``.

    .. math:: L = r,\\qquad \\tilde L = \\rho = \\sqrt r
    """
    m, n = _shape(shape, "smoothness_quadratic")
    r = min(m, n)
    return float(r), float(np.sqrt(r)), float(np.sqrt(r))


def uncompressed_bound(Delta: float, t: float, K: int, L: float) -> float:
    """Average stationarity bound of the exact-LMO method with constant radius ``t``
    (standard; the α = 1 case of Thm 3).

    .. math:: \\frac1K\\sum_{k<K}\\|\\nabla f(X^k)\\|_* \\le \\frac{\\Delta}{tK} + \\frac{Lt}2
    """
    for name, v in (("Delta", Delta), ("t", t), ("L", L)):
        check_param(name, v, Interval(0, None) if name == "Delta" else _POS,
                    "uncompressed_bound")
    check_param("K", K, Interval(1, None, integer=True), "uncompressed_bound")
    return Delta / (t * K) + L * t / 2


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
    c = 2 * rho * L_tilde * _ef21_root(alpha)
    return uncompressed_bound(Delta, t, K, L) + c * t


def _ef21_root(alpha: float) -> float:
    """√(2(1−α)(1+2/α)/α) written as √(2(1−α)(α+2))/α: the printed form squares 1/α first and
    overflows to inf for α ≲ 1e-154 although the value (≈ 2/α) is a finite float."""
    return float(np.sqrt(2 * (1 - alpha) * (alpha + 2)) / alpha)


def ef21_constant(L: float, L_tilde: float, rho: float, alpha: float) -> float:
    """The coefficient ``c`` of ``t`` in :func:`ef21_bound` (so the bound is ``Δ/(tK) + c t``).

    .. math:: c = \\frac L2 + 2\\rho\\tilde L\\sqrt{2(1-\\alpha)(1+2/\\alpha)/\\alpha}
    """
    check_param("alpha", alpha, Interval(0, 1, closed="right"), "ef21_constant")
    for name, v in (("L", L), ("L_tilde", L_tilde), ("rho", rho)):
        check_param(name, v, Interval(0, None), "ef21_constant")
    return L / 2 + 2 * rho * L_tilde * _ef21_root(alpha)


def optimal_radius(Delta: float, K: int, c: float) -> float:
    """Radius minimising ``Δ/(tK) + c t`` (elementary), giving the O(K^{-1/2}) rate
    ``2√(cΔ/K)``.

    .. math:: t^\\star = \\sqrt{\\Delta/(Kc)}
    """
    check_param("Delta", Delta, _POS, "optimal_radius")
    check_param("c", c, _POS, "optimal_radius")
    check_param("K", K, Interval(1, None, integer=True), "optimal_radius")
    return float(np.sqrt(Delta / (K * c)))


def muon_floor(r: int, t: float) -> float:
    """Long-run mean of ``‖∇f(X^k)‖_nuc`` of constant-radius exact Muon on ``½‖X − A‖_F²``
    with ``r = rank(X⁰ − A)`` (our derivation): every singular value
    ends in a 2-cycle ``s ↔ t − s``.

    .. math:: \\lim \\frac1{2N}\\sum_{k=K_0}^{K_0+2N-1}\\|\\nabla f(X^k)\\|_* = \\frac{r t}{2}
    """
    check_param("r", r, Interval(1, None, integer=True), "muon_floor")
    check_param("t", t, _POS, "muon_floor")
    return r * t / 2


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
    with np.errstate(divide="ignore"):  # α = 1: log1p(−1) = −inf, and the bound is 0
        return float(q / -np.expm1(0.5 * np.log1p(-alpha)) * t * step_fro)
