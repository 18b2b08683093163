"""Training and evaluation of the IC-SSL models on random tasks (torch, ``device=``).

Loss (Eq. 4 of the paper, as summarised): cross-entropy on the *unlabelled* tokens only,
averaged over tokens and prompts, in nats; the labels of those tokens are used by the loss only.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
import torch

from numerics.icssl.models import MODELS
from numerics.icssl.tasks import ID_FAMILIES, LABELS_PER_CLASS, Task, make_task, sample_tasks


def to_batch(tasks: list[Task], *, device="cpu", dtype=torch.float32):
    """Stack tasks with one labelled count into tensors (X, y, y_lab, lab_idx, unl_mask)."""
    X = torch.tensor(np.stack([t.X for t in tasks]), dtype=dtype, device=device)
    y = torch.tensor(np.stack([t.y for t in tasks]), dtype=torch.long, device=device)
    lab = torch.tensor(np.stack([t.lab_idx for t in tasks]), dtype=torch.long, device=device)
    y_lab = torch.gather(y, 1, lab)
    unl = torch.ones_like(y, dtype=torch.bool).scatter(1, lab, False)
    return X, y, y_lab, lab, unl


@dataclass
class TrainLog:
    losses: list
    seconds: float
    steps: int


def train(name: str, *, seed: int = 0, steps: int = 300, batch: int = 16,
          families=ID_FAMILIES, lr: float | None = None, device="cpu", **kwargs):
    """Train model ``name`` (a key of :data:`MODELS`) on fresh random tasks, ``m`` drawn per step
    from :data:`LABELS_PER_CLASS`; returns ``(model, TrainLog)``. Seeded (numpy tasks, torch
    init on CPU then moved)."""
    torch.manual_seed(seed)
    model = MODELS[name](**kwargs).to(device)
    lr = lr if lr is not None else (1e-3 if name == "std_tf" else 0.05)
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    rng = np.random.default_rng(1_000_003 * (seed + 1))
    fams = tuple(families)
    losses = []
    start = time.perf_counter()
    for _ in range(steps):
        m = int(rng.choice(LABELS_PER_CLASS))
        tasks = [make_task(fams[int(rng.integers(len(fams)))], m=m, rng=rng)
                 for _ in range(batch)]
        X, y, y_lab, lab, unl = to_batch(tasks, device=device)
        logits = model(X, y_lab, lab)
        loss = torch.nn.functional.cross_entropy(logits[unl], y[unl])
        opt.zero_grad()
        loss.backward()
        opt.step()
        losses.append(float(loss.detach()))
    return model, TrainLog(losses, time.perf_counter() - start, steps)


@torch.no_grad()
def task_accuracies(model, tasks: list[Task], *, device="cpu", chunk: int = 100) -> np.ndarray:
    """Accuracy on the unlabelled tokens of each task (one number per task)."""
    model.eval()
    out = []
    for i in range(0, len(tasks), chunk):
        X, y, y_lab, lab, unl = to_batch(tasks[i:i + chunk], device=device)
        pred = model(X, y_lab, lab).argmax(-1)
        out.append(((pred == y) & unl).sum(1).double().div(unl.sum(1)).cpu().numpy())
    model.train()
    return np.concatenate(out)


def evaluation_tasks(split: str, m: int, count: int, *, seed: int = 0) -> list[Task]:
    """Fresh tasks for evaluation (seeds disjoint from training streams)."""
    from numerics.icssl.tasks import ID_FAMILIES as IDF
    from numerics.icssl.tasks import OOD_FAMILIES as OODF
    from theory.validation import Options, check_param

    # anything but "id" (a typo such as "ID" included) used to give the held-out family
    check_param("split", split, Options("id", "ood"), "evaluation_tasks")
    fams = IDF if split == "id" else OODF
    return sample_tasks(fams, count, m=m, seed=7_777_777 + 1000 * seed + m + (0 if split == "id"
                                                                               else 500))
