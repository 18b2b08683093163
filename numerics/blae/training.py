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
from theory.validation import MAX_ITER, Interval, check_array, check_int, check_param, invalid

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
    X, D, epochs, batches = _checked(X, D, epochs, batches, lr=lr, lam_reg=lam_reg,
                                     lam_grad=lam_grad, lam_geo=lam_geo, kappa=kappa, eps=eps,
                                     alpha=alpha, jac_frac=jac_frac, seed=seed)
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


_F32_MAX = float(np.finfo(np.float32).max)


def _checked(X, D, epochs, batches, **scalars):
    """train_autoencoder's arguments, refused by name: batches = 0 was a ZeroDivisionError,
    batches > n/2 trained on empty batches (a NaN loss), entries above float32's 3.4e38 became
    inf in the float32 model, and the epochs had no maximum."""
    c = "train_autoencoder"
    X = check_array(X, "X", c, min_rows=2)
    D = check_array(D, "D", c, min_rows=2)
    if D.shape != (len(X), len(X)):
        raise invalid("D", c, f"a distance matrix of shape {(len(X), len(X))} (one row per "
                      "row of X)", f"<array of shape {D.shape}>")
    for name, A in (("X", X), ("D", D)):
        if np.max(np.abs(A)) > _F32_MAX:
            raise invalid(name, c, "an array of float32-representable values (|x| ≤ 3.4e38)",
                          f"<array with max |x| {float(np.max(np.abs(A))):.3g}>")
    epochs = check_int(epochs, "epochs", c, 1, MAX_ITER)
    batches = check_int(batches, "batches", c, 1, len(X) // 2)
    for name, iv in (("lr", Interval(0, None, closed="neither")), ("lam_reg", Interval(0, None)),
                     ("lam_grad", Interval(0, None)), ("lam_geo", Interval(0, None)),
                     ("kappa", Interval(1, None)), ("eps", Interval(0, 1, closed="right")),
                     ("alpha", Interval(0, None)),
                     ("jac_frac", Interval(0, 1, closed="right"))):
        check_param(name, scalars[name], iv, c)
    check_int(scalars["seed"], "seed", c, 0, 2**63 - 2)
    return X, D, epochs, batches


def embed(model, X, device="cpu"):
    """Latent codes, reconstructions and decoder Jacobians (numpy) of the rows of X."""
    with torch.no_grad():
        Xt = torch.as_tensor(np.asarray(X), dtype=torch.float32, device=device)
        z, xh = model(Xt)
    J = decoder_jacobian(model.decoder, z).detach()
    return z.cpu().numpy().astype(float), xh.cpu().numpy().astype(float), J.cpu().numpy()
