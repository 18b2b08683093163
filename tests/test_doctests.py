"""The ``Examples`` sections of the theory modules run as doctests and print what they say.

Collected from every private implementation module ``theory/<topic>/_*.py`` (where the public
functions live; their ``__init__`` only re-exports). Each topic documents its headline closed
forms with at least two examples, so a reader can try them and they cannot drift from the code.
"""

import doctest
import importlib
from pathlib import Path

import pytest

import theory

ROOT = Path(__file__).resolve().parent.parent
MODULES = sorted(f"theory.{p.parent.name}.{p.stem}" for t in theory.TOPICS
                 for p in (ROOT / "theory" / t).glob("_*.py") if p.stem != "__init__")
FLAGS = doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS


def _tests(module: str) -> list[doctest.DocTest]:
    mod = importlib.import_module(module)
    # only objects defined in the module itself (re-exports are tested where they live)
    finder = doctest.DocTestFinder(exclude_empty=True)
    return [t for t in finder.find(mod, module, globs={}) if t.examples]


@pytest.mark.parametrize("module", [m for m in MODULES if _tests(m)])
def test_examples_in_docstrings_run(module):
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    for test in _tests(module):
        runner.run(test)
    failed, attempted = runner.summarize(verbose=False)
    assert attempted and not failed, f"{failed} of {attempted} doctest examples failed in {module}"


@pytest.mark.parametrize("topic", theory.TOPICS)
def test_every_topic_has_docstring_examples(topic):
    functions = {t.name for m in MODULES if m.startswith(f"theory.{topic}.") for t in _tests(m)}
    assert len(functions) >= 2, (topic, sorted(functions))
