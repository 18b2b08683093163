"""The log-linear model on a product poset Ω = [I₁]×…×[I_d] (Sugiyama et al. 2017), as used by
Hu & Sugiyama (arXiv 2410.00718, §3 "log-linear model on posets"; released ``ld.py``).

A positive tensor P that sums to 1 is a distribution on Ω. Its natural coordinates θ and
expectation coordinates η are the Möbius and (upper) ζ transforms:
log p(x) = Σ_{s ≤ x} θ(s), η(x) = Σ_{s ≥ x} p(s). Everything is in nats.
"""

from __future__ import annotations

import math
from itertools import product

import numpy as np
from scipy.special import logsumexp

from theory._norms import max_exponent
from theory.validation import (
    MAX_ITER,
    Interval,
    check_array,
    check_distribution,
    check_param,
    invalid,
)

_POS = Interval(1, None, integer=True)


def _tensor(T, name: str, caller: str, *, positive: bool = False) -> np.ndarray:
    A = check_array(T, name, caller, ndim=None)
    if A.ndim < 1 or A.size < 2:
        raise invalid(name, caller, "a tensor with at least 2 entries", f"<array of shape {A.shape}>")
    if positive and not np.all(A > 0):
        raise invalid(name, caller, "a tensor of positive entries", f"<array with min {A.min():.3g}>")
    return A


def _distribution(P, name: str, caller: str) -> np.ndarray:
    A = _tensor(P, name, caller, positive=True)
    s = float(A.sum())
    if abs(s - 1.0) > 1e-9:
        raise invalid(name, caller, "a positive tensor summing to 1 (within 1e-9)",
                      f"<array summing to {s:.12g}>")
    return A


def _mask(mask, shape, name: str, caller: str) -> np.ndarray:
    """A boolean mask of ``shape`` (0/1 floats or ints are refused: casting them would silently
    turn 0.5 or 2 into True)."""
    m = np.asarray(mask)
    if m.dtype != bool or m.shape != tuple(shape):
        raise invalid(name, caller, f"a boolean mask of shape {tuple(shape)}",
                      f"<{m.dtype} array of shape {m.shape}>")
    return m


def _zeta(A: np.ndarray) -> np.ndarray:
    """ζ without validation (inner loops)."""
    for ax in range(A.ndim):
        A = np.cumsum(A, axis=ax)
    return A


def _zeta_up(A: np.ndarray) -> np.ndarray:
    """Upper ζ without validation (inner loops)."""
    for ax in range(A.ndim):
        idx = [slice(None)] * A.ndim
        idx[ax] = slice(None, None, -1)
        A = np.cumsum(A[tuple(idx)], axis=ax)[tuple(idx)]
    return A


def _softmax(L: np.ndarray):
    """exp(L − logsumexp L) and logsumexp L, without scipy's per-call overhead."""
    m = float(L.max())
    E = np.exp(L - m)
    z = float(E.sum())
    return E / z, m + float(np.log(z))




def _linear(A: np.ndarray, fn, name: str, caller: str) -> np.ndarray:
    """``fn`` (a ζ or Möbius transform: sums and differences) on ``A``. Where partial sums
    overflowed it is redone on A scaled by a power of two and scaled back (exact): entries of
    ±1e308 gave inf and NaN (inf − inf) where the transform is a float64. An answer beyond
    float64 is refused."""
    with np.errstate(over="ignore", invalid="ignore"):
        out = fn(A)
        if np.all(np.isfinite(out)):
            return out
        k = max_exponent(A)
        out = np.ldexp(fn(np.ldexp(A, -k)), k)
    if not np.all(np.isfinite(out)):
        raise invalid(name, caller, "a tensor whose transform is within float64 (|entries| "
                      "<= ~1.8e308)", f"<array of shape {A.shape}, max |entry| "
                      f"{float(np.max(np.abs(A))):.3g}>")
    return out


def _log_softmax_parts(theta: np.ndarray):
    """(ζθ shifted to max 0, max ζθ) for θ with θ(⊥) = 0: ζθ itself when it is finite, else
    from θ scaled by 2⁻ᵏ, the shift taken there and the scale put back by ``ldexp`` (θ of
    ±1e308 overflowed ζθ: P came back summing to 3 and ψ as inf or NaN)."""
    with np.errstate(over="ignore", invalid="ignore"):
        L = _zeta(theta)
    if np.all(np.isfinite(L)):
        m = float(L.max())
        return L - m, m
    k = max_exponent(theta)
    Ls = _zeta(np.ldexp(theta, -k))
    top = float(Ls.max())
    with np.errstate(over="ignore"):
        return -np.ldexp(top - Ls, k), float(np.ldexp(top, k))


def zeta(T) -> np.ndarray:
    r"""Lower ζ transform: cumulative sums along every axis.

    .. math:: (\zeta T)(x) = \sum_{s \le x} T(s)

    Maps θ to log P (up to the normaliser); the ζ-transform of Sugiyama et al. (2017).
    """
    return _linear(_tensor(T, "T", "zeta"), _zeta, "T", "zeta")


def mobius(T) -> np.ndarray:
    r"""Lower Möbius transform, the inverse of :func:`zeta`: first differences along every axis.

    .. math:: (\mu T)(x) = \sum_{S \subseteq [d]} (-1)^{|S|} T(x - e_S) \quad (T = 0 \text{ off } \Omega)
    """
    return _linear(_tensor(T, "T", "mobius"), _mobius, "T", "mobius")


def _mobius(A: np.ndarray) -> np.ndarray:
    for ax in range(A.ndim):
        A = np.diff(A, axis=ax, prepend=0.0)
    return A


def _mobius_up(A: np.ndarray) -> np.ndarray:
    for ax in range(A.ndim):
        A = np.flip(np.diff(np.flip(A, axis=ax), axis=ax, prepend=0.0), axis=ax)
    return A


def _zeta_up_flip(A: np.ndarray) -> np.ndarray:
    for ax in range(A.ndim):
        A = np.flip(np.cumsum(np.flip(A, axis=ax), axis=ax), axis=ax)
    return A


def zeta_up(T) -> np.ndarray:
    r"""Upper ζ transform: reverse cumulative sums along every axis.

    .. math:: (\zeta^\uparrow T)(x) = \sum_{s \ge x} T(s)
    """
    return _linear(_tensor(T, "T", "zeta_up"), _zeta_up_flip, "T", "zeta_up")


def mobius_up(T) -> np.ndarray:
    r"""Upper Möbius transform, the inverse of :func:`zeta_up` (maps η back to P).

    .. math:: (\mu^\uparrow T)(x) = \sum_{S \subseteq [d]} (-1)^{|S|} T(x + e_S)
    """
    return _linear(_tensor(T, "T", "mobius_up"), _mobius_up, "T", "mobius_up")


def theta_to_P(theta) -> np.ndarray:
    r"""The distribution with natural coordinates θ (θ(⊥) is ignored and replaced by −ψ(θ)).

    .. math:: p(x) = \exp\Big(\sum_{s \le x} \theta(s) - \psi(\theta)\Big),\quad
              \psi(\theta) = \log \sum_{x\in\Omega} \exp \sum_{\perp < s \le x} \theta(s)

    Paper §3, log-linear model. Returns a positive tensor of θ's shape summing to 1.
    """
    th = _tensor(theta, "theta", "theta_to_P").copy()
    th.flat[0] = 0.0
    with np.errstate(over="ignore", invalid="ignore"):
        L = _zeta(th)
    # shifted to max 0 first where |ζθ| ≥ 2¹⁰: ζθ − ψ loses ψ's log Σ part to the ulp of ζθ
    # (a relative error eps·|ζθ| in P; θ = (0, 1e17, 1e17, −1e17) gave P = (0, 1, 1, 1),
    # summing to 3). Where ζθ itself is beyond float64 (θ ~ ±1e308) the shift is taken on the
    # scaled θ. Below 2¹⁰ (error < 1e-13) the unshifted form is kept: the claims' cvxpy
    # references are solved from these P, and move by more than their tolerance when P moves
    # by an ulp
    if not np.all(np.isfinite(L)):
        L = _log_softmax_parts(th)[0]
    elif float(np.max(np.abs(L))) >= 2.0**10:
        L = L - L.max()
    return np.exp(L - logsumexp(L))


def log_partition(theta) -> float:
    r"""ψ(θ) in nats, with θ(⊥) ignored.

    .. math:: \psi(\theta) = \log \sum_{x\in\Omega} \exp \sum_{\perp < s \le x} \theta(s)

    The normaliser: θ(⊥) = −ψ(θ) (Sugiyama et al. 2017).
    """
    th = _tensor(theta, "theta", "log_partition").copy()
    th.flat[0] = 0.0
    with np.errstate(over="ignore", invalid="ignore"):
        L = _zeta(th)
    if np.all(np.isfinite(L)):
        return float(logsumexp(L))
    # ζθ beyond float64 (θ ~ ±1e308) gave inf or NaN: max ζθ + log Σ exp(ζθ − max), the
    # shift taken on the scaled θ; refused where ψ itself is beyond float64
    S, top = _log_softmax_parts(th)
    psi = top + float(logsumexp(S))
    if not np.isfinite(psi):
        raise invalid("theta", "log_partition", "natural coordinates whose ψ is within float64 "
                      "(<= ~1.8e308 nats)", f"<array of shape {th.shape}, max |entry| "
                      f"{float(np.max(np.abs(th))):.3g}>")
    return psi


def P_to_theta(P) -> np.ndarray:
    r"""Natural coordinates of a positive distribution P (θ(⊥) = log p(⊥) = −ψ).

    .. math:: \theta = \mu(\log P), \qquad \theta(x) = \sum_{S\subseteq[d]} (-1)^{|S|}\log p(x - e_S)

    Paper §3 (θ is the Möbius inverse of log P).
    """
    return mobius(np.log(_distribution(P, "P", "P_to_theta")))


def eta(P) -> np.ndarray:
    r"""Expectation coordinates η(x) = Σ_{s ≥ x} p(s); η(⊥) = 1.

    .. math:: \eta(x) = \sum_{s \ge x} p(s) = \mathbb{E}_P[\mathbf 1\{X \ge x\}]

    Paper §3 (expectation coordinates).
    """
    return zeta_up(_distribution(P, "P", "eta"))


def eta_to_P(eta_T) -> np.ndarray:
    r"""The distribution with expectation coordinates η (the upper Möbius transform).

    .. math:: p = \mu^\uparrow \eta
    """
    return _linear(_tensor(eta_T, "eta_T", "eta_to_P"), _mobius_up, "eta_T", "eta_to_P")


def body_mask(shape, order: int) -> np.ndarray:
    r"""The ℓ-body parameter set B as a boolean tensor: indices with at most ``order`` nonzero
    coordinates (⊥ included). M_ℓ = {θ : θ_x = 0 for x ∉ B}.

    .. math:: |B_1| = 1 + \sum_k (I_k - 1), \qquad
              |B_2| = |B_1| + \sum_{k<l} (I_k-1)(I_l-1)

    Paper "many-body approximation" (code ``default_B(shape, order)``; counts ours).
    """
    raw = tuple(shape) if isinstance(shape, tuple | list) else (shape,)
    if not raw:  # () raised numpy's "cannot reshape array of size 0"
        raise invalid("shape", "body_mask", "a non-empty shape", shape)
    for s in raw:
        # checked before int(): int(True) and int(2.7) would pass silently
        check_param("shape", s, _POS, "body_mask")
    shape = tuple(int(s) for s in raw)
    # capped: the mask and its index array have one entry per cell (10**6 × 10**6 would ask
    # for terabytes)
    if math.prod(shape) > MAX_ITER:
        raise invalid("shape", "body_mask", f"a shape with at most {MAX_ITER} cells", shape)
    check_param("order", order, Interval(0, None, integer=True), "body_mask")
    idx = np.indices(shape).reshape(len(shape), -1)
    return ((idx != 0).sum(axis=0) <= order).reshape(shape)


def _index_array(idx, shape, caller) -> np.ndarray:
    """Multi-indices (n, d) from a boolean mask, flat indices or multi-indices."""
    a = np.asarray(idx)
    if a.dtype != bool and a.size and a.dtype.kind not in "iu":
        raise invalid("idx", caller, "a boolean mask or integer indices",
                      f"<{a.dtype} array of shape {a.shape}>")
    if a.dtype == bool:
        if a.shape != tuple(shape):
            raise invalid("idx", caller, f"a boolean mask of shape {tuple(shape)}",
                          f"<mask of shape {a.shape}>")
        return np.argwhere(a)
    if a.ndim == 1:
        if a.size and (a.min() < 0 or a.max() >= int(np.prod(shape))):
            raise invalid("idx", caller, f"flat indices in [0, {int(np.prod(shape)) - 1}]",
                          f"<indices in [{a.min()}, {a.max()}]>")
        return np.stack(np.unravel_index(a.astype(np.intp), shape), axis=1)
    if a.ndim == 2 and a.shape[1] == len(shape):
        if np.any(a < 0) or np.any(a >= np.asarray(shape)):
            raise invalid("idx", caller, f"multi-indices inside {tuple(shape)}", "<out of range>")
        return a.astype(np.intp)
    raise invalid("idx", caller, "a boolean mask, flat indices or an (n, d) array of indices",
                  f"<array of shape {a.shape}>")


def fisher(eta_T, idx, shape=None) -> np.ndarray:
    r"""Fisher information matrix of the log-linear model in θ coordinates, restricted to ``idx``.

    .. math:: G_{uv} = \frac{\partial \eta_u}{\partial \theta_v} =
              \frac{\partial^2\psi}{\partial\theta_u\partial\theta_v} = \eta(u \vee v) - \eta_u\eta_v

    with ∨ the componentwise maximum (Sugiyama et al. 2017; code ``compute_G``).
    ``idx``: a boolean mask, flat indices or (n, d) multi-indices. Returns (n, n), dimensionless.
    """
    E = _tensor(eta_T, "eta_T", "fisher")
    shape = E.shape if shape is None else tuple(shape)
    if tuple(shape) != E.shape:
        raise invalid("shape", "fisher", f"the shape of eta_T {E.shape}", tuple(shape))
    flat, K = fisher_index(_index_array(idx, shape, "fisher"), shape)
    return fisher_from(E.ravel(), flat, K)


def fisher_index(U, shape):
    """Flat indices of the multi-indices U (n, d) and of their pairwise joins u ∨ v (n, n)."""
    flat = np.ravel_multi_index(U.T, shape)
    joint = np.maximum(U[:, None, :], U[None, :, :]).reshape(-1, len(shape))
    return flat, np.ravel_multi_index(joint.T, shape).reshape(len(U), len(U))


def fisher_from(e, flat, K):
    """G = η(u∨v) − η_u η_v from a flat η and the indices of :func:`fisher_index`."""
    return e[K] - np.outer(e[flat], e[flat])


def kl(P, Q) -> float:
    r"""Kullback–Leibler divergence in nats between two distributions of one shape.

    .. math:: \mathrm{KL}(P\|Q) = \sum_x p(x)\log\frac{p(x)}{q(x)}

    Returns ``inf`` when Q vanishes where P does not.

    Examples
    --------
    >>> import numpy as np
    >>> from theory.pnl_augment import kl
    >>> P = np.full((2, 2), 0.25)
    >>> Q = np.array([[0.5, 0.25], [0.125, 0.125]])
    >>> round(kl(P, Q), 6), kl(P, P)
    (0.173287, 0.0)
    """
    A = check_array(P, "P", "kl", ndim=None, min_rows=0)
    B = check_array(Q, "Q", "kl", ndim=None, min_rows=0)
    if A.shape != B.shape:
        raise invalid("Q", "kl", f"a tensor of the shape of P {A.shape}", f"<array of shape {B.shape}>")
    check_distribution(A.ravel(), "P", "kl")
    check_distribution(B.ravel(), "Q", "kl")
    if np.any((B == 0) & (A > 0)):
        return float("inf")
    # Σ p log(p/q) = Σ p·f(r) + (Σp − Σq), r = q/p − 1, f(r) = r − log(1+r) ≥ 0: nearby P, Q
    # do not lose the answer in the difference of two entropies (Σ p log p − Σ p log q)
    a, b = A.ravel(), B.ravel()
    pos = a > 0
    ap, bp = a[pos], b[pos]
    with np.errstate(over="ignore"):
        r = (bp - ap) / ap
    # p·f(r) = (q − p) − p·log(q/p). Where q < p/2¹⁰ the log is taken as log q − log p:
    # log1p(r) loses ~eps·p/q near r = −1 (q/p = 1e-18 gave inf, 1e-12 a KL 8e-7 off); where
    # r overflowed (p = 1e-310 against q = 1/2) f(r) was inf − inf = NaN
    far = (r < -1.0 + 2.0**-10) | ~np.isfinite(r)
    terms = np.empty_like(r)
    terms[~far] = ap[~far] * _r_minus_log1p(r[~far])
    terms[far] = (bp[far] - ap[far]) - ap[far] * (np.log(bp[far]) - np.log(ap[far]))
    # Σ(p − q) from the entrywise differences (exact for nearby entries), not Σp − Σq
    return float(np.sum(terms) + math.fsum(a - b))


def _r_minus_log1p(r: np.ndarray) -> np.ndarray:
    """r − log(1 + r) ≥ 0, by its series r²/2 − r³/3 + … for |r| < 1e-3 (where the difference
    cancels; truncation error below 3e-16 relative) and directly elsewhere."""
    out = np.empty_like(r)
    small = np.abs(r) < 1e-3
    x = r[small]
    out[small] = x * x * (1 / 2 - x * (1 / 3 - x * (1 / 4 - x * (1 / 5 - x / 6))))
    out[~small] = r[~small] - np.log1p(r[~small])
    return out


def _brute_force_positions(shape):
    """All multi-indices of Ω (for the reference sums in the claims)."""
    return list(product(*(range(s) for s in shape)))
