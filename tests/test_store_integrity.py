"""The result store checks what it serves: an entry records the key it was computed for and is
verified on load; a cache folder that is not a folder is a one-line error (issue: reliability)."""

import pickle
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_a_stored_result_of_the_wrong_key_is_recomputed_and_reported(tmp_path, monkeypatch):
    from iclr26_verify.run import store

    monkeypatch.setenv("ICLR26_CACHE_DIR", str(tmp_path))
    calls = []

    @store.experiment
    def square(x):
        calls.append(x)
        return x * x

    assert square(3) == 9 and calls == [3]
    square.cache_clear()
    assert square(3) == 9 and calls == [3]  # served from the store
    # swap in a valid pickle of another computation, as a copied or corrupted store would
    (entry,) = list(tmp_path.rglob("output.pkl"))
    wrong = store.Stored(("another.experiment", "0" * 16, "(4,)", "[]"), 16)
    entry.write_bytes(pickle.dumps(wrong))
    square.cache_clear()
    with pytest.warns(RuntimeWarning, match="computed for another key"):
        assert square(3) == 9
    assert calls == [3, 3]
    # the recomputed entry is now the right one: served again without recomputing
    square.cache_clear()
    assert square(3) == 9 and calls == [3, 3]


def test_a_plain_pickle_without_its_key_is_not_served(tmp_path, monkeypatch):
    from iclr26_verify.run import store

    monkeypatch.setenv("ICLR26_CACHE_DIR", str(tmp_path))

    @store.experiment
    def double(x):
        return 2 * x

    assert double(5) == 10
    (entry,) = list(tmp_path.rglob("output.pkl"))
    entry.write_bytes(pickle.dumps(999))  # an entry of an older format, or garbage that loads
    double.cache_clear()
    with pytest.warns(RuntimeWarning, match="another key"):
        assert double(5) == 10


def test_the_kernel_variant_and_the_seed_block_are_part_of_every_key(monkeypatch):
    from iclr26_verify.run import store

    monkeypatch.delenv("ATEN_CPU_CAPABILITY", raising=False)
    monkeypatch.delenv("ICLR26_SEED_BLOCK", raising=False)
    base = store.environment()
    monkeypatch.setenv("ATEN_CPU_CAPABILITY", "avx2")
    avx2 = store.environment()
    monkeypatch.setenv("ICLR26_SEED_BLOCK", "1")
    block = store.environment()
    assert len({base, avx2, block}) == 3


def test_a_cache_folder_that_is_not_a_folder_is_a_one_line_error_and_exit_2(tmp_path):
    not_a_folder = tmp_path / "store"
    not_a_folder.write_text("not a folder")
    proc = subprocess.run([sys.executable, "-m", "iclr26_verify.outputs.cli", "check", "--topic", "jumbo",
                           "--theory-only", "--no-report", "--jobs", "1"],
                          capture_output=True, text=True, cwd=ROOT, check=False, timeout=300,
                          env={**__import__("os").environ, "ICLR26_CACHE_DIR": str(not_a_folder)})
    assert proc.returncode == 2, proc.stderr[-2000:]
    lines = [ln for ln in proc.stderr.strip().splitlines() if ln.strip()]
    assert len(lines) == 1 and "is not a folder" in lines[0], proc.stderr[-2000:]
