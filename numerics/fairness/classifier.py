r"""Fair training in torch and a scikit-learn estimator around it.

:func:`train_fair` minimises, by minibatch Adam,

.. math::
    \frac1B\sum_{i\in\text{batch}} \mathrm{BCE}(\sigma(f_\theta(x_i)), y_i)
    + \lambda\, R\big(\{\sigma(f_\theta(x_i))\}, s, y\big)

(our reading of the arXiv 2512.09467 abstract), with :math:`R` one of
:mod:`numerics.fairness.regularizers`. :class:`CSFairClassifier` is the paper's method with the
scikit-learn estimator API (``fit``, ``predict``, ``predict_proba``, ``get_params``/``set_params``),
so it drops into pipelines and grid search; :class:`FairClassifier` takes any regularizer.

The sensitive attribute reaches ``fit`` either as ``sensitive_features=`` (one label per row,
any number G ≥ 2 of distinct values for the CS regularizer, two for the others) or, inside a
pipeline, through ``sensitive_feature=j``: column ``j`` of ``X``, split at the midpoint of its
training range, which is then removed from the model's inputs. With ``lam > 0`` a fit that
cannot compute the penalty (one group, a group of one row, a constant sensitive column) is an
error, never a silent unregularised fit. ``sample_weight`` weights the rows' cross-entropy (the
fairness penalty compares the groups' prediction distributions unweighted).
"""

from __future__ import annotations

import copy

import numpy as np
import torch
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.utils.multiclass import type_of_target
from sklearn.utils.validation import _check_sample_weight, check_is_fitted, validate_data

from numerics.fairness.models import make_model
from numerics.fairness.regularizers import REGULARIZERS, TARGETS, make_regularizer
from theory.validation import Interval, Options, check_param, invalid


def train_fair(model: torch.nn.Module, X: torch.Tensor, y: torch.Tensor, s: torch.Tensor, *,
               regularizer=None, lam: float = 0.0, epochs: int = 20, batch_size: int = 256,
               lr: float = 1e-3, weight_decay: float = 0.0, seed: int = 0,
               sample_weight: torch.Tensor | None = None) -> list[float]:
    """Train ``model`` in place on tensors already on its device; returns the per-epoch loss.

    ``X`` (n, d), ``y`` (n,) with values 0/1, ``s`` (n,) integer group codes 0..G−1,
    ``sample_weight`` (n,) non-negative weights of the cross-entropy (batch loss = weighted mean).
    Batches are drawn by a generator seeded with ``seed`` (reproducible, no global RNG state).
    """
    opt = torch.optim.Adam(model.parameters(), lr=lr, weight_decay=weight_decay)
    bce_rows = torch.nn.BCEWithLogitsLoss(reduction="none")

    def bce(logit, target, idx):
        rows = bce_rows(logit, target)
        if sample_weight is None:
            return rows.mean()
        w = sample_weight[idx]
        return (rows * w).sum() / w.sum().clamp_min(torch.finfo(w.dtype).tiny)

    gen = torch.Generator().manual_seed(seed)
    n = X.shape[0]
    yf = y.to(X.dtype)
    history = []
    for _ in range(epochs):
        order = torch.randperm(n, generator=gen).to(X.device)
        total = 0.0
        for start in range(0, n, batch_size):
            idx = order[start:start + batch_size]
            logit = model(X[idx])
            proba = torch.sigmoid(logit)
            loss = bce(logit, yf[idx], idx)
            if regularizer is not None and lam > 0:
                loss = loss + lam * regularizer(proba, logit, s[idx], y[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
            if regularizer is not None:
                regularizer.update(proba.detach(), logit.detach(), s[idx], y[idx])
            total += float(loss.detach()) * len(idx)
        history.append(total / n)
    return history


def predict_proba_torch(model: torch.nn.Module, X: torch.Tensor) -> np.ndarray:
    """Sigmoid of the model's logits, as a float64 numpy array of shape (n,)."""
    with torch.no_grad():
        return torch.sigmoid(model(X)).double().cpu().numpy()


class FairClassifier(ClassifierMixin, BaseEstimator):
    """Binary classifier trained with a fairness regularizer (scikit-learn API).

    Parameters
    ----------
    regularizer : {"cs", "dp", "mmd", "hsic", "pr", "adv", "none"}
    lam : float >= 0
        Weight :math:`\\lambda` of the regularizer.
    sigma : float > 0
        Parzen width of the kernel regularizers (CS, MMD, HSIC), in probability units.
    target : {"dp", "eo"}
        Demographic parity (all rows) or equal opportunity (rows with y = 1).
    model : {"mlp", "logistic"}
    hidden, epochs, batch_size, lr, weight_decay
        Architecture and Adam settings.
    sensitive_feature : int or None
        Column of ``X`` holding the sensitive attribute when ``fit`` gets no
        ``sensitive_features``.
    random_state : int
        Seed of the initialisation and of the batch order.
    device : str
        Torch device ("cpu", "cuda").
    """

    def __init__(self, regularizer="cs", lam=1.0, sigma=0.2, target="dp", model="mlp",
                 hidden=64, epochs=30, batch_size=256, lr=1e-2, weight_decay=0.0,
                 sensitive_feature=None, random_state=0, device="cpu"):
        self.regularizer = regularizer
        self.lam = lam
        self.sigma = sigma
        self.target = target
        self.model = model
        self.hidden = hidden
        self.epochs = epochs
        self.batch_size = batch_size
        self.lr = lr
        self.weight_decay = weight_decay
        self.sensitive_feature = sensitive_feature
        self.random_state = random_state
        self.device = device

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.classifier_tags.multi_class = False
        tags.non_deterministic = False
        return tags

    def _check_params(self):
        name = type(self).__name__
        check_param("regularizer", self.regularizer, Options("none", *REGULARIZERS), name)
        check_param("lam", self.lam, Interval(0, None), name)
        check_param("sigma", self.sigma, Interval(0, None, closed="neither"), name)
        check_param("target", self.target, Options(*TARGETS), name)
        check_param("model", self.model, Options("mlp", "logistic"), name)
        for p in ("hidden", "epochs", "batch_size"):
            check_param(p, getattr(self, p), Interval(1, None, integer=True), name)
        check_param("lr", self.lr, Interval(0, None, closed="neither"), name)
        check_param("weight_decay", self.weight_decay, Interval(0, None), name)

    def _inputs(self, X):
        if self.sensitive_feature is None:
            return X
        return np.delete(X, self.sensitive_feature, axis=1)

    def _sensitive(self, X, sensitive_features) -> tuple[np.ndarray, np.ndarray]:
        """Group codes 0..G−1 per row and the group labels, checked against ``lam``."""
        name = type(self).__name__
        penalised = self.lam > 0 and self.regularizer != "none"
        if sensitive_features is not None:
            s = np.asarray(sensitive_features)
            if s.ndim > 1 and s.shape[1:] == (1,) * (s.ndim - 1):
                s = s.ravel()
            if s.ndim != 1 or s.shape[0] != X.shape[0]:
                raise invalid("sensitive_features", "fit", f"one label per row ({X.shape[0]})",
                              f"<array of shape {s.shape}>")
            if s.dtype.kind == "c" or s.dtype.kind == "O" and any(
                    isinstance(v, complex) for v in s.tolist()):
                raise invalid("sensitive_features", "fit", "real or string group labels",
                              "<complex labels>")
            if s.dtype.kind == "f" and not np.all(np.isfinite(s)):
                raise invalid("sensitive_features", "fit", "finite group labels (no NaN)",
                              "<labels with NaN or inf>")
            source = "sensitive_features"
        elif self.sensitive_feature is not None:
            check_param("sensitive_feature", self.sensitive_feature,
                        Interval(0, X.shape[1] - 1, integer=True), name)
            col = X[:, self.sensitive_feature]
            self.sensitive_threshold_ = 0.5 * (col.min() + col.max())
            s = (col > self.sensitive_threshold_).astype(np.int64)
            source = f"column {self.sensitive_feature} of X (split at its midpoint)"
            if penalised and col.min() == col.max():
                raise ValueError(f"{name} with lam={self.lam} > 0 needs two sensitive groups, "
                                 f"but {source} is constant (every value is {float(col.min())!r}). Use "
                                 "a column that separates the groups, or set lam=0.")
        elif penalised:
            raise ValueError("fit needs the sensitive attribute: pass sensitive_features=... "
                             "or set sensitive_feature=<column index>, or set lam=0.")
        else:
            return np.zeros(X.shape[0], np.int64), np.array([0])
        labels, codes = np.unique(s, return_inverse=True)
        if penalised:
            counts = np.bincount(codes, minlength=labels.size)
            found = {lab: int(c) for lab, c in zip(labels.tolist(), counts)}
            if labels.size < 2:
                raise ValueError(f"{name} with lam={self.lam} > 0 needs at least two sensitive "
                                 f"groups; {source} holds one value ({found}). Pass a "
                                 "sensitive attribute with two or more groups, or set lam=0.")
            small = {lab: c for lab, c in found.items() if c < 2}
            if small:
                raise ValueError(f"{name} with lam={self.lam} > 0 needs at least two rows per "
                                 f"sensitive group (a group of one row has no distribution); "
                                 f"{source} has group sizes {found}, too small: {small}.")
            if labels.size > 2 and self.regularizer != "cs":
                raise ValueError(f"the '{self.regularizer}' regularizer compares two sensitive "
                                 f"groups; {source} has {labels.size} ({found}). Use "
                                 "regularizer='cs' (any number of groups) or merge groups.")
        return codes.astype(np.int64), labels

    def fit(self, X, y, sensitive_features=None, sample_weight=None):
        """Fit on ``X`` (n, d), labels ``y`` (two classes), the sensitive attribute (one label
        per row; G ≥ 2 groups for CS) and optional per-row ``sample_weight`` (n,) ≥ 0."""
        self._check_params()
        X, y = validate_data(self, X, y, dtype=np.float64)
        y_type = type_of_target(y, input_name="y", raise_unknown=True)
        if y_type != "binary":
            raise ValueError(f"Only binary classification is supported. {type(self).__name__} "
                             f"got a target of type {y_type!r}.")
        self.classes_, y01 = np.unique(y, return_inverse=True)
        if self.classes_.size < 2:
            raise ValueError(f"{type(self).__name__} needs samples of 2 classes to fit; got 1 "
                             f"class ({self.classes_[0]!r}).")
        s, self.sensitive_groups_ = self._sensitive(X, sensitive_features)
        weights = None
        if sample_weight is not None:
            weights = _check_sample_weight(sample_weight, X, dtype=np.float64,
                                           ensure_non_negative=True)
            if not weights.sum() > 0:
                raise invalid("sample_weight", "fit", "non-negative weights with a positive sum",
                              f"<weights summing to {weights.sum()}>")
        Xin = self._inputs(X)
        if Xin.shape[1] == 0:
            raise ValueError(f"{type(self).__name__} needs at least one model input besides the "
                             f"sensitive column; got {X.shape[1]} feature(s) with "
                             f"sensitive_feature={self.sensitive_feature}, n_features = 1.")
        dev = torch.device(self.device)
        self.model_ = make_model(self.model, Xin.shape[1], hidden=self.hidden,
                                 seed=self.random_state, device=dev)
        reg = make_regularizer(self.regularizer, sigma=self.sigma, target=self.target,
                               seed=self.random_state)
        if reg is not None:
            reg.to(dev)
        Xt = torch.as_tensor(Xin, dtype=torch.float32, device=dev)
        self.loss_curve_ = train_fair(
            self.model_, Xt, torch.as_tensor(y01, device=dev),
            torch.as_tensor(s.astype(np.int64), device=dev), regularizer=reg, lam=self.lam,
            epochs=self.epochs, batch_size=self.batch_size, lr=self.lr,
            weight_decay=self.weight_decay, seed=self.random_state,
            sample_weight=None if weights is None else torch.as_tensor(weights, dtype=torch.float32,
                                                                       device=dev))
        return self

    def predict_proba(self, X):
        """Class probabilities, shape (n, 2), columns in the order of ``classes_``."""
        check_is_fitted(self, "model_")
        X = validate_data(self, X, dtype=np.float64, reset=False)
        # predict in float64 so a row's probability does not depend on the batch it is in
        model = copy.deepcopy(self.model_).double()
        Xt = torch.as_tensor(self._inputs(X), dtype=torch.float64, device=self.device)
        p1 = predict_proba_torch(model, Xt)
        return np.column_stack([1 - p1, p1])

    def decision_function(self, X):
        """Logit of the positive class, shape (n,)."""
        p = self.predict_proba(X)[:, 1]
        return np.log(np.clip(p, 1e-300, None)) - np.log(np.clip(1 - p, 1e-300, None))

    def predict(self, X):
        """Class labels (threshold 0.5 on the positive-class probability)."""
        check_is_fitted(self, "model_")
        return self.classes_[(self.predict_proba(X)[:, 1] > 0.5).astype(int)]


class CSFairClassifier(FairClassifier):
    """The paper's method: :class:`FairClassifier` with the Cauchy–Schwarz regularizer.

    ``CSFairClassifier(lam=..., sigma=...)`` penalises the CS divergence (convention A, nats)
    between the KDEs of the predicted probabilities of the two groups (Liu et al., arXiv
    2512.09467, abstract; the objective is our reading).
    """

    def __init__(self, lam=1.0, sigma=0.2, target="dp", model="mlp", hidden=64, epochs=30,
                 batch_size=256, lr=1e-2, weight_decay=0.0, sensitive_feature=None,
                 random_state=0, device="cpu"):
        # no super().__init__: every attribute set here must be a parameter (sklearn's rule)
        self.lam = lam
        self.sigma = sigma
        self.target = target
        self.model = model
        self.hidden = hidden
        self.epochs = epochs
        self.batch_size = batch_size
        self.lr = lr
        self.weight_decay = weight_decay
        self.sensitive_feature = sensitive_feature
        self.random_state = random_state
        self.device = device

    #: fixed, not a parameter: the regularizer is what makes this the paper's method
    regularizer = "cs"
