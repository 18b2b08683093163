"""Bad input to the t-SNE code raises through theory.validation, naming the public parameter;
it never returns a silent wrong number (issue 16). And the engine's device= path on CUDA."""

import numpy as np
import pytest
import torch

from numerics.tsne.engine import (
    ExactTSNE,
    GradientDescent,
    kl_divergence_and_gradient,
    random_init,
    tsne_exact,
)
from theory.tsne import impostor, joint_probabilities, kl_divergence, kl_gradient, sq_distances
from theory.validation import InvalidParameterError


@pytest.fixture
def data():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(30, 4))
    X[15:] += 3.0
    P = joint_probabilities(sq_distances(X), 5.0)
    return X, P, rng.normal(size=(30, 2))


def _asymmetric(P):
    A = P.copy()
    i, j = np.unravel_index(np.argmax(P), P.shape)
    A[i, j] += 1e-4
    A[j, i] -= 1e-4  # still non-negative, still sums to 1
    return A


def _diagonal(P):
    B = P.copy()
    B[0, 0] = 1e-3
    return B / B.sum()


@pytest.mark.parametrize("fn", [kl_gradient, kl_divergence,
                                lambda P, Y: kl_divergence_and_gradient(P, Y)])
@pytest.mark.parametrize("bad, words", [(lambda P: 2 * P, "summing to 1"),
                                        (_asymmetric, "symmetric"),
                                        (_diagonal, "zero diagonal")])
def test_objective_rejects_p_that_is_not_an_affinity_matrix(data, fn, bad, words):
    _, P, Y = data
    with pytest.raises(InvalidParameterError, match=f"'P' parameter.*{words}"):
        fn(bad(P), Y)


def test_engine_rejects_nonzero_diagonal_instead_of_zeroing_it(data):
    _, P, Y = data
    with pytest.raises(InvalidParameterError, match="'P' parameter of ExactTSNE.optimize.*zero"):
        ExactTSNE().optimize(_diagonal(P), Y)


@pytest.mark.parametrize("momentum", [(0.5, 1.0), (0.5, 1.5), (-0.1, 0.8), (0.5,)])
def test_momentum_outside_zero_one_is_rejected(momentum):
    with pytest.raises(InvalidParameterError, match="'momentum' parameter of GradientDescent"):
        GradientDescent(momentum=momentum)


def test_perplexity_true_is_not_one(data):
    X, _, _ = data
    with pytest.raises(InvalidParameterError, match="'perplexity'.*Got True"):
        joint_probabilities(sq_distances(X), True)
    with pytest.raises(InvalidParameterError, match="'perplexity' parameter of ExactTSNE"):
        ExactTSNE(perplexity=True)


def test_huge_coordinates_blame_x_not_an_internal_parameter(data):
    X, _, _ = data
    with pytest.raises(InvalidParameterError, match="'X' parameter of ExactTSNE"):
        tsne_exact(X * 1e200, max_iter=5)
    with pytest.raises(InvalidParameterError, match="'X' parameter of sq_distances"):
        sq_distances(X * 1e200)


def test_perplexity_too_large_for_n_is_rejected_up_front(data):
    X, _, _ = data
    with pytest.raises(InvalidParameterError, match=r"'perplexity' parameter of ExactTSNE.*\[1, 29\]"):
        tsne_exact(X, perplexity=40.0, max_iter=5)


def test_impostor_says_when_the_shift_loses_p(data):
    X, _, _ = data
    labels = np.repeat([0, 1], 15)
    with pytest.raises(InvalidParameterError, match="'eps' parameter of impostor.*keeps P"):
        impostor(X, labels, 1e-12)
    Xe, _ = impostor(X, labels, 1e-3)  # a moderate eps still works and keeps P
    dP = np.abs(joint_probabilities(sq_distances(Xe), 5.0)
                - joint_probabilities(sq_distances(X), 5.0)).max()
    assert dP <= 1e-9


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA device")
def test_engine_on_cuda_matches_cpu(data):
    _, P, _ = data
    Y0 = random_init(30, 2, random_state=0)
    kl_cpu, g_cpu = kl_divergence_and_gradient(P, Y0)
    kl_gpu, g_gpu = kl_divergence_and_gradient(P, Y0, device="cuda")
    assert abs(kl_cpu - kl_gpu) <= 1e-12 * abs(kl_cpu)
    np.testing.assert_allclose(g_gpu, g_cpu, rtol=1e-10, atol=1e-14)
    stages = [GradientDescent(max_iter=200)]
    r_cpu = ExactTSNE(perplexity=5.0, optimizer=stages).optimize(P, Y0)
    r_gpu = ExactTSNE(perplexity=5.0, optimizer=stages, device="cuda").optimize(P, Y0)
    assert abs(r_cpu.kl - r_gpu.kl) <= 1e-6 * r_cpu.kl
