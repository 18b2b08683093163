r"""Laplacian eigenmaps and the power/subspace iteration that the TF_ϕ layers run.

**Eigenvector convention.** ``K̂ = A D^{-1}`` is not symmetric. Its *left* eigenvectors (row
vectors ``φ`` with ``φ K̂ = μ φ``) solve ``A φᵀ = μ D φᵀ``, i.e. the generalised problem

.. math:: (D - A) f = \lambda D f, \qquad \lambda = 1 - \mu,

the random-walk eigenvectors of Belkin & Niyogi's eigenmap. Its *right* eigenvectors are
``D f`` (degree-weighted). A block ``Φ ∈ ℝ^{k×n}`` right-multiplied by ``K̂`` (``Φ ← Φ K̂``, tokens
as columns, as in the paper) therefore converges to the **left** eigenvectors; here we store
``Φ`` transposed, ``(n, k)``, and iterate ``Φ ← (D^{-1}A) Φ = K̂ᵀ Φ``. The package's eigenmap is
``side="left"`` (the generalised eigenvectors, ``fᵀ D f = I``) unless asked otherwise.
"""

from __future__ import annotations

import numpy as np
from scipy import linalg

from theory._norms import max_exponent
from theory.icssl._attention import _bandwidth, attention_laplacian
from theory.validation import (
    MAX_ITER,
    Interval,
    Options,
    check_array,
    check_full_column_rank,
    check_param,
    check_rng,
    check_symmetric,
    invalid,
)

_POS = Interval(0, None, closed="neither")


def laplacian_eigenmap(X, h: float, k: int, *, side: str = "left",
                       drop_trivial: bool = False) -> tuple[np.ndarray, np.ndarray]:
    r"""Bottom-``k`` eigenvectors of ``L̂ = I − A D^{-1}`` (a Laplacian eigenmap).

    .. math::
        (D - A) f_i = \lambda_i D f_i,\quad f_i^\top D f_j = \delta_{ij},\quad
        0 = \lambda_1 \le \lambda_2 \le \dots

    Computed through the symmetric matrix ``D^{-1/2} A D^{-1/2}`` (``eigh``) and mapped back,
    ``f = D^{-1/2} u``. The sign of each vector is fixed so that its largest-magnitude entry is
    positive.

    Parameters
    ----------
    X : array of shape (n, d)
    h : float > 0
        Bandwidth (squared units of ``X``).
    k : int, 1 ≤ k ≤ n (≤ n − 1 with ``drop_trivial``)
    side : {"left", "right"}
        ``"left"``: the generalised eigenvectors ``f`` (left eigenvectors of ``K̂``, what the
        power layers converge to); ``"right"``: ``D f`` (right eigenvectors of ``L̂``).
    drop_trivial : bool
        Skip ``λ₁ = 0`` (the constant ``f₁ = 1/√(Σd)``).

    Returns
    -------
    phi : array of shape (n, k)
        Column ``i`` is the ``i``-th eigenvector; row ``j`` is token ``j``'s embedding.
    evals : array of shape (k,)
        The eigenvalues ``λ`` of ``L̂`` (dimensionless, in ``[0, 1)`` for distinct points).

    References
    ----------
    Fan et al. (2025), §3, TF_ϕ ("approximates the bottom-k eigenvectors of L̂"); convention
    fixed here (our reading of the eigenmap convention).

    Examples
    --------
    >>> import numpy as np
    >>> from theory.icssl import laplacian_eigenmap
    >>> rng = np.random.default_rng(0)
    >>> X = np.r_[rng.normal(size=(10, 2)), 10 + rng.normal(size=(10, 2))]  # two far clusters
    >>> f, lam = laplacian_eigenmap(X, 0.5, 2)
    >>> bool(np.all(np.abs(lam) < 1e-9))  # two components: two zero eigenvalues
    True
    >>> bool(np.ptp(f[:10, 1]) < 1e-6 and np.ptp(f[10:, 1]) < 1e-6)
    True
    """
    X = check_array(X, "X", "laplacian_eigenmap")
    n = X.shape[0]
    h = _bandwidth(h, "laplacian_eigenmap")
    check_param("side", side, Options("left", "right"), "laplacian_eigenmap")
    check_param("drop_trivial", drop_trivial, Options(True, False), "laplacian_eigenmap")
    kmax = n - 1 if drop_trivial else n
    check_param("k", k, Interval(1, kmax, integer=True), "laplacian_eigenmap")
    _, K, d = attention_laplacian(X, h)
    A = K * d[None, :]
    s = 1.0 / np.sqrt(d)
    S = s[:, None] * A * s[None, :]
    mu, U = np.linalg.eigh((S + S.T) / 2.0)
    order = np.argsort(-mu)
    lo = 1 if drop_trivial else 0
    pick = order[lo:lo + k]
    f = s[:, None] * U[:, pick]
    idx = np.argmax(np.abs(f), axis=0)
    f = f * np.sign(f[idx, np.arange(f.shape[1])])[None, :]
    if side == "right":
        f = d[:, None] * f
    return f, 1.0 - mu[pick]


def sin_max_principal_angle(A, B) -> float:
    r"""Sine of the largest principal angle between ``span(A)`` and ``span(B)``.

    .. math:: \sin\theta_{\max} = \lVert (I - P_B) Q_A \rVert_2

    with ``Q_A`` an orthonormal basis of ``span(A)`` and ``P_B`` the orthogonal projector on
    ``span(B)`` (Euclidean inner product); both of shape ``(n, k)``, same ``k``.

    References
    ----------
    Golub & Van Loan, *Matrix Computations*, §6.4.3; used for the convention checks.

    Examples
    --------
    >>> import numpy as np
    >>> from theory.icssl import sin_max_principal_angle
    >>> A = np.eye(3)[:, :2]
    >>> round(sin_max_principal_angle(A, A @ np.array([[2.0, 1.0], [0.0, 3.0]])), 12)
    0.0
    >>> round(sin_max_principal_angle(A, np.eye(3)[:, 1:]), 12)
    1.0
    """
    A = check_array(A, "A", "sin_max_principal_angle")
    B = check_array(B, "B", "sin_max_principal_angle")
    if A.shape != B.shape:
        raise invalid("B", "sin_max_principal_angle", f"an array of shape {A.shape} (as A)",
                      f"<array of shape {B.shape}>")
    Qa = _orthonormal_basis(A, "A")
    Qb = _orthonormal_basis(B, "B")
    R = Qa - Qb @ (Qb.T @ Qa)
    return float(min(1.0, np.linalg.norm(R, 2)))


def _orthonormal_basis(A, name):
    """Left singular vectors of a full-column-rank A. A rank-deficient A has no k-dimensional
    span: QR would return a basis padded with rounding noise and a meaningless angle."""
    # the span is invariant to scaling: by a power of two (exact) to max |entry| 1/2 .. 1,
    # subnormal entries (1e-320) lost digits in the SVD (the sine 3e-6 off)
    A = np.ldexp(A, -max_exponent(A))
    U, s, _ = np.linalg.svd(A, full_matrices=False)
    check_full_column_rank(A, name, "sin_max_principal_angle", singular_values=s)
    return U


def subspace_iteration(K_hat, k: int, iters: int, *, orthonormalize: bool = True,
                       seed: int = 0, Phi0=None) -> np.ndarray:
    r"""The TF_ϕ layers as a block power iteration on ``K̂ = I − L̂``.

    .. math::
        \Phi_{t+1} = \operatorname{orth}\!\left(\hat K^\top \Phi_t\right)
        \quad(\text{the paper's } \Phi \leftarrow \operatorname{orth}(\Phi \hat K)
        \text{ with tokens as columns})

    ``orth`` is a thin QR (Gram–Schmidt). With ``orthonormalize=False`` the iterate is only
    multiplied, ``Φ_t = (D^{-1}A)^t Φ_0``; ``D^{-1}A`` is row-stochastic, so it stays bounded
    and collapses to the rank-one ``1 πᵀ Φ_0`` with ``π = d / Σd``. With it, ``span(Φ_t)``
    converges to the span of the bottom-``k`` generalised eigenvectors of ``(D − A, D)`` at rate
    ``μ_{k+1}/μ_k`` (``μ = 1 − λ``).

    Parameters
    ----------
    K_hat : array of shape (n, n)
        Column-stochastic ``A D^{-1}`` (from :func:`attention_laplacian`).
    k : int, 1 ≤ k ≤ n
    iters : int ≥ 0
        Number of layers.
    orthonormalize : bool
    seed : int
        Seed of the Gaussian start ``Φ_0`` (ignored when ``Phi0`` is given).
    Phi0 : array of shape (n, k), optional

    Returns
    -------
    Phi : array of shape (n, k)
        Orthonormal columns when ``orthonormalize``.

    References
    ----------
    Fan et al. (2025), §3 TF_ϕ ("block power iteration", orthonormalisation presumed as in
    Cheng, Carin & Sra, ICLR 2025).
    """
    K = check_array(K_hat, "K_hat", "subspace_iteration")
    n = K.shape[0]
    if K.shape != (n, n):
        raise invalid("K_hat", "subspace_iteration", "a square array",
                      f"<array of shape {K.shape}>")
    check_param("k", k, Interval(1, n, integer=True), "subspace_iteration")
    if np.any(K < 0) or np.any(np.abs(K.sum(axis=0) - 1) > 1e-8):
        raise invalid("K_hat", "subspace_iteration", "a column-stochastic matrix (entries >= 0, "
                      "columns summing to 1 within 1e-8)", f"<array of shape {K.shape}, column "
                      f"sums in [{K.sum(0).min():.3g}, {K.sum(0).max():.3g}]>")
    check_param("iters", iters, Interval(0, MAX_ITER, integer=True), "subspace_iteration")
    check_param("orthonormalize", orthonormalize, Options(True, False), "subspace_iteration")
    if Phi0 is None:
        Phi = check_rng(seed, "seed", "subspace_iteration").standard_normal((n, k))
    else:
        Phi = check_array(Phi0, "Phi0", "subspace_iteration")
        if Phi.shape != (n, k):
            raise invalid("Phi0", "subspace_iteration", f"an array of shape {(n, k)}",
                          f"<array of shape {Phi.shape}>")
    if orthonormalize:
        if Phi0 is not None:
            # orth() of a start without k independent columns (zeros, a repeated column) is
            # undefined: QR padded it with rounding noise and the layers ran from that. The
            # span is scale-free, so the start is scaled by a power of two (exact) first
            Phi = check_full_column_rank(np.ldexp(Phi, -max_exponent(Phi)), "Phi0",
                                         "subspace_iteration")
        Phi = np.linalg.qr(Phi)[0]
    KT = K.T
    for _ in range(iters):
        Phi = KT @ Phi
        if orthonormalize:
            Phi = np.linalg.qr(Phi)[0]
    return Phi


def generalized_eigh(A) -> tuple[np.ndarray, np.ndarray]:
    r"""Reference solve of ``(D − A) f = λ D f`` by ``scipy.linalg.eigh(D − A, D)``.

    .. math:: (D - A) F = D F \Lambda,\quad F^\top D F = I

    Independent of :func:`laplacian_eigenmap` (a generalised symmetric-definite solver, LAPACK
    ``sygvd``, instead of a similarity transform); used by the claims as the reference.

    Parameters
    ----------
    A : array of shape (n, n), symmetric with positive row sums.

    Returns
    -------
    evals : array of shape (n,), ascending; F : array of shape (n, n), D-orthonormal columns.
    """
    A = check_symmetric(check_array(A, "A", "generalized_eigh"), "A", "generalized_eigh")
    # scaled by 4⁻ʲ (exact): the eigenvalues do not change and F scales by 2ʲ, undone at the
    # end. Degrees of 200 affinities of 1e307 overflowed (LAPACK refused inf) and subnormal
    # affinities (1e-320) moved the eigenvalues by 1e-4
    j = max_exponent(A) // 2
    A = np.ldexp(A, -2 * j)
    d = A.sum(axis=1)
    if np.any(d <= 0):
        raise invalid("A", "generalized_eigh", "an affinity matrix with positive degrees",
                      f"<array with min degree {d.min():g} * 4**{j}>")
    D = np.diag(d)
    ev, F = linalg.eigh(D - A, D)
    return ev, np.ldexp(F, -j)


