"""The small-data experiment (our light CPU version of the paper's accuracy table): original
training set (OG) vs OG + PNL (both decoders) vs OG + kNN-mean vs OG + Gaussian noise, few
samples per class, an MLP, ≥ 10 seeds in full mode. Offline data shipped with scikit-learn.

Fixed before looking: 20 % augmentation (the paper's), k = 8 (digits) / 2 (tabular, as the UCI
notebooks), bandwidth 0.05, ℓ = 1, MLP(128) with adam and 200 iterations, same split and same
classifier seed for every arm (paired design), test = all remaining samples.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from iclr26_verify import experiment
from iclr26_verify.registry.stats import t_interval
from numerics.pnl_augment.augment import augment_class, gauss_noise_augment, knn_mean_augment

ARMS = ("OG", "PNL-code", "PNL-theta_fixed", "kNN-mean", "Gauss-noise")
#: dataset → (loader name, tensor shape, samples per class, k)
DATASETS = {
    "digits": ("load_digits", (4, 2, 4, 2), 10, 8),
    "breast_cancer": ("load_breast_cancer", (2, 3, 5), 20, 2),
    "wine": ("load_wine", (2, 7), 10, 2),
}
AUG_FRACTION = 0.2


def load(name: str):
    """Features in [0, 1] (digits /16; tabular: global min–max as in the UCI notebooks; wine
    padded with one zero column to 14 = 2 × 7 cells) and labels."""
    import sklearn.datasets as ds

    X, y = getattr(ds, DATASETS[name][0])(return_X_y=True)
    X = X.astype(float)
    if name == "digits":
        X = X / 16.0
    else:
        X = (X - X.min(axis=0)) / np.maximum(X.max(axis=0) - X.min(axis=0), 1e-12)
    if name == "wine":
        X = np.hstack([X, np.zeros((X.shape[0], 1))])
    return X, y


def _split(y, n_per_class, rng):
    tr = np.concatenate([rng.choice(np.flatnonzero(y == c), n_per_class, replace=False)
                         for c in np.unique(y)])
    te = np.setdiff1d(np.arange(len(y)), tr)
    return tr, te


def _augment(arm, Xc, shape, n_new, k, seed):
    if arm == "PNL-code":
        return augment_class(Xc, shape, n_new, k=k, decoder="code", seed=seed, return_info=True)
    if arm == "PNL-theta_fixed":
        return augment_class(Xc, shape, n_new, k=k, decoder="theta_fixed", seed=seed), None
    if arm == "kNN-mean":
        return knn_mean_augment(Xc, n_new, k, seed=seed), None
    return gauss_noise_augment(Xc, n_new, seed=seed), None


def one_run(name: str, seed: int, n_per_class: int | None = None):
    """Accuracies (%) of every arm on one split, and the code decoder's mixture weights s."""
    from sklearn.neural_network import MLPClassifier

    _, shape, npc, k = DATASETS[name]
    npc = npc if n_per_class is None else n_per_class
    X, y = load(name)
    rng = np.random.default_rng(seed)
    tr, te = _split(y, npc, rng)
    n_new = max(1, round(AUG_FRACTION * npc))
    acc, s_all = {}, []
    for arm in ARMS:
        Xa, ya = [X[tr]], [y[tr]]
        if arm != "OG":
            for c in np.unique(y):
                new, s = _augment(arm, X[tr][y[tr] == c], shape, n_new, k, seed * 1000 + int(c))
                Xa.append(new)
                ya.append(np.full(len(new), c))
                if s is not None:
                    s_all.extend(s.tolist())
        clf = MLPClassifier(hidden_layer_sizes=(128,), max_iter=200, random_state=seed)
        clf.fit(np.vstack(Xa), np.concatenate(ya))
        acc[arm] = 100.0 * float(clf.score(X[te], y[te]))
    return acc, s_all


@dataclass(frozen=True)
class SmallData:
    datasets: tuple
    seeds: tuple
    acc: dict  # dataset → arm → array over seeds (%)
    s_code: dict  # dataset → array of fitted mixture weights of the code decoder


@experiment
def run_small_data(quick: bool = False) -> SmallData:
    """The whole experiment, once per process (quick: digits only, 1 seed, 5 per class)."""
    import warnings

    from sklearn.exceptions import ConvergenceWarning

    names = ("digits",) if quick else tuple(DATASETS)
    seeds = tuple(range(1 if quick else 10))
    acc, s_code = {}, {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        for name in names:
            rows, ss = [], []
            for seed in seeds:
                a, s = one_run(name, seed, n_per_class=5 if quick else None)
                rows.append(a)
                ss.extend(s)
            acc[name] = {arm: np.array([r[arm] for r in rows]) for arm in ARMS}
            s_code[name] = np.array(ss)
    return SmallData(names, seeds, acc, s_code)


def summary_rows(sd: SmallData):
    """One row per dataset and arm: mean, std over seeds, paired difference to OG with 95 % CI."""
    rows = []
    for name in sd.datasets:
        og = sd.acc[name]["OG"]
        for arm in ARMS:
            a = sd.acc[name][arm]
            iv = t_interval(a - og)
            m, lo, hi = iv.mean, iv.low, iv.high
            rows.append({"dataset": name, "arm": arm, "mean_acc": round(float(a.mean()), 3),
                         "std_acc": round(float(a.std(ddof=1)) if a.size > 1 else 0.0, 3),
                         "diff_vs_OG": round(m, 3), "ci_lo": round(lo, 3), "ci_hi": round(hi, 3),
                         "n_seeds": int(a.size)})
    return rows
