r"""TF_sup: in-context functional gradient descent on the labelled tokens (Wang et al., ICML 2025,
reused by Fan et al. 2025), the erase head, the step-size bound, and harmonic label propagation.

Class embeddings are the columns of ``W ∈ ℝ^{e×C}``; a token's state is ``f ∈ ℝ^e`` and its
class probabilities are ``softmax(Wᵀ f)``. Log-likelihoods are in nats.
"""

from __future__ import annotations

import numpy as np
from scipy import linalg
from scipy.sparse.csgraph import connected_components
from scipy.special import log_softmax, logsumexp, softmax

from theory._norms import max_exponent
from theory.icssl._attention import (
    _bandwidth,
    _excess_sqdist,
    _neg_over_2h,
    _same_width,
    _scaled_sqdist,
)
from theory.validation import (
    MAX_ITER,
    Interval,
    Options,
    check_array,
    check_param,
    check_psd,
    check_real,
    check_symmetric,
    invalid,
)

_POS = Interval(0, None, closed="neither")
_NONNEG = Interval(0, None)


def softmax_expectation(W, f) -> np.ndarray:
    r"""Expected class embedding under the model's own class probabilities.

    .. math:: E(w \mid f) = \sum_c w_c\, \operatorname{softmax}_c(W^\top f) = W \operatorname{softmax}(W^\top f)

    This is a cross-attention with query ``f`` and keys = values = the columns of ``W``, and the
    gradient of the log-partition ``log Σ_c exp(w_cᵀ f)``.

    Parameters
    ----------
    W : array of shape (e, C)
    f : array of shape (e,) or (n, e)
        One state, or one per row.

    Returns
    -------
    array of the shape of ``f``.

    References
    ----------
    Fan et al. (2025), Eq. (7) ("expectation"); Wang et al. (2025), TF_GD cross-attention.
    """
    W = check_array(W, "W", "softmax_expectation")
    F = check_array(f, "f", "softmax_expectation", ndim=None)
    if F.ndim not in (1, 2) or F.shape[-1] != W.shape[0]:
        raise invalid("f", "softmax_expectation", f"an array of shape (e,) or (n, e) with "
                      f"e = {W.shape[0]}", f"<array of shape {F.shape}>")
    return _expectation(W, F)


def _shifted_logits(F: np.ndarray, W: np.ndarray) -> np.ndarray:
    """The logits F W shifted to max 0 over classes, without forming F W: F and W are scaled
    by powers of two (exact), the shift is taken on the scaled product and the scale is put
    back by ``ldexp`` (W ~ 1e300 with f ~ 1e10 overflowed to inf logits and NaN
    probabilities; the answer is the saturated softmax)."""
    kf, kw = max_exponent(F), max_exponent(W)
    T = np.ldexp(F, -kf) @ np.ldexp(W, -kw)
    with np.errstate(over="ignore", under="ignore"):
        return -np.ldexp(T.max(axis=-1, keepdims=True) - T, kf + kw)


def _expectation(W: np.ndarray, F: np.ndarray) -> np.ndarray:
    """W softmax(Wᵀ f) per row of F, unvalidated (the TF_sup loop)."""
    return softmax(_shifted_logits(F, W), axis=-1) @ W.T


def labelled_log_likelihood(F_lab, y_lab, W) -> float:
    r"""Labelled log-likelihood (nats) that one TF_sup layer ascends.

    .. math:: \ell(F) = \sum_{j=1}^{m} \log \operatorname{softmax}_{y_j}(W^\top f_j)

    Parameters
    ----------
    F_lab : array of shape (m, e)
    y_lab : int array of shape (m,), values in ``[0, C)``
    W : array of shape (e, C)

    References
    ----------
    Fan et al. (2025), Eq. (4) restricted to the labelled tokens; Wang et al. (2025), Eq. (6).
    """
    W = check_array(W, "W", "labelled_log_likelihood")
    F = check_array(F_lab, "F_lab", "labelled_log_likelihood")
    if F.shape[1] != W.shape[0]:
        raise invalid("F_lab", "labelled_log_likelihood", f"an array with {W.shape[0]} columns "
                      "(the rows of W)", f"<array of shape {F.shape}>")
    y = _labels(y_lab, F.shape[0], W.shape[1], "labelled_log_likelihood")
    # shifted logits: F W beyond float64 gave NaN (inf − inf) for a finite log-likelihood
    ll = float(log_softmax(_shifted_logits(F, W), axis=1)[np.arange(len(y)), y].sum())
    if not np.isfinite(ll):
        raise invalid("F_lab", "labelled_log_likelihood", "states whose log-likelihood is a "
                      "float64 (>= ~-1.8e308 nats)", "<a log-likelihood below -1.8e308>")
    return ll


def _labels(y, m: int, C: int, caller: str) -> np.ndarray:
    y = np.asarray(y)
    if y.shape != (m,) or not np.issubdtype(y.dtype, np.integer):
        raise invalid("y_lab", caller, f"an int array of shape ({m},)", f"<array {y.dtype} "
                      f"of shape {y.shape}>")
    if m and (y.min() < 0 or y.max() >= C):
        raise invalid("y_lab", caller, f"labels in [0, {C})", f"<labels in [{y.min()}, "
                      f"{y.max()}]>")
    return y


def rbf_kernel_weights(phi_q, phi_k, h: float, *, normalized: bool) -> np.ndarray:
    r"""The kernel of the TF_sup attention head, queries as rows.

    .. math:: \kappa_{ij} = \exp(-\lVert \varphi_i - \varphi_j\rVert^2 / 2h)
        \quad\bigl(/\textstyle\sum_{j'} \exp(-\lVert \varphi_i - \varphi_{j'}\rVert^2/2h)
        \text{ if normalised}\bigr)

    Returns an array of shape ``(n_queries, n_keys)``.
    """
    q = check_array(phi_q, "phi_q", "rbf_kernel_weights")
    k = check_array(phi_k, "phi_k", "rbf_kernel_weights")
    h = _bandwidth(h, "rbf_kernel_weights")
    check_param("normalized", normalized, Options(True, False), "rbf_kernel_weights")
    _same_width(q, k, ("phi_q", "phi_k"), "rbf_kernel_weights")
    if normalized:
        # as rbf_attention (keys k, queries q): shifted to max 0 before the factor 1/2h, on
        # the factored excess distances; a query far from every key gave a row of NaN
        E, p = _excess_sqdist(k, q)
        S = _neg_over_2h(E.T, p, h)
        return np.exp(S - logsumexp(S, axis=1, keepdims=True))
    D, p = _scaled_sqdist(q, k)  # as rbf_gram: exact duplicates, no over/underflow
    return np.exp(_neg_over_2h(D, p, h))


def functional_gd(phi, y_lab, lab_idx, W, alpha: float, steps: int, *, h: float = 1.0,
                  normalized: bool = True, F0=None) -> np.ndarray:
    r"""``steps`` TF_sup layers: functional gradient ascent of the labelled log-likelihood.

    .. math::
        f^{(i)}_{\ell+1} = f^{(i)}_\ell + \alpha \sum_{j=1}^{m}
        \bigl[w_{y_j} - E(w \mid f^{(j)}_\ell)\bigr]\, \kappa(\varphi^{(i)}, \varphi^{(j)}),
        \qquad f_0 = 0

    ``w_{y_j} − E(w|f_j)`` is exactly ``∂ℓ/∂f_j`` (:func:`labelled_log_likelihood`), so one
    layer is one step in the RKHS of ``κ``. ``κ`` is the RBF kernel on ``φ`` with bandwidth
    ``h``, normalised over the labelled keys (softmax attention) when ``normalized``.

    Parameters
    ----------
    phi : array of shape (n, k)
        Token representations (rows).
    y_lab : int array of shape (m,)
    lab_idx : int array of shape (m,)
        Rows of ``phi`` that carry the labels.
    W : array of shape (e, C)
    alpha : float ≥ 0
        Step size.
    steps : int ≥ 0
    h : float > 0
        Kernel bandwidth (squared units of ``phi``).
    normalized : bool
    F0 : array of shape (n, e), optional (default 0)

    Returns
    -------
    F : array of shape (n, e)
        Predicted class of token ``i``: ``argmax Wᵀ F[i]``.

    References
    ----------
    Fan et al. (2025), §3 TF_sup (TF_GD); Wang et al. (2025), ICML, functional GD block.
    """
    phi = check_array(phi, "phi", "functional_gd")
    W = check_array(W, "W", "functional_gd")
    n = phi.shape[0]
    lab = np.asarray(lab_idx)
    # an empty lab_idx was refused inside rbf_kernel_weights, naming its 'phi_k'
    if lab.ndim != 1 or not np.issubdtype(lab.dtype, np.integer) or lab.size == 0 or (
            lab.min() < 0 or lab.max() >= n):
        raise invalid("lab_idx", "functional_gd", f"a non-empty int array of indices in "
                      f"[0, {n})", f"<array {lab.dtype} of shape {lab.shape}>")
    y = _labels(y_lab, lab.size, W.shape[1], "functional_gd")
    alpha = check_real("alpha", alpha, _NONNEG, "functional_gd")  # 10**400: OverflowError before
    check_param("steps", steps, Interval(0, MAX_ITER, integer=True), "functional_gd")
    h = _bandwidth(h, "functional_gd")
    check_param("normalized", normalized, Options(True, False), "functional_gd")
    kappa = rbf_kernel_weights(phi, phi[lab], h, normalized=normalized)
    F = np.zeros((n, W.shape[0])) if F0 is None else check_array(F0, "F0", "functional_gd")
    if F.shape != (n, W.shape[0]):
        raise invalid("F0", "functional_gd", f"an array of shape {(n, W.shape[0])}",
                      f"<array of shape {F.shape}>")
    target = W.T[y]
    with np.errstate(over="ignore", invalid="ignore"):
        for _ in range(steps):
            R = target - _expectation(W, F[lab])
            F = F + alpha * kappa @ R
    if not np.all(np.isfinite(F)):
        # the states left float64 (a huge step or W): there is no float answer to return;
        # the next layer used to refuse its own input as softmax_expectation's 'f'
        raise invalid("alpha", "functional_gd", "a step for which the states stay within "
                      f"float64 over {steps} layer(s)", alpha)
    return F


def step_size_bound(W, K_lab) -> float:
    r"""Largest step for which a TF_sup step cannot lower the labelled log-likelihood.

    .. math::
        \alpha^\star = \frac{4}{\lVert W\rVert_2^2\, \lambda_{\max}(K_{mm})}

    for a symmetric positive semi-definite kernel block ``K_mm`` (un-normalised). Proof: the
    softmax covariance ``diag(p) − ppᵀ ≼ ½ I``, so ``−∇²ℓ ≼ (‖W‖²/2) I`` (``ℓ`` is
    ``L``-smooth with ``L = ‖W‖²/2``); the step ``ΔF = α K R`` with ``R = ∇ℓ`` gives
    ``ℓ(F+ΔF) − ℓ(F) ≥ α tr(RᵀKR) − (L/2) α² tr(RᵀK²R) ≥ α tr(RᵀKR)(1 − Lαλ_max/2) ≥ 0``.
    The constant is attained (two coincident labelled tokens of opposite classes, ``C = 2``).

    Parameters
    ----------
    W : array of shape (e, C)
    K_lab : array of shape (m, m), symmetric PSD

    Returns
    -------
    float (units of 1 / (‖W‖² · kernel units)).

    References
    ----------
    Derived here (our step-size condition); not stated in the paper as far as we know.
    """
    W = check_array(W, "W", "step_size_bound")
    K = check_psd(check_array(K_lab, "K_lab", "step_size_bound"), "K_lab", "step_size_bound")
    lam = float(np.linalg.eigvalsh((K + K.T) / 2)[-1])
    w = float(np.linalg.norm(W, 2))
    if lam <= 0:
        raise invalid("K_lab", "step_size_bound", "a non-zero PSD kernel", f"<λ_max {lam:g}>")
    if w <= 0:
        raise invalid("W", "step_size_bound", "a non-zero matrix", "<W = 0>")
    # 4/(‖W‖² λ) from mantissas and exponents: (2/‖W‖)² / λ raised OverflowError at
    # ‖W‖ ~ 1e-160 (a bound of 5e160) and returned 0.0 at ‖W‖ ~ 1e200, λ ~ 1e-100 (5e-301)
    (mw, ew), (ml, el) = np.frexp(w), np.frexp(lam)
    with np.errstate(over="ignore", under="ignore"):
        out = float(np.ldexp(4.0 / (mw * mw * ml), -2 * int(ew) - int(el)))
    if not np.finfo(float).tiny <= out < np.inf:
        raise invalid("W", "step_size_bound", "a W and K_lab whose bound 4/(‖W‖² λ_max) is a "
                      "normal float64 (~2.2e-308 to ~1.8e308)",
                      f"<‖W‖ = {w:.6g}, λ_max = {lam:.6g}>")
    return out


def erase_attention(S, lam: float) -> np.ndarray:
    r"""Row-softmax of ``λS``: the "erase" head, which tends to the identity as ``λ → ∞``.

    .. math::
        P = \operatorname{softmax}_{\text{rows}}(\lambda S),\qquad
        \max_{ij} |P - I|_{ij} \le (n-1)\, e^{-\lambda g},\quad
        g = \min_i \bigl(S_{ii} - \max_{j\ne i} S_{ij}\bigr) > 0

    Parameters
    ----------
    S : array of shape (n, n) with a strictly dominant diagonal gap ``g``
    lam : float ≥ 0

    References
    ----------
    Wang et al. (2025), TF_GD block ("erase" head), reused by Fan et al. (2025) §3.
    """
    S = check_array(S, "S", "erase_attention")
    _square(S, "S", "erase_attention")
    lam = check_real("lam", lam, _NONNEG, "erase_attention")
    # shifting each row by its maximum first: λ·S itself can overflow to inf for a large λ.
    # The shift is taken on S scaled by a power of two and the scale put back by ldexp:
    # S − max S overflowed for entries of ±1e308, and λ = 0 times −inf gave rows of NaN
    k = max_exponent(S)
    Ss = np.ldexp(S, -k)
    with np.errstate(over="ignore", under="ignore"):
        return softmax(-np.ldexp(lam * (Ss.max(axis=1, keepdims=True) - Ss), k),
                       axis=1)


def _square(S, name, caller):
    if S.shape[0] != S.shape[1]:
        raise invalid(name, caller, "a square array", f"<array of shape {S.shape}>")


def diagonal_gap(S) -> float:
    """``min_i (S_ii − max_{j≠i} S_ij)`` (the ``g`` of :func:`erase_attention`); ``inf`` for
    n = 1 (no off-diagonal entry)."""
    S = check_array(S, "S", "diagonal_gap")
    _square(S, "S", "diagonal_gap")
    off = S + np.diag(np.full(len(S), -np.inf))
    with np.errstate(over="ignore"):
        g = float(np.min(np.diag(S) - off.max(axis=1)))
    if len(S) > 1 and not np.isfinite(g):
        # entries of ±1e308: the gap 2e308 is no float64 (inf was returned, as for n = 1)
        raise invalid("S", "diagonal_gap", "a matrix whose diagonal gaps are within float64",
                      f"<array of shape {S.shape}, entries in [{S.min():.3g}, {S.max():.3g}]>")
    return g


def harmonic_label_propagation(A, lab_idx, y_lab, n_classes: int) -> np.ndarray:
    r"""Harmonic-function label propagation (Zhu, Ghahramani & Lafferty, 2003).

    .. math::
        F_u = (D_{uu} - A_{uu})^{-1} A_{ul} Y_l,\qquad F_l = Y_l

    the minimiser of the Dirichlet energy ``tr(Fᵀ(D − A)F)`` with the labelled rows clamped;
    each row is a probability vector (the maximum principle).

    Parameters
    ----------
    A : array of shape (n, n), symmetric non-negative affinities
    lab_idx : int array of shape (m,)
    y_lab : int array of shape (m,), values in ``[0, n_classes)``
    n_classes : int ≥ 1

    Returns
    -------
    probs : array of shape (n, n_classes)

    References
    ----------
    The reference of Fan et al. (2025) §4.
    """
    A = check_symmetric(check_array(A, "A", "harmonic_label_propagation"), "A",
                        "harmonic_label_propagation")
    if np.any(A < 0):
        raise invalid("A", "harmonic_label_propagation", "a matrix of non-negative affinities",
                      f"<array with min entry {float(A.min()):g}>")
    n = A.shape[0]
    # capped: the output has n × n_classes entries (2**62 would ask for exabytes)
    check_param("n_classes", n_classes, Interval(1, MAX_ITER, integer=True),
                "harmonic_label_propagation")
    lab = np.asarray(lab_idx)
    if lab.ndim != 1 or not np.issubdtype(lab.dtype, np.integer) or lab.size == 0 or (
            lab.min() < 0 or lab.max() >= n) or len(np.unique(lab)) != lab.size:
        raise invalid("lab_idx", "harmonic_label_propagation",
                      f"a non-empty int array of distinct indices in [0, {n})",
                      f"<array {lab.dtype} of shape {lab.shape}>")
    y = _labels(y_lab, lab.size, n_classes, "harmonic_label_propagation")
    unl = np.setdiff1d(np.arange(n), lab)
    Y = np.eye(n_classes)[y]
    out = np.zeros((n, n_classes))
    out[lab] = Y
    if unl.size:
        # an unlabelled component of the graph makes L_uu singular: no harmonic solution
        _, comp = connected_components(A > 0, directed=False)
        orphan = np.setdiff1d(comp[unl], comp[lab])
        if orphan.size:
            raise invalid("A", "harmonic_label_propagation", "a graph in which every "
                          "unlabelled node is connected to a labelled one",
                          f"<{int(np.isin(comp, orphan).sum())} node(s) without a labelled "
                          "node in their component>")
        # the solution is invariant to scaling A; scaled by a power of two (exact) to max 1/2
        # .. 1: degrees of 200 affinities of 1e307 overflowed (LAPACK refused inf), and
        # subnormal affinities (1e-320) lost digits (6e-4 off)
        A = np.ldexp(A, -max_exponent(A))
        L = np.diag(A.sum(1)) - A
        try:
            out[unl] = linalg.solve(L[np.ix_(unl, unl)], A[np.ix_(unl, lab)] @ Y,
                                    assume_a="pos")
        except linalg.LinAlgError:
            # connected on paper, but the links are so weak (~1e-300) that L_uu is singular
            # in floats: there is no harmonic solution to return
            raise invalid("A", "harmonic_label_propagation", "a graph whose unlabelled nodes "
                          "are numerically connected to a labelled one (L_uu non-singular)",
                          "<singular L_uu>") from None
    return out
