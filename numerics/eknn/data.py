"""Multi-view data for EKNN-lite, all offline: circles + moons views paired by label (optionally
with a pure-noise third view) and three views of scikit-learn's digits."""

from __future__ import annotations

import numpy as np

from theory.validation import Interval, check_param


def standardize(X) -> np.ndarray:
    """Centre a view and scale it to unit mean squared row norm (ours)."""
    X = np.asarray(X, dtype=float)
    X = X - X.mean(axis=0)
    s = np.sqrt((X ** 2).sum(axis=1).mean())
    return X / (s if s > 0 else 1.0)


def circles_moons(n: int = 1000, seed: int = 1, noise_view: bool = False, noise: float = 0.05):
    """Two 2-d views paired by label: view 1 = two concentric circles (factor .4), view 2 = two
    moons; optionally a third view of pure N(0, I₂) noise. Each view is standardised.

    Parameters
    ----------
    n : int ≥ 20 (even), seed : int, noise_view : bool, noise : float ≥ 0

    Returns
    -------
    Xs : list of arrays (n, 2), y : int array (n,)
    """
    from sklearn.datasets import make_circles, make_moons

    check_param("n", n, Interval(20, None, integer=True), "circles_moons")
    check_param("noise", noise, Interval(0, None), "circles_moons")
    Xc, yc = make_circles(n, noise=noise, factor=0.4, random_state=seed)
    Xm, ym = make_moons(n, noise=noise, random_state=seed + 10_000)
    y = np.sort(yc)
    Xc = Xc[np.argsort(yc, kind="stable")]
    Xm = Xm[np.argsort(ym, kind="stable")]
    Xs = [standardize(Xc), standardize(Xm)]
    if noise_view:
        Xs.append(standardize(np.random.default_rng(seed + 20_000).standard_normal((n, 2))))
    return Xs, y.astype(np.int64)


def digits_views(n: int | None = None, seed: int = 0):
    """Three views of scikit-learn's 8×8 digits (1797 images, 10 classes): pixels (64),
    row and column intensity profiles (16), PCA-20 of the pixels. Each view standardised.

    Parameters
    ----------
    n : int, optional, a stratified-by-chance subsample of n images (quick mode)
    seed : int, subsample seed

    Returns
    -------
    Xs : list of 3 arrays, y : int array
    """
    from sklearn.datasets import load_digits
    from sklearn.decomposition import PCA

    d = load_digits()
    X, y = d.data, d.target
    if n is not None:
        check_param("n", n, Interval(50, len(y), integer=True), "digits_views")
        idx = np.sort(np.random.default_rng(seed).choice(len(y), n, replace=False))
        X, y = X[idx], y[idx]
    img = X.reshape(-1, 8, 8)
    prof = np.hstack([img.sum(axis=2), img.sum(axis=1)])
    pca = PCA(20, random_state=0).fit_transform(X)
    return [standardize(X), standardize(prof), standardize(pca)], y.astype(np.int64)
