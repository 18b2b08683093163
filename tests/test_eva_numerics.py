"""Software tests of numerics.eva: the torch WKV against theory.eva, the encoder's step against
its chunked pass, the digits-to-events converter and the pre-training targets."""

import numpy as np
import pytest

torch = pytest.importorskip("torch")

from numerics.eva.events import digit_to_events, digits_events
from numerics.eva.experiments import mrp_targets, readout_index
from numerics.eva.model import EventEncoder, wkv_chunked, wkv_recurrent
from theory.eva import count_image, decayed_count_image
from theory.eva import wkv_recurrent as np_wkv


def _wkv_inputs(device="cpu", dtype=torch.float64):
    g = torch.Generator().manual_seed(0)
    r, k, v = (torch.randn(2, 2, 23, n, generator=g, dtype=dtype) for n in (4, 4, 3))
    logw = -torch.exp(torch.randn(2, 2, 23, 4, generator=g, dtype=dtype))
    u = torch.randn(2, 4, generator=g, dtype=dtype)
    return [t.to(device) for t in (r, k, v, logw, u)]


def test_torch_wkv_matches_theory():
    r, k, v, logw, u = _wkv_inputs()
    o_r, s_r = wkv_recurrent(r, k, v, logw, u)
    o_c, s_c = wkv_chunked(r, k, v, logw, u, chunk=5)
    ref = np_wkv(r[1, 0].numpy(), k[1, 0].numpy(), v[1, 0].numpy(), logw[1, 0].exp().numpy(),
                 u[0].numpy())
    np.testing.assert_allclose(o_r[1, 0].numpy(), ref, atol=1e-12)
    torch.testing.assert_close(o_c, o_r, atol=1e-12, rtol=0)
    torch.testing.assert_close(s_c, s_r, atol=1e-12, rtol=0)


def test_encoder_step_and_continuation_match_chunked_pass():
    torch.manual_seed(0)
    m = EventEncoder(512, 16, 2, 2)
    tok = torch.randint(0, 512, (2, 30))
    dt = torch.rand(2, 30)
    with torch.no_grad():
        f, _ = m(tok, dt)
        c, steps = None, []
        for t in range(30):
            s, c = m.step(tok[:, t], dt[:, t], c)
            steps.append(s)
        a, ca = m(tok[:, :11], dt[:, :11])
        b, _ = m(tok[:, 11:], dt[:, 11:], cache=ca)
    torch.testing.assert_close(torch.stack(steps, 1), f, atol=1e-5, rtol=1e-5)
    torch.testing.assert_close(torch.cat([a, b], 1), f, atol=1e-5, rtol=1e-5)


def test_state_at_ignores_later_events():
    torch.manual_seed(1)
    m = EventEncoder(512, 16, 2, 1)
    tok = torch.randint(0, 512, (3, 20))
    dt = torch.rand(3, 20)
    idx = torch.tensor([4, 10, 19])
    with torch.no_grad():
        s = m.state_at(tok, dt, idx)
        for b in range(3):
            n = int(idx[b]) + 1
            x = m.state_at(tok[b:b + 1, :n], dt[b:b + 1, :n], torch.tensor([n - 1]))
            torch.testing.assert_close(s[b:b + 1], x, atol=1e-5, rtol=1e-5)


@pytest.mark.parametrize("layers", [1, 2])
def test_states_at_is_the_masked_full_pass_state_bit_for_bit(layers):
    # the read-out forms only the last layer's state; it must be the very state a full chunked
    # pass with the read-out mask ends in, not merely close to it
    torch.manual_seed(2)
    m = EventEncoder(512, 16, 2, layers)
    with torch.no_grad():
        for p in m.parameters():
            p.add_(0.1 * torch.randn_like(p))
    tok = torch.randint(0, 512, (4, 37))
    dt = torch.rand(4, 37)
    idx = torch.tensor([[0, 5, 20, 36], [3, 3, 16, 31], [15, 16, 17, 18], [36, 36, 36, 36]])
    with torch.no_grad():
        s = m.states_at(tok, dt, idx, chunk=16)
        for j in range(idx.shape[1]):
            keep = torch.arange(37)[None, :] <= idx[:, j, None]
            x = m._embed(tok, dt)
            for b in m.blocks:
                x, (_, _, S) = b(x, chunk=16, keep=keep)
            assert torch.equal(s[:, j], S.flatten(1))


@pytest.mark.skipif(not torch.cuda.is_available(), reason="CUDA not available")
def test_torch_wkv_on_cuda_matches_cpu():
    cpu = _wkv_inputs()
    gpu = _wkv_inputs("cuda")
    torch.testing.assert_close(wkv_chunked(*gpu, chunk=5)[0].cpu(), wkv_recurrent(*cpu)[0],
                               atol=1e-10, rtol=0)


def test_digit_events_sorted_and_on_canvas():
    rng = np.random.default_rng(0)
    img = np.zeros((8, 8))
    img[2:6, 3:5] = 1.0
    E = digit_to_events(img, rng)
    assert len(E) > 10
    assert np.all(np.diff(E[:, 0]) >= 0)
    assert E[:, 1].min() >= 0 and E[:, 1].max() < 16 and set(np.unique(E[:, 3])) <= {0.0, 1.0}
    with pytest.raises(ValueError, match="The 'thr' parameter of digit_to_events must be a finite float "
                       "> 0"):
        digit_to_events(img, rng, thr=0)


def test_mrp_targets_are_pooled_count_and_decayed_count_images():
    d = digits_events(0, n=5, max_events=40)
    tg = mrp_targets(d)
    i, n = 3, int(d["length"][3])
    E = d["events"][i]
    c = count_image(E, (16, 16)).reshape(2, 4, 4, 4, 4).sum((2, 4)).ravel()
    dc = decayed_count_image(E, (16, 16), 3.0).reshape(2, 4, 4, 4, 4).sum((2, 4)).ravel()
    np.testing.assert_allclose(tg[i, n - 1, :32], np.log1p(c), rtol=1e-6)
    np.testing.assert_allclose(tg[i, n - 1, 32:], np.log1p(dc), rtol=1e-5)
    idx = readout_index(d["length"])
    assert np.all(idx[:, -1] == d["length"] - 1) and np.all(np.diff(idx, axis=1) >= 0)
