"""The CLI: exit codes, one-line usage errors, JSON output, atomic reports."""

import json
import subprocess
import sys

import pytest

from iclr26_verify.outputs import cli
from theory.claims import Claim, Evidence


def run_cli(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "iclr26_verify.outputs.cli", *args], capture_output=True, check=False,
                          text=True, cwd=cwd)


def test_unknown_topic_is_a_one_line_usage_error_with_exit_2():
    proc = run_cli("check", "--topic", "nope")
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1
    assert "valid topics: multisets, tsne, compression, fairness" in lines[0]


def test_missing_command_exits_2():
    assert run_cli().returncode == 2


def test_check_json_lists_each_claim_with_its_fields(tmp_path):
    proc = run_cli("check", "--topic", "compression", "--theory-only", "--json", "--reports",
                   str(tmp_path))
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["claims"], "no claims in the JSON"
    for row in doc["claims"]:
        for key in ("id", "topic", "location", "verdict", "measured", "expected"):
            assert key in row
    # one topic's run writes a partial report, never over the full one
    assert (tmp_path / "REPORT.partial.md").exists()
    assert (tmp_path / "claims.partial.json").exists()
    assert not (tmp_path / "claims.json").exists()


def test_a_claim_missing_its_verdict_gives_exit_1_and_is_named(monkeypatch, tmp_path, capsys):
    bad = Claim(id="fairness.fake.always_fails", topic="fairness", where="nowhere",
                statement="fails", expected="verified",
                check=lambda: Evidence(False, 1.0, 2.0, None, "forced"))
    monkeypatch.setattr("theory.claims.discover", lambda topics, kinds: [bad])
    status = cli.main(["check", "--reports", str(tmp_path)])
    assert status == 1
    assert "fairness.fake.always_fails" in capsys.readouterr().out


def test_refuted_claim_without_corrected_partner_is_rejected():
    from theory.claims import claim

    with pytest.raises(ValueError, match="must name its corrected claim"):
        claim("tsne.fake.refuted", where="x", statement="x", expected="refuted")(lambda: None)


def test_quick_runs_write_apart_from_the_full_report_and_notebooks(monkeypatch, tmp_path):
    """`reproduce --quick` writes reports/quick/ (report and executed notebooks) and leaves the
    committed reports/claims.json, REPORT.md and notebooks/*.ipynb as they were."""
    ok = Claim(id="fairness.fake.holds", topic="fairness", where="nowhere", statement="holds",
               expected="verified", check=lambda: Evidence(True, 1.0, 1.0, None, "fine"))
    monkeypatch.setattr("theory.claims.discover", lambda topics, kinds: [ok])
    monkeypatch.setattr(cli, "cmd_figures", lambda args: 0)
    (tmp_path / "reports").mkdir()
    (tmp_path / "notebooks").mkdir()
    full = {"reports/claims.json": '{"mode": "full"}', "reports/REPORT.md": "# full\n",
            "notebooks/00_fairness.ipynb": "{}"}
    for rel, text in full.items():
        (tmp_path / rel).write_text(text)
    source = tmp_path / "notebooks" / "00_fairness.py"
    source.write_text("# %% [markdown]\n# A tiny notebook.\n\n# %%\nx = 1 + 1\n")
    monkeypatch.setattr("iclr26_verify.run.notebooks.notebook_sources", lambda *a: [source])
    monkeypatch.setenv("ICLR26_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)
    assert cli.reports_folder(cli.build_parser().parse_args(["check", "--quick"])) == \
        cli.QUICK_REPORTS
    assert cli.main(["reproduce", "--quick", "--jobs", "1"]) == 0
    for rel, text in full.items():
        assert (tmp_path / rel).read_text() == text, f"{rel} was overwritten by a quick run"
    quick = tmp_path / cli.QUICK_REPORTS
    assert json.loads((quick / "claims.json").read_text())["mode"] == "quick"
    assert (quick / "REPORT.md").exists()
    assert (quick / "notebooks" / "00_fairness.ipynb").exists()


def _one_line_exit_2(proc, *words):
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr  # one line, never a traceback
    for w in words:
        assert w in lines[0], lines[0]
    return lines[0]


@pytest.mark.parametrize("command", ["check", "figures", "stability", "bench"])
def test_jobs_above_the_documented_maximum_is_refused(command):
    line = _one_line_exit_2(run_cli(command, "--jobs", "100000"), "--jobs", "100000")
    assert f"[1, {cli.MAX_JOBS}]" in line
    _one_line_exit_2(run_cli(command, "--jobs", "0"), "--jobs")


def test_jobs_maximum_is_a_small_multiple_of_the_cores():
    import os

    assert cli.MAX_JOBS == 4 * (os.cpu_count() or 1)
    assert cli._jobs(str(cli.MAX_JOBS)) == cli.MAX_JOBS


def test_theory_only_and_empirical_only_together_are_refused():
    _one_line_exit_2(run_cli("check", "--theory-only", "--empirical-only"), "--theory-only",
                     "--empirical-only", "not allowed")


def test_store_path_below_a_file_is_one_line_and_exit_2(tmp_path):
    f = tmp_path / "afile"
    f.write_text("x")
    _one_line_exit_2(run_cli("--cache-dir", str(f / "store"), "check", "--topic", "eva",
                             "--theory-only", "--no-report", "--jobs", "1"),
                     "result store", str(f))


@pytest.mark.parametrize("below", [False, True])
def test_reports_naming_a_file_is_one_line_and_exit_2(tmp_path, below):
    f = tmp_path / "afile"
    f.write_text("x")
    target = f / "sub" if below else f
    _one_line_exit_2(run_cli("check", "--topic", "eva", "--theory-only", "--jobs", "1",
                             "--reports", str(target)), "--reports", str(f))
    assert f.read_text() == "x"


def test_stability_out_below_a_file_is_refused(tmp_path):
    f = tmp_path / "afile"
    f.write_text("x")
    _one_line_exit_2(run_cli("stability", "--out", str(f / "S.md")), "--out")


@pytest.mark.parametrize("address", ["tcp://localhost:notaport", "::::", "localhost",
                                     "tcp://:8786", "foo://host:8786", "tcp://host:70000",
                                     "tcp://host:0", "tcp://ho st:8786"])
def test_malformed_scheduler_address_fails_fast_in_one_line(address):
    import time

    t = time.perf_counter()
    proc = run_cli("check", "--topic", "eva", "--theory-only", "--no-report",
                   "--scheduler", address)
    assert time.perf_counter() - t < 5, "a malformed address must not wait for a connection"
    _one_line_exit_2(proc, "--scheduler", "HOST:PORT", "65535")


@pytest.mark.parametrize("address", ["tcp://127.0.0.1:8786", "127.0.0.1:8786",
                                     "tls://scheduler.example.org:8786", "tcp://[::1]:8786",
                                     "ws://my-host_1:1"])
def test_well_formed_scheduler_addresses_are_accepted(address):
    assert cli._scheduler_address(address) == address


def test_negative_seed_blocks_are_refused():
    _one_line_exit_2(run_cli("stability", "--blocks", "-1"), "--blocks")
