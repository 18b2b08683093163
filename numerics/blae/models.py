"""The MLP autoencoder, its decoder Jacobian (torch.func), and the BLAE losses in torch.

Architecture and hyper-parameters follow the released ``swiss_roll.ipynb`` (3-256-256-2 ELU,
mirrored decoder; ε = 0.3, α = 5, κ = 1, Jacobian term on a random 30 % of the batch), with a
smaller width by default for CPU runs. The numpy forms in :mod:`theory.blae` are the reference.
"""

from __future__ import annotations

import math

import torch
from torch import nn
from torch.func import jacfwd, vmap

from theory.validation import check_int, invalid


class MLPAutoencoder(nn.Module):
    """Encoder ``in → h → h → latent`` and mirrored decoder, ELU activations."""

    def __init__(self, in_dim: int = 3, hidden: int = 128, latent: int = 2):
        super().__init__()
        # each size by name, as an int (True was a width of 1, 2.5 a raw torch TypeError)
        for name, v in (("in_dim", in_dim), ("hidden", hidden), ("latent", latent)):
            check_int(v, name, "MLPAutoencoder", 1, 10**6)
        self.encoder = nn.Sequential(nn.Linear(in_dim, hidden), nn.ELU(),
                                     nn.Linear(hidden, hidden), nn.ELU(),
                                     nn.Linear(hidden, latent))
        self.decoder = nn.Sequential(nn.Linear(latent, hidden), nn.ELU(),
                                     nn.Linear(hidden, hidden), nn.ELU(),
                                     nn.Linear(hidden, in_dim))

    def forward(self, x):
        z = self.encoder(x)
        return z, self.decoder(z)


def make_autoencoder(*, in_dim=3, hidden=128, latent=2, seed=0, device="cpu"):
    """An :class:`MLPAutoencoder` initialised from ``torch.Generator(device)`` seeded by
    ``seed`` (PyTorch's default uniform(±1/√fan_in) scheme, drawn on the target device)."""
    model = MLPAutoencoder(in_dim, hidden, latent).to(device)
    # a float seed was truncated (1.5 ran as 1)
    g = torch.Generator(device=device).manual_seed(
        check_int(seed, "seed", "make_autoencoder", 0, 2**63 - 1))
    with torch.no_grad():
        for m in model.modules():
            if isinstance(m, nn.Linear):
                b = 1 / math.sqrt(m.in_features)
                m.weight.copy_(torch.rand(m.weight.shape, generator=g, device=device) * 2 * b - b)
                m.bias.copy_(torch.rand(m.bias.shape, generator=g, device=device) * 2 * b - b)
    return model


def decoder_jacobian(decoder, z):
    """Jacobians ∂D/∂z at each row of ``z`` (shape (b, m, n)) by ``vmap(jacfwd)``."""
    return vmap(jacfwd(decoder))(z)


def decoder_jacobian_fd(decoder, z, h: float = 1e-4):
    """The same by a central-difference loop (the slow alternative; benchmark reference)."""
    cols = []
    for i in range(z.shape[1]):
        e = torch.zeros_like(z)
        e[:, i] = h
        cols.append((decoder(z + e) - decoder(z - e)) / (2 * h))
    return torch.stack(cols, dim=2)


def injective_loss_torch(D, z, *, eps=0.3, alpha=5.0, delta_frac=0.05):
    """The released L_inj (mask d_M > δ·max, d_N > 0; mean over masked pairs); see
    :func:`theory.blae.injective_loss`."""
    p = torch.cdist(z, z)
    iu = torch.triu_indices(len(z), len(z), 1, device=z.device)
    dM, dN = D[iu[0], iu[1]], p[iu[0], iu[1]]
    mask = (dM > delta_frac * dM.max()) & (dN > 0)
    r = dN[mask] / dM[mask]
    terms = torch.relu(math.log(eps) - torch.log(r)) + alpha * torch.relu(r - 1)
    # no masked pair (all codes of the batch collapsed): no penalty, 0 with a gradient; the
    # mean of nothing was NaN, and its gradient turned every weight into NaN without a word
    return terms.mean() if bool(mask.any()) else terms.sum()


def bilip_loss_torch(J, kappa=1.0, variant="paper"):
    """``variant="paper"``: E[ReLU(1/κ − σ_min)² + ReLU(σ_max − κ)²]; ``"code"``:
    E[‖offdiag JᵀJ‖² + ‖ReLU(diag JᵀJ − κ)‖²] (see :mod:`theory.blae`)."""
    if variant == "paper":
        s = torch.linalg.svdvals(J)
        return (torch.relu(1 / kappa - s[:, -1]) ** 2 + torch.relu(s[:, 0] - kappa) ** 2).mean()
    if variant == "code":
        G = J.transpose(1, 2) @ J
        d = torch.diagonal(G, dim1=1, dim2=2)
        off = (G**2).sum((1, 2)) - (d**2).sum(1)
        return (off + (torch.relu(d - kappa) ** 2).sum(1)).mean()
    raise invalid("variant", "bilip_loss_torch", "'paper' or 'code'", variant)


def geo_loss_torch(D, z):
    """The geodesic-preserving baseline's term (authors' ``GeoLoss``): mean (d_Z − d_M)²."""
    p = torch.cdist(z, z)
    iu = torch.triu_indices(len(z), len(z), 1, device=z.device)
    return ((p[iu[0], iu[1]] - D[iu[0], iu[1]]) ** 2).mean()
