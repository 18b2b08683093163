"""A paper's blueprint drawn as a graph (Graphviz), for its page on the site.

Each numbered result is a node, shaped by its kind and coloured by its derived status; an arrow
runs from a result to each result that uses it. A node links to the card of the first claim
that checks it, or to its row in the table of results not checked. The input is one entry of
``papers`` in ``reports/claims.json`` (:func:`iclr26_verify.registry.blueprint.to_dict`), so the
site draws the report it shows, never a newer blueprint.
"""

from __future__ import annotations

import re
import shutil
import subprocess

#: (fill, border) per status; unchecked and unavailable nodes are dashed.
COLOURS = {"verified": ("#c8e6c9", "#2e7d32"), "partial": ("#fff3c4", "#9c7c00"),
           "error_in_print": ("#ffcdd2", "#c62828"), "reading_fails": ("#ffe0b2", "#e65100"),
           "not_reproduced": ("#e1bee7", "#6a1b9a"), "undecided": ("#cfd8dc", "#455a64"),
           "unavailable": ("#f0f0f0", "#8a8a8a"), "unchecked": ("#ffffff", "#8a8a8a")}
SHAPES = {"definition": "ellipse", "assumption": "parallelogram", "theorem": "box",
          "lemma": "box", "proposition": "box", "corollary": "box", "remark": "note",
          "example": "note", "algorithm": "component", "equation": "underline", "figure": "tab",
          "table": "folder", "claim": "hexagon"}
#: Kinds drawn with rounded corners (lemmas and corollaries serve the theorems).
ROUNDED = ("lemma", "corollary")
#: Results that use nothing and that nothing uses are laid out this many to a row.
ROW = 6


class GraphvizMissing(RuntimeError):
    """Graphviz's ``dot`` is not installed."""


def _q(text: str) -> str:
    return '"' + str(text).replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ") + '"'


def _short(label: str) -> str:
    """``Theorem 3`` → ``Thm 3`` and the like, so that a node stays small."""
    for long, short in (("Theorem", "Thm"), ("Proposition", "Prop."), ("Corollary", "Cor."),
                        ("Definition", "Def."), ("Lemma", "Lem."), ("Figure", "Fig."),
                        ("Algorithm", "Alg."), ("Equation", "Eq."), ("Assumption", "Asm.")):
        label = re.sub(rf"^{long}\b", short, label)
    return label if len(label) <= 26 else label[:25] + "…"


def node_href(node: dict) -> str:
    """Where a node links: the card of its first claim, else its row among the unchecked."""
    if node["claims"] and node["status"] not in ("unchecked",):
        return f"#claim-{node['claims'][0]['id']}"
    return f"#{node['anchor']}"


def to_dot(paper: dict) -> str:
    """The DOT source of a paper's blueprint graph."""
    nodes = paper["nodes"]
    ids = {n["label"]: f"n{i}" for i, n in enumerate(nodes)}
    lines = ["digraph blueprint {", ('  graph [rankdir=LR, bgcolor="transparent", nodesep=0.18, '
             'ranksep=0.35, fontname="DejaVu Sans"];'),
             ('  node [fontname="DejaVu Sans", fontsize=10, style="filled", penwidth=1.4, '
             'margin="0.08,0.04", height=0.3];'), '  edge [color="#7a7a7a", arrowsize=0.6];']
    used = {u for n in nodes for u in n["uses"]}
    # with rankdir=LR, dot stacks a rank's nodes upwards in the order declared: declaring the
    # paper's results last to first puts the first at the top
    for n in reversed(nodes):
        fill, border = COLOURS[n["status"]]
        style = ["filled"]
        if n["kind"] in ROUNDED:
            style.append("rounded")
        if n["status"] in ("unchecked", "unavailable") or not n["counted"]:
            style.append("dashed")
        tip = f"{n['label']}: {n['says']} [{n['status'].replace('_', ' ')}]"
        lines.append(f"  {ids[n['label']]} [label={_q(_short(n['label']))}, "
                     f"shape={SHAPES[n['kind']]}, style={_q(','.join(style))}, "
                     f"fillcolor={_q(fill)}, color={_q(border)}, URL={_q(node_href(n))}, "
                     f"target=\"_self\", tooltip={_q(tip)}, id={_q('bp-' + n['anchor'])}];")
    for n in nodes:
        for u in n["uses"]:
            lines.append(f"  {ids[u]} -> {ids[n['label']]};")
    # lone results would stand in one tall column: chain them invisibly, ROW to a row
    lone = [ids[n["label"]] for n in nodes if not n["uses"] and n["label"] not in used]
    for i in range(0, len(lone), ROW):
        group = lone[i:i + ROW]
        if len(group) > 1:
            lines.append("  " + " -> ".join(group) + " [style=invis];")
    lines.append("}")
    return "\n".join(lines)


def render_svg(dot: str) -> str:
    """SVG of ``dot`` by Graphviz, at its natural size (the page scrolls a wide graph)."""
    exe = shutil.which("dot")
    if exe is None:
        raise GraphvizMissing("Graphviz's 'dot' is needed to draw the blueprint graphs and was "
                              "not found: install Graphviz (apt-get install graphviz; `make "
                              "docs` does this where it can).")
    out = subprocess.run([exe, "-Tsvg"], input=dot, capture_output=True, text=True,
                         timeout=120, check=False)
    if out.returncode != 0:
        raise RuntimeError(f"Graphviz failed on a blueprint graph: {out.stderr.strip()}")
    svg = out.stdout[out.stdout.index("<svg"):]
    # drawn at its own size (10 pt labels stay readable); the page scrolls a wide graph
    svg = svg.replace("<svg ", '<svg class="blueprint-svg" role="img" ', 1)
    return re.sub(r"<!--.*?-->", "", svg, flags=re.DOTALL)
