"""Candidate-constrained label propagation: PRISM's self-anchored renormalised update (our
reconstruction of the papernotes.org summary) and the masked linear scheme of Zhou et al. as a reference.

PRISM (papernotes' equations; the initial ``Y⁽⁰⁾`` is unspecified, ours is uniform on ``S_i``):

.. math::
    \\tilde Y^{(e+1)} = \\mu Y^{(e)} + (1-\\mu)\\,N\\Big(\\sum_r A_r Y^{(e)}\\Big),\\qquad
    Y^{(e+1)} = N\\big(\\tilde Y^{(e+1)}\\odot M\\big),

with ``N`` the row-ℓ1 normalisation (a zero row stays zero). It is non-linear (the
renormalisation), so it has no resolvent; the masked linear scheme
``F ← M ⊙ (αŜF + (1 − α)Y⁰)`` does, and the two are different objects (our derivation).
"""

from __future__ import annotations

import numpy as np
from scipy.linalg import solve

from theory.prism._candidates import check_mask
from theory.validation import MAX_ITER, Interval, check_array, check_param, invalid

_UNIT = Interval(0, 1, closed="both")
_ALPHA = Interval(0, 1, closed="left")


def row_normalize(X) -> np.ndarray:
    """Row-ℓ1 normalisation ``N(X)_i = X_i / Σ_c X_ic`` of a non-negative array; zero rows
    stay zero. Location: the papernotes.org summary (``N``)."""
    X = check_array(X, "X", "row_normalize")
    if np.any(X < 0):
        raise invalid("X", "row_normalize", "a non-negative array",
                      f"<array of shape {X.shape}, min {float(X.min()):.3g}>")
    return _rownorm(X)


def _rownorm(X):
    # unchecked: prism_step is also evaluated off its domain by root finders. Each row is first
    # divided by the power of two at or below its largest |entry| (exact, so ordinary rows keep
    # every bit): a row of 1e308s summed to inf and came back all zeros.
    X = X / _pow2(np.max(np.abs(X), axis=1, keepdims=True)) if X.size else X
    s = X.sum(1, keepdims=True)
    return np.divide(X, s, out=np.zeros_like(X), where=s > 0)


def _pow2(top, even: bool = False):
    """The power of two at or below ``top`` (1 where ``top`` is 0); with ``even`` a power of
    four (its square root is exact too)."""
    top = np.asarray(top, dtype=float)
    e = np.frexp(top)[1] - 1
    if even:
        e = 2 * (e // 2)
    return np.where(top > 0, np.ldexp(1.0, e), 1.0)


def sym_norm(W) -> np.ndarray:
    """Symmetric normalisation ``Ŝ = D^{-1/2} W D^{-1/2}`` (isolated nodes: zero rows).

    .. math:: \\hat S_{ij} = W_{ij}/\\sqrt{d_i d_j},\\quad d_i = \\textstyle\\sum_j W_{ij};
              \\ \\|\\hat S\\|_2 \\le 1.
    """
    W = check_array(W, "W", "sym_norm")
    if W.shape[0] != W.shape[1] or np.any(W < 0) or not np.array_equal(W, W.T):
        raise invalid("W", "sym_norm", "a square, symmetric, non-negative array",
                      f"<array of shape {W.shape}>")
    # Ŝ does not change when W is scaled: W is divided by a power of four (exact, square roots
    # included), so degrees of ~1e308 weights do not overflow (Ŝ was all zeros)
    W = W / _pow2(np.max(W) if W.size else 0.0, even=True)
    d = W.sum(1)
    s = np.where(d > 0, 1.0 / np.sqrt(np.where(d > 0, d, 1.0)), 0.0)
    return s[:, None] * W * s[None, :]


def _adjacencies(A_list, n: int, caller: str) -> list[np.ndarray]:
    if isinstance(A_list, np.ndarray) and A_list.ndim == 2:
        A_list = [A_list]
    out = []
    for A in A_list:
        A = check_array(A, "A_list", caller)
        if A.shape != (n, n) or np.any(A < 0):
            raise invalid("A_list", caller, f"non-negative ({n}, {n}) arrays",
                          f"<array of shape {A.shape}>")
        out.append(A)
    if not out:
        raise invalid("A_list", caller, "a non-empty list of adjacency arrays", "<empty>")
    # the update reads N(Σ_r A_r Y), unchanged by one common scale: a power of two (exact) keeps
    # Σ_r A_r Y finite for weights ~1e308 (its rows summed to inf, and N gave NaN)
    top = _pow2(max(float(np.max(A)) if A.size else 0.0 for A in out))
    return [A / top for A in out]


def prism_step(A_list, Y, M, mu: float) -> np.ndarray:
    """One PRISM propagation step (our reconstruction of the papernotes.org summary, see module docstring).

    ``A_list``, ``M``, ``mu`` as in :func:`prism_propagate`; ``Y`` is ``(N, C)``, row-stochastic
    on ``M`` in use (any finite values are accepted, so that a root finder can evaluate the map).
    """
    M = check_mask(M, "prism_step")
    A_list = _adjacencies(A_list, M.shape[0], "prism_step")
    check_param("mu", mu, _UNIT, "prism_step")
    Y = check_array(Y, "Y", "prism_step")
    if Y.shape != M.shape:
        raise invalid("Y", "prism_step", f"an array of the shape of M {M.shape}",
                      f"<array of shape {Y.shape}>")
    return _step(A_list, Y, M, mu)


def _step(A_list, Y, M, mu):
    agg = sum(A @ Y for A in A_list)
    return _rownorm((mu * Y + (1.0 - mu) * _rownorm(agg)) * M)


def prism_propagate(A_list, M, mu: float, E: int, Y0=None, return_path: bool = False):
    """Run ``E`` PRISM propagation steps from ``Y⁽⁰⁾`` (uniform on each ``S_i`` by default).

    .. math::
        Y^{(e+1)} = N\\Big(\\big[\\mu Y^{(e)} + (1-\\mu)N(\\textstyle\\sum_r A_rY^{(e)})\\big]
        \\odot M\\Big).

    Parameters
    ----------
    A_list : list of (N, N) non-negative arrays (relational graphs, e.g. ``A^spa``, ``A^spe``).
    M : (N, C) 0/1 candidate mask.
    mu : float in [0, 1], self-anchoring weight.
    E : int in [0, MAX_ITER], number of steps.
    Y0 : (N, C) non-negative array supported on ``M``, optional (ours: uniform on ``S_i``).
    return_path : bool, also return the list ``[Y⁽⁰⁾, …, Y⁽ᴱ⁾]``.

    Returns
    -------
    Y : (N, C) row-stochastic, supported on ``M`` (and the path if asked). Invariant:
    ``Y⁽ᵉ⁾_ic ≥ μᵉ Y⁽⁰⁾_ic`` on ``S_i`` (our derivation). Location: the papernotes.org summary
    (papernotes; our reconstruction).
    """
    M = check_mask(M, "prism_propagate")
    N = M.shape[0]
    A_list = _adjacencies(A_list, N, "prism_propagate")
    check_param("mu", mu, _UNIT, "prism_propagate")
    check_param("E", E, Interval(0, MAX_ITER, integer=True), "prism_propagate")
    if Y0 is None:
        Y = _rownorm(M)
    else:
        Y = check_array(Y0, "Y0", "prism_propagate")
        if Y.shape != M.shape or np.any(Y < 0) or np.any((Y * M).sum(1) <= 0):
            raise invalid("Y0", "prism_propagate",
                          f"a non-negative {M.shape} array with mass on every candidate set",
                          f"<array of shape {Y.shape}>")
        Y = _rownorm(Y * M)
    path = [Y]
    for _ in range(E):
        Y = _step(A_list, Y, M, mu)
        path.append(Y)
    return (Y, path) if return_path else Y


def momentum_confidence(Q, Y, beta: float) -> np.ndarray:
    """Momentum confidence update ``Q_i ← N(βQ_i + (1 − β)Y_i)`` (the papernotes.org summary)."""
    check_param("beta", beta, _UNIT, "momentum_confidence")
    Q = check_array(Q, "Q", "momentum_confidence")
    Y = check_array(Y, "Y", "momentum_confidence")
    if Q.shape != Y.shape:
        raise invalid("Y", "momentum_confidence", f"an array of the shape of Q {Q.shape}",
                      f"<array of shape {Y.shape}>")
    for name, A in (("Q", Q), ("Y", Y)):
        if np.any(A < 0):
            raise invalid(name, "momentum_confidence", "a non-negative array",
                          f"<array of shape {A.shape}, min {float(A.min()):.3g}>")
    return _rownorm(beta * Q + (1.0 - beta) * Y)


def _zhou_inputs(S, Y0, M, alpha, caller):
    M = check_mask(M, caller)
    S = check_array(S, "S", caller)
    if S.shape != (M.shape[0],) * 2:
        raise invalid("S", caller, f"a ({M.shape[0]}, {M.shape[0]}) array",
                      f"<array of shape {S.shape}>")
    Y0 = check_array(Y0, "Y0", caller)
    if Y0.shape != M.shape:
        raise invalid("Y0", caller, f"an array of shape {M.shape}", f"<array of shape {Y0.shape}>")
    check_param("alpha", alpha, _ALPHA, caller)
    return S, Y0, M


def _contraction(S, alpha, caller):
    """The fixed point is the limit of the scheme (and unique) when α‖S‖₂ < 1."""
    if alpha == 0:  # F = M ⊙ Y⁰ whatever S (‖S‖₂ of entries ~1e308 overflowed: 0·inf was NaN)
        return
    nrm = float(np.linalg.norm(S, 2)) if S.size else 0.0
    if not alpha * nrm < 1:
        raise invalid("S", caller, f"an array with alpha * ||S||_2 < 1 (alpha = {alpha:g}; "
                      "e.g. S = sym_norm(W), ||S||_2 <= 1)",
                      f"<array of shape {S.shape}, ||S||_2 = {nrm:.6g}>")


def zhou_masked_iterate(S, Y0, M, alpha: float, t: int, F0=None) -> np.ndarray:
    """``t`` steps of the masked linear scheme ``F ← M ⊙ (αŜF + (1 − α)Y⁰)`` from ``F0``
    (default ``M ⊙ Y⁰``). Location: our derivation (Zhou et al. 2004 with a candidate mask)."""
    S, Y0, M = _zhou_inputs(S, Y0, M, alpha, "zhou_masked_iterate")
    check_param("t", t, Interval(0, MAX_ITER, integer=True), "zhou_masked_iterate")
    if F0 is None:
        F = M * Y0
    else:
        F = check_array(F0, "F0", "zhou_masked_iterate")
        if F.shape != M.shape:
            raise invalid("F0", "zhou_masked_iterate", f"an array of the shape of M {M.shape}",
                          f"<array of shape {F.shape}>")
    for _ in range(t):
        F = M * (alpha * (S @ F) + (1.0 - alpha) * Y0)
    return F


def zhou_masked_closed_form(S, Y0, M, alpha: float) -> np.ndarray:
    """Fixed point of the masked linear scheme, one linear solve per class.

    .. math:: F_{:c} = (1-\\alpha)\\,(I-\\alpha\\,\\mathrm{diag}(M_{:c})\\hat S)^{-1}
              \\mathrm{diag}(M_{:c})\\,Y^0_{:c}.

    Exists for ``α < 1`` when ``‖Ŝ‖₂ ≤ 1`` (``‖diag(M_c)Ŝ‖₂ ≤ 1``). Location: our derivation.
    """
    S, Y0, M = _zhou_inputs(S, Y0, M, alpha, "zhou_masked_closed_form")
    _contraction(S, alpha, "zhou_masked_closed_form")
    n = S.shape[0]
    F = np.empty_like(Y0)
    for c in range(M.shape[1]):
        m = M[:, c]
        F[:, c] = (1.0 - alpha) * solve(np.eye(n) - alpha * m[:, None] * S, m * Y0[:, c])
    return F


def zhou_induced_subgraph(S, Y0, M, alpha: float) -> np.ndarray:
    """The same fixed point as the resolvent on the subgraph induced by ``I_c = {i : c ∈ S_i}``:

    .. math:: F_{I_c,c} = (1-\\alpha)(I-\\alpha\\hat S_{I_cI_c})^{-1}Y^0_{I_c,c},\\quad
              F_{\\bar I_c,c}=0.
    """
    S, Y0, M = _zhou_inputs(S, Y0, M, alpha, "zhou_induced_subgraph")
    _contraction(S, alpha, "zhou_induced_subgraph")
    F = np.zeros_like(Y0)
    for c in range(M.shape[1]):
        idx = np.flatnonzero(M[:, c])
        if idx.size:
            sub = S[np.ix_(idx, idx)]
            F[idx, c] = (1.0 - alpha) * solve(np.eye(idx.size) - alpha * sub, Y0[idx, c])
    return F
