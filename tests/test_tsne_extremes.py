"""t-SNE theory functions at valid extreme scales (issue 56, item 4).

Scale-invariant quantities (P, silhouette, CH, Dunn) must not change when the data or the squared
distances are scaled by 1e+-300; the objective and its gradient must match a 50-digit mpmath
evaluation when the output coordinates are beyond ~1e154 (where the kernel overflows) or hold a
duplicated pair far from the rest (where the fast gradient form cancelled).
"""

from __future__ import annotations

import mpmath as mp
import numpy as np
import pytest

from theory.tsne import (
    joint_probabilities,
    kl_divergence,
    kl_gradient,
    output_affinities,
    sq_distances,
)
from theory.tsne._scores import calinski_harabasz, dunn, dunn_extremes, scatter, silhouette
from theory.validation import InvalidParameterError as InvalidInput

RNG = np.random.default_rng(0)
X = RNG.normal(size=(12, 3))
LAB = np.repeat([0, 1, 2], 4)
D = sq_distances(X)


@pytest.mark.parametrize("s", [1e-300, 1e-170, 1e160, 1e300])
@pytest.mark.parametrize("score", [silhouette, calinski_harabasz, dunn])
def test_scores_scale_invariant_in_coordinates(score, s):
    assert score(X * s, LAB) == pytest.approx(score(X, LAB), rel=1e-13)


@pytest.mark.parametrize("s", [1e-300, 1e300, 1.7e308 / D.max()])
@pytest.mark.parametrize("score", [silhouette, calinski_harabasz, dunn])
def test_scores_scale_invariant_in_sq_dists(score, s):
    assert score(sq_dists=D * s, labels=LAB) == pytest.approx(score(sq_dists=D, labels=LAB),
                                                               rel=1e-13)


def test_scatter_and_extremes_scale_or_refuse():
    B, W = scatter(X, LAB)
    Bs, Ws = scatter(X * 1e-100, LAB)
    assert Bs == pytest.approx(B * 1e-200, rel=1e-13) and Ws == pytest.approx(W * 1e-200, rel=1e-13)
    db2, dw2 = dunn_extremes(X * 1e-100, LAB)
    assert db2 > 0 and dw2 > 0
    with pytest.raises(InvalidInput, match="scatter"):
        scatter(X * 1e-200, LAB)  # B ~ 1e-400: not a float64
    with pytest.raises(InvalidInput, match="squared distance"):
        dunn_extremes(X * 1e-200, LAB)


@pytest.mark.parametrize("s", [1e-300, 1e300, 1.7e308 / D.max()])
def test_affinities_scale_invariant(s):
    """P depends on D only up to scale (beta absorbs it); it was NaN at 1e-300, off by 0.04 at
    1e300 (beta^2 * var under/overflowed in the Newton step)."""
    P = joint_probabilities(D, 3.0)
    assert np.abs(joint_probabilities(D * s, 3.0) - P).max() < 1e-15


def _reference(P, Y):
    with mp.workdps(50):
        n, d = Y.shape
        w = [[mp.mpf(0) if i == j else
              1 / (1 + sum((mp.mpf(Y[i, k]) - mp.mpf(Y[j, k])) ** 2 for k in range(d)))
              for j in range(n)] for i in range(n)]
        S = sum(sum(r) for r in w)
        kl = sum(mp.mpf(P[i, j]) * mp.log(mp.mpf(P[i, j]) * S / w[i][j])
                 for i in range(n) for j in range(n) if P[i, j] > 0)
        g = np.array([[float(4 * sum((mp.mpf(P[i, j]) - w[i][j] / S) * w[i][j]
                                     * (mp.mpf(Y[i, k]) - mp.mpf(Y[j, k])) for j in range(n)))
                       for k in range(d)] for i in range(n)])
        return float(kl), g


@pytest.mark.parametrize("s", [1e100, 1e160, 1e300])
def test_objective_at_huge_coordinates(s):
    """KL and gradient were NaN beyond ~1e154; the gradient was 46% off at 1e100 with a
    duplicated pair (cancellation in M.sum * Y - M @ Y)."""
    P = joint_probabilities(D, 3.0)
    Y = X * s
    Y[3] = Y[2]
    kl_ref, g_ref = _reference(P, Y)
    assert kl_divergence(P, Y) == pytest.approx(kl_ref, rel=1e-13)
    g = kl_gradient(P, Y)
    assert np.abs(g - g_ref).max() <= 1e-12 * np.abs(g_ref).max()
    Q = output_affinities(Y)
    assert np.all(np.isfinite(Q)) and Q.sum() == pytest.approx(1.0, abs=1e-12)


def test_shifted_scores_near_the_float_maximum():
    """Dunn and CH of X_{+c} were NaN (inf / inf) when the distances or c were near 1.8e308,
    and the silhouette of X_{+C} was NaN there; each is now the value of the scaled input."""
    from theory.tsne import sq_distances
    from theory.tsne._impostor import silhouette_of_shift
    from theory.tsne._scores import calinski_harabasz_shifted, dunn_shifted

    assert dunn_shifted(1e308, 1.5e308, 1.7e308) == pytest.approx(
        dunn_shifted(1.0, 1.5, 1.7), rel=1e-15)
    assert calinski_harabasz_shifted(1e308, 1.7e308, 45, 3, 1.7e308) == pytest.approx(
        calinski_harabasz_shifted(1.0, 1.7, 45, 3, 1.7), rel=1e-15)
    rng = np.random.default_rng(0)
    X = rng.normal(size=(12, 3))
    X[:6] += 3
    labels = np.repeat([0, 1], 6)
    D = sq_distances(X)
    s = 2.0**1000  # exact: the scaled silhouette must equal the unscaled one bit for bit
    assert silhouette_of_shift(D * s, labels, 2.0 * s) == silhouette_of_shift(D, labels, 2.0)


@pytest.mark.parametrize("call, name", [
    (lambda f: f["dunn"](1.0, 2.0, -1.0), "c"), (lambda f: f["dunn"](1.0, 0.0, 0.0), "dw2"),
    (lambda f: f["dunn"](float("nan"), 2.0, 1.0), "db2"),
    (lambda f: f["ch"](1.0, 2.0, 45, 45, 1.0), "k"), (lambda f: f["ch"](1.0, 2.0, 4.5, 2, 1.0), "n"),
    (lambda f: f["ch"](1.0, 0.0, 45, 3, 0.0), "W"), (lambda f: f["ch"](1.0, 2.0, 45, True, 1.0), "k"),
    (lambda f: f["sil"](np.zeros((4, 4)), [0, 0, 1, 1], float("inf")), "C")])
def test_shifted_scores_refuse_bad_input(call, name):
    from tests.refusals import refused
    from theory.tsne._impostor import silhouette_of_shift
    from theory.tsne._scores import calinski_harabasz_shifted, dunn_shifted

    f = {"dunn": dunn_shifted, "ch": calinski_harabasz_shifted, "sil": silhouette_of_shift}
    refused(name, call, f)
