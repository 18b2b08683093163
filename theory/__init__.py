"""Closed forms and checked claims for ICLR 2026 papers.

One subpackage per built-in topic key, each registered as a plugin (``theory/<key>/topic.py``,
entry point group ``iclr26_verify.topics``; :data:`TOPICS` is read from the entry points); each
has ``claims*`` modules that register its claims in :mod:`theory.claims`. This package imports numpy,
scipy, sympy, cvxpy and POT only, never torch, so ``pytest theory/`` stays light.
"""

import os

# POT imports torch as a backend whenever torch is installed (1-2 s and ~300 modules); the
# theory uses POT on numpy arrays only, so keep `pytest theory/` torch-free.
os.environ.setdefault("POT_BACKEND_DISABLE_PYTORCH", "1")


def __getattr__(name):
    # Nothing here lists the topics: both come from the installed distributions' entry points
    # (group ``iclr26_verify.topics``), read afresh by every process (:mod:`iclr26_verify.registry.topics`).
    if name == "TOPICS":
        from iclr26_verify.registry.topics import ordered

        return ordered()
    if name == "PAPERS":
        from iclr26_verify.registry.topics import topics

        return {k: t.title for k, t in topics().items()}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
