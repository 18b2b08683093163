"""Do the empirical verdicts depend on the machine? ``iclr26-verify stability``.

An empirical verdict rests on training runs whose last bits depend on torch's CPU kernels
(``ATEN_CPU_CAPABILITY``: ``default``, ``avx2``, ``avx512``) and on which seeds were drawn. This
module re-runs the empirical claims in fresh processes under every kernel variant the processor
supports and under a second block of seeds (:mod:`iclr26_verify.run.seeds`), and lists every claim
whose
*decided* verdict changes between runs (a flip). A decided verdict turning ``undecided`` (or
back) is reported, not counted as a flip: the pre-registered tests are built so that evidence
that cannot decide says so.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from iclr26_verify.run._atomic import write_text

#: Kernel variants, weakest first; a processor supports a prefix of this tuple.
VARIANTS = ("default", "avx2", "avx512")
UNDECIDING = ("undecided", "unavailable", "error")
#: A column of a merged report that a topic's runs could not fill (its processor lacked that
#: kernel variant): neither a verdict nor a flip.
NOT_RUN = "not run"


def supported_variants() -> tuple[str, ...]:
    """The ``ATEN_CPU_CAPABILITY`` values this processor can run (torch's own detection)."""
    import torch

    top = torch.backends.cpu.get_cpu_capability().lower()
    if "avx512" in top:
        return VARIANTS
    if "avx2" in top:
        return VARIANTS[:2]
    return VARIANTS[:1]


@dataclass(frozen=True)
class Run:
    """One re-run: a kernel variant (``None``: the machine's own choice) and a seed block."""

    variant: str | None
    block: int = 0

    @property
    def label(self) -> str:
        kernel = self.variant or "native"
        return kernel if self.block == 0 else f"{kernel}, seed block {self.block}"


def plan(variants: Iterable[str] | None = None, blocks: int = 1) -> list[Run]:
    """Every supported kernel variant on the seeds as written, then ``blocks`` further seed
    blocks on the machine's own kernels."""
    vs = tuple(supported_variants() if variants is None else variants)
    bad = [v for v in vs if v not in VARIANTS]
    if bad:
        raise ValueError(f"The 'variants' parameter of plan must hold values in {VARIANTS}. "
                         f"Got {bad[0]!r} instead.")
    if not (isinstance(blocks, int) and blocks >= 0):
        raise ValueError(f"The 'blocks' parameter of plan must be an int >= 0. "
                         f"Got {blocks!r} instead.")
    return [Run(v) for v in vs] + [Run(None, b) for b in range(1, blocks + 1)]


def run_once(run: Run, topics: Iterable[str], *, quick: bool, timeout: float | None = None
             ) -> dict[str, dict]:
    """Run the empirical claims of ``topics`` in a fresh process under ``run``; per claim id its
    verdict, expected verdict and deciding test.

    Each run reads and writes a result store of its own (a sub-folder per kernel variant and
    seed block of the store in force), since the store's keys do not hold the kernel variant:
    a run must recompute, not read another variant's training.
    """
    from iclr26_verify.run.store import cache_dir

    env = dict(os.environ)
    base = cache_dir()
    if base is not None:
        env["ICLR26_CACHE_DIR"] = str(base / "stability" / f"{run.variant or 'native'}"
                                      f"-block{run.block}")
    env.pop("ATEN_CPU_CAPABILITY", None)
    if run.variant is not None:
        env["ATEN_CPU_CAPABILITY"] = run.variant
    env["ICLR26_SEED_BLOCK"] = str(run.block)
    env.setdefault("ICLR26_JOBS", "1")
    cmd = [sys.executable, "-m", "iclr26_verify.outputs.cli", "check", "--json", "--no-report",
           "--empirical-only", "--jobs", "1"]
    cmd += ["--quick"] if quick else []
    for t in topics:
        cmd += ["--topic", t]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout,
                          check=False)
    try:
        doc = json.loads(proc.stdout)
    except json.JSONDecodeError:
        raise RuntimeError(f"stability run {run.label!r} produced no report (exit "
                           f"{proc.returncode}): {proc.stderr[-2000:]}") from None
    return {row["id"]: {"verdict": row["verdict"], "expected": row["expected_verdict"],
                        "test": row.get("test"),
                        "evidence": row.get("evidence_kinds") or []} for row in doc["claims"]}


@dataclass
class Stability:
    runs: list[Run]
    verdicts: dict[str, list[str]] = field(default_factory=dict)
    expected: dict[str, str] = field(default_factory=dict)
    quick: bool = False
    #: Claims decided by a witness at a fixed seed, with no test over seeds: the seed is part of
    #: the construction, so only the kernel variants (same seeds) are compared for them.
    constructions: set[str] = field(default_factory=set)
    topics: tuple[str, ...] = ()
    #: Per topic, the day its runs were made (a merged report holds topics run on several days).
    dates: dict[str, str] = field(default_factory=dict)
    #: Per topic, the environment its runs were made in (:func:`environment_signature`); a
    #: merged report says when its topics ran in different ones.
    environments: dict[str, str] = field(default_factory=dict)

    def _compared(self, cid: str) -> list[str]:
        vs = self.verdicts[cid]
        if cid in self.constructions:
            return [v for v, r in zip(vs, self.runs) if r.block == 0]
        return vs

    def flips(self) -> list[str]:
        """Claims with two different decided verdicts across the runs (for a witness at a
        fixed seed: across the kernel variants)."""
        return [cid for cid in self.verdicts
                if len({v for v in self._compared(cid)
                        if v not in UNDECIDING and v != NOT_RUN}) > 1]

    def redrawn(self) -> list[str]:
        """Witness claims whose verdict changes when their construction's seed is re-drawn
        (reported, not a flip: a witness exists at the registered seed)."""
        return [cid for cid in sorted(self.constructions)
                if cid not in self.flips()
                and len(set(self.verdicts[cid]) - {NOT_RUN}) > 1]

    def wavers(self) -> list[str]:
        """Claims decided in some runs and undecided in others (reported, not flips)."""
        return [cid for cid, vs in self.verdicts.items() if cid not in self.flips()
                and cid not in self.constructions and len(set(vs) - {NOT_RUN}) > 1]

    def to_markdown(self) -> str:
        mode = "quick" if self.quick else "full"
        cols = [r.label for r in self.runs]
        flips, wavers = self.flips(), self.wavers()
        days = sorted(set(self.dates.values())) or [_today()]
        by_day = {d: [t for t in self.topics if self.dates.get(t, days[0]) == d] for d in days}
        lines = ["# Stability of the empirical verdicts", "",
                 (f"Generated by `iclr26-verify stability{' --quick' if self.quick else ''}` "
                  f"({mode} mode, {', '.join(days)}); do not edit by hand."),
                 "",
                 "Topics: " + (", ".join(f"`{t}`" for t in self.topics) or "all") + "."
                 + ("" if len(days) == 1 else " Run on " + "; ".join(
                     f"{d}: " + ", ".join(f"`{t}`" for t in ts) for d, ts in by_day.items())
                    + " (`--merge`)."), "",
                 ("Each empirical claim re-run in a fresh process under every torch CPU kernel "
                  "variant this processor supports (`ATEN_CPU_CAPABILITY`) and under a second "
                  "block of seeds (every seed shifted, `ICLR26_SEED_BLOCK`). A *flip* is a claim "
                  "with two different decided verdicts; a decided verdict turning `undecided` "
                  "is listed as wavering, not as a flip."), "",
                 (f"**{len(self.verdicts)} empirical claims, {len(flips)} flips, "
                 f"{len(wavers)} wavering.**"), ""]
        envs = {}
        for t in self.topics:
            envs.setdefault(self.environments.get(t, "not recorded"), []).append(t)
        if len(envs) > 1:
            lines += [f"**Merged from {len(envs)} environments** (a verdict is compared within "
                      "its topic's runs only): " + "; ".join(
                          f"{sig}: " + ", ".join(f"`{t}`" for t in ts)
                          for sig, ts in envs.items()) + ".", ""]
        elif envs:
            lines += [f"Environment: {next(iter(envs))}.", ""]
        if any(NOT_RUN in vs for vs in self.verdicts.values()):
            lines += [(f"*{NOT_RUN}*: a topic whose rows were made (`--merge`) on a processor "
                       "without that kernel variant; its other columns are compared as usual."),
                      ""]
        if flips:
            lines += ["## Flips", ""] + [f"- `{c}`" for c in flips] + [""]
        redrawn = self.redrawn()
        if redrawn:
            lines += ["## Witnesses at a fixed seed", "",
                      ("Claims decided by a witness construction whose seed is part of the "
                       "construction (no test over seeds): compared across kernel variants only. "
                       "These change when the seed is re-drawn, so the witness is particular to "
                       "its registered seed; the claim's note names it."), ""]
            lines += [f"- `{c}`: {', '.join(self.verdicts[c])}" for c in redrawn] + [""]
        lines += ["| claim | expected | " + " | ".join(cols) + " | |",
                  "|---|---|" + "---|" * len(cols) + "---|"]
        for cid, vs in sorted(self.verdicts.items()):
            mark = ("**flip**" if cid in flips else "wavers" if cid in wavers
                    else "witness re-drawn" if cid in redrawn else "")
            lines.append(f"| `{cid}` | {self.expected[cid]} | " + " | ".join(vs)
                         + f" | {mark} |")
        return "\n".join(lines) + "\n"


def stability(topics: Iterable[str], *, quick: bool, runs: list[Run] | None = None,
              progress=None, jobs: int = 1) -> Stability:
    """Run ``runs`` (default :func:`plan`), ``jobs`` of them at a time (each a process on one
    thread), and collect every empirical claim's verdict per run."""
    from concurrent.futures import ThreadPoolExecutor

    topics = tuple(topics)
    runs = plan() if runs is None else runs
    if not (isinstance(jobs, int) and jobs >= 1):
        raise ValueError(f"The 'jobs' parameter of stability must be an int >= 1. "
                         f"Got {jobs!r} instead.")
    env = environment_signature()
    out = Stability(runs=runs, quick=quick, topics=topics,
                    dates={t: _today() for t in topics}, environments={t: env for t in topics})

    def one(i):
        if progress is not None:
            progress(i, runs[i])
        return run_once(runs[i], topics, quick=quick)

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(one, range(len(runs))))
    for i, rows in enumerate(results):
        for cid, row in rows.items():
            out.verdicts.setdefault(cid, [""] * len(runs))[i] = row["verdict"]
            out.expected[cid] = row["expected"]
            if "witness" in row["evidence"] and not row["test"]:
                out.constructions.add(cid)
    return out


def environment_signature() -> str:
    """The package versions and processor a stability run depends on, in one line."""
    from iclr26_verify.run import environment as run_environment
    from iclr26_verify.run import store

    versions = dict(item.split("==", 1) for item in store.environment() if "==" in item)
    keep = ("torch", "numpy", "scipy", "scikit-learn", "openTSNE")
    return (", ".join(f"{k} {versions[k]}" for k in keep if k in versions)
            + f"; {run_environment.cpu_model()}")


def _today() -> str:
    return datetime.now(UTC).date().isoformat()


def _topic(cid: str) -> str:
    return cid.split(".", 1)[0]


def merge(old: Stability, new: Stability) -> Stability:
    """``old`` with every topic that ``new`` ran replaced by ``new``'s rows, so that a report can
    be assembled from runs of a few topics at a time (a full run of all topics under four
    kernel variants and seed blocks does not fit one sitting on two cores)."""
    old_labels, new_labels = [r.label for r in old.runs], [r.label for r in new.runs]
    # new runs may lack columns of the old report (a processor without AVX-512 cannot run
    # that variant): those cells say "not run"; a run the old report lacks cannot be merged
    if not set(new_labels) <= set(old_labels) or old.quick != new.quick:
        raise ValueError("stability.merge needs the same runs (or a subset of the old ones, on a "
                         "processor lacking a kernel variant) and mode on both sides: "
                         f"{old_labels} ({'quick' if old.quick else 'full'}) vs "
                         f"{new_labels} ({'quick' if new.quick else 'full'})")
    ran = set(new.topics)
    out = Stability(runs=old.runs, quick=new.quick,
                    topics=old.topics + tuple(t for t in new.topics if t not in old.topics))
    for src, keep in ((old, lambda t: t not in ran), (new, lambda t: t in ran)):
        where = {label: i for i, label in enumerate(r.label for r in src.runs)}
        for cid, vs in src.verdicts.items():
            if keep(_topic(cid)):
                out.verdicts[cid] = [vs[where[label]] if label in where else NOT_RUN
                                     for label in old_labels]
                out.expected[cid] = src.expected[cid]
                if cid in src.constructions:
                    out.constructions.add(cid)
        out.dates.update({t: d for t, d in src.dates.items() if keep(t)})
        out.environments.update({t: e for t, e in src.environments.items() if keep(t)})
    return out


def merged_environments(old: Stability, new: Stability) -> set[str]:
    """The distinct environments a merge of ``old`` and ``new`` would hold (``not recorded`` for
    topics of a report written before environments were recorded)."""
    ran = set(new.topics)
    return ({old.environments.get(t, "not recorded") for t in old.topics if t not in ran}
            | {new.environments.get(t, "not recorded") for t in new.topics})


def to_json(result: Stability) -> str:
    return json.dumps({"mode": "quick" if result.quick else "full",
                       "runs": [{"variant": r.variant, "block": r.block} for r in result.runs],
                       "topics": list(result.topics), "dates": result.dates,
                       "environments": result.environments,
                       "claims": {cid: {"expected": result.expected[cid], "verdicts": vs,
                                        "construction": cid in result.constructions}
                                  for cid, vs in sorted(result.verdicts.items())}}, indent=1)


def load(path: str | Path) -> Stability:
    """A report written by :func:`write`, read back from its JSON twin (``.json`` beside the
    markdown)."""
    doc = json.loads(Path(path).with_suffix(".json").read_text())
    out = Stability(runs=[Run(r["variant"], r["block"]) for r in doc["runs"]],
                    quick=doc["mode"] == "quick", topics=tuple(doc["topics"]),
                    dates=dict(doc["dates"]), environments=dict(doc.get("environments", {})))
    for cid, row in doc["claims"].items():
        out.verdicts[cid], out.expected[cid] = list(row["verdicts"]), row["expected"]
        if row["construction"]:
            out.constructions.add(cid)
    return out


def write(result: Stability, path: str | Path) -> Path:
    """The markdown report at ``path`` and its JSON twin beside it (read by :func:`load`)."""
    write_text(Path(path).with_suffix(".json"), to_json(result) + "\n")
    return write_text(Path(path), result.to_markdown())
