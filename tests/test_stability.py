"""``iclr26-verify stability``: empirical verdicts re-run under torch's CPU kernel variants and a
second block of seeds; a decided verdict must not flip."""

import os
import subprocess
import sys

import pytest

from iclr26_verify.run import seeds, stability


def test_seed_block_shifts_every_seeded_generator_in_a_fresh_process():
    code = ("import numpy as np, random, torch\n"
            "from iclr26_verify.run import seeds\n"
            "seeds.install()\n"
            "print(np.random.default_rng(3).integers(10**9), np.random.RandomState(3).randint(10**9),"
            " random.Random(3).random(), torch.Generator().manual_seed(3).initial_seed(),"
            " torch.manual_seed(3).initial_seed())\n")
    out = {}
    for k in ("0", "1"):
        env = {**os.environ, "ICLR26_SEED_BLOCK": k}
        out[k] = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                                text=True, check=True).stdout.split()
    assert all(a != b for a, b in zip(out["0"], out["1"]))
    assert out["1"][3] == str(3 + seeds.OFFSET) == out["1"][4]


def test_seed_block_refuses_bad_values(monkeypatch):
    monkeypatch.setenv("ICLR26_SEED_BLOCK", "-1")
    with pytest.raises(ValueError, match="ICLR26_SEED_BLOCK"):
        seeds.block()
    monkeypatch.setenv("ICLR26_SEED_BLOCK", "two")
    with pytest.raises(ValueError, match="ICLR26_SEED_BLOCK"):
        seeds.block()


def test_plan_covers_the_supported_kernels_and_a_second_seed_block():
    runs = stability.plan()
    assert [r.variant for r in runs[:-1]] == list(stability.supported_variants())
    assert runs[-1].block == 1
    with pytest.raises(ValueError, match="'variants'"):
        stability.plan(["sse9"])


def test_a_flip_is_two_decided_verdicts_and_undecided_is_not_a_flip():
    s = stability.Stability(runs=stability.plan(["default", "avx2"], 0))
    s.verdicts = {"a": ["verified", "not_reproduced"], "b": ["verified", "undecided"],
                  "c": ["undecided", "undecided"]}
    s.expected = {"a": "verified", "b": "verified", "c": "undecided"}
    assert s.flips() == ["a"] and s.wavers() == ["b"]
    assert "**flip**" in s.to_markdown()


def test_a_witness_at_a_fixed_seed_is_compared_across_kernels_not_seed_blocks():
    s = stability.Stability(runs=[stability.Run("default"), stability.Run("avx2"),
                                  stability.Run(None, 1)])
    s.verdicts = {"w": ["failed_prediction", "failed_prediction", "extension"],
                  "k": ["failed_prediction", "extension", "extension"]}
    s.expected = {"w": "failed_prediction", "k": "failed_prediction"}
    s.constructions = {"w", "k"}
    assert s.flips() == ["k"]  # a kernel variant changed it: a flip
    assert s.redrawn() == ["w"]  # only the re-drawn seed changed it: reported apart


#: Topics whose quick empirical claims include verdicts registered as decidable in quick mode
#: (deterministic torch checks and robust quick tests), so a flip would show.
QUICK_TOPICS = ("eva", "hauwm", "pnl_augment")


def test_quick_verdicts_do_not_flip_across_kernels_and_seed_blocks(tmp_path, monkeypatch):
    monkeypatch.setenv("ICLR26_CACHE_DIR", str(tmp_path))
    result = stability.stability(QUICK_TOPICS, quick=True, jobs=2)
    assert result.verdicts, "no empirical claims ran"
    decided = [cid for cid, vs in result.verdicts.items()
               if any(v not in stability.UNDECIDING for v in vs)]
    assert decided, "no claim decided in quick mode: the test would see no flip"
    assert result.flips() == [], {c: result.verdicts[c] for c in result.flips()}
    # a claim registered decidable in quick mode stays decided under every run
    from theory.claims import discover

    strict = {c.id for c in discover(QUICK_TOPICS, ("empirical",))
              if c.test is not None and c.test.quick_decides}
    for cid in strict:
        assert all(v == result.expected[cid] for v in result.verdicts[cid]), (
            cid, result.verdicts[cid])


def test_merge_replaces_the_topics_run_now_and_keeps_the_rest(tmp_path):
    runs = stability.plan(["default", "avx2"], 1)
    old = stability.Stability(runs=runs, topics=("a", "b"), dates={"a": "d0", "b": "d0"})
    old.verdicts = {"a.x": ["verified"] * 3, "b.y": ["verified", "refuted", "verified"]}
    old.expected = {"a.x": "verified", "b.y": "verified"}
    new = stability.Stability(runs=runs, topics=("b",), dates={"b": "d1"})
    new.verdicts, new.expected = {"b.z": ["extension"] * 3}, {"b.z": "extension"}
    new.constructions = {"b.z"}
    merged = stability.merge(old, new)
    assert merged.verdicts == {"a.x": ["verified"] * 3, "b.z": ["extension"] * 3}
    assert merged.topics == ("a", "b") and merged.dates == {"a": "d0", "b": "d1"}
    assert merged.flips() == [] and "d0: `a`; d1: `b`" in merged.to_markdown()
    path = stability.write(merged, tmp_path / "S.md")
    back = stability.load(path)
    assert (back.verdicts, back.constructions, back.to_markdown()) == (
        merged.verdicts, merged.constructions, merged.to_markdown())
    with pytest.raises(ValueError, match="same runs"):
        stability.merge(stability.Stability(runs=runs[:1]), new)
    # a processor lacking a variant: the new topic's missing column says "not run", no flip
    fewer = stability.Stability(runs=runs[:1] + runs[2:], topics=("b",), dates={"b": "d2"})
    fewer.verdicts = {"b.w": ["verified", "refuted"]}
    fewer.expected = {"b.w": "verified"}
    m = stability.merge(old, fewer)
    assert [r.label for r in m.runs] == [r.label for r in runs]
    assert m.verdicts["b.w"] == ["verified", stability.NOT_RUN, "refuted"]
    assert m.flips() == ["b.w"] and "*not run*" in m.to_markdown()
    fewer.verdicts = {"b.w": ["verified", "verified"]}
    assert stability.merge(old, fewer).flips() == []


def test_a_merge_across_environments_says_so(tmp_path):
    runs = stability.plan(["default"], 0)
    old = stability.Stability(runs=runs, topics=("a",), environments={"a": "torch 2.12"})
    old.verdicts, old.expected = {"a.x": ["verified"]}, {"a.x": "verified"}
    new = stability.Stability(runs=runs, topics=("b",), environments={"b": "torch 2.13"})
    new.verdicts, new.expected = {"b.y": ["verified"]}, {"b.y": "verified"}
    assert stability.merged_environments(old, new) == {"torch 2.12", "torch 2.13"}
    md = stability.merge(old, new).to_markdown()
    assert "Merged from 2 environments" in md and "torch 2.12: `a`; torch 2.13: `b`" in md
    back = stability.load(stability.write(stability.merge(old, new), tmp_path / "S.md"))
    assert back.environments == {"a": "torch 2.12", "b": "torch 2.13"}
    # one environment: said once, no warning
    same = stability.Stability(runs=runs, topics=("b",), environments={"b": "torch 2.12"})
    same.verdicts, same.expected = new.verdicts, new.expected
    assert stability.merged_environments(old, same) == {"torch 2.12"}
    assert "Environment: torch 2.12." in stability.merge(old, same).to_markdown()
    assert "torch" in stability.environment_signature()


def test_merge_refuses_before_running_when_the_old_rows_cannot_be_read(tmp_path, monkeypatch):
    from iclr26_verify.outputs import cli

    def no_run(*args, **kwargs):
        raise AssertionError("stability ran although the merge could not be done")

    monkeypatch.setattr(stability, "stability", no_run)
    md = tmp_path / "S.md"
    md.write_text("old rows\n")  # a report without its JSON twin
    assert cli.main(["stability", "--variant", "default", "--merge", "--out", str(md)]) == 2
    assert md.read_text() == "old rows\n"
    stability.write(stability.Stability(runs=stability.plan(["avx2"], 0)), md)
    with pytest.raises(ValueError, match="same runs"):
        cli.main(["stability", "--variant", "default", "--blocks", "0", "--merge",
                  "--out", str(md)])
