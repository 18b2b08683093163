"""Layer-wise EF21-Muon with deterministic gradients (Alg. 2 of Gruntkowska et al., arXiv
2510.00643, as the papernotes.org summary describes it: one norm and one radius per layer; the
paper's pseudo-code was not seen, so the per-block form below is our reading of Alg. 1 applied
block by block). numpy only; written independently of :func:`ef21_muon_numpy`, with which it is
compared when the blocks share a norm."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from theory.ef21_muon._lmo import NORMS, dual_norm, lmo
from theory.validation import (
    MAX_ITER,
    Interval,
    Options,
    check_array,
    check_param,
    check_rng,
    invalid,
)


def ef21_muon_layerwise(grads: Sequence[Callable], X0: Sequence[np.ndarray],
                        norms: Sequence[str], radii: Sequence, K: int,
                        comps: Sequence[Callable | None] | None = None, *, beta: float = 1.0,
                        noise: float = 0.0, rng: np.random.Generator | None = None) -> dict:
    """Run ``K`` iterations of layer-wise EF21-Muon (no server compression; β = 1 and
    ``noise = 0`` is Alg. 2, β < 1 with Gaussian gradient noise our reading of Alg. 3).

    .. math::
        X_i^{k+1} = X_i^k + t_i^k\\,\\mathrm{LMO}_{\\|\\cdot\\|_{(i)}}(G_i^k),\\quad
        M_{j,i}^{k+1} = (1-\\beta)M_{j,i}^k + \\beta(\\nabla_i f_j(X^{k+1}) + \\xi),\\quad
        G_{j,i}^{k+1} = G_{j,i}^k + \\mathcal C_i(M_{j,i}^{k+1} - G_{j,i}^k),\\quad
        G_i^{k+1} = \\tfrac1n\\textstyle\\sum_j G_{j,i}^{k+1}

    ``grads[j](blocks) -> list of block gradients``; ``radii[i]`` is a float or an array of K
    radii; ``comps[i]`` compresses block ``i`` (``None``: identity). Init
    ``M_j⁰ = G_j⁰ = ∇f_j(X⁰)``; ``noise`` is the std σ of additive Gaussian noise ξ on every
    worker gradient after the first (needs ``rng``).
    Returns the per-block traces ``gnorm`` (K × blocks, ``‖∇_i f(X^k)‖_(i)*``) and the final
    blocks ``X``.
    """
    K, X, ts, comps, rng = _checked(grads, X0, norms, radii, K, comps, beta, noise, rng)
    nb, n = len(X), len(grads)
    Gj = [[np.array(g, dtype=np.float64) for g in gr(X)] for gr in grads]
    M = [[g.copy() for g in gj] for gj in Gj]
    gnorm = np.empty((K, nb))
    cur = [g(X) for g in grads]  # noise-free worker gradients at X^k (computed once per k)
    for k in range(K):
        full = [sum(gr[i] for gr in cur) / n for i in range(nb)]
        gnorm[k] = [dual_norm(full[i], norms[i]) for i in range(nb)]
        G = [sum(Gj[j][i] for j in range(n)) / n for i in range(nb)]
        X = [X[i] + ts[i][k] * lmo(G[i], norms[i]) for i in range(nb)]
        cur = [g(X) for g in grads]
        for j in range(n):
            new = list(cur[j])
            for i in range(nb):
                if noise > 0:
                    new[i] = new[i] + noise * rng.standard_normal(np.shape(new[i]))
                if beta < 1:
                    M[j][i] = (1 - beta) * M[j][i] + beta * new[i]
                    new[i] = M[j][i]
                R = new[i] - Gj[j][i]
                Gj[j][i] = Gj[j][i] + (comps[i](R) if comps[i] is not None else R)
    return {"gnorm": gnorm, "X": X}


_C = "ef21_muon_layerwise"


def _checked(grads, X0, norms, radii, K, comps, beta, noise, rng):
    """The arguments, refused by name. Unchecked, K = -1 was numpy's 'negative dimensions',
    K = 1.5 a raw TypeError, fewer norms than blocks an IndexError, and β = 0 (no gradient ever
    enters), negative or NaN radii and a NaN noise ran silently."""
    check_param("K", K, Interval(1, MAX_ITER, integer=True), _C)
    check_param("beta", beta, Interval(0, 1, closed="right"), _C)
    check_param("noise", noise, Interval(0, None), _C)
    if noise > 0 and rng is None:
        raise invalid("rng", _C, "a numpy Generator when noise > 0", rng)
    if rng is not None:
        rng = check_rng(rng, "rng", _C)
    if not isinstance(grads, list | tuple) or not grads or not all(callable(g) for g in grads):
        raise invalid("grads", _C, "a non-empty list of callables", grads)
    if not isinstance(X0, list | tuple) or not X0:
        raise invalid("X0", _C, "a non-empty list of blocks (1-D or 2-D arrays)", X0)
    X = []
    for i, x in enumerate(X0):
        a = check_array(x, f"X0[{i}]", _C, ndim=None).copy()
        if a.ndim not in (1, 2) or a.size == 0:
            raise invalid(f"X0[{i}]", _C, "a non-empty 1-D or 2-D array",
                          f"<array of shape {a.shape}>")
        X.append(a)
    nb = len(X)
    if (not isinstance(norms, list | tuple) or len(norms) != nb
            or not all(v in Options(*NORMS) for v in norms)):
        raise invalid("norms", _C, f"{nb} norm(s), one per block, each in {NORMS}", norms)
    if not isinstance(radii, list | tuple) or len(radii) != nb:
        raise invalid("radii", _C, f"{nb} radius (radii), one per block", radii)
    ts = []
    for i, r in enumerate(radii):
        if isinstance(r, str | bytes | bool | np.bool_):
            raise invalid("radii", _C, f"radii >= 0, each a float or K = {K} of them", r)
        a = check_array(r, "radii", _C, ndim=None, min_rows=0, finite=False)
        a = np.full(K, float(a)) if a.ndim == 0 else a
        if a.shape != (K,) or not np.all(np.isfinite(a)) or np.any(a < 0):
            raise invalid("radii", _C, f"radii >= 0, each a float or K = {K} of them",
                          f"<radii[{i}] of shape {a.shape}>")
        ts.append(a)
    comps = [None] * nb if comps is None else list(comps)
    if len(comps) != nb or not all(c is None or callable(c) for c in comps):
        raise invalid("comps", _C, f"None or {nb} callables or None, one per block", comps)
    return int(K), X, ts, comps, rng
