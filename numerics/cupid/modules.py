"""The CUPID plug-in module, its loss and the host split (torch).

``CupidMLP`` is our light module for vector features; ``CupidConv`` re-implements the released
convolutional form (``insert_model/CUPID.py``: a 9×9 stem with PReLU, residual 3×3 trunk, long
skip, ReLU μ-branch and a σ-branch ending in two linear layers) so its parameter count and its
deviation from the identity at initialisation can be measured.
"""

from __future__ import annotations

import torch
from torch import nn

from theory.cupid import CODE_WEIGHTS
from theory.validation import Interval, check_param


class CupidMLP(nn.Module):
    r"""Plug-in module for a D-dim feature: :math:`m \mapsto (m', s)`, s of shape (N, K).

    ``identity_init=False`` (the released design): :math:`m' = \mathrm{ReLU}(\mu(h))`, which is
    not the identity at initialisation. ``identity_init=True`` (the paper's description, our
    reconstruction): :math:`m' = \mathrm{ReLU}(m + g(h))` with the last layer of g zero, so
    :math:`m' = m` exactly at initialisation for a non-negative feature.
    """

    def __init__(self, d: int, k: int, width: int = 128, identity_init: bool = False):
        super().__init__()
        check_param("d", d, Interval(1, None, integer=True), "CupidMLP")
        check_param("k", k, Interval(2, None, integer=True), "CupidMLP")
        check_param("width", width, Interval(1, None, integer=True), "CupidMLP")
        self.identity_init = identity_init
        self.trunk = nn.Sequential(nn.Linear(d, width), nn.PReLU(), nn.Linear(width, width),
                                   nn.PReLU())
        self.mu = nn.Linear(width, d)
        self.sigma = nn.Sequential(nn.Linear(width, width), nn.ReLU(), nn.Linear(width, k))
        if identity_init:
            nn.init.zeros_(self.mu.weight)
            nn.init.zeros_(self.mu.bias)

    def forward(self, m):
        h = self.trunk(m)
        mh = torch.relu(m + self.mu(h)) if self.identity_init else torch.relu(self.mu(h))
        return mh, self.sigma(h)


class _ResBlock(nn.Module):
    def __init__(self, c: int):
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(c, c, 3, padding=1, bias=False), nn.BatchNorm2d(c),
                                  nn.PReLU(), nn.Conv2d(c, c, 3, padding=1, bias=False),
                                  nn.BatchNorm2d(c))

    def forward(self, x):
        return x + self.body(x)


class CupidConv(nn.Module):
    """The released convolutional CUPID (for a 512×16×16 ResNet-18 layer4 feature, K = 2)."""

    def __init__(self, in_ch: int = 512, k: int = 2, trunk: int = 16, hw: int = 16):
        super().__init__()
        for name, v, low in (("in_ch", in_ch, 1), ("k", k, 2), ("trunk", trunk, 0), ("hw", hw, 1)):
            check_param(name, v, Interval(low, None, integer=True), "CupidConv")
        self.stem = nn.Sequential(nn.Conv2d(in_ch, 64, 9, padding=4), nn.PReLU())
        self.trunk = nn.Sequential(*[_ResBlock(64) for _ in range(trunk)])
        self.post = nn.Sequential(nn.Conv2d(64, 64, 3, padding=1, bias=False), nn.BatchNorm2d(64))
        self.mu = nn.Sequential(nn.Conv2d(64, 64, 9, padding=4), nn.ReLU(),
                                nn.Conv2d(64, in_ch, 9, padding=4), nn.ReLU())
        self.sigma = nn.Sequential(nn.Conv2d(64, 64, 9, padding=4), nn.PReLU(),
                                   nn.Conv2d(64, 64, 9, padding=4), nn.PReLU(),
                                   nn.Conv2d(64, 1, 9, padding=4), nn.ReLU(), nn.Flatten(),
                                   nn.Linear(hw * hw, 1024), nn.ReLU(), nn.Linear(1024, k))
        for mod in self.modules():  # the released initialisation: Kaiming normal, zero bias
            if isinstance(mod, nn.Conv2d):
                nn.init.kaiming_normal_(mod.weight)
                if mod.bias is not None:
                    nn.init.zeros_(mod.bias)

    def forward(self, m):
        a = self.stem(m)
        h = a + self.post(self.trunk(a))
        return self.mu(h), self.sigma(h)


def cupid_loss(z_hat, z, m_hat, m, s, y, T1: float = CODE_WEIGHTS["T1"],
               T2: float = CODE_WEIGHTS["T2"], T11: float = CODE_WEIGHTS["T11"]):
    r"""The released loss with the released train-time weights (T1, T2, T11) = (1, 9e-3, 0.01).

    .. math::

        \mathcal L = T_1\big[\operatorname{mean}|z'-z| - T_{11}\operatorname{mean}|m'-m|\big]
        + T_2 \operatorname{mean}\big[\tfrac12 (p'_k - y_k)^2 e^{-s_k} + \tfrac12 s_k\big],

    z, z' logits (z detached), p' = softmax(z'), y integer labels. Matches
    :func:`theory.cupid.eu_loss` and :func:`theory.cupid.au_loss` (``reduce="code"``).
    """
    for name, v in (("T1", T1), ("T2", T2), ("T11", T11)):
        check_param(name, v, Interval(0, None), "cupid_loss")
    l1 = (z_hat - z.detach()).abs().mean() - T11 * (m_hat - m.detach()).abs().mean()
    onehot = nn.functional.one_hot(y, z_hat.shape[1]).to(z_hat.dtype)
    r2 = (torch.softmax(z_hat, 1) - onehot) ** 2
    l2 = (0.5 * r2 * torch.exp(-s) + 0.5 * s).mean()
    return T1 * l1 + T2 * l2


class HostMLP(nn.Module):
    """Host classifier 64-128-64-K with ReLU and dropout; the dropout masks come from an explicit
    ``torch.Generator`` so MC-dropout is reproducible on any device."""

    def __init__(self, d: int = 64, k: int = 5, p: float = 0.1):
        super().__init__()
        check_param("d", d, Interval(1, None, integer=True), "HostMLP")
        check_param("k", k, Interval(2, None, integer=True), "HostMLP")
        # p = 1 kept no unit and divided by 1 - p = 0: every MC-dropout pass was NaN
        check_param("p", p, Interval(0, 1, closed="left"), "HostMLP")
        self.l1, self.l2, self.head = nn.Linear(d, 128), nn.Linear(128, 64), nn.Linear(64, k)
        self.p = p

    def _drop(self, h, generator):
        if generator is None:
            return h
        keep = torch.rand(h.shape, generator=generator, device=h.device) >= self.p
        return h * keep / (1 - self.p)

    def body(self, x, generator=None):
        """B_l: the input up to the 64-d post-ReLU feature (the insertion layer)."""
        h = self._drop(torch.relu(self.l1(x)), generator)
        return self._drop(torch.relu(self.l2(h)), generator)

    def forward(self, x, generator=None):
        return self.head(self.body(x, generator))


def split_host(host: HostMLP):
    """(B_l, F_l) of the host at its 64-d layer: F_l is the frozen linear head."""
    return host.body, host.head
