"""Symbolic and unit tests of the t-SNE theory (closed forms asserted exactly with sympy)."""

import numpy as np
import pytest
import sympy as sp
from scipy.optimize import check_grad

from theory.tsne import (
    calibrate,
    cor4_beta,
    cor4_radius,
    g_family,
    joint_probabilities,
    kl_divergence,
    kl_gradient,
    near_simplex,
    poison_point,
    silhouette,
    sq_distances,
    thm9_bound,
)
from theory.validation import InvalidParameterError


def test_cor4_shift_inverts_two_mass_silhouette_exactly():
    c, e = sp.symbols("c epsilon", positive=True)
    c_eps = (1 - e) ** 2 / (e * (2 - e))
    s = 1 - sp.sqrt(c / (1 + c))
    # sqrt(c/(1+c)) = 1 - eps on 0 < eps <= 1; compare squares to stay in the algebra.
    assert sp.simplify((c / (1 + c)).subs(c, c_eps) - (1 - e) ** 2) == 0
    assert sp.simplify(s.subs(c, c_eps).subs(e, sp.Rational(1, 3)) - sp.Rational(1, 3)) == 0


def test_cor4_radius_makes_q_equal_p_exactly():
    b = sp.symbols("beta", positive=True)
    r2 = sp.exp(b) - 1
    # Within-cluster weight 1, across weight 1/(1 + r^2); P: within 1, across e^{-beta}.
    assert sp.simplify(1 / (1 + r2) - sp.exp(-b)) == 0


def test_ch_shift_closed_form_exactly():
    B, W, n, k, c = sp.symbols("B W n k c", positive=True)
    # A shift adds c(k-1)/2 to B and c(n-k)/2 to W (W = sum_m (1/2|C_m|) sum D, etc.).
    ch = ((B + c * (k - 1) / 2) / (k - 1)) / ((W + c * (n - k) / 2) / (n - k))
    assert sp.simplify(ch - (B / (k - 1) + c / 2) / (W / (n - k) + c / 2)) == 0


def test_g_family_is_scale_then_shift_exactly():
    C, D = sp.symbols("C D", nonnegative=True)
    assert sp.simplify(((1 - C) ** 2 * D + C).subs(C, 1) - 1) == 0
    assert sp.simplify(((1 - C) ** 2 * D + C).subs(C, 0) - D) == 0


def test_kl_gradient_matches_finite_differences(seed):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(20, 4))
    P = joint_probabilities(sq_distances(X), 5.0)
    Y = rng.normal(size=(20, 2))
    err = check_grad(lambda v: kl_divergence(P, v.reshape(20, 2)),
                     lambda v: kl_gradient(P, v.reshape(20, 2)).ravel(), Y.ravel())
    assert err < 1e-6


def test_cor4_beta_matches_vectorised_calibration():
    for n, rho in ((8, 5.0), (40, 30.0)):
        D = np.where(np.repeat([0, 1], n // 2)[:, None] == np.repeat([0, 1], n // 2), 0.3, 1.3)
        np.fill_diagonal(D, 0)
        beta, _ = calibrate(D, rho)
        assert np.allclose(beta, cor4_beta(n, rho), rtol=1e-12, atol=0)
    assert abs(cor4_radius(cor4_beta(8, 5.0)) - 2.315836) < 5e-7


def test_calibration_limits_at_rho_one_and_n_minus_one(seed):
    rng = np.random.default_rng(seed)
    D = sq_distances(rng.normal(size=(10, 3)))
    beta, Pc = calibrate(D, 1.0)
    assert np.all(np.isinf(beta)) and np.allclose(Pc.max(axis=1), 1.0)
    beta, Pc = calibrate(D, 9.0)
    assert np.all(beta == 0) and np.allclose(Pc + np.eye(10) / 9, 1 / 9)


def test_near_simplex_band_and_ratio(seed):
    rng = np.random.default_rng(seed)
    D = sq_distances(rng.normal(size=(15, 3)))
    Dp = near_simplex(D, 0.1)
    off = ~np.eye(15, dtype=bool)
    assert np.isclose(Dp[off].min(), 0.9) and np.isclose(Dp[off].max(), 1.1)


def test_poison_point_has_dyadic_exact_distances():
    X0, X1, labels = poison_point(8)
    assert sq_distances(X1)[-1, 0] == 1.875 and sq_distances(X0)[-1, 0] == 0.875
    assert abs(silhouette(X1[:-1], labels) - (np.sqrt(3) - 1) / np.sqrt(3)) < 1e-15


def test_thm9_bound_values():
    assert abs(thm9_bound(10) - 3.6505) < 1e-4 and abs(thm9_bound(np.inf) - 3.2651) < 1e-4
    assert thm9_bound(10**9) < 3.266


@pytest.mark.parametrize("bad, match", [
    (np.ones((3, 4)), "square"),
    (np.array([[0, 1, 2], [1, 0, 1], [3, 1, 0.]]), "symmetric"),
    (np.array([[0, -1, 2], [-1, 0, 1], [2, 1, 0.]]), "non-negative"),
    (np.array([[1, 1, 2], [1, 0, 1], [2, 1, 0.]]), "zero diagonal"),
])
def test_bad_sq_dists_are_rejected(bad, match):
    with pytest.raises(InvalidParameterError, match=f"'sq_dists' parameter.*{match}"):
        joint_probabilities(bad, 1.5)


@pytest.mark.parametrize("perp", [0.5, 9.5, np.nan, "30"])
def test_bad_perplexity_is_rejected(perp):
    D = sq_distances(np.arange(10.0)[:, None])
    with pytest.raises(InvalidParameterError, match=r"'perplexity' parameter.*\[1, 9\]"):
        joint_probabilities(D, perp)


def test_bad_labels_are_rejected():
    X = np.arange(12.0).reshape(6, 2)
    with pytest.raises(InvalidParameterError, match="at least 2 clusters"):
        silhouette(X, np.zeros(6))
    with pytest.raises(InvalidParameterError, match="at least 2 points"):
        silhouette(X, [0, 0, 0, 1, 1, 2])


def test_g_family_rejects_c_above_one():
    with pytest.raises(InvalidParameterError, match=r"'C' parameter.*\[0, 1\]"):
        g_family(np.zeros((3, 3)), 1.5)
