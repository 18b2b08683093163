"""Property tests of theory.pnl_augment's public functions: KL is ≥ 0 and 0 on the diagonal,
ζ/Möbius and θ/η maps invert each other, the m-projection onto M₁ is the product of marginals
and satisfies Pythagoras; bad input is refused naming the parameter. Derandomised, no example
database."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from theory.pnl_augment import (
    P_to_theta,
    body_mask,
    eta,
    eta_to_P,
    kl,
    m_project,
    mobius,
    mobius_up,
    newton_energy,
    one_body_projection,
    pythagoras_residual,
    theta_to_P,
    zeta,
    zeta_up,
)

SET = settings(max_examples=20, deadline=None, derandomize=True, database=None)


@st.composite
def distributions(draw):
    shape = tuple(draw(st.lists(st.integers(2, 3), min_size=1, max_size=3)))
    P = np.random.default_rng(draw(st.integers(0, 2**32 - 1))).uniform(1e-3, 1, shape)
    return P / P.sum()


def refused(name, fn, *args, **kw):
    with pytest.raises((ValueError, TypeError), match=f"'{name}'"):
        fn(*args, **kw)


@SET
@given(distributions(), st.floats(0, 1e-3))
def test_kl_nonnegative_zero_on_diagonal_and_accurate_nearby(P, t):
    assert kl(P, P) == 0.0
    Q = (1 - t) * P + t * np.full(P.shape, 1 / P.size)
    d = kl(P, Q)
    assert d >= 0 and np.isfinite(d)
    # second order in t: KL ≈ ½ χ²; relative agreement even where d ~ 1e-20
    chi2 = np.sum((Q - P) ** 2 / P)
    if t < 1e-5 and chi2 > 0:
        assert d == pytest.approx(chi2 / 2, rel=1e-3)


@SET
@given(distributions())
def test_transforms_invert_each_other(P):
    assert np.allclose(mobius(zeta(P)), P, atol=1e-14)
    assert np.allclose(mobius_up(zeta_up(P)), P, atol=1e-14)
    assert np.allclose(eta_to_P(eta(P)), P, atol=1e-14)
    assert eta(P).flat[0] == pytest.approx(1.0, abs=1e-14)
    assert np.allclose(theta_to_P(P_to_theta(P)), P, rtol=1e-10)


@SET
@given(distributions(), st.integers(0, 2**32 - 1))
def test_one_body_projection_and_pythagoras(P, seed):
    Q1 = one_body_projection(P)
    assert np.all(Q1 > 0) and Q1.sum() == pytest.approx(1, abs=1e-14)
    Qn, _ = m_project(P, 1)
    assert np.allclose(Qn, Q1, atol=1e-10)
    # any product distribution R lies in M₁: KL(P‖R) = KL(P‖Q₁) + KL(Q₁‖R)
    rng = np.random.default_rng(seed)
    R = np.ones(())
    for n in P.shape:
        m = rng.uniform(0.1, 1, n)
        R = np.multiply.outer(R, m / m.sum())
    assert abs(pythagoras_residual(P, Q1, R)) < 1e-10


@SET
@given(st.lists(st.integers(1, 4), min_size=1, max_size=3), st.integers(0, 3))
def test_body_mask_counts(shape, order):
    B = body_mask(tuple(shape), order)
    idx = np.indices(shape).reshape(len(shape), -1)
    assert B.sum() == np.sum((idx != 0).sum(axis=0) <= order) and B.flat[0]


@SET
@given(distributions(), st.sampled_from(["sum", "negative", "complex", "shape"]))
def test_bad_distributions_are_refused(P, how):
    if how == "sum":
        refused("P", kl, 2 * P, P)
        refused("P", P_to_theta, 2 * P)
    elif how == "negative":
        Q = P.copy()
        Q.flat[0] = -Q.flat[0]
        refused("Q", kl, P, Q)
    elif how == "complex":
        refused("P", eta, P + 0j * 1j + 1e-3j)
    else:
        refused("Q", kl, P, P.ravel()[:-1])


@SET
@given(distributions(), st.sampled_from([0.5, 1, "x"]))
def test_non_boolean_masks_are_refused(P, fill):
    mask = np.full(P.shape, fill, dtype=object if fill == "x" else None)
    refused("free", newton_energy, np.zeros(P.shape), mask, eta(P))


@SET
@given(st.sampled_from([(True, 2), (2.7, 2), (0, 2), ("2",)]))
def test_bad_shapes_are_refused(shape):
    refused("shape", body_mask, shape, 1)


def test_bad_iteration_counts_are_refused():
    P = np.full((2, 2), 0.25)
    refused("max_iter", m_project, P, 1, max_iter=2**62)
    refused("eta_target", newton_energy, np.zeros((2, 2)), body_mask((2, 2), 1), np.ones(3))
