"""Topics as plugins: an outside package, installed with ``pip install -e`` into a virtual
environment of its own, is found through its entry point, checked on a Dask cluster, re-judged
after an edit, titled in the report; a broken plugin is named and does not take the others down.

The environment is layered on the one running the tests (a ``.pth`` file names this checkout
and the running interpreter's site folders), so nothing is downloaded and nothing is installed
into the tests' own environment.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "external_paper"
pytestmark = pytest.mark.xdist_group("plugins")


def _site_packages(env: Path) -> Path:
    return env / "lib" / f"python{sys.version_info.major}.{sys.version_info.minor}" / \
        "site-packages"


class Env:
    """A virtual environment layered on the running one, with its own result store."""

    def __init__(self, path: Path):
        self.path = path
        venv.EnvBuilder(with_pip=False).create(path)
        sites = [p for p in sys.path if p.endswith("site-packages") and Path(p).is_dir()]
        _site_packages(path).joinpath("_layered.pth").write_text(
            "\n".join([str(ROOT), *sites]) + "\n")
        self.python = path / "bin" / "python"
        self.env = {**os.environ, "ICLR26_CACHE_DIR": str(path / "cache"),
                    "MPLBACKEND": "Agg", "PYTHONPATH": ""}

    def run(self, *args, check=True, cwd=None) -> subprocess.CompletedProcess:
        out = subprocess.run([str(self.python), *args], capture_output=True, text=True, check=False,
                             env=self.env, cwd=cwd or self.path, timeout=600)
        if check and out.returncode != 0:
            raise AssertionError(f"{args} exited {out.returncode}:\n{out.stdout}\n{out.stderr}")
        return out

    def install(self, project: Path) -> None:
        self.run("-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
                 "--no-index", "-e", str(project))

    def cli(self, *args, check=True):
        return self.run("-m", "iclr26_verify.outputs.cli", *args, check=check)


@pytest.fixture(scope="module")
def env(tmp_path_factory):
    base = tmp_path_factory.mktemp("plugins")
    shutil.copytree(EXAMPLE, base / "external_paper")
    e = Env(base / "venv")
    e.install(base / "external_paper")
    e.paper = base / "external_paper"
    return e


def _verdicts(out: str) -> dict[str, str]:
    return {r["id"]: r["verdict"] for r in json.loads(out)["claims"]}


def test_outside_topic_is_listed_with_its_distribution(env):
    out = env.cli("topics").stdout
    assert "toypaper" in out and "toypaper-verify" in out
    assert "tsne" in out and "iclr26-verify" in out  # the built-in ones, the same way
    listed = env.cli("list", "--topic", "toypaper").stdout
    assert "toypaper.eq1.geometric_sum" in listed and "toypaper.sec3.gain_positive" in listed


def test_outside_topic_checked_in_parallel_then_rejudged_after_an_edit(env):
    reports = env.path / "reports"
    first = env.cli("check", "--topic", "toypaper", "--jobs", "2", "--json",
                    "--reports", str(reports))
    assert _verdicts(first.stdout) == {"toypaper.thm1.cauchy_schwarz": "verified",
                                       "toypaper.eq1.geometric_sum": "verified",
                                       "toypaper.sec3.gain_positive": "verified"}
    doc = json.loads((reports / "claims.partial.json").read_text())
    where = {r["id"]: r.get("source") for r in doc["claims"]}
    # locations relative to the topic's package, never a machine's absolute path
    assert where["toypaper.eq1.geometric_sum"].startswith("toypaper/claims.py:")
    report = (reports / "REPORT.partial.md").read_text()
    assert "## toypaper" in report and "A toy paper: a bound, an identity" in report

    maths = env.paper / "toypaper" / "_maths.py"
    original = maths.read_text()
    maths.write_text(original.replace("return (1.0 - r**n) / (1.0 - r)",
                                      "return (1.0 - r**n) / (1.0 - r) * (1 + 1e-6)"))
    try:
        second = env.cli("check", "--topic", "toypaper", "--jobs", "2", "--json", "--no-report",
                         check=False)
    finally:
        maths.write_text(original)  # the other tests use the paper as published
    assert second.returncode == 1, second.stderr  # the broken identity misses its verdict
    got = _verdicts(second.stdout)
    assert got["toypaper.eq1.geometric_sum"] == "refuted"  # re-judged, not served stale
    assert got["toypaper.thm1.cauchy_schwarz"] == "verified"


def test_outside_topic_notebook_is_executed(env):
    """The notebook a topic names (``Topic.notebook``) runs with ``iclr26-verify notebooks``."""
    from iclr26_verify.outputs.cli import QUICK_REPORTS

    out = env.cli("notebooks", "--topic", "toypaper", "--quick", "--jobs", "1")
    executed = env.path / QUICK_REPORTS / "notebooks" / "toypaper.ipynb"  # a quick run's folder
    assert executed.is_file(), out.stdout + out.stderr
    text = executed.read_text()
    assert "toypaper.eq1.geometric_sum: verified" in text, text[-2000:]


def test_broken_plugin_is_named_and_others_still_load(env, tmp_path):
    dist = _site_packages(env.path) / "brokenpaper-0.1.dist-info"
    dist.mkdir()
    try:
        (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: brokenpaper\n"
                                       "Version: 0.1\n")
        (dist / "entry_points.txt").write_text(
            "[iclr26_verify.topics]\nbrokenpaper = brokenpaper_missing.topic:TOPIC\n")
        out = env.cli("topics", check=False)
        assert out.returncode == 1
        assert "brokenpaper" in out.stdout and "ModuleNotFoundError" in out.stdout
        assert "toypaper" in out.stdout and "multisets" in out.stdout
        check = env.cli("check", "--topic", "toypaper", "--theory-only", "--no-report",
                        "--jobs", "1", check=False)
        assert "topic 'brokenpaper' cannot be loaded" in check.stdout + check.stderr
        assert "toypaper" in check.stdout
    finally:
        shutil.rmtree(dist)


def test_new_skeleton_passes_its_own_check(env):
    dest = env.path / "authors"
    dest.mkdir()
    env.cli("new", "mypaper", "--dest", str(dest))
    project = dest / "mypaper"
    assert (project / "pyproject.toml").is_file() and (project / "notebooks/mypaper.py").is_file()
    again = env.cli("new", "mypaper", "--dest", str(dest), check=False)
    assert again.returncode == 2 and "never writes over" in again.stderr
    env.install(project)
    check = env.cli("check", "--topic", "mypaper", "--jobs", "1", "--no-report", "--json")
    assert _verdicts(check.stdout) == {"mypaper.eq1.geometric_sum": "verified"}
    figures = env.cli("figures", "--topic", "mypaper", "--quick", "--jobs", "1",
                      "--out", str(env.path / "figures"))
    assert (env.path / "figures" / "mypaper" / "geometric_sum.png").is_file(), figures.stdout
    tests = env.run("-m", "pytest", "-q", "-p", "no:cacheprovider", cwd=project)
    assert "2 passed" in tests.stdout
    env.run("-c", "import runpy; runpy.run_path('notebooks/mypaper.py')", cwd=project)
    from iclr26_verify.outputs.cli import QUICK_REPORTS

    notebooks = env.cli("notebooks", "--topic", "mypaper", "--quick", "--jobs", "1")
    assert (env.path / QUICK_REPORTS / "notebooks" / "mypaper.ipynb").is_file(), notebooks.stdout


def test_outside_topic_gets_a_page_on_its_site(env):
    """An author's own Sphinx site, with the extension that ships in the package, builds a page
    for the outside paper from its report."""
    reports = env.path / "site_reports"
    env.cli("check", "--topic", "toypaper", "--theory-only", "--jobs", "1", "--reports",
            str(reports))
    (reports / "claims.partial.json").rename(reports / "claims.json")
    docs = env.path / "site" / "docs"
    docs.mkdir(parents=True)
    (docs / "conf.py").write_text(
        'extensions = ["myst_nb", "sphinx.ext.autodoc", "iclr26_verify.outputs.sphinx"]\n'
        'exclude_patterns = ["_build"]\nsuppress_warnings = ["toc.not_included"]\n')
    (docs / "index.md").write_text("# My paper\n\n```{toctree}\n_generated/papers/index\n```\n")
    env.env["ICLR26_DOCS_REPORTS"] = str(reports)
    try:
        build = env.run("-m", "sphinx", "-q", "-b", "html", str(docs), str(docs / "_build"),
                        check=False)
    finally:
        del env.env["ICLR26_DOCS_REPORTS"]
    page = docs / "_build" / "papers" / "toypaper.html"
    page = page if page.exists() else docs / "_build" / "_generated" / "papers" / "toypaper.html"
    assert page.is_file(), build.stdout + build.stderr
    text = page.read_text()
    assert "A toy paper" in text and "toypaper.eq1.geometric_sum" in text
