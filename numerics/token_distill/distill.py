"""The Token Distillation trainer for new input rows and its baselines (torch).

Methods (initialisation, then training of the new rows only):

- ``rand``: each coordinate from N(column mean, column std) of the byte table (the paper code's
  random baseline, ``paper/apply_embedding_init.py`` L404-L413 at ac9ef2c);
- ``fvt``: the mean of the subtoken rows (the package's default pre-initialisation);
- ``adaptivocab``: softmax(2j)-weighted subtoken rows;
- ``td``: from ``fvt``, AdamW (weight decay 0) on the MSE between the merged and original final
  hidden states over all aligned positions (``theory.token_distill.mse_on_hiddens``);
- ``ntp``: from ``fvt``, the same optimiser on next-token cross-entropy of the merged sequence
  with original-byte targets (the head has no rows for new tokens).

Both trainers merge every new phrase in every snippet (as the code does), zero the gradient of
the 256 original rows at every step (gradient surgery) and check afterwards that every other
parameter and every original row is bit-identical (``torch.equal``).

Defaults here (ours, for a byte LM with unit-scale embeddings): lr 1e-2 constant, 4 epochs,
batch 32, fp32. The authors' package: lr 1e-4 constant, 1 epoch, batch 1, bf16 autocast; the
paper's code: lr 5e-5, linear warm-up over half of epoch 1 then linear decay, 3 epochs, fp32.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import torch
from torch.nn import functional as F

from numerics.token_distill.model import BYTES, ByteLM, extend
from theory.token_distill import adaptive_weights, merge_tokens
from theory.validation import MAX_ITER, Interval, Options, check_int, check_param, invalid

METHODS = ("rand", "fvt", "adaptivocab", "td", "ntp")


@dataclass(frozen=True)
class Batch:
    """Merged snippets (N, L) right-padded, their merged lengths, the alignment masks over the
    original positions (N, L), the originals (N, L) and, per merged position, the original
    next byte (N, L; −100 where there is none)."""

    merged: torch.Tensor
    length: torch.Tensor
    mask: torch.Tensor
    orig: torch.Tensor
    next_byte: torch.Tensor


def _windows(windows, caller: str) -> np.ndarray:
    w = np.asarray(windows)
    if w.ndim != 2 or min(w.shape) < 1 or w.dtype.kind not in "iu":
        raise invalid("windows", caller, "a non-empty (N, L) integer array of byte ids",
                      f"<array of {w.dtype}, shape {w.shape}>")
    if w.min() < 0 or w.max() >= BYTES:
        raise invalid("windows", caller, f"byte ids in [0, {BYTES - 1}]",
                      f"<array with min {w.min()}, max {w.max()}>")
    return w


def _phrases(phrases, caller: str) -> list:
    """New ids BYTES, BYTES + 1, ... (rows appended to the table in that order), phrases of
    byte ids of at least two bytes."""
    what = (f"a non-empty dict {{tuple of >= 2 byte ids: new id}} with new ids {BYTES}, "
            f"{BYTES + 1}, ... (one per phrase)")
    if not isinstance(phrases, dict) or not phrases:
        raise invalid("phrases", caller, what, f"<{type(phrases).__name__} of length "
                      f"{len(phrases) if hasattr(phrases, '__len__') else '?'}>")
    order = sorted(phrases.items(), key=lambda kv: int(kv[1]) if isinstance(
        kv[1], int | np.integer) and not isinstance(kv[1], bool) else -1)
    for i, (p, nid) in enumerate(order):
        ok = (isinstance(p, tuple) and len(p) >= 2 and all(
            isinstance(x, int | np.integer) and not isinstance(x, bool) and 0 <= x < BYTES
            for x in p) and isinstance(nid, int | np.integer) and not isinstance(nid, bool)
            and nid == BYTES + i)
        if not ok:
            raise invalid("phrases", caller, what, f"<{{{p!r}: {nid!r}}}>")
    return order


def prepare(windows: np.ndarray, phrases: dict, device="cpu") -> Batch:
    """Merge every phrase in every window with :func:`theory.token_distill.merge_tokens`.

    ``windows``: a non-empty (N, L) integer array of byte ids; ``phrases``: as
    :func:`init_rows` (new ids BYTES, BYTES + 1, ...)."""
    windows = _windows(windows, "prepare")
    _phrases(phrases, "prepare")
    N, L = windows.shape
    merged = np.zeros((N, L), np.int64)
    mask = np.zeros((N, L), np.int64)
    nxt = np.full((N, L), -100, np.int64)
    lens = np.zeros(N, np.int64)
    for i, w in enumerate(windows):
        mg = merge_tokens(w, phrases, pad=0)
        merged[i], mask[i], lens[i] = mg.merged, mg.mask, mg.length
        q = np.flatnonzero(mg.mask == 1)
        ok = q + 1 < L
        nxt[i, :mg.length][ok] = w[q[ok] + 1]
    t = lambda a: torch.as_tensor(a, device=device)
    return Batch(t(merged), t(lens), t(mask), t(windows.astype(np.int64)), t(nxt))


def init_rows(model: ByteLM, phrases: dict, method: str, seed: int = 0) -> torch.Tensor:
    """Initial new rows (k, d), in the order of the phrases' new ids.

    ``phrases``: a non-empty dict {tuple of >= 2 byte ids: new id} with new ids BYTES,
    BYTES + 1, ... (the rows :func:`numerics.token_distill.model.extend` appends, in order);
    ``seed >= 0``."""
    check_param("method", method, Options(*METHODS), "init_rows")
    order = _phrases(phrases, "init_rows")
    check_int(seed, "seed", "init_rows", 0)
    E = model.tok.weight.detach()[:BYTES]
    if method == "rand":
        g = torch.Generator().manual_seed(20_000 + seed)
        mu, sd = E.mean(0).cpu(), E.std(0).cpu()
        return torch.stack([torch.normal(mu, sd, generator=g) for _ in order]).to(E.device)
    rows = []
    for p, _ in order:
        sub = E[list(p)]
        if method == "adaptivocab":
            w = torch.as_tensor(adaptive_weights(len(p)), dtype=E.dtype, device=E.device)
            rows.append(w @ sub)
        else:
            rows.append(sub.mean(0))
    return torch.stack(rows)


def _valid(b: Batch, idx) -> torch.Tensor:
    L = b.merged.shape[1]
    return torch.arange(L, device=b.merged.device)[None] < b.length[idx][:, None]


@torch.no_grad()
def teacher_states(model: ByteLM, b: Batch) -> torch.Tensor:
    """Final hidden states of the original windows (N, L, d), computed once (no grad)."""
    return model(b.orig)[1]


def train_rows(model: ByteLM, b: Batch, rows: torch.Tensor, method: str, *, lr: float = 1e-2,
               epochs: int = 4, batch: int = 32, seed: int = 0,
               weight_decay: float = 0.0) -> tuple[ByteLM, list[float]]:
    """Extend ``model`` with ``rows`` and train the new rows by ``method`` (``td`` or ``ntp``).

    Returns the trained copy and the loss per step. Raises ``AssertionError`` when an original
    row or any other parameter changed (only possible with ``weight_decay > 0``).

    ``rows``: a finite (k, d) tensor, d the model's width; ``lr > 0`` finite, ``0 <= epochs <=
    MAX_ITER``, ``1 <= batch <= N`` (the number of windows: a larger batch would run no step,
    as the code's DataLoader with ``drop_last``), ``weight_decay >= 0``, ``seed >= 0``.
    """
    check_param("method", method, Options("td", "ntp"), "train_rows")
    check_param("lr", lr, Interval(0, None, closed="neither"), "train_rows")
    check_int(epochs, "epochs", "train_rows", 0, MAX_ITER)
    check_int(batch, "batch", "train_rows", 1, int(b.merged.shape[0]))
    check_param("weight_decay", weight_decay, Interval(0, None), "train_rows")
    check_int(seed, "seed", "train_rows", 0)
    d = model.tok.weight.shape[1]
    if (not isinstance(rows, torch.Tensor) or rows.ndim != 2 or rows.shape[1] != d
            or not bool(torch.isfinite(rows).all())):
        raise invalid("rows", "train_rows", f"a finite (k, {d}) tensor",
                      f"<{type(rows).__name__} of shape {tuple(getattr(rows, 'shape', ()))}>")
    m = extend(model, rows)
    before = {k: v.detach().clone() for k, v in m.state_dict().items()}
    for p in m.parameters():
        p.requires_grad_(False)
    W = m.tok.weight
    W.requires_grad_(True)
    opt = torch.optim.AdamW([W], lr=lr, weight_decay=weight_decay)
    target = teacher_states(model, b) if method == "td" else None
    g = torch.Generator().manual_seed(30_000 + seed)
    N = b.merged.shape[0]
    losses = []
    for _ in range(epochs):
        perm = torch.randperm(N, generator=g)
        for s in range(0, N - batch + 1, batch):  # drop_last, as the code's DataLoader
            idx = perm[s:s + batch].to(b.merged.device)
            logits, h = m(b.merged[idx])
            if method == "td":
                # student rows: merged positions < length; teacher rows: mask == 1 (row-major)
                loss = F.mse_loss(h[_valid(b, idx)], target[idx][b.mask[idx] == 1])
            else:
                loss = F.cross_entropy(logits.reshape(-1, BYTES), b.next_byte[idx].reshape(-1),
                                       ignore_index=-100)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            W.grad[:BYTES] = 0  # gradient surgery
            opt.step()
            losses.append(float(loss.detach()))
    W.requires_grad_(False)
    after = m.state_dict()
    for k, v in before.items():
        if k == "tok.weight":
            assert torch.equal(after[k][:BYTES], v[:BYTES]), "original input rows changed"
        else:
            assert torch.equal(after[k], v), f"parameter {k} changed"
    return m, losses


@torch.no_grad()
def window_nll(model: ByteLM, windows: np.ndarray, offsets: np.ndarray, phrase: tuple,
               new_id: int | None, after: int = 8) -> np.ndarray:
    """Per window: mean NLL (nats/byte) of the ``after`` bytes that follow the centred
    occurrence of ``phrase``. With ``new_id`` the window is merged (this phrase only) and the
    merged model predicts each byte from the aligned merged position; with ``None`` the
    original tokenisation is scored (the teacher). Positions inside a later occurrence of the
    phrase are skipped.

    ``windows`` (N, L) byte ids, ``offsets`` N ints with room for the phrase and ``after``
    following bytes inside the window, ``phrase`` >= 2 byte ids, ``new_id`` None or an id of
    the model's table beyond the bytes, ``after >= 1``."""
    windows = _windows(windows, "window_nll")
    after = check_int(after, "after", "window_nll", 1)
    if not (isinstance(phrase, tuple | list) and len(phrase) >= 2 and all(
            isinstance(x, int | np.integer) and not isinstance(x, bool) and 0 <= x < BYTES
            for x in phrase)):
        raise invalid("phrase", "window_nll", f"a tuple of >= 2 byte ids in [0, {BYTES - 1}]",
                      f"<{phrase!r}>")
    V = model.tok.weight.shape[0]
    if new_id is not None:
        check_int(new_id, "new_id", "window_nll", BYTES, V - 1)
    n, L = len(phrase), windows.shape[1]
    off = np.asarray(offsets)
    if off.shape != (len(windows),) or off.dtype.kind not in "iu" or (off.size and (
            off.min() < 0 or off.max() + n - 1 + after >= L)):
        raise invalid("offsets", "window_nll", f"{len(windows)} ints in [0, {L - n - after}] "
                      f"(room for the phrase and {after} following bytes)",
                      f"<array of {off.dtype}, shape {off.shape}>")
    n = len(phrase)
    out = np.zeros(len(windows))
    if new_id is None:
        x = torch.as_tensor(windows, dtype=torch.long)
        lp = F.log_softmax(model(x.to(model.tok.weight.device))[0].double(), -1).cpu()
    for i, (w, c) in enumerate(zip(windows, offsets)):
        e = int(c) + n - 1  # last byte of the centred occurrence
        mg = merge_tokens(w, {tuple(phrase): -2}, pad=0)
        qs = [q for q in range(e, e + after) if mg.mask[q]]  # the same bytes for every method
        if new_id is None:
            vals = [-float(lp[i, q, w[q + 1]]) for q in qs]
        else:
            pos = np.cumsum(mg.mask) - 1  # merged index of each kept original position
            ids = np.where(mg.merged[:mg.length] == -2, new_id, mg.merged[:mg.length])
            x = torch.as_tensor(ids[None], dtype=torch.long)
            lpi = F.log_softmax(model(x.to(model.tok.weight.device))[0][0].double(), -1).cpu()
            vals = [-float(lpi[pos[q], w[q + 1]]) for q in qs]
        out[i] = np.mean(vals)
    return out
