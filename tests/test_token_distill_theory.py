"""Software tests of theory.token_distill: validation messages, the merge against our
worked example and a hypothesis property (expanding the merge gives the original back), the toy
against its forward pass."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from theory.token_distill import (
    adaptive_init,
    adaptive_weights,
    ce_auto_weighted,
    fvt_init,
    kl_batchmean,
    merge_tokens,
    mse_on_hiddens,
    random_init,
    toy_distill_problem,
    toy_hidden,
    toy_loss_by_forward,
)
from theory.token_distill._reference import merge_recursive


def test_merge_worked_example_longest_first():
    m = merge_tokens([4, 11, 12, 13, 6, 11, 12, 5], {(11, 12, 13): 50, (11, 12): 51}, pad=0)
    assert m.merged.tolist() == [4, 50, 6, 51, 5, 0, 0, 0]
    assert m.mask.tolist() == [1, 0, 0, 1, 1, 0, 1, 1]
    assert m.length == 5 and m.spans == ((1, 4, 50), (5, 7, 51))


def test_merge_does_not_match_a_shorter_tail_as_a_longer_phrase():
    # regression: at the end, a 2-id tail must not count as a 3-id phrase's slot
    m = merge_tokens([1, 2], {(1, 2): 9, (1, 2, 3): 8})
    assert m.merged.tolist()[:m.length] == [9]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=1, max_size=30),
       st.lists(st.lists(st.integers(0, 4), min_size=2, max_size=4), min_size=1, max_size=3))
def test_merge_expands_back_and_matches_reference(seq, plist):
    phrases = {}
    for p in plist:
        phrases.setdefault(tuple(p), 100 + len(phrases))
    m = merge_tokens(seq, phrases, pad=-1)
    inv = {v: list(p) for p, v in phrases.items()}
    back = [x for t in m.merged[:m.length] for x in inv.get(int(t), [int(t)])]
    assert back == seq
    assert int(m.mask.sum()) == m.length
    assert merge_recursive(seq, phrases)[0] == m.merged[:m.length].tolist()


def test_toy_closed_form_matches_forward_pass_and_worked_values():
    from theory.token_distill.claims import PHRASE, SNIPPETS, toy_example

    E, W = toy_example()
    P = toy_distill_problem(E, W, SNIPPETS, PHRASE)
    for e in (fvt_init(E, PHRASE), adaptive_init(E, PHRASE), P.e_opt):
        assert P.loss(e) == pytest.approx(toy_loss_by_forward(E, W, SNIPPETS, PHRASE, e),
                                          rel=1e-12)
    assert P.loss(fvt_init(E, PHRASE)) == pytest.approx(0.097583, abs=1e-6)
    assert P.loss(adaptive_init(E, PHRASE)) == pytest.approx(0.031832, abs=1e-6)
    assert P.loss_opt == pytest.approx(0.025181, abs=1e-6)


def test_toy_hidden_is_causal():
    rng = np.random.default_rng(0)
    X, W = rng.normal(size=(6, 3)), rng.normal(size=(3, 3))
    Y = X.copy()
    Y[4:] += 1.0
    np.testing.assert_array_equal(toy_hidden(X, W)[:4], toy_hidden(Y, W)[:4])


def test_ce_auto_weighted_value_is_twice_the_distillation_loss():
    v, a = ce_auto_weighted(0.3, 2.0)
    assert v == pytest.approx(0.6) and a == pytest.approx(0.15)


def test_random_init_moments():
    rng = np.random.default_rng(1)
    E = rng.normal(loc=[1.0, -2.0], scale=[0.5, 3.0], size=(500, 2))
    draws = np.array([random_init(E, rng) for _ in range(4000)])
    np.testing.assert_allclose(draws.mean(0), E.mean(0), atol=0.15)
    np.testing.assert_allclose(draws.std(0), E.std(0, ddof=1), rtol=0.05)


@pytest.mark.parametrize("call, name", [
    (lambda: merge_tokens([], {(1, 2): 3}), "ids"),
    (lambda: merge_tokens([1, 2], {}), "phrases"),
    (lambda: mse_on_hiddens(np.ones((2, 2)), np.ones((3, 2)), [1, 1]), "mask"),
    (lambda: mse_on_hiddens(np.ones((2, 2)), np.ones((2, 2)), [1, 1], length=1), "length"),
    (lambda: kl_batchmean(np.ones((2, 3)), np.ones((2, 4))), "student_logits"),
    (lambda: fvt_init(np.ones((3, 2)), [5]), "ids"),
    (lambda: adaptive_weights(0), "n"),
    (lambda: adaptive_weights(2, "both"), "which"),
    (lambda: ce_auto_weighted(1.0, 0.0), "ce_loss"),
    (lambda: toy_hidden(np.ones((3, 2)), np.ones((3, 3))), "W"),
    (lambda: toy_distill_problem(np.ones((4, 2)), np.eye(2), [[0, 1]], [1]), "phrase"),
])
def test_validation_names_the_parameter(call, name):
    with pytest.raises(ValueError, match=f"The '{name}' parameter of .* must be .* Got"):
        call()
