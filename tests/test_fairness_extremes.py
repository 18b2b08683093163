"""Fairness theory functions at valid extremes (issue 56, item 4): the CS mutual information is
scale-invariant (it was NaN whenever sigma and the predictions left ~1e+-150), and the L2-gap and
Gaussian mean-gap bounds agree with a 50-digit reference where they overflowed, underflowed or
cancelled."""

from __future__ import annotations

import mpmath as mp
import numpy as np
import pytest

from theory.fairness import cs_mutual_information, l2_gap_from_cs, mean_gap_bound_gaussian
from theory.validation import InvalidParameterError

RNG = np.random.default_rng(1)
YH = np.concatenate([RNG.normal(size=30), RNG.normal(size=25) + 0.5])
S = np.r_[np.zeros(30), np.ones(25)].astype(int)


@pytest.mark.parametrize("s", [1e-300, 1e-160, 1e160, 1e300])
def test_cs_mutual_information_scale_invariant(s):
    assert cs_mutual_information(YH * s, S, 0.3 * s) == pytest.approx(
        cs_mutual_information(YH, S, 0.3), rel=1e-12)


def _gap(d_a, a, b):
    with mp.workdps(60):
        a, b = mp.mpf(a), mp.mpf(b)
        return float(mp.sqrt(a * a + b * b - 2 * a * b * mp.exp(-mp.mpf(d_a) / 2)))


@pytest.mark.parametrize("d_a, a, b", [(0.3, 1.2e-300, 0.9e-300), (0.3, 1.2e160, 0.9e160),
                                       (0.3, 1.2e300, 0.9e300), (1e-300, 1.0, 1.0),
                                       (1e-20, 1.0, 1.0 + 2**-40), (0.3, 1.2, 0.9)])
def test_l2_gap_extremes(d_a, a, b):
    """Was 0.0, an OverflowError, and 0.0 (cancellation at D_A = 1e-300) before."""
    assert l2_gap_from_cs(d_a, a, b) == pytest.approx(_gap(d_a, a, b), rel=1e-12)


def test_l2_gap_not_representable():
    with pytest.raises(InvalidParameterError, match="normal float64"):
        l2_gap_from_cs(1e-300, 1e-300, 1e-300)  # gap 1e-450


def test_mean_gap_bound_near_float_max():
    """sqrt((1e308 + 1e308) * 1) was inf."""
    assert mean_gap_bound_gaussian(1e308, 1e308, 1.0) == pytest.approx(
        float(mp.sqrt(mp.mpf('2e308'))), rel=1e-15)
    assert mean_gap_bound_gaussian(1e-300, 1e-300, 1e-300) == pytest.approx(
        float(mp.sqrt(mp.mpf('2e-600'))), rel=1e-15)
