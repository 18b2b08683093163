"""BLAE functions at valid extremes (issue 56, item 4): each test says what was wrong before.

References: mpmath at 50 digits (``mpmath.workdps``), exact power-of-two scalings (d_G, ε* and
the Procrustes RMS are homogeneous, so a scaling by 2^k must give exactly 2^k times the
result), and closed forms. Non-representable answers are refused in the package's template."""

from __future__ import annotations

import mpmath
import numpy as np
import pytest
import torch

from numerics.blae.metrics import evaluate, similarity_procrustes
from numerics.blae.models import MLPAutoencoder, injective_loss_torch, make_autoencoder
from numerics.blae.training import train_autoencoder
from tests.refusals import refused, refused_saying
from theory.blae import (
    authors_training_set,
    bilip_loss,
    bilip_loss_code,
    geodesic_holed,
    graph_geodesic,
    injective_loss,
    knn_recall,
    separation_eps,
    swiss_roll_hole,
)

#: a few chart points outside the hole, and their exact geodesics
L = np.array([[-2.0, 0.0], [0.0, 5.0], [3.0, 1.0], [4.0, 6.0], [8.0, 2.0], [9.5, 4.5],
              [1.0, 3.0], [7.0, 3.0]])
D = geodesic_holed(L, L)
IU = np.triu_indices(len(L), 1)


def _mp_code_loss(J, kappa):
    """The released code's Jacobian term at 50 digits, from its definition."""
    with mpmath.workdps(50):
        A = mpmath.matrix(J.tolist())
        G = A.T * A
        n = G.rows
        tot = mpmath.mpf(0)
        for i in range(n):
            for j in range(n):
                if i != j:
                    tot += G[i, j] ** 2
            tot += max(G[i, i] - kappa, 0) ** 2
        return float(tot)


def test_code_loss_off_diagonal_does_not_cancel():
    """‖G‖² − ‖diag G‖² cancelled: J = [[1e8, 1e-3], [0, 1]] gave 0.0 for 2e10."""
    J = np.array([[1e8, 1e-3], [0.0, 1.0]])
    assert bilip_loss_code(J, 1e17) == pytest.approx(_mp_code_loss(J, 1e17), rel=1e-14)
    assert bilip_loss_code(J, 1e17) == pytest.approx(2e10, rel=1e-12)
    rng = np.random.default_rng(0)
    for _ in range(5):
        Jr = rng.normal(size=(4, 3)) * np.exp(rng.uniform(-8, 8, size=3))
        assert bilip_loss_code(Jr, 2.0) == pytest.approx(_mp_code_loss(Jr, 2.0), rel=1e-12)


def test_code_loss_beyond_the_floats_is_refused():
    """J ~ 1e80: the squares overflowed and inf − inf gave NaN; J ~ 1e-80: a 12-bit subnormal
    (2e-320) — neither loss is a normal float."""
    J = np.array([[1.0, 1.0], [0.0, 1.0]])
    refused_saying("J", lambda: bilip_loss_code(J * 1e80, 1.0), allowed="normal float64")
    refused_saying("J", lambda: bilip_loss_code(J * 1e-80, 1.0), allowed="normal float64")
    # homogeneity where the loss is representable: J·2^k, κ·4^k → 16^k · loss
    assert bilip_loss_code(J * 2.0**60, 4.0**60) == 16.0**60 * bilip_loss_code(J, 1.0)
    assert bilip_loss_code(J * 2.0**-60, 1.0) == 2 * 16.0**-60  # the hinge is 0 there


def test_paper_loss_beyond_the_floats_is_refused():
    """σ_max ~ 1e200 gave inf, and κ = 1e170 with a singular J gave 0.0 (1e-340 underflowed)
    although σ_min = 0 < 1/κ."""
    refused_saying("J", lambda: bilip_loss(np.eye(2) * 1e200, 1.0), allowed="normal float64")
    refused_saying("J", lambda: bilip_loss(np.zeros((2, 2)), 1e170))
    with mpmath.workdps(50):
        ref = float((mpmath.mpf(1e100) - 1) ** 2)
    assert bilip_loss(np.eye(2) * 1e100, 1.0) == pytest.approx(ref, rel=1e-15)
    assert bilip_loss(np.eye(3)[:, :2] * 2.0**-900, 1.0) == 1.0  # (1 − 2^-900)² rounds to 1


@pytest.mark.parametrize("k", [-1000, -700, 700, 1000])
def test_graph_geodesic_is_homogeneous_at_any_scale(k):
    """X ~ 1e-200: every squared distance underflowed, all pairs were inf (disconnected);
    X ~ 1e200: the kd-tree returned its missing-neighbour index n and scipy raised a raw
    ValueError. A power-of-two scaling is exact, so d_G(2^k X) = 2^k d_G(X) exactly."""
    X = np.random.default_rng(1).normal(size=(25, 3))
    X[3] = X[0]  # a duplicate, too
    ref = graph_geodesic(X, 4)
    assert np.array_equal(graph_geodesic(X * 2.0**k, 4), ref * 2.0**k)


def test_graph_geodesic_overflow_is_refused():
    """A path longer than the floats would read as inf, the mark of 'disconnected'."""
    X = np.array([[-1.7e308, 0.0], [1.7e308, 0.0], [1.7e308, 1.0]])
    refused_saying("X", lambda: graph_geodesic(X, 1), allowed="finite float64")


def test_holed_geodesic_far_points_and_bad_holes():
    """Points 1e200 apart got inf (the squares overflowed); a reversed hole was accepted and
    gave inf; distances above the floats are refused."""
    A, B = np.array([[-1e200, 0.0]]), np.array([[1e200, 1e200]])
    with mpmath.workdps(50):
        ref = float(mpmath.sqrt(mpmath.mpf(2e200) ** 2 + mpmath.mpf(1e200) ** 2))
    assert geodesic_holed(A, B)[0, 0] == pytest.approx(ref, rel=1e-15)
    # blocked by the hole: the detour is ~1e-200 of the length, so the chord to rounding
    assert geodesic_holed(np.array([[-1e200, 3.0]]), np.array([[1e200, 3.0]]))[0, 0] == 2e200
    refused_saying("hole", lambda: geodesic_holed(L, L, hole=(6.5, 1.5, 2.5, 3.5)))
    refused_saying("hole", lambda: geodesic_holed(L, L, hole=(1.5, 6.5, 2.5)))
    refused("hole", geodesic_holed, L, L, hole=(1.5, 6.5, 2.5, np.nan))
    refused_saying("A", lambda: geodesic_holed(np.array([[-1.7e308, 0.0]]),
                                               np.array([[1.7e308, 1.0]])))


def test_separation_ratio_beyond_the_floats_is_refused():
    """ε* = min ‖F_i − F_j‖/d_M overflowed to inf (read as 'no pair is δ-far') or underflowed
    to 0.0 (read as 'not separated')."""
    refused_saying("F", lambda: separation_eps(L * 1e300, D * 1e-300, 1e-301),
                   allowed="normal float64")
    refused_saying("F", lambda: separation_eps(L * 1e-300, D * 1e300, 1e299))
    # homogeneous of degree 1 in F, exactly under powers of two
    assert separation_eps(L * 2.0**-900, D, 0.5) == pytest.approx(
        separation_eps(L, D, 0.5) * 2.0**-900, rel=1e-15)
    F = L.copy()
    F[1] = F[0]
    assert separation_eps(F, D, 0.1) == 0.0


def test_injective_loss_in_the_log_domain():
    """Codes ~1e-200 at geodesics ~1e200: d_N/d_M = 1e-400 underflowed to 0 and the loss was
    inf; its true value is the mean of log(ε d_M/d_N) ≈ 920 (mpmath)."""
    Z, DM = L * 1e-200, D * 1e200
    dN = np.linalg.norm(L[IU[0]] - L[IU[1]], axis=1)
    dM = D[IU]
    far = dM > 0.05 * dM.max()
    with mpmath.workdps(50):
        terms = [max(mpmath.log(mpmath.mpf(0.3) * (mpmath.mpf(m) * mpmath.mpf(1e200))
                                / (mpmath.mpf(n) * mpmath.mpf(1e-200))), 0)
                 for n, m in zip(dN[far], dM[far], strict=True)]
        ref = float(mpmath.fsum(terms) / len(terms))
    assert injective_loss(DM, Z) == pytest.approx(ref, rel=1e-13)
    assert ref > 900


def test_injective_loss_overflowing_ratio():
    """d_N/d_M = 1e400: with α = 0 the hinge was 0·inf = NaN (now 0, its value), with α > 0
    the loss was inf (now refused: α·1e400 is not a float)."""
    assert injective_loss(D * 1e-200, L * 1e200, alpha=0.0) == 0.0
    refused_saying("Z", lambda: injective_loss(D * 1e-200, L * 1e200, alpha=5.0))


def test_knn_recall_empty_or_2d_k_is_refused():
    """An empty k averaged nothing and returned NaN; a 2-D k raised a raw TypeError."""
    refused_saying("k", lambda: knn_recall(D, D, np.array([], dtype=int)))
    refused_saying("k", lambda: knn_recall(D, D, np.array([[1, 2], [3, 4]])))
    assert knn_recall(D, D * 2.0**-1000, [1, 3]) == 1.0


def test_generators_never_return_fewer_rows_silently():
    """swiss_roll_hole(1, random_state=369) returned 0 rows (both draws in the hole), and
    authors_training_set(100, 0.999) an empty training set (sklearn refuses it)."""
    refused_saying("n_samples", lambda: swiss_roll_hole(1, random_state=369))
    assert swiss_roll_hole(1, random_state=0)[0].shape == (1, 3)
    refused_saying("test_size", lambda: authors_training_set(100, 0.999))


@pytest.mark.parametrize("k", [-900, 900])
def test_procrustes_is_scale_free_in_z(k):
    """Z ~ 1e200: (Z_c²).sum() was inf, the scale 0, and the RMS that of L itself; Z ~ 1e-200
    gave NaN. The RMS does not depend on Z's scale and is linear in L's."""
    rng = np.random.default_rng(2)
    Z = L @ rng.normal(size=(2, 2)) + 0.1 * rng.normal(size=L.shape)
    ref = similarity_procrustes(Z, L)
    assert similarity_procrustes(Z * 2.0**k, L) == pytest.approx(ref, rel=1e-13)
    assert similarity_procrustes(Z, L * 2.0**k) == pytest.approx(ref * 2.0**k, rel=1e-13)


def test_procrustes_constant_codes_and_bad_shapes():
    """A constant Z (all codes one point) gave NaN (0/0): the best map sends every row to L's
    mean, so the RMS of L about its mean."""
    ref = np.sqrt(np.mean(np.sum((L - L.mean(0)) ** 2, axis=1)))
    assert similarity_procrustes(np.ones((len(L), 2)), L) == pytest.approx(ref, rel=1e-15)
    with pytest.raises(ValueError, match="'Z' and 'L' parameters"):
        similarity_procrustes(np.ones((len(L) - 1, 2)), L)
    refused("Z", similarity_procrustes, np.ones((len(L), 1)), L)


def test_evaluate_is_scale_free_in_z():
    """Codes ~1e200 had inf pair distances, and knn_recall refused its own 'D_Z'."""
    rng = np.random.default_rng(3)
    P = np.c_[rng.uniform(-2, 10, 80), rng.uniform(0, 6, 80)]
    P = P[~((P[:, 0] > 1.5) & (P[:, 0] < 6.5) & (P[:, 1] > 2.5) & (P[:, 1] < 3.5))][:30]
    DP = geodesic_holed(P, P)
    Z = P + 0.3 * rng.normal(size=P.shape)
    a, b = evaluate(Z, P, DP), evaluate(Z * 2.0**700, P, DP)
    for key in ("knn", "spearman", "violations"):
        assert a[key] == b[key]
    assert b["procrustes"] == pytest.approx(a["procrustes"], rel=1e-13)


def test_collapsed_codes_give_a_zero_not_a_nan_regulariser():
    """All codes of a batch at one point: no masked pair, and the mean of nothing was NaN
    (its gradient would turn every weight into NaN)."""
    z = torch.zeros(4, 2, requires_grad=True)
    Dt = torch.as_tensor(D[:4, :4], dtype=torch.float32)
    loss = injective_loss_torch(Dt, z)
    loss.backward()
    assert float(loss.detach()) == 0.0 and torch.all(torch.isfinite(z.grad))


def test_training_arguments_are_refused_by_name():
    """batches = 0 was a ZeroDivisionError, batches > n/2 trained on empty batches (NaN),
    X above float32's range became inf, a float seed was truncated, a bool width was 1."""
    X = np.random.default_rng(0).normal(size=(6, 3))
    DX = np.linalg.norm(X[:, None] - X[None], axis=2)
    refused("batches", train_autoencoder, X, DX, "ae", batches=0)
    refused("batches", train_autoencoder, X, DX, "ae", batches=4)
    refused("X", train_autoencoder, X * 1e39, DX, "ae")
    refused("D", train_autoencoder, X, DX[:5, :5], "ae")
    refused("epochs", train_autoencoder, X, DX, "ae", epochs=10**9)
    refused("eps", train_autoencoder, X, DX, "ae", eps=0.0)
    refused("seed", train_autoencoder, X, DX, "ae", seed=1.5)
    refused("seed", make_autoencoder, seed=1.5)
    refused("hidden", MLPAutoencoder, 3, True)
    refused("latent", MLPAutoencoder, 3, 8, 0)


def test_codes_at_the_float_maximum():
    """Codes at ±1.7e308: their difference overflowed and its norm was NaN (inf/inf), so
    separation_eps returned NaN and injective_loss inf, although ε* ≈ 0.77 and the mean
    ≈ 7.4e307 are floats (mpmath)."""
    F = L.copy()
    F[0], F[1] = [-1.7e308, 0.0], [1.7e308, 0.0]
    assert separation_eps(F, D, 0.1) == separation_eps(F[2:], D[2:, 2:], 0.1)
    dM = D[IU]
    far = dM > 0.05 * dM.max()
    with mpmath.workdps(50):
        terms = []
        for i, j, m in zip(IU[0][far], IU[1][far], dM[far], strict=True):
            n = mpmath.sqrt(sum((mp_x(F[i, c]) - mp_x(F[j, c])) ** 2 for c in range(2)))
            r = n / mp_x(m)
            terms.append(max(mpmath.log(mpmath.mpf(0.3) / r), 0) + 5 * max(r - 1, 0))
        ref = float(mpmath.fsum(terms) / len(terms))
    assert injective_loss(D, F) == pytest.approx(ref, rel=1e-13)


def mp_x(v):
    return mpmath.mpf(float(v))
