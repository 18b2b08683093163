"""The light experiment on the authors' holed Swiss roll: four models × seeds, plus a
non-uniform sampling shift, each cell cached by :func:`iclr26_verify.run.store.experiment`.

Sizes (CPU, shared 2-core machine; reduced from our pilot's n = 500, 1000 epochs, ≥ 5 seeds to fit
the time box): full n = 300 (our pilot's sparse size), hidden 64, 500 full-batch epochs, seeds
0–2; quick n = 150, hidden 32, 30 epochs, seeds 0–1 (too small to decide anything). Distances for
training are the k = 5 graph geodesics (as in the code); the evaluation uses exact geodesics.
"""

from __future__ import annotations

import numpy as np

from iclr26_verify import experiment, map_cells
from theory.blae import geodesic_holed, graph_geodesic, swiss_roll_hole

MODES = ("ae", "geo", "blae_code", "blae_paper")
LABELS = {"ae": "vanilla AE", "geo": "geodesic AE (GeoLoss)", "blae_code": "BLAE (code loss)",
          "blae_paper": "BLAE (paper σ-loss)", "chart": "true chart"}


def sizes(quick: bool) -> dict:
    if quick:
        return {"n": 150, "hidden": 32, "epochs": 30, "seeds": (0, 1)}
    return {"n": 300, "hidden": 64, "epochs": 500, "seeds": (0, 1, 2)}


def _data(n: int, shift: bool):
    """The authors' generator (RandomState 0); ``shift`` drops 80 % of the points with l < 4
    (every point with index ≡ 1..4 mod 5 among them), keeping the rest in order."""
    X, L, _ = swiss_roll_hole(n)
    keep = np.arange(n)
    if shift:
        low = np.flatnonzero(L[:, 0] < 4)
        drop = low[np.arange(len(low)) % 5 != 0]
        keep = np.setdiff1d(keep, drop)
    return X[keep], L[keep], keep


@experiment
def run_cell(mode: str, seed: int, quick: bool, shift: bool = False, device: str = "cpu"):
    """Train one model and evaluate it; returns metrics, codes Z and the kept indices."""
    import torch

    from numerics.blae.metrics import evaluate
    from numerics.blae.training import embed, train_autoencoder

    torch.set_num_threads(1)
    s = sizes(quick)
    X, L, keep = _data(s["n"], shift)
    D = graph_geodesic(X, 5)
    model, _ = train_autoencoder(X, D, mode, epochs=s["epochs"], hidden=s["hidden"], batches=1,
                                 seed=seed, device=device)
    Z, Xh, J = embed(model, X, device=device)
    m = evaluate(Z, L, geodesic_holed(L, L), X=X, Xh=Xh, J=J)
    return {"mode": mode, "seed": seed, "shift": shift, "metrics": m, "Z": Z, "keep": keep}


def _cell(args, quick):
    mode, seed, shift = args
    return run_cell(mode, seed, quick, shift)


def sweep(quick: bool = False) -> list[dict]:
    """Every model × seed on the uniform sample, and AE / BLAE (code) on the shifted one."""
    s = sizes(quick)
    cells = [(m, sd, False) for m in MODES for sd in s["seeds"]]
    cells += [(m, sd, True) for m in ("ae", "blae_code") for sd in s["seeds"]]
    return map_cells(_cell, cells, quick=quick)


def chart_reference(quick: bool = False) -> dict:
    """The true chart's metrics (the reference row)."""
    from numerics.blae.metrics import evaluate

    _X, L, _ = _data(sizes(quick)["n"], False)
    m = evaluate(L, L, geodesic_holed(L, L))
    m.update(mse=0.0, sigma_lo=1.0, sigma_hi=1.0)
    return m


def table(quick: bool = False) -> dict:
    """mode → metric → array over seeds (uniform sample)."""
    rows = [r for r in sweep(quick) if not r["shift"]]
    out = {}
    for m in MODES:
        rs = [r for r in rows if r["mode"] == m]
        out[m] = {k: np.array([r["metrics"][k] for r in rs]) for k in rs[0]["metrics"]}
    return out


def shift_change(quick: bool = False) -> dict:
    """mode → array over seeds of the Procrustes RMS between the uniform-sample embedding and
    the shifted-sample embedding on the points both contain (chart units, similarity-aligned
    after scaling each to the chart)."""
    from numerics.blae.metrics import similarity_procrustes

    rows = sweep(quick)
    out = {}
    for m in ("ae", "blae_code"):
        vals = []
        for sd in sizes(quick)["seeds"]:
            base = next(r for r in rows if r["mode"] == m and r["seed"] == sd and not r["shift"])
            sh = next(r for r in rows if r["mode"] == m and r["seed"] == sd and r["shift"])
            _, L, _ = _data(sizes(quick)["n"], False)
            Zb = _to_chart(base["Z"][sh["keep"]], L[sh["keep"]])
            Zs = _to_chart(sh["Z"], L[sh["keep"]])
            vals.append(similarity_procrustes(Zs, Zb))
        out[m] = np.array(vals)
    return out


def _to_chart(Z, L):
    """Z mapped by its best similarity transform onto L (so both runs share units)."""
    Zc, Lc = Z - Z.mean(0), L - L.mean(0)
    U, s, Vt = np.linalg.svd(Zc.T @ Lc)
    return (s.sum() / (Zc**2).sum()) * Zc @ (U @ Vt) + L.mean(0)
