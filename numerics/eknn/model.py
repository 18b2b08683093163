"""The EKNN-lite estimator (scikit-learn k-means inside the layers) and full kernel k-means.

**Our reconstruction** (the papernotes.org summary): the layer objectives and the two solvers are in
:mod:`theory.eknn` (numpy); here scikit-learn's ``KMeans`` serves layers 1 and 3.
"""

from __future__ import annotations

import numpy as np

from theory.eknn import eknn_pipeline, joint_bcd, kernel_kmeans, layer_terms
from theory.validation import Interval, Options, check_param


class EKNN:
    """EKNN-lite for multi-view clustering [our reconstruction].

    Parameters
    ----------
    n_clusters : int ≥ 2
    p : int ≥ n_clusters, centres of the linear layer per view
    alpha, beta, gamma : float ≥ 0, weights of F (the papernotes.org summary)
    center_weights : {"none", "size"}: the summarised f_N counts centres; "size" weights them by
        their points (then f_N is kernel k-means of the compressed data, claim
        ``eknn.compress.weighted``). Joint mode needs "none".
    sigma_rule : {"knn1", "median"}, Gaussian bandwidth of the centres (ours)
    mode : {"pipeline", "joint"}: layer by layer, or then block-coordinate descent of F
    n_outer : int ≥ 1, sweeps of the joint mode
    n_init : int ≥ 1, k-means restarts in layers 1 and 3
    random_state : int, optional

    Attributes
    ----------
    labels_ : (n,) consensus labels; ``history_``: list of (block, F); ``W_``, ``U_``, ``V_``,
    ``K_``, ``H_``, ``G_``: the blocks per view; ``terms_``: f_L, f_N, f_M per view and F.
    """

    def __init__(self, n_clusters, p=50, alpha=1.0, beta=1.0, gamma=1.0, center_weights="none",
                 sigma_rule="knn1", mode="pipeline", n_outer=10, n_init=3, random_state=None):
        self.n_clusters, self.p = n_clusters, p
        self.alpha, self.beta, self.gamma = alpha, beta, gamma
        self.center_weights, self.sigma_rule, self.mode = center_weights, sigma_rule, mode
        self.n_outer, self.n_init, self.random_state = n_outer, n_init, random_state

    def fit(self, Xs):
        from sklearn.cluster import KMeans

        c = "EKNN"
        check_param("mode", self.mode, Options("pipeline", "joint"), c)
        check_param("n_outer", self.n_outer, Interval(1, None, integer=True), c)
        check_param("n_init", self.n_init, Interval(1, None, integer=True), c)
        if self.mode == "joint" and self.center_weights != "none":
            from theory.validation import invalid

            raise invalid("center_weights", c, "'none' in joint mode", self.center_weights)
        seed = 0 if self.random_state is None else int(self.random_state)
        n_init = self.n_init

        def km(Z, k, s):
            m = KMeans(k, n_init=n_init, random_state=s).fit(Z)
            return m.labels_, m.cluster_centers_

        st = eknn_pipeline(list(Xs), self.n_clusters, self.p, center_weights=self.center_weights,
                           rule=self.sigma_rule, alpha=self.alpha, beta=self.beta,
                           gamma=self.gamma, kmeans=km, random_state=seed)
        if self.mode == "joint":
            st = joint_bcd(st, n_sweeps=self.n_outer)
        from theory.eknn import gauss_kernel

        self.state_ = st
        self.labels_ = st.H
        self.history_ = st.history
        self.W_, self.U_, self.V_, self.H_, self.G_ = st.W, st.U, st.V, st.H, st.G
        self.K_ = [gauss_kernel(V, s) for V, s in zip(st.V, st.sigma2)]
        self.terms_ = layer_terms(st)
        return self

    def fit_predict(self, Xs):
        return self.fit(Xs).labels_


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

    X = np.asarray(X, dtype=float)
    D = cdist(X, X, "sqeuclidean")
    s2 = float(np.median(np.partition(D, nn, axis=1)[:, nn]))
    K = np.exp(-D / (2 * s2))
    del D
    d = K.sum(axis=1)
    A = K / np.sqrt(np.outer(d, d))
    _, vec = eigsh(A, k=k, which="LA", v0=np.random.default_rng(random_state).random(len(X)))
    Y = vec / np.maximum(np.linalg.norm(vec, axis=1, keepdims=True), 1e-300)
    init = KMeans(k, n_init=10, random_state=random_state).fit(Y).labels_.astype(np.int64)
    return kernel_kmeans(K, k, init=init, n_iter=n_iter)[0]
