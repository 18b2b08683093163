"""Topics are plugins: found through the entry-point group ``iclr26_verify.topics``.

A distribution registers a topic with one line of its ``pyproject.toml``::

    [project.entry-points."iclr26_verify.topics"]
    mypaper = "mypaper.topic:TOPIC"

The entry's name is the topic key (the first part of every claim id); its value names a
:class:`Topic`. The nineteen built-in topics are registered the same way by this distribution;
no module keeps a list of topics. Every process (the CLI, pytest, Dask workers, notebook kernels,
the Sphinx build) asks :func:`keys` and :func:`topics`, which read the installed distributions'
metadata, so a worker started fresh sees the same topics as the client.

Two levels of cost: :func:`keys` reads metadata only (no import; the claim decorator validates
ids against it); :func:`topics` loads each entry (imports the module that holds the
:class:`Topic`). A topic whose entry cannot be loaded is left out, and reported by name in
:func:`broken`; the others still load.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import pkgutil
import re
import sys
import warnings
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

GROUP = "iclr26_verify.topics"
#: The distribution that ships the built-in topics: its entries come first, in file order.
BUILTIN = "iclr26-verify"
_KEY = re.compile(r"^[a-z][a-z0-9_]*$")


class TopicError(ValueError):
    """A topic key that no installed distribution registers, or an entry that is not a Topic."""


@dataclass(frozen=True)
class Topic:
    """One paper: its key, its reference, and the modules that register its claims.

    Parameters
    ----------
    key : str
        The topic key, equal to the entry point's name: lower case, ``[a-z][a-z0-9_]*``.
    title : str
        The paper's reference in one line (authors, title, arXiv/OpenReview id, venue).
    url : str
        Where a reader finds the paper.
    modules : tuple of str
        Modules imported to register the topic's claims, experiments and figures. A package is
        imported with its submodules named ``claims*`` and ``figures*`` (found on disk, so a new
        ``claims_xyz.py`` needs no list). These must not import torch if ``pytest`` of the theory
        is to stay light; put torch code in ``empirical_modules``.
    empirical_modules : tuple of str
        Imported like ``modules``, but only when empirical claims or figures are asked for.
    authors : str
        Who wrote the checks (optional).
    blueprint : str or None
        The paper's blueprint (``blueprint.toml``), a path relative to the folder of the first of
        ``modules`` (default: ``blueprint.toml`` there, if it exists).
    notebook : str or None
        A jupytext ``py:percent`` notebook, a path relative to the same folder (optional):
        ``iclr26-verify notebooks`` executes it with the built-in ones and writes the
        ``.ipynb`` beside it.
    order : int
        Where the topic's section sits in the report: topics are listed by ``(order, key)``
        (the built-in ones declare 1 to 19; an outside topic comes after them by default).
    """

    key: str
    title: str
    url: str = ""
    modules: tuple[str, ...] = ()
    empirical_modules: tuple[str, ...] = ()
    authors: str = ""
    blueprint: str | None = None
    notebook: str | None = None
    order: int = 1000
    #: Filled in by discovery: the distribution that registered the topic.
    distribution: str = field(default="", compare=False)

    def __post_init__(self):
        if not isinstance(self.key, str) or not _KEY.match(self.key):
            raise TopicError(f"The 'key' parameter of Topic must match {_KEY.pattern}. "
                             f"Got {self.key!r} instead.")
        for name in ("modules", "empirical_modules"):
            value = getattr(self, name)
            if isinstance(value, str):
                object.__setattr__(self, name, (value,))
            elif not all(isinstance(m, str) for m in value):
                raise TopicError(f"The {name!r} parameter of Topic must be a tuple of module "
                                 f"names. Got {value!r} instead.")
            else:
                object.__setattr__(self, name, tuple(value))
        if not self.modules:
            raise TopicError(f"The 'modules' parameter of Topic {self.key!r} must name at least "
                             "one module.")

    # -- what a topic's code is ------------------------------------------------------------
    def all_modules(self, empirical: bool = True) -> tuple[str, ...]:
        return self.modules + (self.empirical_modules if empirical else ())

    def sources(self, empirical: bool = True) -> list[tuple[Path, Path]]:
        """``(root, path)`` of every module's code: the folder of its package (a package's own
        folder; a plain module's parent package; a top-level plain module's file alone), and
        the folder its top-level package sits in (paths are named relative to it, so a digest
        or a location never holds a machine's absolute path)."""
        out = []
        for name in self.all_modules(empirical):
            spec = importlib.util.find_spec(name)
            if spec is None or spec.origin is None or spec.origin in ("built-in", "frozen"):
                continue
            origin = Path(spec.origin).resolve()
            package = name if spec.submodule_search_locations is not None else \
                name.rpartition(".")[0]
            if not package:  # a top-level plain module: its file only
                item = (origin.parent, origin)
            else:
                path = origin.parent
                item = (path.parents[package.count(".")], path)
            if item not in out:
                out.append(item)
        return out

    def folders(self, empirical: bool = True) -> list[Path]:
        """The folders (or lone files) of :meth:`sources`."""
        return [path for _, path in self.sources(empirical)]

    def home(self) -> Path | None:
        """The folder of the first of :attr:`modules` (where ``blueprint`` and ``notebook``
        are looked up)."""
        folders = self.folders(empirical=False)
        return folders[0] if folders else None

    def blueprint_path(self) -> Path | None:
        home = self.home()
        if home is None:
            return None
        path = home / (self.blueprint or "blueprint.toml")
        return path if path.is_file() else None

    def notebook_path(self) -> Path | None:
        """Where :attr:`notebook` is (``None`` when the topic names none)."""
        home = self.home()
        if self.notebook is None or home is None:
            return None
        return (home / self.notebook).resolve()

    def import_modules(self, prefixes: tuple[str, ...], empirical: bool) -> None:
        """Import the topic's modules and, in those that are packages, every submodule whose
        name starts with one of ``prefixes`` (e.g. ``("claims",)``)."""
        for name in self.all_modules(empirical):
            mod = importlib.import_module(name)
            for sub in submodules(mod, prefixes):
                importlib.import_module(sub)


def submodules(mod, prefixes: tuple[str, ...] | None, *,
               exclude: tuple[str, ...] = ()) -> list[str]:
    """``mod``'s submodules whose names start with one of ``prefixes`` (every one when
    ``prefixes`` is None) and with none of ``exclude``, sorted by name."""
    paths = getattr(mod, "__path__", None)
    if not paths or prefixes == ():
        return []
    return [f"{mod.__name__}.{info.name}" for info in
            sorted(pkgutil.iter_modules(paths), key=lambda m: m.name)
            if (prefixes is None or info.name.startswith(prefixes))
            and not (exclude and info.name.startswith(exclude))]


def _entry_points() -> list[metadata.EntryPoint]:
    eps = list(metadata.entry_points(group=GROUP))
    # this distribution's entries first, so an outside one cannot take a built-in key
    first = [e for e in eps if e.dist is not None and e.dist.name == BUILTIN]
    rest = [e for e in eps if e not in first]
    seen, out = set(), []
    for e in first + rest:
        if e.name not in seen:  # the first registration of a key wins
            seen.add(e.name)
            out.append(e)
    return out


@functools.cache
def keys() -> tuple[str, ...]:
    """The registered topic keys, from metadata alone (nothing imported; not in report order:
    see :func:`ordered`)."""
    return tuple(e.name for e in _entry_points())


def ordered() -> tuple[str, ...]:
    """The keys of the topics that load, in report order (by ``Topic.order``, then key)."""
    return tuple(_loaded())


_BROKEN: dict[str, str] = {}


@functools.cache
def _loaded() -> dict[str, Topic]:
    out = {}
    for ep in _entry_points():
        dist = ep.dist.name if ep.dist is not None else "?"
        try:
            topic = ep.load()
            if not isinstance(topic, Topic):
                raise TopicError(f"{ep.value} is a {type(topic).__name__}, not a Topic")
            if topic.key != ep.name:
                raise TopicError(f"{ep.value} has key {topic.key!r}, but its entry point is "
                                 f"named {ep.name!r}")
        except Exception as exc:  # noqa: BLE001 - a broken plugin must not take the others down
            _BROKEN[ep.name] = f"{dist}: {type(exc).__name__}: {exc}"
            warnings.warn(f"topic {ep.name!r} (distribution {dist}) cannot be loaded: "
                          f"{type(exc).__name__}: {exc}", RuntimeWarning, stacklevel=2)
            continue
        object.__setattr__(topic, "distribution", dist)
        out[ep.name] = topic
    return dict(sorted(out.items(), key=lambda kv: (kv[1].order, kv[0])))


def topics() -> dict[str, Topic]:
    """Every topic that loads, by key, in report order."""
    return dict(_loaded())


def broken() -> dict[str, str]:
    """Topics whose entry point could not be loaded (or whose modules could not be imported by
    :func:`import_claims`): key -> the distribution and the error."""
    _loaded()
    return dict(_BROKEN)


def mark_broken(key: str, error: str) -> None:
    _BROKEN[key] = error


def get(key: str) -> Topic:
    """The :class:`Topic` registered under ``key``. Loads only that entry when the others are
    not loaded yet (a Dask worker computing one experiment need not import every topic)."""
    if _loaded.cache_info().currsize:
        found = _loaded().get(key)
        if found is None:
            raise TopicError(_unknown(key))
        return found
    return _load_one(key)


@functools.cache
def _load_one(key: str) -> Topic:
    for ep in _entry_points():
        if ep.name == key:
            topic = ep.load()
            if not isinstance(topic, Topic):
                raise TopicError(f"topic {key!r}: {ep.value} is not a Topic")
            object.__setattr__(topic, "distribution", ep.dist.name if ep.dist else "?")
            return topic
    raise TopicError(_unknown(key))


def _unknown(key: str) -> str:
    hint = f" ({_BROKEN[key]})" if key in _BROKEN else ""
    return (f"The topic {key!r} is not registered{hint}; registered topics: "
            f"{', '.join(keys())}. A topic is registered by an entry point in the group "
            f"{GROUP!r} of an installed distribution.")


def check_keys(given, parameter: str = "topic") -> tuple[str, ...]:
    """``given`` as a tuple of registered keys (all of them when ``None``); a clear error
    naming the registered keys otherwise."""
    known = keys()
    given = ordered() if given is None else ((given,) if isinstance(given, str) else tuple(given))
    for t in given:
        if t not in known:
            raise ValueError(f"The {parameter!r} parameter must be one of {known}. "
                             f"Got {t!r} instead.")
    return given


def topic_of_module(module: str) -> str | None:
    """The key of the topic whose modules contain ``module`` (``numerics.tsne.models`` ->
    ``"tsne"``), or ``None``."""
    parts = module.split(".")
    # the built-in layout, without loading anything: theory.<key>.*, numerics.<key>.*
    if len(parts) > 1 and parts[0] in ("theory", "numerics") and parts[1] in keys():
        return parts[1]
    best = None
    for key, topic in _loaded().items():
        for name in topic.all_modules():
            pkg = name if _is_package(name) else name.rpartition(".")[0] or name
            inside = module == pkg or module.startswith(pkg + ".")
            if inside and (best is None or len(pkg) > best[1]):
                best = (key, len(pkg))
    return best[0] if best else None


def _is_package(name: str) -> bool:
    mod = sys.modules.get(name)
    if mod is not None:
        return hasattr(mod, "__path__")
    spec = importlib.util.find_spec(name)
    return spec is not None and spec.submodule_search_locations is not None


def reset() -> None:
    """Forget what discovery found (after installing a distribution in a running process)."""
    keys.cache_clear()
    _loaded.cache_clear()
    _load_one.cache_clear()
    _BROKEN.clear()
    importlib.invalidate_caches()
