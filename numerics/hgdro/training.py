"""The hierarchical group DRO trainer in torch (Alg. 1 of Jo, Kim & Chae as released): a latent
sign (or ℓ2) step per sample with group radii, exponentiated-gradient group weights with the
C/√n_g adjustment, and SGD on the weighted group losses; methods ``erm``, ``gdro`` (ε = 0) and
``hgdro``. Every random stream is a ``torch.Generator`` on the training device; parameters are
initialised from a CPU generator so that CPU and CUDA runs start from the same weights.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

import numpy as np
import torch
from torch import nn

from theory.hgdro import group_radii
from theory.validation import MAX_ITER, Bool, Interval, Options, check_array, check_param, invalid


def latent_perturb(z, grad, eps, norm: str = "linf"):
    r"""One ascent step on the latent features, per sample:
    :math:`z' = z + \varepsilon_i\,\mathrm{sign}(\nabla_{z_i})` (``"linf"``, the code's step) or
    :math:`z + \varepsilon_i\,\nabla_{z_i}/\|\nabla_{z_i}\|_2` (``"l2"``). Exact for a binary
    linear head (``theory.hgdro.robust_logistic``); ``grad`` is treated as a constant.

    Parameters
    ----------
    z : Tensor, shape (B, d)
    grad : Tensor, shape (B, d)
    eps : Tensor, shape (B,) or float
    norm : {"linf", "l2"}
    """
    check_param("norm", norm, Options("linf", "l2"), "latent_perturb")
    # shapes (no device sync): a grad of another shape broadcast or raised torch's own error
    if z.ndim != 2 or tuple(grad.shape) != tuple(z.shape):
        raise invalid("grad", "latent_perturb", f"a tensor of z's shape {tuple(z.shape)} (z 2-D)",
                      f"<tensor of shape {tuple(grad.shape)}>")
    if not torch.is_tensor(eps):
        check_param("eps", eps, Interval(0, None), "latent_perturb")
    elif eps.ndim not in (0, 1) or (eps.ndim == 1 and eps.shape[0] != z.shape[0]):
        raise invalid("eps", "latent_perturb", f"a float >= 0 or a tensor of shape "
                      f"({z.shape[0]},)", f"<tensor of shape {tuple(eps.shape)}>")
    eps = torch.as_tensor(eps, dtype=z.dtype, device=z.device)
    if eps.ndim == 0:
        eps = eps.expand(z.shape[0])
    g = grad.detach()
    if norm == "linf":
        step = torch.sign(g)
    else:
        step = g / g.norm(dim=1, keepdim=True).clamp_min(torch.finfo(g.dtype).tiny)
    return z + eps[:, None] * step


class GroupWeights:
    r"""Exponentiated-gradient group weights (Alg. 1 step 2; Sagawa et al.'s update):
    :math:`q \leftarrow q\odot e^{\eta(\hat\ell + a)}/Z`, :math:`a_g = C/\sqrt{n_g}`."""

    def __init__(self, n_groups: int, eta: float = 0.01, adj=None, *, device="cpu",
                 dtype=torch.float32):
        check_param("n_groups", n_groups, Interval(1, None, integer=True), "GroupWeights")
        check_param("eta", eta, Interval(0, None, closed="neither"), "GroupWeights")
        self.eta = eta
        self.q = torch.full((n_groups,), 1.0 / n_groups, device=device, dtype=dtype)
        if adj is not None:  # NaN or a wrong length went into every update unnoticed
            adj = check_array(adj, "adj", "GroupWeights", ndim=1)
            if adj.shape != (n_groups,):
                raise invalid("adj", "GroupWeights", f"an array of {n_groups} finite floats",
                              f"<array of shape {adj.shape}>")
        self.adj = (torch.zeros(n_groups, device=device, dtype=dtype) if adj is None
                    else torch.as_tensor(adj, device=device, dtype=dtype))

    def update(self, group_losses):
        """One step with the (detached) group losses; returns the new weights."""
        v = group_losses.detach() + self.adj
        lg = torch.log(self.q) + self.eta * v
        q = torch.softmax(lg, dim=0)
        # η·v past the float range gave inf − inf = NaN weights (η = 1e30 in float32); the gains
        # relative to the largest on q's support cannot overflow. Chosen on the device (no
        # sync), and only where the plain step is not finite: ordinary steps stay bit for bit.
        on = self.q > 0
        top = torch.where(on, v, torch.full_like(v, -torch.inf)).max()
        safe = torch.where(on, torch.log(self.q) + self.eta * torch.where(on, v - top, 0.0),
                           torch.full_like(v, -torch.inf))
        self.q = torch.where(torch.isfinite(q).all(), q, torch.softmax(safe, dim=0))
        return self.q


class FeatureHeadModel(nn.Module):
    """An MLP feature map z(x) and a linear head: f = head ∘ z (the paper's f^L ∘ z)."""

    def __init__(self, d_in: int = 128, widths=(100, 100), n_classes: int = 2, *, seed: int = 0):
        caller = "FeatureHeadModel"
        check_param("d_in", d_in, Interval(1, None, integer=True), caller)
        if not all(w in Interval(1, None, integer=True) for w in widths):
            raise invalid("widths", caller, "a sequence of ints >= 1", widths)
        check_param("n_classes", n_classes, Interval(2, None, integer=True), caller)
        check_param("seed", seed, Interval(0, None, integer=True), caller)
        super().__init__()
        layers, d = [], d_in
        for w in widths:
            layers += [nn.Linear(d, w), nn.ReLU()]
            d = w
        self.features = nn.Sequential(*layers)
        self.head = nn.Linear(d, n_classes)
        self.aux = nn.Linear(d, 10)  # pretraining head (digit identity)
        gen = torch.Generator().manual_seed(seed)
        with torch.no_grad():
            for p in self.parameters():
                bound = 1.0 / np.sqrt(p.shape[-1] if p.ndim > 1 else max(p.shape[0], 1))
                p.copy_(torch.empty(p.shape).uniform_(-bound, bound, generator=gen))

    def forward(self, x):
        return self.head(self.features(x))


_METHODS = Options("erm", "gdro", "hgdro")


@dataclass
class FitResult:
    best_epoch: int
    best_val_wga: float
    history: list = field(default_factory=list)


class HierarchicalDROTrainer:
    """Alg. 1 on minibatches.

    Parameters
    ----------
    model : FeatureHeadModel
    method : {"erm", "gdro", "hgdro"}
    eps : float
        Base radius (``hgdro`` only), in units of the latent features, or relative to the
        batch's mean ``|z|`` when ``relative=True``.
    rule : {"code", "paper"}
        Group radii (``theory.hgdro.group_radii``).
    lr, wd, momentum : float
        SGD settings (README: 0.01, 0.01, 0.9 for CMNIST).
    eta, C : float
        Group-weight step and generalisation adjustment (README: 0.01, 1).
    device : str or torch.device
    seed : int
        Seeds the batch order (a generator on ``device``).
    """

    def __init__(self, model, method: str = "hgdro", eps: float = 0.1, *, rule: str = "code",
                 lr: float = 0.01, wd: float = 0.01, momentum: float = 0.9, eta: float = 0.01,
                 C: float = 1.0, relative: bool = True, norm: str = "linf", device="cpu",
                 seed: int = 0):
        caller = "HierarchicalDROTrainer"
        check_param("method", method, _METHODS, caller)
        check_param("eps", eps, Interval(0, None), caller)
        check_param("rule", rule, Options("code", "paper"), caller)
        check_param("lr", lr, Interval(0, None, closed="neither"), caller)
        # these went unchecked into SGD and the group weights (NaN trained on silently)
        check_param("wd", wd, Interval(0, None), caller)
        check_param("momentum", momentum, Interval(0, 1, closed="left"), caller)
        check_param("eta", eta, Interval(0, None, closed="neither"), caller)
        check_param("C", C, Interval(0, None), caller)
        check_param("relative", relative, Bool(), caller)
        check_param("norm", norm, Options("linf", "l2"), caller)
        check_param("seed", seed, Interval(0, None, integer=True), caller)
        self.model = model.to(device)
        self.method, self.eps, self.rule, self.relative, self.norm = (method, eps, rule,
                                                                      relative, norm)
        self.lr, self.wd, self.momentum, self.eta, self.C = lr, wd, momentum, eta, C
        self.device = torch.device(device)
        self.gen = torch.Generator(device=self.device).manual_seed(seed)

    def _tensors(self, data):
        dev = self.device
        return (torch.as_tensor(data.X, dtype=torch.float32, device=dev),
                torch.as_tensor(data.y, dtype=torch.long, device=dev),
                torch.as_tensor(data.g, dtype=torch.long, device=dev))

    def batch_loss(self, x, y, g, weights: GroupWeights | None, eps_g):
        """The loss of one batch (and the group-weight update for DRO methods)."""
        z = self.model.features(x)
        ce = nn.functional.cross_entropy
        if self.method == "erm":
            return ce(self.model.head(z), y)
        if self.method == "hgdro" and self.eps > 0:
            zd = z.detach().requires_grad_(True)
            grad = torch.autograd.grad(ce(self.model.head(zd), y, reduction="sum"), zd)[0]
            e = eps_g[g]
            if self.relative:
                e = e * z.detach().abs().mean()
            z = latent_perturb(z, grad, e, self.norm)
        per = ce(self.model.head(z), y, reduction="none")
        m = len(weights.q)
        cnt = torch.bincount(g, minlength=m).to(per.dtype)
        gl = torch.zeros(m, dtype=per.dtype, device=per.device).index_add(0, g, per)
        gl = gl / cnt.clamp_min(1)
        q = weights.update(gl)
        return gl @ q

    @torch.no_grad()
    def group_accuracy(self, data) -> np.ndarray:
        """Accuracy per group (NaN for an empty group)."""
        x, y, g = self._tensors(data)
        pred = self.model(x).argmax(1)
        ok = (pred == y).to(torch.float64)
        cnt = torch.bincount(g, minlength=4).to(torch.float64)
        acc = torch.zeros(4, dtype=torch.float64, device=x.device).index_add(0, g, ok) / cnt
        return acc.cpu().numpy()

    def fit(self, train, val, epochs: int = 60, batch_size: int = 128) -> FitResult:
        """Train, keeping the parameters of the epoch with the best validation worst-group
        accuracy (``select="val_wga"``, our choice)."""
        # capped at MAX_ITER (theory.validation); batch_size 0 raised range()'s ValueError and a
        # negative one trained nothing without a word
        check_param("epochs", epochs, Interval(1, MAX_ITER, integer=True), "fit")
        check_param("batch_size", batch_size, Interval(1, MAX_ITER, integer=True), "fit")
        x, y, g = self._tensors(train)
        counts = np.bincount(train.g, minlength=4)
        if np.any(counts == 0):
            raise invalid("train", "fit", "data with all 4 groups present",
                          f"<counts {counts.tolist()}>")
        eps_g = torch.as_tensor(group_radii(counts, self.eps, self.rule), dtype=torch.float32,
                                device=self.device)
        weights = GroupWeights(4, self.eta, self.C / np.sqrt(counts), device=self.device)
        opt = torch.optim.SGD(list(self.model.features.parameters())
                              + list(self.model.head.parameters()), lr=self.lr,
                              momentum=self.momentum, weight_decay=self.wd)
        best, best_state, hist = -1.0, None, []
        best_epoch = 0
        for ep in range(epochs):
            self.model.train()
            perm = torch.randperm(len(y), generator=self.gen, device=self.device)
            for i in range(0, len(y), batch_size):
                idx = perm[i:i + batch_size]
                loss = self.batch_loss(x[idx], y[idx], g[idx], weights, eps_g)
                opt.zero_grad()
                loss.backward()
                opt.step()
            self.model.eval()
            wga = float(np.nanmin(self.group_accuracy(val)))
            hist.append(wga)
            if wga > best:
                best, best_epoch = wga, ep
                best_state = copy.deepcopy(self.model.state_dict())
        self.model.load_state_dict(best_state)
        return FitResult(best_epoch, best, hist)


def pretrain_features(model, X, digit, *, epochs: int = 30, lr: float = 0.05,
                      batch_size: int = 128, device="cpu", seed: int = 0):
    """Pretrain the feature map on 10-class digit identity with random colours (the stand-in for
    ImageNet pretraining in our light experiment B): each image is put in a random colour channel."""
    caller = "pretrain_features"
    check_param("epochs", epochs, Interval(1, MAX_ITER, integer=True), caller)
    check_param("lr", lr, Interval(0, None, closed="neither"), caller)
    check_param("batch_size", batch_size, Interval(1, MAX_ITER, integer=True), caller)
    check_param("seed", seed, Interval(0, None, integer=True), caller)
    model = model.to(device)
    gen = torch.Generator(device=device).manual_seed(seed + 10_000)
    flat = torch.as_tensor(X, dtype=torch.float32, device=device)
    grey = flat[:, :64] + flat[:, 64:]
    t = torch.as_tensor(digit, dtype=torch.long, device=device)
    opt = torch.optim.SGD(list(model.features.parameters()) + list(model.aux.parameters()),
                          lr=lr, momentum=0.9)
    for _ in range(epochs):
        perm = torch.randperm(len(t), generator=gen, device=device)
        red = torch.rand(len(t), generator=gen, device=device) < 0.5
        xx = torch.where(red[:, None], torch.cat([grey, torch.zeros_like(grey)], 1),
                         torch.cat([torch.zeros_like(grey), grey], 1))
        for i in range(0, len(t), batch_size):
            idx = perm[i:i + batch_size]
            loss = nn.functional.cross_entropy(model.aux(model.features(xx[idx])), t[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
    return model


def fit_linear_head_game(Z, Y, G, eps_g, *, ridge: float, steps: int = 4000, lr: float = 2.0,
                         eta: float = 0.5, device="cpu", dtype=torch.float64):
    """Full-batch hierarchical DRO of a linear-logistic head on frozen latents with the trainer's
    building blocks (:func:`latent_perturb` in ℓ2, :class:`GroupWeights` without adjustment),
    returning the averaged θ. Labels ±1; the ℓ2 step is exact for this head, so the result can
    be compared with ``theory.hgdro.hierarchical_optimum``. ``steps`` in [1, MAX_ITER]."""
    caller = "fit_linear_head_game"
    # unchecked before: steps = -1 returned θ = 0 without a step, NaN rates trained on NaN
    check_param("ridge", ridge, Interval(0, None), caller)
    check_param("steps", steps, Interval(1, MAX_ITER, integer=True), caller)
    check_param("lr", lr, Interval(0, None, closed="neither"), caller)
    check_param("eta", eta, Interval(0, None, closed="neither"), caller)
    Z = torch.as_tensor(Z, dtype=dtype, device=device)
    Y = torch.as_tensor(Y, dtype=dtype, device=device)
    Gt = torch.as_tensor(G, dtype=torch.long, device=device)
    m = int(Gt.max()) + 1
    e = torch.as_tensor(eps_g, dtype=dtype, device=device)[Gt]
    cnt = torch.bincount(Gt, minlength=m).to(dtype)
    theta = torch.zeros(Z.shape[1], dtype=dtype, device=device, requires_grad=True)
    w = GroupWeights(m, eta, device=device, dtype=dtype)
    avg = torch.zeros_like(theta)
    sp = nn.functional.softplus
    for t in range(steps):
        zd = Z.detach().requires_grad_(True)
        grad = torch.autograd.grad(sp(-Y * (zd @ theta)).sum(), zd)[0]
        zp = latent_perturb(Z, grad, e, "l2")
        per = sp(-Y * (zp @ theta))
        gl = torch.zeros(m, dtype=dtype, device=device).index_add(0, Gt, per) / cnt
        q = w.q.clone()
        w.update(gl)
        loss = gl @ q + ridge * theta @ theta
        (g,) = torch.autograd.grad(loss, theta)
        with torch.no_grad():
            theta -= lr / np.sqrt(t + 1) * g
            avg += (theta - avg) / (t + 1)
    return avg.detach().cpu().numpy()
