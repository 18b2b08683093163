r"""Exact t-SNE in torch: the object the paper analyses, with no Barnes–Hut approximation.

The pipeline has three swappable stages, as in openTSNE's ``TSNE.prepare_initial``:

1. **affinities** ``P`` (default :func:`theory.tsne.joint_probabilities`, float64 with row-minimum
   subtraction, so shifted inputs give the same ``P`` to rounding);
2. **initialisation** ``Y0`` (``"random"``, ``"pca"``, a fixed array, or a callable);
3. **optimisation**: a list of stages run in turn, by default :class:`GradientDescent` with the
   schedule of scikit-learn's ``TSNE(method="exact")`` (early exaggeration 12 for 250 iterations at
   momentum 0.5, then momentum 0.8; per-coordinate gains +0.2/×0.8 as in van der Maaten's
   original), optionally followed by :class:`LBFGS` to drive the gradient to a stationary point,
   which is what Definition 1 of the paper speaks of.

Objective (Sec. 2 of Bergam, Snoeck & Verma, arXiv 2510.07746), in nats:

.. math::
    Q_{ij} = \frac{(1 + \|y_i - y_j\|^2)^{-1}}{\sum_{k \ne l} (1 + \|y_k - y_l\|^2)^{-1}},
    \qquad L(Y) = \sum_{i \ne j} P_{ij} \log \frac{P_{ij}}{Q_{ij}},
    \qquad \frac{\partial L}{\partial y_i} = 4 \sum_j (P_{ij} - Q_{ij})
        \frac{y_i - y_j}{1 + \|y_i - y_j\|^2}.

Everything is vectorised over the full ``n × n`` matrices (``O(n^2)`` memory and time per
iteration), float64 by default, and deterministic for a given ``P``, ``Y0`` and device.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np
import torch

from theory.validation import Interval, Options, check_array, check_param, invalid

__all__ = [
    "LBFGS", "ExactTSNE", "GradientDescent", "TSNEResult", "kl_divergence_and_gradient",
    "pca_init", "random_init", "squared_distances", "tsne_exact",
]


# ----------------------------------------------------------------------------- objective
def squared_distances(Y: torch.Tensor, out: torch.Tensor | None = None,
                      tmp: torch.Tensor | None = None) -> torch.Tensor:
    r"""Pairwise squared Euclidean distances :math:`\|y_i - y_j\|^2`, shape (n, n).

    Summed coordinate by coordinate from differences (not through the Gram matrix), so the
    diagonal is exactly zero and small distances keep full relative precision. ``out`` and
    ``tmp`` are optional (n, n) work buffers.
    """
    n = Y.shape[0]
    D = torch.empty(n, n, dtype=Y.dtype, device=Y.device) if out is None else out
    T = torch.empty_like(D) if tmp is None else tmp
    for k in range(Y.shape[1]):
        torch.sub(Y[:, k, None], Y[None, :, k], out=T)
        if k == 0:
            torch.mul(T, T, out=D)
        else:
            D.addcmul_(T, T)
    return D


#: Largest kernel store (bytes) of the two-pass CPU gradient; beyond it (n ≳ 8,000 in float64)
#: the one-pass form, which needs block-sized buffers only, is used.
TWO_PASS_BYTES = 2**29


class _Workspace:
    r"""Block buffers reused across iterations.

    On CPU the (n, n) matrices are never formed: the pairs are visited in square blocks of
    ``block`` rows (upper block-triangle only, by symmetry), so distances, kernel and weights stay
    in cache and only half of ``P`` is streamed from memory per iteration. At n = 2000 a
    full-matrix version spends most of its time moving 30 MB temporaries. On CUDA one block holds
    everything.

    ``two_pass`` (the CPU default while the kernel of the upper block-triangle fits in
    :data:`TWO_PASS_BYTES`) keeps that kernel in ``W``: a first pass computes it and ``Z``, a
    second contracts the single matrix of pair weights :math:`(P_{ij} - w_{ij}/Z) w_{ij}`
    instead of the two matrices :math:`P \circ w` and :math:`w \circ w` (profile at
    n = 2000, one thread: the two skinny products against those matrices took half of an
    iteration).
    """

    def __init__(self, n: int, dtype, device, block: int | None = None,
                 two_pass: bool | None = None):
        device = torch.device(device)
        if block is None:
            block = n if device.type == "cuda" else 512
        self.block = b = max(1, min(n, block))
        self.D = torch.empty(b, b, dtype=dtype, device=device)
        self.T = torch.empty(b, b, dtype=dtype, device=device)
        # kernel entries of the upper block-triangle, block after block
        stored = sum(min(b, n - i0) * (n - i0) for i0 in range(0, n, b))
        if two_pass is None:
            itemsize = torch.empty((), dtype=dtype).element_size()
            two_pass = device.type == "cpu" and stored * itemsize <= TWO_PASS_BYTES
        self.W = torch.empty(stored, dtype=dtype, device=device) if two_pass else None
        self.S = None if two_pass else torch.empty(2, b, b, dtype=dtype, device=device)

    @classmethod
    def like(cls, P: torch.Tensor) -> _Workspace:
        return cls(P.shape[0], P.dtype, P.device)


def _kl_grad(P: torch.Tensor, Y: torch.Tensor, *, plogp: float | None, compute_kl: bool,
             ws: _Workspace | None = None) -> tuple[float, torch.Tensor]:
    r"""KL(P‖Q(Y)) in nats (or nan) and its gradient; ``plogp`` = Σ P log P, precomputed.

    With :math:`w_{ij} = (1 + \|y_i - y_j\|^2)^{-1}` and :math:`Z = \sum_{k \ne l} w_{kl}`,

    .. math::
        \tfrac14 \nabla_i = \sum_j P_{ij} w_{ij} (y_i - y_j)
            - \tfrac1Z \sum_j w_{ij}^2 (y_i - y_j)
            = \sum_j (P_{ij} - w_{ij}/Z)\, w_{ij} (y_i - y_j).

    Each sum :math:`\sum_j M_{ij}(y_i - y_j)` is read off one product :math:`M [Y, 1]`
    (row sums in the last column); an off-diagonal block also serves the transposed pairs.
    A block's :math:`1 + \|y_i - y_j\|^2` comes from one GEMM of the augmented factors
    :math:`[-2y_i, 1 + \|y_i\|^2, 1]` and :math:`[y_j, 1, \|y_j\|^2]`: its absolute rounding,
    about :math:`\epsilon \max\|y\|^2`, is negligible beside the 1, and it saves four passes over
    the block (1.5× per iteration at n = 2000). With ``ws.W`` (two passes) the kernel is kept
    and the last form is contracted once; otherwise one pass contracts the first form, which
    needs ``Z`` only as a final scalar.
    """
    ws = _Workspace.like(P) if ws is None else ws
    n, d = Y.shape
    # [Y, 1]ᵀ kept (d+1, n) contiguous: products of a short-wide left factor with a block run
    # at BLAS speed, while (b, b) @ (b, 3) does not.
    Y1T = torch.cat([Y, torch.ones(n, 1, dtype=Y.dtype, device=Y.device)], dim=1).T.contiguous()
    sq = (Y * Y).sum(1, keepdim=True)
    one = torch.ones_like(sq)
    # [−2Y, 1 + ‖y‖², 1] [Y, 1, ‖y‖²]ᵀ = 1 + ‖y_i − y_j‖²: the whole block from one GEMM.
    left = torch.cat([-2.0 * Y, sq + 1.0, one], dim=1)
    rightT = torch.cat([Y, one, sq], dim=1).T.contiguous()
    Z = torch.zeros((), dtype=Y.dtype, device=Y.device)
    plog1pd = torch.zeros((), dtype=Y.dtype, device=Y.device)
    b = ws.block
    blocks = [(i0, min(n, i0 + b), j0, min(n, j0 + b))
              for i0 in range(0, n, b) for j0 in range(i0, n, b)]

    def kernel(i0, i1, j0, j1, out):
        """w of one block into ``out``; adds its share to Z (and to Σ P log(1 + D))."""
        nonlocal Z, plog1pd
        w = torch.mm(left[i0:i1], rightT[:, j0:j1], out=out)
        if i0 == j0:
            w.fill_diagonal_(1.0)  # exact: the GEMM leaves ~eps·|y|² on the diagonal
        twice = 1.0 if i0 == j0 else 2.0
        if compute_kl:
            # log Q_ij = -log(1 + D_ij) - log Z: no division, and log 1 = 0 on the diagonal.
            mi, mj = i1 - i0, j1 - j0
            plog1pd += twice * torch.sum(P[i0:i1, j0:j1] * torch.log(w, out=ws.D[:mi, :mj]))
        w.reciprocal_()
        if i0 == j0:
            w.fill_diagonal_(0.0)
        Z += twice * w.sum()
        return w

    if ws.W is not None:
        acc = torch.zeros(d + 1, n, dtype=Y.dtype, device=Y.device)  # ((P − w/Z)∘w [Y, 1])ᵀ
        kernels, at = [], 0
        for i0, i1, j0, j1 in blocks:
            size = (i1 - i0) * (j1 - j0)
            kernels.append(kernel(i0, i1, j0, j1, ws.W[at:at + size].view(i1 - i0, j1 - j0)))
            at += size
        neg_inv_z = -1.0 / float(Z)
        for (i0, i1, j0, j1), w in zip(blocks, kernels):
            C = torch.add(P[i0:i1, j0:j1], w, alpha=neg_inv_z, out=ws.T[:i1 - i0, :j1 - j0])
            C.mul_(w)
            if i0 == j0:
                # C is symmetric up to rounding here: the row-major product is the fast one
                acc[:, i0:i1] += Y1T[:, i0:i1] @ C
            else:
                acc[:, i0:i1] += Y1T[:, j0:j1] @ C.T
                acc[:, j0:j1] += Y1T[:, i0:i1] @ C
        # Σ_j C_ij (y_i - y_j) = (Σ_j C_ij) y_i - (C Y)_i
        grad = 4.0 * (acc[d:].T * Y - acc[:d].T)
    else:
        acc = torch.zeros(2, d + 1, n, dtype=Y.dtype, device=Y.device)  # ([P∘w, w²] [Y, 1])ᵀ
        for i0, i1, j0, j1 in blocks:
            mi, mj = i1 - i0, j1 - j0
            S = ws.S[:, :mi, :mj]
            w = kernel(i0, i1, j0, j1, ws.T[:mi, :mj])
            torch.mul(P[i0:i1, j0:j1], w, out=S[0])
            torch.mul(w, w, out=S[1])
            acc[:, :, i0:i1] += Y1T[:, j0:j1] @ S.transpose(1, 2)
            if i0 != j0:
                acc[:, :, j0:j1] += Y1T[:, i0:i1] @ S
        attract = acc[0, d:].T * Y - acc[0, :d].T
        repel = acc[1, d:].T * Y - acc[1, :d].T
        grad = 4.0 * (attract - repel / Z)
    kl = math.nan
    if compute_kl:
        if plogp is None:
            plogp = _plogp(P)
        kl = float(plogp + plog1pd + P.sum() * torch.log(Z))
    return kl, grad


def _plogp(P: torch.Tensor) -> float:
    # xlogy(0, 0) = 0 in one pass; boolean-mask indexing would copy P twice.
    return float(torch.special.xlogy(P, P).sum())


def _check_P_tensor(P: torch.Tensor, caller: str) -> None:
    """:func:`theory.tsne.check_affinities` on a tensor, where it lives (no copy to the host):
    square, non-negative, summing to 1, symmetric to 1e-12 of max P, zero diagonal."""
    from theory.tsne._objective import P_SUM_TOL, P_SYM_TOL

    n = P.shape[0]
    if P.ndim != 2 or P.shape != (n, n):
        raise invalid("P", caller, "a square matrix", f"<array of shape {tuple(P.shape)}>")
    if not bool(torch.isfinite(P).all()):
        raise invalid("P", caller, "an array of finite values (no NaN or inf)", "<non-finite P>")
    total, low = float(P.sum()), float(P.min())
    if low < 0 or abs(total - 1) > P_SUM_TOL:
        raise invalid("P", caller, "a non-negative matrix summing to 1",
                      f"<matrix with sum {total:.12g} and min {low:.3g}>")
    asym = float((P - P.T).abs().max())
    if asym > P_SYM_TOL * max(float(P.max()), 1e-300):
        raise invalid("P", caller, "a symmetric matrix", f"<matrix with max|P - P.T| = "
                      f"{asym:.3g}>")
    diag = float(torch.diagonal(P).abs().max())
    if diag != 0:
        raise invalid("P", caller, "a matrix with zero diagonal",
                      f"<matrix with max|diag| = {diag:.3g}>")


def kl_divergence_and_gradient(P, Y, *, device=None, dtype=torch.float64
                               ) -> tuple[float, np.ndarray]:
    r"""Exact t-SNE objective :math:`KL(P \| Q(Y))` (nats) and its gradient (Sec. 2, Eq. (1)).

    .. math::
        \frac{\partial L}{\partial y_i} = 4 \sum_j (P_{ij} - Q_{ij})
            (1 + \|y_i - y_j\|^2)^{-1} (y_i - y_j).

    Parameters
    ----------
    P : array of shape (n, n)
        Symmetric affinities, zero diagonal, summing to 1.
    Y : array of shape (n, d)
        Embedding.
    device : torch device or None
        Where to compute (CPU by default).

    Returns
    -------
    kl : float
        KL divergence in nats.
    grad : array of shape (n, d)
    """
    Pt, Yt = _as_tensor(P, dtype, device), _as_tensor(Y, dtype, device)
    _check_P_tensor(Pt, "kl_divergence_and_gradient")
    if Yt.ndim != 2 or Yt.shape[0] != Pt.shape[0]:
        raise invalid("Y", "kl_divergence_and_gradient", f"an array with n = {Pt.shape[0]} rows",
                      f"<array of shape {tuple(Yt.shape)}>")
    kl, grad = _kl_grad(Pt, Yt, plogp=None, compute_kl=True)
    return kl, grad.cpu().numpy()


class KLDivergence(torch.autograd.Function):
    """``KL(P‖Q(Y))`` as an autograd function whose backward is the hand-written gradient.

    ``torch.autograd.gradcheck`` on it compares the closed-form gradient with finite differences.
    """

    @staticmethod
    def forward(ctx, Y, P):
        kl, grad = _kl_grad(P, Y, plogp=None, compute_kl=True)
        ctx.save_for_backward(grad)
        return torch.tensor(kl, dtype=Y.dtype, device=Y.device)

    @staticmethod
    def backward(ctx, g):
        (grad,) = ctx.saved_tensors
        return g * grad, None


# ----------------------------------------------------------------------------- init
def random_init(n: int, n_components: int = 2, *, random_state=None) -> np.ndarray:
    """``1e-4 · N(0, I)`` of shape (n, n_components), the scale scikit-learn and openTSNE use."""
    rng = np.random.default_rng(random_state)
    return 1e-4 * rng.standard_normal((n, n_components))


def pca_init(X, n_components: int = 2) -> np.ndarray:
    """First principal components of ``X`` rescaled to std(PC1) = 1e-4 (scikit-learn, #18018).

    Signs are fixed (largest-magnitude loading positive) so the result is deterministic.
    """
    X = check_array(X, "X", "pca_init", min_rows=2)
    Xc = X - X.mean(axis=0)
    Vt = np.linalg.svd(Xc, full_matrices=False)[2]
    Vt = Vt[:n_components]
    signs = np.sign(Vt[np.arange(len(Vt)), np.abs(Vt).argmax(axis=1)])
    Y = Xc @ (Vt * signs[:, None]).T
    return Y / np.std(Y[:, 0]) * 1e-4


# ----------------------------------------------------------------------------- optimisers
@dataclass
class _Run:
    """Mutable state handed from one optimisation stage to the next."""

    Y: torch.Tensor
    n_iter: int = 0
    history: list = field(default_factory=list)


@dataclass(frozen=True)
class GradientDescent:
    """Momentum gradient descent with per-coordinate gains (van der Maaten 2008; scikit-learn).

    Phase 1 runs ``exaggeration_iter`` steps on ``early_exaggeration · P`` at momentum
    ``momentum[0]``; phase 2 runs until ``max_iter`` total steps on ``P`` at ``momentum[1]``.
    As in scikit-learn's ``_gradient_descent``, each phase restarts the update and the gains,
    every ``n_iter_check`` steps the (exaggerated) KL and the norm of the gain-scaled gradient are
    checked, and a phase stops when that norm is ``<= min_grad_norm`` or the KL has not improved
    for ``n_iter_without_progress`` steps (250 in phase 1).
    """

    max_iter: int = 1000
    early_exaggeration: float = 12.0
    exaggeration_iter: int = 250
    learning_rate: float | str = "auto"
    momentum: tuple[float, float] = (0.5, 0.8)
    min_gain: float = 0.01
    min_grad_norm: float = 1e-7
    n_iter_check: int = 50
    n_iter_without_progress: int = 300

    def __post_init__(self):
        c = "GradientDescent"
        check_param("max_iter", self.max_iter, Interval(1, None, integer=True), c)
        check_param("exaggeration_iter", self.exaggeration_iter,
                    Interval(0, None, integer=True), c)
        check_param("early_exaggeration", self.early_exaggeration, Interval(1, None), c)
        if self.learning_rate != "auto":
            check_param("learning_rate", self.learning_rate,
                        Interval(0, None, closed="neither"), c)
        check_param("min_gain", self.min_gain, Interval(0, None), c)
        # Momentum >= 1 makes the heavy-ball update diverge (and a vanishing last step can then
        # look stationary); < 0 is not momentum.
        if not (isinstance(self.momentum, tuple | list) and len(self.momentum) == 2):
            raise invalid("momentum", c, "a pair (early, late) of floats in [0, 1)",
                          self.momentum)
        for m in self.momentum:
            check_param("momentum", m, Interval(0, 1, closed="left"), c)

    def learning_rate_for(self, n: int) -> float:
        """``max(n / early_exaggeration / 4, 50)`` when ``"auto"`` (Belkina et al. 2019)."""
        if self.learning_rate == "auto":
            return max(n / self.early_exaggeration / 4, 50.0)
        return float(self.learning_rate)

    def __call__(self, P: torch.Tensor, run: _Run) -> _Run:
        n = P.shape[0]
        lr = self.learning_rate_for(n)
        plogp = _plogp(P)
        p_sum = float(P.sum())
        it = run.n_iter
        phases = [(min(self.exaggeration_iter, self.max_iter), self.momentum[0],
                   self.early_exaggeration, self.exaggeration_iter),
                  (self.max_iter, self.momentum[1], 1.0, self.n_iter_without_progress)]
        Y = run.Y.clone()
        ws = _Workspace.like(P)
        start = it
        for stop, momentum, exag, patience in phases:
            if it - start >= stop:
                continue
            Pe = P * exag if exag != 1.0 else P
            # Σ (aP) log(aP) = a Σ P log P + a log(a) Σ P.
            plogp_e = exag * plogp + exag * math.log(exag) * p_sum
            update = torch.zeros_like(Y)
            gains = torch.ones_like(Y)
            best, best_iter = math.inf, it
            while it - start < stop:
                check = (it + 1) % self.n_iter_check == 0
                kl, grad = _kl_grad(Pe, Y, plogp=plogp_e, compute_kl=check, ws=ws)
                inc = update * grad < 0.0
                gains = torch.where(inc, gains + 0.2, gains * 0.8).clamp_(min=self.min_gain)
                grad = grad * gains
                update = momentum * update - lr * grad
                Y = Y + update
                it += 1
                if check:
                    gnorm = float(torch.linalg.vector_norm(grad))
                    run.history.append({"iter": it, "kl": kl, "exaggeration": exag,
                                        "scaled_grad_norm": gnorm})
                    if kl < best:
                        best, best_iter = kl, it
                    elif it - best_iter > patience:
                        break
                    if gnorm <= self.min_grad_norm:
                        break
        run.Y, run.n_iter = Y, it
        return run


@dataclass(frozen=True)
class LBFGS:
    """L-BFGS with strong-Wolfe line search on ``KL(P‖Q)`` (no exaggeration), to polish a
    gradient-descent result into a stationary point: stops when ``max|∇L| <= gtol``."""

    max_iter: int = 2000
    gtol: float = 1e-8
    history_size: int = 20

    def __call__(self, P: torch.Tensor, run: _Run) -> _Run:
        Y = run.Y.clone().requires_grad_(True)
        opt = torch.optim.LBFGS([Y], lr=1.0, max_iter=self.max_iter, tolerance_grad=self.gtol,
                                tolerance_change=0.0, history_size=self.history_size,
                                line_search_fn="strong_wolfe")
        plogp = _plogp(P)
        ws = _Workspace.like(P)
        evals = [0]

        def closure():
            kl, grad = _kl_grad(P, Y.detach(), plogp=plogp, compute_kl=True, ws=ws)
            Y.grad = grad
            evals[0] += 1
            return torch.tensor(kl, dtype=Y.dtype)

        opt.step(closure)
        steps = opt.state[opt._params[0]].get("n_iter", 0)
        run.Y = Y.detach()
        run.n_iter += int(steps)
        run.history.append({"iter": run.n_iter, "kl": float(closure()), "exaggeration": 1.0,
                            "lbfgs_evals": evals[0]})
        return run


# ----------------------------------------------------------------------------- result
@dataclass(frozen=True)
class TSNEResult:
    """What one exact t-SNE run produced.

    Attributes
    ----------
    embedding : array of shape (n, d)
    kl : float
        ``KL(P‖Q(embedding))`` in nats, evaluated at the returned embedding, no exaggeration.
    grad_norm : float
        Frobenius norm of the true (unexaggerated, unscaled) gradient at the embedding.
    grad_max : float
        Largest absolute gradient entry (the stationarity measure of Definition 1).
    n_iter : int
        Optimisation steps taken, all stages together.
    init : array of shape (n, d)
        The initial embedding used.
    history : list of dict
        Checkpoints (iteration, KL, scaled gradient norm, exaggeration).
    """

    embedding: np.ndarray
    kl: float
    grad_norm: float
    grad_max: float
    n_iter: int
    init: np.ndarray
    history: list


# ----------------------------------------------------------------------------- engine
def _as_tensor(A, dtype, device) -> torch.Tensor:
    if isinstance(A, torch.Tensor):
        return A.detach().to(dtype=dtype, device=device)
    return torch.as_tensor(np.asarray(A), dtype=dtype, device=device)


def _default_affinities(sq_dists: np.ndarray, perplexity: float) -> np.ndarray:
    from theory.tsne import joint_probabilities

    return joint_probabilities(sq_dists, perplexity)


class ExactTSNE:
    """Exact t-SNE with swappable affinity, initialisation and optimisation stages.

    Parameters
    ----------
    n_components : int
        Output dimension ``d``.
    perplexity : float
        Used only when ``P`` is computed here.
    affinities : callable ``(sq_dists, perplexity) -> P``
        Default :func:`theory.tsne.joint_probabilities`.
    init : {"random", "pca"}, array of shape (n, d), or callable ``(n, d, rng, X) -> Y0``
    optimizer : sequence of stages
        Each stage maps ``(P, run) -> run``; default ``[GradientDescent()]``.
    random_state : int or None
        Seed of the random initialisation.
    dtype : torch dtype
        float64 by default.
    device : torch device or str or None
        CPU by default; CUDA works unchanged.
    num_threads : int or None
        torch intra-op threads while optimising (restored afterwards); ``None`` leaves torch's
        setting. Results are bitwise reproducible for a fixed ``P``, ``Y0``, device and thread
        count; on a busy machine one thread is also much faster for small ``n``.

    Examples
    --------
    >>> from numerics.tsne.engine import ExactTSNE, LBFGS, GradientDescent
    >>> tsne = ExactTSNE(perplexity=30, optimizer=[GradientDescent(), LBFGS()])  # doctest: +SKIP
    >>> res = tsne.fit(X)  # doctest: +SKIP
    """

    def __init__(self, n_components: int = 2, *, perplexity: float = 30.0,
                 affinities: Callable | None = None, init="random",
                 optimizer: Sequence[Callable] | None = None, random_state=None,
                 dtype=torch.float64, device=None, num_threads: int | None = None):
        check_param("n_components", n_components, Interval(1, None, integer=True), "ExactTSNE")
        check_param("perplexity", perplexity, Interval(1, None), "ExactTSNE")
        if isinstance(init, str):
            check_param("init", init, Options("random", "pca"), "ExactTSNE")
        check_param("dtype", dtype, Options(torch.float64, torch.float32), "ExactTSNE")
        self.n_components = n_components
        self.perplexity = perplexity
        self.affinities = affinities or _default_affinities
        self.init = init
        self.optimizer = list(optimizer) if optimizer is not None else [GradientDescent()]
        self.random_state = random_state
        self.dtype = dtype
        self.device = torch.device(device) if device is not None else torch.device("cpu")
        if num_threads is not None:
            check_param("num_threads", num_threads, Interval(1, None, integer=True), "ExactTSNE")
        self.num_threads = num_threads

    # stage 1
    def compute_affinities(self, X=None, *, sq_dists=None) -> np.ndarray:
        """``P`` from data ``X`` (n, D) or from squared distances (n, n)."""
        if (X is None) == (sq_dists is None):
            raise invalid("X", "ExactTSNE.compute_affinities",
                          "given exactly when sq_dists is not", "<both or neither given>")
        caller = "ExactTSNE.compute_affinities"
        if sq_dists is None:
            from scipy.spatial.distance import cdist

            X = check_array(X, "X", caller, min_rows=3)
            sq_dists = cdist(X, X, "sqeuclidean")
            if not np.all(np.isfinite(sq_dists)):
                raise invalid("X", caller, "coordinates whose squared distances are finite in "
                              "float64 (differences below ~1e154)",
                              f"<array with max|x| = {np.abs(X).max():.3g}>")
        else:
            sq_dists = check_array(sq_dists, "sq_dists", caller, min_rows=3)
        n = np.shape(sq_dists)[0]
        if self.perplexity > n - 1:  # checked here, before any calibration starts
            raise invalid("perplexity", "ExactTSNE", f"a float in [1, n-1] = [1, {n - 1}] for "
                          f"n = {n} points", self.perplexity)
        return np.asarray(self.affinities(sq_dists, self.perplexity), dtype=np.float64)

    # stage 2
    def initialize(self, n: int, X=None, init=None) -> np.ndarray:
        """The initial embedding, shape (n, d)."""
        init = self.init if init is None else init
        if isinstance(init, str) and init == "random":
            return random_init(n, self.n_components, random_state=self.random_state)
        if isinstance(init, str) and init == "pca":
            if X is None:
                raise invalid("init", "ExactTSNE.initialize", "'random' or an array when only "
                              "P or distances are given", "'pca'")
            return pca_init(X, self.n_components)
        if callable(init):
            Y0 = init(n, self.n_components, np.random.default_rng(self.random_state), X)
        else:
            Y0 = init
        Y0 = check_array(Y0, "init", "ExactTSNE.initialize")
        if Y0.shape != (n, self.n_components):
            raise invalid("init", "ExactTSNE.initialize",
                          f"an array of shape ({n}, {self.n_components})",
                          f"<array of shape {Y0.shape}>")
        return Y0

    # stage 3
    def optimize(self, P, Y0) -> TSNEResult:
        """Run the optimisation stages from ``Y0`` on affinities ``P``."""
        from theory.tsne import check_affinities

        # A nonzero diagonal used to be zeroed silently here: now it is rejected, as is a
        # non-symmetric or unnormalised P (the gradient formula assumes all three).
        P_np = check_affinities(P, "ExactTSNE.optimize")
        n = P_np.shape[0]
        Y0 = check_array(Y0, "init", "ExactTSNE.optimize")
        if Y0.shape[0] != n:
            raise invalid("init", "ExactTSNE.optimize", f"an array with n = {n} rows",
                          f"<array of shape {Y0.shape}>")
        Pt = _as_tensor(P_np, self.dtype, self.device)
        run = _Run(Y=_as_tensor(Y0, self.dtype, self.device))
        threads = torch.get_num_threads()
        try:
            if self.num_threads is not None:
                torch.set_num_threads(self.num_threads)
            for stage in self.optimizer:
                run = stage(Pt, run)
            kl, grad = _kl_grad(Pt, run.Y, plogp=None, compute_kl=True)
        finally:
            torch.set_num_threads(threads)
        return TSNEResult(embedding=run.Y.cpu().numpy().astype(np.float64), kl=kl,
                          grad_norm=float(torch.linalg.vector_norm(grad)),
                          grad_max=float(grad.abs().max()), n_iter=run.n_iter,
                          init=np.array(Y0), history=run.history)

    def fit(self, X=None, *, P=None, sq_dists=None, init=None) -> TSNEResult:
        """Affinities (unless ``P`` is given), initialisation, optimisation.

        Pass exactly one of ``X`` (n, D), ``sq_dists`` (n, n) or ``P`` (n, n). A fixed ``init``
        lets two inputs with the same ``P`` be run from the same start.
        """
        given = [a is not None for a in (X, P, sq_dists)]
        if sum(given) != 1:
            raise invalid("X", "ExactTSNE.fit", "given exactly when neither P nor sq_dists is",
                          f"<{sum(given)} of X, P, sq_dists given>")
        if P is None:
            P = self.compute_affinities(X, sq_dists=sq_dists)
        n = np.shape(P)[0]
        Y0 = self.initialize(n, X=X, init=init)
        return self.optimize(P, Y0)


def tsne_exact(X=None, *, P=None, sq_dists=None, init="random", perplexity: float = 30.0,
               n_components: int = 2, max_iter: int = 1000, polish: bool = False,
               random_state=None, device=None, dtype=torch.float64,
               num_threads: int | None = None, **gd_kwargs
               ) -> TSNEResult:
    """One-call exact t-SNE: :class:`ExactTSNE` with :class:`GradientDescent` (and
    :class:`LBFGS` when ``polish``); ``gd_kwargs`` go to :class:`GradientDescent`."""
    stages: list = [GradientDescent(max_iter=max_iter, **gd_kwargs)]
    if polish:
        stages.append(LBFGS())
    fixed = not isinstance(init, str)
    engine = ExactTSNE(n_components, perplexity=perplexity,
                       init="random" if fixed else init, optimizer=stages,
                       random_state=random_state, dtype=dtype, device=device,
                       num_threads=num_threads)
    return engine.fit(X, P=P, sq_dists=sq_dists, init=init if fixed else None)
