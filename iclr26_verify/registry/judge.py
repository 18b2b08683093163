"""Comparisons and their power: a check states what it compares through a :class:`Judge`, so
the registry can re-judge it against nearby false statements; :class:`Evidence` is what the
check returns. Part of the claim registry (:mod:`iclr26_verify.registry.claims`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from iclr26_verify.registry.verdicts import (
    DELTAS,
    TestResult,
    _jsonable,
    combine_decisions,
)


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
        """The statement says ``value ≤ bound``; tightening moves the bound down by δ times its
        magnitude."""
        return self._add(name, "le", value, bound, rtol, atol, scale)

    def ge(self, name: str, value, bound, *, rtol: float = 0.0, atol: float = 0.0,
           scale: float | None = None) -> bool:
        """The statement says ``value ≥ bound``; tightening moves the bound up by δ times its
        magnitude."""
        return self._add(name, "ge", value, bound, rtol, atol, scale)

    def test(self, result: TestResult) -> bool:
        """A pre-registered test (from :mod:`iclr26_verify.registry.stats`): the statement holds on
        it only when its decision is ``holds``; ``undecided`` makes the whole claim undecided."""
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
