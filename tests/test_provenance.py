"""Verdicts are derived from declared facts: what a statement rests on (its source), where it was
checked (its setting), its relation to the paper and, for empirical claims, a pre-registered
test. A label may never say more than these facts (issue: provenance)."""

import pytest

from theory.claims import (
    Claim,
    Judge,
    Preregistered,
    Setting,
    Source,
    TestResult,
    Unavailable,
    check_registry_consistency,
    claim,
    derive_verdict,
    discover,
)

PRINTED = Source("printed", "arXiv 2510.07746v2, §4, Cor. 4")
OURS = Source("ours", "the quantifier 'for every n' is ours")
EXACT, ANALOGUE = Setting("exact"), Setting("analogue", "8×8 digits instead of MNIST")
_T = Preregistered("paired difference", "greater", seeds=5, effect=0.01,
                   effect_source="ours: one point")


def _failing():
    j = Judge()
    j.le("value vs bound", 2.0, 1.0)
    return j.evidence()


def _holding():
    j = Judge()
    j.le("value vs bound", 1.0 - 1e-13, 1.0, rtol=1e-12)
    return j.evidence()


@pytest.mark.parametrize("source, setting, verdict", [
    (PRINTED, EXACT, "refuted"),
    (Source("code", "owner/repo@abc1234:train.py:42"), EXACT, "refuted"),
    (Source("abstract", "arXiv 2510.07746"), EXACT, "reading_fails"),
    (Source("secondary", "OpenReview reviews; printed wording not seen"), EXACT,
     "reading_fails"),
    (OURS, EXACT, "reading_fails"),
    (PRINTED, ANALOGUE, "not_reproduced"),
])
def test_a_failing_statement_of_the_paper_is_refuted_only_when_printed_and_exact(
        source, setting, verdict):
    assert derive_verdict(passed=False, relation="paper", source=source,
                          setting=setting) == verdict


def test_holding_statements_are_labelled_by_their_relation():
    kw = {"source": OURS, "setting": EXACT}
    assert derive_verdict(passed=True, relation="paper", **kw) == "verified"
    assert derive_verdict(passed=True, relation="corrects", **kw) == "corrected"
    assert derive_verdict(passed=True, relation="sharpens", **kw) == "sharpened"
    assert derive_verdict(passed=True, relation="extends", **kw) == "extension"
    assert derive_verdict(passed=True, relation="paper", sanity=True, **kw) == "sanity"
    assert derive_verdict(passed=False, relation="prediction", **kw) == "failed_prediction"
    assert derive_verdict(passed=False, relation="extends", **kw) == "failed_prediction"


def test_an_empirical_point_estimate_on_an_analogue_never_refutes():
    # no pre-registered test: nothing shows the check had the power to see the effect
    assert derive_verdict(passed=False, relation="paper", source=PRINTED, setting=ANALOGUE,
                          empirical=True) == "undecided"
    assert derive_verdict(passed=False, relation="paper", source=PRINTED, setting=ANALOGUE,
                          empirical=True, decision="fails") == "not_reproduced"
    assert derive_verdict(passed=False, relation="paper", source=PRINTED, setting=ANALOGUE,
                          empirical=True, decision="undecided") == "undecided"


def test_registry_refuses_a_label_that_contradicts_the_declared_facts():
    with pytest.raises(ValueError, match="contradicts its declared facts"):
        claim("multisets.z.contradiction", where="Thm 1", statement="s", expected="refuted",
              corrected_by="multisets.z.fix", evidence="witness", source=OURS, setting=EXACT)
    with pytest.raises(ValueError, match="contradicts its declared facts"):
        claim("multisets.z.contradiction2", where="Thm 1", statement="s",
              expected="not_reproduced", evidence="witness", source=PRINTED, setting=EXACT)
    # the same facts with the derived label are accepted
    claim("multisets.z.reading", where="Thm 1", statement="s", expected="reading_fails",
          evidence="witness", source=OURS, setting=EXACT)


def test_an_empirical_claim_with_a_test_may_expect_not_reproduced_and_without_one_may_not():
    claim("multisets.z.emp_test", kind="empirical", where="Fig. 2", statement="s",
          expected="not_reproduced", evidence="observation", source=PRINTED,
          setting=ANALOGUE, test=_T)
    with pytest.raises(ValueError, match="contradicts its declared facts"):
        claim("multisets.z.emp_point", kind="empirical", where="Fig. 2", statement="s",
              expected="not_reproduced", evidence="observation", source=PRINTED,
              setting=ANALOGUE)


@pytest.mark.parametrize("where", ["", "  ", "p."])
def test_registry_refuses_a_printed_or_code_source_without_a_locator(where):
    with pytest.raises(ValueError, match="locator"):
        Source("printed", where)
    with pytest.raises(ValueError, match="locator"):
        claim("multisets.z.noloc", where="Thm 1", statement="s", evidence="witness",
              source=("code", where), setting="exact")


def test_registry_refuses_unknown_source_kinds_and_analogues_without_a_difference():
    with pytest.raises(ValueError, match="'source' parameter"):
        Source("hearsay", "a blog")
    with pytest.raises(ValueError, match="what differs"):
        Setting("analogue")
    with pytest.raises(ValueError, match="'setting' parameter"):
        Setting("approximately")


def test_a_refuted_claim_names_what_holds_instead():
    with pytest.raises(ValueError, match="must name its corrected claim"):
        claim("multisets.z.paper", where="Thm 1", statement="s", expected="refuted",
              evidence="witness", source=PRINTED, setting=EXACT)


def _claim(expected, evidence_fn, *, source=PRINTED, setting=EXACT, kind="theory", test=None):
    return Claim("multisets.x.y", "multisets", "Thm 0", "s", expected, evidence_fn,
                 kind=kind, evidence=("witness",), source=source, setting=setting, test=test)


def test_run_derives_the_verdict_from_the_facts():
    assert _claim("refuted", _failing).run().verdict == "refuted"
    assert _claim("reading_fails", _failing, source=OURS).run().verdict == "reading_fails"
    assert _claim("verified", _holding).run().verdict == "verified"


def _test_result(decision, power=0.9):
    return TestResult(name="acc diff", statistic="paired difference", alternative="greater",
                      alpha=0.05, seeds=5, effect=0.01, estimate=0.0, interval=(-0.01, 0.01),
                      p_value=0.5, power=power, mde=0.01, decision=decision)


@pytest.mark.parametrize("decision, verdict", [("holds", "verified"),
                                               ("fails", "not_reproduced"),
                                               ("undecided", "undecided")])
def test_an_empirical_claim_is_decided_by_its_preregistered_test(decision, verdict):
    def check(quick=False):
        j = Judge()
        j.test(_test_result(decision))
        return j.evidence()

    c = _claim("verified", check, setting=ANALOGUE, kind="empirical", test=_T)
    r = c.run()
    assert r.verdict == verdict
    row = r.to_dict()
    assert row["test"]["decision"] == decision
    assert set(row["test"]) >= {"statistic", "alternative", "alpha", "seeds", "effect",
                                "estimate", "interval", "p_value", "power", "mde"}
    assert row["statement_source"] == {"kind": "printed", "where": PRINTED.where}


def test_quick_mode_undecided_is_on_target_unless_registered_decidable():
    def check(quick=False):
        if quick:
            raise Unavailable("undecided in quick mode: one seed")
        return _holding()

    loose = _claim("verified", check, setting=ANALOGUE, kind="empirical", test=_T)
    r = loose.run(quick=True)
    assert r.verdict == "undecided" and r.on_target and r.undecided
    strict_t = Preregistered("paired difference", "greater", seeds=5, effect=0.01,
                             effect_source="ours: one point", quick_decides=True)
    strict = _claim("verified", check, setting=ANALOGUE, kind="empirical", test=strict_t)
    r = strict.run(quick=True)
    assert r.verdict == "undecided" and not r.on_target


@pytest.mark.parametrize("kwargs, match", [
    ({"alternative": "bigger"}, "'alternative'"),
    ({"alpha": 0.7}, "'alpha'"),
    ({"seeds": 1}, "'seeds'"),
    ({"effect": 0.0}, "'effect'"),
    ({"alternative": "equivalence"}, "'margin'"),
    ({"effect_source": "a hunch"}, "'effect_source'"),
])
def test_preregistration_refuses_incomplete_or_invalid_designs(kwargs, match):
    base = {"statistic": "d", "alternative": "greater", "seeds": 5, "effect": 0.01,
            "effect_source": "ours: 1 point"}
    with pytest.raises(ValueError, match=match):
        Preregistered(**{**base, **kwargs})


def test_every_registered_claim_declares_source_and_setting_consistently():
    problems = check_registry_consistency(discover(kinds=("theory",)))
    assert problems == []


def test_no_claim_keeps_a_provisional_source_or_cites_files_a_cloner_lacks():
    claims = discover()
    unaudited = [c.id for c in claims
                 if "UNAUDITED" in c.source.where or "UNAUDITED" in (c.setting.differs or "")]
    assert unaudited == []
    import re

    # private working notes (a cloner lacks them) are cited by path, as "the spec" or "the
    # note"; a claim cites the paper, a named public source, or says "ours" (a Judge's note is
    # "the evidence note")
    private = re.compile(r"shared/|\bspec\b|\bthe notes?\b|(?<![\w/-])papers/[a-z_0-9]+\.md"
                         r"|\b[a-z_0-9]+\.md §")
    cited = [c.id for c in claims
             if private.search(f"{c.where} {c.source.where} {c.statement}")]
    assert cited == []


def test_only_printed_text_or_released_code_on_the_papers_objects_is_refuted():
    for c in discover():
        if c.expected == "refuted":
            assert c.source.kind in ("printed", "code") and c.setting.kind == "exact", c.id
            assert c.corrected_by, c.id


def test_every_measured_empirical_row_is_preregistered_or_deterministic():
    from theory.claims import discover, missing_preregistration

    assert missing_preregistration(discover()) == []


def test_deterministic_is_a_reason_for_an_empirical_row_without_a_test():
    from theory.claims import claim

    with pytest.raises(ValueError, match="'deterministic' parameter of claim"):
        claim("tsne.x.y", where="w", statement="s", kind="empirical", deterministic=" ",
              evidence=("observation",), source=("ours", "ours"),
              setting=("analogue", "a stand-in"))(lambda: None)
    with pytest.raises(ValueError, match="'deterministic' parameter of claim"):
        claim("tsne.x.z", where="w", statement="s", kind="theory", deterministic="no seed",
              evidence=("observation",), source=("ours", "ours"),
              setting=("analogue", "a stand-in"))(lambda: None)
