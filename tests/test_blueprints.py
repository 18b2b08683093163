"""Blueprints: every claim attaches to a node of its paper, node status is derived, coverage
is (full + ½ partial) / counted."""

from __future__ import annotations

import pytest

from iclr26_verify.registry.blueprint import (
    Blueprint,
    BlueprintError,
    Node,
    attachment_problems,
    coverage,
    load,
    node_credit,
    node_status,
    parse,
    to_dict,
)
from theory import TOPICS
from theory.claims import discover


@pytest.mark.parametrize("topic", TOPICS)
def test_every_claim_attaches_to_a_node(topic):
    bp = load(topic)
    problems = attachment_problems(bp, discover([topic]))
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("topic", TOPICS)
def test_blueprint_is_in_paper_order_and_says_what_it_rests_on(topic):
    bp = load(topic)
    assert bp.topic == topic and bp.sources
    if not bp.complete:
        assert bp.note, "an incomplete blueprint says what it was built from"
    # 'uses' points at nodes of the same paper (parse refuses anything else)
    labels = {n.label for n in bp.nodes}
    assert all(set(n.uses) <= labels for n in bp.nodes)


def _node(label="Theorem 1", kind="theorem", full=(), partial=(), counted=True, unchecked=""):
    return Node(label=label, kind=kind, part="main", locator="p. 1", says="x",
                full=tuple(full), partial=tuple(partial), counted=counted, unchecked=unchecked)


@pytest.mark.parametrize("verdicts, status", [
    ({"a": "verified"}, "verified"),
    ({"a": "verified", "b": "refuted"}, "error_in_print"),
    ({"a": "reading_fails", "b": "not_reproduced"}, "reading_fails"),
    ({"a": "failed_prediction"}, "reading_fails"),
    ({"a": "verified", "b": "failed_prediction"}, "verified"),
    ({"a": "not_reproduced", "b": "verified"}, "not_reproduced"),
    ({"a": "undecided", "b": "unavailable"}, "undecided"),
    ({"a": "unavailable"}, "unavailable"),
    ({"a": "sanity"}, "unchecked"),
    ({"a": "error"}, "unchecked"),
    ({"a": "extension"}, "verified"),
])
def test_node_status_is_derived_from_its_claims(verdicts, status):
    node = _node(full=["a"], partial=[k for k in verdicts if k != "a"])
    assert node_status(node, verdicts)[0] == status


def test_full_claims_check_the_node_together():
    """A statement made of parts (cells of a table of cases) is fully checked only when every
    part is: one open part leaves the node partial, and it counts half."""
    node = _node(full=["cell1", "cell2"])
    both = {"cell1": "verified", "cell2": "verified"}
    assert node_status(node, both)[0] == "verified"
    assert node_credit(node, both) == 1.0
    one_open = {"cell1": "verified", "cell2": "undecided"}
    assert node_status(node, one_open)[0] == "partial"
    assert node_credit(node, one_open) == 0.5
    assert node_credit(node, {"cell1": "unavailable", "cell2": "undecided"}) == 0.0


def test_partial_only_is_partial_and_unavailable_keeps_its_reason():
    node = _node(partial=["a"])
    assert node_status(node, {"a": "verified"}) == ("partial", "")
    status, reason = node_status(_node(full=["a"]), {"a": "unavailable"}, {"a": "no ImageNet"})
    assert (status, reason) == ("unavailable", "no ImageNet")
    status, reason = node_status(_node(unchecked="needs a GPU cluster"), {})
    assert (status, reason) == ("unchecked", "needs a GPU cluster")


def test_coverage_arithmetic():
    nodes = (
        _node("Theorem 1", full=["a"]),                      # full: 1
        _node("Lemma 2", kind="lemma", partial=["b"]),       # partial: 1/2
        _node("Figure 1", kind="figure", full=["c"]),        # undecided: 0
        _node("Table 1", kind="table", partial=["d"]),       # partial: 1/2
        _node("Definition 1", kind="definition", unchecked="notation", counted=False),
        _node("Corollary 3", kind="corollary", full=["e"]),  # unavailable: 0
    )
    bp = Blueprint("t", "T", "https://x", True, ("s",), nodes)
    v = {"a": "verified", "b": "refuted", "c": "undecided", "d": "extension",
         "e": "unavailable"}
    cov = coverage(bp, v)
    assert cov["all"] == {"value": round(2 / 5, 4), "full": 1, "partial": 2, "counted": 5}
    assert cov["theorem_like"] == {"value": round(1.5 / 3, 4), "full": 1, "partial": 1,
                                   "counted": 3}
    assert cov["figures_tables"] == {"value": 0.25, "full": 0, "partial": 1, "counted": 2}
    empty = Blueprint("t", "T", "https://x", True, ("s",), (nodes[0],))
    assert coverage(empty, v)["figures_tables"]["value"] is None
    d = to_dict(bp, v)
    assert [n["status"] for n in d["nodes"]] == ["verified", "error_in_print", "undecided",
                                                 "partial", "unchecked", "unavailable"]
    assert d["nodes"][0]["claims"] == [{"id": "a", "extent": "full"}]


def _toml(**node):
    base = {"label": "Theorem 1", "kind": "theorem", "part": "main", "locator": "p. 1",
            "says": "it holds", "full": ["a"]}
    base.update(node)
    return {"paper": {"title": "T", "url": "https://x", "complete": True, "sources": ["pdf"]},
            "node": [base]}


@pytest.mark.parametrize("change, message", [
    ({"kind": "theorm"}, "'kind' must be one of"),
    ({"part": "body"}, "'part' must be one of"),
    ({"uses": ["Lemma 9"]}, "not nodes of this blueprint"),
    ({"full": [], "unchecked": ""}, "'unchecked' must say why"),
    ({"partial": ["a"]}, "both full and partial"),
    ({"colour": "red"}, "unknown keys"),
    ({"counted": "yes"}, "'counted' must be true or false"),
])
def test_malformed_blueprints_are_refused_by_name(change, message):
    with pytest.raises(BlueprintError, match=message):
        parse("t", _toml(**change), origin="t/blueprint.toml")


def test_incomplete_blueprint_must_say_what_it_was_built_from():
    data = _toml()
    data["paper"]["complete"] = False
    with pytest.raises(BlueprintError, match="'note' must be"):
        parse("t", data)
    data["paper"]["note"] = "built from the abstract"
    assert not parse("t", data).complete


def test_attachment_problems_name_the_claim():
    class C:
        def __init__(self, id, kind):
            self.id = id
            self.setting = type("S", (), {"kind": kind})()

    bp = parse("t", _toml(full=["t.a", "t.ghost"]))
    problems = attachment_problems(bp, [C("t.a", "analogue"), C("t.b", "exact")])
    assert any("t.b: attached to no node" in p for p in problems)
    assert any("unknown claim 't.ghost'" in p for p in problems)
    assert any("t.a is checked on an analogue" in p for p in problems)


def _paper_entry():
    nodes = [
        {"label": "Definition 1", "kind": "definition", "part": "main", "locator": "§2",
         "says": "a \"quoted\" thing", "full": ["t.a"]},
        {"label": "Theorem 2", "kind": "theorem", "part": "main", "locator": "§3",
         "says": "it holds", "uses": ["Definition 1"], "partial": ["t.b"]},
        {"label": "Figure 1", "kind": "figure", "part": "main", "locator": "p. 5",
         "says": "a picture", "unchecked": "needs ImageNet"},
    ]
    bp = parse("t", {"paper": {"title": "T", "url": "https://x", "complete": True,
                               "sources": ["pdf"]}, "node": nodes})
    return to_dict(bp, {"t.a": "verified", "t.b": "refuted"})


def test_graph_links_each_node_to_its_card_or_its_unchecked_row():
    from iclr26_verify.outputs.blueprint_graph import node_href, to_dot

    paper = _paper_entry()
    dot = to_dot(paper)
    assert [node_href(n) for n in paper["nodes"]] == ["#claim-t.a", "#claim-t.b",
                                                      "#node-figure-1"]
    assert 'URL="#claim-t.a"' in dot and 'URL="#node-figure-1"' in dot
    assert "n0 -> n1;" in dot  # Definition 1 is used by Theorem 2
    assert '\\"quoted\\"' in dot  # tooltips are escaped DOT strings


def test_graph_renders_to_svg_with_links():
    import shutil

    from iclr26_verify.outputs.blueprint_graph import render_svg, to_dot

    if shutil.which("dot") is None:
        pytest.fail("Graphviz's dot is missing: run .ci/system-packages graphviz")
    svg = render_svg(to_dot(_paper_entry()))
    assert svg.startswith("<svg class=\"blueprint-svg\"")
    assert 'href="#claim-t.a"' in svg and 'href="#node-figure-1"' in svg


def test_readme_generated_blocks_follow_the_committed_report():
    import json
    from pathlib import Path

    from iclr26_verify.outputs.report import README_BLOCKS, readme_markers

    root = Path(__file__).resolve().parent.parent
    doc = json.loads((root / "reports" / "claims.json").read_text())
    if doc.get("mode") != "full":
        pytest.skip("the committed report is not a full run")
    readme = (root / "README.md").read_text()
    for name, make in README_BLOCKS.items():
        start, end = readme_markers(name)
        block = readme.split(start, 1)[1].split(end, 1)[0].strip()
        assert block == "\n".join(make(doc)), (
            f"README's {name} is not the committed report's: a full `iclr26-verify check` "
            "rewrites it")


def test_sync_readme_rewrites_only_the_blocks(tmp_path):
    from iclr26_verify.outputs.report import readme_markers, sync_readme

    paper = {**_paper_entry(), "counts": {"claims": 2, "errors_in_print": 1, "decided": 2,
                                           "undecided": 0, "unavailable": 0}}
    row = {"id": "t.b", "location": "Thm 2", "statement": "It holds.", "verdict": "refuted",
           "statement_source": {"kind": "printed", "where": "arXiv 1234.5678v1, Thm 2"}}
    doc = {"papers": {"t": paper}, "claims": [row],
           "summary": {"claims": 1, "decided": 1, "errors_in_paper": ["t.b"]}}
    start, end = readme_markers("coverage table")
    fstart, fend = readme_markers("findings")
    readme = tmp_path / "README.md"
    readme.write_text(f"# x\n\n{start}\nSTALE\n{end}\n\nmid\n{fstart}\nSTALE\n{fend}\ntail\n")
    assert sync_readme(readme, doc)
    text = readme.read_text()
    assert "STALE" not in text and text.startswith("# x\n") and text.endswith("\ntail\n")
    assert "\nmid\n" in text
    assert "| `t` | complete, 3 results | 0.50 (1 + 1 in part of 3) |" in text
    assert ("- **Errors found in the printed text or released code: 1**" in text
            and "`t.b` (Thm 2): It holds. Rests on: printed, arXiv 1234.5678v1, Thm 2." in text)
    plain = tmp_path / "OTHER.md"
    plain.write_text("no block")
    assert not sync_readme(plain, doc) and plain.read_text() == "no block"
