"""Every gallery script (examples/plot_*.py) runs, quickly, under Agg: the gallery cannot rot.

One script per topic, each in the same process (runpy, like the notebooks' smoke test), so the
imports are paid once; each must finish in a few seconds.
"""

import os
import runpy
import time
from pathlib import Path

import matplotlib
import pytest

import theory

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SCRIPTS = sorted(EXAMPLES.glob("plot_*.py"))
# generous for a loaded 2-core machine; alone, each script takes well under 2 s
SECONDS = 20.0


def test_one_example_per_topic():
    assert sorted(p.stem.removeprefix("plot_") for p in SCRIPTS) == sorted(theory.TOPICS)
    assert (EXAMPLES / "README.txt").exists()  # sphinx-gallery needs the gallery's header


def test_every_example_has_a_gallery_header():
    for path in SCRIPTS:
        text = path.read_text()
        assert text.startswith('"""\n'), path.name
        title, underline = text.split("\n")[1:3]
        assert title.strip() and set(underline) == {"="} and len(underline) >= len(title), \
            path.name


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.stem)
def test_example_runs(path, monkeypatch, tmp_path):
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    monkeypatch.setenv("MPLBACKEND", "Agg")
    monkeypatch.chdir(tmp_path)  # anything a script writes lands here
    start = time.perf_counter()
    try:
        runpy.run_path(str(path), run_name="__main__")
        assert plt.get_fignums(), f"{path.name} draws no figure (the gallery needs a thumbnail)"
    finally:
        plt.close("all")
    elapsed = time.perf_counter() - start
    assert elapsed < SECONDS, f"{path.name} took {elapsed:.1f} s"
    assert not any(tmp_path.iterdir()), f"{path.name} wrote files: {os.listdir(tmp_path)}"
