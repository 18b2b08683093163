"""Benchmarks of EKNN-lite (our reconstruction) against what a user would pick instead:
scikit-learn's SpectralClustering and KMeans on the concatenated views (time and agreement)."""

from __future__ import annotations

import numpy as np

from benchmarks._timing import Row, benchmark, timeit


def _one_thread():
    from threadpoolctl import threadpool_limits

    return threadpool_limits(1)


@benchmark("eknn", "eknn_vs_spectral_circles_moons")
def eknn_vs_spectral(quick: bool = False):
    with _one_thread():
        return _eknn_vs_spectral(quick)


def _eknn_vs_spectral(quick):
    from sklearn.cluster import SpectralClustering

    from numerics.eknn.data import circles_moons
    from numerics.eknn.metrics import acc, ari
    from numerics.eknn.model import EKNN

    n = 400 if quick else 3000
    Xs, y = circles_moons(n, 1, noise_view=True)
    Z = np.hstack(Xs)
    out = {}
    t_e = timeit(lambda: out.setdefault("e", EKNN(2, p=100, random_state=1).fit(Xs).labels_),
                 repeat=1, warmup=0)
    t_s = timeit(lambda: out.setdefault("s", SpectralClustering(
        2, affinity="nearest_neighbors", n_neighbors=10, random_state=1).fit(Z).labels_),
        repeat=1, warmup=0)
    a_e, a_s, agree = acc(y, out["e"]), acc(y, out["s"]), ari(out["e"], out["s"])
    return [Row("eknn", "multi-view clustering, circles + moons + a noise view", f"n = {n}, 3 views",
                "EKNN-lite p = 100 (ours, scikit-learn k-means inside)", t_e,
                "SpectralClustering (kNN graph, 10 neighbours) on the concatenation", t_s,
                target="EKNN ACC ≥ spectral ACC", met=bool(a_e >= a_s),
                note=f"ACC EKNN {a_e:.3f}, spectral {a_s:.3f}; ARI between them {agree:.3f}",
                extra={"acc_eknn": a_e, "acc_spectral": a_s, "ari_agreement": agree})]


@benchmark("eknn", "eknn_vs_kmeans_digits")
def eknn_vs_kmeans(quick: bool = False):
    with _one_thread():
        return _eknn_vs_kmeans(quick)


def _eknn_vs_kmeans(quick):
    from sklearn.cluster import KMeans

    from numerics.eknn.data import digits_views
    from numerics.eknn.metrics import ari, nmi
    from numerics.eknn.model import EKNN

    Xs, y = digits_views(300 if quick else None)
    p = 40 if quick else 160
    Z = np.hstack(Xs)
    out = {}
    t_e = timeit(lambda: out.setdefault("e", EKNN(10, p=p, random_state=0).fit(Xs).labels_),
                 repeat=1, warmup=0)
    t_k = timeit(lambda: out.setdefault("k", KMeans(10, n_init=10, random_state=0)
                                        .fit(Z).labels_), repeat=1, warmup=0)
    n_e, n_k, agree = nmi(y, out["e"]), nmi(y, out["k"]), ari(out["e"], out["k"])
    return [Row("eknn", "multi-view clustering, digits (pixels, profiles, PCA-20)",
                f"n = {len(y)}, k = 10", f"EKNN-lite p = {p} (ours)", t_e,
                "KMeans (n_init = 10) on the concatenation", t_k,
                target="EKNN NMI ≥ concatenated k-means NMI", met=bool(n_e >= n_k),
                note=f"NMI EKNN {n_e:.3f}, k-means {n_k:.3f}; ARI between them {agree:.3f}",
                extra={"nmi_eknn": n_e, "nmi_kmeans": n_k, "ari_agreement": agree})]
