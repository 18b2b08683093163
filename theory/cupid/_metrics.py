"""Detection metrics used by the CUPID experiments: AUROC (Mann-Whitney) and AURC."""

from __future__ import annotations

import numpy as np
from scipy.stats import rankdata

from theory.validation import check_array, invalid


def auroc(labels, scores) -> float:
    r"""Area under the ROC curve of ``scores`` for detecting ``labels == 1``.

    .. math::

        \mathrm{AUROC} = P(S_1 > S_0) + \tfrac12 P(S_1 = S_0)
        = \frac{\sum_{i: y_i = 1} \mathrm{rank}_i - n_1(n_1+1)/2}{n_1 n_0},

    with mid-ranks for ties (the Mann-Whitney U statistic). Unitless, in [0, 1].
    """
    y = check_array(labels, "labels", "auroc", ndim=1, allow_bool=True)
    s = check_array(scores, "scores", "auroc", ndim=1)
    if y.shape != s.shape:
        raise invalid("scores", "auroc", f"a vector of length {y.size}", f"<array of shape {s.shape}>")
    if not np.all((y == 0) | (y == 1)):
        raise invalid("labels", "auroc", "an array of 0/1 labels", "<array with other values>")
    n1 = int(y.sum())
    n0 = y.size - n1
    if n1 == 0 or n0 == 0:
        raise invalid("labels", "auroc", "an array with both classes present",
                      f"<{n1} positives, {n0} negatives>")
    r = rankdata(s)
    return float((r[y == 1].sum() - n1 * (n1 + 1) / 2) / (n1 * n0))


def aurc(errors, scores) -> float:
    r"""Area under the risk–coverage curve (lower is better).

    Samples are sorted by increasing uncertainty ``scores``; at coverage :math:`k/n` the risk is
    the error rate of the :math:`k` most confident samples, and

    .. math::

        \mathrm{AURC} = \frac1n\sum_{k=1}^{n} \frac1k\sum_{i \le k} e_{(i)} .

    Ties are broken by a stable sort (sample order). ``errors`` are 0/1 (or losses ≥ 0).
    """
    e = check_array(errors, "errors", "aurc", ndim=1, allow_bool=True)
    s = check_array(scores, "scores", "aurc", ndim=1)
    if e.shape != s.shape:
        raise invalid("scores", "aurc", f"a vector of length {e.size}", f"<array of shape {s.shape}>")
    if np.any(e < 0):
        raise invalid("errors", "aurc", "an array of values >= 0", "<array with negatives>")
    order = np.argsort(s, kind="stable")
    # AURC is linear in the errors: they are divided by the power of two at or below their
    # largest (exact), so the running sums of losses ~1e308 do not overflow (was inf)
    top = float(e.max())
    scale = float(np.ldexp(1.0, np.frexp(top)[1] - 1)) if top > 0 else 1.0
    risk = np.cumsum(e[order] / scale) / np.arange(1, e.size + 1)
    return float(risk.mean() * scale)
