"""EF21-Muon with ``n`` simulated workers and a server, in torch (Alg. 1 / Algs. 2–3 layer-wise,
per the public summaries), counting the bits each compressed message costs.

The server holds the model ``X``, the broadcast copy ``W`` and the aggregate ``G``; worker ``j``
holds its momentum ``M_j`` and estimator ``G_j``. One :meth:`EF21MuonSim.step`:

``X ← X + t·LMO(G)`` per layer; ``W ← W + C(X − W)`` (downlink); each worker takes its gradient
at ``W``, ``M_j ← (1−β)M_j + β∇f_j(W)``, sends ``R_j = C_j(M_j − G_j)`` (uplink), and
``G ← G + (1/n)Σ_j R_j``. ``naive=True`` sends ``C_j(M_j)`` instead (no error feedback).
"""

from __future__ import annotations

from collections.abc import Callable

import torch
from torch import nn

from numerics.ef21_muon.compressors import FLOAT_BITS, Identity
from theory.validation import Interval, Options, check_param


def lmo_torch(G: torch.Tensor, norm: str, orthogonaliser: str = "svd") -> torch.Tensor:
    """Unit-ball LMO of one layer (see :func:`theory.ef21_muon.lmo`); ``orthogonaliser="ns5"``
    replaces the exact polar factor by five quintic Newton–Schulz steps (practical Muon)."""
    if not torch.any(G != 0):
        return torch.zeros_like(G)
    G = _pow2_normalised(G)
    if norm == "spectral" and G.ndim == 2:
        if orthogonaliser == "ns5":
            return -newton_schulz5_torch(G)
        U, S, Vh = torch.linalg.svd(G, full_matrices=False)
        # zero singular directions are dropped (as in theory.ef21_muon.polar): a sparse
        # compressed G is often rank-deficient, and the SVD's basis of its null space is arbitrary
        keep = S > S.max() * max(G.shape) * torch.finfo(G.dtype).eps
        return -(U[:, keep] @ Vh[keep])
    if norm == "linf":
        return -torch.sign(G)
    if norm == "colnorm" and G.ndim == 2:
        return -G / G.norm(dim=0, keepdim=True).clamp_min(torch.finfo(G.dtype).tiny)
    return -G / G.norm()


def newton_schulz5_torch(G: torch.Tensor, steps: int = 5,
                         coef=(3.4445, -4.7750, 2.0315)) -> torch.Tensor:
    """Quintic Newton–Schulz (Frobenius pre-normalisation); see
    :func:`theory.ef21_muon.newton_schulz5`."""
    a, b, c = coef
    if not torch.any(G != 0):  # 0/0: the zero matrix came back as NaN
        return torch.zeros_like(G)
    G = _pow2_normalised(G)
    X = G / G.norm()
    tall = X.shape[0] > X.shape[1]
    if tall:
        X = X.T
    for _ in range(steps):
        M = X @ X.T
        X = a * X + (b * M + c * M @ M) @ X
    return X.T if tall else X


def _pow2_normalised(G: torch.Tensor) -> torch.Tensor:
    """``G`` divided by the power of two of its largest entry when that lies outside
    [2^-30, 2^30]. The LMOs are scale-invariant, and in float32 ‖G‖ overflows from entries
    ~1e19 and underflows below ~1e-19: the Frobenius and column LMOs and Newton–Schulz of a
    gradient ~1e20 were 0, the Frobenius one of a gradient ~1e-25 was ±inf, the column one
    1e13 (not unit columns) and Newton–Schulz of one ~1e-40 NaN. Ordinary gradients are left
    as they are (the same bits); a power of two scales exactly."""
    m = G.abs().max()
    if 2.0**-30 <= float(m) <= 2.0**30:
        return G
    e = -torch.frexp(m).exponent.to(G.dtype)
    # in two halves: 2^149 (a subnormal float32 G) is itself above the float32 range
    return torch.ldexp(torch.ldexp(G, torch.trunc(e / 2)), e - torch.trunc(e / 2))


def _ce(model, x, y):
    return nn.functional.cross_entropy(model(x), y)


class EF21MuonSim:
    """EF21-Muon with simulated workers.

    Parameters
    ----------
    model_fn : callable returning the ``nn.Module`` (one copy serves every worker: gradients
        are taken at ``W`` one worker at a time).
    n_workers : number of workers.
    radius : float, or callable ``k -> t_k``; spectral layers use ``t·√max(1, d_out/d_in)``.
    beta : momentum weight in (0, 1].
    worker_comp, server_comp : compressors ``x -> (C(x), bits)``; ``server_comp=None`` sends
        ``X`` exactly (``W = X``, downlink counted dense).
    norms : dict parameter name -> norm (default: "spectral" for matrices, "fro" for vectors).
    loss_fn : ``(model, x, y) -> scalar`` (cross-entropy by default).
    naive : no error feedback.
    orthogonaliser : "svd" (exact LMO) or "ns5".
    layer_scaling : spectral radius ``t·√max(1, d_out/d_in)`` (Scion-style); ``False`` uses
        ``t`` for every layer (Alg. 1 as in :func:`theory.ef21_muon.ef21_muon_numpy`).
    device, dtype : where the state lives.
    """

    def __init__(self, model_fn: Callable[[], nn.Module], n_workers: int, radius, beta: float,
                 worker_comp=None, server_comp=None, norms: dict | None = None,
                 loss_fn=_ce, naive: bool = False, orthogonaliser: str = "svd",
                 layer_scaling: bool = True, device="cpu", dtype=torch.float32):
        check_param("n_workers", n_workers, Interval(1, None, integer=True), "EF21MuonSim")
        check_param("beta", beta, Interval(0, 1, closed="right"), "EF21MuonSim")
        check_param("orthogonaliser", orthogonaliser, Options("svd", "ns5"), "EF21MuonSim")
        if not callable(radius):  # a negative, NaN or bool radius ran silently
            check_param("radius", radius, Interval(0, None), "EF21MuonSim")
        self.model = model_fn().to(device=device, dtype=dtype)
        self.names = [n for n, _ in self.model.named_parameters()]
        self.X = [p.detach().clone() for p in self.model.parameters()]
        self.W = [x.clone() for x in self.X]
        self.norms = {n: (norms or {}).get(n, "spectral" if x.ndim == 2 else "fro")
                      for n, x in zip(self.names, self.X, strict=True)}
        self.n, self.beta, self.naive = n_workers, beta, naive
        self.radius = radius if callable(radius) else (lambda k, r=float(radius): r)
        self.worker_comp = worker_comp or Identity()
        self.server_comp = server_comp
        self.loss_fn, self.orth, self.layer_scaling = loss_fn, orthogonaliser, layer_scaling
        self.k = 0
        self.bits_up = 0  # total uplink bits, all workers
        self.bits_down = 0  # downlink bits per broadcast, summed
        self.M = self.Gj = self.G = None

    @property
    def bits_sent(self) -> int:
        """Uplink bits per worker so far (the paper's communication measure)."""
        return self.bits_up // self.n

    def _grad(self, params, batch) -> list[torch.Tensor]:
        with torch.no_grad():
            for p, w in zip(self.model.parameters(), params, strict=True):
                p.copy_(w)
        self.model.zero_grad(set_to_none=True)
        loss = self.loss_fn(self.model, *batch)
        loss.backward()
        return [p.grad.detach().clone() for p in self.model.parameters()]

    def _init(self, batches):
        """One uncompressed round: ``M_j⁰ = G_j⁰ = ∇f_j(X⁰)`` (naive: ``G_j⁰ = C_j(M_j⁰)``)."""
        self.M = [self._grad(self.X, b) for b in batches]
        dense = sum(FLOAT_BITS * x.numel() for x in self.X)
        if self.naive:
            self.Gj = []
            for m in self.M:
                out = [self.worker_comp(v) for v in m]
                self.Gj.append([o[0] for o in out])
                self.bits_up += sum(o[1] for o in out)
        else:
            self.Gj = [[v.clone() for v in m] for m in self.M]
            self.bits_up += dense * self.n
        self.G = [sum(g[i] for g in self.Gj) / self.n for i in range(len(self.X))]

    def step(self, batches) -> dict:
        """One iteration on per-worker ``batches`` (a list of ``n`` argument tuples for
        ``loss_fn``); the first call also runs the initial round on them."""
        if len(batches) != self.n:
            raise ValueError(f"The 'batches' parameter of step must hold {self.n} batches. "
                             f"Got {len(batches)} instead.")
        if self.G is None:
            self._init(batches)
        t = self.radius(self.k)
        for i, (name, x) in enumerate(zip(self.names, self.X, strict=True)):
            scale = (max(1.0, x.shape[0] / x.shape[1]) ** 0.5
                     if self.layer_scaling and self.norms[name] == "spectral" and x.ndim == 2
                     else 1.0)
            x.add_(t * scale * lmo_torch(self.G[i], self.norms[name], self.orth))
        for i, x in enumerate(self.X):
            if self.server_comp is None:
                self.W[i] = x.clone()
                self.bits_down += FLOAT_BITS * x.numel()
            else:
                s, b = self.server_comp(x - self.W[i])
                self.W[i] = self.W[i] + s
                self.bits_down += b
        for j, batch in enumerate(batches):
            g = self._grad(self.W, batch)
            for i in range(len(self.X)):
                self.M[j][i] = ((1 - self.beta) * self.M[j][i] + self.beta * g[i]
                                if self.beta < 1 else g[i])
                if self.naive:
                    self.Gj[j][i], b = self.worker_comp(self.M[j][i])
                else:
                    r, b = self.worker_comp(self.M[j][i] - self.Gj[j][i])
                    self.Gj[j][i] = self.Gj[j][i] + r
                self.bits_up += b
        self.G = [sum(g[i] for g in self.Gj) / self.n for i in range(len(self.X))]
        self.k += 1
        return {"k": self.k, "t": t, "bits_per_worker": self.bits_sent}

    def loss(self, x: torch.Tensor, y: torch.Tensor) -> float:
        """``loss_fn`` at the server model ``X`` on ``(x, y)``."""
        with torch.no_grad():
            for p, w in zip(self.model.parameters(), self.X, strict=True):
                p.copy_(w)
            return float(self.loss_fn(self.model, x, y))
