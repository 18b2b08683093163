"""Shared pytest configuration for ``theory/`` and ``tests/``.

* ``seed`` fixture: 42 by default; ``ICLR26_TESTS_SEED=all`` sweeps 0..99 and ``=N`` pins one.
  Library functions take ``rng``/``random_state``; tests never touch global RNG state.
* ``slow`` marker: skipped unless ``--runslow`` is given.
* ``tol``: the tolerance policy of :mod:`theory.tolerances`.
"""

import os

import matplotlib
import pytest

matplotlib.use("Agg")


def pytest_addoption(parser):
    parser.addoption("--runslow", action="store_true", default=False, help="run slow checks")


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
