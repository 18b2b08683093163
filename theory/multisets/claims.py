"""Registered claims of the multisets paper."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from theory.claims import Evidence, claim
from theory.multisets._distances import emd, hausdorff, matching
from theory.tolerances import EXACT


@claim("multisets.sec2.worked_example", where="Sec. 2 / Thm 3.1 worked example",
       statement="For X={{0,2}}, Y={{0,2,2}} in R: EMD=1/3, Hausdorff=0, matching=2; the mean "
       "moves by 1/3, the sum by 2, the max by 0.")
def _worked_example():
    X, Y = np.array([[0.0], [2.0]]), np.array([[0.0], [2.0], [2.0]])
    measured = {"emd": emd(X, Y), "hausdorff": hausdorff(X, Y), "matching": matching(X, Y),
                "dmean": abs(X.mean() - Y.mean()), "dsum": abs(X.sum() - Y.sum()),
                "dmax": abs(X.max() - Y.max())}
    # Exact rational arithmetic for the expected values: an independent computation.
    xs, ys = [Fraction(0), Fraction(2)], [Fraction(0), Fraction(2), Fraction(2)]
    expected = {"emd": 1 / 3, "hausdorff": 0.0, "matching": 2.0,
                "dmean": float(abs(sum(xs) / 2 - sum(ys) / 3)),
                "dsum": float(abs(sum(xs) - sum(ys))), "dmax": 0.0}
    ok = all(abs(measured[k] - expected[k]) <= EXACT for k in expected)
    return Evidence(ok, measured, expected, EXACT,
                    "POT network simplex / assignment vs exact rationals")
