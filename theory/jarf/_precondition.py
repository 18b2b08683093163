"""The JARF preconditioner Ĥ, the oblique splits it induces, and principal angles.

The papernotes.org summary (single source): Ĥ = Ĥ0 + γI, then Ĥ ← Ĥ/(tr Ĥ/d); a
standard forest is trained on XĤ. The paper calls this "a single global rotation"; Ĥ is
symmetric positive definite, not orthogonal (claim ``jarf.precond.rotation``).
"""

from __future__ import annotations

import numpy as np
from scipy.linalg import subspace_angles

from theory.validation import (
    Interval,
    Options,
    check_array,
    check_full_column_rank,
    check_param,
    check_psd,
    invalid,
)


def precondition(H0, gamma_rel: float = 1e-3, trace_normalise: bool = True) -> np.ndarray:
    r"""The stabilised, trace-normalised preconditioner.

    .. math::

        \hat H = H_0 + \gamma_{\rm rel}\,\frac{\operatorname{tr} H_0}{d} I_d,\qquad
        \hat H \leftarrow \frac{\hat H}{\operatorname{tr}\hat H / d}.

    Its eigenvalues are :math:`d(\lambda_i + \bar\gamma)/(\operatorname{tr}H_0 + d\bar\gamma)`
    with :math:`\bar\gamma = \gamma_{\rm rel}\operatorname{tr}H_0/d`.

    Parameters
    ----------
    H0 : array_like, shape (d, d), symmetric PSD
    gamma_rel : float ≥ 0
    trace_normalise : bool

    Returns
    -------
    ndarray, shape (d, d). Paper location: the shared Ĥ, Secs. 3.4-3.5 per OpenReview Reviewer 3 (form per the papernotes.org summary; γ's value
    ours).
    """
    caller = "precondition"
    H0 = check_array(H0, "H0", caller, ndim=2)
    d = H0.shape[0]
    if H0.shape != (d, d) or not np.allclose(H0, H0.T, rtol=1e-10, atol=1e-14 * max(
            1.0, np.abs(H0).max())):
        raise invalid("H0", caller, "a symmetric square array", f"<array of shape {H0.shape}>")
    # an EJOP is PSD; a negative eigenvalue would give a preconditioner that flips directions
    check_psd((H0 + H0.T) / 2, "H0", caller, rtol=1e-8)
    check_param("gamma_rel", gamma_rel, Interval(0, None), caller)
    check_param("trace_normalise", trace_normalise, Options(True, False), caller)
    tr = float(np.trace(H0))
    if tr <= 0:
        if gamma_rel == 0 or tr < 0:
            raise invalid("H0", caller, "a PSD array with positive trace", f"<trace {tr:g}>")
        tr = float(d)  # H0 = 0: fall back to the identity scale
    H = (H0 + H0.T) / 2 + gamma_rel * tr / d * np.eye(d)
    if trace_normalise:
        H = H / (np.trace(H) / d)
    return H


def oblique_normals(H) -> np.ndarray:
    r"""Split normals of an axis-aligned tree trained on XH, as oblique splits on X.

    .. math::

        (x^\top H)_j \le \tau \iff (H e_j)^\top x \le \tau ,

    so the normals are the columns of H (returned as rows, unit-normalised, shape (d, d)).
    Ours (the map of Secs. 3.4-3.5 per OpenReview Reviewer 3; form per the summary).
    """
    H = check_array(H, "H", "oblique_normals", ndim=2)
    cols = H.T.copy()
    big = np.max(np.abs(cols), axis=1, keepdims=True)
    if np.any(big == 0):
        raise invalid("H", "oblique_normals", "an array with nonzero columns", "<zero column>")
    # each column scaled by its largest entry first: its norm would over- or underflow at
    # entries ~1e200 or ~1e-200 (and the normals come back 0)
    cols = cols / big
    return cols / np.linalg.norm(cols, axis=1, keepdims=True)


def principal_angles(A, B) -> np.ndarray:
    r"""Principal angles (degrees, ascending) between span(A) and span(B).

    .. math::

        \cos\theta_k = \sigma_k(Q_A^\top Q_B).

    Parameters
    ----------
    A : array_like, shape (d, k)
    B : array_like, shape (d, l)

    Returns
    -------
    ndarray, shape (min(k, l),), in degrees.
    """
    caller = "principal_angles"
    A = check_array(A, "A", caller, ndim=None)
    B = check_array(B, "B", caller, ndim=None)
    A = _full_column_rank(A[:, None] if A.ndim == 1 else A, "A")
    B = _full_column_rank(B[:, None] if B.ndim == 1 else B, "B")
    if A.shape[0] != B.shape[0]:
        raise invalid("B", caller, f"an array with {A.shape[0]} rows", f"<{B.shape[0]} rows>")
    return np.sort(np.degrees(subspace_angles(A, B)))


def _full_column_rank(A, name):
    """A (d, k) basis of a k-dimensional span. A rank-deficient one spans less: scipy's
    subspace_angles then returns fewer than min(k, l) angles without a word."""
    if A.ndim != 2 or A.shape[1] == 0:
        raise invalid(name, "principal_angles", "a 1-D or 2-D array with at least one column",
                      f"<array of shape {A.shape}>")
    return check_full_column_rank(A, name, "principal_angles")
