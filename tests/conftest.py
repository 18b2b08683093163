"""Software tests run torch on one thread: the tensors are small, the CI machine has 2 cores,
and one thread is both faster here and reproducible."""

import os
import shutil

import pytest


@pytest.fixture(autouse=True, scope="session")
def _torch_one_thread():
    import torch

    before = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(before)


@pytest.fixture(scope="session")
def docs_site(tmp_path_factory):
    """The documentation site, built once per worker for every test that reads it
    (tests/test_docs.py and the browser tests in tests/test_docs_browser.py, which share the
    ``docs_site`` xdist group so that one worker builds it once).

    One real figure (quick mode) is rendered so that card images and CSV links are exercised;
    the gallery's pages are rendered without running the examples
    (``ICLR26_DOCS_RUN_EXAMPLES=0``): tests/test_examples.py runs them. Yields the site folder
    and the topic whose figure was rendered.
    """
    import json
    import subprocess
    import sys
    from pathlib import Path

    from iclr26_verify.run.figures import discover_figures, render

    root = Path(__file__).resolve().parent.parent
    claims = json.loads((root / "reports" / "claims.json").read_text())["claims"]
    out = tmp_path_factory.mktemp("site")
    figures = tmp_path_factory.mktemp("figures")
    in_report = {c["id"] for c in claims}
    specs = [s for s in discover_figures() if set(s.claims) & in_report]
    topic = claims[0]["topic"]
    if specs:
        render(specs[0], figures, quick=True)
        topic = specs[0].topic
    env = {**os.environ, "ICLR26_DOCS_FIGURES": str(figures), "ICLR26_DOCS_RUN_EXAMPLES": "0"}
    cmd = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
           str(root / "docs"), str(out)]
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=root, check=False,
                          timeout=900)
    if proc.returncode != 0 and _gallery_file_vanished(proc.stdout + proc.stderr):
        # Seen once in a make test on a fresh checkout (2026-12-02): sphinx-gallery's thumbnail
        # step lost its own `*.new.png` before renaming it, and a serial rebuild passed; the
        # cause is not found. One rebuild, said in the output; a second failure fails.
        print("docs_site: sphinx-gallery lost a `.new` file; rebuilding once\n"
              + (proc.stdout + proc.stderr)[-1500:])
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=root,
                              check=False, timeout=900)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-5000:]
    yield out, topic
    shutil.rmtree(out, ignore_errors=True)


def _gallery_file_vanished(output: str) -> bool:
    return ("sphinx_gallery" in output and "No such file or directory" in output
            and ".new." in output)

