"""Multiset theory functions at valid extremes (issue 56, item 4): the add-one distances are
positively homogeneous (they were 0.0 below ~1e-160 and inf above ~1e154), and the mean of
vectors near the float maximum is finite (it was inf) while a sum float64 cannot hold is refused."""

from __future__ import annotations

import numpy as np
import pytest

from theory.multisets import aggregate, emd_add_one, hausdorff_add_one, matching_add_one
from theory.validation import InvalidParameterError

RNG = np.random.default_rng(2)
X = RNG.normal(size=(4, 3))
W = RNG.normal(size=3)


@pytest.mark.parametrize("s", [1e-300, 1e-170, 1e170, 1e300])
@pytest.mark.parametrize("f", [emd_add_one, hausdorff_add_one, matching_add_one])
def test_add_one_homogeneous(f, s):
    assert f(X * s, W * s) == pytest.approx(f(X, W) * s, rel=1e-14)


def test_add_one_bit_identical_in_range():
    n = len(X)
    assert emd_add_one(X, W) == float(np.linalg.norm(X - W, axis=1).sum() / (n * (n + 1)))


def test_aggregate_near_float_max():
    X = np.full((3, 2), 1.5e308)
    assert np.array_equal(aggregate(X, "mean"), X[0])
    assert np.array_equal(aggregate(X * 1e-300, "mean") * 1e300 / 1e300,
                          (X * 1e-300).mean(axis=0))
    with pytest.raises(InvalidParameterError, match="sum is finite"):
        aggregate(X, "sum")
    Y = np.array([[1e308, -1e308], [1e308, 1e308]])
    assert np.allclose(aggregate(Y, "mean"), [1e308, 0.0])
