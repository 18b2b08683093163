"""Software tests of numerics.cupid: the torch loss against the numpy closed forms, the modules,
the host split, device-correct random streams (CUDA test skipped without a GPU)."""

import numpy as np
import pytest
import torch

from numerics.cupid.modules import CupidConv, CupidMLP, HostMLP, cupid_loss, split_host
from theory.cupid import au_loss, eu_loss


def test_cupid_loss_matches_theory(seed):
    rng = np.random.default_rng(seed)
    zh, z = rng.normal(size=(6, 3)), rng.normal(size=(6, 3))
    mh, m = rng.normal(size=(6, 8)), rng.normal(size=(6, 8))
    s, y = rng.normal(size=(6, 3)), rng.integers(0, 3, 6)
    t = lambda a: torch.tensor(a, dtype=torch.float64)
    got = cupid_loss(t(zh), t(z), t(mh), t(m), t(s), torch.tensor(y)).item()
    p = np.exp(zh) / np.exp(zh).sum(1, keepdims=True)
    want = eu_loss(zh, z, mh, m, 0.01) + 9e-3 * au_loss(np.eye(3)[y] - p, s)
    assert got == pytest.approx(want, rel=1e-12)


def test_cupid_loss_gradcheck(seed):
    """Gradients through the trained arguments (z and m are detached targets in the loss)."""
    g = torch.Generator().manual_seed(seed)
    r = lambda *sh: torch.randn(*sh, generator=g, dtype=torch.float64)
    z, m, y = r(4, 3), r(4, 5), torch.tensor([0, 1, 2, 0])
    zh, mh, s = (r(4, 3).requires_grad_(), (r(4, 5) + 3.0).requires_grad_(),
                 r(4, 3).requires_grad_())
    assert torch.autograd.gradcheck(lambda a, b, c: cupid_loss(a, z, b, m, c, y), (zh, mh, s))


def test_identity_init_is_identity_and_released_mlp_is_not():
    m = torch.relu(torch.randn(8, 64, generator=torch.Generator().manual_seed(0)))
    out, s = CupidMLP(64, 5, identity_init=True)(m)
    assert torch.equal(out, m) and s.shape == (8, 5)
    assert (CupidMLP(64, 5)(m)[0] - m).abs().sum() / m.abs().sum() > 0.5


def test_released_conv_parameter_count():
    assert sum(p.numel() for p in CupidConv().parameters()) == 7_795_670


def test_split_host_composes_to_host():
    host = HostMLP().eval()
    body, head = split_host(host)
    x = torch.rand(5, 64)
    assert torch.equal(head(body(x)), host(x))


def test_train_cupid_keeps_host_frozen():
    from numerics.cupid.experiments import digits_split, train_cupid, train_host

    (Xh, yh), *_ = digits_split(0)
    host = train_host(Xh, yh, seed=0, epochs=3)
    before = [p.clone() for p in host.parameters()]
    _, dev = train_cupid(host, Xh, yh, seed=0, epochs=4, record=(2, 4))
    assert set(dev) == {2, 4} and all(np.isfinite(v) for v in dev.values())
    assert all(torch.equal(a, b) for a, b in zip(before, host.parameters(), strict=True))


def test_mc_dropout_stream_is_reproducible():
    from numerics.cupid.experiments import scores

    host, cup = HostMLP().eval(), CupidMLP(64, 5).eval()
    X = np.random.default_rng(0).random((10, 64)).astype(np.float32)
    a, b = scores(host, cup, X, mc_seed=3), scores(host, cup, X, mc_seed=3)
    assert np.array_equal(a["mc"], b["mc"])


@pytest.mark.skipif(not torch.cuda.is_available(), reason="no CUDA device")
def test_scores_and_training_on_cuda():
    from numerics.cupid.experiments import digits_split, scores, train_cupid, train_host

    (Xh, yh), _, (Xt, _), _ = digits_split(0)
    host = train_host(Xh, yh, seed=0, epochs=5, device="cuda")
    cup, _ = train_cupid(host, Xh, yh, seed=0, epochs=4, record=(4,), device="cuda")
    out = scores(host, cup, Xt, device="cuda", mc_seed=0)
    assert np.all(np.isfinite(out["mc"])) and out["eu"].shape == (len(Xt),)
