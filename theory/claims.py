"""The claim registry: the spine that ``pytest theory/`` and the CLI both read.

A :class:`Claim` is one statement of a paper (or our own statement about it) with a check that
returns :class:`Evidence`. The check computes what the statement says *and* something computed
another way (an LP, quadrature, a solver, a witness), and reports whether the statement held.

Verdicts
--------
``verified``
    The paper's statement holds; where a constant is claimed tight, a witness attains it.
``refuted``
    The statement as written fails; the evidence carries a concrete counterexample. Every refuted
    claim names (through ``corrected_by``) a ``corrected`` claim that states what does hold, and
    says whether it rests on the paper's printed text or on our reading of it (``reading``).
``corrected``
    Our correction of a refuted statement, verified (relation ``corrects``).
``sharpened``
    Our stronger form of a statement that holds, verified (relation ``sharpens``).
``extension``
    A statement of ours that is not in the paper, verified (relation ``extends``).
``unavailable``
    Cannot be checked here; the check raises :class:`Unavailable` with the reason. An empirical
    check run with ``quick=True`` may also raise it when the quick sizes are too small to decide
    (say so in the message); that run is then *undecided*, not a miss, and the full run decides.

Evidence kinds
--------------
Every claim lists what backs it (:data:`EVIDENCE_KINDS`): ``independent`` (compared with something
computed another way), ``witness`` (a construction attains or violates the constant), ``proof``
(a sympy proof, or a written proof in the check's docstring plus a numerical check), ``search``
(adversarial search found no violation; the note says how hard it searched), ``observation``
(sampled or measured, no proof) and ``sanity`` (true by construction). A ``sanity`` row is a
software test: it is reported, but never counted as verification.

Power
-----
A check states its comparisons through a :class:`Judge` (``close``, ``le``, ``ge``), so the same
comparisons can be re-judged against nearby *false* statements: the statement's value perturbed
by a relative δ (equalities, both directions) or its bound tightened by δ (inequalities), over
:data:`DELTAS`. The claim's *power* is the smallest δ whose perturbed statement the check rejects.
A verified, corrected, sharpened or extension claim whose check does not reject δ = 1e-2
(:data:`WEAK_DELTA`) is *weak*: a wrong constant 1 % off would pass too. For a refuted claim the
same machinery gives the counterexample's *margin*: the largest δ by which the statement can be
relaxed and still fail. Empirical claims cache their measurement (the training), so judging a δ
never retrains.

A check returns ``Evidence(passed=...)`` where ``passed`` says whether *the registered statement*
held on the evidence; a claim is *on target* when the verdict reached is the one expected.
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
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from theory import TOPICS

VERDICTS = ("verified", "refuted", "corrected", "sharpened", "extension", "unavailable")
KINDS = ("theory", "empirical")
EVIDENCE_KINDS = ("independent", "witness", "proof", "search", "observation", "sanity")
#: Our own statements, by the verdict they reach, and their relation to the paper.
RELATIONS = {"corrected": "corrects", "sharpened": "sharpens", "extension": "extends"}
READINGS = ("as printed", "our reading")
#: Relative perturbations of a statement against which a check's power is measured.
DELTAS = (1e-12, 1e-9, 1e-6, 1e-4, 1e-2, 1e-1)
#: A holding claim whose check does not reject this perturbation is weak.
WEAK_DELTA = 1e-2


class Unavailable(Exception):
    """Raised by a check that cannot run here; the message says why (data, compute)."""


# ---------------------------------------------------------------------------------------------
# Comparisons and their power
@dataclass(frozen=True)
class Comparison:
    """One comparison a check makes: ``value`` (what the statement says: a closed form, a
    measured ratio) against ``reference`` (what it is compared with: an independent solve, a
    bound, a witness value).

    ``relation`` is ``"eq"`` (value = reference within ``atol + rtol·|reference|``), ``"le"``
    (value ≤ reference + tolerance) or ``"ge"`` (value ≥ reference − tolerance); both sides are
    float64 arrays of one shape (a comparison over a grid holds when it holds everywhere).
    ``scale`` is the size a perturbation is taken relative to where the reference is 0 (a
    residual, a bound of 0): without it a zero reference cannot be perturbed, and the
    comparison adds no power.
    """

    name: str
    relation: str
    value: np.ndarray
    reference: np.ndarray
    rtol: float = 0.0
    atol: float = 0.0
    scale: float | None = None

    def _size(self) -> np.ndarray:
        size = np.abs(self.reference)
        if self.scale is not None:
            size = np.where(size > 0, size, abs(self.scale))
        return size

    def holds(self, delta: float = 0.0, sign: int = 1) -> bool:
        """Whether the statement perturbed by ``sign·delta`` passes this comparison.

        For ``eq`` the statement's value becomes ``value + sign·δ·size``; for ``le``/``ge``
        ``sign = +1`` tightens the bound by ``δ·size`` and ``sign = −1`` relaxes it.
        """
        v, r = self.value, self.reference
        size = self._size()
        with np.errstate(invalid="ignore", over="ignore"):
            # rtol 0 against an infinite reference (an infeasible LP) is 0, not nan
            tol = self.atol + (self.rtol * np.abs(r) if self.rtol > 0 else 0.0)
            if self.relation == "eq":
                vv = v + sign * delta * size
                ok = np.abs(vv - r) <= tol
                ok |= (vv == r)  # equal infinities
            elif self.relation == "le":
                ok = v <= r - sign * delta * size + tol
            else:
                ok = v >= r + sign * delta * size - tol
        return bool(np.all(ok))

    def perturbable(self) -> bool:
        return bool(np.any(self._size() > 0) and np.all(np.isfinite(self.reference)))

    def to_dict(self) -> dict:
        def short(a):
            a = np.asarray(a)
            return _jsonable(a.item() if a.size == 1 else a.ravel()[:8])

        return {"name": self.name, "relation": self.relation, "value": short(self.value),
                "reference": short(self.reference), "rtol": self.rtol, "atol": self.atol,
                "power": comparison_power([self])}


def _rejects(comparisons, delta: float) -> bool:
    """Whether every statement δ away (each sign) fails at least one perturbable comparison."""
    pert = [c for c in comparisons if c.perturbable()]
    if not pert:
        return False
    signs = (1, -1) if any(c.relation == "eq" for c in pert) else (1,)
    for s in signs:
        if all(c.holds(delta, s if c.relation == "eq" else 1) for c in pert):
            return False
    return True


def comparison_power(comparisons) -> float | None:
    """The smallest δ of :data:`DELTAS` whose perturbed statement the comparisons reject
    (``None`` when none is rejected or nothing can be perturbed)."""
    for d in DELTAS:
        if _rejects(comparisons, d):
            return d
    return None


def refutation_margin(comparisons) -> float | None:
    """For a failing check: the largest δ of :data:`DELTAS` such that the statement relaxed by
    δ (bounds loosened, equalities allowed to move by δ either way) still fails; ``None`` when
    even δ = 1e-12 lets it pass (a counterexample at rounding level) or nothing is perturbable.
    """
    pert = [c for c in comparisons if c.perturbable()]
    if not pert or all(c.holds() for c in pert):
        return None
    margin = None
    for d in DELTAS:
        passes = any(all(c.holds(d, s) if c.relation == "eq" else c.holds(d, -1) for c in pert)
                     for s in (1, -1))
        if passes:
            break
        margin = d
    return margin


class Judge:
    """Collects a check's comparisons and builds its :class:`Evidence`.

    >>> j = Judge()
    >>> j.close("closed form vs quadrature", 0.5625, 0.5625 + 1e-12, rtol=1e-9)
    True
    >>> j.le("ratio vs bound", 0.999, 1.0)
    True
    >>> ev = j.evidence(note="two comparisons")
    >>> ev.passed, ev.power
    (True, 1e-06)
    """

    def __init__(self):
        self.comparisons: list[Comparison] = []
        self.facts: dict[str, bool] = {}

    def _add(self, name, relation, value, reference, rtol, atol, scale) -> bool:
        v = np.asarray(value, dtype=np.float64)
        r = np.asarray(reference, dtype=np.float64)
        v, r = np.broadcast_arrays(v, r)
        c = Comparison(name, relation, v.copy(), r.copy(), float(rtol), float(atol),
                       None if scale is None else float(scale))
        self.comparisons.append(c)
        return c.holds()

    def close(self, name: str, value, reference, *, rtol: float = 0.0, atol: float = 0.0,
              scale: float | None = None) -> bool:
        """The statement says ``value`` equals ``reference`` (within ``atol + rtol·|ref|``)."""
        return self._add(name, "eq", value, reference, rtol, atol, scale)

    def le(self, name: str, value, bound, *, rtol: float = 0.0, atol: float = 0.0,
           scale: float | None = None) -> bool:
        """The statement says ``value ≤ bound``; tightening moves the bound down by δ·|bound|."""
        return self._add(name, "le", value, bound, rtol, atol, scale)

    def ge(self, name: str, value, bound, *, rtol: float = 0.0, atol: float = 0.0,
           scale: float | None = None) -> bool:
        """The statement says ``value ≥ bound``; tightening moves the bound up by δ·|bound|."""
        return self._add(name, "ge", value, bound, rtol, atol, scale)

    def fact(self, name: str, holds: bool) -> bool:
        """A yes/no part of the statement (a rank, a sign pattern): required, not perturbable."""
        self.facts[name] = bool(holds)
        return bool(holds)

    @property
    def passed(self) -> bool:
        return all(c.holds() for c in self.comparisons) and all(self.facts.values())

    def failures(self) -> list[str]:
        return ([c.name for c in self.comparisons if not c.holds()]
                + [k for k, v in self.facts.items() if not v])

    def evidence(self, *, measured=None, expected=None, tolerance=None, note: str = "") -> Evidence:
        """Evidence whose ``passed`` is the conjunction of every comparison and fact.

        ``measured``/``expected`` default to the comparisons' values and references by name.
        """
        if measured is None:
            measured = {c.name: _scalar(c.value) for c in self.comparisons}
        if expected is None:
            expected = {c.name: _scalar(c.reference) for c in self.comparisons}
        failed = self.failures()
        if failed:
            note = (note + " " if note else "") + "Failed: " + "; ".join(failed) + "."
        return Evidence(self.passed, measured, expected, tolerance, note,
                        comparisons=tuple(self.comparisons), facts=dict(self.facts))


def _scalar(a: np.ndarray):
    """A number for the table: the value itself, or the worst case of a grid."""
    a = np.asarray(a)
    if a.size == 1:
        return float(a.reshape(()))
    return {"min": float(np.min(a)), "max": float(np.max(a)), "n": int(a.size)}


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
    comparisons : tuple of Comparison
        The comparisons behind ``passed`` (built by a :class:`Judge`); they give the power.
    facts : dict
        Yes/no parts of the statement (not perturbable).
    """

    passed: bool
    measured: Any = None
    expected: Any = None
    tolerance: float | None = None
    note: str = ""
    comparisons: tuple = ()
    facts: dict = field(default_factory=dict)

    def __post_init__(self):
        if not isinstance(self.passed, bool | np.bool_):
            raise TypeError(f"Evidence.passed must be a bool. Got {self.passed!r} instead.")
        object.__setattr__(self, "passed", bool(self.passed))
        if self.comparisons:
            judged = (all(c.holds() for c in self.comparisons)
                      and all(bool(v) for v in self.facts.values()))
            if judged != self.passed:
                raise ValueError(f"Evidence.passed={self.passed} contradicts its comparisons "
                                 f"(they give {judged}).")

    @property
    def power(self) -> float | None:
        """Smallest δ of :data:`DELTAS` whose perturbed statement the check rejects."""
        return comparison_power(self.comparisons)

    @property
    def margin(self) -> float | None:
        """For a failing check, the counterexample's margin (see :func:`refutation_margin`)."""
        return refutation_margin(self.comparisons)


# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Claim:
    """One checkable statement of a paper (or of ours about it)."""

    id: str
    topic: str
    where: str
    statement: str
    expected: str
    check: Callable[..., Evidence]
    kind: str = "theory"
    corrected_by: tuple[str, ...] = ()
    corrects: str | None = None
    evidence: tuple[str, ...] = ()
    reading: str | None = None
    reading_note: str = ""
    prediction: bool = False

    @property
    def relation(self) -> str | None:
        """``corrects``/``sharpens``/``extends`` for our own statements, else ``None``."""
        return RELATIONS.get(self.expected)

    @property
    def is_failed_prediction(self) -> bool:
        """Our own prediction (a threshold we fixed), expected to fail: not a paper's error."""
        return self.prediction and self.expected == "refuted"

    @property
    def is_sanity(self) -> bool:
        return self.evidence == ("sanity",)

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
                verdict = self.expected if self.expected in RELATIONS else "verified"
            else:
                verdict = "refuted"
            error = None
        except Unavailable as exc:
            evidence, verdict, error = Evidence(False, note=str(exc)), "unavailable", None
        except Exception as exc:  # noqa: BLE001 - a crashing check misses its verdict
            evidence = Evidence(False, note=f"{type(exc).__name__}: {exc}")
            verdict, error = "error", traceback.format_exc()
        return Result(self, evidence, verdict, time.perf_counter() - start, error, quick)


HOLDING = ("verified", "corrected", "sharpened", "extension")


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

    @property
    def label(self) -> str:
        """The summary label: the verdict, except that sanity rows are counted as ``sanity``."""
        if self.claim.is_sanity and self.verdict in HOLDING:
            return "sanity"
        if self.claim.prediction and self.verdict == "refuted":
            return "failed prediction"
        return self.verdict

    @property
    def power(self) -> float | None:
        return self.evidence.power if self.verdict in HOLDING else None

    @property
    def margin(self) -> float | None:
        return self.evidence.margin if self.verdict == "refuted" else None

    @property
    def weak(self) -> bool:
        """A holding claim whose check does not reject a statement 1 % off."""
        if self.verdict not in HOLDING or self.claim.is_sanity:
            return False
        p = self.power
        return p is None or p > WEAK_DELTA

    @property
    def weak_unlabelled(self) -> bool:
        """Weak, and not labelled ``observation`` (or ``sanity``): a defect of the check."""
        return self.weak and "observation" not in self.claim.evidence

    def to_dict(self) -> dict:
        c, e = self.claim, self.evidence
        return {
            "id": c.id, "topic": c.topic, "kind": c.kind, "location": c.where,
            "statement": c.statement, "expected_verdict": c.expected, "verdict": self.verdict,
            "label": self.label,
            "on_target": self.on_target, "undecided_in_quick_mode": self.undecided,
            "evidence_kinds": list(c.evidence), "relation": c.relation,
            "reading": c.reading, "reading_note": c.reading_note or None,
            "power": self.power, "margin": self.margin, "weak": self.weak,
            "measured": _jsonable(e.measured),
            "expected": _jsonable(e.expected), "tolerance": e.tolerance, "note": e.note,
            "comparisons": [x.to_dict() for x in e.comparisons],
            "facts": _jsonable(e.facts),
            "corrected_by": list(c.corrected_by), "corrects": c.corrects,
            "source": _source(c.check),
            "seconds": round(self.seconds, 4),
        }


def _source(fn) -> str | None:
    """``path:line`` of a check, relative to the repository root."""
    try:
        path = inspect.getsourcefile(fn)
        line = inspect.getsourcelines(fn)[1]
    except (OSError, TypeError):
        return None
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    try:
        rel = Path(path).resolve().relative_to(root)
    except ValueError:
        rel = Path(path)
    return f"{rel.as_posix()}:{line}"


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
          corrects: str | None = None, evidence: Iterable[str] | str = (),
          reading: str | None = None, reading_note: str = "", prediction: bool = False):
    """Register the decorated function as the check of a claim.

    Parameters
    ----------
    id : str
        ``"<topic>.<where>.<what>"``; the topic is the first dotted component.
    expected : str
        The verdict the check should reach (one of :data:`VERDICTS`). Our own statements say
        how they relate to the paper through it: ``corrected`` (fixes a refuted statement, which
        names it in ``corrected_by``), ``sharpened`` or ``extension``.
    evidence : str or iterable of str
        What backs the claim (:data:`EVIDENCE_KINDS`); ``sanity`` stands alone.
    reading, reading_note : str
        For a refuted claim: ``"as printed"`` (the paper's text was seen; the note quotes the
        equation) or ``"our reading"`` (reconstructed; the note says why and from what).
    prediction : bool
        The statement is ours, not the paper's: a prediction with a threshold we fixed before
        looking. A prediction that failed is registered ``expected="refuted"`` (the miss is
        reported, never dropped); it is labelled *failed prediction*, not an error of the paper,
        and needs neither a reading nor a correction.
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
    if isinstance(evidence, str):
        evidence = (evidence,)
    evidence = tuple(evidence)
    bad = [e for e in evidence if e not in EVIDENCE_KINDS]
    if bad:
        raise ValueError(f"The 'evidence' parameter of claim must hold values in "
                         f"{EVIDENCE_KINDS}. Got {bad[0]!r} instead (claim {id!r}).")
    if "sanity" in evidence and len(evidence) > 1:
        raise ValueError(f"The 'evidence' parameter of claim must be ('sanity',) alone when "
                         f"it holds 'sanity'. Got {evidence!r} instead (claim {id!r}).")
    if expected == "refuted" and not corrected_by and not prediction:
        raise ValueError(f"The refuted claim {id!r} must name its corrected claim "
                         "(corrected_by=...).")
    if reading is not None and reading not in READINGS:
        raise ValueError(f"The 'reading' parameter of claim must be one of {READINGS}. "
                         f"Got {reading!r} instead (claim {id!r}).")

    def register(fn: Callable[..., Evidence]) -> Callable[..., Evidence]:
        if id in _REGISTRY and _REGISTRY[id].check.__qualname__ != fn.__qualname__:
            raise ValueError(f"claim id {id!r} is registered twice")
        _REGISTRY[id] = Claim(id=id, topic=topic, where=where, statement=statement,
                              expected=expected, check=fn, kind=kind,
                              corrected_by=tuple(corrected_by), corrects=corrects,
                              evidence=evidence, reading=reading, reading_note=reading_note,
                              prediction=prediction)
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
    """Problems in the registry's labels and links (empty when consistent).

    - every claim names its evidence kind(s);
    - a refuted claim names ``corrected`` claim(s) and its reading (with a note);
    - a ``corrected`` claim corrects something: some refuted claim names it in
      ``corrected_by`` (a sharpening or an extension is labelled as such, not as a correction).
    """
    by_id = {c.id: c for c in _REGISTRY.values()}
    named = {o for c in by_id.values() if c.expected == "refuted" for o in c.corrected_by}
    problems = []
    for c in claims:
        if not c.evidence:
            problems.append(f"{c.id}: no evidence kind (evidence=...)")
        for other in c.corrected_by:
            if other not in by_id:
                problems.append(f"{c.id}: corrected_by names unknown claim {other!r}")
            elif by_id[other].expected != "corrected":
                problems.append(f"{c.id}: {other!r} is expected {by_id[other].expected!r}, "
                                "not 'corrected'")
        if c.corrects is not None and c.corrects not in by_id:
            problems.append(f"{c.id}: corrects names unknown claim {c.corrects!r}")
        if (c.expected == "refuted" and not c.prediction
                and (c.reading is None or not c.reading_note)):
            problems.append(f"{c.id}: a refuted claim says its reading "
                            "(reading='as printed'|'our reading', reading_note=...)")
        if c.expected == "corrected" and c.id not in named:
            problems.append(f"{c.id}: expected 'corrected' but no refuted claim names it; "
                            "label it 'sharpened' or 'extension'")
    return problems
