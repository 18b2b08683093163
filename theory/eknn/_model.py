"""EKNN-lite: the three layers, the joint objective and its solvers (the papernotes.org summary).

**Our reconstruction** throughout: the paper's body and code are not public. Rows of each
view :math:`X^v` are the n points (Θ^v := X^v, no self-representation), and

.. math::
    F = \\sum_v \\alpha \\lVert X^v - W^v V^v \\rVert_F^2
      + \\beta \\bigl[\\operatorname{tr} K^v - \\operatorname{tr}(\\hat U^{v\\top} K^v \\hat U^v)\\bigr]
      + \\gamma \\lVert W^v \\hat U^v - H G^v \\rVert_F^2,

with :math:`K^v = K(V^v)` Gaussian (σ² fixed at the start) and :math:`\\hat U^v = U^v (U^{v\\top}
U^v)^{-1/2}` (centres counted, as summarised). Two solvers:

* :func:`eknn_pipeline` — layer by layer: k-means (p centres), kernel k-means on the centres
  (NJW start, optional size weights), k-means of the concatenated :math:`W^v\\hat U^v`;
* :func:`joint_bcd` — block-coordinate descent of F: each block step is an exact minimiser or
  is kept only when it does not increase its part of F, so F is non-increasing.

:func:`layerwise_step` is the alternative reading where each layer minimises only its own term;
it is *not* a descent method for F (claim ``eknn.monotone.layerwise``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

import numpy as np
from scipy.spatial.distance import cdist

from theory.eknn._consensus import consensus_G
from theory.eknn._kernel import (
    bandwidth,
    gauss_kernel,
    kernel_kmeans,
    kkm_objective,
    lloyd,
    normalized_partition,
)
from theory.validation import (
    MAX_ITER,
    Interval,
    Options,
    check_array,
    check_int,
    check_param,
    invalid,
)


def _state(state, caller: str) -> EKNNState:
    if not isinstance(state, EKNNState):
        raise invalid("state", caller, "an EKNNState (from eknn_pipeline)",
                      f"<{type(state).__name__}>")
    return state


@dataclass
class EKNNState:
    """All blocks of EKNN-lite; lists are indexed by view."""

    Xs: list
    W: list  # (n,) linear cluster of each point
    V: list  # (p, d_v) centres
    U: list  # (p,) nonlinear cluster of each centre
    sigma2: list
    H: np.ndarray  # (n,) consensus labels
    G: list  # (k, k)
    k: int
    alpha: float = 1.0
    beta: float = 1.0
    gamma: float = 1.0
    center_weights: str = "none"
    history: list = field(default_factory=list)  # (block, F)

    def copy(self):
        return replace(self, W=[w.copy() for w in self.W], V=[v.copy() for v in self.V],
                       U=[u.copy() for u in self.U], H=self.H.copy(),
                       G=[g.copy() for g in self.G], history=list(self.history))


def _weights(state, v):
    if state.center_weights == "size":
        return np.bincount(state.W[v], minlength=len(state.V[v])).astype(float)
    return None


def view_B(state: EKNNState, v: int) -> np.ndarray:
    """:math:`B^v = W^v \\hat U^v` (n × k), the input of the consensus layer."""
    state = _state(state, "view_B")
    v = check_int(v, "v", "view_B", 0, len(state.Xs) - 1)
    return normalized_partition(state.U[v], state.k, _weights(state, v))[state.W[v]]


def layer_terms(state: EKNNState) -> dict:
    """The terms of F per view: ``fL``, ``fN``, ``fM`` (lists) and ``F`` (the papernotes.org summary)."""
    state = _state(state, "layer_terms")
    fL, fN, fM = [], [], []
    for v, X in enumerate(state.Xs):
        fL.append(float(((X - state.V[v][state.W[v]]) ** 2).sum()))
        K = gauss_kernel(state.V[v], state.sigma2[v])
        fN.append(kkm_objective(K, state.U[v], state.k, _weights(state, v)))
        fM.append(float(((view_B(state, v) - state.G[v][state.H]) ** 2).sum()))
    F = sum(state.alpha * a + state.beta * b + state.gamma * c for a, b, c in zip(fL, fN, fM))
    return {"fL": fL, "fN": fN, "fM": fM, "F": float(F)}


def objective(state: EKNNState) -> float:
    """F of the papernotes.org summary, single source for the current blocks (α, β, γ of the state)."""
    return layer_terms(state)["F"]


def _numpy_kmeans(Z, k, seed):
    lab, C, _ = lloyd(Z, k, n_init=3, random_state=seed)
    return lab, C


def eknn_pipeline(Xs, k: int, p: int, *, center_weights: str = "none", rule: str = "knn1",
                  alpha: float = 1.0, beta: float = 1.0, gamma: float = 1.0,
                  kmeans: Callable | None = None, random_state: int = 0) -> EKNNState:
    """EKNN-lite, layer by layer [our reconstruction, the papernotes.org summary, single source].

    Layer 1: :math:`(W^v, V^v)` = k-means of :math:`X^v` with p centres. Layer 2: :math:`U^v` =
    kernel k-means of the centres (Gaussian, σ² by ``rule``, NJW start, weights 1 or the
    centre sizes). Layer 3: H = k-means of :math:`[W^1\\hat U^1, \\dots, W^V\\hat U^V]`, G by least
    squares.

    Parameters
    ----------
    Xs : list of arrays, each (n, d_v), rows are the same n points
    k : int in [1, n], number of clusters (1: the trivial partition)
    p : int in [k, n], centres per view
    center_weights : {"none", "size"}
    rule : {"knn1", "median"}
    alpha, beta, gamma : float ≥ 0, weights of F (only reported here)
    kmeans : callable ``(Z, k, seed) -> (labels, centres)``, optional (default: numpy Lloyd,
        3 k-means++ starts)
    random_state : int

    Returns
    -------
    EKNNState with ``history = [("pipeline", F)]``.
    """
    caller = "eknn_pipeline"
    if not isinstance(Xs, list | tuple) or len(Xs) == 0:
        raise invalid("Xs", caller, "a non-empty list of arrays", f"<{type(Xs).__name__}>")
    Xs = [check_array(X, "Xs", caller) for X in Xs]
    n = Xs[0].shape[0]
    if any(X.shape[0] != n for X in Xs):
        raise invalid("Xs", caller, f"views with the same number of rows ({n})",
                      "<views of different lengths>")
    check_param("k", k, Interval(1, n, integer=True), caller)
    check_param("p", p, Interval(k, n, integer=True), caller)
    check_param("center_weights", center_weights, Options("none", "size"), caller)
    check_param("rule", rule, Options("knn1", "median"), caller)
    for name, val in (("alpha", alpha), ("beta", beta), ("gamma", gamma)):
        check_param(name, val, Interval(0, None), caller)
    random_state = check_int(random_state, "random_state", caller, 0, 2**32 - 8000)
    if kmeans is not None and not callable(kmeans):
        raise invalid("kmeans", caller, "None or a callable (Z, k, seed) -> (labels, centres)",
                      f"<{type(kmeans).__name__}>")
    km = kmeans or _numpy_kmeans
    W, V, U, S = [], [], [], []
    for v, X in enumerate(Xs):
        w_lab, C = km(X, p, random_state + 1000 * v)
        w_lab = np.asarray(w_lab, dtype=np.int64)
        W.append(w_lab)
        V.append(np.asarray(C, dtype=float))
        s2 = bandwidth(V[-1], rule)
        S.append(s2)
        K = gauss_kernel(V[-1], s2)
        wts = np.bincount(w_lab, minlength=p).astype(float) if center_weights == "size" else None
        U.append(kernel_kmeans(K, k, wts, random_state=random_state)[0])
    st = EKNNState(Xs, W, V, U, S, np.zeros(n, dtype=np.int64), [np.zeros((k, k))] * len(Xs),
                   k, alpha, beta, gamma, center_weights)
    Z = np.hstack([view_B(st, v) for v in range(len(Xs))])
    H, _ = km(Z, k, random_state + 7)
    st.H = np.asarray(H, dtype=np.int64)
    st.G = [consensus_G(st.H, view_B(st, v)) for v in range(len(Xs))]
    st.history = [("pipeline", objective(st))]
    return st


def joint_bcd(state: EKNNState, n_sweeps: int = 10, rtol: float = 1e-9) -> EKNNState:
    """Block-coordinate descent of F (the papernotes.org summary, single source "joint" mode; our reconstruction).

    Per sweep and view: W rows = exact argmin of :math:`\\alpha\\lVert x_i - V_a\\rVert^2 +
    \\gamma\\lVert \\hat U_a - (HG)_i\\rVert^2`; V = cluster means, kept only if
    :math:`\\alpha f_L + \\beta f_N` does not increase; U = single-centre moves kept only if
    :math:`\\beta f_N + \\gamma f_M` decreases (no cluster emptied); then G = least squares and
    H = exact argmin assignment. F is recorded after every block.

    Parameters
    ----------
    state : EKNNState with ``center_weights == "none"`` (with size weights the W step would
        change Û and lose exactness)
    n_sweeps : int in [1, MAX_ITER]
    rtol : float ≥ 0, stop when a sweep lowers F by less than ``rtol·|F|``

    Returns
    -------
    A new EKNNState; ``history`` extended by ``(block, F)`` pairs.
    """
    caller = "joint_bcd"
    state = _state(state, caller)
    check_param("n_sweeps", n_sweeps, Interval(1, MAX_ITER, integer=True), caller)
    check_param("rtol", rtol, Interval(0, None), caller)
    if state.center_weights != "none":
        raise invalid("state", caller, "a state with center_weights='none'",
                      repr(state.center_weights))
    st = state.copy()
    a, g, k = st.alpha, st.gamma, st.k
    F = objective(st)
    st.history.append(("start", F))
    for _ in range(n_sweeps):
        F0 = F
        for v, X in enumerate(st.Xs):
            Uh = normalized_partition(st.U[v], k)
            R = st.G[v][st.H]
            cost = a * cdist(X, st.V[v], "sqeuclidean") + g * cdist(R, Uh, "sqeuclidean")
            st.W[v] = cost.argmin(axis=1).astype(np.int64)
            st.history.append((f"W{v}", objective(st)))
            # V: means, kept only if α f_L + β f_N does not increase
            old = st.V[v].copy()
            part = _fl_fn(st, v)
            cnt = np.bincount(st.W[v], minlength=len(old))
            newV = old.copy()
            for c in np.flatnonzero(cnt):
                newV[c] = X[st.W[v] == c].mean(axis=0)
            st.V[v] = newV
            if _fl_fn(st, v) > part:
                st.V[v] = old
            st.history.append((f"V{v}", objective(st)))
            _u_moves(st, v)
            st.history.append((f"U{v}", objective(st)))
        Bs = [view_B(st, v) for v in range(len(st.Xs))]
        st.G = [consensus_G(_indicator_full(st.H, k), B) for B in Bs]
        st.history.append(("G", objective(st)))
        D = sum(cdist(B, G, "sqeuclidean") for B, G in zip(Bs, st.G))
        st.H = D.argmin(axis=1).astype(np.int64)
        F = objective(st)
        st.history.append(("H", F))
        if F0 - F <= rtol * abs(F0):
            break
    return st


def _indicator_full(H, k):
    M = np.zeros((len(H), k))
    M[np.arange(len(H)), H] = 1.0
    return M


def _fl_fn(st, v):
    X = st.Xs[v]
    fL = float(((X - st.V[v][st.W[v]]) ** 2).sum())
    K = gauss_kernel(st.V[v], st.sigma2[v])
    return st.alpha * fL + st.beta * kkm_objective(K, st.U[v], st.k)


def _u_moves(st, v):
    k = st.k
    K = gauss_kernel(st.V[v], st.sigma2[v])
    R = st.G[v][st.H]

    def part(U):
        B = normalized_partition(U, k)[st.W[v]]
        return st.beta * kkm_objective(K, U, k) + st.gamma * float(((B - R) ** 2).sum())

    U = st.U[v].copy()
    cur = part(U)
    for i in range(len(U)):
        if np.sum(U == U[i]) == 1:
            continue
        best, best_c = cur, U[i]
        for c in range(k):
            if c == U[i]:
                continue
            U2 = U.copy()
            U2[i] = c
            val = part(U2)
            if val < best - 1e-12 * abs(best):
                best, best_c = val, c
        if best_c != U[i]:
            U[i] = best_c
            cur = best
    st.U[v] = U


def layerwise_step(state: EKNNState) -> EKNNState:
    """One step of the *layer-wise* reading: each layer minimises only its own term.

    Layer 1: one Lloyd step on :math:`X^v` (nearest centre, then means); layer 2: kernel
    k-means of the new centres from the current U; layer 3: Lloyd k-means of the concatenated
    :math:`W^v\\hat U^v` from the current H. None of these looks at the other terms of F.

    Parameters
    ----------
    state : EKNNState

    Returns
    -------
    A new EKNNState; ``history`` extended by ``("layerwise", F)``.
    """
    st = _state(state, "layerwise_step").copy()
    k = st.k
    for v, X in enumerate(st.Xs):
        st.W[v] = cdist(X, st.V[v], "sqeuclidean").argmin(axis=1).astype(np.int64)
        cnt = np.bincount(st.W[v], minlength=len(st.V[v]))
        for c in np.flatnonzero(cnt):
            st.V[v][c] = X[st.W[v] == c].mean(axis=0)
        K = gauss_kernel(st.V[v], st.sigma2[v])
        st.U[v] = kernel_kmeans(K, k, _weights(st, v), init=st.U[v])[0]
    Z = np.hstack([view_B(st, v) for v in range(len(st.Xs))])
    H = st.H.copy()
    for _ in range(100):
        C = consensus_G(_indicator_full(H, k), Z)
        new = cdist(Z, C, "sqeuclidean").argmin(axis=1)
        if np.array_equal(new, H):
            break
        H = new
    st.H = H.astype(np.int64)
    st.G = [consensus_G(_indicator_full(st.H, k), view_B(st, v)) for v in range(len(st.Xs))]
    st.history.append(("layerwise", objective(st)))
    return st
