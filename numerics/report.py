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
from theory.claims import DELTAS, HOLDING, WEAK_DELTA, Result


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


LABELS = ("verified", "refuted", "corrected", "sharpened", "extension", "sanity",
          "failed prediction", "unavailable", "error")


def fmt_delta(d) -> str:
    return "—" if d is None else f"{d:g}"


def summary(results: list[Result]) -> dict:
    labels = Counter(r.label for r in results)
    holding = [r for r in results if r.verdict in HOLDING]
    return {
        "claims": len(results),
        "on_target": sum(r.on_target for r in results),
        "missed": [r.claim.id for r in results if not r.on_target],
        "undecided_in_quick_mode": [r.claim.id for r in results if r.undecided],
        "labels": {k: labels[k] for k in LABELS if labels.get(k)},
        "verdicts": dict(sorted(Counter(r.verdict for r in results).items())),
        # verification counted without the sanity rows (true by construction)
        "verification": sum(r.label in HOLDING for r in results),
        "weak": [r.claim.id for r in holding if r.weak],
        "weak_unlabelled": [r.claim.id for r in holding if r.weak_unlabelled],
        "refuted_as_printed": [r.claim.id for r in results if r.label == "refuted"
                               and r.claim.reading == "as printed"],
        "refuted_our_reading": [r.claim.id for r in results if r.label == "refuted"
                                and r.claim.reading != "as printed"],
        "failed_predictions": [r.claim.id for r in results if r.label == "failed prediction"],
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


def _verdict_cell(r: Result) -> str:
    c = r.claim
    if r.undecided:
        verdict = f"undecided in quick mode (expected {c.expected})"
    elif r.on_target:
        verdict = r.label
    else:
        verdict = f"**{r.verdict}** (expected {c.expected})"
    if r.verdict == "refuted" and c.reading:
        verdict += f" ({c.reading})"
    if c.corrected_by:
        verdict += " → " + ", ".join(f"`{x}`" for x in c.corrected_by)
    return verdict


def _power_cell(r: Result) -> str:
    if r.verdict == "refuted":
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
    refuted = [r for r in results if r.label == "refuted"]
    failed = [r for r in results if r.label == "failed prediction"]
    lines = []
    if failed:
        lines += ["## Our predictions that failed", "",
                  ("Statements of ours (not of the papers) with a threshold fixed before the "
                   "run, which the run missed: reported, not dropped."), ""]
        lines += [f"- `{r.claim.id}` ({_md(r.claim.where)}): {_md(r.claim.statement)}"
                  for r in failed] + [""]
    if not refuted:
        return lines
    lines += ["## What is wrong in the papers", "",
             ("Refuted statements, kept apart by what they rest on: the paper's printed text, "
              "or our reading of a statement whose text we could not see (each says why)."), ""]
    for reading, title in (("as printed", "As printed"), (None, "Our reading")):
        rows = [r for r in refuted if (r.claim.reading == "as printed") == (reading is not None)]
        if not rows:
            continue
        lines += [f"### {title}", ""]
        for r in rows:
            note = f" — {_md(r.claim.reading_note)}" if r.claim.reading_note else ""
            fix = ", ".join(f"`{x}`" for x in r.claim.corrected_by)
            lines.append(f"- `{r.claim.id}` ({_md(r.claim.where)}){note} → {fix}")
        lines.append("")
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
        (f"**{s['claims']} claims, {s['on_target']} reached their expected verdict; "
         f"{s['verification']} count as verification (sanity rows excluded).** {counts}."),
        "",
        ("How to read a row: *verdict* is what the check reached (`verified`: the paper's "
         "statement holds; `refuted`: it fails and *measured vs expected* shows the "
         "counterexample, with the reading it rests on; `corrected`: our correction of a refuted "
         "statement, verified; `sharpened`: our stronger form of a statement that holds; "
         "`extension`: a statement of ours not in the paper; `sanity`: true by construction, a "
         "software test, not counted as verification; `unavailable`: cannot be checked here, "
         "with the reason). *evidence* is what backs it (independent computation, witness, "
         "proof, search, observation, sanity); *power* the smallest relative error in the "
         "statement its check rejects (see the last section). *measured* is what the statement "
         "(or the paper's formula) gives, *expected* what it was compared with."),
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
                  ("| claim | where | statement | verdict | evidence | power | measured | "
                   "expected | note |"),
                  "|---|---|---|---|---|---|---|---|---|"]
        for r in rows:
            c, e = r.claim, r.evidence
            tol = f" (tol {e.tolerance:g})" if e.tolerance is not None else ""
            note = e.note
            if r.verdict == "refuted" and c.reading_note:
                note = f"[{c.reading}: {c.reading_note}] {note}"
            lines.append(
                f"| `{c.id}` | {_md(c.where)} | {_md(c.statement)} | {_verdict_cell(r)} | "
                f"{', '.join(c.evidence)} | {_power_cell(r)} | "
                f"{_md(fmt_value(e.measured))} | {_md(fmt_value(e.expected))}{tol} | "
                f"{_md(note)} |"
            )
        lines.append("")
    lines += _errata_section(results)
    lines += _evidence_section(results)
    return "\n".join(lines)


def write_reports(results: list[Result], out_dir: str | Path = "reports") -> tuple[Path, Path]:
    out = Path(out_dir)
    j = write_text(out / "claims.json", to_json(results))
    m = write_text(out / "REPORT.md", to_markdown(results))
    return j, m
