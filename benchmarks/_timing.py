"""Timing helpers and the benchmark registry."""

from __future__ import annotations

import os
import platform
import statistics
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field

from theory import TOPICS as _PAPER_TOPICS
from theory.claims import import_modules

TOPICS = (*_PAPER_TOPICS, "suite")


@dataclass
class Row:
    """One comparison: ours vs the alternative on the same input, in the same run."""

    topic: str
    task: str
    size: str
    ours: str
    ours_s: float | None  # None: nothing measured (the row says why)
    alternative: str
    alternative_s: float | None
    target: str = ""
    met: bool | None = None
    note: str = ""
    extra: dict = field(default_factory=dict)

    @property
    def ratio(self) -> float | None:
        if self.alternative_s is None or not self.ours_s or self.ours_s <= 0:
            return None
        return self.alternative_s / self.ours_s

    def to_dict(self) -> dict:
        d = asdict(self)
        d["ratio"] = self.ratio
        return d


def timeit(fn: Callable[[], object], *, repeat: int = 5, warmup: int = 1) -> float:
    """Median wall time in seconds of ``repeat`` calls after ``warmup`` untimed calls."""
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


_BENCHMARKS: dict[tuple[str, str], Callable] = {}


def benchmark(topic: str, name: str, *, explicit: bool = False):
    """Register ``fn(quick) -> list[Row]`` as benchmark ``name`` of ``topic``.

    ``explicit``: run only when named (``iclr26-verify bench --only NAME``), for a benchmark
    that takes far longer than the others (whole reproduce runs); a plain ``bench`` keeps the
    rows of its last run.
    """
    def register(fn):
        fn.explicit = explicit
        _BENCHMARKS[(topic, name)] = fn
        return fn

    return register


def discover_benchmarks(topics: Iterable[str] | None = None):
    topics = tuple(TOPICS if topics is None else topics)
    for t in topics:
        import_modules("benchmarks", t)
    return [(k, fn) for k, fn in sorted(_BENCHMARKS.items()) if k[0] in topics]


def machine_info() -> dict:
    from iclr26_verify.run.cluster import machine

    info = {"cpu": machine()["cpu"], "python": platform.python_version(),
            "machine": platform.machine(), "cores": os.cpu_count()}
    try:
        from threadpoolctl import threadpool_info

        info["blas"] = [f"{p.get('internal_api')} {p.get('num_threads')} threads"
                        for p in threadpool_info()]
    except ImportError:
        pass
    try:
        import torch

        info["torch"] = torch.__version__
        info["torch_threads"] = torch.get_num_threads()
        info["device"] = torch.cuda.get_device_name(0) if torch.cuda.is_available() else "cpu"
    except ImportError:
        pass
    return info
