"""Software tests of the PRISM numerics: generators, descriptors, relational graphs, the torch
loss against the theory, PRISMLite, and the CUDA path (skipped without a GPU)."""

import numpy as np
import pytest
import torch

from numerics.prism.data import CLASSES, descriptors, graph_classes, spectral_descriptor
from numerics.prism.model import PRISMLite, disambiguation, marginal_nll_torch
from numerics.prism.relational import purity, spatial_similarity, spectral_similarity, topk
from theory.prism import marginal_nll, row_normalize, uniform_candidates
from theory.validation import InvalidParameterError


def test_graph_classes_sizes_and_connectivity():
    gs = graph_classes(3, seed=0)
    assert len(gs.graphs) == 3 * len(CLASSES)
    for A in gs.graphs:
        assert np.array_equal(A, A.T) and A.shape[0] >= 5
        reach = np.linalg.matrix_power(A + np.eye(len(A)), len(A)) > 0
        assert reach.all()


def test_spectral_descriptor_is_sign_invariant():
    gs = graph_classes(1, seed=1)
    A = gs.graphs[0]
    perm = np.random.default_rng(0).permutation(len(A))
    np.testing.assert_allclose(spectral_descriptor(A), spectral_descriptor(A[np.ix_(perm, perm)]),
                               atol=1e-8)


def test_relational_graphs_respect_overlap_and_k(seed):
    rng = np.random.default_rng(seed)
    gs = graph_classes(5, seed=seed)
    Xs, Xp = descriptors(gs)
    M = uniform_candidates(gs.y, 6, .2, rng)
    for S in (spatial_similarity(Xs - Xs.mean(0), M), spectral_similarity(Xp, M)):
        A = topk(S, 4)
        assert np.all(A.sum(1) <= 4)
        assert np.all((M @ M.T)[A > 0] > 0)
        assert 0 <= purity(A, gs.y) <= 1


def test_torch_loss_matches_theory(seed):
    rng = np.random.default_rng(seed)
    M = uniform_candidates(rng.integers(0, 5, 9), 5, .4, rng)
    Q = row_normalize(M * rng.random(M.shape) + 1e-3 * M)
    z = rng.normal(size=M.shape)
    got = marginal_nll_torch(*(torch.as_tensor(a) for a in (z, M, Q)))
    np.testing.assert_allclose(float(got), marginal_nll(z, M, Q), rtol=1e-12)


def test_disambiguation_of_uniform_q_is_mean_inverse_size():
    M = np.array([[1, 1, 0], [1, 1, 1], [1, 0, 0.]])
    y = np.array([0, 2, 0])
    assert np.isclose(disambiguation(M, M, y), np.mean([1 / 2, 1 / 3, 1.0]))


def _fit(device):
    gs = graph_classes(6, seed=0)
    Xs, Xp = descriptors(gs)
    M = uniform_candidates(gs.y, 6, .3, np.random.default_rng(0))
    return PRISMLite(steps=30, device=device).fit(Xs, Xp, M), Xs, Xp


def test_prismlite_fit_predict_and_q_on_candidates():
    model, Xs, Xp = _fit("cpu")
    assert model.predict(Xs, Xp).shape == (len(Xs),)
    assert set(model.graphs_) == {"spa", "spe"}
    np.testing.assert_allclose(model.Q_.sum(1), 1.0)


def test_prismlite_rejects_bad_views_at_fit():
    model = PRISMLite(views=("gnn",))  # scikit-learn convention: nothing is checked here
    with pytest.raises(InvalidParameterError, match="'views' parameter of PRISMLite"):
        model.fit(np.ones((3, 2)), np.ones((3, 2)), np.eye(3))


@pytest.mark.skipif(not torch.cuda.is_available(), reason="no CUDA device")
def test_prismlite_cuda_matches_cpu():
    cpu, Xs, Xp = _fit("cpu")
    gpu, _, _ = _fit("cuda")
    assert gpu.W_.device.type == "cuda"
    np.testing.assert_allclose(gpu.decision_function(Xs, Xp), cpu.decision_function(Xs, Xp),
                               rtol=1e-6, atol=1e-8)
