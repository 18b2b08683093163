"""Software tests of numerics.pcg: disjoint pools, the data match theory.pcg, the model's
causality, and a short deterministic training (claims: pcg.light.*)."""

import numpy as np
import pytest
import torch

from numerics.pcg.data import held_out_sequences, pools, sample_sequences
from numerics.pcg.model import GPTConfig, TinyGPT, per_position_accuracy, train
from theory.pcg import generate


def test_pools_are_disjoint_and_full_period():
    p = pools(10, 64, 64, 16, 16, seed=3)
    assert not set(p.train_a) & set(p.test_a) and not set(p.train_c) & set(p.test_c)
    assert all(a % 4 == 1 and a > 1 for a in np.r_[p.train_a, p.test_a])
    assert all(c % 2 == 1 and c >= 3 for c in np.r_[p.train_c, p.test_c])
    with pytest.raises(ValueError, match="The 'n_a' parameter of pools must be"):
        pools(6, 20, 4, 4, 4)


def test_sequences_match_theory():
    p = pools(10, 8, 8, 4, 4)
    X = held_out_sequences(p, 30, "tlcg", 10, b=5, per_pair=1, seed=0)
    assert X.shape == (16, 30) and X.max() < 32
    rng = np.random.default_rng(0)
    Y = sample_sequences(rng, p.train_a, p.train_c, 3, 20, "xshrr", 10, b=5, cb=2)
    rng = np.random.default_rng(0)
    a, c = rng.choice(p.train_a, 3), rng.choice(p.train_c, 3)
    s0 = rng.integers(0, 1024, 3)
    assert Y[1].tolist() == generate("xshrr", int(a[1]), int(c[1]), int(s0[1]), 10, 20, b=5,
                                     cb=2)


def test_model_is_causal():
    torch.manual_seed(0)
    m = TinyGPT(GPTConfig(vocab=16, ctx=12, d=16))
    x = torch.randint(0, 16, (2, 12))
    y = x.clone()
    y[:, 8:] = (y[:, 8:] + 1) % 16
    assert torch.allclose(m(x)[:, :8], m(y)[:, :8], atol=1e-6)


def test_training_is_deterministic_and_reduces_loss():
    p = pools(8, 8, 8, 4, 4)

    def run():
        torch.manual_seed(0)
        m = TinyGPT(GPTConfig(vocab=16, ctx=24, d=16))
        samp = lambda rng: sample_sequences(rng, p.train_a, p.train_c, 8, 24, "tlcg", 8, b=4)
        return m, train(m, samp, 30, lr=3e-3, warmup=5, seed=1)

    (m1, l1), (_, l2) = run(), run()
    assert l1 == l2 and np.isfinite(l1).all()
    acc = per_position_accuracy(m1, held_out_sequences(p, 24, "tlcg", 8, b=4))
    assert acc.shape == (23,) and ((0 <= acc) & (acc <= 1)).all()


@pytest.mark.skipif(not torch.cuda.is_available(), reason="no CUDA device")
def test_cuda_forward_matches_cpu():
    m = TinyGPT(GPTConfig(vocab=16, ctx=12, d=16))
    x = torch.randint(0, 16, (2, 12))
    assert torch.allclose(m(x), m.to("cuda")(x.cuda()).cpu(), atol=1e-4)
