"""Training and exact/Monte Carlo evaluation of the learned compressors (torch).

Three settings, all with the shared dither of :mod:`numerics.compression.quantizer`:

* **Bernoulli** X ~ Bern(q_X), target Y ~ Bern(q_Y), Hamming distortion, label S = X ⊕ S1.
  Expectations over the two source symbols are exact; the rate is held at a target by a hinge
  penalty on the soft H(Z|U) (a Lagrangian alone would only find the corners of the linear
  one-shot D(R)). Evaluation integrates u on a midpoint grid: rate H(Z|U), distortion, output
  law and H(S|Y) are then exact up to the grid's quadrature error, which is reported.
* **Gaussian** X ~ N(μ_X, σ_X²), target N(μ_Y, σ_Y²), MSE; output law pulled to the target by
  the exact 1-D W2² of sorted samples.
* **Digits super-resolution** (the paper's image task, offline): MSE to the degraded input
  + λ_p·W1 (WGAN-GP critic) + λ_c·CE of a classifier trained alternately on the reconstructions.

Models are initialised inside ``torch.random.fork_rng`` so the global RNG state is untouched.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import torch
import torch.nn.functional as F

from numerics.compression.models import (
    BinaryCompressor,
    Compressor,
    Critic,
    DigitClassifier,
    gradient_penalty,
    sorted_w2_squared,
)
from numerics.compression.quantizer import (
    CommonRandomness,
    conditional_entropy_bits,
    device_generator,
)
from theory.validation import Interval, check_param

_PROB = Interval(0, 1, "neither")
_POS = Interval(0, None, "neither")
_STEPS = Interval(1, None, "left", integer=True)


def _bits_entropy(p: np.ndarray, axis=-1) -> np.ndarray:
    p = np.clip(np.asarray(p, dtype=np.float64), 0.0, 1.0)
    with np.errstate(divide="ignore", invalid="ignore"):
        return -np.where(p > 0, p * np.log2(p), 0.0).sum(axis=axis)


def _init(seed: int, build):
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(seed)
        return build()


# ----------------------------------------------------------------------------- Bernoulli
@dataclass(frozen=True)
class BernoulliPoint:
    """One learned Bernoulli compressor, evaluated exactly (rates and entropies in bits)."""

    q_x: float
    q_y: float
    q_s1: float
    rate_target: float
    steps: int
    rate_nominal: float  # log2 L
    rate: float  # H(Z|U)
    distortion: float  # E 1{X≠Y}
    q_y_hat: float  # P(Y = 1)
    h_s_given_y: float  # H(S|Y), exact for the learned channel
    h_s_given_yu: float  # H(S|Y,U), the paper's linear model
    quadrature_error: float  # max change of (rate, distortion, q_y_hat) from n_u/2 to n_u


def train_bernoulli(q_x: float, q_y: float, rate_target: float, *, softness: float = 0.1,
                    levels: int = 2, steps: int = 1500, batch: int = 256, lr: float = 1e-2,
                    beta: float = 5.0, lam_marginal: float = 200.0, hidden: int = 32,
                    seed: int = 0, device="cpu") -> BinaryCompressor:
    r"""Train a :class:`BinaryCompressor` for rate ≈ ``rate_target`` bits and P(Y=1) ≈ q_Y.

    .. math::
        \mathcal L = E\,1\{X \ne Y\} + \lambda_m (P(Y{=}1) - q_Y)^2
        + \beta\,\big(\tilde H(Z\mid U) - R_{target}\big)_+ ,

    with the expectation over x ∈ {0, 1} exact and over u by ``batch`` shared-dither draws;
    :math:`\tilde H` is the entropy (bits) of the soft level assignments.
    """
    return train_bernoulli_prefixes(q_x, q_y, rate_target, (steps,), softness=softness,
                                    levels=levels, batch=batch, lr=lr, beta=beta,
                                    lam_marginal=lam_marginal, hidden=hidden, seed=seed,
                                    device=device)[0]


def train_bernoulli_prefixes(q_x: float, q_y: float, rate_target: float, steps: tuple, *,
                             softness: float = 0.1, levels: int = 2, batch: int = 256,
                             lr: float = 1e-2, beta: float = 5.0, lam_marginal: float = 200.0,
                             hidden: int = 32, seed: int = 0,
                             device="cpu") -> list[BinaryCompressor]:
    """:func:`train_bernoulli` at each training length of ``steps``, from one run of the
    longest: the run after n steps *is* the run of n steps (same seed, no schedule that depends
    on the length), so each model is a copy taken there, identical to its own run."""
    import copy

    check_param("q_x", q_x, _PROB, "train_bernoulli")
    check_param("q_y", q_y, _PROB, "train_bernoulli")
    check_param("rate_target", rate_target, Interval(0, None, "left"), "train_bernoulli")
    for n in steps:
        check_param("steps", n, _STEPS, "train_bernoulli")
    dev = torch.device(device)
    model = _init(seed, lambda: BinaryCompressor(levels, hidden, softness)).to(dev, torch.float64)
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    dither = CommonRandomness(seed, dev).stream()
    x = torch.tensor([[0.0], [1.0]], dtype=torch.float64, device=dev)
    px = torch.tensor([1 - q_x, q_x], dtype=torch.float64, device=dev)
    q = model.quantizer
    c = q.centers.to(dev)
    taken = {}
    for step in range(1, max(steps) + 1):
        u = q.dither(batch, dither, dtype=torch.float64).unsqueeze(1)  # (B, 1, 1)
        z = model.encoder(x).unsqueeze(0)  # (1, 2, 1)
        p1 = torch.sigmoid(model.decoder(q(z, u))).squeeze(-1)  # (B, 2)
        dist = (px * torch.stack([p1[:, 0], 1 - p1[:, 1]], dim=1)).sum(1).mean()
        q_hat = (px * p1).sum(1).mean()
        w = torch.softmax(-(z + u).unsqueeze(-1).sub(c).abs() / (softness * q.step), dim=-1)
        pk = (px[None, :, None, None] * w).sum(1)  # (B, 1, L)
        h_soft = -(pk * torch.log2(pk.clamp_min(1e-30))).sum(-1).mean()
        loss = (dist + lam_marginal * (q_hat - q_y) ** 2
                + beta * torch.relu(h_soft - rate_target))
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step in steps:
            taken[step] = model if step == max(steps) else copy.deepcopy(model)
    return [taken[n] for n in steps]


@torch.no_grad()
def _bernoulli_moments(model: BinaryCompressor, q_x: float, q_s1: float, n_u: int):
    q = model.quantizer
    dev = q.centers.device
    u = ((torch.arange(n_u, dtype=torch.float64, device=dev) + 0.5) / n_u - 0.5) * q.step
    u = u[:, None, None]
    x = torch.tensor([[0.0], [1.0]], dtype=torch.float64, device=dev)
    z = model.encoder(x).unsqueeze(0)
    k = q.encode(z, u).squeeze(-1).cpu().numpy()  # (n_u, 2)
    p1 = torch.sigmoid(model.decode(q.encode(z, u), u)).squeeze(-1).cpu().numpy()  # (n_u, 2)
    px = np.array([1 - q_x, q_x])
    split = k[:, 0] != k[:, 1]
    rate = float(np.mean(split) * _bits_entropy(px))  # H(Z|U=u) is H(X) or 0
    distortion = float(np.mean(px[0] * p1[:, 0] + px[1] * (1 - p1[:, 1])))
    q_hat = float(np.mean(px @ p1.T))
    ps_x = np.array([[1 - q_s1, q_s1], [q_s1, 1 - q_s1]])  # P(S=s | X=x), S = X xor S1

    def h_s_given_y(py_x):  # py_x (2,) = P(Y=1 | X=x)
        pyx = np.stack([1 - py_x, py_x], axis=1)  # (x, y)
        joint = np.einsum("x,xs,xy->sy", px, ps_x, pyx)
        return float(_bits_entropy(joint.ravel()) - _bits_entropy(joint.sum(0)))

    h_sy = h_s_given_y(p1.mean(0))
    h_syu = float(np.mean([h_s_given_y(row) for row in p1[:: max(1, n_u // 512)]]))
    return rate, distortion, q_hat, h_sy, h_syu


def evaluate_bernoulli(model: BinaryCompressor, q_x: float, q_y: float, *, q_s1: float = 0.1,
                       rate_target: float = float("nan"), steps: int = 0,
                       n_u: int = 1 << 14) -> BernoulliPoint:
    """Exact evaluation: enumerate x ∈ {0, 1}; integrate u on an ``n_u``-point midpoint grid.

    The quadrature error is estimated as the largest change of (rate, distortion, P(Y=1)) when
    the grid is halved.
    """
    fine = _bernoulli_moments(model, q_x, q_s1, n_u)
    coarse = _bernoulli_moments(model, q_x, q_s1, n_u // 2)
    err = max(abs(a - b) for a, b in zip(fine[:3], coarse[:3]))
    return BernoulliPoint(q_x, q_y, q_s1, rate_target, steps,
                          math.log2(model.quantizer.levels), *fine, quadrature_error=err)


# ----------------------------------------------------------------------------- Gaussian
@dataclass(frozen=True)
class GaussianPoint:
    """One learned Gaussian compressor, evaluated by Monte Carlo (rates in bits)."""

    levels: int
    steps: int
    rate_nominal: float  # latent_dim · log2 L
    rate_entropy: float  # plug-in H(Z|U) (Miller–Madow corrected)
    distortion: float  # mean (X − Y)²
    distortion_se: float
    mu_y_hat: float
    sigma_y_hat: float
    corr_xy: float
    w2_to_target: float  # W2(p_Ỹ, N(μ_Y, σ_Y²)), estimated with sorted samples
    h_s_given_y_upper: float  # ½ log2(2πe σ_S²(1 − ρ_SY²)) ≥ h(S|Y), bits
    batches: tuple = field(default=(), repr=False)  # per batch: (D, m_x, s_x, m_y, s_y)


def train_gaussian(levels: int, *, mu_x: float = 0.0, sigma_x: float = 1.0, mu_y: float = 0.3,
                   sigma_y: float = 0.8, latent_dim: int = 1, steps: int = 2000,
                   batch: int = 512, lr: float = 3e-3, lam_p: float = 5.0, hidden: int = 64,
                   seed: int = 0, device="cpu", dtype=torch.float32) -> Compressor:
    r"""Train x ↦ g(Q(f(x)+u)−u) for X ~ N(μ_X, σ_X²) with the target law N(μ_Y, σ_Y²).

    .. math:: \mathcal L = E(X-\tilde Y)^2 + \lambda_p W_2^2(\hat p_{\tilde Y}, \hat p_Y)

    with the 1-D W2² of sorted batches (:func:`sorted_w2_squared`) as the perception term.
    ``dtype``: of the network and the samples (float64 to compare with the batched trainer).
    """
    check_param("steps", steps, _STEPS, "train_gaussian")
    check_param("sigma_x", sigma_x, _POS, "train_gaussian")
    check_param("sigma_y", sigma_y, _POS, "train_gaussian")
    dev = torch.device(device)
    # batch_norm: without it the straight-through gradient saturated tanh at L = 16 (D = 2.27).
    model = _init(seed, lambda: Compressor(1, 1, levels, latent_dim, hidden,
                                           batch_norm=True)).to(dev, dtype)
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, steps)
    dither = CommonRandomness(seed, dev).stream()
    data = device_generator(dev, seed + 1_000_003)
    q = model.quantizer
    for _ in range(steps):
        x = mu_x + sigma_x * torch.randn((batch, 1), generator=data, device=dev, dtype=dtype)
        y_ref = mu_y + sigma_y * torch.randn((batch, 1), generator=data, device=dev,
                                             dtype=dtype)
        y = model((x - mu_x) / sigma_x, q.dither(batch, dither)) * sigma_y + mu_y
        loss = F.mse_loss(y, x) + lam_p * sorted_w2_squared(y, y_ref)
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
    return model.eval()


@torch.no_grad()
def evaluate_gaussian(model: Compressor, *, mu_x: float = 0.0, sigma_x: float = 1.0,
                      mu_y: float = 0.3, sigma_y: float = 0.8, theta: float = 0.8,
                      sigma_s: float = 1.0, n: int = 1 << 16, n_batches: int = 16,
                      steps: int = 0, seed: int = 12345) -> GaussianPoint:
    r"""Monte Carlo evaluation on ``n`` fresh samples with fresh shared dither.

    The label is S = μ_S + θ/σ_X²·(X−μ_X) + noise with Cov(X, S) = θ and Var S = σ_S². The
    bound gap is computed per batch, and its spread over ``n_batches`` batches gives the
    standard error. Per batch the sample moments
    (D, m_X, s_X, m_Y, s_Y) are returned (biased moments, so that
    D = (m_X−m_Y)² + s_X² + s_Y² − 2 s_X s_Y r̂ holds exactly).
    """
    q = model.quantizer
    dev = q.centers.device
    gen = device_generator(dev, seed)
    x = mu_x + sigma_x * torch.randn((n, 1), generator=gen, device=dev, dtype=torch.float32)
    noise = torch.randn((n, 1), generator=gen, device=dev, dtype=torch.float32)
    s = theta / sigma_x**2 * (x - mu_x) + math.sqrt(sigma_s**2 - theta**2 / sigma_x**2) * noise
    enc, dec = CommonRandomness(seed, dev).stream(), CommonRandomness(seed, dev).stream()
    index = model.encode((x - mu_x) / sigma_x, q.dither(n, enc))
    y = model.decode(index, q.dither(n, dec)) * sigma_y + mu_y
    x64, y64, s64 = (t.double().cpu().numpy().ravel() for t in (x, y, s))
    d = (x64 - y64) ** 2
    batches = tuple((float(((xb - yb) ** 2).mean()), float(xb.mean()), float(xb.std()),
                     float(yb.mean()), float(yb.std()))
                    for xb, yb in zip(np.array_split(x64, n_batches),
                                      np.array_split(y64, n_batches)))
    ref = np.sort(mu_y + sigma_y * np.random.default_rng(seed).standard_normal(n))
    rho_sy = np.corrcoef(s64, y64)[0, 1]
    # H(Z|U): dither on a grid, plug-in entropy of the messages of the n samples per u.
    n_u, m = 32, min(n, 4096)
    hz = []
    for j in range(n_u):
        u = torch.full((m, q.latent_dim), ((j + 0.5) / n_u - 0.5) * q.step, device=dev)
        idx = model.encode((x[:m] - mu_x) / sigma_x, u).cpu().numpy()
        support = len(np.unique(idx, axis=0))
        hz.append(conditional_entropy_bits(idx) + (support - 1) / (2 * m * math.log(2)))
    return GaussianPoint(
        levels=q.levels, steps=steps, rate_nominal=model.rate_bits,
        rate_entropy=float(np.mean(hz)), distortion=float(d.mean()),
        distortion_se=float(d.std() / math.sqrt(n)), mu_y_hat=float(y64.mean()),
        sigma_y_hat=float(y64.std()), corr_xy=float(np.corrcoef(x64, y64)[0, 1]),
        w2_to_target=float(np.sqrt(np.mean((np.sort(y64) - ref) ** 2))),
        h_s_given_y_upper=float(0.5 * math.log2(2 * math.pi * math.e * sigma_s**2
                                                * (1 - rho_sy**2))),
        batches=batches)


# ----------------------------------------------------------------------------- digits
def degrade(images: torch.Tensor) -> torch.Tensor:
    """8×8 → 4×4 (2×2 average pooling) → 8×8 (bilinear): the super-resolution input."""
    small = F.avg_pool2d(images.reshape(-1, 1, 8, 8), 2)
    up = F.interpolate(small, size=(8, 8), mode="bilinear", align_corners=False)
    return up.reshape(len(images), 64)


@dataclass(frozen=True)
class DigitsRun:
    """One super-resolution run (MSE per pixel on [0, 1] grey levels; rate in bits)."""

    latent_dim: int
    levels: int
    rate: float
    lam_p: float
    lam_c: float
    seed: int
    mse_to_input: float  # the paper's distortion: E‖X − Ỹ‖²/64, X the degraded input
    mse_to_clean: float  # against the (unseen) high-resolution image
    accuracy: float  # classifier trained on reconstructions, on test reconstructions
    epoch_seconds: float
    examples: np.ndarray = field(repr=False, default=None)  # (k, 64) test reconstructions


def train_digits(images: np.ndarray, labels: np.ndarray, *, latent_dim: int, levels: int = 4,
                 lam_p: float = 1e-3, lam_c: float = 1e-3, epochs: int = 60, batch: int = 64,
                 lr: float = 2e-3, n_critic: int = 1, lam_gp: float = 10.0, seed: int = 0,
                 device="cpu", n_examples: int = 8, dtype=torch.float32) -> DigitsRun:
    r"""Unpaired super-resolution on digits with a rate of ``latent_dim · log2 levels`` bits.

    The data (grey levels scaled to [0, 1]) are split three ways with ``seed``: degraded inputs
    X (40%), an unpaired clean reference set for the critic (30%), and a test set (30%).
    Per batch: ``n_critic`` WGAN-GP critic steps, one classifier step on the detached
    reconstructions, then one step of

    .. math:: \mathcal L = E\|X-\tilde Y\|^2/64 + \lambda_p\,(-E\,c(\tilde Y)) + \lambda_c\,CE(S, h(\tilde Y)).

    ``dtype``: of the networks and the images (float64 to compare with the batched trainer,
    :mod:`numerics.compression.batched`, beyond float32 rounding).
    """
    check_param("epochs", epochs, _STEPS, "train_digits")
    check_param("lam_p", lam_p, Interval(0, None, "left"), "train_digits")
    check_param("lam_c", lam_c, Interval(0, None, "left"), "train_digits")
    import time

    dev = torch.device(device)
    rng = np.random.default_rng(seed)
    order = rng.permutation(len(images))
    n_a, n_b = int(0.4 * len(images)), int(0.3 * len(images))
    ia, ib, it = order[:n_a], order[n_a:n_a + n_b], order[n_a + n_b:]
    clean = torch.as_tensor(images.reshape(len(images), 64) / 16.0, dtype=torch.float32,
                            device=dev)
    y_lab = torch.as_tensor(labels, device=dev)
    x_all = degrade(clean)
    clean, x_all = clean.to(dtype), x_all.to(dtype)

    def build():
        return (Compressor(64, 64, levels, latent_dim, 128, out="sigmoid", batch_norm=True),
                Critic(64, 64), DigitClassifier())

    gen, critic, clf = (m.to(dev, dtype) for m in _init(seed, build))
    betas = (0.5, 0.999)
    opt_g = torch.optim.Adam(gen.parameters(), lr=lr, betas=betas)
    opt_c = torch.optim.Adam(critic.parameters(), lr=lr, betas=betas)
    opt_h = torch.optim.Adam(clf.parameters(), lr=lr, betas=betas)
    dither = CommonRandomness(seed, dev).stream()
    # index draws feed numpy indexing, so they stay on the CPU; the penalty's interpolation
    # weights are drawn next to the samples, on the training device
    shuffle = device_generator("cpu", seed)
    penalty = device_generator(dev, seed + 1)
    q = gen.quantizer
    t0 = time.perf_counter()
    for _ in range(epochs):
        perm = ia[torch.randperm(len(ia), generator=shuffle).numpy()]
        for start in range(0, len(perm) - batch + 1, batch):
            idx = torch.as_tensor(perm[start:start + batch], device=dev)
            ref = torch.as_tensor(ib[torch.randint(len(ib), (batch,), generator=shuffle)
                                     .numpy()], device=dev)
            x, s, real = x_all[idx], y_lab[idx], clean[ref]
            y = gen(x, q.dither(batch, dither))
            for _ in range(n_critic):
                loss_c = (critic(y.detach()).mean() - critic(real).mean()
                          + lam_gp * gradient_penalty(critic, real, y.detach(), penalty))
                opt_c.zero_grad()
                loss_c.backward()
                opt_c.step()
            loss_h = F.cross_entropy(clf(y.detach()), s)
            opt_h.zero_grad()
            loss_h.backward()
            opt_h.step()
            loss = (F.mse_loss(y, x) - lam_p * critic(y).mean()
                    + lam_c * F.cross_entropy(clf(y), s))
            opt_g.zero_grad()
            loss.backward()
            opt_g.step()
    epoch_s = (time.perf_counter() - t0) / epochs
    gen.eval()
    clf.eval()
    with torch.no_grad():
        test = torch.as_tensor(it, device=dev)
        eval_u = CommonRandomness(seed + 7, dev).stream()
        y = gen(x_all[test], q.dither(len(it), eval_u))
        acc = float((clf(y).argmax(1) == y_lab[test]).double().mean())
        return DigitsRun(latent_dim, levels, q.rate_bits, lam_p, lam_c, seed,
                         float(F.mse_loss(y, x_all[test])), float(F.mse_loss(y, clean[test])),
                         acc, epoch_s, y[:n_examples].cpu().numpy())


def digits_split_examples(images: np.ndarray, seed: int, k: int = 8):
    """The first ``k`` test images of ``train_digits``'s split: (clean, degraded), (k, 64)."""
    order = np.random.default_rng(seed).permutation(len(images))
    it = order[int(0.4 * len(images)) + int(0.3 * len(images)):][:k]
    clean = torch.as_tensor(images[it].reshape(k, 64) / 16.0, dtype=torch.float32)
    return clean.numpy(), degrade(clean).numpy()
