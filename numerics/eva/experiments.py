r"""The light EVA experiment: digits as event streams, an RWKV-6-style encoder, linear probes
read out at several times along the stream, with and without self-supervised pre-training.

Recipe (fixed before the full run). Per seed s: events from all 1797 digits
(:func:`numerics.eva.events.digits_events`, seed s; 12 sub-frames, threshold 0.5, at most
:data:`MAX_EVENTS` events per stream, a random time-ordered subset when longer); a stratified
split of 1000 training and 797 test streams (seed s). Encoder: :data:`D` wide, 1 layer, 2 heads,
trained in chunked form (C = 16). Two arms share the architecture and the initial weights
(seed s):

* ``random``: the initial encoder, frozen;
* ``mrp``: the encoder pre-trained by multi-representation prediction (our light version of
  the MRP target, after the public summary of arXiv 2505.11165): from the feature after every
  event, a linear decoder regresses the count image and the exponentially decayed count image
  (τ = 3 sub-frames) of the events so far, pooled to 2 × 4 × 4 patches (log1p counts), with a
  mean-squared error; no labels. AdamW, lr 3e-3, batch 50, :data:`EPOCHS` epochs.

Read-out: the encoder's WKV state (2 heads × 16 × 16 = 512 numbers, the "tensor-like
feature" an A2S encoder holds) after the event at 25 %, 50 %, 75 % and 100 % of each stream
(:data:`FRACTIONS`); for each arm and fraction a logistic-regression probe (scikit-learn,
standardised features, C = 1) is fitted on the training streams and scored on the test
streams. Next-representation prediction (the paper's second target) is not replicated.
"""

from __future__ import annotations

import numpy as np

from iclr26_verify import experiment

D, HEADS, LAYERS, CHUNK = 32, 2, 1, 16
MAX_EVENTS = 64
EPOCHS = 4
BATCH, LR = 50, 3e-3
TAU = 3.0
FRACTIONS = (0.25, 0.5, 0.75, 1.0)
SEEDS = 10
EVAL_BLOCK = 100   # streams per encoder call when only the loss is read (no gradient)


def sizes(quick: bool) -> dict:
    """Full: 1797 streams, 4 epochs, 10 seeds. Quick: 150 streams, 1 epoch, 2 seeds."""
    if quick:
        return {"n": 150, "n_train": 100, "epochs": 1, "seeds": 2}
    return {"n": None, "n_train": 1000, "epochs": EPOCHS, "seeds": SEEDS}


def mrp_targets(data) -> np.ndarray:
    """The pre-training targets after every event: (N, T, 64) = log1p of the count image and of
    the decayed count image (τ = :data:`TAU`) of the events so far, each pooled to 2 × 4 × 4.

    Both are linear-attention states (:func:`theory.eva.count_image_state`,
    :func:`theory.eva.decayed_count_state`); here they are updated event by event in numpy.
    """
    tok, dt, length = data["tokens"], data["dt"], data["length"]
    N, T = tok.shape
    p, rem = np.divmod(tok, 256)
    y, x = np.divmod(rem, 16)
    cell = p * 16 + (y // 4) * 4 + (x // 4)                      # 2 × 4 × 4 pooled cells
    out = np.zeros((N, T, 64), dtype=np.float32)
    count = np.zeros((N, 32))
    dec = np.zeros((N, 32))
    rows = np.arange(N)
    for t in range(T):
        live = t < length
        dec *= np.where(live, np.exp(-dt[:, t] / TAU), 1.0)[:, None]
        count[rows[live], cell[live, t]] += 1.0
        dec[rows[live], cell[live, t]] += 1.0
        out[:, t, :32] = np.log1p(count)
        out[:, t, 32:] = np.log1p(dec)
    return out


def readout_index(length: np.ndarray) -> np.ndarray:
    """(N, 4): index of the event at each fraction of each stream (at least the first)."""
    return np.stack([np.maximum(np.ceil(f * length).astype(np.int64) - 1, 0)
                     for f in FRACTIONS], axis=1)


def _features(model, data, rows, idx, device):
    """Features (len(rows), 4, heads·d_head²) of streams ``rows``: the last layer's WKV state
    after the events ``idx[rows]`` (the A2S feature sampled at that time)."""
    import torch

    feats = []
    with torch.no_grad():
        for s in range(0, len(rows), 250):
            b = rows[s:s + 250]
            tok = torch.as_tensor(data["tokens"][b], device=device)
            dt = torch.as_tensor(data["dt"][b], device=device)
            ix = torch.as_tensor(idx[b], device=device)
            feats.append(model.states_at(tok, dt, ix, chunk=CHUNK).cpu())
    return torch.cat(feats).numpy().astype(np.float64)


def _probe(ftr, ytr, fte, yte) -> float:
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    clf = make_pipeline(StandardScaler(), LogisticRegression(C=1.0, max_iter=500))
    clf.fit(ftr, ytr)
    return float(clf.score(fte, yte))


@experiment
def run_seed(seed: int, quick: bool = False, device: str = "cpu") -> dict:
    """One seed of the experiment: probe accuracies per arm and read-out fraction, the MRP loss
    before and after pre-training, and the stream lengths."""
    import torch
    from sklearn.model_selection import train_test_split

    from numerics.eva.events import digits_events
    from numerics.eva.model import EventEncoder

    torch.set_num_threads(1)
    sz = sizes(quick)
    data = digits_events(seed, n=sz["n"], max_events=MAX_EVENTS)
    N = len(data["y"])
    tr, te = train_test_split(np.arange(N), train_size=sz["n_train"], stratify=data["y"],
                              random_state=seed)
    targets = mrp_targets(data)
    idx = readout_index(data["length"])
    torch.manual_seed(seed)
    model = EventEncoder(512, D, HEADS, LAYERS, device=device)
    decoder = torch.nn.Linear(D, 64, device=device)
    init = {k: v.clone() for k, v in model.state_dict().items()}
    mask_all = (np.arange(MAX_EVENTS)[None, :] < data["length"][:, None]).astype(np.float32)

    def mrp_loss(rows, block=None):
        tok = torch.as_tensor(data["tokens"][rows], device=device)
        dt = torch.as_tensor(data["dt"][rows], device=device)
        tgt = torch.as_tensor(targets[rows], device=device)
        m = torch.as_tensor(mask_all[rows], device=device)
        # streams are independent: encoding the 797 test streams in blocks keeps the (C, C, K)
        # decay tensors in cache (2.5x less CPU) and gave bit-identical features here
        block = block or len(rows)
        f = torch.cat([model(tok[s:s + block], dt[s:s + block], chunk=CHUNK)[0]
                       for s in range(0, len(rows), block)])
        err = ((decoder(f) - tgt) ** 2).mean(-1)
        return (err * m).sum() / m.sum()

    with torch.no_grad():
        loss0 = float(mrp_loss(te, EVAL_BLOCK))
    # the random arm: the initial encoder, frozen
    acc = {"random": [], "mrp": []}
    ftr, fte = _features(model, data, tr, idx, device), _features(model, data, te, idx, device)
    for j in range(len(FRACTIONS)):
        acc["random"].append(_probe(ftr[:, j], data["y"][tr], fte[:, j], data["y"][te]))
    # the MRP arm: pre-train without labels
    opt = torch.optim.AdamW(list(model.parameters()) + list(decoder.parameters()), lr=LR,
                            weight_decay=0.01)
    gen = np.random.default_rng(seed + 1000)
    for _ in range(sz["epochs"]):
        order = gen.permutation(tr)
        for s in range(0, len(order), BATCH):
            loss = mrp_loss(order[s:s + BATCH])
            opt.zero_grad()
            loss.backward()
            opt.step()
    with torch.no_grad():
        loss1 = float(mrp_loss(te, EVAL_BLOCK))
    ftr, fte = _features(model, data, tr, idx, device), _features(model, data, te, idx, device)
    for j in range(len(FRACTIONS)):
        acc["mrp"].append(_probe(ftr[:, j], data["y"][tr], fte[:, j], data["y"][te]))
    changed = any(not torch.equal(init[k], v) for k, v in model.state_dict().items())
    return {"seed": seed, "acc": acc, "mrp_loss_before": loss0, "mrp_loss_after": loss1,
            "mean_length": float(data["length"].mean()), "trained": changed,
            "fractions": FRACTIONS}


def run_all(quick: bool = False, device: str = "cpu") -> list[dict]:
    """Every seed of the experiment (cached per seed)."""
    return [run_seed(s, quick, device) for s in range(sizes(quick)["seeds"])]


def accuracies(rows, arm: str) -> np.ndarray:
    """(seeds, fractions) probe accuracies of ``arm``."""
    return np.array([r["acc"][arm] for r in rows])


@experiment
def equivalence(seed: int, dtype: str = "float32") -> dict:
    """Largest absolute difference between the encoder's chunked (parallel) features and its
    event-by-event steps, and between the torch WKV and :func:`theory.eva.wkv_recurrent`
    (float64), on random streams of 40 events."""
    import torch

    from numerics.eva.model import EventEncoder, wkv_chunked, wkv_recurrent
    from theory.eva import wkv_recurrent as np_wkv

    torch.set_num_threads(1)
    g = torch.Generator().manual_seed(seed)
    dt_ = getattr(torch, dtype)
    B, H, T, K, V = 2, 2, 40, 8, 8
    r, k, v = (torch.randn(B, H, T, n, generator=g, dtype=torch.float64) for n in (K, K, V))
    logw = -torch.exp(torch.randn(B, H, T, K, generator=g, dtype=torch.float64) - 1)
    u = torch.randn(H, K, generator=g, dtype=torch.float64)
    o_c, _ = wkv_chunked(r, k, v, logw, u, chunk=7)
    o_r, _ = wkv_recurrent(r, k, v, logw, u)
    ref = np.stack([np.stack([np_wkv(r[b, h].numpy(), k[b, h].numpy(), v[b, h].numpy(),
                                     logw[b, h].exp().numpy(), u[h].numpy())
                              for h in range(H)]) for b in range(B)])
    err_theory = max(float(np.abs(o_c.numpy() - ref).max()), float(np.abs(o_r.numpy() - ref).max()))
    torch.manual_seed(seed)
    model = EventEncoder(512, D, HEADS, 2, dtype=dt_)
    tok = torch.randint(0, 512, (3, T), generator=g)
    dts = torch.rand(3, T, generator=g, dtype=dt_)
    with torch.no_grad():
        f_par, _ = model(tok, dts, chunk=CHUNK)
        cache, steps = None, []
        for t in range(T):
            f, cache = model.step(tok[:, t], dts[:, t], cache)
            steps.append(f)
        f_step = torch.stack(steps, 1)
    scale = max(1.0, float(f_par.abs().max()))
    return {"err_theory": err_theory, "err_step": float((f_par - f_step).abs().max()) / scale}
