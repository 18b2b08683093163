"""The one message template of parameter validation."""

import numpy as np
import pytest

from theory.compression import bernoulli_rate_only_oneshot
from theory.validation import Interval, Options, check_array, check_param


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


def test_options_message():
    with pytest.raises(ValueError, match=r"must be one of \{'A', 'B'\}. Got 'C' instead."):
        check_param("convention", "C", Options("A", "B"), "f")


@pytest.mark.parametrize("X, what", [([1.0, 2.0], "2-D"), (np.zeros((0, 2)), "at least 1"),
                                     ([[np.nan, 1.0]], "finite")])
def test_check_array(X, what):
    with pytest.raises(ValueError, match=what):
        check_array(X, "X", "emd")
