"""The noise sweep of PRISM-lite (ours, our reconstruction): six synthetic graph classes,
candidate sets with q ∈ {0.1, 0.3, 0.5}, 20 seeds, 80/20 split; methods: oracle (true labels),
CC (uniform Q: the naive partial-label loss), PRISM-lite with both views, w/o spatial, w/o
spectral. Each (q, seed) cell is cached by :func:`iclr26_verify.run.store.experiment`."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from iclr26_verify import experiment, map_cells

METHODS = ("oracle", "cc", "full", "no_spa", "no_spe")
LABELS = {"oracle": "oracle (true labels)", "cc": "CC (uniform Q)", "full": "PRISM-lite",
          "no_spa": "w/o spatial", "no_spe": "w/o spectral"}
_VIEWS = {"cc": (), "full": ("spa", "spe"), "no_spa": ("spe",), "no_spe": ("spa",),
          "oracle": ()}


@dataclass(frozen=True)
class Config:
    n_per_class: int
    seeds: tuple
    qs: tuple
    steps: int


def config(quick: bool) -> Config:
    if quick:
        return Config(8, (0,), (0.3, 0.5), 60)
    return Config(100, tuple(range(20)), (0.1, 0.3, 0.5), 300)


@experiment
def _dataset(n_per_class: int, seed: int):
    from numerics.prism.data import descriptors, graph_classes

    gs = graph_classes(n_per_class, seed)
    Xs, Xp = descriptors(gs)
    return Xs, Xp, gs.y


@experiment
def cell(q: float, seed: int, n_per_class: int, steps: int, device: str = "cpu") -> dict:
    """One (q, seed) cell: every method's test accuracy, disambiguation and purities."""
    import scipy.linalg  # noqa: F401  (load its BLAS before limiting it)
    import torch
    from threadpoolctl import threadpool_limits

    with threadpool_limits(1):
        return _cell(q, seed, n_per_class, steps, device, torch)


def _cell(q, seed, n_per_class, steps, device, torch):
    from numerics.prism.model import PRISMLite, disambiguation
    from numerics.prism.relational import purity
    from theory.prism import expected_inverse_set_size, uniform_candidates

    torch.set_num_threads(1)
    Xs, Xp, y = _dataset(n_per_class, seed)
    C = int(y.max()) + 1
    rng = np.random.default_rng([seed, round(q * 1000)])
    perm = rng.permutation(len(y))
    cut = int(0.8 * len(y))
    tr, te = perm[:cut], perm[cut:]
    M = uniform_candidates(y[tr], C, q, rng)
    out = {"q": q, "seed": seed, "n_train": len(tr), "n_test": len(te),
           "random_pick": expected_inverse_set_size(C, q)}
    for meth in METHODS:
        model = PRISMLite(views=_VIEWS[meth], steps=steps, device=device, random_state=seed)
        Q = np.eye(C)[y[tr]] if meth == "oracle" else None
        model.fit(Xs[tr], Xp[tr], M, Q=Q)
        out[f"acc_{meth}"] = float(np.mean(model.predict(Xs[te], Xp[te]) == y[te]))
        out[f"disamb_{meth}"] = disambiguation(model.Q_, M, y[tr])
        if meth == "full":
            for v, A in model.graphs_.items():
                out[f"purity_{v}"] = purity(A, y[tr])
            out["purity_hybrid"] = purity(np.maximum(model.graphs_["spa"],
                                                     model.graphs_["spe"]), y[tr])
    return out


def _one_cell(args):
    q, seed, n, steps = args
    return cell(q, seed, n, steps)


@dataclass(frozen=True)
class Sweep:
    config: Config
    rows: tuple

    def values(self, key: str, q: float) -> np.ndarray:
        return np.array([r[key] for r in self.rows if r["q"] == q])


def noise_sweep(quick: bool = False) -> Sweep:
    """All cells of the sweep (cached per cell)."""
    cfg = config(quick)
    cells = [(q, s, cfg.n_per_class, cfg.steps) for q in cfg.qs for s in cfg.seeds]
    return Sweep(cfg, tuple(map_cells(_one_cell, cells)))
