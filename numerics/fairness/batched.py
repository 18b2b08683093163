r"""The fairness sweep's trainings, K at a time: one batched MLP, one batched penalty.

:func:`train_fair_batched` is :func:`numerics.fairness.classifier.train_fair` for K members of
one architecture and one regularizer kind, differing in seed (initialisation, batch order, data
split), λ and σ. Member k computes what a lone ``train_fair`` with its seed computes, up to
floating-point reordering (``tests/test_fairness_batched.py`` checks it in float64):

* the MLP of member k is built by :func:`~numerics.fairness.models.make_model` with its seed,
  then stacked (:func:`numerics.batched.stack_parameters`);
* its batches come from its own generator, one ``randperm`` per epoch as in the lone run;
* the penalties are the lone ones written with group masks instead of boolean indexing, so that
  members whose batches hold different group sizes share one tensor program: a group mean
  :math:`\frac{1}{n_g}\sum_{i:s_i=g}` becomes :math:`\sum_i w_{gi}(\cdot)/\sum_i w_{gi}`, and a
  log-sum-exp over a group's pairs fills the other pairs with a value whose exponential is 0;
  a member whose batch cannot give its penalty gets 0, as the lone :class:`Regularizer` returns;
* the optimizer sees the sum of the members' losses (per-member Adam, :mod:`numerics.batched`);
  the adversary of ``"adv"`` skips its step exactly on the members whose lone run skips it
  (:class:`~numerics.batched.MemberAdam`).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import torch

from numerics.batched import MemberAdam, linear, member_generators, stack_parameters
from numerics.fairness.regularizers import _EPS, REGULARIZERS, TARGETS
from theory.validation import Options, check_param


def _masks(s: torch.Tensor, y: torch.Tensor, target: str, dtype):
    keep = (y == 1) if target == "eo" else torch.ones_like(s, dtype=torch.bool)
    w0 = (keep & (s == 0)).to(dtype)
    w1 = (keep & (s == 1)).to(dtype)
    return keep.to(dtype), w0, w1


def _log_kernel(p: torch.Tensor, sigma: torch.Tensor) -> torch.Tensor:
    """−(p_i − p_j)²/(2h²), h = √2σ: the log Gram of CS, MMD and HSIC, (K, B, B)."""
    inv2h2 = 0.25 / sigma.square()
    return -(p.unsqueeze(-1) - p.unsqueeze(-2)).square() * inv2h2[:, None, None]


class _PairSums(torch.autograd.Function):
    r"""Group-pair sums of the Gaussian Gram, :math:`S_{ab} = \sum_{ij} w_{ai} w_{bj}
    e^{-\gamma (p_i - p_j)^2}`, (K, G, G), from ``p`` (K, B), weights ``w`` (K, B, G) and
    :math:`\gamma` (K,).

    Every penalty below reads the Gram only through these sums, so the (K, B, B) Gram is built
    in place (no autograd intermediates) and the backward pass is two batched products:
    :math:`\partial S_{ab}/\partial p_i = -2\gamma\,[w_{ai} V_{ib} + w_{bi} V_{ia}]`,
    :math:`V_{ib} = \sum_j k_{ij}(p_i - p_j) w_{bj} = p_i (Kw_b)_i - (K(p\circ w_b))_i`.
    """

    @staticmethod
    def forward(ctx, p, w, gamma):
        k = p.unsqueeze(-1) - p.unsqueeze(-2)
        k.square_().mul_(-gamma[:, None, None]).exp_()
        m = torch.bmm(k, w)
        ctx.save_for_backward(p, w, gamma, k, m)
        return torch.bmm(w.transpose(1, 2), m)

    @staticmethod
    def backward(ctx, g):
        p, w, gamma, k, m = ctx.saved_tensors
        v = p.unsqueeze(-1) * m - torch.bmm(k, p.unsqueeze(-1) * w)
        gs = g + g.transpose(1, 2)
        grad_p = -2 * gamma[:, None] * torch.einsum("kia,kab,kib->ki", w, gs, v)
        return grad_p, None, None


def pair_sums(p: torch.Tensor, w: torch.Tensor, sigma: torch.Tensor) -> torch.Tensor:
    """:class:`_PairSums` at the Gram width of the penalties, h = √2σ (γ = 1/(4σ²))."""
    return _PairSums.apply(p, w.to(p.dtype), (0.25 / sigma.square()).to(p.dtype))


def _cs_exact(proba, w0, w1, c0, c1, sigma):
    """The CS penalty by masked log-sum-exp: finite even when a cross sum underflows."""
    logk = _log_kernel(proba, sigma)
    fill = torch.finfo(proba.dtype).min / 4

    def lse(wa, wb, ca, cb):
        pair = (wa.unsqueeze(-1) * wb.unsqueeze(-2)) > 0
        v = torch.where(pair, logk, torch.full_like(logk, fill))
        return torch.logsumexp(v.flatten(1), 1) - torch.log(ca) - torch.log(cb)

    return lse(w0, w0, c0, c0) + lse(w1, w1, c1, c1) - 2 * lse(w0, w1, c0, c1)


class BatchedPenalty:
    """The K members' penalties ``R_k`` of one regularizer kind on a batch (K, B), for two
    sensitive groups coded 0/1 (what the sweep's data sets have; :func:`fit_members` checks).

    ``sigma`` (K,) Parzen widths; for ``"adv"``, ``adversaries`` are the members' adversary
    modules (built as :class:`~numerics.fairness.regularizers.AdversarialRegularizer` builds
    them) and ``adv_lr`` their learning rate.
    """

    def __init__(self, name: str, target: str, sigma: torch.Tensor, *, adversaries=None,
                 adv_lr: float = 1e-2, dtype=torch.float32, device="cpu"):
        check_param("name", name, Options(*REGULARIZERS), "BatchedPenalty")
        check_param("target", target, Options(*TARGETS), "BatchedPenalty")
        self.name, self.target = name, target
        self.sigma = sigma.to(device=device, dtype=dtype)
        if name == "adv":
            self.adv = stack_parameters(adversaries, dtype=dtype, device=device)
            self.adv_opt = MemberAdam(self.adv, lr=adv_lr)

    def _adversary(self, logit):
        w1, b1, w2, b2 = self.adv
        h = torch.relu(linear(logit.unsqueeze(-1).to(w1.dtype), w1, b1))
        return linear(h, w2, b2).squeeze(-1)

    def __call__(self, proba, logit, s, y) -> torch.Tensor:
        keep, w0, w1 = _masks(s, y, self.target, proba.dtype)
        n0, n1 = w0.sum(1), w1.sum(1)
        usable = (n0 >= 2) & (n1 >= 2)
        # denominators clamped so that a member with an empty group stays finite (and its
        # zero gradient is not 0 · inf); its penalty is replaced by 0 below
        c0, c1 = n0.clamp_min(1), n1.clamp_min(1)
        name = self.name
        if name == "dp":
            r = ((w0 * proba).sum(1) / c0 - (w1 * proba).sum(1) / c1).abs()
        elif name in ("cs", "mmd", "hsic"):
            sums = pair_sums(proba, torch.stack([w0, w1], -1), self.sigma)
            s00, s01, s11 = sums[:, 0, 0], sums[:, 0, 1], sums[:, 1, 1]
            if name == "cs":
                # the within-group sums hold their diagonal (each term 1), never 0; the cross
                # sum can underflow only if every cross pair is far apart, then the
                # log-sum-exp form (as the lone estimator computes it) takes over
                if bool((s01[usable] <= torch.finfo(proba.dtype).tiny * 2**20).any()):
                    r = _cs_exact(proba, w0, w1, c0, c1, self.sigma)
                else:
                    # clamped for members without the penalty (empty group: a zero sum)
                    s00, s01, s11 = (v.clamp_min(torch.finfo(proba.dtype).tiny)
                                     for v in (s00, s01, s11))
                    r = (torch.log(s00 / (c0 * c0)) + torch.log(s11 / (c1 * c1))
                         - 2 * torch.log(s01 / (c0 * c1)))
            elif name == "mmd":
                r = s00 / (c0 * c0) + s11 / (c1 * c1) - 2 * s01 / (c0 * c1)
            else:
                # tr(KHLH)/n² over the kept rows, expanded in the group sums: with column
                # means k̄_j and grand mean k̿, Σ_g [S_gg − 2 n_g Σ_b S_gb / n + n_g² k̿]
                n = (n0 + n1).clamp_min(1)
                tot = (s00 + s11 + 2 * s01) / (n * n)
                r = (s00 - 2 * n0 * (s00 + s01) / n + n0 * n0 * tot
                     + s11 - 2 * n1 * (s01 + s11) / n + n1 * n1 * tot) / (n * n)
        elif name == "pr":
            n = keep.sum(1).clamp_min(1)
            p1 = proba.clamp(_EPS, 1 - _EPS)
            r = torch.zeros_like(n)
            tiny = torch.finfo(proba.dtype).tiny  # an empty group's mean: 0, log finite
            for c_prob in (p1, 1 - p1):
                marg = ((keep * c_prob).sum(1) / n).clamp_min(tiny)
                for w, c in ((w0, c0), (w1, c1)):
                    cond = ((w * c_prob).sum(1) / c).clamp_min(tiny)
                    r = r + (w * c_prob).sum(1) * (torch.log(cond) - torch.log(marg))
            r = r / n
        else:  # adv: minus the adversary's cross-entropy on the kept rows
            n = keep.sum(1).clamp_min(1)
            bce = torch.nn.functional.binary_cross_entropy_with_logits(
                self._adversary(logit), s.to(proba.dtype), reduction="none")
            r = -(keep * bce).sum(1) / n
        return torch.where(usable, r, torch.zeros_like(r))

    def update(self, logit, s, y) -> None:
        """One adversary step per member whose kept rows hold both groups (``"adv"`` only)."""
        if self.name != "adv":
            return
        keep, w0, w1 = _masks(s, y, self.target, logit.dtype)
        active = (w0.sum(1) >= 1) & (w1.sum(1) >= 1)
        n = keep.sum(1).clamp_min(1)
        bce = torch.nn.functional.binary_cross_entropy_with_logits(
            self._adversary(logit.detach()), s.to(logit.dtype), reduction="none")
        loss = ((keep * bce).sum(1) / n * active.to(logit.dtype)).sum()
        self.adv_opt.step(torch.autograd.grad(loss, self.adv), active)


def train_fair_batched(params: list[torch.Tensor], X: torch.Tensor, y: torch.Tensor,
                       s: torch.Tensor, *, penalty: BatchedPenalty | None, lam: torch.Tensor,
                       seeds: Sequence[int], epochs: int, batch_size: int, lr: float) -> None:
    """Train the stacked MLPs ``params`` (W1 (K,h,d), b1 (K,h), W2 (K,1,h), b2 (K,1)) in place.

    ``X`` (K, n, d) or (n, d) when the members share their data, ``y``, ``s`` (K, n) or (n,);
    ``lam`` (K,) the members' λ; ``seeds`` their batch-order seeds.
    """
    opt = torch.optim.Adam(params, lr=lr)
    gens = member_generators(seeds)
    k, n = len(seeds), X.shape[-2]
    rows = torch.arange(k)[:, None]
    shared = X.ndim == 2
    yf = y.to(X.dtype)
    lam = lam.to(X.dtype)
    for _ in range(epochs):
        order = torch.stack([torch.randperm(n, generator=g) for g in gens]).to(X.device)
        for start in range(0, n, batch_size):
            idx = order[:, start:start + batch_size]
            xb, yb, sb, tb = ((X[idx], y[idx], s[idx], yf[idx]) if shared else
                              (X[rows, idx], y[rows, idx], s[rows, idx], yf[rows, idx]))
            logit = mlp(params, xb)
            proba = torch.sigmoid(logit)
            loss = torch.nn.functional.binary_cross_entropy_with_logits(
                logit, tb, reduction="none").mean(1)
            if penalty is not None:
                loss = loss + lam * penalty(proba, logit, sb, yb)
            grads = torch.autograd.grad(loss.sum(), params)
            for p, g in zip(params, grads):
                p.grad = g
            opt.step()
            if penalty is not None:
                penalty.update(logit.detach(), sb, yb)


def mlp(params: list[torch.Tensor], x: torch.Tensor) -> torch.Tensor:
    """Logits (K, B) of the stacked one-hidden-layer MLPs on ``x`` (K, B, d)."""
    w1, b1, w2, b2 = params
    return linear(torch.relu(linear(x, w1, b1)), w2, b2).squeeze(-1)


def fit_members(splits, method: str, lams: Sequence[float], seeds: Sequence[int], *,
                sigmas: Sequence[float], hidden: int, lr: float, epochs: int, batch_size: int,
                dtype=torch.float32) -> tuple[np.ndarray, list[torch.Tensor]]:
    """Train the members (one :class:`~numerics.data.FairSplit` per member, as
    :class:`~numerics.fairness.classifier.FairClassifier` fits one); return their test
    probabilities, (K, n_test) float64 (predicted in float64, as ``predict_proba`` does), and
    the trained stacked parameters."""
    from numerics.fairness.models import make_model
    from numerics.fairness.regularizers import AdversarialRegularizer

    reg, _, target = method.partition("_")
    target = target or "dp"
    d = splits[0].X_train.shape[1]
    models = [make_model("mlp", d, hidden=hidden, seed=sd) for sd in seeds]
    params = stack_parameters(models, dtype=dtype)
    # Adult's official split is every seed's: one copy of the data instead of K
    first = splits[0]
    shared = all(all(np.array_equal(getattr(sp, a), getattr(first, a)) for a in
                     ("X_train", "y_train", "s_train", "X_test")) for sp in splits[1:])

    def stack(get, dt=None):
        arrs = [np.asarray(get(sp)) for sp in (splits[:1] if shared else splits)]
        t = torch.as_tensor(np.stack(arrs), dtype=dt)
        return t[0] if shared else t

    # labels and groups coded 0..G−1 as FairClassifier.fit codes them
    X = stack(lambda sp: sp.X_train, dtype)
    y = stack(lambda sp: np.unique(sp.y_train, return_inverse=True)[1].astype(np.int64))
    s = stack(lambda sp: np.unique(sp.s_train, return_inverse=True)[1].astype(np.int64))
    if method != "erm" and int(s.max()) != 1:
        raise ValueError(f"fit_members trains penalties of two sensitive groups; the data of "
                         f"these members have {int(s.max()) + 1}")
    penalty = None
    if method != "erm":
        advs = ([AdversarialRegularizer(target, seed=sd).adversary for sd in seeds]
                if reg == "adv" else None)
        penalty = BatchedPenalty(reg, target, torch.tensor(list(sigmas), dtype=torch.float64),
                                 adversaries=advs, dtype=dtype)
    train_fair_batched(params, X, y, s, penalty=penalty,
                       lam=torch.tensor([float(v) for v in lams]), seeds=seeds, epochs=epochs,
                       batch_size=batch_size, lr=lr)
    with torch.no_grad():
        p64 = [p.detach().double() for p in params]
        Xt = stack(lambda sp: sp.X_test, torch.float64)
        Xt = Xt.expand(len(seeds), *Xt.shape) if shared else Xt
        return torch.sigmoid(mlp(p64, Xt)).numpy(), [p.detach() for p in params]


def run_members(name: str, method: str, lams: Sequence[float], seeds: Sequence[int], *,
                epochs: int | None = None, sigmas: Sequence[float] | None = None) -> list[dict]:
    """:func:`numerics.fairness.experiments.run_one` for K members at once: the same rows
    (test metrics, test predictions), ``seconds``/``cpu_seconds`` being the batch's time / K."""
    import time

    from numerics.fairness.metrics import evaluate
    from numerics.fairness.protocol import HIDDEN, LR, SIGMA, TRAIN, load_split

    sigmas = [SIGMA] * len(seeds) if sigmas is None else list(sigmas)
    splits = [load_split(name, sd) for sd in seeds]
    t0, c0 = time.perf_counter(), time.process_time()
    proba, _ = fit_members(splits, method, lams, seeds, sigmas=sigmas, hidden=HIDDEN, lr=LR,
                        epochs=epochs or TRAIN[name]["epochs"],
                        batch_size=TRAIN[name]["batch_size"])
    wall, cpu = (time.perf_counter() - t0) / len(seeds), (time.process_time() - c0) / len(seeds)
    rows = []
    for k, (lam, sd) in enumerate(zip(lams, seeds)):
        d = splits[k]
        row = {"dataset": name, "method": method, "lam": float(lam), "seed": sd,
               "seconds": wall, "cpu_seconds": cpu}
        row.update(evaluate(d.y_test, proba[k], d.s_test))
        row["proba"] = proba[k].astype(np.float32)
        rows.append(row)
    return rows


__all__ = ["BatchedPenalty", "fit_members", "mlp", "run_members", "train_fair_batched"]
