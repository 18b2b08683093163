"""Batched training of set networks (numerics.multisets.batched) against one network at a time.

The equality of the computations is checked in float64: in float32 the members agree to 1e-7
after a few steps, but Adam divides each step by the root of the squared gradients, so the
rounding noise of gradients that are nearly zero becomes a step of size ~lr: in the quick
Table 2 setting two members of five differ from their lone runs by 1e-2 in some parameter
after 10 epochs, three after 60 (measured; in float64 all five stay within 2e-13 after 60
epochs). In float32 the experiments' verdicts are compared instead, both ways.
"""

import numpy as np
import pytest
import torch

from numerics.data import make_shapes, standardize_sets
from numerics.multisets.batched import StackedAdam, train_set_networks
from numerics.multisets.networks import POOLS, SetNetwork, train_set_network
from theory.claims import discover

#: float64 rounding, grown over a few dozen Adam steps (measured: ≤ 5e-16 after 4 epochs)
F64 = 1e-12


def _data(seed, per_class):
    d = make_shapes(per_class, (10, 20), upright=True, random_state=seed)
    return standardize_sets(d.sets), d.target


def _network(pool, seed, dtype):
    torch.manual_seed(seed)
    return SetNetwork(pool, 3, (16, 16), 4, head_hidden=(8,), encoder_bias=pool != "sum",
                      device="cpu", dtype=dtype)


def _assert_members_are_their_lone_runs(pool, data, **kwargs):
    seeds = [0, 1001, 2]
    lone = [train_set_network(_network(pool, s, torch.float64), X, y, epochs=4, batch_size=8,
                              seed=s) for s, (X, y) in zip(seeds, data)]
    batched = train_set_networks([_network(pool, s, torch.float64) for s in seeds], data,
                                 seeds=seeds, epochs=4, batch_size=8, **kwargs)
    for a, b in zip(lone, batched):
        np.testing.assert_allclose(b.losses, a.losses, rtol=0, atol=F64)
        for (name, p), q in zip(a.model.named_parameters(), b.model.parameters()):
            assert p.shape == q.shape
            np.testing.assert_allclose(q.detach().numpy(), p.detach().numpy(), rtol=0,
                                       atol=F64, err_msg=name)
    # Training changed every member (the comparison is not between two untouched inits).
    for s, b in zip(seeds, batched):
        init = _network(pool, s, torch.float64)
        assert not torch.allclose(next(init.parameters()), next(b.model.parameters()))


@pytest.mark.parametrize("pool", POOLS)
def test_members_are_their_lone_runs(pool):
    # 40, 48 and 36 sets in batches of 8: 5, 6 and 5 steps per epoch, so members 0 and 2 sit
    # out the last step of every epoch.
    _assert_members_are_their_lone_runs(pool, [_data(0, 10), _data(1, 12), _data(2, 9)])


def _grid_data(seed, n_sets):
    """Sets of points on a coarse grid (as the digits clouds): elements repeat across sets,
    and the first set repeats an element (a tie for the max pool)."""
    rng = np.random.default_rng(seed)
    sets = [rng.integers(0, 4, size=(int(rng.integers(3, 9)), 3)) / 3.0 for _ in range(n_sets)]
    sets[0] = np.vstack([sets[0], sets[0][:1]])
    return sets, rng.integers(0, 4, n_sets)


@pytest.mark.parametrize("pool", POOLS)
def test_distinct_elements_are_the_lone_runs(pool):
    # The distinct-element path (each repeated element encoded once per step) is the lone
    # runs' computation; member sizes differ so that members sit out steps, as above.
    _assert_members_are_their_lone_runs(
        pool, [_grid_data(0, 40), _grid_data(1, 48), _grid_data(2, 36)], distinct=True)


def test_distinct_path_is_chosen_only_for_repeated_elements(monkeypatch):
    from numerics.multisets import batched as Bt

    calls = []
    real = Bt._pack_distinct
    monkeypatch.setattr(Bt, "_pack_distinct", lambda *a: calls.append(1) or real(*a))
    train_set_networks([_network("mean", 0, torch.float64)], [_data(0, 5)], seeds=[0],
                       epochs=1, batch_size=8)
    assert not calls  # continuous shapes: every element distinct
    train_set_networks([_network("mean", 0, torch.float64)], [_grid_data(0, 100)], seeds=[0],
                       epochs=1, batch_size=8)
    assert calls


def test_max_over_sets_backward_is_amax_backward():
    from numerics.multisets.batched import _MaxOverSets

    rng = np.random.default_rng(3)
    hp = torch.tensor(np.maximum(rng.normal(size=(2, 3, 5, 4)), 0.0))
    hp[0, 0, 1] = hp[0, 0, 3]  # a repeated element: tied maxima
    hp[1, 2, :, 1] = 0.0  # a dead channel: every position ties at 0
    hp[1, 1, 4] = -np.inf  # padding
    g = torch.tensor(rng.normal(size=(2, 3, 4)))
    for tie in (True, False):
        x = hp.clone() if tie else hp.clone().index_fill_(2, torch.tensor([1]), -np.inf)
        a, b = x.clone().requires_grad_(), x.clone().requires_grad_()
        (a.amax(dim=2) * g).sum().backward()
        (_MaxOverSets.apply(b) * g).sum().backward()
        live = x > 0  # the positions a ReLU in front lets the gradient through
        torch.testing.assert_close(b.grad[live], a.grad[live], rtol=0, atol=1e-15)
        assert torch.all(b.grad[~live] == 0)


def test_stacked_adam_is_torch_adam_per_member():
    rng = np.random.default_rng(0)
    K, steps = 3, 6
    p0 = torch.tensor(rng.normal(size=(K, 4, 5)))
    grads = torch.tensor(rng.normal(size=(steps, K, 4, 5)))
    # Member 1 skips steps 2 and 4; its lone Adam takes only the other steps.
    active = np.ones((steps, K), bool)
    active[[2, 4], 1] = False
    stacked = p0.clone().requires_grad_()
    opt = StackedAdam([stacked], lr=0.01)
    for t in range(steps):
        stacked.grad = grads[t].clone()
        opt.step(active[t])
    for k in range(K):
        p = p0[k].clone().requires_grad_()
        ref = torch.optim.Adam([p], lr=0.01)
        for t in range(steps):
            if active[t, k]:
                p.grad = grads[t, k].clone()
                ref.step()
        np.testing.assert_allclose(stacked[k].detach(), p.detach(), rtol=0, atol=1e-15)


def test_stacked_adam_all_active_is_bitwise_torch_adam():
    rng = np.random.default_rng(1)
    p0 = torch.tensor(rng.normal(size=(3, 7)), dtype=torch.float32)
    grads = torch.tensor(rng.normal(size=(5, 3, 7)), dtype=torch.float32)
    stacked = p0.clone().requires_grad_()
    opt = StackedAdam([stacked], lr=3e-3)
    ref_p = [p0[k].clone().requires_grad_() for k in range(3)]
    refs = [torch.optim.Adam([p], lr=3e-3) for p in ref_p]
    for t in range(5):
        stacked.grad = grads[t].clone()
        opt.step()
        for k in range(3):
            ref_p[k].grad = grads[t, k].clone()
            refs[k].step()
    for k in range(3):
        assert torch.equal(stacked[k].detach(), ref_p[k].detach())


def test_mixed_architectures_are_refused():
    with pytest.raises(ValueError, match="models\\[1\\]"):
        train_set_networks([_network("mean", 0, torch.float64), _network("max", 1, torch.float64)],
                           [_data(0, 2), _data(1, 2)], seeds=[0, 1], epochs=1)


CLAIMS = [c for c in discover(["multisets"], kinds=("empirical",))
          if ".exp2." in c.id or ".exp3." in c.id]


def test_quick_verdicts_are_the_same_batched_and_one_at_a_time(monkeypatch):
    from numerics.multisets import experiments as E

    assert CLAIMS
    verdicts = {}
    for batched in (True, False):
        monkeypatch.setattr(E, "BATCHED", batched)
        verdicts[batched] = {c.id: c.run(quick=True).verdict for c in CLAIMS}
    assert verdicts[True] == verdicts[False]
    # The claims' experiments did run batched (the default) and one at a time (the key).
    assert E.perturbation_experiment(True, batched=True) is not E.perturbation_experiment(
        True, batched=False)
