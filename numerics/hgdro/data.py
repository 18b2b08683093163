"""Data with intra-group shifts (numpy only): a fixed-feature latent model (light version A of
ours) and coloured sklearn digits with a rotated minority group (light version B, the
CMNIST recipe of the official code on 8×8 digits). Offline: the digits ship with scikit-learn.

Groups are g = 2·a + (y > 0) with a the spurious attribute (0/1) and y the label; labels are ±1
for the latent model and 0/1 for the digits (torch cross-entropy).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from theory.validation import MAX_ITER, Interval, Options, check_param, check_rng, invalid

_SHIFTS = Options("rot90", "none")


@dataclass(frozen=True)
class GroupData:
    """Features ``X`` (n, d) float64, labels ``y`` (n,), groups ``g`` (n,) int."""

    X: np.ndarray
    y: np.ndarray
    g: np.ndarray

    @property
    def counts(self) -> np.ndarray:
        return np.bincount(self.g, minlength=4)


def latent_groups(sizes=(450, 25, 25, 450), delta: float = 0.0, *, mu_core: float = 1.0,
                  spurious: float = 2.0, sd: float = 0.6, random_state=None) -> GroupData:
    """Latent z = (core, spurious) ∈ R²: core ∼ N(y·μ_c, sd²), spurious ∼ N(±spurious, sd²) with
    the sign of the group's attribute; groups (y, a) = (−,0), (+,0), (−,1), (+,1), so groups 1
    and 2 (a ≠ y) are the minority. ``delta`` moves the minority groups' core mean toward the
    boundary, y·(μ_c − δ): an intra-group shift that leaves the group labels unchanged.

    Returns labels ±1.
    """
    caller = "latent_groups"
    sizes = np.asarray(sizes)
    # each an int (not a bool: True counted as 1; not a float: np.full refused 2.5 with a raw
    # TypeError) in [1, MAX_ITER] (a size with no maximum allocates without limit)
    if sizes.shape != (4,) or not all(v in Interval(1, MAX_ITER, integer=True) for v in sizes):
        raise invalid("sizes", caller, f"4 group sizes, ints in [1, {MAX_ITER}]",
                      f"<array {sizes.tolist()}>")
    check_param("delta", delta, Interval(0, None), caller)
    check_param("mu_core", mu_core, Interval(None, None), caller)
    check_param("spurious", spurious, Interval(None, None), caller)
    check_param("sd", sd, Interval(0, None, closed="neither"), caller)
    rng = check_rng(random_state, "random_state", caller)
    X, y, g = [], [], []
    for k, n in enumerate(sizes):
        lab = 1.0 if k % 2 else -1.0
        a = 1.0 if k >= 2 else -1.0
        minority = lab != a
        core = rng.normal(lab * (mu_core - (delta if minority else 0.0)), sd, n)
        spur = rng.normal(a * spurious, sd, n)
        X.append(np.c_[core, spur])
        y.append(np.full(n, lab))
        g.append(np.full(n, k))
    return GroupData(np.vstack(X), np.concatenate(y), np.concatenate(g))


@dataclass(frozen=True)
class ColoredDigits:
    train: GroupData
    val: GroupData
    test: GroupData
    test_shifted: GroupData
    digit_train: np.ndarray  # 10-class digit identity of the training images (pretraining)


def _colour(images, red):
    """(n, 8, 8) grey images in [0, 1] → (n, 128): the red or the green channel carries them."""
    flat = images.reshape(len(images), -1)
    out = np.zeros((len(images), 128))
    out[red, :64] = flat[red]
    out[~red, 64:] = flat[~red]
    return out


def colored_digits(label_noise: float = 0.25, colour_flip=(0.2, 0.5, 0.9), shift: str = "rot90",
                   random_state=None) -> ColoredDigits:
    """Coloured sklearn digits with the CMNIST recipe of the official code.

    y = 1[digit ≥ 5] with a fraction ``label_noise`` flipped; colour red iff y = 0, then flipped
    with probability 0.2 (train, 900 images), 0.5 (validation, 300) and 0.9 (test, 597); groups
    g = 2·red + y. ``test_shifted`` is the test split with every image of group 3 (red, y = 1)
    rotated by 90° (``shift="rot90"``): an intra-group shift.
    """
    from numerics.data import load_digits

    caller = "colored_digits"
    check_param("label_noise", label_noise, Interval(0, 0.5), caller)
    # a bool is no probability (True passed as 1), and a non-sequence raised a raw TypeError
    if not isinstance(colour_flip, tuple | list | np.ndarray) or len(colour_flip) != 3 \
            or not all(p in Interval(0, 1) for p in colour_flip):
        raise invalid("colour_flip", caller, "three probabilities (floats in [0, 1])",
                      colour_flip)
    check_param("shift", shift, _SHIFTS, caller)
    rng = check_rng(random_state, "random_state", caller)
    d = load_digits()
    perm = rng.permutation(len(d.target))
    images, digit = d.images[perm] / 16.0, d.target[perm]
    y = (digit >= 5).astype(np.int64)
    y = np.where(rng.random(len(y)) < label_noise, 1 - y, y)
    bounds = ((0, 900), (900, 1200), (1200, len(y)))
    splits = []
    for (lo, hi), p in zip(bounds, colour_flip, strict=True):
        yy = y[lo:hi]
        red = (yy == 0) ^ (rng.random(hi - lo) < p)
        splits.append((images[lo:hi], yy, red))
    out = []
    for ims, yy, red in splits:
        out.append(GroupData(_colour(ims, red), yy, 2 * red.astype(np.int64) + yy))
    ims, yy, red = splits[2]
    rot = ims.copy()
    sel = red & (yy == 1)
    rot[sel] = np.rot90(ims[sel], k=1, axes=(1, 2))
    if shift == "none":
        rot = ims
    shifted = GroupData(_colour(rot, red), yy, 2 * red.astype(np.int64) + yy)
    return ColoredDigits(out[0], out[1], out[2], shifted, digit[:900])
