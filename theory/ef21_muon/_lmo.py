"""Linear minimisation oracles, dual norms and sharp operators of the non-Euclidean norms used by
Muon, Scion and Gluon (Gruntkowska et al., arXiv 2510.00643, §2; the closed forms are standard).

Every function takes a real matrix ``G`` of shape (m, n) (a vector is a (d, 1) matrix) and a
``norm`` naming the unit ball ``B = {Z : ‖Z‖ ≤ 1}``:

=========== ============================== ============================ ==================
norm        ‖Z‖                            dual ‖G‖_*                   LMO_B(G)
=========== ============================== ============================ ==================
spectral    σ_max(Z)                       Σ σ_i(G) (nuclear)           −U Vᵀ (polar)
linf        max |Z_ij|                     Σ |G_ij|                     −sign(G)
l1          Σ |Z_ij|                       max |G_ij|                   −sign(G_ab) e_ab
fro         ‖Z‖_F                          ‖G‖_F                        −G/‖G‖_F
colnorm     max_j ‖Z_:j‖₂                  Σ_j ‖G_:j‖₂                  −G_:j/‖G_:j‖₂
=========== ============================== ============================ ==================

Convention: ``lmo(0) = 0`` (every point of the ball is a minimiser; 0 keeps the iterate still,
which is what an implementation that scales by the gradient's size does).
"""

from __future__ import annotations

import math

import numpy as np

from theory.validation import MAX_ITER, Interval, Options, check_array, check_param, invalid

NORMS = ("spectral", "linf", "l1", "fro", "colnorm")
_NORMS = Options(*NORMS)
#: The quintic Newton–Schulz coefficients of the public Muon implementation (Jordan et al. 2024).
NS_COEF = (3.4445, -4.7750, 2.0315)


def _as_matrix(G, caller: str) -> np.ndarray:
    A = check_array(G, "G", caller, ndim=None, min_rows=0)
    if A.ndim == 1:
        A = A[:, None]
    if A.ndim != 2 or A.size == 0:
        raise invalid("G", caller, "a non-empty 1-D or 2-D real array", f"<array of shape "
                      f"{A.shape}>")
    return A


def _scaled(A: np.ndarray) -> tuple[np.ndarray, float]:
    """``A = 2^e · B`` with ``max|B|`` near 1 when ``max|A|`` is outside [2^-500, 2^500]: norms
    (sums of squares) of ``B`` neither overflow nor underflow. A power of two scales exactly, and
    ordinary inputs are not scaled at all, so their results are bit-for-bit the plain ones."""
    m = float(np.max(np.abs(A)))
    if m == 0 or 2.0**-500 <= m <= 2.0**500:
        return A, 1.0
    # 2^(e-1) ≤ m < 2^e: the factor 2^(e-1) is a finite float for every finite m (2^e was
    # 2^1024 = inf from m ≥ 2^1023, and A/inf = 0 made the LMO 0 and the norms NaN)
    f = float(np.ldexp(1.0, int(np.frexp(m)[1]) - 1))
    return A / f, f


def _unscaled(f: float, v: float, caller: str) -> float:
    """``f·v``, a norm of G; refused when it exceeds the floats (it was inf or NaN)."""
    with np.errstate(over="ignore"):
        out = f * v
    if not np.isfinite(out):
        raise invalid("G", caller, "a matrix whose norm is a finite float64 (below 1.8e308)",
                      f"<norm ≈ {v:.6g}·2**{int(np.log2(f))}>")
    return out


def _squeeze_like(Z: np.ndarray, G) -> np.ndarray:
    return Z[:, 0] if np.ndim(G) == 1 else Z


def polar(G) -> np.ndarray:
    """Orthogonal polar factor ``U Vᵀ`` of ``G = U Σ Vᵀ`` (thin SVD), the exact Muon direction.

    .. math:: \\operatorname{polar}(G) = U V^\\top = G (G^\\top G)^{-1/2}

    Rank-deficient ``G``: the zero singular directions are dropped (``U_r V_rᵀ``), which is the
    minimum-Frobenius-norm element of the LMO's argmin set. Shape (m, n), dimensionless.
    """
    A, _ = _scaled(_as_matrix(G, "polar"))
    U, s, Vt = np.linalg.svd(A, full_matrices=False)
    keep = s > s.max(initial=0.0) * max(A.shape) * np.finfo(float).eps
    return _squeeze_like((U[:, keep] * 1.0) @ Vt[keep], G)


def primal_norm(G, norm: str = "spectral") -> float:
    """The norm ``‖G‖`` whose unit ball the LMO minimises over (the module docstring's table).

    .. math:: \\|G\\|_{2\\to 2} = \\sigma_{\\max}(G),\\ \\|G\\|_{\\infty} = \\max|G_{ij}|,\\
              \\|G\\|_{1\\to 2} = \\max_j \\|G_{:,j}\\|_2
    """
    check_param("norm", norm, _NORMS, "primal_norm")
    A, f = _scaled(_as_matrix(G, "primal_norm"))
    if norm == "spectral":
        return _unscaled(f, float(np.linalg.norm(A, 2)), "primal_norm")
    if norm == "linf":
        return _unscaled(f, float(np.abs(A).max()), "primal_norm")
    if norm == "l1":
        return _unscaled(f, float(np.abs(A).sum()), "primal_norm")
    if norm == "fro":
        return _unscaled(f, float(np.linalg.norm(A)), "primal_norm")
    return _unscaled(f, float(np.linalg.norm(A, axis=0).max()), "primal_norm")


def dual_norm(G, norm: str = "spectral") -> float:
    """Dual norm ``‖G‖_* = max_{‖Z‖≤1} ⟨G, Z⟩`` (standard; the paper's stationarity
    measure in Thms 3–6).

    .. math:: \\|G\\|_* = \\sup_{\\|Z\\| \\le 1} \\langle G, Z\\rangle = -\\langle G,
              \\mathrm{LMO}(G)\\rangle

    nuclear for spectral, entrywise ℓ1 for linf, max-abs for l1, Frobenius for fro, ``Σ_j ‖G[:, j]‖₂``
    for colnorm.
    """
    check_param("norm", norm, _NORMS, "dual_norm")
    A, f = _scaled(_as_matrix(G, "dual_norm"))
    if norm == "spectral":
        return _unscaled(f, float(np.linalg.svd(A, compute_uv=False).sum()), "dual_norm")
    if norm == "linf":
        return _unscaled(f, float(np.abs(A).sum()), "dual_norm")
    if norm == "l1":
        return _unscaled(f, float(np.abs(A).max()), "dual_norm")
    if norm == "fro":
        return _unscaled(f, float(np.linalg.norm(A)), "dual_norm")
    return _unscaled(f, float(np.linalg.norm(A, axis=0).sum()), "dual_norm")


def lmo(G, norm: str = "spectral") -> np.ndarray:
    """Linear minimisation oracle over the unit ball, ``argmin_{‖Z‖≤1} ⟨G, Z⟩``
    (standard; the step of Alg. 1: ``X⁺ = X + t·LMO(G)``).

    .. math:: \\mathrm{LMO}(G) \\in \\arg\\min_{\\|Z\\|\\le 1} \\langle G, Z\\rangle,\\qquad
              \\langle G, \\mathrm{LMO}(G)\\rangle = -\\|G\\|_*

    spectral: ``−UVᵀ`` (exact, SVD-based); linf: ``−sign(G)``; l1: ``−sign(G_ab) e_ab`` at the
    largest entry; fro: ``−G/‖G‖_F``; colnorm: each column normalised (zero columns stay 0).
    Returns an array of ``G``'s shape; ``lmo(0) = 0``.

    Examples
    --------
    >>> import numpy as np
    >>> from theory.ef21_muon import dual_norm, lmo
    >>> G = np.random.default_rng(0).standard_normal((5, 3))
    >>> Z = lmo(G, "spectral")
    >>> np.round(np.linalg.svd(Z, compute_uv=False), 12)
    array([1., 1., 1.])
    >>> round(float(np.sum(G * Z)), 6), round(-dual_norm(G, "spectral"), 6)
    (-5.195087, -5.195087)
    >>> lmo(np.array([[2.0, -1.0]]), "linf")
    array([[-1.,  1.]])
    """
    check_param("norm", norm, _NORMS, "lmo")
    # the LMO is scale-invariant: work on the scaled copy so ‖G‖_F cannot overflow
    A, _ = _scaled(_as_matrix(G, "lmo"))
    if not np.any(A):
        return np.zeros(np.shape(G))
    if norm == "spectral":
        Z = -polar(A)
    elif norm == "linf":
        Z = -np.sign(A)
    elif norm == "l1":
        Z = np.zeros_like(A)
        a, b = np.unravel_index(np.argmax(np.abs(A)), A.shape)
        Z[a, b] = -np.sign(A[a, b])
    elif norm == "fro":
        Z = -A / np.linalg.norm(A)
    else:
        c = np.linalg.norm(A, axis=0)
        Z = -np.divide(A, c, out=np.zeros_like(A), where=c > 0)
    return _squeeze_like(Z, G)


def sharp(G, norm: str = "spectral") -> np.ndarray:
    """Sharp operator ``G♯ = argmax_X ⟨G, X⟩ − ½‖X‖²`` (the "key insight" of the public
    OpenReview reviews), so that the LMO step is the normalised sharp step ``X − (t/‖G‖_*) G♯``.

    .. math:: G^\\sharp = -\\|G\\|_*\\,\\mathrm{LMO}(G),\\qquad
              \\langle G, G^\\sharp\\rangle - \\tfrac12\\|G^\\sharp\\|^2 = \\tfrac12\\|G\\|_*^2
    """
    check_param("norm", norm, _NORMS, "sharp")
    return -dual_norm(G, norm) * lmo(G, norm)


def newton_schulz5(G, steps: int = 5, coef: tuple[float, float, float] = NS_COEF) -> np.ndarray:
    """The practical Muon orthogonaliser: Frobenius pre-normalisation, then ``steps`` quintic
    Newton–Schulz iterations (Jordan et al. 2024). Not the exact polar factor.

    .. math:: X_0 = G/\\|G\\|_F,\\quad X_{k+1} = a X_k + (b A_k + c A_k^2) X_k,\\
              A_k = X_k X_k^\\top

    It maps each singular value ``s = σ_i/‖G‖_F`` through the scalar iterate ``φ^steps(s)``,
    ``φ(s) = a s + b s³ + c s⁵`` (see :func:`ns_scalar_map`), so its output's singular values
    are ``φ^steps(σ_i/‖G‖_F)``, not 1. Returns the matrix with the sign convention of ``polar``
    (``+UVᵀ``-like); the Muon step uses its negative.
    """
    A, _ = _scaled(_as_matrix(G, "newton_schulz5"))
    check_param("steps", steps, Interval(0, MAX_ITER, integer=True), "newton_schulz5")
    a, b, c = _coef(coef, "newton_schulz5")
    nrm = np.linalg.norm(A)
    if nrm == 0:
        return np.zeros(np.shape(G))
    X = A / nrm
    tall = X.shape[0] > X.shape[1]
    if tall:
        X = X.T
    for k in range(steps):
        M = X @ X.T
        with np.errstate(over="ignore", invalid="ignore"):
            X = a * X + (b * M + c * M @ M) @ X
        if not np.all(np.isfinite(X)):  # a diverging coef: it was returned as NaN
            raise invalid("coef", "newton_schulz5", f"coefficients whose iterate stays finite "
                          f"for steps = {steps} (it overflowed at step {k + 1})", coef)
    return _squeeze_like(X.T if tall else X, G)


def ns_scalar_map(s, steps: int = 5, coef: tuple[float, float, float] = NS_COEF) -> np.ndarray:
    """The scalar Newton–Schulz iterate ``φ^steps(s)``, ``φ(s) = a s + b s³ + c s⁵``, which the
    matrix iteration applies to every normalised singular value (Jordan et al. 2024).

    .. math:: \\phi(s) = a s + b s^3 + c s^5
    """
    check_param("steps", steps, Interval(0, MAX_ITER, integer=True), "ns_scalar_map")
    a, b, c = _coef(coef, "ns_scalar_map")
    x = check_array(s, "s", "ns_scalar_map", ndim=None, min_rows=0)
    for k in range(steps):
        with np.errstate(over="ignore", invalid="ignore"):
            x = a * x + b * x**3 + c * x**5
        if not np.all(np.isfinite(x)):  # φ(1e100) ≈ 2e500: it was returned as inf, then NaN
            raise invalid("s", "ns_scalar_map", f"values whose iterates φ^{steps}(s) stay "
                          f"finite float64 with coef = {tuple(coef)} (overflow at step "
                          f"{k + 1})", "<array>" if np.ndim(s) else s)
    return x


def rho_fro(shape, norm: str = "spectral") -> float:
    """Norm-equivalence constant ``ρ = max_{Z≠0} ‖Z‖_*/‖Z‖_F`` of the dual norm against the
    Frobenius norm, through which Euclidean compressor errors enter the bounds (ours).

    .. math:: \\rho_{\\text{spectral}} = \\sqrt{\\min(m,n)},\\ \\rho_{\\ell_\\infty} = \\sqrt{mn},\\
              \\rho_{\\ell_1} = 1,\\ \\rho_{F} = 1,\\ \\rho_{\\text{col}} = \\sqrt{n}
    """
    check_param("norm", norm, _NORMS, "rho_fro")
    m, n = _shape(shape, "rho_fro")
    # math.sqrt: np.sqrt of a Python int beyond int64 (m·n > 9.2e18) raised a raw TypeError
    return float({"spectral": math.sqrt(min(m, n)), "linf": math.sqrt(m * n), "l1": 1.0,
                  "fro": 1.0, "colnorm": math.sqrt(n)}[norm])


def _shape(shape, caller: str) -> tuple[int, int]:
    if (not isinstance(shape, tuple | list) or len(shape) != 2
            or not all(v in _POS_INT for v in shape)):
        raise invalid("shape", caller, "a pair of positive ints (m, n), each ≤ 2**62", shape)
    return int(shape[0]), int(shape[1])


_POS_INT = Interval(1, 2**62, integer=True)


def _coef(coef, caller: str) -> tuple[float, float, float]:
    if (not isinstance(coef, tuple | list) or len(coef) != 3
            or not all(v in Interval() for v in coef)):
        raise invalid("coef", caller, "three finite floats (a, b, c)", coef)
    return tuple(float(v) for v in coef)
