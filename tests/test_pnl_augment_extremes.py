"""PNL augmentation functions at valid extremes (issue 56, item 4): KL at saturated and
subnormal probabilities (against mpmath at 50 digits), the ζ/Möbius transforms and θ → P at
entries near the float maximum, the Newton m-projection on cells of 1e-14 .. 1e-63, and the
pipeline's controls under X → 2ᵉX (they are scale-covariant, and powers of two are exact)."""

from __future__ import annotations

from fractions import Fraction

import mpmath
import numpy as np
import pytest

from numerics.pnl_augment import embed, gauss_noise_augment, kde_sample, knn_mean_augment
from tests.refusals import refused_saying
from theory.pnl_augment import (
    body_mask,
    eta,
    kl,
    log_partition,
    m_project,
    mixture_fit,
    mobius,
    mobius_up,
    one_body_projection,
    pythagoras_residual,
    theta_to_P,
    zeta,
    zeta_up,
)


def _mp_kl(P, Q) -> float:
    with mpmath.workdps(50):
        return float(sum(mpmath.mpf(float(a)) * mpmath.log(mpmath.mpf(float(a))
                                                           / mpmath.mpf(float(b)))
                         for a, b in zip(np.ravel(P), np.ravel(Q)) if a > 0))


@pytest.mark.parametrize(("P", "Q"), [
    ([1e-310, 1.0 - 1e-310], [0.5, 0.5]),       # was NaN (r = q/p − 1 overflowed)
    ([5e-324, 1.0], [0.5, 0.5]),                # was NaN
    ([0.5, 0.5], [1.0, 1e-320]),                # was inf (log1p(−1)); KL = 367.72
    ([0.5, 0.5], [1.0 - 1e-12, 1e-12]),         # was 13.1223744, 8e-7 off
    ([0.5, 0.5], [1.0 - 5e-11, 5e-11]),         # was 4e-9 off
])
def test_kl_at_saturated_and_subnormal_probabilities(P, Q):
    """NaN where p ≪ q, inf or a few digits where q ≪ p; now to 1e-14 of mpmath."""
    P, Q = np.array(P), np.array(Q)
    assert kl(P, Q) == pytest.approx(_mp_kl(P, Q), rel=1e-14)


def test_kl_to_the_one_body_projection_of_a_saturated_tensor():
    """One cell 1 − 11e-10, eleven of 1e-10: KL(P‖⊗ marginals) was inf (the product cells of
    1e-28 against 1e-10 gave r = −1 exactly)."""
    P = np.full((2, 3, 2), 1e-10)
    P.flat[5] = 0.0
    P.flat[5] = 1.0 - P.sum()
    R = one_body_projection(P)
    assert np.isfinite(kl(P, R))
    assert kl(P, R) == pytest.approx(_mp_kl(P, R), rel=1e-12)


def _exact(fn, T):
    """The transform in exact rational arithmetic, rounded once."""
    F = np.array([[Fraction(float(x)) for x in row] for row in T], dtype=object)
    return np.array(fn(F), dtype=float)


def _zeta_exact(F):
    return np.cumsum(np.cumsum(F, axis=0), axis=1)


def _mobius_exact(F):
    out = F.copy()
    out[1:, :] = F[1:, :] - F[:-1, :]
    out2 = out.copy()
    out2[:, 1:] = out[:, 1:] - out[:, :-1]
    return out2


def test_transforms_near_the_float_maximum():
    """Partial sums of ±1e308 overflowed where the answer is a float: ζ gave inf at (1, 1)
    (true 1.5e308), μ gave inf where the answer is 1e308. Beyond float64 they are refused."""
    T = np.array([[-1e308, 1.5e308], [0.0, 1e308]])
    assert np.allclose(zeta(T), _exact(_zeta_exact, T), rtol=1e-15, atol=0)
    M = np.array([[0.0, -1e308], [1e308, 1e308]])
    assert np.allclose(mobius(M), _exact(_mobius_exact, M), rtol=1e-15, atol=0)
    # the upper transforms are the lower ones on the flipped tensor
    assert np.allclose(zeta_up(T[::-1, ::-1]), _exact(_zeta_exact, T)[::-1, ::-1], rtol=1e-15)
    assert np.allclose(mobius_up(M[::-1, ::-1]), _exact(_mobius_exact, M)[::-1, ::-1],
                       rtol=1e-15)
    for fn in (zeta, zeta_up):
        refused_saying("T", lambda f=fn: f(np.array([[1e308, 1e308]])), allowed="float64")
    refused_saying("T", lambda: mobius(np.array([[1e308, -1e308]])), allowed="float64")


def test_theta_to_P_with_huge_natural_coordinates():
    """θ = (0, 1e17, 1e17, −1e17): ζθ − ψ lost ψ's log 3 to the ulp of 1e17 and P came back as
    (0, 1, 1, 1), summing to 3; the same at 1e308. ζθ overflowing gave inf ψ."""
    third = np.array([[0.0, 1 / 3], [1 / 3, 1 / 3]])
    for t in (1e17, 1e308):
        P = theta_to_P(np.array([[0.0, t], [t, -t]]))
        assert np.allclose(P, third, rtol=1e-15, atol=0)
    th = np.array([[0.0, 1.5e308], [-1e308, 1e308]])  # ζθ = (0, 1.5e308, −1e308, 1.5e308)
    assert np.allclose(theta_to_P(th), [[0.0, 0.5], [0.0, 0.5]], rtol=1e-15, atol=0)
    assert log_partition(th) == 1.5e308  # + log 2, below the ulp
    refused_saying("theta", lambda: log_partition(np.array([[0.0, 1e308], [1e308, 1e308]])))


def test_body_mask_shapes():
    """() raised numpy's 'cannot reshape array of size 0'; a 10⁵ × 10⁵ shape had no bound
    (it asked for 10¹⁰ cells)."""
    refused_saying("shape", lambda: body_mask((), 1))
    refused_saying("shape", lambda: body_mask((10**5, 10**5), 1), allowed="cells")
    assert body_mask((2, 3), 1).sum() == 4


def test_m_project_on_nearly_singular_fisher_metrics():
    """Cells of 1e-63 (seed 904): numpy raised LinAlgError ('Singular matrix') out of
    m_project; now it converges and satisfies Pythagoras with the one-body projection."""
    rng = np.random.default_rng(904)
    P = rng.random((2, 2, 3)) ** rng.uniform(10, 40) + 1e-300
    P /= P.sum()
    Q, _, tr = m_project(P, 2, return_trace=True)
    assert tr.converged
    B = body_mask(P.shape, 2)
    assert np.allclose(eta(Q)[B], eta(P)[B], rtol=0, atol=1e-13)
    R = one_body_projection(P)
    assert abs(pythagoras_residual(P, Q, R)) < 1e-9 * kl(P, R)  # 7e-11 relative here


def test_m_project_does_not_stall_on_tiny_cells():
    """Cells of 1e-14 .. 1e-7: the Armijo test could not see decreases below the energy's
    rounding, and the one-body projection stopped after 100 steps unconverged (‖∇‖ 1.4e-12)
    with a cell 1.3e-5 off (relative) the product of marginals."""
    P = np.array([1.0340547517725469e-07, 1.8496965263439034e-06, 2.1024158512092801e-11,
                  9.7766111398312006e-01, 1.1180629208739167e-14, 2.2330199551861631e-02,
                  6.7331738245863443e-06, 1.6815674709910496e-10]).reshape(2, 4)
    P /= P.sum()
    Q, _, tr = m_project(P, 1, return_trace=True)
    assert tr.converged and tr.iterations < 100
    assert np.max(np.abs(Q / one_body_projection(P) - 1)) < 1e-7


def test_mixture_fit_on_tiny_differences():
    """P_target − P_start of 1e-200: the squared norm underflowed to 0 and the two were refused
    as equal; the fit is s = 1/2 exactly on the line."""
    P0 = np.array([0.5, 0.5 - 1e-200, 1e-200])
    Pb = np.array([0.5, 0.5 - 2e-200, 2e-200])
    s, r = mixture_fit((P0 + Pb) / 2, P0, Pb)
    assert s == pytest.approx(0.5, rel=1e-12) and r < 1e-12


def test_embed_total_beyond_float64_refused():
    """Cells of 1e308: the total overflowed and P came back as zeros with scale inf."""
    refused_saying("x", lambda: embed(np.full(4, 1e308), (2, 2)), allowed="float64")
    P, s = embed(np.full(4, 1e300), (2, 2))
    assert np.array_equal(P, np.full((2, 2), 0.25)) and s == pytest.approx(4e300)


X = np.random.default_rng(0).random((6, 4))


@pytest.mark.parametrize("e", [-600, 560, 1000])
def test_controls_scale_exactly(e):
    """kNN-mean and Gaussian-noise controls are scale-covariant: at 1e160 / 1e-170 the squared
    distances over/underflowed (ties, other neighbours); at 1e200 the std was inf and every
    noisy sample inf."""
    Xs = np.ldexp(X, e)
    assert np.array_equal(knn_mean_augment(Xs, 5, 2), np.ldexp(knn_mean_augment(X, 5, 2), e))
    assert np.array_equal(gauss_noise_augment(Xs, 5), np.ldexp(gauss_noise_augment(X, 5), e))


def test_noise_and_bandwidth_beyond_float64_refused():
    """σ·sd beyond float64 gave inf samples; a KDE bandwidth of 1e308 inf latents."""
    refused_saying("sigma", lambda: gauss_noise_augment(X * 1e10, 5, sigma=1e300))
    thetas = np.random.default_rng(1).normal(size=(5, 2, 2))
    refused_saying("bandwidth", lambda: kde_sample(thetas, body_mask((2, 2), 1), 50,
                                                   bandwidth=1e308, rng=0))


def test_ints_beyond_float64_refused():
    """An int such as 10**400 passes an Interval; numpy then raised OverflowError ('int too
    large to convert to float') inside embed, the controls and the released decoder."""
    from theory.pnl_augment import released_backward_step, released_encode

    big = 10**400
    refused_saying("eps", lambda: embed(np.ones(4), (2, 2), eps=big))
    refused_saying("sigma", lambda: gauss_noise_augment(X, 2, sigma=big))
    P = np.full((2, 2), 0.25)
    refused_saying("lr", lambda: released_encode(P, body_mask((2, 2), 1), lr=big))
    refused_saying("lr", lambda: released_backward_step(np.zeros((2, 2)), P[None], lr=big))
    refused_saying("eps", lambda: released_backward_step(np.zeros((2, 2)), P[None], eps=big))


def test_an_unconverged_projection_is_said():
    """m_project returned the iterate after max_iter Newton steps without a word (only its
    trace said converged=False); it now warns, and the default converges silently."""
    import warnings

    from theory.pnl_augment import m_project

    P = np.random.default_rng(0).random((2, 2, 2))
    P /= P.sum()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        m_project(P, 2)
    with pytest.warns(RuntimeWarning, match="not converged after 1 Newton steps"):
        m_project(P, 2, max_iter=1)
