"""CUPID theory functions at valid extremes (issue 56, item 4): the null-direction LP at row scales
1e±300 (it answered for a zero head or missed a direction), the aleatoric loss at residuals whose
squares over- or underflow (NaN, or a dropped term ~1e34), means of values ~1e308 (inf), and
values beyond float64 refused by name (they were inf or NaN). References: mpmath at 50 digits,
exact power-of-two scaling, closed forms."""

from __future__ import annotations

import mpmath
import numpy as np
import pytest
import torch

import theory.cupid as C
from numerics.cupid.experiments import digits_split, train_cupid, train_host
from numerics.cupid.modules import CupidConv, HostMLP
from tests.refusals import refused, refused_saying
from theory._norms import scaled_norm

W_NONE = np.array([[1.0, 1.0, 2.0], [0.5, 1.0, 3.0]])  # a positive row: no v >= 0 with W v = 0
W_SOME = np.array([[1.0, -1.0, 0.0], [0.0, 1.0, -1.0]])  # v = (1, 1, 1)/3


@pytest.mark.parametrize("s", [1e-300, 1e-320, 1e300, 1e308 / 3])
def test_null_direction_does_not_depend_on_scale(s):
    """Was [1, 0, 0] for W·1e-300 and W·1e-320 (HiGHS read the rows as zero: no direction exists)
    and None for W_SOME·1e300 (the direction (1, 1, 1)/3 exists)."""
    assert C.nonneg_null_direction(W_NONE * s) is None
    v = C.nonneg_null_direction(W_SOME * s)
    assert v is not None and np.all(v >= 0) and abs(v.sum() - 1) < 1e-12
    assert np.allclose(v, 1 / 3, atol=1e-9)


def test_null_direction_rows_of_different_scales():
    """Each row is its own equation: rows 1e-300 and 1e300 apart (was [1, 0, 0] for W_NONE)."""
    rows = np.array([[1e-300], [1e300]])
    assert C.nonneg_null_direction(W_NONE * rows) is None
    assert np.allclose(C.nonneg_null_direction(W_SOME * rows), 1 / 3, atol=1e-9)


def _au_ref(r, s, reduce):
    with mpmath.workdps(50):
        if reduce == "code":
            terms = [mpmath.mpf(0.5) * mpmath.exp(-mpmath.mpf(si)) * mpmath.mpf(ri) ** 2
                     + mpmath.mpf(si) / 2 for ri, si in zip(r.ravel(), s.ravel(), strict=True)]
        else:
            terms = [mpmath.mpf(0.5) * mpmath.exp(-mpmath.mpf(si))
                     * sum(mpmath.mpf(x) ** 2 for x in row) + mpmath.mpf(si) / 2
                     for row, si in zip(r, s, strict=True)]
        return float(sum(terms) / len(terms))


@pytest.mark.parametrize(("r", "s"), [
    (np.array([[1e200, 0.5]]), np.array([[500.0, 0.0]])),  # r² = inf: was NaN
    (np.array([[1e-200, 0.5]]), np.array([[-1000.0, 0.0]])),  # r² = 0: dropped a term ~1e34
    (np.array([[1e-170, -3e-171]]), np.array([[-500.0, -600.0]])),
])
def test_au_loss_squares_that_over_or_underflow(r, s):
    """Was NaN at r = 1e200 (log inf - inf) and 0.0625 + mean(s)/2 at r = 1e-200, s = -1000
    (r² underflowed to 0 and the term ½e^{1000}·1e-400 ≈ 9.6e33 was dropped)."""
    assert C.au_loss(r, s) == pytest.approx(_au_ref(r, s, "code"), rel=1e-12)
    sp = s[:, 0]
    ref = _au_ref(r, sp, "paper")
    if np.isfinite(ref):
        assert C.au_loss(r, sp, reduce="paper") == pytest.approx(ref, rel=1e-12)
    else:  # ½e^{1000}·0.25 is not a float64
        refused_saying("s", lambda: C.au_loss(r, sp, reduce="paper"))


def test_au_loss_mean_of_huge_log_variances():
    """Was inf: mean(½s) of four s = 1e308 summed to inf; the loss is 5e307."""
    assert C.au_loss(np.ones((2, 2)), np.full((2, 2), 1e308)) == 5e307


def test_au_loss_beyond_float_refused():
    """Was inf (½e^{1e5} is not a float64)."""
    refused_saying("s", lambda: C.au_loss(np.ones((1, 2)), np.full((1, 2), -1e5)),
                   allowed="float64 maximum")


def test_au_score_mean_of_near_max_variances():
    """Was inf: e^{709.7} = 1.65e308 is a float, the plain sum of three is not, their mean is."""
    s = np.full((2, 3), 709.7)
    with mpmath.workdps(50):
        ref = float(mpmath.exp(mpmath.mpf(709.7)))
    np.testing.assert_allclose(C.au_score(s), ref, rtol=1e-14)
    ordinary = np.array([[0.1, -2.0, 3.0]])
    assert np.array_equal(C.au_score(ordinary), np.exp(ordinary).mean(axis=1))


@pytest.mark.parametrize("s", [np.full((1, 3), 710.0), np.array([800.0])])
def test_au_score_beyond_float_refused(s):
    """Was inf (e^{710} is above the float64 maximum)."""
    refused_saying("s", lambda: C.au_score(s), allowed="709.78")


def test_eu_loss_differences_of_near_max_outputs():
    """Was inf: 1e308 - (-1e308) overflowed though mean |z' - z| = 1e308."""
    zh, z = np.array([[1e308, 0.0]]), np.array([[-1e308, 0.0]])
    m = np.zeros((1, 2))
    assert C.eu_loss(zh, z, m, m) == 1e308
    # paper reduction: the per-sample sum 2e308 is not a float: refused naming z_hat (was inf)
    refused_saying("z_hat", lambda: C.eu_loss(zh, z, m, m, reduce="paper"))


def test_eu_loss_push_beyond_float_refused():
    """Was -inf (t11 · mean|m' - m| = 1e600)."""
    z = np.zeros((1, 2))
    refused_saying("t11", lambda: C.eu_loss(z, z, np.full((1, 2), 1e300), z, t11=1e300),
                   value="1e+300")


@pytest.mark.parametrize("k", [-1070, -900, 900, 1020])
def test_aurc_scales_exactly(k):
    """Was inf at errors ~1e308 (the running sums overflowed); AURC is linear in the errors."""
    rng = np.random.default_rng(0)
    e, s = rng.random(50), rng.random(50)
    ref = C.aurc(e, s)
    if k > -1000:
        assert C.aurc(e * 2.0**k, s) == ref * 2.0**k
    else:  # subnormal errors: what float64 keeps of them
        assert C.aurc(e * 2.0**k, s) == pytest.approx(ref * 2.0**k, rel=1e-3)
    assert C.aurc(np.array([1e308, 1e308, 0.0]), np.arange(3.0)) == pytest.approx(
        1e308 * ((1 + 1 + 2 / 3) / 3), rel=1e-15)


def test_first_order_eu_near_max_jacobian():
    """J δ summing to 1e308/3 from terms ~3e307: unchanged (bound 1e308)."""
    v, b = C.first_order_eu(np.array([[1e308, 1e308, -1e308]]), np.ones(3) / 3)
    assert v == pytest.approx(1e308 / 3, rel=1e-15) and b == pytest.approx(1e308, rel=1e-15)


@pytest.mark.parametrize("k", [-600, 600])
def test_first_order_eu_scale_covariant_and_unchanged(k):
    rng = np.random.default_rng(1)
    J, d = rng.normal(size=(3, 4)), rng.normal(size=4)
    for q in (1, 2):
        v, b = C.first_order_eu(J, d, q)
        assert v == scaled_norm(J @ d, q)  # ordinary inputs: the former result, every bit
        vs, bs = C.first_order_eu(J * 2.0**k, d * 2.0**-k, q)
        assert (vs, bs) == (v, b)


def test_operator_norm_beyond_float_refused():
    """Was inf (a column sum of 2e308, σ_max = 2e308) and, for first_order_eu, (NaN, inf)."""
    refused_saying("J", lambda: C.operator_norm(np.array([[1e308], [1e308]]), 1))
    refused_saying("J", lambda: C.operator_norm(np.full((2, 2), 1e308), 2))
    refused_saying("delta", lambda: C.first_order_eu(np.full((1, 3), 1e308), np.ones(3)))
    assert C.operator_norm(np.array([[1e308, 1e308], [1e308, -1e308]]), 2) == pytest.approx(
        np.sqrt(2) * 1e308, rel=1e-15)


def test_mean_value_bound_large_jacobian():
    """Was (NaN, inf) at J = 1e300·I, δ = 1e10 (bounds √2·1e310): now refused; at δ = 1e3 the
    bounds √2·1e303 are unchanged."""
    integ, sup = C.mean_value_bound(lambda m: np.eye(2) * 1e300, np.zeros(2), np.ones(2) * 1e3)
    assert integ == pytest.approx(np.sqrt(2) * 1e303, rel=1e-14)
    assert sup == pytest.approx(np.sqrt(2) * 1e303, rel=1e-15)
    refused_saying("delta", lambda: C.mean_value_bound(lambda m: np.eye(2) * 1e300, np.zeros(2),
                                                       np.ones(2) * 1e10))


def test_numerics_inputs_refused():
    """HostMLP(p=1) divided by 1 - p = 0 (every dropout pass NaN); batch=0 raised from range();
    negative seeds raised numpy's error; bools counted as ints."""
    refused("p", HostMLP, p=1.0)
    refused("p", HostMLP, p=-0.1)
    refused("k", HostMLP, k=True)
    refused("trunk", CupidConv, trunk=1.5)
    refused("seed", digits_split, -1)
    (Xh, yh), *_ = digits_split(0)
    refused("epochs", train_host, Xh, yh, seed=0, epochs=-1)
    refused("epochs", train_host, Xh, yh, seed=0, epochs=10**9)
    torch.manual_seed(0)
    host = HostMLP().eval()
    refused("batch", train_cupid, host, Xh, yh, seed=0, epochs=1, batch=0)
    refused("t11", train_cupid, host, Xh, yh, seed=0, epochs=1, t11=-1.0)
