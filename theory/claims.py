"""The claim registry, as the topics import it: ``from theory.claims import Judge, claim``.

The registry is part of the framework and lives in :mod:`iclr26_verify.registry` (verdicts,
judge, claims); this name is that module itself (not a copy), so every name, private ones and
the registry's state included, is shared: ``theory.claims is iclr26_verify.registry.claims``.
Authors of an outside paper import the same objects from :mod:`iclr26_verify`.
"""

import sys

from iclr26_verify.registry import claims as _claims

sys.modules[__name__] = _claims
