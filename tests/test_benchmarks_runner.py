"""The benchmark runner writes the table, the JSON and the scaling plot (no timing asserts)."""

import json

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
    assert "Rows of tsne re-run on" in md and "8.0×" in md
    assert not (tmp_path / "BENCHMARKS.partial.md").exists()
