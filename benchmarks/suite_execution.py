"""Execution: `reproduce --quick` serial against `--jobs N`, and a full `reproduce` with a cold
result store against the same run warm.

Each is one measurement (a reproduce is minutes long; the row says so), run as a subprocess with
its own cache folder and reports folder, so neither the developer's cache nor the committed
reports are touched. Figures and notebooks are written where `reproduce` always writes them.
Skipped in quick mode.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks._timing import Row, benchmark

ROOT = Path(__file__).resolve().parent.parent


def _reproduce(cache: Path, reports: Path, *args: str) -> tuple[float, int]:
    env = {**os.environ, "ICLR26_CACHE_DIR": str(cache), "PYTHONPATH": str(ROOT)}
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "numerics.cli", "reproduce", "--reports",
                           str(reports), *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, check=False)
    return time.perf_counter() - t0, proc.returncode


@benchmark("suite", "execution")
def execution(quick: bool = False, jobs: int | None = None) -> list[Row]:
    if quick:
        return []
    jobs = jobs or max(2, os.cpu_count() or 2)
    rows = []
    with tempfile.TemporaryDirectory(prefix="iclr26-bench-") as tmp:
        tmp = Path(tmp)
        serial, s_rc = _reproduce(tmp / "c1", tmp / "r1", "--quick", "--jobs", "1")
        parallel, p_rc = _reproduce(tmp / "c2", tmp / "r2", "--quick", "--jobs", str(jobs))
        rows.append(Row("suite", "reproduce --quick (cold store)", f"{jobs} workers",
                        f"--jobs {jobs}", parallel, "--jobs 1 (serial)", serial,
                        note=f"one run each; exit {p_rc}/{s_rc}"))
        cold, c_rc = _reproduce(tmp / "c3", tmp / "r3", "--jobs", str(jobs))
        warm, w_rc = _reproduce(tmp / "c3", tmp / "r3", "--jobs", str(jobs))
        rows.append(Row("suite", "reproduce (full)", f"{jobs} workers", "warm result store",
                        warm, "cold result store", cold,
                        target="cold ≤ 540 s, warm ≤ 120 s",
                        met=cold <= 540 and warm <= 120,
                        note=f"one run each; exit {w_rc}/{c_rc}"))
    return rows
