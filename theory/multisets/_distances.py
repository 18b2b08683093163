"""Distances between finite multisets of vectors in R^d (Euclidean ground norm)."""

from __future__ import annotations

import numpy as np
import ot
from scipy.optimize import linear_sum_assignment
from scipy.spatial.distance import cdist

from theory.validation import check_array, invalid


def _pair(X, Y, caller):
    X = check_array(X, "X", caller)
    Y = check_array(Y, "Y", caller)
    if X.shape[1] != Y.shape[1]:
        raise invalid("Y", caller, f"an array with {X.shape[1]} columns (the dimension of X)",
                      f"<array of shape {Y.shape}>")
    return X, Y


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
        A pseudometric: ``emd({v}, {v, v}) == 0``.

    References
    ----------
    Nikolentzos & Skianis (2026), Sec. 2, Eq. (EMD); solved exactly by POT's network simplex
    (``ot.emd2``) on the Euclidean (not squared) cost.
    """
    X, Y = _pair(X, Y, "emd")
    a = np.full(len(X), 1.0 / len(X))
    b = np.full(len(Y), 1.0 / len(Y))
    return float(ot.emd2(a, b, cdist(X, Y), numItermax=10_000_000))


def hausdorff(X, Y) -> float:
    r"""Hausdorff distance :math:`\max(\max_i \min_j \|v_i-u_j\|, \max_j \min_i \|v_i-u_j\|)`.

    Ignores multiplicities. X of shape (m, d), Y of shape (n, d).
    """
    X, Y = _pair(X, Y, "hausdorff")
    D = cdist(X, Y)
    return float(max(D.min(axis=1).max(), D.min(axis=0).max()))


def matching(X, Y) -> float:
    r"""Matching distance: pad the smaller multiset with zero vectors, then min-cost matching.

    .. math::
        d_M(X, Y) = \min_{\pi \in S_m} \Big[\sum_{i \le n} \|v_{\pi(i)} - u_i\|_2
        + \sum_{i > n} \|v_{\pi(i)}\|_2\Big] \quad (m \ge n).

    A metric on multisets that avoid the zero vector (Prop. 2.2); with 0 present it is only a
    pseudometric (``matching({v}, {v, 0}) == 0``). Not translation invariant when m ≠ n.
    """
    X, Y = _pair(X, Y, "matching")
    if len(X) < len(Y):
        X, Y = Y, X
    Yp = np.vstack([Y, np.zeros((len(X) - len(Y), X.shape[1]))])
    C = cdist(X, Yp)
    r, c = linear_sum_assignment(C)
    return float(C[r, c].sum())
