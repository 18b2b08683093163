"""The light in-context experiments of the pcg topic (cached by :func:`iclr26_verify.run.store.experiment`).

TLCG at k = 10 (m = 1024, √m = 32) with the output width varied, b ∈ {4, 5, 6}, so that
2^(k−b) ∈ {64, 32, 16} moves while √m stays fixed. Train pairs 64 a × 64 c, test pairs 16 × 16
disjoint in a and in c (the released code's design, scaled down); sequences of 72 outputs.
Full: a 2-layer transformer, d = 64, 4 heads, batch 32, 600 AdamW steps (lr 3e-3, warm-up 40,
cosine), seeds 0–2, 512 test sequences (a d = 32 model stayed on the ln 2^b plateau for 800
steps in a pilot run at b = 5; d = 64 leaves it near step 400). Quick: d = 16, 40 steps, seed 0, 128 test sequences
(for the figures and the notebook only; quick sizes decide nothing).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from iclr26_verify import experiment
from theory.validation import check_array, check_int, invalid

K = 10
WIDTHS = (4, 5, 6)
LENGTH = 72


@dataclass(frozen=True)
class Setup:
    d: int
    steps: int
    batch: int
    seeds: tuple[int, ...]
    per_pair: int
    lr: float = 3e-3
    warmup: int = 40


def setup(quick: bool) -> Setup:
    if quick:
        return Setup(16, 40, 16, (0,), 1)
    return Setup(64, 600, 32, (0, 1, 2), 2)


@experiment
def icl_run(quick: bool, b: int, seed: int, device: str = "cpu") -> dict:
    """One training run at output width ``b``: per-position test accuracy on unseen (a, c),
    the loss curve, and the exact two-lag predictor's accuracy on the same test sequences."""
    import torch

    from numerics.pcg.data import held_out_sequences, pools, sample_sequences
    from numerics.pcg.model import GPTConfig, TinyGPT, per_position_accuracy, train
    from theory.pcg import predictor_lags, two_lag_predictor

    torch.set_num_threads(1)
    s = setup(quick)
    p = pools(K, 64, 64, 16, 16, seed=seed)
    torch.manual_seed(seed)
    model = TinyGPT(GPTConfig(vocab=1 << b, ctx=LENGTH, d=s.d, layers=2, heads=4))

    def sample(rng):
        return sample_sequences(rng, p.train_a, p.train_c, s.batch, LENGTH, "tlcg", K, b=b)

    losses = train(model, sample, s.steps, lr=s.lr, warmup=s.warmup, seed=seed, device=device)
    X = held_out_sequences(p, LENGTH, "tlcg", K, b=b, per_pair=s.per_pair, seed=1000 + seed)
    acc = per_position_accuracy(model, X, device=device)
    T, P = predictor_lags(K, b)
    classical = np.array([two_lag_predictor(x, K, b) for x in X])
    # entry n − 1: the rule's accuracy for x_(n+1); NaN where it abstains (n + 1 < T + P)
    hit = (classical[:, 1:] == X[:, 1:]).mean(0)
    hit[classical[0, 1:] < 0] = np.nan
    return {"acc": acc, "classical": hit,
            "loss": np.asarray(losses), "b": b, "seed": seed, "T": T, "P": P,
            "n_test": len(X)}


def runs(quick: bool) -> list[dict]:
    s = setup(quick)
    return [icl_run(quick, b, seed) for b in WIDTHS for seed in s.seeds]


def _acc(acc, caller: str) -> np.ndarray:
    a = check_array(acc, "acc", caller, ndim=1, dtype=None)  # keep float32 as float32
    if np.any((a < 0) | (a > 1)):
        raise invalid("acc", caller, "an array of accuracies in [0, 1]",
                      f"<array of shape {a.shape}, min {a.min():.3g}, max {a.max():.3g}>")
    return a


def window_mean(acc: np.ndarray, lo: int, hi: int) -> float:
    """Mean accuracy over predictions made after n ∈ [lo, hi) inputs (entry n − 1).

    ``acc`` is a 1-D array of accuracies in [0, 1] (entry n − 1 after n inputs) and
    ``1 <= lo < hi <= len(acc) + 1``: a window reaching before the first entry would wrap
    round to the end of the array (numpy's negative indices), an empty one give NaN."""
    a = _acc(acc, "window_mean")
    lo = check_int(lo, "lo", "window_mean", 1, a.size)
    hi = check_int(hi, "hi", "window_mean", lo + 1, a.size + 1)
    return float(np.mean(a[lo - 1:hi - 1]))


#: Width of the windows on each side of a candidate onset (positions).
W = 8


def jump(acc: np.ndarray, at: int) -> float:
    """Accuracy over [at, at + W) inputs minus accuracy over [at − W, at).

    Both windows lie inside ``acc``: ``W + 1 <= at <= len(acc) + 1 − W``."""
    a = _acc(acc, "jump")
    if a.size < 2 * W:
        raise invalid("acc", "jump", f"an array of at least 2·W = {2 * W} accuracies",
                      f"<array of shape {a.shape}>")
    check_int(at, "at", "jump", W + 1, a.size + 1 - W)
    return window_mean(a, at, at + W) - window_mean(a, at - W, at)
