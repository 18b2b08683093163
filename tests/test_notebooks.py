"""Each notebook executes top to bottom in quick mode (QUICK=1) without a cell error."""

import pytest

from iclr26_verify.run.notebooks import execute, notebook_sources
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


def _cells(source):
    import jupytext

    return jupytext.read(source).cells


@pytest.mark.parametrize("source", SOURCES, ids=[s.stem for s in SOURCES])
def test_each_notebook_closes_with_its_verdicts_in_words(source):
    topic = source.stem.split("_", 1)[1]
    last = _cells(source)[-1]
    assert last.cell_type == "code" and f'closing_cell("{topic}")' in last.source, last.source


@pytest.mark.parametrize("source", SOURCES, ids=[s.stem for s in SOURCES])
def test_markdown_cells_show_no_raw_tex_braces(source):
    """Maths in a notebook's prose is rendered ($…$): no x_{…} or x^{…} outside it."""
    import re

    raw = []
    for cell in _cells(source):
        if cell.cell_type != "markdown":
            continue
        text = re.sub(r"\$\$.+?\$\$|\$[^$\n]+\$|`[^`\n]+`", "", cell.source, flags=re.DOTALL)
        raw += re.findall(r"\S[_^]\{[^}]*\}", text)
    assert not raw, raw[:5]


def test_the_closing_cell_states_every_claim_and_its_verdict():
    import json

    from iclr26_verify.run.notebooks import NOTEBOOK_DIR, claims_table, verdict_sentences

    rows = [r for r in json.loads((NOTEBOOK_DIR.parent / "reports" / "claims.json").read_text())
            ["claims"] if r["topic"] == "tsne"]
    text = verdict_sentences("tsne")
    assert all(f"`{r['id']}`" in text for r in rows)
    assert "holds as checked" in text and "fails as printed" in text
    assert "{'" not in text and "_{" not in text.replace("$", "\n").split("\n")[0]
    table = claims_table("tsne")
    assert len(table) == len(rows) and list(table.columns)[:3] == ["claim", "where", "verdict"]
    assert "No report found" in verdict_sentences("tsne", report="/nonexistent/claims.json")


def test_jupyter_execute_runs_a_notebook_from_the_venv(tmp_path):
    """``jupyter execute`` (nbclient's command, in the venv) runs a notebook that ends with the
    closing cell; its output is the verdicts in words and the table."""
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    import nbformat

    jupyter = Path(sys.executable).parent / "jupyter"
    if not jupyter.exists() and shutil.which("jupyter") is None:
        pytest.skip("jupyter is not installed beside this Python")
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "from iclr26_verify.run.notebooks import closing_cell\n\nclosing_cell('multisets')")])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    path = tmp_path / "closing.ipynb"
    nbformat.write(nb, str(path))
    proc = subprocess.run([str(jupyter if jupyter.exists() else "jupyter"), "execute",
                           "--inplace", str(path)], capture_output=True, text=True,
                          timeout=300, check=False, cwd=Path(__file__).resolve().parent.parent)
    assert proc.returncode == 0, proc.stderr[-2000:]
    outputs = nbformat.read(str(path), as_version=4).cells[0].outputs
    kinds = [set(o.get("data", {})) for o in outputs]
    assert any("text/markdown" in k for k in kinds) and any("text/html" in k for k in kinds)
