"""Torch set networks: invariances, pooling against the numpy theory, Lipschitz bounds."""

import math

import numpy as np
import pytest
import torch

from numerics.data import make_shapes, standardize_sets
from numerics.multisets.networks import (
    DISTANCES,
    PAIRED_DISTANCE,
    POOLS,
    SetNetwork,
    latent_sets,
    lipschitz_bound,
    pad_sets,
    pool_numpy,
    predict,
    spectral_norm_product,
    train_set_network,
)
from theory.multisets import (
    aggregate,
    attention,
    emd,
    hausdorff,
    lipschitz_constant,
    matching,
    network_bound,
)
from theory.tolerances import LP
from theory.validation import InvalidParameterError

DIST_FN = {"emd": emd, "hausdorff": hausdorff, "matching": matching}


def _net(pool, seed, **kw):
    torch.manual_seed(seed)
    kw.setdefault("encoder_bias", pool != "sum")
    return SetNetwork(pool, 3, (8, 6), 3, head_hidden=(5,), device="cpu", dtype=torch.float64,
                      **kw)


def _random_sets(rng, k=6, lo=1, hi=7, d=3):
    return [rng.normal(size=(int(rng.integers(lo, hi + 1)), d)) for _ in range(k)]


@pytest.mark.parametrize("pool", POOLS)
def test_set_network_is_permutation_and_padding_invariant(pool, seed):
    rng = np.random.default_rng(seed)
    net = _net(pool, seed)
    sets = _random_sets(rng)
    out = predict(net, sets)
    shuffled = predict(net, [X[rng.permutation(len(X))] for X in sets])
    alone = np.vstack([predict(net, [X]) for X in sets])  # no padding at all
    np.testing.assert_allclose(shuffled, out, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(alone, out, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("pool", POOLS)
def test_pool_matches_theory_aggregate(pool, seed):
    rng = np.random.default_rng(seed)
    net = _net(pool, seed)
    latents = _random_sets(rng, d=6)
    ours = pool_numpy(net, latents)
    if pool == "attention":
        W = net.attention.W.weight.detach().numpy()
        q = net.attention.q.detach().numpy()
        ref = np.array([attention(H, W, q) for H in latents])
    else:
        ref = np.array([aggregate(H, pool) for H in latents])
    np.testing.assert_allclose(ours, ref, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("pool", ("sum", "mean", "max"))
def test_lipschitz_bound_matches_svd_and_theory_network_bound(pool, seed):
    net = _net(pool, seed)
    lips = []
    for part in (net.encoder, net.head):
        prod = 1.0
        for lin in [m for m in part if isinstance(m, torch.nn.Linear)]:
            prod *= np.linalg.svd(lin.weight.detach().numpy(), compute_uv=False)[0]
        lips.append(prod)
        assert spectral_norm_product(part) == pytest.approx(prod, rel=1e-12)
    dist = PAIRED_DISTANCE[pool]
    expected = network_bound(pool, dist, lips[0], lips[1], width=6)
    assert lipschitz_bound(net, dist) == pytest.approx(expected, rel=1e-12)
    factor = float(lipschitz_constant(pool, dist, d=6))
    assert expected == pytest.approx(factor * lips[0] * lips[1], rel=1e-12)
    # Every other cell has no constant for sets of different sizes (Thm 3.1 / Thm 3.4).
    for other in set(DISTANCES) - {dist}:
        assert lipschitz_bound(net, other) == math.inf
    assert lipschitz_bound(_net("attention", seed), "emd") == math.inf


def test_sum_network_with_bias_is_not_matching_lipschitz():
    # Thm 3.4(2), App. B.7.2: f1(x) = ReLU(x + 1/2), f2(x) = x, X = {{c, c}}, Y = {{c}}.
    net = SetNetwork("sum", 1, (1,), 1, encoder_bias=True, device="cpu", dtype=torch.float64)
    with torch.no_grad():
        net.encoder[0].weight.fill_(1.0)
        net.encoder[0].bias.fill_(0.5)
        net.head[0].weight.fill_(1.0)
        net.head[0].bias.fill_(0.0)
    assert lipschitz_bound(net, "matching") == math.inf
    assert lipschitz_bound(net, "matching", equal_size=2) == pytest.approx(1.0)
    for c, ratio in ((0.1, 6.0), (0.01, 51.0), (0.001, 501.0)):
        X, Y = np.array([[c], [c]]), np.array([[c]])
        delta = abs(predict(net, [X])[0, 0] - predict(net, [Y])[0, 0])
        assert delta / matching(X, Y) == pytest.approx(ratio, rel=1e-9)


@pytest.fixture(scope="module")
def trained_small():
    """Four small networks trained for a few epochs on shape clouds (float64)."""
    data = make_shapes(12, (5, 12), upright=True, random_state=0)
    sets = standardize_sets(data.sets)
    nets = {}
    for pool in POOLS:
        torch.manual_seed(0)
        net = SetNetwork(pool, 3, (16, 16), 4, head_hidden=(8,), encoder_bias=pool != "sum",
                         device="cpu", dtype=torch.float64)
        res = train_set_network(net, sets[:36], data.target[:36], epochs=15, batch_size=8)
        assert res.losses[-1] < res.losses[0]
        nets[pool] = net
    return nets, sets[36:]


@pytest.mark.parametrize("pool", ("sum", "mean", "max"))
def test_latent_ratios_under_bound_matches_pot(pool, trained_small):
    """Every pair of a trained instance lies under its bound; distances by POT / assignment."""
    nets, sets = trained_small
    net, dist = nets[pool], PAIRED_DISTANCE[pool]
    fn = DIST_FN[dist]
    out = predict(net, sets)
    lat = latent_sets(net, sets)
    pooled = pool_numpy(net, lat)
    L_net = lipschitz_bound(net, dist)
    L_agg = float(lipschitz_constant(pool, dist, d=net.width))
    worst_net = worst_agg = 0.0
    for i in range(len(sets)):
        for j in range(i + 1, len(sets)):
            d_in, d_lat = fn(sets[i], sets[j]), fn(lat[i], lat[j])
            d_out = np.linalg.norm(out[i] - out[j])
            d_pool = np.linalg.norm(pooled[i] - pooled[j])
            assert d_out <= L_net * d_in + LP * (1 + L_net * d_in)
            assert d_pool <= L_agg * d_lat + LP * (1 + L_agg * d_lat)
            worst_net = max(worst_net, d_out / d_in / L_net)
            worst_agg = max(worst_agg, d_pool / d_lat / L_agg)
    assert 0 < worst_net <= 1 and 0 < worst_agg <= 1


def test_bound_holds_for_adversarial_pairs_of_random_network(seed):
    # Monte Carlo over pairs built to stress the bound: near-duplicates and single added points.
    rng = np.random.default_rng(seed)
    for pool in ("sum", "mean", "max"):
        net = _net(pool, seed)
        dist = PAIRED_DISTANCE[pool]
        L = lipschitz_bound(net, dist)
        for _ in range(30):
            X = rng.normal(size=(int(rng.integers(1, 6)), 3))
            Y = X + 1e-3 * rng.normal(size=X.shape) if rng.random() < 0.5 else \
                np.vstack([X, rng.normal(scale=3, size=(1, 3))])
            d = DIST_FN[dist](X, Y)
            delta = np.linalg.norm(predict(net, [X])[0] - predict(net, [Y])[0])
            assert delta <= L * d + LP * (1 + L * d)


def test_device_and_dtype_are_honoured():
    net = SetNetwork("mean", 3, (4,), 2, device="cpu", dtype=torch.float64)
    assert all(p.device.type == "cpu" and p.dtype == torch.float64 for p in net.parameters())
    x, mask = pad_sets([np.ones((2, 3)), np.ones((4, 3))], device="cpu", dtype=torch.float64)
    assert x.shape == (2, 4, 3) and mask.sum().item() == 6 and x.dtype == torch.float64


def test_bad_input_names_the_parameter():
    with pytest.raises(InvalidParameterError, match="The 'pool' parameter of SetNetwork"):
        SetNetwork("median", 3)
    with pytest.raises(InvalidParameterError, match="The 'distance' parameter"):
        lipschitz_bound(_net("mean", 0), "wasserstein")
    with pytest.raises(InvalidParameterError, match="The 'sets\\[1\\]' parameter of pad_sets"):
        pad_sets([np.ones((2, 3)), np.ones((2, 2))])
    with pytest.raises(InvalidParameterError, match="The 'epochs' parameter"):
        train_set_network(_net("mean", 0), [np.ones((2, 3))], [0], epochs=0)
