"""The one message template of parameter validation."""

import re

import numpy as np
import pytest

from theory.compression import bernoulli_rate_only_oneshot
from theory.validation import (
    MAX_ITER,
    Bool,
    Interval,
    Options,
    check_array,
    check_distribution,
    check_full_column_rank,
    check_int,
    check_nonempty,
    check_param,
    check_psd,
    check_rng,
    check_same_length,
    check_symmetric,
)


def test_message_names_parameter_range_and_value():
    with pytest.raises(ValueError, match=r"The 'q_x' parameter of bernoulli_rate_only_oneshot "
                       r"must be a float in \[0, 1/2\]\. Got 0\.7 instead\."):
        bernoulli_rate_only_oneshot(0.1, 0.7, 0.3)


def test_negative_rate_is_rejected():
    with pytest.raises(ValueError, match="'R' parameter .* >= 0. Got -1"):
        bernoulli_rate_only_oneshot(-1, 0.2, 0.3)


@pytest.mark.parametrize("value", [np.nan, np.inf, "a", True])
def test_interval_rejects_non_finite_and_non_numbers(value):
    with pytest.raises(ValueError, match="'p' parameter of f"):
        check_param("p", value, Interval(0, 1), "f")


def test_an_int_beyond_64_bits_is_judged_by_its_value_not_a_raw_type_error():
    assert 10**30 in Interval(0, None, closed="left")
    with pytest.raises(ValueError, match=r"'p' parameter of f .* Got 10{30}"):
        check_param("p", 10**30, Interval(0, 1), "f")
    with pytest.raises(ValueError, match="'n' parameter of f"):
        check_param("n", 10**30, Interval(0, 10, integer=True), "f")


def test_options_message():
    with pytest.raises(ValueError, match=r"must be one of \{'A', 'B'\}. Got 'C' instead."):
        check_param("convention", "C", Options("A", "B"), "f")


@pytest.mark.parametrize("X, what", [([1.0, 2.0], "2-D"), (np.zeros((0, 2)), "at least 1"),
                                     ([[np.nan, 1.0]], "finite")])
def test_check_array(X, what):
    with pytest.raises(ValueError, match=what):
        check_array(X, "X", "emd")


# --- the shared patterns of issue 39: one place, one message template ---------------------------

def test_complex_input_is_refused_not_cast():
    with pytest.raises(ValueError, match=r"The 'X' parameter of f must be an array of real "
                       r"numbers\. Got <complex array of shape \(2,\)> instead\."):
        check_array([1 + 1j, 2], "X", "f", ndim=1)
    with pytest.raises(ValueError, match="'h' parameter of f must be a finite float > 0"):
        check_param("h", np.complex128(1.0), Interval(0, None, "neither"), "f")


def test_infinite_values_are_refused_unless_they_mean_something():
    with pytest.raises(ValueError, match=r"must be a finite float > 0\. Got inf instead\."):
        check_param("h", np.inf, Interval(0, None, "neither"), "f")
    assert check_param("C", np.inf, Interval(0, None, allow_inf=True), "f") == np.inf
    with pytest.raises(ValueError, match="Got nan instead"):
        check_param("C", np.nan, Interval(0, None, allow_inf=True), "f")


def test_integer_counts_are_python_ints_and_bools_are_not_counts():
    n = check_int(np.int32(50000), "d", "f", low=1)
    assert type(n) is int and n * n == 2_500_000_000      # np.int32 would wrap to negative
    with pytest.raises(ValueError, match=r"'d' parameter of f must be an int >= 1\. Got True"):
        check_int(True, "d", "f", low=1)
    with pytest.raises(ValueError, match=r"'iters' parameter of f must be an int in \[1, "):
        check_int(2**62, "iters", "f", low=1, high=MAX_ITER)


def test_rng_must_be_a_generator_a_seed_or_none():
    assert isinstance(check_rng(None, "rng", "f"), np.random.Generator)
    g = np.random.default_rng(0)
    assert check_rng(g, "rng", "f") is g
    assert check_rng(np.int64(3), "rng", "f").integers(10**9) == \
        np.random.default_rng(3).integers(10**9)
    for bad in ("0", 1.5, np.random.RandomState(0), True):
        with pytest.raises(TypeError, match=r"The 'rng' parameter of f must be None, a seed"):
            check_rng(bad, "rng", "f")


def test_shape_agreement_names_both_parameters():
    with pytest.raises(ValueError, match=r"The 'X' and 'y' parameters of fit must have the same "
                       r"number of rows\. Got 3 and 2 instead\."):
        check_same_length("fit", X=np.zeros((3, 2)), y=np.zeros(2))
    assert check_same_length("fit", X=np.zeros((3, 2)), y=np.zeros(3)) == 3


def test_documented_preconditions_are_checked():
    with pytest.raises(ValueError, match="'K' parameter of f must be a symmetric matrix"):
        check_symmetric(np.array([[1.0, 2.0], [0.0, 1.0]]), "K", "f")
    with pytest.raises(ValueError, match="'K' parameter of f must be a positive semi-definite "
                       "matrix. Got <array of shape \\(2, 2\\), smallest eigenvalue -1"):
        check_psd(np.array([[0.0, 1.0], [1.0, 0.0]]), "K", "f")
    check_psd(np.array([[1.0, 1.0], [1.0, 1.0]]), "K", "f")
    with pytest.raises(ValueError, match="summing to 1"):
        check_distribution(np.array([0.5, 0.6]), "p", "f")
    with pytest.raises(ValueError, match=r"entries >= 0"):
        check_distribution(np.array([1.5, -0.5]), "p", "f")
    with pytest.raises(ValueError, match="'candidates' parameter of f must be non-empty"):
        check_nonempty([], "candidates", "f")


def test_a_bool_is_an_option_only_where_a_bool_is_listed():
    assert True not in Options(1, 2) and np.True_ not in Options(1, 2, "inf")
    assert 1 in Options(1, 2) and True in Options(True, False)
    assert True in Bool() and np.False_ in Bool() and 1 not in Bool()


def test_full_column_rank_names_the_shape_and_the_rank_received():
    A = np.array([[1.0, 2.0], [2.0, 4.0], [3.0, 6.0]])  # second column = 2 x the first
    with pytest.raises(ValueError, match=r"The 'A' parameter of f must be an array of full "
                       r"column rank \(k ≤ n linearly independent columns\)\. Got <array of "
                       r"shape \(3, 2\), rank 1> instead\."):
        check_full_column_rank(A, "A", "f")
    for bad, rank in ((np.ones((2, 3)), 1), (np.eye(2, 3), 2), (np.zeros((3, 0)), 0)):
        with pytest.raises(ValueError, match=re.escape(f"Got <array of shape {bad.shape}, "
                                                       f"rank {rank}> instead.")):
            check_full_column_rank(bad, "A", "f")
    with pytest.raises(ValueError, match="must be a 2-D array"):
        check_full_column_rank(np.ones(3), "A", "f")
    # independent up to rounding only: numpy's matrix_rank tolerance counts it once
    near = np.c_[A[:, 0], A[:, 0] * (1 + 2 * np.finfo(float).eps)]
    with pytest.raises(ValueError, match="rank 1"):
        check_full_column_rank(near, "A", "f")
    tall = np.array([[1.0, 0.0], [0.0, 1e-200], [1.0, 1.0]])
    assert check_full_column_rank(tall, "A", "f") is tall


@pytest.mark.parametrize("X, dtype", [
    (np.array(["1", "2"]), "<U1"), (["1.5", "2"], "<U3"), (np.array([b"1"]), "|S1"),
    ("3", "<U1"), (np.array(["1", 2.0], dtype=object), "object holding strings")])
def test_numeric_strings_are_refused_not_parsed(X, dtype):
    with pytest.raises(ValueError, match=re.escape(
            f"The 'X' parameter of f must be an array of numbers, not strings. Got <array of "
            f"dtype {dtype}, shape {np.shape(X)}> instead.")):
        check_array(X, "X", "f", ndim=None)
    with pytest.raises(TypeError, match="not strings"):  # refused before eva's dtype=None cast
        check_array(X, "X", "f", ndim=None, dtype=None)


@pytest.mark.parametrize("X, dtype", [
    (np.array([True, False]), "bool"), ([[True], [False]], "bool"),
    (np.array([np.True_, 2.0], dtype=object), "object holding bools")])
def test_bool_arrays_are_refused_unless_the_caller_takes_a_mask(X, dtype):
    with pytest.raises(ValueError, match=re.escape(
            f"The 'X' parameter of f must be an array of numbers, not bools (True would count "
            f"as 1). Got <array of dtype {dtype}, shape {np.shape(X)}> instead.")):
        check_array(X, "X", "f", ndim=None)
    got = check_array(X, "X", "f", ndim=None, allow_bool=True)
    assert got.dtype == np.float64 and np.array_equal(got, np.asarray(X, dtype=float))


def test_documented_masks_and_labels_take_bools_as_their_0_1_values():
    from numerics.fairness.metrics import auc, dp_gap, eo_gap
    from theory.cupid import aurc, auroc
    from theory.prism._candidates import check_mask

    y = np.array([0, 1, 1, 0, 1])
    p = np.array([0.2, 0.9, 0.4, 0.6, 0.7])
    s = np.array([1, 0, 1, 0, 0])
    yb, sb = y.astype(bool), s.astype(bool)
    assert auroc(yb, p) == auroc(y, p) and aurc(yb, p) == aurc(y, p)
    assert auc(yb, p) == auc(y, p) and dp_gap(p, sb) == dp_gap(p, s)
    assert eo_gap(yb, p, sb) == eo_gap(y, p, s)
    M = np.array([[1, 0, 1], [0, 1, 0]])
    assert np.array_equal(check_mask(M.astype(bool), "f"), check_mask(M, "f"))
