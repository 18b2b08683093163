"""The claim report: ``reports/claims.json`` and the human-readable ``reports/REPORT.md``."""

from __future__ import annotations

import json
import math
import platform
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

from numerics._atomic import write_text
from theory import PAPERS, TOPICS
from theory.claims import DELTAS, HOLDING, PAPER_SOURCES, VERDICTS, WEAK_DELTA, Result


def fmt_value(value, digits: int = 6) -> str:
    """A compact rendering of a measured or expected value for a table cell."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value) or math.isinf(value):
            return str(value)
        return f"{value:.{digits}g}"
    if isinstance(value, dict):
        return "; ".join(f"{k}={fmt_value(v, digits)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        shown = ", ".join(fmt_value(v, digits) for v in value[:6])
        return f"[{shown}{', …' if len(value) > 6 else ''}]"
    try:
        import numpy as np

        if isinstance(value, np.generic):
            return fmt_value(value.item(), digits)
        if isinstance(value, np.ndarray):
            return fmt_value(value.tolist(), digits)
    except ImportError:  # pragma: no cover
        pass
    return str(value)


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
        "unavailable": labels.get("unavailable", 0),
        "on_target": sum(r.on_target for r in results),
        "missed": [r.claim.id for r in results if not r.on_target],
        "undecided_in_quick_mode": [r.claim.id for r in results if r.undecided],
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


def power_table(results: list[Result]) -> dict:
    """Per topic: how many holding, non-sanity claims reject each δ first (their power)."""
    out = {}
    for t in TOPICS:
        rows = [r for r in results if r.claim.topic == t and r.label in HOLDING]
        if not rows:
            continue
        counts = Counter(fmt_delta(r.power) for r in rows)
        out[t] = {"claims": len(rows), "by_power": dict(counts),
                  "weak": sum(r.weak for r in rows),
                  "observation": sum("observation" in r.claim.evidence for r in rows)}
    return out


def to_json(results: list[Result]) -> str:
    doc = {
        "generated": datetime.now(UTC).isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "mode": "quick" if any(r.quick for r in results) else "full",
        "summary": summary(results),
        "power": {"deltas": list(DELTAS), "weak_delta": WEAK_DELTA,
                  "by_topic": power_table(results)},
        "claims": [r.to_dict() for r in results],
    }
    return json.dumps(doc, indent=2, allow_nan=False)


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


def to_markdown(results: list[Result]) -> str:
    s = summary(results)
    counts = ", ".join(f"{k} {n}" for k, n in s["labels"].items())
    lines = [
        "# iclr26-verify: claim report",
        "",
        "Generated by `iclr26-verify check` (or `make reproduce`); do not edit by hand.",
        "",
        *([("**Quick mode**: the empirical claims ran at small sizes; those that quick sizes "
           "cannot decide are shown as *undecided in quick mode* (the full run, `make "
           "reproduce`, decides them)."), ""] if any(r.quick for r in results) else []),
        (f"**{s['claims']} claims: {s['decided']} decided ({s['decided_on_target']} reached "
         f"their expected verdict), {s['undecided']} undecided, {s['unavailable']} "
         f"unavailable; {s['verification']} count as verification (sanity rows excluded). "
         f"Errors found in printed text or released code: {len(s['errors_in_paper'])}; "
         f"readings of ours that fail: {len(s['readings_that_fail'])}; not reproduced on an "
         f"analogue: {len(s['not_reproduced'])}.** {counts}."),
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
    by_topic = {t: [r for r in results if r.claim.topic == t] for t in TOPICS}
    for topic, rows in by_topic.items():
        if not rows:
            continue
        counts = Counter(r.label for r in rows)
        lines += [f"## {topic}", "", f"*{PAPERS[topic]}*", "",
                  ", ".join(f"{v}: {counts[v]}" for v in LABELS if counts.get(v)), "",
                  ("| claim | where | statement | rests on | verdict | evidence | power | "
                   "measured | expected | note |"),
                  "|---|---|---|---|---|---|---|---|---|---|"]
        for r in rows:
            c, e = r.claim, r.evidence
            tol = f" (tol {e.tolerance:g})" if e.tolerance is not None else ""
            note = e.note
            d = r.to_dict()
            if d["test"]:
                note = f"{test_line(d['test'])}. {note}"
            elif d.get("deterministic"):
                note = f"Deterministic (no test over seeds): {d['deterministic']}. {note}"
            lines.append(
                f"| `{c.id}` | {_md(c.where)} | {_md(c.statement)} | {_md(source_line(c))} | "
                f"{_verdict_cell(r)} | {', '.join(c.evidence)} | {_power_cell(r)} | "
                f"{_md(fmt_value(e.measured))} | {_md(fmt_value(e.expected))}{tol} | "
                f"{_md(note)} |"
            )
        lines.append("")
    lines += _errata_section(results)
    lines += _evidence_section(results)
    return "\n".join(lines)


def write_reports(results: list[Result], out_dir: str | Path = "reports", *,
                  partial: bool = False) -> tuple[Path, Path]:
    """Write ``claims.json`` and ``REPORT.md``; a run restricted to some topics or kinds writes
    ``claims.partial.json`` and ``REPORT.partial.md`` instead, so it never overwrites the full
    report."""
    out = Path(out_dir)
    stem = ".partial" if partial else ""
    j = write_text(out / f"claims{stem}.json", to_json(results))
    m = write_text(out / f"REPORT{stem}.md", to_markdown(results))
    return j, m
