"""PRISM-lite (torch): relational inference over graphs, then a linear softmax head trained with
the partial-label loss. Our reconstruction of the papernotes.org summary at light scale: fixed spatial and
spectral descriptors stand in for the GNN and the band encoder; prototypes are the bank limit.
"""

from __future__ import annotations

import numpy as np
import torch

from numerics.prism.relational import spatial_similarity, spectral_similarity, topk
from theory.prism import prism_propagate, row_normalize
from theory.validation import Interval, Options, check_param, invalid

VIEWS = ("spa", "spe")


def marginal_nll_torch(logits: torch.Tensor, M: torch.Tensor, Q: torch.Tensor) -> torch.Tensor:
    """``−mean_i log Σ_{c∈S_i} P_ic Q_ic`` in nats (torch; matches
    :func:`theory.prism.marginal_nll`). Entries outside ``S`` get log-weight −1e4 (exp → 0)."""
    logp = torch.log_softmax(logits, dim=1)
    w = Q * M
    logw = torch.where(w > 0, torch.log(torch.where(w > 0, w, torch.ones_like(w))),
                       torch.full_like(w, -1e4))
    return -torch.logsumexp(logp + logw, dim=1).mean()


class PRISMLite:
    """Light PRISM: relational graphs → candidate-constrained propagation → confidence ``Q`` →
    linear head trained with ``−log Σ_{S} P Q``.

    Parameters
    ----------
    views : tuple of {"spa", "spe"}
        Which relational graphs to build; ``()`` gives the CC baseline (uniform ``Q`` on ``S``).
    k_a, k_e : int, top-k of the spatial and spectral graphs.
    mu : float, self-anchoring weight; E : int, propagation steps.
    weight_decay, steps, lr : ℓ2 penalty and Adam settings of the head.
    device : str or torch.device (CPU here, CUDA when present).
    random_state : int, seed of the head's initialisation (a generator on ``device``).
    """

    def __init__(self, views=VIEWS, k_a: int = 10, k_e: int = 10, mu: float = 0.5, E: int = 10,
                 weight_decay: float = 1e-2, steps: int = 300, lr: float = 0.05,
                 device="cpu", random_state: int = 0):
        for v in views:
            check_param("views", v, Options(*VIEWS), "PRISMLite")
        check_param("k_a", k_a, Interval(1, None, integer=True), "PRISMLite")
        check_param("k_e", k_e, Interval(1, None, integer=True), "PRISMLite")
        check_param("mu", mu, Interval(0, 1), "PRISMLite")
        check_param("E", E, Interval(0, None, integer=True), "PRISMLite")
        self.views, self.k_a, self.k_e, self.mu, self.E = tuple(views), k_a, k_e, mu, E
        self.weight_decay, self.steps, self.lr = weight_decay, steps, lr
        self.device = torch.device(device)
        self.random_state = random_state

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
        Xspa, Xspe, M = (np.asarray(a, dtype=float) for a in (Xspa, Xspe, M))
        if not (len(Xspa) == len(Xspe) == len(M)):
            raise invalid("M", "PRISMLite.fit", f"{len(Xspa)} rows like Xspa and Xspe",
                          f"<array of shape {M.shape}>")
        self.mean_spa_, self.sd_spa_ = Xspa.mean(0), Xspa.std(0) + 1e-9
        self.mean_spe_, self.sd_spe_ = Xspe.mean(0), Xspe.std(0) + 1e-9
        Hs, Hp = self._standardise(Xspa, Xspe)
        self.graphs_ = self.relational_graphs(Hs, Hp, M)
        if Q is None:
            Q = (prism_propagate(list(self.graphs_.values()), M, self.mu, self.E)
                 if self.graphs_ else row_normalize(M))
        self.Q_ = np.asarray(Q, dtype=float)
        X = np.c_[Hs, Hp]
        dev, dt = self.device, torch.float64
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
        Hs, Hp = self._standardise(np.asarray(Xspa, float), np.asarray(Xspe, float))
        X = torch.as_tensor(np.c_[Hs, Hp], dtype=torch.float64, device=self.device)
        return (X @ self.W_ + self.b_).cpu().numpy()

    def predict(self, Xspa, Xspe) -> np.ndarray:
        return self.decision_function(Xspa, Xspe).argmax(1)


def disambiguation(Q: np.ndarray, M: np.ndarray, y: np.ndarray) -> float:
    """Expected accuracy of ``argmax_{c∈S_i} Q_ic`` on the training graphs, ties broken
    uniformly at random (so uniform ``Q`` scores ``mean 1/|S_i|``)."""
    Qm = np.where(M > 0, Q, -np.inf)
    top = np.isclose(Qm, Qm.max(1, keepdims=True), rtol=0, atol=1e-12) & (M > 0)
    return float(np.mean(top[np.arange(len(y)), y] / top.sum(1)))
