"""Property tests of theory.jumbo's counts: any integral type gives the exact Python-int count
(numpy's fixed-width integers must not wrap), the counts keep their structural identities, and
bools, zeros, floats and unknown variants are refused naming the parameter. Derandomised, no
example database."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from theory.jumbo import (
    attention_flops,
    ffn_flop_ratio,
    flops_jumbo,
    flops_vit_registers,
    jumbo_ffn_params,
    jumbo_ffn_share,
    num_patches,
    params_jumbo,
    params_vit_registers,
)

SET = settings(max_examples=40, deadline=None, derandomize=True, database=None)

dims = st.integers(1, 60_000)
small = st.integers(1, 64)
int_types = st.sampled_from([int, np.int32, np.int64, np.uint16, np.int16])


def cast(t, v):
    # a value that does not fit the narrow type is not representable in it: keep it a Python int
    info = np.iinfo(t) if t is not int else None
    return t(v) if info is None or info.min <= v <= info.max else v


@SET
@given(dims, small, int_types)
def test_ffn_params_exact_in_any_integral_type(D, J, t):
    got = jumbo_ffn_params(cast(t, D), cast(t, J))
    assert type(got) is int and got == 8 * J * J * D * D + 5 * J * D > 0


@SET
@given(dims, small, small, st.integers(1, 10_000), st.integers(1, 4096), int_types,
       st.sampled_from(["v3", "v1"]))
def test_counts_positive_and_type_independent(D, L, J, C, N, t, variant):
    args = (D, L, J, C, N)
    plain = params_jumbo(*args, variant=variant)
    typed = params_jumbo(*(cast(t, v) for v in args), variant=variant)
    assert type(typed) is int and typed == plain > 0
    f = flops_jumbo(*(cast(t, v) for v in args), variant=variant)
    assert type(f) is int and f == flops_jumbo(*args, variant=variant) > 0
    # the attention of a Jumbo ViT is that of a ViT over N + J tokens, and part of its FLOPs
    assert attention_flops(D, L, N + J) < f
    share = jumbo_ffn_share(D, L, J, C, N)
    assert 0 < share < 1


@SET
@given(dims, small, st.integers(0, 64), st.integers(1, 10_000), st.integers(1, 4096), int_types)
def test_registers_counts(D, L, R, C, N, t):
    p = params_vit_registers(cast(t, D), cast(t, L), cast(t, R), cast(t, C), cast(t, N))
    assert type(p) is int and p == params_vit_registers(D, L, R, C, N) > 0
    # one register more costs its D weights exactly
    assert params_vit_registers(D, L, R + 1, C, N) - params_vit_registers(D, L, R, C, N) == D
    f = flops_vit_registers(D, L, R, C, N)
    assert type(f) is int and f > attention_flops(D, L, N + R + 1)


@SET
@given(small, st.integers(1, 4096))
def test_ffn_ratio_is_j_squared_over_n(J, N):
    assert ffn_flop_ratio(J, N) == pytest.approx(J * J / N, rel=1e-15)


@SET
@given(st.integers(1, 64), st.integers(1, 64))
def test_num_patches(k, p):
    assert num_patches(k * p, p) == k * k


bad = st.sampled_from([0, -3, True, False, 2.0, 1.5, np.nan, "8", None, 1j])


@SET
@given(bad, st.sampled_from(["D", "J"]))
def test_bad_counts_are_refused_naming_them(v, name):
    kw = {"D": 192, "J": 6, name: v}
    with pytest.raises((ValueError, TypeError), match=f"'{name}'"):
        jumbo_ffn_params(**kw)


@SET
@given(bad, st.sampled_from(["D", "L", "J", "C", "N", "p", "c"]))
def test_bad_shapes_are_refused_by_params_jumbo(v, name):
    kw = {"D": 192, "L": 12, "J": 6, "C": 1000, "N": 196, name: v}
    with pytest.raises((ValueError, TypeError), match=f"'{name}'"):
        params_jumbo(**kw)


def test_unknown_variant_and_indivisible_image_are_refused():
    with pytest.raises(ValueError, match="'variant'"):
        flops_jumbo(192, 12, 6, 1000, 196, variant="v2")
    with pytest.raises(ValueError, match="'img'"):
        num_patches(225, 16)
    with pytest.raises(ValueError, match="'R'"):
        params_vit_registers(192, 12, -1, 1000, 196)
