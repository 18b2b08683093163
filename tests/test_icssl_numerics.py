"""Software tests of the IC-SSL numerics: the task sampler, the torch models against the theory,
training, and the CUDA path (skipped without a GPU)."""

import numpy as np
import pytest
import torch

from numerics.icssl.models import (
    MODELS,
    FunctionalGD,
    ICSSLTransformer,
    eigenmap,
    knn_bandwidth,
    rbf_attention,
)
from numerics.icssl.tasks import FAMILIES, make_task, sample_tasks
from numerics.icssl.tasks import knn_bandwidth as knn_bandwidth_np
from numerics.icssl.training import task_accuracies, to_batch, train
from theory.icssl import attention_laplacian, functional_gd
from theory.validation import InvalidParameterError


@pytest.mark.parametrize("family", FAMILIES)
def test_task_sampler_shapes_labels_and_scale(family):
    t = make_task(family, m=20, rng=np.random.default_rng(0))
    assert t.X.shape == (100, 3) and t.y.shape == (100,)
    assert np.bincount(t.y).tolist() == [40, 60]
    assert np.bincount(t.y[t.lab_idx]).tolist() == [20, 20]
    assert len(np.unique(t.lab_idx)) == 40
    np.testing.assert_allclose((t.X**2).sum(1).mean(), 1.0)
    np.testing.assert_allclose(t.X.mean(0), 0.0, atol=1e-12)


def test_sampler_is_seeded():
    a = sample_tasks(FAMILIES, 5, m=2, seed=3)
    b = sample_tasks(FAMILIES, 5, m=2, seed=3)
    for s, t in zip(a, b, strict=True):
        np.testing.assert_array_equal(s.X, t.X)
        assert s.family == t.family


def test_sampler_validates():
    with pytest.raises(InvalidParameterError, match="'family' parameter of make_task"):
        make_task("torus", rng=np.random.default_rng(0))
    with pytest.raises(InvalidParameterError, match="'m' parameter of make_task"):
        make_task("circles", m=41, rng=np.random.default_rng(0))


def test_torch_bandwidth_matches_numpy():
    t = make_task("moons", rng=np.random.default_rng(1))
    X = torch.tensor(t.X[None], dtype=torch.float64)
    assert float(knn_bandwidth(X)[0]) == pytest.approx(knn_bandwidth_np(t.X), rel=1e-12)


def test_rbf_attention_matches_theory_in_float64():
    t = make_task("circles", rng=np.random.default_rng(2))
    X = torch.tensor(t.X[None], dtype=torch.float64)
    _, K, _ = attention_laplacian(t.X, 0.03)
    np.testing.assert_allclose(rbf_attention(X, 0.03)[0].numpy(), K, atol=1e-14)


def test_tfsup_matches_theory_and_gradcheck():
    rng = np.random.default_rng(0)
    phi = rng.standard_normal((12, 3))
    lab = np.array([0, 3, 5, 7])
    y = np.array([0, 1, 1, 0])
    sup = FunctionalGD(2, steps=2).double()
    F = sup.state(torch.tensor(phi[None]), torch.tensor(y[None]), torch.tensor(lab[None]))
    ref = functional_gd(phi, y, lab, sup.W.detach().numpy(), float(sup.log_alpha.detach().exp()),
                        2, h=float(sup.log_h.detach().exp()))
    np.testing.assert_allclose(F[0].detach().numpy(), ref, atol=1e-13)
    x = torch.tensor(phi[None], requires_grad=True)
    assert torch.autograd.gradcheck(
        lambda p: sup(p, torch.tensor(y[None]), torch.tensor(lab[None])), (x,))


def test_torch_eigenmap_columns_are_standardised():
    t = make_task("swissroll", rng=np.random.default_rng(4))
    X = torch.tensor(t.X[None], dtype=torch.float64)
    f = eigenmap(X, knn_bandwidth(X), 4)[0].numpy()
    np.testing.assert_allclose(f.mean(0), 0.0, atol=1e-10)
    np.testing.assert_allclose(f.std(0, ddof=1), 1.0, atol=1e-10)


@pytest.mark.parametrize("name", sorted(MODELS))
def test_models_train_a_few_steps_and_predict(name):
    model, log = train(name, steps=3, batch=4)
    assert len(log.losses) == 3 and np.all(np.isfinite(log.losses))
    acc = task_accuracies(model, sample_tasks(("circles",), 3, m=2, seed=0))
    assert acc.shape == (3,) and np.all((acc >= 0) & (acc <= 1))


def test_power_layers_are_orthonormal_times_sqrt_n():
    model = ICSSLTransformer(n_power=4).double()
    X, *_ = to_batch(sample_tasks(("planes",), 2, m=2, seed=1), dtype=torch.float64)
    phi = model.features(X) / 10.0
    np.testing.assert_allclose((phi.transpose(1, 2) @ phi).detach().numpy(),
                               np.broadcast_to(np.eye(4), (2, 4, 4)), atol=1e-12)


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA device")
def test_models_run_on_cuda_and_match_cpu():
    tasks = sample_tasks(("circles", "moons"), 8, m=4, seed=5)
    for name in sorted(MODELS):
        torch.manual_seed(0)
        cpu = MODELS[name]().double()
        gpu = MODELS[name]().double()
        gpu.load_state_dict(cpu.state_dict())
        gpu = gpu.to("cuda")
        Xc, _, yc, lc, _ = to_batch(tasks, dtype=torch.float64)
        Xg, _, yg, lg, _ = to_batch(tasks, device="cuda", dtype=torch.float64)
        with torch.no_grad():
            a = cpu(Xc, yc, lc)
            b = gpu(Xg, yg, lg).cpu()
        torch.testing.assert_close(a, b, rtol=1e-8, atol=1e-8)
    model, log = train("e2e", steps=2, batch=4, device="cuda")
    assert np.all(np.isfinite(log.losses))
    assert next(model.parameters()).device.type == "cuda"
