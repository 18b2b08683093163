"""The fairness sweep's tables are consistent with the runs they summarise (the verdicts of
the empirical claims in quick mode are asserted registry-wide in test_empirical_claims.py)."""

import numpy as np
import pytest

from theory.claims import check_registry_consistency, discover

CLAIMS = discover(["fairness"], kinds=("empirical",))



def test_refuted_fairness_claims_name_verified_corrections():
    assert check_registry_consistency(CLAIMS) == []
    assert len(CLAIMS) >= 5


def test_results_table_rows_match_the_runs_they_summarise():
    from numerics.fairness.experiments import results_table, sweep

    sw = sweep(True)
    table = results_table(True)
    assert {r["dataset"] for r in table} == set(sw.datasets)
    for r in table:
        method = r["method"]
        runs = sw.select(dataset=r["dataset"], method=method, lam=r["lam"])
        assert len(runs) == len(sw.seeds)
        assert r["acc"] == pytest.approx(np.mean([x["acc"] for x in runs]), abs=1e-12)
        assert r["dp"] == pytest.approx(np.mean([x["dp"] for x in runs]), abs=1e-12)
        assert r["eo_std"] == pytest.approx(np.std([x["eo"] for x in runs], ddof=1), abs=1e-12)


def test_sweep_is_cached_per_process():
    from numerics.fairness.experiments import sweep

    assert sweep(True) is sweep(True, "cpu")
