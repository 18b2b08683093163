"""Symbolic and unit tests of the multisets theory (exact with sympy where the result is symbolic)."""

from fractions import Fraction

import numpy as np
import pytest
import sympy as sp

from theory.multisets import (
    FAMILY_CELLS,
    aggregate,
    attention_witness_ratio,
    counterexample_family,
    emd,
    family_ratio,
    hausdorff,
    lipschitz_constant,
    matching,
    max_emd_constant_bounded_size,
    tightness_witness,
    zero_distance_witness,
)

DIST = {"emd": emd, "hausdorff": hausdorff, "matching": matching}


def test_multisets_prop33_attention_limit_matches_sympy():
    c, e, d = sp.symbols("c epsilon d", positive=True)
    lim = sp.limit(attention_witness_ratio(c, e, d), e, 0, "+")
    assert sp.simplify(lim - (c * d / 4 + 1)) == 0


def test_multisets_prop33_attention_formula_matches_direct_derivation():
    # Derive the ratio from the weights (1/2, 1/2) and (1, e)/(1 + e) by hand, in sympy.
    c, eps, d = sp.symbols("c epsilon d", positive=True)
    e = sp.exp(d * eps)
    delta = (c + eps) / 2 - (c - e * eps) / (1 + e)  # per coordinate
    derived = sp.sqrt(d) * delta / (eps * sp.sqrt(d))  # EMD = ε sqrt(d)
    assert sp.simplify(derived - attention_witness_ratio(c, eps, d)) == 0


@pytest.mark.parametrize("cell", FAMILY_CELLS, ids=[f"{a}_{b}" for a, b in FAMILY_CELLS])
def test_multisets_thm31_family_ratio_matches_solvers(cell):
    R = family_ratio(*cell)
    assert sp.limit(R, sp.Symbol("epsilon", positive=True), 0, "+") == sp.oo
    for d in (1, 4):
        for c, e in ((1.0, 0.3), (2.0, 1e-4)):
            X, Y = counterexample_family(*cell, c=c, eps=e, d=d)
            r = np.linalg.norm(aggregate(X, cell[0]) - aggregate(Y, cell[0])) / DIST[cell[1]](X, Y)
            assert r == pytest.approx(family_ratio(*cell, c, e), rel=1e-9)


def test_multisets_sec2_worked_example_matches_rationals():
    xs, ys = [Fraction(0), Fraction(2)], [Fraction(0), Fraction(2), Fraction(2)]
    X, Y = np.array([[0.0], [2.0]]), np.array([[0.0], [2.0], [2.0]])
    assert emd(X, Y) == pytest.approx(float(Fraction(1, 3)), abs=1e-12)
    assert abs(aggregate(X, "mean") - aggregate(Y, "mean"))[0] == pytest.approx(
        float(abs(sum(xs) / 2 - sum(ys) / 3)))


def test_lipschitz_constant_table_symbolic():
    d, M = sp.symbols("d M", positive=True)
    assert lipschitz_constant("max", "hausdorff", d=d) == sp.sqrt(d)
    assert lipschitz_constant("mean", "matching", d=d, equal_size=M) == 1 / M
    assert lipschitz_constant("sum", "emd", d=3, equal_size=4) == 4
    assert lipschitz_constant("sum", "emd", d=3) is None
    assert lipschitz_constant("mean", "hausdorff", d=3, equal_size=2) is None
    assert lipschitz_constant("attention", "emd", d=3) is None
    assert max_emd_constant_bounded_size(5, 9) == 5
    n_none = sum(lipschitz_constant(a, b, d=2) is None for a in ("sum", "mean", "max")
                 for b in DIST)
    assert n_none == 6


@pytest.mark.parametrize("equal", [None, 3])
def test_witnesses_attain_constants(equal, seed):
    for a in ("sum", "mean", "max"):
        for b, dist in DIST.items():
            L = lipschitz_constant(a, b, d=3, equal_size=equal)
            if L is None:
                continue
            X, Y = tightness_witness(a, b, d=3, equal_size=equal, rng=seed)
            r = np.linalg.norm(aggregate(X, a) - aggregate(Y, a)) / dist(X, Y)
            assert r == pytest.approx(float(L), rel=1e-9), (a, b)


def test_zero_distance_witnesses_exact():
    X, Y = zero_distance_witness("mean", "hausdorff")
    assert hausdorff(X, Y) == 0
    assert np.linalg.norm(aggregate(X, "mean") - aggregate(Y, "mean")) == pytest.approx(
        np.sqrt(5) / 6)
    X, Y = zero_distance_witness("max", "matching")
    assert matching(X, Y) == 0
    assert np.linalg.norm(aggregate(X, "max") - aggregate(Y, "max")) == pytest.approx(np.sqrt(5))
