"""Layers point down: ``theory`` imports neither torch nor ``numerics`` (so `pytest theory/`
stays light and a theory claim never rests on the code it is meant to check), and ``numerics``
imports ``theory`` but never ``benchmarks`` or ``tests``.

The framework is the package ``iclr26_verify``, in three floors named by its folders:
``registry`` (topics, claims, verdicts, statistics, blueprints) at the bottom, ``run`` (store,
cluster, tasks, figure and notebook builds, seeds, stability) above it, ``outputs`` (report,
site, scaffold, CLI) on top; the package's ``__init__`` is the public face. A floor imports only
floors below it, never a topic: it reaches the topics through the registry (entry points), no
module lists them, and no two of its modules import each other in a circle."""

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
             "numerics": {"benchmarks", "tests"},
             # the framework: no topic package, no test; the registry (what a topic declares
             # and how it is judged) stays numpy and the standard library
             "iclr26_verify/registry": {"torch", "numerics", "theory", "benchmarks", "tests"},
             # (the run machinery sets torch's threads and seeds when torch is there, lazily)
             "iclr26_verify/run": {"numerics", "theory", "benchmarks", "tests"},
             # (the command line starts a checkout's benchmarks as a process, never imports them)
             "iclr26_verify/outputs": {"numerics", "theory", "benchmarks", "tests"},
             "iclr26_verify/__init__.py": {"torch", "numerics", "theory", "benchmarks", "tests"}}


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_layer_imports_point_down(layer):
    bad = []
    place = ROOT / layer
    for path in sorted(place.rglob("*.py") if place.is_dir() else [place]):
        hit = _imports(path) & FORBIDDEN[layer]
        if hit:
            bad.append(f"{path.relative_to(ROOT)} imports {sorted(hit)}")
    assert not bad, "\n".join(bad)


#: The framework's floors, bottom first: a module imports modules of its own floor or below.
FLOORS = ("registry", "run", "outputs")


def test_framework_floors_point_down():
    bad = []
    for path in sorted((ROOT / "iclr26_verify").rglob("*.py")):
        floor = path.relative_to(ROOT / "iclr26_verify").parts[0]
        if floor not in FLOORS:
            continue  # the public face: its names load their modules lazily
        for name in _imported_modules(path):
            parts = name.split(".")
            if parts[0] == "iclr26_verify" and len(parts) > 1 and parts[1] in FLOORS \
                    and FLOORS.index(parts[1]) > FLOORS.index(floor):
                bad.append(f"{path.relative_to(ROOT)} ({floor}) imports {name}")
    assert not bad, "\n".join(bad)


def test_the_framework_is_the_package_and_its_three_floors():
    """Nothing of the framework is left beside the topics: the top level of ``theory`` and
    ``numerics`` holds the topics' shared helpers only (validation, tolerances, batched
    training), and ``iclr26_verify`` holds its face and its floors."""
    top = sorted(p.name for p in (ROOT / "iclr26_verify").iterdir()
                 if p.suffix == ".py" or (p.is_dir() and (p / "__init__.py").exists()))
    assert set(top) == {"__init__.py", "__main__.py", *FLOORS}, top


def test_theory_claims_import_without_torch():
    code = ("import sys, importlib; from theory.claims import discover; "
            "discover(kinds=('theory',)); "
            f"[importlib.import_module('theory.' + t) for t in {TOPICS!r}]; "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('torch', 'numerics')]; "
            "print(bad[:5]); sys.exit(1 if bad else 0)")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, check=False, text=True,
                          cwd=ROOT)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def _framework_files() -> list[Path]:
    """The framework and the top-level modules of ``theory`` and ``numerics`` (the helpers the
    topics share): none of them may name a topic."""
    return sorted([*(ROOT / "iclr26_verify").rglob("*.py"), *(ROOT / "numerics").glob("*.py"),
                   *(ROOT / "theory").glob("*.py")])


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported_modules(path: Path) -> set[str]:
    """Dotted names a module imports anywhere, with ``from m import x`` also as ``m.x``."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out |= {node.module, *(f"{node.module}.{a.name}" for a in node.names)}
    return out


def test_framework_imports_no_topic_by_name():
    bad = []
    for path in _framework_files():
        for name in _imported_modules(path):
            parts = name.split(".")
            if len(parts) > 1 and parts[0] in ("theory", "numerics") and parts[1] in TOPICS:
                bad.append(f"{path.relative_to(ROOT)} imports {name}")
    assert not bad, "\n".join(bad)


#: Build outputs (copies of the sources, possibly stale: a wheel build leaves build/lib behind)
_BUILD_OUTPUTS = ("build", "dist")


def test_no_module_lists_the_topics():
    """The topics come from the entry points: no literal tuple, list, set or dict outside a
    topic's own packages holds half of their keys (pyproject.toml is where they are named)."""
    topic_dirs = {ROOT / layer / t for layer in ("theory", "numerics") for t in TOPICS}
    bad = []
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT)
        if (rel.parts[0].startswith(".") or rel.parts[0] in _BUILD_OUTPUTS
                or rel.parts[:2] in (("docs", "_build"), ("docs", "_generated"))
                or any(d in path.parents for d in topic_dirs)):
            continue
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.Tuple | ast.List | ast.Set | ast.Dict):
                items = node.keys if isinstance(node, ast.Dict) else node.elts
                keys = {e.value for e in items if isinstance(e, ast.Constant)} & set(TOPICS)
                if len(keys) > len(TOPICS) // 2:
                    bad.append(f"{rel}:{node.lineno} lists {len(keys)} topics")
    assert not bad, "\n".join(bad)


def test_framework_imports_no_circle():
    """Imports inside functions count: the store hands a shared experiment to the cluster
    (``run.cluster``), which knows nothing of the store; timings live below both."""
    files = {_module(p): p for p in _framework_files()}
    graph = {m: {d for d in _imported_modules(p) if d in files and d != m}
             for m, p in files.items()}
    circles = set()

    def walk(start, node, path):
        for nxt in graph[node]:
            if nxt == start:
                circles.add(tuple(path))
            elif nxt not in path and nxt > start:
                walk(start, nxt, [*path, nxt])

    for m in graph:
        walk(m, m, [m])
    assert not circles, sorted(circles)
