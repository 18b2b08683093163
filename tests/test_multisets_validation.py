"""Bad input to the torch set networks raises through the validation template (issue 15)."""

import numpy as np
import pytest
import torch

from numerics.multisets.networks import SetNetwork, pad_sets, pool, predict
from theory.validation import InvalidParameterError


def test_pad_sets_rejects_1d_and_nan_and_mismatched_dims():
    with pytest.raises(InvalidParameterError, match="'sets\\[0\\]' parameter of pad_sets"):
        pad_sets([np.zeros(3)], device="cpu")
    with pytest.raises(InvalidParameterError, match="finite"):
        pad_sets([np.array([[np.nan, 1.0]])], device="cpu")
    with pytest.raises(InvalidParameterError, match="'sets\\[1\\]'"):
        pad_sets([np.ones((2, 2)), np.ones((2, 3))], device="cpu")


def test_predict_rejects_nan_and_wrong_dimension():
    m = SetNetwork("mean", 2, hidden=(4,), device="cpu")
    with pytest.raises(InvalidParameterError, match="parameter of predict"):
        predict(m, [np.array([[np.nan, 1.0]])])
    with pytest.raises(InvalidParameterError, match="in_dim"):
        predict(m, [np.ones((3, 3))])


@pytest.mark.parametrize("kind", ["sum", "mean", "max"])
def test_pool_rejects_all_masked_multiset(kind):
    x, mask = pad_sets([np.ones((2, 2)), np.ones((1, 2))], device="cpu")
    mask[1] = False
    with pytest.raises(InvalidParameterError, match="'mask' parameter of pool"):
        pool(x, mask, kind)


def test_pool_unchanged_on_valid_masks():
    x, mask = pad_sets([np.array([[1.0, -2.0], [3.0, 0.5]]), np.array([[-1.0, 4.0]])],
                       device="cpu", dtype=torch.float64)
    np.testing.assert_allclose(pool(x, mask, "mean").numpy(), [[2.0, -0.75], [-1.0, 4.0]])
    np.testing.assert_allclose(pool(x, mask, "max").numpy(), [[3.0, 0.5], [-1.0, 4.0]])


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")
def test_validation_on_cuda():
    x, mask = pad_sets([np.ones((2, 2))], device="cuda")
    mask[:] = False
    with pytest.raises(InvalidParameterError, match="'mask'"):
        pool(x, mask, "mean")
