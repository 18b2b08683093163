"""Unit tests of the Jumbo closed forms: validation, spot values, and the enumerations."""

import math

import pytest

from theory.jumbo import (
    configs,
    ffn_flop_ratio,
    flops_jumbo,
    flops_vit_registers,
    num_patches,
    params_jumbo,
    params_vit_registers,
)
from theory.jumbo._reference import count_weights, expand_keys, weight_tensors
from theory.validation import InvalidParameterError


def test_configs_match_released_code():
    v3, v1 = configs("v3"), configs("v1")
    assert list(v3) == ["pico", "nano", "tiny", "small", "base"]
    assert list(v1) == ["pico", "nano", "tiny", "small"]
    assert v3["base"]["J"] == 3 and all(v3[k]["J"] == 6 for k in v1)
    assert all(c["N"] == 196 and c["L"] == 12 for c in v3.values())


@pytest.mark.parametrize("call", [
    lambda: params_jumbo(0, 12, 6, 1000, 196),
    lambda: params_jumbo(96, 12, 6, 1000, 196, variant="v2"),
    lambda: params_vit_registers(96, 12, -1, 1000, 196),
    lambda: flops_jumbo(96.0, 12, 6, 1000, 196),
    lambda: flops_vit_registers(96, 0, 16, 1000, 196),
    lambda: ffn_flop_ratio(0, 196),
    lambda: num_patches(225, 16),
    lambda: configs("v2"),
])
def test_bad_input_raises_with_the_template(call):
    with pytest.raises(InvalidParameterError, match=r"parameter of .* must be .* Got .* instead"):
        call()


def test_unused_cls_is_d_weights():
    assert params_jumbo(96, 12, 6, 1000, 196) - params_jumbo(96, 12, 6, 1000, 196,
                                                             unused_cls=False) == 96


def test_plain_vit_is_registers_with_r0():
    assert params_vit_registers(96, 12, 16, 1000, 196) - params_vit_registers(
        96, 12, 0, 1000, 196) == 16 * 96
    assert flops_vit_registers(96, 12, 0, 1000, 196) < flops_vit_registers(96, 12, 16, 1000, 196)


def test_expanded_keys_count_equals_symbolic_count():
    t = weight_tensors("jumbo_v3", 8, 2, 10, 16, 2, 1, J=4)
    keys = expand_keys(t, 2)
    total = sum(math.prod(s) for s in keys.values())
    assert total == count_weights(t) == params_jumbo(8, 2, 4, 10, 16, p=2, c=1)
    assert "blocks.1.norm3.weight" in keys and "jumbo_mlp.fc1.weight" in keys
