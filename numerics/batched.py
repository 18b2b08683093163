r"""K independent small models trained as one: stacked parameters and per-member state (torch).

A sweep that trains many tiny models one after another spends its time in per-step overhead
(Python, dispatch, optimizer bookkeeping), not arithmetic. Stacking the K members' parameters
along a leading axis turns K small matrix products into one batched product, K optimizer steps
into one, and keeps every member the same computation as its lone run up to floating-point
reordering:

* **initialisation**: each member is built as its lone run would build it (same seed, same
  module constructor) and only then stacked (:func:`stack_parameters`);
* **data order**: each member keeps its own generator (:func:`member_generators`), drawn in the
  lone run's order;
* **optimizer state**: the loss handed to the optimizer is the *sum* of the members' losses, so
  the gradient of member k's slice is exactly the gradient of its own loss, and Adam's moments
  and step, being elementwise, are per member (a mean over members would divide every
  gradient by K, which Adam's normalisation hides only approximately, through ``eps``).
  :class:`MemberAdam` additionally lets a member skip a step (its moments and step count stay
  put), for updates that a lone run takes only on some batches.

Topics build their batched models from :func:`linear` (one ``baddbmm`` per layer).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import torch
from torch import nn


def stack_parameters(modules: Sequence[nn.Module], *, dtype=None,
                     device=None) -> list[torch.Tensor]:
    """The members' parameters, stacked: one leaf tensor (K, *shape) per parameter of the
    architecture, in ``named_parameters`` order, each requiring grad."""
    names = [n for n, _ in modules[0].named_parameters()]
    for m in modules[1:]:
        if [n for n, _ in m.named_parameters()] != names:
            raise ValueError("stack_parameters needs members of one architecture")
    out = []
    for j in range(len(names)):
        t = torch.stack([list(m.parameters())[j].detach() for m in modules])
        out.append(t.to(dtype=dtype or t.dtype, device=device or t.device).requires_grad_(True))
    return out


def linear(x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor | None) -> torch.Tensor:
    r"""Member-wise :math:`x_k W_k^\top + b_k`: ``x`` (K, n, in), ``weight`` (K, out, in),
    ``bias`` (K, out); returns (K, n, out)."""
    if bias is None:
        return torch.bmm(x, weight.transpose(1, 2))
    return torch.baddbmm(bias.unsqueeze(1), x, weight.transpose(1, 2))


def member_generators(seeds: Iterable[int], device="cpu") -> list[torch.Generator]:
    """One CPU (or ``device``) generator per member, seeded as that member's lone run seeds its
    own."""
    gens = []
    for s in seeds:
        g = torch.Generator(device=torch.device(device))
        g.manual_seed(int(s))
        gens.append(g)
    return gens


class MemberAdam:
    r"""Adam over stacked parameters in which each member may skip a step.

    Same update as :class:`torch.optim.Adam` (no AMSGrad), elementwise:

    .. math::
        m \leftarrow \beta_1 m + (1-\beta_1) g,\quad v \leftarrow \beta_2 v + (1-\beta_2) g^2,\quad
        \theta \leftarrow \theta - \frac{\eta}{1-\beta_1^t}\,
        \frac{m}{\sqrt{v}/\sqrt{1-\beta_2^t} + \epsilon},

    with the step count :math:`t` per member. ``step(grads, active)`` takes the gradients
    (one per parameter, shape (K, ...)) and a boolean (K,) mask; inactive members are left
    exactly as they are, as a lone run that skips its optimizer step leaves its model.
    """

    def __init__(self, params: Sequence[torch.Tensor], lr: float = 1e-3,
                 betas: tuple[float, float] = (0.9, 0.999), eps: float = 1e-8):
        self.params = list(params)
        self.lr, (self.beta1, self.beta2), self.eps = float(lr), betas, float(eps)
        k = self.params[0].shape[0]
        self.steps = torch.zeros(k, dtype=torch.float64)
        self.exp_avg = [torch.zeros_like(p) for p in self.params]
        self.exp_avg_sq = [torch.zeros_like(p) for p in self.params]

    @torch.no_grad()
    def step(self, grads: Sequence[torch.Tensor], active: torch.Tensor | None = None) -> None:
        k = self.steps.shape[0]
        act = torch.ones(k, dtype=torch.bool) if active is None else active.detach().cpu()
        if not bool(act.any()):
            return
        self.steps += act.to(torch.float64)
        t = self.steps.clamp_min(1.0)
        step_size = self.lr / (1 - self.beta1 ** t)
        bc2_sqrt = (1 - self.beta2 ** t).sqrt()
        for p, g, m, v in zip(self.params, grads, self.exp_avg, self.exp_avg_sq):
            shape = (k,) + (1,) * (p.ndim - 1)
            a = act.to(p.device).reshape(shape)
            m.copy_(torch.where(a, torch.lerp(m, g, 1 - self.beta1), m))
            v.copy_(torch.where(a, v * self.beta2 + (1 - self.beta2) * g * g, v))
            denom = v.sqrt() / bc2_sqrt.to(p.device, p.dtype).reshape(shape) + self.eps
            upd = m / denom * step_size.to(p.device, p.dtype).reshape(shape)
            p.sub_(torch.where(a, upd, torch.zeros_like(upd)))
