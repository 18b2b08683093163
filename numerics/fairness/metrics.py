r"""Utility and group-fairness metrics of a binary classifier, as in the FFB benchmark.

All gaps are absolute differences between the groups ``s = 0`` and ``s = 1`` of a binary sensitive
attribute, as fractions in [0, 1] (FFB reports them ×100). Each gap comes in two versions
(FFB, ahxt/fair_fairness_benchmark ``src/metrics.py``):

* thresholded (``threshold=0.5``): rates of the decision :math:`\hat y = 1[p > t]`;
* probability (``threshold=None``, FFB's "e" variants): means of the score :math:`p` itself.

The thresholded ΔDP equals fairlearn's ``demographic_parity_difference``, ΔEO (equal opportunity)
its ``equal_opportunity_difference``, and :func:`equalized_odds_gap` with ``reduce="max"`` its
``equalized_odds_difference`` (FFB's "eodd" is the ``reduce="sum"`` version).
"""

from __future__ import annotations

import numpy as np

from theory.validation import Interval, Options, check_array, check_param, invalid


def _inputs(y_score, s, caller, y_true=None):
    p = check_array(y_score, "y_score", caller, ndim=1)
    g = check_array(s, "s", caller, ndim=1, allow_bool=True)
    if g.shape != p.shape:
        raise invalid("s", caller, f"an array of shape {p.shape}", f"<array of shape {g.shape}>")
    if not np.all((g == 0) | (g == 1)) or len(np.unique(g)) < 2:
        raise invalid("s", caller, "binary with both groups present (values 0 and 1)",
                      f"<values {np.unique(g)[:5].tolist()}>")
    if y_true is None:
        return p, g.astype(int)
    y = check_array(y_true, "y_true", caller, ndim=1, allow_bool=True)
    if y.shape != p.shape or not np.all((y == 0) | (y == 1)):
        raise invalid("y_true", caller, f"a 0/1 array of shape {p.shape}",
                      f"<array of shape {y.shape}>")
    return p, g.astype(int), y.astype(int)


def _score(p, threshold):
    if threshold is None:
        return p
    check_param("threshold", threshold, Interval(0, 1), "metrics")
    return (p > threshold).astype(np.float64)


def accuracy(y_true, y_score, threshold: float = 0.5) -> float:
    r"""Accuracy :math:`\frac1n\sum_i 1[1[p_i > t] = y_i]` of the thresholded scores."""
    p = check_array(y_score, "y_score", "accuracy", ndim=1)
    y = check_array(y_true, "y_true", "accuracy", ndim=1, allow_bool=True)
    return float(np.mean((p > threshold) == (y == 1)))


def auc(y_true, y_score) -> float:
    r"""Area under the ROC curve, :math:`P(p_+ > p_-) + \tfrac12 P(p_+ = p_-)` (ties count ½).

    Computed from mid-ranks (Mann–Whitney U), so it needs no threshold.
    """
    from scipy.stats import rankdata

    p = check_array(y_score, "y_score", "auc", ndim=1)
    y = check_array(y_true, "y_true", "auc", ndim=1, allow_bool=True) == 1
    n1, n0 = int(y.sum()), int((~y).sum())
    if n1 == 0 or n0 == 0:
        raise invalid("y_true", "auc", "an array with both classes", f"<{n1} positives>")
    r = rankdata(p)
    return float((r[y].sum() - n1 * (n1 + 1) / 2) / (n1 * n0))


def dp_gap(y_score, s, threshold: float | None = 0.5) -> float:
    r"""Demographic-parity gap.

    .. math::
        \Delta_{DP} = \big|E[\hat y \mid s=1] - E[\hat y \mid s=0]\big|,

    with :math:`\hat y = 1[p > t]` (thresholded) or :math:`\hat y = p` (``threshold=None``).
    """
    p, g = _inputs(y_score, s, "dp_gap")
    v = _score(p, threshold)
    return float(abs(v[g == 1].mean() - v[g == 0].mean()))


def eo_gap(y_true, y_score, s, threshold: float | None = 0.5) -> float:
    r"""Equal-opportunity gap: the DP gap among the positives :math:`y = 1` (FFB "eopp").

    .. math::
        \Delta_{EO} = \big|E[\hat y \mid s=1, y=1] - E[\hat y \mid s=0, y=1]\big|.
    """
    p, g, y = _inputs(y_score, s, "eo_gap", y_true)
    pos = y == 1
    if len(np.unique(g[pos])) < 2:
        raise invalid("s", "eo_gap", "both groups present among y = 1", "<one group>")
    v = _score(p, threshold)[pos]
    return float(abs(v[g[pos] == 1].mean() - v[g[pos] == 0].mean()))


def equalized_odds_gap(y_true, y_score, s, threshold: float | None = 0.5,
                       reduce: str = "max") -> float:
    r"""Equalized-odds gap over :math:`y \in \{0, 1\}`.

    .. math::
        \Delta_{EOdd} = \operatorname{reduce}_{y\in\{0,1\}}
        \big|E[\hat y \mid s=1, y] - E[\hat y \mid s=0, y]\big|,

    ``reduce="max"`` (fairlearn) or ``"sum"`` (FFB "eodd").
    """
    check_param("reduce", reduce, Options("max", "sum"), "equalized_odds_gap")
    p, g, y = _inputs(y_score, s, "equalized_odds_gap", y_true)
    v = _score(p, threshold)
    gaps = [abs(v[(y == c) & (g == 1)].mean() - v[(y == c) & (g == 0)].mean()) for c in (0, 1)]
    return float(max(gaps) if reduce == "max" else sum(gaps))


def evaluate(y_true, y_score, s) -> dict:
    """All metrics of one model on one split, as a dict of floats (gaps as fractions)."""
    return {"acc": accuracy(y_true, y_score), "auc": auc(y_true, y_score),
            "dp": dp_gap(y_score, s), "eo": eo_gap(y_true, y_score, s),
            "eodd": equalized_odds_gap(y_true, y_score, s),
            "dp_prob": dp_gap(y_score, s, None), "eo_prob": eo_gap(y_true, y_score, s, None)}
