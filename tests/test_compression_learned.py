"""Learned compressors: the quantiser (shared dither, rate accounting), the bound on a short run,
the digits degradation and loaders."""

from __future__ import annotations

import math

import numpy as np
import pytest
import torch

from numerics.compression.models import BinaryCompressor, Compressor, sorted_w2_squared
from numerics.compression.quantizer import (
    CommonRandomness,
    UniversalQuantizer,
    conditional_entropy_bits,
    rate_bits,
)
from numerics.compression.training import (
    degrade,
    evaluate_bernoulli,
    evaluate_gaussian,
    train_bernoulli,
    train_gaussian,
)
from theory.validation import InvalidParameterError


def test_dither_is_shared_by_encoder_and_decoder(seed):
    q = UniversalQuantizer(levels=4, latent_dim=3)
    cr = CommonRandomness(seed)
    enc, dec = cr.stream(), cr.stream()
    for _ in range(3):  # the streams stay in step call after call
        assert torch.equal(q.dither(50, enc), q.dither(50, dec))
    other = CommonRandomness(seed + 1).stream()
    assert not torch.equal(q.dither(50, CommonRandomness(seed).stream()), q.dither(50, other))


def test_dither_is_uniform_on_one_step(seed):
    q = UniversalQuantizer(levels=4, latent_dim=1)
    u = q.dither(20000, CommonRandomness(seed).stream(), dtype=torch.float64).numpy().ravel()
    assert u.min() >= -q.step / 2 and u.max() < q.step / 2
    # Kolmogorov-Smirnov against Unif[-Δ/2, Δ/2): independent check of the law
    from scipy.stats import kstest
    assert kstest(u, "uniform", args=(-q.step / 2, q.step)).pvalue > 1e-3


def test_decoder_reconstructs_from_indices_and_its_own_dither(seed):
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(seed)
        model = Compressor(5, 5, levels=4, latent_dim=3)
    x = torch.randn(64, 5, generator=torch.Generator().manual_seed(seed))
    cr = CommonRandomness(seed)
    u_enc, u_dec = model.quantizer.dither(64, cr.stream()), model.quantizer.dither(64, cr.stream())
    index = model.encode(x, u_enc)  # all that is transmitted
    assert index.dtype == torch.int64 and index.min() >= 0 and index.max() <= 3
    assert torch.allclose(model.decode(index, u_dec), model(x, u_enc))
    # a decoder with different randomness does not reproduce the joint pass
    u_bad = model.quantizer.dither(64, CommonRandomness(seed + 1).stream())
    assert not torch.allclose(model.decode(index, u_bad), model(x, u_enc))


def test_universal_quantiser_error_is_uniform_and_independent(seed):
    # Crypto lemma: Q(z + u) − u − z ~ Unif[−Δ/2, Δ/2), whatever z (inside the level range).
    q = UniversalQuantizer(levels=8, latent_dim=1)
    g = torch.Generator().manual_seed(seed)
    z = (torch.rand(40000, 1, generator=g, dtype=torch.float64) - 0.5) * 1.4
    # a dither seed different from the source seed: U must be independent of X
    u = q.dither(40000, CommonRandomness(seed + 1).stream(), dtype=torch.float64)
    err = (q.decode(q.encode(z, u), u) - z).numpy().ravel()
    assert np.abs(err).max() <= q.step / 2 + 1e-12
    assert abs(np.var(err) - q.step**2 / 12) < 0.03 * q.step**2 / 12
    assert abs(np.corrcoef(err, z.numpy().ravel())[0, 1]) < 0.03


@pytest.mark.parametrize("latent_dim,levels", [(1, 2), (2, 4), (16, 4), (3, 5)])
def test_rate_accounting_is_latent_dim_log2_levels(latent_dim, levels, seed):
    q = UniversalQuantizer(levels, latent_dim)
    assert q.rate_bits == rate_bits(latent_dim, levels) == latent_dim * math.log2(levels)
    # The messages really take at most L^d values, so the plug-in H(Z|U=u) never exceeds it.
    z = torch.tanh(3 * torch.randn(4096, latent_dim, generator=torch.Generator().manual_seed(seed)))
    u = q.dither(1, CommonRandomness(seed).stream()).expand(4096, latent_dim)
    index = q.encode(z, u).numpy()
    assert len(np.unique(index, axis=0)) <= levels**latent_dim
    assert conditional_entropy_bits(index) <= q.rate_bits + 1e-12


def test_conditional_entropy_matches_scipy(seed):
    from scipy.stats import entropy
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, 5, size=(1000, 2))
    _, counts = np.unique(idx, axis=0, return_counts=True)
    assert abs(conditional_entropy_bits(idx) - entropy(counts, base=2)) < 1e-12


def test_quantiser_gradient_flows_straight_through():
    q = UniversalQuantizer(4, 2)
    z = torch.zeros(3, 2, requires_grad=True)
    q(z, torch.zeros(3, 2)).sum().backward()
    assert torch.equal(z.grad, torch.ones(3, 2))


def test_bad_quantiser_parameters_raise():
    with pytest.raises(InvalidParameterError, match="'levels' parameter of UniversalQuantizer"):
        UniversalQuantizer(1, 2)
    with pytest.raises(InvalidParameterError, match="'latent_dim' parameter of rate_bits"):
        rate_bits(0, 4)
    with pytest.raises(InvalidParameterError, match="'q_x' parameter of train_bernoulli"):
        train_bernoulli(1.5, 0.3, 0.5, steps=1)


def test_bernoulli_learned_above_oneshot_bound_matches_lp(seed):
    from theory.compression import bernoulli_rate_only_oneshot, binary_entropy
    from theory.compression._reference_lp import bernoulli_oneshot_lp

    q_x = q_y = 0.3
    model = train_bernoulli(q_x, q_y, 0.7 * float(binary_entropy(q_x)), steps=150, seed=seed)
    p = evaluate_bernoulli(model, q_x, q_y, n_u=1 << 12)
    assert 0 <= p.rate <= float(binary_entropy(q_x)) + 1e-12 <= p.rate_nominal
    r = p.rate + p.quadrature_error + 1e-9
    closed = bernoulli_rate_only_oneshot(r, q_x, p.q_y_hat)
    lp = bernoulli_oneshot_lp(r, math.inf, q_x, p.q_y_hat, 0.1)
    assert abs(closed - lp) < 1e-7
    assert p.distortion >= closed - 1e-7


def test_bernoulli_evaluation_matches_monte_carlo(seed):
    # the exact evaluation against sampling X, U and the decoder's coin
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(seed)
        model = BinaryCompressor(levels=2).double()
    p = evaluate_bernoulli(model, 0.3, 0.3, n_u=1 << 12)
    rng = np.random.default_rng(seed)
    n = 200_000
    x = (rng.random(n) < 0.3).astype(float)
    q = model.quantizer
    u = torch.as_tensor((rng.random(n) - 0.5) * q.step)[:, None]
    with torch.no_grad():
        prob = torch.sigmoid(model(torch.as_tensor(x)[:, None], u)).numpy().ravel()
    y = rng.random(n) < prob
    assert abs(np.mean(y != x) - p.distortion) < 5 * math.sqrt(0.25 / n)
    assert abs(np.mean(y) - p.q_y_hat) < 5 * math.sqrt(0.25 / n)


def test_gaussian_learned_above_asymptotic_bound_on_short_run(seed):
    from theory.compression import gaussian_drc, gaussian_entropy

    model = train_gaussian(4, steps=100, seed=seed)
    p = evaluate_gaussian(model, n=1 << 13, n_batches=8)
    gaps = [d - gaussian_drc(2.0, gaussian_entropy(1.0), mu_x=mx, sigma_x=sx, mu_y=my,
                             sigma_y=sy, sigma_s=1.0, theta1=0.8 * sx)
            for d, mx, sx, my, sy in p.batches]
    assert np.mean(gaps) >= -3 * np.std(gaps, ddof=1) / math.sqrt(len(gaps))
    assert p.rate_entropy <= p.rate_nominal + 0.01


def test_sorted_w2_matches_pot(seed):
    import ot
    rng = np.random.default_rng(seed)
    a, b = rng.normal(size=300), rng.normal(1.0, 2.0, size=300)
    w = np.full(300, 1 / 300)
    expected = ot.emd2(w, w, ot.dist(a[:, None], b[:, None]))
    got = float(sorted_w2_squared(torch.as_tensor(a), torch.as_tensor(b)))
    assert abs(got - expected) < 1e-9


def test_digits_degradation_averages_2x2_blocks():
    from numerics.data import load_digits
    d = load_digits()
    clean = torch.as_tensor(d.images[:10].reshape(10, 64) / 16.0)
    x = degrade(clean)
    assert x.shape == (10, 64) and float(x.min()) >= 0 and float(x.max()) <= 1
    # bilinear upsampling of the block means preserves the overall mean of each image
    assert torch.allclose(x.mean(1), clean.mean(1), atol=1e-6)
    # the degradation loses information: distinct images can share their 4x4 version
    assert float(((x - clean) ** 2).mean()) > 0.005


# ------------------------------------------------------------------ device-correct random streams
def _small_digits(n=120):
    from numerics.data import load_digits

    d = load_digits()
    return d.images[:n], d.target[:n]


def test_gradient_penalty_rejects_a_generator_on_another_device():
    from numerics.compression.models import Critic, gradient_penalty

    real = torch.zeros(4, 64, device="meta")  # any non-CPU device shows the check on CPU
    with pytest.raises(InvalidParameterError, match="'generator' parameter of gradient_penalty"):
        gradient_penalty(Critic(64), real, real, torch.Generator(device="cpu"))


def test_device_generator_draws_on_its_device(seed):
    from numerics.compression.quantizer import device_generator

    g = device_generator("cpu", seed)
    assert g.device.type == "cpu"
    a = torch.rand(3, generator=g)
    b = torch.rand(3, generator=device_generator(torch.device("cpu"), seed))
    assert torch.equal(a, b)
    with pytest.raises(InvalidParameterError, match="'seed' parameter of device_generator"):
        device_generator("cpu", -1)


def test_training_step_draws_every_stream_on_the_tensors_device(monkeypatch):
    """The CPU run goes through the same code as a CUDA run: every generator handed to a draw
    lives on the device of the tensors it feeds (recorded by a spy on gradient_penalty and on
    the quantiser's dither)."""
    import numerics.compression.training as tr

    seen = []
    real_gp = tr.gradient_penalty

    def spy(critic, real, fake, generator):
        seen.append((generator.device.type, real.device.type))
        return real_gp(critic, real, fake, generator)

    monkeypatch.setattr(tr, "gradient_penalty", spy)
    images, labels = _small_digits()
    run = tr.train_digits(images, labels, latent_dim=2, epochs=1, batch=16, device="cpu")
    assert seen and all(g == t for g, t in seen)
    assert 0.0 <= run.accuracy <= 1.0


cuda = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")


@cuda
def test_training_steps_run_on_cuda():
    images, labels = _small_digits()
    from numerics.compression.training import train_digits

    run = train_digits(images, labels, latent_dim=2, epochs=1, batch=16, device="cuda")
    assert math.isfinite(run.mse_to_input) and 0.0 <= run.accuracy <= 1.0
    b = train_bernoulli(0.3, 0.3, 0.5, steps=5, device="cuda")
    p = evaluate_bernoulli(b, 0.3, 0.3, n_u=256)
    assert 0.0 <= p.distortion <= 1.0
    g = train_gaussian(2, steps=5, device="cuda")
    assert math.isfinite(evaluate_gaussian(g, n=1024).distortion)
