"""Set aggregators (sum, mean, max, attention) and the Lipschitz tables of Thm 3.1 / Lemma 3.2."""

from __future__ import annotations

from numbers import Integral

import numpy as np
import sympy as sp

from theory.multisets._distances import DISTANCES
from theory.validation import Options, check_array, check_param, invalid

AGGREGATORS = ("sum", "mean", "max")


def aggregate(X, kind: str) -> np.ndarray:
    r"""Permutation-invariant aggregation of a multiset of vectors.

    .. math::
        f_{SUM}(X) = \sum_i v_i,\qquad f_{MEAN}(X) = \frac{1}{|X|}\sum_i v_i,\qquad
        f_{MAX}(X)_k = \max_i v_{ik}.

    Parameters
    ----------
    X : array of shape (m, d)
    kind : {"sum", "mean", "max"}

    Returns
    -------
    array of shape (d,)

    References
    ----------
    Nikolentzos & Skianis (2026), Sec. 3, Thm 3.1.
    """
    check_param("kind", kind, Options(*AGGREGATORS), "aggregate")
    X = check_array(X, "X", "aggregate")
    if kind == "max":
        return X.max(axis=0)
    # Near the float maximum the running sum overflows: the mean of three 1.5e308 was inf. On
    # coordinates scaled by a power of two (exact; only beyond 1e100, so bit-identical below),
    # and a sum that float64 cannot hold is an error, not inf.
    a = float(np.max(np.abs(X))) if X.size else 0.0
    s = float(np.ldexp(1.0, int(np.frexp(a)[1]) - 1)) if a > 1e100 else 1.0
    out = (X / s).sum(axis=0) if kind == "sum" else (X / s).mean(axis=0)
    if s == 1.0:
        return out
    with np.errstate(over="ignore"):
        out = out * s
    if not np.all(np.isfinite(out)):
        raise invalid("X", "aggregate", f"vectors whose {kind} is finite in float64 "
                      "(below ~1.8e308 in every coordinate)",
                      f"<array with max|x| = {a:.3g} and {len(X)} rows>")
    return out


def attention_weights(X, W, q) -> np.ndarray:
    r"""Softmax attention weights :math:`\alpha_i \propto \exp(q^\top \mathrm{ReLU}(W v_i))`.

    X of shape (m, d), W of shape (d_h, d), q of shape (d_h,); returns shape (m,), summing to 1.
    """
    X = check_array(X, "X", "attention")
    W = check_array(W, "W", "attention")
    q = check_array(q, "q", "attention", ndim=1)
    if W.shape[1] != X.shape[1]:
        raise invalid("W", "attention", f"an array with {X.shape[1]} columns (the dimension "
                      "of X)", f"<array of shape {W.shape}>")
    if q.shape[0] != W.shape[0]:
        raise invalid("q", "attention", f"a vector of length {W.shape[0]} (the rows of W)",
                      f"<array of shape {q.shape}>")
    # Scores s = ReLU(X Wᵀ) q = c · (H q̂) with H = ReLU((X/sx)(W/sw)ᵀ)/hs and q̂ = q/qs
    # normalised (sx, sw powers of two), c = sx·sw·hs·qs; so large finite X, W or q (e.g.
    # q = 1e308) cannot overflow into inf - inf = NaN. Softmax is shift invariant: only the
    # gaps to the top score, times c, matter.
    sx = _pow2(float(np.max(np.abs(X))))
    sw = _pow2(float(np.max(np.abs(W))))
    H = np.maximum((X / sx) @ (W / sw).T, 0.0)
    hs, qs = float(np.max(np.abs(H))), float(np.max(np.abs(q)))
    if hs == 0.0 or qs == 0.0:
        return np.full(len(X), 1.0 / len(X))
    t = (H / hs) @ (q / qs)
    gap = t - t.max()
    with np.errstate(over="ignore", invalid="ignore"):
        c = sx * sw * hs * qs  # may be inf: every strictly lower score then gets weight 0
        s = np.where(gap == 0.0, 0.0, gap * c)
    w = np.exp(s)
    return w / w.sum()


def _pow2(a: float) -> float:
    """The power of two at or just below ``a`` (1 for a = 0)."""
    return 1.0 if a == 0.0 else float(np.ldexp(1.0, int(np.frexp(a)[1]) - 1))


def attention(X, W, q) -> np.ndarray:
    r"""Attention aggregation of Prop. 3.3.

    .. math::
        f_{ATT}(X) = \sum_i \alpha_i v_i,\qquad
        \alpha_i = \frac{\exp(q^\top g(W v_i))}{\sum_j \exp(q^\top g(W v_j))},\quad g=\mathrm{ReLU}.

    Parameters
    ----------
    X : array of shape (m, d)
    W : array of shape (d_h, d)
    q : array of shape (d_h,)

    Returns
    -------
    array of shape (d,)

    References
    ----------
    Nikolentzos & Skianis (2026), Prop. 3.3 and App. B.5.
    """
    a = attention_weights(X, W, q)
    return a @ np.asarray(X, dtype=float)


def attention_witness_ratio(c, eps, d):
    r"""EMD ratio of the attention witness of App. B.5 (W = -I, q = 1, ReLU).

    For :math:`X=\{\{c\mathbf 1, \varepsilon\mathbf 1\}\}`, :math:`Y=\{\{c\mathbf 1,
    -\varepsilon\mathbf 1\}\}` in :math:`\mathbb R^d` and :math:`e = \exp(d\varepsilon)`:

    .. math::
        \frac{\|f_{ATT}(X) - f_{ATT}(Y)\|_2}{d_{EMD}(X, Y)}
        = \frac{c(e-1) + \varepsilon(1+3e)}{2(1+e)\varepsilon}
        \xrightarrow[\varepsilon\to 0]{} \frac{cd}{4} + 1.

    Accepts numbers (returns float) or sympy expressions (returns a sympy expression).
    The Hausdorff and matching ratios of the same pair are exactly half (for c ≥ 3ε).

    References
    ----------
    Nikolentzos & Skianis (2026), Prop. 3.3, App. B.5.
    """
    symbolic = any(isinstance(v, sp.Basic) for v in (c, eps, d))
    exp = sp.exp if symbolic else np.exp
    e = exp(d * eps)
    r = (c * (e - 1) + eps * (1 + 3 * e)) / (2 * (1 + e) * eps)
    return r if symbolic else float(r)


def lipschitz_constant(aggregator: str, distance: str, *, d, equal_size=None):
    r"""Lipschitz constant of an aggregator w.r.t. a set distance (Thm 3.1, Lemma 3.2).

    General sizes (Thm 3.1): mean/EMD 1, sum/matching 1, max/Hausdorff :math:`\sqrt d`;
    every other cell has no constant. Equal sizes :math:`|X|=|Y|=M` (Lemma 3.2):

    .. math::
        \begin{array}{c|ccc} & \text{mean} & \text{sum} & \text{max}\\ \hline
        \text{EMD} & 1 & M & M\\ \text{H} & - & - & \sqrt{\min(d, \max(1, 2M-2))}\\
        \text{matching} & 1/M & 1 & 1\end{array}

    Parameters
    ----------
    aggregator : {"sum", "mean", "max", "attention"}
        ``"attention"`` always returns None: for some (W, q) it is Lipschitz for none of the
        three distances (Prop. 3.3).
    distance : {"emd", "hausdorff", "matching"}
    d : int >= 1 or sympy Symbol
        Dimension of the elements.
    equal_size : int >= 1, sympy Symbol or None
        M for Lemma 3.2; None for general sizes (Thm 3.1).

    Returns
    -------
    sympy expression or None
        None when the paper proves that no constant exists. All constants are sharp (a witness
        attains them). For max/Hausdorff with equal sizes the paper's :math:`\sqrt d` is replaced
        by the sharp :func:`max_hausdorff_constant_equal_size` (it equals :math:`\sqrt d` exactly
        when :math:`d \le \max(1, 2M-2)`).

    Examples
    --------
    >>> from theory.multisets import lipschitz_constant
    >>> lipschitz_constant("mean", "emd", d=3)
    1
    >>> lipschitz_constant("sum", "matching", d=3)
    1
    >>> lipschitz_constant("sum", "emd", d=3) is None  # not Lipschitz: no constant
    True
    """
    caller = "lipschitz_constant"
    check_param("aggregator", aggregator, Options(*AGGREGATORS, "attention"), caller)
    check_param("distance", distance, Options(*DISTANCES), caller)
    d = _positive_int_or_symbol(d, "d", caller)
    M = None if equal_size is None else _positive_int_or_symbol(equal_size, "equal_size", caller)
    if aggregator == "attention":
        return None
    if M is None:
        table = {("mean", "emd"): sp.Integer(1), ("sum", "matching"): sp.Integer(1),
                 ("max", "hausdorff"): sp.sqrt(d)}
    else:
        table = {("mean", "emd"): sp.Integer(1), ("sum", "emd"): M, ("max", "emd"): M,
                 ("max", "hausdorff"): max_hausdorff_constant_equal_size(d, M),
                 ("mean", "matching"): 1 / M,
                 ("sum", "matching"): sp.Integer(1), ("max", "matching"): sp.Integer(1)}
    return table.get((aggregator, distance))


def max_hausdorff_constant_equal_size(d, M):
    r"""Sharp Hausdorff-Lipschitz constant of the max on multisets of equal size M in R^d (ours).

    .. math::
        L(d, M) = \sqrt{\min(d,\ \max(1, 2M-2))}
        = \begin{cases} 1 & M = 1,\\ \sqrt{\min(d, 2M-2)} & M \ge 2. \end{cases}

    Lemma 3.2 lists :math:`\sqrt d` for every M; that is an upper bound, attained exactly when
    :math:`d \le \max(1, 2M-2)` (so "tight when M >= d" is true but not the whole story: M >= d/2+1
    suffices, and for M = 1 < d or 2M - 2 < d the constant is smaller).

    Proof of the upper bound. Let :math:`h = d_H(X, Y)` and :math:`\Delta = f_{MAX}(X) -
    f_{MAX}(Y)`. For each coordinate k with :math:`\Delta_k > 0` pick an element
    :math:`x_{i(k)} \in X` attaining :math:`\max_X(\cdot)_k`; for :math:`\Delta_k < 0` pick
    :math:`y_{j(k)} \in Y` attaining :math:`\max_Y(\cdot)_k`. Let G be the bipartite graph on
    X ⊎ Y (2M vertices) with an edge {x, y} whenever :math:`\|x - y\| \le h`; by definition of
    :math:`d_H` no vertex is isolated.
    (i) One edge pays for both of its ends: for an edge {x_i, y_j} and v = x_i - y_j, every k
    with i(k) = i has :math:`\Delta_k = x_{ik} - \max_Y(\cdot)_k \le v_k`, so
    :math:`0 < \Delta_k \le v_k`, and every k with j(k) = j has :math:`0 < -\Delta_k \le -v_k`;
    these coordinate sets are disjoint, so :math:`\sum_{k: i(k)=i \text{ or } j(k)=j}
    \Delta_k^2 \le \|v\|^2 \le h^2`.
    (ii) Take a minimum edge cover C of G and charge every chosen vertex to one edge of C
    covering it: :math:`\|\Delta\|^2 \le |C|\,h^2`. By Gallai's identity
    :math:`|C| = 2M - \nu(G)` with :math:`\nu` the maximum matching size. For M >= 2,
    :math:`\nu \ge 2`: if :math:`\nu = 1`, König's theorem gives one vertex, say x, covering
    every edge, but another vertex x' of the same side has an edge, not through x. So
    :math:`|C| \le 2M - 2`; for M = 1, :math:`|C| = 1`.
    (iii) Each coordinate alone is also paid by one edge, :math:`|\Delta_k| \le h`, so
    :math:`\|\Delta\|^2 \le d\,h^2` (Thm 3.1's bound). Together
    :math:`\|\Delta\| \le \sqrt{\min(d, \max(1, 2M-2))}\, h`.

    Attained by :func:`theory.multisets.max_hausdorff_equal_size_witness` for every d and M:
    :math:`X = \{\{0, h e_1, \dots, h e_p, 0, \dots\}\}`,
    :math:`Y = \{\{0, h e_{p+1}, \dots, h e_k, 0, \dots\}\}` with :math:`k = \min(d, 2M-2)`,
    p = min(M - 1, k): every element is within h of the other set's 0 (a double star, whose
    maximum matching has size 2), and the max moves by h on k coordinates.

    Parameters
    ----------
    d, M : int >= 1 or sympy Symbol

    Returns
    -------
    sympy expression

    References
    ----------
    Refines Lemma 3.2 (max/Hausdorff cell) of Nikolentzos & Skianis (2026), App. B.4.
    """
    d = _positive_int_or_symbol(d, "d", "max_hausdorff_constant_equal_size")
    M = _positive_int_or_symbol(M, "M", "max_hausdorff_constant_equal_size")
    return sp.sqrt(sp.Min(d, sp.Max(1, 2 * M - 2)))


def max_emd_constant_bounded_size(M, d):
    r"""Sharp EMD-Lipschitz constant of the max on multisets of size at most M.

    .. math::
        \|f_{MAX}(X) - f_{MAX}(Y)\|_2 \le \max(|X|, |Y|)\, d_{EMD}(X, Y) \le M\, d_{EMD}(X,Y).

    Proof (ours): for each coordinate on which X's max is larger, assign it to an element of X
    attaining that max (on the others, to an element of Y); with :math:`\alpha_i, \beta_j` the
    norms of the gap vector over the coordinates assigned to :math:`v_i, u_j`,
    :math:`\|v_i-u_j\| \ge \|(\alpha_i,\beta_j)\|`, so by convexity of the norm
    :math:`d_{EMD} \ge \|(\sum_i\alpha_i/m, \sum_j\beta_j/n)\| \ge \|\Delta\|/\max(m,n)`.
    The constant does not depend on d: the public annotation's interval :math:`[M, \sqrt d M]`
    (msrepo/theory_inclined_papers_with_annotations) collapses to M, attained by App. B.3.7's
    witness. Returns the sympy integer M.

    References
    ----------
    Refines Thm 3.1 (max/EMD cell) and App. B.3.7; Lemma 3.2 (max/EMD = M) is the case m = n.
    """
    _positive_int_or_symbol(d, "d", "max_emd_constant_bounded_size")
    return _positive_int_or_symbol(M, "M", "max_emd_constant_bounded_size")


def _positive_int_or_symbol(v, name, caller):
    if isinstance(v, sp.Symbol):
        return v
    if isinstance(v, bool) or not isinstance(v, Integral | np.integer) or v < 1:
        raise invalid(name, caller, "an int >= 1 or a sympy Symbol", v)
    return sp.Integer(int(v))
