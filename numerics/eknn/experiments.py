"""Experiments of EKNN-lite (our reconstruction), seeded and cached by
:func:`iclr26_verify.run.store.experiment`: circles + moons (with and without a noise view), three views
of digits, and wall time against full kernel k-means as n grows. One BLAS/OpenMP thread each.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from iclr26_verify import experiment


@dataclass
class Scores:
    """Per-method metric arrays over seeds: ``acc[m]``, ``nmi[m]``, ``ari[m]`` (each (S,))."""

    seeds: tuple
    n: int
    acc: dict = field(default_factory=dict)
    nmi: dict = field(default_factory=dict)
    ari: dict = field(default_factory=dict)
    extra: dict = field(default_factory=dict)

    def add(self, m, y, lab):
        from numerics.eknn.metrics import acc, ari, nmi

        for d, f in ((self.acc, acc), (self.nmi, nmi), (self.ari, ari)):
            d.setdefault(m, []).append(f(y, lab))

    def freeze(self):
        for d in (self.acc, self.nmi, self.ari):
            for m in d:
                d[m] = np.asarray(d[m])
        return self


def _limits():
    from threadpoolctl import threadpool_limits

    return threadpool_limits(1)


def _km(X, k, seed, n_init=10):
    from sklearn.cluster import KMeans

    return KMeans(k, n_init=n_init, random_state=seed).fit(X).labels_


def _spectral(X, k, seed):
    from sklearn.cluster import SpectralClustering

    return SpectralClustering(k, affinity="nearest_neighbors", n_neighbors=10,
                              random_state=seed, assign_labels="kmeans").fit(X).labels_


def _cm_sizes(quick):
    return (200, (1,)) if quick else (1000, (1, 2, 3, 4, 5))


@experiment
def circles_moons_experiment(quick: bool = False, noise_view: bool = False) -> Scores:
    """circles + moons (n = 1000, data seeds 1–5; quick: n = 200, seed 1), optionally with
    a pure-noise third view: per-view and concatenated k-means, spectral clustering and full
    kernel k-means of the concatenation, EKNN-lite p ∈ {20, 50, 100} (pipeline), p = 50 joint
    and p = 50 with size-weighted centres. ``extra`` holds the joint runs' F histories and the
    linear-layer purities per view and of their meet for p = 100."""
    from numerics.eknn.data import circles_moons
    from numerics.eknn.model import EKNN, full_kernel_kmeans
    from theory.eknn import meet_partition, purity

    n, seeds = _cm_sizes(quick)
    sc = Scores(seeds, n)
    hist, pur, meet = [], [], []
    with _limits():
        for s in seeds:
            Xs, y = circles_moons(n, s, noise_view=noise_view)
            Z = np.hstack(Xs)
            for v, X in enumerate(Xs):
                sc.add(f"kmeans_view{v + 1}", y, _km(X, 2, s))
            sc.add("kmeans_concat", y, _km(Z, 2, s))
            sc.add("spectral_concat", y, _spectral(Z, 2, s))
            sc.add("full_kkm_concat", y, full_kernel_kmeans(Z, 2, random_state=s))
            for p in (20, 50, 100):
                m = EKNN(2, p=p, random_state=s).fit(Xs)
                sc.add(f"eknn_p{p}", y, m.labels_)
                if p == 100:
                    pur.append([purity(y, W) for W in m.W_])
                    meet.append(purity(y, meet_partition(m.W_)))
            m = EKNN(2, p=50, mode="joint", n_outer=10, random_state=s).fit(Xs)
            sc.add("eknn_p50_joint", y, m.labels_)
            hist.append(np.array([f for _, f in m.history_]))
            sc.add("eknn_p50_size", y, EKNN(2, p=50, center_weights="size",
                                            random_state=s).fit(Xs).labels_)
    sc.extra = {"joint_F": hist, "view_purity_p100": np.array(pur),
                "meet_purity_p100": np.array(meet)}
    return sc.freeze()


@experiment
def digits_experiment(quick: bool = False) -> Scores:
    """Digits, three views (pixels, row/column profiles, PCA-20), k = 10, 5 seeds (quick: a
    300-image subsample, 1 seed, p = 40): k-means per view and on the concatenation, spectral
    clustering of the concatenation, EKNN-lite p = 160 with centres counted and size-weighted."""
    from numerics.eknn.data import digits_views
    from numerics.eknn.model import EKNN

    seeds = (0,) if quick else (0, 1, 2, 3, 4)
    Xs, y = digits_views(300 if quick else None)
    p = 40 if quick else 160
    sc = Scores(seeds, len(y))
    sc.extra = {"p": p, "seconds": []}
    with _limits():
        Z = np.hstack(Xs)
        for s in seeds:
            for v, X in enumerate(Xs):
                sc.add(f"kmeans_view{v + 1}", y, _km(X, 10, s))
            sc.add("kmeans_concat", y, _km(Z, 10, s))
            sc.add("spectral_concat", y, _spectral(Z, 10, s))
            t = time.perf_counter()
            sc.add(f"eknn_p{p}", y, EKNN(10, p=p, random_state=s).fit(Xs).labels_)
            sc.extra["seconds"].append(time.perf_counter() - t)
            sc.add(f"eknn_p{p}_size", y, EKNN(10, p=p, center_weights="size",
                                              random_state=s).fit(Xs).labels_)
    return sc.freeze()


@experiment
def timing_experiment(quick: bool = False) -> dict:
    """Wall time (s, one thread) of EKNN-lite (p = 100, pipeline) against full kernel k-means of
    the concatenated views as n grows, on circles + moons (data seed 1), repeated ``reps`` times
    per size (5 in full mode, 2 in quick mode; timings on a shared CPU are noisy, so a claim
    tests the repeats). ``eknn_s``/``full_s`` are the medians per size, ``eknn_reps``/``full_reps``
    the repeats, shape (sizes, reps)."""
    from numerics.eknn.data import circles_moons
    from numerics.eknn.metrics import acc
    from numerics.eknn.model import EKNN, full_kernel_kmeans

    ns = (200, 400) if quick else (1000, 2000, 4000)
    reps = 2 if quick else 5
    out = {"n": list(ns), "eknn_reps": [], "full_reps": [], "eknn_acc": [], "full_acc": []}
    with _limits():
        for n in ns:
            Xs, y = circles_moons(n, 1)
            te, tf = [], []
            for _ in range(reps):
                t = time.perf_counter()
                lab = EKNN(2, p=100, random_state=1).fit(Xs).labels_
                te.append(time.perf_counter() - t)
                t = time.perf_counter()
                lab_full = full_kernel_kmeans(np.hstack(Xs), 2, random_state=1)
                tf.append(time.perf_counter() - t)
            out["eknn_reps"].append(te)
            out["full_reps"].append(tf)
            out["eknn_acc"].append(acc(y, lab))
            out["full_acc"].append(acc(y, lab_full))
    out["eknn_s"] = np.median(out["eknn_reps"], axis=1)
    out["full_s"] = np.median(out["full_reps"], axis=1)
    return {k: np.asarray(v) for k, v in out.items()}
