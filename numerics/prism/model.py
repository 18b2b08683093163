"""PRISM-lite (torch): relational inference over graphs, then a linear softmax head trained with
the partial-label loss. Our reconstruction of the papernotes.org summary at light scale: fixed spatial and
spectral descriptors stand in for the GNN and the band encoder; prototypes are the bank limit.
"""

from __future__ import annotations

import numpy as np
import torch
from sklearn.base import BaseEstimator
from sklearn.utils.validation import check_is_fitted

from numerics.prism.relational import spatial_similarity, spectral_similarity, topk
from theory.prism import prism_propagate, row_normalize
from theory.prism._candidates import check_mask
from theory.validation import (
    MAX_ITER,
    Interval,
    Options,
    check_array,
    check_int,
    check_param,
    check_same_length,
    invalid,
)

VIEWS = ("spa", "spe")


def marginal_nll_torch(logits: torch.Tensor, M: torch.Tensor, Q: torch.Tensor) -> torch.Tensor:
    """``−mean_i log Σ_{c∈S_i} P_ic Q_ic`` in nats (torch; matches
    :func:`theory.prism.marginal_nll`). Entries outside ``S`` get log-weight −1e4 (exp → 0)."""
    logp = torch.log_softmax(logits, dim=1)
    w = Q * M
    logw = torch.where(w > 0, torch.log(torch.where(w > 0, w, torch.ones_like(w))),
                       torch.full_like(w, -1e4))
    return -torch.logsumexp(logp + logw, dim=1).mean()


class PRISMLite(BaseEstimator):
    """Light PRISM: relational graphs → candidate-constrained propagation → confidence ``Q`` →
    linear head trained with ``−log Σ_{S} P Q``.

    A scikit-learn estimator in its parameters (``get_params``/``set_params``/``clone``; checked
    at ``fit``, not at construction) but with two views and a candidate mask at ``fit``
    (``fit(Xspa, Xspe, M)``), so only the checks that do not fit ``(X, y)`` apply.

    Parameters
    ----------
    views : tuple of {"spa", "spe"}
        Which relational graphs to build; ``()`` gives the CC baseline (uniform ``Q`` on ``S``).
    k_a, k_e : int ≥ 1, top-k of the spatial and spectral graphs.
    mu : float in [0, 1], self-anchoring weight; E : int in [0, MAX_ITER], propagation steps.
    weight_decay : float ≥ 0, ℓ2 penalty; steps : int in [1, MAX_ITER], lr : float > 0, Adam.
    device : str or torch.device (CPU here, CUDA when present).
    random_state : int ≥ 0, seed of the head's initialisation (a generator on ``device``).

    Attributes
    ----------
    graphs_, Q_, W_, b_, loss_, mean_spa_, sd_spa_, mean_spe_, sd_spe_, n_classes_,
    n_features_in_ (spatial + spectral descriptors).
    """

    def __init__(self, views=VIEWS, k_a: int = 10, k_e: int = 10, mu: float = 0.5, E: int = 10,
                 weight_decay: float = 1e-2, steps: int = 300, lr: float = 0.05,
                 device="cpu", random_state: int = 0):
        self.views, self.k_a, self.k_e, self.mu, self.E = views, k_a, k_e, mu, E
        self.weight_decay, self.steps, self.lr = weight_decay, steps, lr
        self.device = device
        self.random_state = random_state

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.non_deterministic = False
        return tags

    def _check_params(self):
        c = "PRISMLite"
        if isinstance(self.views, str) or not isinstance(self.views, list | tuple):
            raise invalid("views", c, "a tuple of {'spa', 'spe'}", self.views)
        for v in self.views:
            check_param("views", v, Options(*VIEWS), c)
        check_param("k_a", self.k_a, Interval(1, None, integer=True), c)
        check_param("k_e", self.k_e, Interval(1, None, integer=True), c)
        check_param("mu", self.mu, Interval(0, 1), c)
        check_param("E", self.E, Interval(0, MAX_ITER, integer=True), c)
        check_param("weight_decay", self.weight_decay, Interval(0, None), c)
        check_param("steps", self.steps, Interval(1, MAX_ITER, integer=True), c)
        check_param("lr", self.lr, Interval(0, None, closed="neither"), c)
        check_int(self.random_state, "random_state", c, 0, 2**63 - 1)
        try:
            return torch.device(self.device)
        except (RuntimeError, TypeError):
            raise invalid("device", c, "a torch device such as 'cpu' or 'cuda'",
                          self.device) from None

    def relational_graphs(self, Xspa, Xspe, M) -> dict:
        out = {}
        if "spa" in self.views:
            out["spa"] = topk(spatial_similarity(Xspa, M), self.k_a)
        if "spe" in self.views:
            out["spe"] = topk(spectral_similarity(Xspe, M), self.k_e)
        return out

    def _standardise(self, Xspa, Xspe):
        return (Xspa - self.mean_spa_) / self.sd_spa_, (Xspe - self.mean_spe_) / self.sd_spe_

    def fit(self, Xspa, Xspe, M, Q=None):
        """Fit on training graphs with candidate mask ``M`` (N × C). ``Q`` overrides the
        inferred confidence (e.g. one-hot truth for an oracle)."""
        c = "PRISMLite.fit"
        dev = self._check_params()
        Xspa = check_array(Xspa, "Xspa", c, min_rows=2)
        Xspe = check_array(Xspe, "Xspe", c, min_rows=2)
        M = check_mask(M, c)
        check_same_length(c, Xspa=Xspa, Xspe=Xspe, M=M)
        for name, k in (("k_a", self.k_a), ("k_e", self.k_e)):  # was an IndexError in topk
            check_param(name, k, Interval(1, len(M) - 1, integer=True), c)
        if Q is not None:
            Q = check_array(Q, "Q", c)
            if Q.shape != M.shape or np.any(Q < 0) or np.any((Q * M).sum(1) <= 0):
                raise invalid("Q", c, f"a non-negative {M.shape} array with mass on every "
                              "candidate set", f"<array of shape {Q.shape}>")
        self.device_ = dev
        self.n_classes_ = M.shape[1]
        self.n_features_in_ = Xspa.shape[1] + Xspe.shape[1]
        self.mean_spa_, self.sd_spa_ = _moments(Xspa)
        self.mean_spe_, self.sd_spe_ = _moments(Xspe)
        Hs, Hp = self._standardise(Xspa, Xspe)
        self.graphs_ = self.relational_graphs(Hs, Hp, M)
        if Q is None:
            Q = (prism_propagate(list(self.graphs_.values()), M, self.mu, self.E)
                 if self.graphs_ else row_normalize(M))
        self.Q_ = np.asarray(Q, dtype=float)
        X = np.c_[Hs, Hp]
        dt = torch.float64
        gen = torch.Generator(device=dev)
        gen.manual_seed(self.random_state)
        Xt = torch.as_tensor(X, dtype=dt, device=dev)
        Mt = torch.as_tensor(M, dtype=dt, device=dev)
        Qt = torch.as_tensor(self.Q_, dtype=dt, device=dev)
        W = (0.01 * torch.randn(X.shape[1], M.shape[1], generator=gen, device=dev, dtype=dt)
             ).requires_grad_()
        b = torch.zeros(M.shape[1], device=dev, dtype=dt, requires_grad=True)
        # plain Adam written out: torch.optim imports torch._dynamo (seconds on a busy machine)
        params = [W, b]
        m1 = [torch.zeros_like(p) for p in params]
        m2 = [torch.zeros_like(p) for p in params]
        for t in range(1, self.steps + 1):
            loss = marginal_nll_torch(Xt @ W + b, Mt, Qt) + self.weight_decay * (W * W).sum()
            grads = torch.autograd.grad(loss, params)
            with torch.no_grad():
                for p, g, a, v in zip(params, grads, m1, m2, strict=True):
                    a.mul_(0.9).add_(g, alpha=0.1)
                    v.mul_(0.999).addcmul_(g, g, value=0.001)
                    step = self.lr * (a / (1 - 0.9**t)) / ((v / (1 - 0.999**t)).sqrt() + 1e-8)
                    p.sub_(step)
        self.W_, self.b_ = W.detach(), b.detach()
        self.loss_ = float(loss.detach())
        return self

    def decision_function(self, Xspa, Xspe) -> np.ndarray:
        """Logits ``(N, C)`` of the head on new graphs' descriptors."""
        check_is_fitted(self, "W_")
        c = "PRISMLite.decision_function"
        Xspa = check_array(Xspa, "Xspa", c)
        Xspe = check_array(Xspe, "Xspe", c)
        check_same_length(c, Xspa=Xspa, Xspe=Xspe)
        for name, A, m in (("Xspa", Xspa, self.mean_spa_), ("Xspe", Xspe, self.mean_spe_)):
            if A.shape[1] != m.shape[0]:
                raise invalid(name, c, f"an array with {m.shape[0]} columns (as at fit)",
                              f"<array of shape {A.shape}>")
        Hs, Hp = self._standardise(Xspa, Xspe)
        X = torch.as_tensor(np.c_[Hs, Hp], dtype=torch.float64, device=self.device_)
        return (X @ self.W_ + self.b_).cpu().numpy()

    def predict(self, Xspa, Xspe) -> np.ndarray:
        """The class of largest logit, ``(N,)``."""
        return self.decision_function(Xspa, Xspe).argmax(1)


def _moments(X: np.ndarray):
    """Column means and standard deviations + a guard against constant columns, computed at the
    power of two at or below each column's largest |entry| (exact: ordinary columns keep every
    bit). The guard is 1e-9 (it keeps columns of rounding noise, sin kλ₀ ~ 1e-15, near 0), in
    the units of the whole block when its largest entry is outside [2^-20, 2^20]: descriptors
    scaled by 1e-300 were all read as constant (std 0 + 1e-9), and by 1e300 their squares
    overflowed (std inf): both gave different relational graphs and Q."""
    top = np.max(np.abs(X), axis=0)
    s = np.where(top > 0, np.ldexp(1.0, np.frexp(top)[1] - 1), 1.0)
    Xs = X / s
    g = float(np.max(s))
    guard = 1e-9 * (g if not 2.0**-20 <= g <= 2.0**20 else 1.0)
    return Xs.mean(0) * s, Xs.std(0) * s + guard


def disambiguation(Q: np.ndarray, M: np.ndarray, y: np.ndarray) -> float:
    """Expected accuracy of ``argmax_{c∈S_i} Q_ic`` on the training graphs, ties broken
    uniformly at random (so uniform ``Q`` scores ``mean 1/|S_i|``)."""
    Qm = np.where(M > 0, Q, -np.inf)
    top = np.isclose(Qm, Qm.max(1, keepdims=True), rtol=0, atol=1e-12) & (M > 0)
    return float(np.mean(top[np.arange(len(y)), y] / top.sum(1)))
