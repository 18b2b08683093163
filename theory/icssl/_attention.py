"""RBF attention, the Gaussian graph and its random-walk Laplacian (Fan et al., arXiv 2512.15934).

Points are the **rows** of ``X`` (shape ``(n, d)``, the numpy/scikit-learn layout); the paper
writes tokens as columns of ``X ∈ ℝ^{d×n}``, so our ``X`` is the paper's ``Xᵀ``. The attention
matrix keeps the paper's orientation: entry ``[i, j]`` is the weight of key ``i`` for query ``j``,
so **columns sum to 1**. Distances are in the units of ``X``; ``h`` is in squared units.
"""

from __future__ import annotations

import numpy as np
from scipy.special import logsumexp

from theory.validation import Interval, check_array, check_param, invalid

_POS = Interval(0, None, closed="neither")


def _points(X, name: str, caller: str) -> np.ndarray:
    return check_array(X, name, caller, ndim=2, min_rows=1)


def _centre(U: np.ndarray, V: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Both point sets moved by the same vector (their joint mean): pairwise distances do not
    change, but the expansion ‖u‖² + ‖v‖² − 2uᵀv no longer cancels catastrophically for data
    with a large common offset (``X + 1e8``)."""
    c = (U.sum(0) + V.sum(0)) / (len(U) + len(V))
    return U - c, V - c


def _sqdist(U: np.ndarray, V: np.ndarray) -> np.ndarray:
    """‖u_i − v_j‖² for all pairs, clipped at 0 (the expansion can round below)."""
    U, V = _centre(U, V)
    d2 = (U * U).sum(1)[:, None] + (V * V).sum(1)[None, :] - 2.0 * U @ V.T
    return np.maximum(d2, 0.0)


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
    check_param("h", h, _POS, "rbf_gram")
    d2 = _sqdist(X, X)
    # exactly symmetric with a zero diagonal (the expansion leaves rounding residue on both)
    d2 = (d2 + d2.T) / 2.0
    np.fill_diagonal(d2, 0.0)
    return np.exp(-d2 / (2.0 * h))


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
    check_param("h", h, _POS, "rbf_attention")
    _same_width(U, V, ("U", "V"), "rbf_attention")
    S = -_sqdist(U, V) / (2.0 * h)
    # shift each column to max 0 first: at |S| ~ 1e11 the ulp of S is ~1e-5, and subtracting a
    # log-sum-exp of that size left columns summing to 1 − 3e-5 (hypothesis found it)
    S = S - S.max(axis=0, keepdims=True)
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
    check_param("h", h, _POS, "biased_softmax_attention")
    _same_width(U, V, ("U", "V"), "biased_softmax_attention")
    # a common shift of U and V changes each query's logits by one constant, which the softmax
    # over keys cancels; centring keeps uᵀv − ‖u‖²/2 from cancelling for offset data
    U, V = _centre(U, V)
    S = (U @ V.T) / h - ((U * U).sum(1) / (2.0 * h))[:, None]
    S = S - S.max(axis=0, keepdims=True)  # as in rbf_attention: columns then sum to 1 exactly
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
    check_param("h", h, _POS, "attention_laplacian")
    A = rbf_gram(X, h)
    d = A.sum(axis=0)
    K = A / d[None, :]
    return np.eye(len(d)) - K, K, d
