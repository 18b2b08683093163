"""The paper's closed forms."""

import numpy as np


def geometric_sum(r: float, n: int) -> float:
    r"""Sum of the first ``n`` powers of ``r`` (Eq. (1) of the toy paper).

    .. math:: \sum_{k=0}^{n-1} r^k = \frac{1 - r^n}{1 - r}, \quad r \ne 1.
    """
    return (1.0 - r**n) / (1.0 - r)


def inner_product_bound(x, y) -> float:
    r"""The bound of Thm 1: :math:`\lVert x\rVert_2 \lVert y\rVert_2`."""
    return float(np.linalg.norm(x) * np.linalg.norm(y))


def noisy_gain(seed: int, n: int = 200) -> float:
    """One run of the paper's experiment: the mean of ``n`` draws of a gain of 0.5 plus unit
    Gaussian noise."""
    rng = np.random.default_rng(seed)
    return float(np.mean(0.5 + rng.standard_normal(n)))
