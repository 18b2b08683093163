"""Stability of the distances under adding one element and under noise (Prop. 3.6, Prop. C.2)."""

from __future__ import annotations

import numpy as np

from theory.multisets._distances import _scale_of, _unscale
from theory.validation import Interval, check_array, check_param, invalid


def _set_and_point(X, w, caller):
    X = check_array(X, "X", caller)
    w = check_array(w, "w", caller, ndim=1)
    if w.shape[0] != X.shape[1]:
        raise invalid("w", caller, f"a vector of length {X.shape[1]} (the dimension of X)",
                      f"<array of shape {w.shape}>")
    return X, w


def emd_add_one(X, w) -> float:
    r"""EMD between X and :math:`X' = X \uplus \{\{w\}\}` (Prop. 3.6, sharpened to an equality).

    .. math::
        d_{EMD}(X, X') = \frac{1}{n(n+1)} \sum_{i=1}^n \|v_i - w\|_2 .

    The paper proves :math:`\le`; equality holds always: :math:`\mu_{X'} = (1-t)\mu_X +
    t\delta_w` with :math:`t = 1/(n+1)`, and by Kantorovich duality
    :math:`W_1(\mu, (1-t)\mu + t\nu) = t\,W_1(\mu, \nu)`, with
    :math:`W_1(\mu_X, \delta_w) = \frac1n\sum_i\|v_i-w\|`.
    X of shape (n, d), w of shape (d,).
    """
    X, w = _set_and_point(X, w, "emd_add_one")
    n = len(X)
    # scaled by a power of two outside [1e-100, 1e100] (norms under/overflowed: 0 or inf)
    s = _scale_of(X, w)
    return _unscale(float(np.linalg.norm(X / s - w / s, axis=1).sum() / (n * (n + 1))), s,
                    "emd_add_one")


def hausdorff_add_one(X, w) -> float:
    r"""Hausdorff distance between X and :math:`X \uplus \{\{w\}\}`: :math:`\min_i \|v_i - w\|_2`.

    Prop. 3.6: one outlier moves the Hausdorff distance by its full distance to the set.
    """
    X, w = _set_and_point(X, w, "hausdorff_add_one")
    s = _scale_of(X, w)
    return _unscale(float(np.linalg.norm(X / s - w / s, axis=1).min()), s, "hausdorff_add_one")


def matching_add_one(X, w) -> float:
    r"""Matching distance between X and :math:`X \uplus \{\{w\}\}`: :math:`\|w\|_2` (not in the paper).

    Upper bound: match X to itself and w to the padded zero. Lower bound: the sum is
    1-Lipschitz for :math:`d_M` (Thm 3.1), and the sums differ by w.
    """
    _, w = _set_and_point(X, w, "matching_add_one")
    s = _scale_of(w)
    return _unscale(float(np.linalg.norm(w / s)), s, "matching_add_one")


def noise_bound(k: float, d: int) -> float:
    r"""Prop. C.2: if every element moves by a vector with entries in [0, k], then

    .. math:: d_{EMD}(X, X+N) \le k\sqrt d \quad\text{and}\quad d_H(X, X+N) \le k\sqrt d .

    (The identity pairing moves each element by at most :math:`\|N_i\|_2 \le k\sqrt d`.)
    """
    check_param("k", k, Interval(0, None, "left"), "noise_bound")
    check_param("d", d, Interval(1, None, integer=True), "noise_bound")
    return float(k * np.sqrt(d))
