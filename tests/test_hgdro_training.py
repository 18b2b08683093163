"""The torch trainer of hierarchical group DRO against the theory: the latent step is the exact
inner maximum for a binary linear head, the group weights are the EG update, ε = 0 reproduces
Group DRO, and the full-batch game reaches the convex optimum; CUDA when present."""

import copy

import numpy as np
import pytest
import torch

from numerics.hgdro.data import colored_digits
from numerics.hgdro.training import (
    FeatureHeadModel,
    GroupWeights,
    HierarchicalDROTrainer,
    fit_linear_head_game,
    latent_perturb,
)
from theory.hgdro import eg_update, group_radii, hierarchical_optimum, robust_logistic
from theory.hgdro._instances import gaussian_groups
from theory.validation import InvalidParameterError

CUDA = pytest.mark.skipif(not torch.cuda.is_available(), reason="no CUDA device")


def test_latent_sign_step_matches_robust_logistic_closed_form():
    rng = np.random.default_rng(0)
    w = torch.tensor(rng.standard_normal(6), dtype=torch.float64)
    z = torch.tensor(rng.standard_normal((50, 6)), dtype=torch.float64, requires_grad=True)
    y = torch.tensor(rng.choice((-1.0, 1.0), 50), dtype=torch.float64)
    eps = torch.tensor(rng.uniform(0.1, 0.5, 50), dtype=torch.float64)
    loss = torch.nn.functional.softplus(-y * (z @ w))
    (g,) = torch.autograd.grad(loss.sum(), z)
    zp = latent_perturb(z.detach(), g, eps, "linf")
    got = torch.nn.functional.softplus(-y * (zp @ w)).numpy()
    ref = robust_logistic((y * (z.detach() @ w)).numpy(), w.numpy(), eps.numpy(), p=np.inf)
    np.testing.assert_allclose(got, ref, rtol=1e-12)
    zp2 = latent_perturb(z.detach(), g, eps, "l2")
    got2 = torch.nn.functional.softplus(-y * (zp2 @ w)).numpy()
    np.testing.assert_allclose(got2, robust_logistic((y * (z.detach() @ w)).numpy(), w.numpy(),
                                                     eps.numpy(), p=2), rtol=1e-12)


def test_group_weights_match_theory_eg_update():
    w = GroupWeights(4, eta=0.3, adj=[0.1, 0.0, 0.2, 0.0], dtype=torch.float64)
    q = np.full(4, 0.25)
    for k in range(5):
        losses = np.array([0.3, 0.5 + 0.1 * k, 0.2, 0.9])
        w.update(torch.tensor(losses))
        q = eg_update(q, losses, 0.3, [0.1, 0.0, 0.2, 0.0])
    np.testing.assert_allclose(w.q.numpy(), q, rtol=1e-12)


def test_full_batch_game_reaches_convex_optimum():
    Z, Y, G = gaussian_groups(2, sizes=(80, 20, 10, 60), d=3)
    e = group_radii(np.bincount(G), 0.4)
    v, _ = hierarchical_optimum(Z, Y, G, e, ridge=0.01)
    th = fit_linear_head_game(Z, Y, G, e, ridge=0.01, steps=600)
    from theory.hgdro import group_robust_losses

    F = group_robust_losses(th, Z, Y, G, e).max() + 0.01 * th @ th
    assert v - 1e-7 <= F <= v * (1 + 5e-3)


@pytest.fixture(scope="module")
def small_digits():
    return colored_digits(random_state=1)


def _fit(data, method, eps, device="cpu", epochs=2, seed=0):
    model = FeatureHeadModel(seed=seed)
    tr = HierarchicalDROTrainer(model, method, eps, device=device, seed=seed)
    res = tr.fit(data.train, data.val, epochs=epochs)
    return tr, res


def test_hgdro_with_eps_zero_is_groupdro(small_digits):
    a, _ = _fit(small_digits, "hgdro", 0.0)
    b, _ = _fit(small_digits, "gdro", 0.0)
    for pa, pb in zip(a.model.parameters(), b.model.parameters(), strict=True):
        assert torch.equal(pa, pb)


def test_trainer_fits_and_selects_by_validation(small_digits):
    tr, res = _fit(small_digits, "hgdro", 0.1, epochs=3)
    assert len(res.history) == 3 and res.best_val_wga == max(res.history)
    acc = tr.group_accuracy(small_digits.val)
    assert np.isclose(acc.min(), res.best_val_wga)


def test_trainer_is_seeded(small_digits):
    a, _ = _fit(small_digits, "hgdro", 0.1, seed=4)
    b, _ = _fit(small_digits, "hgdro", 0.1, seed=4)
    assert all(torch.equal(p, q) for p, q in zip(a.model.parameters(), b.model.parameters(),
                                                 strict=True))


def test_trainer_validation():
    with pytest.raises(InvalidParameterError, match="'method' parameter"):
        HierarchicalDROTrainer(FeatureHeadModel(), "dro")
    with pytest.raises(InvalidParameterError, match="'norm' parameter of latent_perturb"):
        latent_perturb(torch.zeros(2, 2), torch.zeros(2, 2), 0.1, "l1")


def test_deepcopy_of_model_is_independent():
    m = FeatureHeadModel(seed=0)
    c = copy.deepcopy(m)
    with torch.no_grad():
        c.head.weight.add_(1.0)
    assert not torch.equal(m.head.weight, c.head.weight)


@CUDA
def test_trainer_runs_on_cuda_and_matches_cpu_start(small_digits):
    tr, res = _fit(small_digits, "hgdro", 0.1, device="cuda", epochs=2)
    assert next(tr.model.parameters()).is_cuda
    assert 0.0 <= res.best_val_wga <= 1.0
    cpu = FeatureHeadModel(seed=0)
    gpu = FeatureHeadModel(seed=0).to("cuda")
    assert torch.equal(cpu.head.weight, gpu.head.weight.cpu())
    th = fit_linear_head_game(*gaussian_groups(0, sizes=(30, 10, 10, 30), d=2),
                              np.full(4, 0.2), ridge=0.01, steps=50, device="cuda")
    assert np.all(np.isfinite(th))
