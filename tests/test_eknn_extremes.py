"""E-KNN theory functions at valid extremes (issue 56, item 4): the default-bandwidth Gaussian
kernel is scale-invariant (it was all ones below ~1e-160; above ~1e154 it stays refused), the bandwidth and
the k-means cost scale by the square of the data (they were the coincident fallback 1.0 / 0.0 and
inf) or are refused where float64 cannot hold them."""

from __future__ import annotations

import numpy as np
import pytest

from theory.eknn._consensus import kmeans_cost
from theory.eknn._kernel import bandwidth, gauss_kernel
from theory.validation import InvalidParameterError

RNG = np.random.default_rng(3)
V = RNG.normal(size=(10, 3))
LAB = np.repeat([0, 1], 5)


@pytest.mark.parametrize("s", [1e-300, 1e-170, 1e120])
@pytest.mark.parametrize("rule", ["knn1", "median"])
def test_default_kernel_scale_invariant(s, rule):
    assert np.allclose(gauss_kernel(V * s, rule=rule), gauss_kernel(V, rule=rule),
                       rtol=1e-12, atol=1e-300)


def test_kernel_overflow_still_refused_naming_v():
    with pytest.raises(InvalidParameterError, match="'V'"):
        gauss_kernel(V * 1e170)


@pytest.mark.parametrize("e", [-400, -200, 200, 400])
def test_bandwidth_and_cost_scale_exactly(e):
    s = 2.0**e
    assert bandwidth(V * s) == bandwidth(V) * s * s
    assert kmeans_cost(V * s, LAB) == kmeans_cost(V, LAB) * s * s


@pytest.mark.parametrize("s", [1e-170, 1e-300, 1e170, 1e300])
def test_not_representable_refused(s):
    with pytest.raises(InvalidParameterError, match="normal float64"):
        kmeans_cost(V * s, LAB)
    if s < 1:
        with pytest.raises(InvalidParameterError, match="normal float64"):
            bandwidth(V * s)
    else:
        with pytest.raises(InvalidParameterError):
            bandwidth(V * s)


def test_coincident_fallback_kept():
    assert bandwidth(np.zeros((4, 2))) == 1.0
    assert np.array_equal(gauss_kernel(np.zeros((4, 2))), np.ones((4, 4)))
