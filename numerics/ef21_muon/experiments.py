"""The digits experiment (ours): uplink bits per worker to reach a train-loss target
for EF21-Muon (Top-K, rank-r) vs uncompressed Muon vs naive compression, over seeds.

Setup (from our pilot run, one change): 2-layer MLP 64→64→10, 4 workers with class-skewed shards
(skew 0.8), spectral LMO on weights (radius t·√max(1, d_out/d_in)), Frobenius-normalised bias
steps, t decaying linearly over K = 300, β = 0.1, minibatch 64 per worker, target train loss 0.3
on all 1,797 digits, float32, 5 seeds (quick: 1 seed, K = 60, three methods: undecided).

The change, made before the claims' seeds were run and said here: with the pilot's t₀ = 0.01 no
method reached loss 0.3 within K = 300 in our setup (seed 0: Muon ends at 0.375, EF21 Top-10 %
at 0.388; ℓ∞ bias steps instead changed nothing), so the pilot's bias geometry or scaling must
differ from ours; we use t₀ = 0.02. With t₀ = 0.02 on seed 0, naive Top-5 % *does* reach 0.3
(1.96 Mbit) and ends at loss 0.214 vs 0.061 for EF21 Top-10 %: the pilot's "naive never reaches
the target" is what the claims then test on all seeds.
"""

from __future__ import annotations

import functools
import math

import pandas as pd
import torch
from torch import nn

from iclr26_verify import experiment
from numerics.ef21_muon.compressors import Identity, RankR, TopK
from numerics.ef21_muon.data import digits_shards
from numerics.ef21_muon.sim import EF21MuonSim

TARGET = 0.3
T0, BETA, BATCH = 0.02, 0.1, 64
#: method -> (worker compressor factory, naive, orthogonaliser)
METHODS = {
    "Muon (uncompressed)": (Identity, False, "svd"),
    "Muon NS5 (uncompressed)": (Identity, False, "ns5"),
    "EF21 Top-10%": (lambda: TopK(0.10), False, "svd"),
    "EF21 Top-5%": (lambda: TopK(0.05), False, "svd"),
    "EF21 rank-2": (lambda: RankR(2), False, "svd"),
    "naive Top-5%": (lambda: TopK(0.05), True, "svd"),
}

QUICK_METHODS = ("Muon (uncompressed)", "EF21 Top-10%", "naive Top-5%")


def mlp(seed: int = 0) -> nn.Module:
    torch.manual_seed(seed)  # weights only; data streams use their own generators
    return nn.Sequential(nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, 10))


def run(method: str, seed: int = 0, K: int = 300, device="cpu", eval_every: int = 5,
        n_workers: int = 4) -> pd.DataFrame:
    """One training run; returns the trace (step, uplink Mbit per worker, train loss)."""
    factory, naive, orth = METHODS[method]
    X, y, shards = digits_shards(n_workers, 0.8, random_state=0)
    Xt = torch.tensor(X, dtype=torch.float32, device=device)
    yt = torch.tensor(y, dtype=torch.long, device=device)
    idx = [torch.tensor(s, device=device) for s in shards]
    gen = torch.Generator(device=device)
    gen.manual_seed(1000 + seed)
    sim = EF21MuonSim(functools.partial(mlp, seed), n_workers, lambda k: T0 * (1 - k / K), BETA,
                      worker_comp=factory(), naive=naive, orthogonaliser=orth, device=device)
    rows = [{"step": 0, "mbit": 0.0, "loss": sim.loss(Xt, yt)}]
    for k in range(K):
        batches = []
        for s in idx:
            pick = s[torch.randint(len(s), (BATCH,), generator=gen, device=device)]
            batches.append((Xt[pick], yt[pick]))
        sim.step(batches)
        if (k + 1) % eval_every == 0 or k == K - 1:
            rows.append({"step": k + 1, "mbit": sim.bits_sent / 1e6, "loss": sim.loss(Xt, yt)})
    df = pd.DataFrame(rows)
    df["method"], df["seed"] = method, seed
    return df


def bits_to_target(trace: pd.DataFrame, target: float = TARGET) -> float:
    """Uplink Mbit per worker at the first evaluation with loss ≤ target (inf if never)."""
    hit = trace[trace["loss"] <= target]
    return float(hit["mbit"].iloc[0]) if len(hit) else math.inf


@experiment
def digits_bits_to_loss(quick: bool = False, device: str = "cpu"):
    """All methods × seeds: returns ``(summary, traces)`` DataFrames; computed once per process.
    ``summary`` has one row per (method, seed): Mbit to the target and the final loss."""
    torch.set_num_threads(1)
    K, seeds = (60, (0,)) if quick else (300, (0, 1, 2, 3, 4))
    methods = QUICK_METHODS if quick else tuple(METHODS)
    traces, rows = [], []
    for method in methods:
        for seed in seeds:
            tr = run(method, seed, K, device)
            traces.append(tr)
            rows.append({"method": method, "seed": seed, "mbit_to_target": bits_to_target(tr),
                         "final_loss": float(tr["loss"].iloc[-1]), "K": K})
    return pd.DataFrame(rows), pd.concat(traces, ignore_index=True)
