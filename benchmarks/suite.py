"""Whole-suite wall times: `pytest theory/` and the last `make reproduce`.

These are single measurements (a test-suite run is too long to repeat five times); the row says
so. `iclr26-verify reproduce` records its own wall time in ``reports/reproduce_time.json``.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

from benchmarks._timing import Row, benchmark

ROOT = Path(__file__).resolve().parent.parent


@benchmark("suite", "wall_times")
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
    record = ROOT / "reports" / "reproduce_time.json"
    if record.exists():
        data = json.loads(record.read_text())
        rows.append(Row("suite", "make reproduce", data.get("mode", "full"), "iclr26-verify",
                        float(data["seconds"]), "—", None,
                        note=f"one run, recorded {data.get('when', '')}"))
    return rows
