"""Execute the paired notebooks: ``notebooks/NN_<topic>.py`` (jupytext py:percent, the reviewed
source) becomes an executed ``notebooks/NN_<topic>.ipynb`` through nbclient.

With ``quick=True`` the environment variable ``QUICK=1`` is set for the kernel, and the notebooks
use small sizes.
"""

from __future__ import annotations

import os
from pathlib import Path

NOTEBOOK_DIR = Path(__file__).resolve().parent.parent / "notebooks"


def notebook_sources(folder: str | Path = NOTEBOOK_DIR) -> list[Path]:
    return sorted(Path(folder).glob("[0-9][0-9]_*.py"))


def execute(source: str | Path, *, quick: bool = False, timeout: int = 1200,
            out_path: str | Path | None = None):
    """Execute one py:percent notebook; write the ``.ipynb`` unless ``out_path`` is False."""
    import jupytext
    import nbformat
    from nbclient import NotebookClient

    from numerics._atomic import atomic_path

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
