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


def fig3_clouds(cfg: dict) -> list:
    """The training clouds of the Fig. 3 size bins, ``(sets, labels)`` per bin, drawn as the
    experiment draws them (70% of each bin)."""
    import numpy as np

    from numerics.data import load_digit_clouds
    from numerics.multisets import experiments as E

    rng = np.random.default_rng(0)
    digits = load_digit_clouds()
    if cfg["digits_fraction"] < 1:
        digits = digits.subset(np.sort(rng.choice(
            len(digits), int(cfg["digits_fraction"] * len(digits)), replace=False)))
    bins = [rng.permutation(b)[: int(0.7 * len(b))]
            for b in E.size_bins(digits.sizes, cfg["bins"], rng)]
    return [([digits.sets[k] for k in b], digits.target[b]) for b in bins]


@benchmark("multisets", "batched_training")
def batched_training(quick: bool = False):
    """The networks of the Table 2 and Fig. 3 experiments (the seeds of a pool; the bins and
    restarts of a pool), trained as one batched model (``numerics.multisets.batched``) against
    one at a time (``train_set_network``), on the experiments' own data and sizes. Fewer epochs
    than the experiments (every epoch costs the same); one torch thread, the two timed in
    turns, process CPU time (wall time on the shared machine is mostly the wait for a core)."""
    import torch

    from benchmarks._interleaved_b import interleaved
    from numerics.multisets import experiments as E

    old = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        cfg = E.config(quick)
        epochs = 2 if quick else 8
        shapes = [E._shapes_split(cfg["shapes_per_class"], cfg["shape_points"], s)[0]
                  for s in range(cfg["seeds"])]
        clouds = fig3_clouds(cfg)
        work = [("Table 2", shapes, 4, 1, cfg["epochs"],
                 f"{cfg['seeds']} seeds × {len(shapes[0][0])} shape clouds"),
                ("Fig. 3", clouds, 10, cfg["restarts"], cfg["digit_epochs"],
                 (f"{len(clouds)} bins × {cfg['restarts']} restarts, "
                  f"{len(clouds[0][0])} digit clouds each"))]
        rows = []
        for name, data, n_classes, restarts, full_epochs, size in work:
            for pool in ("mean", "max"):
                def run(batched, data=data, n_classes=n_classes, restarts=restarts, pool=pool):
                    E._train_many(pool, data, n_classes, cfg, seeds=list(range(len(data))),
                                  device="cpu", epochs=epochs, restarts=restarts,
                                  batched=batched)

                t = interleaved({"batched": lambda run=run: run(True),
                                 "lone": lambda run=run: run(False)},
                                3 if quick else 5, cpu=True)
                rows.append(Row("multisets", f"train the {name} networks, {pool} pool", size,
                                f"batched: {len(data) * restarts} members in one model",
                                t["batched"], "one network at a time", t["lone"],
                                target="≥ 3×", met=t["lone"] / t["batched"] >= 3,
                                note=f"1 thread, float32, {epochs} of the {full_epochs} epochs, "
                                     f"widths {cfg['hidden']}, interleaved, CPU time"))
        return rows
    finally:
        torch.set_num_threads(old)
