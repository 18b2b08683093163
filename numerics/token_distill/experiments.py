"""The light experiment: Token Distillation against its baselines on a byte-level LM trained here
on Python's standard library (:mod:`numerics.token_distill.corpus`).

Per LM seed: train the LM, mine the new tokens from the training stream, take training windows
(48 bytes centred on an occurrence) from the training files and held-out windows from the
held-out files, initialise the new rows (rand, fvt, adaptivocab), train them (td, ntp) on the
training windows, and score every method on the held-out windows by the NLL of the 8 bytes that
follow the new token (not the distillation objective), beside the original tokenisation
(teacher).

Sizes (fit for 2 shared CPU cores). full: d = 48, 2 layers, 4 heads, context 48, 500 LM steps
(batch 16), 12 tokens, 64 training and 32 held-out windows per token, 3 epochs of the new rows
(batch 32, lr 1e-2), 4 LM seeds. quick: d = 32, 30 LM steps, 3 tokens, 8/4 windows, 1 epoch,
1 seed (it exercises the pipeline and cannot decide anything).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from iclr26_verify import experiment


@dataclass(frozen=True)
class Setup:
    d: int
    steps: int
    tokens: int
    n_train: int
    n_val: int
    epochs: int
    seeds: tuple[int, ...]


def setup(quick: bool) -> Setup:
    if quick:
        return Setup(32, 30, 3, 8, 4, 1, (0,))
    return Setup(48, 500, 12, 64, 32, 3, (0, 1, 2, 3))


WINDOW, AFTER, LR, BATCH = 48, 8, 1e-2, 32


@experiment
def run_seed(quick: bool, seed: int, device: str = "cpu") -> dict:
    """One LM seed: per-token held-out NLL (nats/byte) of every method, training curves, the
    LM's final training loss and whether only the new rows changed."""
    import torch

    from numerics.token_distill.corpus import mine_tokens, snippets, stdlib_corpus
    from numerics.token_distill.distill import (
        init_rows,
        prepare,
        train_rows,
        window_nll,
    )
    from numerics.token_distill.model import BYTES, LMConfig, extend, train_lm

    torch.set_num_threads(1)
    s = setup(quick)
    corpus = stdlib_corpus()
    cfg = LMConfig(d=s.d, ctx=WINDOW)
    lm, lm_loss = train_lm(corpus.train, cfg, s.steps, seed=seed, device=device)
    lm.eval()
    toks = mine_tokens(corpus.train, s.tokens)
    phrases = {tuple(t): BYTES + i for i, t in enumerate(toks)}
    tr = np.concatenate([snippets(corpus.train, t, s.n_train, WINDOW, AFTER)[0] for t in toks])
    b = prepare(tr, phrases, device)
    models, curves = {}, {}
    for m in ("rand", "fvt", "adaptivocab"):
        models[m] = extend(lm, init_rows(lm, phrases, m, seed))
    for m in ("td", "ntp"):
        models[m], curves[m] = train_rows(lm, b, init_rows(lm, phrases, "fvt"), m, lr=LR,
                                          epochs=s.epochs, batch=min(BATCH, len(tr)),
                                          seed=seed)
    # every model: all parameters but the new input rows bit-identical to the LM's
    ref = lm.state_dict()
    same = all(torch.equal(v, ref[k]) if k != "tok.weight" else torch.equal(v[:BYTES], ref[k])
               for mod in models.values() for k, v in mod.state_dict().items())
    moved = all(not torch.equal(models[m].tok.weight[BYTES:], models["fvt"].tok.weight[BYTES:])
                for m in ("td", "ntp"))
    nll = {m: [] for m in ("teacher", *models)}
    for i, t in enumerate(toks):
        win, off = snippets(corpus.val, t, s.n_val, WINDOW, AFTER)
        nll["teacher"].append(float(window_nll(lm, win, off, tuple(t), None, AFTER).mean()))
        for m, mod in models.items():
            nll[m].append(float(window_nll(mod, win, off, tuple(t), BYTES + i, AFTER).mean()))
    return {"tokens": [t.decode() for t in toks], "nll": nll, "curves": curves,
            "lm_loss": lm_loss, "bit_identical": bool(same), "new_rows_moved": bool(moved),
            "python": corpus.python, "n_files": corpus.n_files}


def results(quick: bool) -> dict:
    """All seeds: ``nll[method]`` as an array (seeds, tokens), the tokens, the LM losses."""
    runs = [run_seed(quick, s) for s in setup(quick).seeds]
    methods = list(runs[0]["nll"])
    return {"tokens": runs[0]["tokens"], "seeds": setup(quick).seeds,
            "nll": {m: np.array([r["nll"][m] for r in runs]) for m in methods},
            "lm_loss": [r["lm_loss"] for r in runs],
            "bit_identical": all(r["bit_identical"] for r in runs),
            "new_rows_moved": all(r["new_rows_moved"] for r in runs), "curves": [r["curves"] for r in runs],
            "python": runs[0]["python"]}


def paired(quick: bool, a: str, b: str) -> np.ndarray:
    """Per (seed, token) unit: NLL[b] − NLL[a] (positive: a is better), flattened."""
    r = results(quick)["nll"]
    return (r[b] - r[a]).ravel()
