"""``iclr26-verify``: check the claims, regenerate figures and notebooks, benchmark, report.

Exit status: 0 when every claim reaches its expected verdict (and every figure/notebook ran),
1 when one does not (the failing ones are named), 2 on bad usage.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from iclr26_verify.registry import topics as _registry

#: The most worker processes ``--jobs`` starts: four per core. More only queue behind each
#: other, and a typo such as ``--jobs 100000`` would try to start that many processes.
MAX_JOBS = 4 * (os.cpu_count() or 1)


def _jobs(text: str) -> int:
    """``--jobs``: an int in [1, :data:`MAX_JOBS`]."""
    try:
        value = int(text)
    except ValueError:
        value = None
    if value is None or not 1 <= value <= MAX_JOBS:
        raise argparse.ArgumentTypeError(
            f"must be an int in [1, {MAX_JOBS}] (at most 4 workers per core), got {text!r}")
    return value


def _nonnegative_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = None
    if value is None or value < 0:
        raise argparse.ArgumentTypeError(f"must be an int >= 0, got {text!r}")
    return value


_SCHEMES = ("tcp", "tls", "ws", "wss", "ucx")


def _scheduler_address(text: str) -> str:
    """``--scheduler``: ``[SCHEME://]HOST:PORT`` (a Dask scheduler's address), checked before
    any connection is tried, so a typo fails at once rather than after a connect timeout."""
    want = (f"an address [SCHEME://]HOST:PORT with SCHEME one of {', '.join(_SCHEMES)} and PORT "
            f"in [1, 65535] (e.g. tcp://127.0.0.1:8786), got {text!r}")
    scheme, sep, rest = text.partition("://")
    if not sep:
        scheme, rest = "tcp", text
    host, colon, port = rest.rpartition(":")
    if host.startswith("[") and host.endswith("]"):
        host_ok = len(host) > 2 and all(c in "0123456789abcdefABCDEF:." for c in host[1:-1])
    else:
        host_ok = bool(host) and all(c.isalnum() or c in "-._" for c in host)
    if (scheme not in _SCHEMES or not colon or not host_ok or not port.isdigit()
            or not 1 <= int(port) <= 65535):
        raise argparse.ArgumentTypeError(f"must be {want}")
    return text


def _check_folder(path, option: str) -> str | None:
    """Why ``path`` cannot be (or become) a folder, or ``None``: it is a file, or a file stands
    where one of its parents should be."""
    p = Path(path).expanduser()
    for q in (p, *p.parents):
        if q.exists() or q.is_symlink():
            if q.is_dir():
                return None
            what = "is a file" if q == p else f"lies below the file {str(q)!r}"
            return f"{option} {str(path)!r} {what}; name a folder"
    return None


class _Parser(argparse.ArgumentParser):
    """argparse that reports bad usage in one line (and exit 2), not a usage dump."""

    def error(self, message):
        if "invalid choice" in message and "--topic" in message:
            message = (message.split(" (choose from")[0]
                       + f"; valid topics: {', '.join(_registry.ordered())}")
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
    return tuple(args.topic) if getattr(args, "topic", None) else _registry.ordered()


def _kinds(args) -> tuple[str, ...]:
    if getattr(args, "empirical_only", False):
        return ("empirical",)
    return ("theory",) if getattr(args, "theory_only", False) else ("theory", "empirical")


def _executor(args):
    """The executor named by ``--jobs``/``--scheduler`` (``--jobs 1``: serial, no Dask), or the
    one a running ``reproduce`` already started; a scheduler that does not answer is a usage
    error (exit 2)."""
    import contextlib

    from iclr26_verify.run.cluster import executor

    if getattr(args, "_ex", None) is not None:
        return contextlib.nullcontext(args._ex)
    return executor(getattr(args, "jobs", 1), getattr(args, "scheduler", None))


# ---------------------------------------------------------------------------------------------
def _topics_table(claims=None):
    """One row per registered topic: its key, the distribution it comes from, its paper, and
    (given the claims) how many claims it registers; a topic that cannot load says why."""
    from rich.table import Table

    found, broken = _registry.topics(), _registry.broken()
    table = Table(title=f"{len(found)} topics (entry points of {_registry.GROUP!r})"
                  + (f", {len(broken)} broken" if broken else ""))
    for col in ("topic", "distribution", "claims", "paper"):
        table.add_column(col, overflow="fold")
    for key, t in found.items():
        n = "" if claims is None else str(sum(c.topic == key for c in claims))
        table.add_row(key, t.distribution, n, t.title)
    for key, why in broken.items():
        if key not in found:
            table.add_row(key, why.split(":", 1)[0], "", f"[red]cannot be loaded: {why}[/]")
    return table


def _report_broken(console, topics=None) -> int:
    """Name every topic that could not be loaded (of ``topics``); 1 if there is one."""
    broken = {k: v for k, v in _registry.broken().items() if topics is None or k in topics}
    for key, why in broken.items():
        console.print(f"[red]topic {key!r} cannot be loaded[/]: {why}", soft_wrap=True)
    return 1 if broken else 0


def cmd_new(args) -> int:
    from iclr26_verify.outputs import scaffold

    try:
        folder = scaffold.write(args.name, args.dest)
    except ValueError as exc:
        sys.stderr.write(f"iclr26-verify: error: {exc}\n")
        return 2
    console = _console()
    console.print(f"wrote {folder}: install it with `pip install -e {folder}`, then "
                  f"`iclr26-verify check --topic {args.name}` (see the docs page "
                  "'Verify your own paper')", soft_wrap=True)
    return 0


def cmd_topics(args) -> int:
    console = _console()
    console.print(_topics_table())
    return _report_broken(console)


def cmd_list(args) -> int:
    from rich.table import Table

    from iclr26_verify.registry.claims import discover

    claims = discover(_topics(args), _kinds(args))
    console = _console()
    console.print(_topics_table(claims))
    table = Table(title=f"{len(claims)} registered claims")
    for col in ("claim", "kind", "where", "expected", "evidence", "statement"):
        table.add_column(col, overflow="fold")
    for c in claims:
        table.add_row(c.id, c.kind, c.where, c.expected, ", ".join(c.evidence), c.statement)
    console.print(table)
    return _report_broken(console, _topics(args))


def run_claims(topics, kinds, *, quick: bool, console, ex=None) -> list:
    """Run the claims of ``topics`` (in this process, or as tasks of the executor ``ex``)."""
    from iclr26_verify.registry.claims import Result, discover
    from iclr26_verify.run.cluster import Executor
    from iclr26_verify.run.tasks import claim_task

    claims = discover(topics, kinds)
    # the empirical claims (the long ones) are submitted first, so a cluster does not end on a
    # few long tasks; results come back in registry order
    order = sorted(claims, key=lambda c: c.kind != "empirical")
    ex = ex or Executor()
    with _progress(console) as progress:
        task = progress.add_task("checking claims", total=len(claims), item="")
        outcomes = ex.map(claim_task, [c.id for c in order], quick=quick, kinds=tuple(kinds),
                          on_done=lambda cid, _: progress.update(task, advance=1, item=cid))
        progress.update(task, item="")
    by_id = {c.id: out for c, out in zip(order, outcomes)}
    return [Result(c, *by_id[c.id], quick) for c in claims]


def _run_claims_for(args, console) -> list:
    """The claims selected by ``args`` (topics, kinds, quick), on the executor it names."""
    with _executor(args) as ex:
        return run_claims(_topics(args), _kinds(args), quick=args.quick, console=console, ex=ex)


def _print_results(results, console) -> None:
    """A claim per entry: verdict, id, where, what it rests on and its power, then its
    evidence in one line (a family of many comparisons is summarised, not listed)."""
    from rich.markup import escape
    from rich.table import Table

    from iclr26_verify.outputs.report import _power_cell, evidence_brief

    table = Table(title="claims", box=None, pad_edge=False, show_lines=False)
    table.add_column("verdict", no_wrap=True)
    table.add_column("claim: where; rests on; power / evidence", overflow="fold")
    colour = {"verified": "green", "corrected": "cyan", "sharpened": "cyan",
              "extension": "cyan", "sanity": "dim", "refuted": "red bold",
              "reading_fails": "yellow", "not_reproduced": "yellow",
              "failed_prediction": "yellow", "undecided": "magenta", "unavailable": "magenta",
              "error": "red"}
    for r in results:
        v = f"[{colour.get(r.verdict, 'red')}]{r.verdict}[/]"
        if r.undecided:
            v = "[magenta]undecided (quick)[/]"
        elif not r.on_target:
            v += " [red]MISSED[/]"
        src = r.claim.source.kind if r.claim.source else "?"
        st = r.claim.setting.kind if r.claim.setting else "?"
        power = _power_cell(r).replace("**", "")
        head = (f"[bold]{escape(r.claim.id)}[/] [dim]({escape(r.claim.where)}; {src}, {st}"
                f"{'; ' + escape(power) if power else ''})[/]")
        brief = evidence_brief(r.to_dict(), width=150) or r.evidence.note[:150]
        table.add_row(v, f"{head}\n  {escape(brief)}")
    console.print(table)


def _print_papers(results, console) -> None:
    """One line per paper: its claims by what they found, and its coverage (blueprint)."""
    from rich.table import Table

    from iclr26_verify.outputs.report import fmt_coverage, papers

    doc = papers(results)
    table = Table(title="papers (`--list` shows every claim)", box=None, pad_edge=False)
    for col in ("paper", "claims", "verified", "errors in print", "readings fail",
                "not reproduced", "undecided", "unavailable", "coverage"):
        table.add_column(col, overflow="fold")
    for t in _registry.ordered():
        rows = [r for r in results if r.claim.topic == t]
        if not rows:
            continue
        n = {v: sum(r.verdict == v for r in rows) for v in (
            "verified", "refuted", "reading_fails", "not_reproduced", "undecided",
            "unavailable")}
        cov = fmt_coverage(doc[t]["coverage"]["all"]) if t in doc else "no blueprint"
        errors = f"[red bold]{n['refuted']}[/]" if n["refuted"] else "0"
        table.add_row(t, str(len(rows)), str(n["verified"]), errors, str(n["reading_fails"]),
                      str(n["not_reproduced"]), str(n["undecided"]), str(n["unavailable"]),
                      cov)
    console.print(table)


def _finish_claims(results, console) -> int:
    missed = [r for r in results if not r.on_target]
    if _report_broken(console):
        # a plugin that cannot load fails the run, after the other topics were checked
        missed = missed or [None]
        for r in missed:
            if r is not None:
                console.print("[red]MISSED[/] " + r.explain(), markup=False, highlight=False)
        return 1
    if missed:
        for r in missed:
            console.print("[red]MISSED[/] " + r.explain(), markup=False, highlight=False)
        return 1
    from iclr26_verify.outputs.report import headline, summary

    # the rows that decided are counted apart from those registered as undecided or
    # unavailable, which are "on target" without deciding anything
    console.print(f"[green]every claim on target[/]: {headline(summary(results))}")
    return 0


def cmd_check(args) -> int:
    from iclr26_verify.outputs.report import sync_readme, to_json, write_reports

    console = _console(stderr=args.json)
    results = _run_claims_for(args, console)
    if not args.no_report:
        partial = bool(getattr(args, "topic", None)) or _kinds(args) != ("theory", "empirical")
        j, _ = write_reports(results, args.reports, partial=partial)
        if partial:
            console.print(f"partial report (some topics or kinds only): {j}")
        elif not args.quick:
            # the README's generated blocks follow the full report they come from
            sync_readme(Path(args.reports).resolve().parent / "README.md",
                        json.loads(Path(j).read_text()))
    if args.json:
        sys.stdout.write(to_json(results) + "\n")
    elif getattr(args, "list", False) or args.topic:
        _print_results(results, console)  # the claims the user asked for
    else:
        _print_papers(results, console)
    return _finish_claims(results, console)


def power_rows(results) -> list[dict]:
    """Per claim: its power (or a refutation's margin) and which δ its check rejects."""
    from iclr26_verify.registry.claims import DELTAS, HOLDING, _rejects

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

    from iclr26_verify.outputs.report import fmt_delta, power_table
    from iclr26_verify.registry.claims import DELTAS

    console = _console(stderr=args.json)
    results = _run_claims_for(args, console)
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
            if row["label"] in ("refuted", "reading_fails", "not_reproduced",
                                "failed_prediction"):
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
    from iclr26_verify.run.figures import discover_figures
    from iclr26_verify.run.tasks import figure_task

    console = _console()
    specs = discover_figures(_topics(args))
    with _executor(args) as ex, _progress(console) as progress:
        task = progress.add_task("figures", total=len(specs), item="")
        built = ex.map(
            figure_task, [(s.topic, s.name) for s in specs], out=args.out, quick=args.quick,
            on_done=lambda key, _: progress.update(task, advance=1, item="/".join(key)))
    failed = [b.error for b in built if b.error is not None]
    for f in failed:
        console.print(f"[red]FAILED[/] {f}")
    console.print(f"{len(specs) - len(failed)}/{len(specs)} figures written under {args.out}/"
                  + _current_note(built))
    return 1 if failed else 0


def _current_note(built) -> str:
    n = sum(b.current for b in built)
    return (f" ({n} up to date, left as they were; `iclr26-verify cache clear` rebuilds all)"
            if n else "")


def cmd_notebooks(args) -> int:
    from iclr26_verify.run.notebooks import NOTEBOOK_DIR, all_notebooks, notebook_topic
    from iclr26_verify.run.tasks import notebook_task

    console = _console()
    try:
        found = all_notebooks()
    except FileNotFoundError as exc:
        sys.stderr.write(f"iclr26-verify notebooks: {exc}\n")
        return 2
    if not found:
        # an installed package has no notebook sources: say so rather than "0/0 executed"
        sys.stderr.write(f"iclr26-verify notebooks: no notebook sources under "
                         f"{Path(NOTEBOOK_DIR).resolve()} and no topic names one; the built-in "
                         "ones ship with the repository: run from a checkout (or pass "
                         "--skip-notebooks to reproduce)\n")
        return 2
    sources = [str(s) for s in found if not args.topic or notebook_topic(s) in args.topic]
    with _executor(args) as ex, _progress(console) as progress:
        task = progress.add_task("notebooks", total=len(sources), item="")
        built = ex.map(
            notebook_task, sources, quick=args.quick,
            out_dir=str(Path(getattr(args, "reports", QUICK_REPORTS), "notebooks"))
            if args.quick else None,
            on_done=lambda src, _: progress.update(task, advance=1, item=Path(src).name))
    failed = [b.error for b in built if b.error is not None]
    for f in failed:
        console.print(f"[red]FAILED[/] {f}")
    where = (f" under {Path(getattr(args, 'reports', QUICK_REPORTS), 'notebooks')}/ (quick: "
             "notebooks/*.ipynb keep the full run)" if args.quick else "")
    console.print(f"{len(sources) - len(failed)}/{len(sources)} notebooks executed{where}"
                  + _current_note(built))
    return 1 if failed else 0


def cmd_cache(args) -> int:
    from iclr26_verify.run import store

    console = _console()
    if args.action == "clear":
        n = store.clear()
        console.print(f"removed {n} cached results from {store.cache_dir()}")
        return 0
    info = store.info()
    if info["location"] is None:
        console.print("the disk cache is off (ICLR26_CACHE_DIR=off)")
        return 0
    from rich.table import Table

    # the path on a line of its own, never wrapped, so it can be copied
    console.print(f"result store: {info['location']}", soft_wrap=True, highlight=False)
    table = Table()
    for col in ("experiment", "entries", "MiB"):
        table.add_column(col, overflow="fold")
    for name, row in info["experiments"].items():
        table.add_row(name, str(row["entries"]), f"{row['bytes'] / 2**20:.2f}")
    console.print(table)
    console.print(f"{info['entries']} entries, {info['bytes'] / 2**20:.2f} MiB")
    return 0


def cmd_bench(args) -> int:
    import json
    import subprocess

    from iclr26_verify.run.store import ROOT, is_checkout

    if not (is_checkout() and (ROOT / "benchmarks" / "run.py").is_file()):
        # the benchmarks are not installed with the package (no generic top-level package)
        sys.stderr.write("iclr26-verify bench: the benchmarks ship with the repository, not the "
                         "installed package; run it from a checkout (git clone, then make bench)\n")
        return 2
    # The benchmarks sit above the framework (they time it against other tools): they run in a
    # process of their own, started from the checkout, rather than imported by this command.
    # PYTHONPATH names the checkout there and in the Dask workers that run starts.
    settings = {"topics": list(args.topic or ()), "quick": args.quick, "out_dir": args.reports,
                "jobs": args.jobs, "scheduler": args.scheduler, "merge": args.merge,
                "only": list(args.only or ())}
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)}
    return subprocess.run([sys.executable, "-m", "benchmarks.run", json.dumps(settings)],
                          env=env, check=False).returncode


def cmd_reproduce(args) -> int:
    from iclr26_verify.run import store
    from iclr26_verify.run.timing import collect_timings

    console = _console()
    t0 = time.perf_counter()
    status = 0
    args.json, args.no_report = False, False
    location = store.cache_dir()
    entries_before = store.info()["entries"] if location is not None else None
    phases: dict[str, float] = {}
    # one cluster for the three phases; claims first, so figures and notebooks read their
    # experiments from the result store
    with _executor(args) as ex:
        args._ex = ex
        if args.profile:
            collect_timings(ex, reset=True)
        for phase, run in (("claims", cmd_check), ("figures", cmd_figures),
                           ("notebooks", None if args.skip_notebooks else cmd_notebooks)):
            if run is None:
                continue
            args.out = "figures"
            t = time.perf_counter()
            status |= run(args)
            phases[phase] = round(time.perf_counter() - t, 1)
        timings = collect_timings(ex) if args.profile else None
        workers = ex.workers
    seconds = time.perf_counter() - t0
    from datetime import UTC, datetime

    from iclr26_verify.run._atomic import write_text
    from iclr26_verify.run.cluster import machine

    run_info = {"seconds": round(seconds, 1), "mode": "quick" if args.quick else "full",
                "when": datetime.now(UTC).isoformat(timespec="seconds"), "status": status,
                # cold: the run started from an empty result store (every experiment computed)
                "store": ("off" if entries_before is None else
                          "cold" if entries_before == 0 else "warm"),
                "store_entries_before": entries_before, "phases": phases,
                "topics": list(args.topic) if args.topic else "all",
                "theory_only": bool(args.theory_only), "workers": workers,
                "machine": machine()}
    path = Path(args.reports) / "reproduce_time.json"
    run_info["cold_full"] = _last_cold_full(run_info, path)
    write_text(path, json.dumps(run_info, indent=1))
    if timings is not None:
        md = write_profile(timings, run_info, args.reports)
        console.print(md)
        console.print(f"profile written to {args.reports}/PROFILE.md and profile.json")
    console.print(f"reproduce finished in {seconds:.0f} s; report: {args.reports}/REPORT.md")
    return status


def _last_cold_full(run_info: dict, path: Path) -> dict | None:
    """This run if it is a cold full reproduce of everything, else the last such run recorded
    in ``path`` (the benchmarks' row of the cold full reproduce time reads it)."""
    if (run_info["mode"] == "full" and run_info["store"] == "cold"
            and run_info["topics"] == "all" and not run_info["theory_only"]):
        return {k: v for k, v in run_info.items() if k != "cold_full"}
    try:
        return json.loads(path.read_text()).get("cold_full")
    except (OSError, ValueError, AttributeError):
        return None


def profile_summary(tasks: list[dict], experiments: list[dict]) -> dict:
    """Per topic: seconds of its claim, figure and notebook tasks, and the self time (children
    excluded, so nothing is counted twice) of its experiment calls, computed or loaded; per
    experiment: calls and seconds, computed and loaded."""
    topics: dict[str, dict] = {}

    def row(topic):
        return topics.setdefault(topic, {"claims": 0.0, "figures": 0.0, "notebooks": 0.0,
                                         "computed": 0, "computed_s": 0.0,
                                         "loaded": 0, "loaded_s": 0.0})

    for t in tasks:
        row(t["topic"])[t["phase"]] += t["seconds"]
    per: dict[str, dict] = {}
    for e in experiments:
        how = e["how"]
        r = row(e["topic"])
        r[how] += 1
        r[how + "_s"] += e["self_seconds"]
        x = per.setdefault(e["experiment"], {"topic": e["topic"], "computed": 0,
                                              "computed_s": 0.0, "computed_self_s": 0.0,
                                              "computed_max_s": 0.0, "loaded": 0,
                                              "loaded_s": 0.0})
        x[how] += 1
        x[how + "_s"] += e["seconds"]
        if how == "computed":
            x["computed_self_s"] += e["self_seconds"]
            x["computed_max_s"] = max(x["computed_max_s"], e["seconds"])
    for r in topics.values():
        r["total"] = r["claims"] + r["figures"] + r["notebooks"]
    order = sorted(topics, key=lambda k: -topics[k]["total"])
    return {"topics": {k: topics[k] for k in order},
            "experiments": dict(sorted(per.items(), key=lambda kv: -(
                kv[1]["computed_self_s"] + kv[1]["loaded_s"]))),
            "slowest_tasks": sorted(tasks, key=lambda t: -t["seconds"])[:25]}


def profile_markdown(summary: dict, run_info: dict, top: int = 40) -> str:
    def s(x):
        return f"{x:.1f}" if x >= 0.1 else f"{x:.2f}"

    m, topics = run_info["machine"], run_info["topics"]
    lines = ["# iclr26-verify: where the time of `reproduce` goes", "",
             (f"`iclr26-verify reproduce --profile`, {run_info['mode']} mode, topics: "
              f"{topics if topics == 'all' else ', '.join(topics)}, {run_info['workers']} "
              f"worker(s), result store {run_info['store']} at the start, {run_info['when']}. "
              f"Machine: {m['cpu']}, {m['cores']} cores."), "",
             f"Wall time {run_info['seconds']:.1f} s: " + ", ".join(
                 f"{k} {v:.1f} s" for k, v in run_info["phases"].items()) + ".", "",
             ("Seconds are summed over tasks (with several workers they add up to more than "
              "the wall time). An experiment call is *computed* (cold: not in the result "
              "store) or *loaded* (warm: read from it; calls served from memory within a "
              "process are not listed). *self s* leaves out the experiments a call makes "
              "(`claim_outcome` is a claim's own judging); a notebook runs its experiments in "
              "its own kernel, so only its wall time counts."), "",
             "## Per topic", "",
             ("| topic | claims s | figures s | notebooks s | total s | computed: calls, self s "
              "| loaded: calls, s |"), "|---|---|---|---|---|---|---|"]
    for t, r in summary["topics"].items():
        lines.append(f"| {t} | {s(r['claims'])} | {s(r['figures'])} | {s(r['notebooks'])} | "
                     f"{s(r['total'])} | {r['computed']}, {s(r['computed_s'])} | "
                     f"{r['loaded']}, {s(r['loaded_s'])} |")
    exps = list(summary["experiments"].items())
    lines += ["", (f"## Per experiment ({min(top, len(exps))} of {len(exps)}, by self time; "
                   "all in profile.json)"), "",
              "| experiment | topic | computed | self s | s | slowest s | loaded | s |",
              "|---|---|---|---|---|---|---|---|"]
    for name, x in exps[:top]:
        lines.append(f"| `{name.removeprefix('numerics.')}` | {x['topic']} | {x['computed']} | "
                     f"{s(x['computed_self_s'])} | {s(x['computed_s'])} | "
                     f"{s(x['computed_max_s'])} | {x['loaded']} | {s(x['loaded_s'])} |")
    lines += ["", "## Slowest tasks", "", "| phase | topic | task | s |", "|---|---|---|---|"]
    for t in summary["slowest_tasks"]:
        lines.append(f"| {t['phase']} | {t['topic']} | {t['item']} | {s(t['seconds'])} |")
    return "\n".join(lines) + "\n"


def write_profile(timings, run_info: dict, reports) -> str:
    """``PROFILE.md`` and ``profile.json`` (every task and experiment call) in ``reports``."""
    from iclr26_verify.run._atomic import write_text

    tasks, experiments = timings
    summary = profile_summary(tasks, experiments)
    md = profile_markdown(summary, run_info)
    write_text(Path(reports) / "PROFILE.md", md)
    write_text(Path(reports) / "profile.json", json.dumps(
        {"run": run_info, **summary, "tasks": tasks, "experiment_calls": experiments},
        indent=1, default=str))
    return md


def cmd_stability(args) -> int:
    from iclr26_verify.run import stability as stab

    console = _console()
    runs = stab.plan(args.variant or None, args.blocks)
    console.print("stability: " + ", ".join(r.label for r in runs)
                  + f" ({'quick' if args.quick else 'full'} mode)")

    def progress(i, run):
        console.print(f"[{i + 1}/{len(runs)}] {run.label}")

    out = args.out or str(Path(args.reports) / ("STABILITY_quick.md" if args.quick
                                                 else "STABILITY.md"))
    old = None
    if args.merge and Path(out).with_suffix(".json").exists():
        old = stab.load(out)
        # refuse different runs or mode now, not after hours of training
        stab.merge(old, stab.Stability(runs=runs, quick=args.quick))
    elif args.merge and Path(out).exists():
        # without its twin the old rows cannot be read back: writing would drop them silently
        console.print(f"[red]--merge: {out} has no {Path(out).with_suffix('.json').name} beside "
                      "it to read the other topics' rows from; nothing run[/]")
        return 2
    result = stab.stability(_topics(args), quick=args.quick, runs=runs, progress=progress,
                            jobs=args.jobs or 1)
    if old is not None:
        envs = stab.merged_environments(old, result)
        if len(envs) > 1:
            # said here and in the report's head: rows from other builds are kept, not hidden
            console.print(f"[yellow]--merge: the report now holds rows from {len(envs)} "
                          f"environments: {'; '.join(sorted(envs))}[/]")
        result = stab.merge(old, result)
    stab.write(result, out)
    flips, wavers = result.flips(), result.wavers()
    for cid in flips:
        console.print(f"[red]FLIP[/] {cid}: {result.verdicts[cid]}")
    console.print(f"{len(result.verdicts)} empirical claims, {len(flips)} flips, "
                  f"{len(wavers)} wavering; written to {out}")
    return 1 if flips else 0


def _version() -> str:
    from importlib import metadata

    try:
        return metadata.version("iclr26-verify")
    except metadata.PackageNotFoundError:  # pragma: no cover - run from a bare checkout
        return "unknown (not installed)"


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="iclr26-verify", description=__doc__.splitlines()[0])
    p.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    p.add_argument("--cache-dir", metavar="DIR", default=None,
                   help="the result store's folder ('off': no disk cache); default: "
                   "$ICLR26_CACHE_DIR, else .cache/ in a repository checkout, else the user's "
                   "cache folder")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def jobs_opt(sp):
        sp.add_argument("--jobs", type=_jobs, default=None, metavar="N",
                        help="worker processes of a local Dask cluster, at most "
                        f"{MAX_JOBS} (4 per core; default: the number of cores; 1: a plain "
                        "in-process run)")
        sp.add_argument("--scheduler", type=_scheduler_address, default=None,
                        metavar="ADDRESS", help="run on an existing Dask scheduler "
                        "([tcp://]HOST:PORT, e.g. tcp://host:8786)")

    def topic_opt(sp):
        sp.add_argument("--topic", action="append", choices=_registry.keys(), metavar="T",
                        help="restrict to a topic (`iclr26-verify topics` lists them); "
                        "repeatable")

    sp = sub.add_parser("new", help="write the skeleton of an outside paper: an installable "
                        "package whose topic passes its check as written")
    sp.add_argument("name", help="the topic key and package name ([a-z][a-z0-9_]*)")
    sp.add_argument("--dest", default=".", help="the folder to write NAME/ into (default: .)")
    sp.set_defaults(fn=cmd_new)

    sp = sub.add_parser("topics", help="list the registered topics (plugins) and where each "
                        "comes from")
    sp.set_defaults(fn=cmd_topics)

    sp = sub.add_parser("list", help="list the registered topics and their claims")
    topic_opt(sp)
    sp.add_argument("--theory-only", action="store_true", help="skip empirical (torch) claims")
    sp.set_defaults(fn=cmd_list)

    sp = sub.add_parser("stability", help="re-run the empirical claims under each torch CPU "
                        "kernel variant and a second block of seeds; list verdicts that flip")
    topic_opt(sp)
    sp.add_argument("--quick", action="store_true", help="small sizes for empirical claims")
    sp.add_argument("--variant", action="append", choices=("default", "avx2", "avx512"),
                    help="kernel variant to run (repeatable; default: all this CPU supports)")
    sp.add_argument("--blocks", type=_nonnegative_int, default=1,
                    help="further seed blocks (default 1)")
    sp.add_argument("--jobs", type=_jobs, default=1, metavar="N",
                    help=f"runs side by side (each one process on one thread; default 1; at "
                    f"most {MAX_JOBS})")
    sp.add_argument("--reports", default="reports", help="output folder (default: reports)")
    sp.add_argument("--out", default=None, help="output file (default: "
                    "reports/STABILITY.md, or STABILITY_quick.md with --quick)")
    sp.add_argument("--merge", action="store_true", help="keep the rows of the topics not run "
                    "now from the existing report (its .json twin), replacing those run now")
    sp.set_defaults(fn=cmd_stability)

    sp = sub.add_parser("check", help="check the claims and write reports/")
    topic_opt(sp)
    sp.add_argument("--json", action="store_true", help="print the results as JSON on stdout")
    sp.add_argument("--quick", action="store_true", help="small sizes for empirical claims")
    only = sp.add_mutually_exclusive_group()
    only.add_argument("--theory-only", action="store_true", help="skip empirical (torch) claims")
    only.add_argument("--empirical-only", action="store_true", help="only empirical claims")
    sp.add_argument("--reports", default=None, help=REPORTS_HELP)
    sp.add_argument("--no-report", action="store_true", help="do not write reports/")
    sp.add_argument("--list", action="store_true", help="list every claim checked (default: "
                    "one line per paper, or the claims of the topics given with --topic)")
    jobs_opt(sp)
    sp.set_defaults(fn=cmd_check)

    sp = sub.add_parser("power", help="re-judge each claim against nearby false statements")
    topic_opt(sp)
    sp.add_argument("--json", action="store_true", help="print the results as JSON on stdout")
    sp.add_argument("--quick", action="store_true", help="small sizes for empirical claims")
    sp.add_argument("--theory-only", action="store_true", help="skip empirical (torch) claims")
    jobs_opt(sp)
    sp.set_defaults(fn=cmd_power)

    sp = sub.add_parser("figures", help="regenerate the figures (PNG + CSV)")
    topic_opt(sp)
    sp.add_argument("--quick", action="store_true", help="small sizes")
    sp.add_argument("--out", default="figures", help="output folder (default: figures)")
    jobs_opt(sp)
    sp.set_defaults(fn=cmd_figures)

    sp = sub.add_parser("notebooks", help="execute the notebooks")
    topic_opt(sp)
    sp.add_argument("--quick", action="store_true", help="QUICK=1: small sizes; the executed "
                    f"notebooks go to {QUICK_REPORTS}/notebooks/, never over notebooks/*.ipynb")
    jobs_opt(sp)
    sp.set_defaults(fn=cmd_notebooks)

    sp = sub.add_parser("bench", help="run the benchmarks, write reports/BENCHMARKS.md")
    sp.add_argument("--topic", action="append", metavar="T",
                    choices=(*_registry.keys(), "suite"), help="restrict to a topic; repeatable")
    sp.add_argument("--quick", action="store_true", help="small sizes")
    sp.add_argument("--reports", default="reports", help="output folder (default: reports)")
    sp.add_argument("--merge", action="store_true", help="with --topic or --only: replace "
                    "those rows of BENCHMARKS.md instead of writing BENCHMARKS.partial.md")
    sp.add_argument("--only", action="append", metavar="NAME", help="run only this benchmark "
                    "of the topics (e.g. execution_quick); repeatable; with --merge only its "
                    "rows are replaced")
    sp.add_argument("--jobs", type=_jobs, default=None, metavar="N",
                    help="workers of the parallel runs in the execution rows (default: the "
                    f"number of cores; at most {MAX_JOBS}); the timed comparisons run one at a "
                    "time")
    sp.add_argument("--scheduler", type=_scheduler_address, metavar="ADDRESS", default=None,
                    help="run the parallel runs of the execution rows on this Dask scheduler")
    sp.set_defaults(fn=cmd_bench)

    sp = sub.add_parser("cache", help="show or empty the result store (cached experiments)")
    sp.add_argument("action", choices=("info", "clear"), help="info: what is cached; clear: "
                    "empty it")
    sp.set_defaults(fn=cmd_cache)

    sp = sub.add_parser("reproduce", help="check + figures + notebooks + report")
    topic_opt(sp)
    sp.add_argument("--quick", action="store_true", help="small sizes everywhere")
    sp.add_argument("--theory-only", action="store_true", help="skip empirical (torch) claims")
    sp.add_argument("--skip-notebooks", action="store_true", help="do not execute notebooks")
    sp.add_argument("--reports", default=None, help=REPORTS_HELP)
    sp.add_argument("--profile", action="store_true", help="time every topic, task and "
                    "experiment (computed or loaded from the result store); write "
                    "PROFILE.md and profile.json to the reports folder")
    jobs_opt(sp)
    sp.set_defaults(fn=cmd_reproduce)
    return p


#: Where a quick run writes its report and executed notebooks: never over the committed full
#: report (reports/claims.json, REPORT.md) or the executed notebooks (notebooks/*.ipynb).
QUICK_REPORTS = "reports/quick"
REPORTS_HELP = f"output folder (default: reports, or {QUICK_REPORTS} with --quick)"


def reports_folder(args) -> str:
    """The output folder a command writes to: ``--reports`` when given, else ``reports`` for
    a full run and :data:`QUICK_REPORTS` for a quick one."""
    given = getattr(args, "reports", None)
    if given is not None:
        return given
    return QUICK_REPORTS if getattr(args, "quick", False) else "reports"


def main(argv=None) -> int:
    from iclr26_verify.run.cluster import SchedulerUnreachable

    args = build_parser().parse_args(argv)
    if args.cache_dir is not None:
        # an environment variable, so the Dask workers and notebook kernels use the same store
        os.environ["ICLR26_CACHE_DIR"] = args.cache_dir
    if hasattr(args, "reports"):
        args.reports = reports_folder(args)
    # paths that cannot be folders: one line and exit 2 now, not a traceback at the end
    for option, attr in (("--reports", "reports"), ("--out", "out")):
        value = getattr(args, attr, None)
        if value is None:
            continue
        if option == "--out" and args.command == "stability":
            # a file: its folder must be one
            value, option = str(Path(value).parent), "the folder of --out"
        problem = _check_folder(value, option)
        if problem:
            sys.stderr.write(f"iclr26-verify: error: {problem}\n")
            return 2
    from iclr26_verify.run import seeds, store

    seeds.install()  # ICLR26_SEED_BLOCK: a second block of seeds (iclr26_verify.run.stability)
    try:
        location = store.cache_dir()
    except store.StoreError as exc:
        sys.stderr.write(f"iclr26-verify: {exc}\n")
        return 2
    problem = None if location is None else _check_folder(location, "the result store")
    if problem:
        sys.stderr.write(f"iclr26-verify: error: {problem} (set by --cache-dir or "
                         "ICLR26_CACHE_DIR)\n")
        return 2
    try:
        return args.fn(args)
    except SchedulerUnreachable as exc:
        sys.stderr.write(f"iclr26-verify: error: {exc}\n")
        return 2
    except KeyboardInterrupt:
        sys.stderr.write("iclr26-verify: interrupted\n")
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
