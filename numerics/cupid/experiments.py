"""The light CUPID experiment on scikit-learn's digits (offline), our reconstruction of the
paper's protocol at toy scale (thresholds ours).

ID = digits 0–4, OOD = digits 5–9, pixels /16. Per seed: a host MLP 64-128-64-5 (ReLU, dropout
0.1) is trained on 300 ID images and frozen; CUPID (:class:`~numerics.cupid.modules.CupidMLP`) is
inserted at the 64-d post-ReLU layer (F_l = the linear head) and trained with the released loss
and weights (1, 9e-3, 0.01). Protocols: ``"code"`` trains CUPID on the host's own training split
(the released ``train.py``), ``"heldout"`` on 250 unseen ID images, ``"heldout_nomax"`` the same
with T11 = 0 (the paper's "no max" ablation). Baselines: max-softmax (MSP), entropy, MC-dropout
(30 passes, entropy of the mean). All thresholds of the claims were fixed before these runs.
"""

from __future__ import annotations

import numpy as np
import torch

from iclr26_verify import experiment
from numerics.cupid.modules import CupidMLP, HostMLP, cupid_loss, split_host
from theory.cupid import CODE_WEIGHTS, aurc, auroc
from theory.validation import MAX_ITER, Interval, Options, check_param

PROTOCOLS = ("code", "heldout", "heldout_nomax")
NOISE = (0.0, 0.25, 0.5)
SEEDS = {False: (0, 1, 2, 3, 4), True: (0,)}
CHECKPOINTS = (50, 100, 200, 400)
MC_PASSES = 30


def _sizes(quick: bool) -> dict:
    return {"host_epochs": 80 if quick else 200, "cupid_epochs": 40 if quick else 400}


def digits_split(seed: int):
    """(host train, CUPID held-out, ID test, OOD test) as (X, y) float32/int64 numpy pairs."""
    from sklearn.datasets import load_digits

    check_param("seed", seed, Interval(0, 2**63 - 1, integer=True), "digits_split")

    X, y = load_digits(return_X_y=True)
    X = (X / 16.0).astype(np.float32)
    rng = np.random.default_rng(seed)
    idx_in = rng.permutation(np.flatnonzero(y < 5))
    idx_out = rng.permutation(np.flatnonzero(y >= 5))[:350]
    parts = (idx_in[:300], idx_in[300:550], idx_in[550:], idx_out)
    return tuple((X[i], y[i]) for i in parts)


def _tensor(a, device, dtype=None):
    return torch.as_tensor(a, device=device, dtype=dtype)


def train_host(X, y, *, seed: int, epochs: int, device="cpu") -> HostMLP:
    """Adam 1e-3, full batch, dropout masks from a device generator; returned frozen (eval)."""
    check_param("seed", seed, Interval(0, 2**63 - 1, integer=True), "train_host")
    check_param("epochs", epochs, Interval(0, MAX_ITER, integer=True), "train_host")
    torch.manual_seed(seed)
    host = HostMLP().to(device)
    g = torch.Generator(device=device).manual_seed(seed)
    Xt, yt = _tensor(X, device), _tensor(y, device)
    opt = torch.optim.Adam(host.parameters(), lr=1e-3)
    for _ in range(epochs):
        opt.zero_grad()
        torch.nn.functional.cross_entropy(host(Xt, generator=g), yt).backward()
        opt.step()
    host.eval()
    for p in host.parameters():
        p.requires_grad_(False)
    return host


def train_cupid(host: HostMLP, X, y, *, seed: int, epochs: int, t11: float = CODE_WEIGHTS["T11"],
                identity_init: bool = False, batch: int = 150, record=CHECKPOINTS, device="cpu"):
    """Train CUPID on (X, y) with the released loss; returns (module, {epoch: relative
    deviation ‖m'−m‖₁/‖m‖₁ on X})."""
    c = "train_cupid"
    check_param("seed", seed, Interval(0, 2**63 - 1 - 2000, integer=True), c)
    check_param("epochs", epochs, Interval(0, MAX_ITER, integer=True), c)
    check_param("batch", batch, Interval(1, MAX_ITER, integer=True), c)  # 0: range() raised
    check_param("t11", t11, Interval(0, None), c)
    body, head = split_host(host)
    torch.manual_seed(seed + 1000)
    cup = CupidMLP(64, head.out_features, identity_init=identity_init).to(device)
    Xt, yt = _tensor(X, device), _tensor(y, device)
    with torch.no_grad():
        M, Z = body(Xt), head(body(Xt))
    opt = torch.optim.Adam(cup.parameters(), lr=1e-3)
    g = torch.Generator(device=device).manual_seed(seed + 2000)
    dev = {}
    for ep in range(1, epochs + 1):
        perm = torch.randperm(len(Xt), generator=g, device=device)
        for i in range(0, len(Xt), batch):
            b = perm[i:i + batch]
            mh, s = cup(M[b])
            loss = cupid_loss(head(mh), Z[b], mh, M[b], s, yt[b], T11=t11)
            opt.zero_grad()
            loss.backward()
            opt.step()
        if ep in record:
            with torch.no_grad():
                dev[ep] = float((cup(M)[0] - M).abs().sum() / M.abs().sum())
    cup.eval()
    return cup, dev


@torch.no_grad()
def scores(host: HostMLP, cup: CupidMLP, X, *, device="cpu", mc_seed: int = 0,
           mc: bool = True) -> dict:
    """Per-input scores: EU, AU (CUPID), MSP, entropy, MC-dropout entropy; base and inserted
    predictions."""
    body, head = split_host(host)
    Xt = _tensor(X, device)
    m = body(Xt)
    z = head(m)
    mh, s = cup(m)
    zh = head(mh)
    p, ph = torch.softmax(z, 1), torch.softmax(zh, 1)
    g = torch.Generator(device=device).manual_seed(mc_seed)
    pm = (torch.stack([torch.softmax(host(Xt, generator=g), 1) for _ in range(MC_PASSES)]).mean(0)
          if mc else p)
    ent = lambda q: -(q * torch.log(q.clamp_min(1e-12))).sum(1)
    out = {"eu": (ph - p).abs().mean(1), "au": torch.exp(s).mean(1), "msp": 1 - p.max(1).values,
           "entropy": ent(p), "mc": ent(pm), "pred": z.argmax(1), "pred_inserted": zh.argmax(1),
           "z": z}
    return {k: v.cpu().numpy().astype(np.float64) if k not in ("pred", "pred_inserted")
            else v.cpu().numpy() for k, v in out.items()}


METHODS = ("eu", "au", "msp", "entropy", "mc")


@experiment
def run_seed(seed: int, protocol: str, quick: bool = False, device: str = "cpu") -> dict:
    """One seed of one protocol: AUROC/AURC of every score, agreement, noise and deviation."""
    check_param("protocol", protocol, Options(*PROTOCOLS), "run_seed")
    torch.set_num_threads(1)
    sz = _sizes(quick)
    (Xh, yh), (Xc, yc), (Xt, yt), (Xo, _) = digits_split(seed)
    host = train_host(Xh, yh, seed=seed, epochs=sz["host_epochs"], device=device)
    before = [p.detach().clone() for p in host.parameters()]
    with torch.no_grad():
        z_before = host(_tensor(Xt, device)).cpu().numpy().astype(np.float64)
    Xtr, ytr = (Xh, yh) if protocol == "code" else (Xc, yc)
    rec = tuple(c * sz["cupid_epochs"] // 400 for c in CHECKPOINTS)
    cup, dev = train_cupid(host, Xtr, ytr, seed=seed, epochs=sz["cupid_epochs"],
                           t11=0.0 if protocol == "heldout_nomax" else CODE_WEIGHTS["T11"],
                           record=rec, device=device)
    param_change = max(float((a - b).abs().max()) for a, b in zip(before, host.parameters(),
                                                                  strict=True))
    sid, sod = scores(host, cup, Xt, device=device, mc_seed=seed), \
        scores(host, cup, Xo, device=device, mc_seed=seed + 1)
    err = (sid["pred"] != yt).astype(float)
    res = {"seed": seed, "protocol": protocol, "n_test": len(yt), "n_err": int(err.sum()),
           "host_acc": float(1 - err.mean()), "param_change": param_change,
           "logit_change": float(np.abs(sid["z"] - z_before).max()),
           "agreement": float(np.mean(sid["pred"] == sid["pred_inserted"])),
           "deviation": dict(zip(CHECKPOINTS, (dev[r] for r in rec), strict=True))}
    lab = np.r_[np.zeros(len(yt)), np.ones(len(Xo))]
    for k in METHODS:
        res[f"ood_{k}"] = auroc(lab, np.r_[sid[k], sod[k]])
        res[f"mis_{k}"] = auroc(err, sid[k]) if 0 < err.sum() < len(err) else float("nan")
        res[f"aurc_{k}"] = aurc(err, sid[k])
    g = torch.Generator(device=device).manual_seed(seed + 3000)
    Xt_t = _tensor(Xt, device)
    for key in ("eu", "au"):
        res[f"{key}_noise"] = []
    for sig in NOISE:
        noisy = (Xt_t + sig * torch.randn(Xt_t.shape, generator=g, device=device)).cpu().numpy()
        sn = scores(host, cup, noisy, device=device, mc=False)
        res["eu_noise"].append(float(sn["eu"].mean()))
        res["au_noise"].append(float(sn["au"].mean()))
    return res


def digits(protocol: str, quick: bool = False, device: str = "cpu") -> list[dict]:
    """Every seed of one protocol (5 seeds in full mode, 1 in quick mode), each cached."""
    from iclr26_verify import map_cells

    return map_cells(_cell, [(s, protocol, quick, device) for s in SEEDS[quick]])


def _cell(cell):
    return run_seed(*cell)


@experiment
def init_deviation(seed: int = 0, device: str = "cpu") -> dict:
    """The released conv module at initialisation on a random non-negative 512×16×16 feature:
    parameter count and relative L1 deviation ‖m'−m‖₁/‖m‖₁ in train- and eval-mode BN; and our
    identity-initialised MLP."""
    from numerics.cupid.modules import CupidConv

    torch.set_num_threads(1)
    torch.manual_seed(seed)
    conv = CupidConv().to(device)
    g = torch.Generator(device=device).manual_seed(seed)
    m = torch.relu(torch.randn((2, 512, 16, 16), generator=g, device=device))
    out = {"n_params": sum(p.numel() for p in conv.parameters())}
    with torch.no_grad():
        for mode in ("train", "eval"):
            conv.train(mode == "train")
            out[mode] = float((conv(m)[0] - m).abs().sum() / m.abs().sum())
        mlp = CupidMLP(64, 5, identity_init=True).to(device)
        mv = torch.relu(torch.randn((16, 64), generator=g, device=device))
        out["mlp_identity"] = float((mlp(mv)[0] - mv).abs().sum() / mv.abs().sum())
        out["mlp_released"] = float((CupidMLP(64, 5).to(device)(mv)[0] - mv).abs().sum()
                                    / mv.abs().sum())
    return out
