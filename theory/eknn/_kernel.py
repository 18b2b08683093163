"""Kernel k-means on (weighted) centres: the nonlinear layer of EKNN, our reconstruction.

The layer as summarised (the papernotes.org summary, single source) clusters the p
centres V of the linear layer with kernel k-means,

.. math::
    f_N = \\lVert \\Phi(V) - U Z \\rVert^2 = \\operatorname{tr} K - \\operatorname{tr}(\\hat U^\\top K \\hat U),
    \\qquad \\hat U = U (U^\\top U)^{-1/2},

where :math:`U \\in \\{0,1\\}^{p \\times k}` and :math:`D = U^\\top U` counts *centres*. We add
non-negative weights :math:`\\omega` (``w``): the weighted objective
:math:`\\operatorname{tr}(\\Omega K) - \\operatorname{tr}(\\hat U_\\omega^\\top \\Omega K \\Omega
\\hat U_\\omega)`, :math:`\\hat U_\\omega = U (U^\\top \\Omega U)^{-1/2}`; with
:math:`\\omega_a` = number of points of centre a it equals kernel k-means on the compressed
data (our derivation). Objectives are squared feature-space distances (units of
the kernel, dimensionless for the Gaussian kernel).
"""

from __future__ import annotations

import numpy as np
from scipy.spatial.distance import cdist

from theory.validation import (
    MAX_ITER,
    Interval,
    Options,
    check_array,
    check_int,
    check_param,
    check_rng,
    check_symmetric,
    invalid,
)


def _square_symmetric(K, caller: str) -> np.ndarray:
    K = check_array(K, "K", caller)
    if K.shape[0] != K.shape[1]:
        raise invalid("K", caller, "a square array", f"<array of shape {K.shape}>")
    # the objectives below read K through tr(Û^T K Û): an asymmetric K has no kernel meaning
    return check_symmetric(K, "K", caller)


def _seed(random_state, caller: str):
    """``None`` or an integer seed (a Generator is refused: the seeds are re-used per view)."""
    if random_state is None:
        return None
    check_rng(random_state, "random_state", caller)
    if isinstance(random_state, np.random.Generator):
        raise invalid("random_state", caller, "None or an integer seed >= 0",
                      "<numpy.random.Generator>")
    return int(random_state)


def _labels(labels, n: int, k: int, caller: str, name: str = "labels") -> np.ndarray:
    lab = np.asarray(labels)
    if lab.shape != (n,) or lab.dtype.kind not in "iu":
        raise invalid(name, caller, f"an integer array of shape ({n},)",
                      f"<array of shape {lab.shape}, dtype {lab.dtype}>")
    if n and (lab.min() < 0 or lab.max() >= k):
        raise invalid(name, caller, f"labels in [0, {k - 1}]",
                      f"<labels in [{lab.min()}, {lab.max()}]>")
    return lab.astype(np.int64)


def _weights(w, n: int, caller: str) -> np.ndarray:
    if w is None:
        return np.ones(n)
    w = check_array(w, "w", caller, ndim=1)
    if w.shape != (n,) or np.any(w < 0):
        raise invalid("w", caller, f"a non-negative array of shape ({n},)",
                      f"<array of shape {w.shape}, min {w.min() if w.size else 'n/a'}>")
    if n and not w.sum() > 0:
        raise invalid("w", caller, "weights with a positive sum", "<array of zeros>")
    return w


def _sq_dists(V, caller: str) -> np.ndarray:
    D = cdist(V, V, "sqeuclidean")
    if not np.all(np.isfinite(D)):
        raise invalid("V", caller, "centres whose squared distances are finite in float64 "
                      "(differences below ~1e154)", f"<array with max|v| = {np.abs(V).max():.3g}>")
    return D


def _pow2_exponent(A: np.ndarray) -> int:
    """k with max|A| / 2**k in [0.5, 1) when max|A| is outside [1e-100, 1e100], else 0: dividing
    by 2**k is exact, so within that range nothing changes bit for bit."""
    a = float(np.abs(A).max()) if A.size else 0.0
    return 0 if a == 0 or 1e-100 <= a <= 1e100 else int(np.frexp(a)[1])


def _scaled_bandwidth(V: np.ndarray, rule: str, caller: str) -> tuple[float, int]:
    """(sigma^2 of V / 2**k, k); the coincident fallback 1 is returned as (1, 0)."""
    k = _pow2_exponent(V)
    D = _sq_dists(np.ldexp(V, -k), caller)
    if rule == "knn1":
        np.fill_diagonal(D, np.inf)
        s = float(np.median(D.min(axis=1)))
    else:
        s = float(np.median(D[np.triu_indices(len(V), 1)]))
    return (s, k) if s > 0 else (1.0, 0)


def bandwidth(V, rule: str = "knn1") -> float:
    """Gaussian bandwidth :math:`\\sigma^2` of the centres [our reconstruction].

    .. math::
        \\sigma^2_{\\text{knn1}} = \\operatorname{median}_a \\min_{b \\ne a} \\lVert v_a - v_b \\rVert^2,
        \\qquad \\sigma^2_{\\text{median}} = \\operatorname{median}_{a<b} \\lVert v_a - v_b \\rVert^2.

    The paper does not state its bandwidth (in the public summaries); ``knn1`` is the rule we fixed
    on a smoke test (seed 0 only).

    Parameters
    ----------
    V : array, shape (p, d)
        Centres, one per row, p ≥ 2.
    rule : {"knn1", "median"}

    Returns
    -------
    float
        σ² in squared input units; falls back to 1 when all centres coincide.
    """
    caller = "bandwidth"
    V = check_array(V, "V", caller, min_rows=2)
    check_param("rule", rule, Options("knn1", "median"), caller)
    # centres beyond ~1e+-150: squared distances under/overflowed (1e-170 gave the coincident
    # fallback 1.0); computed on V scaled by a power of two, refused where sigma^2 is no float64
    s, k = _scaled_bandwidth(V, rule, caller)
    with np.errstate(over="ignore", under="ignore"):
        out = float(np.ldexp(s, 2 * k))
    if not np.finfo(float).tiny <= out < np.inf:
        raise invalid("V", caller, "centres whose bandwidth sigma^2 (squared input units) is a "
                      "normal float64 (~2.2e-308 to ~1.8e308)", f"<sigma^2 = {s:.6g} * 2**{2 * k}>")
    return out


def gauss_kernel(V, sigma2: float | None = None, rule: str = "knn1") -> np.ndarray:
    """Gaussian kernel on the centres (the papernotes.org summary; bandwidth ours).

    .. math::
        K_{ab} = \\exp\\bigl(-\\lVert v_a - v_b \\rVert^2 / (2\\sigma^2)\\bigr).

    Parameters
    ----------
    V : array, shape (p, d)
    sigma2 : float > 0, optional
        σ²; default :func:`bandwidth` ``(V, rule)``.
    rule : {"knn1", "median"}

    Returns
    -------
    K : array, shape (p, p), symmetric PSD with unit diagonal.
    """
    caller = "gauss_kernel"
    V = check_array(V, "V", caller)
    if sigma2 is None:
        check_param("rule", rule, Options("knn1", "median"), caller)
        D = _sq_dists(V, caller)  # squared distances beyond float64 stay refused, naming V
        if len(V) < 2:
            return np.exp(-D / 2.0)
        # the default-bandwidth kernel is scale-invariant: on V / 2**k (exact) it is the same
        # bits within range, and no longer all ones where the squares underflowed (V ~ 1e-170)
        sigma2_s, k = _scaled_bandwidth(V, rule, caller)
        if k:
            D = _sq_dists(np.ldexp(V, -k), caller)
        return np.exp(-D / (2.0 * sigma2_s))
    D = _sq_dists(V, caller)
    check_param("sigma2", sigma2, Interval(0, None, "neither"), caller)
    check_param("rule", rule, Options("knn1", "median"), caller)
    return np.exp(-D / (2.0 * sigma2))


def normalized_partition(labels, k: int, w=None) -> np.ndarray:
    """The scaled indicator :math:`\\hat U_\\omega = U (U^\\top \\Omega U)^{-1/2}` (the papernotes.org summary).

    .. math::
        (\\hat U_\\omega)_{ac} = [c(a) = c] / \\sqrt{\\textstyle\\sum_{b: c(b)=c} \\omega_b}.

    Parameters
    ----------
    labels : int array, shape (p,), values in [0, k)
    k : int ≥ 1
    w : array, shape (p,), optional
        Non-negative weights; default 1 (then D counts centres, as summarised). Empty clusters
        (or clusters of zero weight) give a zero column.

    Returns
    -------
    array, shape (p, k)

    Examples
    --------
    >>> import numpy as np
    >>> from theory.eknn import normalized_partition
    >>> U = normalized_partition(np.array([0, 0, 1, 1, 1]), 2)
    >>> np.round(U, 4)
    array([[0.7071, 0.    ],
           [0.7071, 0.    ],
           [0.    , 0.5774],
           [0.    , 0.5774],
           [0.    , 0.5774]])
    >>> np.round(U.T @ U, 12)
    array([[1., 0.],
           [0., 1.]])
    """
    caller = "normalized_partition"
    p = len(np.asarray(labels))
    # the result is p × k: refuse a k whose array would not fit (k = 2**62 is not a partition)
    check_param("k", k, Interval(1, max(1, MAX_ITER // max(p, 1)), integer=True), caller)
    lab = _labels(labels, p, k, caller)
    w = _weights(w, len(lab), caller)
    mass = np.bincount(lab, weights=w, minlength=k)
    U = np.zeros((len(lab), k))
    U[np.arange(len(lab)), lab] = 1.0
    scale = np.where(mass > 0, 1.0 / np.sqrt(np.where(mass > 0, mass, 1.0)), 0.0)
    return U * scale


def kkm_objective(K, labels, k: int, w=None) -> float:
    """Weighted kernel k-means objective (the papernotes.org summary; weights ours, E2).

    .. math::
        f_N(U; \\omega) = \\operatorname{tr}(\\Omega K)
          - \\operatorname{tr}(\\hat U_\\omega^\\top \\Omega K \\Omega \\hat U_\\omega)
        = \\sum_c \\Bigl[\\sum_{a \\in c} \\omega_a K_{aa}
          - \\frac{\\sum_{a,b \\in c} \\omega_a \\omega_b K_{ab}}{\\sum_{a \\in c} \\omega_a}\\Bigr].

    Computed by the cluster sums on the right (the trace form is the independent reference in
    the claims). Without ``w`` this is the unweighted f_N of the summary.

    Parameters
    ----------
    K : array, shape (p, p), symmetric
    labels : int array, shape (p,), values in [0, k)
    k : int ≥ 1
    w : array, shape (p,), optional, non-negative

    Returns
    -------
    float
        Σ ω_a ‖φ(v_a) − m_{c(a)}‖² with ω-weighted means m_c (kernel units).

    Examples
    --------
    >>> import numpy as np
    >>> from theory.eknn import kkm_objective, normalized_partition
    >>> V = np.random.default_rng(0).standard_normal((12, 3))
    >>> K = (1 + V @ V.T) ** 2
    >>> labels = np.arange(12) % 3
    >>> U = normalized_partition(labels, 3)
    >>> round(float(kkm_objective(K, labels, 3)), 6)
    76.285485
    >>> round(float(np.trace(K) - np.trace(U.T @ K @ U)), 6)
    76.285485
    """
    caller = "kkm_objective"
    K = _square_symmetric(K, caller)
    check_param("k", k, Interval(1, MAX_ITER, integer=True), caller)
    lab = _labels(labels, K.shape[0], k, caller)
    w = _weights(w, K.shape[0], caller)
    total = 0.0
    for c in np.unique(lab):  # empty clusters add nothing (and k may exceed p)
        idx = np.flatnonzero(lab == c)
        wc = w[idx]
        m = wc.sum()
        total += float(wc @ np.diag(K)[idx])
        if m > 0:
            total -= float(wc @ K[np.ix_(idx, idx)] @ wc) / m
    return total


def spectral_lower_bound(K, k: int) -> float:
    """Ky Fan lower bound of the (unweighted) kernel k-means objective (our derivation).

    .. math::
        \\min_U f_N(U) \\ge \\operatorname{tr} K - \\sum_{i \\le k} \\lambda_i(K),

    since :math:`\\hat U` has orthonormal columns and :math:`\\max_{Q^\\top Q = I_k}
    \\operatorname{tr}(Q^\\top K Q)` is the sum of the k largest eigenvalues (Ky Fan).

    Parameters
    ----------
    K : array, shape (p, p), symmetric
    k : int in [1, p]

    Returns
    -------
    float
    """
    caller = "spectral_lower_bound"
    K = _square_symmetric(K, caller)
    check_param("k", k, Interval(1, K.shape[0], integer=True), caller)
    lam = np.linalg.eigvalsh((K + K.T) / 2)
    return float(np.trace(K) - lam[::-1][:k].sum())


def compressed_objective(K, center_of, labels, k: int) -> float:
    """Kernel k-means over the n compressed points (each point replaced by its centre).

    .. math::
        K_n = W K W^\\top,\\quad H = W U,\\qquad
        \\operatorname{tr} K_n - \\operatorname{tr}(\\hat H^\\top K_n \\hat H).

    Built explicitly at size n × n: the reference for :func:`kkm_objective` with size weights
    (our derivation).

    Parameters
    ----------
    K : array, shape (p, p)
    center_of : int array, shape (n,), the linear cluster of each point, values in [0, p)
    labels : int array, shape (p,), nonlinear cluster of each centre, values in [0, k)
    k : int ≥ 1

    Returns
    -------
    float
    """
    caller = "compressed_objective"
    K = _square_symmetric(K, caller)
    p = K.shape[0]
    check_param("k", k, Interval(1, max(1, MAX_ITER // max(len(np.asarray(center_of)), 1)),
                                 integer=True), caller)
    co = _labels(center_of, len(np.asarray(center_of)), p, caller, "center_of")
    lab = _labels(labels, p, k, caller)
    Kn = K[np.ix_(co, co)]
    Hh = normalized_partition(lab[co], k)
    return float(np.trace(Kn) - np.trace(Hh.T @ Kn @ Hh))


def kernel_kmeans(K, k: int, w=None, *, init="njw", n_iter: int = 100,
                  random_state: int | None = 0):
    """Weighted kernel k-means by Lloyd steps from a spectral (NJW) start [our reconstruction].

    Each step assigns centre a to :math:`\\arg\\min_c \\lVert \\phi(v_a) - m_c \\rVert^2 =
    K_{aa} - 2\\,\\omega_c^\\top K_{c a}/\\Omega_c + \\omega_c^\\top K_{cc} \\omega_c/\\Omega_c^2`,
    which cannot increase :func:`kkm_objective` (the means are the weighted minimisers).

    Parameters
    ----------
    K : array, shape (p, p)
    k : int in [1, p]
    w : array, shape (p,), optional
    init : "njw" or int array of shape (p,)
        NJW: rows of the top-k eigenvectors of :math:`D^{-1/2} K D^{-1/2}`, normalised, then
        Lloyd k-means on them (10 deterministic-seeded starts).
    n_iter : int in [1, MAX_ITER]
    random_state : int, optional

    Returns
    -------
    labels : int array, shape (p,)
    history : list of float, the objective after the start and after each step.
    """
    caller = "kernel_kmeans"
    K = _square_symmetric(K, caller)
    p = K.shape[0]
    check_param("k", k, Interval(1, p, integer=True), caller)
    check_param("n_iter", n_iter, Interval(1, MAX_ITER, integer=True), caller)
    random_state = _seed(random_state, caller)
    w = _weights(w, p, caller)
    if isinstance(init, str):
        check_param("init", init, Options("njw"), caller)
        lab = _njw_labels(K, k, random_state)
    else:
        lab = _labels(init, p, k, caller, "init").copy()
    hist = [kkm_objective(K, lab, k, w)]
    dK = np.diag(K)
    for _ in range(n_iter):
        dist = np.full((p, k), np.inf)
        for c in range(k):
            idx = np.flatnonzero(lab == c)
            m = w[idx].sum()
            if idx.size == 0 or m <= 0:
                continue
            wc = w[idx]
            dist[:, c] = dK - 2 * K[:, idx] @ wc / m + wc @ K[np.ix_(idx, idx)] @ wc / m ** 2
        cur = dist[np.arange(p), lab]
        new = dist.argmin(axis=1)
        # move only on a strict improvement, so ties cannot cycle
        new = np.where(dist[np.arange(p), new] < cur - 1e-12 * (1 + np.abs(cur)), new, lab)
        if np.array_equal(new, lab):
            break
        lab = new
        hist.append(kkm_objective(K, lab, k, w))
    return lab, hist


def lloyd(Z, k: int, *, n_init: int = 3, n_iter: int = 100, random_state: int | None = 0,
          w=None):
    """Weighted Euclidean k-means (k-means++ starts, Lloyd steps), the best of ``n_init``.

    .. math::
        \\min_{c, M} \\sum_i \\omega_i \\lVert z_i - M_{c(i)} \\rVert^2 .

    Parameters
    ----------
    Z : array, shape (n, d)
    k : int in [1, n]
    n_init, n_iter : int in [1, MAX_ITER]
    random_state : int, optional
    w : array, shape (n,), optional

    Returns
    -------
    labels : int array (n,), centres : array (k, d), cost : float
    """
    caller = "lloyd"
    Z = check_array(Z, "Z", caller)
    n = len(Z)
    check_param("k", k, Interval(1, n, integer=True), caller)
    n_init = check_int(n_init, "n_init", caller, 1, MAX_ITER)
    check_int(n_iter, "n_iter", caller, 1, MAX_ITER)
    w = _weights(w, n, caller)
    rng = np.random.default_rng(_seed(random_state, caller))
    best = None
    for _ in range(n_init):
        C = Z[[rng.choice(n, p=w / w.sum())]]
        for _ in range(1, k):
            d = cdist(Z, C, "sqeuclidean").min(axis=1) * w
            C = np.vstack([C, Z[rng.choice(n, p=d / d.sum())] if d.sum() > 0
                           else Z[rng.integers(n)]])
        lab = None
        for _ in range(n_iter):
            new = cdist(Z, C, "sqeuclidean").argmin(axis=1)
            if lab is not None and np.array_equal(new, lab):
                break
            lab = new
            for c in range(k):
                m = lab == c
                if w[m].sum() > 0:
                    C[c] = w[m] @ Z[m] / w[m].sum()
        cost = float(w @ ((Z - C[lab]) ** 2).sum(axis=1))
        if best is None or cost < best[2]:
            best = (lab.astype(np.int64), C.copy(), cost)
    return best


def _njw_labels(K, k, random_state):
    d = K.sum(axis=1)
    d = np.where(d > 0, d, 1.0)
    A = K / np.sqrt(np.outer(d, d))
    _, vec = np.linalg.eigh((A + A.T) / 2)
    Y = vec[:, ::-1][:, :k]
    Y = Y / np.maximum(np.linalg.norm(Y, axis=1, keepdims=True), 1e-300)
    return lloyd(Y, k, n_init=10, random_state=random_state)[0]
