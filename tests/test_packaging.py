"""The package as a user installs it: the wheel holds only the project's own top-level packages,
and from an installation outside the repository the shipped theory tests find their fixtures,
the result store lives in the user's cache folder, and nothing is written under the
installation (issue: installed from a wheel)."""

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.xdist_group("wheel")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    # setuptools leaves build/ in the source tree: removed again unless it was there before
    had_build = (ROOT / "build").exists()
    try:
        # no build isolation: the venv's setuptools builds it offline
        subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps",
                        "--no-build-isolation", "-q", "-w", str(out), str(ROOT)], check=True,
                       capture_output=True)
    finally:
        if not had_build:
            shutil.rmtree(ROOT / "build", ignore_errors=True)
    (whl,) = out.glob("iclr26_verify-*.whl")
    return whl


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    target = tmp_path_factory.mktemp("site")
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-compile", "-q",
                    "--target", str(target), str(wheel)], check=True, capture_output=True)
    return target


def _files(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*")
            if p.is_file() and "__pycache__" not in p.parts}


def test_wheel_has_only_our_top_level_packages(wheel):
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
    top = {n.split("/", 1)[0] for n in names if not n.split("/", 1)[0].endswith(".dist-info")}
    assert top == {"iclr26_verify", "theory", "numerics"}, sorted(top)
    # the topics are plugins of the distribution itself, and the site extension ships with it
    eps = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    with zipfile.ZipFile(wheel) as z:
        text = z.read(eps).decode()
    assert "[iclr26_verify.topics]" in text and "tsne = theory.tsne.topic:TOPIC" in text
    assert "iclr26_verify/outputs/sphinx.py" in names
    # the shipped tests' fixtures and markers, and the licence in the metadata
    assert {"theory/conftest.py", "theory/_pytest_plugin.py"} <= set(names)
    meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
    with zipfile.ZipFile(wheel) as z:
        text = z.read(meta).decode()
    assert "License-Expression: BSD-3-Clause" in text


def test_installed_theory_tests_and_store(installed, tmp_path):
    env = {**os.environ, "PYTHONPATH": str(installed), "PYTHONDONTWRITEBYTECODE": "1",
           "XDG_CACHE_HOME": str(tmp_path / "xdg")}
    env.pop("ICLR26_CACHE_DIR", None)
    before = _files(installed)
    where = subprocess.run(
        [sys.executable, "-c", ("import theory, iclr26_verify.run.store as s; "
                                "print(theory.__file__); print(s.cache_dir())")],
        cwd=tmp_path, env=env, capture_output=True, text=True, check=True).stdout.split()
    assert where[0].startswith(str(installed)), where
    assert where[1] == str(tmp_path / "xdg" / "iclr26-verify"), where
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--pyargs",
         "theory.tsne", "theory.multisets"],
        cwd=tmp_path, env=env, capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert " passed" in run.stdout and "error" not in run.stdout.splitlines()[-1]
    assert _files(installed) == before, sorted(_files(installed) - before)[:10]


def test_commands_that_need_the_checkout_say_so_from_an_install(installed, tmp_path):
    env = {**os.environ, "PYTHONPATH": str(installed), "PYTHONDONTWRITEBYTECODE": "1",
           "XDG_CACHE_HOME": str(tmp_path / "xdg")}
    env.pop("ICLR26_CACHE_DIR", None)

    def cli(*args):
        return subprocess.run([sys.executable, "-m", "iclr26_verify.outputs.cli", *args], cwd=tmp_path,
                              env=env, capture_output=True, text=True, timeout=300,
                              check=False)

    for args, needs in ((("notebooks", "--jobs", "1"), "notebook sources"),
                        (("bench", "--quick"), "ship with the repository")):
        r = cli(*args)
        assert r.returncode == 2 and needs in r.stderr, (args, r.stdout[-500:], r.stderr[-500:])
        assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr
    r = cli("--cache-dir", str(tmp_path / "store"), "cache", "info")
    assert r.returncode == 0 and str(tmp_path / "store") in r.stdout.replace("\n", ""), r.stdout


def test_pip_uninstall_leaves_nothing_of_ours(wheel, tmp_path):
    """Installed into a virtual environment of its own and uninstalled by pip: no package, file
    or metadata of the distribution is left in its site-packages."""
    import venv

    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    site = env_dir / "lib" / f"python{sys.version_info.major}.{sys.version_info.minor}" / \
        "site-packages"
    before = _files(site)
    pip = [sys.executable, "-m", "pip", "--python", str(python)]
    subprocess.run([*pip, "install", "--no-deps", "--no-index", "-q", str(wheel)], check=True,
                   capture_output=True)
    assert {"theory", "numerics", "iclr26_verify"} <= {p.name for p in site.iterdir()}
    subprocess.run([*pip, "uninstall", "-y", "-q", "iclr26-verify"], check=True,
                   capture_output=True)
    left = {p.name for p in site.iterdir()} & {"theory", "numerics", "iclr26_verify"}
    assert not left, left
    assert _files(site) == before, sorted(_files(site) ^ before)[:10]
