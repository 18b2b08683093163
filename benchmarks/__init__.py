"""Side-by-side speed comparisons with the tools a user would pick instead.

A benchmark is ``fn(quick: bool) -> list[Row]`` registered with ``@benchmark(topic, name)`` in
``benchmarks/<topic>.py``. Each :class:`Row` times our implementation and the alternative on the
same input in the same run (median of ≥ 5 repetitions after a warm-up) and reports the ratio.
``iclr26-verify bench`` writes ``reports/BENCHMARKS.md`` and ``reports/benchmarks.json``.
Benchmarks measure; tests never assert timings.
"""

from benchmarks._timing import Row, benchmark, discover_benchmarks, machine_info, timeit

__all__ = ["Row", "benchmark", "discover_benchmarks", "machine_info", "timeit"]
