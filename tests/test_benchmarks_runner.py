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
    assert "4.0×" in md and "| tsne | toy |" in md and "2.00" in md
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
    assert "| tsne | toy |" in (tmp_path / "BENCHMARKS.partial.md").read_text()


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
