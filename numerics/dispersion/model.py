"""A small byte-level causal transformer, its training with the push-away term, and per-chunk
statistics (perplexity, dispersion at every layer, confounders). torch; ``device=`` everywhere.

Push-away (paper §6 per the papernotes.org summary; which vectors enter it is not published,
our reconstruction): L = L_CE + λ·L_aux with L_aux = −D over the B·T final hidden states (after
the final LayerNorm, the LM head's input) of a batch, computed with the O(Nd) closed form
D = N/(N−1)(1 − ‖m‖²) (:func:`theory.dispersion.dispersion`; ours, claim
``dispersion.I1.closed_form``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import torch
from torch import nn
from torch.nn import functional as F

from theory.validation import Interval, check_param, invalid


@dataclass(frozen=True)
class LMConfig:
    """Model and training sizes (our pilot's: d = 64, L = 2, 4 heads, context 128, batch 12,
    AdamW 3e-3, wd 0.01, 100-step warm-up then cosine)."""

    d: int = 64
    layers: int = 2
    heads: int = 4
    ctx: int = 128
    batch: int = 12
    lr: float = 3e-3
    weight_decay: float = 0.01
    warmup: int = 100


class Block(nn.Module):
    def __init__(self, d: int, heads: int):
        super().__init__()
        self.ln1 = nn.LayerNorm(d)
        self.attn = nn.MultiheadAttention(d, heads, batch_first=True)
        self.ln2 = nn.LayerNorm(d)
        self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))

    def forward(self, x, mask):
        h = self.ln1(x)
        x = x + self.attn(h, h, h, attn_mask=mask, need_weights=False)[0]
        return x + self.mlp(self.ln2(x))


class ByteLM(nn.Module):
    """Pre-LN causal transformer over bytes (vocab 256), learned positions, final LayerNorm,
    untied head. ``forward`` returns the logits and the hidden states of every layer:
    [embedding, block 1, …, block L, final LN]."""

    def __init__(self, d: int = 64, layers: int = 2, heads: int = 4, ctx: int = 128):
        super().__init__()
        self.ctx = ctx
        self.tok = nn.Embedding(256, d)
        self.pos = nn.Embedding(ctx, d)
        self.blocks = nn.ModuleList(Block(d, heads) for _ in range(layers))
        self.ln_f = nn.LayerNorm(d)
        self.head = nn.Linear(d, 256, bias=False)

    def forward(self, idx):
        T = idx.shape[1]
        mask = torch.triu(torch.ones(T, T, dtype=torch.bool, device=idx.device), diagonal=1)
        x = self.tok(idx) + self.pos(torch.arange(T, device=idx.device))
        hs = [x]
        for b in self.blocks:
            x = b(x, mask)
            hs.append(x)
        x = self.ln_f(x)
        hs.append(x)
        return self.head(x), hs


def dispersion_torch(H: torch.Tensor) -> torch.Tensor:
    """Dispersion of the rows of H (N, d) through the closed form N/(N−1)(1 − ‖m‖²); the
    torch twin of :func:`theory.dispersion.dispersion` (differentiable).

    Each row is first scaled by a power of two (exact, not differentiated) that brings its
    largest entry into [1/2, 1): ``F.normalize`` alone divides by max(‖h‖, 1e-12) and sums
    plain squares, so rows of norm below 1e-12 were not made unit (D = 1.247 for 1.154 at rows
    ~1e-13), and rows whose squares under- or overflow (float32 ~1e±20, float64 ~1e±160) came
    out 0 (D = N/(N−1)). For ordinary rows the unit vectors, hence D and its gradient, are
    bit for bit those of ``F.normalize(H)``. ``H`` needs at least 2 rows (N/(N−1)).
    """
    if H.dim() < 2 or H.shape[-2] < 2:
        raise invalid("H", "dispersion_torch", "a tensor with at least 2 rows (dimension -2)",
                      f"<tensor of shape {tuple(H.shape)}>")
    with torch.no_grad():
        top = H.abs().amax(dim=-1, keepdim=True)
        e = torch.where(top > 0, torch.frexp(top).exponent, 0)
        half = torch.div(-e, 2, rounding_mode="floor")
        # two factors: 2^-e alone can overflow (float32 rows ~1e-40 need 2^148). Made here and
        # multiplied in: torch.ldexp(H, k)'s backward gives 0 for k < 0 (torch 2.x)
        one = torch.ones_like(top)
        s1, s2 = torch.ldexp(one, half), torch.ldexp(one, -e - half)
    U = F.normalize(H * s1 * s2, dim=-1)
    N = U.shape[-2]
    m = U.mean(dim=-2)
    return N / (N - 1) * (1 - (m * m).sum(-1))


def build_model(cfg: LMConfig, seed: int, device="cpu") -> ByteLM:
    """Initialise on CPU under a fixed seed (the same weights on every device), then move."""
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(seed)
        model = ByteLM(cfg.d, cfg.layers, cfg.heads, cfg.ctx)
    return model.to(device)


def _lr(step: int, steps: int, cfg: LMConfig) -> float:
    if step < cfg.warmup:
        return cfg.lr * (step + 1) / cfg.warmup
    t = (step - cfg.warmup) / max(1, steps - cfg.warmup)
    return cfg.lr * 0.5 * (1 + math.cos(math.pi * t))


def eval_chunks(val: np.ndarray, n_chunks: int, ctx: int) -> np.ndarray:
    """The first ``n_chunks`` non-overlapping ``ctx``-byte chunks of the validation stream."""
    # ctx first: ctx = 0 was a ZeroDivisionError in the bound of n_chunks
    check_param("ctx", ctx, Interval(1, None, integer=True), "eval_chunks")
    if np.ndim(val) != 1:
        raise invalid("val", "eval_chunks", "a 1-D byte stream", f"<array of shape "
                      f"{np.shape(val)}>")
    check_param("n_chunks", n_chunks, Interval(1, val.size // ctx, integer=True), "eval_chunks")
    return val[: n_chunks * ctx].reshape(n_chunks, ctx)


@torch.no_grad()
def chunk_stats(model: ByteLM, chunks: np.ndarray, device="cpu", batch: int = 100) -> dict:
    """Per-chunk statistics of held-out chunks.

    Returns a dict of numpy arrays: ``ppl`` (C,) = exp of the mean NLL (nats) of the ctx−1
    predicted bytes; ``D`` (C, L+2) = dispersion of the chunk's ctx token states at each layer
    [embedding, blocks…, final LN] (the unit of the released ``step3`` code); ``n_distinct``
    (C,) distinct bytes; ``space_frac`` (C,) share of spaces, tabs and newlines.

    ``chunks`` is a (C, T) array of bytes (ints in [0, 255]) with C ≥ 1 and 2 ≤ T ≤ the model's
    context (T = 1 has no predicted byte: its PPL was NaN); ``batch`` an int ≥ 1.
    """
    check_param("batch", batch, Interval(1, None, integer=True), "chunk_stats")
    c = np.asarray(chunks)
    if (c.ndim != 2 or c.shape[0] < 1 or not 2 <= c.shape[1] <= model.ctx
            or c.dtype.kind not in "iu" or c.min() < 0 or c.max() > 255):
        raise invalid("chunks", "chunk_stats", f"a (C, T) array of bytes in [0, 255] with C ≥ 1 "
                      f"and 2 ≤ T ≤ {model.ctx}", f"<{c.dtype} array of shape {c.shape}>")
    model.eval()
    ppl, D = [], []
    for i in range(0, len(chunks), batch):
        x = torch.as_tensor(chunks[i:i + batch], dtype=torch.long, device=device)
        logits, hs = model(x)
        nll = F.cross_entropy(logits[:, :-1].reshape(-1, 256), x[:, 1:].reshape(-1),
                              reduction="none").view(x.shape[0], -1).mean(1)
        ppl.append(torch.exp(nll).double().cpu().numpy())
        D.append(torch.stack([dispersion_torch(h.double()) for h in hs], 1).cpu().numpy())
    model.train()
    c = np.asarray(chunks)
    return {"ppl": np.concatenate(ppl), "D": np.concatenate(D),
            "n_distinct": np.array([len(np.unique(r)) for r in c], dtype=float),
            "space_frac": np.isin(c, (9, 10, 32)).mean(1)}


def train_lm(train: np.ndarray, val_chunks: np.ndarray, cfg: LMConfig, steps: int,
             lam: float = 0.0, seed: int = 0, eval_at: tuple[int, ...] = (), device="cpu"):
    """Train with L_CE + λ·L_aux (L_aux = −D of the batch's final states, all B·T tokens).

    Batches are random windows drawn with a ``torch.Generator`` on ``device`` seeded by ``seed``
    (the data order is the same for every λ of a seed). Returns the model and a list of
    ``(step, chunk_stats)`` at the steps in ``eval_at`` (and at the end).
    """
    check_param("steps", steps, Interval(1, None, integer=True), "train_lm")
    check_param("lam", lam, Interval(0, None), "train_lm")
    model = build_model(cfg, seed, device)
    opt = torch.optim.AdamW(model.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay)
    data = torch.as_tensor(train, dtype=torch.long, device=device)
    gen = torch.Generator(device=device)
    gen.manual_seed(10_000 + seed)
    offs = torch.arange(cfg.ctx + 1, device=device)
    history = []
    for step in range(steps):
        for g in opt.param_groups:
            g["lr"] = _lr(step, steps, cfg)
        start = torch.randint(0, data.numel() - cfg.ctx - 1, (cfg.batch,), generator=gen,
                              device=device)
        xy = data[start[:, None] + offs]
        logits, hs = model(xy[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, 256), xy[:, 1:].reshape(-1))
        if lam > 0:
            loss = loss - lam * dispersion_torch(hs[-1].reshape(-1, hs[-1].shape[-1]))
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        if step + 1 in eval_at and step + 1 != steps:
            history.append((step + 1, chunk_stats(model, val_chunks, device)))
    history.append((steps, chunk_stats(model, val_chunks, device)))
    return model, history
