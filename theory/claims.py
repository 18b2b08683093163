"""The claim registry: the spine that ``pytest theory/`` and the CLI both read.

A :class:`Claim` is one statement of a paper (or our corrected version of it) with a check that
returns :class:`Evidence`. The check computes what the statement says *and* something computed
another way (an LP, quadrature, a solver, a witness), and reports whether the statement held.

Verdicts
--------
``verified``
    The paper's statement holds; where a constant is claimed tight, a witness attains it.
``refuted``
    The statement as written fails; the evidence carries a concrete counterexample. Every refuted
    claim names (through ``corrected_by``) a ``corrected`` claim that states what does hold.
``corrected``
    Our corrected or sharpened statement, verified.
``unavailable``
    Cannot be checked here; the check raises :class:`Unavailable` with the reason. An empirical
    check run with ``quick=True`` may also raise it when the quick sizes are too small to decide
    (say so in the message); that run is then *undecided*, not a miss, and the full run decides.

A check returns ``Evidence(passed=...)`` where ``passed`` says whether *the registered statement*
held on the evidence. The verdict reached is then ``verified``/``corrected`` when it held and
``refuted`` when it did not; a claim is *on target* when the verdict reached is the one expected.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import math
import pkgutil
import time
import traceback
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from theory import TOPICS

VERDICTS = ("verified", "refuted", "corrected", "unavailable")
KINDS = ("theory", "empirical")


class Unavailable(Exception):
    """Raised by a check that cannot run here; the message says why (data, compute)."""


@dataclass(frozen=True)
class Evidence:
    """What a check measured.

    Parameters
    ----------
    passed : bool
        Whether the registered statement held on this evidence.
    measured, expected : float, dict or str
        The values computed (by the closed form or the paper's formula) and the values they are
        compared with (independent solve, witness, bound). Dicts map a label to a number.
    tolerance : float or None
        The tolerance used in the comparison, if any.
    note : str
        One or two sentences: what was compared with what, on which grid, the counterexample.
    """

    passed: bool
    measured: Any = None
    expected: Any = None
    tolerance: float | None = None
    note: str = ""

    def __post_init__(self):
        if not isinstance(self.passed, bool | np.bool_):
            raise TypeError(f"Evidence.passed must be a bool. Got {self.passed!r} instead.")
        object.__setattr__(self, "passed", bool(self.passed))


@dataclass(frozen=True)
class Claim:
    """One checkable statement of a paper."""

    id: str
    topic: str
    where: str
    statement: str
    expected: str
    check: Callable[..., Evidence]
    kind: str = "theory"
    corrected_by: tuple[str, ...] = ()
    corrects: str | None = None

    def run(self, *, quick: bool = False, seed: int = 0) -> Result:
        """Run the check and return the :class:`Result` (never raises for a failing check)."""
        params = inspect.signature(self.check).parameters
        kwargs = {k: v for k, v in {"quick": quick, "seed": seed}.items() if k in params}
        start = time.perf_counter()
        try:
            evidence = self.check(**kwargs)
            if not isinstance(evidence, Evidence):
                raise TypeError(f"check of {self.id} returned {type(evidence).__name__}, "
                                "not Evidence")
            if evidence.passed:
                verdict = "corrected" if self.expected == "corrected" else "verified"
            else:
                verdict = "refuted"
            error = None
        except Unavailable as exc:
            evidence, verdict, error = Evidence(False, note=str(exc)), "unavailable", None
        except Exception as exc:  # noqa: BLE001 - a crashing check misses its verdict
            evidence = Evidence(False, note=f"{type(exc).__name__}: {exc}")
            verdict, error = "error", traceback.format_exc()
        return Result(self, evidence, verdict, time.perf_counter() - start, error, quick)


@dataclass(frozen=True)
class Result:
    claim: Claim
    evidence: Evidence
    verdict: str
    seconds: float
    error: str | None = None
    quick: bool = False

    @property
    def undecided(self) -> bool:
        """A quick run too small to decide an empirical claim (the full run decides)."""
        return (self.quick and self.claim.kind == "empirical" and self.verdict == "unavailable"
                and self.claim.expected != "unavailable")

    @property
    def on_target(self) -> bool:
        return self.verdict == self.claim.expected or self.undecided

    def to_dict(self) -> dict:
        c, e = self.claim, self.evidence
        return {
            "id": c.id, "topic": c.topic, "kind": c.kind, "location": c.where,
            "statement": c.statement, "expected_verdict": c.expected, "verdict": self.verdict,
            "on_target": self.on_target, "undecided_in_quick_mode": self.undecided,
            "measured": _jsonable(e.measured),
            "expected": _jsonable(e.expected), "tolerance": e.tolerance, "note": e.note,
            "corrected_by": list(c.corrected_by), "corrects": c.corrects,
            "seconds": round(self.seconds, 4),
        }


def _jsonable(value):
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    if isinstance(value, np.ndarray):
        return _jsonable(value.tolist())
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)


_REGISTRY: dict[str, Claim] = {}


def claim(id: str, *, where: str, statement: str, expected: str = "verified",
          kind: str = "theory", corrected_by: Iterable[str] | str = (),
          corrects: str | None = None):
    """Register the decorated function as the check of a claim.

    The topic is the first dotted component of ``id`` (``"tsne.thm3.impostor_silhouette"``).
    A ``refuted`` claim must name the ``corrected`` claim(s) that state what does hold.
    """
    topic = id.split(".", 1)[0]
    if topic not in TOPICS:
        raise ValueError(f"The 'id' parameter of claim must start with one of {TOPICS}. "
                         f"Got {id!r} instead.")
    if expected not in VERDICTS:
        raise ValueError(f"The 'expected' parameter of claim must be one of {VERDICTS}. "
                         f"Got {expected!r} instead.")
    if kind not in KINDS:
        raise ValueError(f"The 'kind' parameter of claim must be one of {KINDS}. "
                         f"Got {kind!r} instead.")
    if isinstance(corrected_by, str):
        corrected_by = (corrected_by,)
    if expected == "refuted" and not corrected_by:
        raise ValueError(f"The refuted claim {id!r} must name its corrected claim "
                         "(corrected_by=...).")

    def register(fn: Callable[..., Evidence]) -> Callable[..., Evidence]:
        if id in _REGISTRY and _REGISTRY[id].check.__qualname__ != fn.__qualname__:
            raise ValueError(f"claim id {id!r} is registered twice")
        _REGISTRY[id] = Claim(id=id, topic=topic, where=where, statement=statement,
                              expected=expected, check=fn, kind=kind,
                              corrected_by=tuple(corrected_by), corrects=corrects)
        return fn

    return register


def import_modules(package: str, prefix: str) -> None:
    """Import every module ``package.<prefix>*`` (e.g. ``theory.tsne.claims``,
    ``theory.tsne.claims_impostors``) so that their decorators register."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        return
    for info in sorted(pkgutil.iter_modules(spec.submodule_search_locations),
                       key=lambda m: m.name):
        if info.name.startswith(prefix):
            importlib.import_module(f"{package}.{info.name}")


def discover(topics: Iterable[str] | None = None, kinds: Iterable[str] = KINDS) -> list[Claim]:
    """Import every topic's claim modules and return the registered claims, sorted by id.

    Theory claims live in ``theory.<topic>.claims*``; empirical ones (torch) in
    ``numerics.<topic>.claims*``, imported only when ``"empirical"`` is among ``kinds``.
    """
    topics = tuple(TOPICS if topics is None else topics)
    for t in topics:
        if t not in TOPICS:
            raise ValueError(f"The 'topic' parameter must be one of {TOPICS}. Got {t!r} instead.")
    kinds = tuple(kinds)
    for t in topics:
        import_modules(f"theory.{t}", "claims")
        if "empirical" in kinds:
            import_modules(f"numerics.{t}", "claims")
    return sorted((c for c in _REGISTRY.values() if c.topic in topics and c.kind in kinds),
                  key=lambda c: c.id)


def check_registry_consistency(claims: Iterable[Claim]) -> list[str]:
    """Problems in the links between refuted and corrected claims (empty when consistent)."""
    by_id = {c.id: c for c in _REGISTRY.values()}
    problems = []
    for c in claims:
        for other in c.corrected_by:
            if other not in by_id:
                problems.append(f"{c.id}: corrected_by names unknown claim {other!r}")
            elif by_id[other].expected != "corrected":
                problems.append(f"{c.id}: {other!r} is expected {by_id[other].expected!r}, "
                                "not 'corrected'")
        if c.corrects is not None and c.corrects not in by_id:
            problems.append(f"{c.id}: corrects names unknown claim {c.corrects!r}")
    return problems
