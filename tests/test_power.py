"""The registry's power machinery: a check is re-judged against nearby false statements."""

import numpy as np
import pytest

from theory.claims import Claim, Evidence, Judge, Result, comparison_power, refutation_margin


def _result(ev: Evidence, expected="verified", evidence=("independent",)) -> Result:
    c = Claim("multisets.x.y", "multisets", "Thm 0", "s", expected, lambda: ev,
              evidence=evidence)
    return c.run()


def test_closed_form_against_independent_value_rejects_tiny_perturbations():
    j = Judge()
    assert j.close("cf vs quad", 0.5625, 0.5625 * (1 + 3e-12), rtol=1e-9)
    ev = j.evidence()
    # 1e-9 relative is inside the tolerance; 1e-6 is not
    assert ev.power == 1e-6
    assert not _result(ev).weak


def test_bound_far_from_binding_is_weak_and_bound_attained_is_strong():
    far = Judge()
    far.le("ratio ≤ bound", 0.14, 3.35)
    r = _result(far.evidence())
    assert r.verdict == "verified" and r.weak and r.weak_unlabelled
    near = Judge()
    near.le("witness ratio ≤ bound", 3.35 * (1 - 1e-14), 3.35, rtol=1e-12)
    assert near.evidence().power == 1e-9


def test_weak_observation_is_reported_but_labelled():
    j = Judge()
    j.le("mean error ≤ 0.1", 0.02, 0.1)
    r = _result(j.evidence(), evidence=("observation",))
    assert r.weak and not r.weak_unlabelled


def test_equality_needs_both_directions_rejected():
    # a one-sided bound (value ≤ reference) passes the "+δ" direction of an equality only if
    # the check is one-sided; an equality check must reject both
    j = Judge()
    j.close("grid", np.array([1.0, 2.0, 3.0]), np.array([1.0, 2.0, 3.0]), rtol=1e-3)
    assert j.evidence().power == 1e-2


def test_zero_reference_needs_a_scale():
    j = Judge()
    j.close("residual", 1e-15, 0.0, atol=1e-12)
    assert j.evidence().power is None
    j2 = Judge()
    j2.close("residual", 1e-15, 0.0, atol=1e-12, scale=1.0)
    assert j2.evidence().power == 1e-9


def test_facts_alone_have_no_power_but_gate_passing():
    j = Judge()
    j.fact("rank collapses to one", False)
    ev = j.evidence()
    assert not ev.passed and ev.power is None


def test_refutation_margin_measures_how_far_the_counterexample_is():
    j = Judge()
    assert not j.le("D_CS ≤ KL", 10.53, 6.31)
    # relaxing the bound by 10 % still fails: margin ≥ 0.1
    assert refutation_margin(j.comparisons) == 1e-1
    j2 = Judge()
    j2.le("rounding-level violation", 1.0 + 1e-13, 1.0)
    assert refutation_margin(j2.comparisons) is None


def test_evidence_passed_must_agree_with_its_comparisons():
    j = Judge()
    j.le("a", 2.0, 1.0)
    with pytest.raises(ValueError, match="contradicts"):
        Evidence(True, comparisons=tuple(j.comparisons))


def test_power_grid_is_monotone_for_bounds():
    # slack 5e-5 relative: rejected from 1e-4 up, not below
    j = Judge()
    j.le("ratio", 1.0 - 5e-5, 1.0)
    assert comparison_power(j.comparisons) == 1e-4


def test_sanity_rows_are_not_counted_as_verification():
    j = Judge()
    j.close("symmetric", 1.0, 1.0, rtol=1e-12)
    r = _result(j.evidence(), evidence=("sanity",))
    assert r.verdict == "sanity" and r.label == "sanity" and not r.weak


def test_claim_rejects_unknown_evidence_kind_and_mixed_sanity():
    from theory.claims import claim

    with pytest.raises(ValueError, match="'evidence' parameter"):
        claim("multisets.z.z", where="-", statement="-", evidence="vibes")
    with pytest.raises(ValueError, match="alone"):
        claim("multisets.z.z", where="-", statement="-", evidence=("sanity", "witness"))


def test_a_failed_prediction_of_ours_is_not_a_paper_error():
    from theory.claims import claim

    j = Judge()
    j.le("learned D vs bound within 0.5 %", 1.013, 1.005)
    c = Claim("compression.x.pred", "compression", "ours", "s", "failed_prediction",
              lambda: j.evidence(), evidence=("independent",), prediction=True)
    r = c.run()
    assert r.on_target and r.label == "failed_prediction"
    # our predictions need no correction; the paper's refutations do
    claim("compression.z.pred", where="-", statement="-", expected="failed_prediction",
          prediction=True, evidence="observation", source=("ours", "a threshold we fixed"),
          setting="exact")
    with pytest.raises(ValueError, match="must name its corrected claim"):
        claim("compression.z.paper", where="-", statement="-", expected="refuted")
