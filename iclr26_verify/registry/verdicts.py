"""Verdicts and the facts they are derived from: what a statement rests on (:class:`Source`),
where it was checked (:class:`Setting`), an empirical claim's pre-registered test
(:class:`Preregistered`, :class:`TestResult`) and :func:`derive_verdict`. Part of the claim
registry (:mod:`iclr26_verify.registry.claims` describes the model)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

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
        if self.effect_source.split(":")[0].strip() not in ("paper", "ours"):
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
    """The outcome of one pre-registered test (built by :mod:`iclr26_verify.registry.stats`).

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
