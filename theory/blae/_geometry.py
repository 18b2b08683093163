"""The holed Swiss roll of the BLAE paper: generator, chart, exact and graph geodesics.

Zhan et al., "Bi-Lipschitz Autoencoder with Injectivity Guarantee" (arXiv 2604.06701, ICLR
2026), Sec. 5 (Swiss roll with a hole); the generator is the released ``data/data_class.py``
(``SwissRoll``), re-implemented here (not copied) with the same RandomState draws, hole and order.
"""

from __future__ import annotations

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import shortest_path
from scipy.spatial import cKDTree

from theory._norms import euclidean_norms
from theory.validation import Bool, Interval, check_array, check_int, check_param, invalid

#: Spiral rate b of the log spiral r = e^{bt}.
B = 0.1
#: Chart domain [l_min, l_max] × [z_min, z_max] (arc length l, height z).
DOMAIN = (-2.0, 10.0, 0.0, 6.0)
#: The open hole (l_lo, l_hi) × (z_lo, z_hi) removed from the domain.
HOLE = (1.5, 6.5, 2.5, 3.5)


_BOOL = Bool()


def swiss_roll_hole(n_samples: int, *, hole: bool = True, random_state: int = 0):
    r"""The authors' Swiss roll with a hole (paper Sec. 5; code ``SwissRoll``).

    Draws ``2 n`` arc lengths :math:`l \sim U(-2, 10)` and heights :math:`z \sim U(0, 6)` from
    ``RandomState(random_state)`` (the code always uses 0), shuffles them with the same generator,
    maps them by

    .. math::

        t = \frac{1}{b}\log\Big(\frac{b\,l}{\sqrt{1+b^2}} + 1\Big),\qquad
        x = (e^{bt}\cos t,\; e^{bt}\sin t,\; z),\quad b = 0.1,

    drops the open hole :math:`1.5 < l < 6.5,\ 2.5 < z < 3.5` and keeps the first ``n``.

    Parameters
    ----------
    n_samples : int
        Number of points n ≥ 1 (the code's ``n_samples``).
    hole : bool
        Remove the hole. Without it the code keeps all ``2 n`` points, and so do we.
    random_state : int
        Seed of the ``numpy.random.RandomState``; 0 reproduces the released arrays.

    Returns
    -------
    X : ndarray (n, 3)
        Points on the roll (unitless).
    latent : ndarray (n, 2)
        The chart coordinates (l, z); l is arc length, so the chart is an isometry.
    t : ndarray (n,)
        The spiral angle (the code's ``color``), radians.
    """
    n_samples = check_int(n_samples, "n_samples", "swiss_roll_hole", 1, 10**8)
    random_state = check_int(random_state, "random_state", "swiss_roll_hole", 0, 2**32 - 1)
    check_param("hole", hole, _BOOL, "swiss_roll_hole")
    gen = np.random.RandomState(random_state)
    l = -2 + 12 * gen.uniform(size=2 * n_samples)
    z = 6 * gen.uniform(size=2 * n_samples)
    idx = np.arange(len(l))
    gen.shuffle(idx)
    l, z = l[idx], z[idx]
    latent = np.stack([l, z], axis=1)
    X, t = swiss_chart(latent, return_t=True)
    if hole:
        inside = (z > HOLE[2]) & (z < HOLE[3]) & (l > HOLE[0]) & (l < HOLE[1])
        if int((~inside).sum()) < n_samples:
            # the code would return fewer rows without a word (n = 1, seed 369: none)
            raise invalid("n_samples", "swiss_roll_hole", f"a count for which n of the 2n "
                          f"draws of seed {random_state} fall outside the hole (only "
                          f"{int((~inside).sum())} do)", n_samples)
        X, latent, t = X[~inside][:n_samples], latent[~inside][:n_samples], t[~inside][:n_samples]
    return X, latent, t


def swiss_chart(latent, *, return_t: bool = False):
    r"""The chart (l, z) ↦ roll point, an exact isometry onto its image.

    .. math::

        t(l) = \frac1b\log\Big(\frac{b\,l}{\sqrt{1+b^2}}+1\Big),\quad
        \Big|\frac{d}{dt}(e^{bt}\cos t, e^{bt}\sin t)\Big| = \sqrt{1+b^2}\,e^{bt}
        = \frac{dl}{dt},

    so :math:`J^\top J = I_2` (paper Sec. 5; our derivation).

    Parameters
    ----------
    latent : array (n, 2)
        Arc length l > −√(1+b²)/b and height z.
    return_t : bool
        Also return the angle t.
    """
    L = check_array(latent, "latent", "swiss_chart")
    if L.shape[1] != 2:
        raise invalid("latent", "swiss_chart", "an array of shape (n, 2)", f"<array of shape "
                      f"{L.shape}>")
    arg = B * L[:, 0] / np.sqrt(1 + B**2) + 1
    if np.any(arg <= 0):
        raise invalid("latent", "swiss_chart", f"arc lengths l > {-np.sqrt(1 + B**2) / B:.4g}",
                      float(L[:, 0].min()))
    t = np.log(arg) / B
    r = np.exp(B * t)
    X = np.stack([r * np.cos(t), r * np.sin(t), L[:, 1]], axis=1)
    return (X, t) if return_t else X


def _segment_enters_hole(P, Q, hole=HOLE):
    """Whether the segment P→Q meets the *open* rectangle (Liang–Barsky clipping)."""
    P, Q = np.broadcast_arrays(P, Q)
    lo = np.zeros(P.shape[:-1])
    hi = np.ones(P.shape[:-1])
    ok = np.ones(P.shape[:-1], dtype=bool)
    for ax, (a, b) in enumerate(((hole[0], hole[1]), (hole[2], hole[3]))):
        p, d = P[..., ax], Q[..., ax] - P[..., ax]
        flat = np.abs(d) < 1e-300
        ok &= ~(flat & ~((p > a) & (p < b)))
        with np.errstate(divide="ignore", invalid="ignore"):
            t1, t2 = (a - p) / d, (b - p) / d
        tmin, tmax = np.minimum(t1, t2), np.maximum(t1, t2)
        lo = np.where(flat, lo, np.maximum(lo, tmin))
        hi = np.where(flat, hi, np.minimum(hi, tmax))
    return ok & (lo < hi - 1e-12)


def _corners(hole=HOLE):
    return np.array([[hole[0], hole[2]], [hole[1], hole[2]], [hole[1], hole[3]],
                     [hole[0], hole[3]]])


def geodesic_holed(A, B_, *, hole=HOLE):
    r"""Exact geodesic distance in the chart domain minus the open hole (pairwise).

    The domain is convex and the hole a convex rectangle, so a shortest path is the straight
    segment when it avoids the open hole, and otherwise a taut string through hole corners:

    .. math::

        d(a,b) = \min\Big(|ab|\;[\text{visible}],\;
        \min_{i,j}\; |a c_i| + g(c_i, c_j) + |c_j b|\Big),

    with :math:`c_i` the visible corners and g the distance along the hole's boundary
    (the visibility-graph shortest path, ours). Because the chart is an isometry, this is
    the geodesic distance d_M on the holed Swiss roll (paper Sec. 5).

    Parameters
    ----------
    A, B : arrays (n, 2) and (m, 2)
        (the second argument is named ``B_``).
        Chart coordinates (l, z) outside the open hole.

    Returns
    -------
    ndarray (n, m)
    """
    hole = _check_hole(hole, "geodesic_holed")
    A = check_array(A, "A", "geodesic_holed")
    Bm = check_array(B_, "B", "geodesic_holed")
    for name, M in (("A", A), ("B", Bm)):
        if M.shape[1] != 2:
            raise invalid(name, "geodesic_holed", "an array of shape (n, 2)",
                          f"<array of shape {M.shape}>")
        inside = (M[:, 0] > hole[0]) & (M[:, 0] < hole[1]) & (M[:, 1] > hole[2]) & (
            M[:, 1] < hole[3])
        if np.any(inside):
            raise invalid(name, "geodesic_holed", "points outside the open hole "
                          f"{hole}", f"<{int(inside.sum())} point(s) inside>")
    C = _corners(hole)
    w, h = hole[1] - hole[0], hole[3] - hole[2]
    # distance along the boundary between corners (adjacent: a side; opposite: w + h)
    side = np.array([[0, w, w + h, h], [w, 0, h, w + h], [w + h, h, 0, w], [h, w + h, w, 0]])
    # euclidean_norms: points ~1e200 from each other got a distance of inf (squares overflow)
    with np.errstate(over="ignore", invalid="ignore"):  # a difference above the floats: refused below
        dA = euclidean_norms(A[:, None, :] - C[None], axis=2)
        dB = euclidean_norms(Bm[:, None, :] - C[None], axis=2)
    dA[_segment_enters_hole(A[:, None, :], C[None])] = np.inf
    dB[_segment_enters_hole(Bm[:, None, :], C[None])] = np.inf
    # via[a, j] = min_i |a c_i| + g(c_i, c_j)
    via = np.min(dA[:, :, None] + side[None], axis=1)
    out = np.empty((len(A), len(Bm)))
    step = max(1, 2_000_000 // max(len(Bm), 1))
    for s in range(0, len(A), step):
        a = A[s:s + step]
        with np.errstate(over="ignore", invalid="ignore"):  # refused below
            direct = euclidean_norms(a[:, None, :] - Bm[None], axis=2)
            blocked = _segment_enters_hole(a[:, None, :], Bm[None])
            around = np.min(via[s:s + step, None, :] + dB[None], axis=2)
        out[s:s + step] = np.where(blocked, around, direct)
    if not np.all(np.isfinite(out)):  # every pair is connected: inf is an overflow
        raise invalid("A", "geodesic_holed", "points whose geodesic distances to B are finite "
                      "float64 (below 1.8e308)", f"<{int((~np.isfinite(out)).sum())} "
                      "distance(s) above the floats>")
    return out


def _check_hole(hole, caller):
    """The open rectangle (l_lo, l_hi, z_lo, z_hi): four finite floats, l_lo < l_hi and
    z_lo < z_hi (a reversed one was accepted and gave inf distances)."""
    ok = (isinstance(hole, tuple | list | np.ndarray) and len(hole) == 4
          and all(v in Interval() for v in hole))
    if not ok or not (hole[0] < hole[1] and hole[2] < hole[3]):
        raise invalid("hole", caller, "four finite floats (l_lo, l_hi, z_lo, z_hi) with "
                      "l_lo < l_hi and z_lo < z_hi", hole)
    return tuple(float(v) for v in hole)


def graph_geodesic(X, k: int = 5):
    r"""Isomap-style graph geodesic: Dijkstra on the symmetrised kNN graph (paper Sec. 4).

    .. math::

        d_G(x_i, x_j) = \min_{\text{paths}} \sum \|x_{p_s} - x_{p_{s+1}}\|,

    over paths in the k-nearest-neighbour graph with Euclidean edge lengths (the code uses
    k = 5, computed once on the training set). Converges to d_M as the sample gets dense
    (Bernstein, de Silva, Langford & Tenenbaum 2000).

    Parameters
    ----------
    X : array (n, m)
    k : int
        Neighbours per point, 1 ≤ k < n.

    Returns
    -------
    ndarray (n, n); ``inf`` between disconnected components.
    """
    X = check_array(X, "X", "graph_geodesic", min_rows=2)
    # d_G is homogeneous of degree 1: work at a power-of-two scale where the kd-tree's squared
    # distances neither underflow (X ~ 1e-200 gave inf everywhere) nor overflow (X ~ 1e200 made
    # it return the missing-neighbour index n, a raw scipy error); ordinary X is not scaled
    m = float(np.max(np.abs(X)))
    e = int(np.frexp(m)[1]) if m > 0 and not 2.0**-400 <= m <= 2.0**400 else 0
    X = np.ldexp(X, -e)
    # duplicated points are one point at distance 0: the kNN query could otherwise return a
    # twin before the point itself and a zero-length edge is no edge in a sparse graph
    U, inv = np.unique(X, axis=0, return_inverse=True)
    inv = inv.ravel()
    if len(U) < 2:
        raise invalid("X", "graph_geodesic", "an array with at least 2 distinct rows",
                      f"<array of shape {X.shape}, 1 distinct row>")
    k = check_int(k, "k", "graph_geodesic", 1, len(U) - 1)
    dist, idx = cKDTree(U).query(U, k=k + 1)
    n = len(U)
    G = csr_matrix((dist[:, 1:].ravel(), (np.repeat(np.arange(n), k), idx[:, 1:].ravel())),
                   shape=(n, n))
    G = G.maximum(G.T)
    D = shortest_path(G, method="D", directed=False)
    with np.errstate(over="ignore"):
        out = np.ldexp(D, e)
    if np.any(np.isinf(out) & np.isfinite(D)):  # inf means "disconnected": not an overflow
        raise invalid("X", "graph_geodesic", "points whose graph geodesics are finite float64 "
                      "(below 1.8e308)", f"<array of shape {X.shape}, max |x| {m:.3g}>")
    return out[np.ix_(inv, inv)]


def authors_training_set(n_samples: int = 10_000, test_size: float = 0.85,
                         random_state: int = 0, split_state: int = 21):
    r"""The released notebook's training set: ``SwissRoll(n_samples, test_size)``'s train split.

    The points are :func:`swiss_roll_hole` drawn with ``RandomState(random_state)`` (the
    generator's seed, 0 in the released code); the split is a separate draw:
    ``sklearn.model_selection.train_test_split(random_state=split_state)``, 21 in the released
    code, takes one permutation π of the n rows from ``RandomState(split_state)``; the test set is
    π[:⌈test_size·n⌉] and the training set the rest, in that order (n = 10 000, test 0.85: the
    paper's 1 500 training points).

    Parameters
    ----------
    n_samples : int
        Points drawn before the split.
    test_size : float in (0, 1)
    random_state : int ≥ 0
        Seed of the points (0 reproduces the released arrays).
    split_state : int ≥ 0
        Seed of the train/test permutation (21 reproduces the released split).

    Returns
    -------
    X, latent, t : the training rows, as in :func:`swiss_roll_hole`.
    """
    check_param("test_size", test_size, Interval(0, 1, closed="neither"),
                "authors_training_set")
    split_state = check_int(split_state, "split_state", "authors_training_set", 0, 2**32 - 1)
    X, L, t = swiss_roll_hole(n_samples, random_state=random_state)
    n_test = int(np.ceil(test_size * len(X)))
    if n_test >= len(X):  # sklearn refuses an empty training set; we returned one
        raise invalid("test_size", "authors_training_set", f"a fraction leaving a training "
                      f"row (ceil(test_size·{len(X)}) < {len(X)})", test_size)
    perm = np.random.RandomState(split_state).permutation(len(X))
    tr = perm[n_test:]
    return X[tr], L[tr], t[tr]
