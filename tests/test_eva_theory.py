"""Software tests of theory.eva: validation messages, agreement of the three WKV forms
(hypothesis), the cost counters, tokens and representations."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from theory.eva import (
    count_image,
    count_image_state,
    decayed_count_image,
    decayed_count_state,
    event_ids,
    event_ids_precursor,
    layer_flops_per_event,
    parallel_flops,
    per_event_flops,
    random_events,
    reset_error,
    reset_state,
    time_surface,
    wkv_chunked,
    wkv_parallel,
    wkv_recurrent,
)
from theory.eva._cost import count_parallel, count_recurrent


def _inputs(rng, T, dk, dv, mu=-1.0):
    r, k, v = rng.normal(size=(T, dk)), rng.normal(size=(T, dk)), rng.normal(size=(T, dv))
    w = np.exp(-np.exp(np.minimum(rng.normal(mu, 1, size=(T, dk)), 3)))
    return r, k, v, w, rng.normal(size=dk)


@settings(max_examples=25, deadline=None)
@given(T=st.integers(0, 40), dk=st.integers(1, 6), dv=st.integers(1, 5),
       chunk=st.integers(1, 50), mu=st.floats(-4, 2), seed=st.integers(0, 2**16))
def test_wkv_recurrent_eq_parallel_eq_chunked(T, dk, dv, chunk, mu, seed):
    rng = np.random.default_rng(seed)
    args = _inputs(rng, T, dk, dv, mu)
    S0 = rng.normal(size=(dk, dv))
    o1, s1 = wkv_recurrent(*args, S0, return_state=True)
    o2, s2 = wkv_parallel(*args, S0, return_state=True)
    o3, s3 = wkv_chunked(*args, S0, chunk=chunk, return_state=True)
    sc = max(1.0, np.abs(o1).max() if T else 1.0, np.abs(s1).max())
    for a, b in ((o2, o1), (o3, o1), (s2, s1), (s3, s1)):
        np.testing.assert_allclose(a / sc, b / sc, atol=1e-10)


def test_wkv_float32_stays_float32():
    args = [a.astype(np.float32) for a in _inputs(np.random.default_rng(0), 10, 3, 2)]
    for fn in (wkv_recurrent, wkv_parallel, wkv_chunked):
        assert fn(*args).dtype == np.float32


@pytest.mark.parametrize("fn", [wkv_recurrent, wkv_parallel, wkv_chunked])
def test_wkv_rejects_decay_outside_unit_interval(fn):
    r, k, v, w, u = _inputs(np.random.default_rng(0), 4, 2, 2)
    w[0, 0] = 1.5
    with pytest.raises(ValueError, match=r"The 'w' parameter of wkv_\w+ must be an array of "
                       r"decays in \(0, 1\]"):
        fn(r, k, v, w, u)


def test_wkv_rejects_bad_shapes_and_chunk():
    r, k, v, w, u = _inputs(np.random.default_rng(0), 4, 2, 2)
    with pytest.raises(ValueError, match="The 'k' parameter of wkv_recurrent must be an array "
                       r"of shape \(4, 2\)"):
        wkv_recurrent(r, k[:3], v, w, u)
    with pytest.raises(ValueError, match="The 'u' parameter of wkv_parallel"):
        wkv_parallel(r, k, v, w, u[:1])
    with pytest.raises(ValueError, match="The 'chunk' parameter of wkv_chunked must be an int "
                       ">= 1. Got 0 instead."):
        wkv_chunked(r, k, v, w, u, chunk=0)


def test_cost_counters_match_closed_forms():
    args = _inputs(np.random.default_rng(1), 6, 3, 2)
    o, steps = count_recurrent(*args)
    assert steps == [per_event_flops(3, 2)] * 6
    np.testing.assert_allclose(o, wkv_recurrent(*args), atol=1e-12)
    o, n = count_parallel(*args)
    assert n == parallel_flops(6, 3, 2)
    assert per_event_flops(64, 64, heads=4) == 4 * (5 * 4096 + 3 * 64 + 2 * 64)
    assert layer_flops_per_event(256, 64) == 10 * 256**2 + 2 * (2 * 896 * 256 + 256**2) \
        + 4 * per_event_flops(64, 64)
    with pytest.raises(ValueError, match="The 'd_k' parameter of per_event_flops must be an int "
                       ">= 1. Got 0 instead."):
        per_event_flops(0, 4)
    with pytest.raises(ValueError, match="The 'd_head' parameter of layer_flops_per_event must "
                       "be a divisor of d = 256"):
        layer_flops_per_event(256, 48)


def test_event_ids_bijective_and_precursor_collides():
    P = 5
    p, y, x = (a.ravel() for a in np.meshgrid(np.arange(2), np.arange(P), np.arange(P),
                                              indexing="ij"))
    assert sorted(event_ids(p, y, x, P)) == list(range(2 * P * P))
    assert event_ids_precursor(1, 2, 3, P) == event_ids_precursor(0, 3, 3, P)
    assert len(np.unique(event_ids_precursor(p, y, x, P))) == P * P + P
    with pytest.raises(ValueError, match=r"The 'y' parameter of event_ids must be an array of "
                       r"integers in \[0, 5\)"):
        event_ids(0, 5, 0, P)
    with pytest.raises(ValueError, match="The 'patch' parameter of event_ids must be an int"):
        event_ids(0, 0, 0, 0)


def test_representations_and_their_states():
    rng = np.random.default_rng(2)
    E = random_events(rng, 60, (3, 5))
    np.testing.assert_array_equal(count_image_state(E, (3, 5)), count_image(E, (3, 5)))
    t = E[-1, 0] + 1.3
    np.testing.assert_allclose(decayed_count_state(E, (3, 5), 4.0, t),
                               decayed_count_image(E, (3, 5), 4.0, t), rtol=1e-12, atol=1e-15)
    ts = time_surface(E, (3, 5), 4.0)
    assert ts.max() == 1.0  # the last event's pixel
    np.testing.assert_allclose(reset_state(E, (3, 5), 4.0, 0.1) - ts,
                               reset_error(E, (3, 5), 4.0, 0.1), atol=1e-14)
    np.testing.assert_allclose(reset_state(E, (3, 5), 4.0, 1.0),
                               decayed_count_image(E, (3, 5), 4.0), rtol=1e-12)
    prec = time_surface(E[:1], (3, 5), 4.0, unvisited="precursor")
    assert np.isclose(prec.min(), np.exp(-E[0, 0] / 4.0))


def test_event_validation_messages():
    E = random_events(np.random.default_rng(3), 5, (2, 2))
    with pytest.raises(ValueError, match=r"The 'events' parameter of count_image must be sorted "
                       r"by time"):
        count_image(E[::-1], (2, 2))
    with pytest.raises(ValueError, match=r"The 'events' parameter of count_image must be an "
                       r"array whose x column holds integers in \[0, 1\)"):
        count_image(np.array([[0.0, 1, 0, 0]]), (2, 1))
    with pytest.raises(ValueError, match="The 'tau' parameter of decayed_count_image must be a "
                       "finite float > 0. Got 0 instead."):
        decayed_count_image(E, (2, 2), 0)
    with pytest.raises(ValueError, match="The 't' parameter of time_surface must be a (finite )?float >="):
        time_surface(E, (2, 2), 1.0, t=E[-1, 0] - 1)
    with pytest.raises(ValueError, match="The 'unvisited' parameter of time_surface must be one "
                       "of {'zero', 'precursor'}"):
        time_surface(E, (2, 2), 1.0, unvisited="one")
    with pytest.raises(ValueError, match=r"The 'eps' parameter of reset_state must be a float in "
                       r"\(0, 1\]"):
        reset_state(E, (2, 2), 1.0, 0.0)
