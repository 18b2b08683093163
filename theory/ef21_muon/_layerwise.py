"""Layer-wise EF21-Muon with deterministic gradients (Alg. 2 of Gruntkowska et al., arXiv
2510.00643, as the papernotes.org summary describes it: one norm and one radius per layer; the
paper's pseudo-code was not seen, so the per-block form below is our reading of Alg. 1 applied
block by block). numpy only; written independently of :func:`ef21_muon_numpy`, with which it is
compared when the blocks share a norm."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from theory.ef21_muon._lmo import dual_norm, lmo


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
    nb, n = len(X0), len(grads)
    comps = [None] * nb if comps is None else list(comps)
    ts = [np.full(K, float(r)) if np.ndim(r) == 0 else np.asarray(r, float) for r in radii]
    X = [np.array(x, dtype=np.float64) for x in X0]
    if noise > 0 and rng is None:
        raise ValueError("ef21_muon_layerwise: noise > 0 needs a numpy Generator rng")
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
