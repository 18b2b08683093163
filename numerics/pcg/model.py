"""A small causal (GPT-style) transformer and the in-context training loop.

Pre-LN blocks, learned positions, causal scaled-dot-product attention; next-token cross-entropy
(nats), AdamW with a linear warm-up and cosine decay. ``device=`` selects CPU or CUDA.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import torch
from torch import nn
from torch.nn import functional as F

from theory.validation import MAX_ITER, Interval, check_int, check_param, invalid


@dataclass(frozen=True)
class GPTConfig:
    vocab: int
    ctx: int
    d: int = 64
    layers: int = 2
    heads: int = 4


class Block(nn.Module):
    def __init__(self, d: int, heads: int):
        super().__init__()
        self.ln1, self.ln2 = nn.LayerNorm(d), nn.LayerNorm(d)
        self.qkv, self.proj = nn.Linear(d, 3 * d), nn.Linear(d, d)
        self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))
        self.heads = heads

    def forward(self, x):
        B, L, D = x.shape
        q, k, v = self.qkv(self.ln1(x)).split(D, dim=-1)
        shape = (B, L, self.heads, D // self.heads)
        q, k, v = (t.view(shape).transpose(1, 2) for t in (q, k, v))
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.proj(y.transpose(1, 2).reshape(B, L, D))
        return x + self.mlp(self.ln2(x))


class TinyGPT(nn.Module):
    """Decoder-only transformer over tokens ``0..vocab-1`` (logits for the next token)."""

    def __init__(self, cfg: GPTConfig):
        super().__init__()
        for name in ("vocab", "ctx", "d", "layers", "heads"):
            check_int(getattr(cfg, name), f"cfg.{name}", "TinyGPT", 1, MAX_ITER)
        if cfg.d % cfg.heads:
            raise invalid("cfg.d", "TinyGPT", f"a multiple of cfg.heads = {cfg.heads}", cfg.d)
        self.cfg = cfg
        self.tok = nn.Embedding(cfg.vocab, cfg.d)
        self.pos = nn.Embedding(cfg.ctx, cfg.d)
        self.blocks = nn.ModuleList(Block(cfg.d, cfg.heads) for _ in range(cfg.layers))
        self.ln = nn.LayerNorm(cfg.d)
        self.head = nn.Linear(cfg.d, cfg.vocab)

    def forward(self, idx):
        L = idx.shape[1]
        x = self.tok(idx) + self.pos(torch.arange(L, device=idx.device))
        for blk in self.blocks:
            x = blk(x)
        return self.head(self.ln(x))


def lr_at(step: int, steps: int, lr: float, warmup: int) -> float:
    """Learning rate at ``step``: linear warm-up over ``warmup >= 1`` steps, then cosine decay
    to 10 % of ``lr`` at ``steps``."""
    check_int(warmup, "warmup", "lr_at", 1, MAX_ITER)
    if step < warmup:
        return lr * (step + 1) / warmup
    t = (step - warmup) / max(1, steps - warmup)
    return lr * (0.1 + 0.9 * 0.5 * (1 + math.cos(math.pi * t)))


def train(model: TinyGPT, sample, steps: int, *, lr: float = 3e-3, warmup: int = 50,
          weight_decay: float = 0.1, seed: int = 0, device: str = "cpu") -> list[float]:
    """Train on batches ``sample(rng) -> int64 array (B, L)``; returns the loss per step (nats).
    The batch sampler gets its own numpy generator seeded by ``seed``.

    ``0 <= steps <= MAX_ITER``, ``lr > 0`` finite, ``1 <= warmup``, ``weight_decay >= 0``,
    ``seed >= 0``."""
    check_int(steps, "steps", "train", 0, MAX_ITER)
    check_param("lr", lr, Interval(0, None, closed="neither"), "train")
    check_int(warmup, "warmup", "train", 1, MAX_ITER)
    check_param("weight_decay", weight_decay, Interval(0, None), "train")
    check_int(seed, "seed", "train", 0)
    torch.manual_seed(seed)
    rng = np.random.default_rng(10_000 + seed)
    model.to(device).train()
    opt = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=weight_decay,
                            betas=(0.9, 0.98))
    losses = []
    for step in range(steps):
        for g in opt.param_groups:
            g["lr"] = lr_at(step, steps, lr, warmup)
        seq = torch.as_tensor(sample(rng), device=device)
        logits = model(seq[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), seq[:, 1:].reshape(-1))
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        losses.append(float(loss.detach()))
    return losses


@torch.no_grad()
def per_position_accuracy(model: TinyGPT, seqs: np.ndarray, device: str = "cpu",
                          batch: int = 256) -> np.ndarray:
    """Accuracy of the greedy next-token prediction at each position: entry ``n - 1`` is the
    accuracy of predicting ``x_(n+1)`` after ``n`` inputs (n = 1..L−1).

    ``seqs``: a non-empty (N, L) integer array, ``2 <= L <= ctx + 1``, tokens in
    ``[0, vocab)``; ``batch >= 1``."""
    check_int(batch, "batch", "per_position_accuracy", 1)
    seqs = np.asarray(seqs)
    cfg = model.cfg
    if (seqs.ndim != 2 or seqs.shape[0] < 1 or not 2 <= seqs.shape[1] <= cfg.ctx + 1
            or seqs.dtype.kind not in "iu"):
        raise invalid("seqs", "per_position_accuracy", f"a non-empty (N, L) integer array with "
                      f"2 <= L <= {cfg.ctx + 1}", f"<array of {seqs.dtype}, shape {seqs.shape}>")
    if seqs.min() < 0 or seqs.max() >= cfg.vocab:
        raise invalid("seqs", "per_position_accuracy", f"tokens in [0, {cfg.vocab - 1}]",
                      f"<array with min {seqs.min()}, max {seqs.max()}>")
    model.to(device).eval()
    hits = []
    for i in range(0, len(seqs), batch):
        s = torch.as_tensor(seqs[i:i + batch], device=device)
        pred = model(s[:, :-1]).argmax(-1)
        hits.append((pred == s[:, 1:]).float().cpu().numpy())
    return np.concatenate(hits).mean(0)
