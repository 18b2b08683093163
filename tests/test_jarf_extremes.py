"""JARF theory functions at valid extremes (issue 56, item 4): the single-index EGOP at |w| beyond
~1e154 (refused before, naming an internal 's = inf'), and EJOP / EGOP matrices that float64
cannot hold refused by name (they were inf/NaN or all zeros)."""

from __future__ import annotations

import numpy as np
import pytest

from theory.jarf._egop import egop_single_index, ejop_from_jacobians
from theory.validation import InvalidParameterError

W = np.array([1.0, -2.0, 0.5])
J = np.random.default_rng(3).normal(size=(6, 2, 3))


@pytest.mark.parametrize("s", [1e170, 1e300])
def test_egop_large_w_homogeneous(s):
    """For large |w| the coefficient is ~ const/|w|, so H(s w) = s H(w') with the same constant:
    compare with 1e120 (computed the direct way) scaled."""
    ref = egop_single_index(W * 1e120) / 1e120
    assert np.allclose(egop_single_index(W * s) / s, ref, rtol=1e-12)


@pytest.mark.parametrize("s", [1e-300, 1e-170, 1e170, 1e300])
def test_ejop_not_representable(s):
    with pytest.raises(InvalidParameterError, match="'J'"):
        ejop_from_jacobians(J * s)
    with pytest.raises(InvalidParameterError, match="'J'"):
        ejop_from_jacobians(J * s, np.zeros(6, dtype=int), mode="true_class")


def test_ejop_in_range_unchanged():
    assert np.array_equal(ejop_from_jacobians(J), np.einsum("idc,iec->de", J, J) / 6)
    assert np.array_equal(ejop_from_jacobians(np.zeros((3, 2, 1))), np.zeros((2, 2)))


@pytest.mark.parametrize("s", [1e-170, 1e-300])
def test_egop_tiny_w_refused(s):
    with pytest.raises(InvalidParameterError, match="'w'"):
        egop_single_index(W * s)
