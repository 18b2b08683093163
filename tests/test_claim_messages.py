"""A claim that misses its verdict says why in sentences: the claim, its statement, what was
expected and what came out, the worst comparison; never "refuted" for a failing check of ours."""

import numpy as np

from theory.claims import Claim, Judge, Setting, Source


def _claim(check, expected="verified", source=("ours", "our threshold"), setting="exact"):
    return Claim(id="fairness.fake.bound", topic="fairness", where="Thm 9",
                 statement="The gap is at most the bound on every grid point.",
                 expected=expected, check=check, evidence=("independent",),
                 source=Source(*source), setting=Setting(setting))


def _failing():
    j = Judge()
    j.le("gap vs bound", np.array([0.1, 0.5, 2.5, 0.2] * 500), np.ones(2000))
    j.close("closed form vs LP", 1.0, 1.0, rtol=1e-9)
    return j.evidence(note="grid of 2,000 points; " + "long detail " * 400)


def test_a_failing_check_reads_as_sentences_and_names_the_worst_comparison():
    msg = _claim(_failing, source=("printed", "arXiv 1234.5678v1, Thm 9")).run().explain()
    lines = msg.splitlines()
    assert len(lines) < 40 and max(map(len, lines)) < 600
    assert lines[0] == ("Claim fairness.fake.bound (Thm 9) did not reach its expected verdict "
                        "'verified'.")
    assert "Statement: The gap is at most the bound" in msg
    assert "The check failed: the statement did not hold" in msg
    assert "Worst comparison: gap vs bound (element 2 of 2000): 2.5 should be at most 1.0" in msg
    assert "got refuted" not in msg


def test_an_expected_failure_that_passes_says_its_counterexample_no_longer_fails():
    def passes():
        j = Judge()
        j.le("gap vs bound", 0.5, 1.0)
        return j.evidence()

    c = _claim(passes, expected="reading_fails")
    msg = c.run().explain()
    assert "registered to fail" in msg and "expected verdict 'reading_fails'" in msg


def test_a_crash_shows_the_end_of_its_traceback():
    def crashes():
        raise ZeroDivisionError("division by zero in the bound")

    msg = _claim(crashes).run().explain()
    assert "The check crashed: ZeroDivisionError" in msg
    assert len(msg.splitlines()) < 40


def _tested(power, decision="holds"):
    from theory.claims import Preregistered, TestResult

    def check():
        j = Judge()
        j.test(TestResult("gain", "paired gain", "greater", 0.05, 3, 0.03, 0.3, (0.1, 0.5),
                          0.01, power, 0.25, decision))
        return j.evidence()

    return Claim(id="jumbo.fake.gain", topic="jumbo", where="Table 1", statement="a gain",
                 expected="undecided", check=check, kind="empirical",
                 evidence=("observation",), source=Source("printed", "arXiv x, Table 1"),
                 setting=Setting("analogue", "digits"),
                 test=Preregistered("paired gain", "greater", 3, 0.03, "paper: Table 1"))


def test_a_registered_undecided_claim_decided_by_an_underpowered_test_is_not_a_miss():
    low = _tested(power=0.1).run()
    assert low.verdict == "verified" and low.underpowered_decision and low.on_target
    powered = _tested(power=0.9).run()
    assert powered.verdict == "verified" and not powered.underpowered_decision
    assert not powered.on_target  # a powered decision against the registration is a miss


def test_the_worst_of_several_failing_comparisons_is_named_not_the_first():
    def check():
        j = Judge()
        j.le("first, barely over", 1.01, 1.0)
        j.close("second, far off", 3.0, 1.0, atol=1e-6)
        j.le("third, over", 1.5, 1.0)
        return j.evidence()

    msg = _claim(check).run().explain()
    worst = [ln for ln in msg.splitlines() if ln.startswith("Worst comparison:")]
    assert len(worst) == 1 and worst[0].startswith("Worst comparison: second, far off"), msg


def test_a_failing_registered_claim_with_a_long_family_explains_in_under_40_lines():
    """tsne Cor. 4's check (166 comparisons; its failure message was 20 KB as a dict dump)
    registered as if it should hold: the message stays short and names its worst comparison."""
    import dataclasses

    from theory.claims import discover

    claim = next(c for c in discover(kinds=("theory",)) if c.id == "tsne.cor4.all_perplexities")
    result = dataclasses.replace(claim, expected="verified").run()
    assert result.verdict == "refuted"
    msg = result.explain()
    lines = msg.splitlines()
    assert len(lines) < 40 and len(msg) < 4000, (len(lines), len(msg))
    assert sum(ln.startswith("Worst comparison: ") for ln in lines) == 1, msg
    assert "got refuted" not in msg


def test_pytest_prints_a_failing_claim_test_in_under_40_lines(tmp_path):
    """What a reader sees: the failure as pytest prints it for the assertion of
    theory/test_claims.py, the result's repr included, is short and names the worst comparison."""
    import subprocess
    import sys
    from pathlib import Path

    here = Path(__file__).resolve().parent
    (tmp_path / "test_fake_claim.py").write_text(
        "import sys\n"
        f"sys.path.insert(0, {str(here)!r})\n"
        "from test_claim_messages import _claim, _failing\n\n\n"
        "def test_claim_reaches_expected_verdict():\n"
        "    claim = _claim(_failing, source=('printed', 'arXiv 1234.5678v1, Thm 9'))\n"
        "    result = claim.run()\n"
        "    assert result.error is None and result.verdict == claim.expected, "
        "result.explain()\n")
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "--rootdir", str(tmp_path), str(tmp_path / "test_fake_claim.py")],
                          capture_output=True, text=True, cwd=tmp_path, timeout=300, check=False)
    out = proc.stdout
    assert proc.returncode == 1, out[-2000:] + proc.stderr[-2000:]
    failure = out[out.index("FAILURES"):]
    assert len(failure.splitlines()) < 40 and len(failure) < 5000, failure
    assert "Worst comparison: gap vs bound (element 2 of 2000)" in failure
    assert "got refuted" not in failure
