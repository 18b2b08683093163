"""Registered claims of the compression paper."""

from __future__ import annotations

import math

import numpy as np

from theory.claims import Evidence, claim
from theory.compression._bernoulli import bernoulli_rate_only_oneshot
from theory.tolerances import LP


@claim("compression.thm2.rate_only_matches_lp", where="Thm 1 / Thm 2(ii), corrected floor",
       statement="The one-shot Bernoulli rate-only DRC equals max(D_ind − 2q_X(1−q_X)R/H_b(q_X), "
       "|q_X − q_Y|), the value of the LP over deterministic maps selected by common randomness.",
       expected="corrected")
def _rate_only_matches_lp():
    from numerics.compression.oneshot_lp import bernoulli_oneshot_lp

    points = [(0.2, 0.3, 0.3), (0.5, 0.3, 0.3), (0.9 * 0.7219280948873623, 0.2, 0.4)]
    measured = {f"R={R:.4g},qx={qx},qy={qy}": bernoulli_rate_only_oneshot(R, qx, qy)
                for R, qx, qy in points}
    expected = {f"R={R:.4g},qx={qx},qy={qy}": bernoulli_oneshot_lp(R, math.inf, qx, qy, 0.0)
                for R, qx, qy in points}
    ok = all(abs(measured[k] - expected[k]) <= LP for k in measured)
    return Evidence(bool(ok and np.isclose(measured["R=0.2,qx=0.3,qy=0.3"], 0.32468527,
                                           atol=1e-8)),
                    measured, expected, LP, "closed form vs scipy HiGHS LP over the 4 maps")
