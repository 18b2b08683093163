"""The claim report: ``reports/claims.json`` and the human-readable ``reports/REPORT.md``."""

from __future__ import annotations

import json
import math
import platform
import re
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

from iclr26_verify.registry import topics as _registry
from iclr26_verify.registry.claims import (
    DELTAS,
    HOLDING,
    PAPER_SOURCES,
    VERDICTS,
    WEAK_DELTA,
    Result,
    shorten,
)
from iclr26_verify.registry.display import fmt_value
from iclr26_verify.run._atomic import write_text

# ---------------------------------------------------------------------------------------------
# Evidence as a reader sees it: one row per comparison, long families summarised in a line.
# Both the site's cards (from claims.json rows) and REPORT.md / the console (from Result.to_dict)
# read rows through these functions, so they accept the committed report's records too (whose
# comparisons carry no ``holds``/``worst``).

#: A card lists this many comparisons in full; beyond it the families are summarised and the
#: full list is folded away.
SHOWN = 12

_GREEK = {"alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "eps": "ε",
          "kappa": "κ", "lambda": "λ", "rho": "ρ", "sigma": "σ", "tau": "τ", "theta": "θ",
          "omega": "ω", "phi": "φ"}
_GREEK_RE = re.compile(r"(?<![A-Za-z])(" + "|".join(sorted(_GREEK, key=len, reverse=True))
                       + r")(?![A-Za-z])")
_REL = {"eq": "=", "le": "≤", "ge": "≥"}
_NUM = r"[-−+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?"


def _balanced(text: str, start: int) -> int:
    """Index just past the parenthesis that closes the one at ``start`` (-1 if none)."""
    depth = 0
    for i in range(start, len(text)):
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        if depth == 0:
            return i + 1
    return -1


def _sqrt(text: str) -> str:
    out, i = [], 0
    for m in re.finditer(r"(?<![\w.])sqrt\(", text):
        if m.start() < i:
            continue
        end = _balanced(text, m.end() - 1)
        if end < 0:
            break
        inner = _sqrt(text[m.end():end - 1])
        out += [text[i:m.start()], "√" + (inner if re.fullmatch(r"[\w.]+", inner)
                                          else f"({inner})")]
        i = end
    return "".join(out) + text[i:]


def readable(text) -> str:
    """Plain text with sympy's and ASCII's spellings turned into the usual symbols:
    ``sqrt(5)/6`` → ``√5/6``, ``epsilon`` → ``ε``, ``<=`` → ``≤``, ``c*d`` → ``c·d``,
    ``x**2`` → ``x^2``, ``oo`` → ``∞``, ``Min``/``Max`` → ``min``/``max``. Superscripts and
    subscripts (``^{…}``, ``_{…}``) are left to the renderer (the site sets them)."""
    if text is None:
        return ""
    text = str(text)
    text = _sqrt(text)
    text = re.sub(r"(?<=[\w)\]])\*\*(?=[\w(])", "^", text)
    text = re.sub(r"(?<=[\w)\]])\*(?=[\w(√])", "·", text)
    text = re.sub(r"(?<![\w.])oo(?!\w)", "∞", text)
    text = re.sub(r"(?<![\w.])(Min|Max)\(", lambda m: m.group(1).lower() + "(", text)
    for a, b in (("<=", "≤"), (">=", "≥"), ("!=", "≠"), ("->", "→")):
        text = text.replace(a, b)
    return _GREEK_RE.sub(lambda m: _GREEK[m.group(1)], text)


def pretty_label(name: str) -> str:
    """A comparison's name as a label: :func:`readable`, ``n=4 rho=1`` → ``n = 4, ρ = 1``."""
    text = readable(name)
    text = re.sub(r"(?<=[\w)])=(?=[\w(−\-.…])", " = ", text)
    # consecutive assignments get a comma between them
    return re.sub(r"(\w = [^\s,:;=]+) (?=[^\W\d]\w* = )", r"\1, ", text)


def family_of(name: str) -> str:
    """The name with its parameter values left out (``n=4 rho=1: …`` → ``n=… rho=…: …``):
    comparisons of one family differ only there."""
    return re.sub(r"(?<![<>!=])(=\s*)" + _NUM, r"\1…", name)


def _num(x) -> str:
    if isinstance(x, str):
        return x
    return fmt_value(x, 4)


def _tolerance(c: dict) -> str:
    parts = [f"{k} {c[k]:g}" for k in ("rtol", "atol") if c.get(k)]
    if parts:
        return ", ".join(parts)
    return "exact" if c.get("relation") == "eq" else "—"


def _failed_names(note: str) -> set[str]:
    """The names a Judge listed at the end of a failing check's note ("Failed: a; b.")."""
    i = (note or "").rfind("Failed: ")
    return set() if i < 0 else set(note[i + len("Failed: "):].rstrip(".").split("; "))


def _slack(relation: str, value, reference, rtol=0.0, atol=0.0) -> float:
    """How far ``value rel reference`` is from failing, relative to the reference (Comparison's
    rule for one element); -inf for values that are not numbers."""
    try:
        v, r = float(value), float(reference)
    except (TypeError, ValueError):
        return -math.inf
    size = abs(r) if math.isfinite(r) and r != 0 else 1.0
    tol = atol + (rtol * abs(r) if rtol > 0 else 0.0)
    if relation == "eq":
        out = tol if v == r else tol - abs(v - r)
    elif relation == "le":
        out = r + tol - v
    elif relation == "ge":
        out = v - r + tol
    else:
        return -math.inf
    out /= size
    return -math.inf if math.isnan(out) else out


def evidence_rows(row: dict) -> list[dict]:
    """One entry per comparison, fact and pre-registered test of a claims.json row.

    Each has ``kind`` (comparison, fact, test or value), ``name``, ``relation`` (a symbol),
    ``value``, ``reference``, ``tolerance``, ``power`` (text), ``holds`` (True, False, or None
    where the row does not say or the test is undecided), ``slack`` (how far from failing; the
    worst of a family is its least) and ``of`` (the size of a grid shown by its worst element).
    A row with none of these (an older hand-built Evidence) gets one ``value`` entry per
    measured key, set against the expected value of the same key.
    """
    failed = _failed_names(row.get("note") or "")
    out = []
    for c in row.get("comparisons") or []:
        rel = c.get("relation")
        value, ref, of = c.get("value"), c.get("reference"), None
        if isinstance(c.get("worst"), dict):
            value, ref, of = c["worst"]["value"], c["worst"]["reference"], c.get("size")
        elif isinstance(value, list):
            pairs = list(zip(value, ref if isinstance(ref, list) else [ref] * len(value),
                             strict=False))
            if pairs:  # the committed report keeps the first 8 elements only
                value, ref = min(pairs, key=lambda p: _slack(rel, *p, c.get("rtol", 0.0),
                                                                c.get("atol", 0.0)))
                of = "≥ 8" if len(pairs) == 8 else len(pairs)
        slack = _slack(rel, value, ref, c.get("rtol", 0.0), c.get("atol", 0.0))
        holds = c.get("holds")
        if holds is None:
            holds = (False if c["name"] in failed else
                     None if of == "≥ 8" and slack >= 0 and failed else slack >= 0)
        power = c.get("power")
        out.append({"kind": "comparison", "name": c["name"], "relation": _REL.get(rel, rel),
                    "value": value, "reference": ref, "tolerance": _tolerance(c),
                    "power": "—" if power is None or not holds else f"δ {power:g}",
                    "holds": holds, "slack": slack, "of": of})
    for name, ok in (row.get("facts") or {}).items():
        out.append({"kind": "fact", "name": name, "relation": "fact", "value":
                    "holds" if ok else "fails", "reference": None, "tolerance": "", "power": "—",
                    "holds": bool(ok), "slack": 1.0 if ok else -1.0, "of": None})
    for t in row.get("tests") or []:
        if t.get("alternative") == "equivalence":
            rel = f"within ±{t['margin']:g} of"
        else:
            rel = ">" if t.get("alternative") == "greater" else "<"
        lo, hi = (t.get("interval") or [None, None])[:2]
        d = t.get("decision")
        out.append({"kind": "test", "name": t["name"], "relation": rel,
                    "value": f"{_num(t['estimate'])} [{_num(lo)}, {_num(hi)}]",
                    "reference": t.get("threshold"),
                    "tolerance": f"α {t['alpha']:g}, {t['seeds']} seeds, p {_num(t['p_value'])}",
                    "power": f"{t['power']:.2f} at {t['effect']:g}",
                    "holds": {"holds": True, "fails": False}.get(d),
                    "slack": {"holds": 1.0, "fails": -1.0}.get(d, 0.0), "of": None,
                    "decision": d})
    if not out and row.get("measured") is not None:
        m, e = row.get("measured"), row.get("expected")
        items = m.items() if isinstance(m, dict) else [("value", m)]
        for k, v in items:
            ref = e.get(k) if isinstance(e, dict) else e
            out.append({"kind": "value", "name": k, "relation": "", "value": v,
                        "reference": ref, "tolerance": _num(row.get("tolerance")) or "",
                        "power": "—", "holds": False if k in failed else None,
                        "slack": 0.0, "of": None})
    return out


def reported_values(row: dict) -> tuple | None:
    """The check's own measured/expected when they say more than its comparisons (a table of
    per-run values, labels of their own); ``None`` when they only repeat them."""
    m, e = row.get("measured"), row.get("expected")
    if m is None or not (row.get("comparisons") or row.get("facts") or row.get("tests")):
        return None
    names = {c["name"] for c in row.get("comparisons") or []} | {
        t["name"] for t in row.get("tests") or []}
    if isinstance(m, dict) and set(m) <= names and (not isinstance(e, dict) or set(e) <= names):
        return None
    return m, (None if e == m else e)


def row_line(r: dict) -> str:
    """``label = value rel reference`` for one evidence entry (its relation is left out of the
    label when the name already ends with it)."""
    label = pretty_label(r["name"])
    value, ref = _num(r["value"]), _num(r["reference"])
    of = f" (worst of {r['of']})" if r.get("of") else ""
    if r["kind"] == "fact":
        return f"{label}: {'holds' if r['holds'] else 'fails'}"
    if r["kind"] == "test":
        return f"{label}: {value} {r['relation']} {ref} ({r.get('decision')})"
    if r["kind"] == "value":
        return f"{label}: {value}" + ("" if ref in ("", value) else f" (expected {ref})")
    m = re.match(r"(.*?)\s*(?:≤|≥|=|<|>)\s*" + _NUM + r"$", label)
    if m and r["relation"] in ("≤", "≥") and m.group(1):
        return f"{m.group(1)} = {value} {r['relation']} {ref}{of}"
    if r["relation"] == "=" and value == ref:
        return f"{label}: {value}{of}"
    return f"{label}: {value} {r['relation']} {ref}{of}"


def families(rows: list[dict]) -> list[tuple[str, list[dict]]]:
    """Rows grouped by :func:`family_of` their name (and kind), in first-seen order."""
    groups: dict[tuple, list[dict]] = {}
    for r in rows:
        groups.setdefault((r["kind"], family_of(r["name"])), []).append(r)
    return [(name, rs) for (_, name), rs in groups.items()]


def family_line(name: str, rows: list[dict]) -> str:
    """One line for a family: how many fail, and the worst (or the tightest when all hold)."""
    worst = min(rows, key=lambda r: r["slack"])
    n, bad = len(rows), sum(r["holds"] is False for r in rows)
    undecided = sum(r["holds"] is None and r["kind"] == "test" for r in rows)
    if bad:
        verdict = f"{bad} of {n} fail; worst"
    elif undecided:
        verdict = f"{undecided} of {n} not decided; nearest"
    else:
        verdict = f"all {n} hold; tightest" if n > 1 else ""
    # the worst row's own label says which family it is (its parameters filled in)
    return f"{verdict} {row_line(worst)}".strip()


def evidence_brief(row: dict, width: int = 160) -> str:
    """The evidence of a claims.json row in one line (REPORT.md, the console): every entry
    when there are at most three, else counts and the worst entry."""
    rows = evidence_rows(row)
    if not rows:
        return ""
    marks = {True: "✓ ", False: "✗ ", None: ""}
    if len(rows) <= 3 or all(r["kind"] == "value" for r in rows):
        line = "; ".join(f"{marks[r['holds']]}{row_line(r)}" for r in rows)
    else:
        kinds = Counter(r["kind"] for r in rows)
        words = {"comparison": "comparisons", "fact": "facts", "test": "tests",
                 "value": "values"}
        counts = ", ".join(f"{n} {words[k] if n > 1 else k}" for k, n in kinds.items())
        bad = sum(r["holds"] is False for r in rows)
        undecided = sum(r["holds"] is None and r["kind"] == "test" for r in rows)
        worst = min(rows, key=lambda r: r["slack"])
        if bad:
            line = f"{counts}: {bad} fail; worst {row_line(worst)}"
        elif undecided:
            line = f"{counts}: {undecided} not decided; nearest {row_line(worst)}"
        else:
            line = f"{counts}: all hold; tightest {row_line(worst)}"
    return line if len(line) <= width else line[:width - 1] + "…"


def short_note(note: str, keep: int = 3, marked: bool = False) -> str:
    """A check's note with the Judge's trailing list of failed comparisons cut to ``keep``
    (to a count when ``marked``: the reader's table marks them)."""
    names = _failed_names(note)
    if len(names) <= keep:
        return note or ""
    i = note.rfind("Failed: ")
    listed = note[i + len("Failed: "):].rstrip(".").split("; ")
    if marked:
        return note[:i] + f"Failed: {len(listed)} comparisons (marked ✗)."
    return (note[:i] + "Failed: " + "; ".join(listed[:keep])
            + f" and {len(listed) - keep} more.")


def _md(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


LABELS = (*VERDICTS, "error")
#: Verdicts that decided the statement (counted apart from undecided and unavailable rows).
DECIDED = tuple(v for v in VERDICTS if v not in ("undecided", "unavailable"))


def fmt_delta(d) -> str:
    return "—" if d is None else f"{d:g}"


def _paper_error(r: Result) -> bool:
    """An error found in a paper's printed text or released code (the only ``refuted``)."""
    c = r.claim
    return (r.verdict == "refuted" and c.source is not None and c.source.kind in PAPER_SOURCES
            and c.setting is not None and c.setting.kind == "exact")


def summary(results: list[Result]) -> dict:
    labels = Counter(r.label for r in results)
    holding = [r for r in results if r.verdict in HOLDING]
    decided = [r for r in results if r.verdict in DECIDED]
    return {
        "claims": len(results),
        "decided": len(decided),
        "decided_on_target": sum(r.on_target for r in decided),
        "undecided": labels.get("undecided", 0),
        "undecided_as_registered": sum(r.verdict == "undecided" == r.claim.expected
                                       for r in results),
        "unavailable": labels.get("unavailable", 0),
        "errors": labels.get("error", 0),
        "on_target": sum(r.on_target for r in results),
        "missed": [r.claim.id for r in results if not r.on_target],
        "undecided_in_quick_mode": [r.claim.id for r in results if r.undecided],
        "underpowered_decisions": [r.claim.id for r in results if r.underpowered_decision],
        "labels": {k: labels[k] for k in LABELS if labels.get(k)},
        "verdicts": {k: labels[k] for k in LABELS if labels.get(k)},
        "sources": dict(sorted(Counter(r.claim.source.kind if r.claim.source else "undeclared"
                                       for r in results).items())),
        "settings": dict(sorted(Counter(r.claim.setting.kind if r.claim.setting
                                        else "undeclared" for r in results).items())),
        # verification counted without the sanity rows (true by construction)
        "verification": sum(r.label in HOLDING for r in results),
        "weak": [r.claim.id for r in holding if r.weak],
        "weak_unlabelled": [r.claim.id for r in holding if r.weak_unlabelled],
        "errors_in_paper": [r.claim.id for r in results if _paper_error(r)],
        "readings_that_fail": [r.claim.id for r in results if r.verdict == "reading_fails"],
        "not_reproduced": [r.claim.id for r in results if r.verdict == "not_reproduced"],
        "failed_predictions": [r.claim.id for r in results if r.verdict == "failed_prediction"],
    }


def headline(s: dict) -> str:
    """The report's first line from a :func:`summary` (also one read back from an older
    claims.json): the rows that decided, and apart from them those that did not."""
    decided, hit = s.get("decided", 0), s.get("decided_on_target", s.get("decided", 0))
    hit = f"all {hit}" if hit == decided else f"{hit} of {decided}"
    quick = len(s.get("undecided_in_quick_mode") or [])
    registered = s.get("undecided_as_registered")
    undecided = f"{s.get('undecided', 0)} undecided"
    notes = []
    if registered is not None:
        notes.append(f"{registered} as registered for this budget")
    if quick:
        notes.append(f"{quick} only at quick sizes")
    if notes and s.get("undecided", 0):
        undecided += f" ({', '.join(notes)})"
    errors = f", {s['errors']} crashed" if s.get("errors") else ""
    weak = len(s.get("underpowered_decisions") or [])
    weak = (f"; {weak} of them registered undecided and decided here by an underpowered test"
            if weak else "")
    return (f"{s.get('claims', 0)} claims: {decided} decided ({hit} reached their expected "
            f"verdict{weak}); not decided: {undecided}, {s.get('unavailable', 0)} unavailable (cannot "
            f"be checked here){errors}; {s.get('verification', 0)} count as verification "
            "(sanity rows excluded)")


def power_table(results: list[Result]) -> dict:
    """Per topic: how many holding, non-sanity claims reject each δ first (their power)."""
    out = {}
    for t in _registry.ordered():
        rows = [r for r in results if r.claim.topic == t and r.label in HOLDING]
        if not rows:
            continue
        counts = Counter(fmt_delta(r.power) for r in rows)
        out[t] = {"claims": len(rows), "by_power": dict(counts),
                  "weak": sum(r.weak for r in rows),
                  "observation": sum("observation" in r.claim.evidence for r in rows)}
    return out


def paper_counts(results: list[Result]) -> dict:
    """One paper's rows in a line: claims, errors in print, decided, undecided, unavailable."""
    labels = Counter(r.label for r in results)
    return {"claims": len(results), "errors_in_print": sum(map(_paper_error, results)),
            "decided": sum(r.verdict in DECIDED for r in results),
            "undecided": labels.get("undecided", 0),
            "unavailable": labels.get("unavailable", 0)}


def papers(results: list[Result]) -> dict:
    """``papers`` of ``claims.json``: per topic in the run, its blueprint with each node's
    derived status and the paper's coverage (:mod:`iclr26_verify.registry.blueprint`), and its
    counts."""
    from iclr26_verify.registry.blueprint import load, to_dict

    verdicts = {r.claim.id: r.verdict for r in results}
    notes = {r.claim.id: r.evidence.note for r in results}
    out = {}
    for t in _registry.ordered():
        rows = [r for r in results if r.claim.topic == t]
        try:
            bp = load(t)
        except FileNotFoundError:  # a topic without a map yet: the report says so
            continue
        if rows:
            out[t] = {**to_dict(bp, verdicts, notes), "counts": paper_counts(rows)}
    return out


def _mode(results: list[Result]) -> str:
    return "quick" if any(r.quick for r in results) else "full"


def to_json(results: list[Result], environment: dict | None = None) -> str:
    """The report as JSON; ``environment`` is :func:`iclr26_verify.run.environment.describe` of the
    run (computed here when not given)."""
    from iclr26_verify.run import environment as run_environment

    doc = {
        "generated": datetime.now(UTC).isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "mode": _mode(results),
        "environment": environment or run_environment.describe(_mode(results)),
        "summary": summary(results),
        "power": {"deltas": list(DELTAS), "weak_delta": WEAK_DELTA,
                  "by_topic": power_table(results)},
        "papers": papers(results),
        "claims": [r.to_dict() for r in results],
    }
    return json.dumps(doc, indent=2, allow_nan=False)


def fmt_coverage(c: dict | None) -> str:
    """``0.58 (19 + 5 half of 37)`` from a coverage group; ``—`` when nothing is counted."""
    if not c or c.get("value") is None:
        return "—"
    half = f" + {c['partial']} in part" if c["partial"] else ""
    return f"{c['value']:.2f} ({c['full']}{half} of {c['counted']})"


STATUS_WORDS = {"verified": "verified", "partial": "checked in part",
                "error_in_print": "error in print", "reading_fails": "a reading of ours fails",
                "not_reproduced": "not reproduced", "undecided": "undecided",
                "unavailable": "unavailable", "unchecked": "unchecked"}


def coverage_table(doc_papers: dict, name=lambda topic, paper: f"`{topic}`") -> list[str]:
    """The per-paper table (Markdown): text used, coverage overall, theorem-like and of the
    figures and tables, errors in print, decided / undecided / unavailable rows. ``name(topic,
    paper)`` is the first cell (the site links it to the paper's page)."""
    lines = [("| paper | blueprint | coverage | theorem-like | figures, tables | errors in print "
             "| decided / undecided / unavailable |"), "|---|---|---|---|---|---|---|"]
    for t, p in doc_papers.items():
        cov, n = p["coverage"], p["counts"]
        built = ("complete" if p["complete"] else "incomplete") + f", {len(p['nodes'])} results"
        lines.append(f"| {name(t, p)} | {built} | {fmt_coverage(cov['all'])} | "
                     f"{fmt_coverage(cov['theorem_like'])} | "
                     f"{fmt_coverage(cov['figures_tables'])} | {n['errors_in_print']} | "
                     f"{n['decided']} / {n['undecided']} / {n['unavailable']} |")
    return lines


def _coverage_section(doc_papers: dict) -> list[str]:
    return ["## How much of each paper is checked", "",
            ("Each paper's blueprint lists its numbered results (theorems, lemmas, figures, "
             "tables, the abstract's headline statements) from the public text named; every "
             "claim attaches to the results it checks, fully (the statement as printed, on the "
             "paper's own objects) or in part (a special case, one direction, an analogue). "
             "Coverage = (full + ½ partial) / counted; a result counts only when a claim that "
             "decided checks it. An *incomplete* blueprint maps what its sources show, not the "
             "whole paper."), "", *coverage_table(doc_papers), ""]


def _blueprint_lines(p: dict | None) -> list[str]:
    if p is None:
        return [("**Blueprint**: none yet (`theory/<topic>/blueprint.toml`), so this paper's "
                "coverage is not known."), ""]
    src = "; ".join(p["sources"])
    head = (f"**Blueprint** ({'complete' if p['complete'] else 'incomplete'}; from {src}"
            + (f"; {p['note']}" if p.get("note") else "") + "): coverage "
            f"{fmt_coverage(p['coverage']['all'])}, theorem-like "
            f"{fmt_coverage(p['coverage']['theorem_like'])}, figures and tables "
            f"{fmt_coverage(p['coverage']['figures_tables'])}.")
    lines = [_md(head), "", "| result | where | status | checked by |", "|---|---|---|---|"]
    for n in p["nodes"]:
        by = ", ".join(f"`{c['id']}`" + ("" if c["extent"] == "full" else " (part)")
                       for c in n["claims"])
        status = STATUS_WORDS[n["status"]] + ("" if n["counted"] else " (not counted)")
        if n["reason"]:
            status += f": {n['reason']}"
        lines.append(f"| {_md(n['label'])} | {_md(n['locator'])} | {_md(status)} | "
                     f"{by or '—'} |")
    return lines + [""]


def rests_on(source: dict | None, setting: dict | None) -> str:
    """``source: printed (arXiv …, Thm 3) · setting: analogue (8×8 digits …)`` from a row's
    ``statement_source`` and ``setting`` (as in ``claims.json``)."""
    src = f"{source['kind']} ({source['where']})" if source else "undeclared"
    if not setting:
        where = "undeclared"
    elif setting["kind"] == "analogue" and setting.get("differs"):
        where = f"analogue ({setting['differs']})"
    else:
        where = setting["kind"]
    return f"source: {src} · setting: {where}"


def source_line(claim) -> str:
    """:func:`rests_on` of a registered claim."""
    return rests_on(claim.source.to_dict() if claim.source else None,
                    claim.setting.to_dict() if claim.setting else None)


def test_line(t: dict | None) -> str:
    """One line for a row's deciding test: estimate, interval, p, power, mde."""
    if not t:
        return ""
    lo, hi = t["interval"]
    target = (f"within ±{t['margin']:g} of {t['threshold']:g}" if t["alternative"] ==
              "equivalence" else f"{'>' if t['alternative'] == 'greater' else '<'} "
              f"{t['threshold']:g}")
    need = f", seeds for 80 % power: {t['seeds_needed']}" if t.get("seeds_needed") else ""
    return (f"{t['name']}: {fmt_value(t['estimate'], 4)} [{fmt_value(lo, 4)}, "
            f"{fmt_value(hi, 4)}] vs {target} ({t['seeds']} seeds, α {t['alpha']:g}, "
            f"p {fmt_value(t['p_value'], 3)}, power {fmt_value(t['power'], 2)} at "
            f"{fmt_value(t['effect'], 3)}, mde {fmt_value(t['mde'], 3)}{need}): {t['decision']}")


def _verdict_cell(r: Result) -> str:
    c = r.claim
    if r.undecided:
        verdict = f"undecided in quick mode (expected {c.expected})"
    elif r.underpowered_decision:
        verdict = (f"{r.label} here, registered undecided (its test is underpowered: the "
                   "decision does not carry to other machines)")
    elif r.on_target:
        verdict = r.label
    else:
        verdict = f"**{r.verdict}** (expected {c.expected})"
    if c.corrected_by:
        verdict += " → " + ", ".join(f"`{x}`" for x in c.corrected_by)
    return verdict


def _power_cell(r: Result) -> str:
    if r.evidence.tests:
        powers = [t.power for t in r.evidence.tests]
        return f"test power {min(powers):.2f}"
    if r.verdict in ("refuted", "reading_fails", "not_reproduced", "failed_prediction"):
        return f"margin {fmt_delta(r.margin)}"
    if r.verdict not in HOLDING:
        return ""
    if r.claim.is_sanity:
        return "sanity"
    cell = fmt_delta(r.power)
    return f"**weak** ({cell})" if r.weak else cell


def _compared_cell(d: dict) -> str:
    cell = evidence_brief(d)
    extra = reported_values(d)
    if extra:
        shown = fmt_value(extra[0], 4)
        cell += f" · reported: {shown if len(shown) <= 200 else shown[:199] + '…'}"
    return cell


def _evidence_section(results: list[Result]) -> list[str]:
    table = power_table(results)
    cols = [fmt_delta(d) for d in DELTAS] + ["—"]
    lines = ["## How strong is the evidence", "",
             ("Each holding claim (verified, corrected, sharpened, extension; sanity rows "
              "excluded) is re-judged against nearby false statements: its closed form or "
              "constant moved by a relative δ, its bound tightened by δ. *Power* is the smallest "
              f"δ in {{{', '.join(fmt_delta(d) for d in DELTAS)}}} that its check rejects; a "
              f"check that does not reject δ = {WEAK_DELTA:g} is **weak** (allowed only for "
              "claims labelled `observation`, whose note states the slack). For refuted claims "
              "the *margin* is the largest δ by which the statement can be relaxed and still "
              "fail. Columns: number of claims whose power is δ (— : no δ rejected)."), "",
             "| topic | claims | " + " | ".join(cols) + " | weak | of which observation |",
             "|---|---" + "|---" * len(cols) + "|---|---|"]
    for t, row in table.items():
        cells = [str(row["by_power"].get(c, 0)) for c in cols]
        lines.append(f"| {t} | {row['claims']} | " + " | ".join(cells)
                     + f" | {row['weak']} | {row['observation']} |")
    return lines + [""]


def _errata_section(results: list[Result]) -> list[str]:
    errors = [r for r in results if _paper_error(r)]
    groups = [
        ("Readings of ours that fail", "reading_fails",
         ("Statements taken from an abstract, a secondary source or our own reading (a "
         "threshold, quantifier or control we chose) that fail. They say nothing about the "
         "paper's printed text; each row's source says what was and was not seen.")),
        ("Not reproduced on an analogue", "not_reproduced",
         ("The paper's statement fails on stand-in data, scale or model, with a test that had "
         "the power to see the paper's effect: not an error of the paper.")),
        ("Our predictions that failed", "failed_prediction",
         ("Statements of ours (not of the papers) with a threshold fixed before the run, which "
         "the run missed: reported, not dropped.")),
        ("Undecided", "undecided",
         ("The evidence cannot decide: the interval straddles the threshold or the test lacks "
         "power (the row says how many seeds would be needed).")),
    ]
    lines = ["## Errors found in printed text or released code", ""]
    if errors:
        lines += [("A statement the paper prints (or its released code implements), checked on "
                  "the paper's own objects, that fails; each names what holds instead."), ""]
        for r in errors:
            fix = ", ".join(f"`{x}`" for x in r.claim.corrected_by)
            lines.append(f"- `{r.claim.id}` ({_md(r.claim.where)}; {_md(r.claim.source.where)})"
                         f": {_md(r.claim.statement)} → {fix}")
    else:
        lines.append("None: no failing row rests on a paper's printed text or released code.")
    lines.append("")
    for title, verdict, blurb in groups:
        rows = [r for r in results if r.verdict == verdict]
        if not rows:
            continue
        lines += [f"## {title} ({len(rows)})", "", blurb, ""]
        lines += [f"- `{r.claim.id}` ({_md(r.claim.where)}): {_md(r.claim.statement)}"
                  for r in rows] + [""]
    return lines


def to_markdown(results: list[Result], environment: dict | None = None) -> str:
    from iclr26_verify.run import environment as run_environment

    env = environment or run_environment.describe(_mode(results))
    s = summary(results)
    counts = ", ".join(f"{k} {n}" for k, n in s["labels"].items())
    lines = [
        "# iclr26-verify: claim report",
        "",
        "Generated by `iclr26-verify check` (or `make reproduce`); do not edit by hand.",
        "",
        run_environment.line(env),
        "",
        *([("**Quick mode**: the empirical claims ran at small sizes; those that quick sizes "
           "cannot decide are shown as *undecided in quick mode* (the full run, `make "
           "reproduce`, decides them)."), ""] if any(r.quick for r in results) else []),
        (f"**{headline(s)}. Errors found in printed text or released code: "
         f"{len(s['errors_in_paper'])}; readings of ours that fail: "
         f"{len(s['readings_that_fail'])}; not reproduced on an analogue: "
         f"{len(s['not_reproduced'])}.** {counts}."),
        "",
        ("How to read a row: each statement says what it rests on (*source*: the printed text "
         "with its locator, the authors' code, the abstract, a secondary source, or our own "
         "choice) and where it was checked (*setting*: the paper's own objects, or an analogue "
         "and what differs); the *verdict* is derived from these and from the check. "
         "`verified`: the paper's statement holds; `refuted`: it fails, and it is printed (or "
         "released code) checked on the paper's own objects, an error of the paper; "
         "`reading_fails`: a reading of ours fails; `not_reproduced`: an analogue fails with a "
         "test that had the power to see the paper's effect; `undecided`: the evidence cannot "
         "decide; `corrected`/`sharpened`/`extension`: statements of ours, verified; "
         "`failed_prediction`: ours, failed; `sanity`: true by construction, a software test; "
         "`unavailable`: cannot be checked here, with the reason. *evidence* is what backs it; "
         "*power* the smallest relative error in the statement its check rejects, or, for an "
         "empirical row, its pre-registered test's power at the declared effect."),
        "",
    ]
    if s["missed"]:
        lines += ["## Claims that missed their expected verdict", ""]
        lines += [f"- `{cid}`" for cid in s["missed"]] + [""]
    if s["weak_unlabelled"]:
        lines += ["## Weak checks not labelled observation", ""]
        lines += [f"- `{cid}`" for cid in s["weak_unlabelled"]] + [""]
    doc_papers = papers(results)
    lines += _coverage_section(doc_papers)
    by_topic = {t: [r for r in results if r.claim.topic == t] for t in _registry.ordered()}
    titles = {k: t.title for k, t in _registry.topics().items()}
    for topic, rows in by_topic.items():
        if not rows:
            continue
        counts = Counter(r.label for r in rows)
        lines += [f"## {topic}", "", f"*{titles[topic]}*", "",
                  ", ".join(f"{v}: {counts[v]}" for v in LABELS if counts.get(v)), "",
                  *_blueprint_lines(doc_papers.get(topic)),
                  ("| claim | where | statement | rests on | verdict | evidence | power | "
                   "compared | note |"),
                  "|---|---|---|---|---|---|---|---|---|"]
        for r in rows:
            c, e = r.claim, r.evidence
            d = r.to_dict()
            note = short_note(e.note)
            if d["test"]:
                note = f"{test_line(d['test'])}. {note}"
            elif d.get("deterministic"):
                note = f"Deterministic (no test over seeds): {d['deterministic']}. {note}"
            lines.append(
                f"| `{c.id}` | {_md(c.where)} | {_md(c.statement)} | {_md(source_line(c))} | "
                f"{_verdict_cell(r)} | {', '.join(c.evidence)} | {_power_cell(r)} | "
                f"{_md(_compared_cell(d))} | {_md(note)} |"
            )
        lines.append("")
    lines += _errata_section(results)
    lines += _evidence_section(results)
    return "\n".join(lines)


def findings_lines(doc: dict) -> list[str]:
    """The findings of a report (``claims.json``), in Markdown: its headline, then one line per
    error in print, per reading of ours that fails, per result not reproduced and per failed
    prediction, each with what it rests on (the README shows these, generated, never written
    by hand)."""
    rows = doc["claims"]
    s = doc["summary"]

    def line(r, why=True):
        src = r.get("statement_source") or {}
        rests = f" Rests on: {src.get('kind')}, {shorten(src.get('where', ''), 200)}." if why \
            else f" ({src.get('kind')})"
        return f"  - `{r['id']}` ({_md(r['location'])}): {_md(shorten(r['statement'], 240))}{rests}"

    out = [f"{headline(s)}.", ""]
    groups = (("refuted", "Errors found in the printed text or released code",
               ("checked on the paper's own objects, each with a counterexample and a verified "
               "correction")),
              ("reading_fails", "Readings of ours that fail",
               ("a statement taken from an abstract, a secondary source or our own reading; not "
               "errors of the papers")),
              ("not_reproduced", "Not reproduced on an analogue",
               "stand-in data or scale, with a test that had the power to see the effect"),
              ("failed_prediction", "Predictions of ours that failed", ("not errors of the "
               "papers")))
    for verdict, title, blurb in groups:
        these = [r for r in rows if r["verdict"] == verdict]
        if verdict == "refuted":
            these = [r for r in these if r["id"] in set(s.get("errors_in_paper") or ())]
        out.append(f"- **{title}: {len(these)}** ({blurb}){':' if these else '.'}")
        out += [line(r) for r in these]
    return out


#: Blocks of the README that a full report rewrites: name -> (function of claims.json).
README_BLOCKS = {"coverage table": lambda doc: coverage_table(doc["papers"]),
                 "findings": findings_lines}


def readme_markers(name: str) -> tuple[str, str]:
    return (f"<!-- {name}: generated from reports/claims.json, do not edit -->",
            f"<!-- end of {name} -->")


def sync_readme(readme: str | Path, doc: dict) -> bool:
    """Rewrite the README's generated blocks (:data:`README_BLOCKS`, between the markers of
    :func:`readme_markers`) from a full report (``claims.json``); ``False`` when the README has
    none of them (an installed package's, a user's)."""
    path = Path(readme)
    if not path.is_file():
        return False
    text = original = path.read_text()
    found = False
    for name, make in README_BLOCKS.items():
        start, end = readme_markers(name)
        if start not in text or end not in text:
            continue
        found = True
        head, rest = text.split(start, 1)
        _, tail = rest.split(end, 1)
        text = head + "\n".join([start, *make(doc), end]) + tail
    if text != original:
        write_text(path, text)
    return found


def write_reports(results: list[Result], out_dir: str | Path = "reports", *,
                  partial: bool = False) -> tuple[Path, Path]:
    """Write ``claims.json`` and ``REPORT.md``; a run restricted to some topics or kinds writes
    ``claims.partial.json`` and ``REPORT.partial.md`` instead, so it never overwrites the full
    report."""
    out = Path(out_dir)
    stem = ".partial" if partial else ""
    from iclr26_verify.run import environment as run_environment

    env = run_environment.describe(_mode(results))
    j = write_text(out / f"claims{stem}.json", to_json(results, env))
    m = write_text(out / f"REPORT{stem}.md", to_markdown(results, env))
    return j, m
