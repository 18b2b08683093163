"""iclr26-verify's public API: what an author needs to check a paper of their own.

A paper is a *topic*: a :class:`Topic` registered by an entry point of the group
``iclr26_verify.topics`` in the author's ``pyproject.toml`` (the entry's name is the topic key)::

    [project.entry-points."iclr26_verify.topics"]
    mypaper = "mypaper.topic:TOPIC"

and ``mypaper/topic.py`` holds ``TOPIC = Topic(key="mypaper", title=..., url=...,
modules=("mypaper",))``. The modules are imported to register the topic's claims, experiments
and figures (a package's ``claims*`` and ``figures*`` submodules are found on disk). Then
``iclr26-verify list`` shows the topic, ``iclr26-verify check --topic mypaper`` judges it and
the report and the site give it a section and a page. ``iclr26-verify new mypaper`` writes such
a package to start from.

Names
-----
- :class:`Topic`: a paper and the modules that register its claims
  (:mod:`iclr26_verify.registry.topics`).
- :func:`claim`, :class:`Judge`, :class:`Source`, :class:`Setting`, :class:`Preregistered`,
  :class:`Unavailable`, :class:`Evidence`, :func:`discover`: the claim registry
  (``discover(("mypaper",))`` gives the topic's claims, each with ``run()``). A claim declares
  where its statement comes from (``Source``) and where it was checked (``Setting``); its check
  states its comparisons through a ``Judge`` and returns ``judge.evidence(note=...)``; the
  verdict is derived.
- :func:`experiment`: a pure function of its parameters and seed, stored on disk and keyed on
  the code that ran.
- :func:`map_cells`: the cells of a sweep, as tasks of the running cluster when there is one.
- :func:`figure`: ``fn(quick) -> (fig, table)`` registered for a topic; written as PNG and CSV.
- :func:`one_sample`, :func:`paired`, :func:`two_sample`, :func:`per_arm`,
  :func:`contrary_arms`: the pre-registered tests of empirical claims (estimate, interval,
  p-value, power).

The framework behind these names has three floors: :mod:`iclr26_verify.registry` (what a paper
declares and how it is judged), :mod:`iclr26_verify.run` (the store, the cluster, the builds)
and :mod:`iclr26_verify.outputs` (report, site, command line).

Only :mod:`iclr26_verify.registry.topics` is imported eagerly (the standard library); the
other names load their modules on first use (the registry: numpy; none of them torch).
"""

from iclr26_verify.registry.topics import Topic, TopicError

__all__ = [
    "Evidence",
    "Judge",
    "Preregistered",
    "Setting",
    "Source",
    "Topic",
    "TopicError",
    "Unavailable",
    "claim",
    "contrary_arms",
    "discover",
    "experiment",
    "figure",
    "map_cells",
    "one_sample",
    "paired",
    "per_arm",
    "two_sample",
]

# lazily, so that the registry (which reads the topics) can import this package's modules
_LAZY = {**dict.fromkeys(("claim", "Judge", "Source", "Setting", "Preregistered", "Unavailable",
                          "Evidence", "discover"), "iclr26_verify.registry.claims"),
         "experiment": "iclr26_verify.run.store", "figure": "iclr26_verify.run.figures",
         "map_cells": "iclr26_verify.run.cluster",
         "one_sample": "iclr26_verify.registry.stats", "paired": "iclr26_verify.registry.stats",
         "two_sample": "iclr26_verify.registry.stats", "per_arm": "iclr26_verify.registry.stats",
         "contrary_arms": "iclr26_verify.registry.stats"}


def __getattr__(name):
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(__all__)
