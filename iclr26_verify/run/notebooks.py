"""Execute the paired notebooks: ``notebooks/NN_<topic>.py`` (jupytext py:percent, the reviewed
source) becomes an executed ``notebooks/NN_<topic>.ipynb`` through nbclient. A topic of another
distribution names its own notebook (:attr:`~iclr26_verify.registry.topics.Topic.notebook`),
executed the same way and written beside its source.

With ``quick=True`` the environment variable ``QUICK=1`` is set for the kernel, and the notebooks
use small sizes.
"""

from __future__ import annotations

import os
from pathlib import Path

NOTEBOOK_DIR = Path(__file__).resolve().parents[2] / "notebooks"


def notebook_sources(folder: str | Path = NOTEBOOK_DIR) -> list[Path]:
    """The built-in notebooks ``NN_<topic>.py`` under ``folder``."""
    return sorted(Path(folder).glob("[0-9][0-9]_*.py"))


def topic_notebooks() -> dict[str, Path]:
    """``{key: source}`` of each registered topic that names a notebook of its own which exists
    (a named file that is missing is an error of the topic: said, not skipped)."""
    from iclr26_verify.registry import topics

    out = {}
    for key, topic in topics.topics().items():
        if topic.notebook is None:
            continue
        path = topic.notebook_path()
        if path is None or not path.is_file():
            raise FileNotFoundError(f"topic {key!r} names the notebook {topic.notebook!r}, "
                                    f"which is not at {path}")
        out[key] = path
    return out


def all_notebooks(folder: str | Path = NOTEBOOK_DIR) -> list[Path]:
    """The built-in notebooks, then the topics' own (:func:`topic_notebooks`)."""
    built_in = notebook_sources(folder)
    seen = {b.resolve() for b in built_in}
    return built_in + sorted(p for p in topic_notebooks().values() if p.resolve() not in seen)


def notebook_topic(source: str | Path) -> str:
    """The topic a notebook belongs to: the one that names it, else the ``<topic>`` of a
    built-in ``NN_<topic>.py``."""
    source = Path(source).resolve()
    for key, path in topic_notebooks().items():
        if path.resolve() == source:
            return key
    return source.stem.split("_", 1)[-1]


def execute(source: str | Path, *, quick: bool = False, timeout: int = 1200,
            out_path: str | Path | None = None):
    """Execute one py:percent notebook; write the ``.ipynb`` unless ``out_path`` is False."""
    import jupytext
    import nbformat
    from nbclient import NotebookClient

    from iclr26_verify.run._atomic import atomic_path

    source = Path(source)
    nb = jupytext.read(source)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    old = {k: os.environ.get(k) for k in ("QUICK", "MPLBACKEND")}
    # The executed record shows its figures inline; a quick smoke run needs no images.
    os.environ["MPLBACKEND"] = "Agg" if quick else "module://matplotlib_inline.backend_inline"
    if quick:
        os.environ["QUICK"] = "1"
    else:
        os.environ.pop("QUICK", None)
    try:
        NotebookClient(nb, timeout=timeout, kernel_name="python3",
                       resources={"metadata": {"path": str(source.parent.parent)}},
                       # a local kernel over loopback; its TCP warning is noise on every run
                       extra_arguments=["--IPKernelApp.log_level=ERROR"]).execute()
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    if out_path is not False:
        target = Path(out_path) if out_path else source.with_suffix(".ipynb")
        with atomic_path(target) as tmp:
            nbformat.write(nb, str(tmp))
    return nb


# --- the closing cell: each result's verdict in words, and a table of the claims -------------
#: One sentence per label: what the verdict says about the paper's statement.
VERDICT_WORDS = {
    "verified": "holds as checked",
    "refuted": "fails as printed or as released code (an error of the paper's artefacts; the "
               "card gives the counterexample and the correction)",
    "corrected": "is our corrected statement, and it holds",
    "sharpened": "is our sharpening of the paper's statement, and it holds",
    "extension": "is an extension of ours, and it holds",
    "sanity": "is a sanity check (true by construction; not counted as verification)",
    "reading_fails": "is a reading of ours that fails (not an error of the paper)",
    "not_reproduced": "is not reproduced on our analogue (stand-in data or scale)",
    "failed_prediction": "is a prediction of ours that failed",
    "undecided": "is undecided: the evidence at this budget cannot decide",
    "unavailable": "cannot be checked here (data, models or compute we do not have)",
    "error": "crashed in the last run",
}
_ORDER = tuple(VERDICT_WORDS)


def _report_rows(topic: str, report: str | Path | None) -> tuple[list[dict], str]:
    import json

    path = Path(report) if report else NOTEBOOK_DIR.parent / "reports" / "claims.json"
    if not path.is_file():
        return [], str(path)
    doc = json.loads(path.read_text())
    rows = [r for r in doc.get("claims", []) if r.get("topic") == topic]
    return rows, f"{path.name} ({doc.get('mode', 'unknown')} run of {doc.get('generated', '?')})"


def claims_table(topic: str, report: str | Path | None = None):
    """The topic's claims as a table (a pandas DataFrame, shown as an HTML table in a notebook):
    id, where in the paper, verdict, expected verdict and the statement, in the report's order."""
    import pandas as pd

    rows, _ = _report_rows(topic, report)
    return pd.DataFrame([{"claim": r["id"], "where": r.get("location") or "",
                          "verdict": r.get("label") or r["verdict"],
                          "as registered": "yes" if r.get("on_target", True) else
                          f"no (expected {r.get('expected_verdict')})",
                          "statement": r.get("statement") or ""} for r in rows])


def verdict_sentences(topic: str, report: str | Path | None = None) -> str:
    """The closing cell of a notebook, in Markdown: for each verdict, how many of the topic's
    claims reached it and which (a sentence each, with where it sits in the paper), read from
    the committed report (``reports/claims.json``) so that it states the full run's verdicts
    whatever size the notebook ran at."""
    rows, src = _report_rows(topic, report)
    if not rows:
        return (f"**Verdicts.** No report found ({src}): run `iclr26-verify check --topic "
                f"{topic}` first.")
    by: dict[str, list[dict]] = {}
    for r in rows:
        by.setdefault(r.get("label") or r["verdict"], []).append(r)
    held = sum(len(by.get(k, [])) for k in ("verified", "corrected", "sharpened", "extension"))
    lines = [(f"From {src}: {len(rows)} claims; {held} hold as checked, "
              f"{len(by.get('refuted', []))} are errors in the printed text or released code.")]
    for label in sorted(by, key=lambda k: _ORDER.index(k) if k in _ORDER else len(_ORDER)):
        these = by[label]
        words = VERDICT_WORDS.get(label, f"reached the verdict '{label}'")
        lines.append(f"\n**{label.replace('_', ' ')} ({len(these)}).** Each of these "
                     f"{words}:\n")
        for r in these:
            miss = ("" if r.get("on_target", True) else
                    f" **Not as registered: expected {r.get('expected_verdict')}.**")
            lines.append(f"- `{r['id']}` ({_md_maths(r.get('location') or 'no locator')}): "
                         f"{_md_maths(r.get('statement') or '')}{miss}")
    return "\n".join(lines)


def _md_maths(text: str) -> str:
    """A statement for a Markdown cell: ``$…$`` is left to MathJax; outside it ``x_{…}``,
    ``x^{…}`` and ``q_X`` become HTML subscripts and superscripts (as on the site), so no TeX
    brace or ASCII index shows."""
    import re

    parts = re.split(r"(\$[^$]+\$)", text)
    braced = r"\{((?:[^{}]|\{[^{}]*\})*)\}"
    for i in range(0, len(parts), 2):
        t = re.sub(r"(?<=\S)\^" + braced, r"<sup>\1</sup>", parts[i])
        t = re.sub(r"(?<=\S)_" + braced, r"<sub>\1</sub>", t)
        # q_X, d_M, min_r: one letter (or an operator) and a short index, never an identifier
        parts[i] = re.sub(r"(?<![\w.\\/-])([^\W\d_]|min|max)_([^\W_]{1,2})(?![\w{])",
                          r"\1<sub>\2</sub>", t)
    return "".join(parts)


def closing_cell(topic: str, report: str | Path | None = None):
    """What the last cell of every notebook shows: the verdicts in words, then the table."""
    from IPython.display import Markdown, display

    display(Markdown(verdict_sentences(topic, report)))
    display(claims_table(topic, report))
