"""`reproduce --profile`: where the time goes, per topic and per experiment, cold and warm
(issue 43). The store records each call that reached it; the CLI sums them per topic."""

import json
import time

from iclr26_verify.outputs.cli import main


def test_the_store_times_each_call_computed_or_loaded_and_its_self_time(tmp_path, monkeypatch):
    from iclr26_verify.run import store, timing

    monkeypatch.setenv("ICLR26_CACHE_DIR", str(tmp_path))

    @store.experiment
    def inner(x):
        time.sleep(0.05)
        return x + 1

    @store.experiment
    def outer(x):
        time.sleep(0.02)
        return inner(x) * 2

    timing.EXPERIMENT_TIMINGS.clear()
    assert outer(1) == 4
    by = {e["experiment"].rsplit(".", 1)[-1]: e for e in timing.EXPERIMENT_TIMINGS}
    assert by["inner"]["how"] == by["outer"]["how"] == "computed"
    # the outer call's self time leaves out the inner one (nothing counted twice)
    assert by["outer"]["seconds"] >= by["inner"]["seconds"] + 0.02
    assert abs(by["outer"]["self_seconds"]
               - (by["outer"]["seconds"] - by["inner"]["seconds"])) < 1e-9
    timing.EXPERIMENT_TIMINGS.clear()
    outer.cache_clear()
    inner.cache_clear()
    assert outer(1) == 4
    (e,) = timing.EXPERIMENT_TIMINGS  # warm: the outer entry is loaded, the inner one is never asked for
    assert e["how"] == "loaded" and e["seconds"] < 0.05


def test_reproduce_profile_reports_topics_and_experiments_cold_then_warm(tmp_path, monkeypatch):
    import iclr26_verify.run.figures
    from iclr26_verify.run.tasks import claim_outcome

    monkeypatch.setenv("ICLR26_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)
    # the figure phase runs with no figures: the cheap part of a real reproduce
    monkeypatch.setattr(iclr26_verify.run.figures, "discover_figures", lambda topics: [])
    reports = tmp_path / "r"
    argv = ["reproduce", "--quick", "--theory-only", "--skip-notebooks", "--topic", "pcg",
            "--jobs", "1", "--reports", str(reports), "--profile"]
    assert main(argv) == 0
    cold = json.loads((reports / "profile.json").read_text())
    assert cold["run"]["store"] == "cold" and cold["run"]["mode"] == "quick"
    assert cold["run"]["machine"]["cores"] >= 1 and cold["run"]["machine"]["cpu"]
    pcg = cold["topics"]["pcg"]
    n_claims = sum(t["phase"] == "claims" for t in cold["tasks"])
    assert n_claims > 0 and pcg["claims"] > 0
    assert pcg["computed"] >= n_claims and pcg["loaded"] == 0
    md = (reports / "PROFILE.md").read_text()
    assert "| pcg |" in md and "result store cold" in md and "claim_outcome" in md
    timing = json.loads((reports / "reproduce_time.json").read_text())
    assert timing["store"] == "cold" and timing["machine"]["cores"] >= 1
    assert set(timing["phases"]) == {"claims", "figures"}

    claim_outcome.cache_clear()  # a new process would start with an empty memory layer
    assert main(argv) == 0
    warm = json.loads((reports / "profile.json").read_text())
    assert warm["run"]["store"] == "warm"
    assert warm["topics"]["pcg"]["loaded"] > 0
    assert warm["topics"]["pcg"]["computed"] < pcg["computed"]


def test_reproduce_time_keeps_the_last_cold_full_run_beside_a_later_one(tmp_path):
    from iclr26_verify.outputs.cli import _last_cold_full

    path = tmp_path / "reproduce_time.json"
    full = {"mode": "full", "store": "cold", "topics": "all", "theory_only": False,
            "seconds": 1000.0}
    assert _last_cold_full(full, path) == full  # this run is one
    path.write_text(json.dumps({**full, "cold_full": full}))
    later = {"mode": "quick", "store": "warm", "topics": ["pcg"], "theory_only": False,
             "seconds": 5.0}
    assert _last_cold_full(later, path) == full
    assert _last_cold_full({**full, "store": "warm"}, tmp_path / "absent.json") is None
