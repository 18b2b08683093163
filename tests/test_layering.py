"""Layers point down: ``theory`` imports neither torch nor ``numerics`` (so `pytest theory/`
stays light and a theory claim never rests on the code it is meant to check), and ``numerics``
imports ``theory`` but never ``benchmarks`` or ``tests``."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from theory import TOPICS

ROOT = Path(__file__).resolve().parent.parent


def _imports(path: Path) -> set[str]:
    """Top-level package names a module imports anywhere (inside functions too)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


FORBIDDEN = {"theory": {"torch", "numerics", "benchmarks", "tests"},
             "numerics": {"benchmarks", "tests"}}


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_layer_imports_point_down(layer):
    bad = []
    for path in sorted((ROOT / layer).rglob("*.py")):
        if path == ROOT / "numerics" / "cli.py":
            continue  # the command line sits on top of every layer (it runs the benchmarks)
        hit = _imports(path) & FORBIDDEN[layer]
        if hit:
            bad.append(f"{path.relative_to(ROOT)} imports {sorted(hit)}")
    assert not bad, "\n".join(bad)


def test_theory_claims_import_without_torch():
    code = ("import sys, importlib; from theory.claims import discover; "
            "discover(kinds=('theory',)); "
            f"[importlib.import_module('theory.' + t) for t in {TOPICS!r}]; "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('torch', 'numerics')]; "
            "print(bad[:5]); sys.exit(1 if bad else 0)")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, check=False, text=True,
                          cwd=ROOT)
    assert proc.returncode == 0, proc.stdout + proc.stderr
