"""Where the work runs: in this process, on a local Dask cluster (``--jobs N``), or on an
existing Dask cluster (``--scheduler ADDRESS``).

Each unit of work (a claim, a figure, a notebook, a sweep cell) is a task: a module-level
function and picklable arguments. Tasks are seeded by their own arguments, never by the process
they land in, and torch runs one thread per worker, so verdicts and every reported number are
those of the serial run. ``jobs=1`` without a scheduler is a plain loop with no Dask import.

A worker that dies mid-task (killed, out of memory) has its tasks rescheduled on the others by
the Dask scheduler (and a local cluster's nanny restarts it); a task that keeps killing workers
fails after ``distributed.scheduler.allowed-failures`` tries.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from numerics import store
from numerics.store import Uncached, experiment


class SchedulerUnreachable(RuntimeError):
    """``--scheduler`` named an address where no Dask scheduler answered."""


def machine() -> dict:
    """The CPU model, the number of cores and the OS: absolute times depend on them."""
    import platform

    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next((line.split(":", 1)[1].strip() for line in f
                        if line.startswith("model name")), cpu)
    except OSError:  # not Linux
        pass
    return {"cpu": cpu, "cores": os.cpu_count(), "os": platform.system(),
            "python": platform.python_version()}


def default_jobs() -> int:
    """``$ICLR26_JOBS`` if set, else the number of cores."""
    env = os.environ.get("ICLR26_JOBS")
    if env:
        try:
            value = int(env)
        except ValueError:
            value = 0
        if value < 1:
            raise ValueError(f"The 'ICLR26_JOBS' environment variable must be an int >= 1. "
                             f"Got {env!r} instead.")
        return value
    return max(1, os.cpu_count() or 1)


class _QuietUnavailable(logging.Filter):
    """Drops the worker's "Compute Failed" report of a task that raised ``Unavailable``: a check
    that cannot run at these sizes says so by design, and the client reports it as such (an
    undecided or unavailable row), so the worker's traceback is noise."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "Unavailable(" not in record.getMessage()


def _one_thread_worker():
    """Set on every worker: BLAS and torch use one thread (the cores are the workers), and an
    expected ``Unavailable`` is not logged as a failure."""
    log = logging.getLogger("distributed.worker")
    if not any(isinstance(f, _QuietUnavailable) for f in log.filters):
        log.addFilter(_QuietUnavailable())
    for var in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
        os.environ[var] = "1"
    try:
        import torch

        torch.set_num_threads(1)
    except ImportError:  # pragma: no cover - torch is a dependency
        pass


@contextlib.contextmanager
def single_thread(torch_too: bool = True):
    """torch and the BLAS/OpenMP pools on one thread for the duration, then as they were.

    Every experiment and claim runs inside this, serially as on a worker: floating-point sums
    split over a different number of threads round differently, and a training run amplifies
    the last bit, so without it a serial run and a parallel one report different numbers.
    Parallelism comes from running experiments side by side (``--jobs``), not inside one.
    With ``torch_too=False`` torch is limited only if something already imported it.
    """
    from threadpoolctl import threadpool_limits

    torch = sys.modules.get("torch")
    if torch is None and torch_too:  # a theory claim (torch_too=False) never imports torch
        try:
            import torch
        except ImportError:  # pragma: no cover - torch is a dependency
            torch = None
    before = torch.get_num_threads() if torch is not None else None
    with threadpool_limits(limits=1):
        if torch is not None and before != 1:
            torch.set_num_threads(1)
        try:
            yield
        finally:
            if torch is not None and before != 1:
                torch.set_num_threads(before)


def _setup_worker(block: int) -> int:
    """Run on every worker when a run connects: one thread, and the client's seed block (a
    remote ``dask worker`` does not see the client's ``ICLR26_SEED_BLOCK``). A worker that
    already shifted its seeds by another block cannot be switched: it refuses, and the run
    stops before any task is computed with the wrong seeds."""
    from numerics import seeds, store

    _one_thread_worker()
    os.environ[seeds.ENV] = str(block)
    installed = seeds.install(block)
    if installed != block:
        raise RuntimeError(f"this Dask worker already draws seed block {installed} and the run "
                           f"asks for block {block}; restart the workers")
    # the block is part of every store key: recompute the cached environment digest
    store.environment.cache_clear()
    store.code_digest.cache_clear()
    return block


def _call(fn, args, kwargs):
    _one_thread_worker()
    return fn(*args, **kwargs)


def _land(result):
    """Write on the client the output files a task computed on a worker (a remote worker writes
    under its own working folder); files already there with the same bytes are left alone."""
    files = getattr(result, "files", None)
    if not files:
        return result
    from numerics._atomic import atomic_path

    for name, data in files.items():
        path = Path(name)
        if path.is_file() and path.read_bytes() == data:
            continue
        with atomic_path(path) as tmp:
            Path(tmp).write_bytes(data)
    return replace(result, files=None)


@dataclass
class Executor:
    """Runs tasks serially or through a Dask client; ``map`` keeps the input order."""

    client: object | None = None
    cluster: object | None = None

    @property
    def parallel(self) -> bool:
        return self.client is not None

    @property
    def workers(self) -> int:
        if self.client is None:
            return 1
        return len(self.client.scheduler_info().get("workers", {})) or 1

    def map(self, fn: Callable, items: Iterable, *, key: Callable = str,
            on_done: Callable | None = None, **kwargs) -> list:
        """``[fn(item, **kwargs) for item in items]``, in parallel when a client is set;
        ``on_done(item, result)`` is called as each task completes (for progress bars)."""
        items = list(items)
        if self.client is None:
            out = []
            for item in items:
                res = fn(item, **kwargs)
                if on_done:
                    on_done(item, res)
                out.append(res)
            return out
        from distributed import as_completed

        futures = [self.client.submit(_call, fn, (item,), kwargs, pure=False,
                                      key=f"{getattr(fn, '__name__', 'task')}-{key(item)}-{i}")
                   for i, item in enumerate(items)]
        index = {f.key: i for i, f in enumerate(futures)}
        out = [None] * len(items)
        for fut in as_completed(futures, loop=self.client.loop):
            i = index[fut.key]
            out[i] = _land(fut.result())
            if on_done:
                on_done(items[i], out[i])
        return out

    def close(self) -> None:
        if self.client is not None:
            self.client.close()
        if self.cluster is not None:
            self.cluster.close()


def worker_config() -> dict:
    """Dask settings that made a worker 1.6x slower than a plain process on the same task.

    - The nanny starts workers with ``MALLOC_TRIM_THRESHOLD_=65536``: glibc then hands every
      freed block above 64 KiB back to the OS, and the next tensor of that size page-faults its
      memory in again. A training step allocates many such tensors: one full ``pcg`` ``icl_run``
      call took 30 s in a worker against 19.5 s without the setting (2-core AMD EPYC, torch on
      one thread, nothing else running).
    - The worker's sampling profiler walks every thread's stack every 10 ms (another ~10 %).

    Neither changes a result: only where memory comes from and whether stacks are sampled.
    """
    import dask

    environ = dict(dask.config.get("distributed.nanny.pre-spawn-environ", {}))
    environ.pop("MALLOC_TRIM_THRESHOLD_", None)
    return {"distributed.nanny.pre-spawn-environ": environ,
            "distributed.worker.profile.enabled": False}


@contextlib.contextmanager
def executor(jobs: int | None = None, scheduler: str | None = None,
             timeout: float = 5.0) -> Iterator[Executor]:
    """An :class:`Executor` for ``--jobs``/``--scheduler``; closes the cluster it started.

    Raises :class:`SchedulerUnreachable` within ``timeout`` seconds when ``scheduler`` does not
    answer, and ``ValueError`` for ``jobs < 1``.
    """
    if jobs is not None and (isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1):
        raise ValueError(f"The 'jobs' parameter of executor must be an int >= 1. "
                         f"Got {jobs!r} instead.")
    if scheduler is None and (jobs or default_jobs()) == 1:
        yield Executor()
        return
    import dask
    from distributed import Client

    ex = Executor()
    # the result store is shared through the environment: workers inherit it
    dask.config.set({"distributed.worker.daemon": False, **worker_config()})
    try:
        if scheduler is not None:
            try:
                ex.client = Client(scheduler, timeout=timeout, set_as_default=False)
            except (OSError, TimeoutError) as exc:
                raise SchedulerUnreachable(
                    f"no Dask scheduler answered at {scheduler!r} within {timeout:g} s "
                    f"({type(exc).__name__}); start one with `dask scheduler` and pass its "
                    "address (tcp://host:8786)") from None
        else:
            from distributed import LocalCluster

            # the scheduler's HTTP server on a free port: on the default one a second run (or
            # any other Dask) prints that the port is taken
            ex.cluster = LocalCluster(n_workers=jobs or default_jobs(), threads_per_worker=1,
                                      processes=True, dashboard_address=":0",
                                      silence_logs=logging.ERROR)
            ex.client = Client(ex.cluster, set_as_default=False)
        from numerics import seeds

        ex.client.run(_setup_worker, seeds.block())
        yield ex
    finally:
        ex.close()


def current_worker():
    """The Dask worker this code runs on, or ``None`` (never imports Dask for a serial run)."""
    if "distributed" not in sys.modules:
        return None
    from distributed import get_worker

    try:
        return get_worker()
    except ValueError:
        return None


def _experiment_key(exp, args: tuple, kwargs: dict) -> str:
    from dask.base import tokenize

    digest = exp.code_digest(args, kwargs)
    return f"experiment-{exp.experiment_name}-{tokenize(digest, args, kwargs)}"


def _resolve(module: str, qualname: str):
    import importlib

    obj = importlib.import_module(module)
    for part in qualname.split("."):
        obj = getattr(obj, part)
    return obj


def _experiment_task(module: str, qualname: str, args: tuple, kwargs: dict):
    """Run (or load) one experiment on the worker this task landed on."""
    _one_thread_worker()
    return _resolve(module, qualname).here(*args, **kwargs)


def _submit_experiment(client, exp, args: tuple, kwargs: dict):
    # The key names the experiment, its code and its arguments: a second submission while the
    # first is pending or held refers to the same task (the scheduler does not run it twice).
    return client.submit(_experiment_task, exp.__module__, exp.__qualname__, args, kwargs,
                         key=_experiment_key(exp, args, kwargs), pure=False)


def shared_experiment(exp, args: tuple, kwargs: dict):
    """Result of the :func:`numerics.store.experiment` ``exp`` for these arguments.

    Outside a Dask task (or for an experiment not defined at module level) it is loaded or
    computed here. Inside one it is a task of the cluster keyed by the experiment's name, code
    digest and arguments; the calling task secedes while it waits, so its worker stays free.
    """
    if current_worker() is None or not exp.importable:
        with single_thread():
            return exp.here(*args, **kwargs)
    from distributed import worker_client

    t0 = time.perf_counter()
    with worker_client() as client:
        out = _submit_experiment(client, exp, args, kwargs).result()
    store.child_time(time.perf_counter() - t0)  # its time is that task's
    return out


def map_cells(fn: Callable, cells: Iterable, **kwargs) -> list:
    """``[fn(cell, **kwargs) for cell in cells]``: the cells of a sweep, as tasks of the running
    Dask cluster when called inside one of its tasks, else a plain loop.

    Inside a worker the calling task secedes from the worker's thread pool while it waits
    (``worker_client``), so the cells run on every worker, this one included. ``fn`` must be a
    module-level function; when it is an experiment (:func:`numerics.store.experiment`) each cell
    is cached, and two sweeps submitting the same cell share one task.
    """
    cells = list(cells)
    if current_worker() is None or len(cells) < 2:
        return [fn(c, **kwargs) for c in cells]
    from distributed import worker_client

    t0 = time.perf_counter()
    with worker_client() as client:
        if getattr(fn, "importable", False):
            futures = [_submit_experiment(client, fn, (c,), kwargs) for c in cells]
        else:
            futures = client.map(_call, [fn] * len(cells), [(c,) for c in cells],
                                 [kwargs] * len(cells), pure=False)
        out = client.gather(futures)
    store.child_time(time.perf_counter() - t0)
    return out


# ---------------------------------------------------------------------------------------------
# Timings (``reproduce --profile``): each task and each experiment call that reached the disk
# store is recorded in the process that ran it; the client gathers them from every worker.
#: ``{"phase", "topic", "item", "seconds", "pid"}`` of each claim, figure and notebook task run
#: in this process.
TASK_TIMINGS: list[dict] = []


@contextlib.contextmanager
def _timed(phase: str, topic: str, item: str):
    t0 = time.perf_counter()
    try:
        yield
    finally:
        TASK_TIMINGS.append({"phase": phase, "topic": topic, "item": item,
                             "seconds": time.perf_counter() - t0, "pid": os.getpid()})


def _local_timings(reset: bool = False) -> tuple[list, list]:
    out = (list(TASK_TIMINGS), list(store.TIMINGS))
    if reset:
        TASK_TIMINGS.clear()
        store.TIMINGS.clear()
    return out


def collect_timings(ex: Executor | None = None, *, reset: bool = False) -> tuple[list, list]:
    """(task timings, experiment timings) of this process and of every worker of ``ex``;
    ``reset`` empties them where they are (call it once before a profiled run)."""
    tasks, exps = _local_timings(reset)
    if ex is not None and ex.client is not None:
        for t, e in ex.client.run(_local_timings, reset).values():
            tasks += t
            exps += e
    return tasks, exps


# ---------------------------------------------------------------------------------------------
# Tasks: module-level functions of picklable arguments, importable on any worker.
def claim_task(claim_id: str, *, quick: bool = False, kinds=("theory", "empirical")):
    """Run one registered claim; return what rebuilds its Result on the client.

    The outcome is kept in the result store like an experiment (keyed by the claim, the mode
    and the code of its topic and of the registry), so a second ``check`` with nothing changed
    re-judges nothing; a claim whose check raised, or that is unavailable, is not stored.
    ``kinds`` only says which kinds the caller selected: the outcome does not depend on it.
    """
    with _timed("claims", _claim_topic(claim_id), claim_id):
        return claim_outcome(claim_id, bool(quick))


def _claim_topic(claim_id: str, quick: bool = False) -> str:
    return claim_id.split(".", 1)[0]


# not a shared task: a claim already is a task of its own
@experiment(maxsize=1024, topic=_claim_topic, shared=False, consumers=True,
            extra_code=("iclr26_verify/registry", "theory/__init__.py", "numerics/stats.py"))
def claim_outcome(claim_id: str, quick: bool = False):
    """(evidence, verdict, seconds, error) of one claim, kept in the result store."""
    from theory.claims import discover

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
    outputs were up to date and left as they are: :mod:`numerics.renders`)."""

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
    from numerics.figures import discover_figures, render
    from numerics.renders import build_unless_current, figure_key

    topic, name = key
    spec = next(s for s in discover_figures((topic,)) if s.name == name)
    try:
        with _timed("figures", topic, name):
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
    from numerics.notebooks import execute
    from numerics.renders import build_unless_current, notebook_key

    target = Path(source).with_suffix(".ipynb")
    if out_dir is not None:
        target = Path(out_dir) / target.name
        target.parent.mkdir(parents=True, exist_ok=True)

    def build():
        execute(source, quick=quick, out_path=target)
        return [target]

    topic = Path(source).stem.split("_", 1)[-1]
    try:
        # the notebook's experiments run in its kernel (another process): only its wall time
        with _timed("notebooks", topic, Path(source).name):
            current = build_unless_current("notebook", notebook_key(source, quick, target),
                                           build)
    except Exception as exc:  # noqa: BLE001 - reported by the caller, then exit 1
        return Built(f"{Path(source).name}: {type(exc).__name__}: {str(exc)[-2000:]}")
    return Built(current=current, files=_shipped((target,)))
