"""The BLAE regularisers and metrics on distance matrices and Jacobians (numpy).

Paper: Zhan et al. (arXiv 2604.06701), Sec. 3 (injectivity, Def. of (δ,ε)-separation, L_inj,
L_reg), Sec. 4 (bi-Lipschitz loss), Sec. 5 (kNN recall). Released code: ``utils/regularizations
.py`` (``InjectiveLoss``) and ``utils/functionals.py`` (the Jacobian term), ``utils/measures.py``.
"""

from __future__ import annotations

import numpy as np

from theory._norms import euclidean_norms, pow2_scaled
from theory.validation import (
    Interval,
    Options,
    check_array,
    check_param,
    check_symmetric,
    invalid,
)


def _pairs(D_M, Z, caller, z_name="Z"):
    D = _distances(D_M, "D_M", caller)
    Zc = check_array(Z, z_name, caller)
    if len(Zc) != len(D):
        raise invalid(z_name, caller, f"an array with {len(D)} rows (one per row of D_M)",
                      f"<array of shape {Zc.shape}>")
    iu = np.triu_indices(len(D), 1)
    # d_N = 2^e · (returned norms): codes at ±1.7e308 have differences above the floats (their
    # norms were NaN, inf/inf), although a ratio d_N/d_M may well be a float; e = 0 below 2^1000
    m = float(np.max(np.abs(Zc)))
    e = int(np.frexp(m)[1]) if m >= 2.0**1000 else 0
    Zs = np.ldexp(Zc, -e)
    diff = Zs[iu[0]] - Zs[iu[1]]
    return D[iu], euclidean_norms(diff, axis=1), e  # codes ~1e200 or ~1e-200 keep their norm


def _distances(D_M, name, caller):
    """A distance matrix: square, symmetric, non-negative (only its upper triangle is read, so an
    asymmetric one would be silently half-ignored)."""
    D = check_array(D_M, name, caller, min_rows=2)
    if D.shape[0] != D.shape[1]:
        raise invalid(name, caller, "a square distance matrix", f"<array of shape {D.shape}>")
    if np.any(D < 0):
        raise invalid(name, caller, "a distance matrix (entries >= 0)",
                      f"<array with min entry {float(D.min()):g}>")
    check_symmetric(D, name, caller)
    return D


def separation_eps(F, D_M, delta: float) -> float:
    r"""The best separation constant ε*(δ) of a map on a sample (paper Def. 2, Thm 1).

    .. math::

        \varepsilon^*(\delta) = \min_{i<j:\ d_M(x_i,x_j)\ge\delta}
        \frac{\|F_i - F_j\|}{d_M(x_i,x_j)},

    so F is (δ, ε)-separated on the sample iff ε < ε*(δ). Returns ``inf`` when no pair is
    δ-far.

    Parameters
    ----------
    F : array (n, d)
        Images of the sample.
    D_M : array (n, n)
        Manifold distances.
    delta : float
        Separation scale δ > 0 (same units as D_M).
    """
    check_param("delta", delta, Interval(0, None, closed="neither"), "separation_eps")
    dM, dN, e = _pairs(D_M, F, "separation_eps", z_name="F")
    far = dM >= delta
    if not np.any(far):
        return float("inf")
    if np.any(dN[far] == 0):  # coincident images: ε* = 0 exactly
        return 0.0
    with np.errstate(over="ignore", under="ignore"):
        q = np.ldexp(dN[far] / dM[far], e)
    best = float(np.min(q))
    # a ratio above the floats would read as inf ("no pair is δ-far"), one below the normal
    # floats as 0 or a few-bit subnormal ("not separated"): neither is ε*
    if not np.isfinite(best) or best < _TINY:
        raise invalid("F", "separation_eps", "images whose smallest ratio ‖F_i − F_j‖/d_M is a "
                      "normal float64 (in [2.2e-308, 1.8e308])",
                      f"<ratio ≈ 10**{_log10_ratio(dN[far], dM[far]) + e * np.log10(2):.0f}>")
    return best


_TINY = np.finfo(float).tiny


def _log10_ratio(dN, dM) -> float:
    """log10 of the smallest ratio dN/dM (dN, dM > 0), for messages."""
    return float(np.min(np.log10(dN) - np.log10(dM)))


def injective_loss(D_M, Z, *, eps: float = 0.3, alpha: float = 5.0,
                   delta_frac: float = 0.05, reduce: str = "code") -> float:
    r"""The injectivity regulariser L_reg in the released code's form.

    Paper (Sec. 3, Eq. for L_inj and L_reg):

    .. math::

        L_{reg} = \mathbb E_{x,y}\Big[\Big(\mathrm{ReLU}\log\frac{\varepsilon\,d_M}{d_N}
        + \alpha\,\mathrm{ReLU}\Big(\frac{d_N}{d_M}-1\Big)\Big)\mathbf 1\{d_M>\delta\}\Big].

    Code (``InjectiveLoss``): δ = ``delta_frac`` · max d_M, the mean is over the *masked* pairs
    only (i < j, d_M > δ **and d_N > 0**), not E[·1{·}] over all pairs. ``reduce="paper"``
    divides by all i < j pairs instead (and keeps pairs with d_N = 0, whose first term is +inf).

    Parameters
    ----------
    D_M : array (n, n)
        Manifold (geodesic) distances.
    Z : array (n, d)
        Latent codes; d_N is their Euclidean distance.
    eps, alpha : float
        Separation constant ε ∈ (0, 1] and weight α ≥ 0 of the non-expansion hinge.
    delta_frac : float
        δ as a fraction of max d_M, in [0, 1).
    reduce : {"code", "paper"}

    Returns
    -------
    float (unitless). ``nan`` never: an empty mask raises.
    """
    check_param("eps", eps, Interval(0, 1, closed="right"), "injective_loss")
    check_param("alpha", alpha, Interval(0, None), "injective_loss")
    check_param("delta_frac", delta_frac, Interval(0, 1, closed="left"), "injective_loss")
    check_param("reduce", reduce, Options("code", "paper"), "injective_loss")
    dM, dN, e = _pairs(D_M, Z, "injective_loss")
    far = dM > delta_frac * dM.max()
    mask = far & (dN > 0) if reduce == "code" else far
    if not np.any(mask):
        raise invalid("D_M", "injective_loss", "a matrix with at least one masked pair "
                      "(d_M > δ, d_N > 0)", "<no such pair>")
    with np.errstate(divide="ignore", over="ignore", under="ignore"):
        r = np.ldexp(dN[mask] / dM[mask], e)
        # log r from the logs where r itself under- or overflowed (codes ~1e-200 at geodesics
        # ~1e200 made r = 0 and the term +inf; its true value is log(ε/r) ≈ 900)
        normal = (r >= _TINY) & np.isfinite(r)
        log_r = np.where(normal, np.log(np.where(normal, r, 1.0)),
                         np.log(dN[mask]) + e * np.log(2) - np.log(dM[mask]))
        terms = np.maximum(np.log(eps) - log_r, 0.0)
    if alpha > 0 and np.any(np.isinf(r)):  # α = 0 has no hinge (0 · inf would be NaN)
        raise invalid("Z", "injective_loss", "codes whose ratios d_N/d_M fit a float64 when "
                      "alpha > 0 (the hinge α(d_N/d_M − 1) is then finite)", f"<ratio ≈ 10**"
                      f"{e * np.log10(2) - _log10_ratio(dM[mask], dN[mask]):.0f}>")
    log_part = terms
    with np.errstate(over="ignore"):
        if alpha > 0:
            terms = terms + alpha * np.maximum(r - 1.0, 0.0)
        total = terms.mean() if reduce == "code" else terms.sum() / len(dM)
    if np.isinf(total) and np.all(np.isfinite(log_part)):
        # a term or the sum overflowed, perhaps not the mean: average each part first
        N = len(log_part) if reduce == "code" else len(dM)
        with np.errstate(over="ignore"):
            total = np.sum(log_part / N) + (
                alpha * np.sum(np.maximum(r - 1.0, 0.0) / N) if alpha > 0 else 0.0)
        if np.isinf(total):
            raise invalid("Z", "injective_loss", "codes whose loss is a finite float64",
                          "<loss above 1.8e308>")
    return float(total)


_KAPPA = Interval(1, None)


def _jac(J, caller):
    A = check_array(J, "J", caller, ndim=None)
    if A.ndim == 2:
        A = A[None]
    if A.ndim != 3 or 0 in A.shape:
        raise invalid("J", caller, "a non-empty 2-D Jacobian or a 3-D batch of them",
                      f"<array of shape {A.shape}>")
    return A


def bilip_loss(J, kappa: float) -> float:
    r"""The paper's bi-Lipschitz loss on decoder Jacobians (Sec. 4, L_biLip; Thm 3).

    .. math::

        L_{biLip}(\kappa) = \mathbb E\big[\mathrm{ReLU}(1/\kappa - \sigma_{\min}(J))^2
        + \mathrm{ReLU}(\sigma_{\max}(J) - \kappa)^2\big].

    Zero iff every σ(J) lies in [1/κ, κ].

    Parameters
    ----------
    J : array (m, n) or (b, m, n)
        Decoder Jacobian(s) at latent codes.
    kappa : float
        κ ≥ 1.

    Examples
    --------
    >>> import numpy as np
    >>> from theory.blae import bilip_loss
    >>> round(bilip_loss(np.diag([1.0, 0.01]), 1.0), 6)
    0.9801
    >>> round(bilip_loss(np.diag([3.0, 0.2, 0.0])[:, :2], 2.0), 6)
    1.09
    >>> bilip_loss(np.diag([1.5, 0.75]), 2.0)
    0.0
    """
    check_param("kappa", kappa, _KAPPA, "bilip_loss")
    A, e = pow2_scaled(_jac(J, "bilip_loss"))
    with np.errstate(over="ignore", under="ignore"):
        s = np.ldexp(np.linalg.svd(A, compute_uv=False), e)  # σ above the floats: inf, refused
    gaps = np.stack([np.maximum(1 / kappa - s[:, -1], 0), np.maximum(s[:, 0] - kappa, 0)], 1)
    return _mean_sum_sq(gaps, 0, "bilip_loss")



def _mean_sum_sq(gaps: np.ndarray, exp2: int, caller: str) -> float:
    """``2^exp2 · mean_b Σ_i gaps[b, i]²`` for non-negative ``gaps`` (b, k).

    Squared after dividing by the largest gap's power of two, so no square over- or
    underflows; a non-zero loss float64 cannot hold (above 1.8e308, or below the smallest normal
    float 2.2e-308 where 0 or a few-bit subnormal would be returned) is refused, naming J."""
    top = float(np.max(gaps))
    if top == 0:
        return 0.0
    e = int(np.frexp(top)[1]) if np.isfinite(top) else 0
    S = float(np.mean(np.sum(np.ldexp(gaps, -e) ** 2, axis=1)))
    with np.errstate(over="ignore", under="ignore"):
        out = float(np.ldexp(S, exp2 + 2 * e)) if np.isfinite(S) else np.inf
    if not np.isfinite(out) or out < _TINY:
        size = (f"2**{np.log2(S) + exp2 + 2 * e:.0f}" if np.isfinite(S) else "above 2**1024")
        raise invalid("J", caller, "Jacobians whose loss is a normal float64 (in [2.2e-308, "
                      "1.8e308])", f"<array of shape {gaps.shape[:1]}, loss ≈ {size}>")
    return out


def bilip_loss_code(J, kappa: float) -> float:
    r"""The Jacobian term the released code trains with (``reg_grad='bi-lipschitz'``).

    With :math:`G = J^\top J`,

    .. math::

        L_{code} = \mathbb E\big[\|G - \mathrm{diag}\,G\|_F^2
        + \|\mathrm{ReLU}(\mathrm{diag}\,G - \kappa)\|^2\big]

    (the lower hinge ``0*F.relu(1/L - diag)`` has weight 0). It is zero iff the columns of J are
    orthogonal with squared norms ≤ κ, i.e. σ_max ≤ √κ and no lower bound: it differs from
    :func:`bilip_loss` (the released code's 'bi-lipschitz' branch).

    Examples
    --------
    A near-singular Jacobian the code term lets through (the paper loss is 0.9801):

    >>> import numpy as np
    >>> from theory.blae import bilip_loss_code
    >>> bilip_loss_code(np.diag([1.0, 0.01]), 1.0)
    0.0
    >>> round(bilip_loss_code(np.array([[1.0, 1.0], [0.0, 1.0]]), 1.0), 6)
    3.0
    """
    check_param("kappa", kappa, _KAPPA, "bilip_loss_code")
    # J = 2^e·A: G = 4^e·AᵀA and the loss 16^e·(...), summed at A's scale (J ~ 1e80 gave NaN)
    A, e = pow2_scaled(_jac(J, "bilip_loss_code"))
    G = np.einsum("bmi,bmj->bij", A, A)
    n = G.shape[1]
    d = np.diagonal(G, axis1=1, axis2=2)
    # the off-diagonal entries themselves: ‖G‖² − ‖diag G‖² cancels (J = [[1e8, 1e-3], [0, 1]]
    # gave 0 for 2e10)
    off = np.abs(G[:, ~np.eye(n, dtype=bool)])
    with np.errstate(over="ignore", under="ignore"):
        hinge = np.maximum(d - np.ldexp(float(kappa), -2 * e), 0)
    return _mean_sum_sq(np.concatenate([off, hinge], axis=1), 4 * e, "bilip_loss_code")


def knn_recall(D_X, D_Z, k) -> float:
    r"""kNN recall between two distance matrices (paper Sec. 5; code ``utils/measures.py``).

    .. math::

        R_k = \frac1{nk}\sum_i |N_k^X(i)\cap N_k^Z(i)|,

    averaged over the k given (the code uses k = 5, 10, …, 45 on graph geodesics in X and Z).
    Ties are broken by index (stable sort).

    Parameters
    ----------
    D_X, D_Z : array (n, n)
    k : int or sequence of int, each in [1, n − 1]
    """
    A = _distances(D_X, "D_X", "knn_recall")
    Bm = _distances(D_Z, "D_Z", "knn_recall")
    if A.shape != Bm.shape or A.shape[0] != A.shape[1]:
        raise invalid("D_Z", "knn_recall", f"a square matrix of shape {A.shape}",
                      f"<array of shape {Bm.shape}>")
    ks = np.atleast_1d(k)
    n = len(A)
    # an empty k averaged nothing (NaN) and a 2-D one failed inside the loop
    if (ks.dtype.kind not in "iu" or ks.ndim != 1 or ks.size == 0 or np.any(ks < 1)
            or np.any(ks > n - 1)):
        raise invalid("k", "knn_recall", f"an int or a non-empty 1-D sequence of ints in "
                      f"[1, {n - 1}]", k)
    A, Bm = A.copy(), Bm.copy()
    np.fill_diagonal(A, -np.inf)
    np.fill_diagonal(Bm, -np.inf)
    oa = np.argsort(A, axis=1, kind="stable")[:, 1:]
    ob = np.argsort(Bm, axis=1, kind="stable")[:, 1:]
    out = []
    for kk in ks:
        hit = 0
        for i in range(n):
            hit += len(np.intersect1d(oa[i, :kk], ob[i, :kk], assume_unique=True))
        out.append(hit / (n * kk))
    return float(np.mean(out))
