"""RBF attention, the Gaussian graph and its random-walk Laplacian (Fan et al., arXiv 2512.15934).

Points are the **rows** of ``X`` (shape ``(n, d)``, the numpy/scikit-learn layout); the paper
writes tokens as columns of ``X ∈ ℝ^{d×n}``, so our ``X`` is the paper's ``Xᵀ``. The attention
matrix keeps the paper's orientation: entry ``[i, j]`` is the weight of key ``i`` for query ``j``,
so **columns sum to 1**. Distances are in the units of ``X``; ``h`` is in squared units.
"""

from __future__ import annotations

import numpy as np
from scipy.spatial.distance import cdist
from scipy.special import logsumexp

from theory._norms import max_exponent
from theory.validation import Interval, check_array, check_real, invalid

_POS = Interval(0, None, closed="neither")


def _points(X, name: str, caller: str) -> np.ndarray:
    return check_array(X, name, caller, ndim=2, min_rows=1)


def _centre(U: np.ndarray, V: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Both point sets moved by the same vector (their joint mean): pairwise distances do not
    change, but the expansion ‖u‖² + ‖v‖² − 2uᵀv no longer cancels catastrophically for data
    with a large common offset (``X + 1e8``)."""
    c = (U.sum(0) + V.sum(0)) / (len(U) + len(V))
    return U - c, V - c



def _scaled_sqdist(U: np.ndarray, V: np.ndarray) -> tuple[np.ndarray, int]:
    """(D, k) with ‖u_i − v_j‖² = D_ij · 4ᵏ, D_ij ∈ [0, 4·d].

    The differences are taken directly (scipy ``cdist``), not through ‖u‖² + ‖v‖² − 2uᵀv: the
    expansion cancels for near-duplicate points (two points 1e-9 apart with h = 1e-18 had an
    affinity of 1.0 instead of e^{-1/2}). The points are first scaled by the power of two 2⁻ᵏ
    (exact): squared coordinates beyond ~1e154 overflowed (NaN weights) and below ~1e-154 went
    subnormal (entries 3e-4 wrong at 1e-160)."""
    k = max_exponent(U, V)
    return cdist(np.ldexp(U, -k), np.ldexp(V, -k), "sqeuclidean"), k


def _excess_sqdist(U: np.ndarray, V: np.ndarray) -> tuple[np.ndarray, int]:
    """(E, k) with E_ij · 4ᵏ = ‖u_i − v_j‖² − min_l ‖u_l − v_j‖² ≥ 0 (keys U, queries V).

    The softmax over keys needs only these excesses. Taken as a difference of two squared
    distances they cancel for a query far from the keys: a query at 1e200 from keys 0 and 1
    split its weight 0.5/0.5 (before the scaling it was NaN); the nearest key takes it all.
    So each is computed factored, (u_i − u_m)·((u_i − v) + (u_m − v)) with u_m the nearest key,
    accurate to a few ulps of E itself. The nearest key is taken from the plain distances
    and, where those could not tell it (a negative excess), from the factored ones. Work
    O(n·m·d), in blocks of queries."""
    D, k = _scaled_sqdist(U, V)
    Us, Vs = np.ldexp(U, -k), np.ldexp(V, -k)
    step = max(1, 2**21 // max(1, U.size))

    def excess(cols, near):
        out = np.empty((len(U), len(cols)))
        for a in range(0, len(cols), step):
            v, um = Vs[cols[a:a + step]][None], Us[near[a:a + step]][None]
            out[:, a:a + step] = np.einsum("ibk,ibk->ib", Us[:, None, :] - um,
                                           (Us[:, None, :] - v) + (um - v))
        return out

    cols = np.arange(len(V))
    E = excess(cols, np.argmin(D, axis=0))
    redo = np.flatnonzero(E.min(axis=0) < 0)
    if redo.size:
        E[:, redo] = excess(redo, np.argmin(E[:, redo], axis=0))
    return np.maximum(E, 0.0), k


def _neg_over_2h(D: np.ndarray, k: int, h: float) -> np.ndarray:
    """−D · 4ᵏ / (2h) for D ≥ 0, through ``ldexp``: a factor 4ᵏ/2h beyond float64 gives −inf
    (weight 0) where D > 0 and 0 where D = 0, never inf · 0 = NaN."""
    m, e = np.frexp(h)
    with np.errstate(over="ignore", under="ignore"):
        return -np.ldexp(D / m, 2 * k - int(e) - 1)



def _bandwidth(h, caller: str) -> float:
    """The bandwidth ``h`` (> 0, finite) as a float."""
    return check_real("h", h, _POS, caller)


def _same_width(U, V, names, caller):
    if U.shape[1] != V.shape[1]:
        raise invalid(names[1], caller, f"an array with {U.shape[1]} columns (as {names[0]})",
                      f"<array of shape {V.shape}>")


def rbf_gram(X, h: float) -> np.ndarray:
    r"""Gaussian affinity matrix of the prompt's points.

    .. math:: A_{ij} = \exp\!\left(-\frac{\lVert x^{(i)} - x^{(j)}\rVert^2}{2h}\right)

    Parameters
    ----------
    X : array of shape (n, d)
        The points (rows).
    h : float > 0
        Bandwidth, in squared units of ``X``.

    Returns
    -------
    A : array of shape (n, n)
        Symmetric, unit diagonal, positive definite for distinct points.

    References
    ----------
    Fan et al. (2025), §3 "Attn_rbf" (the graph behind Lemma 1).
    """
    X = _points(X, "X", "rbf_gram")
    h = _bandwidth(h, "rbf_gram")
    # direct differences: exactly symmetric, exactly 0 on the diagonal and between duplicates
    D, k = _scaled_sqdist(X, X)
    return np.exp(_neg_over_2h(D, k, h))


def rbf_attention(U, V, h: float) -> np.ndarray:
    r"""RBF attention weights (keys ``U``, queries ``V``); columns sum to 1.

    .. math::
        [\kappa_{\mathrm{rbf}}(U, V)]_{ij}
        = \frac{\exp(-\lVert u_i - v_j\rVert^2 / 2h)}{\sum_k \exp(-\lVert u_k - v_j\rVert^2 / 2h)}

    Computed as a log-sum-exp over the key index, so it stays finite for tiny ``h``.

    Parameters
    ----------
    U : array of shape (n_keys, d)
    V : array of shape (n_queries, d)
    h : float > 0
        Bandwidth, squared units of the points.

    Returns
    -------
    K : array of shape (n_keys, n_queries)
        Column-stochastic.

    References
    ----------
    Fan et al. (2025), §3, definition of Attn_rbf; App. A.1 (Lemma 1).

    Examples
    --------
    >>> import numpy as np
    >>> from theory.icssl import rbf_attention
    >>> X = np.random.default_rng(0).normal(size=(6, 2))
    >>> K = rbf_attention(X, X, 0.5)
    >>> K.shape, bool(np.allclose(K.sum(axis=0), 1.0))
    ((6, 6), True)
    """
    U = _points(U, "U", "rbf_attention")
    V = _points(V, "V", "rbf_attention")
    h = _bandwidth(h, "rbf_attention")
    _same_width(U, V, ("U", "V"), "rbf_attention")
    # shift each column to max 0 first: at |S| ~ 1e11 the ulp of S is ~1e-5, and subtracting a
    # log-sum-exp of that size left columns summing to 1 − 3e-5 (hypothesis found it). The
    # shift is taken on the (scaled, factored) distances, before the factor 1/2h: a query so
    # far from every key that all its logits were −inf gave a column of NaN (−inf − (−inf))
    E, k = _excess_sqdist(U, V)
    S = _neg_over_2h(E, k, h)
    return np.exp(S - logsumexp(S, axis=0, keepdims=True))


def biased_softmax_attention(U, V, h: float) -> np.ndarray:
    r"""Ordinary dot-product softmax attention with a key bias (the form a transformer has).

    .. math::
        [\,\cdot\,]_{ij} = \operatorname{softmax}_i\!\left(\frac{u_i^\top v_j}{h}
        - \frac{\lVert u_i\rVert^2}{2h}\right)

    It equals :func:`rbf_attention` because the factor ``exp(−‖v_j‖²/2h)`` is the same for every
    key ``i`` and cancels in the normalisation over ``i``.

    Returns
    -------
    array of shape (n_keys, n_queries), column-stochastic.

    References
    ----------
    Derived (our reading); the paper's Lemma 1 realises Attn_rbf inside a standard layer.
    """
    U = _points(U, "U", "biased_softmax_attention")
    V = _points(V, "V", "biased_softmax_attention")
    h = _bandwidth(h, "biased_softmax_attention")
    _same_width(U, V, ("U", "V"), "biased_softmax_attention")
    # a common shift of U and V changes each query's logits by one constant, which the softmax
    # over keys cancels; centring keeps uᵀv − ‖u‖²/2 from cancelling for offset data. Scaled by
    # powers of two before (no overflow in the centring) and after (no over/underflow in the
    # products), as in rbf_attention: coordinates of 1e155 gave NaN columns, 1e-160 entries
    # 2e-4 wrong. Near-duplicate keys at a bandwidth below ~eps·‖u‖² still cancel: that is
    # this form's rounding (a transformer computes it so); rbf_attention does not.
    k1 = max_exponent(U, V)
    U, V = _centre(np.ldexp(U, -k1), np.ldexp(V, -k1))
    k2 = max_exponent(U, V)
    U, V = np.ldexp(U, -k2), np.ldexp(V, -k2)
    T = 2.0 * (U @ V.T) - (U * U).sum(1)[:, None]  # (uᵀv/h − ‖u‖²/2h) · 2h / 4^(k1+k2)
    # as in rbf_attention: shifted to max 0 (columns then sum to 1 exactly), before the factor
    S = _neg_over_2h(T.max(axis=0, keepdims=True) - T, k1 + k2, h)
    return np.exp(S - logsumexp(S, axis=0, keepdims=True))


def attention_laplacian(X, h: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    r"""The Laplacian an RBF attention layer builds from the prompt.

    .. math::
        \hat K = A D^{-1},\quad d_j = \sum_k A_{kj},\quad \hat L = I - A D^{-1}

    ``K̂ = κ_rbf(X, X)`` is column-stochastic; ``L̂`` is the (transposed) random-walk Laplacian,
    similar to the symmetric normalised Laplacian ``I − D^{-1/2} A D^{-1/2}``.

    Parameters
    ----------
    X : array of shape (n, d)
    h : float > 0
        Bandwidth (squared units of ``X``).

    Returns
    -------
    L_hat, K_hat : arrays of shape (n, n)
    d : array of shape (n,)
        Degrees (column sums of ``A``; equal to row sums since ``A`` is symmetric).

    References
    ----------
    Fan et al. (2025), Lemma 1 (App. A.1) and §3 ("L̂ = I − AD⁻¹").
    """
    X = _points(X, "X", "attention_laplacian")
    h = _bandwidth(h, "attention_laplacian")
    A = rbf_gram(X, h)
    d = A.sum(axis=0)
    K = A / d[None, :]
    return np.eye(len(d)) - K, K, d
