"""The judgement of the distribution claims (issue 16), on synthetic measurements: equivalent
distributions verify, clearly different ones are not reproduced (the paired TOST excludes the
margin with power), and an interval straddling a margin is undecided, never a pass."""

import numpy as np
import pytest

from numerics.tsne import experiments
from theory.claims import discover


def _fake(shift_sil: float, spread: float = 0.005):
    rng = np.random.default_rng(0)

    def runs(offset):
        return [{"seed": s, "sil": 0.3 + offset + spread * rng.normal(),
                 "kl": 0.4 + 0.002 * rng.normal(), "trust": 0.95 + 0.001 * rng.normal(),
                 "grad_max": 1e-6} for s in range(10)]

    entry = {"n": 300, "max_abs_dP": 1e-16, "P_bitwise_equal": False, "sil_input": 0.15,
             "sil_input_impostor": 1e-4, "runs": {"X": runs(0.0), "impostor": runs(shift_sil)}}
    return lambda quick=False: {"digits": entry, "pbmc68k_reduced": entry}


@pytest.fixture
def pbmc_claim():
    return next(c for c in discover(["tsne"]) if c.id == "tsne.exp1.impostor_pbmc")


@pytest.mark.parametrize("shift, verdict", [(0.0, "verified"), (0.2, "not_reproduced"),
                                            (0.05, "undecided")])
def test_distribution_claim_decides_three_ways(monkeypatch, pbmc_claim, shift, verdict):
    monkeypatch.setattr(experiments, "impostor_distributions", _fake(shift))
    assert pbmc_claim.run(quick=False).verdict == verdict


def test_distribution_claim_is_undecided_in_quick_mode(pbmc_claim):
    result = pbmc_claim.run(quick=True)
    assert result.verdict == "undecided" and result.undecided
