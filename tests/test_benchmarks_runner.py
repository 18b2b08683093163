"""The benchmark runner writes the table, the JSON and the scaling plot (no timing asserts)."""

import json

import pytest

from benchmarks import Row
from benchmarks import run as bench_run
from benchmarks.run import fitted_exponent


def test_runner_writes_markdown_json_and_scaling_plot(monkeypatch, tmp_path):
    def fake(quick):
        return [Row("tsne", "toy", "n=4", "ours", 0.5, "theirs", 2.0, target=">= 2x", met=True,
                    extra={"scaling": {"n": [10, 20, 40], "seconds": [1.0, 4.0, 16.0]}})]

    monkeypatch.setattr(bench_run, "discover_benchmarks", lambda topics: [(("tsne", "toy"), fake)])
    rows = bench_run.run(out_dir=tmp_path, quick=True)
    assert rows[0].ratio == 4.0
    doc = json.loads((tmp_path / "benchmarks.json").read_text())
    assert doc["rows"][0]["ratio"] == 4.0 and "cores" in doc["machine"]
    md = (tmp_path / "BENCHMARKS.md").read_text()
    assert "4.0×" in md and "## tsne" in md and "| toy | n=4 | **4.0×** |" in md
    assert "ours: 500.00 ms" in md and "theirs: 2.00 s" in md and ">= 2x (met)" in md
    assert (tmp_path / "benchmarks_scaling.png").read_bytes()[:4] == b"\x89PNG"


def test_fitted_exponent_recovers_a_power_law():
    assert abs(fitted_exponent([100, 200, 400, 800], [3 * n**2.0 for n in (100, 200, 400, 800)])
               - 2.0) < 1e-12


def test_a_partial_run_leaves_the_full_table_alone(monkeypatch, tmp_path):
    def fake(quick):
        return [Row("tsne", "toy", "n=4", "ours", 0.5, "theirs", 2.0)]

    monkeypatch.setattr(bench_run, "discover_benchmarks", lambda topics: [(("tsne", "toy"), fake)])
    (tmp_path / "BENCHMARKS.md").write_text("full table")
    bench_run.run(["tsne"], out_dir=tmp_path, quick=True)
    assert (tmp_path / "BENCHMARKS.md").read_text() == "full table"
    assert "| toy | n=4 |" in (tmp_path / "BENCHMARKS.partial.md").read_text()


def test_a_merged_run_replaces_only_its_topics_rows(monkeypatch, tmp_path):
    def first(quick):
        return [Row("tsne", "toy", "n=4", "ours", 0.5, "theirs", 2.0),
                Row("fairness", "toy", "n=4", "ours", 1.0, "theirs", 1.0)]

    def second(quick, jobs=None):
        return [Row("tsne", "toy", "n=4", "ours", 0.25, "theirs", 2.0, note=f"jobs={jobs}")]

    monkeypatch.setattr(bench_run, "discover_benchmarks", lambda topics: [(("t", "x"), first)])
    bench_run.run(out_dir=tmp_path, quick=True)
    monkeypatch.setattr(bench_run, "discover_benchmarks", lambda topics: [(("t", "x"), second)])
    bench_run.run(["tsne"], out_dir=tmp_path, quick=True, merge=True, jobs=3)
    doc = json.loads((tmp_path / "benchmarks.json").read_text())
    by_topic = {r["topic"]: r for r in doc["rows"]}
    assert set(by_topic) == {"tsne", "fairness"} and len(doc["rows"]) == 2
    assert by_topic["tsne"]["ratio"] == 8.0 and by_topic["tsne"]["note"] == "jobs=3"
    assert by_topic["fairness"]["ratio"] == 1.0
    assert doc["merged"][0]["topics"] == ["tsne"]
    md = (tmp_path / "BENCHMARKS.md").read_text()
    assert "Rows of tsne merged on" in md and "8.0×" in md
    assert not (tmp_path / "BENCHMARKS.partial.md").exists()


def test_only_one_benchmark_merged_replaces_only_its_rows(monkeypatch, tmp_path):
    def a(quick):
        return [Row("suite", "task a", "n", "ours", 1.0, "theirs", 2.0)]

    def b(quick):
        return [Row("suite", "task b", "n", "ours", 1.0, "theirs", 3.0)]

    def b_again(quick):
        return [Row("suite", "task b", "n", "ours", 1.0, "theirs", 5.0)]

    monkeypatch.setattr(bench_run, "discover_benchmarks",
                        lambda topics: [(("suite", "a"), a), (("suite", "b"), b)])
    bench_run.run(out_dir=tmp_path, quick=True)
    monkeypatch.setattr(bench_run, "discover_benchmarks",
                        lambda topics: [(("suite", "a"), a), (("suite", "b"), b_again)])
    bench_run.run(["suite"], out_dir=tmp_path, quick=True, merge=True, only=("b",))
    rows = json.loads((tmp_path / "benchmarks.json").read_text())["rows"]
    assert sorted((r["task"], r["ratio"]) for r in rows) == [("task a", 2.0), ("task b", 5.0)]
    with pytest.raises(ValueError, match="'only' parameter of run must name benchmarks"):
        bench_run.run(["suite"], out_dir=tmp_path, quick=True, only=("nope",))


# --------------------------------------------------------------------------- issue 43
def test_every_benchmark_module_registers_under_its_topic_and_all_topics_are_covered():
    """Each ``benchmarks/<topic>*.py`` is found by the prefix discovery and registers at least
    one benchmark under that topic; together they cover every paper topic."""
    import importlib
    from pathlib import Path

    from benchmarks import _timing
    from theory import TOPICS

    found = dict(_timing.discover_benchmarks())
    names = sorted(p.stem for p in Path(_timing.__file__).parent.glob("*.py")
                   if not p.stem.startswith("_") and p.stem != "run")
    for stem in names:
        module = importlib.import_module(f"benchmarks.{stem}")
        mine = [k for k, fn in found.items() if fn.__module__ == module.__name__]
        assert mine, f"benchmarks/{stem}.py registers no benchmark that discovery finds"
        for topic, _ in mine:
            assert stem.startswith(topic), (stem, topic)
    assert set(TOPICS) <= {t for t, _ in found}
    assert not [k for k, fn in found.items() if k[0] != "suite" and fn.explicit]


def test_a_full_run_writes_one_table_with_a_section_per_topic(monkeypatch, tmp_path):
    from theory import TOPICS

    def make(topic):
        return lambda quick: [Row(topic, f"{topic} task", "n", "ours", 1.0, "theirs", 3.0)]

    monkeypatch.setattr(bench_run, "discover_benchmarks",
                        lambda topics: [((t, "b"), make(t)) for t in TOPICS])
    rows = bench_run.run(out_dir=tmp_path, quick=True)
    assert {r.topic for r in rows} == set(TOPICS)
    md = (tmp_path / "BENCHMARKS.md").read_text()
    assert "Quick mode" in md and f"{len(TOPICS)} topics" in md
    heads = [line[3:] for line in md.splitlines() if line.startswith("## ")]
    assert heads == list(TOPICS)  # in the registry's order
    # narrow enough: the ratio is the third column of 7
    header = next(line for line in md.splitlines() if line.startswith("| task |"))
    assert header.split("|")[3].strip() == "ratio" and header.count("|") == 8


def test_explicit_benchmarks_run_only_when_named_and_a_full_run_keeps_their_rows(
        monkeypatch, tmp_path):
    calls = []

    def cheap(quick):
        return [Row("tsne", "cheap", "n", "ours", 1.0, "theirs", 2.0)]

    def long_one(quick):
        calls.append("long")
        return [Row("suite", "long", "n", "ours", 10.0, "theirs", 20.0)]

    long_one.explicit = True
    monkeypatch.setattr(bench_run, "discover_benchmarks",
                        lambda topics: [(("tsne", "cheap"), cheap), (("suite", "long"), long_one)])
    bench_run.run(out_dir=tmp_path, quick=True, only=("long",), merge=True)
    assert calls == ["long"]
    bench_run.run(out_dir=tmp_path, quick=True)
    assert calls == ["long"]  # not re-run ...
    rows = {r["task"]: r for r in json.loads((tmp_path / "benchmarks.json").read_text())["rows"]}
    assert set(rows) == {"cheap", "long"}  # ... but its row is kept, and says so
    assert "carried_from" in rows["long"]["extra"] and "carried over" in rows["long"]["note"]


def test_a_failing_benchmark_gives_a_row_saying_so_and_the_others_still_run(monkeypatch,
                                                                           tmp_path):
    def broken(quick):
        raise RuntimeError("no data")

    def fine(quick):
        return [Row("tsne", "fine", "n", "ours", 1.0, "theirs", 2.0)]

    monkeypatch.setattr(bench_run, "discover_benchmarks",
                        lambda topics: [(("eva", "broken"), broken), (("tsne", "fine"), fine)])
    rows = bench_run.run(out_dir=tmp_path, quick=True)
    assert [r.task for r in rows] == ["broken", "fine"]
    assert "RuntimeError: no data" in rows[0].extra["error"]
    assert "FAILED: RuntimeError" in (tmp_path / "BENCHMARKS.md").read_text()


def test_the_cold_reproduce_row_reads_the_last_cold_full_run_and_its_machine(monkeypatch,
                                                                            tmp_path):
    from benchmarks import suite_execution

    monkeypatch.setattr(suite_execution, "ROOT", tmp_path)
    (tmp_path / "reports").mkdir()
    path = tmp_path / "reports" / "reproduce_time.json"
    (row,) = suite_execution.reproduce_time()
    assert row.note.startswith("no cold full run recorded") and row.met is None
    cold = {"seconds": 1100.0, "mode": "full", "store": "cold", "topics": "all",
            "theory_only": False, "workers": 2, "when": "2026-12-02T04:00:00+00:00",
            "status": 0, "phases": {"claims": 900.0}, "machine": {"cpu": "AMD EPYC",
                                                                   "cores": 2}}
    # the last run was a warm quick one; the cold full run is kept beside it
    path.write_text(json.dumps({"seconds": 30.0, "mode": "quick", "store": "warm",
                                "cold_full": cold}))
    (row,) = suite_execution.reproduce_time()
    assert row.ours_s == 1100.0 and row.met is True
    assert "AMD EPYC, 2 cores" in row.size and "claims 900 s" in row.note
