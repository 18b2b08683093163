"""Fair-training benchmarks: one training epoch on Adult with the CS penalty vs the baselines."""

from __future__ import annotations

from benchmarks._timing import Row, benchmark, timeit


@benchmark("fairness", "training_epoch")
def training_epoch(quick: bool = False) -> list[Row]:
    import torch

    from numerics.data import load_fair_tabular
    from numerics.fairness.classifier import train_fair
    from numerics.fairness.models import make_model
    from numerics.fairness.regularizers import make_regularizer

    d = load_fair_tabular("adult")
    n = 4096 if quick else len(d.y_train)
    dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    X = torch.as_tensor(d.X_train[:n], dtype=torch.float32, device=dev)
    y = torch.as_tensor(d.y_train[:n], device=dev)
    s = torch.as_tensor(d.s_train[:n], device=dev)

    def epoch(name):
        def run():
            model = make_model("mlp", X.shape[1], seed=0, device=dev)
            reg = make_regularizer(name, sigma=0.2, seed=0)
            if reg is not None:
                reg.to(dev)
            train_fair(model, X, y, s, regularizer=reg, lam=1.0, epochs=1, batch_size=512)
            if dev.type == "cuda":
                torch.cuda.synchronize()
        return run

    repeat = 2 if quick else 3
    times = {name: timeit(epoch(name), repeat=repeat) for name in
             ("none", "cs", "dp", "mmd", "hsic", "pr", "adv")}
    size = f"Adult, {n} rows, batch 512, MLP 64, {dev.type}"
    rows = []
    for name in ("none", "dp", "mmd", "hsic", "pr", "adv"):
        rows.append(Row("fairness", "one training epoch, CS penalty vs another", size,
                        "CS (cs_torch, log-sum-exp Grams)", times["cs"],
                        {"none": "ERM (no penalty)", "dp": "DiffDP", "mmd": "MMD²",
                         "hsic": "HSIC", "pr": "prejudice remover",
                         "adv": "adversarial debiasing"}[name], times[name],
                         note="median of repeats; ratio > 1 means CS is faster"))
    return rows


@benchmark("fairness", "batched_sweep")
def batched_sweep(quick: bool = False) -> list[Row]:
    """The sweep's trainings of one data set, each (method) group of seeds × λ trained as one
    batched model (what ``sweep`` runs) against the same trainings one at a time (``run_one``).
    The two are timed interleaved, group by group, so machine load falls on both alike."""
    import time

    import torch

    from numerics.fairness.batched import run_members
    from numerics.fairness.experiments import (
        EO_METHODS,
        LAMBDAS,
        METHODS,
        SEEDS,
        TRAIN,
        run_one,
    )

    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    rows = []
    try:
        for name in ("compas",) if quick else ("compas", "german"):
            epochs = max(1, TRAIN[name]["epochs"] // 4) if quick else TRAIN[name]["epochs"]
            methods = ("erm", "cs", "dp", "adv") if quick else ("erm", *METHODS, *EO_METHODS)
            run_members(name, "cs", [1.0, 1.0], [0, 1], epochs=1)  # warm-up, both paths
            run_one(name, "cs", 1.0, 0, epochs=1)
            t_b = t_l = 0.0
            n = 0
            for method in methods:
                lams = (0.0,) if method == "erm" else LAMBDAS[method.partition("_")[0]]
                cells = [(lam, s) for s in SEEDS for lam in lams]
                n += len(cells)
                t0 = time.perf_counter()
                run_members(name, method, [c[0] for c in cells], [c[1] for c in cells],
                            epochs=epochs)
                t_b += time.perf_counter() - t0
                t0 = time.perf_counter()
                for lam, s in cells:
                    run_one(name, method, lam, s, epochs=epochs)
                t_l += time.perf_counter() - t0
            ratio = t_l / t_b
            rows.append(Row("fairness", "sweep trainings, batched vs one at a time",
                            f"{name}: {n} MLPs ({len(methods)} methods × {len(SEEDS)} seeds × λ), "
                            f"{epochs} epochs", "batched (K = seeds × λ per method)", t_b,
                            "one model at a time (run_one)", t_l, target="≥ 3×",
                            met=bool(ratio >= 3),
                            note="one run each, interleaved per method; CPU, 1 thread"))
    finally:
        torch.set_num_threads(threads)
    return rows
