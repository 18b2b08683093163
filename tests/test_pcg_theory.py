"""Software tests of theory.pcg: validation messages, scalar and vectorised paths agree, the
reference generators, periods and the two-lag predictor (claims: pcg.gen.*, pcg.struct.*,
pcg.baseline.*)."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from theory.pcg import (
    generate,
    lag_difference_period,
    lcg,
    lcg_batch,
    pcg32,
    pcg64_xslrr,
    rotation_orbits,
    rotr,
    sequence_period,
    two_lag_predictor,
    valid,
    xshrr,
    xshrs,
    xslrr,
)
from theory.pcg._kat import CODE_VECTORS, PCG32_42_54, S0, A, C


@pytest.mark.parametrize("key", list(CODE_VECTORS), ids=str)
def test_pcg_gen_variants_match_code_vectors(key):
    kind, k, b, cb = key
    assert generate(kind, A, C, S0, k, 16, b=b, cb=cb) == CODE_VECTORS[key]


def test_pcg_gen_pcg32_published_vector():
    assert tuple(pcg32(42, 54, 6)) == PCG32_42_54


def test_pcg_gen_numpy_pcg64_random_raw():
    g = np.random.PCG64(7)
    st_ = g.state["state"]
    assert pcg64_xslrr(st_["state"], st_["inc"], 50) == [int(v) for v in g.random_raw(50)]


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 2**14), st.integers(0, 2**14), st.integers(0, 2**15 - 1),
       st.sampled_from(["tlcg", "xshrr", "xshrs", "xslrr", "rs", "rr"]))
def test_batch_path_matches_python_ints(j, c, s0, kind):
    k = 16 if kind == "xslrr" else 15  # XSL-RR folds halves: an even k
    a, c = (4 * j + 1) % 2**15, (2 * c + 1) % 2**15
    b, cb = {"tlcg": (7, None), "xshrr": (7, 3), "xshrs": (7, 1), "xslrr": (None, 3),
             "rs": (7, 2), "rr": (7, 2)}[kind]
    one = generate(kind, a, c, s0, k, 20, b=b, cb=cb)
    many = generate(kind, np.array([a, a]), np.array([c, c]), np.array([s0, s0]), k, 20, b=b,
                    cb=cb)
    assert many.shape == (2, 20) and many[1].tolist() == one
    assert lcg_batch([a], [c], [s0], k, 20)[0].tolist() == lcg(a, c, s0, k, 20)


def test_xshrs_variants_agree_at_64_32_only():
    s = 0x0123456789ABCDEF
    assert xshrs(s, 64, 32, 3) == xshrs(s, 64, 32, 3, "oneill")
    S = np.arange(1 << 16)
    assert not np.array_equal(xshrs(S, 16, 8, 2), xshrs(S, 16, 8, 2, "oneill"))
    assert np.array_equal(xshrr(S, 16, 8, 3), xshrr(S, 16, 8, 3, "oneill"))


def test_rotr_and_orbits():
    assert rotr(0b0001, 1, 4) == 0b1000 and rotr(0b1011, 4, 4) == 0b1011
    assert [rotation_orbits(b) for b in (1, 2, 3, 4, 8)] == [2, 3, 4, 6, 36]


def test_sequence_period_and_lag_difference():
    assert sequence_period([1, 2, 1, 2, 1, 2]) == 2
    assert sequence_period([1, 2, 3]) == 3
    a, k = 4 * 7 + 1, 12  # v2(a - 1) = 2
    S = np.array(lcg(a, 3, 0, k, 3 * 4096))
    D = (S[8:8 + 8192] - S[:8192]) % 4096
    assert sequence_period(D) == lag_difference_period(a, k, 3) == 2 ** (12 - 2 - 3)


def test_two_lag_predictor_exact_and_abstains():
    x = generate("tlcg", 4005, 12345, 777, 16, 1000, b=8)
    pred = two_lag_predictor(x, 16, 8)
    assert (pred[:320] == -1).all() and (pred[320:] == np.array(x)[320:]).all()


def test_valid_matches_code_constraints():
    assert valid("xshrs", 16, 8, 2) and not valid("xshrs", 16, 8, 3)
    assert valid("xshrr", 16, 8, 3) and not valid("xshrr", 10, 8, 2)
    assert valid("xslrr", 16, None, 3) and not valid("xslrr", 16, 7, 3)


@pytest.mark.parametrize("call, param", [
    (lambda: lcg(5, 3, 0, 8, -1), "n"),
    (lambda: lcg(300, 3, 0, 8, 4), "a"),
    (lambda: xshrr(5, 16, 8, 3, variant="other"), "variant"),
    (lambda: xshrs(5, 16, 8, 3), "cb"),
    (lambda: xslrr(5.0, 16, 3), "s"),
    (lambda: lcg_batch([5], [3], [0], 40, 4), "k"),
    (lambda: generate("mt19937", 5, 3, 0, 8, 4), "kind"),
    (lambda: lag_difference_period(7, 10, 2), "a"),
    (lambda: two_lag_predictor(np.zeros((2, 2)), 8, 4), "x"),
    (lambda: pcg32(-1, 0, 3), "initstate"),
])
def test_bad_input_names_the_parameter(call, param):
    with pytest.raises(ValueError, match=f"The '{param}' parameter of .* must be"):
        call()
