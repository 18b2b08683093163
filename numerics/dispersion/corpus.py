"""A deterministic offline byte corpus: the Python standard library's own source files.

Source: the ``.py`` files of the running interpreter's standard library
(``sysconfig.get_paths()["stdlib"]``), distributed under the PSF License Agreement, whose text
ships beside them (``LICENSE.txt`` in the same folder). Nothing is downloaded. The byte counts
depend on the Python version (3.11.7 here): :class:`Corpus` records it, and results are only
comparable on the same version.

Split (ours): directories ``test``, ``tests``, ``idle_test``, ``site-packages``, ``lib2to3``,
``ensurepip`` are skipped; files are walked in sorted order; a file whose relative path has
``crc32 % 10 == 0`` goes to validation, every other to training; whole files are appended until
both streams reach their sizes.
"""

from __future__ import annotations

import functools
import os
import sys
import sysconfig
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from theory.validation import Interval, check_param

EXCLUDED = frozenset({"test", "tests", "idle_test", "site-packages", "lib2to3", "ensurepip",
                      "__pycache__"})


@dataclass(frozen=True)
class Corpus:
    """Train and validation byte streams (uint8 arrays) and where they came from."""

    train: np.ndarray
    val: np.ndarray
    n_files: int
    python: str
    root: str


@functools.lru_cache(maxsize=4)
def stdlib_corpus(max_train: int = 3_000_000, max_val: int = 400_000) -> Corpus:
    """Build the corpus (deterministic for a given Python version).

    Parameters
    ----------
    max_train, max_val : int ≥ 1000
        Bytes wanted in each stream; whole files are appended until both are reached, then
        each stream is cut to its size.
    """
    check_param("max_train", max_train, Interval(1000, None, integer=True), "stdlib_corpus")
    check_param("max_val", max_val, Interval(1000, None, integer=True), "stdlib_corpus")
    root = Path(sysconfig.get_paths()["stdlib"])
    files = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in EXCLUDED]  # prune: never walk them
        files += [Path(dirpath) / f for f in filenames if f.endswith(".py")]
    files.sort()
    train, val, n_tr, n_va, used = [], [], 0, 0, 0
    for p in files:
        if n_tr >= max_train and n_va >= max_val:
            break
        rel = p.relative_to(root).as_posix()
        to_val = zlib.crc32(rel.encode()) % 10 == 0
        if (to_val and n_va >= max_val) or (not to_val and n_tr >= max_train):
            continue
        data = p.read_bytes()
        used += 1
        if to_val:
            val.append(data)
            n_va += len(data)
        else:
            train.append(data)
            n_tr += len(data)
    tr = np.frombuffer(b"".join(train), dtype=np.uint8)[:max_train].copy()
    va = np.frombuffer(b"".join(val), dtype=np.uint8)[:max_val].copy()
    return Corpus(tr, va, used, sys.version.split()[0], str(root))
