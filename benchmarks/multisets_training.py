"""Epoch time of the torch set networks: padded batches against a per-set loop."""

from __future__ import annotations

from benchmarks._timing import Row, benchmark, timeit


@benchmark("multisets", "set_network_epoch")
def set_network_epoch(quick: bool = False):
    """One training epoch of each set network on shape clouds (sizes vary), with the whole data
    set padded once and each batch trimmed to its longest set (``train_set_network``), against
    the loop a user might write first: one forward per multiset, no padding, same batches."""
    import numpy as np
    import torch
    from torch import nn

    from numerics.data import make_shapes, standardize_sets
    from numerics.multisets.networks import POOLS, SetNetwork, train_set_network

    n_per_class, pts = (20, (20, 40)) if quick else (100, (40, 80))
    data = make_shapes(n_per_class, pts, upright=True, random_state=0)
    sets, y = standardize_sets(data.sets), data.target
    y_t = torch.as_tensor(y)
    rows = []
    for pool in POOLS:
        torch.manual_seed(0)
        net = SetNetwork(pool, 3, (64, 64, 64), 4, head_hidden=(64,), device="cpu")

        def ours(net=net):
            train_set_network(net, sets, y, epochs=1, batch_size=32)

        opt = torch.optim.Adam(net.parameters(), lr=3e-3)
        loss_fn = nn.CrossEntropyLoss()
        xs = [torch.as_tensor(X, dtype=torch.float32) for X in sets]
        ones = [torch.ones(1, len(X), dtype=torch.bool) for X in sets]

        def loop(net=net, opt=opt, xs=xs, ones=ones, loss_fn=loss_fn):
            order = np.random.default_rng(0).permutation(len(xs))
            for start in range(0, len(order), 32):
                idx = order[start:start + 32]
                opt.zero_grad()
                logits = torch.cat([net(xs[i][None], ones[i]) for i in idx])
                loss_fn(logits, y_t[idx]).backward()
                opt.step()

        repeat = 3 if quick else 5
        rows.append(Row("multisets", f"train epoch, {pool} pool", f"{len(sets)} sets of "
                        f"{pts[0]}-{pts[1]} pts, widths 64", "padded batches (train_set_network)",
                        timeit(ours, repeat=repeat), "per-set forward loop",
                        timeit(loop, repeat=repeat), note="CPU, float32, batch 32"))
    return rows
