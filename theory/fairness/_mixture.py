"""CS divergence between Gaussian mixtures in closed form (nats)."""

from __future__ import annotations

import numpy as np
from scipy.special import logsumexp

from theory.validation import Options, check_array, check_param, invalid


def _as_mixture(w, mu, cov, tag: str, caller: str):
    w = check_array(w, f"w{tag}", caller, ndim=1)
    if np.any(w < 0) or not np.isclose(w.sum(), 1.0, rtol=0, atol=1e-12):
        raise invalid(f"w{tag}", caller, "non-negative weights summing to 1",
                      f"<weights {w.tolist()}>")
    mu = np.asarray(mu, dtype=np.float64)
    cov = np.asarray(cov, dtype=np.float64)
    k = w.size
    if mu.ndim == 1 and cov.ndim == 1:  # 1-D mixtures: means and variances as vectors
        mu, cov = mu[:, None], cov[:, None, None]
    mu = check_array(mu, f"mu{tag}", caller, ndim=2)
    if mu.shape[0] != k:
        raise invalid(f"mu{tag}", caller, f"an array with {k} rows (one per weight)",
                      f"<array of shape {mu.shape}>")
    d = mu.shape[1]
    cov = check_array(cov, f"cov{tag}", caller, ndim=3)
    if cov.shape != (k, d, d):
        raise invalid(f"cov{tag}", caller, f"an array of shape ({k}, {d}, {d})",
                      f"<array of shape {cov.shape}>")
    asym = np.abs(cov - np.swapaxes(cov, 1, 2)).max(axis=(1, 2))
    if np.any(asym > 1e-10 * np.abs(cov).max(axis=(1, 2))) or np.linalg.eigvalsh(
            (cov + np.swapaxes(cov, 1, 2)) / 2).min() <= 0:
        raise invalid(f"cov{tag}", caller, "a stack of symmetric positive definite matrices",
                      "<a non-SPD component>")
    return w, mu, (cov + np.swapaxes(cov, 1, 2)) / 2


def _log_cross(wa, ma, ca, wb, mb, cb) -> float:
    """log Σ_ij wa_i wb_j N(ma_i; mb_j, ca_i + cb_j)."""
    d = ma.shape[1]
    S = ca[:, None] + cb[None, :]
    diff = ma[:, None, :] - mb[None, :, :]
    sol = np.linalg.solve(S, diff[..., None])[..., 0]
    logn = (-0.5 * np.einsum("ijk,ijk->ij", diff, sol) - 0.5 * np.linalg.slogdet(S)[1]
            - 0.5 * d * np.log(2 * np.pi))
    return float(logsumexp(logn + np.log(wa)[:, None] + np.log(wb)[None, :]))


def cs_divergence_gmm(w1, mu1, cov1, w2, mu2, cov2, *, convention: str = "A") -> float:
    r"""CS divergence between :math:`p=\sum_i w_i N(\mu_i,P_i)` and
    :math:`q=\sum_j v_j N(\nu_j,Q_j)`, in nats.

    .. math::
        \int pq = \sum_{ij} w_i v_j N(\mu_i;\nu_j,P_i+Q_j),\quad
        \int p^2 = \sum_{ii'} w_i w_{i'} N(\mu_i;\mu_{i'},P_i+P_{i'}),\quad
        D_A = \log\!\int p^2 + \log\!\int q^2 - 2\log\!\int pq,

    evaluated in log space (log-sum-exp) so far-apart mixtures give a large finite value.

    Parameters
    ----------
    w1 : array, shape (k1,)
    mu1 : array, shape (k1, d) (or (k1,) for 1-D)
    cov1 : array, shape (k1, d, d) (or (k1,) variances for 1-D)
    w2, mu2, cov2 : the same for q, with k2 components.
    convention : {"A", "B"}
        B = A/2.

    References
    ----------
    Kampa, Hasanbelliu & Principe (IJCNN 2011), closed-form CS divergence for Gaussian mixtures.
    """
    caller = "cs_divergence_gmm"
    check_param("convention", convention, Options("A", "B"), caller)
    w1, mu1, cov1 = _as_mixture(w1, mu1, cov1, "1", caller)
    w2, mu2, cov2 = _as_mixture(w2, mu2, cov2, "2", caller)
    if mu1.shape[1] != mu2.shape[1]:
        raise invalid("mu2", caller, f"of dimension {mu1.shape[1]} like mu1",
                      f"<dimension {mu2.shape[1]}>")
    d_a = (_log_cross(w1, mu1, cov1, w1, mu1, cov1) + _log_cross(w2, mu2, cov2, w2, mu2, cov2)
           - 2 * _log_cross(w1, mu1, cov1, w2, mu2, cov2))
    d_a = max(d_a, 0.0) if d_a > -1e-12 else d_a  # rounding below 0 only; larger is a bug
    return d_a if convention == "A" else d_a / 2
