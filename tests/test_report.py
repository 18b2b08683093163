"""Reports are complete and written atomically."""

import json

import pytest

from numerics import _atomic
from numerics.report import to_markdown, write_reports
from theory.claims import Claim, Evidence, Setting, Source

PRINTED = Source("printed", "arXiv 2510.07746v2, §2, Lemma 0")


def _result(passed=True, expected="verified", source=PRINTED):
    c = Claim(id="tsne.fake.ok", topic="tsne", where="Lemma 0", statement="x | y",
              expected=expected, check=lambda: Evidence(passed, {"a": 1.5}, {"a": 1.5}, 1e-9, "n"),
              source=source, setting=Setting("exact"))
    return c.run()


def test_report_has_a_row_per_claim_with_values():
    md = to_markdown([_result()])
    assert "`tsne.fake.ok`" in md and "a: 1.5" in md and "x \\| y" in md


def test_claims_json_is_valid_and_complete(tmp_path):
    j, _ = write_reports([_result()], tmp_path)
    row = json.loads(j.read_text())["claims"][0]
    assert row["verdict"] == "verified" and row["on_target"] and row["location"] == "Lemma 0"


def test_an_interrupted_write_leaves_the_old_report(tmp_path, monkeypatch):
    write_reports([_result()], tmp_path)
    before = (tmp_path / "REPORT.md").read_text()

    def boom(*a, **k):
        raise KeyboardInterrupt

    monkeypatch.setattr(_atomic.os, "replace", boom)
    with pytest.raises(KeyboardInterrupt):
        write_reports([_result(passed=False)], tmp_path)
    assert (tmp_path / "REPORT.md").read_text() == before
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


def test_a_refuted_claim_reaches_refuted_only_when_its_statement_fails():
    r = _result(passed=False, expected="refuted")
    assert r.verdict == "refuted" and r.on_target
    assert not _result(passed=True, expected="refuted").on_target


def test_only_printed_or_code_failures_are_listed_as_errors_of_the_paper():
    printed = _result(passed=False, expected="refuted")
    ours = _result(passed=False, expected="reading_fails",
                   source=Source("ours", "the quantifier is ours"))
    assert ours.verdict == "reading_fails"
    md = to_markdown([printed, ours])
    errors = md.split("## Errors found in printed text or released code")[1].split("## ")[0]
    assert "`tsne.fake.ok`" in errors
    assert "## Readings of ours that fail (1)" in md
    assert "source: ours (the quantifier is ours)" in md


def test_a_crashing_check_is_an_error_not_a_verdict():
    c = Claim(id="tsne.fake.crash", topic="tsne", where="-", statement="-", expected="verified",
              check=lambda: 1 / 0)
    r = c.run()
    assert r.verdict == "error" and not r.on_target and "ZeroDivisionError" in r.evidence.note


def test_quick_unavailable_empirical_claim_is_undecided_not_missed():
    from theory.claims import Unavailable

    def check(quick=False):
        if quick:
            raise Unavailable("quick mode is too small to decide")
        return Evidence(True)

    c = Claim(id="tsne.fake.emp", topic="tsne", where="-", statement="-", expected="verified",
              check=check, kind="empirical")
    quick, full = c.run(quick=True), c.run(quick=False)
    assert quick.undecided and quick.on_target and quick.verdict == "undecided"
    assert full.verdict == "verified" and not full.undecided
    assert "undecided in quick mode" in to_markdown([quick])


def test_reports_get_ordinary_file_permissions(tmp_path):
    import os
    import stat

    j, m = write_reports([_result()], tmp_path)
    umask = os.umask(0)
    os.umask(umask)
    for p in (j, m):
        assert stat.S_IMODE(p.stat().st_mode) == 0o666 & ~umask
