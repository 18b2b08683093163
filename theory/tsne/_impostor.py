"""Impostors (Thm 3 and its CH / Dunn analogues), Cor. 4's two-mass family and Thm 7's poison
point."""

from __future__ import annotations

import numpy as np
from scipy.optimize import brentq

from theory.tsne._affinities import sq_distances
from theory.tsne._constructions import shifted, two_point_masses
from theory.tsne._scores import (
    calinski_harabasz,
    check_labels,
    dunn,
    dunn_extremes,
    scatter,
    silhouette,
)
from theory.validation import check_array, invalid

#: Largest max|P(X_eps) - P(X)| that :func:`impostor` accepts (entries of P are <= 1/n).
IMPOSTOR_P_TOL = 1e-9


def _check_eps(eps, caller: str, low: str = "0", high: float = 1.0) -> float:
    try:
        e = float(eps)
    except (TypeError, ValueError):
        raise invalid("eps", caller, f"a float in ({low}, {high:g}]", eps) from None
    if not (np.isfinite(e) and float(low) < e <= high):
        raise invalid("eps", caller, f"a float in ({low}, {high:g}]", eps)
    return e


def silhouette_of_shift(sq_dists, labels, C: float) -> float:
    r""":math:`\bar S(X_{+C})` from the squared distances of X (Def. 2, Def. 15).

    The silhouette does not change when every distance is scaled, so where D + C would overflow
    both are halved by the same power of two first (the sum was inf and the score NaN)."""
    D = np.asarray(sq_dists, dtype=float)
    if not (isinstance(C, int | float | np.floating | np.integer) and not isinstance(C, bool)
            and np.isfinite(C) and C >= 0):
        raise invalid("C", "silhouette_of_shift", "a finite float >= 0 (a squared distance)", C)
    off = 1.0 - np.eye(D.shape[0])
    with np.errstate(over="ignore"):
        shifted_D = D + C * off
    if not np.all(np.isfinite(shifted_D)) and np.all(np.isfinite(D)):
        k = int(np.frexp(max(float(np.max(D)), float(C)))[1])
        shifted_D = np.ldexp(D, -k) + np.ldexp(float(C), -k) * off
    return silhouette(labels=labels, sq_dists=shifted_D)


def impostor_shift(X, labels, eps: float) -> float:
    r"""The shift :math:`C^*` with :math:`\bar S(X_{+C^*}) = \varepsilon \bar S(X)` (Thm 3).

    .. math::
        f(u) = \bar S\bigl(g(u)\bigr) = \bar S\bigl(X_{+u/(1-u)^2}\bigr),
        \quad f(0) = \bar S(X),\ f(1^-) = 0,

    (scaling does not move the silhouette, so :math:`g(u) = ((1-u)X)_{+u}` has the silhouette
    of :math:`X_{+u/(1-u)^2}`), and the intermediate value theorem gives a root of
    :math:`f(u) = \varepsilon \bar S(X)` in :math:`[0, 1)`, found by Brent's method to 1e-15.

    Parameters
    ----------
    X : array of shape (n, p)
    labels : array of shape (n,); at least 2 clusters, each of size >= 2, n > k
    eps : float in (0, 1]

    Returns
    -------
    C : float >= 0, in units of squared distance.
    """
    X = check_array(X, "X", "impostor", min_rows=3)
    check_labels(labels, X.shape[0], "impostor")
    e = _check_eps(eps, "impostor")
    D = sq_distances(X)
    s0 = silhouette(labels=labels, sq_dists=D)
    if e == 1.0 or s0 == 0.0:
        return 0.0
    target = e * s0

    def f(u):
        return silhouette_of_shift(D, labels, u / (1 - u) ** 2) - target

    hi = 0.5
    while np.sign(f(hi)) == np.sign(f(0.0)):  # f(1^-) = 0 with the sign of s0 (Thm 3 proof)
        hi = 1 - (1 - hi) / 16
        if 1 - hi < 1e-15:
            raise RuntimeError("no sign change of the silhouette before the simplex limit")
    u = brentq(f, 0.0, hi, xtol=1e-16, rtol=4 * np.finfo(float).eps, maxiter=500)
    return u / (1 - u) ** 2


def impostor(X, labels, eps: float, *, mds: bool = False) -> tuple[np.ndarray, float]:
    r"""Thm 3's impostor: a set with silhouette :math:`\varepsilon \bar S(X)` and the same P.

    .. math::
        X_\varepsilon = X_{+C^*} = \bigl[X \;\big|\; \sqrt{C^*/2}\, I_n\bigr], \qquad
        \bar S(X_\varepsilon) = \varepsilon\, \bar S(X), \qquad
        P_\rho(X_\varepsilon) = P_\rho(X) \ \ \forall \rho.

    Parameters
    ----------
    X : array of shape (n, p)
    labels : array of shape (n,); at least 2 clusters, each of size >= 2
    eps : float in (0, 1]
    mds : bool
        Realise in :math:`\mathbb{R}^{n-1}` by classical MDS instead of appending coordinates.

    Returns
    -------
    X_eps : array of shape (n, p + n) (or (n, n - 1) with ``mds=True``)
    C : float, the shift used (squared-distance units).

    Examples
    --------
    >>> import numpy as np
    >>> from theory.tsne import impostor, silhouette
    >>> rng = np.random.default_rng(0)
    >>> labels = np.repeat([0, 1], 10)
    >>> X = np.c_[4.0 * labels, np.zeros(20)] + rng.normal(size=(20, 2))
    >>> Xe, C = impostor(X, labels, 0.25)
    >>> round(silhouette(Xe, labels) / silhouette(X, labels), 9)
    0.25
    """
    C = impostor_shift(X, labels, eps)
    Xe = shifted(X, C, mds=mds)
    # Thm 3 promises the same P; in float64 D + C keeps D only to ~1e-16 (C + max D), so a tiny
    # eps (a huge C) loses it. Check it at one interior perplexity and say so instead of
    # returning an impostor that is not one.
    n = X.shape[0]
    rho = min(30.0, (n - 1) / 3)
    if rho > 1:
        from theory.tsne._affinities import joint_probabilities

        dP = float(np.abs(joint_probabilities(sq_distances(Xe), rho)
                          - joint_probabilities(sq_distances(X), rho)).max())
        if dP > IMPOSTOR_P_TOL:
            raise invalid("eps", "impostor", f"a float in (0, 1] whose shift keeps P to "
                          f"{IMPOSTOR_P_TOL:g} in float64 (here C = {C:.3g} = "
                          f"{C / sq_distances(X).max():.3g} max D moves P by {dP:.3g} at "
                          f"perplexity {rho:g}; use a larger eps)", eps)
    return Xe, C


def ch_impostor_shift(X, labels, target: float) -> float:
    r"""Shift c with :math:`\mathrm{CH}(X_{+c}) = t` for :math:`1 < t \le \mathrm{CH}(X)` (App. A.4).

    .. math::
        c = \frac{2\,\bigl(B/(k-1) - t\, W/(n-k)\bigr)}{t - 1}.
    """
    X = check_array(X, "X", "ch_impostor_shift", min_rows=3)
    codes = check_labels(labels, X.shape[0], "ch_impostor_shift", singletons=True)
    ch = calinski_harabasz(X, labels)
    t = float(target)
    if not (1 < t <= ch * (1 + 1e-12)):  # allow CH(X) computed another way, to rounding
        raise invalid("target", "ch_impostor_shift", f"a float in (1, CH(X)] = (1, {ch:.6g}]",
                      target)
    B, W = scatter(X, labels)
    n, k = X.shape[0], codes.max() + 1
    return max(0.0, 2 * (B / (k - 1) - t * W / (n - k)) / (t - 1))


def dunn_impostor_shift(X, labels, target: float) -> float:
    r"""Shift c with :math:`\mathrm{DI}(X_{+c}) = t` for :math:`1 < t \le \mathrm{DI}(X)` (App. A.5).

    .. math::
        c = \frac{d_b^2 - t^2 d_w^2}{t^2 - 1}.
    """
    X = check_array(X, "X", "dunn_impostor_shift", min_rows=3)
    db2, dw2 = dunn_extremes(X, labels)
    di = dunn(X, labels)
    t = float(target)
    if not (1 < t <= di * (1 + 1e-12)):  # allow DI(X) computed another way, to rounding
        raise invalid("target", "dunn_impostor_shift", f"a float in (1, DI(X)] = (1, {di:.6g}]",
                      target)
    return max(0.0, (db2 - t * t * dw2) / (t * t - 1))


# --- Corollary 4: two point masses -------------------------------------------------------


def cor4_shift(eps: float) -> float:
    r"""Shift of the two-mass set (unit across-distance) with silhouette exactly :math:`\varepsilon`.

    .. math::
        \bar S(X_{+c}) = 1 - \sqrt{\tfrac{c}{1+c}} = \varepsilon
        \iff c(\varepsilon) = \frac{(1-\varepsilon)^2}{\varepsilon(2-\varepsilon)}.
    """
    e = _check_eps(eps, "cor4_shift")
    return (1 - e) ** 2 / (e * (2 - e))


def cor4_beta(n: int, perplexity: float) -> float:
    r"""The common precision :math:`\beta = 1/(2\sigma^2)` of Cor. 4's two-mass input.

    Each row has :math:`n/2 - 1` neighbours at relative squared distance 0 and :math:`n/2` at 1:

    .. math::
        H(\beta) = \log Z + \beta\,\frac{(n/2) e^{-\beta}}{Z}, \quad
        Z = n/2 - 1 + (n/2) e^{-\beta}, \qquad H(\beta) = \log\rho \ \text{(nats)},

    solved by Brent's method, independently of :func:`calibrate`. :math:`H` falls from
    :math:`\log(n-1)` to :math:`\log(n/2-1)`: the root is finite and positive only for
    :math:`\rho \in (n/2-1, n-1)`; ``inf`` is returned below (sigma = 0) and 0 at n - 1.
    """
    two_point_masses(n)
    rho = float(perplexity)
    if not (1 <= rho <= n - 1):
        raise invalid("perplexity", "cor4_beta", f"a float in [1, n-1] = [1, {n - 1}]",
                      perplexity)
    m, k = n / 2 - 1, n / 2
    if rho <= m:
        return np.inf
    if rho == n - 1:
        return 0.0

    def H(b):
        w = k * np.exp(-b)
        Z = m + w
        return np.log(Z) + b * w / Z - np.log(rho)

    hi = 1.0
    while H(hi) > 0:
        hi *= 2
    return brentq(H, 0.0, hi, xtol=1e-300, rtol=4 * np.finfo(float).eps, maxiter=500)


def cor4_radius(beta: float) -> float:
    r"""Separation of Cor. 4's stationary layout: :math:`r^{*2} = e^{\beta} - 1`, so P = Q.

    Within-cluster :math:`Q \propto 1` and across :math:`Q \propto 1/(1 + r^2) = e^{-\beta}`
    match :math:`P` (within :math:`\propto 1`, across :math:`\propto e^{-\beta}`).
    """
    return float(np.sqrt(np.expm1(beta)))


def cor4_layout(n: int, perplexity: float) -> tuple[np.ndarray, np.ndarray]:
    """Cor. 4's output Y in R: 0 on C_1 and r* on C_2, with the labels. Shape (n, 1)."""
    beta = cor4_beta(n, perplexity)
    if not (0 < beta < np.inf):
        raise invalid("perplexity", "cor4_layout", f"a float in (n/2-1, n-1) = ({n // 2 - 1}, "
                      f"{n - 1})", perplexity)
    return two_point_masses(n, cor4_radius(beta))


# --- Theorem 7: the poison point ---------------------------------------------------------


def poison_point(n: int, r: float = 2.0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    r"""Thm 7's pair: a regular simplex and a two-cluster set, each with its centroid appended.

    Coordinates are scaled by :math:`\sqrt2` (P is scale-invariant, Lemma 18) so that
    they are dyadic: :math:`X_0 = I_n` (squared distances :math:`2(J - I)`) and
    :math:`X_1 = [\,\sqrt{2r}\,\mathbb{1}_{C_2} e_1 \mid I_n\,]` (squared distances 2 within,
    :math:`2(1 + r)` across), i.e. the paper's :math:`J - I` and
    :math:`[[J-I, (1+r)J], [(1+r)J, J-I]]` times 2. The centroid :math:`x_0` is at squared
    distance :math:`2(\tfrac12 - \tfrac1{2n})` resp. :math:`2(\tfrac12 + \tfrac r4 - \tfrac1{2n})`
    from every point, below the nearest-pair distance 2 for r < 2 + 2/n, so at perplexity 1
    both inputs give the same P (Lemma 20). For n a power of two and r = 2 every coordinate
    and squared distance is exact in float64.

    Parameters
    ----------
    n : int, even, >= 4
    r : float in (0, 2 + 2/n)

    Returns
    -------
    X0 : array of shape (n + 1, n + 1), the simplex with its centroid as the last row
    X1 : array of shape (n + 1, n + 1), the two-cluster set with its centroid as the last row
    labels : array of shape (n,), the two clusters of X1 (first n/2, last n/2)
    """
    base, labels = two_point_masses(n, np.sqrt(2.0 * r))
    if not (0 < r < 2 + 2 / n):
        raise invalid("r", "poison_point", f"a float in (0, 2 + 2/n) = (0, {2 + 2 / n:g})", r)
    X0 = np.hstack([np.zeros((n, 1)), np.eye(n)])
    X1 = np.hstack([base, np.eye(n)])
    X0 = np.vstack([X0, X0.mean(axis=0)])
    X1 = np.vstack([X1, X1.mean(axis=0)])
    return X0, X1, labels
