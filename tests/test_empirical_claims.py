"""Every empirical (torch) claim reaches its expected verdict in quick mode, or says that the
quick sizes are too small to decide it (``unavailable`` in quick mode: the full run decides;
``pytest --runslow`` runs the full experiments where a topic provides them)."""

import pytest

from theory import TOPICS
from theory.claims import discover

CLAIMS = discover(kinds=("empirical",))


def _experiment_group(claim):
    # Claims of one experiment (``topic.expN.*``) read the same cached runs: on one xdist worker
    # the first computes them and the rest are served from the session's result store, instead
    # of two workers training the same models at once.
    return pytest.param(claim, id=claim.id, marks=pytest.mark.xdist_group(
        "empirical:" + ".".join(claim.id.split(".")[:2])))


@pytest.mark.parametrize("claim", [_experiment_group(c) for c in CLAIMS])
def test_empirical_claim_reaches_expected_verdict_in_quick_mode(claim):
    result = claim.run(quick=True)
    assert result.error is None and result.on_target, result.explain()
    # A decided claim's check must reject a statement 1 % off, or say it is an observation.
    assert not result.weak_unlabelled, (f"{claim.id}: weak check (power {result.power}); "
                                        "label it 'observation' with its slack, or sharpen it")


def test_every_topic_has_empirical_claims():
    assert {c.topic for c in CLAIMS} == set(TOPICS)
