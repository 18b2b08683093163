"""The empirical multisets claims run in quick mode; the bound claim holds there too.

The qualitative patterns (Table 2, Fig. 3) need the full-size runs to be decided; their expected
verdicts are asserted by the slow test (``--runslow``), which runs the full experiments.
"""

import pytest
import torch

from theory.claims import discover

CLAIMS = discover(["multisets"], kinds=("empirical",))


@pytest.fixture(autouse=True, scope="module")
def _one_thread():
    old = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(old)


def test_empirical_claims_are_registered():
    ids = {c.id for c in CLAIMS}
    assert {"multisets.exp1.latent_ratios_under_bound",
            "multisets.exp2.mean_robust_to_outlier_max_robust_to_noise",
            "multisets.exp3.accuracy_drop_correlates_with_w1"} <= ids
    assert all(c.kind == "empirical" for c in CLAIMS)


def test_latent_ratios_under_bound_in_quick_mode():
    (c,) = [c for c in CLAIMS if c.id == "multisets.exp1.latent_ratios_under_bound"]
    r = c.run(quick=True)
    assert r.verdict == "verified", r.evidence
    assert r.evidence.measured["violations"] == 0
    # One run per process, whatever the spelling of the call (claims, figures, notebook).
    from numerics.multisets import experiments as E
    from numerics.multisets.networks import default_device

    assert E.lipschitz_experiment(True) is E.lipschitz_experiment(
        quick=True, seed=0, device=str(default_device()))


@pytest.mark.parametrize("claim", CLAIMS, ids=[c.id for c in CLAIMS])
def test_empirical_claim_runs_in_quick_mode(claim):
    r = claim.run(quick=True)
    assert r.error is None, r.error
    assert r.verdict in ("verified", "refuted", "corrected")
    assert r.evidence.measured is not None


@pytest.mark.slow
@pytest.mark.parametrize("claim", CLAIMS, ids=[c.id for c in CLAIMS])
def test_empirical_claim_reaches_expected_verdict_in_full_mode(claim):
    r = claim.run(quick=False)
    assert r.verdict == claim.expected, (r.evidence.measured, r.evidence.note)
