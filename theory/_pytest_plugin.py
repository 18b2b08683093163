"""Shared pytest configuration for ``theory/`` and ``tests/``, a plugin loaded by the
repository's ``conftest.py`` and by ``theory/conftest.py`` (so ``pytest --pyargs theory`` from an
installed package has the same fixtures and markers).

* ``seed`` fixture: 42 by default; ``ICLR26_TESTS_SEED=all`` sweeps 0..99 and ``=N`` pins one.
  Library functions take ``rng``/``random_state``; tests never touch global RNG state.
* ``slow`` marker: skipped unless ``--runslow`` is given.
* ``tol``: the tolerance policy of :mod:`theory.tolerances`.
* A test that leaves mpmath's global precision changed fails (and the precision is restored):
  checks evaluated later in the same worker would otherwise round differently.
* Runs are serial (``ICLR26_JOBS=1``) unless a test starts a cluster itself, and experiments are
  cached in a result store private to the session (``ICLR26_CACHE_DIR``), shared with the
  notebook kernels it starts, and removed at the end: a test never reads a developer's cache.
"""

import os
import shutil
import tempfile

import matplotlib
import pytest

matplotlib.use("Agg")

os.environ.setdefault("ICLR26_JOBS", "1")
_SESSION_CACHE = None
if "ICLR26_CACHE_DIR" not in os.environ:
    _SESSION_CACHE = tempfile.mkdtemp(prefix="iclr26-test-cache-")
    os.environ["ICLR26_CACHE_DIR"] = _SESSION_CACHE


def pytest_sessionfinish(session, exitstatus):
    if _SESSION_CACHE is not None:
        shutil.rmtree(_SESSION_CACHE, ignore_errors=True)


def pytest_addoption(parser):
    parser.addoption("--runslow", action="store_true", default=False, help="run slow checks")


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: long checks, skipped unless --runslow is given")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--runslow"):
        return
    skip = pytest.mark.skip(reason="slow: pass --runslow to run")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


def _seeds():
    value = os.environ.get("ICLR26_TESTS_SEED", "42")
    return list(range(100)) if value == "all" else [int(value)]


def pytest_generate_tests(metafunc):
    if "seed" in metafunc.fixturenames:
        metafunc.parametrize("seed", _seeds())


@pytest.fixture
def tol():
    from theory import tolerances

    return tolerances


@pytest.fixture(autouse=True)
def _mpmath_precision_unchanged():
    import mpmath

    before = mpmath.mp.prec
    yield
    after = mpmath.mp.prec
    mpmath.mp.prec = before
    assert after == before, (f"the test left mpmath's global precision at {after} bits "
                             f"(was {before}): use mpmath.workdps(...) as a context")
