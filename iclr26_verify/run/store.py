"""The result store: every experiment computed once, cached on disk, shared by the claims, the
figures and the notebooks (which run in other processes: kernels, Dask workers).

An experiment is a pure function of its parameters and seed. :func:`experiment` wraps it in
``joblib.Memory`` (keyed by the function, its arguments, and a digest of the source code of its
topic) under one folder (:func:`cache_dir`): ``$ICLR26_CACHE_DIR`` if set (the CLI's
``--cache-dir`` sets it), else ``.cache/`` at the root of a repository checkout (ignored by git),
else the user's cache folder (``platformdirs.user_cache_dir``): an installed package never
writes under ``site-packages``. ``ICLR26_CACHE_DIR=off`` disables the disk layer (results are
then kept in memory for the process only). Within a process a small ``lru_cache`` sits in front, so
repeated calls do not even reload the pickle.

Why a code digest: joblib invalidates an entry when the *decorated* function's own source
changes, but an experiment's result also depends on the models, data loaders and closed forms it
calls. Hashing the topic's packages (the folders of its plugin's modules: ``theory/<topic>``,
``numerics/<topic>`` for a built-in topic, the author's package for an outside one) and the shared
data and validation modules makes any change there a cache miss, at the price of recomputing a
topic's experiments after an unrelated edit in that topic.
"""

from __future__ import annotations

import functools
import hashlib
import os
import shutil
import time
from pathlib import Path

from iclr26_verify.run import timing

#: The folder that holds the packages (a checkout's root, or ``site-packages``).
ROOT = Path(__file__).resolve().parents[2]
#: Modules outside a topic's packages whose code its results depend on (topics import them).
_SHARED = ("numerics/data", "iclr26_verify/run/store.py", "theory/validation.py",
           "theory/tolerances.py", "theory/_norms.py")
#: Distributions whose version is part of every key: an upgrade of one of them can change a
#: solver's answer or a training run, so it is a cache miss.
_PACKAGES = ("numpy", "scipy", "torch", "scikit-learn", "cvxpy", "clarabel", "POT", "sympy",
             "openTSNE", "umap-learn", "pynndescent", "numba", "joblib", "statsmodels")


class StoreError(ValueError):
    """The result store cannot be used as configured (the message says why and how to fix it)."""


def is_checkout() -> bool:
    """Whether the package runs from a repository checkout (an editable install or the source
    tree) rather than from an installed wheel: only a checkout has ``pyproject.toml`` beside its
    packages."""
    return (ROOT / "pyproject.toml").is_file()


def default_cache_dir() -> Path:
    """``.cache/`` in a repository checkout; the user's cache folder for an installed package
    (``~/.cache/iclr26-verify`` on Linux), never a folder inside the installation."""
    if is_checkout():
        return ROOT / ".cache"
    import platformdirs

    return Path(platformdirs.user_cache_dir("iclr26-verify", appauthor=False))


def cache_dir() -> Path | None:
    """The cache folder, or ``None`` when the disk cache is off (``ICLR26_CACHE_DIR=off``)."""
    env = os.environ.get("ICLR26_CACHE_DIR")
    if env is not None and env.strip().lower() in ("off", "0", "none", ""):
        return None
    path = Path(env).expanduser() if env else default_cache_dir()
    if path.exists() and not path.is_dir():
        raise StoreError(f"The result store ICLR26_CACHE_DIR={str(path)!r} exists and is not a "
                         "folder; point ICLR26_CACHE_DIR at a folder, or set it to 'off'.")
    return path


@functools.cache
def _memory(location: str | None):
    import joblib

    return joblib.Memory(location=location, verbose=0)


def environment() -> tuple[str, ...]:
    """The kernel variant and the seed block (read from the environment at each call: a Dask
    worker is switched to the client's block after it started), then ``name==version`` of the
    packages in :data:`_PACKAGES` (``name==absent`` if missing)."""
    # torch's CPU kernels and the seed block change a training's last bits (run.stability)
    return (f"ATEN_CPU_CAPABILITY={os.environ.get('ATEN_CPU_CAPABILITY', '')}",
            f"ICLR26_SEED_BLOCK={os.environ.get('ICLR26_SEED_BLOCK', '0') or '0'}",
            *_versions())


@functools.cache
def _versions() -> tuple[str, ...]:
    from importlib import metadata

    out = []
    for name in _PACKAGES:
        try:
            out.append(f"{name}=={metadata.version(name)}")
        except metadata.PackageNotFoundError:
            out.append(f"{name}==absent")
    return tuple(out)


#: Modules of a topic that only consume experiments (claims judge them, figures draw them, tests
#: test them) or register it (``topic.py``: its title and modules): an experiment's result cannot
#: depend on them, so editing a claim's test or a figure's legend re-judges or redraws without
#: retraining.
_CONSUMERS = ("claims", "figures", "test_", "topic.py")


def code_digest(topic: str, extra: tuple[str, ...] = (), consumers: bool = True) -> str:
    """sha256 of every ``.py`` file of the topic's packages (the folders of its
    :class:`~iclr26_verify.registry.topics.Topic` modules' packages, wherever they are installed),
    of the shared modules and of ``extra`` (paths from the framework's root), and of
    :func:`environment`.

    ``consumers=False`` (experiments) leaves out the topic's claim, figure and test modules
    (:data:`_CONSUMERS`); a claim outcome or a rendered figure keeps them.
    """
    return _code_digest(topic, tuple(extra), consumers, environment())


@functools.cache
def _code_digest(topic: str, extra: tuple[str, ...], consumers: bool,
                 env: tuple[str, ...]) -> str:
    h = hashlib.sha256()
    places = [(ROOT, ROOT / rel) for rel in (*_SHARED, *extra)]
    if topic != "_":  # the topic's own code, wherever its distribution installed it
        from iclr26_verify.registry import topics

        places = topics.get(topic).sources() + places
    for root, p in places:
        found = sorted(p.rglob("*.py")) if p.is_dir() else ([p] if p.exists() else [])
        if p.is_dir() and not consumers:
            found = [f for f in found if not f.name.startswith(_CONSUMERS)]
        for f in found:
            h.update(f.relative_to(root).as_posix().encode())
            h.update(f.read_bytes())
    h.update("\n".join(env).encode())
    return h.hexdigest()[:16]


def _topic_of(fn) -> str:
    """The key of the topic that defines ``fn`` (by its modules' packages), else ``"_"``."""
    from iclr26_verify.registry import topics

    return topics.topic_of_module(fn.__module__) or "_"


#: Names of the experiment functions actually computed (not served from a cache) in this
#: process, in order; tests read it to tell a cache hit from a recomputation.
COMPUTED: list[str] = []

class Uncached(Exception):
    """Raised by an experiment to return ``result`` without storing it (a transient failure).

    joblib stores nothing for a call that raises, and neither does the in-memory layer; the
    decorated function catches it and returns ``result``.
    """

    def __init__(self, result):
        super().__init__(result)  # in args, so it survives pickling (Dask tasks)

    @property
    def result(self):
        return self.args[0]

    def __str__(self) -> str:
        return "result returned without being stored"


class Stored:
    """A stored result with the key it was computed for (name, code digest, arguments)."""

    __slots__ = ("key", "result")

    def __init__(self, key: tuple, result):
        self.key, self.result = key, result

    def __reduce__(self):
        return (Stored, (self.key, self.result))


def experiment(fn=None, *, maxsize: int = 8, topic=None, extra_code: tuple[str, ...] = (),
               shared: bool = True, consumers: bool = False):
    """Decorate a pure experiment function ``f(*params)``: cached on disk and in memory.

    Arguments must be hashable and picklable (numbers, strings, tuples); the result must be
    picklable. ``f.cache_clear()`` empties the in-memory layer only.

    The key holds the arguments and :func:`code_digest` of the experiment's topic (the package
    it is defined in, or ``topic(*args)`` when ``topic`` is a function of the arguments) plus
    ``extra_code``. A result the function returns by raising :class:`Uncached` is passed on
    and not stored. With ``shared`` (the default), called inside a task of a Dask cluster the
    experiment is itself submitted as a task whose key is its name, code digest and arguments
    (:func:`iclr26_verify.run.cluster.shared_experiment`), so two claims that need the same
    experiment at the same time wait for one computation instead of each running it. ``consumers``:
    the key also covers the topic's claim and figure modules (for a claim's outcome).
    """
    if fn is None:
        return functools.partial(experiment, maxsize=maxsize, topic=topic,
                                 extra_code=extra_code, shared=shared, consumers=consumers)
    name = f"{fn.__module__}.{fn.__qualname__}"
    topic_of = topic if callable(topic) else (lambda *a, **k: topic or _topic_of(fn))

    def key(code_digest_, args, kwargs) -> tuple:
        return (name, code_digest_, repr(args), repr(sorted((kwargs or {}).items())))

    def compute(code_digest_, args, kwargs):
        COMPUTED.append(name)
        return Stored(key(code_digest_, args, kwargs), fn(*args, **kwargs))

    compute.__module__ = fn.__module__
    compute.__qualname__ = compute.__name__ = f"{fn.__qualname__}__experiment"

    def digest(args=(), kwargs=None) -> str:
        return code_digest(topic_of(*args, **(kwargs or {})), tuple(extra_code), consumers)

    def here(*args, **kwargs):
        """Load from the disk store or compute, in this process."""
        # compute() appends its name to COMPUTED before any nested experiment does, so the
        # entry at this index tells a computation from a load
        mark, t0 = len(COMPUTED), time.perf_counter()
        timing.open_frame()
        try:
            return _here(*args, **kwargs)
        finally:
            seconds, children = time.perf_counter() - t0, timing.close_frame()
            timing.child_time(seconds)
            timing.EXPERIMENT_TIMINGS.append({
                "experiment": name, "topic": topic_of(*args, **kwargs),
                "args": repr(args)[:120], "seconds": seconds,
                "self_seconds": seconds - children,
                "how": "computed" if len(COMPUTED) > mark and COMPUTED[mark] == name
                else "loaded", "pid": os.getpid()})

    def _here(*args, **kwargs):
        location = cache_dir()
        if location is None:
            return compute(None, args, kwargs).result
        memorized = _memory(str(location)).cache(compute, ignore=[])
        d = digest(args, kwargs)
        out = memorized(d, args, kwargs)
        if not (isinstance(out, Stored) and out.key == key(d, args, kwargs)):
            # a valid pickle of another computation (copied, swapped, an older format): never
            # served; recomputed in place and said
            import warnings

            warnings.warn(f"result store: the entry of {name}{args!r} was computed for another "
                          "key; recomputed", RuntimeWarning, stacklevel=2)
            out = memorized.call(d, args, kwargs)
            out = out[0] if isinstance(out, tuple) and not isinstance(out, Stored) else out
        return out.result

    @functools.lru_cache(maxsize=maxsize)
    def cached(*args, **kwargs):
        if not shared:
            return here(*args, **kwargs)
        from iclr26_verify.run.cluster import shared_experiment

        return shared_experiment(wrapper, args, kwargs)

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return cached(*args, **kwargs)
        except Uncached as exc:
            return exc.result

    wrapper.cache_clear = cached.cache_clear
    wrapper.uncached = fn
    wrapper.here = here
    wrapper.experiment_name = name
    wrapper.code_digest = digest
    # a task can name it by module and qualified name only when it is defined at module level
    wrapper.importable = "<locals>" not in fn.__qualname__
    return wrapper


def info() -> dict:
    """Where the cache is, how many entries and bytes it holds, per experiment."""
    location = cache_dir()
    if location is None:
        return {"location": None, "entries": 0, "bytes": 0, "experiments": {}}
    per: dict[str, dict] = {}
    total_entries = total_bytes = 0
    if location.exists():
        for out in location.rglob("output.pkl"):
            entry = out.parent
            func_dir = entry.parent
            name = func_dir.relative_to(location / "joblib").as_posix() \
                if (location / "joblib") in func_dir.parents else func_dir.name
            size = sum(f.stat().st_size for f in entry.iterdir() if f.is_file())
            row = per.setdefault(name, {"entries": 0, "bytes": 0})
            row["entries"] += 1
            row["bytes"] += size
            total_entries += 1
            total_bytes += size
    return {"location": str(location), "entries": total_entries, "bytes": total_bytes,
            "experiments": dict(sorted(per.items()))}


def clear() -> int:
    """Empty the cache folder; return the number of entries removed."""
    n = info()["entries"]
    location = cache_dir()
    if location is not None and location.exists():
        shutil.rmtree(location)
    _memory.cache_clear()
    return n
