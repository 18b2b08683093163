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
    p-value, power, minimum detectable effect) built by :mod:`iclr26_verify.registry.stats`.

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
import inspect
import time
import traceback
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import numpy as np

from iclr26_verify.registry import topics as _topics

# the registry's vocabulary, re-exported: ``theory.claims`` is this module
from iclr26_verify.registry.judge import (
    Comparison,
    Evidence,
    Judge,
    comparison_power,
    refutation_margin,
)
from iclr26_verify.registry.verdicts import (
    ALTERNATIVES,
    DECISIONS,
    DELTAS,
    EVIDENCE_KINDS,
    FAILING,
    KINDS,
    MIN_POWER,
    PAPER_SOURCES,
    RELATIONS,
    SETTINGS,
    SOURCE_KINDS,
    VERDICTS,
    WEAK_DELTA,
    Preregistered,
    Setting,
    Source,
    TestResult,
    Unavailable,
    _jsonable,
    combine_decisions,
    derive_verdict,
)

#: Re-exported from the registry's other modules (``theory.claims`` is this module).
_REEXPORTED = (Comparison, Evidence, Judge, comparison_power, refutation_margin, ALTERNATIVES,
               DECISIONS, DELTAS, EVIDENCE_KINDS, FAILING, KINDS, MIN_POWER,
               PAPER_SOURCES, RELATIONS, SETTINGS, SOURCE_KINDS, VERDICTS,
               WEAK_DELTA, _jsonable, combine_decisions, derive_verdict,
               Preregistered, Setting, Source, TestResult, Unavailable)


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
    if topic not in _topics.keys():  # noqa: SIM118 - a function of the registry, not a dict
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
    try:
        mod = importlib.import_module(package)
    except ModuleNotFoundError as exc:
        if exc.name != package:
            raise
        return
    for name in _topics.submodules(mod, (prefix,)):
        importlib.import_module(name)


def discover(topics: Iterable[str] | None = None, kinds: Iterable[str] = KINDS) -> list[Claim]:
    """Import every topic's claim modules and return the registered claims, sorted by id.

    Topics are found through their entry points (:mod:`iclr26_verify.registry.topics`); a topic's
    ``modules`` are imported with their ``claims*`` submodules, its ``empirical_modules`` (torch)
    only when ``"empirical"`` is among ``kinds``. A topic whose modules fail to import is left
    out and named in :func:`iclr26_verify.registry.topics.broken`; the others are still discovered.
    """
    import warnings

    topics = _topics.check_keys(topics)
    kinds = tuple(kinds)
    ok = []
    for t in topics:
        try:
            _topics.get(t).import_modules(("claims",), empirical="empirical" in kinds)
        except Exception as exc:  # noqa: BLE001 - a broken plugin must not take the others down
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
