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


def _kl_cs_mp(m1, S1, m2, S2):
    """KL and D_A of the given (rounded) inputs at 50 digits."""
    with mp.workdps(50):
        A, B = mp.matrix(S1.tolist()), mp.matrix(S2.tolist())
        d = mp.matrix([mp.mpf(a) - mp.mpf(b) for a, b in zip(m1.tolist(), m2.tolist())])
        Bi = B**-1
        kl = 0.5 * (sum((Bi * A)[i, i] for i in range(A.rows)) + (d.T * Bi * d)[0] - A.rows
                    + mp.log(mp.det(B)) - mp.log(mp.det(A)))
        C = A + B
        cs = (d.T * C**-1 * d)[0] + mp.log(mp.det(C / 2) / mp.sqrt(mp.det(A) * mp.det(B)))
        return float(kl), float(cs)


@pytest.mark.parametrize("s", [1e-150, 1e-155, 1e-158, 1e150, 1e153])
def test_kl_and_cs_with_subnormal_or_huge_covariances(s):
    """Covariance entries ~1e-310 (subnormal): KL was inf and D_A 1e-4 off (the solves
    overflowed); both are invariant under x -> x / 2^k, now applied to such inputs."""
    from theory.fairness._gaussian import cs_divergence_gaussian, kl_gaussian

    m1, m2 = np.array([0.3, -0.2]) * s, np.array([0.1, 0.4]) * s
    S1 = np.array([[1.0, 0.3], [0.3, 2.0]]) * s * s
    S2 = np.array([[1.5, -0.2], [-0.2, 0.7]]) * s * s
    kl, cs = _kl_cs_mp(m1, S1, m2, S2)
    assert kl_gaussian(m1, S1, m2, S2) == pytest.approx(kl, rel=1e-12)
    assert cs_divergence_gaussian(m1, S1, m2, S2) == pytest.approx(cs, rel=1e-12)
