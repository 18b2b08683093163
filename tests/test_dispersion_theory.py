"""Software tests of theory.dispersion: closed forms against pair sums and scipy, gradients
against scipy's check_grad, the binning protocol, and the validation messages."""

import numpy as np
import pytest
from scipy.optimize import check_grad
from scipy.spatial.distance import cdist, pdist

from theory.dispersion import (
    binned_correlation,
    chunk_dispersion,
    cross_dispersion,
    dispersion,
    g_statistic,
    implied_rho,
    inflation_closed_form,
    mean_resultant,
    push_away_grad,
    push_away_loss,
)
from theory.validation import InvalidParameterError


@pytest.fixture
def rng(seed):
    return np.random.default_rng(seed)


def test_dispersion_closed_matches_scipy_pdist(rng):
    E = rng.normal(size=(40, 7)) + rng.normal(size=7)
    assert dispersion(E) == pytest.approx(pdist(E, "cosine").mean(), rel=1e-12)
    assert dispersion(E, "pairs") == pytest.approx(dispersion(E), rel=1e-12)


def test_cross_dispersion_matches_scipy_cdist(rng):
    A, B = rng.normal(size=(9, 5)), rng.normal(size=(13, 5)) + 1
    assert cross_dispersion(A, B) == pytest.approx(cdist(A, B, "cosine").mean(), rel=1e-12)


def test_dispersion_is_scale_invariant_per_row(rng):
    E = rng.normal(size=(12, 4))
    assert dispersion(E * rng.uniform(0.1, 10, size=(12, 1))) == pytest.approx(dispersion(E))


def test_mean_resultant_norm_at_most_one(rng):
    assert np.linalg.norm(mean_resultant(rng.normal(size=(30, 3)))) <= 1 + 1e-15
    assert np.linalg.norm(mean_resultant(np.ones((4, 3)))) == pytest.approx(1.0)


def test_chunk_dispersion_both_units(rng):
    H = rng.normal(size=(5, 16, 8)) + 0.3
    per = chunk_dispersion(H)
    assert per.shape == (5,)
    np.testing.assert_allclose(per, [dispersion(h) for h in H], rtol=1e-12)
    assert chunk_dispersion(H, "chunk_vectors", "last") == pytest.approx(dispersion(H[:, -1]))
    assert chunk_dispersion(H, "chunk_vectors") == pytest.approx(dispersion(H.mean(1)))


def test_push_away_grad_matches_check_grad(rng):
    H = rng.normal(size=(6, 4)) + 1.0

    def f(x):
        return push_away_loss(x.reshape(6, 4))

    def g(x):
        return push_away_grad(x.reshape(6, 4)).ravel()

    assert check_grad(f, g, H.ravel(), epsilon=1e-7) < 1e-6
    assert push_away_loss(H) == pytest.approx(-dispersion(H))


def test_push_away_grad_orthogonal_to_each_vector(rng):
    H = rng.normal(size=(8, 5))
    G = push_away_grad(H)
    np.testing.assert_allclose(np.einsum("ij,ij->i", G, H), 0, atol=1e-14)


def test_g_statistic_is_within_plus_between(rng):
    W = rng.normal(size=(50, 6))
    g = g_statistic(W, np.arange(5), np.arange(5, 50))
    assert g["G"] == pytest.approx(g["within"] + g["between"])


def test_binned_correlation_protocol_steps():
    rng = np.random.default_rng(0)
    ppl = np.exp(rng.normal(2.5, 0.45, size=10_050))
    x = -0.2 * np.log(ppl) + rng.normal(size=ppl.size)
    b = binned_correlation(x, ppl, group=100, uniform_pick=None)
    assert b.n_groups == 100  # the 50 highest-PPL chunks are dropped
    assert np.all(np.diff(b.ppl_means) >= 0)
    c = binned_correlation(x, ppl, group=50, uniform_pick=30, ppl_max=25.0)
    assert c.n_groups <= 30 and np.all(c.ppl_means < 25)
    s = binned_correlation(x, ppl, group=100, uniform_pick=None, method="spearman")
    assert -1 <= s.r <= -0.5


def test_inflation_and_implied_rho_are_inverse():
    rho = np.linspace(-0.9, 0.9, 19)
    for G in (1, 20, 100):
        np.testing.assert_allclose(implied_rho(inflation_closed_form(rho, G), G), rho, atol=1e-12)
    assert inflation_closed_form(0.3, 1) == pytest.approx(0.3)


@pytest.mark.parametrize("call, name", [
    (lambda: dispersion(np.ones((1, 3))), "E"),
    (lambda: dispersion(np.zeros((3, 3))), "E"),
    (lambda: dispersion(np.ones((3, 3)), method="fast"), "method"),
    (lambda: dispersion([[1.0, np.nan], [1.0, 2.0]]), "E"),
    (lambda: cross_dispersion(np.ones((2, 3)), np.ones((2, 4))), "B"),
    (lambda: chunk_dispersion(np.ones((2, 3)), "tokens_in_chunk"), "H"),
    (lambda: chunk_dispersion(np.ones((2, 3, 2)), "tokens"), "unit"),
    (lambda: binned_correlation(np.ones(10), np.ones(9)), "ppl"),
    (lambda: binned_correlation(np.arange(10.0), np.arange(10.0), group=5), "group"),
    (lambda: inflation_closed_form(1.5, 10), "rho"),
    (lambda: inflation_closed_form(0.5, 0), "G"),
    (lambda: implied_rho(1.0, 10), "r"),
    (lambda: g_statistic(np.ones((5, 2)), [0], [1]), "T"),
])
def test_bad_input_raises_with_the_parameter_named(call, name):
    with pytest.raises(InvalidParameterError, match=f"The '{name}' parameter"):
        call()
