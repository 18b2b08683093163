"""Tightness witnesses and counterexample families for Thm 3.1 and Lemma 3.2.

Every Lipschitz cell has a pair of multisets attaining its constant; every non-Lipschitz cell has
a one-parameter family whose ratio diverges (closed form in sympy) and, where one exists, a pair at
distance exactly 0 whose aggregates differ.
"""

from __future__ import annotations

from numbers import Integral

import numpy as np
import sympy as sp

from theory.multisets._aggregators import AGGREGATORS
from theory.multisets._distances import DISTANCES
from theory.validation import Interval, Options, check_param, invalid

_A = np.array([1.0, 0.0])
_B = np.array([0.0, 2.0])
_V = np.array([-1.0, -2.0])


def _int(v, name, caller, low=1):
    if isinstance(v, bool) or not isinstance(v, Integral | np.integer) or v < low:
        raise invalid(name, caller, f"an int >= {low}", v)
    return int(v)


def tightness_witness(aggregator: str, distance: str, *, d: int, equal_size: int | None = None,
                      eps: float = 1e-3, rng=None):
    r"""A pair (X, Y) whose ratio :math:`\|f(X)-f(Y)\|_2 / d(X,Y)` equals the Lipschitz constant.

    General sizes (Thm 3.1): singletons :math:`\{\{v\}\}, \{\{u\}\}` for mean/EMD and
    sum/matching; :math:`\{\{\varepsilon e_1,\dots,\varepsilon e_d\}\}` vs :math:`\{\{0\}\}` for
    max/Hausdorff (ratio :math:`\sqrt d`). Equal sizes M (Lemma 3.2): a translate
    :math:`X + t` (mean/EMD 1, sum/EMD M); one changed element on top of shared ones
    (matching cells, ratios 1/M, 1, 1); :math:`\{\{v, 0, \dots, 0\}\}` vs :math:`\{\{0,\dots,0\}\}`
    with :math:`v > 0` (max/EMD, ratio M, App. B.3.7); the double star of
    :func:`max_hausdorff_equal_size_witness` (max/Hausdorff, ratio
    :math:`\sqrt{\min(d, \max(1, 2M-2))}`, the sharp constant, for every d and M).

    Returns
    -------
    (X, Y) : arrays of shapes (m, d), (n, d)
    """
    caller = "tightness_witness"
    check_param("aggregator", aggregator, Options(*AGGREGATORS), caller)
    check_param("distance", distance, Options(*DISTANCES), caller)
    d = _int(d, "d", caller)
    check_param("eps", eps, Interval(0, None, "neither"), caller)
    rng = np.random.default_rng(rng)
    cell = (aggregator, distance)
    if equal_size is None:
        if cell in {("mean", "emd"), ("sum", "matching")}:
            return rng.normal(size=(1, d)), rng.normal(size=(1, d))
        if cell == ("max", "hausdorff"):
            return eps * np.eye(d), np.zeros((1, d))
        raise invalid("aggregator", caller, "a Lipschitz cell of Thm 3.1 (mean/emd, "
                      "sum/matching, max/hausdorff)", f"{aggregator}/{distance}")
    M = _int(equal_size, "equal_size", caller)
    if distance == "emd":
        X = rng.normal(size=(M, d))
        if aggregator in ("mean", "sum"):
            return X, X + rng.normal(size=(1, d))
        v = np.abs(rng.normal(size=(1, d))) + 0.1
        return np.vstack([v, np.zeros((M - 1, d))]), np.zeros((M, d))
    if distance == "matching":
        # Shared elements sit below the changed ones so that the max is carried by them.
        shared = -5.0 - np.abs(rng.normal(size=(M - 1, d)))
        v, u = rng.normal(size=(1, d)), rng.normal(size=(1, d))
        return np.vstack([v, shared]), np.vstack([u, shared])
    if aggregator == "max":
        return max_hausdorff_equal_size_witness(d, M, h=eps)
    raise invalid("aggregator", caller, "a Lipschitz cell of Lemma 3.2", f"{aggregator}/hausdorff")


def max_hausdorff_equal_size_witness(d: int, M: int, *, h: float = 1.0):
    r"""Equal-size pair attaining the sharp max/Hausdorff constant
    :math:`\sqrt{\min(d, \max(1, 2M-2))}` (:func:`theory.multisets.max_hausdorff_constant_equal_size`).

    M = 1: :math:`\{\{h e_1\}\}` vs :math:`\{\{0\}\}` (ratio 1). M >= 2, with
    :math:`k = \min(d, 2M-2)` and :math:`p = \min(M-1, k)`:

    .. math::
        X = \{\{0, h e_1, \dots, h e_p, 0, \dots, 0\}\},\qquad
        Y = \{\{0, h e_{p+1}, \dots, h e_k, 0, \dots, 0\}\}.

    Every element is within h of the other set's 0, so :math:`d_H = h`; the max of X is h on
    coordinates 1..p and the max of Y is h on p+1..k, so :math:`\|\Delta\| = h\sqrt k`.
    Returns arrays of shape (M, d), (M, d).
    """
    caller = "max_hausdorff_equal_size_witness"
    d = _int(d, "d", caller)
    M = _int(M, "M", caller)
    check_param("h", h, Interval(0, None, "neither"), caller)
    X, Y = np.zeros((M, d)), np.zeros((M, d))
    if M == 1:
        X[0, 0] = h
        return X, Y
    k = min(d, 2 * M - 2)
    p = min(M - 1, k)
    for i in range(p):
        X[1 + i, i] = h
    for i in range(k - p):
        Y[1 + i, p + i] = h
    return X, Y


def zero_distance_witness(aggregator: str, distance: str, *, equal_size: bool = False):
    r"""A pair at distance exactly 0 whose aggregates differ (so no constant exists).

    General sizes, with :math:`a=(1,0)`, :math:`b=(0,2)`, :math:`v=(-1,-2)`:
    mean/H :math:`\{\{a,b\}\}` vs :math:`\{\{a,b,b\}\}` (:math:`\|\Delta\|=\sqrt5/6`);
    mean/M :math:`\{\{v\}\}` vs :math:`\{\{v,0\}\}` (:math:`\sqrt5/2`);
    sum/EMD and sum/H :math:`\{\{v\}\}` vs :math:`\{\{v,v\}\}` (:math:`\sqrt5`);
    max/M :math:`\{\{v\}\}` vs :math:`\{\{v,0\}\}` (:math:`\sqrt5`). Equal sizes (Lemma 3.2):
    mean/H and sum/H :math:`\{\{a,a,b\}\}` vs :math:`\{\{a,b,b\}\}` (:math:`\sqrt5/3`, :math:`\sqrt5`).
    max/EMD has none (its family is :func:`max_emd_family`).

    Returns
    -------
    (X, Y) : arrays with 2 columns
    """
    caller = "zero_distance_witness"
    check_param("aggregator", aggregator, Options(*AGGREGATORS), caller)
    check_param("distance", distance, Options(*DISTANCES), caller)
    cell = (aggregator, distance)
    if equal_size:
        if cell in {("mean", "hausdorff"), ("sum", "hausdorff")}:
            return np.array([_A, _A, _B]), np.array([_A, _B, _B])
    elif cell == ("mean", "hausdorff"):
        return np.array([_A, _B]), np.array([_A, _B, _B])
    elif cell in {("mean", "matching"), ("max", "matching")}:
        return np.array([_V]), np.array([_V, np.zeros(2)])
    elif cell in {("sum", "emd"), ("sum", "hausdorff")}:
        return np.array([_V]), np.array([_V, _V])
    raise invalid("aggregator", caller, "a non-Lipschitz cell with a zero-distance witness",
                  f"{aggregator}/{distance}")


def max_emd_family(m: int, d: int = 1):
    r"""App. B.3.7: m elements each, m - 1 shared (all zero), tops 1 apart: ratio exactly m.

    .. math::
        X = \{\{e, 0, \dots, 0\}\},\ Y = \{\{0, \dots, 0\}\},\quad
        \|f_{MAX}(X)-f_{MAX}(Y)\| = 1,\ d_{EMD} = 1/m

    with :math:`e = \mathbf 1/\sqrt d`. The sums differ by the same vector, so the ratio is m for
    sum/EMD too (App. B.3.4). Returns arrays of shape (m, d), (m, d).
    """
    m = _int(m, "m", "max_emd_family")
    d = _int(d, "d", "max_emd_family")
    X = np.zeros((m, d))
    X[0] = 1.0 / np.sqrt(d)
    return X, np.zeros((m, d))


# Families on the diagonal: every element is s * 1 with s scalar, so each distance and each
# aggregate norm is sqrt(d) times its 1-D value and the ratio does not depend on d.
_FAMILIES = {
    # cell: (X scalars, Y scalars, ratio as a function of (c, eps))
    ("mean", "hausdorff"): (lambda c, e: [0, c], lambda c, e: [0, c, c + e],
                            lambda c, e: (c / 6 + e / 3) / e),
    ("mean", "matching"): (lambda c, e: [c, e], lambda c, e: [c],
                           lambda c, e: (c - e) / (2 * e)),
    ("sum", "emd"): (lambda c, e: [c], lambda c, e: [c, c + e], lambda c, e: 2 * (c + e) / e),
    ("sum", "hausdorff"): (lambda c, e: [c], lambda c, e: [c, c + e], lambda c, e: (c + e) / e),
    ("max", "matching"): (lambda c, e: [-c], lambda c, e: [-c, e], lambda c, e: (c + e) / e),
}
FAMILY_CELLS = tuple(_FAMILIES)


def counterexample_family(aggregator: str, distance: str, *, c: float, eps: float, d: int):
    r"""One-parameter family (X_ε, Y_ε) of a non-Lipschitz cell of Thm 3.1, on the diagonal.

    mean/H: :math:`\{\{0, c\mathbf1\}\}` vs :math:`\{\{0, c\mathbf1, (c+\varepsilon)\mathbf1\}\}`;
    mean/M (the paper's, Thm 3.1 proof): :math:`\{\{c\mathbf1, \varepsilon\mathbf1\}\}` vs
    :math:`\{\{c\mathbf1\}\}`; sum/EMD and sum/H: :math:`\{\{c\mathbf1\}\}` vs
    :math:`\{\{c\mathbf1, (c+\varepsilon)\mathbf1\}\}`; max/M: :math:`\{\{-c\mathbf1\}\}` vs
    :math:`\{\{-c\mathbf1, \varepsilon\mathbf1\}\}`. Ratios: :func:`family_ratio`.
    Requires :math:`0 < \varepsilon < c`. Returns arrays of shapes (m, d), (n, d).
    """
    caller = "counterexample_family"
    check_param("aggregator", aggregator, Options(*AGGREGATORS), caller)
    check_param("distance", distance, Options(*DISTANCES), caller)
    if (aggregator, distance) not in _FAMILIES:
        raise invalid("aggregator", caller, "a non-Lipschitz cell with an ε-family "
                      f"{FAMILY_CELLS}", f"{aggregator}/{distance}")
    check_param("c", c, Interval(0, None, "neither"), caller)
    check_param("eps", eps, Interval(0, c, "neither"), caller)
    d = _int(d, "d", caller)
    fx, fy, _ = _FAMILIES[(aggregator, distance)]
    one = np.ones(d)
    return (np.array([s * one for s in fx(c, eps)], dtype=float),
            np.array([s * one for s in fy(c, eps)], dtype=float))


def family_ratio(aggregator: str, distance: str, c=None, eps=None):
    r"""Closed-form ratio :math:`\|\Delta f\|/d` of :func:`counterexample_family` (sympy).

    mean/H :math:`c/(6\varepsilon) + 1/3`; mean/M :math:`(c-\varepsilon)/(2\varepsilon)`;
    sum/EMD :math:`2(c+\varepsilon)/\varepsilon`; sum/H and max/M
    :math:`(c+\varepsilon)/\varepsilon`. Each diverges as :math:`\varepsilon \to 0^+`.
    With ``c``/``eps`` omitted, positive sympy symbols are used.

    Examples
    --------
    >>> from theory.multisets import family_ratio
    >>> family_ratio("sum", "emd")
    (2*c + 2*epsilon)/epsilon
    >>> float(family_ratio("sum", "emd", 1.0, 0.01))
    202.0
    """
    if (aggregator, distance) not in _FAMILIES:
        raise invalid("aggregator", "family_ratio", f"one of the cells {FAMILY_CELLS}",
                      f"{aggregator}/{distance}")
    c = sp.Symbol("c", positive=True) if c is None else c
    eps = sp.Symbol("epsilon", positive=True) if eps is None else eps
    return _FAMILIES[(aggregator, distance)][2](c, eps)
