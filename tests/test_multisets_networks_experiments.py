"""Building blocks of the multisets experiments, each against an independent computation."""

import itertools

import numpy as np
import pytest
from scipy.optimize import linprog

from numerics.multisets.experiments import (
    RatioPanel,
    add_outlier,
    add_uniform_noise,
    size_bins,
    wasserstein_between_bins,
)
from theory.multisets import (
    emd,
    emd_add_one,
    hausdorff,
    hausdorff_add_one,
    noise_bound,
    pairwise_distances,
)
from theory.tolerances import LP


def _w1_linprog(C):
    """W1 between uniform weights by HiGHS on the transport LP (rows, then columns sum)."""
    m, n = C.shape
    A = np.vstack([np.kron(np.eye(m), np.ones(n)), np.kron(np.ones(m), np.eye(n))])
    b = np.concatenate([np.full(m, 1 / m), np.full(n, 1 / n)])
    return linprog(C.ravel(), A_eq=A, b_eq=b, bounds=(0, None), method="highs").fun


def test_wasserstein_between_bins_matches_linprog(seed):
    rng = np.random.default_rng(seed)
    sets = [rng.normal(size=(int(rng.integers(2, 6)), 2)) + i // 4 for i in range(11)]
    groups = [np.arange(0, 4), np.arange(4, 8), np.arange(8, 11)]
    D = pairwise_distances(sets, "emd")
    W = wasserstein_between_bins(D, groups)
    assert np.allclose(W, W.T) and np.all(np.diag(W) == 0)
    for a in range(3):
        for b in range(a + 1, 3):
            assert W[a, b] == pytest.approx(_w1_linprog(D[np.ix_(groups[a], groups[b])]),
                                            abs=LP)


def test_size_bins_are_sorted_and_balanced(seed):
    rng = np.random.default_rng(seed)
    sizes = rng.integers(10, 40, 103)
    bins = size_bins(sizes, 5, np.random.default_rng(seed))
    assert sorted(np.concatenate(bins).tolist()) == list(range(103))
    assert {len(b) for b in bins} <= {20, 21}
    for lo, hi in itertools.pairwise(bins):
        assert sizes[lo].max() <= sizes[hi].min()


def test_outlier_changes_emd_and_hausdorff_as_prop_3_6(seed):
    rng = np.random.default_rng(seed)
    sets = [rng.normal(size=(int(rng.integers(3, 30)), 3)) for _ in range(5)]
    w = np.array([3.0, -1.0, 2.0])
    for X, Xp in zip(sets, add_outlier(sets, w)):
        assert len(Xp) == len(X) + 1
        assert emd(X, Xp) == pytest.approx(emd_add_one(X, w), abs=LP)
        assert hausdorff(X, Xp) == pytest.approx(hausdorff_add_one(X, w), abs=1e-12)


def test_uniform_noise_respects_prop_c2(seed):
    rng = np.random.default_rng(seed)
    sets = [rng.normal(size=(int(rng.integers(3, 30)), 3)) for _ in range(5)]
    noisy = add_uniform_noise(sets, 0.2, np.random.default_rng(seed))
    for X, Xn in zip(sets, noisy):
        shift = Xn - X
        assert np.all((shift >= 0) & (shift <= 0.2))
        assert emd(X, Xn) <= noise_bound(0.2, 3) + LP
        assert hausdorff(X, Xn) <= noise_bound(0.2, 3) + 1e-12


def test_ratio_panel_flags_a_violated_bound():
    # The checker of Experiment 1 can fail: a pair above its line is counted.
    dist = np.array([1.0, 2.0, 0.5])
    ok = RatioPanel("network", "mean", "emd", dist, np.array([0.9, 1.9, 0.5]), 1.0)
    bad = RatioPanel("network", "mean", "emd", dist, np.array([0.9, 2.1, 0.5]), 1.0)
    assert ok.violations == 0 and ok.tightness == pytest.approx(1.0)
    assert bad.violations == 1 and bad.tightness == pytest.approx(1.05)
