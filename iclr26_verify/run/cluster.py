"""Where the work runs: in this process, on a local Dask cluster (``--jobs N``), or on an
existing Dask cluster (``--scheduler ADDRESS``).

Each unit of work (a claim, a figure, a notebook, a sweep cell: :mod:`iclr26_verify.run.tasks`)
is a module-level function of picklable arguments. Tasks are seeded by their own arguments,
never by the process they land in, and torch runs one thread per worker, so verdicts and every
reported number are those of the serial run. ``jobs=1`` without a scheduler is a plain loop with
no Dask import.

A worker that dies mid-task (killed, out of memory) has its tasks rescheduled on the others by
the Dask scheduler (and a local cluster's nanny restarts it); a task that keeps killing workers
fails after ``distributed.scheduler.allowed-failures`` tries.

This module knows nothing of the result store: an experiment calls :func:`shared_experiment`
with itself (the store points down here, never the other way).
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

from iclr26_verify.run import timing


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
    from iclr26_verify.run import seeds

    _one_thread_worker()
    os.environ[seeds.ENV] = str(block)
    installed = seeds.install(block)
    if installed != block:
        raise RuntimeError(f"this Dask worker already draws seed block {installed} and the run "
                           f"asks for block {block}; restart the workers")
    # the block is part of every store key: the store reads it from the environment per call
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
    from iclr26_verify.run._atomic import atomic_path

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
        from iclr26_verify.run import seeds

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
    """Result of the :func:`iclr26_verify.run.store.experiment` ``exp`` for these arguments.

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
    timing.child_time(time.perf_counter() - t0)  # its time is that task's
    return out


def map_cells(fn: Callable, cells: Iterable, **kwargs) -> list:
    """``[fn(cell, **kwargs) for cell in cells]``: the cells of a sweep, as tasks of the running
    Dask cluster when called inside one of its tasks, else a plain loop.

    Inside a worker the calling task secedes from the worker's thread pool while it waits
    (``worker_client``), so the cells run on every worker, this one included. ``fn`` must be a
    module-level function; when it is an experiment (:func:`iclr26_verify.run.store.experiment`)
    each cell is cached, and two sweeps submitting the same cell share one task.
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
    timing.child_time(time.perf_counter() - t0)
    return out
