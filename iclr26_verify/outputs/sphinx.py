"""Sphinx extension: the generated pages of the iclr26-verify site.

At ``builder-inited`` it writes ``docs/_generated/`` (ignored by git) from what the package
produces, so the site always shows the current report:

- ``summary.md``: the counts and the errata (one line each, linking to its claim card);
- ``papers/<topic>.md``: a page per paper from ``reports/claims.json`` (title, links, a summary
  of what holds and fails and what it rests on, the lead figure), one card per claim
  (verdict badge, evidence, power, a table of the comparisons with the failing ones marked and
  long families summarised in a line, note, corrections linked both ways, the check's source
  lines, the figures that illustrate it with their CSV), with filters; statements, notes and
  captions render their maths (``$…$`` through MathJax, ``x^{…}``/``x_{…}`` as HTML);
- ``notebooks/``: the executed notebooks, rendered as committed (never re-executed);
- ``api/``: the API reference of ``theory.*`` and ``numerics.*``;
- ``benchmarks.md``: ``reports/BENCHMARKS.md`` with the scaling plot;
- ``extra/``: copied to the site root: figures (PNG + CSV) and highlighted sources with line
  anchors.

Inputs can be redirected for tests: ``ICLR26_DOCS_REPORTS`` (folder with claims.json and
BENCHMARKS.md) and ``ICLR26_DOCS_FIGURES`` (the figures folder).

The extension ships in the package, so an author's own site builds the pages of their paper
from their own report: ``extensions = ["iclr26_verify.outputs.sphinx"]`` in ``conf.py``, with the
report in ``reports/`` beside the docs folder (or ``ICLR26_DOCS_REPORTS``). Titles come from the
registered topics (:mod:`iclr26_verify.registry.topics`), the API pages from each topic's modules.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
from collections import Counter
from pathlib import Path

# The site's folders: the Sphinx source folder of the build (``conf.py``'s folder) and the
# project root above it; :func:`generate` sets them from the app, so an author's own docs build
# their paper pages from their own report (``conf.py``: ``extensions =
# ["iclr26_verify.outputs.sphinx"]``).
ROOT = Path(__file__).resolve().parents[2]  # this checkout, until a build says otherwise
ROOT = ROOT if (ROOT / "docs").is_dir() else Path.cwd()
DOCS = ROOT / "docs"
GEN = DOCS / "_generated"


def _configure(app) -> None:
    global ROOT, DOCS, GEN
    if app is not None:
        DOCS = Path(app.srcdir).resolve()
        ROOT = DOCS.parent
        GEN = DOCS / "_generated"

VERDICT_ORDER = ("verified", "refuted", "reading_fails", "not_reproduced", "undecided",
                 "corrected", "sharpened", "extension", "failed_prediction", "sanity",
                 "unavailable", "error")


def _reports() -> Path:
    return Path(os.environ.get("ICLR26_DOCS_REPORTS", ROOT / "reports"))


def _figures() -> Path:
    return Path(os.environ.get("ICLR26_DOCS_FIGURES", ROOT / "figures"))


def _e(text) -> str:
    return html.escape("" if text is None else str(text))


def _fmt(value, digits: int = 6) -> str:
    from iclr26_verify.registry.display import fmt_value

    return fmt_value(value, digits)


# ---------------------------------------------------------------------------------------------
# Text with maths: $…$ and \(…\) go to MathJax (as Sphinx marks its own maths, so MyST's
# MathJax settings pick them up); sympy's and ASCII spellings become symbols
# (iclr26_verify.outputs.report.readable); x^{…}, x_{…}, x^2 and d_M become superscripts and
# subscripts.
_MATH = re.compile(r"\$\$(?P<d1>.+?)\$\$|\\\[(?P<d2>.+?)\\\]|\\\((?P<i2>.+?)\\\)"
                   r"|(?<![\\\w$])\$(?=\S)(?P<i1>[^$\n]+?)(?<=\S)\$(?![\w$])|`(?P<code>[^`]+)`",
                   re.DOTALL)
_BRACED = r"\{((?:[^{}]|\{[^{}]*\})*)\}"
_SUPER = "[⁰¹²³⁴⁵⁶⁷⁸⁹ᵀ]"


def _scripts(escaped: str) -> str:
    escaped = escaped.replace("||", "‖")  # a norm's bars
    t = re.sub(r"(?<=\S)\^" + _BRACED, r"<sup>\1</sup>", escaped)
    t = re.sub(r"(?<=\S)_" + _BRACED, r"<sub>\1</sub>", t)
    t = re.sub(r"(?<=[\w)\]])\^\(((?:[^()]|\([^()]*\))*)\)", r"<sup>\1</sup>", t)
    t = re.sub(r"(?<=[\w)\]∞])\^([−+-]?(?:[^\W_]+|[⊥∓±∞]))", r"<sup>\1</sup>", t)
    # X_+1, X_+C: a signed index (the shifted impostors)
    t = re.sub(r"(?<![\w.])([^\W\d_])_([+−-](?:\d{1,3}|[^\W\d_]))(?![\w{])",
               r"\1<sub>\2</sub>", t)
    # min_r, max_x, argmin_θ: an operator's index
    t = re.sub(r"(?<![\w.])(min|max|argmin|argmax|sup|inf|lim)_([^\W_]{1,2})(?![\w{])",
               r"\1<sub>\2</sub>", t)
    # d_M, σ_X, ‖·‖_F, D_ind, t_end: one letter (or a norm bar) then one or two characters, or
    # three lowercase letters; never a longer identifier (n_iter, sil_tsne) or a path (a/b_cd)
    return re.sub(r"((?<![^\W\d]|[_.\\/-])[^\W\d_]|‖)_((?:(?!" + _SUPER + r")[^\W_]){1,2}"
                  r"|[a-z]{3})(?:(?![\w{])|(?=" + _SUPER + "))", r"\1<sub>\2</sub>", t)


#: A number as a reader sees it: a sign, thousands, decimals, an exponent, a percent; a ratio or
#: product of two (``0.620 / 9``, ``16 × 16``) is one number: it never breaks across lines.
_NUMBER = (r"[−+±-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:e[−+-]?\d+)?%?")
_NUM_RE = re.compile(r"(?<![\w.,−+±-])" + _NUMBER + r"(?:\s?[/×]\s?" + _NUMBER + r")*"
                     r"(?![\w])")


def _nums(markup: str) -> str:
    """``markup`` with every number of its text (not inside a tag, maths or code) in a
    ``<span class="num">`` that the stylesheet keeps on one line."""
    out, skip = [], None
    for part in re.split(r"(<[^>]+>)", markup):
        if part.startswith("<"):
            if skip is None and re.match(r'<span class="math\b', part):
                skip = "</span>"
            elif skip is None and re.match(r"<(code|pre)\b", part):
                skip = "</" + re.match(r"<(\w+)", part).group(1) + ">"
            elif skip is not None and part == skip:
                skip = None
            out.append(part)
        elif skip is None:
            out.append(_NUM_RE.sub(lambda m: f'<span class="num">{m.group(0)}</span>'
                                   if len(m.group(0)) > 1 else m.group(0), part))
        else:
            out.append(part)
    return "".join(out)


def _rich(text) -> str:
    """HTML of a statement, a note, a label or a caption, with its maths rendered."""
    from iclr26_verify.outputs.report import readable

    out, i = [], 0
    text = "" if text is None else str(text)
    for m in _MATH.finditer(text):
        out.append(_scripts(_e(readable(text[i:m.start()]))))
        if m.group("code") is not None:
            out.append(f"<code>{_e(m.group('code'))}</code>")
        elif m.group("d1") is not None or m.group("d2") is not None:
            tex = m.group("d1") if m.group("d1") is not None else m.group("d2")
            out.append(f'<span class="math notranslate nohighlight display">\\[{_e(tex)}'
                       "\\]</span>")
        else:
            tex = m.group("i1") if m.group("i1") is not None else m.group("i2")
            out.append(f'<span class="math notranslate nohighlight">\\({_e(tex)}\\)</span>')
        i = m.end()
    out.append(_scripts(_e(readable(text[i:]))))
    # a minus sign, not a hyphen, before a number that stands on its own
    return _nums(re.sub(r"(?<=[\s(\[=,;:])-(?=\.?\d)", "−", "".join(out)))


def _numh(value) -> str:
    """A number for an HTML cell, with a true minus sign."""
    from iclr26_verify.registry.display import fmt_value

    text = value if isinstance(value, str) else fmt_value(value, 4)
    if re.fullmatch(r"[-+]?[\d.]+(e[-+]?\d+)?( \[.*\])?|-?inf", text):
        text = text.replace("-", "−")
    return _nums(_e(text))


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text() != text:  # unchanged pages are not rebuilt
        path.write_text(text)


# ---------------------------------------------------------------------------------------------
def _figure_index() -> dict[str, list[tuple[str, str, str]]]:
    """claim id -> [(topic, figure name, description)] from the figure registry."""
    from iclr26_verify.run.figures import discover_figures

    index: dict[str, list] = {}
    for spec in discover_figures():
        for cid in getattr(spec, "claims", ()):
            index.setdefault(cid, []).append((spec.topic, spec.name, spec.description))
    return index


#: Figures copied into the site that came from a quick run (small sizes): every page then
#: carries a banner that says so (see :func:`_announce_quick_figures`).
QUICK_FIGURES: set[tuple[str, str]] = set()


def _is_quick(png: Path) -> bool:
    """Whether a figure was drawn by a quick run (iclr26_verify.run.figures.render says so in the
    PNG's Description)."""
    from PIL import Image

    with Image.open(png) as im:
        return "quick run" in (im.info.get("Description") or "")


def _copy_figures() -> set[tuple[str, str]]:
    """Copy figures/<topic>/<name>.png|csv into the site; return the (topic, name) present."""
    present = set()
    QUICK_FIGURES.clear()
    src = _figures()
    if not src.is_dir():
        return present
    for png in sorted(src.glob("*/*.png")):
        topic, name = png.parent.name, png.stem
        if _is_quick(png):
            QUICK_FIGURES.add((topic, name))
        dest = GEN / "extra" / "figures" / topic
        dest.mkdir(parents=True, exist_ok=True)
        shutil.copy2(png, dest / png.name)
        csv = png.with_suffix(".csv")
        if csv.exists():
            shutil.copy2(csv, dest / csv.name)
        present.add((topic, name))
    return present


def _source_page(rel: str) -> str | None:
    """Highlight ``rel`` (a repository path) into extra/src/<rel>.html with line anchors L<n>."""
    from pygments import highlight
    from pygments.formatters import HtmlFormatter
    from pygments.lexers import PythonLexer

    path = ROOT / rel
    if not path.is_file():  # an outside topic: rel is relative to the folder of its package
        from iclr26_verify.registry import topics as registry

        roots = {root for t in registry.topics().values() for root, _ in t.sources()}
        path = next((r / rel for r in roots if (r / rel).is_file()), path)
    if not path.is_file():
        return None
    out = GEN / "extra" / "src" / f"{rel}.html"
    if not out.exists():
        fmt = HtmlFormatter(linenos="table", lineanchors="L", anchorlinenos=True, full=True,
                            title=rel, style="default")
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(highlight(path.read_text(), PythonLexer(), fmt))
    return f"src/{rel}.html"


_MARK = {True: ("holds", "✓"), False: ("fails", "✗"), None: ("open", "?")}


def _evidence_table(rows: list[dict]) -> str:
    head = ("<thead><tr><th></th><th>comparison</th><th>relation</th><th>value</th>"
            "<th>reference</th><th>tolerance</th><th>power</th></tr></thead>")
    body = []
    for r in rows:
        cls, mark = _MARK[r["holds"]]
        if r["kind"] == "test" and r["holds"] is None:
            cls, mark = "undecided", "?"
        value, ref = _numh(r["value"]), _numh(r["reference"])
        worst = f"worst of {_e(r['of'])}" if r.get("of") else ""
        of = f' <span class="of">({worst})</span>' if worst else ""
        if r["kind"] == "fact":  # yes or no: nothing to set against it
            cells = f'<td colspan="2">{value}</td>'
        elif value == ref and r["relation"] in ("=", ""):
            # the same digits on both sides are said once
            said = "; ".join(w for w in ("both sides", worst) if w)
            cells = f'<td colspan="2">{value} <span class="of">({said})</span></td>'
        else:
            cells = f"<td>{value}{of}</td><td>{ref}</td>"
        body.append(f'<tr class="ev-{cls}"><td class="ev-mark" title="{cls}">{mark}</td>'
                    f"<td>{_rich(_pretty(r['name']))}</td><td>{_e(r['relation'])}</td>{cells}"
                    f"<td>{_e(r['tolerance'])}</td><td>{_e(r['power'])}</td></tr>")
    return (f'<div class="ev-scroll"><table class="evidence-table">{head}<tbody>'
            + "".join(body) + "</tbody></table></div>")


def _pretty(name: str) -> str:
    from iclr26_verify.outputs.report import pretty_label

    return pretty_label(name)


def _evidence(row: dict) -> str:
    """A claim's comparisons as a table; a long list is summarised family by family (how many
    fail, the worst) and the full table folded away."""
    from iclr26_verify.outputs.report import SHOWN, evidence_rows, families, family_line

    rows = evidence_rows(row)
    if not rows:
        return ""
    if len(rows) <= SHOWN:
        return _evidence_table(rows)
    groups = families(rows)
    bad = sum(r["holds"] is False for r in rows)
    lines = groups
    if len(groups) > 8:  # many small families: name those with a failure, pool the rest
        failing = [i for i, (_, rs) in enumerate(groups) if any(r["holds"] is False
                                                                for r in rs)][:8]
        others = [r for i, (_, rs) in enumerate(groups) if i not in failing for r in rs]
        lines = [groups[i] for i in failing] + ([("the others", others)] if others else [])
    items = []
    for name, rs in lines:
        cls = "ev-fails" if any(r["holds"] is False for r in rs) else "ev-holds"
        items.append(f'<li class="{cls}">{_rich(family_line(name, rs))}</li>')
    what = f"{bad} of {len(rows)} fail" if bad else f"all {len(rows)} hold"
    return (f'<ul class="evidence-summary">{"".join(items)}</ul>'
            f"<details><summary>all {len(rows)} comparisons ({what})</summary>"
            f"{_evidence_table(rows)}</details>")


def _reported(row: dict) -> str:
    """The check's own measured/expected values where they say more than its comparisons."""
    from iclr26_verify.outputs.report import reported_values

    got = reported_values(row)
    if got is None:
        return ""
    m, e = got
    if isinstance(m, list) and m and all(isinstance(x, dict) for x in m):
        cols = list(dict.fromkeys(k for x in m for k in x))
        head = "".join(f"<th>{_rich(_pretty(c))}</th>" for c in cols)
        body = "".join("<tr>" + "".join(f"<td>{_numh(x.get(c, ''))}</td>" for c in cols)
                       + "</tr>" for x in m)
    elif isinstance(m, dict):
        exp = e if isinstance(e, dict) else {}
        head = "<th></th><th>measured</th>" + ("<th>expected</th>" if exp else "")
        body = "".join(f"<tr><td>{_rich(_pretty(k))}</td><td>{_numh(v)}</td>"
                       + (f"<td>{_numh(exp.get(k, ''))}</td>" if exp else "") + "</tr>"
                       for k, v in m.items())
    else:
        return f"<p>{_numh(_fmt(m))}" + (f" (expected {_numh(_fmt(e))})" if e else "") + "</p>"
    return (f'<div class="ev-scroll"><table class="evidence-table reported"><thead><tr>{head}'
            f"</tr></thead><tbody>{body}</tbody></table></div>")


def _card(row: dict, by_id: dict, corrects_me: dict, figures, present, up: str) -> str:
    from iclr26_verify.outputs.report import rests_on, test_line

    cid = row["id"]
    rests = rests_on(row.get("statement_source"), row.get("setting"))
    label = row.get("label") or row["verdict"]
    kinds = row.get("evidence_kinds") or []
    parts = [(f'<div class="claim-card" id="claim-{_e(cid)}" data-verdict="{_e(label)}" '
             f'data-evidence="{_e(" ".join(kinds))}">'),
             (f'<div class="claim-head"><code>{_e(cid)}</code> '
             f'<span class="badge verdict-{_e(label.replace(" ", "-"))}">{_e(label)}</span> '
             f'<span class="claim-where">{_rich(row.get("location"))}</span></div>'),
             f'<p class="claim-rests">{_rich(rests)}</p>',
             f'<p class="claim-statement">{_rich(row.get("statement"))}</p>', "<dl>"]
    if not row.get("on_target", True):
        parts.append(f'<dt>missed</dt><dd>expected {_e(row.get("expected_verdict"))}</dd>')
    parts.append(f"<dt>evidence</dt><dd>{_e(', '.join(kinds) or '—')}</dd>")
    if row.get("test"):
        strength = f"test power {row['test']['power']:.2f} at the declared effect"
    elif row["verdict"] in ("refuted", "reading_fails", "not_reproduced", "failed_prediction"):
        strength = f"margin {_fmt(row.get('margin'))}" if row.get("margin") else "margin —"
    elif label == "sanity":
        strength = "sanity (true by construction; not counted as verification)"
    else:
        strength = "—" if row.get("power") is None else f"{row['power']:g}"
        if row.get("weak"):
            strength += " (weak)"
    parts.append(f"<dt>power</dt><dd>{_nums(_e(strength))}</dd>")
    if row.get("test"):
        parts.append(f"<dt>test</dt><dd>{_rich(test_line(row['test']))}</dd>")
    table = _evidence(row)
    if table:
        parts.append(f'<dt class="claim-evidence-label">compared</dt>'
                     f'<dd class="claim-evidence">{table}</dd>')
    reported = _reported(row)
    if reported:
        parts.append(f"<dt>reported</dt><dd>{reported}</dd>")
    if row.get("note"):
        from iclr26_verify.outputs.report import short_note

        parts.append(f"<dt>note</dt><dd>{_rich(short_note(row['note'], marked=True))}</dd>")

    def link(other):
        topic = other.split(".", 1)[0]
        # paper pages are siblings of each other
        return (f'<a href="{_e(topic)}.html#claim-{_e(other)}">'
                f"<code>{_e(other)}</code></a>")

    if row.get("corrected_by"):
        parts.append("<dt>corrected by</dt><dd>"
                     + ", ".join(link(o) for o in row["corrected_by"] if o in by_id) + "</dd>")
    if corrects_me.get(cid):
        parts.append("<dt>corrects</dt><dd>" + ", ".join(link(o) for o in corrects_me[cid])
                     + "</dd>")
    if row.get("source"):
        rel, _, line = row["source"].rpartition(":")
        page = _source_page(rel)
        if page:
            parts.append(f'<dt>check</dt><dd><a href="{up}{page}#L-{_e(line)}">'
                         f"{_e(row['source'])}</a></dd>")
    parts.append("</dl>")
    for topic, name, desc in figures.get(cid, ()):
        if (topic, name) not in present:
            continue
        parts.append(_figure_html(f"{up}figures/{topic}/{name}", desc or name,
                                  "claim-figure", (topic, name) in QUICK_FIGURES))
    parts.append("</div>")
    return "\n".join(parts)


def _filters(rows) -> str:
    labels = [v for v in VERDICT_ORDER if any((r.get("label") or r["verdict"]) == v
                                              for r in rows)]
    kinds = sorted({k for r in rows for k in r.get("evidence_kinds") or []})

    def boxes(group, values):
        return "".join(f'<label><input type="checkbox" data-filter="{group}" value="{_e(v)}" '
                       f'checked> {_e(v)}</label> ' for v in values)

    return ('<div class="claim-filters"><div><strong>verdict</strong> '
            + boxes("verdict", labels) + "</div><div><strong>evidence</strong> "
            + boxes("evidence", kinds) + '</div><div class="claim-count"></div></div>')


def _title(ref: str) -> tuple[str, str]:
    """(paper title, authors and venue) from a reference "Authors, Title (ids)"."""
    head, _, tail = ref.partition(" (")
    venue = f"({tail}" if tail else ""
    # the authors end after "et al." or after the name that follows "&"; a reference without
    # either names one author, or none (a title first: the reconstructions)
    if " et al., " in head:
        cut = head.index(" et al., ") + len(" et al.")
    elif " & " in head and ", " in head[head.index(" & "):]:
        cut = head.index(", ", head.index(" & "))
    elif ", " in head and not head.split(", ")[0].isupper() and ":" not in head.split(", ")[0]:
        cut = head.index(", ")
    else:
        return head, venue
    return head[cut + 2:].strip(), f"{head[:cut]} {venue}".strip()


def _links(ref: str) -> list[str]:
    """Links to the paper from the arXiv / OpenReview ids its reference names."""
    import re

    out = [f"[arXiv {m}](https://arxiv.org/abs/{m})"
           for m in re.findall(r"arXiv (\d{4}\.\d{4,5})", ref)]
    out += [f"[OpenReview {m}](https://openreview.net/forum?id={m})"
            for m in re.findall(r"OpenReview ([A-Za-z0-9_-]{8,})", ref)]
    return out


def _natural(text: str) -> tuple:
    import re

    return tuple(int(t) if t.isdigit() else t.lower() for t in re.split(r"(\d+)", text or ""))


def _paper_position(location: str) -> tuple:
    """Main text before the appendix, then sections, theorems and figures in their numbering:
    a plain sort of the location strings put "App. A.2" before "Thm 2"."""
    import re

    loc = location or ""
    appendix = bool(re.match(r"\s*(app\b|app\.|appendix|app[A-Z]|[A-Z]\.\d)", loc, re.IGNORECASE)) or \
        bool(re.search(r"^\(?app", loc, re.IGNORECASE))
    numbers = [int(t) for t in re.findall(r"\d+", loc)[:3]]
    return (appendix, numbers or [10**6], _natural(loc))


def _in_paper_order(rows: list[dict]) -> list[tuple[str, list[dict]]]:
    """Cards grouped by result (the id's second part: ``thm2``, ``exp1``), groups and cards
    ordered by where they sit in the paper (main text first, by number)."""
    groups: dict[str, list[dict]] = {}
    for r in sorted(rows, key=lambda r: (_paper_position(r.get("location") or ""), r["id"])):
        groups.setdefault(r["id"].split(".")[1], []).append(r)
    return [(f"{name} ({cards[0].get('location') or ''})", cards)
            for name, cards in groups.items()]


def _prose(rows: list[dict], counts: Counter) -> str:
    """What holds, what fails and what it rests on, in a paragraph."""
    n = len(rows)
    src = Counter((r.get("statement_source") or {}).get("kind", "undeclared") for r in rows)
    st = Counter((r.get("setting") or {}).get("kind", "undeclared") for r in rows)
    errors = [r for r in rows if (r.get("label") or r["verdict"]) == "refuted"]
    parts = [(f"Of {n} registered claims, {counts.get('verified', 0)} statements of the paper "
             "hold as checked")]
    ours = sum(counts.get(k, 0) for k in ("corrected", "sharpened", "extension"))
    if ours:
        parts.append(f"{ours} {'is a statement' if ours == 1 else 'are statements'} of ours "
                     "that hold (corrections, sharpenings, extensions)")
    if errors:
        verb = "fails" if len(errors) == 1 else "fail"
        parts.append(f"{len(errors)} {verb} as printed or as released code: "
                     + "; ".join(f"`{r['id']}` ({r.get('location')})" for r in errors))
    else:
        parts.append("none fails as printed or as released code")
    for key, one, many in (
            ("reading_fails", "is a reading of ours that fails (not an error of the paper)",
             "are readings of ours that fail (not errors of the paper)"),
            ("not_reproduced", "is not reproduced on an analogue",
             "are not reproduced on an analogue"),
            ("undecided", "is undecided (the evidence cannot decide)",
             "are undecided (the evidence cannot decide)"),
            ("unavailable", "cannot be checked here (data, models or compute we do not have)",
             "cannot be checked here (data, models or compute we do not have)")):
        if counts.get(key):
            n = counts[key]
            parts.append(f"{n} {one if n == 1 else many}")
    rests = ", ".join(f"{k} {v}" for k, v in sorted(src.items()))
    where = ", ".join(f"{k} {v}" for k, v in sorted(st.items()))
    return ("; ".join(parts) + f". The statements rest on: {rests}; they were checked on "
            f"the paper's own objects or on an analogue: {where}.")


def _figure_html(base: str, caption: str, cls: str, quick: bool) -> str:
    """A figure at the column's width that opens at full size when clicked, its caption and
    the CSV of its numbers; a quick run's figure says so in its caption."""
    mark = ('<strong class="quick-mark">Quick run (small sizes), not the full result.</strong> '
            if quick else "")
    return (f'<figure class="{cls}"><a href="{_e(base)}.png" title="open at full size">'
            f'<img src="{_e(base)}.png" alt="{_e(caption)}"></a><figcaption>{mark}'
            f'{_rich(caption)} (<a href="{_e(base)}.png">full size</a> · '
            f'<a href="{_e(base)}.csv" download>CSV</a>)</figcaption></figure>')


def _claim_link(r: dict, with_source: bool = False) -> str:
    from iclr26_verify.registry.claims import shorten

    text = (f'<a href="#claim-{_e(r["id"])}"><code>{_e(r["id"])}</code></a> '
            f"({_rich(r.get('location'))})")
    if with_source:
        src = (r.get("statement_source") or {}).get("where", "")
        text += (f' <span class="rests">(rests on: '
                 f"{_rich(shorten(src, 140))})</span>")
    return text


def _finding_box(rows: list[dict], paper: dict | None) -> str:
    """The page's first screen: what the paper claims (its headline statements, paraphrased in
    its blueprint), what we found (errors in print, readings of ours that fail, results not
    reproduced, headline claims not checked here, each linked to its card) and how sure we are
    (what the statements rest on, where they were checked, how much of the paper is mapped)."""
    from iclr26_verify.outputs.blueprint_graph import node_href
    from iclr26_verify.outputs.report import fmt_coverage

    def label(r):
        return r.get("label") or r["verdict"]

    nodes = paper["nodes"] if paper else []
    headline = [n for n in nodes if n["kind"] == "claim"]
    claims_p = ("<ul>" + "".join(f"<li>{_rich(n['says'])}</li>" for n in headline) + "</ul>"
                if headline else "Its numbered results are listed in the blueprint below.")
    found = []
    errors = [r for r in rows if label(r) == "refuted"]
    if errors:
        found.append(f"<strong>{len(errors)} error{'s' if len(errors) > 1 else ''} in the "
                     "printed text or released code</strong>, each with a counterexample on the "
                     "paper's own objects and a verified correction:<ul>"
                     + "".join(f"<li>{_claim_link(r, with_source=True)}</li>" for r in errors)
                     + "</ul>")
    else:
        found.append("No error in the printed text or released code among what was checked.")
    for key, what in (("reading_fails", "readings of ours that fail (not errors of the paper)"),
                      ("not_reproduced", "results not reproduced on an analogue"),
                      ("failed_prediction", "predictions of ours that failed")):
        these = [r for r in rows if label(r) == key]
        if these:
            found.append(f"{len(these)} {what}: "
                         + "; ".join(_claim_link(r) for r in these) + ".")
    open_head = [n for n in headline if n["status"] in ("unchecked", "unavailable",
                                                          "undecided")]
    if open_head:
        found.append("Headline claims not decided here: " + "; ".join(
            f'<a href="{_e(node_href(n))}">{_e(n["label"])}</a> ({_e(n["status"])}'
            + (f": {_rich(n['reason'])}" if n["reason"] else "") + ")" for n in open_head)
            + ".")
    src = Counter((r.get("statement_source") or {}).get("kind", "undeclared") for r in rows)
    exact = sum((r.get("setting") or {}).get("kind") == "exact" for r in rows)
    read = src.get("printed", 0) + src.get("code", 0)
    sure = (f"{read} of {len(rows)} statements were read in the printed text or the authors' "
            f"code, {src.get('abstract', 0)} in the abstract, {src.get('secondary', 0)} in a "
            f"secondary source and {src.get('ours', 0)} are readings or choices of ours; "
            f"{exact} were checked on the paper's own objects, {len(rows) - exact} on an "
            "analogue.")
    if paper:
        sure += (f" The blueprint is {'complete' if paper['complete'] else 'incomplete'} "
                 f"(built from {_rich('; '.join(paper['sources']))}); coverage of the paper's "
                 f"numbered results {_e(fmt_coverage(paper['coverage']['all']))}.")
    return ('<div class="finding-box">'
            f"<div><strong>What the paper claims.</strong> {claims_p}</div>"
            f"<div><strong>What we found.</strong> {' '.join(found)}</div>"
            f"<p><strong>How sure we are.</strong> {sure}</p></div>")


def _lead_figure(rows: list[dict], figures, present) -> str | None:
    """The first figure that illustrates a claim of this paper, for the page's head."""
    for r in rows:
        for topic, name, desc in figures.get(r["id"], ()):
            if (topic, name) in present:
                return _figure_html(f"../../figures/{topic}/{name}", desc or name,
                                    "lead-figure", (topic, name) in QUICK_FIGURES)
    return None


STATUS_CLASS = ("verified", "partial", "error_in_print", "reading_fails", "not_reproduced",
                "undecided", "unavailable", "unchecked")


def _blueprint(paper: dict) -> str:
    """The paper's blueprint: its graph, a legend, and the results no claim decides with the
    reason for each (raw HTML)."""
    from iclr26_verify.outputs.blueprint_graph import COLOURS, render_svg, to_dot
    from iclr26_verify.outputs.report import STATUS_WORDS, fmt_coverage

    cov = paper["coverage"]
    built = ("complete: every numbered result of " if paper["complete"] else
             "incomplete: built from ") + "; ".join(paper["sources"])
    note = f" {paper['note']}" if paper.get("note") else ""
    legend = "".join(
        f'<span class="bp-key"><span class="bp-swatch" style="background:{fill};'
        f'border-color:{border}"></span>{_e(STATUS_WORDS[k])}</span>'
        for k, (fill, border) in COLOURS.items()
        if any(n["status"] == k for n in paper["nodes"]))
    out = ['<div class="blueprint">',
           (f'<p class="bp-coverage"><strong>Coverage {_e(fmt_coverage(cov["all"]))}</strong>; '
            f'theorem-like {_e(fmt_coverage(cov["theorem_like"]))}; figures and tables '
            f'{_e(fmt_coverage(cov["figures_tables"]))}.</p>'),
           (f'<details class="bp-built"><summary>Blueprint {_e(built.split(": ")[0])}: what '
            f"it was built from</summary><p>{_rich(built)}.{_rich(note)}</p></details>"),
           f'<div class="bp-graph">{render_svg(to_dot(paper))}</div>',
           (f'<p class="bp-legend">{legend} <span class="bp-shapes">Boxes: theorems, '
            "propositions (rounded: lemmas, corollaries); ellipses: definitions; tabs: figures; "
            "folders: tables; hexagons: the abstract's headline claims; underlined: equations; "
            "dashed: not checked or "
            "not counted. An arrow runs from a result to the results that use it; a node links "
            "to the card of the claim that checks it.</span></p>")]
    open_ = [n for n in paper["nodes"] if n["status"] in ("unchecked", "unavailable",
                                                           "undecided")]
    if open_:
        out += [('<table class="bp-unchecked"><caption>Results no claim decides here, and '
                 'why</caption><colgroup><col class="c-result"><col class="c-where">'
                 '<col class="c-status"><col></colgroup><thead><tr><th>result</th>'
                 "<th>where</th><th>status</th><th>why</th></tr></thead><tbody>")]
        for n in open_:
            why = n["reason"] or ("its claims could not decide at this budget: see "
                                  + ", ".join(f'<a href="#claim-{_e(c["id"])}">'
                                              f'<code>{_e(c["id"])}</code></a>'
                                              for c in n["claims"]))
            why = why if n["status"] == "undecided" else _rich(why)
            counted = "" if n["counted"] else " (not counted)"
            out.append(f'<tr id="{_e(n["anchor"])}"><td>{_rich(n["label"])}{counted}</td>'
                       f'<td>{_rich(n["locator"])}</td><td>{_e(STATUS_WORDS[n["status"]])}</td>'
                       f"<td>{why}</td></tr>")
        out.append("</tbody></table>")
    out.append("</div>")
    return "\n".join(out)


def papers_table(doc: dict, href) -> list[str]:
    """The report's per-paper coverage table with each paper linked to its page
    (``href(topic)``)."""
    from iclr26_verify.outputs.report import coverage_table

    return coverage_table(doc.get("papers") or {},
                          name=lambda t, p: f"[{t}]({href(t)}): {p['title']}")


def _paper_pages(doc: dict, papers: dict) -> list[str]:
    rows = doc["claims"]
    by_id = {r["id"]: r for r in rows}
    corrects_me: dict[str, list[str]] = {}
    for r in rows:
        for other in r.get("corrected_by") or []:
            corrects_me.setdefault(other, []).append(r["id"])
    figures, present = _figure_index(), _copy_figures()
    topics = [t for t in papers if any(r["topic"] == t for r in rows)]
    for topic in topics:
        mine = [r for r in rows if r["topic"] == topic]
        counts = Counter(r.get("label") or r["verdict"] for r in mine)
        kinds = Counter(k for r in mine for k in r.get("evidence_kinds") or [])
        title, rest = _title(papers[topic])
        text = [f"# {title}", "", f"*{rest}* (topic `{topic}`)", ""]
        links = _links(papers[topic])
        if links:
            text += ["**Links:** " + " · ".join(links), ""]
        paper = (doc.get("papers") or {}).get(topic)
        text += ["## Summary", "", "```{raw} html", _finding_box(mine, paper), "```", "",
                 _prose(mine, counts), ""]
        if paper:
            text += ["## Blueprint", "", "```{raw} html", _blueprint(paper), "```", ""]
        lead = _lead_figure(mine, figures, present)
        if lead:
            text += ["```{raw} html", lead, "```", ""]
        text += ["**Verdicts:** " + ", ".join(f"{v} {counts[v]}" for v in VERDICT_ORDER
                                               if counts.get(v)) + "  ",
                 "**Evidence:** " + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())), "",
                 "## Claims, in the paper's order", "",
                 "```{raw} html", _filters(mine)]
        # pages live in _generated/papers/; figures and sources at the site root
        for group, cards in _in_paper_order(mine):
            text.append(f'<h3 class="claim-group">{_rich(group)}</h3>')
            text += [_card(r, by_id, corrects_me, figures, present, "../../") for r in cards]
        text += ["```", ""]
        _write(GEN / "papers" / f"{topic}.md", "\n".join(text))
    table = papers_table(doc, lambda t: f"{t}.md")
    _write(GEN / "papers" / "index.md", "\n".join(
        ["# Papers", "", ("One page per paper: its blueprint (the numbered results and the "
         "claims that check them), then every registered claim as a card. Coverage = (full + "
         "½ partial) / counted results."), "", *table, "",
         "```{toctree}", ":maxdepth: 1", ":hidden:", "", *topics, "```", ""]))
    return topics


def _summary(doc: dict) -> None:
    s = doc.get("summary", {})
    labels = s.get("labels") or s.get("verdicts") or {}
    rows = doc["claims"]
    errors = [r for r in rows if r["id"] in set(s.get("errors_in_paper") or [])]
    readings = [r for r in rows if (r.get("label") or r["verdict"]) == "reading_fails"]
    analogues = [r for r in rows if (r.get("label") or r["verdict"]) == "not_reproduced"]
    undecided = [r for r in rows if (r.get("label") or r["verdict"]) == "undecided"]
    from iclr26_verify.outputs.report import headline

    lines = [(f"**{headline(s)}. Errors found in printed text or released code: "
              f"{len(errors)}.**"), "",
             "| " + " | ".join(labels) + " |", "|" + "---|" * len(labels),
             "| " + " | ".join(str(n) for n in labels.values()) + " |", "",
             "## The papers", "",
             *papers_table(doc, lambda t: f"_generated/papers/{t}.md"), "",
             "## Errors found in printed text or released code", "",
             ("A statement the paper prints (or its released code implements), checked on the "
              "paper's own objects, that fails; the card shows the counterexample, the printed "
              "locator and what holds instead."), ""]
    if not errors:
        lines += ["None found.", ""]

    def item(r):
        href = f"_generated/papers/{r['topic']}.html#claim-{r['id']}"
        src = (r.get("statement_source") or {}).get("where", "")
        return (f'<li><a href="{_e(href)}"><code>{_e(r["id"])}</code></a> '
                f"({_e(r.get('location'))}; {_e(src)}): {_rich(r.get('statement'))}</li>")

    # raw HTML, so that Markdown leaves the statements' maths and underscores alone
    if errors:
        lines += ["```{raw} html", '<ul class="errata">', *(item(r) for r in errors),
                  "</ul>", "```", ""]
    lines += ["## Not errors of the papers", "",
              (f"{len(readings)} readings of ours that fail (a statement taken from an "
               f"abstract, a secondary source or our own threshold, quantifier or control), "
               f"{len(analogues)} results not reproduced on an analogue (stand-in data or "
               f"scale, with a powered test) and {len(undecided)} undecided rows. They are "
               "listed on each paper's page with what they rest on; none of them is an error "
               "found in a paper."), ""]
    _write(GEN / "summary.md", "\n".join(lines) + "\n")


def _download_cell(stem: str, has_py: bool) -> dict:
    """A Markdown cell with links to the notebook's files at the site root (``notebooks/``)."""
    links = [(f'<a href="../../notebooks/{stem}.ipynb" download>the executed notebook '
              "(.ipynb)</a>")]
    if has_py:
        links.append(f'<a href="../../notebooks/{stem}.py" download>its jupytext source '
                     "(.py, the reviewed file; <code>jupytext --to ipynb</code> pairs it)</a>")
    return {"cell_type": "markdown", "id": "iclr26-download", "metadata": {},
            "source": f'<p class="nb-download">Download {" or ".join(links)}.</p>'}


def _notebooks() -> list[str]:
    """The executed notebooks as pages (a download line after the title), and their .ipynb and
    .py files at the site root for download."""
    names = []
    for nb in sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")):
        py = nb.with_suffix(".py")
        files = GEN / "extra" / "notebooks"
        files.mkdir(parents=True, exist_ok=True)
        for f in (nb, py):
            if f.exists() and (not (files / f.name).exists()
                               or (files / f.name).read_bytes() != f.read_bytes()):
                shutil.copy2(f, files / f.name)
        doc = json.loads(nb.read_text())
        first = next((i for i, c in enumerate(doc.get("cells", []))
                      if c.get("cell_type") == "markdown"), -1)
        doc.setdefault("cells", []).insert(first + 1, _download_cell(nb.stem, py.exists()))
        _write(GEN / "notebooks" / nb.name, json.dumps(doc, indent=1, ensure_ascii=False) + "\n")
        names.append(nb.stem)
    _write(GEN / "notebooks" / "index.md", "\n".join(
        ["# Notebooks", "", ("Each notebook as executed by `iclr26-verify notebooks` (rendered "
         "with its outputs; not re-executed here)."), "", "```{toctree}", ":maxdepth: 1", "",
         *names, "```", ""]))
    return names


def _api(topics) -> None:
    import importlib

    from iclr26_verify.registry import topics as registry

    pages = []
    for topic in topics:
        found = registry.get(topic)
        text = [f"{topic}", "=" * len(topic), ""]
        for name in found.modules:  # the topic's public functions (re-exported by a package)
            text += [f".. automodule:: {name}", "   :members:", "   :imported-members:", ""]
        for name in found.empirical_modules:  # its solvers, models and experiments, by module
            mod = importlib.import_module(name)
            subs = registry.submodules(mod, None, exclude=("_", "claims", "figures"))
            for m in subs or [name]:
                text += [f".. automodule:: {m}", "   :members:", ""]
        _write(GEN / "api" / f"{topic}.rst", "\n".join(text))
        pages.append(topic)
    # the framework's public API, what an author of an outside paper imports
    _write(GEN / "api" / "iclr26_verify.rst", "\n".join(
        ["iclr26_verify (public API)", "=" * 26, "", ".. automodule:: iclr26_verify",
         "   :members:", "   :imported-members:", ""]))
    _write(GEN / "api" / "index.md", "\n".join(
        ["# API reference", "", ("The public API of the framework (`iclr26_verify`), then the "
         "public functions of `theory.<topic>` (closed forms, numpy/scipy only) and "
         "`numerics.<topic>` (solvers, models, experiments), with their maths."), "",
         "```{toctree}", ":maxdepth: 1", "", "iclr26_verify", *pages, "```", ""]))


def _benchmarks() -> None:
    src = _reports() / "BENCHMARKS.md"
    text = src.read_text() if src.exists() else "# Benchmarks\n\nRun `make bench`.\n"
    history = DOCS / "performance_history.md"
    if history.exists():
        text = text.rstrip() + "\n\n" + history.read_text()
    png = _reports() / "benchmarks_scaling.png"
    if png.exists():
        dest = GEN / "extra" / "reports" / png.name
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(png, dest)
        text = text.replace("(plot: benchmarks_scaling.png)", "")
        text += ('\n\n```{raw} html\n<img class="bench-plot" src="../reports/'
                 'benchmarks_scaling.png" alt="scaling of the pairwise engines">\n```\n')
    _write(GEN / "benchmarks.md", text)


def _drop_stale(folder: Path, keep: set[str], suffix: str) -> None:
    """Remove pages of topics that are no longer in the report (else Sphinx warns)."""
    for page in folder.glob(f"*{suffix}"):
        if page.stem not in keep and page.stem != "index":
            page.unlink()


def generate(app=None) -> None:
    from iclr26_verify.registry import topics as registry

    _configure(app)
    PAPERS = {k: t.title for k, t in registry.topics().items()}

    report = _reports() / "claims.json"
    if not report.is_file():
        from sphinx.errors import ConfigError

        raise ConfigError(f"the site is built from {report}, which does not exist: run "
                          "`iclr26-verify check` (or `make reproduce`) first")
    GEN.mkdir(exist_ok=True)
    (GEN / "extra").mkdir(exist_ok=True)
    doc = json.loads(report.read_text())
    topics = _paper_pages(doc, PAPERS)
    _drop_stale(GEN / "papers", set(topics), ".md")
    _drop_stale(GEN / "api", {*topics, "iclr26_verify"}, ".rst")
    _summary(doc)
    _notebooks()
    _api(topics)
    _benchmarks()


def _skip_foreign(app, what, name, obj, skip, options):
    """Members an estimator inherits from scikit-learn (``set_fit_request`` and the like) are
    scikit-learn's to document, not ours."""
    module = getattr(obj, "__module__", None) or ""
    if module.startswith("sklearn"):
        return True
    return None


def _mathjax_everywhere(app, pagename, templatename, context, doctree):
    """Cards and errata are raw HTML, which Sphinx does not count as maths: load MathJax on
    the pages that hold them (before sphinx.ext.mathjax decides, at priority 500)."""
    if pagename == "index" or pagename.startswith("_generated/papers/"):
        context["has_maths_elements"] = True


QUICK_BANNER = ("Figures on this site come from a quick run (small sizes) and can differ from "
                "the full results their cards report: <code>make reproduce</code> draws the full "
                "figures, then <code>make docs</code>.")


def _page_context(app, pagename, templatename, context, doctree):
    """Every page says so when the site shows quick figures (the theme's announcement bar);
    a paper page drops the in-page contents column: its graph and cards need the width."""
    if QUICK_FIGURES:
        context["theme_announcement"] = QUICK_BANNER
    if pagename.startswith("_generated/papers/") and not pagename.endswith("/index"):
        context["theme_secondary_sidebar_items"] = []


def setup(app):
    app.connect("builder-inited", generate)
    app.connect("html-page-context", _mathjax_everywhere, priority=400)
    app.connect("html-page-context", _page_context)
    app.connect("autodoc-skip-member", _skip_foreign)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
