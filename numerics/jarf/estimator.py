"""JARF as scikit-learn estimators: a surrogate, a finite-difference EJOP, one global linear map,
then an axis-aligned forest on the mapped inputs (Rauniyar, arXiv 2512.08306, Sec. 3.4–3.5).

``mapping`` selects the map (not ``transform``: that name cannot be a
parameter of a scikit-learn estimator, whose checks take any attribute ``transform`` for the
transformer method): ``"paper"`` (x ↦ xᵀĤ, the summary's formula), ``"eigrot"``
(x ↦ xᵀV with V the eigenvectors of Ĥ: a true rotation, as the third-party `wlearn` forest
does), ``"identity"`` (a plain forest; the ablation Ĥ = I) and ``"random"`` (a random rotation:
our control for "any rotation helps").
"""

from __future__ import annotations

from numbers import Integral, Real
from typing import ClassVar

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin, RegressorMixin, clone
from sklearn.ensemble import (
    ExtraTreesClassifier,
    ExtraTreesRegressor,
    RandomForestClassifier,
    RandomForestRegressor,
)
from sklearn.neural_network import MLPClassifier, MLPRegressor
from sklearn.preprocessing import LabelEncoder
from sklearn.utils import check_random_state
from sklearn.utils._param_validation import Interval, StrOptions
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted, validate_data

from theory.jarf import ejop_from_jacobians, mad_steps, precondition
from theory.validation import check_array, invalid


def fd_jacobian(predict_fn, X, steps, lo=None, hi=None) -> np.ndarray:
    r"""Central finite-difference Jacobian with probes at ±ε_j/2, clipped to [lo_j, hi_j].

    .. math::

        g_j(x) = \frac{f(\min(x_j+\varepsilon_j/2, hi_j)) - f(\max(x_j-\varepsilon_j/2, lo_j))}
                      {\text{actual probe distance}}

    Returns an array of shape (m, d, C); a probe pair collapsed by clipping gives 0.
    """
    if not callable(predict_fn):
        raise invalid("predict_fn", "fd_jacobian", "a callable", f"<{type(predict_fn).__name__}>")
    X = check_array(X, "X", "fd_jacobian")
    m, d = X.shape
    steps = check_array(steps, "steps", "fd_jacobian", ndim=1)
    if steps.shape != (d,) or np.any(steps <= 0):
        raise invalid("steps", "fd_jacobian", f"an array of {d} positive finite steps",
                      f"<array of shape {steps.shape}, min {steps.min():.3g}>")
    if (lo is None) != (hi is None):
        raise invalid("hi" if hi is None else "lo", "fd_jacobian",
                      "given together with the other clipping bound", None)
    if lo is not None:
        lo = check_array(lo, "lo", "fd_jacobian", ndim=1)
        hi = check_array(hi, "hi", "fd_jacobian", ndim=1)
        for name, v in (("lo", lo), ("hi", hi)):
            if v.shape != (d,):
                raise invalid(name, "fd_jacobian", f"an array of shape ({d},)",
                              f"<array of shape {v.shape}>")
        if np.any(lo > hi):
            raise invalid("hi", "fd_jacobian", "an array with hi >= lo entrywise",
                          "<some hi < lo>")
    cols = []
    for j in range(d):
        up, dn = X.copy(), X.copy()
        up[:, j] = X[:, j] + steps[j] / 2
        dn[:, j] = X[:, j] - steps[j] / 2
        if lo is not None:
            up[:, j] = np.clip(up[:, j], lo[j], hi[j])
            dn[:, j] = np.clip(dn[:, j], lo[j], hi[j])
        dist = up[:, j] - dn[:, j]
        diff = np.asarray(predict_fn(np.vstack([up, dn])), float).reshape(2 * m, -1)
        num = diff[:m] - diff[m:]
        with np.errstate(invalid="ignore", divide="ignore"):
            g = np.where(dist[:, None] > 0, num / np.where(dist > 0, dist, 1.0)[:, None], 0.0)
        cols.append(g)
    return np.stack(cols, axis=1)


def mlp_jacobian(mlp, X) -> np.ndarray:
    """Exact Jacobian (m, d, C) of a fitted scikit-learn tanh MLP's output (probabilities for a
    classifier: softmax or logistic; the prediction for a regressor)."""
    if mlp.activation != "tanh":
        raise ValueError("The 'activation' of mlp must be 'tanh'. Got "
                         f"{mlp.activation!r} instead.")
    A = check_array(X, "X", "mlp_jacobian")
    if A.shape[1] != mlp.coefs_[0].shape[0]:
        raise invalid("X", "mlp_jacobian", f"an array with {mlp.coefs_[0].shape[0]} columns "
                      "(the MLP's inputs)", f"<array of shape {A.shape}>")
    D = np.broadcast_to(np.eye(A.shape[1]), (A.shape[0],) + (A.shape[1],) * 2).copy()
    for W, b in zip(mlp.coefs_[:-1], mlp.intercepts_[:-1], strict=True):
        Z = A @ W + b
        A = np.tanh(Z)
        D = np.einsum("nij,jk->nik", D, W) * (1 - A ** 2)[:, None, :]
    out = A @ mlp.coefs_[-1] + mlp.intercepts_[-1]
    D = np.einsum("nij,jk->nik", D, mlp.coefs_[-1])  # (n, d, K) Jacobian of the logits
    if mlp.out_activation_ == "identity":
        return D
    if mlp.out_activation_ == "logistic":
        p = 1 / (1 + np.exp(-out[:, 0]))
        g = D[:, :, 0] * (p * (1 - p))[:, None]
        return np.stack([-g, g], axis=2)
    P = np.exp(out - out.max(axis=1, keepdims=True))
    P /= P.sum(axis=1, keepdims=True)
    # ∂p_c/∂x = p_c (∂z_c − Σ_k p_k ∂z_k)
    mean = np.einsum("nik,nk->ni", D, P)
    return P[:, None, :] * (D - mean[:, :, None])


class _JARFBase(BaseEstimator):
    _parameter_constraints: ClassVar[dict] = {
        "n_estimators": [Interval(Integral, 1, None, closed="left")],
        "surrogate": [StrOptions({"rf", "mlp"})],
        "surrogate_estimators": [Interval(Integral, 1, None, closed="left")],
        # np.inf as the upper end, open: an unbounded sklearn Interval admits alpha = inf
        "alpha": [Interval(Real, 0, np.inf, closed="neither")],
        "gamma_rel": [Interval(Real, 0, np.inf, closed="left")],
        "m_frac": [Interval(Real, 0, 1, closed="right")],
        "mode": [StrOptions({"full", "true_class"})],
        "mapping": [StrOptions({"paper", "eigrot", "identity", "random"})],
        "forest": [StrOptions({"rf", "extra"})],
        "clip_q": [tuple, None],
        "random_state": ["random_state"],
        "n_jobs": [Integral, None],
    }

    def __init__(self, n_estimators=100, *, surrogate="rf", surrogate_estimators=100, alpha=0.1,
                 gamma_rel=1e-3, m_frac=1.0, mode="full", mapping="paper", forest="rf",
                 clip_q=(0.01, 0.99), random_state=None, n_jobs=None):
        self.n_estimators = n_estimators
        self.surrogate = surrogate
        self.surrogate_estimators = surrogate_estimators
        self.alpha = alpha
        self.gamma_rel = gamma_rel
        self.m_frac = m_frac
        self.mode = mode
        self.mapping = mapping
        self.forest = forest
        self.clip_q = clip_q
        self.random_state = random_state
        self.n_jobs = n_jobs

    def _surrogate_model(self, seed):
        if self.surrogate == "mlp":
            cls = MLPClassifier if self._is_clf else MLPRegressor
            return cls(hidden_layer_sizes=(32,), activation="tanh", max_iter=500,
                       random_state=seed)
        cls = RandomForestClassifier if self._is_clf else RandomForestRegressor
        return cls(n_estimators=self.surrogate_estimators, random_state=seed, n_jobs=self.n_jobs)

    def _final_model(self, seed):
        if self._is_clf:
            cls = RandomForestClassifier if self.forest == "rf" else ExtraTreesClassifier
        else:
            cls = RandomForestRegressor if self.forest == "rf" else ExtraTreesRegressor
        return cls(n_estimators=self.n_estimators, random_state=seed, n_jobs=self.n_jobs)

    def _fit(self, X, y_fit, y_idx):
        rng = check_random_state(self.random_state)
        s_seed, f_seed, m_seed, r_seed = (int(v) for v in rng.randint(0, 2**31 - 1, 4))
        n, d = X.shape
        if self.clip_q is not None and not (len(self.clip_q) == 2
                                            and 0 <= self.clip_q[0] < self.clip_q[1] <= 1):
            raise ValueError("The 'clip_q' parameter of "
                             f"{type(self).__name__} must be a pair 0 <= lo < hi <= 1 or None. "
                             f"Got {self.clip_q!r} instead.")
        if self.mapping in ("paper", "eigrot"):
            sur = self._surrogate_model(s_seed).fit(X, y_fit)
            m = max(1, round(self.m_frac * n))
            idx = np.random.RandomState(m_seed).choice(n, m, replace=False) if m < n \
                else np.arange(n)
            Xm = X[idx]
            lo = hi = None
            if self.clip_q is not None:
                lo, hi = np.quantile(X, self.clip_q, axis=0)
            steps = mad_steps(X, self.alpha)
            if self.surrogate == "mlp":
                J = mlp_jacobian(sur, Xm)
            else:
                fn = sur.predict_proba if self._is_clf else sur.predict
                J = fd_jacobian(fn, Xm, steps, lo, hi)
            if self.mode == "true_class" and self._is_clf:
                H0 = ejop_from_jacobians(J, y_idx[idx], mode="true_class")
            else:
                H0 = ejop_from_jacobians(J)
            self.surrogate_ = sur
            self.H0_ = H0
            self.H_ = precondition(H0, self.gamma_rel) if np.trace(H0) > 0 else np.eye(d)
            if self.mapping == "paper":
                self.map_ = self.H_
            else:
                self.map_ = np.linalg.eigh(self.H_)[1][:, ::-1]
        else:
            self.H0_ = np.zeros((d, d))
            self.H_ = np.eye(d)
            if self.mapping == "identity":
                self.map_ = np.eye(d)
            else:
                self.map_ = np.linalg.qr(
                    np.random.RandomState(r_seed).standard_normal((d, d)))[0]
        self.forest_ = self._final_model(f_seed).fit(X @ self.map_, y_fit)
        return self

    def transform_inputs(self, X):
        """The mapped inputs XT the final forest sees (T = Ĥ for ``mapping="paper"``)."""
        check_is_fitted(self)
        X = validate_data(self, X, reset=False)
        return X @ self.map_


class JARFClassifier(ClassifierMixin, _JARFBase):
    """Jacobian-aligned random forest classifier.

    Parameters (our names; α = 0.1 per the papernotes.org summary, the other defaults ours):
    ``alpha`` the MAD step factor, ``gamma_rel`` the ridge relative to tr(Ĥ0)/d, ``m_frac`` the
    share of training points where the Jacobian is estimated, ``mode`` all classes or the true
    class only, ``clip_q`` the quantile range the probes are clipped to, ``forest`` the final
    forest (random forest or extra trees).

    Attributes
    ----------
    H0_ : ndarray (d, d)     the estimated EJOP
    H_ : ndarray (d, d)      the stabilised, trace-normalised preconditioner
    map_ : ndarray (d, d)  the map applied to X (Ĥ, its eigenvectors, I or a rotation)
    """

    _is_clf = True

    def fit(self, X, y):
        self._validate_params()
        X, y = validate_data(self, X, y)
        check_classification_targets(y)
        self._le = LabelEncoder().fit(y)
        self.classes_ = self._le.classes_
        yi = self._le.transform(y)
        return self._fit(X, yi, yi)

    def predict_proba(self, X):
        Z = self.transform_inputs(X)
        return self.forest_.predict_proba(Z)

    def predict(self, X):
        P = self.predict_proba(X)
        return self.classes_[np.argmax(P, axis=1)]


class JARFRegressor(RegressorMixin, _JARFBase):
    """Jacobian-aligned random forest regressor (EGOP of the surrogate's mean); see
    :class:`JARFClassifier` for the parameters."""

    _is_clf = False

    def fit(self, X, y):
        self._validate_params()
        X, y = validate_data(self, X, y, y_numeric=True)
        return self._fit(X, y, None)

    def predict(self, X):
        Z = self.transform_inputs(X)
        return self.forest_.predict(Z)


def clone_with(est, **params):
    """A clone of ``est`` with ``params`` set."""
    return clone(est).set_params(**params)
