"""The claim registry: the spine that ``pytest theory/`` and the CLI both read.

A :class:`Claim` is one statement of a paper (or our own statement about it) with a check that
returns :class:`Evidence`. The check computes what the statement says *and* something computed
another way (an LP, quadrature, a solver, a witness), and reports whether the statement held.

Provenance: declared facts, derived verdicts
--------------------------------------------
Every claim *declares* what its statement rests on and where it was checked; the registry derives
the verdict from these facts and from the check's outcome (no claim sets its label by hand):

``source`` (:class:`Source`)
    ``printed`` (the paper's own sentence or formula was read: document, version and
    page/section/equation), ``code`` (the authors' released code: repository@commit:path:line),
    ``abstract`` (the arXiv/OpenReview id), ``secondary`` (reviews, paper notes, an annotation:
    which public source, and that the printed wording was not seen) or ``ours`` (a threshold,
    control, quantifier or stand-in we chose: which).
``setting`` (:class:`Setting`)
    ``exact`` (the paper's own objects: its formula, construction, algorithm, code) or
    ``analogue`` (stand-in data, scale, model or budget: what differs).
relation
    the paper's statement, or ours: a correction (``expected="corrected"``), a sharpening
    (``"sharpened"``), an extension (``"extension"``) or a prediction (``prediction=True``).
``test`` (:class:`Preregistered`, empirical claims)
    the statistic, its direction or equivalence margin, α, the seeds and the effect the test must
    detect, fixed before any run; the check reports a :class:`TestResult` (estimate, interval,
    p-value, power, minimum detectable effect) built by :mod:`numerics.stats`.

Verdicts (:func:`derive_verdict`)
---------------------------------
``verified``
    The paper's statement holds; where a constant is claimed tight, a witness attains it.
``refuted``
    The paper's statement fails, its source is ``printed`` or ``code`` (with a locator) and the
    setting ``exact``: an error in the printed text or the released code. It names (through
    ``corrected_by``) a ``corrected`` claim that states what does hold.
``reading_fails``
    The statement as we read it (from the abstract, a secondary source or our own choice) fails;
    it says nothing about the paper's printed text.
``not_reproduced``
    The statement fails on an analogue, and the pre-registered test had the power to see the
    paper's effect (a deterministic check on an analogue needs no power).
``undecided``
    The evidence cannot decide: the interval straddles the threshold, the test lacks power, or
    quick sizes are too small (the check raises :class:`Unavailable` with ``quick=True``).
``corrected``, ``sharpened``, ``extension``
    Our own statements (relation ``corrects``/``sharpens``/``extends``), verified.
``failed_prediction``
    Our own statement (a prediction, a threshold we fixed) that failed: not a paper's error.
``sanity``
    True by construction (evidence ``sanity``): a software test, not counted as verification.
``unavailable``
    Cannot be checked here; the check raises :class:`Unavailable` with the reason.

Evidence kinds
--------------
Every claim lists what backs it (:data:`EVIDENCE_KINDS`): ``independent`` (compared with something
computed another way), ``witness`` (a construction attains or violates the constant), ``proof``
(a sympy proof, or a written proof in the check's docstring plus a numerical check), ``search``
(adversarial search found no violation; the evidence note says how hard it searched),
``observation`` (sampled or measured, no proof) and ``sanity`` (true by construction). A
``sanity`` row is a software test: it is reported, but never counted as verification.

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

from iclr26_verify import topics as _topics

VERDICTS = ("verified", "refuted", "reading_fails", "not_reproduced", "undecided", "corrected",
            "sharpened", "extension", "failed_prediction", "sanity", "unavailable")
KINDS = ("theory", "empirical")
EVIDENCE_KINDS = ("independent", "witness", "proof", "search", "observation", "sanity")
#: Our own statements, by the verdict they reach, and their relation to the paper.
RELATIONS = {"corrected": "corrects", "sharpened": "sharpens", "extension": "extends"}
SOURCE_KINDS = ("printed", "code", "abstract", "secondary", "ours")
SETTINGS = ("exact", "analogue")
#: Where a statement of the paper that fails is an error of the paper (with setting ``exact``).
PAPER_SOURCES = ("printed", "code")
#: Verdicts of a failing statement; which one is derived from the declared facts.
FAILING = ("refuted", "reading_fails", "not_reproduced", "failed_prediction")
#: The power a negative verdict on an analogue needs at the declared effect.
MIN_POWER = 0.8
#: Relative perturbations of a statement against which a check's power is measured.
DELTAS = (1e-12, 1e-9, 1e-6, 1e-4, 1e-2, 1e-1)
#: A holding claim whose check does not reject this perturbation is weak.
WEAK_DELTA = 1e-2


class Unavailable(Exception):
    """Raised by a check that cannot run here; the message says why (data, compute)."""


# ---------------------------------------------------------------------------------------------
# Provenance and pre-registration (declared facts)
@dataclass(frozen=True)
class Source:
    """What a statement was taken from: ``kind`` in :data:`SOURCE_KINDS` and ``where``.

    ``where`` is the locator: for ``printed`` the document, version and page/section/equation
    ("arXiv 2510.07746v2, §4, Cor. 4"; a formula rebuilt from a flattened text extraction says
    so); for ``code`` repository@commit:path:line; for ``abstract`` the arXiv/OpenReview id; for
    ``secondary`` the public source and that the printed wording was not seen; for ``ours`` what
    we chose (threshold, control, quantifier, stand-in).
    """

    kind: str
    where: str

    def __post_init__(self):
        if self.kind not in SOURCE_KINDS:
            raise ValueError(f"The 'source' parameter of claim must have a kind in "
                             f"{SOURCE_KINDS}. Got {self.kind!r} instead.")
        if not isinstance(self.where, str) or len(self.where.strip()) < 3:
            raise ValueError(f"The 'source' parameter of claim must say where ({self.kind!r} "
                             f"needs a locator). Got {self.where!r} instead.")

    def to_dict(self) -> dict:
        return {"kind": self.kind, "where": self.where}


@dataclass(frozen=True)
class Setting:
    """Where the statement was checked: ``exact`` (the paper's own objects) or ``analogue``
    (stand-in data, scale, model or budget; ``differs`` says what differs from the paper)."""

    kind: str
    differs: str = ""

    def __post_init__(self):
        if self.kind not in SETTINGS:
            raise ValueError(f"The 'setting' parameter of claim must be one of {SETTINGS}. "
                             f"Got {self.kind!r} instead.")
        if self.kind == "analogue" and len(self.differs.strip()) < 3:
            raise ValueError("The 'setting' parameter of claim must say what differs from the "
                             "paper when it is 'analogue'. Got no description instead.")

    def to_dict(self) -> dict:
        return {"kind": self.kind, "differs": self.differs or None}


ALTERNATIVES = ("greater", "less", "equivalence")


@dataclass(frozen=True)
class Preregistered:
    """An empirical claim's test, fixed before any run.

    Parameters
    ----------
    statistic : str
        What is tested, in words and units ("paired difference of test accuracy, JARF − RF,
        over seeds").
    alternative : str
        ``"greater"`` (the statement: the statistic exceeds ``threshold``), ``"less"``, or
        ``"equivalence"`` (within ±``margin`` of ``threshold``: "comparable", "on par").
    alpha : float
        Family-wise level; a claim testing several arms splits it (Bonferroni).
    seeds : int
        Seeds (or independent replicates) in the full run.
    effect : float
        The effect the test must be able to detect, in the statistic's units: the paper's
        reported effect where there is one, else our smallest effect of interest.
    effect_source : str
        Where ``effect`` comes from ("paper: Table 2, +1.2 points" or "ours: ...").
    threshold, margin : float
        The statement's boundary, and the equivalence margin.
    quick_decides : bool
        Whether the quick sizes are registered as able to decide (the test suite then fails when
        the quick run turns undecided).
    looks : int
        How many times the test has been judged on a growing set of seeds (seeds added after an
        undecided run are a second look). Each look spends a share of α: the test runs at
        :attr:`level` = α / looks (Bonferroni over looks, conservative), so adding seeds until
        something holds cannot inflate the false-positive rate.
    """

    statistic: str
    alternative: str
    seeds: int
    effect: float
    effect_source: str
    alpha: float = 0.05
    threshold: float = 0.0
    margin: float | None = None
    quick_decides: bool = False
    looks: int = 1

    @property
    def level(self) -> float:
        """The level the decision uses: α spent over the looks."""
        return self.alpha / self.looks

    def __post_init__(self):
        if self.alternative not in ALTERNATIVES:
            raise ValueError(f"The 'alternative' parameter of Preregistered must be one of "
                             f"{ALTERNATIVES}. Got {self.alternative!r} instead.")
        if not 0 < self.alpha < 0.5:
            raise ValueError(f"The 'alpha' parameter of Preregistered must be in (0, 0.5). "
                             f"Got {self.alpha!r} instead.")
        if not (isinstance(self.seeds, int) and self.seeds >= 2):
            raise ValueError(f"The 'seeds' parameter of Preregistered must be an int >= 2. "
                             f"Got {self.seeds!r} instead.")
        if not (math.isfinite(self.effect) and self.effect > 0):
            raise ValueError(f"The 'effect' parameter of Preregistered must be a finite number "
                             f"> 0. Got {self.effect!r} instead.")
        if (self.alternative == "equivalence") != (self.margin is not None):
            raise ValueError("The 'margin' parameter of Preregistered is required for "
                             "'equivalence' and only there. Got "
                             f"margin={self.margin!r} with {self.alternative!r} instead.")
        if self.margin is not None and not self.margin > 0:
            raise ValueError(f"The 'margin' parameter of Preregistered must be > 0. "
                             f"Got {self.margin!r} instead.")
        if not (isinstance(self.looks, int) and not isinstance(self.looks, bool)
                and self.looks >= 1):
            raise ValueError(f"The 'looks' parameter of Preregistered must be an int >= 1. "
                             f"Got {self.looks!r} instead.")
        if not self.effect_source.split(":")[0].strip() in ("paper", "ours"):
            raise ValueError("The 'effect_source' parameter of Preregistered must start with "
                             f"'paper:' or 'ours:'. Got {self.effect_source!r} instead.")

    def to_dict(self) -> dict:
        return {"statistic": self.statistic, "alternative": self.alternative,
                "alpha": self.alpha, "seeds": self.seeds, "effect": self.effect,
                "effect_source": self.effect_source, "threshold": self.threshold,
                "margin": self.margin, "quick_decides": self.quick_decides,
                "looks": self.looks, "level": self.level}


DECISIONS = ("holds", "fails", "undecided")


@dataclass(frozen=True)
class TestResult:
    """The outcome of one pre-registered test (built by :mod:`numerics.stats`).

    ``decision`` is ``holds`` (the interval clears the threshold), ``fails`` (the interval
    excludes the statement *and* the test had at least :data:`MIN_POWER` at the declared effect)
    or ``undecided``. ``seeds_needed`` is the number of seeds for that power at the observed
    spread (``None`` when it cannot be estimated).
    """

    __test__ = False  # not a pytest class

    name: str
    statistic: str
    alternative: str
    alpha: float
    seeds: int
    effect: float
    estimate: float
    interval: tuple[float, float]
    p_value: float
    power: float
    mde: float
    decision: str
    method: str = "t"
    threshold: float = 0.0
    margin: float | None = None
    seeds_needed: int | None = None

    def __post_init__(self):
        if self.decision not in DECISIONS:
            raise ValueError(f"TestResult.decision must be one of {DECISIONS}. "
                             f"Got {self.decision!r} instead.")

    def to_dict(self) -> dict:
        return _jsonable({
            "name": self.name, "statistic": self.statistic, "alternative": self.alternative,
            "alpha": self.alpha, "seeds": self.seeds, "effect": self.effect,
            "threshold": self.threshold, "margin": self.margin, "estimate": self.estimate,
            "interval": list(self.interval), "p_value": self.p_value, "power": self.power,
            "mde": self.mde, "decision": self.decision, "method": self.method,
            "seeds_needed": self.seeds_needed})


def combine_decisions(tests) -> str | None:
    """A claim's decision from its tests: ``holds`` when every test holds, ``fails`` when some
    test fails, else ``undecided``; ``None`` without tests."""
    tests = tuple(tests)
    if not tests:
        return None
    ds = [t.decision for t in tests]
    if "fails" in ds:
        return "fails"
    if all(d == "holds" for d in ds):
        return "holds"
    return "undecided"


def derive_verdict(*, passed: bool, relation: str, source: Source | None,
                   setting: Setting | None, sanity: bool = False,
                   decision: str | None = None, empirical: bool = False) -> str:
    """The verdict the declared facts and the check's outcome give (see the module doc).

    ``relation`` is ``"paper"``, ``"corrects"``, ``"sharpens"``, ``"extends"`` or
    ``"prediction"``; ``decision`` is the combined decision of the claim's pre-registered tests
    (``None`` for a deterministic check). An empirical statement that fails on an analogue
    without a test (a point estimate) is ``undecided``: nothing shows it had the power.
    """
    if decision == "undecided":
        return "undecided"
    if passed:
        if sanity:
            return "sanity"
        return {"paper": "verified", "corrects": "corrected", "sharpens": "sharpened",
                "extends": "extension", "prediction": "extension"}[relation]
    if relation != "paper":
        return "failed_prediction"
    if setting is not None and setting.kind == "analogue":
        if empirical and decision is None:
            return "undecided"
        return "not_reproduced"
    if source is not None and source.kind in PAPER_SOURCES and (
            setting is not None and setting.kind == "exact"):
        return "refuted"
    return "reading_fails"


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

    def slack(self) -> np.ndarray:
        """Per element, how far the comparison is from failing, relative to the reference's
        size (1 where it is 0 and no ``scale`` is given): > 0 holds with room, < 0 fails."""
        v, r = self.value, self.reference
        size = self._size()
        size = np.where((size > 0) & np.isfinite(size), size, 1.0)
        with np.errstate(invalid="ignore", over="ignore"):
            tol = self.atol + (self.rtol * np.abs(r) if self.rtol > 0 else 0.0)
            if self.relation == "eq":
                gap = np.where(v == r, 0.0, np.abs(v - r))
                out = (tol - gap) / size
            elif self.relation == "le":
                out = (r + tol - v) / size
            else:
                out = (v - r + tol) / size
        return np.where(np.isnan(out), -np.inf, out)

    def to_dict(self) -> dict:
        def short(a):
            a = np.asarray(a)
            return _jsonable(a.item() if a.size == 1 else a.ravel()[:8])

        out = {"name": self.name, "relation": self.relation, "value": short(self.value),
               "reference": short(self.reference), "rtol": self.rtol, "atol": self.atol,
               "power": comparison_power([self]), "holds": self.holds(),
               "size": int(np.asarray(self.value).size)}
        if out["size"] > 1:
            # the element nearest to failing (or failing worst): what a reader's table shows
            i = int(np.argmin(np.ravel(self.slack())))
            out["worst"] = {"index": i, "value": _jsonable(float(np.ravel(self.value)[i])),
                            "reference": _jsonable(float(np.ravel(self.reference)[i]))}
        return out


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
        self.tests: list[TestResult] = []

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

    def test(self, result: TestResult) -> bool:
        """A pre-registered test (from :mod:`numerics.stats`): the statement holds on it only
        when its decision is ``holds``; ``undecided`` makes the whole claim undecided."""
        if not isinstance(result, TestResult):
            raise TypeError(f"Judge.test takes a TestResult. Got {type(result).__name__}.")
        self.tests.append(result)
        return result.decision == "holds"

    def fact(self, name: str, holds: bool) -> bool:
        """A yes/no part of the statement (a rank, a sign pattern): required, not perturbable."""
        self.facts[name] = bool(holds)
        return bool(holds)

    @property
    def passed(self) -> bool:
        return (all(c.holds() for c in self.comparisons) and all(self.facts.values())
                and all(t.decision == "holds" for t in self.tests))

    def failures(self) -> list[str]:
        return ([c.name for c in self.comparisons if not c.holds()]
                + [k for k, v in self.facts.items() if not v]
                + [f"{t.name} ({t.decision})" for t in self.tests if t.decision != "holds"])

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
        if self.tests:
            measured = {**measured, **{t.name: t.estimate for t in self.tests}}
            expected = {**expected, **{t.name: _test_target(t) for t in self.tests}}
        return Evidence(self.passed, measured, expected, tolerance, note,
                        comparisons=tuple(self.comparisons), facts=dict(self.facts),
                        tests=tuple(self.tests))


def _test_target(t: TestResult) -> str:
    if t.alternative == "equivalence":
        return f"within ±{t.margin:g} of {t.threshold:g}"
    return f"{'>' if t.alternative == 'greater' else '<'} {t.threshold:g}"


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
    tests : tuple of TestResult
        The pre-registered tests behind ``passed`` (empirical claims).
    """

    passed: bool
    measured: Any = None
    expected: Any = None
    tolerance: float | None = None
    note: str = ""
    comparisons: tuple = ()
    facts: dict = field(default_factory=dict)
    tests: tuple = ()

    def __post_init__(self):
        if not isinstance(self.passed, bool | np.bool_):
            raise TypeError(f"Evidence.passed must be a bool. Got {self.passed!r} instead.")
        object.__setattr__(self, "passed", bool(self.passed))
        if self.comparisons or self.tests:
            judged = (all(c.holds() for c in self.comparisons)
                      and all(bool(v) for v in self.facts.values())
                      and all(t.decision == "holds" for t in self.tests))
            if judged != self.passed:
                raise ValueError(f"Evidence.passed={self.passed} contradicts its comparisons "
                                 f"(they give {judged}).")

    @property
    def decision(self) -> str | None:
        """The combined decision of the pre-registered tests (``None`` without tests)."""
        return combine_decisions(self.tests)

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
    prediction: bool = False
    source: Source | None = None
    setting: Setting | None = None
    test: Preregistered | None = None
    declared_relation: str | None = None
    deterministic: str | None = None

    @property
    def relation(self) -> str:
        """``paper`` (the paper's statement), ``corrects``/``sharpens``/``extends`` (ours), or
        ``prediction`` (ours, a threshold fixed before looking)."""
        if self.declared_relation is not None:
            return self.declared_relation
        if self.expected in RELATIONS:
            return RELATIONS[self.expected]
        return "prediction" if self.prediction else "paper"

    @property
    def is_failed_prediction(self) -> bool:
        """Our own prediction (a threshold we fixed), expected to fail: not a paper's error."""
        return self.expected == "failed_prediction"

    @property
    def is_sanity(self) -> bool:
        return self.evidence == ("sanity",)

    def derive(self, passed: bool, decision: str | None = None) -> str:
        """The verdict this claim's declared facts give to an outcome (:func:`derive_verdict`)."""
        return derive_verdict(passed=passed, relation=self.relation, source=self.source,
                              setting=self.setting, sanity=self.is_sanity, decision=decision,
                              empirical=self.kind == "empirical")

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
            verdict = self.derive(evidence.passed, evidence.decision)
            error = None
        except Unavailable as exc:
            # quick sizes too small to decide an empirical claim: undecided, not unavailable
            undecided = quick and self.kind == "empirical" and self.expected != "unavailable"
            evidence = Evidence(False, note=str(exc))
            verdict, error = ("undecided" if undecided else "unavailable"), None
        except Exception as exc:  # noqa: BLE001 - a crashing check misses its verdict
            evidence = Evidence(False, note=f"{type(exc).__name__}: {exc}")
            verdict, error = "error", traceback.format_exc()
        return Result(self, evidence, verdict, time.perf_counter() - start, error, quick)


def shorten(text, n: int) -> str:
    """``text`` on one line, cut to at most ``n`` characters (an ellipsis marks the cut)."""
    text = " ".join(str(text).split())
    return text if len(text) <= n else text[:n - 1] + "…"


HOLDING = ("verified", "corrected", "sharpened", "extension")
_REL_WORDS = {"eq": "should equal", "le": "should be at most", "ge": "should be at least"}
#: Verdicts that decide nothing about the statement.
UNDECIDED = ("undecided", "unavailable")


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
        """A quick run that could not decide an empirical claim registered as undecidable at
        quick sizes (the full run decides)."""
        c = self.claim
        return (self.quick and c.kind == "empirical" and self.verdict == "undecided"
                and c.expected != "undecided"
                and not (c.test is not None and c.test.quick_decides))

    @property
    def underpowered_decision(self) -> bool:
        """Registered ``undecided`` at this budget, yet its tests decided here with less than
        :data:`MIN_POWER` at the declared effect. A significant result of an underpowered test
        is a valid level-α decision but not a reproducible one: another CPU's kernels or seed
        block move it across α (seen for a jumbo claim between two AMD EPYC machines, AVX2 and
        AVX-512). It is reported as decided here, and it is not a miss."""
        tests = self.evidence.tests
        return (self.claim.expected == "undecided" and self.verdict in HOLDING
                and bool(tests) and min(t.power for t in tests) < MIN_POWER)

    @property
    def on_target(self) -> bool:
        return (self.verdict == self.claim.expected or self.undecided
                or self.underpowered_decision)

    @property
    def label(self) -> str:
        """The summary label (the verdict)."""
        return self.verdict

    @property
    def decided(self) -> bool:
        return self.verdict not in UNDECIDED and self.verdict != "error"

    @property
    def power(self) -> float | None:
        return self.evidence.power if self.verdict in HOLDING else None

    @property
    def margin(self) -> float | None:
        return self.evidence.margin if self.verdict in FAILING else None

    @property
    def weak(self) -> bool:
        """A holding claim whose check does not reject a statement 1 % off (a claim decided by
        pre-registered tests is judged by their significance and power instead)."""
        if self.verdict not in HOLDING or self.claim.is_sanity or self.evidence.tests:
            return False
        p = self.power
        return p is None or p > WEAK_DELTA

    @property
    def weak_unlabelled(self) -> bool:
        """Weak, and not labelled ``observation`` (or ``sanity``): a defect of the check."""
        return self.weak and "observation" not in self.claim.evidence

    def explain(self, width: int = 400) -> str:
        """Why this result missed its expected verdict, in a few sentences (at most ~20 lines):
        the claim, its statement, what was expected and what came out, the worst comparison,
        the failing parts and the note. A failing check of ours is called a failing check:
        ``refuted`` is a label derived for the papers' printed statements, not a test outcome.
        """
        c, e = self.claim, self.evidence

        def cut(text):
            return shorten(text, width)

        lines = [(f"Claim {c.id} ({c.where}) did not reach its expected verdict "
                 f"'{c.expected}'."), f"Statement: {cut(c.statement)}"]
        if self.error is not None:
            lines.append(f"The check crashed: {cut(e.note)}")
            lines += [ln for ln in self.error.strip().splitlines()[-6:]]
            return "\n".join(lines)
        if self.verdict in FAILING and c.expected not in FAILING:
            lines.append(f"The check failed: the statement did not hold on this evidence "
                         f"(the outcome derives '{self.verdict}').")
        elif c.expected in FAILING and self.verdict in HOLDING:
            lines.append("The check passed, but it was registered to fail: its counterexample "
                         "no longer fails.")
        elif self.verdict in UNDECIDED:
            lines.append(f"The check could not decide ({self.verdict}).")
        else:
            lines.append(f"The outcome derives '{self.verdict}'.")
        failing = [x for x in e.comparisons if not x.holds()]
        if failing:
            worst = min(failing, key=lambda x: float(np.min(x.slack())))
            d = worst.to_dict()
            at = d.get("worst") or {"value": d["value"], "reference": d["reference"]}
            where = f" (element {at['index']} of {d['size']})" if "index" in at else ""
            tol = f", tolerance rtol {worst.rtol:g}, atol {worst.atol:g}" if (
                worst.rtol or worst.atol) else ""
            lines.append(f"Worst comparison: {worst.name}{where}: {at['value']} "
                         f"{_REL_WORDS[worst.relation]} {at['reference']}{tol}: fails.")
        parts = ([x.name for x in failing] + [k for k, v in e.facts.items() if not v]
                 + [f"{t.name} ({t.decision}, p {t.p_value:.3g}, power {t.power:.2f})"
                    for t in e.tests if t.decision != "holds"])
        if parts:
            more = f" and {len(parts) - 5} more" if len(parts) > 5 else ""
            lines.append(f"Failing parts: {'; '.join(parts[:5])}{more}.")
        if e.note:
            lines.append(f"Note: {cut(e.note)}")
        return "\n".join(lines)

    def to_dict(self) -> dict:
        c, e = self.claim, self.evidence
        return {
            "id": c.id, "topic": c.topic, "kind": c.kind, "location": c.where,
            "statement": c.statement, "expected_verdict": c.expected, "verdict": self.verdict,
            "label": self.label,
            "on_target": self.on_target, "undecided_in_quick_mode": self.undecided,
            "underpowered_decision": self.underpowered_decision,
            "statement_source": c.source.to_dict() if c.source else None,
            "setting": c.setting.to_dict() if c.setting else None,
            "evidence_kinds": list(c.evidence), "relation": c.relation,
            "preregistered": c.test.to_dict() if c.test else None,
            "deterministic": c.deterministic,
            "test": _headline_test(e.tests),
            "tests": [t.to_dict() for t in e.tests],
            "power": self.power, "margin": self.margin, "weak": self.weak,
            "measured": _jsonable(e.measured),
            "expected": _jsonable(e.expected), "tolerance": e.tolerance, "note": e.note,
            "comparisons": [x.to_dict() for x in e.comparisons],
            "facts": _jsonable(e.facts),
            "corrected_by": list(c.corrected_by), "corrects": c.corrects,
            "source": _source(c.check),
            "seconds": round(self.seconds, 4),
        }


def _headline_test(tests) -> dict | None:
    """The test that decides the row: the first failing, else the first undecided, else the
    least significant holding one."""
    if not tests:
        return None
    order = {"fails": 0, "undecided": 1, "holds": 2}
    worst = min(tests, key=lambda t: (order[t.decision], -t.p_value))
    return worst.to_dict()


def _source(fn) -> str | None:
    """``path:line`` of a check, relative to the folder that holds its top-level package
    (``theory/tsne/claims.py:12`` for a built-in topic, ``mypaper/claims.py:8`` for an outside
    one): never a machine's absolute path."""
    import sys
    from pathlib import Path

    try:
        path = inspect.getsourcefile(fn)
        line = inspect.getsourcelines(fn)[1]
    except (OSError, TypeError):
        return None
    top = sys.modules.get(fn.__module__.split(".")[0])
    top_file = getattr(top, "__file__", None)
    if top_file is None:
        root = Path(path).resolve().parent
    else:  # a package's folder's parent; a top-level plain module's own folder
        root = Path(top_file).resolve().parent.parent if hasattr(top, "__path__") else \
            Path(top_file).resolve().parent
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


def _as_source(value) -> Source | None:
    if value is None or isinstance(value, Source):
        return value
    if isinstance(value, tuple | list) and len(value) == 2:
        return Source(*value)
    raise TypeError("The 'source' parameter of claim must be a Source or a (kind, where) pair. "
                    f"Got {value!r} instead.")


def _as_setting(value) -> Setting | None:
    if value is None or isinstance(value, Setting):
        return value
    if value == "exact":
        return Setting("exact")
    if isinstance(value, tuple | list) and len(value) == 2:
        return Setting(*value)
    raise TypeError("The 'setting' parameter of claim must be a Setting, 'exact' or "
                    f"('analogue', what differs). Got {value!r} instead.")


def expected_verdicts(c: Claim) -> set[str]:
    """The verdicts the declared facts allow this claim to reach (for the hand-set
    ``expected``): the holding one, the failing one, ``undecided`` and ``unavailable``."""
    allowed = {c.derive(True), c.derive(False), "unavailable"}
    if c.kind == "empirical":
        allowed.add("undecided")
        if c.test is not None:  # a pre-registered test that fails with power
            allowed.add(c.derive(False, "fails"))
    return allowed


def claim(id: str, *, where: str, statement: str, expected: str = "verified",
          kind: str = "theory", corrected_by: Iterable[str] | str = (),
          corrects: str | None = None, evidence: Iterable[str] | str = (),
          prediction: bool = False, source=None, setting=None,
          test: Preregistered | None = None, relation: str | None = None,
          deterministic: str | None = None):
    """Register the decorated function as the check of a claim.

    Parameters
    ----------
    id : str
        ``"<topic>.<where>.<what>"``; the topic is the first dotted component.
    where : str
        Where in the paper the statement sits (section, theorem, equation, figure).
    expected : str
        The verdict the check should reach (one of :data:`VERDICTS`); it must be one the
        declared facts allow (:func:`expected_verdicts`), so a label cannot say more than the
        facts. Our own statements say how they relate to the paper through it: ``corrected``
        (fixes a failing statement, which names it in ``corrected_by``), ``sharpened`` or
        ``extension``.
    evidence : str or iterable of str
        What backs the claim (:data:`EVIDENCE_KINDS`); ``sanity`` stands alone.
    prediction : bool
        The statement is ours, not the paper's: a prediction with a threshold we fixed before
        looking. A prediction that failed is registered ``expected="failed_prediction"`` (the
        miss is reported, never dropped); it needs no correction.
    source : Source or (kind, where)
        What the statement was taken from (:class:`Source`).
    setting : Setting, "exact" or ("analogue", what differs)
        Where it was checked (:class:`Setting`).
    test : Preregistered
        An empirical claim's pre-registered test.
    relation : str
        ``"corrects"``, ``"sharpens"`` or ``"extends"``: our own statement whose expected
        verdict is not the holding one (``undecided``, ``unavailable``); otherwise the relation
        follows from ``expected`` and ``prediction``.
    deterministic : str
        An empirical claim measured without randomness (floating point of a library on a fixed
        input, counts of a built model), in place of ``test``: why no seed can change it. It is
        reported beside the row; a measured row without a test or this is refused by
        :func:`missing_preregistration`.
    """
    topic = id.split(".", 1)[0]
    if topic not in _topics.keys():
        raise ValueError(f"The 'id' parameter of claim must start with a registered topic key "
                         f"(an entry point of {_topics.GROUP!r}: {_topics.keys()}; is the "
                         f"topic's distribution installed?). Got {id!r} instead.")
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
    if evidence == ("sanity",) and expected == "verified":
        expected = "sanity"  # a check that passes by construction: its verdict is 'sanity'
    source, setting = _as_source(source), _as_setting(setting)
    if relation is not None and relation not in RELATIONS.values():
        raise ValueError(f"The 'relation' parameter of claim must be one of "
                         f"{tuple(RELATIONS.values())}. Got {relation!r} instead (claim {id!r}).")
    if test is not None and not isinstance(test, Preregistered):
        raise TypeError(f"The 'test' parameter of claim must be a Preregistered. "
                        f"Got {type(test).__name__} instead (claim {id!r}).")
    if test is not None and kind != "empirical":
        raise ValueError(f"The 'test' parameter of claim is for empirical claims (claim {id!r}).")
    if deterministic is not None and (kind != "empirical" or test is not None
                                      or not str(deterministic).strip()):
        raise ValueError(f"The 'deterministic' parameter of claim is a non-empty reason, for an "
                         f"empirical claim without a test (claim {id!r}).")
    if expected == "refuted" and not corrected_by:
        raise ValueError(f"The refuted claim {id!r} must name its corrected claim "
                         "(corrected_by=...).")
    probe = Claim(id=id, topic=topic, where=where, statement=statement, expected=expected,
                  check=lambda: None, kind=kind, evidence=evidence, prediction=prediction,
                  source=source, setting=setting, test=test, declared_relation=relation)
    if source is not None and setting is not None:
        allowed = expected_verdicts(probe)
        if expected not in allowed:
            raise ValueError(
                f"The 'expected' parameter of claim {id!r} contradicts its declared facts "
                f"(source {source.kind!r}, setting {setting.kind!r}, relation "
                f"{probe.relation!r}): it may be one of {sorted(allowed)}. "
                f"Got {expected!r} instead.")

    def register(fn: Callable[..., Evidence]) -> Callable[..., Evidence]:
        if id in _REGISTRY and _REGISTRY[id].check.__qualname__ != fn.__qualname__:
            raise ValueError(f"claim id {id!r} is registered twice")
        _REGISTRY[id] = Claim(id=id, topic=topic, where=where, statement=statement,
                              expected=expected, check=fn, kind=kind,
                              corrected_by=tuple(corrected_by), corrects=corrects,
                              evidence=evidence, prediction=prediction, source=source,
                              setting=setting, test=test, declared_relation=relation,
                              deterministic=deterministic)
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

    Topics are found through their entry points (:mod:`iclr26_verify.topics`); a topic's
    ``modules`` are imported with their ``claims*`` submodules, its ``empirical_modules`` (torch)
    only when ``"empirical"`` is among ``kinds``. A topic whose modules fail to import is left
    out and named in :func:`iclr26_verify.topics.broken`; the others are still discovered.
    """
    import warnings

    topics = _topics.check_keys(topics)
    kinds = tuple(kinds)
    ok = []
    for t in topics:
        try:
            _topics.get(t).import_modules(("claims",), empirical="empirical" in kinds)
        except Exception as exc:  # a broken plugin must not take the others down
            _topics.mark_broken(t, f"{type(exc).__name__}: {exc}")
            warnings.warn(f"topic {t!r}: its claim modules cannot be imported: "
                          f"{type(exc).__name__}: {exc}", RuntimeWarning, stacklevel=2)
            continue
        ok.append(t)
    return sorted((c for c in _REGISTRY.values() if c.topic in ok and c.kind in kinds),
                  key=lambda c: c.id)


def check_registry_consistency(claims: Iterable[Claim]) -> list[str]:
    """Problems in the registry's declared facts, labels and links (empty when consistent).

    - every claim names its evidence kind(s), its ``source`` and its ``setting``;
    - the expected verdict is one the declared facts allow;
    - a claim that fails a statement of the paper names ``corrected`` claim(s) when it is
      ``refuted`` (an error of the paper must say what holds instead);
    - a ``corrected`` claim corrects something: some failing claim names it in ``corrected_by``
      (a sharpening or an extension is labelled as such, not as a correction);
    - every empirical claim that decides (not ``unavailable``) pre-registers its ``test``.
    """
    by_id = {c.id: c for c in _REGISTRY.values()}
    named = {o for c in by_id.values() if c.expected in FAILING + ("undecided",)
             for o in c.corrected_by}
    problems = []
    for c in claims:
        if not c.evidence:
            problems.append(f"{c.id}: no evidence kind (evidence=...)")
        if c.source is None:
            problems.append(f"{c.id}: no statement source (source=(kind, where))")
        if c.setting is None:
            problems.append(f"{c.id}: no setting (setting='exact' | ('analogue', ...))")
        if c.source is not None and c.setting is not None:
            allowed = expected_verdicts(c)
            if c.expected not in allowed:
                problems.append(f"{c.id}: expected {c.expected!r} contradicts its facts "
                                f"(allowed {sorted(allowed)})")
        for other in c.corrected_by:
            if other not in by_id:
                problems.append(f"{c.id}: corrected_by names unknown claim {other!r}")
            elif by_id[other].relation != "corrects":
                problems.append(f"{c.id}: {other!r} is expected {by_id[other].expected!r}, "
                                "not a correction ('corrected', or relation='corrects')")
        if c.corrects is not None and c.corrects not in by_id:
            problems.append(f"{c.id}: corrects names unknown claim {c.corrects!r}")
        if c.relation == "corrects" and c.id not in named:
            problems.append(f"{c.id}: expected 'corrected' but no failing claim names it; "
                            "label it 'sharpened' or 'extension'")
    return problems


def missing_preregistration(claims: Iterable[Claim]) -> list[str]:
    """Empirical claims that decide a measured (``observation``) statement without a
    pre-registered test. A deterministic empirical check (bit-identical parameters, counts of
    a built model, agreement with the numpy theory to rounding) has no statistic over seeds."""
    return [c.id for c in claims if c.kind == "empirical" and c.test is None
            and c.deterministic is None and "observation" in c.evidence
            and c.expected not in ("unavailable", "sanity")]
