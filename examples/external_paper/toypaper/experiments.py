"""The measurement, stored on disk and keyed on this package's code."""

from iclr26_verify import experiment
from toypaper._maths import noisy_gain


@experiment
def gains(seeds: int) -> tuple[float, ...]:
    return tuple(noisy_gain(s) for s in range(seeds))
