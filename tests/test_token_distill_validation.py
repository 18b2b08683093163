"""Bad input to theory.token_distill and numerics.token_distill is refused naming the parameter,
the allowed range and the value received; the numerics stay sound at valid extremes (issue 56,
the token_distill cases)."""

import numpy as np
import pytest

from tests.refusals import refused_saying
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


@pytest.mark.parametrize("ids, value", [([4, 1.5, 2], "1.5"), ([4, 1.0, 2], "1.0"),
                                        ([4, -1, 2], "-1"), ([True, 1, 2], "True"),
                                        (np.array([[1, 2], [2, 3]]), "(2, 2)"), ([], "(0,)"),
                                        (np.array([1.0, 2.0]), "float64")])
def test_merge_tokens_refuses_non_ids(ids, value):
    refused_saying("ids", lambda: merge_tokens(ids, {(1, 2): 9}), value=value, allowed="ints >= 0")


def test_merge_tokens_refuses_new_ids_that_collide():
    refused_saying("phrases", lambda: merge_tokens([1, 2, 3], {(1, 2): 3}), value="new id 3")
    refused_saying("phrases", lambda: merge_tokens([1, 2, 3], {(1, 2): 2}), value="subtoken")
    refused_saying("phrases", lambda: merge_tokens([1, 2, 3], {(1, 2): 9, (2, 3): 9}), value="new id 9")
    refused_saying("phrases", lambda: merge_tokens([1, 2], {(1.0, 2): 9}))
    refused_saying("phrases", lambda: merge_tokens([1, 2], {(1, 2): 9.0}))
    refused_saying("phrases", lambda: merge_tokens([1, 2], {(1, 2): True}))
    refused_saying("phrases", lambda: merge_tokens([1, 2], {5: 9}))
    refused_saying("phrases", lambda: merge_tokens([1, 2], {(): 9}))
    refused_saying("phrases", lambda: merge_tokens([1, 2], {}))
    refused_saying("pad", lambda: merge_tokens([1, 2], {(1, 2): 9}, pad=0.5))


def test_merge_tokens_unchanged_on_valid_input():
    m = merge_tokens(np.array([4, 11, 12, 13, 6, 11, 12, 5], dtype=np.uint8),
                     {(11, 12, 13): 50, (11, 12): 51}, pad=0)
    assert m.merged.tolist() == [4, 50, 6, 51, 5, 0, 0, 0] and m.length == 5
    # a negative placeholder new id is allowed (numerics' window_nll uses -2)
    assert merge_tokens([1, 2, 3], {(2, 3): -2}).merged.tolist() == [1, -2, -1]


def test_kl_batchmean_at_extreme_logits():
    z = np.array([[1e308, -1e308], [1e308, -1e308]])
    assert kl_batchmean(z, z) == 0.0
    big = np.array([[1e308, 0.0, -1e308, -1e308]])
    assert kl_batchmean(big, big) == 0.0
    # teacher mass where the student's log-probability is -1e308: KL = 1e308, representable
    assert kl_batchmean([[0.0, -1e308, 1e308]], [[1e308, 0.0, -1e308]]) == pytest.approx(1e308)
    # shift invariance of each row's softmax, at any offset
    rng = np.random.default_rng(0)
    s, t = rng.normal(size=(3, 5)), rng.normal(size=(3, 5))
    assert kl_batchmean(s + 1e3, t - 1e3) == pytest.approx(kl_batchmean(s, t), rel=1e-9)
    refused_saying("student_logits", lambda: kl_batchmean(np.zeros((0, 3)), np.zeros((0, 3))))
    refused_saying("student_logits", lambda: kl_batchmean(np.zeros((2, 3)), np.zeros((2, 4))))
    refused_saying("teacher_logits", lambda: kl_batchmean(np.zeros((2, 3)), np.full((2, 3), np.nan)))
    refused_saying("teacher_logits", lambda: kl_batchmean(np.zeros((2, 3)), np.zeros((2, 3), complex)))


def test_mse_on_hiddens_scaled_before_squaring():
    S = np.full((2, 2), 1e154)
    assert mse_on_hiddens(S, np.zeros((2, 2)), [1, 1]) == pytest.approx(1e308, rel=1e-12)
    half = np.array([[1.5e154, 0.0]])
    assert mse_on_hiddens(half, np.zeros((1, 2)), [1]) == pytest.approx(1.125e308, rel=1e-12)
    with pytest.raises(ValueError, match="float64 range"):
        mse_on_hiddens(S, -S, [1, 1])
    refused_saying("length", lambda: mse_on_hiddens(S, S, [1, 1], length=2.0))
    refused_saying("mask", lambda: mse_on_hiddens(S, S, [1, 2]))
    refused_saying("mask", lambda: mse_on_hiddens(S, S, np.ones((2, 1))))
    refused_saying("student", lambda: mse_on_hiddens(np.zeros((2, 0)), np.zeros((2, 0)), [1, 1]))


def test_random_init_and_column_statistics():
    refused_saying("E", lambda: random_init(np.ones((1, 3)), 0), value="(1, 3)", allowed="2 row")
    refused_saying("rng", lambda: random_init(np.ones((2, 3)), -1))
    refused_saying("rng", lambda: random_init(np.ones((2, 3)), 1.5))
    E = np.array([[1.7e308, 0.0], [1.7e308, 1.0]])
    assert np.all(np.isfinite(random_init(E, 0)))
    with pytest.raises(ValueError, match="float64 range"):
        random_init(np.array([[1.7e308, 0], [-1.7e308, 1]]), 0)
    assert fvt_init(np.full((3, 2), 1.7e308), [0, 1]).tolist() == [1.7e308, 1.7e308]
    assert np.all(np.isfinite(adaptive_init(np.full((3, 2), 1.7e308), [0, 1, 2])))
    refused_saying("ids", lambda: fvt_init(np.ones((3, 2)), [0.0, 1]))
    refused_saying("ids", lambda: fvt_init(np.ones((3, 2)), [0, 3]), allowed="[0, 2]")
    refused_saying("E", lambda: fvt_init(np.ones((3, 0)), [0, 1]))
    refused_saying("n", lambda: adaptive_weights(10**9))
    refused_saying("n", lambda: adaptive_weights(True))


def test_ce_auto_weighted_refuses_unrepresentable_alpha():
    with pytest.raises(ValueError, match="float64 range"):
        ce_auto_weighted(1e308, 1e-308)
    refused_saying("ce_loss", lambda: ce_auto_weighted(1.0, 0.0))
    refused_saying("distill_loss", lambda: ce_auto_weighted(float("nan"), 1.0))
    assert ce_auto_weighted(2.0, 4.0) == (4.0, 0.5)


def test_toy_refusals():
    E = np.random.default_rng(0).normal(size=(6, 2))
    W = 0.5 * np.eye(2)
    refused_saying("X", lambda: toy_hidden(np.full((2, 2), np.nan), W))
    refused_saying("W", lambda: toy_hidden(E, np.full((2, 2), np.inf)))
    refused_saying("phrase", lambda: toy_distill_problem(E, W, [[1, 2, 3]], [1.0, 2]))
    refused_saying("phrase", lambda: toy_distill_problem(E, W, [[1, 2, 3]], [1, 6]))
    refused_saying("snippets", lambda: toy_distill_problem(E, W, [[1, 2.5]], [1, 2]))
    refused_saying("snippets", lambda: toy_distill_problem(E, W, [[3, 4, 5]], [1, 2]), value="without")
    refused_saying("snippets", lambda: toy_distill_problem(E, W, [], [1, 2]))
    refused_saying("W", lambda: toy_distill_problem(E, -np.eye(2), [[1, 2]], [1, 2]))
    P = toy_distill_problem(E, W, [[0, 1, 2, 3], [1, 2, 5]], [1, 2])
    refused_saying("e", lambda: P.loss(np.zeros(3)))
    refused_saying("e", lambda: toy_loss_by_forward(E, W, [[1, 2]], [1, 2], [np.nan, 0.0]))
    assert P.loss(P.e_opt) == pytest.approx(P.loss_opt)


def test_numerics_refusals():
    import torch

    from numerics.token_distill.corpus import mine_tokens, snippets
    from numerics.token_distill.distill import init_rows, prepare, train_rows, window_nll
    from numerics.token_distill.model import ByteLM, extend

    model = ByteLM(d=8, layers=1, heads=2, ctx=16)
    w = np.tile(np.array([97, 98, 99, 100, 101, 102, 103, 104]), (4, 2))
    ph = {(97, 98): 256}
    refused_saying("windows", lambda: prepare(w.astype(float), ph))
    refused_saying("windows", lambda: prepare(w + 300, ph))
    refused_saying("phrases", lambda: prepare(w, {(97, 98): 300}))
    refused_saying("phrases", lambda: init_rows(model, {(97, 98.0): 256}, "fvt"))
    refused_saying("seed", lambda: init_rows(model, ph, "rand", seed=-1))
    b = prepare(w, ph)
    rows = init_rows(model, ph, "fvt")
    refused_saying("batch", lambda: train_rows(model, b, rows, "td", batch=5))
    refused_saying("lr", lambda: train_rows(model, b, rows, "td", lr=0.0, batch=4))
    refused_saying("rows", lambda: train_rows(model, b, torch.zeros(1, 3), "td", batch=4))
    refused_saying("rows", lambda: extend(model, torch.full((1, 8), float("nan"))))
    m = extend(model, rows)
    refused_saying("offsets", lambda: window_nll(m, w, np.full(4, 10), (97, 98), 256, after=8))
    refused_saying("new_id", lambda: window_nll(m, w, np.zeros(4, int), (97, 98), 300, after=4))
    refused_saying("phrase", lambda: window_nll(m, w, np.zeros(4, int), (97,), 256, after=4))
    assert np.isfinite(window_nll(m, w, np.zeros(4, int), (97, 98), 256, after=4)).all()
    data = np.frombuffer(b"def foo(): return foo_bar + foo_bar\n" * 20, np.uint8)
    refused_saying("token", lambda: snippets(data, b"", 2))
    refused_saying("count", lambda: snippets(data, b"foo", 0))
    refused_saying("min_len", lambda: mine_tokens(data, 2, min_len=1.5))
