"""Training of the autoencoders on a distance matrix: vanilla AE, the geodesic-preserving
baseline ("geo", the authors' GeoLoss) and BLAE with the paper's or the code's Jacobian term."""

from __future__ import annotations

import numpy as np
import torch

from numerics.blae.models import (
    bilip_loss_torch,
    decoder_jacobian,
    geo_loss_torch,
    injective_loss_torch,
    make_autoencoder,
)
from theory.validation import invalid

MODES = ("ae", "geo", "blae_code", "blae_paper")


def train_autoencoder(X, D, mode: str, *, epochs=600, hidden=128, lr=2e-3, batches=3,
                      lam_reg=1.0, lam_grad=0.3, lam_geo=1.0, kappa=1.0, eps=0.3, alpha=5.0,
                      jac_frac=0.3, seed=0, device="cpu"):
    """Train one model; return it (on ``device``) and the final loss.

    Mini-batches of n/``batches`` points (the code uses 3), Adam(lr, weight decay 1e-5), step
    decay ×0.1 at 1/3 and 2/3 of the epochs (the code: 1000 of 3000). BLAE adds
    ``lam_reg``·L_inj on the batch's sub-matrix of D and ``lam_grad``·Jacobian term on a random
    ``jac_frac`` of the batch. Random streams come from one ``torch.Generator(device)``.
    """
    if mode not in MODES:
        raise invalid("mode", "train_autoencoder", f"one of {MODES}", mode)
    Xt = torch.as_tensor(np.asarray(X), dtype=torch.float32, device=device)
    Dt = torch.as_tensor(np.asarray(D), dtype=torch.float32, device=device)
    n = len(Xt)
    model = make_autoencoder(in_dim=Xt.shape[1], hidden=hidden, seed=seed, device=device)
    opt = torch.optim.Adam(model.parameters(), lr=lr, weight_decay=1e-5)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=max(1, epochs // 3) * batches,
                                            gamma=0.1)
    g = torch.Generator(device=device).manual_seed(int(seed) + 1)
    bs = max(2, n // batches)
    loss = torch.tensor(0.0)
    for _ in range(epochs):
        perm = torch.randperm(n, generator=g, device=device)
        for b in range(batches):
            idx = perm[b * bs:(b + 1) * bs]
            x = Xt[idx]
            z, xh = model(x)
            loss = ((x - xh) ** 2).sum(1).mean()
            if mode == "geo":
                loss = loss + lam_geo * geo_loss_torch(Dt[idx][:, idx], z)
            elif mode.startswith("blae"):
                loss = loss + lam_reg * injective_loss_torch(Dt[idx][:, idx], z, eps=eps,
                                                             alpha=alpha)
                m = max(1, int(jac_frac * len(idx)))
                sub = torch.randperm(len(idx), generator=g, device=device)[:m]
                J = decoder_jacobian(model.decoder, z[sub])
                loss = loss + lam_grad * bilip_loss_torch(J, kappa, mode.split("_")[1])
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
    return model, float(loss.detach())


def embed(model, X, device="cpu"):
    """Latent codes, reconstructions and decoder Jacobians (numpy) of the rows of X."""
    with torch.no_grad():
        Xt = torch.as_tensor(np.asarray(X), dtype=torch.float32, device=device)
        z, xh = model(Xt)
    J = decoder_jacobian(model.decoder, z).detach()
    return z.cpu().numpy().astype(float), xh.cpu().numpy().astype(float), J.cpu().numpy()
