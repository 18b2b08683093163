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
