"""iclr26_verify.registry.stats: pre-registered tests over seeds, against scipy.stats, statsmodels and Monte
Carlo; non-significance never refutes."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats as sps

from iclr26_verify.registry import stats
from theory.claims import Preregistered

GREATER = Preregistered("paired difference", "greater", seeds=8, effect=0.5,
                        effect_source="ours: half a unit")
EQUIV = Preregistered("paired difference", "equivalence", seeds=8, effect=0.5, margin=0.5,
                      effect_source="ours: half a unit")


def test_t_interval_matches_scipy_and_is_unbounded_with_one_seed():
    x = [0.3, 0.1, 0.4, 0.15, 0.9]
    iv = stats.t_interval(x, confidence=0.9)
    ref = sps.t.interval(0.9, len(x) - 1, loc=np.mean(x), scale=sps.sem(x))
    assert iv.mean == pytest.approx(np.mean(x))
    assert (iv.low, iv.high) == pytest.approx(ref, rel=1e-12)
    one = stats.t_interval([0.3])
    assert one.low == -math.inf and one.high == math.inf and one.n == 1


def test_power_matches_monte_carlo_of_the_one_sided_t_test():
    rng = np.random.default_rng(0)
    n, effect, sd, alpha = 6, 0.5, 0.6, 0.05
    draws = rng.normal(effect, sd, (40000, n))
    mc = np.mean(sps.ttest_1samp(draws, 0.0, axis=1, alternative="greater").pvalue < alpha)
    assert stats.power_at(effect, sd, n, alpha) == pytest.approx(mc, abs=0.015)


def test_mde_is_the_effect_at_which_power_is_080():
    sd, n, alpha = 0.3, 7, 0.05
    mde = stats.min_detectable_effect(sd, n, alpha)
    assert stats.power_at(mde, sd, n, alpha) == pytest.approx(0.8, abs=1e-4)
    need = stats.seeds_needed(mde, sd, alpha)
    assert need == n


def test_a_clear_positive_effect_holds_and_a_clear_negative_effect_fails():
    rng = np.random.default_rng(1)
    up = stats.one_sample("d", rng.normal(1.0, 0.2, 8), GREATER)
    assert up.decision == "holds" and up.interval[0] > 0 and up.p_value < 0.05
    down = stats.one_sample("d", rng.normal(-1.0, 0.2, 8), GREATER)
    assert down.decision == "fails" and down.interval[1] < 0 and down.power >= 0.8


def test_non_significance_never_refutes():
    # straddling interval: undecided, whatever the mean's sign
    r = stats.one_sample("d", [0.2, -0.3, 0.5, -0.1, 0.05, -0.4, 0.3, -0.2], GREATER)
    assert r.interval[0] < 0 < r.interval[1] and r.decision == "undecided"


def test_a_wrong_sign_without_power_is_undecided():
    t = Preregistered("d", "greater", seeds=3, effect=0.01, effect_source="ours: tiny")
    r = stats.one_sample("d", [-1.0, -1.1, -0.9], t)
    assert r.interval[1] < 0 and r.power < 0.8 and r.decision == "undecided"
    assert r.seeds_needed is not None and r.seeds_needed > 3


def test_equivalence_is_tost_of_statsmodels():
    from statsmodels.stats.weightstats import DescrStatsW

    x = np.array([0.05, -0.1, 0.02, 0.08, -0.03, 0.0, 0.04, -0.06])
    r = stats.one_sample("d", x, EQUIV)
    assert r.decision == "holds"
    assert r.p_value == pytest.approx(DescrStatsW(x).ttost_mean(-0.5, 0.5)[0], rel=1e-12)
    far = stats.one_sample("d", x + 2.0, EQUIV)
    assert far.decision == "fails"


def test_per_arm_splits_alpha_and_contrary_arms_are_found():
    arms = {"a": [0.9, 1.1, 1.0, 1.2], "b": [-1.0, -1.2, -0.9, -1.1], "c": [0.1, -0.1, 0.2, -0.2]}
    rs = stats.per_arm(arms, GREATER)
    assert [r.alpha for r in rs] == pytest.approx([0.05 / 3] * 3)
    assert stats.contrary_arms(arms, GREATER) == ["b"]


def test_paired_differences_and_shape_checks():
    a, b = [1.0, 2.0, 3.0, 4.0], [0.5, 1.4, 2.6, 3.3]
    r = stats.paired("a − b", a, b, GREATER)
    assert r.estimate == pytest.approx(np.mean(np.subtract(a, b)))
    with pytest.raises(ValueError, match="'a' and 'b'"):
        stats.paired("x", [1.0, 2.0], [1.0], GREATER)
    with pytest.raises(ValueError, match="finite"):
        stats.one_sample("x", [1.0, float("nan")], GREATER)
    with pytest.raises(TypeError, match="Preregistered"):
        stats.one_sample("x", [1.0, 2.0], {"alternative": "greater"})


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.lists(st.floats(-1e3, 1e3, allow_nan=False), min_size=2, max_size=30))
def test_decisions_are_consistent_with_the_interval(x):
    r = stats.one_sample("d", x, GREATER)
    lo, hi = r.interval
    assert lo <= r.estimate <= hi
    assert 0.0 <= r.power <= 1.0 and 0.0 <= r.p_value <= 1.0
    if r.decision == "holds":
        assert lo > 0
    if r.decision == "fails":
        assert hi < 0 and r.power >= 0.8


LESS = Preregistered("difference", "less", seeds=8, effect=0.5, effect_source="ours: half")


def test_two_sample_is_welch_of_scipy():
    rng = np.random.default_rng(3)
    a, b = rng.normal(0, 1, 12), rng.normal(1.5, 2, 15)
    r = stats.two_sample("a − b", a, b, LESS)
    ci = sps.ttest_ind(a, b, equal_var=False).confidence_interval(0.9)
    assert r.interval == pytest.approx((ci.low, ci.high), rel=1e-12)
    assert r.decision == "holds" and r.estimate < 0


def test_spread_detects_a_wider_sample_and_refuses_nothing_on_equal_spreads():
    rng = np.random.default_rng(4)
    narrow = [rng.normal(m, 0.1, 6) for m in (0, 1, 2)]
    wide = [rng.normal(m, 1.0, 6) for m in (0, 1, 2)]
    t = Preregistered("mean |x − median|", "less", seeds=6, effect=0.8,
                      effect_source="ours: 0.8")
    assert stats.spread("narrow vs wide", narrow, wide, t).decision == "holds"
    assert stats.spread("wide vs narrow", wide, narrow, t).decision == "fails"
    # the same spread: "within a factor 2" is never refuted, whatever is drawn
    same = [rng.normal(m, 1.0, 6) for m in (0, 1, 2)]
    assert stats.spread("same", wide, same, t, scale_b=2.0).decision != "fails"
    weak = Preregistered("mean |x − median|", "less", seeds=6, effect=0.05,
                         effect_source="ours: tiny")
    # excluded but without power at the declared effect: undecided, not a refutation
    assert stats.spread("wide vs narrow", wide, narrow, weak).decision == "undecided"


def test_every_look_at_a_growing_sample_spends_alpha():
    once = Preregistered(statistic="d", alternative="greater", seeds=10, effect=1.0,
                         effect_source="ours: one unit")
    twice = Preregistered(statistic="d", alternative="greater", seeds=10, effect=1.0,
                          effect_source="ours: one unit", looks=2)
    x = [0.9, 1.4, 0.2, 0.8, 1.1, 0.3, 0.7, 1.0, 0.5, 0.6]
    a, b = stats.one_sample("d", x, once), stats.one_sample("d", x, twice)
    assert b.alpha == pytest.approx(a.alpha / 2) == pytest.approx(0.025)
    assert b.interval[0] < a.interval[0]  # the second look's interval is wider
    with pytest.raises(ValueError, match="'looks' parameter of Preregistered must be an int"):
        Preregistered(statistic="d", alternative="greater", seeds=10, effect=1.0,
                      effect_source="ours: one unit", looks=0)


def test_standard_error_is_scipys_and_absent_for_one_value():
    x = np.array([1.0, 2.5, 0.5, 4.0])
    assert stats.standard_error(x) == pytest.approx(float(sps.sem(x)), rel=1e-15)
    assert math.isnan(stats.standard_error([3.0]))
