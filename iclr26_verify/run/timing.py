"""Where the time of a run went (``reproduce --profile``).

Each claim, figure and notebook task (:data:`TASK_TIMINGS`) and each experiment call that reached
the disk store (:data:`EXPERIMENT_TIMINGS`) is recorded in the process that ran it; the client
gathers them from every worker (:func:`collect_timings`). An experiment's self time leaves out
the time its nested experiments took, or the time it waited for them on the cluster
(:func:`child_time`).
"""

from __future__ import annotations

import contextlib
import os
import threading
import time

#: ``{"phase", "topic", "item", "seconds", "pid"}`` of each claim, figure and notebook task run
#: in this process.
TASK_TIMINGS: list[dict] = []
#: One record per experiment call that reached the disk store in this process (in-memory hits
#: are not recorded): experiment name, topic, arguments, seconds (inclusive of nested
#: experiments), self seconds and whether it was ``"computed"`` or ``"loaded"``.
EXPERIMENT_TIMINGS: list[dict] = []
# per thread, the seconds the open experiment calls spent in their children (Dask tasks run
# in several threads of one worker): a call's self time excludes them
_frames = threading.local()


@contextlib.contextmanager
def timed(phase: str, topic: str, item: str):
    """Record the wall time of one task of ``phase`` (claims, figures, notebooks)."""
    t0 = time.perf_counter()
    try:
        yield
    finally:
        TASK_TIMINGS.append({"phase": phase, "topic": topic, "item": item,
                             "seconds": time.perf_counter() - t0, "pid": os.getpid()})


def open_frame() -> None:
    """Open one experiment call on this thread (its children's seconds start at 0)."""
    _frames.__dict__.setdefault("stack", []).append(0.0)


def close_frame() -> float:
    """Close the innermost experiment call of this thread; return its children's seconds."""
    return _frames.stack.pop()


def child_time(seconds: float) -> None:
    """Count ``seconds`` (a nested experiment, or waiting for one on the cluster) as spent
    outside the innermost open experiment call of this thread."""
    stack = getattr(_frames, "stack", None)
    if stack:
        stack[-1] += seconds


def _local_timings(reset: bool = False) -> tuple[list, list]:
    out = (list(TASK_TIMINGS), list(EXPERIMENT_TIMINGS))
    if reset:
        TASK_TIMINGS.clear()
        EXPERIMENT_TIMINGS.clear()
    return out


def collect_timings(ex=None, *, reset: bool = False) -> tuple[list, list]:
    """(task timings, experiment timings) of this process and of every worker of ``ex`` (an
    :class:`~iclr26_verify.run.cluster.Executor`); ``reset`` empties them where they are (call it
    once before a profiled run)."""
    tasks, exps = _local_timings(reset)
    if ex is not None and ex.client is not None:
        for t, e in ex.client.run(_local_timings, reset).values():
            tasks += t
            exps += e
    return tasks, exps
