"""The digits experiment: data split, iso-FLOP widths from the closed forms, one short run."""

import numpy as np

from numerics.jumbo.experiments import (
    arch_cost,
    arms,
    digits_split,
    iso_flop_width,
    train_digits,
)


def test_split_is_stratified_and_seeded():
    a = digits_split(0)
    b = digits_split(0)
    assert a[0].shape == (1200, 1, 8, 8) and a[2].shape == (597, 1, 8, 8)
    assert np.array_equal(a[1], b[1])
    assert 0.0 <= a[0].min() and a[0].max() <= 1.0


def test_iso_flop_width_is_the_smallest_reaching_jumbo():
    for fam in ("registers", "plain"):
        for D in (8, 16):
            w = iso_flop_width(fam, D)
            assert arch_cost(fam, w)[1] >= arch_cost("jumbo", D)[1]
            assert all(arch_cost(fam, v)[1] < arch_cost("jumbo", D)[1] for v in range(1, w)
                       if v % max(1, v // 8) == 0)
    assert {(a.family, a.D) for a in arms()} >= {("registers", 10), ("plain", 11)}


def test_one_epoch_run_reports_consistent_costs():
    r = train_digits.uncached("jumbo", 8, 0, 2)  # ≥ 2 epochs: one-cycle warm-up needs 2 steps
    assert 0.0 <= r["acc"] <= 1.0
    assert (r["params"], r["flops"]) == arch_cost("jumbo", 8)
