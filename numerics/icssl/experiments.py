"""The light IC-SSL experiment: accuracy vs labels per class for the four models and two graph
references, on fresh in-distribution tasks and on a held-out family (computed once per process).

Full mode: 3 training seeds, 500 fresh tasks per labels-per-class m ∈ {2, 4, 10, 20} and split,
a few minutes on 2 idle cores (a light replication: a handful of learnable scalars for the
IC-SSL models, a 2-layer width-64 transformer, 1–2.4k training prompts each). Quick mode: one
seed, 12 tasks, 4 training steps (enough to draw the figures, not to decide the claims).
Results are cached in the result store (:func:`iclr26_verify.run.store.experiment`).
"""

from __future__ import annotations

import functools
import time
from dataclasses import dataclass, field

import numpy as np

from iclr26_verify import experiment
from numerics.icssl.tasks import LABELS_PER_CLASS, Task, knn_bandwidth


def torch_no_grad_lazy(fn):
    """``torch.no_grad`` applied at call time (this module imports without torch)."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        import torch

        with torch.no_grad():
            return fn(*args, **kwargs)

    return wrapper


METHODS = ("e2e", "eig_icl", "raw_icl", "std_tf")
REFERENCES = ("label_prop", "eig_logreg")
LABELS = {"e2e": "E2E IC-SSL", "eig_icl": "EIG+ICL", "raw_icl": "ORIG+ICL",
          "std_tf": "standard transformer", "label_prop": "harmonic label propagation",
          "eig_logreg": "eigenmap + logistic regression"}
SPLITS = ("id", "ood")


@dataclass(frozen=True)
class Config:
    seeds: tuple
    n_tasks: int
    steps: dict
    batch: int = 16


FULL = Config(seeds=(0, 1, 2), n_tasks=500,
              steps={"e2e": 120, "eig_icl": 60, "raw_icl": 60, "std_tf": 150})
QUICK = Config(seeds=(0,), n_tasks=12,
               steps={"e2e": 4, "eig_icl": 4, "raw_icl": 4, "std_tf": 4})


@dataclass
class Sweep:
    quick: bool
    config: Config
    #: (method, split, m) -> (n_seeds, n_tasks) accuracies on the unlabelled tokens
    acc: dict = field(default_factory=dict)
    #: (reference, split, m) -> (n_tasks,) accuracies
    ref: dict = field(default_factory=dict)
    losses: dict = field(default_factory=dict)  # (method, seed) -> list
    train_seconds: dict = field(default_factory=dict)  # method -> total seconds
    params: dict = field(default_factory=dict)  # method -> number of parameters
    learned: dict = field(default_factory=dict)  # (method, seed) -> dict of learned scalars
    seconds: float = 0.0

    @property
    def seeds(self):
        return self.config.seeds

    def values(self, method: str, split: str, m: int) -> np.ndarray:
        """Accuracies (n_seeds, n_tasks) of a method, or of a training-free reference broadcast
        over the seeds (same tasks)."""
        if method in METHODS:
            return self.acc[(method, split, m)]
        return np.broadcast_to(self.ref[(method, split, m)], (len(self.seeds),
                                                              self.config.n_tasks))


def reference_accuracies(tasks: list[Task], features: np.ndarray | None = None
                         ) -> dict[str, np.ndarray]:
    """Harmonic label propagation and eigenmap (k = 4) + logistic regression, per task.

    ``features`` (tasks × n × 4), when given, are the standardised eigenmaps already computed
    for EIG+ICL (same bandwidth and convention; ``torch_layers_match_theory`` checks the torch
    eigenmap against :func:`theory.icssl.laplacian_eigenmap`)."""
    from sklearn.linear_model import LogisticRegression

    from theory.icssl import harmonic_label_propagation, laplacian_eigenmap, rbf_gram
    from theory.icssl._reference import one_blas_thread

    out = {"label_prop": [], "eig_logreg": []}
    with one_blas_thread():
        for i, t in enumerate(tasks):
            h = knn_bandwidth(t.X)
            u, lab = t.unl_idx, t.lab_idx
            P = harmonic_label_propagation(rbf_gram(t.X, h), lab, t.y[lab], 2)
            out["label_prop"].append(np.mean(P[u].argmax(1) == t.y[u]))
            if features is None:
                phi, _ = laplacian_eigenmap(t.X, h, 4, drop_trivial=True)
                phi = (phi - phi.mean(0)) / phi.std(0)
            else:
                phi = features[i]
            clf = LogisticRegression(C=10.0, max_iter=500).fit(phi[lab], t.y[lab])
            out["eig_logreg"].append(np.mean(clf.predict(phi[u]) == t.y[u]))
    return {k: np.array(v) for k, v in out.items()}


def _eig_features(tasks: list[Task], device):
    import torch

    from numerics.icssl.models import eigenmap, knn_bandwidth
    from numerics.icssl.training import to_batch

    X = to_batch(tasks, device=device)[0]
    with torch.no_grad():
        return torch.cat([eigenmap(X[i:i + 250], knn_bandwidth(X[i:i + 250]), 4)
                          for i in range(0, len(X), 250)])


@torch_no_grad_lazy
def _eig_icl_accuracies(model, tasks, feats, device) -> np.ndarray:
    from numerics.icssl.training import to_batch

    _, y, y_lab, lab, unl = to_batch(tasks, device=device)
    pred = model.sup(feats, y_lab, lab).argmax(-1)
    return ((pred == y) & unl).sum(1).double().div(unl.sum(1)).cpu().numpy()


def run_sweep(quick: bool, *, device="cpu") -> Sweep:
    import torch

    from numerics.icssl.training import evaluation_tasks, task_accuracies, train

    torch.set_num_threads(1)
    cfg = QUICK if quick else FULL
    sw = Sweep(quick, cfg)
    start = time.perf_counter()
    tasks = {(s, m): evaluation_tasks(s, m, cfg.n_tasks) for s in SPLITS
             for m in LABELS_PER_CLASS}
    # the eigenmap of a task does not depend on the seed or m's labels: computed once
    feats = {key: _eig_features(ts, device) for key, ts in tasks.items()}
    for (s, m), ts in tasks.items():
        for name, v in reference_accuracies(ts, feats[(s, m)].cpu().numpy()).items():
            sw.ref[(name, s, m)] = v
    for method in METHODS:
        sw.train_seconds[method] = 0.0
        per = {(s, m): [] for s in SPLITS for m in LABELS_PER_CLASS}
        for seed in cfg.seeds:
            model, log = train(method, seed=seed, steps=cfg.steps[method], batch=cfg.batch,
                               device=device)
            sw.train_seconds[method] += log.seconds
            sw.losses[(method, seed)] = log.losses
            sw.params[method] = sum(p.numel() for p in model.parameters())
            sw.learned[(method, seed)] = {k: np.round(v.detach().cpu().numpy(), 4).tolist()
                                          for k, v in model.named_parameters()
                                          if v.numel() <= 12}
            for key, ts in tasks.items():
                per[key].append(_eig_icl_accuracies(model, ts, feats[key], device)
                                if method == "eig_icl" else
                                task_accuracies(model, ts, device=device, chunk=250))
        for (s, m), rows in per.items():
            sw.acc[(method, s, m)] = np.stack(rows)
    sw.seconds = time.perf_counter() - start
    return sw


@experiment
def sweep(quick: bool) -> Sweep:
    """The experiment, computed once (claims, figures and the notebook read it from the result
    store, :func:`iclr26_verify.run.store.experiment`)."""
    return run_sweep(bool(quick))


def summary_rows(sw: Sweep) -> list[dict]:
    """One row per (method or reference, split, m): mean accuracy and the half-width of the 95 %
    Student-t interval over tasks (seed-averaged accuracies; :func:`iclr26_verify.registry.stats.t_interval`)."""
    from iclr26_verify.registry import stats

    rows = []
    for s in SPLITS:
        for m in LABELS_PER_CLASS:
            for meth in (*METHODS, *REFERENCES):
                iv = stats.t_interval(sw.values(meth, s, m).mean(0))
                rows.append({"split": s, "labels_per_class": m, "method": LABELS[meth],
                             "accuracy": round(iv.mean, 4), "ci95": round(iv.halfwidth, 4)})
    return rows
