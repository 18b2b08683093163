"""The torch simulator of EF21-Muon against the numpy reference, its bit counts and devices."""

import functools

import numpy as np
import pytest
import torch
from torch import nn

from numerics.ef21_muon.compressors import Identity, RandK, RankR, TopK
from numerics.ef21_muon.data import digits_shards
from numerics.ef21_muon.experiments import bits_to_target, run
from numerics.ef21_muon.sim import EF21MuonSim, lmo_torch, newton_schulz5_torch
from theory.ef21_muon import ef21_muon_numpy, lmo, newton_schulz5, topk
from theory.validation import InvalidParameterError


class _Point(nn.Module):
    def __init__(self, shape):
        super().__init__()
        self.X = nn.Parameter(torch.zeros(shape, dtype=torch.float64))

    def forward(self, _):
        return self.X


def _quad_loss(model, a, _y):
    return 0.5 * ((model.X - a) ** 2).sum()


@pytest.mark.parametrize("beta", [1.0, 0.3])
def test_simulator_matches_numpy_reference_with_topk_both_ways(beta):
    A = np.random.default_rng(0).standard_normal((3, 6, 4))
    ref = ef21_muon_numpy([lambda X, a=a: X - a for a in A], np.zeros((6, 4)), 0.05, 40,
                          beta=beta, worker_comp=functools.partial(topk, k=5),
                          server_comp=functools.partial(topk, k=8))
    sim = EF21MuonSim(lambda: _Point((6, 4)), 3, 0.05, beta, worker_comp=TopK(5 / 24),
                      server_comp=TopK(8 / 24), loss_fn=_quad_loss, dtype=torch.float64, layer_scaling=False)
    batches = [(torch.tensor(a), None) for a in A]
    for _ in range(40):
        sim.step(batches)
    np.testing.assert_allclose(sim.X[0].numpy(), ref["X"], atol=1e-10)
    np.testing.assert_allclose(sim.W[0].numpy(), ref["W"], atol=1e-10)
    # one dense initial round + 40 messages of 5 entries (32 value bits + 5 index bits)
    assert sim.bits_sent == 32 * 24 + 40 * 5 * (32 + 5)


def test_naive_simulator_matches_numpy_reference():
    A = np.random.default_rng(1).standard_normal((2, 4, 3))
    ref = ef21_muon_numpy([lambda X, a=a: X - a for a in A], np.zeros((4, 3)), 0.1, 20,
                          worker_comp=functools.partial(topk, k=2), naive=True)
    sim = EF21MuonSim(lambda: _Point((4, 3)), 2, 0.1, 1.0, worker_comp=TopK(2 / 12), naive=True,
                      loss_fn=_quad_loss, dtype=torch.float64, layer_scaling=False)
    for _ in range(20):
        sim.step([(torch.tensor(a), None) for a in A])
    np.testing.assert_allclose(sim.X[0].numpy(), ref["X"], atol=1e-10)


@pytest.mark.parametrize("norm", ["spectral", "linf", "colnorm", "fro"])
def test_torch_lmo_equals_theory(norm):
    G = np.random.default_rng(2).standard_normal((7, 5))
    np.testing.assert_allclose(lmo_torch(torch.tensor(G), norm).numpy(), lmo(G, norm),
                               atol=1e-12)


def test_torch_newton_schulz_equals_theory():
    G = np.random.default_rng(3).standard_normal((9, 5))
    np.testing.assert_allclose(newton_schulz5_torch(torch.tensor(G)).numpy(), newton_schulz5(G),
                               atol=1e-10)


def test_compressors_count_bits_and_keep_energy():
    x = torch.randn(64, 32, dtype=torch.float64, generator=torch.Generator().manual_seed(0))
    y, b = TopK(0.1)(x)
    assert b == 205 * (32 + 11) and int((y != 0).sum()) == 205
    y, b = RankR(2)(x)
    assert b == 32 * 2 * 96 and torch.linalg.matrix_rank(y) == 2
    assert Identity()(x)[1] == 32 * 64 * 32
    y, b = RandK(0.25, seed=1)(x)
    assert int((y != 0).sum()) == 512
    assert torch.sum((y - x) ** 2) < torch.sum(x**2)
    with pytest.raises(InvalidParameterError, match="'frac' parameter of TopK"):
        TopK(1.5)


def test_digit_shards_are_heterogeneous_and_cover_the_data():
    X, y, shards = digits_shards(4, 0.8, random_state=0)
    assert sorted(np.concatenate(shards).tolist()) == list(range(len(y)))
    share = [np.mean(np.isin(y[s], [2 * j, 2 * j + 1])) for j, s in enumerate(shards)]
    assert min(share) > 0.5 and X.max() <= 1.0


def test_short_run_lowers_the_loss_and_counts_bits():
    tr = run("EF21 Top-10%", seed=0, K=10, eval_every=5)
    assert tr["loss"].iloc[-1] < tr["loss"].iloc[0]
    assert tr["mbit"].is_monotonic_increasing
    assert bits_to_target(tr, target=0.0) == float("inf")


@pytest.mark.skipif(not torch.cuda.is_available(), reason="no CUDA device")
def test_simulator_runs_on_cuda_with_device_generators():
    tr = run("EF21 Top-10%", seed=0, K=5, device="cuda", eval_every=5)
    assert np.isfinite(tr["loss"]).all()
    y, _ = RandK(0.1, seed=0, device="cuda")(torch.randn(32, 32, device="cuda"))
    assert y.device.type == "cuda"
    sim = EF21MuonSim(lambda: _Point((6, 4)), 1, 0.1, 1.0, worker_comp=TopK(0.25),
                      server_comp=RankR(1), loss_fn=_quad_loss, device="cuda",
                      dtype=torch.float64)
    sim.step([(torch.ones(6, 4, device="cuda", dtype=torch.float64), None)])
    assert sim.X[0].device.type == "cuda"
