"""Figures of the compression topic."""

from __future__ import annotations

import numpy as np

from numerics.figures import figure


@figure("compression", "bernoulli_rate_only")
def bernoulli_rate_only(quick: bool = False):
    """One-shot Bernoulli D(R): the corrected closed form against the HiGHS LP."""
    import matplotlib.pyplot as plt

    from numerics.compression.oneshot_lp import bernoulli_oneshot_lp
    from theory.compression import bernoulli_rate_only_oneshot, binary_entropy

    q_x, q_y = 0.2, 0.4
    rates = np.linspace(0, float(binary_entropy(q_x)), 9 if quick else 41)
    closed = [bernoulli_rate_only_oneshot(r, q_x, q_y) for r in rates]
    lp = [bernoulli_oneshot_lp(r, np.inf, q_x, q_y, 0.0) for r in rates]
    d_ind = q_x + q_y - 2 * q_x * q_y
    stated = d_ind - 2 * q_x * (1 - q_x) * rates / binary_entropy(q_x)
    fig, ax = plt.subplots(figsize=(5, 3.5))
    ax.plot(rates, stated, "--", color="C3", label="Thm 2(ii) as stated")
    ax.plot(rates, closed, color="C0", label="corrected closed form")
    ax.plot(rates, lp, "o", ms=4, mfc="none", color="k", label="LP (HiGHS)")
    ax.axhline(abs(q_x - q_y), color="grey", lw=0.8, ls=":", label="OT minimum |q_X − q_Y|")
    ax.set(xlabel="rate R (bits)", ylabel="Hamming distortion",
           title=f"one-shot Bernoulli DRC, q_X={q_x}, q_Y={q_y}")
    ax.legend(fontsize=8)
    return fig, {"R_bits": rates, "stated": stated, "corrected": closed, "lp": lp}
