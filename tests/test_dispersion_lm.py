"""Software tests of numerics.dispersion: the corpus split, the torch dispersion and push-away
gradient against theory.dispersion (float64 autograd), determinism of training, the experiment
summaries, and the device path (a CUDA test skipped without a GPU)."""

import numpy as np
import pytest
import torch

from numerics.dispersion.corpus import stdlib_corpus
from numerics.dispersion.experiments import partial_spearman, spearman_ci
from numerics.dispersion.model import (
    ByteLM,
    LMConfig,
    chunk_stats,
    dispersion_torch,
    eval_chunks,
    train_lm,
)
from theory.dispersion import dispersion, push_away_grad
from theory.validation import InvalidParameterError

TINY = LMConfig(d=16, layers=1, heads=2, ctx=16, batch=4, warmup=2)


def test_corpus_is_deterministic_and_split_by_file():
    a, b = stdlib_corpus(20_000, 5_000), stdlib_corpus.__wrapped__(20_000, 5_000)
    assert a.train.size == 20_000 and a.val.size == 5_000
    assert np.array_equal(a.train, b.train) and np.array_equal(a.val, b.val)
    assert bytes(a.train[:200]) != bytes(a.val[:200])
    with pytest.raises(InvalidParameterError, match="'max_train' parameter"):
        stdlib_corpus(10, 5_000)


def test_dispersion_torch_matches_theory(seed):
    E = np.random.default_rng(seed).normal(size=(30, 6)) + 0.4
    assert float(dispersion_torch(torch.tensor(E))) == pytest.approx(dispersion(E), rel=1e-12)


def test_push_away_autograd_matches_theory_gradient(seed):
    E = np.random.default_rng(seed).normal(size=(9, 5))
    H = torch.tensor(E, requires_grad=True)
    (-dispersion_torch(H)).backward()
    np.testing.assert_allclose(H.grad.numpy(), push_away_grad(E), rtol=1e-10, atol=1e-14)


def test_bytelm_is_causal():
    torch.manual_seed(0)
    m = ByteLM(16, 1, 2, 16).double()
    x = torch.randint(0, 256, (1, 16))
    y = x.clone()
    y[0, 10:] = (y[0, 10:] + 1) % 256
    la, _ = m(x)
    lb, _ = m(y)
    torch.testing.assert_close(la[0, :10], lb[0, :10])


def test_training_is_deterministic_and_push_away_raises_dispersion():
    c = stdlib_corpus(50_000, 5_000)
    ch = eval_chunks(c.val, 20, TINY.ctx)
    _, h0 = train_lm(c.train, ch, TINY, 40, lam=0.0, seed=3, eval_at=(20,))
    _, h0b = train_lm(c.train, ch, TINY, 40, lam=0.0, seed=3)
    _, h1 = train_lm(c.train, ch, TINY, 40, lam=1.0, seed=3)
    assert [s for s, _ in h0] == [20, 40]
    np.testing.assert_array_equal(h0[-1][1]["ppl"], h0b[-1][1]["ppl"])
    assert h1[-1][1]["D"][:, -1].mean() > h0[-1][1]["D"][:, -1].mean()


def test_chunk_stats_shapes_and_confounders():
    torch.manual_seed(0)
    m = ByteLM(16, 2, 2, 8)
    chunks = np.array([[32] * 8, list(range(97, 105))], dtype=np.uint8)
    st = chunk_stats(m, chunks)
    assert st["D"].shape == (2, 4) and st["ppl"].shape == (2,)
    np.testing.assert_array_equal(st["n_distinct"], [1, 8])
    np.testing.assert_allclose(st["space_frac"], [1, 0])
    assert np.all(st["ppl"] > 1)


def test_summary_statistics():
    rng = np.random.default_rng(0)
    x = rng.normal(size=300)
    y = x + rng.normal(size=300)
    rho, lo, hi = spearman_ci(x, y, rng, n_boot=300)
    assert lo < rho < hi and lo > 0.4
    z = rng.normal(size=300)
    assert abs(partial_spearman(x + z, y + z, z)) < abs(partial_spearman(x + z, y + z, x)) + 1


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA device")
def test_training_runs_on_cuda():
    c = stdlib_corpus(50_000, 5_000)
    ch = eval_chunks(c.val, 20, TINY.ctx)
    _, h = train_lm(c.train, ch, TINY, 10, lam=0.1, seed=0, device="cuda")
    _, hc = train_lm(c.train, ch, TINY, 10, lam=0.1, seed=0, device="cpu")
    assert np.isfinite(h[-1][1]["ppl"]).all()
    # same initial weights on both devices; the data streams differ (device generators)
    assert h[-1][1]["D"].shape == hc[-1][1]["D"].shape
