r"""A probabilistic ensemble conditioned on the horizon, batched over seeds and members.

``G`` independent groups (seeds) of ``M`` members are one batched MLP (weights of shape
(G·M, ·, ·), ``torch.bmm``), so the seeds of an experiment train in one pass; each member maps
[state features, e(h)] to a Gaussian (μ, log σ²) per output dimension, through two tanh layers.
e(h) is the one-hot of h with h/H appended (``"onehot"``) or a sinusoidal embedding
(``"sinusoidal"``, as a third-party note says the paper uses). The predictive distribution is the
equal-weight mixture: mean μ̄ and variance mean σ² + var μ (:func:`theory.hauwm.mixture_moments`).

Losses (our candidates; see :mod:`theory.hauwm._losses`): ``"nll"`` (H-a), ``"nll+hinge"``
(H-b on the mixture variance, variance units, consecutive horizons, margin m), ``"nll+loghinge"``
(H-b in log-variance units) and ``"nll+hcu"`` ((H-e), −k/(M−1)·Σ_i‖μ_i − μ̄‖², weight λ).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import torch

from theory.validation import Interval, Options, check_int, check_param, invalid

LOSSES = ("nll", "nll+hinge", "nll+loghinge", "nll+hcu")
_POS_INT = Interval(1, None, integer=True)
LOGVAR_MIN, LOGVAR_MAX = -12.0, 6.0


def default_device() -> str:
    return "cuda" if torch.cuda.is_available() else "cpu"


def embed_horizon(h: torch.Tensor, H: int, kind: str = "onehot") -> torch.Tensor:
    """e(h) for integer horizons ``h`` (any shape) in 1..H; returns (..., H + 1) or (..., 16)."""
    if kind not in ("onehot", "sinusoidal"):
        raise ValueError(f"The 'kind' parameter of embed_horizon must be one of ('onehot', "
                         f"'sinusoidal'). Got {kind!r} instead.")
    check_param("H", H, _POS_INT, "embed_horizon")
    if h.dtype.is_floating_point or h.dtype.is_complex or h.dtype == torch.bool:
        raise invalid("h", "embed_horizon", "an integer tensor of horizons in [1, H]",
                      f"<tensor of dtype {h.dtype}>")
    if h.numel() and (int(h.min()) < 1 or int(h.max()) > H):
        raise invalid("h", "embed_horizon", f"an integer tensor of horizons in [1, {H}]",
                      f"<tensor with values in [{int(h.min())}, {int(h.max())}]>")
    if kind == "onehot":
        oh = torch.nn.functional.one_hot(h - 1, H).to(torch.get_default_dtype())
        return torch.cat([oh, (h.to(oh.dtype) / H)[..., None]], dim=-1)
    if kind == "sinusoidal":
        d = 16
        i = torch.arange(d // 2, device=h.device, dtype=torch.get_default_dtype())
        freq = torch.exp(-math.log(100.0) * 2 * i / d)
        a = h[..., None].to(freq.dtype) * freq
        return torch.cat([torch.sin(a), torch.cos(a)], dim=-1)
    raise ValueError(f"The 'kind' parameter of embed_horizon must be one of ('onehot', "
                     f"'sinusoidal'). Got {kind!r} instead.")


class BatchedEnsemble(torch.nn.Module):
    """``groups`` × ``members`` Gaussian MLPs (2 hidden tanh layers of ``hidden``)."""

    def __init__(self, din: int, dout: int, *, groups: int, members: int = 5, hidden: int = 64,
                 seeds=None, device: str | None = None):
        super().__init__()
        for name, val in (("din", din), ("dout", dout), ("groups", groups),
                          ("members", members), ("hidden", hidden)):
            check_param(name, val, _POS_INT, "BatchedEnsemble")
        self.G, self.M, self.dout = groups, members, dout
        device = device or default_device()
        seeds = list(range(groups)) if seeds is None else list(seeds)
        if len(seeds) != groups:
            raise ValueError(f"The 'seeds' parameter of BatchedEnsemble must hold {groups} "
                             f"seeds. Got {len(seeds)} instead.")
        shapes = [(din, hidden), (hidden, hidden), (hidden, 2 * dout)]
        Ws = [[] for _ in shapes]
        for s in seeds:
            g = torch.Generator().manual_seed(10_007 * int(s) + 17)
            for _ in range(members):
                for k, (a, b) in enumerate(shapes):  # PyTorch's default Linear init scale
                    Ws[k].append((torch.rand(a, b, generator=g) * 2 - 1) / math.sqrt(a))
        self.W = torch.nn.ParameterList(
            [torch.nn.Parameter(torch.stack(w).to(device)) for w in Ws])
        self.b = torch.nn.ParameterList(
            [torch.nn.Parameter(torch.zeros(groups * members, 1, b, device=device))
             for _, b in shapes])

    def forward(self, x: torch.Tensor):
        """``x``: (G, B, din) → μ, log σ² of shape (G, M, B, dout)."""
        G, B, _ = x.shape
        z = x[:, None].expand(G, self.M, B, x.shape[-1]).reshape(G * self.M, B, -1)
        for k in range(3):
            z = torch.baddbmm(self.b[k], z, self.W[k])
            if k < 2:
                z = torch.tanh(z)
        z = z.reshape(G, self.M, B, 2 * self.dout)
        mu, raw = z[..., :self.dout], z[..., self.dout:]
        lv = LOGVAR_MAX - torch.nn.functional.softplus(LOGVAR_MAX - raw)
        lv = LOGVAR_MIN + torch.nn.functional.softplus(lv - LOGVAR_MIN)
        return mu, lv


def mixture(mu: torch.Tensor, logvar: torch.Tensor):
    """Mixture mean and variance over the member axis (axis 1)."""
    return mu.mean(1), logvar.exp().mean(1) + mu.var(1, unbiased=False)


def gaussian_nll(mu, logvar, y):
    """Per-member Gaussian NLL (nats), summed over members, mean over batch and dims → (G,)."""
    nll = 0.5 * (math.log(2 * math.pi) + logvar + (y[:, None] - mu) ** 2 / logvar.exp())
    return nll.mean(dim=(2, 3)).sum(1)


@dataclass(frozen=True)
class TrainConfig:
    steps: int = 1500
    batch: int = 256
    lr: float = 3e-3
    members: int = 5
    hidden: int = 64
    H: int = 12
    lam: float = 1.0
    margin: float = 0.1
    shape_batch: int = 32
    embed: str = "onehot"


def _check_config(cfg: TrainConfig, loss: str) -> None:
    """The fields of a :class:`TrainConfig`, named ``cfg.<field>`` in the message."""
    where = "train"
    check_int(cfg.steps, "cfg.steps", where, 1, 10**7)
    check_int(cfg.batch, "cfg.batch", where, 1, 10**6)
    check_param("cfg.lr", cfg.lr, Interval(0, None, "neither"), where)
    # the disagreement term divides by M − 1
    check_int(cfg.members, "cfg.members", where, 2 if loss == "nll+hcu" else 1, 1000)
    check_int(cfg.hidden, "cfg.hidden", where, 1, 10**5)
    # a hinge over consecutive horizons needs two of them
    check_int(cfg.H, "cfg.H", where, 2 if "hinge" in loss else 1, 10**4)
    check_param("cfg.lam", cfg.lam, Interval(0, None), where)
    check_param("cfg.margin", cfg.margin, Interval(0, None), where)
    check_int(cfg.shape_batch, "cfg.shape_batch", where, 1, cfg.batch)
    check_param("cfg.embed", cfg.embed, Options("onehot", "sinusoidal"), where)


def _inputs(process, s, h, cfg):
    return torch.cat([process.features(s), embed_horizon(h, cfg.H, cfg.embed)], dim=-1)


def train(process, loss: str, cfg: TrainConfig, seeds, *, device: str | None = None,
          data_seed: int = 0):
    """Train one batched ensemble per seed (one group each) with ``loss``; returns the model.

    Each step draws, per group, ``batch`` start states, horizons h ~ U{1..H} and the simulated
    state after h steps; the objective is the members' summed NLL (H-a) plus, for the shape
    losses, λ times the hinge on the mixture variance of ``shape_batch`` states at every h, or
    the horizon-weighted disagreement term (H-e)."""
    if loss not in LOSSES:
        raise ValueError(f"The 'loss' parameter of train must be one of {LOSSES}. "
                         f"Got {loss!r} instead.")
    _check_config(cfg, loss)
    device = device or default_device()
    seeds = list(seeds)
    if not seeds:
        raise invalid("seeds", "train", "a non-empty collection of seeds", "<empty>")
    G = len(seeds)
    g = torch.Generator(device=device).manual_seed(1_000_003 * data_seed + 7919 * seeds[0] + G)
    din = process.din + embed_horizon(torch.ones(1, dtype=torch.long), cfg.H, cfg.embed).shape[-1]
    model = BatchedEnsemble(din, process.dout, groups=G, members=cfg.members, hidden=cfg.hidden,
                            seeds=seeds, device=device)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    hs_all = torch.arange(1, cfg.H + 1, device=device)
    for _ in range(cfg.steps):
        s = process.start((G, cfg.batch), g, device)
        h = torch.randint(1, cfg.H + 1, (G, cfg.batch), generator=g, device=device)
        y = process.features(process.advance(s, h, cfg.H, g))
        mu, lv = model(_inputs(process, s, h, cfg))
        obj = gaussian_nll(mu, lv, y)
        if loss == "nll+hcu":
            dev = ((mu - mu.mean(1, keepdim=True)) ** 2).sum(dim=(1, 3))  # (G, B)
            obj = obj + cfg.lam * (-h.to(dev.dtype) * dev / (cfg.members - 1)).mean(1)
        elif loss in ("nll+hinge", "nll+loghinge"):
            s2 = s[:, :cfg.shape_batch, None].expand(-1, -1, cfg.H).reshape(G, -1)
            h2 = hs_all.repeat(cfg.shape_batch)[None].expand(G, -1)
            m2, l2 = model(_inputs(process, s2, h2, cfg))
            _, v = mixture(m2, l2)
            v = v.reshape(G, cfg.shape_batch, cfg.H, -1)
            if loss == "nll+loghinge":
                v = v.log()
            d = v[:, :, :-1] - v[:, :, 1:] + cfg.margin
            obj = obj + cfg.lam * torch.relu(d).mean(dim=(1, 2, 3))
        opt.zero_grad(set_to_none=True)
        obj.sum().backward()
        opt.step()
    return model


@torch.no_grad()
def evaluate(model, process, cfg: TrainConfig, *, n_cov: int = 2000, eval_seed: int = 12345):
    """Per group and horizon: mixture variance at the fixed start ``process.x0`` (first output
    coordinate) and 90% coverage on ``n_cov`` fresh (start, h-step) pairs per horizon (all
    output coordinates pooled). Returns numpy arrays ``pred_var`` (G, H), ``coverage`` (G, H)."""
    check_int(n_cov, "n_cov", "evaluate", 1, 10**7)
    device = next(model.parameters()).device
    G, H = model.G, cfg.H
    hs = torch.arange(1, H + 1, device=device)
    s0 = torch.full((G, H), float(process.x0), device=device)
    mu, lv = model(_inputs(process, s0, hs[None].expand(G, -1), cfg))
    _, v = mixture(mu, lv)
    g = torch.Generator(device=device).manual_seed(eval_seed)
    s = process.start((G, H * n_cov), g, device)
    h = hs.repeat_interleave(n_cov)[None].expand(G, -1)
    y = process.features(process.advance(s, h, H, g))
    mu, lv = model(_inputs(process, s, h, cfg))
    m, vv = mixture(mu, lv)
    inside = ((y - m).abs() <= 1.6448536269514722 * vv.sqrt()).float().mean(-1)
    cov = inside.reshape(G, H, n_cov).mean(-1)
    return {"pred_var": v[..., 0].double().cpu().numpy(), "coverage": cov.double().cpu().numpy()}
