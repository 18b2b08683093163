"""``iclr26-verify new NAME``: an installable skeleton of an outside paper that passes its check.

The skeleton is a distribution of its own: ``pyproject.toml`` with the entry point that registers
the topic, a package with the :class:`~iclr26_verify.registry.topics.Topic`, one claim, one figure,
a jupytext notebook and a test. ``pip install -e NAME`` then ``iclr26-verify check --topic NAME``.
"""

from __future__ import annotations

import re
from pathlib import Path

_NAME = re.compile(r"^[a-z][a-z0-9_]*$")

PYPROJECT = r'''
[build-system]
requires = ["setuptools>=77"]
build-backend = "setuptools.build_meta"

[project]
name = "{dist}"
version = "0.1.0"
description = "The claims of a paper, checked with iclr26-verify."
requires-python = ">=3.11"
dependencies = ["iclr26-verify"]

# The entry's name is the topic key (the first part of every claim id); its value the Topic.
[project.entry-points."iclr26_verify.topics"]
{name} = "{name}.topic:TOPIC"

[tool.setuptools]
packages = ["{name}"]

[tool.pytest.ini_options]
testpaths = ["tests"]
'''

INIT = r'''
"""{name}: the closed forms of the paper, checked with iclr26-verify (see claims.py)."""

from {name}._maths import geometric_sum

__all__ = ["geometric_sum"]
'''

TOPIC = r'''
"""Registers the topic (entry point ``{name}`` of ``iclr26_verify.topics``)."""

from iclr26_verify import Topic

TOPIC = Topic(
    key="{name}",
    title="Authors, Title of the paper (arXiv XXXX.XXXXX, venue year)",  # edit
    url="https://arxiv.org/abs/XXXX.XXXXX",  # edit
    modules=("{name}",),  # its claims* and figures* submodules are found on disk
    notebook="../notebooks/{name}.py",  # from this folder; `iclr26-verify notebooks` runs it
)
'''

MATHS = r'''
"""The paper's closed forms: one public function per formula."""


def geometric_sum(r: float, n: int) -> float:
    r"""Sum of the first ``n`` powers of ``r`` (replace with the paper's Eq. (1)).

    .. math:: \sum_{{k=0}}^{{n-1}} r^k = \frac{{1 - r^n}}{{1 - r}}, \quad r \ne 1.
    """
    return (1.0 - r**n) / (1.0 - r)
'''

CLAIMS = r'''
"""The paper's claims. Each declares where its statement comes from (source) and where it was
checked (setting); its check states its comparisons through a Judge; the verdict is derived."""

from iclr26_verify import Judge, claim
from {name}._maths import geometric_sum


@claim("{name}.eq1.geometric_sum", where="Eq. (1)",
       statement="$\\sum_{{k<n}} r^k = (1 - r^n)/(1 - r)$ for $r \\ne 1$.",
       evidence=("independent",),
       source=("printed", "the paper, version, section, Eq. (1)"),  # edit: where you read it
       setting="exact")
def _eq1():
    j = Judge()
    for r, n in ((0.5, 10), (-0.9, 7), (3.0, 5)):
        j.close(f"r={{r}} n={{n}}: closed form vs direct sum", geometric_sum(r, n),
                sum(r**k for k in range(n)), rtol=1e-12)
    return j.evidence(note="the closed form against the sum taken term by term")
'''

FIGURES = r'''
"""The paper's figures: ``fn(quick) -> (fig, table)``; the runner writes PNG and CSV."""

from iclr26_verify import figure


@figure("{name}", "geometric_sum", claims=("{name}.eq1.geometric_sum",))
def geometric_sum_figure(quick: bool = False):
    """The geometric sum of ratio 0.5 against its number of terms, with its limit 2."""
    import matplotlib.pyplot as plt

    from {name}._maths import geometric_sum

    ns = list(range(1, 11 if quick else 21))
    values = [geometric_sum(0.5, n) for n in ns]
    fig, ax = plt.subplots(figsize=(4, 3))
    ax.plot(ns, values, "o-", label="closed form")
    ax.axhline(2.0, color="grey", linestyle="--", label="limit 2")
    ax.set(xlabel="terms n", ylabel="sum", title="geometric sum, r = 0.5")
    ax.legend()
    return fig, {{"n": ns, "sum": values}}
'''

NOTEBOOK = r'''
# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
# ---

# %% [markdown]
# # {name}: the paper's claims, checked

# %%
import os

QUICK = os.environ.get("QUICK", "0") == "1"

# %%
from iclr26_verify import discover

for c in discover(("{name}",)):
    r = c.run(quick=QUICK)
    print(c.id, r.verdict)
'''

TEST = r'''
"""Every claim of the topic reaches the verdict it expects."""

import pytest

from iclr26_verify import discover

CLAIMS = discover(("{name}",))


def test_topic_registers_claims():
    assert CLAIMS


@pytest.mark.parametrize("c", CLAIMS, ids=lambda c: c.id)
def test_claim_on_target(c):
    r = c.run()
    assert r.on_target, r.explain()
'''

README = r'''
# {name}

The claims of a paper, checked with [iclr26-verify](https://github.com/): a topic registered by
the entry point `{name}` of the group `iclr26_verify.topics` (see `pyproject.toml`).

```
pip install -e .
iclr26-verify list --topic {name}
iclr26-verify check --topic {name}
pytest
```
'''


def files(name: str) -> dict[str, str]:
    """The skeleton's files, by path relative to its folder."""
    fill = {"name": name, "dist": name.replace("_", "-") + "-verify"}
    out = {
        "pyproject.toml": PYPROJECT.format(**fill),
        "README.md": README.format(**fill),
        f"{name}/__init__.py": INIT.format(**fill),
        f"{name}/topic.py": TOPIC.format(**fill),
        f"{name}/_maths.py": MATHS.format(**fill),
        f"{name}/claims.py": CLAIMS.format(**fill),
        f"{name}/figures.py": FIGURES.format(**fill),
        f"notebooks/{name}.py": NOTEBOOK.format(**fill),
        f"tests/test_{name}.py": TEST.format(**fill),
    }
    return {rel: text.lstrip("\n") for rel, text in out.items()}


def write(name: str, dest: str | Path = ".") -> Path:
    """Write the skeleton of topic ``name`` into ``dest/name``; return that folder."""
    from iclr26_verify.registry import topics

    if not isinstance(name, str) or not _NAME.match(name):
        raise ValueError(f"The 'name' parameter of new must match {_NAME.pattern} (it is the "
                         f"topic key and the package name). Got {name!r} instead.")
    if name in topics.keys():  # noqa: SIM118 - a function of the registry, not a dict
        raise ValueError(f"The 'name' parameter of new must not be a registered topic key "
                         f"({', '.join(topics.keys())}). Got {name!r} instead.")
    folder = Path(dest) / name
    if folder.exists():
        raise ValueError(f"The folder {str(folder)!r} exists; `new` never writes over files. "
                         "Choose another name or --dest.")
    for rel, text in files(name).items():
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return folder
