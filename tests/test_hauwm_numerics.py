"""Software tests of numerics.hauwm: the torch ensemble, losses and process simulators against
theory.hauwm (mixture moments, NLL, the disagreement term, closed-form variances), determinism,
and the device path (CUDA skipped cleanly when absent)."""

import math

import numpy as np
import pytest
import torch

from numerics.hauwm.model import (
    BatchedEnsemble,
    TrainConfig,
    embed_horizon,
    evaluate,
    gaussian_nll,
    mixture,
    train,
)
from numerics.hauwm.processes import AR1, CIRCLE
from theory.hauwm import loss_disagreement, loss_nll, mixture_moments, var_ar1, var_circle


def test_mixture_matches_theory_mixture_moments():
    g = torch.Generator().manual_seed(0)
    mu = torch.randn(2, 5, 7, 1, generator=g, dtype=torch.float64)
    lv = torch.randn(2, 5, 7, 1, generator=g, dtype=torch.float64)
    m, v = mixture(mu, lv)
    tm, tv = mixture_moments(mu.numpy().transpose(1, 0, 2, 3), lv.exp().numpy().transpose(1, 0, 2, 3))
    np.testing.assert_allclose(m.numpy(), tm, rtol=1e-12)
    np.testing.assert_allclose(v.numpy(), tv, rtol=1e-12)


def test_gaussian_nll_matches_theory_loss_nll():
    g = torch.Generator().manual_seed(1)
    mu = torch.randn(1, 3, 50, 1, generator=g, dtype=torch.float64)
    lv = torch.randn(1, 3, 50, 1, generator=g, dtype=torch.float64)
    y = torch.randn(1, 50, 1, generator=g, dtype=torch.float64)
    ours = float(gaussian_nll(mu, lv, y)[0])
    ref = sum(loss_nll(y[0].numpy(), mu[0, i].numpy(), lv[0, i].exp().numpy()) for i in range(3))
    assert ours == pytest.approx(ref, rel=1e-12)


def test_disagreement_term_matches_theory():
    g = torch.Generator().manual_seed(2)
    mu = torch.randn(1, 5, 40, 2, generator=g, dtype=torch.float64)
    h = torch.randint(1, 13, (1, 40), generator=g)
    dev = ((mu - mu.mean(1, keepdim=True)) ** 2).sum(dim=(1, 3))
    ours = float((-h * dev / 4).mean())
    assert ours == pytest.approx(loss_disagreement(mu[0].numpy(), h[0].numpy()), rel=1e-12)


def test_embed_horizon_shapes_and_bad_kind():
    h = torch.arange(1, 13)
    assert embed_horizon(h, 12).shape == (12, 13)
    assert embed_horizon(h, 12, "sinusoidal").shape == (12, 16)
    with pytest.raises(ValueError, match="The 'kind' parameter of embed_horizon"):
        embed_horizon(h, 12, "learned")


@pytest.mark.parametrize("proc", [AR1, CIRCLE], ids=["ar1", "circle"])
def test_process_simulation_matches_closed_form(proc):
    g = torch.Generator().manual_seed(3)
    n, H = 40_000, 6
    s = torch.full((H * n,), float(proc.x0), dtype=torch.float64)
    h = torch.arange(1, H + 1).repeat_interleave(n)
    y = proc.features(proc.advance(s, h, H, g))[..., 0].reshape(H, n).numpy()
    hs = np.arange(1, H + 1)
    true = var_ar1(hs, 0.8, 1.0) if proc.name == "ar1" else var_circle(hs, math.pi / 2, 0.01)
    se = y.var(1) * math.sqrt(2 / n) * (3 if proc.name == "circle" else 1)
    np.testing.assert_array_less(np.abs(y.var(1) - true), 5 * se + 1e-9)


def test_bad_loss_and_seed_count():
    with pytest.raises(ValueError, match="The 'loss' parameter of train"):
        train(AR1, "crps", TrainConfig(steps=1), [0], device="cpu")
    with pytest.raises(ValueError, match="The 'seeds' parameter of BatchedEnsemble"):
        BatchedEnsemble(3, 1, groups=2, seeds=[0], device="cpu")


@pytest.mark.parametrize("loss", ["nll", "nll+hinge", "nll+loghinge", "nll+hcu"])
def test_training_is_deterministic(loss):
    cfg = TrainConfig(steps=5, batch=16, shape_batch=4)
    a = evaluate(train(AR1, loss, cfg, [0, 1], device="cpu"), AR1, cfg, n_cov=20)
    b = evaluate(train(AR1, loss, cfg, [0, 1], device="cpu"), AR1, cfg, n_cov=20)
    np.testing.assert_array_equal(a["pred_var"], b["pred_var"])
    assert a["pred_var"].shape == (2, 12) and np.all(a["pred_var"] > 0)


def test_seed_groups_are_independent_of_batching():
    """Group k's weights depend on its seed only, not on which other seeds train with it."""
    one = BatchedEnsemble(4, 1, groups=1, seeds=[3], device="cpu")
    two = BatchedEnsemble(4, 1, groups=2, seeds=[0, 3], device="cpu")
    assert torch.equal(one.W[0][:5], two.W[0][5:])


@pytest.mark.skipif(not torch.cuda.is_available(), reason="CUDA not available")
def test_cuda_matches_cpu_forward():
    cpu = BatchedEnsemble(4, 1, groups=1, seeds=[0], device="cpu")
    gpu = BatchedEnsemble(4, 1, groups=1, seeds=[0], device="cuda")
    x = torch.randn(1, 8, 4)
    np.testing.assert_allclose(cpu(x)[0].detach().numpy(), gpu(x.cuda())[0].detach().cpu().numpy(),
                               rtol=1e-4, atol=1e-5)
