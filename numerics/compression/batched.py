r"""The digits super-resolution runs of one rate, K at a time (torch).

:func:`train_digits_batched` is :func:`numerics.compression.training.train_digits` for K members
of one architecture (one ``latent_dim`` and ``levels``) that differ in seed (initialisation,
data split, batch order, dither, penalty draws) and in :math:`\lambda_p, \lambda_c`. Member k
computes what ``train_digits`` with its seed computes, up to floating-point reordering
(``tests/test_compression_batched.py`` checks it in float64):

* its three networks are built by the lone run's constructor under its seed, then stacked
  (:func:`numerics.batched.stack_parameters`); MLP layers become batched products, the
  classifier's convolutions grouped convolutions (one group per member), the generator's
  BatchNorm one BatchNorm over K·d channels (each member's own batch statistics and running
  averages);
* each member keeps the lone run's four generators (split, shuffle, dither, penalty) and draws
  from them in the lone run's order;
* each optimizer sees the sum of the members' losses (per-member Adam), and the gradient
  penalty's input gradient of :math:`\sum_k\sum_i c_k(\hat y_{ki})` is member k's own.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

import numpy as np
import torch
import torch.nn.functional as F

from numerics.batched import linear, stack_parameters
from numerics.compression.models import Compressor, Critic, DigitClassifier
from numerics.compression.quantizer import CommonRandomness, device_generator
from numerics.compression.training import DigitsRun, _init, degrade


def _mlp(params, x, act, last=None):
    """Batched ``_mlp``: pairs (W, b) of ``params`` with ``act`` between layers."""
    n = len(params) // 2
    for i in range(n):
        x = linear(x, params[2 * i], params[2 * i + 1])
        if i < n - 1:
            x = act(x)
    return x if last is None else last(x)


def _leaky(x):
    return F.leaky_relu(x, 0.01)  # nn.LeakyReLU's default slope


class _Members:
    """The stacked generators, critics and classifiers of K members."""

    def __init__(self, built, dtype):
        gens, critics, clfs = zip(*built)
        self.k = len(gens)
        self.gen = stack_parameters(gens, dtype=dtype)  # encoder 3 (W, b), decoder 3 (W, b)
        self.critic = stack_parameters(critics, dtype=dtype)
        self.clf = stack_parameters(clfs, dtype=dtype)  # conv1, conv2 (W, b), head 2 (W, b)
        q = gens[0].quantizer
        self.centers, self.step, self.latent_dim = q.centers, q.step, q.latent_dim
        d = self.latent_dim
        self.running_mean = torch.zeros(self.k * d, dtype=dtype)
        self.running_var = torch.ones(self.k * d, dtype=dtype)

    def generate(self, x, u, training: bool):
        """Ỹ = g(Q(f(x)+u) − u) for x (K, B, 64), u (K, B, d)."""
        k, b, d = self.k, x.shape[1], self.latent_dim
        z = _mlp(self.gen[:6], x, _leaky)
        # BatchNorm1d(d, affine=False) of each member = BatchNorm over K·d channels
        z = F.batch_norm(z.transpose(0, 1).reshape(b, k * d), self.running_mean,
                         self.running_var, training=training, momentum=0.1, eps=1e-5)
        z = torch.tanh(z.reshape(b, k, d).transpose(0, 1))
        c = self.centers.to(device=z.device, dtype=z.dtype)
        hard = c[torch.argmin((z + u).unsqueeze(-1).sub(c).abs().detach(), dim=-1)]
        soft = z + u
        zq = soft + (hard - soft).detach() - u  # the quantiser's straight-through value
        return _mlp(self.gen[6:], zq, _leaky, torch.sigmoid)

    def critique(self, y):
        return _mlp(self.critic, y, _leaky).squeeze(-1)

    def classify(self, y):
        """Logits (K, B, 10) of the members' CNNs on y (K, B, 64)."""
        k, b = self.k, y.shape[1]
        w1, b1, w2, b2, *head = self.clf
        # channels-last maps: torch's CPU pooling runs ~20× faster on them than on the
        # (B, K·32, 8, 8) contiguous maps, and the convolutions keep the layout
        h = y.transpose(0, 1).reshape(b, k, 8, 8).contiguous(memory_format=torch.channels_last)
        h = F.relu(F.conv2d(h, w1.flatten(0, 1), b1.flatten(), padding=1, groups=k))
        # max-pool before ReLU: ReLU is monotone, so relu(max) = max(relu) value for value, and
        # the gradient reaches the same entry (where the max is ≤ 0 neither passes one); the
        # ReLU and its backward then touch a quarter of the map
        h = F.relu(F.max_pool2d(F.conv2d(h, w2.flatten(0, 1), b2.flatten(), padding=1, groups=k),
                                2))
        h = h.contiguous().reshape(b, k, -1).transpose(0, 1)
        return _mlp(head, h, F.relu)


def _adam(params, lr, betas):
    return torch.optim.Adam(params, lr=lr, betas=betas, foreach=True)


def _step(opt, loss, params):
    for p, g in zip(params, torch.autograd.grad(loss, params)):
        p.grad = g
    opt.step()


def train_digits_batched(images: np.ndarray, labels: np.ndarray, *, latent_dim: int,
                         seeds: Sequence[int], lam_p: Sequence[float], lam_c: Sequence[float],
                         levels: int = 4, epochs: int = 60, batch: int = 64, lr: float = 2e-3,
                         n_critic: int = 1, lam_gp: float = 10.0, n_examples: int = 8,
                         dtype=torch.float32) -> list[DigitsRun]:
    """``[train_digits(images, labels, latent_dim=latent_dim, seed=s, lam_p=p, lam_c=c, ...)
    for s, p, c in zip(seeds, lam_p, lam_c)]``, trained as one batched model on the CPU;
    ``epoch_seconds`` is the batch's time per epoch / K."""
    k = len(seeds)
    splits = []
    for sd in seeds:
        order = np.random.default_rng(sd).permutation(len(images))
        n_a, n_b = int(0.4 * len(images)), int(0.3 * len(images))
        splits.append((order[:n_a], order[n_a:n_a + n_b], order[n_a + n_b:]))
    clean = torch.as_tensor(images.reshape(len(images), 64) / 16.0, dtype=torch.float32)
    y_lab = torch.as_tensor(labels)
    x_all = degrade(clean)
    clean, x_all = clean.to(dtype), x_all.to(dtype)

    def build():
        return (Compressor(64, 64, levels, latent_dim, 128, out="sigmoid", batch_norm=True),
                Critic(64, 64), DigitClassifier())

    m = _Members([_init(sd, build) for sd in seeds], dtype)
    betas = (0.5, 0.999)
    opt_g, opt_c, opt_h = (_adam(p, lr, betas) for p in (m.gen, m.critic, m.clf))
    dithers = [CommonRandomness(sd).stream() for sd in seeds]
    shuffles = [device_generator("cpu", sd) for sd in seeds]
    penalties = [device_generator("cpu", sd + 1) for sd in seeds]
    lp = torch.tensor([float(v) for v in lam_p], dtype=dtype)
    lc = torch.tensor([float(v) for v in lam_c], dtype=dtype)
    n_a = len(splits[0][0])

    def dither(gens, n):
        return torch.stack([(torch.rand((n, latent_dim), generator=g) - 0.5) * m.step
                            for g in gens])

    t0 = time.perf_counter()
    for _ in range(epochs):
        perms = [ia[torch.randperm(n_a, generator=g).numpy()]
                 for (ia, _, _), g in zip(splits, shuffles)]
        for start in range(0, n_a - batch + 1, batch):
            idx = torch.as_tensor(np.stack([p[start:start + batch] for p in perms]))
            ref = torch.as_tensor(np.stack([
                ib[torch.randint(len(ib), (batch,), generator=g).numpy()]
                for (_, ib, _), g in zip(splits, shuffles)]))
            x, s, real = x_all[idx], y_lab[idx], clean[ref]
            y = m.generate(x, dither(dithers, batch).to(dtype), training=True)
            for _ in range(n_critic):
                fake = y.detach()
                t = torch.stack([torch.rand((batch, 1), generator=g, dtype=dtype)
                                 for g in penalties])
                mid = (t * real + (1 - t) * fake).requires_grad_(True)
                (grad,) = torch.autograd.grad(m.critique(mid).sum(), mid, create_graph=True)
                gp = ((grad.norm(dim=2) - 1) ** 2).mean(1)
                loss_c = m.critique(fake).mean(1) - m.critique(real).mean(1) + lam_gp * gp
                _step(opt_c, loss_c.sum(), m.critic)
            ce = F.cross_entropy(m.classify(y.detach()).flatten(0, 1), s.flatten(),
                                 reduction="none").reshape(k, batch).mean(1)
            _step(opt_h, ce.sum(), m.clf)
            ce_g = F.cross_entropy(m.classify(y).flatten(0, 1), s.flatten(),
                                   reduction="none").reshape(k, batch).mean(1)
            loss = ((y - x) ** 2).mean((1, 2)) - lp * m.critique(y).mean(1) + lc * ce_g
            _step(opt_g, loss.sum(), m.gen)
    epoch_s = (time.perf_counter() - t0) / epochs / k
    runs = []
    with torch.no_grad():
        n_t = len(splits[0][2])
        test = torch.as_tensor(np.stack([it for _, _, it in splits]))
        u = dither([CommonRandomness(sd + 7).stream() for sd in seeds], n_t).to(dtype)
        y = m.generate(x_all[test], u, training=False)
        acc = (m.classify(y).argmax(-1) == y_lab[test]).double().mean(1)
        mse_in = ((y - x_all[test]) ** 2).mean((1, 2))
        mse_clean = ((y - clean[test]) ** 2).mean((1, 2))
        rate = float(latent_dim * np.log2(levels))
        for j, sd in enumerate(seeds):
            runs.append(DigitsRun(latent_dim, levels, rate, float(lam_p[j]), float(lam_c[j]), sd,
                                  float(mse_in[j]), float(mse_clean[j]), float(acc[j]), epoch_s,
                                  y[j, :n_examples].numpy()))
    return runs


def train_gaussian_batched(levels: Sequence[int], seeds: Sequence[int], *, mu_x: float = 0.0,
                           sigma_x: float = 1.0, mu_y: float = 0.3, sigma_y: float = 0.8,
                           steps: int = 2000, batch: int = 512, lr: float = 3e-3,
                           lam_p: float = 5.0, hidden: int = 64,
                           dtype=torch.float32) -> list[Compressor]:
    """``[train_gaussian(L, seed=s, ...) for L, s in zip(levels, seeds)]`` (latent_dim 1),
    trained as one batched model on the CPU and returned as the lone modules (eval mode), so
    that :func:`~numerics.compression.training.evaluate_gaussian` evaluates each unchanged.

    Members may differ in L: each member's quantiser levels are padded with +∞ to the largest
    L (never the nearest level), and its dither is scaled by its own step Δ = 2/(L−1).
    """
    k = len(levels)
    models = [_init(sd, lambda L=L: Compressor(1, 1, L, 1, hidden, batch_norm=True)).to(dtype)
              for L, sd in zip(levels, seeds)]
    params = stack_parameters(models, dtype=dtype)
    opt = torch.optim.Adam(params, lr=lr)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, steps)
    big = max(levels)
    centers = torch.full((k, big), float("inf"), dtype=dtype)
    for j, m in enumerate(models):
        c = m.quantizer.centers
        centers[j, :len(c)] = c.to(dtype)
    # Python floats, as the lone quantiser scales its float32 draws (a float32 copy of
    # Δ = 2/3 would round the dither differently)
    step_sizes = [m.quantizer.step for m in models]
    dithers = [CommonRandomness(sd).stream() for sd in seeds]
    datas = [device_generator("cpu", sd + 1_000_003) for sd in seeds]
    running_mean, running_var = torch.zeros(k, dtype=dtype), torch.ones(k, dtype=dtype)

    def forward(x, u):
        z = _mlp(params[:6], x, _leaky)  # (K, B, 1)
        z = F.batch_norm(z.squeeze(-1).T, running_mean, running_var, training=True,
                         momentum=0.1, eps=1e-5).T.unsqueeze(-1)
        z = torch.tanh(z)
        idx = torch.argmin((z + u - centers[:, None, :]).abs().detach(), dim=-1, keepdim=True)
        hard = torch.gather(centers[:, None, :].expand(-1, z.shape[1], -1), 2, idx)
        soft = z + u
        return _mlp(params[6:], soft + (hard - soft).detach() - u, _leaky)

    for _ in range(steps):
        draws = [(torch.randn((batch, 1), generator=g, dtype=dtype),
                  torch.randn((batch, 1), generator=g, dtype=dtype)) for g in datas]
        x = mu_x + sigma_x * torch.stack([a for a, _ in draws])
        y_ref = mu_y + sigma_y * torch.stack([b for _, b in draws])
        u = torch.stack([(torch.rand((batch, 1), generator=g) - 0.5) * s
                         for g, s in zip(dithers, step_sizes)]).to(dtype)
        y = forward((x - mu_x) / sigma_x, u) * sigma_y + mu_y
        w2 = ((torch.sort(y.flatten(1), dim=1).values
               - torch.sort(y_ref.flatten(1), dim=1).values) ** 2).mean(1)
        loss = ((y - x) ** 2).mean((1, 2)) + lam_p * w2
        for p, g in zip(params, torch.autograd.grad(loss.sum(), params)):
            p.grad = g
        opt.step()
        sched.step()
    with torch.no_grad():
        for j, m in enumerate(models):
            for p, stacked in zip(m.parameters(), params):
                p.copy_(stacked[j])
            bn = m.encoder[-2]
            bn.running_mean.copy_(running_mean[j:j + 1])
            bn.running_var.copy_(running_var[j:j + 1])
            bn.num_batches_tracked.fill_(steps)
    return [m.eval() for m in models]
