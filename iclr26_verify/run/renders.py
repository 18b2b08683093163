"""Outputs left as they are when nothing that made them changed: figures and executed notebooks.

A figure's PNG and CSV, and a notebook's ``.ipynb``, are functions of the code that draws them,
of the experiments they read (already in the result store) and, for a notebook, of its source.
:func:`build_unless_current` keeps, in the result store (``joblib.Memory``, like every
experiment), the sha256 of each file a build wrote, under a key made of what made them: the
topic's code digest (:func:`iclr26_verify.run.store.code_digest`, package versions included), the
renderer's own module, the notebook's source, the mode and the output path. A later run with
the same key that finds the files on disk with those digests does not rebuild them; a file
deleted or edited by hand, or any change to the key, rebuilds. ``cache clear`` (or
``ICLR26_CACHE_DIR=off``) rebuilds everything.

Only the CLI's figure and notebook tasks go through here; :func:`iclr26_verify.run.figures.render`
and :func:`iclr26_verify.run.notebooks.execute` called directly (the tests do) always build.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from pathlib import Path

from iclr26_verify.run import store


def sha256(path: Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def _build(kind: str, key: tuple, build: Callable[[], Iterable[Path]]) -> dict[str, str]:
    """Run ``build`` (which writes files and returns their paths); the files' sha256."""
    return {str(Path(p).resolve()): sha256(p) for p in build()}


def build_unless_current(kind: str, key: tuple, build: Callable[[], Iterable[Path]]) -> bool:
    """Run ``build`` unless the store holds the digests of its files for ``key`` and the files
    on disk still have them. Return ``True`` when nothing was rebuilt."""
    location = store.cache_dir()
    if location is None:
        build()
        return False
    ran = []

    def tracked():
        ran.append(True)
        return build()

    recorded = store._memory(str(location)).cache(_build, ignore=["build"])
    digests = recorded(kind, key, tracked)
    if ran:
        return False
    if all(Path(p).is_file() and sha256(Path(p)) == h for p, h in digests.items()):
        return True
    recorded.call(kind, key, build)  # a file was removed or edited: rebuild, record anew
    return False


def figure_key(spec, out: str | Path, quick: bool, dpi: int) -> tuple:
    return ("figure", spec.topic, spec.name, bool(quick), int(dpi), str(Path(out).resolve()),
            store.code_digest(spec.topic, ("iclr26_verify/run/figures.py",
                                           "iclr26_verify/run/_atomic.py")))


def _report_rows_digest(topic: str) -> str:
    """sha256 of the topic's rows in the committed report: a notebook's closing cell states
    them (:func:`iclr26_verify.run.notebooks.closing_cell`), so a changed verdict re-executes it,
    while a report regenerated with the same rows (only its date moves) does not."""
    import json

    from iclr26_verify.run.notebooks import _report_rows

    rows, _ = _report_rows(topic, None)
    return hashlib.sha256(json.dumps(rows, sort_keys=True).encode()).hexdigest()


def notebook_key(source: str | Path, quick: bool, target: str | Path) -> tuple:
    from iclr26_verify.run.notebooks import notebook_topic

    source = Path(source)
    topic = notebook_topic(source)
    return ("notebook", sha256(source), bool(quick), str(Path(target).resolve()),
            _report_rows_digest(topic),
            store.code_digest(topic, ("iclr26_verify/run/notebooks.py",
                                      "iclr26_verify/run/figures.py",
                                      "iclr26_verify/registry/display.py",
                                      "iclr26_verify/run/_atomic.py")))
