"""The latent inner problem of hierarchical group DRO for linear heads (Jo, Kim & Chae,
arXiv 2510.02818): closed forms of the worst-case per-sample perturbation, the group radii, and
the two findings about the released code's one-step sign update and the Thm 4.1 surrogate.

Losses are in nats throughout (natural logarithms).
"""

from __future__ import annotations

import itertools
from numbers import Integral

import numpy as np

from theory._norms import max_exponent, scaled_norm
from theory.validation import Interval, Options, check_array, check_param, invalid

_P = Options(1, 2, np.inf, "inf")


def _radius_array(eps, name: str, caller: str) -> np.ndarray:
    """A radius >= 0 given as a number (bools refused) or as an array of them."""
    if np.ndim(eps) == 0 and not isinstance(eps, np.ndarray):
        check_param(name, eps, Interval(0, None), caller)
        return np.asarray(float(eps))
    raw = np.asarray(eps) if not isinstance(eps, np.ndarray) else eps
    if raw.dtype.kind == "b":
        raise invalid(name, caller, "an array of floats >= 0 (not booleans)",
                      f"<bool array of shape {raw.shape}>")
    return check_array(eps, name, caller, ndim=None)


def softplus(x):
    r"""Numerically stable :math:`\operatorname{softplus}(x) = \log(1 + e^{x})` (nats).

    Parameters
    ----------
    x : array-like
        Any shape.

    Returns
    -------
    ndarray
        Same shape as ``x``; ``softplus(0) = log 2``.
    """
    x = check_array(x, "x", "softplus", ndim=None, finite=False)
    if np.any(np.isnan(x)):
        raise invalid("x", "softplus", "an array without NaN (±inf are allowed)",
                      f"<array of shape {x.shape}>")
    return np.logaddexp(0.0, x)


def _dual_norm(w: np.ndarray, p) -> float:
    if p in (np.inf, "inf"):
        with np.errstate(over="ignore"):
            s = float(np.sum(np.abs(w)))
        # a plain sum of |w| overflows near the float maximum; the scaled one only if ‖w‖₁ does
        return s if np.isfinite(s) else scaled_norm(w, ord=1)
    if p == 1:
        return float(np.max(np.abs(w)))
    return scaled_norm(w)


def robust_logistic(margin, w, eps, *, p=2):
    r"""Worst-case logistic loss of a linear head under a latent perturbation in an ℓp ball.

    Inputs are given as **margins** :math:`m_i = y_i\,w^\top z_i` (labels ±1) together with the
    weight vector ``w`` (used only through its dual norm). The inner supremum has the closed form

    .. math::

        \sup_{\|\delta\|_p \le \varepsilon}
            \operatorname{softplus}\bigl(-y\,w^\top(z+\delta)\bigr)
        = \operatorname{softplus}\bigl(-m + \varepsilon\,\|w\|_q\bigr),
        \qquad \tfrac1p + \tfrac1q = 1,

    attained at :math:`\delta^\star = -\varepsilon\,y\,\partial\|w\|_q` (for :math:`p=\infty`,
    :math:`\delta^\star = -\varepsilon\,y\,\operatorname{sign}(w)`: the released code's one-step
    sign update).

    Parameters
    ----------
    margin : array-like, shape (n,)
        Margins :math:`y_i w^\top z_i` (a bias, if any, included).
    w : array-like, shape (d,)
        Weights of the linear head (the bias is not perturbed).
    eps : float or array-like, shape (n,)
        Radii :math:`\varepsilon \ge 0` (one per sample, e.g. its group's :math:`\varepsilon_g`).
    p : {1, 2, inf}
        Norm of the perturbation ball.

    Returns
    -------
    ndarray, shape (n,)
        The robust losses in nats.

    References
    ----------
    Our derivation for the latent inner problem of Eq. (8); the
    per-sample form is Lemma A.0.1 (Staib & Jegelka 2017).

    Examples
    --------
    >>> import numpy as np
    >>> from theory.hgdro import robust_logistic, softplus
    >>> w = np.array([3.0, 4.0])
    >>> np.round(robust_logistic(np.array([1.0, -0.5]), w, 0.1), 6)
    array([0.474077, 1.313262])
    >>> np.round(softplus(np.array([-1.0, 0.5]) + 0.1 * 5.0), 6)
    array([0.474077, 1.313262])
    >>> np.round(robust_logistic(np.array([1.0, -0.5]), w, 0.1, p=np.inf), 6)
    array([0.554355, 1.463282])
    """
    caller = "robust_logistic"
    m = check_array(margin, "margin", caller, ndim=1)
    w = check_array(w, "w", caller, ndim=1)
    check_param("p", p, _P, caller)
    e = _radius_array(eps, "eps", caller)
    if e.ndim > 1 or (e.ndim == 1 and e.shape != m.shape) or not np.all(np.isfinite(e)) \
            or np.any(e < 0):
        raise invalid("eps", caller, "a float >= 0 or an array of shape (n,) of floats >= 0",
                      eps if e.ndim == 0 else f"<array of shape {e.shape}>")
    q = _dual_norm(w, p)
    with np.errstate(over="ignore", invalid="ignore"):
        # a radius of 0 adds nothing, even where ‖w‖_q overflowed (0·inf would be NaN)
        arg = -m + np.where(e > 0, e * q, 0.0)
    if not np.all(np.isfinite(arg)):
        raise invalid("eps", caller, "such that eps·‖w‖_q and the robust margin -margin + "
                      "eps·‖w‖_q are below the float64 maximum (the loss is about that margin)",
                      eps if e.ndim == 0 else f"<array of shape {e.shape}>")
    return np.logaddexp(0.0, arg)


def group_radii(n_g, eps, rule="code"):
    r"""Per-group radii of the hierarchical ambiguity set.

    .. math::

        \text{paper: } \varepsilon_g = \frac{\varepsilon}{\sqrt{n_g}}, \qquad
        \text{code: } \varepsilon_g = \varepsilon\sqrt{\frac{n_{\min}}{n_g}}
        = \sqrt{n_{\min}}\cdot\frac{\varepsilon}{\sqrt{n_g}},

    so the code's rule is the paper's rescaled so that the smallest group gets exactly ε
    (``--group_ratio_perturb``, on by default).

    Parameters
    ----------
    n_g : array-like of int, shape (m,)
        Training counts per group (≥ 1).
    eps : float
        Base radius (≥ 0), in the units of the latent features.
    rule : {"code", "paper"}

    Returns
    -------
    ndarray, shape (m,)

    References
    ----------
    Sec. 4 (paper rule); ``loss.py`` of the official code (code rule).

    Examples
    --------
    >>> from theory.hgdro import group_radii
    >>> [round(float(r), 4) for r in group_radii([3498, 184, 56, 1057], 0.1)]
    [0.0127, 0.0552, 0.1, 0.023]
    >>> [round(float(r), 4) for r in group_radii([3498, 184, 56, 1057], 0.1, rule="paper")]
    [0.0017, 0.0074, 0.0134, 0.0031]
    """
    caller = "group_radii"
    n = np.asarray(n_g)
    if n.dtype.kind == "O" and n.ndim == 1 and all(
            isinstance(v, Integral) and not isinstance(v, bool) and 1 <= v < 2**1000 for v in n):
        # counts beyond int64 (numpy holds 10**20 as an object array) were refused: as floats
        # they are exact to 1e-16, all the square root needs
        n = np.array([float(v) for v in n])
    if n.ndim != 1 or n.size == 0 or not np.issubdtype(n.dtype, np.number) \
            or n.dtype.kind == "c" or not np.all(np.isfinite(n)) \
            or np.any(n < 1) or np.any(n != np.round(n)):
        raise invalid("n_g", caller, "a 1-D array of integers >= 1", f"<array {n.tolist()}>"
                      if n.size < 9 else f"<array of shape {n.shape}>")
    check_param("eps", eps, Interval(0, None), caller)
    check_param("rule", rule, Options("code", "paper"), caller)
    n = n.astype(np.float64)
    if rule == "paper":
        return eps / np.sqrt(n)
    return eps * np.sqrt(n.min() / n)


def softmax_ce(W, z, y) -> float:
    r"""Cross-entropy :math:`\log\sum_c e^{(Wz)_c} - (Wz)_y` of a linear softmax head (nats).

    Parameters
    ----------
    W : array-like, shape (C, d)
    z : array-like, shape (d,)
    y : int in [0, C)
    """
    caller = "softmax_ce"
    W = check_array(W, "W", caller, ndim=2)
    z = check_array(z, "z", caller, ndim=1)
    if z.shape[0] != W.shape[1]:
        raise invalid("z", caller, f"an array of shape ({W.shape[1]},) (W's columns)",
                      f"<array of shape {z.shape}>")
    # a negative y would index from the end: a silent wrong loss
    check_param("y", y, Interval(0, W.shape[0] - 1, integer=True), caller)
    return float(np.logaddexp.reduce(_label_logits(W, z[None, :], int(y), "W", caller)[0]))



def _label_logits(W, V, y, name, caller):
    """Rows of ``(W_c − W_y)·v`` for each row v of V: the logits relative to the label's.

    The cross-entropy is :math:`\\log\\sum_c e^{(W_c-W_y)^\\top v}`: it does not change when a
    row is added to every class, and the plain ``logsumexp(Wv) − (Wv)_y`` loses such a row's
    information to rounding (W = 1e16 + small: 0 instead of log 2). W and V are scaled by
    powers of two (exact) so the products overflow only where the logits do; a logit above the
    float64 maximum makes the loss unrepresentable and is refused.
    """
    a, b = max_exponent(W), max_exponent(V)
    Wn, Vn = np.ldexp(W, -a), np.ldexp(V, -b)
    with np.errstate(over="ignore"):
        S = np.ldexp(Vn @ (Wn - Wn[y]).T, a + b)
    if np.any(S == np.inf):
        raise invalid(name, caller, "such that every logit difference (W_c - W_y)·z is below "
                      "the float64 maximum (the loss is above it)", f"<array of shape "
                      f"{W.shape}, max |W| = {float(np.max(np.abs(W))):.3g}>")
    return S


def fgsm_vs_vertex(W, z, y, eps):
    r"""The released code's one-step sign ascent against the exact ℓ∞ inner maximum.

    For a linear softmax head the cross-entropy is convex in the latent :math:`z'`, so its
    maximum over the box :math:`\|z'-z\|_\infty \le \varepsilon` sits at one of the
    :math:`2^d` vertices. The code takes the vertex of the gradient's sign:

    .. math::

        z_{\mathrm{FGSM}} = z + \varepsilon\,\operatorname{sign}\bigl(W^\top(\operatorname{softmax}(Wz)
        - e_y)\bigr), \qquad
        \max_{\|z'-z\|_\infty\le\varepsilon}\mathrm{CE}(Wz', y)
        = \max_{s\in\{\pm1\}^d}\mathrm{CE}\bigl(W(z+\varepsilon s), y\bigr).

    For :math:`C = 2` both agree (the loss depends on :math:`z'` through one direction); for
    :math:`C \ge 3` they need not.

    Parameters
    ----------
    W : array-like, shape (C, d)
        Head weights, C ≥ 2 classes; d ≤ 16 (the vertices are enumerated).
    z : array-like, shape (d,)
        Latent feature.
    y : int
        Label in [0, C).
    eps : float
        ℓ∞ radius ≥ 0.

    Returns
    -------
    fgsm : float
        Loss (nats) at the sign step.
    best : float
        Exact maximum (nats) over the box.
    best_vertex : ndarray, shape (d,)
        A sign vector attaining ``best``.

    References
    ----------
    Alg. 1 and ``loss.py`` of the official code (one ℓ∞ sign step called "PGD").
    """
    caller = "fgsm_vs_vertex"
    W = check_array(W, "W", caller, ndim=2, min_rows=2)
    z = check_array(z, "z", caller, ndim=1)
    if z.shape[0] != W.shape[1]:
        raise invalid("z", caller, f"an array of shape ({W.shape[1]},)", f"<array of shape "
                      f"{z.shape}>")
    if z.shape[0] > 16:
        raise invalid("z", caller, "of dimension <= 16 (vertex enumeration)",
                      f"<array of shape {z.shape}>")
    check_param("y", y, Interval(0, W.shape[0] - 1, integer=True), caller)
    check_param("eps", eps, Interval(0, None), caller)
    # everything through the logits relative to the label's (_label_logits): the gradient
    # W^T(softmax − e_y) = Σ_c p_c (W_c − W_y) loses nothing to a row common to every class,
    # and the perturbed logits are s(z) + ε·s(v), not (z + εv)·W (z large, ε small: z + εv = z)
    s = _label_logits(W, z[None, :], y, "W", caller)[0]
    prob = np.exp(s - np.logaddexp.reduce(s))
    Wn = np.ldexp(W, -max_exponent(W))  # only the signs of g are used: scaled, W_c − W_y is finite
    g = (Wn - Wn[y]).T @ prob
    verts = np.array(list(itertools.product((-1.0, 1.0), repeat=z.shape[0])))
    V = np.vstack([verts, np.sign(g)])
    with np.errstate(over="ignore", invalid="ignore"):
        S = s + eps * _label_logits(W, V, y, "W", caller)
    if not np.all(S < np.inf):  # +inf or inf − inf: a loss above the float64 maximum
        raise invalid("eps", caller, "such that the perturbed logits stay below the float64 "
                      "maximum (the loss is above it)", eps)
    losses = np.logaddexp.reduce(S, axis=1)
    k = int(np.argmax(losses[:-1]))
    return float(losses[-1]), float(losses[k]), verts[k]


def relu_surrogate_witness(w=2.0, eps=0.5, x0=-1.0):
    r"""The Thm 4.1 surrogate against the true hierarchical value for :math:`z(x)=\mathrm{ReLU}(x)`.

    One sample :math:`x_0` with label :math:`y = +1`, head :math:`f(z) = w z`, logistic loss.
    The true W∞ value only moves to latents reachable by inputs,
    :math:`z' \in z(\mathbb R) \cap [z(x_0)-\varepsilon, z(x_0)+\varepsilon]`; the surrogate
    lets :math:`z'` range over the whole ball:

    .. math::

        V = \max_{z'\in[0,\infty)\cap[z_0-\varepsilon, z_0+\varepsilon]}
            \operatorname{softplus}(-w z'), \qquad
        S = \operatorname{softplus}\bigl(-w z_0 + \varepsilon|w|\bigr) \ \ge V.

    Parameters
    ----------
    w : float
        Head weight.
    eps : float
        Radius ≥ 0.
    x0 : float
        Input of the sample.

    Returns
    -------
    true_sup, surrogate : float
        V and S in nats; for the defaults V = log 2 = 0.693147, S = softplus(1) = 1.313262.

    References
    ----------
    Thm 4.1 (surrogate upper bound, wording unconfirmed).
    """
    caller = "relu_surrogate_witness"
    check_param("w", w, Interval(None, None), caller)
    check_param("eps", eps, Interval(0, None), caller)
    check_param("x0", x0, Interval(None, None), caller)
    w, eps, z0 = float(w), float(eps), max(float(x0), 0.0)
    lo = max(z0 - eps, 0.0)
    # softplus(−w z') is monotone in z': the max over an interval is at an endpoint. The
    # arguments are arranged so that none is inf − inf (z0 + eps, or w·z0 and eps·|w|, may
    # overflow where the argument does not): each overflows only where it is above the float
    # maximum, and then so is the loss (softplus(x) ≈ x), which is refused.
    a_lo, a_hi = -w * lo, -(w * z0) - w * eps
    a_sur = abs(w) * (eps - z0) if w >= 0 else abs(w) * eps + abs(w) * z0
    if not np.isfinite(max(a_lo, a_hi, a_sur)):
        raise invalid("w", caller, "such that |w|·(|x0| + eps) stays below the float64 maximum "
                      "(the losses are above it)", w)
    return float(np.logaddexp(0.0, max(a_lo, a_hi))), float(np.logaddexp(0.0, a_sur))
