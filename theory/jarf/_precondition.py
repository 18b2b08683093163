"""The JARF preconditioner Ĥ, the oblique splits it induces, and principal angles.

Spec jarf.md §1 steps 5–6 (single-source summary): Ĥ = Ĥ0 + γI, then Ĥ ← Ĥ/(tr Ĥ/d); a
standard forest is trained on XĤ. The paper calls this "a single global rotation"; Ĥ is
symmetric positive definite, not orthogonal (claim ``jarf.precond.not_rotation``).
"""

from __future__ import annotations

import numpy as np
from scipy.linalg import subspace_angles

from theory.validation import Interval, check_array, check_param, invalid


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
    ndarray, shape (d, d). Paper location: Sec. 3.5 (spec §1 step 5; γ's value ours).
    """
    caller = "precondition"
    H0 = check_array(H0, "H0", caller, ndim=2)
    d = H0.shape[0]
    if H0.shape != (d, d) or not np.allclose(H0, H0.T, rtol=1e-10, atol=1e-14 * max(
            1.0, np.abs(H0).max())):
        raise invalid("H0", caller, "a symmetric square array", f"<array of shape {H0.shape}>")
    check_param("gamma_rel", gamma_rel, Interval(0, None), caller)
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
    Spec P5 (Sec. 3.5).
    """
    H = check_array(H, "H", "oblique_normals", ndim=2)
    cols = H.T.copy()
    norms = np.linalg.norm(cols, axis=1, keepdims=True)
    if np.any(norms == 0):
        raise invalid("H", "oblique_normals", "an array with nonzero columns", "<zero column>")
    return cols / norms


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
    A = np.asarray(A, float)
    B = np.asarray(B, float)
    A = check_array(A[:, None] if A.ndim == 1 else A, "A", caller, ndim=2)
    B = check_array(B[:, None] if B.ndim == 1 else B, "B", caller, ndim=2)
    if A.shape[0] != B.shape[0]:
        raise invalid("B", caller, f"an array with {A.shape[0]} rows", f"<{B.shape[0]} rows>")
    return np.sort(np.degrees(subspace_angles(A, B)))
