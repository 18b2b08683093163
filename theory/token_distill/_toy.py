r"""An exact linear toy of Token Distillation (our construction, not the paper's).

A one-layer causal "model" whose only attention is a uniform causal mean, plus a residual:

.. math:: h_t = x_t + \Big(\frac{1}{t+1}\sum_{j\le t} x_j\Big) W .

The merged sequence's states are affine in the one new row :math:`e^*`:
:math:`h_k = \text{base}_k + e^{*}M_k` with :math:`M_k = a_k I + b_k W`,
:math:`a_k = 1[k \text{ is a merged position}]`, :math:`b_k = \#\{\text{merged } p\le k\}/(k+1)`,
so the distillation loss of :func:`theory.token_distill.mse_on_hiddens` is a convex quadratic
with a closed-form minimiser :math:`e^*_{\text{opt}} = G^{-1}c`, :math:`G = \sum_k M_kM_k^\top`,
:math:`c = \sum_k M_k r_k^\top`, :math:`r_k = \text{target}_k - \text{base}_k`.

Its floor is positive in general (our reading, the position shift): after a merged span, the
merged sequence is :math:`n-1` tokens shorter, so the causal mean at every later position divides
by a different count and mixes a different set of tokens than the teacher's; one vector
:math:`e^*` cannot fix all these positions at once. With :math:`W=0` (no mixing) or with no
position after the span, the floor is exactly 0.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from theory.token_distill._core import _id_seq, merge_tokens, mse_on_hiddens
from theory.validation import check_array, invalid


def _vector(e, d: int, caller: str) -> np.ndarray:
    v = check_array(e, "e", caller, ndim=1)
    if v.shape != (d,):
        raise invalid("e", caller, f"a finite vector of length d = {d}", f"<array of shape "
                      f"{v.shape}>")
    return v


def _phrase(phrase, V: int, caller: str) -> tuple:
    ph = tuple(_id_seq(phrase, "phrase", caller, what=f"at least 2 ids in [0, {V - 1}]"))
    if len(ph) < 2 or max(ph) >= V:
        raise invalid("phrase", caller, f"at least 2 ids in [0, {V - 1}]", list(ph))
    return ph


def toy_hidden(X, W) -> np.ndarray:
    r"""States of the linear toy: :math:`h_t = x_t + (\frac{1}{t+1}\sum_{j\le t}x_j)W`.

    Parameters
    ----------
    X : array, shape (T, d)
        Input embeddings of one sequence.
    W : array, shape (d, d)
        The mixing matrix.

    Returns
    -------
    ndarray, shape (T, d)
    """
    X = check_array(X, "X", "toy_hidden", ndim=2)
    W = check_array(W, "W", "toy_hidden", ndim=2)
    if X.shape[1] < 1:
        raise invalid("X", "toy_hidden", "a 2-D array (T >= 1, d >= 1)", f"<shape {X.shape}>")
    if W.shape != (X.shape[1], X.shape[1]):
        raise invalid("W", "toy_hidden", f"a ({X.shape[1]}, {X.shape[1]}) array",
                      f"<shape {W.shape}>")
    T = X.shape[0]
    means = np.cumsum(X, axis=0) / np.arange(1, T + 1)[:, None]
    return X + means @ W


@dataclass(frozen=True)
class ToyProblem:
    """The linear toy's distillation problem (:func:`toy_distill_problem`).

    ``A`` (K·d, d) and ``y`` (K·d,) stack the affine system ``A e − y`` whose mean square is the
    loss; ``G = AᵀA``, ``c = Aᵀy``; ``prefix`` counts the kept rows before the first merged
    span of each snippet (their error is 0 for every e*).
    """

    A: np.ndarray
    y: np.ndarray
    G: np.ndarray
    c: np.ndarray
    e_opt: np.ndarray
    loss_opt: float
    rows: int
    prefix_rows: int
    d: int

    def loss(self, e) -> float:
        """The distillation loss at ``e`` (squared hidden units per coordinate)."""
        r = self.A @ _vector(e, self.d, "ToyProblem.loss") - self.y
        return float(r @ r / (self.rows * self.d))

    def grad(self, e) -> np.ndarray:
        """Its gradient, 2Aᵀ(Ae − y)/(K·d)."""
        return 2 * self.A.T @ (self.A @ _vector(e, self.d, "ToyProblem.grad") - self.y) / (
            self.rows * self.d)


def _check_snippets(snippets, V: int, caller: str = "toy_distill_problem"):
    what = f"a non-empty list of non-empty 1-D id sequences in [0, {V - 1}]"
    if isinstance(snippets, str | bytes) or not hasattr(snippets, "__iter__"):
        raise invalid("snippets", caller, what, f"<{type(snippets).__name__}>")
    out = []
    for s in snippets:
        a = _id_seq(s, "snippets", caller, what=what)
        if max(a) >= V:
            raise invalid("snippets", caller, what, a)
        out.append(np.asarray(a, dtype=np.int64))
    if not out:
        raise invalid("snippets", caller, what, "[]")
    return out


def _toy_inputs(E, W, caller: str):
    E = check_array(E, "E", caller, ndim=2)
    if E.shape[1] < 1:
        raise invalid("E", caller, "a finite 2-D array (V >= 1, d >= 1)", f"<shape {E.shape}>")
    d = E.shape[1]
    W = check_array(W, "W", caller, ndim=2)
    if W.shape != (d, d):
        raise invalid("W", caller, f"a ({d}, {d}) array", f"<shape {W.shape}>")
    return E, W


def toy_distill_problem(E, W, snippets, phrase) -> ToyProblem:
    r"""Build the linear toy's distillation problem for one new phrase and solve it.

    .. math::

        L(e) = \frac{1}{Kd}\sum_k \|\text{base}_k + eM_k - \text{target}_k\|^2,\qquad
        e^*_{\text{opt}} = G^{-1}c,\quad L_{\text{opt}} = L(e^*_{\text{opt}}) \ge 0 .

    Parameters
    ----------
    E : array, shape (V, d)
        Embedding table of the original vocabulary; the new id is ``V``.
    W : array, shape (d, d)
        Mixing matrix of :func:`toy_hidden`.
    snippets : list of sequences of int
        Original tokenisations; every occurrence of ``phrase`` is merged
        (:func:`theory.token_distill.merge_tokens`).
    phrase : sequence of int (length ≥ 2)
        The new token's subtoken ids.

    Returns
    -------
    ToyProblem
        With ``loss``, ``grad``, the optimum ``e_opt`` and its loss ``loss_opt``.
    """
    E, W = _toy_inputs(E, W, "toy_distill_problem")
    V, d = E.shape
    ph = _phrase(phrase, V, "toy_distill_problem")
    snips = _check_snippets(snippets, V)
    if not any(merge_tokens(s, {ph: V}).spans for s in snips):
        raise invalid("snippets", "toy_distill_problem", f"a list in which the phrase {list(ph)} "
                      "occurs at least once (else the loss does not depend on e*)",
                      f"<{len(snips)} snippet(s) without it>")
    As, ys, prefix = [], [], 0
    for s in snips:
        mg = merge_tokens(s, {ph: V}, pad=-1)
        K = mg.length
        seq = mg.merged[:K]
        target = toy_hidden(E[s], W)[mg.mask == 1]
        is_new = seq == V
        Xb = np.where(is_new[:, None], 0.0, E[np.minimum(seq, V - 1)])
        base = toy_hidden(Xb, W)
        a = is_new.astype(float)
        b = np.cumsum(a) / np.arange(1, K + 1)
        for k in range(K):
            M = a[k] * np.eye(d) + b[k] * W  # h_k = base_k + e M  (row vector e)
            As.append(M.T)
            ys.append(target[k] - base[k])
        first = np.flatnonzero(is_new)
        prefix += int(first[0]) if first.size else K
    A, y = np.vstack(As), np.concatenate(ys)
    rows = A.shape[0] // d
    G, c = A.T @ A, A.T @ y
    try:
        e_opt = np.linalg.solve(G, c)
    except np.linalg.LinAlgError:
        raise invalid("W", "toy_distill_problem", "a mixing matrix for which the loss has a "
                      "unique minimiser (G = AᵀA invertible)", "<a W making G singular>") from None
    r = A @ e_opt - y
    return ToyProblem(A, y, G, c, e_opt, float(r @ r / (rows * d)), rows, prefix, d)


def toy_loss_by_forward(E, W, snippets, phrase, e) -> float:
    """The toy's distillation loss computed by running :func:`toy_hidden` on the merged and
    original sequences with the new row ``e`` appended to ``E`` (no linearisation): the forward
    pass the closed form is checked against."""
    E, W = _toy_inputs(E, W, "toy_loss_by_forward")
    V = E.shape[0]
    Ext = np.vstack([E, _vector(e, E.shape[1], "toy_loss_by_forward")[None]])
    ph = _phrase(phrase, V, "toy_loss_by_forward")
    S, T, M = [], [], []
    for s in _check_snippets(snippets, V, "toy_loss_by_forward"):
        mg = merge_tokens(s, {ph: V}, pad=-1)
        S.append(toy_hidden(Ext[mg.merged[:mg.length]], W))
        T.append(toy_hidden(E[s], W))
        M.append(mg.mask)
    # one batch, as the code's mse over all kept rows of a batch
    return mse_on_hiddens(np.vstack(S), np.vstack(T), np.concatenate(M))
