"""Software tests of theory.multisets: validation, pairwise matrices, properties, search."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from numerics.multisets.search import (
    emd_linprog,
    log_ratio_and_grad,
    matching_bruteforce,
    search_sup,
)
from theory.multisets import (
    aggregate,
    attention,
    emd,
    hausdorff,
    lipschitz_constant,
    matching,
    pairwise_distances,
)


def _sets(max_size=4, d=2):
    elem = st.floats(-5, 5, allow_nan=False, allow_infinity=False)
    return st.integers(1, max_size).flatmap(
        lambda m: arrays(np.float64, (m, d), elements=elem).filter(
            lambda A: np.all(np.linalg.norm(A, axis=1) > 1e-3)))


@settings(max_examples=60, deadline=None)
@given(_sets(), _sets(), _sets())
def test_multisets_prop22_matching_is_metric_matches_hypothesis(X, Y, Z):
    assert matching(X, Y) == pytest.approx(matching(Y, X), abs=1e-12)
    assert matching(X, Y) <= matching(X, Z) + matching(Z, Y) + 1e-9
    assert matching(X, X) == 0


@settings(max_examples=40, deadline=None)
@given(_sets(max_size=5), _sets(max_size=5))
def test_multisets_sec2_matching_pad_matches_bruteforce(X, Y):
    assert matching(X, Y) == pytest.approx(matching_bruteforce(X, Y), rel=1e-12, abs=1e-12)


def test_multisets_sec2_emd_matches_linprog(seed):
    rng = np.random.default_rng(seed)
    for m, n in ((1, 1), (3, 5), (4, 4), (6, 2)):
        X, Y = rng.normal(size=(m, 3)), rng.normal(size=(n, 3))
        assert emd(X, Y) == pytest.approx(emd_linprog(X, Y), abs=1e-7)


def test_pseudometric_cases():
    v = np.array([[1.0, 2.0]])
    assert emd(v, np.vstack([v, v])) == 0
    assert matching(v, np.vstack([v, np.zeros((1, 2))])) == 0


def test_pairwise_distances_match_single_calls(seed):
    rng = np.random.default_rng(seed)
    sets = [rng.normal(size=(int(rng.integers(1, 6)), 3)) for _ in range(6)]
    sets.append(rng.normal(size=(4, 3)))
    sets.append(rng.normal(size=(4, 3)))
    joint = pairwise_distances(sets, ("emd", "hausdorff", "matching"))
    for name, f in (("emd", emd), ("hausdorff", hausdorff), ("matching", matching)):
        D = pairwise_distances(sets, name)
        assert np.array_equal(D, joint[name])
        assert D.shape == (8, 8)
        assert np.allclose(D, D.T)
        for i in range(8):
            for j in range(8):
                ref = emd_linprog(sets[i], sets[j]) if name == "emd" else f(sets[i], sets[j])
                assert D[i, j] == pytest.approx(ref, abs=1e-7)


@pytest.mark.parametrize("call, match", [
    (lambda: emd(np.zeros((0, 2)), np.ones((1, 2))), "'X' parameter of emd"),
    (lambda: hausdorff(np.ones((2, 2)), np.ones((2, 3))), "'Y' parameter of hausdorff"),
    (lambda: matching(np.array([[np.nan, 1.0]]), np.ones((1, 2))), "'X'.*finite"),
    (lambda: matching(np.ones((1, 2)), np.array([[np.inf, 1.0]])), "'Y'.*finite"),
    (lambda: emd(np.ones(3), np.ones((1, 3))), "'X'.*2-D"),
    (lambda: aggregate(np.ones((2, 2)), "median"), "'kind' parameter of aggregate"),
    (lambda: lipschitz_constant("sum", "wasserstein", d=2), "'distance'"),
    (lambda: lipschitz_constant("prod", "emd", d=2), "'aggregator'"),
    (lambda: lipschitz_constant("sum", "emd", d=0), "'d'"),
    (lambda: lipschitz_constant("sum", "emd", d=2, equal_size=0), "'equal_size'"),
    (lambda: pairwise_distances([np.ones((2, 2))], "l2"), "'distance'"),
    (lambda: pairwise_distances([np.ones((2, 2)), np.ones((2, 3))], "emd"), "'sets\\[1\\]'"),
    (lambda: pairwise_distances([], "emd"), "'sets'"),
    (lambda: attention(np.ones((2, 2)), np.ones((3, 3)), np.ones(3)), "'W'"),
    (lambda: attention(np.ones((2, 2)), np.ones((3, 2)), np.ones(2)), "'q'"),
])
def test_bad_input_names_the_parameter(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_search_gradients_match_finite_differences(seed):
    from scipy.optimize import check_grad

    rng = np.random.default_rng(seed)
    for agg in ("sum", "mean", "max"):
        for dist in ("emd", "hausdorff", "matching"):
            m, n, d = 3, 4, 2
            z = rng.normal(size=(m + n) * d)
            args = (agg, dist, m, n, d)
            err = check_grad(lambda z, *a: log_ratio_and_grad(z, *a)[0],
                             lambda z, *a: log_ratio_and_grad(z, *a)[1], z, *args)
            assert err < 1e-5, (agg, dist, err)


def test_search_stays_below_constant_in_other_dimensions(seed):
    for d in (1, 2):
        res = search_sup("max", "hausdorff", d=d, n_random=80, n_starts=3, rng=seed)
        assert res.sup <= np.sqrt(d) * (1 + 1e-9)
        res = search_sup("max", "matching", d=d, equal_size=2, n_random=80, n_starts=3, rng=seed)
        assert res.sup <= 1 + 1e-9
