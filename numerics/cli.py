"""``iclr26-verify``: check the claims, regenerate figures and notebooks, benchmark, report.

Exit status: 0 when every claim reaches its expected verdict (and every figure/notebook ran),
1 when one does not (the failing ones are named), 2 on bad usage.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from theory import TOPICS


class _Parser(argparse.ArgumentParser):
    """argparse that reports bad usage in one line (and exit 2), not a usage dump."""

    def error(self, message):
        if "invalid choice" in message and "--topic" in message:
            message = message.split(" (choose from")[0] + f"; valid topics: {', '.join(TOPICS)}"
        sys.stderr.write(f"iclr26-verify: error: {message}\n")
        raise SystemExit(2)


def _console(stderr: bool = False):
    from rich.console import Console

    stream = sys.stderr if stderr else sys.stdout
    # Piped output (CI logs, `| less`) gets a wide table instead of rich's 80-column default.
    return Console(stderr=stderr, highlight=False, width=None if stream.isatty() else 160)


def _progress(console):
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    return Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TextColumn("{task.fields[item]}"), TimeElapsedColumn(), console=console,
                    transient=False)


def _topics(args) -> tuple[str, ...]:
    return tuple(args.topic) if getattr(args, "topic", None) else TOPICS


def _kinds(args) -> tuple[str, ...]:
    return ("theory",) if getattr(args, "theory_only", False) else ("theory", "empirical")


# ---------------------------------------------------------------------------------------------
def cmd_list(args) -> int:
    from rich.table import Table

    from theory.claims import discover

    claims = discover(_topics(args), _kinds(args))
    table = Table(title=f"{len(claims)} registered claims")
    for col in ("claim", "kind", "where", "expected", "evidence", "statement"):
        table.add_column(col, overflow="fold")
    for c in claims:
        table.add_row(c.id, c.kind, c.where, c.expected, ", ".join(c.evidence), c.statement)
    _console().print(table)
    return 0


def run_claims(topics, kinds, *, quick: bool, console) -> list:
    from theory.claims import discover

    claims = discover(topics, kinds)
    results = []
    with _progress(console) as progress:
        task = progress.add_task("checking claims", total=len(claims), item="")
        for c in claims:
            progress.update(task, item=c.id)
            results.append(c.run(quick=quick))
            progress.advance(task)
        progress.update(task, item="")
    return results


def _print_results(results, console) -> None:
    from rich.table import Table

    from numerics.report import _power_cell, fmt_value

    table = Table(title="claims")
    for col in ("claim", "where", "verdict", "evidence", "power", "measured", "expected"):
        table.add_column(col, overflow="fold")
    colour = {"verified": "green", "corrected": "cyan", "refuted": "yellow",
              "unavailable": "magenta", "error": "red"}
    for r in results:
        v = f"[{colour.get(r.verdict, 'red')}]{r.verdict}[/]"
        if r.undecided:
            v = f"[magenta]undecided (quick)[/] [dim](expected {r.claim.expected})[/]"
        elif not r.on_target:
            v += f" [red](expected {r.claim.expected})[/]"
        table.add_row(r.claim.id, r.claim.where, v, ", ".join(r.claim.evidence),
                      _power_cell(r), fmt_value(r.evidence.measured, 5),
                      fmt_value(r.evidence.expected, 5))
    console.print(table)


def _finish_claims(results, console) -> int:
    missed = [r for r in results if not r.on_target]
    if missed:
        for r in missed:
            console.print(f"[red]MISSED[/] {r.claim.id}: expected {r.claim.expected}, got "
                          f"{r.verdict}. {r.evidence.note}")
        return 1
    undecided = sum(r.undecided for r in results)
    extra = f" ({undecided} empirical claims undecided in quick mode)" if undecided else ""
    console.print(f"[green]all {len(results)} claims reached their expected verdict[/]{extra}")
    return 0


def cmd_check(args) -> int:
    from numerics.report import to_json, write_reports

    console = _console(stderr=args.json)
    results = run_claims(_topics(args), _kinds(args), quick=args.quick, console=console)
    if not args.no_report:
        write_reports(results, args.reports)
    if args.json:
        sys.stdout.write(to_json(results) + "\n")
    else:
        _print_results(results, console)
    return _finish_claims(results, console)


def power_rows(results) -> list[dict]:
    """Per claim: its power (or a refutation's margin) and which δ its check rejects."""
    from theory.claims import DELTAS, HOLDING, _rejects

    rows = []
    for r in results:
        comps = r.evidence.comparisons
        row = {"id": r.claim.id, "topic": r.claim.topic, "verdict": r.verdict,
               "label": r.label, "evidence_kinds": list(r.claim.evidence),
               "power": r.power, "margin": r.margin, "weak": r.weak,
               "weak_unlabelled": r.weak_unlabelled,
               "perturbable_comparisons": sum(c.perturbable() for c in comps)}
        if r.verdict in HOLDING:
            row["rejects"] = {f"{d:g}": _rejects(comps, d) for d in DELTAS}
            row["comparisons"] = [c.to_dict() for c in comps]
        rows.append(row)
    return rows


def cmd_power(args) -> int:
    from rich.table import Table

    from numerics.report import fmt_delta, power_table
    from theory.claims import DELTAS

    console = _console(stderr=args.json)
    results = run_claims(_topics(args), _kinds(args), quick=args.quick, console=console)
    rows = power_rows(results)
    weak = [row for row in rows if row["weak_unlabelled"]]
    if args.json:
        sys.stdout.write(json.dumps({"deltas": list(DELTAS), "by_topic": power_table(results),
                                     "claims": rows}, indent=2, default=str) + "\n")
    else:
        table = Table(title="power: smallest δ whose perturbed statement the check rejects")
        for col in ("claim", "label", "evidence", "power", *(f"{d:g}" for d in DELTAS)):
            table.add_column(col, overflow="fold")
        for row in rows:
            if row["label"] == "refuted":
                cells = [f"margin {fmt_delta(row['margin'])}"] + [""] * len(DELTAS)
            elif "rejects" in row and row["label"] != "sanity":
                p = fmt_delta(row["power"])
                cells = [f"[red]weak ({p})[/]" if row["weak"] else p]
                cells += ["✓" if v else "·" for v in row["rejects"].values()]
            else:
                cells = [row["label"]] + [""] * len(DELTAS)
            table.add_row(row["id"], row["label"], ", ".join(row["evidence_kinds"]), *cells)
        console.print(table)
    for row in weak:
        console.print(f"[red]WEAK[/] {row['id']}: power {fmt_delta(row['power'])}, evidence "
                      f"{row['evidence_kinds']} (not labelled observation)")
    return 1 if weak else 0


def cmd_figures(args) -> int:
    from numerics.figures import discover_figures, render

    console = _console()
    specs = discover_figures(_topics(args))
    failed = []
    with _progress(console) as progress:
        task = progress.add_task("figures", total=len(specs), item="")
        for spec in specs:
            progress.update(task, item=f"{spec.topic}/{spec.name}")
            try:
                render(spec, args.out, quick=args.quick)
            except Exception as exc:  # noqa: BLE001 - report every failure, then exit 1
                failed.append(f"{spec.topic}/{spec.name}: {type(exc).__name__}: {exc}")
            progress.advance(task)
    for f in failed:
        console.print(f"[red]FAILED[/] {f}")
    console.print(f"{len(specs) - len(failed)}/{len(specs)} figures written under {args.out}/")
    return 1 if failed else 0


def cmd_notebooks(args) -> int:
    from numerics.notebooks import execute, notebook_sources

    console = _console()
    sources = [s for s in notebook_sources()
               if not args.topic or any(t in s.stem for t in args.topic)]
    failed = []
    with _progress(console) as progress:
        task = progress.add_task("notebooks", total=len(sources), item="")
        for src in sources:
            progress.update(task, item=src.name)
            try:
                execute(src, quick=args.quick)
            except Exception as exc:  # noqa: BLE001 - report every failure, then exit 1
                failed.append(f"{src.name}: {type(exc).__name__}: {str(exc)[-2000:]}")
            progress.advance(task)
    for f in failed:
        console.print(f"[red]FAILED[/] {f}")
    return 1 if failed else 0


def cmd_bench(args) -> int:
    from benchmarks.run import run

    console = _console()
    with console.status("benchmarking") as status:
        rows = run(args.topic or None, quick=args.quick, out_dir=args.reports,
                   progress=lambda s: status.update(f"benchmarking {s}"))
    name = "BENCHMARKS.md" if not args.topic else "BENCHMARKS.partial.md"
    console.print(Path(args.reports, name).read_text())
    console.print(f"{len(rows)} rows written to {args.reports}/{name}")
    return 0


def cmd_reproduce(args) -> int:
    console = _console()
    t0 = time.perf_counter()
    status = 0
    args.json, args.no_report = False, False
    status |= cmd_check(args)
    args.out = "figures"
    status |= cmd_figures(args)
    if not args.skip_notebooks:
        status |= cmd_notebooks(args)
    seconds = time.perf_counter() - t0
    from datetime import UTC, datetime

    from numerics._atomic import write_text

    write_text(Path(args.reports) / "reproduce_time.json", json.dumps(
        {"seconds": round(seconds, 1), "mode": "quick" if args.quick else "full",
         "when": datetime.now(UTC).isoformat(timespec="seconds"), "status": status}))
    console.print(f"reproduce finished in {seconds:.0f} s; report: {args.reports}/REPORT.md")
    return status


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="iclr26-verify", description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def topic_opt(sp):
        sp.add_argument("--topic", action="append", choices=TOPICS, metavar="T",
                        help=f"restrict to a topic ({', '.join(TOPICS)}); repeatable")

    sp = sub.add_parser("list", help="list the registered claims")
    topic_opt(sp)
    sp.add_argument("--theory-only", action="store_true", help="skip empirical (torch) claims")
    sp.set_defaults(fn=cmd_list)

    sp = sub.add_parser("check", help="check the claims and write reports/")
    topic_opt(sp)
    sp.add_argument("--json", action="store_true", help="print the results as JSON on stdout")
    sp.add_argument("--quick", action="store_true", help="small sizes for empirical claims")
    sp.add_argument("--theory-only", action="store_true", help="skip empirical (torch) claims")
    sp.add_argument("--reports", default="reports", help="output folder (default: reports)")
    sp.add_argument("--no-report", action="store_true", help="do not write reports/")
    sp.set_defaults(fn=cmd_check)

    sp = sub.add_parser("power", help="re-judge each claim against nearby false statements")
    topic_opt(sp)
    sp.add_argument("--json", action="store_true", help="print the results as JSON on stdout")
    sp.add_argument("--quick", action="store_true", help="small sizes for empirical claims")
    sp.add_argument("--theory-only", action="store_true", help="skip empirical (torch) claims")
    sp.set_defaults(fn=cmd_power)

    sp = sub.add_parser("figures", help="regenerate the figures (PNG + CSV)")
    topic_opt(sp)
    sp.add_argument("--quick", action="store_true", help="small sizes")
    sp.add_argument("--out", default="figures", help="output folder (default: figures)")
    sp.set_defaults(fn=cmd_figures)

    sp = sub.add_parser("notebooks", help="execute the notebooks")
    topic_opt(sp)
    sp.add_argument("--quick", action="store_true", help="QUICK=1: small sizes")
    sp.set_defaults(fn=cmd_notebooks)

    sp = sub.add_parser("bench", help="run the benchmarks, write reports/BENCHMARKS.md")
    sp.add_argument("--topic", action="append", metavar="T",
                    choices=(*TOPICS, "suite"), help="restrict to a topic; repeatable")
    sp.add_argument("--quick", action="store_true", help="small sizes")
    sp.add_argument("--reports", default="reports", help="output folder (default: reports)")
    sp.set_defaults(fn=cmd_bench)

    sp = sub.add_parser("reproduce", help="check + figures + notebooks + report")
    topic_opt(sp)
    sp.add_argument("--quick", action="store_true", help="small sizes everywhere")
    sp.add_argument("--theory-only", action="store_true", help="skip empirical (torch) claims")
    sp.add_argument("--skip-notebooks", action="store_true", help="do not execute notebooks")
    sp.add_argument("--reports", default="reports", help="output folder (default: reports)")
    sp.set_defaults(fn=cmd_reproduce)
    return p


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.fn(args)
    except KeyboardInterrupt:
        sys.stderr.write("iclr26-verify: interrupted\n")
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
