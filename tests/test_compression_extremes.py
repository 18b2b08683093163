"""Compression theory functions at valid extremes (issue 56, item 4): tiny probabilities against a
high-precision mpmath reference, standard deviations near 1e+-300, and distortions that float64
cannot hold refused by name rather than returned as 0 or raised as a raw OverflowError."""

from __future__ import annotations

import math

import mpmath as mp
import pytest

from theory.compression import (
    bernoulli_classical_dr,
    binary_entropy,
    gaussian_cb,
    gaussian_classical_dr,
    gaussian_drc,
    gaussian_drpc,
    gaussian_entropy,
)
from theory.validation import InvalidParameterError


def _hb(x):
    x = mp.mpf(x)
    return -(x * mp.log(x, 2) + (1 - x) * mp.log1p(-x) / mp.log(2))


@pytest.mark.parametrize("p", [1e-300, 1e-20, 1e-9, 1e-3, 0.3])
def test_binary_entropy_small_p(p):
    """H_b(1e-20) was 2% low: 1 - p rounded the (1-p) log2(1-p) term away."""
    with mp.workdps(50):
        assert float(binary_entropy(p)) == pytest.approx(float(_hb(p)), rel=1e-13)


@pytest.mark.parametrize("p", [1e-300, 1e-20, 1e-10])
def test_classical_dr_small_root(p):
    """D(R) = H_b^-1(H_b(p) - R) was 0.0 for p = 1e-20 (absolute xtol 1e-14 on a 5e-21 root)."""
    with mp.workdps(50):
        R = 0.5 * float(binary_entropy(p))
        d = bernoulli_classical_dr(R, p)
        target = _hb(p) - R
        assert 0 < d < p
        assert float((_hb(d) - target) / target) == pytest.approx(0.0, abs=1e-12)


@pytest.mark.parametrize("s", [1e-300, 1e-170, 1e-160, 1e160, 1e300])
def test_gaussian_entropy_extreme_sigma(s):
    """ValueError below ~1e-162, OverflowError above ~1e154, lost digits between."""
    with mp.workdps(50):
        ref = 0.5 * mp.log(2 * mp.pi * mp.e * mp.mpf(s) ** 2, 2)
        assert gaussian_entropy(s) == pytest.approx(float(ref), rel=1e-14)


@pytest.mark.parametrize("s", [1e-300, 1e-170, 1e160, 1e300])
def test_gaussian_cb_scale_invariant(s):
    """C_b depends on sigma_x and theta1 only through theta1 / (sigma_s sigma_x): it was a
    ZeroDivisionError at 1e-170 and an OverflowError at 1e160."""
    ref = gaussian_cb(1.0, sigma_x=1.0, sigma_s=1.0, theta1=0.5)
    assert gaussian_cb(1.0, sigma_x=s, sigma_s=1.0, theta1=0.5 * s) == pytest.approx(ref,
                                                                                   rel=1e-14)


def test_gaussian_drc_scales_or_refuses():
    kw = {"mu_x": 0.0, "mu_y": 0.0, "sigma_s": 1.0}
    C = gaussian_entropy(1.0) - 0.01
    ref = gaussian_drc(1.0, C, sigma_x=1.0, sigma_y=1.0, theta1=0.5, **kw)
    s = 1e-100
    assert gaussian_drc(1.0, C, sigma_x=s, sigma_y=s, theta1=0.5 * s, **kw) == \
        pytest.approx(ref * s * s, rel=1e-14)
    for s in (1e-170, 1e-160, 1e160, 1e300):  # was 0.0, a subnormal, OverflowError
        with pytest.raises(InvalidParameterError, match="normal float64"):
            gaussian_drc(1.0, C, sigma_x=s, sigma_y=s, theta1=0.5 * s, **kw)
    with pytest.raises(InvalidParameterError, match="normal float64"):
        gaussian_drpc(1.0, 0.1, C, sigma_x=1e200, sigma_s=1.0, theta1=0.5e200)


def test_gaussian_classical_dr_extremes():
    assert gaussian_classical_dr(600.0, 2.0**700) == pytest.approx(2.0**200, rel=1e-14)
    for R, sx in ((1.0, 1e200), (600.0, 1.0), (0.0, 1e-200)):
        with pytest.raises(InvalidParameterError, match="normal float64"):
            gaussian_classical_dr(R, sx)
    assert math.isfinite(gaussian_classical_dr(0.0, 1e150))
