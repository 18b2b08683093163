"""Bit-counting compressors for the simulator: each ``__call__(x) -> (C(x), bits)``.

Bits per message (our accounting): dense ``32·d``; Top-K / Rand-K ``k·(32 + ⌈log₂ d⌉)``
(value + index); rank-r ``32·r(m + n)`` (1-D tensors are sent dense).
"""

from __future__ import annotations

import math

import torch

from theory.validation import Interval, check_param

FLOAT_BITS = 32


def _index_bits(d: int) -> int:
    return math.ceil(math.log2(max(d, 2)))


class Identity:
    """No compression: ``32·d`` bits."""

    name = "identity"

    def __call__(self, x: torch.Tensor):
        return x.clone(), FLOAT_BITS * x.numel()


class TopK:
    """Keep the ``ceil(frac·d)`` entries of largest magnitude (α = k/d, pathwise)."""

    def __init__(self, frac: float):
        self.frac = check_param("frac", frac, Interval(0, 1, closed="right"), "TopK")
        self.name = f"top{frac:g}"

    def __call__(self, x: torch.Tensor):
        d = x.numel()
        k = max(1, math.ceil(self.frac * d - 1e-9))  # 5/24·24 is 5.000…1 in floats
        flat = x.reshape(-1)
        idx = torch.topk(flat.abs(), k, sorted=False).indices
        out = torch.zeros_like(flat)
        out[idx] = flat[idx]
        return out.reshape(x.shape), k * (FLOAT_BITS + _index_bits(d))


class RandK:
    """Keep ``ceil(frac·d)`` uniformly random entries (no rescaling; α = k/d in expectation).
    The stream is a ``torch.Generator`` on the tensors' device."""

    def __init__(self, frac: float, seed: int = 0, device="cpu"):
        self.frac = check_param("frac", frac, Interval(0, 1, closed="right"), "RandK")
        self.gen = torch.Generator(device=device)
        # a bool seed ran as 0/1 and a float one was a raw torch error
        self.gen.manual_seed(int(check_param("seed", seed, Interval(0, 2**63 - 1, integer=True),
                                             "RandK")))
        self.name = f"rand{frac:g}"

    def __call__(self, x: torch.Tensor):
        d = x.numel()
        k = max(1, math.ceil(self.frac * d - 1e-9))  # 5/24·24 is 5.000…1 in floats
        flat = x.reshape(-1)
        idx = torch.randperm(d, generator=self.gen, device=x.device)[:k]
        out = torch.zeros_like(flat)
        out[idx] = flat[idx]
        return out.reshape(x.shape), k * (FLOAT_BITS + _index_bits(d))


class RankR:
    """Rank-r truncated SVD of a matrix (α = r/min(m, n)); vectors are sent dense."""

    def __init__(self, r: int):
        self.r = check_param("r", r, Interval(1, None, integer=True), "RankR")
        self.name = f"rank{r}"

    def __call__(self, x: torch.Tensor):
        if x.ndim != 2 or min(x.shape) <= self.r:
            return x.clone(), FLOAT_BITS * x.numel()
        U, S, Vh = torch.linalg.svd(x, full_matrices=False)
        r = self.r
        return (U[:, :r] * S[:r]) @ Vh[:r], FLOAT_BITS * r * (x.shape[0] + x.shape[1])
