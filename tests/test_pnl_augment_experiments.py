"""The small-data experiment's bookkeeping and the empirical claims in quick mode."""

import numpy as np
import pytest

from numerics.pnl_augment.experiments import ARMS, SmallData, load, summary_rows


def test_summary_rows_interval_is_the_paired_t_interval():
    from iclr26_verify.registry.stats import t_interval

    acc = {"digits": {arm: np.array([90.0, 91.0, 92.0, 93.0]) for arm in ARMS}}
    acc["digits"]["PNL-code"] = np.array([89.0, 91.0, 91.0, 93.0])
    sd = SmallData(("digits",), (0, 1, 2, 3), acc, {"digits": np.array([0.95])})
    row = summary_rows(sd)[1]
    iv = t_interval(acc["digits"]["PNL-code"] - acc["digits"]["OG"])
    assert (row["ci_lo"], row["ci_hi"]) == (round(iv.low, 3), round(iv.high, 3))
    assert row["ci_lo"] < row["diff_vs_OG"] < row["ci_hi"]


def test_summary_rows_cover_every_arm():
    acc = {"digits": {arm: np.array([90.0, 91.0]) + i for i, arm in enumerate(ARMS)}}
    sd = SmallData(("digits",), (0, 1), acc, {"digits": np.array([0.95])})
    rows = summary_rows(sd)
    assert [r["arm"] for r in rows] == list(ARMS)
    assert rows[1]["diff_vs_OG"] == pytest.approx(1.0)


@pytest.mark.parametrize("name, shape", [("digits", 64), ("breast_cancer", 30), ("wine", 14)])
def test_loaders_scale_to_unit_interval(name, shape):
    X, y = load(name)
    assert X.shape[1] == shape and X.min() >= 0 and X.max() <= 1 and len(X) == len(y)


def test_empirical_claims_undecided_in_quick_mode_except_the_decoder_one():
    from theory.claims import discover

    claims = discover(["pnl_augment"], kinds=("empirical",))
    verdicts = {c.id: c.run(quick=True).verdict for c in claims}
    assert verdicts.pop("pnl_augment.exp.code_samples_are_neighbour_means") == "extension"
    assert set(verdicts.values()) == {"undecided"}
