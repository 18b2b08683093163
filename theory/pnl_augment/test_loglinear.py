"""Unit tests of the pnl_augment theory: transforms, projections, validation."""

import numpy as np
import pytest

from theory.pnl_augment import (
    P_to_theta,
    body_mask,
    e_project_eta,
    energy,
    eta,
    eta_to_P,
    fisher,
    kl,
    log_partition,
    m_project,
    mixed_coordinates,
    mixture_fit,
    mobius,
    mobius_up,
    one_body_projection,
    pythagoras_residual,
    released_backward_step,
    released_encode,
    theta_to_P,
    zeta,
    zeta_up,
)
from theory.validation import InvalidParameterError


def _P(seed=0, shape=(3, 2, 4)):
    return theta_to_P(np.random.default_rng(seed).normal(0, 0.5, shape))


def test_transforms_are_inverse_pairs():
    T = np.random.default_rng(1).normal(size=(3, 4, 2))
    np.testing.assert_allclose(mobius(zeta(T)), T, atol=1e-13)
    np.testing.assert_allclose(mobius_up(zeta_up(T)), T, atol=1e-13)
    P = _P()
    np.testing.assert_allclose(eta_to_P(eta(P)), P, atol=1e-15)
    np.testing.assert_allclose(theta_to_P(P_to_theta(P)), P, atol=1e-15)


def test_theta_bottom_is_minus_log_partition():
    P = _P(2)
    th = P_to_theta(P)
    assert th.flat[0] == pytest.approx(-log_partition(th), abs=1e-13)


def test_body_mask_counts_and_one_dimensional_case():
    assert body_mask((4, 2, 4, 2), 1).sum() == 9
    assert body_mask((4, 2, 4, 2), 2).sum() == 31
    assert body_mask((7, 2, 2, 7, 2, 2), 1).sum() == 17
    assert body_mask((5,), 1).all()


def test_fisher_accepts_mask_flat_and_multi_indices():
    P = _P(3)
    m = body_mask(P.shape, 1)
    G1 = fisher(eta(P), m)
    G2 = fisher(eta(P), np.flatnonzero(m.ravel()))
    G3 = fisher(eta(P), np.argwhere(m))
    np.testing.assert_array_equal(G1, G2)
    np.testing.assert_array_equal(G1, G3)
    assert G1[0, 0] == pytest.approx(0.0)  # η(⊥) = 1: the ⊥ row is zero


def test_m_project_one_body_and_full_basis():
    P = _P(4)
    Q, th = m_project(P, 1)
    np.testing.assert_allclose(Q, one_body_projection(P), atol=1e-15)
    assert np.all(th[~body_mask(P.shape, 1)] == 0)
    Qf, _ = m_project(P, P.ndim)
    np.testing.assert_allclose(Qf, P, atol=1e-14)


def test_m_project_trace_is_monotone_in_energy():
    P = _P(5)
    _, _, tr = m_project(P, 2, return_trace=True)
    e = np.asarray(tr.energies)
    assert tr.converged and np.all(np.diff(e) <= 1e-14)


def test_energy_matches_kl_and_pythagoras():
    P = _P(6)
    B = body_mask(P.shape, 1)
    Q, th = m_project(P, 1)
    th0 = th.copy()
    assert energy(th0, P, B) == pytest.approx(kl(P, Q), abs=1e-13)
    R = theta_to_P(np.where(B, np.random.default_rng(0).normal(size=P.shape), 0))
    assert abs(pythagoras_residual(P, Q, R)) < 1e-13


def test_mixed_coordinates_and_eta_reading():
    P = _P(7)
    A = body_mask(P.shape, 1)
    A.flat[0] = False
    c = np.where(A, 0.3, 0.0)
    q, thq = mixed_coordinates(c, A, eta(P))
    np.testing.assert_allclose(thq[A], c[A], atol=1e-11)
    free = ~A
    free.flat[0] = False
    np.testing.assert_allclose(eta(q)[free], eta(P)[free], atol=1e-13)
    B = body_mask(P.shape, 1)
    w = theta_to_P(np.where(B, 0.7, 0.0))
    q2, _ = e_project_eta(w, B, eta(P))
    np.testing.assert_allclose(q2, one_body_projection(P), atol=1e-14)


def test_released_backward_step_converges_to_neighbour_mean():
    rng = np.random.default_rng(8)
    X = np.stack([_P(s) for s in range(4)])
    _, th = m_project(_P(9), 1)
    out, info = released_backward_step(th, X, lr=1.0, n_iter=1000, error_tol=1e-12)
    s, r = mixture_fit(out, info["P0"], info["P_bar"])
    assert s > 0.999 and r < 1e-3
    assert rng is not None


def test_released_encode_is_close_but_not_exact():
    P = _P(10)
    Q, _, it = released_encode(P, body_mask(P.shape, 1), lr=1.0)
    assert it < 20 and np.abs(Q - one_body_projection(P)).max() < 1e-3


@pytest.mark.parametrize("call, match", [
    (lambda: P_to_theta(np.array([[0.5, 0.5], [0.0, 0.0]])), "'P' parameter of P_to_theta"),
    (lambda: P_to_theta(np.full((2, 2), 0.3)), "summing to 1"),
    (lambda: body_mask((2, 0), 1), "'shape' parameter of body_mask"),
    (lambda: body_mask((2, 2), -1), "'order' parameter of body_mask"),
    (lambda: m_project(np.full((2, 2), 0.25), "x"), "'order_or_mask' parameter of m_project"),
    (lambda: kl(np.ones(3) / 3, np.ones(4) / 4), "'Q' parameter of kl"),
    (lambda: fisher(np.ones((2, 2)), np.array([7])), "'idx' parameter of fisher"),
    (lambda: released_backward_step(np.zeros((2, 2)), np.ones((2, 3, 3)) / 9),
     "'P_neighbors' parameter of released_backward_step"),
])
def test_bad_input_raises_with_the_template(call, match):
    with pytest.raises(InvalidParameterError, match=match):
        call()


def test_kl_infinite_when_support_missing():
    assert kl(np.array([0.5, 0.5]), np.array([1.0, 0.0])) == float("inf")
