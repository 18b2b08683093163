"""The outlier number (Def. 8), Lemma 21 / 22 and the Thm 9 bound."""

from __future__ import annotations

import numpy as np
from scipy.spatial import ConvexHull, QhullError

from theory.tsne._affinities import sq_distances
from theory.validation import check_array, invalid

#: Constant of the proof of Thm 9: alpha^4 (1 + alpha^2) / (2 (1 + alpha)^4) >= C alpha^2.
THM9_RATE = 0.1876
#: The alpha from which that inequality is used.
THM9_ALPHA0 = 3.26


def hull_projection(x, A) -> tuple[float, np.ndarray]:
    r"""Distance from x to :math:`\mathrm{conv}(A)` and the nearest point (a QP, cvxpy/Clarabel).

    .. math::
        \min_{\lambda \ge 0,\ \mathbf 1^\top\lambda = 1} \lVert A^\top \lambda - x \rVert_2.

    Parameters
    ----------
    x : array of shape (d,)
    A : array of shape (m, d)

    Returns
    -------
    dist : float
    p : array of shape (d,), the nearest point of the hull
    """
    import cvxpy as cp

    x = np.asarray(x, dtype=float)
    A = np.asarray(A, dtype=float)
    # Centre and scale so that the solver's absolute tolerances are relative to the data.
    centre = A.mean(axis=0)
    scale = max(np.abs(A - centre).max(), np.abs(x - centre).max(), 1e-300)
    As, xs = (A - centre) / scale, (x - centre) / scale
    lam = cp.Variable(A.shape[0], nonneg=True)
    prob = cp.Problem(cp.Minimize(cp.sum_squares(As.T @ lam - xs)), [cp.sum(lam) == 1])
    prob.solve(solver=cp.CLARABEL, tol_gap_abs=1e-12, tol_gap_rel=1e-12, tol_feas=1e-12)
    lam_v = np.clip(lam.value, 0, None)
    lam_v /= lam_v.sum()
    p = centre + scale * (As.T @ lam_v)
    return float(np.linalg.norm(x - p)), p


def outlier_margins(X) -> np.ndarray:
    r"""Per point: :math:`\mathrm{dist}(x_k, \mathrm{conv}(X \setminus x_k)) / \max\{1, \mathrm{diam}(X \setminus x_k)\}`.

    Only vertices of :math:`\mathrm{conv}(X)` can have a positive distance (a point inside the
    hull is a convex combination of the others); in dimension <= 3 the others get 0 without a QP.
    Returns shape (n,).
    """
    X = check_array(X, "X", "outlier_number", min_rows=3)
    n, d = X.shape
    D = sq_distances(X)
    candidates = np.arange(n)
    if d <= 3 and n > d + 1:
        try:
            candidates = np.unique(ConvexHull(X).vertices)
        except QhullError:  # degenerate (flat) sets: keep every point
            pass
    out = np.zeros(n)
    for k in candidates:
        rest = np.delete(np.arange(n), k)
        dist, _ = hull_projection(X[k], X[rest])
        diam = np.sqrt(D[np.ix_(rest, rest)].max())
        out[k] = dist / max(1.0, diam)
    return out


def outlier_number(X) -> float:
    r"""The outlier number :math:`\alpha(X)` (Def. 8), via the margin of Lemma 22's proof.

    .. math::
        \alpha(X) = \max_k \frac{\mathrm{dist}\bigl(x_k, \mathrm{conv}(X \setminus \{x_k\})\bigr)}
                               {\max\{1, \mathrm{diam}(X \setminus \{x_k\})\}},

    the widest margin of a hyperplane separating one point from the rest (= 2/||w|| of the
    hard-margin SVM), relative to the rest's diameter (at least 1).

    **The maximum over points**, as Def. 8 reads (X is an outlier configuration when *some*
    point is separated with that margin). The authors' released ``utils.alpha``
    (``njbergam/tsne-exaggerates-clusters@8336e68:utils.py``) differs on two counts: it takes
    the **minimum** over the points whose margin is positive (0 when none is), and divides the
    margin by ``diam(X \ x_k)`` rather than ``max{1, diam(X \ x_k)}``. So on a set with more
    than one separable point their α is at most ours (for diameters >= 1); Thm 9 bounds
    α(Y) from above, which our maximum makes the stronger statement to check.

    Parameters
    ----------
    X : array of shape (n, d), n >= 3

    Returns
    -------
    float >= 0
    """
    return float(outlier_margins(X).max())


def thm9_bound(n) -> float:
    r"""Thm 9's explicit bound on the outlier number of any stationary t-SNE output.

    .. math::
        \alpha(Y) \le \max\Bigl\{3.26,\ \sqrt{\tfrac{2}{0.1876}\bigl(1 + \tfrac{2}{n-2}\bigr)}\Bigr\}
        \xrightarrow[n\to\infty]{} \sqrt{2/0.1876} = 3.2651.

    Parameters
    ----------
    n : int > 2 (number of points), or ``inf`` for the limit

    Returns
    -------
    float

    Examples
    --------
    >>> from theory.tsne import thm9_bound
    >>> round(thm9_bound(10), 3), round(thm9_bound(100), 3), round(thm9_bound(10**9), 4)
    (3.651, 3.298, 3.2651)
    """
    if not ((isinstance(n, int | np.integer) and n > 2) or n == np.inf):
        raise invalid("n", "thm9_bound", "an int > 2 or inf", n)
    tail = 0.0 if n == np.inf else 2.0 / (n - 2)
    return float(max(THM9_ALPHA0, np.sqrt((2 / THM9_RATE) * (1 + tail))))


def lemma21_bound(Y, outlier: int) -> tuple[float, float]:
    r"""Lemma 21: the output mass on the outlier and its upper bound.

    .. math::
        \sum_i Q_{0i} \le \frac{1}{2 + (n-2)\frac{1+\gamma^2}{1+\beta^2}}, \quad
        \beta = \mathrm{diam}(Y \setminus y_0), \ \gamma = \min_j \lVert y_0 - y_j \rVert,

    n counting :math:`y_0`.

    Parameters
    ----------
    Y : array of shape (n, d)
    outlier : int, the index of :math:`y_0`

    Returns
    -------
    mass : float, :math:`\sum_i Q_{0i}`
    bound : float, the right-hand side
    """
    from theory.tsne._objective import output_affinities

    Y = check_array(Y, "Y", "lemma21_bound", min_rows=3)
    n = Y.shape[0]
    D = sq_distances(Y)
    rest = np.delete(np.arange(n), outlier)
    beta2 = D[np.ix_(rest, rest)].max()
    gamma2 = D[outlier, rest].min()
    mass = output_affinities(Y)[outlier].sum()
    return float(mass), float(1.0 / (2 + (n - 2) * (1 + gamma2) / (1 + beta2)))
