"""The L-level universal quantiser with a dither shared by encoder and decoder (torch).

Universal (dithered) quantisation is how the paper (§7, following Liu et al. 2022 and the
authors' repository) realises the common randomness U of Def 2: the encoder adds a dither
u ~ Unif[−Δ/2, Δ/2)^d to its latent, quantises to one of L levels per coordinate and sends the
level indices; the decoder, which draws the *same* u from its own copy of a seeded PRNG, forms
Q(f(x)+u) − u. The message is a vector of ``latent_dim`` indices in {0, …, L−1}, so the
fixed-length rate is ``latent_dim · log2 L`` bits, an upper bound on the entropy-coded
H(Z|U) of Def 2.

Training uses the soft-to-hard relaxation: the forward value is the hard level, the gradient
is that of a softmax assignment over levels (Agustsson et al. 2017).
"""

from __future__ import annotations

import math

import numpy as np
import torch

from theory.validation import Interval, check_param

_INT1 = Interval(1, None, "left", integer=True)
_INT2 = Interval(2, None, "left", integer=True)


def rate_bits(latent_dim: int, levels: int) -> float:
    r"""Fixed-length rate of the message, in bits.

    .. math:: R = d \log_2 L,

    with :math:`d` = ``latent_dim`` and :math:`L` = ``levels``: the message is one of
    :math:`L^d` index vectors (paper §7; authors' repository: L = 4, d = 2…16, R = 4…32 bits).
    It bounds the entropy-coded rate, :math:`H(Z\mid U) \le d\log_2 L` (Def 2).
    """
    check_param("latent_dim", latent_dim, _INT1, "rate_bits")
    check_param("levels", levels, _INT1, "rate_bits")
    return float(latent_dim * math.log2(levels))


def device_generator(device, seed: int) -> torch.Generator:
    """A :class:`torch.Generator` on ``device`` seeded with ``seed``: the one way this package
    makes random streams, so that every draw happens on the device of the tensors it feeds
    (a CPU generator cannot draw CUDA tensors)."""
    check_param("seed", seed, Interval(0, None, "left", integer=True), "device_generator")
    g = torch.Generator(device=torch.device(device))
    g.manual_seed(int(seed))
    return g


class CommonRandomness:
    """A seeded source of dither that encoder and decoder each replicate.

    ``stream()`` returns a fresh :class:`torch.Generator` seeded with ``seed``; the encoder and
    the decoder each call it once, so they draw identical dither sequences without any dither
    being transmitted. Independent of the source by construction (I(X;U) = 0).
    """

    def __init__(self, seed: int, device="cpu"):
        check_param("seed", seed, Interval(0, None, "left", integer=True), "CommonRandomness")
        self.seed = int(seed)
        self.device = torch.device(device)

    def stream(self) -> torch.Generator:
        return device_generator(self.device, self.seed)


class UniversalQuantizer(torch.nn.Module):
    r"""Dithered scalar quantiser with ``levels`` points on [−1, 1], applied per coordinate.

    Levels :math:`c_k = -1 + k\Delta`, :math:`\Delta = 2/(L-1)`; dither
    :math:`u \sim \mathrm{Unif}[-\Delta/2, \Delta/2)`. With :math:`z = \tanh(\cdot)\in(-1,1)`
    the index is :math:`k = \arg\min_k |z + u - c_k|` and the decoder input is
    :math:`c_k - u`.

    Parameters
    ----------
    levels : int
        L ≥ 2 quantisation levels per latent coordinate.
    latent_dim : int
        d, the number of latent coordinates; rate ``latent_dim · log2(levels)`` bits.
    softness : float or None
        ``None`` (default): straight-through gradient, ∂(c_k − u)/∂z = 1, the additive-noise
        view of universal quantisation. A float: gradient of the soft assignment
        softmax(−|z+u−c_k| / (softness·Δ)) (temperature in units of Δ; the authors' choice),
        smaller being closer to the hard quantiser.
    """

    def __init__(self, levels: int, latent_dim: int, softness: float | None = None):
        super().__init__()
        check_param("levels", levels, _INT2, "UniversalQuantizer")
        check_param("latent_dim", latent_dim, _INT1, "UniversalQuantizer")
        if softness is not None:
            check_param("softness", softness, Interval(0, None, "neither"), "UniversalQuantizer")
        self.levels, self.latent_dim = int(levels), int(latent_dim)
        self.step = 2.0 / (self.levels - 1)
        self.softness = None if softness is None else float(softness)
        self.register_buffer("centers", torch.linspace(-1.0, 1.0, self.levels,
                                                       dtype=torch.float64))

    @property
    def rate_bits(self) -> float:
        return rate_bits(self.latent_dim, self.levels)

    def dither(self, n: int, generator: torch.Generator, *, dtype=torch.float32,
               device=None) -> torch.Tensor:
        """Draw ``(n, latent_dim)`` dither from ``generator`` (the shared PRNG)."""
        device = generator.device if device is None else device
        u = torch.rand((n, self.latent_dim), generator=generator, dtype=dtype, device=device)
        return (u - 0.5) * self.step

    def encode(self, z: torch.Tensor, u: torch.Tensor) -> torch.Tensor:
        """Indices in {0, …, L−1} (int64, shape of ``z``): the transmitted message."""
        c = self.centers.to(device=z.device, dtype=z.dtype)
        return torch.argmin((z + u).unsqueeze(-1).sub(c).abs(), dim=-1)

    def decode(self, index: torch.Tensor, u: torch.Tensor) -> torch.Tensor:
        """Decoder input :math:`c_k - u` from the received indices and the shared dither."""
        return self.centers.to(device=u.device, dtype=u.dtype)[index] - u

    def forward(self, z: torch.Tensor, u: torch.Tensor) -> torch.Tensor:
        """Hard value :math:`c_k - u` in the forward pass; straight-through or soft gradient."""
        c = self.centers.to(device=z.device, dtype=z.dtype)
        dist = (z + u).unsqueeze(-1).sub(c).abs()
        hard = c[torch.argmin(dist.detach(), dim=-1)]
        if self.softness is None:
            soft = z + u
        else:
            soft = (torch.softmax(-dist / (self.softness * self.step), dim=-1) * c).sum(-1)
        return soft + (hard - soft).detach() - u


def conditional_entropy_bits(index: np.ndarray, weights: np.ndarray | None = None) -> float:
    r"""Plug-in :math:`H(Z \mid U = u)` in bits of the messages sent for one dither value.

    ``index`` has shape (n, d): the messages for n source symbols (or samples) under the same
    u; ``weights`` (n,) are their probabilities (uniform when ``None``). Exact when the source
    is discrete and all its symbols are listed with their probabilities.
    """
    index = np.asarray(index)
    if index.ndim == 1:
        index = index[:, None]
    w = np.full(len(index), 1.0 / len(index)) if weights is None else np.asarray(weights, float)
    _, inv = np.unique(index, axis=0, return_inverse=True)
    p = np.bincount(inv.ravel(), weights=w)
    p = p[p > 0] / p.sum()
    return float(-(p * np.log2(p)).sum())
