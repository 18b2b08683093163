"""Reports are complete and written atomically."""

import json

import pytest

from iclr26_verify.outputs.report import to_markdown, write_reports
from iclr26_verify.run import _atomic
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


def test_the_report_records_what_it_ran_on(tmp_path, monkeypatch):
    monkeypatch.setenv("ICLR26_SEED_BLOCK", "1")
    j, m = write_reports([_result()], tmp_path)
    env = json.loads(j.read_text())["environment"]
    assert env["mode"] == "full" and env["seed_block"] == 1
    assert {"numpy", "scipy", "torch", "cvxpy", "scikit-learn"} <= set(env["packages"])
    assert env["torch_cpu_kernels"] not in ("", None)
    assert env["machine"]["cores"] >= 1 and env["machine"]["cpu"]
    # a checkout records its commit and whether the tree was clean
    assert len(env["commit"]) == 40 and env["clean"] in (True, False)
    assert "Ran on commit `" in m.read_text() and "seed block 1" in m.read_text()


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


# --- evidence as a reader sees it --------------------------------------------------------------
def _family_result(n_fail=3, n=40):
    """A claim whose check compares a family of n cells (n_fail of them fail) and one scalar."""
    from theory.claims import Judge

    def check():
        j = Judge()
        for i in range(n):
            j.le(f"n={i + 4} rho=1: min_r dL/dr <= 0", 0.5 if i < n_fail else -0.5 - i, 0.0)
        j.close("κ = 1 closed form vs LP", 0.0, 0.0, atol=1e-12)
        return j.evidence(note="a family of cells")

    c = Claim(id="tsne.fake.family", topic="tsne", where="Cor. 0", statement="s",
              expected="refuted", check=check, source=PRINTED, setting=Setting("exact"),
              corrected_by=("tsne.fake.ok",))
    return c.run()


def test_comparison_records_say_whether_they_hold_and_their_worst_cell():
    from theory.claims import Judge

    j = Judge()
    j.le("grid", [0.1, 0.9, 0.5], 0.8)
    rec = j.evidence().comparisons[0].to_dict()
    assert rec["holds"] is False and rec["size"] == 3
    assert rec["worst"] == {"index": 1, "value": 0.9, "reference": 0.8}


def test_a_family_of_comparisons_is_one_line_with_its_failures_and_worst_cell():
    from iclr26_verify.outputs.report import evidence_brief, evidence_rows, families, family_line

    row = _family_result().to_dict()
    rows = evidence_rows(row)
    assert len(rows) == 41 and sum(r["holds"] is False for r in rows) == 3
    (name, cells), (_, single) = families(rows)
    assert len(cells) == 40 and len(single) == 1
    line = family_line(name, cells)
    assert line.startswith("3 of 40 fail; worst n = 4, ρ = 1: min_r dL/dr = 0.5 ≤ 0")
    assert "= 0.5 ≤ 0" in line
    brief = evidence_brief(row)
    assert "\n" not in brief and brief.startswith("41 comparisons: 3 fail; worst n = 4, ρ = 1")


def test_old_comparison_records_read_the_same(tmp_path):
    """The committed claims.json has no holds/size/worst: the rows come out the same."""
    from iclr26_verify.outputs.report import evidence_rows

    row = _family_result().to_dict()
    old = {**row, "comparisons": [{k: v for k, v in c.items()
                                   if k not in ("holds", "size", "worst")}
                                  for c in row["comparisons"]]}
    strip = [{k: v for k, v in r.items() if k != "of"} for r in evidence_rows(row)]
    assert strip == [{k: v for k, v in r.items() if k != "of"} for r in evidence_rows(old)]


def test_labels_do_not_run_into_values():
    import re

    from iclr26_verify.outputs.report import evidence_brief, fmt_value

    assert fmt_value({"κ = 1": 0}) == "κ = 1: 0"
    brief = evidence_brief(_family_result(n_fail=0, n=2).to_dict())
    assert not re.search(r"[^\s<>=≤≥!]=[−\d-]", brief), brief


def test_a_value_equal_to_its_reference_is_said_once():
    from iclr26_verify.outputs.report import evidence_brief

    brief = evidence_brief(_result().to_dict())
    assert brief == "a: 1.5", brief


def test_markdown_and_console_summarise_long_families():
    import io

    from rich.console import Console

    from iclr26_verify.outputs.cli import _print_results

    r = _family_result(n=200)
    md = to_markdown([r])
    row = next(line for line in md.splitlines() if "`tsne.fake.family`" in line)
    assert "201 comparisons: 3 fail; worst" in row and row.count("min_r") < 5
    buf = io.StringIO()
    _print_results([r], Console(file=buf, width=80))
    assert len(buf.getvalue().splitlines()) <= 8, buf.getvalue()


def test_console_report_of_the_tsne_theory_claims_is_brief():
    import io

    from rich.console import Console

    from iclr26_verify.outputs.cli import _print_results
    from theory.claims import discover

    results = [c.run() for c in discover(["tsne"], kinds=("theory",))]
    for width in (80, 160):
        buf = io.StringIO()
        _print_results(results, Console(file=buf, width=width))
        lines = buf.getvalue().splitlines()
        assert len(lines) < 120, (width, len(lines))


def test_readable_turns_sympy_text_into_symbols():
    from iclr26_verify.outputs.report import pretty_label, readable

    assert readable("(c/6 + epsilon/3)/epsilon") == "(c/6 + ε/3)/ε"
    assert readable("sqrt(5)/6 and sqrt(Min(d, Max(1, 2*M - 2)))") == (
        "√5/6 and √(min(d, max(1, 2·M - 2)))")
    assert readable("x**2 -> oo; a <= b") == "x^2 → ∞; a ≤ b"
    assert readable("np.sqrt(x), alphabet, X_eps") == "np.sqrt(x), alphabet, X_ε"
    assert pretty_label("n=4 rho=1: P_across = 0 (sigma* = 0)") == (
        "n = 4, ρ = 1: P_across = 0 (σ* = 0)")


def test_headline_counts_undecided_and_unavailable_apart_from_the_decided():
    from iclr26_verify.outputs.report import headline, summary
    from theory.claims import Unavailable

    def undecidable():
        raise Unavailable("not at this budget")

    base = {"topic": "tsne", "where": "-", "statement": "-", "kind": "empirical",
            "source": Source("ours", "our threshold"),
            "setting": Setting("analogue", "a stand-in")}
    undecided = Claim(id="tsne.fake.u", expected="undecided", check=undecidable, **base)
    unavailable = Claim(id="tsne.fake.n", expected="unavailable", check=undecidable, **base)
    results = [_result(), undecided.run(quick=True), unavailable.run()]
    assert [r.verdict for r in results] == ["verified", "undecided", "unavailable"]
    assert all(r.on_target for r in results)
    s = summary(results)
    line = headline(s)
    assert line.startswith("3 claims: 1 decided (all 1 reached their expected verdict); "
                           "not decided: 1 undecided (1 as registered for this budget), "
                           "1 unavailable"), line
    assert headline({"claims": 2, "decided": 1, "decided_on_target": 1, "undecided": 1,
                     "unavailable": 0}).startswith("2 claims: 1 decided (all 1 reached")
