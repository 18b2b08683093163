"""Execution: the result store serves a second run, and a Dask cluster gives the serial answers."""

import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from iclr26_verify.outputs import cli
from iclr26_verify.run.cluster import SchedulerUnreachable, executor

ROOT = Path(__file__).resolve().parent.parent
# a cheap topic whose theory claims run in a few seconds
TOPIC = "fairness"


def _run_py(code: str, cache: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "ICLR26_CACHE_DIR": str(cache), "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                          text=True, cwd=ROOT, env=env, check=False, timeout=300)


EXPERIMENT = """
    import json, sys
    from iclr26_verify.run import store
    from numerics.tsne.experiments import poison
    out = poison(quick=True)
    print(json.dumps({"computed": store.COMPUTED, "keys": sorted(out)}))
"""


def test_second_run_is_served_from_the_result_store(tmp_path):
    first = _run_py(EXPERIMENT, tmp_path)
    assert first.returncode == 0, first.stderr
    second = _run_py(EXPERIMENT, tmp_path)
    assert second.returncode == 0, second.stderr
    a, b = json.loads(first.stdout), json.loads(second.stdout)
    assert a["computed"], "the first run computed nothing: it cannot have been cold"
    assert b["computed"] == [], "the second run recomputed an experiment"
    assert a["keys"] == b["keys"]


def test_changing_a_parameter_misses_the_store(tmp_path):
    code = """
        import json
        from iclr26_verify.run import store

        @store.experiment
        def square(x):
            return x * x

        print(json.dumps([square(3), square(3), square(4), store.COMPUTED]))
    """
    first = json.loads(_run_py(code, tmp_path).stdout)
    second = json.loads(_run_py(code, tmp_path).stdout)
    assert first[:3] == [9, 9, 16] and len(first[3]) == 2   # 3 and 4: two computations
    assert second[3] == []                                   # both served from disk


def test_cache_info_and_clear(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("ICLR26_CACHE_DIR", str(tmp_path))
    from iclr26_verify.run import store

    @store.experiment
    def double(x):
        return 2 * x

    assert double(5) == 10
    assert cli.main(["cache", "info"]) == 0
    assert "1 entries" in capsys.readouterr().out
    assert cli.main(["cache", "clear"]) == 0
    assert store.info()["entries"] == 0


def _serialised(results):
    return [(r.claim.id, r.verdict, json.dumps(r.to_dict()["measured"], sort_keys=True),
             json.dumps(r.to_dict()["expected"], sort_keys=True), r.power)
            for r in results]


# torch training whose last bits depend on the number of threads: the serial run must run it
# on one thread, as a worker does, to report the same numbers
TORCH_CLAIMS = ("compression.exp.bernoulli_classification_above_cb",
                "compression.exp.bernoulli_learned_above_oneshot_bound")


def test_local_dask_cluster_gives_the_serial_verdicts_and_values(monkeypatch):
    from rich.console import Console

    from iclr26_verify.run.tasks import claim_outcome, claim_task

    # both runs compute every claim (no result store, inherited by the workers)
    monkeypatch.setenv("ICLR26_CACHE_DIR", "off")
    claim_outcome.cache_clear()
    console = Console(file=open(os.devnull, "w"))  # noqa: SIM115 - closed with the process
    serial = cli.run_claims((TOPIC,), ("theory",), quick=True, console=console)
    serial_torch = [claim_task(c, quick=True) for c in TORCH_CLAIMS]
    with executor(jobs=2) as ex:
        assert ex.parallel and ex.workers == 2
        parallel = cli.run_claims((TOPIC,), ("theory",), quick=True, console=console, ex=ex)
        parallel_torch = ex.map(claim_task, TORCH_CLAIMS, quick=True)
    assert _serialised(parallel) == _serialised(serial)
    from theory.claims import discover

    expected = {c.id: c.expected for c in discover(("compression",))}
    for cid, (ev_s, verdict_s, _, err_s), (ev_p, verdict_p, _, err_p) in zip(
            TORCH_CLAIMS, serial_torch, parallel_torch):
        assert err_s is None and err_p is None
        assert verdict_s == verdict_p == expected[cid]
        assert json.dumps(ev_s.measured, sort_keys=True) == json.dumps(ev_p.measured,
                                                                       sort_keys=True)


def _die_once(marker: str) -> int:
    """Kill the worker process on the first attempt; succeed on the retry."""
    m = Path(marker)
    if not m.exists():
        m.write_text("killed")
        os._exit(1)
    return os.getpid()


def test_a_worker_that_dies_mid_task_has_its_task_retried(tmp_path):
    with executor(jobs=2) as ex:
        out = ex.map(_die_once, [str(tmp_path / "marker")])
    assert isinstance(out[0], int)
    assert (tmp_path / "marker").read_text() == "killed"


def test_unreachable_scheduler_is_a_one_line_error_and_exit_2():
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "iclr26_verify.outputs.cli", "check", "--topic", TOPIC,
                           "--theory-only", "--no-report", "--scheduler", "tcp://127.0.0.1:9"],
                          capture_output=True, text=True, cwd=ROOT, check=False, timeout=120)
    assert proc.returncode == 2
    lines = [ln for ln in proc.stderr.strip().splitlines() if ln.strip()]
    assert len(lines) == 1 and "no Dask scheduler answered" in lines[0], proc.stderr
    assert time.perf_counter() - t0 < 60


def test_executor_rejects_bad_jobs():
    with (pytest.raises(ValueError, match="'jobs' parameter of executor must be an int >= 1"),
          executor(jobs=0)):
        pass
    with pytest.raises(SchedulerUnreachable), executor(scheduler="tcp://127.0.0.1:9", timeout=1):
        pass


def test_jobs_option_rejects_zero(capsys):
    with pytest.raises(SystemExit) as exc:
        cli.main(["check", "--jobs", "0"])
    assert exc.value.code == 2
    assert "--jobs" in capsys.readouterr().err


def _cell(x: int) -> tuple[int, int]:
    return x * x, os.getpid()


def _sweep(n: int) -> list:
    from iclr26_verify.run.cluster import map_cells

    return map_cells(_cell, range(n))


def test_sweep_cells_run_as_tasks_inside_a_cluster_and_serially_outside():
    serial = _sweep(4)
    assert [v for v, _ in serial] == [0, 1, 4, 9]
    assert {pid for _, pid in serial} == {os.getpid()}
    with executor(jobs=2) as ex:
        (inside,) = ex.map(_sweep, [6])
    assert [v for v, _ in inside] == [0, 1, 4, 9, 16, 25]
    assert os.getpid() not in {pid for _, pid in inside}


def _worker_settings(_=None) -> tuple:
    import dask

    return (os.environ.get("MALLOC_TRIM_THRESHOLD_"), os.environ.get("OMP_NUM_THREADS"),
            dask.config.get("distributed.worker.profile.enabled"))


def test_local_workers_keep_glibc_trimming_and_the_stack_sampler_off():
    # both made a worker 1.6x slower than a plain process on the same training run
    with executor(jobs=2) as ex:
        settings = set(ex.map(_worker_settings, range(4)))
    assert settings == {(None, "1", False)}


def test_jobs_1_is_a_plain_loop_that_never_imports_dask(tmp_path):
    proc = _run_py("""
        import json, sys
        from iclr26_verify.run.cluster import executor, map_cells
        with executor(jobs=1) as ex:
            out = ex.map(abs, [-1, -2]) + map_cells(abs, [-3])
        print(json.dumps({"out": out, "parallel": ex.parallel,
                          "dask": sorted(m for m in sys.modules
                                         if m.split(".")[0] in ("dask", "distributed"))}))
    """, tmp_path)
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    assert got == {"out": [1, 2, 3], "parallel": False, "dask": []}


def _needs_poison(_: int) -> int:
    from numerics.tsne.experiments import poison

    return len(poison(quick=True))


def _computed() -> list:
    from iclr26_verify.run import store

    return list(store.COMPUTED)


def test_two_tasks_needing_one_experiment_at_once_compute_it_once(tmp_path, monkeypatch):
    # a cold store the workers inherit; both tasks start together on the two workers
    monkeypatch.setenv("ICLR26_CACHE_DIR", str(tmp_path))
    with executor(jobs=2) as ex:
        sizes = ex.map(_needs_poison, [0, 1])
        computed = [name for names in ex.client.run(_computed).values() for name in names]
    assert sizes[0] == sizes[1] > 0
    assert computed.count("numerics.tsne.experiments.poison") == 1, computed


CHECK_TWICE = """
    import json
    from rich.console import Console
    from iclr26_verify.outputs import cli
    from iclr26_verify.run import store
    out = cli.run_claims(("fairness",), ("theory",), quick=True, console=Console(quiet=True))
    print(json.dumps({"computed": store.COMPUTED, "verdicts": [r.verdict for r in out]}))
"""


def test_a_second_check_reads_every_claim_from_the_store(tmp_path):
    first = _run_py(CHECK_TWICE, tmp_path)
    assert first.returncode == 0, first.stderr
    second = _run_py(CHECK_TWICE, tmp_path)
    assert second.returncode == 0, second.stderr
    a, b = json.loads(first.stdout), json.loads(second.stdout)
    assert a["computed"].count("iclr26_verify.run.tasks.claim_outcome") == len(a["verdicts"]) > 0
    assert b["computed"] == [] and b["verdicts"] == a["verdicts"]


def test_a_result_raised_as_uncached_is_returned_and_not_stored(tmp_path, monkeypatch):
    from iclr26_verify.run import store

    monkeypatch.setenv("ICLR26_CACHE_DIR", str(tmp_path))
    calls = []

    @store.experiment
    def flaky(x):
        calls.append(x)
        raise store.Uncached({"error": "transient", "x": x})

    assert flaky(1) == {"error": "transient", "x": 1}
    assert flaky(1) == {"error": "transient", "x": 1}
    assert calls == [1, 1]
    assert store.info()["entries"] == 0


def test_an_output_is_rebuilt_only_when_its_key_or_its_file_changed(tmp_path, monkeypatch):
    from iclr26_verify.run.renders import build_unless_current

    monkeypatch.setenv("ICLR26_CACHE_DIR", str(tmp_path / "store"))
    out, builds = tmp_path / "out.txt", []

    def build():
        builds.append(1)
        out.write_text(f"build {len(builds)}")
        return [out]

    assert build_unless_current("t", ("k", 1), build) is False      # cold: built
    assert build_unless_current("t", ("k", 1), build) is True       # nothing changed
    assert len(builds) == 1 and out.read_text() == "build 1"
    out.write_text("edited by hand")
    assert build_unless_current("t", ("k", 1), build) is False      # file changed: rebuilt
    assert build_unless_current("t", ("k", 1), build) is True       # and recorded anew
    out.unlink()
    assert build_unless_current("t", ("k", 1), build) is False      # file gone: rebuilt
    assert build_unless_current("t", ("k", 2), build) is False      # another key: built
    assert len(builds) == 4
    monkeypatch.setenv("ICLR26_CACHE_DIR", "off")
    assert build_unless_current("t", ("k", 2), build) is False      # no store: always built


def test_a_figure_task_leaves_an_up_to_date_figure(tmp_path, monkeypatch):
    import matplotlib.pyplot as plt

    from iclr26_verify.run import figures
    from iclr26_verify.run.tasks import figure_task

    calls = []

    def draw(quick=False):
        calls.append(quick)
        fig, ax = plt.subplots()
        ax.plot([0, 1], [0, 1])
        return fig, {"x": [0, 1], "y": [0, 1]}

    spec = figures.FigureSpec("fairness", "_test_line", draw, "a test figure")
    monkeypatch.setitem(figures._FIGURES, ("fairness", "_test_line"), spec)
    monkeypatch.setenv("ICLR26_CACHE_DIR", str(tmp_path / "store"))
    out = tmp_path / "figs"
    first = figure_task(("fairness", "_test_line"), out=str(out), quick=True, dpi=30)
    second = figure_task(("fairness", "_test_line"), out=str(out), quick=True, dpi=30)
    assert (first.error, first.current) == (None, False)
    assert (second.error, second.current) == (None, True) and len(calls) == 1
    (out / "fairness" / "_test_line.png").unlink()
    third = figure_task(("fairness", "_test_line"), out=str(out), quick=True, dpi=30)
    assert (third.error, third.current) == (None, False) and len(calls) == 2
    assert (out / "fairness" / "_test_line.png").is_file()


def test_a_notebook_is_re_executed_when_its_topics_verdicts_change(tmp_path, monkeypatch):
    """The closing cell states the committed report's verdicts: the notebook's key follows the
    topic's rows, not the report's date."""
    import json

    from iclr26_verify.run import notebooks, renders

    report = tmp_path / "claims.json"
    rows = [{"id": "jarf.x", "topic": "jarf", "verdict": "verified"}]
    monkeypatch.setattr(notebooks, "_report_rows",
                        lambda topic, rep: (json.loads(report.read_text())["claims"], "r"))
    source = ROOT / "notebooks" / "09_jarf.py"
    report.write_text(json.dumps({"generated": "a", "claims": rows}))
    k1 = renders.notebook_key(source, False, tmp_path / "nb.ipynb")
    report.write_text(json.dumps({"generated": "b", "claims": rows}))
    assert renders.notebook_key(source, False, tmp_path / "nb.ipynb") == k1
    report.write_text(json.dumps({"generated": "b",
                                  "claims": [{**rows[0], "verdict": "refuted"}]}))
    assert renders.notebook_key(source, False, tmp_path / "nb.ipynb") != k1
