"""The processes of the experiment, simulated step by step in torch (independently of the closed
forms they are judged against): AR(1) x_{t+1} = φx_t + √s2·ε from stationary starts, and the
rotating phase θ_{t+1} = θ_t + ω + √s2·ε observed as (cos θ, sin θ) from uniform phases."""

from __future__ import annotations

import math
from dataclasses import dataclass

import torch


@dataclass(frozen=True)
class Process:
    name: str
    phi: float = 0.8
    s2: float = 1.0
    omega: float = math.pi / 2
    x0: float = 1.0  # the evaluation start state (AR(1): x_t; circle: θ_t)

    def __post_init__(self):
        from theory.validation import Interval, Options, check_param

        check_param("name", self.name, Options("ar1", "circle"), "Process")
        check_param("phi", self.phi, Interval(-1, 1, "neither"), "Process")
        check_param("s2", self.s2, Interval(0, None, "neither"), "Process")
        check_param("omega", self.omega, Interval(None, None), "Process")
        check_param("x0", self.x0, Interval(None, None), "Process")

    @property
    def din(self) -> int:
        return 1 if self.name == "ar1" else 2

    @property
    def dout(self) -> int:
        return 1 if self.name == "ar1" else 2

    def start(self, shape, g: torch.Generator, device) -> torch.Tensor:
        if self.name == "ar1":
            sd = math.sqrt(self.s2 / (1 - self.phi**2))
            return torch.randn(shape, generator=g, device=device) * sd
        return torch.rand(shape, generator=g, device=device) * 2 * math.pi

    def features(self, s: torch.Tensor) -> torch.Tensor:
        return s[..., None] if self.name == "ar1" else torch.stack([s.cos(), s.sin()], -1)

    def advance(self, s: torch.Tensor, h: torch.Tensor, Hmax: int, g: torch.Generator):
        """State after h[i] steps (h in 1..Hmax), simulated step by step."""
        out = s.clone()
        cur = s.clone()
        for t in range(1, Hmax + 1):
            eps = torch.randn(s.shape, generator=g, device=s.device) * math.sqrt(self.s2)
            cur = (self.phi * cur + eps) if self.name == "ar1" else (cur + self.omega + eps)
            out = torch.where(h == t, cur, out)
        return out


AR1 = Process("ar1", phi=0.8, s2=1.0, x0=1.0)
CIRCLE = Process("circle", s2=0.01, omega=math.pi / 2, x0=0.0)
PROCESSES = {"ar1": AR1, "circle": CIRCLE}
