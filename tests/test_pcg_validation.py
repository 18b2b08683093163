"""Bad input to theory.pcg and numerics.pcg is refused naming the parameter, the allowed range and
the value received; work is bounded by documented maxima (issue 56, the pcg cases)."""

import numpy as np
import pytest

from tests.refusals import refused_saying
from theory.pcg import (
    MAX_BATCH_CELLS,
    MAX_K,
    MAX_N,
    generate,
    lag_rule_accuracy,
    lcg,
    lcg_batch,
    output,
    pcg32,
    pcg64_xslrr,
    rotation_orbits,
    rotr,
    sequence_period,
    tlcg,
    two_lag_predictor,
    valid,
    xshrr,
    xshrs_shifts,
    xslrr,
)
from theory.validation import InvalidParameterError


@pytest.mark.parametrize("s", [-1, 256, np.array([3, 300]), np.array([-2, 3]), 3.0, True,
                               np.array([1.0, 2.0])])
def test_tlcg_state_must_lie_in_0_to_2k(s):
    refused_saying("s", lambda: tlcg(s, 8, 4))


@pytest.mark.parametrize("fn", [lambda s: xslrr(s, 16, 3), lambda s: xshrr(s, 16, 8, 3),
                                lambda s: output("rs", s, 16, 8, 2),
                                lambda s: output("rr", s, 16, 8, 3),
                                lambda s: output("xshrs", s, 16, 8, 2)])
def test_every_output_function_checks_the_state_range(fn):
    refused_saying("s", lambda: fn(1 << 16))
    refused_saying("s", lambda: fn(-1))
    assert int(fn(0xFFFF)) >= 0  # the largest state is valid


def test_lcg_batch_refuses_float_multiplier_bool_seed_and_mismatched_lengths():
    refused_saying("a", lambda: lcg_batch(5.7, 3, 0, 8, 4), value="5.7")
    refused_saying("a", lambda: lcg_batch([5, 9.0], 3, 0, 8, 4))
    refused_saying("s0", lambda: lcg_batch(5, 3, True, 8, 4), value="True")
    refused_saying("c", lambda: lcg_batch(5, np.array([True, False]), 0, 8, 4))
    refused_saying("c", lambda: lcg_batch(5, 256, 0, 8, 4), allowed="[0, 255]")
    refused_saying("a", lambda: lcg_batch(np.ones((2, 2), dtype=int), 3, 0, 8, 4))
    with pytest.raises(InvalidParameterError, match="'a', 'c' and 's0' parameters of lcg_batch"):
        lcg_batch([5, 9], [3, 5, 7], 0, 8, 4)
    # valid inputs: numpy ints, Python ints, lists broadcast against scalars
    assert lcg_batch(np.int64(5), [3, 5], 0, 8, 3).tolist() == [lcg(5, 3, 0, 8, 3),
                                                              lcg(5, 5, 0, 8, 3)]


def test_xslrr_refuses_odd_k_and_zero_control_bits():
    refused_saying("k", lambda: xslrr(5, 15, 3), value="15", allowed="even")
    refused_saying("cb", lambda: xslrr(5, 16, 0), value="0", allowed="[1, 8]")
    refused_saying("k", lambda: generate("xslrr", 5, 3, 0, 9, 4, cb=2))


@pytest.mark.parametrize("x, what", [([1, np.nan, 3], "nan"), ([1, -1, 3], "min -1"),
                                     ([1, 16, 3], "max 16"), ([], "shape (0,)"),
                                     ([1.5, 2, 3], "1.5"), (np.zeros((2, 2), int), "(2, 2)"),
                                     ([True, 1, 0], "True"), (np.array([1.0, 2.0]), "float64")])
def test_two_lag_predictor_refuses_non_outputs(x, what):
    refused_saying("x", lambda: two_lag_predictor(x, 8, 4), value=what, allowed="[0, 15]")


def test_two_lag_predictor_b_limit_and_lag_rule_lengths():
    refused_saying("b", lambda: two_lag_predictor([1, 2], 70, 64, v=64))
    refused_saying("x", lambda: lag_rule_accuracy([1, 2, 3], 4, 2, 1), allowed="longer than T + P = 3")
    refused_saying("T", lambda: lag_rule_accuracy([1, 2, 3, 4], 4, 0, 1))
    refused_saying("b", lambda: lag_rule_accuracy([1, 2, 3, 4], 63, 1, 1))


@pytest.mark.parametrize("x", [[1.5, 1.0, 1.5, 1.0], np.array([1.0, 2.0, 1.0, 2.0]),
                               [1, 2, "a"], [True, False, True], np.zeros((2, 3), int), []])
def test_sequence_period_refuses_non_integer_sequences(x):
    refused_saying("x", lambda: sequence_period(x))


def test_sequence_period_takes_ints_of_any_size():
    big = 1 << 100
    assert sequence_period([big, 1, big, 1, big]) == 2
    assert sequence_period(np.array([3, 4, 3, 4], dtype=np.uint8)) == 2


@pytest.mark.parametrize("call, name", [
    (lambda: lcg(5, 3, 0, 8, 10**9), "n"),
    (lambda: generate("tlcg", 5, 3, 0, 8, 10**10, b=4), "n"),
    (lambda: generate("tlcg", [5], [3], [0], 8, 10**10, b=4), "n"),
    (lambda: pcg32(42, 54, 2**40), "n"),
    (lambda: pcg64_xslrr(1, 1, 2**40), "n"),
    (lambda: rotation_orbits(10**7), "b"),
    (lambda: lcg(5, 3, 0, 10**9, 1), "k"),
    (lambda: lcg_batch(np.arange(1, 2**12, 4), 3, 0, 12, MAX_N), "n"),
])
def test_unbounded_work_is_refused_up_front(call, name):
    refused_saying(name, call)


def test_documented_maxima_are_accepted():
    assert len(lcg(5, 3, 0, 8, 10)) == 10 and rotation_orbits(MAX_K) > 0
    rows = MAX_BATCH_CELLS // 4
    assert lcg_batch(np.full(4, 5), 3, 0, 8, 4).shape == (4, 4) and rows * 4 == MAX_BATCH_CELLS


def test_bad_output_parameters_are_refused_even_for_empty_sequences():
    refused_saying("b", lambda: generate("tlcg", 5, 3, 0, 8, 0, b=100))
    refused_saying("n", lambda: generate("tlcg", 5, 3, 0, 8, 3.0, b=4))


def test_small_public_helpers():
    refused_saying("w", lambda: rotr(5, 1, 0))
    refused_saying("x", lambda: rotr(16, 1, 4))
    refused_saying("b", lambda: valid("tlcg", 8, 4.0, None))
    refused_saying("cb", lambda: valid("xshrr", 8, 4, True))
    refused_saying("variant", lambda: xshrs_shifts(16, 8, 2, "other"))
    refused_saying("b", lambda: xshrs_shifts(16, 16, 0))
    assert rotr(0b0001, 1, 4) == 0b1000 and valid("tlcg", 8, 4, None)


def test_numerics_jump_and_window_mean_stay_inside_the_array():
    from numerics.pcg.experiments import W, jump, window_mean

    acc = np.linspace(0, 1, 71)
    refused_saying("at", lambda: jump(acc, 4), allowed=f"[{W + 1}, {72 - W}]")  # read past the front
    refused_saying("at", lambda: jump(acc, 72 - W + 1))
    refused_saying("lo", lambda: window_mean(acc, 0, 5))
    refused_saying("hi", lambda: window_mean(acc, 5, 5))
    refused_saying("acc", lambda: jump(np.full(20, np.nan), 9))
    refused_saying("acc", lambda: jump(acc[:10], 9))
    refused_saying("acc", lambda: window_mean(acc * 2, 1, 3))
    assert jump(acc, W + 1) == pytest.approx(window_mean(acc, W + 1, 2 * W + 1)
                                             - window_mean(acc, 1, W + 1))
    assert np.isfinite(jump(acc, 72 - W))


def test_numerics_data_and_model_refusals():
    from numerics.pcg.data import held_out_sequences, pools, sample_sequences
    from numerics.pcg.model import GPTConfig, TinyGPT, lr_at, per_position_accuracy, train

    refused_saying("k", lambda: pools(10.0, 4, 4, 2, 2))
    refused_saying("n_test_a", lambda: pools(10, 4, 4, -1, 2))
    p = pools(8, 4, 4, 2, 2)
    rng = np.random.default_rng(0)
    refused_saying("n", lambda: sample_sequences(rng, p.train_a, p.train_c, 0, 8, "tlcg", 8, b=4))
    refused_saying("a_pool", lambda: sample_sequences(rng, [], p.train_c, 2, 8, "tlcg", 8, b=4))
    refused_saying("per_pair", lambda: held_out_sequences(p, 8, "tlcg", 8, b=4, per_pair=0))
    refused_saying("warmup", lambda: lr_at(0, 10, 1e-3, 0))
    m = TinyGPT(GPTConfig(vocab=16, ctx=8, d=16))
    refused_saying("lr", lambda: train(m, lambda r: None, 1, lr=float("nan")))
    refused_saying("steps", lambda: train(m, lambda r: None, 10**9))
    refused_saying("seqs", lambda: per_position_accuracy(m, np.full((2, 9), 16)))
    refused_saying("seqs", lambda: per_position_accuracy(m, np.zeros((2, 10), int)))
    refused_saying("batch", lambda: per_position_accuracy(m, np.zeros((2, 9), int), batch=0))
    refused_saying("cfg.d", lambda: TinyGPT(GPTConfig(vocab=16, ctx=8, d=10, heads=4)))
    refused_saying("cfg.vocab", lambda: TinyGPT(GPTConfig(vocab=0, ctx=8, d=16)))


def test_two_lag_predictor_on_narrow_unsigned_outputs_does_not_wrap():
    # uint8 sums would wrap mod 256; the outputs are widened to int64 first
    x = generate("tlcg", 4005 % 1024, 12345 % 1024, 777, 10, 200, b=8)
    T, P = 4, 64
    pred = two_lag_predictor(np.asarray(x, dtype=np.uint8), 10, 8)
    assert (pred[:T + P] == -1).all() and pred[T + P:].tolist() == x[T + P:]
