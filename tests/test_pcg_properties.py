"""Property tests (hypothesis) of theory.pcg's public functions: random valid inputs satisfy the
functions' invariants (periods divide 2^k, outputs are b-bit words, scalar and batch paths agree,
the two-lag rule is exact), random invalid inputs are refused naming the parameter. The example
database is off and the search derandomised, so every run draws the same inputs."""

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import theory.pcg as G
from tests.refusals import refused

PINNED = settings(database=None, derandomize=True, deadline=None, max_examples=25)



@st.composite
def full_period_lcg(draw, k_min=4, k_max=12):
    k = draw(st.integers(k_min, k_max))
    m = 1 << k
    a = 4 * draw(st.integers(1, m // 4 - 1)) + 1
    c = 2 * draw(st.integers(0, m // 2 - 1)) + 1
    s0 = draw(st.integers(0, m - 1))
    return a, c, s0, k


@PINNED
@given(full_period_lcg())
def test_full_period_lcg_visits_every_state_and_periods_divide_2k(p):
    a, c, s0, k = p
    m = 1 << k
    S = G.lcg(a, c, s0, k, 2 * m)
    assert G.full_period(a, c, k) and sorted(S[:m]) == list(range(m))
    per = G.sequence_period(S)
    assert per == m and (1 << k) % per == 0
    for j in range(k):
        bits = [(s >> j) & 1 for s in S]
        bp = G.sequence_period(bits)
        assert bp == G.bit_period(a, c, k, j) and m % bp == 0


@PINNED
@given(st.integers(2, 10), st.integers(1, 2**10), st.integers(0, 2**10), st.data())
def test_any_lcg_period_divides_2k(k, a, c, data):
    m = 1 << k
    a, c = a % m, c % m
    a |= 1  # an odd multiplier: a permutation of the states, so the orbit of s0 is a cycle
    s0 = data.draw(st.integers(0, m - 1))
    S = G.lcg(a, c, s0, k, 2 * m)
    assert m % G.sequence_period(S) == 0


@PINNED
@given(full_period_lcg(k_min=6, k_max=14),
       st.sampled_from(["tlcg", "xshrr", "xshrs", "xslrr", "rs", "rr"]), st.integers(1, 40))
def test_outputs_are_b_bit_words_and_batch_matches_scalar_path(p, kind, n):
    a, c, s0, k = p
    k += k % 2  # even k: valid for XSL-RR too
    a, c, s0 = a % (1 << k), c % (1 << k), s0 % (1 << k)
    b = k // 2
    cb = {"tlcg": None, "xslrr": 1, "xshrr": 1, "xshrs": 1, "rs": 1, "rr": 1}[kind]
    if not G.valid(kind, k, None if kind == "xslrr" else b, cb):
        return
    one = G.generate(kind, a, c, s0, k, n, b=b, cb=cb)
    many = G.generate(kind, np.array([a, a]), np.array([c, c]), np.array([s0, s0]), k, n, b=b,
                      cb=cb)
    assert many.shape == (2, n) and many[0].tolist() == one == many[1].tolist()
    assert all(0 <= x < (1 << b) for x in one)


@PINNED
@given(full_period_lcg(k_min=6, k_max=14), st.data())
def test_two_lag_predictor_is_exact_from_T_plus_P(p, data):
    a, c, s0, k = p
    b = data.draw(st.integers(2, k - 1))
    T, P = G.predictor_lags(k, b)
    x = G.generate("tlcg", a, c, s0, k, T + P + 64, b=b)
    pred = G.two_lag_predictor(x, k, b)
    assert (pred[:T + P] == -1).all() and pred[T + P:].tolist() == x[T + P:]
    assert G.lag_rule_accuracy(x, b, T, P) == 1.0


@PINNED
@given(st.integers(1, 40))
def test_rotation_orbits_is_burnside_and_matches_enumeration_when_small(b):
    n = G.rotation_orbits(b)

    def phi(d):
        return sum(math.gcd(i, d) == 1 for i in range(1, d + 1))

    # the divisor form of the necklace count, (1/b) Σ_{d | b} φ(d) 2^(b/d)
    assert n * b == sum(phi(d) << (b // d) for d in range(1, b + 1) if b % d == 0)
    assert n >= 2 and n * b >= 1 << b
    if b <= 12:
        assert n == len(np.unique(G.rotation_orbit_labels(b)))


@PINNED
@given(st.integers(1, 64), st.integers(-200, 200), st.data())
def test_rotr_is_a_bijection_undone_by_the_opposite_rotation(w, r, data):
    x = data.draw(st.integers(0, (1 << w) - 1))
    y = G.rotr(x, r, w)
    assert 0 <= y < 1 << w and y.bit_count() == x.bit_count()
    assert G.rotr(y, -r, w) == x


@PINNED
@given(st.integers(1, 2**64))
def test_v2_is_the_number_of_trailing_zero_bits(n):
    v = G.v2(n)
    assert n % (1 << v) == 0 and (n >> v) % 2 == 1


# ---- invalid inputs: refused naming the parameter -------------------------------------------
not_ints = st.one_of(st.floats(allow_nan=True), st.booleans(), st.text(max_size=2),
                     st.just(None), st.just(np.float64(3.0)))


@PINNED
@given(not_ints)
def test_non_integers_are_refused(v):
    refused("n", G.lcg, 5, 3, 0, 8, v)
    refused("k", G.tlcg, 3, v, 2)
    refused("b", G.rotation_orbits, v)
    refused("s0", G.lcg, 5, 3, v, 8, 4)
    refused("a", G.lcg_batch, v, 3, 0, 8, 4)


@PINNED
@given(st.integers(2, 16), st.data())
def test_states_outside_0_to_2k_are_refused(k, data):
    s = data.draw(st.one_of(st.integers(-(2**20), -1), st.integers(1 << k, 1 << 40)))
    refused("s", G.tlcg, s, k, 1)
    refused("s", G.output, "rr" if k >= 3 else "tlcg", s, k, 2 if k >= 3 else 1, 0)
    refused("s0", G.lcg, 1, 1, s, k, 2)
    refused("s0", G.lcg_batch, 1, 1, [0, s], min(k, 31), 2)


@PINNED
@given(st.lists(st.one_of(st.floats(allow_nan=True), st.booleans()), min_size=1, max_size=6),
       st.integers(0, 3))
def test_sequences_holding_non_integers_are_refused(bad, at):
    x = [1, 2, 3]
    x.insert(at, bad[0])
    refused("x", G.sequence_period, x)
    refused("x", G.two_lag_predictor, x, 8, 4)


@PINNED
@given(st.integers(10**7 + 1, 2**70))
def test_unbounded_lengths_are_refused(n):
    refused("n", G.lcg, 5, 3, 0, 8, n)
    refused("n", G.generate, "tlcg", 5, 3, 0, 8, n, b=4)
    refused("n", G.pcg32, 1, 1, n)
    refused("n", G.pcg64_xslrr, 1, 1, n)
    refused("b", G.rotation_orbits, n)
