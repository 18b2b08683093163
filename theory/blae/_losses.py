"""The BLAE regularisers and metrics on distance matrices and Jacobians (numpy).

Paper: Zhan et al. (arXiv 2604.06701), Sec. 3 (injectivity, Def. of (δ,ε)-separation, L_inj,
L_reg), Sec. 4 (bi-Lipschitz loss), Sec. 5 (kNN recall). Released code: ``utils/regularizations
.py`` (``InjectiveLoss``) and ``utils/functionals.py`` (the Jacobian term), ``utils/measures.py``.
"""

from __future__ import annotations

import numpy as np

from theory._norms import euclidean_norms
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
    diff = Zc[iu[0]] - Zc[iu[1]]
    return D[iu], euclidean_norms(diff, axis=1)  # codes ~1e200 or ~1e-200 keep their norm


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
    dM, dN = _pairs(D_M, F, "separation_eps", z_name="F")
    far = dM >= delta
    return float(np.min(dN[far] / dM[far])) if np.any(far) else float("inf")


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
    dM, dN = _pairs(D_M, Z, "injective_loss")
    far = dM > delta_frac * dM.max()
    mask = far & (dN > 0) if reduce == "code" else far
    if not np.any(mask):
        raise invalid("D_M", "injective_loss", "a matrix with at least one masked pair "
                      "(d_M > δ, d_N > 0)", "<no such pair>")
    with np.errstate(divide="ignore"):
        r = dN[mask] / dM[mask]
        terms = np.maximum(np.log(eps) - np.log(r), 0.0) + alpha * np.maximum(r - 1.0, 0.0)
    return float(terms.mean() if reduce == "code" else terms.sum() / len(dM))


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
    s = np.linalg.svd(_jac(J, "bilip_loss"), compute_uv=False)
    lo = np.maximum(1 / kappa - s[:, -1], 0) ** 2
    hi = np.maximum(s[:, 0] - kappa, 0) ** 2
    return float(np.mean(lo + hi))


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
    A = _jac(J, "bilip_loss_code")
    G = np.einsum("bmi,bmj->bij", A, A)
    d = np.diagonal(G, axis1=1, axis2=2)
    off = (G**2).sum(axis=(1, 2)) - (d**2).sum(axis=1)
    return float(np.mean(off + (np.maximum(d - kappa, 0) ** 2).sum(axis=1)))


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
    if ks.dtype.kind not in "iu" or np.any(ks < 1) or np.any(ks > n - 1):
        raise invalid("k", "knn_recall", f"integer(s) in [1, {n - 1}]", k)
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
