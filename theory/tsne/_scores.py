"""Cluster scores of the paper (Def. 2, App. A.4, A.5), written from their definitions, and
their closed forms under a shift of the squared distances."""

from __future__ import annotations

import numpy as np

from theory.tsne._affinities import check_sq_dists, sq_distances
from theory.validation import Interval, check_array, check_param, invalid


def check_labels(labels, n: int, caller: str, *, singletons: bool = False) -> np.ndarray:
    """Labels as integer codes 0..k-1; at least two clusters, no singleton unless allowed."""
    lab = np.asarray(labels)
    if lab.shape != (n,):
        raise invalid("labels", caller, f"a 1-D array of length n = {n}",
                      f"<array of shape {lab.shape}>")
    _, codes, counts = np.unique(lab, return_inverse=True, return_counts=True)
    if counts.size < 2:
        raise invalid("labels", caller, "a partition into at least 2 clusters",
                      "<labels with a single cluster>")
    if not singletons and counts.min() < 2:
        raise invalid("labels", caller, "a partition whose clusters have at least 2 points",
                      f"<labels with a cluster of size {counts.min()}>")
    return codes


def _sq_from(X=None, sq_dists=None, caller: str = "", *, scaled: bool = False):
    """The squared distances, or with ``scaled`` the pair (D * 4**-k, k): coordinates (or D)
    scaled by a power of two, which is exact, so that squares neither overflow nor underflow at
    scales near 1e+-300. The scores are scale-invariant, hence bit-identical within range."""
    if (X is None) == (sq_dists is None):
        raise invalid("X", caller, "given exactly when sq_dists is not", "<both or neither>")
    if X is not None:
        X = check_array(X, "X", caller, min_rows=3)
        if not scaled:
            return sq_distances(X)
        k = int(np.frexp(np.abs(X).max())[1])
        return sq_distances(np.ldexp(X, -k)), 2 * k
    D = check_sq_dists(sq_dists, caller)
    if not scaled:
        return D
    k = int(np.frexp(D.max())[1]) // 2 * 2  # an even power: sqrt(D) scales exactly too
    return np.ldexp(D, -k), k


def _unscale(value: float, k: int, name: str, caller: str) -> float:
    """``value * 2**k`` as a float, or an error when float64 cannot hold it."""
    with np.errstate(over="ignore", under="ignore"):
        out = float(np.ldexp(value, k))
    if value != 0 and (not np.isfinite(out) or out == 0 or abs(out) < np.finfo(float).tiny):
        raise invalid("X", caller, f"data whose {name} is representable in float64 "
                      "(between ~2.2e-308 and ~1.8e308 squared-distance units)",
                      f"<data whose {name} is {value:.6g} * 2**{k}>")
    return out


def silhouette(X=None, labels=None, *, sq_dists=None) -> float:
    r"""Mean silhouette :math:`\bar S` of Def. 2 (unsquared Euclidean distances).

    .. math::
        a(i) = \frac{\sum_{j \in C(i)} d_{ij}}{|C(i)| - 1}, \quad
        b(i) = \min_{m: C_m \ne C(i)} \frac{\sum_{j \in C_m} d_{ij}}{|C_m|}, \quad
        \bar S = \frac1n \sum_i \frac{b(i) - a(i)}{\max\{a(i), b(i)\}},

    with :math:`S(i) = 0` when :math:`a(i) = b(i) = 0`.

    Parameters
    ----------
    X : array of shape (n, p), or None when ``sq_dists`` is given
    labels : array of shape (n,); at least 2 clusters, each of size >= 2 (Thm 3's setting)
    sq_dists : array of shape (n, n), optional

    Returns
    -------
    float in [-1, 1]
    """
    D, _ = _sq_from(X, sq_dists, "silhouette", scaled=True)
    codes = check_labels(labels, D.shape[0], "silhouette")
    dist = np.sqrt(D)
    M = np.eye(codes.max() + 1)[codes]
    sums = dist @ M
    counts = M.sum(axis=0)
    idx = np.arange(len(codes))
    a = sums[idx, codes] / (counts[codes] - 1)
    means = sums / counts
    means[idx, codes] = np.inf
    b = means.min(axis=1)
    den = np.maximum(a, b)
    with np.errstate(invalid="ignore", divide="ignore"):
        s = np.where(den > 0, (b - a) / den, 0.0)
    return float(s.mean())


def _scatter(D: np.ndarray, codes: np.ndarray) -> tuple[float, float]:
    """Between (B) and within (W) sums of squares from squared distances (no coordinates)."""
    n = D.shape[0]
    W = 0.0
    for m in range(codes.max() + 1):
        idx = codes == m
        W += D[np.ix_(idx, idx)].sum() / (2 * idx.sum())
    T = D.sum() / (2 * n)
    return T - W, W


def calinski_harabasz(X=None, labels=None, *, sq_dists=None) -> float:
    r"""Calinski–Harabasz index (App. A.4), with :math:`0/0 := 1` and :math:`x/0 := \infty`.

    .. math::
        \mathrm{CH} = \frac{B/(k-1)}{W/(n-k)}, \quad
        B = \sum_m |C_m| \lVert E(C_m) - E \rVert^2, \quad
        W = \sum_m \sum_{i \in C_m} \lVert x_i - E(C_m) \rVert^2,

    computed through :math:`W = \sum_m \frac{1}{2|C_m|}\sum_{i,j \in C_m} D_{ij}` and
    :math:`B + W = \frac{1}{2n}\sum_{i,j} D_{ij}`.

    Parameters
    ----------
    X : array of shape (n, p), or None when ``sq_dists`` is given
    labels : array of shape (n,)
    sq_dists : array of shape (n, n), optional

    Returns
    -------
    float >= 0, possibly inf
    """
    D, _ = _sq_from(X, sq_dists, "calinski_harabasz", scaled=True)
    codes = check_labels(labels, D.shape[0], "calinski_harabasz", singletons=True)
    n, k = D.shape[0], codes.max() + 1
    B, W = _scatter(D, codes)
    if W == 0:
        return 1.0 if B == 0 else np.inf
    return float((B / (k - 1)) / (W / (n - k)))


def calinski_harabasz_shifted(B: float, W: float, n: int, k: int, c: float) -> float:
    r"""CH of :math:`X_{+c}` in closed form (App. A.4).

    .. math::
        \mathrm{CH}(X_{+c}) = \frac{B/(k-1) + c/2}{W/(n-k) + c/2},

    since a shift adds :math:`c(k-1)/2` to B and :math:`c(n-k)/2` to W. The terms are divided
    by the largest of them before they are added (with B, W or c near the float maximum the sums
    overflowed and the ratio was inf/inf = NaN).
    """
    caller = "calinski_harabasz_shifted"
    check_param("n", n, Interval(3, None, integer=True), caller)
    check_param("k", k, Interval(2, n - 1, integer=True), caller)
    for name, v in (("B", B), ("W", W), ("c", c)):
        check_param(name, v, Interval(0, None), caller)
    b, w, h = B / (k - 1), W / (n - k), c / 2
    if w + h == 0:
        raise invalid("W", caller, "positive when c = 0 (CH divides by the within-cluster "
                      "scatter)", W)
    with np.errstate(over="ignore", invalid="ignore"):
        plain = (b + h) / (w + h)
    if np.isfinite(plain):  # ordinary inputs: the printed formula as it stands
        return float(plain)
    top = max(b, w, h)
    return float((b / top + h / top) / (w / top + h / top))


def scatter(X=None, labels=None, *, sq_dists=None) -> tuple[float, float]:
    """Between- and within-cluster sums of squares (B, W) of App. A.4, in squared distance units."""
    D, k = _sq_from(X, sq_dists, "scatter", scaled=True)
    B, W = _scatter(D, check_labels(labels, D.shape[0], "scatter", singletons=True))
    return _unscale(B, k, "between-cluster scatter B", "scatter"), \
        _unscale(W, k, "within-cluster scatter W", "scatter")


def dunn_extremes(X=None, labels=None, *, sq_dists=None) -> tuple[float, float]:
    """(d_b^2, d_w^2): smallest between-cluster and largest within-cluster squared distance."""
    db2, dw2, k = _dunn_scaled(X, labels, sq_dists)
    return _unscale(db2, k, "smallest between-cluster squared distance", "dunn"), \
        _unscale(dw2, k, "largest within-cluster squared distance", "dunn")


def _dunn_scaled(X, labels, sq_dists) -> tuple[float, float, int]:
    D, k = _sq_from(X, sq_dists, "dunn", scaled=True)
    codes = check_labels(labels, D.shape[0], "dunn", singletons=True)
    same = codes[:, None] == codes[None, :]
    off = ~np.eye(D.shape[0], dtype=bool)
    within = D[same & off]
    return float(D[~same].min()), float(within.max()) if within.size else 0.0, k


def dunn(X=None, labels=None, *, sq_dists=None) -> float:
    r"""Dunn index (App. A.5), with :math:`0/0 := 1` and :math:`x/0 := \infty`.

    .. math::
        \mathrm{DI} = \frac{\min_{C(i) \ne C(j)} \lVert x_i - x_j \rVert}
                           {\max_{C(i) = C(j)} \lVert x_i - x_j \rVert}.

    Returns a float >= 0, possibly inf.
    """
    db2, dw2, _ = _dunn_scaled(X, labels, sq_dists)  # the ratio is scale-invariant
    if dw2 == 0:
        return 1.0 if db2 == 0 else np.inf
    return float(np.sqrt(db2) / np.sqrt(dw2))


def dunn_shifted(db2: float, dw2: float, c: float) -> float:
    r"""Dunn index of :math:`X_{+c}`: :math:`\sqrt{d_b^2 + c}/\sqrt{d_w^2 + c}` (App. A.5).

    The terms are divided by the largest of them before they are added (near the float maximum
    the sums overflowed and the ratio was NaN)."""
    caller = "dunn_shifted"
    for name, v in (("db2", db2), ("dw2", dw2), ("c", c)):
        check_param(name, v, Interval(0, None), caller)
    if dw2 + c == 0:
        raise invalid("dw2", caller, "positive when c = 0 (Dunn divides by the within-cluster "
                      "diameter)", dw2)
    with np.errstate(over="ignore", invalid="ignore"):
        plain = np.sqrt(db2 + c) / np.sqrt(dw2 + c)
    if np.isfinite(plain):  # ordinary inputs: the printed formula as it stands
        return float(plain)
    top = max(db2, dw2, c)
    return float(np.sqrt((db2 / top + c / top) / (dw2 / top + c / top)))
