"""Blueprints: each paper's numbered results, what they use, and the claims that check them.

A blueprint is the map of one paper (in the spirit of Lean's ``leanblueprint``): its numbered
results in the paper's own order (definitions that assert something checkable, theorems, lemmas,
propositions, corollaries, remarks, algorithms, equation-level claims, figures, tables and the
abstract's headline statements), each with the printed label, the part (main text, appendix,
abstract), a locator a reader can open, a one-line paraphrase of ours, the results it uses, and
the registered claims that check it, *fully* or *partially*.

It is data, kept beside the topic and reviewed like code: ``theory/<topic>/blueprint.toml``::

    [paper]
    title = "t-SNE exaggerates clusters, provably"
    url = "https://arxiv.org/abs/2510.07746"
    complete = true                  # every numbered result of the text below is a node
    sources = ["arXiv 2510.07746v2 (camera-ready PDF), main text and appendices"]
    note = ""                        # what it was built from when the text was not seen

    [[node]]
    label = "Theorem 3"              # as printed; unique in the paper
    kind = "theorem"                 # one of KINDS
    part = "main"                    # main | appendix | abstract
    locator = "arXiv 2510.07746v2, §3.1, p. 4"
    says = "Two inputs whose affinity matrices agree give the same t-SNE output."
    uses = ["Definition 1", "Lemma 14"]
    counted = true                   # false for notation and standing assumptions
    full = ["tsne.thm3.impostor_silhouette"]
    partial = []
    unchecked = ""                   # why nothing checks it (required when no claim does)

Extent. The ``full`` claims of a node check, together, the statement as printed, on the paper's
own objects (each has setting ``exact``): one claim may check all of it, or each one part of a
statement made of parts (a cell of a table of cases, one direction of an equivalence), with every
part listed. A ``partial`` claim checks a special case, one direction of several, one of several
data sets, or an analogue (stand-in data, model or scale).

Status (:func:`node_status`), derived from the verdicts of the node's claims, never set by hand.
Sanity rows and crashed checks say nothing about the paper and are left out; then, in order:

``error_in_print``  a claim is ``refuted`` (printed text or released code fails on its objects);
``reading_fails``   a reading of ours fails (``reading_fails``; a ``failed_prediction``, ours
                    about the paper's setting, only when nothing else checks the node);
``not_reproduced``  it fails on an analogue with a powered test;
``verified``        its ``full`` claims all hold;
``partial``         claims that hold check it only in part (or some ``full`` claim is open);
``undecided``       its claims could not decide;
``unavailable``     its claims cannot run here (the reason is theirs);
``unchecked``       no claim checks it (the blueprint says why).

Coverage (:func:`coverage`) = (full + ½ partial) / counted, over the counted nodes: a node
counts as *full* when all its ``full`` claims decided (any verdict but undecided or unavailable),
as *partial* when some of its claims decided, and as nothing otherwise. It is
given overall, for the theorem-like nodes (theorems, lemmas, propositions, corollaries) and for
figures and tables. A blueprint marked incomplete is a map of what its sources show, and its
coverage is a fraction of that map, not of the paper.
"""

from __future__ import annotations

import importlib.resources
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

KINDS = ("definition", "assumption", "theorem", "lemma", "proposition", "corollary", "remark",
         "example", "algorithm", "equation", "figure", "table", "claim")
THEOREM_LIKE = ("theorem", "lemma", "proposition", "corollary")
FIGURES_TABLES = ("figure", "table")
PARTS = ("main", "appendix", "abstract")
EXTENTS = ("full", "partial")
STATUSES = ("verified", "partial", "error_in_print", "reading_fails", "not_reproduced",
            "undecided", "unavailable", "unchecked")
#: Verdicts that say nothing about the paper's statement (software tests, crashed checks).
SILENT = ("sanity", "error")
_HOLDING = ("verified", "corrected", "sharpened", "extension")
_FAILING_STATUS = (("refuted", "error_in_print"), ("reading_fails", "reading_fails"),
                   ("failed_prediction", "reading_fails"),
                   ("not_reproduced", "not_reproduced"))


class BlueprintError(ValueError):
    """A blueprint file that does not describe a paper (the message names the file and node)."""


@dataclass(frozen=True)
class Node:
    """One numbered result of a paper (see the module doc for the fields)."""

    label: str
    kind: str
    part: str
    locator: str
    says: str
    uses: tuple[str, ...] = ()
    counted: bool = True
    full: tuple[str, ...] = ()
    partial: tuple[str, ...] = ()
    unchecked: str = ""

    @property
    def claims(self) -> tuple[tuple[str, str], ...]:
        """``(claim id, extent)`` pairs, full first."""
        return tuple((c, "full") for c in self.full) + tuple((c, "partial") for c in self.partial)

    @property
    def anchor(self) -> str:
        """A fragment id for the node (``node-theorem-3``)."""
        return "node-" + "".join(ch if ch.isalnum() else "-" for ch in self.label.lower())


@dataclass(frozen=True)
class Blueprint:
    """A paper's numbered results in its order; ``complete`` when every numbered result of the
    text named in ``sources`` is a node."""

    topic: str
    title: str
    url: str
    complete: bool
    sources: tuple[str, ...]
    nodes: tuple[Node, ...]
    note: str = ""
    _index: dict = field(default_factory=dict, repr=False, compare=False)

    def node(self, label: str) -> Node:
        if not self._index:
            self._index.update({n.label: n for n in self.nodes})
        return self._index[label]

    def nodes_of(self, claim_id: str) -> list[tuple[Node, str]]:
        """The nodes a claim checks, with its extent at each."""
        return [(n, ext) for n in self.nodes for c, ext in n.claims if c == claim_id]

    def claim_ids(self) -> set[str]:
        return {c for n in self.nodes for c, _ in n.claims}


def _text(table: Mapping, key: str, where: str, *, required: bool = True) -> str:
    value = table.get(key, "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise BlueprintError(f"{where}: '{key}' must be a non-empty string. Got {value!r}.")
    return value.strip()


def _strings(table: Mapping, key: str, where: str) -> tuple[str, ...]:
    value = table.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise BlueprintError(f"{where}: '{key}' must be a list of non-empty strings. "
                             f"Got {value!r}.")
    return tuple(v.strip() for v in value)


_NODE_KEYS = {"label", "kind", "part", "locator", "says", "uses", "counted", "full", "partial",
              "unchecked"}


def parse(topic: str, data: Mapping, origin: str = "blueprint") -> Blueprint:
    """A :class:`Blueprint` from the parsed TOML ``data``; :class:`BlueprintError` names the
    file and the node for anything malformed: unknown keys or kinds, a label given twice, a
    ``uses`` entry that is no node of the paper, a node with no claim and no reason."""
    paper = data.get("paper")
    if not isinstance(paper, Mapping):
        raise BlueprintError(f"{origin}: needs a [paper] table.")
    where = f"{origin} [paper]"
    complete = paper.get("complete")
    if not isinstance(complete, bool):
        raise BlueprintError(f"{where}: 'complete' must be true or false. Got {complete!r}.")
    sources = _strings(paper, "sources", where)
    if not sources:
        raise BlueprintError(f"{where}: 'sources' must name what the blueprint was built from.")
    note = _text(paper, "note", where, required=not complete)
    nodes, seen = [], set()
    for i, raw in enumerate(data.get("node", [])):
        w = f"{origin} node {i + 1}"
        label = _text(raw, "label", w)
        w = f"{origin} node {label!r}"
        unknown = set(raw) - _NODE_KEYS
        if unknown:
            raise BlueprintError(f"{w}: unknown keys {sorted(unknown)}; allowed "
                                 f"{sorted(_NODE_KEYS)}.")
        if label in seen:
            raise BlueprintError(f"{w}: the label is used twice.")
        seen.add(label)
        kind, part = raw.get("kind"), raw.get("part")
        if kind not in KINDS:
            raise BlueprintError(f"{w}: 'kind' must be one of {KINDS}. Got {kind!r}.")
        if part not in PARTS:
            raise BlueprintError(f"{w}: 'part' must be one of {PARTS}. Got {part!r}.")
        counted = raw.get("counted", True)
        if not isinstance(counted, bool):
            raise BlueprintError(f"{w}: 'counted' must be true or false. Got {counted!r}.")
        node = Node(label=label, kind=kind, part=part, locator=_text(raw, "locator", w),
                    says=_text(raw, "says", w), uses=_strings(raw, "uses", w), counted=counted,
                    full=_strings(raw, "full", w), partial=_strings(raw, "partial", w),
                    unchecked=_text(raw, "unchecked", w, required=False))
        both = set(node.full) & set(node.partial)
        if both:
            raise BlueprintError(f"{w}: {sorted(both)} listed as both full and partial.")
        if not node.claims and not node.unchecked:
            raise BlueprintError(f"{w}: no claim checks it, so 'unchecked' must say why.")
        nodes.append(node)
    if not nodes:
        raise BlueprintError(f"{origin}: has no [[node]].")
    for n in nodes:
        missing = [u for u in n.uses if u not in seen]
        if missing:
            raise BlueprintError(f"{origin} node {n.label!r}: 'uses' names {missing}, which "
                                 "are not nodes of this blueprint.")
    return Blueprint(topic=topic, title=_text(paper, "title", where),
                     url=_text(paper, "url", where), complete=complete, sources=sources,
                     nodes=tuple(nodes), note=note)


def load(topic: str, package: str | None = None) -> Blueprint:
    """The blueprint of ``topic``: ``blueprint.toml`` in ``package``, by default where the
    topic's :class:`~iclr26_verify.registry.topics.Topic` says (``blueprint``, beside its first
    module)."""
    if package is None:
        from iclr26_verify.registry import topics

        found = topics.get(topic)
        path = found.blueprint_path()
        if path is None:
            raise FileNotFoundError(f"No blueprint for topic {topic!r}: no blueprint.toml beside "
                                    "its first module.")
        with path.open("rb") as fh:
            data = tomllib.load(fh)
        return parse(topic, data, origin=f"{found.modules[0]}/{path.name}")
    res = importlib.resources.files(package) / "blueprint.toml"
    if not res.is_file():
        raise FileNotFoundError(f"No blueprint for topic {topic!r}: {package}/blueprint.toml "
                                "is missing.")
    with res.open("rb") as fh:
        data = tomllib.load(fh)
    return parse(topic, data, origin=f"{package}/blueprint.toml")


def attachment_problems(bp: Blueprint, claims: Iterable) -> list[str]:
    """What is wrong between a blueprint and its topic's registered claims: a claim that
    resolves to no node, a node that names an unknown claim, a ``full`` extent for a claim
    checked on an analogue (an analogue checks a node in part)."""
    by_id = {c.id: c for c in claims}
    problems = [f"{cid}: attached to no node of the {bp.topic} blueprint"
                for cid in sorted(set(by_id) - bp.claim_ids())]
    for n in bp.nodes:
        for cid, ext in n.claims:
            c = by_id.get(cid)
            if c is None:
                problems.append(f"{bp.topic} node {n.label!r}: names unknown claim {cid!r}")
            elif ext == "full" and c.setting is not None and c.setting.kind == "analogue":
                problems.append(f"{bp.topic} node {n.label!r}: {cid} is checked on an analogue "
                                "and can check the node only in part")
    return problems


def node_status(node: Node, verdicts: Mapping[str, str],
                notes: Mapping[str, str] | None = None) -> tuple[str, str]:
    """``(status, reason)`` of a node from its claims' verdicts (see the module doc).

    ``verdicts`` maps claim id to verdict; ``notes`` (claim id to its evidence note) supplies
    the reason of an ``unavailable`` node. The reason is empty for a node that decided."""
    notes = notes or {}
    attached = [(c, ext, verdicts.get(c, "unavailable")) for c, ext in node.claims]
    speaking = [(c, ext, v) for c, ext, v in attached if v not in SILENT]
    if not speaking:
        reason = node.unchecked or ("only software tests (sanity rows) touch it" if attached
                                    else "no claim checks it")
        return "unchecked", reason
    got = {v for _, _, v in speaking}
    if got - {"failed_prediction"}:
        # a prediction of ours that failed says nothing about the paper's statement
        speaking = [x for x in speaking if x[2] != "failed_prediction"]
        got.discard("failed_prediction")
    for verdict, status in _FAILING_STATUS:
        if verdict in got:
            return status, ""
    if node.full and all(verdicts.get(c) in _HOLDING for c in node.full):
        return "verified", ""
    if any(v in _HOLDING for _, _, v in speaking):
        return "partial", ""
    if "undecided" in got:
        return "undecided", ""
    reasons = [notes.get(c, "") for c, _, v in speaking if v == "unavailable"]
    return "unavailable", "; ".join(dict.fromkeys(r for r in reasons if r)) or "cannot run here"


def node_credit(node: Node, verdicts: Mapping[str, str]) -> float:
    """1 when all the node's ``full`` claims decided, ½ when some of its claims decided, else
    0 (undecided, unavailable, sanity and crashed rows decide nothing)."""
    def decided(c):
        return verdicts.get(c, "unavailable") not in (*SILENT, "undecided", "unavailable")

    if node.full and all(map(decided, node.full)):
        return 1.0
    return 0.5 if any(decided(c) for c, _ in node.claims) else 0.0


def coverage(bp: Blueprint, verdicts: Mapping[str, str]) -> dict:
    """``{"all", "theorem_like", "figures_tables"}``, each ``{"value", "full", "partial",
    "counted"}`` with value = (full + ½ partial) / counted (``None`` when nothing is counted)."""
    groups = {"all": lambda n: True, "theorem_like": lambda n: n.kind in THEOREM_LIKE,
              "figures_tables": lambda n: n.kind in FIGURES_TABLES}
    out = {}
    for name, keep in groups.items():
        nodes = [n for n in bp.nodes if n.counted and keep(n)]
        credits = [node_credit(n, verdicts) for n in nodes]
        full, part = credits.count(1.0), credits.count(0.5)
        out[name] = {"value": round((full + 0.5 * part) / len(nodes), 4) if nodes else None,
                     "full": full, "partial": part, "counted": len(nodes)}
    return out


def to_dict(bp: Blueprint, verdicts: Mapping[str, str],
            notes: Mapping[str, str] | None = None) -> dict:
    """The ``papers[topic]`` entry of ``claims.json``."""
    nodes = []
    for n in bp.nodes:
        status, reason = node_status(n, verdicts, notes)
        nodes.append({"label": n.label, "kind": n.kind, "part": n.part, "counted": n.counted,
                      "locator": n.locator, "says": n.says, "uses": list(n.uses),
                      "anchor": n.anchor,
                      "claims": [{"id": c, "extent": ext} for c, ext in n.claims],
                      "status": status, "reason": reason})
    return {"title": bp.title, "url": bp.url, "sources": list(bp.sources),
            "complete": bp.complete, "note": bp.note, "nodes": nodes,
            "coverage": coverage(bp, verdicts)}
