"""The light experiment: Jumbo vs ViT + registers vs plain ViT on scikit-learn's digits.

Digits are 1 × 8 × 8 images (values /16), cut into 2 × 2 patches (N = 16). A stratified split
gives 1200 training and 597 test images (split seed = run seed). Every model has L = 2 layers,
max(1, D/8) heads, no LayerScale (so the three families differ only in their global tokens);
AdamW (peak lr 3e-3, weight decay 0.05), one-cycle schedule with 10 % warm-up, batch 128, 40
epochs (400 steps), no augmentation (our recipe: a 60-epoch pilot, cut to 40 epochs, fixed
before the full run, to fit the budget on this loaded 2-core machine). Jumbo: J = 4 sub-tokens, v3 head. Registers: CLS + 3 registers (four global
tokens, as Jumbo), head on CLS. Plain: CLS only.

Widths: Jumbo and registers at the *same* narrow width D ∈ {8, 16} (the paper's comparison at
equal patch width), and registers / plain ViT at the *matched-FLOP* width: the smallest width
whose closed-form FLOPs (:func:`theory.jumbo.flops_vit_registers`) reach Jumbo's at that D.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from iclr26_verify import experiment
from theory.jumbo import flops_jumbo, flops_vit_registers, params_jumbo, params_vit_registers
from theory.validation import Interval, Options, check_param

IMG, P, CH, CLASSES, L, J, R = 8, 2, 1, 10, 2, 4, 3
BATCH, LR = 128, 3e-3
N = (IMG // P) ** 2
_FAMILIES = Options("jumbo", "registers", "plain")


def heads(D: int) -> int:
    """Heads of a digits model of width D: max(1, D // 8), each at most 8 wide."""
    check_param("D", D, Interval(1, None, integer=True), "heads")
    return max(1, D // 8)


def _valid_width(D: int) -> bool:
    return D % heads(D) == 0


def arch_cost(family: str, D: int) -> tuple[int, int]:
    """(parameters, FLOPs per image) of a digits model, from the theory closed forms.

    ``family`` is one of {"jumbo", "registers", "plain"} (any other name was costed as the plain
    ViT without a word)."""
    check_param("family", family, _FAMILIES, "arch_cost")
    if family == "jumbo":
        return (params_jumbo(D, L, J, CLASSES, N, P, CH, unused_cls=False),
                flops_jumbo(D, L, J, CLASSES, N, P, CH))
    r = R if family == "registers" else 0
    return (params_vit_registers(D, L, r, CLASSES, N, P, CH, layerscale=False),
            flops_vit_registers(D, L, r, CLASSES, N, P, CH))


def iso_flop_width(family: str, D_jumbo: int) -> int:
    """Smallest valid width of ``family`` whose FLOPs reach Jumbo's at ``D_jumbo``.

    The FLOPs grow with the width, so the smallest width reaching the target is found by
    doubling and bisection (O(log D) costings; the former step-by-one search took ~D of them,
    hours at D = 10**8), then the next valid width above it (at most 8 steps: multiples of 8
    are valid).
    """
    check_param("family", family, _FAMILIES, "iso_flop_width")
    target = arch_cost("jumbo", D_jumbo)[1]

    def reaches(w):
        return arch_cost(family, w)[1] >= target

    hi = 1
    while not reaches(hi):
        hi *= 2
    lo = hi // 2  # reaches(lo) is False unless lo == 0 (hi == 1)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (lo, mid) if reaches(mid) else (mid, hi)
    w = hi
    while not _valid_width(w):
        w += 1
    return w


def build(family: str, D: int, *, device="cpu", dtype=None):
    import torch

    check_param("family", family, _FAMILIES, "build")
    from numerics.jumbo.models import Jumbo, ViTRegisters

    dtype = dtype or torch.float32
    if family == "jumbo":
        return Jumbo(D, L, heads(D), J, CLASSES, IMG, P, CH, keep_unused_cls=False,
                     device=device, dtype=dtype)
    return ViTRegisters(D, L, heads(D), R if family == "registers" else 0, CLASSES, IMG, P, CH,
                        layerscale=False, device=device, dtype=dtype)


def digits_split(seed: int):
    """(x_train, y_train, x_test, y_test) as float32 / int64 numpy arrays, stratified."""
    from sklearn.datasets import load_digits
    from sklearn.model_selection import train_test_split

    d = load_digits()
    x = (d.images / 16.0).astype(np.float32)[:, None]
    return tuple(train_test_split(x, d.target.astype(np.int64), train_size=1200,
                                  stratify=d.target, random_state=seed)[i] for i in (0, 2, 1, 3))


@experiment
def train_digits(family: str, D: int, seed: int, epochs: int = 40, device: str = "cpu") -> dict:
    """Train one model on digits; return test accuracy, parameters and FLOPs per image."""
    import torch

    from numerics.jumbo.models import count_params

    torch.set_num_threads(1)
    xtr, ytr, xte, yte = digits_split(seed)
    torch.manual_seed(seed)
    model = build(family, D, device=device)
    xtr_t, ytr_t = torch.as_tensor(xtr, device=device), torch.as_tensor(ytr, device=device)
    opt = torch.optim.AdamW(model.parameters(), lr=LR, weight_decay=0.05)
    steps_per_epoch = math.ceil(len(xtr) / BATCH)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=LR, pct_start=0.1,
                                                total_steps=epochs * steps_per_epoch)
    gen = torch.Generator(device=device).manual_seed(seed)
    model.train()
    for _ in range(epochs):
        perm = torch.randperm(len(xtr), generator=gen, device=device)
        for k in range(steps_per_epoch):
            idx = perm[k * BATCH:(k + 1) * BATCH]
            loss = torch.nn.functional.cross_entropy(model(xtr_t[idx]), ytr_t[idx])
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            sched.step()
    model.eval()
    with torch.no_grad():
        pred = model(torch.as_tensor(xte, device=device)).argmax(-1).cpu().numpy()
    params, flops = arch_cost(family, D)
    assert params == count_params(model)
    return {"family": family, "D": D, "seed": seed, "epochs": epochs,
            "acc": float((pred == yte).mean()), "params": params, "flops": flops}


@dataclass(frozen=True)
class Arm:
    family: str
    D: int
    role: str  # "same width" or "iso-FLOP"


def arms(widths=(8, 16)) -> list[Arm]:
    out = []
    for D in widths:
        out += [Arm("jumbo", D, "same width"), Arm("registers", D, "same width")]
        for fam in ("registers", "plain"):
            w = iso_flop_width(fam, D)
            out.append(Arm(fam, w, f"iso-FLOP with Jumbo-{D}"))
    return out


def sizes(quick: bool) -> dict:
    """Full: 3 seeds, D ∈ {8, 16}, 40 epochs. Quick: 1 seed, D = 8, 3 epochs, Jumbo and
    registers at the same width only (exercises the code; cannot decide)."""
    if quick:
        return {"widths": (8,), "seeds": (0,), "epochs": 3}
    return {"widths": (8, 16), "seeds": (0, 1, 2), "epochs": 40}


def run_all(quick: bool = False) -> list[dict]:
    """Every arm × seed (cached per run); rows of :func:`train_digits`, with the arm's role."""
    from iclr26_verify import map_cells

    s = sizes(quick)
    cells = [(a.family, a.D, seed, s["epochs"], a.role) for a in arms(s["widths"])
             if not (quick and a.role != "same width")
             for seed in s["seeds"]]
    results = map_cells(_cell, cells)
    return [{**r, "role": cell[4]} for cell, r in zip(cells, results, strict=True)]


def _cell(cell):
    family, D, seed, epochs, _ = cell
    return train_digits(family, D, seed, epochs)


def accuracies(rows, family, D, role=None) -> np.ndarray:
    """Test accuracies over seeds (ordered by seed) of one arm."""
    sel = sorted((r for r in rows if r["family"] == family and r["D"] == D
                  and (role is None or r["role"] == role)), key=lambda r: r["seed"])
    return np.array([r["acc"] for r in sel])
