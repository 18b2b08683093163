"""Each notebook executes top to bottom in quick mode (QUICK=1) without a cell error."""

import pytest

from numerics.notebooks import execute, notebook_sources
from theory import TOPICS

SOURCES = notebook_sources()


@pytest.mark.parametrize("source", SOURCES, ids=[s.stem for s in SOURCES])
def test_notebook_executes_in_quick_mode(source, tmp_path):
    nb = execute(source, quick=True, timeout=600, out_path=tmp_path / f"{source.stem}.ipynb")
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
              if o.get("output_type") == "error"]
    assert not errors
    assert (tmp_path / f"{source.stem}.ipynb").exists()


def test_there_is_one_notebook_per_topic():
    stems = {s.stem.split("_", 1)[1] for s in SOURCES}
    assert stems == set(TOPICS)
