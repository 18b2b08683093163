"""The units of work of a run: one claim, one figure, one notebook, each a module-level
function of picklable arguments that any worker can import (:mod:`iclr26_verify.run.cluster`
decides where it runs).

A claim's outcome is kept in the result store like an experiment; a figure or notebook is
rebuilt only when its key changed (:mod:`iclr26_verify.run.renders`). Output files written on a
remote worker travel back in :class:`Built` and are written on the client.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from iclr26_verify.run.cluster import current_worker, single_thread
from iclr26_verify.run.store import Uncached, experiment
from iclr26_verify.run.timing import timed


# ---------------------------------------------------------------------------------------------
# Tasks: module-level functions of picklable arguments, importable on any worker.
def claim_task(claim_id: str, *, quick: bool = False, kinds=("theory", "empirical")):
    """Run one registered claim; return what rebuilds its Result on the client.

    The outcome is kept in the result store like an experiment (keyed by the claim, the mode
    and the code of its topic and of the registry), so a second ``check`` with nothing changed
    re-judges nothing; a claim whose check raised, or that is unavailable, is not stored.
    ``kinds`` only says which kinds the caller selected: the outcome does not depend on it.
    """
    with timed("claims", _claim_topic(claim_id), claim_id):
        return claim_outcome(claim_id, bool(quick))


def _claim_topic(claim_id: str, quick: bool = False) -> str:
    return claim_id.split(".", 1)[0]


# not a shared task: a claim already is a task of its own
@experiment(maxsize=1024, topic=_claim_topic, shared=False, consumers=True,
            extra_code=("iclr26_verify/registry", "theory/__init__.py"))
def claim_outcome(claim_id: str, quick: bool = False):
    """(evidence, verdict, seconds, error) of one claim, kept in the result store."""
    from iclr26_verify.registry.claims import discover

    claim = next(c for c in discover((_claim_topic(claim_id),), ("theory", "empirical"))
                 if c.id == claim_id)
    with single_thread(torch_too=claim.kind == "empirical"):
        r = claim.run(quick=quick)
    outcome = (r.evidence, r.verdict, r.seconds, r.error)
    # an error may be transient, and an unavailable claim may be decided once its data is
    # installed (a change the code digest does not see): neither is stored
    if r.error is not None or r.verdict == "unavailable":
        raise Uncached(outcome)
    return outcome


@dataclass(frozen=True)
class Built:
    """What a figure or notebook task did: ``error`` (None on success), ``current`` (its
    outputs were up to date and left as they are: :mod:`iclr26_verify.run.renders`)."""

    error: str | None = None
    current: bool = False
    #: on a Dask worker: the bytes of the files it wrote, by the path the client writes them to
    files: dict[str, bytes] | None = None


def _shipped(paths) -> dict[str, bytes] | None:
    """The outputs' bytes when this runs on a Dask worker (see :func:`_land`), else ``None``."""
    if current_worker() is None:
        return None
    return {str(p): Path(p).read_bytes() for p in paths}


def figure_task(key: tuple[str, str], *, out: str = "figures", quick: bool = False,
                dpi: int = 150) -> Built:
    """Render one registered figure unless its PNG and CSV are up to date."""
    from iclr26_verify.run.figures import discover_figures, render
    from iclr26_verify.run.renders import build_unless_current, figure_key

    topic, name = key
    spec = next(s for s in discover_figures((topic,)) if s.name == name)
    try:
        with timed("figures", topic, name):
            current = build_unless_current("figure", figure_key(spec, out, quick, dpi),
                                           lambda: render(spec, out, quick=quick, dpi=dpi))
    except Exception as exc:  # noqa: BLE001 - reported by the caller, then exit 1
        return Built(f"{topic}/{name}: {type(exc).__name__}: {exc}")
    folder = Path(out) / topic
    return Built(current=current,
                 files=_shipped((folder / f"{name}.png", folder / f"{name}.csv")))


def notebook_task(source: str, *, quick: bool = False, out_dir: str | None = None) -> Built:
    """Execute one notebook unless its ``.ipynb`` is up to date; it is written beside its source,
    or into ``out_dir`` (a quick run's, so that it never replaces the full run's record)."""
    from iclr26_verify.run.notebooks import execute, notebook_topic
    from iclr26_verify.run.renders import build_unless_current, notebook_key

    target = Path(source).with_suffix(".ipynb")
    if out_dir is not None:
        target = Path(out_dir) / target.name
        target.parent.mkdir(parents=True, exist_ok=True)

    def build():
        execute(source, quick=quick, out_path=target)
        return [target]

    topic = notebook_topic(source)
    try:
        # the notebook's experiments run in its kernel (another process): only its wall time
        with timed("notebooks", topic, Path(source).name):
            current = build_unless_current("notebook", notebook_key(source, quick, target),
                                           build)
    except Exception as exc:  # noqa: BLE001 - reported by the caller, then exit 1
        return Built(f"{Path(source).name}: {type(exc).__name__}: {str(exc)[-2000:]}")
    return Built(current=current, files=_shipped((target,)))
