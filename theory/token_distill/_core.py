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
from numbers import Integral

import numpy as np

from theory.validation import Interval, Options, check_param, check_rng, invalid

#: Longest phrase (subtoken count) :func:`adaptive_weights` builds weights for.
MAX_PHRASE = 10**6


def _is_id(v) -> bool:
    return isinstance(v, Integral | np.integer) and not isinstance(v, bool | np.bool_)


def _id_seq(x, name: str, caller: str, *, low=0, shown=None, what=None) -> list[int]:
    """A non-empty 1-D sequence of ints >= ``low`` as Python ints. Floats are refused, not
    truncated (5.7 would become id 5); bools are not ids; a 2-D array is refused, not
    flattened (two snippets would run together into one)."""
    what = what or (f"a non-empty 1-D sequence of ints >= {low}" if low is not None else
                    "a non-empty 1-D sequence of ints")
    try:
        raw = x if isinstance(x, np.ndarray) else np.asarray(x, dtype=object)
    except (TypeError, ValueError):
        raise invalid(name, caller, what, f"<{type(x).__name__}>") from None
    if raw.ndim != 1 or raw.size == 0:
        raise invalid(name, caller, what, shown or f"<array of shape {raw.shape}>")
    if raw.dtype.kind not in "iuO":
        raise invalid(name, caller, what, shown or f"<array of {raw.dtype}, shape {raw.shape}>")
    vals = raw.tolist()
    bad = next((v for v in vals if not _is_id(v)), None) if raw.dtype.kind == "O" else None
    if bad is not None:
        raise invalid(name, caller, what, shown or f"<sequence holding {bad!r} "
                      f"({type(bad).__name__})>")
    vals = [int(v) for v in vals]
    if low is not None and min(vals) < low:
        raise invalid(name, caller, what, shown or f"<sequence holding {min(vals)}>")
    return vals


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
    """``{tuple of ids >= 0: new id}``: each phrase a non-empty sequence of ints >= 0, each new
    id an int (any sign: a placeholder such as -2 is allowed), distinct across phrases and
    different from every subtoken id (else a merged sequence could not be expanded back)."""
    if not isinstance(phrases, dict) or not phrases:
        raise invalid("phrases", caller, "a non-empty dict {tuple of ids: new id}",
                      f"<{type(phrases).__name__}>" if not isinstance(phrases, dict) else "{}")
    out = {}
    for p, nid in phrases.items():
        t = tuple(_id_seq(p, "phrases", caller, shown=f"<phrase {p!r}>",
                          what="a dict whose phrases are non-empty sequences of ids >= 0"))
        if not _is_id(nid):
            raise invalid("phrases", caller, "a dict whose new ids are ints",
                          f"<{{{p!r}: {nid!r}}}>")
        out[t] = int(nid)
    new = list(out.values())
    if len(set(new)) != len(new):
        dup = next(v for v in new if new.count(v) > 1)
        raise invalid("phrases", caller, "a dict with one distinct new id per phrase",
                      f"<new id {dup} given to {new.count(dup)} phrases>")
    sub = {x for t in out for x in t}
    clash = sorted(set(new) & sub)
    if clash:
        raise invalid("phrases", caller, "a dict whose new ids differ from every subtoken id",
                      f"<new id {clash[0]} is also a subtoken id>")
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
        The original tokenisation of one snippet: a non-empty 1-D sequence of ids >= 0 (floats,
        bools and 2-D arrays are refused, not truncated or flattened), none of them a new id.
    phrases : dict {tuple of int: int}
        Each new phrase (its original subtoken ids, ints >= 0) and its new id: distinct across
        phrases, and never an ordinary id (a subtoken id or an id of ``ids``). A new id may be
        negative (a placeholder).
    pad : int
        Right-padding id of the merged sequence (the code's ``pad_token_id``; any int).

    Returns
    -------
    Merge
    """
    table = _phrase_table(phrases, "merge_tokens")
    seq = _id_seq(ids, "ids", "merge_tokens")
    if not _is_id(pad):
        raise invalid("pad", "merge_tokens", "an int", pad)
    clash = sorted(set(table.values()) & set(seq))
    if clash:
        raise invalid("phrases", "merge_tokens", "a dict whose new ids do not occur in 'ids' "
                      "(a merged id would be indistinguishable from an ordinary one)",
                      f"<new id {clash[0]} occurs in ids>")
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
    try:
        raw = np.asarray(h)
        a = np.asarray(raw if raw.dtype.kind not in "bcUS" else [], dtype=np.float64)
    except (TypeError, ValueError):
        raise invalid(name, caller, "a finite 2-D array (positions, dims)",
                      f"<{type(h).__name__}>") from None
    if (raw.dtype.kind in "bcUS" or a.ndim != 2 or min(a.shape, default=0) < 1
            or not np.all(np.isfinite(a))):
        raise invalid(name, caller, "a finite 2-D array of real numbers (positions, dims), "
                      "with at least one row and one column",
                      f"<array of {raw.dtype}, shape {raw.shape}>")
    return a


def _mean_square(diff_half: np.ndarray, caller: str) -> float:
    """``mean((2 h)^2)`` from ``h = diff / 2`` without overflow in the squares: scaled by the
    largest |h| first. Raises when the mean itself exceeds the float64 range."""
    c = float(np.max(np.abs(diff_half)))
    if c == 0:
        return 0.0
    r = float(np.mean((diff_half / c) ** 2))
    with np.errstate(over="ignore"):
        out = (2 * c * np.sqrt(r)) ** 2
    if not np.isfinite(out):
        raise ValueError(f"{caller}: the mean squared error exceeds the float64 range "
                         f"(~1.8e308); rescale the hidden states.")
    return float(out)


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
        comparing with the pad id instead. An int (not a float or a bool) when given.

    Returns
    -------
    float
        Mean squared error, in squared hidden units per coordinate.
    """
    s = _hidden(student, "student", "mse_on_hiddens")
    t = _hidden(teacher, "teacher", "mse_on_hiddens")
    m = np.asarray(mask)
    if m.ndim != 1 or m.dtype.kind not in "biuf":
        raise invalid("mask", "mse_on_hiddens", f"a 0/1 array of length {t.shape[0]}",
                      f"<array of {m.dtype}, shape {m.shape}>")
    if m.shape[0] != t.shape[0] or not np.all((m == 0) | (m == 1)):
        raise invalid("mask", "mse_on_hiddens", f"a 0/1 array of length {t.shape[0]}",
                      f"<shape {m.shape}>")
    if length is not None and not _is_id(length):
        raise invalid("length", "mse_on_hiddens", f"None or an int equal to mask.sum() = "
                      f"{int(m.sum())}", length)
    K = int(m.sum()) if length is None else int(length)
    if K != int(m.sum()) or K > s.shape[0] or K < 1:
        raise invalid("length", "mse_on_hiddens", f"equal to mask.sum() = {int(m.sum())} and "
                      f"at most {s.shape[0]}", length)
    if s.shape[1] != t.shape[1]:
        raise invalid("student", "mse_on_hiddens", f"an array with {t.shape[1]} columns",
                      f"<shape {s.shape}>")
    with np.errstate(over="ignore", invalid="ignore"):
        diff = s[:K] - t[m == 1]
        out = float(np.mean(diff * diff))
    if np.isfinite(out):
        return out
    # a square (or the difference) overflowed: halve (exact), scale, then square
    return _mean_square(s[:K] / 2 - t[m == 1] / 2, "mse_on_hiddens")


def _half_shifted(z: np.ndarray) -> np.ndarray:
    """``(z − max z) / 2`` per row, computed as ``z/2 − max/2``: never overflows, even for
    logits of ±1e308 whose spread exceeds the float64 range (halving is exact)."""
    return z / 2 - z.max(axis=1, keepdims=True) / 2


def _log_softmax_parts(z: np.ndarray):
    """The half-shifted logits ``h`` and the log-normaliser ``lse``: log-softmax = 2h − lse
    (``2h`` is ``z − max z`` bit for bit where it does not overflow)."""
    h = _half_shifted(z)
    with np.errstate(over="ignore"):
        lse = np.log(np.exp(2 * h).sum(axis=1, keepdims=True))
    return h, lse


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
        nats per row; 0 for equal inputs, whatever their scale (log-sum-exp after a shift by the
        row maximum, the shift taken in halves so that logits of ±1e308 do not overflow;
        entries of teacher probability 0 contribute 0). A KL above the float64 range
        raises ``ValueError`` rather than returning inf.
    """
    s = _hidden(student_logits, "student_logits", "kl_batchmean")
    t = _hidden(teacher_logits, "teacher_logits", "kl_batchmean")
    if s.shape != t.shape:
        raise invalid("student_logits", "kl_batchmean", f"an array of shape {t.shape} (that of "
                      "'teacher_logits')", f"<shape {s.shape}>")
    hs, lse_s = _log_softmax_parts(s)
    ht, lse_t = _log_softmax_parts(t)
    with np.errstate(over="ignore", invalid="ignore"):
        ls, lt = 2 * hs - lse_s, 2 * ht - lse_t
        diff = lt - ls
        # where 2h overflowed (a spread beyond 1.8e308), take the difference in halves first
        bad = ~np.isfinite(diff)
        diff[bad] = (2 * (ht - hs) - (lse_t - lse_s))[bad]
    pt = np.exp(lt)
    with np.errstate(over="ignore", invalid="ignore"):
        terms = np.where(pt > 0, pt * diff, 0.0)
    out = float(np.sum(terms) / s.shape[0])
    if not np.isfinite(out):
        raise ValueError("kl_batchmean: the KL divergence of these logits exceeds the float64 "
                         "range (~1.8e308 nats per row)")
    return out


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
    value = distill_loss + alpha * ce_loss
    if not (np.isfinite(alpha) and np.isfinite(value)):
        raise ValueError(f"ce_auto_weighted: alpha = distill_loss / ce_loss or the value "
                         f"2·distill_loss exceeds the float64 range (distill_loss = "
                         f"{distill_loss!r}, ce_loss = {ce_loss!r})")
    return value, alpha


def _table(E, caller: str, min_rows: int = 1) -> np.ndarray:
    try:
        raw = np.asarray(E)
        a = np.asarray(raw if raw.dtype.kind not in "bcUS" else [], dtype=np.float64)
    except (TypeError, ValueError):
        raise invalid("E", caller, "a finite 2-D embedding table (vocab, d)",
                      f"<{type(E).__name__}>") from None
    if (raw.dtype.kind in "bcUS" or a.ndim != 2 or a.shape[0] < min_rows or a.shape[1] < 1
            or not np.all(np.isfinite(a))):
        raise invalid("E", caller, f"a finite 2-D embedding table of real numbers (vocab, d) "
                      f"with at least {min_rows} row(s) and one column",
                      f"<array of {raw.dtype}, shape {raw.shape}>")
    return a


def _subtokens(ids, V: int, caller: str) -> np.ndarray:
    t = _id_seq(ids, "ids", caller)
    if max(t) >= V:
        raise invalid("ids", caller, f"a non-empty 1-D sequence of ids in [0, {V - 1}]",
                      f"<sequence holding {max(t)}>")
    return np.asarray(t, dtype=np.int64)


def _column_stat(X: np.ndarray, f, caller: str) -> np.ndarray:
    """``f(X)`` (a column mean or std); where it overflows, ``c · f(X / c)`` with ``c`` the
    largest |entry| of each column. Raises when the statistic exceeds the float64 range."""
    with np.errstate(over="ignore", invalid="ignore"):
        out = f(X)
    if np.all(np.isfinite(out)):
        return out
    c = np.max(np.abs(X), axis=0)
    c[c == 0] = 1.0
    with np.errstate(over="ignore", invalid="ignore"):
        out = c * f(X / c)
    if not np.all(np.isfinite(out)):
        raise ValueError(f"{caller}: a column statistic of the embedding table exceeds the "
                         f"float64 range (~1.8e308); rescale 'E'.")
    return out


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
    return _column_stat(E[t], lambda X: X.mean(axis=0), "fvt_init")


def adaptive_weights(n: int, which: str = "input") -> np.ndarray:
    r"""AdaptiVocab's position weights: :math:`\alpha_j \propto e^{2j}` for input embeddings,
    :math:`e^{-2j}` for output embeddings, :math:`j = 1..n`, normalised to sum 1
    (``tokdist.py`` L537-L545 at ``ac9ef2c``). ``1 <= n <= MAX_PHRASE``.

    Examples
    --------
    >>> import numpy as np
    >>> from theory.token_distill import adaptive_weights
    >>> np.round(adaptive_weights(3), 6)
    array([0.015876, 0.11731 , 0.866813])
    >>> np.round(adaptive_weights(3, "output"), 6)
    array([0.866813, 0.11731 , 0.015876])
    """
    check_param("n", n, Interval(1, MAX_PHRASE, integer=True), "adaptive_weights")
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
    w = adaptive_weights(t.size, which)
    return _column_stat(E[t], lambda X: w @ X, "adaptive_init")


def random_init(E, rng) -> np.ndarray:
    r"""The random baseline: each coordinate drawn from :math:`N(\mu_c, \sigma_c^2)`, the mean
    and (unbiased) standard deviation of column :math:`c` of the embedding table
    (``paper/apply_embedding_init.py`` L404-L413 at ``ac9ef2c``).

    ``E`` needs at least two rows (the unbiased standard deviation of one row is undefined);
    ``rng`` is None, a seed >= 0 or a numpy Generator."""
    E = _table(E, "random_init", min_rows=2)
    rng = check_rng(rng, "rng", "random_init")
    mu = _column_stat(E, lambda X: X.mean(axis=0), "random_init")
    sd = _column_stat(E, lambda X: X.std(axis=0, ddof=1), "random_init")
    return rng.normal(mu, sd)
