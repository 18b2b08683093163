"""Graph spectra used as spectral cues: Laplacians, closed-form spectra of paths, cycles and
complete graphs, the cycle's heat trace, and the Chebyshev heat filter.

PRISM's spectral cue reads the ``T`` smallest eigenpairs of a graph Laplacian (the papernotes.org summary;
which Laplacian is not said: ``normalized`` selects it). The closed forms here are the reference
objects the claims check against LAPACK; the heat filter is the standard Chebyshev expansion.
"""

from __future__ import annotations

import numpy as np
from scipy.special import ive

from theory.prism._propagation import _pow2
from theory.validation import (
    MAX_ITER,
    Bool,
    Interval,
    check_array,
    check_param,
    check_symmetric,
    invalid,
    validate_params,
)

#: Spectra are returned as arrays of n values: n above MAX_ITER (800 MB) is refused.
_N = Interval(2, MAX_ITER, integer=True)
#: Bessel series are summed to order 12·sqrt(t) + 60 (the terms beyond are below e^{-70}).
#: scipy's ``ive`` returns NaN from t ≈ 3e9 on, so t above 1e9 is refused, not approximated.
_T = Interval(0, 1e9, closed="both")
_K = Interval(0, 10**6, integer=True)


def _bessel_orders(t: float) -> int:
    """How far past its peak the series ``Σ_ν e^{-t} I_ν(t)`` is summed (``I_ν(t) e^{-t} ≈
    e^{-ν²/2t}/√(2πt)`` for ν ≪ t, so ν = 12√t leaves below e^{-72})."""
    return int(np.ceil(12.0 * np.sqrt(t + 1.0))) + 60


def _adjacency(A, caller: str) -> np.ndarray:
    A = check_array(A, "A", caller)
    if A.shape[0] != A.shape[1] or np.any(A < 0) or not np.allclose(A, A.T, atol=0):
        raise invalid("A", caller, "a square, symmetric, non-negative array",
                      f"<array of shape {A.shape}>")
    return A


def laplacian(A, normalized: bool = True) -> np.ndarray:
    """Graph Laplacian of a symmetric weighted adjacency ``A`` (n × n).

    .. math::
        L = D - A,\\qquad L_{\\rm norm} = I - D^{-1/2} A D^{-1/2}

    (isolated nodes get ``L_norm`` diagonal 0). Eigenvalues lie in ``[0, 2]`` for ``L_norm``.
    Location: the papernotes.org summary (the Laplacian is unspecified in the summaries; our choice).
    """
    A = _adjacency(A, "laplacian")
    check_param("normalized", normalized, Bool(), "laplacian")
    if not normalized:
        with np.errstate(over="ignore"):
            d = A.sum(1)
        if not np.all(np.isfinite(d)):  # was an inf degree on the diagonal
            raise invalid("A", "laplacian", "an array whose degrees are below the float64 "
                          "maximum (~1.8e308) for normalized=False", f"<array of shape "
                          f"{A.shape}, max {float(A.max()):.6g}>")
        return np.diag(d) - A
    # L_norm does not change when A is scaled: A is divided by a power of four (exact, square
    # roots included), so degrees of ~1e308 weights do not overflow (L_norm read I)
    A = A / _pow2(np.max(A) if A.size else 0.0, even=True)
    d = A.sum(1)
    s = np.where(d > 0, 1.0 / np.sqrt(np.where(d > 0, d, 1.0)), 0.0)
    return np.diag((d > 0).astype(float)) - s[:, None] * A * s[None, :]


@validate_params({"n": _N, "normalized": Bool()})
def path_eigs(n: int, normalized: bool = True) -> np.ndarray:
    """Eigenvalues of the path graph ``P_n`` (ascending).

    .. math::
        \\lambda_k(L_{\\rm norm}) = 1-\\cos\\frac{\\pi k}{n-1},\\qquad
        \\lambda_k(L) = 2-2\\cos\\frac{\\pi k}{n},\\qquad k=0,\\dots,n-1.

    Location: our derivation (standard).
    """
    k = np.arange(n)
    # 1 - cos x as 2 sin²(x/2): no cancellation for the small eigenvalues of long paths
    if normalized:
        return np.sort(2.0 * np.sin(np.pi * k / (2 * (n - 1))) ** 2)
    return np.sort(4.0 * np.sin(np.pi * k / (2 * n)) ** 2)


@validate_params({"n": Interval(3, MAX_ITER, integer=True), "normalized": Bool()})
def cycle_eigs(n: int, normalized: bool = True) -> np.ndarray:
    """Eigenvalues of the cycle ``C_n`` (ascending; ``k`` and ``n−k`` coincide).

    .. math::
        \\lambda_k(L_{\\rm norm}) = 1-\\cos\\frac{2\\pi k}{n},\\qquad
        \\lambda_k(L) = 2-2\\cos\\frac{2\\pi k}{n}.

    Location: our derivation (standard).
    """
    lam = 2.0 * np.sin(np.pi * np.arange(n) / n) ** 2
    return np.sort(lam if normalized else 2 * lam)


@validate_params({"n": _N, "normalized": Bool()})
def complete_eigs(n: int, normalized: bool = True) -> np.ndarray:
    """Eigenvalues of the complete graph ``K_n``: ``0`` once and ``n/(n−1)`` (normalised) or
    ``n`` (combinatorial) with multiplicity ``n − 1``.

    .. math:: \\mathrm{spec}(L_{\\rm norm}(K_n)) = \\{0, \\tfrac{n}{n-1}^{(n-1)}\\}.
    """
    top = n / (n - 1) if normalized else float(n)
    return np.r_[0.0, np.full(n - 1, top)]


@validate_params({"n": Interval(3, 10**308, integer=True, label=("3", "1e308")), "t": _T})
def heat_trace_cycle(n: int, t: float) -> float:
    """Heat trace of the cycle's normalised Laplacian, by Bessel aliasing.

    .. math::
        \\mathrm{tr}\\,e^{-tL_{\\rm norm}(C_n)} = n\\,e^{-t}\\sum_{m\\in\\mathbb Z} I_{mn}(t)

    (``Σ_k e^{t cos(2πk/n)}`` with ``e^{t cos θ} = Σ_m I_m(t) e^{imθ}``; only multiples of
    ``n`` survive the sum over ``k``). Dimensionless. Location: our derivation.
    """
    # orders past _bessel_orders(t) add below e^{-72} (and scipy's ive is NaN at huge orders)
    m = np.arange(1, _bessel_orders(t) // n + 1)
    tail = ive(m * n, t) if m.size else np.zeros(0)  # e^{-t} I_{mn}(t), stable
    return float(n * (ive(0, t) + 2.0 * tail.sum()))


@validate_params({"t": _T, "K": _K})
def cheb_heat_coeffs(t: float, K: int) -> np.ndarray:
    """Chebyshev coefficients of the heat kernel on ``[0, 2]`` (in ``x = λ − 1``).

    .. math::
        e^{-t\\lambda} = e^{-t}\\Big[I_0(t) + 2\\sum_{k\\ge1}(-1)^k I_k(t)\\,T_k(\\lambda-1)\\Big],

    returned as ``c_0 … c_K`` with ``c_0 = e^{-t}I_0(t)``, ``c_k = 2(−1)^k e^{-t} I_k(t)``.
    Location: our derivation (the Jacobi–Anger expansion of ``e^{-tx}``).
    """
    k = np.arange(K + 1)
    c = 2.0 * (-1.0) ** k * ive(k, t)
    c[0] /= 2.0
    return c


@validate_params({"t": _T, "K": _K})
def cheb_truncation_bound(t: float, K: int) -> float:
    """Uniform bound on ``[0, 2]`` for the error of the order-``K`` Chebyshev heat filter.

    .. math:: \\sup_{\\lambda\\in[0,2]}|e^{-t\\lambda}-p_K(\\lambda)| \\le 2e^{-t}\\sum_{k>K} I_k(t),

    attained at ``λ = 0`` where every ``T_k(−1)(−1)^k = 1``. Location: our derivation.
    """
    k = np.arange(K + 1, K + 1 + _bessel_orders(t))
    return float(2.0 * ive(k, t).sum())


def cheb_filter(L, x, c) -> np.ndarray:
    """Apply ``Σ_k c_k T_k(L − I) x`` by the three-term recurrence (no eigendecomposition).

    .. math:: T_0 = x,\\ T_1 = (L-I)x,\\ T_{k+1} = 2(L-I)T_k - T_{k-1}.

    ``L`` (n × n) should have spectrum in ``[0, 2]`` (the normalised Laplacian); ``x`` is
    ``(n,)`` or ``(n, d)``. Cost ``K`` matrix–vector products. Location: our derivation.
    """
    L = check_array(L, "L", "cheb_filter")
    if L.shape[0] != L.shape[1]:
        raise invalid("L", "cheb_filter", "a square array", f"<array of shape {L.shape}>")
    check_symmetric(L, "L", "cheb_filter")
    # the expansion is in T_k(λ - 1), bounded by 1 only on [0, 2]: outside it grows like
    # cosh(k·arccosh|λ - 1|) and the truncation bound no longer holds
    lam = np.linalg.eigvalsh((L + L.T) / 2) if L.size else np.zeros(1)
    if lam[0] < -1e-10 or lam[-1] > 2 + 1e-10:
        raise invalid("L", "cheb_filter", "a symmetric array with spectrum in [0, 2] (a "
                      "normalised Laplacian)", f"<array of shape {L.shape}, spectrum in "
                      f"[{lam[0]:.6g}, {lam[-1]:.6g}]>")
    x = check_array(x, "x", "cheb_filter", ndim=None)
    if x.ndim not in (1, 2) or x.shape[0] != L.shape[0]:
        raise invalid("x", "cheb_filter", f"an array with {L.shape[0]} rows",
                      f"<array of shape {x.shape}>")
    c = check_array(c, "c", "cheb_filter", ndim=1)
    # linear in x and in c: both are divided by powers of two (exact), so that the recurrence's
    # 2(L - I)T_k of entries ~1e308 does not overflow (|T_k x| <= ||x||), and scaled back
    sx, sc = _pow2(np.max(np.abs(x)) if x.size else 0.0), _pow2(np.max(np.abs(c)))
    out = _cheb_sum(L, x / sx, c / sc)
    with np.errstate(over="ignore"):  # one exact rescaling by 2^(ex + ec)
        out = np.ldexp(out, int(np.frexp(sx)[1] + np.frexp(sc)[1] - 2))
    if not np.all(np.isfinite(out)):
        raise invalid("c", "cheb_filter", "coefficients for which the filtered signal is below "
                      "the float64 maximum (~1.8e308)", f"<array of shape {c.shape}>")
    return out


def _cheb_sum(L, x, c):
    Lt = L - np.eye(L.shape[0])
    t0, out = x, c[0] * x
    if c.size == 1:
        return out
    t1 = Lt @ x
    out = out + c[1] * t1
    for k in range(2, c.size):
        t0, t1 = t1, 2 * (Lt @ t1) - t0
        out = out + c[k] * t1
    return out


def harmonic_encoding(lam, K: int) -> np.ndarray:
    """Eigenvalue encoding ``[sin kλ, cos kλ]_{k=1..K}`` (the papernotes.org summary), shape ``(len(λ), 2K)``.

    .. math:: \\rho_0(\\lambda) = [\\sin\\lambda, \\dots, \\sin K\\lambda, \\cos\\lambda, \\dots,
              \\cos K\\lambda].
    """
    check_param("K", K, Interval(1, 10**6, integer=True), "harmonic_encoding")
    lam = check_array(lam, "lam", "harmonic_encoding", ndim=1)
    if lam.size and float(np.max(np.abs(lam))) > np.finfo(float).max / K:
        raise invalid("lam", "harmonic_encoding", f"an array with |lam| · K below the float64 "
                      f"maximum (K = {K})", f"<array of shape {lam.shape}, max |lam| "
                      f"{float(np.max(np.abs(lam))):.6g}>")
    k = np.arange(1, K + 1)
    # kλ exactly, as hi + lo: λ keeps its top 32 significant bits in hi (k < 2^20, so k·hi is
    # exact) and the rest in lo; sin and cos of each part are exact-reduced by libm. The rounded
    # product kλ was off by up to ulp(kλ)/2: sin(3(1e10 + 0.1)) read -0.94171425, not
    # -0.94171490, and kλ beyond ~1.8e308 was inf (NaN).
    hi = (lam.view(np.uint64) & np.uint64(0xFFFFFFFFFFE00000)).view(np.float64)
    a, b = hi[:, None] * k, (lam - hi)[:, None] * k
    sa, ca, sb, cb = np.sin(a), np.cos(a), np.sin(b), np.cos(b)
    return np.c_[sa * cb + ca * sb, ca * cb - sa * sb]


def band_embeddings(A, T: int, K: int, W_rho, W_f, *, normalized: bool = True,
                    sign_invariant: bool = True, nonlinearity: str = "tanh") -> np.ndarray:
    """Per-band graph embeddings ``z^(p)``, ``p = 1..T`` (our reconstruction of the papernotes.org summary).

    .. math::
        X^{(p)} = u_p\\,\\rho(\\lambda_p)^\\top,\\quad \\rho = \\rho_0 W_\\rho,\\quad
        z^{(p)} = \\sum_v f\\big(X^{(p)}_v W_f\\big)\\ \\big[+ f(-X^{(p)}_v W_f)\\big],

    the bracket present when ``sign_invariant`` (then ``z`` does not depend on the sign of
    ``u_p``, which LAPACK fixes arbitrarily). ``W_rho`` is ``(2K, r)``, ``W_f`` ``(r, d)``;
    returns ``(T, d)``. ``nonlinearity`` is ``"tanh"``, ``"relu"`` or ``"linear"``.
    For an odd ``f`` (tanh, linear) the symmetrised sum is identically 0: sign invariance then
    needs a non-odd ``f`` such as ReLU (``Σ|X|``); prism.spec.band_ambiguity.
    """
    A = _adjacency(A, "band_embeddings")
    n = A.shape[0]
    check_param("T", T, Interval(1, n, integer=True), "band_embeddings")
    check_param("K", K, Interval(1, 10**6, integer=True), "band_embeddings")
    check_param("normalized", normalized, Bool(), "band_embeddings")
    check_param("sign_invariant", sign_invariant, Bool(), "band_embeddings")
    W_rho = check_array(W_rho, "W_rho", "band_embeddings")
    W_f = check_array(W_f, "W_f", "band_embeddings")
    if W_rho.shape[0] != 2 * K:
        raise invalid("W_rho", "band_embeddings", f"a ({2 * K}, r) array (2K rows)",
                      f"<array of shape {W_rho.shape}>")
    if W_f.shape[0] != W_rho.shape[1]:
        raise invalid("W_f", "band_embeddings", f"a ({W_rho.shape[1]}, d) array (rows = W_rho's "
                      "columns)", f"<array of shape {W_f.shape}>")
    f = {"tanh": np.tanh, "relu": lambda z: np.maximum(z, 0.0), "linear": lambda z: z}
    if nonlinearity not in f:
        raise invalid("nonlinearity", "band_embeddings", "one of {'tanh', 'relu', 'linear'}",
                      nonlinearity)
    lam, U = np.linalg.eigh(laplacian(A, normalized))
    rho = harmonic_encoding(lam[:T], K) @ W_rho
    out = []
    for p in range(T):
        Z = np.outer(U[:, p], rho[p]) @ W_f
        h = f[nonlinearity](Z)
        if sign_invariant:
            h = h + f[nonlinearity](-Z)
        out.append(h.sum(0))
    return np.array(out)
