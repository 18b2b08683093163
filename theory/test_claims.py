"""Every registered theory claim reaches its expected verdict (test id = claim id)."""

import pytest

from theory.claims import check_registry_consistency, discover

CLAIMS = discover(kinds=("theory",))


@pytest.mark.parametrize("claim", CLAIMS, ids=[c.id for c in CLAIMS])
def test_claim_reaches_expected_verdict(claim):
    result = claim.run()
    assert result.error is None, result.error
    assert result.verdict == claim.expected, (
        f"{claim.id} ({claim.where}): expected {claim.expected}, got {result.verdict}; "
        f"measured={result.evidence.measured!r} expected={result.evidence.expected!r} "
        f"note={result.evidence.note}"
    )


def test_refuted_claims_name_a_corrected_claim():
    assert check_registry_consistency(discover()) == []
    for c in discover():
        if c.expected == "refuted":
            assert c.corrected_by, c.id


def test_every_topic_has_claims():
    topics = {c.topic for c in CLAIMS}
    assert topics == {"multisets", "tsne", "compression", "fairness"}
