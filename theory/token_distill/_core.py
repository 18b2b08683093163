r"""The rules of Token Distillation as the authors' code implements them, in numpy.

Dobler, Elliott & de Melo, *Token Distillation: Attention-aware Input Embeddings for New Tokens*
(arXiv 2505.20133; v1 titled *AweDist*; ICLR 2026). The paper's printed equations were not seen
here; every rule below is read from the authors' released code,
``konstantinjdobler/token-distillation`` at commit ``ac9ef2c``:

- the merge and alignment mask: ``token_distillation/token_distillation/train_loop.py`` L25-L76
  (``transform_input_token_format``);
- the hidden-state MSE over aligned positions: ``train_loop.py`` L240-L252;
- the KL term: ``train_loop.py`` L270-L276;
- the CE-auto-weighted term: ``train_loop.py`` L286-L289;
- the pre-initialisations: ``token_distillation/token_distillation/tokdist.py`` L519-L548;
- the random baseline: ``paper/apply_embedding_init.py`` L404-L413.

Units: token ids are integers; hidden states and embeddings are in the model's (arbitrary)
units; MSE is in squared hidden units per coordinate; KL in nats per row.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from theory.validation import Interval, Options, check_param, invalid


@dataclass(frozen=True)
class Merge:
    """The result of :func:`merge_tokens`.

    Attributes
    ----------
    merged : ndarray of int, shape (n,)
        The merged sequence, right-padded with ``pad`` to the original length ``n``.
    mask : ndarray of int, shape (n,)
        The alignment mask over the *original* positions: 1 for every unmerged token and for the
        last subtoken of each merged phrase, 0 elsewhere.
    length : int
        The merged length (``mask.sum()``).
    spans : tuple of (start, stop, new_id)
        The merged phrases, in original positions ``[start, stop)``.
    """

    merged: np.ndarray
    mask: np.ndarray
    length: int
    spans: tuple


def _phrase_table(phrases, caller: str) -> dict:
    if not isinstance(phrases, dict) or not phrases:
        raise invalid("phrases", caller, "a non-empty dict {tuple of ids: new id}",
                      f"<{type(phrases).__name__}>")
    out = {}
    for p, nid in phrases.items():
        t = tuple(int(x) for x in p)
        if len(t) < 1:
            raise invalid("phrases", caller, "a dict whose phrases hold at least one id", p)
        out[t] = int(nid)
    return out


def merge_tokens(ids, phrases, pad: int = -1) -> Merge:
    r"""Merge every occurrence of a new phrase into its new id, scanning left to right and
    trying the longest phrase first; build the alignment mask.

    .. math::

        \text{mask}_q = \begin{cases} 1 & q \text{ unmerged, or } q = \text{stop}-1
        \text{ of a merged span} \\ 0 & \text{otherwise}\end{cases}, \qquad
        \textstyle\sum_q \text{mask}_q = |\text{merged}|.

    Paper location: not seen; the rule of the authors' ``transform_input_token_format``
    (``train_loop.py`` L25-L76 at ``ac9ef2c``).

    Parameters
    ----------
    ids : sequence of int, shape (n,)
        The original tokenisation of one snippet.
    phrases : dict {tuple of int: int}
        Each new phrase (its original subtoken ids) and its new id.
    pad : int
        Right-padding id of the merged sequence (the code's ``pad_token_id``).

    Returns
    -------
    Merge
    """
    table = _phrase_table(phrases, "merge_tokens")
    seq = [int(x) for x in np.asarray(ids).ravel()]
    if not seq:
        raise invalid("ids", "merge_tokens", "a non-empty sequence of ids", "[]")
    lengths = sorted({len(p) for p in table}, reverse=True)
    merged, mask, spans = [], [0] * len(seq), []
    i = 0
    while i < len(seq):
        for L in lengths:
            if i + L <= len(seq) and tuple(seq[i:i + L]) in table:
                nid = table[tuple(seq[i:i + L])]
                merged.append(nid)
                mask[i + L - 1] = 1
                spans.append((i, i + L, nid))
                i += L
                break
        else:
            merged.append(seq[i])
            mask[i] = 1
            i += 1
    n = len(merged)
    merged += [int(pad)] * (len(seq) - n)
    return Merge(np.asarray(merged, dtype=np.int64), np.asarray(mask, dtype=np.int64), n,
                 tuple(spans))


def _hidden(h, name: str, caller: str) -> np.ndarray:
    a = np.asarray(h, dtype=np.float64)
    if a.ndim != 2 or not np.all(np.isfinite(a)):
        raise invalid(name, caller, "a finite 2-D array (positions, dims)", f"<shape {a.shape}>")
    return a


def mse_on_hiddens(student, teacher, mask, length: int | None = None) -> float:
    r"""The hidden-state distillation loss over aligned positions ("MSE-on-hiddens").

    .. math::

        L(e^*) = \frac{1}{K d}\sum_{k=1}^{K}\big\|H^{\text{merged}}_k
        - H^{\text{orig}}_{q_k}\big\|_2^2,

    where :math:`q_1<\dots<q_K` are the original positions with mask 1 and :math:`K` the merged
    length. Every aligned position counts, not only the new token's (the code's
    ``mse_loss`` over all kept rows, ``train_loop.py`` L240-L252 at ``ac9ef2c``).

    Parameters
    ----------
    student : array, shape (n_merged_padded, d)
        Hidden states of the merged sequence (padded rows are ignored).
    teacher : array, shape (n, d)
        Hidden states of the original sequence.
    mask : array of {0, 1}, shape (n,)
        The alignment mask of :func:`merge_tokens`.
    length : int, optional
        The merged length (default ``mask.sum()``); the code drops padded student rows by
        comparing with the pad id instead.

    Returns
    -------
    float
        Mean squared error, in squared hidden units per coordinate.
    """
    s = _hidden(student, "student", "mse_on_hiddens")
    t = _hidden(teacher, "teacher", "mse_on_hiddens")
    m = np.asarray(mask).ravel()
    if m.shape[0] != t.shape[0] or not np.all((m == 0) | (m == 1)):
        raise invalid("mask", "mse_on_hiddens", f"a 0/1 array of length {t.shape[0]}",
                      f"<shape {m.shape}>")
    K = int(m.sum()) if length is None else int(length)
    if K != int(m.sum()) or K > s.shape[0] or K < 1:
        raise invalid("length", "mse_on_hiddens", f"equal to mask.sum() = {int(m.sum())} and "
                      f"at most {s.shape[0]}", length)
    if s.shape[1] != t.shape[1]:
        raise invalid("student", "mse_on_hiddens", f"an array with {t.shape[1]} columns",
                      f"<shape {s.shape}>")
    diff = s[:K] - t[m == 1]
    return float(np.mean(diff * diff))


def _log_softmax(z: np.ndarray) -> np.ndarray:
    z = z - z.max(axis=1, keepdims=True)
    return z - np.log(np.exp(z).sum(axis=1, keepdims=True))


def kl_batchmean(student_logits, teacher_logits) -> float:
    r"""The code's "KL-on-logits" term: the mean over rows of KL(teacher ‖ student).

    .. math::

        \mathrm{KL} = \frac{1}{K}\sum_{k=1}^{K}\sum_{v} p^{t}_{kv}\,
        (\log p^{t}_{kv} - \log p^{s}_{kv}),\qquad p = \operatorname{softmax}(\text{logits}).

    ``torch.nn.functional.kl_div(log_softmax(student), log_softmax(teacher),
    reduction="batchmean", log_target=True)`` (``train_loop.py`` L271-L276 at ``ac9ef2c``):
    the first argument is the model's log-probabilities, the target the teacher's, so the
    divergence is teacher-to-student ("forward" KL), divided by the number of rows.

    Parameters
    ----------
    student_logits, teacher_logits : array, shape (K, V)
        Aligned rows of logits over the original vocabulary.

    Returns
    -------
    float
        nats per row.
    """
    s = _hidden(student_logits, "student_logits", "kl_batchmean")
    t = _hidden(teacher_logits, "teacher_logits", "kl_batchmean")
    if s.shape != t.shape:
        raise invalid("student_logits", "kl_batchmean", f"an array of shape {t.shape}",
                      f"<shape {s.shape}>")
    ls, lt = _log_softmax(s), _log_softmax(t)
    return float(np.sum(np.exp(lt) * (lt - ls)) / s.shape[0])


def ce_auto_weighted(distill_loss: float, ce_loss: float) -> tuple[float, float]:
    r"""The "CE-auto-weighted" combination (the paper's Token Distillation + α NTP).

    .. math::

        L = L_d + \alpha L_{CE},\qquad \alpha = \operatorname{sg}(L_d / L_{CE}),

    so the value is :math:`2L_d` and the gradient :math:`\nabla L_d + \alpha\nabla L_{CE}`
    (``train_loop.py`` L286-L289 at ``ac9ef2c``; ``.item()`` is the stop-gradient).

    Returns
    -------
    (value, alpha) : tuple of float
    """
    check_param("distill_loss", distill_loss, Interval(0, None), "ce_auto_weighted")
    check_param("ce_loss", ce_loss, Interval(0, None, closed="neither"), "ce_auto_weighted")
    alpha = distill_loss / ce_loss
    return distill_loss + alpha * ce_loss, alpha


def _table(E, caller: str) -> np.ndarray:
    a = np.asarray(E, dtype=np.float64)
    if a.ndim != 2 or a.shape[0] < 1 or not np.all(np.isfinite(a)):
        raise invalid("E", caller, "a finite 2-D embedding table (vocab, d)", f"<shape {a.shape}>")
    return a


def _subtokens(ids, V: int, caller: str) -> np.ndarray:
    t = np.asarray(ids).ravel()
    if t.size < 1 or t.dtype.kind not in "iu" or t.min() < 0 or t.max() >= V:
        raise invalid("ids", caller, f"a non-empty sequence of ids in [0, {V - 1}]",
                      np.asarray(ids).tolist())
    return t.astype(np.int64)


def fvt_init(E, ids) -> np.ndarray:
    r"""Fast Vocabulary Transfer: the mean of the subtoken embeddings.

    .. math:: e^*_0 = \frac{1}{n}\sum_{j=1}^{n} E_{t_j}

    (``tokdist.py`` L546-L547 at ``ac9ef2c``; the package's default ``pre_init_strategy``).

    Examples
    --------
    >>> import numpy as np
    >>> from theory.token_distill import fvt_init
    >>> E = np.arange(12.0).reshape(4, 3)
    >>> fvt_init(E, (1, 3))
    array([6., 7., 8.])
    >>> fvt_init(E, (1, 1, 3))
    array([5., 6., 7.])
    """
    E = _table(E, "fvt_init")
    t = _subtokens(ids, E.shape[0], "fvt_init")
    return E[t].mean(axis=0)


def adaptive_weights(n: int, which: str = "input") -> np.ndarray:
    r"""AdaptiVocab's position weights: :math:`\alpha_j \propto e^{2j}` for input embeddings,
    :math:`e^{-2j}` for output embeddings, :math:`j = 1..n`, normalised to sum 1
    (``tokdist.py`` L537-L545 at ``ac9ef2c``).

    Examples
    --------
    >>> import numpy as np
    >>> from theory.token_distill import adaptive_weights
    >>> np.round(adaptive_weights(3), 6)
    array([0.015876, 0.11731 , 0.866813])
    >>> np.round(adaptive_weights(3, "output"), 6)
    array([0.866813, 0.11731 , 0.015876])
    """
    check_param("n", n, Interval(1, None, integer=True), "adaptive_weights")
    check_param("which", which, Options("input", "output"), "adaptive_weights")
    j = np.arange(1, n + 1, dtype=np.float64)
    z = 2 * j if which == "input" else -2 * j
    z = z - z.max()
    w = np.exp(z)
    return w / w.sum()


def adaptive_init(E, ids, which: str = "input") -> np.ndarray:
    r"""AdaptiVocab's exponentially weighted mean of the subtoken embeddings.

    .. math:: e^*_0 = \sum_{j=1}^{n}\alpha_j E_{t_j},\quad
              \alpha_j = \frac{e^{\pm 2j}}{\sum_i e^{\pm 2i}}

    (+ for input, − for output; ``tokdist.py`` L537-L545 at ``ac9ef2c``).
    """
    E = _table(E, "adaptive_init")
    t = _subtokens(ids, E.shape[0], "adaptive_init")
    return adaptive_weights(t.size, which) @ E[t]


def random_init(E, rng) -> np.ndarray:
    r"""The random baseline: each coordinate drawn from :math:`N(\mu_c, \sigma_c^2)`, the mean
    and (unbiased) standard deviation of column :math:`c` of the embedding table
    (``paper/apply_embedding_init.py`` L404-L413 at ``ac9ef2c``)."""
    E = _table(E, "random_init")
    rng = np.random.default_rng(rng)
    return rng.normal(E.mean(axis=0), E.std(axis=0, ddof=1))
