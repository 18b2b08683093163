"""Distances between finite multisets of vectors in R^d (Euclidean ground norm).

Nikolentzos & Skianis (2026), Sec. 2: the earth mover's distance (EMD), the Hausdorff distance and
the matching distance, plus a vectorised pairwise matrix for collections of sets.
"""

from __future__ import annotations

import numpy as np
import ot
from scipy.optimize import linear_sum_assignment
from scipy.spatial.distance import cdist

from theory.validation import Options, check_array, check_param, invalid

DISTANCES = ("emd", "hausdorff", "matching")


def _pair(X, Y, caller):
    X = check_array(X, "X", caller)
    Y = check_array(Y, "Y", caller)
    if X.shape[1] != Y.shape[1]:
        raise invalid("Y", caller, f"an array with {X.shape[1]} columns (the dimension of X)",
                      f"<array of shape {Y.shape}>")
    return X, Y


#: Coordinates outside [_TINY, _HUGE] in magnitude are rescaled before the squares in cdist
#: (which overflow above ~1e154 and underflow below ~1e-162).
_TINY, _HUGE = 1e-100, 1e100


def _scale_of(*arrays) -> float:
    """A power of two s with every |coordinate| / s below 2 (the largest in [1, 2)) when the largest coordinate is
    outside [_TINY, _HUGE], else 1. Dividing by a power of two is exact, and every distance here
    is positively homogeneous (d(X/s, Y/s) = d(X, Y)/s), so the result is unchanged."""
    a = max(float(np.max(np.abs(A))) for A in arrays)
    if a == 0.0 or _TINY <= a <= _HUGE:
        return 1.0
    return float(np.ldexp(1.0, int(np.frexp(a)[1]) - 1))


def _unscale(value: float, s: float, caller: str) -> float:
    out = value * s
    if not np.isfinite(out):
        raise invalid("X", caller, "coordinates whose distance is finite in float64",
                      f"<a distance of {value:g} x {s:g}>")
    return float(out)


def _emd_from_cost(C: np.ndarray) -> float:
    m, n = C.shape
    if m == n:
        # Birkhoff-von Neumann: with equal uniform masses an optimal plan is a permutation
        # matrix / n, so the assignment problem is exact and ~3x faster than the simplex.
        r, c = linear_sum_assignment(C)
        return float(C[r, c].sum() / n)
    a = np.full(m, 1.0 / m)
    b = np.full(n, 1.0 / n)
    return float(ot.emd2(a, b, C, numItermax=10_000_000))


def _hausdorff_from_cost(C: np.ndarray) -> float:
    return float(max(C.min(axis=1).max(), C.min(axis=0).max()))


def _matching_from_cost(C: np.ndarray, normX: np.ndarray, normY: np.ndarray) -> float:
    m, n = C.shape
    if m < n:
        C, normX, normY, m, n = C.T, normY, normX, n, m
    # Padding the smaller set with zero vectors: a padded column costs the row's own norm.
    if m > n:
        C = np.hstack([C, np.repeat(normX[:, None], m - n, axis=1)])
    r, c = linear_sum_assignment(C)
    return float(C[r, c].sum())


def emd(X, Y) -> float:
    r"""Earth mover's distance: W1 between the uniform empirical measures of X and Y.

    .. math::
        d_{EMD}(X, Y) = \min_{F \ge 0} \sum_{i,j} F_{ij} \|v_i - u_j\|_2
        \quad\text{s.t.}\quad \sum_j F_{ij} = 1/m,\ \sum_i F_{ij} = 1/n.

    Parameters
    ----------
    X : array of shape (m, d)
    Y : array of shape (n, d)

    Returns
    -------
    float
        In the units of the coordinates. A pseudometric: ``emd({v}, {v, v}) == 0``.
        Coordinates beyond 1e100 or below 1e-100 in magnitude are rescaled by a power of two
        first (the distance is positively homogeneous), so neither the squares in the cost nor
        POT's solver overflow or underflow.

    References
    ----------
    Nikolentzos & Skianis (2026), Sec. 2, Eq. (EMD); solved exactly by POT's network simplex
    (``ot.emd2``) on the Euclidean (not squared) cost, or by the assignment problem when m = n.

    Examples
    --------
    >>> import numpy as np
    >>> from theory.multisets import emd, hausdorff, matching
    >>> X, Y = np.array([[0.0], [2.0]]), np.array([[0.0], [2.0], [2.0]])
    >>> round(emd(X, Y), 6), hausdorff(X, Y), matching(X, Y)
    (0.333333, 0.0, 2.0)
    """
    X, Y = _pair(X, Y, "emd")
    s = _scale_of(X, Y)
    return _unscale(_emd_from_cost(cdist(X / s, Y / s)), s, "emd")


def hausdorff(X, Y) -> float:
    r"""Hausdorff distance between the supports of X and Y.

    .. math::
        d_H(X, Y) = \max\Big(\max_i \min_j \|v_i-u_j\|_2,\ \max_j \min_i \|v_i-u_j\|_2\Big).

    Ignores multiplicities (a pseudometric on multisets). X of shape (m, d), Y of shape (n, d).

    References
    ----------
    Nikolentzos & Skianis (2026), Sec. 2.
    """
    X, Y = _pair(X, Y, "hausdorff")
    s = _scale_of(X, Y)
    return _unscale(_hausdorff_from_cost(cdist(X / s, Y / s)), s, "hausdorff")


def matching(X, Y) -> float:
    r"""Matching distance: pad the smaller multiset with zero vectors, then min-cost matching.

    .. math::
        d_M(X, Y) = \min_{\pi \in S_m} \Big[\sum_{i \le n} \|v_{\pi(i)} - u_i\|_2
        + \sum_{i > n} \|v_{\pi(i)}\|_2\Big] \quad (m \ge n).

    A metric on multisets that avoid the zero vector (Prop. 2.2); when the zero vector is present
    it is only a pseudometric (``matching({v}, {v, 0}) == 0``). Not translation invariant when
    m ≠ n. For m = n it equals ``m * emd(X, Y)`` (Prop. 2.3).

    Parameters
    ----------
    X : array of shape (m, d)
    Y : array of shape (n, d)

    References
    ----------
    Nikolentzos & Skianis (2026), Sec. 2, Props. 2.2-2.3.
    """
    X, Y = _pair(X, Y, "matching")
    s = _scale_of(X, Y)
    X, Y = X / s, Y / s
    return _unscale(_matching_from_cost(cdist(X, Y), np.linalg.norm(X, axis=1),
                                        np.linalg.norm(Y, axis=1)), s, "matching")


def pairwise_distances(sets, distance):
    r"""Symmetric matrix of set distances :math:`D_{ij} = d(X_i, X_j)` for a list of multisets.

    Parameters
    ----------
    sets : sequence of k arrays, the i-th of shape (m_i, d)
    distance : {"emd", "hausdorff", "matching"} or a sequence of them

    Returns
    -------
    array of shape (k, k), or a dict name -> array when ``distance`` is a sequence
        Zero diagonal, in the units of the coordinates.

    Notes
    -----
    One ``cdist`` per pair, shared by the distances requested together; EMD through the
    assignment problem when the sizes agree (exact by Birkhoff-von Neumann) and ``ot.emd2``
    otherwise; matching through the zero-padded assignment, which for equal sizes is the same
    assignment as the EMD's (:math:`d_M = M d_{EMD}`, Prop. 2.3), so it is solved once.
    """
    names = (distance,) if isinstance(distance, str) else tuple(distance)
    if not names:
        raise invalid("distance", "pairwise_distances", f"one of {DISTANCES} or a non-empty "
                      "sequence of them", distance)
    for name in names:
        check_param("distance", name, Options(*DISTANCES), "pairwise_distances")
    if isinstance(sets, np.ndarray) and sets.ndim == 3:
        sets = list(sets)
    try:
        sets = list(sets)
    except TypeError:
        raise invalid("sets", "pairwise_distances", "a sequence of 2-D arrays",
                      f"<{type(sets).__name__}>") from None
    if not sets:
        raise invalid("sets", "pairwise_distances", "a non-empty sequence of 2-D arrays", "[]")
    arrs = [check_array(S, f"sets[{i}]", "pairwise_distances") for i, S in enumerate(sets)]
    dim = arrs[0].shape[1]
    for i, A in enumerate(arrs):
        if A.shape[1] != dim:
            raise invalid(f"sets[{i}]", "pairwise_distances",
                          f"an array with {dim} columns (the dimension of sets[0])",
                          f"<array of shape {A.shape}>")
    scale = _scale_of(*arrs)
    arrs = [A / scale for A in arrs]
    norms = [np.linalg.norm(A, axis=1) for A in arrs]
    k = len(arrs)
    out = {name: np.zeros((k, k)) for name in names}
    for i in range(k):
        for j in range(i + 1, k):
            C = cdist(arrs[i], arrs[j])
            vals = {}
            if "hausdorff" in out:
                vals["hausdorff"] = _hausdorff_from_cost(C)
            if C.shape[0] == C.shape[1] and ("emd" in out or "matching" in out):
                r, c = linear_sum_assignment(C)
                total = float(C[r, c].sum())
                vals["emd"], vals["matching"] = total / C.shape[0], total
            else:
                if "emd" in out:
                    vals["emd"] = _emd_from_cost(C)
                if "matching" in out:
                    vals["matching"] = _matching_from_cost(C, norms[i], norms[j])
            for name, D in out.items():
                D[i, j] = D[j, i] = vals[name]
    if scale != 1.0:
        for name, D in list(out.items()):
            out[name] = D * scale
            if not np.all(np.isfinite(out[name])):
                raise invalid("sets", "pairwise_distances", "coordinates whose distances are "
                              "finite in float64", f"<{name} distances overflow>")
    return out[distance] if isinstance(distance, str) else out
