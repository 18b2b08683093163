r"""The empirical Cauchy–Schwarz divergence in torch: differentiable, batched, chunked; a loss.

Same estimator as :func:`theory.fairness.cs_divergence_kde` (the CS divergence of two Gaussian
KDEs with Parzen width σ, Gram width :math:`h=\sqrt2\sigma`, our derivation), written so it
can be minimised: log-sum-exp sums (no NaN when the cross Gram underflows), row chunks that are
recomputed in the backward pass (``torch.utils.checkpoint``) so memory stays O(n · chunk) in both
passes, leading batch dimensions, and gradients in the samples and in σ.

Public API (names are stable; the fair-training code imports them):

* :func:`cs_divergence` ``(x, y, sigma, *, convention="A", chunk=...)``
* :func:`cs_group_divergence` ``(pred, s, sigma, ...)`` for ≥ 2 sensitive groups
* :func:`cs_mutual_information` ``(pred, s, sigma)`` the dependence form
"""

from __future__ import annotations

import math

import numpy as np
import torch
from torch.utils.checkpoint import checkpoint

from theory.validation import Interval, Options, check_param, invalid

#: Default rows per Gram chunk.
DEFAULT_CHUNK = 1024


#: Half-precision inputs are computed in float32: float16 exponents of −‖x−y‖²/(2h²) lose
#: 3 digits (0.0352 instead of 0.0362 on a test pair).
_UPCAST = {torch.float16: torch.float32, torch.bfloat16: torch.float32}


def _as_tensor(x, name: str, caller: str, device, dtype) -> torch.Tensor:
    if not isinstance(x, torch.Tensor):
        kind = getattr(np.asarray(x), "dtype", np.dtype(object)).kind
        if kind not in "biuf":
            raise invalid(name, caller, "real numbers (not strings, complex or objects)",
                          f"<array of dtype {np.asarray(x).dtype}>")
        x = torch.as_tensor(np.asarray(x, dtype=np.float64), dtype=dtype or torch.float64,
                            device=device)
    elif device is not None or dtype is not None:
        x = x.to(device=device or x.device, dtype=dtype or x.dtype)
    if x.is_complex():
        raise invalid(name, caller, "a real tensor (not complex)", f"<tensor of dtype {x.dtype}>")
    if not x.is_floating_point():
        x = x.to(torch.get_default_dtype())
    if x.dtype in _UPCAST:
        x = x.to(_UPCAST[x.dtype])
    if x.ndim == 1:
        x = x[:, None]
    if x.ndim < 2:
        raise invalid(name, caller, "a tensor of shape (n,), (n, d) or (..., n, d)",
                      f"<tensor of shape {tuple(x.shape)}>")
    if not bool(torch.isfinite(x).all()):
        raise invalid(name, caller, "finite (no NaN or inf)", "<tensor with non-finite values>")
    return x


def _sigma(sigma, caller: str, ref: torch.Tensor) -> torch.Tensor:
    if isinstance(sigma, torch.Tensor):
        bad = (not bool(torch.isfinite(sigma).all())) or bool((sigma <= 0).any())
        if bad:
            raise invalid("sigma", caller, "a float > 0 (every entry)", "<tensor with entries <= 0>")
        return sigma.to(device=ref.device, dtype=ref.dtype)
    check_param("sigma", sigma, Interval(0, None, "neither"), caller)
    t = torch.tensor(float(sigma), device=ref.device, dtype=ref.dtype)
    # 1/(2h²) = 1/(4σ²) must be finite in the samples' dtype, else every kernel value is NaN
    if not (bool(t > 0) and math.isfinite(0.25 / float(t) ** 2 if float(t) > 0 else math.inf)
            and bool(torch.isfinite(0.25 / t.square()))):
        tiny = math.sqrt(0.25 / torch.finfo(ref.dtype).max)
        raise invalid("sigma", caller, f"a float > {tiny:.3g} (so that 1/(4σ²) is finite in "
                      f"{ref.dtype})", sigma)
    return t


def _chunk_lse(xc: torch.Tensor, y: torch.Tensor, inv2h2: torch.Tensor) -> torch.Tensor:
    """log Σ_{i∈chunk, j} exp(−‖x_i − y_j‖² / (2h²)) over the last two sample axes."""
    if xc.shape[-1] == 1:  # 1-D: skip the feature reduction (one pass fewer over c·n)
        d2 = (xc - y.transpose(-1, -2)).square()
    else:
        d2 = (xc.unsqueeze(-2) - y.unsqueeze(-3)).square().sum(-1)
    k = -d2 * inv2h2[..., None, None]
    return torch.logsumexp(k.flatten(-2), dim=-1)


#: Elements of one Gram block on the no-grad path (2 MB in float64: stays in cache).
INPLACE_BLOCK = 262_144


#: Largest no-grad Gram block on a GPU (2**27 elements: 1 GiB in float64).
GPU_BLOCK_MAX = 1 << 27


def inplace_block(x: torch.Tensor) -> int:
    """Elements of one no-grad Gram block for ``x``'s device.

    CPU: :data:`INPLACE_BLOCK` (stays in cache). CUDA: a quarter of the free device memory, at
    most :data:`GPU_BLOCK_MAX` elements: a GPU needs blocks of millions of elements to fill its
    cores (on an H200, CPU-sized blocks of 26 rows × 10⁴ were 13× slower than GPU-sized ones).
    """
    if x.device.type != "cuda":
        return INPLACE_BLOCK
    free, _ = torch.cuda.mem_get_info(x.device)
    return int(max(INPLACE_BLOCK, min(GPU_BLOCK_MAX, free // (4 * x.element_size()))))


def _log_gram_mean_inplace(x: torch.Tensor, y: torch.Tensor, inv2h2: torch.Tensor
                           ) -> torch.Tensor:
    """The no-grad value of :func:`log_gram_mean` for unbatched samples, in one reused block.

    torch returns large freed blocks to the system, so every fresh (chunk × n) temporary costs
    page faults that dominate the arithmetic (10× slower than numpy at n = 10⁴); a small block
    written in place stays in cache.
    """
    m, n = x.shape[0], y.shape[0]
    rows = max(1, inplace_block(x) // n)
    buf = torch.empty(min(rows, m), n, dtype=x.dtype, device=x.device)
    yT, inv = y.T.contiguous(), float(inv2h2)
    parts = []
    for start in range(0, m, rows):
        xc = x[start:start + rows]
        k = buf[: xc.shape[0]]
        if x.shape[1] == 1:
            torch.sub(xc, yT, out=k)
            k.square_()
        else:  # ‖x‖² + ‖y‖² − 2x·y from one GEMM; the clamp removes negative rounding
            torch.addmm((xc * xc).sum(1, keepdim=True), xc, yT, beta=1.0, alpha=-2.0, out=k)
            k.add_((yT * yT).sum(0, keepdim=True)).clamp_(min=0.0)
        k.mul_(-inv)
        top = k.max()
        parts.append(top + k.sub_(top).exp_().sum().log())
    return torch.logsumexp(torch.stack(parts), dim=0) - math.log(m) - math.log(n)


def log_gram_mean(x: torch.Tensor, y: torch.Tensor, h: torch.Tensor, *,
                  chunk: int = DEFAULT_CHUNK) -> torch.Tensor:
    r""":math:`\log\frac{1}{mn}\sum_{ij}e^{-\|x_i-y_j\|^2/(2h^2)}` for ``x`` (..., m, d),
    ``y`` (..., n, d) and ``h`` broadcastable to the batch shape; returns shape (...,)."""
    m, n = x.shape[-2], y.shape[-2]
    inv2h2 = 0.5 / h.square()
    grad = torch.is_grad_enabled() and (x.requires_grad or y.requires_grad or h.requires_grad)
    if not grad and x.ndim == 2 and y.ndim == 2 and inv2h2.ndim == 0:
        return _log_gram_mean_inplace(x, y, inv2h2)
    inv2h2 = inv2h2.expand(torch.broadcast_shapes(inv2h2.shape, x.shape[:-2], y.shape[:-2]))
    parts = []
    for start in range(0, m, chunk):
        xc = x[..., start:start + chunk, :]
        if grad and m > chunk:
            # recompute the chunk's Gram in backward instead of storing all m·n entries
            parts.append(checkpoint(_chunk_lse, xc, y, inv2h2, use_reentrant=False))
        else:
            parts.append(_chunk_lse(xc, y, inv2h2))
    lse = torch.logsumexp(torch.stack(parts, dim=-1), dim=-1)
    return lse - math.log(m) - math.log(n)


def cs_divergence(x, y, sigma, *, convention: str = "A", chunk: int = DEFAULT_CHUNK,
                  device=None, dtype=None) -> torch.Tensor:
    r"""Empirical CS divergence of two samples (nats), differentiable in ``x``, ``y``, ``sigma``.

    .. math::
        \hat D_A = \log\frac{1}{m^2}\sum_{ii'}\kappa_h(x_i,x_{i'})
                 + \log\frac{1}{n^2}\sum_{jj'}\kappa_h(y_j,y_{j'})
                 - 2\log\frac{1}{mn}\sum_{ij}\kappa_h(x_i,y_j),\qquad h=\sqrt2\,\sigma,

    the CS divergence of the Gaussian KDEs; convention "B" returns half of it.

    Parameters
    ----------
    x : tensor or array, shape (m,), (m, d) or (..., m, d)
    y : tensor or array, shape (n,), (n, d) or (..., n, d)
        At least two samples each; leading (batch) dimensions broadcast. A 1-D tensor is one
        feature; for batched 1-D data pass (..., m, 1).
    sigma : float or tensor (broadcastable to the batch shape), > 0
        Parzen bandwidth.
    convention : {"A", "B"}
    chunk : int
        Rows per Gram chunk; memory O(chunk · n · d) per chunk in forward and backward.
    device, dtype : optional
        Where and in which dtype to compute (inputs are moved); float64 to check theory.

    Returns
    -------
    torch.Tensor, shape (...,)
        Non-negative up to rounding; finite whenever the inputs are.

    References
    ----------
    Our derivation (same form as ``CS()`` in ywzcode/CS-adv ``CSutils.py``); the numpy twin
    :func:`theory.fairness.cs_divergence_kde`.
    """
    caller = "cs_divergence"
    check_param("convention", convention, Options("A", "B"), caller)
    check_param("chunk", chunk, Interval(1, None, "left", integer=True), caller)
    x = _as_tensor(x, "x", caller, device, dtype)
    y = _as_tensor(y, "y", caller, device or x.device, dtype or x.dtype)
    for name, t in (("x", x), ("y", y)):
        if t.shape[-2] < 2:
            raise invalid(name, caller, "a sample with at least 2 points",
                          f"<{t.shape[-2]} point(s)>")
    if x.shape[-1] != y.shape[-1]:
        raise invalid("y", caller, f"samples of dimension {x.shape[-1]} like x",
                      f"<dimension {y.shape[-1]}>")
    h = math.sqrt(2.0) * _sigma(sigma, caller, x)
    d_a = (log_gram_mean(x, x, h, chunk=chunk) + log_gram_mean(y, y, h, chunk=chunk)
           - 2 * log_gram_mean(x, y, h, chunk=chunk))
    return d_a if convention == "A" else d_a / 2


def _group_indices(s: torch.Tensor, n: int, caller: str, min_group_size: int, on_small: str):
    if s.ndim != 1 or s.shape[0] != n:
        raise invalid("s", caller, f"a 1-D vector of {n} group labels (one per prediction)",
                      f"<tensor of shape {tuple(s.shape)}>")
    if s.is_floating_point() and not bool(torch.isfinite(s).all()):
        raise invalid("s", caller, "finite group labels", "<labels with NaN>")
    labels = torch.unique(s)
    groups, small = [], []
    for lab in labels:
        idx = torch.nonzero(s == lab).flatten()
        (groups if idx.numel() >= min_group_size else small).append((lab.item(), idx))
    if small and on_small == "raise":
        raise invalid("s", caller, f"groups of at least {min_group_size} samples each",
                      f"<group(s) {[lab for lab, _ in small]} smaller>")
    if len(groups) < 2 and on_small == "raise":
        raise invalid("s", caller, "labels of at least 2 groups", f"<{len(groups)} group>")
    return groups


def cs_group_divergence(pred, s, sigma, *, reduction: str = "mean", convention: str = "A",
                        chunk: int = DEFAULT_CHUNK, min_group_size: int = 2,
                        on_small: str = "raise", device=None, dtype=None) -> torch.Tensor:
    r"""Group-conditional CS divergence of predictions: the fairness regularizer (nats).

    .. math::
        R(\hat y, s) = \operatorname{reduce}_{a<b}\ \hat D_{CS}\big(\{\hat y_i\}_{s_i=a},
        \{\hat y_i\}_{s_i=b}\big),

    over every pair of the :math:`G\ge2` groups present; with two groups it is the paper's
    penalty "the empirical CS divergence between prediction distributions conditioned on
    sensitive groups" (arXiv 2512.09467, abstract). For equal opportunity pass only the
    predictions with y = 1.

    Parameters
    ----------
    pred : tensor, shape (N,) or (N, d)
        Predictions (e.g. sigmoid probabilities).
    s : tensor or array, shape (N,)
        Sensitive-attribute labels (any values; each distinct value is a group).
    sigma : float or scalar tensor > 0
    reduction : {"mean", "sum", "max"}
        Over the G(G−1)/2 pairs.
    min_group_size : int >= 2
        Groups smaller than this are an error (``on_small="raise"``) or ignored
        (``on_small="skip"``; for minibatches). With fewer than two usable groups left, "skip"
        returns a zero that is still connected to ``pred``.
    """
    caller = "cs_group_divergence"
    check_param("reduction", reduction, Options("mean", "sum", "max"), caller)
    check_param("on_small", on_small, Options("raise", "skip"), caller)
    check_param("min_group_size", min_group_size, Interval(2, None, "left", integer=True), caller)
    pred = _as_tensor(pred, "pred", caller, device, dtype)
    if pred.ndim != 2:
        raise invalid("pred", caller, "a tensor of shape (N,) or (N, d)",
                      f"<tensor of shape {tuple(pred.shape)}>")
    s = torch.as_tensor(s, device=pred.device)
    groups = _group_indices(s, pred.shape[0], caller, min_group_size, on_small)
    if len(groups) < 2:
        return pred.sum() * 0.0
    vals = [cs_divergence(pred[ia], pred[ib], sigma, convention=convention, chunk=chunk)
            for k, (_, ia) in enumerate(groups) for (_, ib) in groups[k + 1:]]
    vals = torch.stack(vals)
    return {"mean": vals.mean, "sum": vals.sum, "max": vals.max}[reduction]()


def cs_mutual_information(pred, s, sigma, *, chunk: int = DEFAULT_CHUNK, device=None,
                          dtype=None) -> torch.Tensor:
    r"""CS quadratic mutual information between predictions and a categorical attribute (nats).

    .. math::
        I_{CS} = \log\frac{\sum_{ij}K_{ij}L_{ij}}{N^2} + \log\frac{\sum K\sum L}{N^4}
                 - 2\log\frac{1^\top KL1}{N^3},\qquad L_{ij}=1[s_i=s_j],

    the torch twin of :func:`theory.fairness.cs_mutual_information` (≥ 2 groups of ≥ 2 samples).
    """
    caller = "cs_mutual_information"
    pred = _as_tensor(pred, "pred", caller, device, dtype)
    if pred.ndim != 2:
        raise invalid("pred", caller, "a tensor of shape (N,) or (N, d)",
                      f"<tensor of shape {tuple(pred.shape)}>")
    n = pred.shape[0]
    s = torch.as_tensor(s, device=pred.device)
    groups = _group_indices(s, n, caller, 2, "raise")
    h = math.sqrt(2.0) * _sigma(sigma, caller, pred)
    sizes = torch.tensor([float(idx.numel()) for _, idx in groups], dtype=pred.dtype,
                         device=pred.device)
    log_all_g = torch.stack([log_gram_mean(pred, pred[idx], h, chunk=chunk)
                             + math.log(n * idx.numel()) for _, idx in groups])
    log_gg = torch.stack([log_gram_mean(pred[idx], pred[idx], h, chunk=chunk)
                          + 2 * math.log(idx.numel()) for _, idx in groups])
    log_n = math.log(n)
    return (torch.logsumexp(log_gg, 0) - 2 * log_n + torch.logsumexp(log_all_g, 0)
            + torch.log(sizes.square().sum()) - 4 * log_n
            - 2 * (torch.logsumexp(log_all_g + sizes.log(), 0) - 3 * log_n))
