"""The light experiments of the dispersion topic, on the byte-level LM trained offline on Python's
standard library source (:mod:`numerics.dispersion.corpus`).

Sizes (reduced from our pilot's to fit a few minutes on 2 shared cores; said in the claims):
full: d = 48, 2 layers, 4 heads, context 64, batch 16, 300 steps (30 warm-up), 500 held-out
chunks of 64 bytes, seeds 0, 1, 2, λ ∈ {0, 0.1}; checkpoints of the λ = 0 runs at steps
10, 25, 50, 100, 200, 300. quick: d = 32, context 32, batch 8, 30 steps, 100 chunks, seed 0.

Each training run is one cached experiment (:func:`iclr26_verify.run.store.experiment`); the summaries
are cheap functions of them.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import stats

from iclr26_verify import experiment
from theory.dispersion import binned_correlation, inflation_closed_form
from theory.validation import (
    Interval,
    check_array,
    check_param,
    check_rng,
    check_same_length,
    invalid,
)

LAMBDA = 0.1
SEEDS = (0, 1, 2)
LAYERS = ("embedding", "block 1", "block 2", "final LN")
BINS_G = 20  # chunks per group for the binned correlation (500 chunks → 25 groups)


@dataclass(frozen=True)
class Setup:
    d: int
    ctx: int
    batch: int
    steps: int
    warmup: int
    n_chunks: int
    checkpoints: tuple[int, ...]
    seeds: tuple[int, ...]


def setup(quick: bool) -> Setup:
    if quick:
        return Setup(32, 32, 8, 30, 5, 100, (5, 10, 20, 30), (0,))
    return Setup(48, 64, 16, 300, 30, 500, (10, 25, 50, 100, 200, 300), SEEDS)


@experiment
def train_run(quick: bool, lam: float, seed: int, device: str = "cpu") -> dict:
    """One training run; returns ``{"history": [(step, chunk_stats)], "corpus": ...}``.
    Checkpoints are evaluated for λ = 0 runs only (the trajectory)."""
    import torch

    from numerics.dispersion.corpus import stdlib_corpus
    from numerics.dispersion.model import LMConfig, eval_chunks, train_lm

    torch.set_num_threads(1)
    s = setup(quick)
    cfg = LMConfig(d=s.d, layers=2, heads=4, ctx=s.ctx, batch=s.batch, warmup=s.warmup)
    corpus = stdlib_corpus()
    chunks = eval_chunks(corpus.val, s.n_chunks, s.ctx)
    _, hist = train_lm(corpus.train, chunks, cfg, s.steps, lam=lam, seed=seed,
                       eval_at=s.checkpoints if lam == 0 else (), device=device)
    return {"history": hist, "python": corpus.python, "n_files": corpus.n_files}


def geo_ppl(st: dict) -> float:
    """Geometric-mean perplexity over chunks: exp of the mean per-chunk mean NLL (nats)."""
    return float(np.exp(np.mean(np.log(st["ppl"]))))


def spearman_ci(x, y, rng, n_boot: int = 1000) -> tuple[float, float, float]:
    """Spearman ρ and its 95 % percentile bootstrap interval over chunks.

    ``x``, ``y``: finite 1-D arrays of one length n ≥ 3, neither constant (ρ is 0/0 there: it
    was NaN, and so was the interval); ``n_boot``: an int in [2, 100 000] (the resamples are an
    n_boot × n array). Resamples whose ranks are constant have no ρ and are left out (with
    n = 3 a resample of one chunk three times made the interval NaN).
    """
    x, y = _paired("spearman_ci", x=x, y=y)
    check_param("n_boot", n_boot, Interval(2, 100_000, integer=True), "spearman_ci")
    rng = check_rng(rng, "rng", "spearman_ci")
    rho = float(stats.spearmanr(x, y).statistic)
    idx = rng.integers(0, x.size, size=(n_boot, x.size))
    rx, ry = stats.rankdata(x[idx], axis=1), stats.rankdata(y[idx], axis=1)
    rx -= rx.mean(1, keepdims=True)
    ry -= ry.mean(1, keepdims=True)
    with np.errstate(invalid="ignore", divide="ignore"):
        boots = (rx * ry).sum(1) / np.sqrt((rx * rx).sum(1) * (ry * ry).sum(1))
    if np.all(np.isnan(boots)):
        raise invalid("n_boot", "spearman_ci", "large enough that some resample is not "
                      "constant", n_boot)
    lo, hi = np.nanpercentile(boots, [2.5, 97.5])
    return rho, float(lo), float(hi)


def _paired(caller: str, **arrays) -> list[np.ndarray]:
    """Finite 1-D arrays of one length ≥ 3, none constant (a rank correlation needs spread)."""
    out = [check_array(v, k, caller, ndim=1, min_rows=3) for k, v in arrays.items()]
    check_same_length(caller, **dict(zip(arrays, out, strict=True)))
    for k, v in zip(arrays, out, strict=True):
        if np.all(v == v[0]):
            raise invalid(k, caller, "a non-constant array (a correlation with a constant "
                          "is 0/0)", f"<{v.size} equal values>")
    return out


def partial_spearman(x, y, z) -> float:
    """Spearman correlation of x and y given z (Pearson of the rank residuals on z's ranks).

    Finite 1-D arrays of one length n ≥ 3, none constant. Refused where z's ranks explain x's or
    y's entirely: the residual is rounding noise there (``partial_spearman(x, y, x)`` returned
    -0.024, a correlation of noise).
    """
    x, y, z = _paired("partial_spearman", x=x, y=y, z=z)
    rx, ry, rz = (stats.rankdata(a) for a in (x, y, z))
    A = np.column_stack([np.ones_like(rz), rz])
    ex = rx - A @ np.linalg.lstsq(A, rx, rcond=None)[0]
    ey = ry - A @ np.linalg.lstsq(A, ry, rcond=None)[0]
    for name, e, r in (("x", ex, rx), ("y", ey, ry)):
        if np.linalg.norm(e) <= 1e-9 * np.linalg.norm(r - r.mean()):
            raise invalid(name, "partial_spearman", "an array whose ranks are not a linear "
                          "function of z's ranks (a non-zero rank residual)",
                          "<array explained by z>")
    return float(np.corrcoef(ex, ey)[0, 1])


def trajectory(quick: bool) -> list[dict]:
    """Per λ = 0 seed and checkpoint: step, geometric-mean PPL, mean D per layer."""
    rows = []
    for seed in setup(quick).seeds:
        for step, st in train_run(quick, 0.0, seed)["history"]:
            row = {"seed": seed, "step": step, "val_ppl": geo_ppl(st)}
            row.update({f"D {name}": float(st["D"][:, k].mean()) for k, name in enumerate(LAYERS)})
            rows.append(row)
    return rows


def trajectory_spearman(quick: bool) -> dict[int, float]:
    """Per seed: Spearman over checkpoints of mean final-layer D against validation PPL."""
    rows = trajectory(quick)
    out = {}
    for seed in setup(quick).seeds:
        r = [x for x in rows if x["seed"] == seed]
        out[seed] = float(stats.spearmanr([x["D final LN"] for x in r],
                                          [x["val_ppl"] for x in r]).statistic)
    return out


def chunk_correlations(quick: bool) -> list[dict]:
    """Per λ = 0 seed, at the last checkpoint: per-layer Spearman(D, PPL) with bootstrap CIs,
    confounders, and the binned correlation beside its closed form."""
    rows = []
    for seed in setup(quick).seeds:
        st = train_run(quick, 0.0, seed)["history"][-1][1]
        rng = np.random.default_rng(100 + seed)
        row = {"seed": seed}
        for k, name in enumerate(LAYERS):
            rho, lo, hi = spearman_ci(st["D"][:, k], st["ppl"], rng)
            row.update({f"rho {name}": rho, f"lo {name}": lo, f"hi {name}": hi})
        D = st["D"][:, -1]
        row["rho D~distinct"] = float(stats.spearmanr(D, st["n_distinct"]).statistic)
        row["rho distinct~ppl"] = float(stats.spearmanr(st["n_distinct"], st["ppl"]).statistic)
        row["rho space~ppl"] = float(stats.spearmanr(st["space_frac"], st["ppl"]).statistic)
        row["partial rho D~ppl | distinct"] = partial_spearman(D, st["ppl"], st["n_distinct"])
        pear = float(np.corrcoef(D, st["ppl"])[0, 1])
        b = binned_correlation(D, st["ppl"], group=BINS_G, uniform_pick=None)
        row.update({"pearson per chunk": pear, "binned r": b.r, "n groups": b.n_groups,
                    "binned r closed form": inflation_closed_form(pear, BINS_G, min(b.s2, 1.0))})
        rows.append(row)
    return rows


def push_away(quick: bool) -> list[dict]:
    """Per seed: final geometric-mean PPL and mean final-layer D at λ = 0 and λ = 0.1."""
    rows = []
    for seed in setup(quick).seeds:
        row = {"seed": seed}
        for lam, tag in ((0.0, "0"), (LAMBDA, "0.1")):
            st = train_run(quick, lam, seed)["history"][-1][1]
            row[f"ppl lam={tag}"] = geo_ppl(st)
            row[f"D lam={tag}"] = float(st["D"][:, -1].mean())
        rows.append(row)
    return rows
