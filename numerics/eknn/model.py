"""The EKNN-lite estimator (scikit-learn k-means inside the layers) and full kernel k-means.

**Our reconstruction** (the papernotes.org summary): the layer objectives and the two solvers are in
:mod:`theory.eknn` (numpy); here scikit-learn's ``KMeans`` serves layers 1 and 3.
"""

from __future__ import annotations

import numpy as np
from sklearn.base import BaseEstimator, ClusterMixin

from theory.eknn import eknn_pipeline, joint_bcd, kernel_kmeans, layer_terms
from theory.validation import (
    MAX_ITER,
    Interval,
    Options,
    check_array,
    check_int,
    check_param,
    invalid,
)


def _seed_of(random_state, caller: str) -> int:
    """An integer seed from scikit-learn's ``random_state`` forms (None, int, RandomState,
    Generator); None is seed 0 so that an unseeded fit is still reproducible."""
    if random_state is None:
        return 0
    if isinstance(random_state, np.random.RandomState):
        return int(random_state.randint(2**31 - 8000))
    if isinstance(random_state, np.random.Generator):
        return int(random_state.integers(2**31 - 8000))
    if isinstance(random_state, bool) or not isinstance(random_state, int | np.integer):
        raise invalid("random_state", caller, "None, an int seed in [0, 2**31 - 8000], a "
                      "numpy RandomState or Generator", f"<{type(random_state).__name__}>")
    return check_int(random_state, "random_state", caller, 0, 2**31 - 8000)


def _views(X, caller: str) -> list[np.ndarray]:
    """One 2-D array-like (a single view) or a non-empty list/tuple of 2-D arrays with the same
    rows (the views); a list of rows is one view, as in scikit-learn."""
    if hasattr(X, "toarray") or hasattr(X, "tocsr"):
        raise invalid("X", caller, "a dense array (sparse input is not supported)",
                      f"<sparse {type(X).__name__}>")
    if isinstance(X, list | tuple):
        if len(X) == 0:
            raise invalid("X", caller, "a 2-D array or a non-empty list of 2-D arrays (views)",
                          f"<empty {type(X).__name__}>")
        is_views = all(hasattr(V, "ndim") and V.ndim == 2 or
                       (isinstance(V, list | tuple) and len(V) > 0
                        and isinstance(V[0], list | tuple | np.ndarray)) for V in X)
        views = [check_array(V, "X", caller) for V in X] if is_views else [
            check_array(X, "X", caller)]
    else:
        views = [check_array(X, "X", caller)]
    n = views[0].shape[0]
    if any(V.shape[0] != n for V in views):
        raise invalid("X", caller, "views with the same number of rows (the same points)",
                      f"<views with {[V.shape[0] for V in views]} rows>")
    return views


class EKNN(ClusterMixin, BaseEstimator):
    """EKNN-lite for multi-view clustering [our reconstruction].

    A scikit-learn clusterer: ``fit(X)`` takes one 2-D array (one view) or a list of 2-D arrays
    with the same rows (the views); parameters are checked at ``fit``, not at construction.

    Parameters
    ----------
    n_clusters : int in [1, n_samples] (1: one cluster, the trivial partition)
    p : int in [n_clusters, n_samples], centres of the linear layer per view
    alpha, beta, gamma : float ≥ 0, weights of F (the papernotes.org summary)
    center_weights : {"none", "size"}: the summarised f_N counts centres; "size" weights them by
        their points (then f_N is kernel k-means of the compressed data, claim
        ``eknn.compress.weighted``). Joint mode needs "none".
    sigma_rule : {"knn1", "median"}, Gaussian bandwidth of the centres (ours)
    mode : {"pipeline", "joint"}: layer by layer, or then block-coordinate descent of F
    n_outer : int in [1, MAX_ITER], sweeps of the joint mode
    n_init : int in [1, MAX_ITER], k-means restarts in layers 1 and 3
    random_state : None, int, RandomState or Generator; None is seed 0 (reproducible)

    Attributes
    ----------
    labels_ : (n,) consensus labels; ``history_``: list of (block, F); ``W_``, ``U_``, ``V_``,
    ``K_``, ``H_``, ``G_``: the blocks per view; ``terms_``: f_L, f_N, f_M per view and F;
    ``state_``: the :class:`theory.eknn.EKNNState`; ``n_features_in_``: features of a single
    view (the sum over views for a list); ``n_features_per_view_``.
    """

    def __init__(self, n_clusters=8, p=50, alpha=1.0, beta=1.0, gamma=1.0, center_weights="none",
                 sigma_rule="knn1", mode="pipeline", n_outer=10, n_init=3, random_state=None):
        self.n_clusters, self.p = n_clusters, p
        self.alpha, self.beta, self.gamma = alpha, beta, gamma
        self.center_weights, self.sigma_rule, self.mode = center_weights, sigma_rule, mode
        self.n_outer, self.n_init, self.random_state = n_outer, n_init, random_state

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.non_deterministic = False
        tags.input_tags.two_d_array = True
        return tags

    def fit(self, X, y=None):
        """Fit on one view ``X`` (n, d) or a list of views; ``y`` is ignored."""
        from sklearn.cluster import KMeans

        c = "EKNN"
        Xs = _views(X, c)
        n = Xs[0].shape[0]
        if n < 2:
            raise invalid("X", c, "an array with at least 2 rows (got 1 sample)",
                          f"<array of shape {Xs[0].shape}>")
        check_param("n_clusters", self.n_clusters, Interval(1, n, integer=True), c)
        check_param("p", self.p, Interval(self.n_clusters, n, integer=True), c)
        for name in ("alpha", "beta", "gamma"):
            check_param(name, getattr(self, name), Interval(0, None), c)
        check_param("center_weights", self.center_weights, Options("none", "size"), c)
        check_param("sigma_rule", self.sigma_rule, Options("knn1", "median"), c)
        check_param("mode", self.mode, Options("pipeline", "joint"), c)
        check_param("n_outer", self.n_outer, Interval(1, MAX_ITER, integer=True), c)
        check_param("n_init", self.n_init, Interval(1, MAX_ITER, integer=True), c)
        if self.mode == "joint" and self.center_weights != "none":
            raise invalid("center_weights", c, "'none' in joint mode", self.center_weights)
        seed = _seed_of(self.random_state, c)
        n_init = int(self.n_init)

        def km(Z, k, s):
            m = KMeans(k, n_init=n_init, random_state=s).fit(Z)
            return m.labels_, m.cluster_centers_

        st = eknn_pipeline(Xs, int(self.n_clusters), int(self.p),
                           center_weights=self.center_weights, rule=self.sigma_rule,
                           alpha=self.alpha, beta=self.beta, gamma=self.gamma, kmeans=km,
                           random_state=seed)
        if self.mode == "joint":
            st = joint_bcd(st, n_sweeps=int(self.n_outer))
        from theory.eknn import gauss_kernel

        self.state_ = st
        self.labels_ = st.H
        self.history_ = st.history
        self.W_, self.U_, self.V_, self.H_, self.G_ = st.W, st.U, st.V, st.H, st.G
        self.K_ = [gauss_kernel(V, s) for V, s in zip(st.V, st.sigma2)]
        self.terms_ = layer_terms(st)
        self.n_features_per_view_ = [V.shape[1] for V in Xs]
        self.n_features_in_ = int(sum(self.n_features_per_view_))
        return self

    def fit_predict(self, X, y=None):
        return self.fit(X).labels_


def full_kernel_kmeans(X, k: int, *, nn: int = 10, random_state: int = 0, n_iter: int = 100):
    """Kernel k-means of all n points (the O(n²) baseline): Gaussian kernel with σ² = median
    squared distance to the ``nn``-th nearest neighbour (our choice), NJW start from the top-k
    eigenvectors (scipy ``eigsh``), Lloyd steps.

    Returns
    -------
    labels : int array (n,)
    """
    from scipy.sparse.linalg import eigsh
    from scipy.spatial.distance import cdist
    from sklearn.cluster import KMeans

    c = "full_kernel_kmeans"
    X = check_array(X, "X", c, min_rows=2)
    check_param("k", k, Interval(1, len(X) - 1, integer=True), c)
    check_param("nn", nn, Interval(1, len(X) - 1, integer=True), c)
    check_param("n_iter", n_iter, Interval(1, MAX_ITER, integer=True), c)
    random_state = _seed_of(random_state, c)
    D = cdist(X, X, "sqeuclidean")
    s2 = float(np.median(np.partition(D, nn, axis=1)[:, nn]))
    if not s2 > 0:
        raise invalid("X", c, f"points whose median distance to the {nn}-th neighbour is > 0 "
                      "(the bandwidth)", "<array with that many duplicated points>")
    K = np.exp(-D / (2 * s2))
    del D
    d = K.sum(axis=1)
    A = K / np.sqrt(np.outer(d, d))
    _, vec = eigsh(A, k=k, which="LA", v0=np.random.default_rng(random_state).random(len(X)))
    Y = vec / np.maximum(np.linalg.norm(vec, axis=1, keepdims=True), 1e-300)
    init = KMeans(k, n_init=10, random_state=random_state).fit(Y).labels_.astype(np.int64)
    return kernel_kmeans(K, k, init=init, n_iter=n_iter)[0]
