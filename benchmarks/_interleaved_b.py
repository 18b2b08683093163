"""Interleaved timing for side-by-side rows on a shared machine (batched vs one at a time)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def interleaved(fns: dict[str, Callable[[], object]], repeat: int, *,
                cpu: bool = False) -> dict[str, float]:
    """Median seconds of each callable, timed in turns (a b a b ...) after one untimed round, so
    that a change of load on a shared machine hits all of them alike.

    ``cpu``: this process's CPU time instead of wall time. For one-thread work on a machine
    shared with other jobs, wall time mostly measures the wait for a core and swings by
    several times between turns; CPU time is close to the wall time on an idle machine.
    """
    clock = time.process_time if cpu else time.perf_counter
    for fn in fns.values():
        fn()
    times: dict[str, list[float]] = {k: [] for k in fns}
    for _ in range(repeat):
        for k, fn in fns.items():
            t0 = clock()
            fn()
            times[k].append(clock() - t0)
    return {k: statistics.median(v) for k, v in times.items()}
