"""Bernoulli sources with Hamming distortion: one-shot closed forms (bits)."""

from __future__ import annotations

import numpy as np

from theory.validation import Interval, validate_params

_HALF = Interval(0, 0.5, "both", label=("0", "1/2"))


def binary_entropy(p) -> np.ndarray:
    r""":math:`H_b(p) = -p\log_2 p - (1-p)\log_2(1-p)` in bits, with :math:`0\log 0 = 0`."""
    p = np.asarray(p, dtype=np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        h = -(np.where(p > 0, p * np.log2(p), 0.0) + np.where(p < 1, (1 - p) * np.log2(1 - p), 0.0))
    return h


@validate_params({"R": Interval(0, None, "left"), "q_x": _HALF, "q_y": _HALF})
def bernoulli_rate_only_oneshot(R: float, q_x: float, q_y: float) -> float:
    r"""One-shot distortion-rate with common randomness, no classification constraint (corrected).

    .. math::
        D(R) = \max\Big(D_{ind} - \frac{2 q_X (1-q_X)}{H_b(q_X)} R,\ |q_X - q_Y|\Big),
        \qquad D_{ind} = q_X + q_Y - 2 q_X q_Y.

    The paper's Thm 2(ii) without the floor falls below the OT minimum :math:`|q_X-q_Y|` once
    R exceeds the knee :math:`R^* = H_b(q_X)\,a_{max}`; the floor makes it exact (compression.md
    §3.1). Rates in bits.
    """
    d_ind = q_x + q_y - 2 * q_x * q_y
    hx = float(binary_entropy(q_x))
    slope = 2 * q_x * (1 - q_x) / hx if hx > 0 else 0.0
    return float(max(d_ind - slope * R, abs(q_x - q_y)))
