"""A small byte-level causal transformer whose input table can hold new rows (torch).

Pre-LN blocks, learned absolute positions, a final LayerNorm and an untied head over the 256
original bytes (new tokens are input-only, as Token Distillation learns input embeddings).
``forward`` returns the logits and the final hidden states (after the final LayerNorm, like
HF ``hidden_states[-1]`` of a Llama-type model, the code's default ``target_layer=-1``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import torch
from torch import nn
from torch.nn import functional as F

from theory.validation import MAX_ITER, Interval, check_int, check_param, invalid

BYTES = 256


@dataclass(frozen=True)
class LMConfig:
    d: int = 64
    layers: int = 2
    heads: int = 4
    ctx: int = 64
    batch: int = 16
    lr: float = 3e-3
    weight_decay: float = 0.01
    warmup: int = 50


class Block(nn.Module):
    def __init__(self, d: int, heads: int):
        super().__init__()
        self.heads = heads
        self.ln1 = nn.LayerNorm(d)
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)
        self.ln2 = nn.LayerNorm(d)
        self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))

    def forward(self, x):
        B, T, d = x.shape
        q, k, v = self.qkv(self.ln1(x)).view(B, T, 3, self.heads, d // self.heads).unbind(2)
        a = F.scaled_dot_product_attention(q.transpose(1, 2), k.transpose(1, 2),
                                           v.transpose(1, 2), is_causal=True)
        x = x + self.proj(a.transpose(1, 2).reshape(B, T, d))
        return x + self.mlp(self.ln2(x))


class ByteLM(nn.Module):
    """Causal byte LM; ``tok`` has ``BYTES + new`` rows, the head ``BYTES`` outputs."""

    def __init__(self, d: int = 64, layers: int = 2, heads: int = 4, ctx: int = 64,
                 new: int = 0):
        super().__init__()
        self.ctx = ctx
        self.tok = nn.Embedding(BYTES + new, d)
        self.pos = nn.Embedding(ctx, d)
        self.blocks = nn.ModuleList(Block(d, heads) for _ in range(layers))
        self.ln_f = nn.LayerNorm(d)
        self.head = nn.Linear(d, BYTES, bias=False)

    def forward(self, idx):
        T = idx.shape[1]
        x = self.tok(idx) + self.pos(torch.arange(T, device=idx.device))
        for b in self.blocks:
            x = b(x)
        h = self.ln_f(x)
        return self.head(h), h


def build_model(cfg: LMConfig, seed: int, device="cpu") -> ByteLM:
    """Initialise on CPU under a fixed seed (same weights on every device), then move."""
    check_int(seed, "seed", "build_model", 0)
    if cfg.d % cfg.heads:
        raise invalid("cfg", "build_model", "an LMConfig whose width d is a multiple of heads",
                      f"<d = {cfg.d}, heads = {cfg.heads}>")
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(seed)
        model = ByteLM(cfg.d, cfg.layers, cfg.heads, cfg.ctx)
    return model.to(device)


def train_lm(train: np.ndarray, cfg: LMConfig, steps: int, seed: int = 0, device="cpu"):
    """Next-byte training on random windows (AdamW, linear warm-up then cosine decay).
    Returns the model and the mean loss (nats/byte) of the last 10 % of steps.

    ``train``: a 1-D integer array of byte ids longer than ``cfg.ctx + 1``;
    ``1 <= steps <= MAX_ITER``; ``seed >= 0``."""
    check_param("steps", steps, Interval(1, MAX_ITER, integer=True), "train_lm")
    check_int(seed, "seed", "train_lm", 0)
    t = np.asarray(train)
    if t.ndim != 1 or t.dtype.kind not in "iu" or t.size <= cfg.ctx + 1:
        raise invalid("train", "train_lm", f"a 1-D integer array of more than {cfg.ctx + 1} "
                      "byte ids", f"<array of {t.dtype}, shape {t.shape}>")
    if t.min() < 0 or t.max() >= BYTES:
        raise invalid("train", "train_lm", f"byte ids in [0, {BYTES - 1}]",
                      f"<array with min {t.min()}, max {t.max()}>")
    model = build_model(cfg, seed, device)
    opt = torch.optim.AdamW(model.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay)
    data = torch.as_tensor(train, dtype=torch.long, device=device)
    gen = torch.Generator(device=device)
    gen.manual_seed(10_000 + seed)
    offs = torch.arange(cfg.ctx + 1, device=device)
    tail = []
    for step in range(steps):
        w = min(1.0, (step + 1) / cfg.warmup)
        t = max(0.0, (step - cfg.warmup) / max(1, steps - cfg.warmup))
        for g in opt.param_groups:
            g["lr"] = cfg.lr * w * 0.5 * (1 + math.cos(math.pi * t))
        start = torch.randint(0, data.numel() - cfg.ctx - 1, (cfg.batch,), generator=gen,
                              device=device)
        xy = data[start[:, None] + offs]
        logits, _ = model(xy[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, BYTES), xy[:, 1:].reshape(-1))
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        if step >= steps - max(1, steps // 10):
            tail.append(float(loss.detach()))
    return model, float(np.mean(tail))


def extend(model: ByteLM, rows: torch.Tensor) -> ByteLM:
    """A copy of ``model`` whose input table has ``rows`` (k, d) appended as new tokens
    (``rows``: a finite (k, d) tensor, d the model's width)."""
    import copy

    d = model.tok.weight.shape[1]
    if (not isinstance(rows, torch.Tensor) or rows.ndim != 2 or rows.shape[1] != d
            or not bool(torch.isfinite(rows).all())):
        raise invalid("rows", "extend", f"a finite (k, {d}) tensor",
                      f"<{type(rows).__name__} of shape {tuple(getattr(rows, 'shape', ()))}>")

    new = copy.deepcopy(model)
    old = new.tok.weight.data
    tok = nn.Embedding(old.shape[0] + rows.shape[0], old.shape[1]).to(old.device)
    tok.weight.data.copy_(torch.cat([old, rows.to(old.device, old.dtype)]))
    new.tok = tok
    return new
