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
