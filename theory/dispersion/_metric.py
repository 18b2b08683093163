"""Representation dispersion: the metric, its closed form through the mean resultant, the
cross-domain variant, the push-away loss and its exact gradient, and the model-selection
statistic G (Li, Li, Livescu, Zhou, arXiv 2506.24106, ICLR 2026).

Dispersion is dimensionless (a mean of ``1 − cos``); nothing here carries units. The paper's body
was not readable here: the definitions follow the authors' released analysis code
(``step3_compute_dispersion_and_plot.py``) and a third-party summary of the camera-ready
(papernotes.org); where the summary is the only source (push-away, G) the docstring says
``our reading``.
"""

from __future__ import annotations

import numpy as np

from theory._norms import euclidean_norms
from theory.validation import Options, check_array, check_param, invalid

_METHODS = Options("closed", "pairs")

#: The most rows ``dispersion(..., method="pairs")`` takes: it builds the N × N cosine matrix
#: (10 000 rows: 800 MB); the closed form has no limit.
MAX_PAIR_ROWS = 10_000


def _unit(E: np.ndarray, name: str, caller: str) -> np.ndarray:
    norms = euclidean_norms(E, axis=1)
    if np.any(norms == 0):
        raise invalid(name, caller, "an array whose rows are all non-zero (a cosine needs a "
                      "direction)", f"<array with {int(np.sum(norms == 0))} zero row(s)>")
    with np.errstate(over="ignore", under="ignore"):
        U = E / norms[:, None]
    # a row of norm > 1.8e308 has a direction but no float norm, and one of subnormal norm
    # (rows ~1e-320) a norm rounded to a few bits (its "unit" vector was 1 ± 1e-3 long, the
    # dispersion off by 3e-4): normalise such rows scaled by their largest entry. Rows of norm
    # in [1e-150, 1e150] keep the plain quotient, bit for bit.
    odd = (norms < 1e-150) | (norms > 1e150)
    if np.any(odd):
        Eb = E[odd] / np.max(np.abs(E[odd]), axis=1, keepdims=True)
        U[odd] = Eb / np.linalg.norm(Eb, axis=1, keepdims=True)
    return U


def _spread(U: np.ndarray) -> float:
    """1 − ‖m‖² for unit rows, as the mean of ‖u_i − m‖² (equal since every ‖u_i‖ = 1): no
    cancellation when the rows are nearly parallel (1 − ‖m‖² rounds to a negative there)."""
    m = U.mean(axis=0)
    return float(np.mean(np.sum((U - m) ** 2, axis=1)))


def _vectors(E, name: str, caller: str, min_rows: int = 2) -> np.ndarray:
    return _unit(check_array(E, name, caller, ndim=2, min_rows=min_rows), name, caller)


def mean_resultant(E) -> np.ndarray:
    r"""Mean of the normalised vectors, :math:`m = \frac1N\sum_i E_i/\lVert E_i\rVert`.

    Parameters
    ----------
    E : array of shape (N, d)
        Non-zero row vectors (token hidden states of one chunk, or one vector per chunk).

    Returns
    -------
    m : array of shape (d,)
        The mean resultant vector; :math:`\lVert m\rVert \in [0, 1]` (dimensionless).

    Notes
    -----
    .. math:: m = \frac1N \sum_{i=1}^N u_i, \qquad u_i = E_i / \lVert E_i \rVert .

    Ours (claim ``dispersion.I1.closed_form``); ``1 − ‖m‖²`` is the anisotropy score the
    dispersion rescales.
    """
    return _vectors(E, "E", "mean_resultant", min_rows=1).mean(axis=0)


def dispersion(E, method: str = "closed") -> float:
    r"""Dispersion: one minus the mean pairwise cosine similarity of the rows of ``E``.

    Parameters
    ----------
    E : array of shape (N, d), N ≥ 2
        Non-zero row vectors.
    method : {"closed", "pairs"}
        ``"closed"`` uses the mean resultant, O(Nd); ``"pairs"`` sums the N(N−1)/2 pairs,
        O(N²d) (the definition, kept as the reference), for N ≤ ``MAX_PAIR_ROWS`` = 10 000
        (its N × N cosine matrix is 800 MB there).

    Returns
    -------
    D : float
        Dimensionless, in ``[0, N/(N−1)]``.

    Notes
    -----
    .. math::
        D = \binom N2^{-1} \sum_{i<j} \Bigl(1 - \frac{E_i\cdot E_j}{\lVert E_i\rVert
        \lVert E_j\rVert}\Bigr) = \frac{N}{N-1}\bigl(1 - \lVert m\rVert^2\bigr),

    because :math:`\sum_{i\neq j} u_i\cdot u_j = N^2\lVert m\rVert^2 - N`. Paper §2 (definition;
    code ``step3``: one minus the mean of the strict upper triangle of the cosine matrix of the
    N token states of one chunk at ``hidden_states[-1]``); closed form: ours (``dispersion.I1``).

    Examples
    --------
    >>> import numpy as np
    >>> from theory.dispersion import dispersion
    >>> dispersion(np.eye(4))
    1.0
    >>> dispersion(np.array([[1.0, 0.0], [-1.0, 0.0]]))  # the maximum N/(N-1)
    2.0
    >>> E = np.array([[1, 2, 0], [0, 1, 1], [3, -1, 2], [-1, 0.5, 0.5]])
    >>> round(dispersion(E), 12), round(dispersion(E, method="pairs"), 12)
    (0.837872304488, 0.837872304488)
    """
    check_param("method", method, _METHODS, "dispersion")
    U = _vectors(E, "E", "dispersion")
    N = U.shape[0]
    if method == "closed":
        return N / (N - 1) * _spread(U)
    if N > MAX_PAIR_ROWS:
        raise invalid("E", "dispersion", f"an array of at most {MAX_PAIR_ROWS} rows for "
                      "method='pairs' (its N × N cosine matrix; 'closed' has no limit)",
                      f"<array of shape {U.shape}>")
    iu = np.triu_indices(N, k=1)
    return float(np.mean(1.0 - (U @ U.T)[iu]))


def cross_dispersion(A, B) -> float:
    r"""Cross-domain dispersion: mean of ``1 − cos`` over all pairs (a ∈ A, b ∈ B).

    Parameters
    ----------
    A : array of shape (N_A, d); B : array of shape (N_B, d)
        Non-zero row vectors of two domains (the paper's example: Wikipedia and code).

    Returns
    -------
    d_AB : float
        Dimensionless, in ``[0, 2]``.

    Notes
    -----
    .. math:: \frac{1}{N_A N_B}\sum_{i\in A}\sum_{j\in B} (1 - u_i\cdot v_j) = 1 - m_A\cdot m_B .

    Push-away, cross-domain variant (paper §6 per the papernotes.org summary; our reading);
    closed form ours (claim ``dispersion.I3.cross_closed_form``).

    Examples
    --------
    >>> import numpy as np
    >>> from theory.dispersion import cross_dispersion
    >>> cross_dispersion(np.eye(2), -np.eye(2))
    1.5
    >>> round(cross_dispersion(np.eye(3), np.eye(3)), 12)
    0.666666666667
    """
    U = _vectors(A, "A", "cross_dispersion", min_rows=1)
    V = _vectors(B, "B", "cross_dispersion", min_rows=1)
    if U.shape[1] != V.shape[1]:
        raise invalid("B", "cross_dispersion", f"an array with {U.shape[1]} columns (as A)",
                      f"<array of shape {V.shape}>")
    mA, mB = U.mean(axis=0), V.mean(axis=0)
    # 1 − m_A·m_B = ½(‖m_A − m_B‖² + (1 − ‖m_A‖²) + (1 − ‖m_B‖²)): three terms ≥ 0, no
    # cancellation when both sets are tight around one direction
    return float(0.5 * (np.sum((mA - mB) ** 2) + _spread(U) + _spread(V)))


def chunk_dispersion(H, unit: str = "tokens_in_chunk", pool: str = "mean") -> np.ndarray | float:
    r"""Dispersion of chunks, under either reading of what the paper's vectors :math:`E_i` are.

    Parameters
    ----------
    H : array of shape (C, T, d)
        Hidden states of C chunks of T tokens.
    unit : {"tokens_in_chunk", "chunk_vectors"}
        ``"tokens_in_chunk"`` (the released code): one D per chunk over its T token states.
        ``"chunk_vectors"`` (the summary's "hidden vectors of N text segments"): one vector per
        chunk (pooled), one D over the C chunks.
    pool : {"mean", "last"}
        Pooling for ``"chunk_vectors"``: the mean token state or the last token's.

    Returns
    -------
    D : array of shape (C,) or float

    Notes
    -----
    .. math:: D_c = \tfrac{T}{T-1}\bigl(1 - \lVert m_c\rVert^2\bigr)\ \text{or}\
              D = \tfrac{C}{C-1}\bigl(1 - \lVert m\rVert^2\bigr).
    """
    check_param("unit", unit, Options("tokens_in_chunk", "chunk_vectors"), "chunk_dispersion")
    check_param("pool", pool, Options("mean", "last"), "chunk_dispersion")
    H = check_array(H, "H", "chunk_dispersion", ndim=3)
    if unit == "tokens_in_chunk":
        if H.shape[1] < 2:
            raise invalid("H", "chunk_dispersion", "an array with at least 2 tokens per chunk",
                          f"<array of shape {H.shape}>")
        n = euclidean_norms(H, axis=2)[..., None]
        if np.any(n == 0):
            raise invalid("H", "chunk_dispersion", "an array of non-zero token vectors",
                          "<array with zero rows>")
        T = H.shape[1]
        return np.array([T / (T - 1) * _spread(_unit(Hc, "H", "chunk_dispersion"))
                         for Hc in H])
    if H.shape[0] < 2:
        raise invalid("H", "chunk_dispersion", "an array of at least 2 chunks for "
                      "unit='chunk_vectors'", f"<array of shape {H.shape}>")
    if pool == "mean":
        # D is invariant to scaling each pooled vector, so each chunk is averaged divided by its
        # largest entry: the plain mean overflowed to inf at entries ~1e308 (and the refusal
        # named dispersion's 'E')
        big = np.max(np.abs(H), axis=(1, 2), keepdims=True)
        V = (H / np.where(big > 0, big, 1.0)).mean(axis=1)
    else:
        V = H[:, -1, :]
    zero = ~np.any(V != 0, axis=1)
    if np.any(zero):
        raise invalid("H", "chunk_dispersion", f"an array whose pooled ({pool}) chunk vectors "
                      "are non-zero (a cosine needs a direction)",
                      f"<array with {int(np.sum(zero))} zero pooled vector(s)>")
    U = _unit(V, "H", "chunk_dispersion")
    C = U.shape[0]
    return C / (C - 1) * _spread(U)


def push_away_loss(E) -> float:
    r"""Single-domain push-away auxiliary loss :math:`L_{aux} = -d_{avg}` (dimensionless).

    Parameters
    ----------
    E : array of shape (B, d), B ≥ 2
        The vectors pushed apart (the summary's normalisation B(B−1) suggests one vector per
        sequence; which vectors and which pooling is not published: our reading).

    Returns
    -------
    L : float, in ``[−B/(B−1), 0]``

    Notes
    -----
    .. math::
        L_{aux} = -\frac{1}{B(B-1)}\sum_{i\ne j}(1 - \tilde h_i\cdot\tilde h_j)
               = \frac{B}{B-1}\lVert m\rVert^2 - \frac{B}{B-1}.

    The training loss is :math:`L_{CE} + \lambda L_{aux}`, λ ∈ [1e-3, 0.1] (paper §6 per the
    papernotes.org summary; the closed form is ours, claim ``dispersion.I4.push_gradient``).
    """
    U = _vectors(E, "E", "push_away_loss")
    B = U.shape[0]
    return float(-B / (B - 1) * _spread(U))


def push_away_grad(E) -> np.ndarray:
    r"""Exact gradient of :func:`push_away_loss` with respect to the raw vectors ``E``.

    Parameters
    ----------
    E : array of shape (B, d)

    Returns
    -------
    G : array of shape (B, d)

    Notes
    -----
    .. math::
        \frac{\partial L_{aux}}{\partial h_i} = \frac{2}{B-1}\,
        \frac{m - (u_i\cdot m)\,u_i}{\lVert h_i\rVert}.

    With respect to the unit vectors the gradient is :math:`2m/(B-1)` written through
    :math:`\lVert m\rVert^2`, or :math:`2(Bm - u_i)/(B(B-1))` written through the pair sum
    (our first derivation); the two differ along :math:`u_i` only, which the normalisation
    removes.
    Every vector is pushed away from the one common direction m: the loss only decentres the
    mean (our derivation, claim ``dispersion.I4.push_gradient``).
    """
    H = check_array(E, "E", "push_away_grad", ndim=2, min_rows=2)
    U = _unit(H, "E", "push_away_grad")
    B = U.shape[0]
    m = U.mean(axis=0)
    norms = euclidean_norms(H, axis=1)
    # m − (u·m)u written through m − u (= D): the same vector for unit u, but for a tight set
    # (m ≈ u) the two big terms of the first form cancel and the result leaves the tangent plane
    D = m[None, :] - U
    tang = D - np.einsum("ij,ij->i", D, U)[:, None] * U
    with np.errstate(over="ignore"):
        G = 2.0 / (B - 1) * tang / norms[:, None]
    if not np.all(np.isfinite(G)):
        # the gradient scales as 1/‖h_i‖: rows ~1e-310 give entries ~1e310 (they were -inf)
        raise invalid("E", "push_away_grad", "an array whose rows are not so short that the "
                      "gradient (~1/‖h_i‖) exceeds 1.8e308",
                      f"<array of shape {H.shape}, smallest row norm {float(norms.min()):.3g}>")
    return G


def g_statistic(W, T, Tbar) -> dict:
    r"""Model-selection statistic G = within(T) + between(T, T̄) on unembedding rows.

    Parameters
    ----------
    W : array of shape (V, d)
        Output projection (unembedding) rows.
    T, Tbar : sequences of int
        Row indices of the domain tokens (e.g. digits for MATH) and of general tokens.

    Returns
    -------
    dict with ``within``, ``between`` and ``G`` (dimensionless).

    Notes
    -----
    .. math::
        \mathrm{within}(T) = \tfrac{n_T}{n_T-1}\bigl(1 - \lVert m_T\rVert^2\bigr),\qquad
        \mathrm{between}(T,\bar T) = 1 - m_T\cdot m_{\bar T}.

    Our reading: the summary names within(·) and between(·) without defining them; we take the
    dispersion of T and the cross dispersion of T and T̄ (ours, claim
    ``dispersion.I5.G_closed_form``).
    """
    W = check_array(W, "W", "g_statistic", ndim=2, min_rows=2)
    idx = []
    for name, ix in (("T", T), ("Tbar", Tbar)):
        a = np.asarray(ix)
        if a.ndim != 1 or a.size < (2 if name == "T" else 1) or a.dtype.kind not in "iu" \
                or a.min() < 0 or a.max() >= W.shape[0]:
            raise invalid(name, "g_statistic", f"a 1-D array of row indices in [0, {W.shape[0]})"
                          + (" with at least 2 entries" if name == "T" else ""),
                          f"<{a.dtype} array of shape {a.shape}>")
        idx.append(a)
    zero = euclidean_norms(W[np.concatenate([i.astype(np.intp) for i in idx])], axis=1) == 0
    if np.any(zero):
        # checked here: the refusal came from dispersion, naming its parameter 'E'
        raise invalid("W", "g_statistic", "an array whose rows indexed by T and Tbar are "
                      "non-zero (a cosine needs a direction)",
                      f"<array with {int(np.sum(zero))} zero indexed row(s)>")
    within = dispersion(W[idx[0]])
    between = cross_dispersion(W[idx[0]], W[idx[1]])
    return {"within": within, "between": between, "G": within + between}
