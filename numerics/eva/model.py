r"""A small RWKV-6-style event encoder in torch: the WKV in recurrent and chunked forms
(checked against :mod:`theory.eva`), a time-mix / channel-mix block, and an encoder that reads
event tokens and the time since the previous event and can run in parallel over a stream or
step one event at a time.

Our reading of EVA (arXiv 2505.11165; its code was not seen): token = (polarity, position)
embedded and layer-normalised, plus a sinusoidal embedding of Δt (as in the first author's
earlier public code); per layer a time mix with token shift, a data-dependent decay
:math:`w_t = \exp(-\exp(d_0 + \tanh(\tilde x_t A) B))`, a bonus :math:`u`, a per-head
GroupNorm and a SiLU gate, then a channel mix with squared ReLU (RWKV-6, arXiv 2404.05892).
"""

from __future__ import annotations

import math

import torch
from torch import nn

from theory.validation import Interval, Options, check_param, invalid

_POS_INT = Interval(1, None, integer=True)
_MODES = Options("chunked", "recurrent")


def _check_wkv(r, k, v, logw, u, state, caller):
    """Shapes that must agree (both named) and log-decays that are decays: finite and <= 0
    (a log-decay above 0 makes the state grow without bound)."""
    if r.dim() != 4:
        raise invalid("r", caller, "a tensor (B, H, T, K)", f"<tensor of shape {tuple(r.shape)}>")
    B, H, T, K = r.shape
    for name, x, want in (("k", k, (B, H, T, K)), ("logw", logw, (B, H, T, K)),
                          ("u", u, (H, K))):
        if tuple(x.shape) != want:
            raise invalid(name, caller, f"a tensor of shape {want} (from r's shape (B, H, T, K))",
                          f"<tensor of shape {tuple(x.shape)}>")
    if v is not None and (v.dim() != 4 or tuple(v.shape[:3]) != (B, H, T)):
        raise invalid("v", caller, f"a tensor (B, H, T, V) = ({B}, {H}, {T}, V) (as r)",
                      f"<tensor of shape {tuple(v.shape)}>")
    if state is not None and v is not None and tuple(state.shape) != (B, H, K, v.shape[-1]):
        raise invalid("state", caller, f"a tensor of shape {(B, H, K, v.shape[-1])}",
                      f"<tensor of shape {tuple(state.shape)}>")
    if logw.numel() and not bool(((logw <= 0) & torch.isfinite(logw)).all()):
        bad = logw[~((logw <= 0) & torch.isfinite(logw))]
        raise invalid("logw", caller, "a tensor of finite log-decays <= 0 (decays in (0, 1])",
                      float(bad.flatten()[0]))


def wkv_recurrent(r, k, v, logw, u, state=None):
    """WKV one event at a time. r, k, logw: (B, H, T, K); v: (B, H, T, V); u: (H, K);
    ``logw`` = log of the decays (≤ 0). Returns (o (B, H, T, V), final state (B, H, K, V))."""
    _check_wkv(r, k, v, logw, u, state, "wkv_recurrent")
    B, H, T, K = r.shape
    V = v.shape[-1]
    S = r.new_zeros(B, H, K, V) if state is None else state
    w = logw.exp()
    outs = []
    for t in range(T):
        kt, vt, rt = k[:, :, t], v[:, :, t], r[:, :, t]
        o = torch.einsum("bhk,bhkv->bhv", rt, S) + (rt * u * kt).sum(-1, keepdim=True) * vt
        S = w[:, :, t, :, None] * S + kt[..., None] * vt[..., None, :]
        outs.append(o)
    o = torch.stack(outs, dim=2) if outs else v.new_zeros(B, H, 0, V)
    return o, S


def wkv_chunked(r, k, v, logw, u, state=None, chunk: int = 16):
    """WKV in chunks: parallel inside each chunk (a (C, C, K) decay tensor, only exponents
    ≤ 0), the state carried between chunks. Same arguments and returns as
    :func:`wkv_recurrent`; T need not be a multiple of ``chunk``."""
    check_param("chunk", chunk, _POS_INT, "wkv_chunked")
    _check_wkv(r, k, v, logw, u, state, "wkv_chunked")
    B, H, T, K = r.shape
    V = v.shape[-1]
    S = r.new_zeros(B, H, K, V) if state is None else state
    outs = []
    for s in range(0, T, chunk):
        e = min(T, s + chunk)
        rc, kc, vc, lw = r[:, :, s:e], k[:, :, s:e], v[:, :, s:e], logw[:, :, s:e]
        C = e - s
        L = lw.cumsum(2)                         # Λ_t (inclusive)
        Lp = L - lw                              # Λ_{t-1}
        expo = Lp[:, :, :, None, :] - L[:, :, None, :, :]       # (B, H, t, i, K)
        mask = torch.ones(C, C, dtype=torch.bool, device=r.device).tril(-1)
        expo = expo.masked_fill(~mask[:, :, None], float("-inf"))
        A = (rc[:, :, :, None, :] * kc[:, :, None, :, :] * expo.exp()).sum(-1)
        o = A @ vc + (rc * u[:, None] * kc).sum(-1, keepdim=True) * vc
        o = o + (rc * Lp.exp()) @ S
        last = L[:, :, -1]
        S = last.exp()[..., None] * S + (kc * (last[:, :, None] - L).exp()).transpose(-1, -2) @ vc
        outs.append(o)
    o = torch.cat(outs, dim=2) if outs else v.new_zeros(B, H, 0, V)
    return o, S


def wkv_state(k, v, logw, state=None, chunk: int = 16):
    r"""The final state of :func:`wkv_chunked` without its outputs: the same update between
    chunks, :math:`S \leftarrow e^{\Lambda_C} S + (k\, e^{\Lambda_C - \Lambda_t})^\top v`, op
    for op, so the state is bit-identical; the (C, C, K) decay tensor inside a chunk, which only
    the outputs need and which is most of the cost, is never formed. k, logw: (B, H, T, K);
    v: (B, H, T, V). Returns (B, H, K, V)."""
    check_param("chunk", chunk, _POS_INT, "wkv_state")
    if k.dim() != 4:
        raise invalid("k", "wkv_state", "a tensor (B, H, T, K)",
                      f"<tensor of shape {tuple(k.shape)}>")
    _check_wkv(k, k, v, logw, k.new_zeros(k.shape[1], k.shape[3]), state, "wkv_state")
    B, H, T, K = k.shape
    V = v.shape[-1]
    S = k.new_zeros(B, H, K, V) if state is None else state
    for s in range(0, T, chunk):
        e = min(T, s + chunk)
        kc, vc = k[:, :, s:e], v[:, :, s:e]
        L = logw[:, :, s:e].cumsum(2)
        last = L[:, :, -1]
        S = last.exp()[..., None] * S + (kc * (last[:, :, None] - L).exp()).transpose(-1, -2) @ vc
    return S


def sinusoidal(x, d: int):
    """Sinusoidal embedding of a scalar per event (x: (B, T)) into d channels (d even:
    d/2 sines and d/2 cosines)."""
    check_param("d", d, Interval(2, None, integer=True), "sinusoidal")
    if d % 2:
        raise invalid("d", "sinusoidal", "an even int >= 2 (d/2 sines, d/2 cosines)", d)
    half = d // 2
    freq = torch.exp(-math.log(1000.0) * torch.arange(half, device=x.device, dtype=x.dtype) / half)
    a = x[..., None] * freq * 10.0
    return torch.cat([a.sin(), a.cos()], dim=-1)


class Block(nn.Module):
    """One RWKV-6-style layer: time mix (WKV) and channel mix, each pre-normed and residual."""

    def __init__(self, d: int, heads: int, lora: int = 8, *, device=None, dtype=None):
        super().__init__()
        fk = {"device": device, "dtype": dtype}
        check_param("d", d, _POS_INT, "Block")
        check_param("heads", heads, Interval(1, d, integer=True), "Block")
        check_param("lora", lora, _POS_INT, "Block")
        if d % heads:
            raise invalid("heads", "Block", f"an int dividing d = {d}", heads)
        self.d, self.h, self.dh = d, heads, d // heads
        self.ln1 = nn.LayerNorm(d, **fk)
        self.ln2 = nn.LayerNorm(d, **fk)
        self.mix = nn.Parameter(torch.full((5, d), 0.5, **fk))     # r, k, v, g, w token shift
        self.r = nn.Linear(d, d, bias=False, **fk)
        self.k = nn.Linear(d, d, bias=False, **fk)
        self.v = nn.Linear(d, d, bias=False, **fk)
        self.g = nn.Linear(d, d, bias=False, **fk)
        self.o = nn.Linear(d, d, bias=False, **fk)
        self.w0 = nn.Parameter(torch.linspace(-3.0, 1.0, d, **fk))
        self.wa = nn.Parameter(torch.zeros(d, lora, **fk))
        self.wb = nn.Parameter(torch.randn(lora, d, **fk) * 0.1)
        self.u = nn.Parameter(torch.zeros(heads, self.dh, **fk))
        self.gn = nn.GroupNorm(heads, d, **fk)
        self.cmix = nn.Parameter(torch.full((2, d), 0.5, **fk))
        self.ck = nn.Linear(d, int(3.5 * d), bias=False, **fk)
        self.cv = nn.Linear(int(3.5 * d), d, bias=False, **fk)
        self.cr = nn.Linear(d, d, bias=False, **fk)

    def time_inputs(self, x, prev1=None):
        """The time mix's inputs: (normed x, r, k, v (B, H, T, dh), gate g (B, T, d), log decay
        logw (B, H, T, dh)), with token shift from ``prev1``."""
        B, T, d = x.shape
        xa = self.ln1(x)
        p1 = x.new_zeros(B, 1, d) if prev1 is None else prev1
        xs = torch.cat([p1, xa[:, :-1]], dim=1)
        lerp = [xa + (xs - xa) * m for m in self.mix]
        heads = (B, T, self.h, self.dh)
        r = self.r(lerp[0]).view(heads).transpose(1, 2)
        k = self.k(lerp[1]).view(heads).transpose(1, 2)
        v = self.v(lerp[2]).view(heads).transpose(1, 2)
        g = self.g(lerp[3])
        dw = self.w0 + torch.tanh(lerp[4] @ self.wa) @ self.wb
        logw = (-torch.exp(dw.clamp(max=4.0))).view(heads).transpose(1, 2)
        return xa, r, k, v, g, logw

    @staticmethod
    def _forget_after(keep, k, logw):
        # events after the read-out leave the state alone (k = 0, w = 1)
        m = keep[:, None, :, None].to(k.dtype)
        return k * m, logw * m

    def forward(self, x, prev1=None, prev2=None, state=None, *, mode="chunked", chunk=16,
                keep=None):
        """x: (B, T, d). ``prev1``/``prev2``: the previous token's normed inputs of the two
        sub-blocks (token shift; zeros at the start); ``state``: (B, H, dh, dh). Returns
        (y, (last1, last2, state))."""
        B, T, d = x.shape
        xa, r, k, v, g, logw = self.time_inputs(x, prev1)
        if keep is not None:
            k, logw = self._forget_after(keep, k, logw)
        fn = wkv_recurrent if mode == "recurrent" else (
            lambda *a, **kw: wkv_chunked(*a, **kw, chunk=chunk))
        o, S = fn(r, k, v, logw, self.u, state)
        o = o.transpose(1, 2).reshape(B * T, d)
        o = self.gn(o).view(B, T, d)
        x = x + self.o(torch.nn.functional.silu(g) * o)
        xb = self.ln2(x)
        p2 = x.new_zeros(B, 1, d) if prev2 is None else prev2
        xs2 = torch.cat([p2, xb[:, :-1]], dim=1)
        kk = xb + (xs2 - xb) * self.cmix[0]
        rr = xb + (xs2 - xb) * self.cmix[1]
        x = x + torch.sigmoid(self.cr(rr)) * self.cv(torch.relu(self.ck(kk)) ** 2)
        return x, (xa[:, -1:], xb[:, -1:], S)


class EventEncoder(nn.Module):
    """Event tokens (id p·256 + y·16 + x) and Δt → per-event features (B, T, d)."""

    def __init__(self, vocab: int = 512, d: int = 32, heads: int = 2, layers: int = 2, *,
                 device=None, dtype=None):
        super().__init__()
        fk = {"device": device, "dtype": dtype}
        check_param("vocab", vocab, _POS_INT, "EventEncoder")
        check_param("layers", layers, _POS_INT, "EventEncoder")
        if d % 2:
            raise invalid("d", "EventEncoder", "an even int >= 2 (the Δt embedding)", d)
        self.d = d
        self.emb = nn.Embedding(vocab, d, **fk)
        self.ln0 = nn.LayerNorm(d, **fk)
        self.blocks = nn.ModuleList(Block(d, heads, device=device, dtype=dtype)
                                    for _ in range(layers))
        self.ln_out = nn.LayerNorm(d, **fk)

    def forward(self, tokens, dt, *, mode: str = "chunked", chunk: int = 16, cache=None):
        """tokens: (B, T) int64; dt: (B, T) float. ``mode`` "chunked" (training) or
        "recurrent" (event by event). ``cache``: per-layer (prev1, prev2, state) from a previous
        call, to continue a stream. Returns (features (B, T, d), new cache)."""
        check_param("mode", mode, _MODES, "EventEncoder.forward")
        if tuple(dt.shape) != tuple(tokens.shape):
            raise invalid("dt", "EventEncoder.forward", f"a tensor of the shape of tokens "
                          f"{tuple(tokens.shape)}", f"<tensor of shape {tuple(dt.shape)}>")
        x = self._embed(tokens, dt)
        new = []
        for i, b in enumerate(self.blocks):
            c = (None, None, None) if cache is None else cache[i]
            x, c = b(x, *c, mode=mode, chunk=chunk)
            new.append(c)
        return self.ln_out(x), new

    def _embed(self, tokens, dt):
        return self.ln0(self.emb(tokens)) + sinusoidal(dt.to(self.emb.weight.dtype), self.d)

    def state_at(self, tokens, dt, index, *, chunk: int = 16):
        """The last layer's WKV state after event ``index`` (B,) of each stream, flattened:
        (B, heads·d_head²), the encoder's tensor-like feature at that time."""
        return self.states_at(tokens, dt, index[:, None], chunk=chunk)[:, 0]

    def states_at(self, tokens, dt, index, *, chunk: int = 16):
        """:meth:`state_at` at several events per stream, ``index`` (B, F) → (B, F,
        heads·d_head²). The last layer's outputs are never read, so only its state is formed
        (:func:`wkv_state`); with one layer the inputs of its WKV do not depend on the read-out
        time (the mask acts on k and the decay only) and are computed once for all F."""
        _check_index(index, tokens, "EventEncoder.states_at")
        t = torch.arange(tokens.shape[1], device=tokens.device)
        x0 = self._embed(tokens, dt)
        *early, last = self.blocks
        shared = None if early else last.time_inputs(x0)
        out = []
        for j in range(index.shape[1]):
            keep = t[None, :] <= index[:, j, None]
            if shared is None:
                x = x0
                for b in early:
                    x, _ = b(x, mode="chunked", chunk=chunk, keep=keep)
                _, _, k, v, _, logw = last.time_inputs(x)
            else:
                _, _, k, v, _, logw = shared
            k, logw = last._forget_after(keep, k, logw)
            out.append(wkv_state(k, v, logw, chunk=chunk).flatten(1))
        return torch.stack(out, 1)

    def step(self, token, dt, cache=None):
        """One event (token: (B,), dt: (B,)): the asynchronous update; returns (feature (B, d),
        cache)."""
        f, cache = self.forward(token[:, None], dt[:, None], mode="recurrent", cache=cache)
        return f[:, 0], cache


def _check_index(index, seq, caller):
    """Event indices (B, F) inside the T events of ``seq`` (B, T, ...): an index past the end
    would read the whole stream, a negative one none of it, without a word."""
    if index.dim() != 2 or index.shape[0] != seq.shape[0] or index.dtype.is_floating_point:
        raise invalid("index", caller, f"an integer tensor (B, F) with B = {seq.shape[0]}",
                      f"<tensor of shape {tuple(index.shape)}, dtype {index.dtype}>")
    T = seq.shape[1]
    if index.numel() and (int(index.min()) < 0 or int(index.max()) >= T):
        raise invalid("index", caller, f"event indices in [0, {T})",
                      f"<tensor with values in [{int(index.min())}, {int(index.max())}]>")


def gather_at(features, index):
    """features (B, T, d), index (B, F) → (B, F, d): the feature after event ``index``."""
    _check_index(index, features, "gather_at")
    return torch.gather(features, 1, index[..., None].expand(-1, -1, features.shape[-1]))
