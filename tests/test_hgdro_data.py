"""Data of the hierarchical group DRO topic: coloured digits with a rotated group, the latent
model with a minority shift."""

import numpy as np
import pytest

from numerics.hgdro.data import colored_digits, latent_groups
from theory.validation import InvalidParameterError


@pytest.fixture(scope="module")
def digits():
    return colored_digits(random_state=0)


def test_colored_digits_splits_and_groups(digits):
    assert digits.train.X.shape == (900, 128)
    assert len(digits.val.y) == 300 and len(digits.test.y) == 597
    for split in (digits.train, digits.val, digits.test):
        red = split.X[:, :64].sum(1) > 0
        assert np.array_equal(split.g, 2 * red + split.y)
        assert np.all((split.X[:, :64] == 0) | (split.X[:, 64:] == 0))
    # colour agrees with y = 0 in 80 % of training images, 10 % of test images (± noise)
    tr_agree = np.mean((digits.train.g >= 2) == (digits.train.y == 0))
    te_agree = np.mean((digits.test.g >= 2) == (digits.test.y == 0))
    assert 0.72 < tr_agree < 0.88 and te_agree < 0.2


def test_shift_rotates_only_group_3(digits):
    same = np.all(digits.test.X == digits.test_shifted.X, axis=1)
    assert np.array_equal(~same, (digits.test.g == 3) & ~same)
    assert np.mean(same[digits.test.g == 3]) < 0.2
    assert np.all(same[digits.test.g != 3])
    i = np.flatnonzero(digits.test.g == 3)[0]
    img = digits.test.X[i, :64].reshape(8, 8)
    assert np.array_equal(digits.test_shifted.X[i, :64].reshape(8, 8), np.rot90(img))


def test_colored_digits_is_seeded():
    a, b = colored_digits(random_state=3), colored_digits(random_state=3)
    assert np.array_equal(a.train.X, b.train.X) and np.array_equal(a.test.g, b.test.g)


def test_latent_groups_shift_moves_minority_core_mean():
    a = latent_groups((4000,) * 4, 0.0, random_state=0)
    b = latent_groups((4000,) * 4, 0.8, random_state=0)
    for g in range(4):
        ma, mb = a.X[a.g == g, 0].mean(), b.X[b.g == g, 0].mean()
        lab = 1 if g % 2 else -1
        expected = lab * 0.8 if g in (1, 2) else 0.0
        assert abs((ma - mb) - expected) < 0.05
    assert set(np.unique(a.y)) == {-1.0, 1.0}


def test_data_validation():
    with pytest.raises(InvalidParameterError, match="'delta' parameter of latent_groups"):
        latent_groups(delta=-1.0)
    with pytest.raises(InvalidParameterError, match="'shift' parameter of colored_digits"):
        colored_digits(shift="rot45")
