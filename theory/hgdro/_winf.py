"""The W∞ (and W1) distributionally robust value of an empirical distribution on a grid: the
per-sample local supremum of Lemma A.0.1 and the coupling LPs it is checked against.

Values are in the loss's units (nats for the logistic loss).
"""

from __future__ import annotations

import numpy as np
from scipy import optimize, sparse

from theory.validation import Interval, check_array, check_param, invalid


def _inputs(points, grid, loss, eps, caller):
    x = check_array(points, "points", caller, ndim=1)
    g = check_array(grid, "grid", caller, ndim=1, min_rows=2)
    check_param("eps", eps, Interval(0, None), caller)
    ell = check_array(loss(g) if callable(loss) else loss, "loss", caller, ndim=None,
                      finite=False)
    if ell.shape != g.shape or not np.all(np.isfinite(ell)):
        raise invalid("loss", caller, f"a callable or an array of {g.shape[0]} finite values "
                      "on the grid", f"<{type(loss).__name__}>")
    # the slack for a grid point meant to sit at exactly ε (stored to within its rounding) is
    # relative to the data's scale: an absolute 1e-15 made every grid point reachable for
    # points and grid of size 1e-20 (the value of ε = ∞); a distance past the float range is inf
    S = max(float(np.max(np.abs(x))), float(np.max(np.abs(g))))
    with np.errstate(over="ignore"):
        reach = np.abs(x[:, None] - g[None, :]) <= eps * (1 + 1e-12) + 1e-15 * S
    if not np.all(reach.any(axis=1)):
        i = int(np.argmin(reach.any(axis=1)))
        raise invalid("grid", caller, f"a grid with a point within eps of every sample "
                      f"(sample {i} = {x[i]:g} has none)", "<grid>")
    return x, g, ell, reach


def winf_local_sup(points, grid, loss, eps):
    r"""Lemma A.0.1: the W∞-DRO value of an empirical law is the mean of local suprema.

    .. math::

        \sup_{W_\infty(Q,\hat P_n)\le\varepsilon} \mathbb E_Q\,\ell
        = \frac1n\sum_{i=1}^n \max_{g\in\mathcal G,\ |g - x_i|\le\varepsilon} \ell(g),

    with :math:`Q` supported on the grid :math:`\mathcal G` (1-D; the cost is :math:`|x-x'|`).

    Parameters
    ----------
    points : array-like, shape (n,)
        Samples of :math:`\hat P_n` (equal weights).
    grid : array-like, shape (k,)
        Candidate support of :math:`Q`; every sample needs a grid point within ε.
    loss : callable or array-like, shape (k,)
        ℓ on the grid.
    eps : float
        Radius ≥ 0.

    Returns
    -------
    float

    References
    ----------
    Lemma A.0.1 (Staib & Jegelka 2017), quoted by the reviews.

    Examples
    --------
    >>> import numpy as np
    >>> from theory.hgdro import winf_dro_value_lp, winf_local_sup
    >>> x, grid = np.array([-0.5, 0.2, 1.0]), np.linspace(-2, 2, 401)
    >>> loss = lambda z: np.log1p(np.exp(-2 * z))
    >>> round(winf_local_sup(x, grid, loss, 0.3), 6)
    0.934152
    >>> round(winf_dro_value_lp(x, grid, loss, 0.3), 6)
    0.934152
    """
    _, _, ell, reach = _inputs(points, grid, loss, eps, "winf_local_sup")
    sup = np.max(np.where(reach, ell[None, :], -np.inf), axis=1)
    with np.errstate(over="ignore"):
        v = float(np.mean(sup))
    # a sum of local suprema near the float maximum overflows; their mean does not
    return v if np.isfinite(v) else float(np.sum(sup / len(sup)))


def winf_dro_value_lp(points, grid, loss, eps):
    r"""The W∞-DRO value by an LP over couplings supported on :math:`\{|x-x'|\le\varepsilon\}`.

    .. math::

        \max_{\pi\ge0}\ \sum_{i,j}\pi_{ij}\,\ell(g_j)
        \quad\text{s.t.}\quad \sum_j \pi_{ij} = \tfrac1n,\ \ \pi_{ij}=0 \text{ if } |x_i-g_j|>\varepsilon,

    solved with HiGHS (``scipy.optimize.linprog``). Independent of :func:`winf_local_sup`: the
    LP does not know that it decouples.

    Parameters
    ----------
    points, grid, loss, eps
        As in :func:`winf_local_sup`.

    Returns
    -------
    float

    References
    ----------
    Definition of W∞ and Eq. (5) with one group.
    """
    x, _g, ell, reach = _inputs(points, grid, loss, eps, "winf_dro_value_lp")
    n = len(x)
    rows, cols = np.nonzero(reach)
    A = sparse.csr_matrix((np.ones(len(rows)), (rows, np.arange(len(rows)))),
                          shape=(n, len(rows)))
    kl = _loss_exp(ell)
    res = optimize.linprog(-np.ldexp(ell[cols], -kl), A_eq=A, b_eq=np.full(n, 1.0 / n),
                           bounds=(0, None), method="highs")
    assert res.status == 0, res.message
    return float(np.ldexp(-res.fun, kl))


def _loss_exp(ell) -> int:
    """The power of two the LPs divide the losses by (exact): HiGHS's tolerances are absolute
    and it takes costs above 1e20 for infinite, so losses of 1e-12 got a wrong vertex (W1: 0.651
    instead of 1.192) and losses of 1e12 or 1e300 stopped it (HiGHS status 'unknown'). Losses
    with max |ℓ| in [2^-4, 2^4] are passed as given (bit for bit)."""
    k = int(np.frexp(np.max(np.abs(ell)))[1]) if np.any(ell != 0) else 0
    return 0 if -4 <= k <= 4 else k


def w1_dro_value_lp(points, grid, loss, eps):
    r"""The W1-DRO value (transport budget) on the same grid, by an LP.

    .. math::

        \max_{\pi\ge0}\ \sum_{i,j}\pi_{ij}\,\ell(g_j)
        \quad\text{s.t.}\quad \sum_j \pi_{ij} = \tfrac1n,\ \ \sum_{i,j}\pi_{ij}|x_i-g_j|\le\varepsilon.

    Since :math:`W_1 \le W_\infty`, this value is ≥ the W∞ value of the same radius.

    Parameters
    ----------
    points, grid, loss, eps
        As in :func:`winf_local_sup`.

    Returns
    -------
    float

    References
    ----------
    Our comparison (after Lemma A.0.1).
    """
    x, g, ell, _ = _inputs(points, grid, loss, eps, "w1_dro_value_lp")
    n, k = len(x), len(g)
    # the budget row in units of ε (2^kc, exact), losses as in winf_dro_value_lp: HiGHS drops
    # coefficients below 1e-9 and refuses ones above 1e15, so points·1e-300 kept no budget
    # (the value of an unlimited one) and points·1e20 gave 'Model error'. A move dearer than
    # 1e12·ε can carry at most 1e-12 of the mass: such moves are left out (bound 0), which moves
    # the value by at most 1e-12·(max ℓ − min ℓ) (a difference beyond the float range, inf, is
    # left out alike; its cost is capped for HiGHS). ε (or, for
    # ε = 0, the largest move) in [2^-4, 2^4]: the costs are passed as given.
    with np.errstate(over="ignore"):
        D = np.abs(x[:, None] - g[None, :])
    top = float(np.max(D[np.isfinite(D)], initial=0.0))
    kc = int(np.frexp(eps if eps > 0 else top)[1]) if (eps > 0 or top > 0) else 0
    kc = 0 if -4 <= kc <= 4 else kc
    cost = np.ldexp(D, -kc).ravel()
    far = cost > 1e12
    bounds = (0, None) if not far.any() else np.c_[np.zeros(len(cost)),
                                                   np.where(far, 0.0, np.inf)]
    cost = np.minimum(cost, 1e12)
    A_eq = sparse.kron(sparse.eye(n), np.ones((1, k))).tocsr()
    kl = _loss_exp(ell)
    res = optimize.linprog(-np.tile(np.ldexp(ell, -kl), n), A_ub=cost[None, :],
                           b_ub=[float(np.ldexp(eps, -kc))], A_eq=A_eq,
                           b_eq=np.full(n, 1.0 / n), bounds=bounds, method="highs")
    assert res.status == 0, res.message
    return float(np.ldexp(-res.fun, kl))
