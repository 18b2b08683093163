"""Whole-suite wall time of `pytest theory/`.

A single measurement (a test-suite run is too long to repeat five times); the row says so. The
wall time of `make reproduce`, cold and warm, is measured by :mod:`benchmarks.suite_execution`
(``reports/reproduce_time.json`` keeps the last run's, which may have been either, and the last
cold full one). ``explicit``: it runs with `iclr26-verify bench --only wall_times`.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from benchmarks._timing import Row, benchmark

ROOT = Path(__file__).resolve().parent.parent


@benchmark("suite", "wall_times", explicit=True)
def wall_times(quick: bool = False) -> list[Row]:
    rows = []
    if not quick:
        t0 = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                               "theory/"], cwd=ROOT, capture_output=True, check=False, text=True)
        seconds = time.perf_counter() - t0
        tail = proc.stdout.strip().splitlines()[-1] if proc.stdout.strip() else ""
        rows.append(Row("suite", "pytest theory/", "all theory claims", "pytest", seconds,
                        "—", None, note=f"one run; {tail}"))
    return rows
