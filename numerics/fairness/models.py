"""Torch models of the fairness experiments: logistic regression and a one-hidden-layer MLP.

Both map features of shape (n, d) to one logit per row (shape (n,)); the probability of the
positive class is its sigmoid. FFB trains an MLP of this kind on its tabular sets.
"""

from __future__ import annotations

import torch
from torch import nn

from theory.validation import Interval, Options, check_param


class LogisticModel(nn.Module):
    """:math:`f(x) = w^\\top x + b` (a logit)."""

    def __init__(self, n_features: int):
        super().__init__()
        self.linear = nn.Linear(n_features, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.linear(x).squeeze(-1)


class MLP(nn.Module):
    """:math:`f(x) = w_2^\\top \\mathrm{ReLU}(W_1 x + b_1) + b_2` (a logit)."""

    def __init__(self, n_features: int, hidden: int = 64):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(n_features, hidden), nn.ReLU(), nn.Linear(hidden, 1))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.net(x).squeeze(-1)


def make_model(kind: str, n_features: int, *, hidden: int = 64, seed: int = 0,
               device: str | torch.device = "cpu", dtype: torch.dtype = torch.float32):
    """Build a model with weights drawn from a generator seeded by ``seed`` (no global state)."""
    check_param("kind", kind, Options("logistic", "mlp"), "make_model")
    check_param("n_features", n_features, Interval(1, None, integer=True), "make_model")
    check_param("hidden", hidden, Interval(1, None, integer=True), "make_model")
    # fork_rng keeps the caller's global torch RNG untouched while the init uses ``seed``
    devices = [torch.device(device)] if torch.device(device).type == "cuda" else []
    with torch.random.fork_rng(devices=devices):
        torch.manual_seed(seed)
        model = LogisticModel(n_features) if kind == "logistic" else MLP(n_features, hidden)
    return model.to(device=device, dtype=dtype)
