r"""Fairness regularizers behind one interface: CS, DiffDP, MMD, HSIC, prejudice remover, adversary.

Every regularizer is called on a minibatch as ``reg(proba, logit, s, y)`` and returns a scalar
tensor :math:`R` that training adds as :math:`\text{BCE} + \lambda R` (our reading of the abstract):

* ``target="dp"``: computed on the whole batch (demographic parity);
* ``target="eo"``: computed on the rows with :math:`y = 1` only (equal opportunity, FFB's
  DiffEOpp-style variant).

A batch in which a group has fewer than two rows (after the ``eo`` filter) gives :math:`R = 0`:
a group of one point has no distribution to compare, and the next batch will have both.

=============  ===========================================================================
``"cs"``       Cauchy–Schwarz divergence (convention A, nats) between the KDEs of
               :math:`\{p_i\}_{s_i=0}` and :math:`\{p_i\}_{s_i=1}`, Parzen width ``sigma``
               (the estimator of :mod:`numerics.fairness.cs_torch`; the paper's regularizer)
``"dp"``       DiffDP: :math:`|\bar p_{s=0} - \bar p_{s=1}|` (FFB ``gap_reg``)
``"mmd"``      :math:`\mathrm{MMD}^2` V-statistic between the two groups' probabilities with
               the same Gram kernel as CS, :math:`e^{-(a-b)^2/(2h^2)}`, :math:`h=\sqrt2\sigma`
``"hsic"``     HSIC V-statistic :math:`\frac1{n^2}\operatorname{tr}(KHLH)` between :math:`p`
               (the same Gaussian Gram) and :math:`s` (delta kernel)
``"pr"``       prejudice remover (Kamishima et al. 2012): the plug-in mutual information
               :math:`\frac1n\sum_i\sum_{c\in\{0,1\}} P(c\mid x_i)\log\frac{\hat P(c\mid s_i)}
               {\hat P(c)}` in nats
``"adv"``      adversarial debiasing (Zhang et al. 2018): an adversary predicts :math:`s` from
               the logit; the predictor's penalty is minus the adversary's cross-entropy, and
               :meth:`Regularizer.update` takes one adversary step per batch
=============  ===========================================================================
"""

from __future__ import annotations

import math

import torch
from torch import nn

from theory.validation import Interval, Options, check_param

REGULARIZERS = ("cs", "dp", "mmd", "hsic", "pr", "adv")
TARGETS = ("dp", "eo")
_EPS = 1e-12


class Regularizer:
    """Base class: subsets the batch by ``target`` and calls :meth:`_penalty` on the rest."""

    name = "none"

    def __init__(self, target: str = "dp"):
        check_param("target", target, Options(*TARGETS), type(self).__name__)
        self.target = target

    def __call__(self, proba: torch.Tensor, logit: torch.Tensor, s: torch.Tensor,
                 y: torch.Tensor) -> torch.Tensor:
        if self.target == "eo":
            keep = y == 1
            proba, logit, s = proba[keep], logit[keep], s[keep]
        if not self._usable(s):
            return proba.sum() * 0.0  # keeps the graph (and device, dtype) of the batch
        return self._penalty(proba, logit, s)

    def _usable(self, s) -> bool:
        """Two groups coded 0/1 with at least two rows each in this batch."""
        return int((s == 0).sum()) >= 2 and int((s == 1).sum()) >= 2

    def _penalty(self, proba, logit, s):  # pragma: no cover - abstract
        raise NotImplementedError

    def update(self, proba, logit, s, y) -> None:
        """Hook called after each predictor step (the adversary trains here)."""

    def to(self, device):
        return self


class CSRegularizer(Regularizer):
    r""":math:`\hat D_{CS}` (convention A, nats) between the groups' prediction distributions."""

    name = "cs"

    def __init__(self, sigma: float = 0.2, target: str = "dp"):
        super().__init__(target)
        check_param("sigma", sigma, Interval(0, None, closed="neither"), "CSRegularizer")
        self.sigma = sigma

    def _usable(self, s) -> bool:
        return True  # cs_group_divergence skips groups below two rows in the batch

    def _penalty(self, proba, logit, s):
        from numerics.fairness.cs_torch import cs_group_divergence

        # G ≥ 2 groups: the mean of the pairwise divergences (with two groups, the paper's one)
        return cs_group_divergence(proba, s, self.sigma, reduction="mean", convention="A",
                                   on_small="skip")


class DPRegularizer(Regularizer):
    r"""DiffDP: :math:`|\bar p_{s=0} - \bar p_{s=1}|`."""

    name = "dp"

    def _penalty(self, proba, logit, s):
        return (proba[s == 0].mean() - proba[s == 1].mean()).abs()


def _gram(a: torch.Tensor, b: torch.Tensor, h: float) -> torch.Tensor:
    return torch.exp(-(a[:, None] - b[None, :]) ** 2 / (2.0 * h * h))


class MMDRegularizer(Regularizer):
    r""":math:`\mathrm{MMD}^2 = \overline{K_{00}} + \overline{K_{11}} - 2\overline{K_{01}}`."""

    name = "mmd"

    def __init__(self, sigma: float = 0.2, target: str = "dp"):
        super().__init__(target)
        check_param("sigma", sigma, Interval(0, None, closed="neither"), "MMDRegularizer")
        self.sigma = sigma

    def _penalty(self, proba, logit, s):
        h = math.sqrt(2.0) * self.sigma
        a, b = proba[s == 0], proba[s == 1]
        return _gram(a, a, h).mean() + _gram(b, b, h).mean() - 2 * _gram(a, b, h).mean()


class HSICRegularizer(Regularizer):
    r""":math:`\mathrm{HSIC} = \frac{1}{n^2}\operatorname{tr}(KHLH)`, :math:`H = I - \frac1n 11^\top`."""

    name = "hsic"

    def __init__(self, sigma: float = 0.2, target: str = "dp"):
        super().__init__(target)
        check_param("sigma", sigma, Interval(0, None, closed="neither"), "HSICRegularizer")
        self.sigma = sigma

    def _penalty(self, proba, logit, s):
        n = proba.shape[0]
        k = _gram(proba, proba, math.sqrt(2.0) * self.sigma)
        lmat = (s[:, None] == s[None, :]).to(proba.dtype)
        kc = k - k.mean(0, keepdim=True) - k.mean(1, keepdim=True) + k.mean()
        return (kc * lmat).sum() / (n * n)


class PrejudiceRemover(Regularizer):
    r"""Plug-in mutual information between the predicted class and :math:`s`, nats."""

    name = "pr"

    def _penalty(self, proba, logit, s):
        p1 = proba.clamp(_EPS, 1 - _EPS)
        total = torch.zeros((), dtype=proba.dtype, device=proba.device)
        for c_prob in (p1, 1 - p1):
            marg = c_prob.mean()
            for g in (0, 1):
                m = s == g
                cond = c_prob[m].mean()
                total = total + (c_prob[m] * (torch.log(cond) - torch.log(marg))).sum()
        return total / proba.shape[0]


class AdversarialRegularizer(Regularizer):
    """Adversary ``logit -> s`` (one hidden layer); penalty = − its cross-entropy."""

    name = "adv"

    def __init__(self, target: str = "dp", hidden: int = 16, lr: float = 1e-2, seed: int = 0):
        super().__init__(target)
        with torch.random.fork_rng(devices=[]):
            torch.manual_seed(seed)
            self.adversary = nn.Sequential(nn.Linear(1, hidden), nn.ReLU(), nn.Linear(hidden, 1))
        self.optimizer = torch.optim.Adam(self.adversary.parameters(), lr=lr)
        self._loss = nn.BCEWithLogitsLoss()

    def to(self, device):
        self.adversary.to(device)
        return self

    def _adv_loss(self, logit, s):
        out = self.adversary(logit[:, None].to(next(self.adversary.parameters()).dtype))
        return self._loss(out.squeeze(-1), s.to(out.dtype))

    def _penalty(self, proba, logit, s):
        return -self._adv_loss(logit, s)

    def update(self, proba, logit, s, y) -> None:
        if self.target == "eo":
            keep = y == 1
            logit, s = logit[keep], s[keep]
        if int((s == 0).sum()) < 1 or int((s == 1).sum()) < 1:
            return
        self.optimizer.zero_grad()
        loss = self._adv_loss(logit.detach(), s)
        loss.backward()
        self.optimizer.step()


def make_regularizer(name: str, *, sigma: float = 0.2, target: str = "dp",
                     seed: int = 0) -> Regularizer | None:
    """The regularizer called ``name`` (``"none"`` gives ``None``: plain ERM)."""
    check_param("name", name, Options("none", *REGULARIZERS), "make_regularizer")
    if name == "none":
        return None
    if name == "cs":
        return CSRegularizer(sigma, target)
    if name == "mmd":
        return MMDRegularizer(sigma, target)
    if name == "hsic":
        return HSICRegularizer(sigma, target)
    if name == "adv":
        return AdversarialRegularizer(target, seed=seed)
    return {"dp": DPRegularizer, "pr": PrejudiceRemover}[name](target)
