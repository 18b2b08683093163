"""An offline byte corpus from the running interpreter's standard library, the new tokens mined
from it, and the snippets that contain them.

Source: the ``.py`` files under ``sysconfig.get_paths()["stdlib"]`` (PSF licence, shipped with
the interpreter; nothing is downloaded). Directories ``test``, ``tests``, ``idle_test``,
``site-packages``, ``lib2to3``, ``ensurepip`` and ``__pycache__`` are skipped; files are walked in
sorted order; a file whose relative path has ``crc32 % 10 == 0`` is held out; whole files are
appended until each stream reaches its size. Results depend on the Python version (recorded).
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

from theory.validation import Interval, check_int, check_param, invalid

EXCLUDED = frozenset({"test", "tests", "idle_test", "site-packages", "lib2to3", "ensurepip",
                      "__pycache__"})


@dataclass(frozen=True)
class Corpus:
    train: np.ndarray
    val: np.ndarray
    n_files: int
    python: str


@functools.lru_cache(maxsize=4)
def stdlib_corpus(max_train: int = 600_000, max_val: int = 200_000,
                  per_file: int = 12_000) -> Corpus:
    """Train and held-out byte streams (uint8) from the standard library's sources; at most
    ``per_file`` leading bytes of each file (for variety). ``1000 <= max_train, max_val <=
    10**8``, ``per_file >= 1``."""
    check_param("max_train", max_train, Interval(1000, 10**8, integer=True), "stdlib_corpus")
    check_param("max_val", max_val, Interval(1000, 10**8, integer=True), "stdlib_corpus")
    check_int(per_file, "per_file", "stdlib_corpus", 1)
    root = Path(sysconfig.get_paths()["stdlib"])
    files = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in EXCLUDED)
        files += [Path(dirpath) / f for f in filenames if f.endswith(".py")]
    files.sort()
    tr, va, n_tr, n_va, used = [], [], 0, 0, 0
    for p in files:
        if n_tr >= max_train and n_va >= max_val:
            break
        to_val = zlib.crc32(p.relative_to(root).as_posix().encode()) % 10 == 0
        if (to_val and n_va >= max_val) or (not to_val and n_tr >= max_train):
            continue
        data = p.read_bytes()[:per_file]
        used += 1
        (va if to_val else tr).append(data)
        if to_val:
            n_va += len(data)
        else:
            n_tr += len(data)
    return Corpus(np.frombuffer(b"".join(tr), np.uint8)[:max_train].copy(),
                  np.frombuffer(b"".join(va), np.uint8)[:max_val].copy(), used,
                  sys.version.split()[0])


def mine_tokens(data: np.ndarray, k: int, min_len: int = 4, max_len: int = 8,
                exclude=()) -> list[bytes]:
    """The ``k`` words with the largest compression gain (n − 1)·count: maximal runs of
    letters and '_' with an optional leading space, of ``min_len`` to ``max_len`` bytes; greedy,
    skipping a word that contains or is contained in one already chosen (or in ``exclude``).
    Deterministic (ties broken by the bytes)."""
    import re
    from collections import Counter

    check_param("k", k, Interval(1, 64, integer=True), "mine_tokens")
    min_len = check_int(min_len, "min_len", "mine_tokens", 2)
    check_int(max_len, "max_len", "mine_tokens", min_len)
    words = Counter(re.findall(rb" ?[A-Za-z_]+", bytes(data)))
    cands = sorted(((len(w) - 1) * c, w) for w, c in words.items()
                   if min_len <= len(w) <= max_len)
    cands.sort(key=lambda x: (-x[0], x[1]))
    chosen: list[bytes] = []
    for _, s in cands:
        if any(s in t or t in s for t in (*chosen, *exclude)):
            continue
        chosen.append(s)
        if len(chosen) == k:
            break
    return chosen


def snippets(data: np.ndarray, token: bytes, count: int, length: int = 48,
             after: int = 8) -> tuple[np.ndarray, np.ndarray]:
    """``count`` windows of ``length`` bytes centred on occurrences of ``token`` (spread evenly
    over the stream), with at least ``after`` bytes after it. Returns the windows (count,
    length) and the offset of the centred occurrence in each. ``token``: non-empty bytes;
    ``count, length >= 1``; ``after >= 0``."""
    if not isinstance(token, bytes) or not token:
        raise invalid("token", "snippets", "non-empty bytes", token)
    check_int(count, "count", "snippets", 1)
    check_int(length, "length", "snippets", 1)
    check_int(after, "after", "snippets", 0)
    buf = bytes(data)
    n = len(token)
    before = (length - n) // 2
    if length - n - before < after + 1:
        raise ValueError(f"The 'length' parameter of snippets must leave {after + 1} bytes after "
                         f"a {n}-byte token. Got {length} instead.")
    occ, i = [], buf.find(token)
    while i != -1:
        if i - before >= 0 and i - before + length <= len(buf):
            occ.append(i)
        i = buf.find(token, i + 1)
    if len(occ) < count:
        raise ValueError(f"The 'count' parameter of snippets must be at most {len(occ)} for "
                         f"{token!r}. Got {count} instead.")
    pick = np.asarray(occ)[np.linspace(0, len(occ) - 1, count).round().astype(int)]
    win = np.stack([np.frombuffer(buf[p - before:p - before + length], np.uint8) for p in pick])
    return win.astype(np.int64), np.full(count, before, dtype=np.int64)
