"""Learned compressors with common randomness (torch): encoder → tanh → universal quantiser →
decoder, plus the critic and the classifier of the paper's loss (§7; authors' repository).

Every model is a plain :class:`torch.nn.Module`; the dither is passed in by the caller, drawn
from a :class:`~numerics.compression.quantizer.CommonRandomness` stream, so that encoder and
decoder can be run apart (``encode`` on one side, ``decode`` on the other) with the same u.
"""

from __future__ import annotations

import itertools

import torch
from torch import nn

from numerics.compression.quantizer import UniversalQuantizer
from theory.validation import invalid


def _mlp(sizes, act=nn.LeakyReLU, last=None):
    layers = []
    for i, (a, b) in enumerate(itertools.pairwise(sizes)):
        layers.append(nn.Linear(a, b))
        if i < len(sizes) - 2:
            layers.append(act())
    if last is not None:
        layers.append(last)
    return nn.Sequential(*layers)


class Compressor(nn.Module):
    r"""Ỹ = g(Q(f(X) + U) − U): encoder MLP with tanh, L-level universal quantiser, decoder MLP.

    Parameters
    ----------
    in_dim, out_dim : int
        Source and reconstruction dimensions.
    levels, latent_dim : int
        L and d of the quantiser; rate ``latent_dim · log2(levels)`` bits.
    hidden : int
        Width of the hidden layers (capacity).
    out : {"linear", "sigmoid", "logit"}
        Output head: real values, values in (0, 1) (images), or a Bernoulli logit.
    batch_norm : bool
        Standardise the pre-activations (BatchNorm without affine map) before tanh. Without it
        the straight-through gradient drives them to where tanh saturates and the encoder stops
        learning (observed on digits within a few hundred steps).
    """

    def __init__(self, in_dim: int, out_dim: int, levels: int, latent_dim: int,
                 hidden: int = 64, out: str = "linear", softness: float | None = None,
                 batch_norm: bool = False):
        super().__init__()
        self.quantizer = UniversalQuantizer(levels, latent_dim, softness)
        self.encoder = _mlp([in_dim, hidden, hidden, latent_dim])
        if batch_norm:
            self.encoder.append(nn.BatchNorm1d(latent_dim, affine=False))
        self.encoder.append(nn.Tanh())
        self.decoder = _mlp([latent_dim, hidden, hidden, out_dim],
                            last=nn.Sigmoid() if out == "sigmoid" else None)
        self.out = out

    @property
    def rate_bits(self) -> float:
        return self.quantizer.rate_bits

    def encode(self, x: torch.Tensor, u: torch.Tensor) -> torch.Tensor:
        """The message: (n, latent_dim) int64 level indices."""
        return self.quantizer.encode(self.encoder(x), u)

    def decode(self, index: torch.Tensor, u: torch.Tensor) -> torch.Tensor:
        """Reconstruction from the message and the decoder's own copy of the dither."""
        return self.decoder(self.quantizer.decode(index, u))

    def forward(self, x: torch.Tensor, u: torch.Tensor) -> torch.Tensor:
        return self.decoder(self.quantizer(self.encoder(x), u))


class BinaryCompressor(Compressor):
    """Compressor for a binary source: input x ∈ {0, 1}, output the logit of P(Y = 1 | Z, U).

    The decoder is stochastic given (Z, U) (decoder-private randomness), which Def 2 allows
    (p_{Y|Z,U}); Thm 1 says a deterministic one would do as well.
    """

    def __init__(self, levels: int = 2, hidden: int = 32, softness: float | None = None):
        super().__init__(1, 1, levels, 1, hidden, out="logit", softness=softness)


class Critic(nn.Module):
    """WGAN critic on flattened images (the perception term W1(p_Y, p_Ỹ), Kantorovich dual)."""

    def __init__(self, dim: int, hidden: int = 128):
        super().__init__()
        self.net = _mlp([dim, hidden, hidden, 1])

    def forward(self, y: torch.Tensor) -> torch.Tensor:
        return self.net(y).squeeze(-1)


class DigitClassifier(nn.Module):
    """Small CNN for 8×8 digits (two conv layers, two linear layers, as ``ClassifierMNIST``)."""

    def __init__(self, n_classes: int = 10):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, 16, 3, padding=1), nn.ReLU(),
            nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2))
        self.head = _mlp([32 * 4 * 4, 64, n_classes], act=nn.ReLU)

    def forward(self, y: torch.Tensor) -> torch.Tensor:
        return self.head(self.features(y.reshape(-1, 1, 8, 8)).flatten(1))


def gradient_penalty(critic: nn.Module, real: torch.Tensor, fake: torch.Tensor,
                     generator: torch.Generator) -> torch.Tensor:
    r"""WGAN-GP penalty :math:`E(\|\nabla_{\hat y} c(\hat y)\|_2 - 1)^2` on random interpolates.

    ``generator`` draws the interpolation weights and must live on the device of ``real`` (make
    it with :func:`~numerics.compression.quantizer.device_generator`).
    """
    if generator.device.type != real.device.type:
        raise invalid("generator", "gradient_penalty", f"a torch.Generator on the device of the "
                      f"samples ({real.device.type})", f"<Generator on {generator.device.type}>")
    t = torch.rand((len(real), 1), generator=generator, dtype=real.dtype, device=real.device)
    mid = (t * real + (1 - t) * fake).requires_grad_(True)
    (grad,) = torch.autograd.grad(critic(mid).sum(), mid, create_graph=True)
    return ((grad.norm(dim=1) - 1) ** 2).mean()


def sorted_w2_squared(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    r"""Squared 2-Wasserstein distance of two 1-D empirical laws with equal sample sizes.

    .. math:: W_2^2(\hat p_a, \hat p_b) = \frac1n \sum_i (a_{(i)} - b_{(i)})^2

    (monotone coupling of order statistics, exact in one dimension). Shapes (n,) or (n, 1).
    """
    return ((torch.sort(a.reshape(-1)).values - torch.sort(b.reshape(-1)).values) ** 2).mean()
