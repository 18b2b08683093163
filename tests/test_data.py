"""Loaders read offline data and fail with a message naming what is missing."""

import pytest

from numerics.data import DataUnavailable, data_file, load_digits


def test_digits_shape_and_labels():
    d = load_digits()
    assert d.images.shape == (1797, 8, 8)
    assert d.X.shape == (1797, 64)
    assert set(d.target.tolist()) == set(range(10))


def test_missing_data_file_names_the_file():
    with pytest.raises(DataUnavailable, match="no_such_file.csv.gz"):
        data_file("no_such_file.csv.gz")
