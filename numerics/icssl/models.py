"""The light IC-SSL transformer and its baselines (torch).

Every model maps a batch of prompts to per-token class logits:
``model(X, y_lab, lab_idx) -> logits`` with ``X`` of shape ``(B, n, d)``, ``y_lab`` and
``lab_idx`` of shape ``(B, M)`` (``M`` labelled tokens per prompt), logits ``(B, n, C)``.

- :class:`ICSSLTransformer` (E2E): an RBF-attention layer with a learnable bandwidth builds
  ``K̂ = AD⁻¹`` (Lemma 1); ``n_power`` layers ``Φ ← orth((1 − η_ℓ)Φ + η_ℓ K̂ᵀΦ)`` (TF_ϕ, the
  paper's ``Φ ← orth(Φ(I − ηL̂))`` with tokens as rows) from a fixed seeded ``Φ₀``; then TF_sup.
- :class:`EigenmapICL` (EIG+ICL): the exact eigenmap (fixed kNN bandwidth) then TF_sup.
- :class:`RawICL` (ORIG+ICL): TF_sup on the raw coordinates.
- :class:`StandardICLTransformer`: a plain 2-layer transformer on tokens ``[x, onehot(y)·1_lab,
  1_lab]``.

TF_sup (:class:`FunctionalGD`) is ``steps`` functional-GD layers with a softmax-normalised RBF
kernel over the labelled keys, learnable step size, bandwidth and class embeddings ``W``; it is
:func:`theory.icssl.functional_gd` in torch. Light replication of Fan et al. (2025) §4: a few
learnable scalars per model, trained in seconds, not the paper's 1.4M-parameter runs.
"""

from __future__ import annotations

import math

import numpy as np
import torch
from torch import nn


def sqdist(U: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    """‖u_i − v_j‖², batched: (B, a, d), (B, b, d) -> (B, a, b), clipped at 0."""
    d2 = (U * U).sum(-1)[..., :, None] + (V * V).sum(-1)[..., None, :] - 2 * U @ V.transpose(-1, -2)
    return d2.clamp_min(0.0)


def rbf_attention(X: torch.Tensor, h: torch.Tensor | float) -> torch.Tensor:
    """κ_rbf(X, X) = A D⁻¹: softmax over keys (dim 1), so columns sum to 1 (Lemma 1)."""
    return torch.softmax(-sqdist(X, X) / (2 * h), dim=-2)


def knn_bandwidth(X: torch.Tensor, k: int = 3, factor: float = 0.5) -> torch.Tensor:
    """Per-prompt bandwidth, the rule of :func:`numerics.icssl.tasks.knn_bandwidth`; (B,)."""
    d2 = sqdist(X, X)
    return factor * torch.sort(d2, dim=-1).values[..., k].mean(-1)


def eigenmap(X: torch.Tensor, h: torch.Tensor, k: int) -> torch.Tensor:
    """Bottom-k non-trivial generalised eigenvectors of (D − A, D) (left eigenvectors of K̂),
    each column standardised; (B, n, k). Same convention as
    :func:`theory.icssl.laplacian_eigenmap` with ``drop_trivial=True``."""
    A = torch.exp(-sqdist(X, X) / (2 * h.reshape(-1, 1, 1)))
    s = A.sum(-1).rsqrt()
    S = s[..., :, None] * A * s[..., None, :]
    _, U = torch.linalg.eigh((S + S.transpose(-1, -2)) / 2)
    f = s[..., :, None] * U.flip(-1)[..., 1:k + 1]
    return (f - f.mean(-2, keepdim=True)) / f.std(-2, keepdim=True)


def _gather(T: torch.Tensor, idx: torch.Tensor) -> torch.Tensor:
    return torch.gather(T, 1, idx[..., None].expand(-1, -1, T.shape[-1]))


class FunctionalGD(nn.Module):
    """TF_sup: ``steps`` layers f_i ← f_i + α Σ_j [w_{y_j} − E(w|f_j)] κ(φ_i, φ_j), f₀ = 0."""

    def __init__(self, n_classes: int = 2, steps: int = 1, *, log_alpha: float = 1.0,
                 log_h: float = 0.0, normalized: bool = True):
        super().__init__()
        self.W = nn.Parameter(torch.eye(n_classes) * 2.0)
        self.log_alpha = nn.Parameter(torch.tensor(float(log_alpha)))
        self.log_h = nn.Parameter(torch.tensor(float(log_h)))
        self.steps, self.normalized = steps, normalized

    def state(self, phi, y_lab, lab_idx):
        """The states F (B, n, e) after the layers (logits are F W)."""
        W = self.W.to(phi.dtype)
        S = -sqdist(phi, _gather(phi, lab_idx)) / (2 * self.log_h.exp())
        kap = torch.softmax(S, dim=-1) if self.normalized else S.exp()
        target = W.T[y_lab]
        F = phi.new_zeros(phi.shape[0], phi.shape[1], W.shape[0])
        for _ in range(self.steps):
            Fl = _gather(F, lab_idx)
            R = target - torch.softmax(Fl @ W, -1) @ W.T
            F = F + self.log_alpha.exp() * kap @ R
        return F

    def forward(self, phi, y_lab, lab_idx):
        return self.state(phi, y_lab, lab_idx) @ self.W.to(phi.dtype)


class ICSSLTransformer(nn.Module):
    """E2E IC-SSL: RBF attention → ``n_power`` orthonormalised power layers → TF_sup."""

    def __init__(self, n: int = 100, k: int = 4, n_power: int = 16, gd_steps: int = 1, *,
                 n_classes: int = 2, seed: int = 0, log_h: float = math.log(0.01)):
        super().__init__()
        phi0 = np.linalg.qr(np.random.default_rng(seed).standard_normal((n, k)))[0]
        self.register_buffer("phi0", torch.tensor(phi0, dtype=torch.float32))
        self.log_h = nn.Parameter(torch.tensor(float(log_h)))
        self.eta_logit = nn.Parameter(torch.full((n_power,), 3.0))
        self.sup = FunctionalGD(n_classes, gd_steps)
        self.n = n

    def features(self, X: torch.Tensor) -> torch.Tensor:
        K = rbf_attention(X, self.log_h.exp())
        Phi = self.phi0.to(X.dtype).expand(X.shape[0], -1, -1)
        KT = K.transpose(-1, -2)
        for eta in torch.sigmoid(self.eta_logit.to(X.dtype)):
            Phi = torch.linalg.qr((1 - eta) * Phi + eta * KT @ Phi)[0]
        return math.sqrt(self.n) * Phi

    def forward(self, X, y_lab, lab_idx):
        return self.sup(self.features(X), y_lab, lab_idx)


class EigenmapICL(nn.Module):
    """EIG+ICL: exact eigenmap (kNN bandwidth, no gradient) then TF_sup."""

    def __init__(self, k: int = 4, gd_steps: int = 1, *, n_classes: int = 2):
        super().__init__()
        self.k = k
        self.sup = FunctionalGD(n_classes, gd_steps)

    def features(self, X):
        with torch.no_grad():
            return eigenmap(X, knn_bandwidth(X), self.k)

    def forward(self, X, y_lab, lab_idx):
        return self.sup(self.features(X), y_lab, lab_idx)


class RawICL(nn.Module):
    """ORIG+ICL: TF_sup on the raw coordinates."""

    def __init__(self, gd_steps: int = 1, *, n_classes: int = 2):
        super().__init__()
        self.sup = FunctionalGD(n_classes, gd_steps, log_h=math.log(0.1))

    def forward(self, X, y_lab, lab_idx):
        return self.sup(X, y_lab, lab_idx)


class StandardICLTransformer(nn.Module):
    """A plain transformer encoder on tokens [x, onehot(y)·1_lab, 1_lab]; ~70k parameters."""

    def __init__(self, d: int = 3, width: int = 64, depth: int = 2, heads: int = 4, *,
                 n_classes: int = 2):
        super().__init__()
        self.C = n_classes
        self.inp = nn.Linear(d + n_classes + 1, width)
        layer = nn.TransformerEncoderLayer(width, heads, 2 * width, dropout=0.0,
                                           batch_first=True)
        self.enc = nn.TransformerEncoder(layer, depth, enable_nested_tensor=False)
        self.out = nn.Linear(width, n_classes)

    def forward(self, X, y_lab, lab_idx):
        B, n, _ = X.shape
        lab = X.new_zeros(B, n, self.C + 1)
        onehot = torch.nn.functional.one_hot(y_lab, self.C).to(X.dtype)
        vals = torch.cat([onehot, torch.ones_like(onehot[..., :1])], -1)
        lab = lab.scatter(1, lab_idx[..., None].expand(-1, -1, self.C + 1), vals)
        return self.out(self.enc(self.inp(torch.cat([X, lab], -1))))


MODELS = {"e2e": ICSSLTransformer, "eig_icl": EigenmapICL, "raw_icl": RawICL,
          "std_tf": StandardICLTransformer}
