"""Point sets with prescribed squared distances: shifts, scalings, the g(C) family, the
near-simplex map and classical MDS (Lemma 16, Lemma 18, Cor. 19, Lemma 6 / Thm 5)."""

from __future__ import annotations

import numpy as np

from theory.tsne._affinities import check_sq_dists
from theory.validation import check_array, invalid


def _check_points(X, caller: str) -> np.ndarray:
    X = check_array(X, "X", caller, min_rows=2)
    return X


def _check_nonneg(value, name: str, caller: str, *, upper: float | None = None,
                  closed_upper: bool = True) -> float:
    try:
        v = float(value)
    except (TypeError, ValueError):
        raise invalid(name, caller, "a float", f"<{type(value).__name__}>") from None
    ok = np.isfinite(v) and v >= 0
    if upper is not None:
        ok = ok and (v <= upper if closed_upper else v < upper)
    if not ok:
        rng = "a float >= 0" if upper is None else (
            f"a float in [0, {upper:g}{']' if closed_upper else ')'}")
        raise invalid(name, caller, rng, value)
    return v


def shift_sq_dists(sq_dists, C: float) -> np.ndarray:
    r"""Squared distances of :math:`X_{+C}` (Def. 15): :math:`D_{+C} = D + C(\mathbf{1}\mathbf{1}^\top - I)`.

    Parameters
    ----------
    sq_dists : array of shape (n, n)
    C : float >= 0
        The shift, in units of squared distance.

    Returns
    -------
    array of shape (n, n)
    """
    D = check_sq_dists(sq_dists, "shift_sq_dists")
    C = _check_nonneg(C, "C", "shift_sq_dists")
    return D + C * (1.0 - np.eye(D.shape[0]))


def shifted(X, C: float, *, mds: bool = False) -> np.ndarray:
    r"""A point set :math:`X_{+C}` whose squared distances are those of X plus C (Lemma 16).

    .. math::
        X_{+C} = \bigl[\, X \;\big|\; \sqrt{C/2}\, I_n \,\bigr], \qquad
        \lVert x'_i - x'_j \rVert^2 = \lVert x_i - x_j \rVert^2 + C \quad (i \ne j),

    since the appended coordinates of two distinct points differ by
    :math:`\sqrt{C/2}(e_i - e_j)`, of squared norm C. No eigensolver is involved.

    Parameters
    ----------
    X : array of shape (n, p)
    C : float >= 0
        Shift of every off-diagonal squared distance.
    mds : bool
        If True, return the classical-MDS realisation in :math:`\mathbb{R}^{n-1}` instead
        (the paper's Algorithm 1 route; its Gram matrix has eigenvalues >= C/2 on
        :math:`\mathbf{1}^\perp`).

    Returns
    -------
    array of shape (n, p + n), or (n, n - 1) with ``mds=True``.
    """
    X = _check_points(X, "shifted")
    C = _check_nonneg(C, "C", "shifted")
    n = X.shape[0]
    if mds:
        from theory.tsne._affinities import sq_distances

        return classical_mds(sq_distances(X) + C * (1.0 - np.eye(n)), n - 1)
    return np.hstack([X, np.sqrt(C / 2.0) * np.eye(n)])


def scaled(X, c: float) -> np.ndarray:
    r"""The dilation :math:`cX` of Lemma 18; squared distances scale by :math:`c^2`.

    Parameters
    ----------
    X : array of shape (n, p)
    c : float > 0

    Returns
    -------
    array of shape (n, p)
    """
    X = _check_points(X, "scaled")
    if not (isinstance(c, int | float | np.number) and np.isfinite(c) and c > 0):
        raise invalid("c", "scaled", "a float > 0", c)
    return float(c) * X


def g_family(sq_dists, C: float) -> np.ndarray:
    r"""Squared distances of Cor. 19's :math:`g(C) = ((1-C)X)_{+C}`.

    .. math::
        D_{g(C)} = (1-C)^2 D + C(\mathbf{1}\mathbf{1}^\top - I), \qquad C \in [0, 1],

    continuous in C, equal to D at C = 0 and to the unit regular simplex at C = 1.

    Parameters
    ----------
    sq_dists : array of shape (n, n)
    C : float in [0, 1]

    Returns
    -------
    array of shape (n, n)
    """
    D = check_sq_dists(sq_dists, "g_family")
    C = _check_nonneg(C, "C", "g_family", upper=1.0)
    return (1.0 - C) ** 2 * D + C * (1.0 - np.eye(D.shape[0]))


def gram_from_sq_dists(sq_dists) -> np.ndarray:
    r"""Double-centred Gram matrix :math:`G = -\tfrac12 H D H`, :math:`H = I - \mathbf{1}\mathbf{1}^\top/n`.

    Schoenberg: D is a Euclidean squared-distance matrix iff G is positive semidefinite. For
    :math:`D_{+C}` it equals :math:`G + \tfrac{C}{2} H` (Lemma 16). Shape (n, n).
    """
    D = check_sq_dists(sq_dists, "gram_from_sq_dists")
    n = D.shape[0]
    H = np.eye(n) - 1.0 / n
    G = -0.5 * H @ D @ H
    return 0.5 * (G + G.T)


def classical_mds(sq_dists, dim: int | None = None) -> np.ndarray:
    r"""Classical MDS: :math:`X = V_{:, 1:d} \Lambda_{1:d}^{1/2}` from :math:`G = V \Lambda V^\top`.

    Exact (to the eigensolver's accuracy) when D is Euclidean and ``dim`` >= its rank.

    Parameters
    ----------
    sq_dists : array of shape (n, n)
    dim : int, optional
        Output dimension (default n - 1).

    Returns
    -------
    array of shape (n, dim), centred.
    """
    G = gram_from_sq_dists(sq_dists)
    n = G.shape[0]
    dim = n - 1 if dim is None else dim
    if not (isinstance(dim, int | np.integer) and 1 <= dim <= n):
        raise invalid("dim", "classical_mds", f"an int in [1, {n}]", dim)
    lam, V = np.linalg.eigh(G)
    order = np.argsort(lam)[::-1][:dim]
    return V[:, order] * np.sqrt(np.maximum(lam[order], 0.0))


def near_simplex(sq_dists, eps: float) -> np.ndarray:
    r"""The :math:`\Delta_\varepsilon` map (Lemma 6 / Thm 5; repo ``makeEsimplex``).

    .. math::
        D' = B\bigl(D + A(\mathbf{1}\mathbf{1}^\top - I)\bigr), \quad
        A = \frac{(1-\varepsilon) D_{\max} - (1+\varepsilon) D_{\min}}{2\varepsilon}, \quad
        B = \frac{2\varepsilon}{D_{\max} - D_{\min}},

    sending the smallest off-diagonal squared distance to :math:`1-\varepsilon` and the largest
    to :math:`1+\varepsilon`. A shift and a scaling, hence P is unchanged (Lemmas 17, 18). When
    :math:`A < 0` the spread is already small and a pure rescaling :math:`(1+\varepsilon)D/D_{\max}`
    lands in the band.

    Parameters
    ----------
    sq_dists : array of shape (n, n)
    eps : float in (0, 1)

    Returns
    -------
    array of shape (n, n) with off-diagonal entries in :math:`[1-\varepsilon, 1+\varepsilon]`.
    """
    D = check_sq_dists(sq_dists, "near_simplex")
    try:
        e = float(eps)
    except (TypeError, ValueError):
        raise invalid("eps", "near_simplex", "a float in (0, 1)", eps) from None
    if not (0 < e < 1):
        raise invalid("eps", "near_simplex", "a float in (0, 1)", eps)
    n = D.shape[0]
    off = ~np.eye(n, dtype=bool)
    dmin, dmax = D[off].min(), D[off].max()
    if dmax == 0:
        raise invalid("sq_dists", "near_simplex", "a matrix with a positive off-diagonal entry",
                      "<all-zero matrix>")
    A = ((1 - e) * dmax - (1 + e) * dmin) / (2 * e)
    if A < 0 or dmax == dmin:
        return (1 + e) * D / dmax if dmax > dmin else D / dmax
    B = 2 * e / (dmax - dmin)
    return B * (D + A * off)


def two_point_masses(n: int, r: float = 1.0) -> tuple[np.ndarray, np.ndarray]:
    r"""Cor. 4's base set: :math:`x_i = 0` on :math:`C_1`, :math:`x_i = r e_1` on :math:`C_2`.

    Parameters
    ----------
    n : int, even, >= 4
    r : float > 0

    Returns
    -------
    X : array of shape (n, 1)
    labels : array of shape (n,), 0 on the first n/2 points and 1 on the rest.
    """
    if not (isinstance(n, int | np.integer) and n >= 4 and n % 2 == 0):
        raise invalid("n", "two_point_masses", "an even int >= 4", n)
    labels = np.repeat([0, 1], n // 2)
    return (r * labels).astype(float)[:, None], labels
