"""Software tests of numerics.token_distill: the torch loss against theory.mse_on_hiddens, the
trainer keeps every original row and parameter bit-identical (and breaks with weight decay),
torch's AdamW against the written-out update, prefix positions of the causal LM, the corpus
split and token mining are deterministic, CUDA agreement when present."""

import numpy as np
import pytest
import torch

from numerics.token_distill.corpus import mine_tokens, snippets, stdlib_corpus
from numerics.token_distill.distill import init_rows, prepare, teacher_states, train_rows
from numerics.token_distill.model import BYTES, LMConfig, build_model, extend
from theory.token_distill import adaptive_init, fvt_init, merge_tokens, mse_on_hiddens
from theory.token_distill._reference import adamw_numpy

PHRASES = {tuple(b" self"): BYTES, tuple(b"return"): BYTES + 1}


def _windows():
    c = stdlib_corpus()
    return np.concatenate([snippets(c.train, bytes(p), 8, 48)[0] for p in PHRASES])


def test_torch_td_loss_matches_theory():
    model = build_model(LMConfig(d=16, ctx=48), seed=0)
    w = _windows()
    b = prepare(w, PHRASES)
    m = extend(model, init_rows(model, PHRASES, "fvt"))
    with torch.no_grad():
        hs = m(b.merged)[1].double().numpy()
        ht = teacher_states(model, b).double().numpy()
    for i in range(len(w)):
        mg = merge_tokens(w[i], PHRASES, pad=0)
        want = mse_on_hiddens(hs[i], ht[i], mg.mask)
        valid = np.arange(48) < mg.length
        got = np.mean((hs[i][valid] - ht[i][mg.mask == 1]) ** 2)
        assert got == pytest.approx(want, rel=1e-12)


def test_prefix_positions_have_zero_error_in_the_causal_lm():
    model = build_model(LMConfig(d=16, ctx=48), seed=1)
    w = _windows()[:4]
    b = prepare(w, PHRASES)
    m = extend(model, torch.randn(2, 16))
    with torch.no_grad():
        hs, ht = m(b.merged)[1], teacher_states(model, b)
    for i in range(len(w)):
        first = int(np.flatnonzero(b.merged[i].numpy() >= BYTES)[0])
        assert torch.equal(hs[i, :first], ht[i, :first])


def test_trainer_changes_only_new_rows_and_weight_decay_breaks_it():
    model = build_model(LMConfig(d=16, ctx=48), seed=0)
    b = prepare(_windows(), PHRASES)
    rows = init_rows(model, PHRASES, "fvt")
    for method in ("td", "ntp"):
        m, losses = train_rows(model, b, rows, method, epochs=1, batch=4)
        assert torch.equal(m.tok.weight[:BYTES], model.tok.weight)
        assert not torch.equal(m.tok.weight[BYTES:], rows)
        assert len(losses) == 4
    with pytest.raises(AssertionError, match="original input rows changed"):
        train_rows(model, b, rows, "td", epochs=1, batch=4, weight_decay=0.1)


def test_torch_adamw_matches_written_out_update():
    g = np.random.default_rng(0)
    p0 = g.normal(size=(5, 3)).astype(np.float32)
    grads = [g.normal(size=(5, 3)).astype(np.float32) for _ in range(20)]
    for wd in (0.0, 0.05):
        p = torch.nn.Parameter(torch.tensor(p0))
        opt = torch.optim.AdamW([p], lr=1e-2, weight_decay=wd)
        for gr in grads:
            p.grad = torch.tensor(gr)
            opt.step()
        np.testing.assert_allclose(p.detach().numpy(), adamw_numpy(p0, grads, 1e-2, wd),
                                   rtol=1e-5, atol=1e-6)


def test_init_rows_match_theory():
    model = build_model(LMConfig(d=8, ctx=48), seed=0)
    E = model.tok.weight.detach().double().numpy()
    for method, fn in (("fvt", fvt_init), ("adaptivocab", adaptive_init)):
        rows = init_rows(model, PHRASES, method).double().numpy()
        for (p, _nid), r in zip(sorted(PHRASES.items(), key=lambda kv: kv[1]), rows):
            np.testing.assert_allclose(r, fn(E, list(p)), rtol=1e-6, atol=1e-7)


def test_corpus_and_mining_are_deterministic():
    c = stdlib_corpus()
    assert c.train.size == 600_000 and c.val.size == 200_000
    assert mine_tokens(c.train, 5) == mine_tokens(c.train.copy(), 5)
    w, off = snippets(c.val, b" self", 4, 48)
    assert all(bytes(x[o:o + 5].astype(np.uint8)) == b" self" for x, o in zip(w, off))


@pytest.mark.skipif(not torch.cuda.is_available(), reason="CUDA not available")
def test_cuda_forward_matches_cpu():
    model = build_model(LMConfig(d=16, ctx=48), seed=0)
    b = prepare(_windows(), PHRASES)
    cpu = teacher_states(model, b)
    gpu = teacher_states(model.to("cuda"), prepare(_windows(), PHRASES, "cuda")).cpu()
    torch.testing.assert_close(gpu, cpu, rtol=1e-4, atol=1e-4)
