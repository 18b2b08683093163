r"""The RWKV-6-style linear attention ("WKV") in three exact forms: recurrent (one event at a
time), parallel (all events at once, a masked attention matrix) and chunked (parallel inside
chunks, a carried state between them).

One head. Row vectors: the receptance :math:`r_t` and key :math:`k_t` have :math:`d_k`
entries, the value :math:`v_t` has :math:`d_v`; the decay :math:`w_t \in (0, 1]^{d_k}` acts
per key channel and may change at every event (data-dependent); the bonus :math:`u \in
\mathbb{R}^{d_k}` weights the current event. The recurrence is RWKV-6's published one (Peng et
al., *Eagle and Finch*, arXiv 2404.05892, §4); EVA (Hao et al., arXiv 2505.11165) is described by
its abstract as linear attention adapted from language modelling and by a public summary as
RWKV-6-based: EVA's own equations were not seen, so this is our reading.
"""

from __future__ import annotations

import numpy as np

from theory.validation import (
    Bool,
    Interval,
    InvalidParameterError,
    check_array,
    check_param,
    invalid,
)

_CALLERS = ("wkv_recurrent", "wkv_parallel", "wkv_chunked")
#: The largest (T, T, d_k) decay tensor the parallel form builds (and a chunked form's
#: (C, C, d_k) one): 10^8 entries, 0.8 GB in float64.
MAX_PARALLEL = 10**8


def _finite_out(o, caller):
    """The outputs if finite; else a clear error (finite inputs whose products overflow)."""
    if np.all(np.isfinite(o)):
        return o
    raise InvalidParameterError(
        f"The 'r', 'k', 'v', 'u' and 'state' parameters of {caller} (those given) must be "
        f"small enough that the outputs are finite in {o.dtype} (|o| <= "
        f"{np.finfo(o.dtype).max:.3g}). Got inputs whose outputs overflow instead; rescale them.")


def _same_rows(caller, **arrays):
    (a, A), *rest = arrays.items()
    for b, B in rest:
        if B.shape[0] != A.shape[0]:
            raise invalid(b, caller, f"an array with {A.shape[0]} rows (one per event, as "
                          f"{a!r})", f"<array of shape {B.shape}>")


def _float(a: np.ndarray) -> np.ndarray:
    return a if a.dtype in (np.float32, np.float64) else a.astype(np.float64)


def _inputs(r, k, v, w, u, state, caller):
    r = _float(check_array(r, "r", caller, ndim=2, min_rows=0, dtype=None))
    T, dk = r.shape
    k = _float(check_array(k, "k", caller, ndim=2, min_rows=0, dtype=None))
    v = _float(check_array(v, "v", caller, ndim=2, min_rows=0, dtype=None))
    w = _float(check_array(w, "w", caller, ndim=2, min_rows=0, dtype=None))
    u = _float(check_array(u, "u", caller, ndim=1, min_rows=0, dtype=None))
    if k.shape != (T, dk):
        raise invalid("k", caller, f"an array of shape {(T, dk)} (the shape of r)",
                      f"<array of shape {k.shape}>")
    if v.shape[0] != T:
        raise invalid("v", caller, f"an array with {T} rows (one per event, as r)",
                      f"<array of shape {v.shape}>")
    if w.shape != (T, dk):
        raise invalid("w", caller, f"an array of shape {(T, dk)} (the shape of r)",
                      f"<array of shape {w.shape}>")
    if w.size and not (np.all(w > 0) and np.all(w <= 1)):
        raise invalid("w", caller, "an array of decays in (0, 1]",
                      f"<array with values in [{w.min():.3g}, {w.max():.3g}]>")
    if u.shape != (dk,):
        raise invalid("u", caller, f"an array of shape {(dk,)}", f"<array of shape {u.shape}>")
    dt = np.result_type(r, k, v, w, u)
    if state is None:
        S = np.zeros((dk, v.shape[1]), dtype=dt)
    else:
        S = _float(check_array(state, "state", caller, ndim=2, dtype=None))
        if S.shape != (dk, v.shape[1]):
            raise invalid("state", caller, f"an array of shape {(dk, v.shape[1])}",
                          f"<array of shape {S.shape}>")
        dt = np.result_type(dt, S)
    return (r.astype(dt, copy=False), k.astype(dt, copy=False), v.astype(dt, copy=False),
            w.astype(dt, copy=False), u.astype(dt, copy=False), S.astype(dt, copy=True))


def wkv_recurrent(r, k, v, w, u, state=None, *, return_state: bool = False):
    r"""The WKV outputs computed one event at a time (the asynchronous, event-by-event form).

    .. math::

        o_t = r_t\,\bigl(S_{t-1} + \operatorname{diag}(u)\,k_t^\top v_t\bigr), \qquad
        S_t = \operatorname{diag}(w_t)\,S_{t-1} + k_t^\top v_t,

    with :math:`S_0` = ``state`` (zero by default). Each step costs the same whatever the
    history (:func:`theory.eva.per_event_flops`); the state :math:`S_t \in \mathbb{R}^{d_k
    \times d_v}` is the feature an A2S encoder holds after event :math:`t`.

    Parameters
    ----------
    r, k : array of shape (T, d_k)
        Receptances and keys, one row per event (dimensionless).
    v : array of shape (T, d_v)
        Values.
    w : array of shape (T, d_k)
        Per-event, per-channel decays in (0, 1].
    u : array of shape (d_k,)
        Bonus of the current event.
    state : array of shape (d_k, d_v), optional
        The state before the first event.
    return_state : bool
        Also return :math:`S_T`.

    Returns
    -------
    o : array of shape (T, d_v), or (o, S_T)
        In the inputs' floating dtype (float32 stays float32).

    Notes
    -----
    RWKV-6 recurrence (arXiv 2404.05892, §4); for EVA (arXiv 2505.11165) our reading.

    Examples
    --------
    >>> import numpy as np
    >>> from theory.eva import wkv_parallel, wkv_recurrent
    >>> rng = np.random.default_rng(0)
    >>> r, k, v = rng.normal(size=(16, 4)), rng.normal(size=(16, 4)), rng.normal(size=(16, 3))
    >>> w, u = rng.uniform(0.5, 1.0, size=(16, 4)), rng.normal(size=4)
    >>> o = wkv_recurrent(r, k, v, w, u)
    >>> o.shape, bool(np.abs(o - wkv_parallel(r, k, v, w, u)).max() < 1e-12)
    ((16, 3), True)
    """
    _flags(return_state, "wkv_recurrent")
    r, k, v, w, u, S = _inputs(r, k, v, w, u, state, "wkv_recurrent")
    T = r.shape[0]
    o = np.empty((T, v.shape[1]), dtype=S.dtype)
    with np.errstate(over="ignore", invalid="ignore"):
        for t in range(T):
            kv = np.outer(k[t], v[t])
            o[t] = r[t] @ S + (r[t] * u * k[t]).sum() * v[t]
            S = w[t][:, None] * S + kv
    _finite_out(o, "wkv_recurrent")
    return (o, _finite_out(S, "wkv_recurrent")) if return_state else o


def _flags(return_state, caller):
    check_param("return_state", return_state, Bool(), caller)


def wkv_parallel(r, k, v, w, u, state=None, *, return_state: bool = False):
    r"""The WKV outputs of all events at once (the parallel, training form).

    With the cumulative log-decay :math:`L_t = \sum_{j \le t} \log w_j` (:math:`L_0 = 0`),

    .. math::

        o_t = \sum_{i<t} \sum_c r_{t,c}\,k_{i,c}\,e^{L_{t-1,c} - L_{i,c}}\,v_i
              + (r_t \odot u \odot k_t)\,\mathbf 1\; v_t
              + r_t \operatorname{diag}(e^{L_{t-1}})\,S_0,

    a causal attention matrix whose entries decay with the events in between. Only
    differences :math:`L_{t-1} - L_i \le 0` are exponentiated, so long streams do not overflow.
    Memory :math:`O(T^2 d_k)`.

    Parameters and returns as :func:`wkv_recurrent`.
    """
    _flags(return_state, "wkv_parallel")
    r, k, v, w, u, S0 = _inputs(r, k, v, w, u, state, "wkv_parallel")
    T, dk = r.shape
    if T * T * dk > MAX_PARALLEL:
        raise invalid("r", "wkv_parallel", f"at most {MAX_PARALLEL} entries T²·d_k in the "
                      "parallel form's decay tensor (use wkv_chunked)", f"<array of shape {r.shape}>")
    with np.errstate(over="ignore", invalid="ignore"):
        out = _parallel(r, k, v, w, u, S0, return_state)
    for a in (out if return_state else (out,)):
        _finite_out(a, "wkv_parallel")
    return out


def _parallel(r, k, v, w, u, S0, return_state):
    T, dk = r.shape
    if T == 0:
        o = np.empty((0, v.shape[1]), dtype=S0.dtype)
        return (o, S0) if return_state else o
    L = np.cumsum(np.log(w), axis=0)                                  # L_1..L_T
    Lprev = np.vstack([np.zeros((1, dk), dtype=L.dtype), L[:-1]])     # L_0..L_{T-1}
    t_idx, i_idx = np.arange(T)[:, None], np.arange(T)[None, :]
    expo = Lprev[:, None, :] - L[None, :, :]                          # (t, i, c)
    expo = np.where((i_idx < t_idx)[:, :, None], expo, -np.inf)
    A = np.einsum("tc,ic,tic->ti", r, k, np.exp(expo))
    o = A @ v + (r * u * k).sum(axis=1)[:, None] * v + (r * np.exp(Lprev)) @ S0
    if not return_state:
        return o
    S_T = np.exp(L[-1])[:, None] * S0 + (k * np.exp(L[-1][None, :] - L)).T @ v
    return o, S_T


def wkv_chunked(r, k, v, w, u, state=None, *, chunk: int = 16, return_state: bool = False):
    r"""The WKV outputs in chunks of ``chunk`` events: the parallel form inside each chunk and
    the state carried from one chunk to the next.

    For a chunk starting at event :math:`s` with carried state :math:`S_{s-1}` and cumulative
    log-decay :math:`\Lambda_t = \sum_{s \le j \le t} \log w_j` inside the chunk,

    .. math::

        o_t = r_t \operatorname{diag}(e^{\Lambda_{t-1}})\,S_{s-1}
              + \sum_{s \le i < t} \sum_c r_{t,c}\,k_{i,c}\,e^{\Lambda_{t-1,c} - \Lambda_{i,c}}\,v_i
              + (r_t \odot u \odot k_t)\,\mathbf 1\; v_t,

    and :math:`S_{e} = \operatorname{diag}(e^{\Lambda_e}) S_{s-1} + \sum_{s \le i \le e}
    \operatorname{diag}(e^{\Lambda_e - \Lambda_i}) k_i^\top v_i` at the chunk's end :math:`e`.
    Memory :math:`O(C^2 d_k)`, sequential steps :math:`\lceil T/C \rceil`; ``chunk = 1`` is the
    recurrent form and ``chunk >= T`` the parallel one.

    Parameters
    ----------
    chunk : int
        Events per chunk, >= 1 (the last chunk may be shorter).

    Other parameters and returns as :func:`wkv_recurrent`.
    """
    check_param("chunk", chunk, Interval(1, None, integer=True), "wkv_chunked")
    _flags(return_state, "wkv_chunked")
    r, k, v, w, u, S = _inputs(r, k, v, w, u, state, "wkv_chunked")
    T, dk = r.shape
    chunk = int(chunk)
    if min(chunk, T) ** 2 * dk > MAX_PARALLEL:
        raise invalid("chunk", "wkv_chunked", f"small enough that chunk²·d_k <= {MAX_PARALLEL} "
                      f"(d_k = {dk})", chunk)
    outs = []
    with np.errstate(over="ignore", invalid="ignore"):
        for s in range(0, T, chunk):
            e = min(T, s + chunk)
            o, S = _parallel(r[s:e], k[s:e], v[s:e], w[s:e], u, S, True)
            outs.append(o)
    o = np.vstack(outs) if outs else np.empty((0, v.shape[1]), dtype=S.dtype)
    _finite_out(o, "wkv_chunked")
    return (o, _finite_out(S, "wkv_chunked")) if return_state else o


def causal_linear_attention(r, k, v):
    r"""Unnormalised causal linear attention :math:`o_t = \sum_{i \le t} (r_t \cdot k_i)\,v_i`
    as an explicit masked matrix product (the special case :math:`w \equiv 1, u \equiv 1` of
    :func:`wkv_recurrent`; Katharopoulos et al., arXiv 2006.16236, without the normaliser).

    Parameters
    ----------
    r, k : array of shape (T, d_k)
    v : array of shape (T, d_v)

    Returns
    -------
    array of shape (T, d_v)
    """
    r, k, v = _rkv(r, k, v, "causal_linear_attention")
    with np.errstate(over="ignore", invalid="ignore"):
        return _finite_out(np.tril(r @ k.T) @ v, "causal_linear_attention")


def _rkv(r, k, v, caller):
    r = check_array(r, "r", caller)
    k = check_array(k, "k", caller)
    v = check_array(v, "v", caller)
    if k.shape != r.shape:
        raise invalid("k", caller, f"an array of shape {r.shape} (the shape of 'r': one row per "
                      "event, d_k columns)", f"<array of shape {k.shape}>")
    _same_rows(caller, r=r, v=v)
    if r.shape[0] ** 2 > MAX_PARALLEL:
        raise invalid("r", caller, f"at most {int(MAX_PARALLEL ** 0.5)} rows (a T × T attention "
                      "matrix)", f"<array of shape {r.shape}>")
    return r, k, v


def retention(r, k, v, gamma: float):
    r"""RetNet-style retention :math:`o_t = \sum_{i<t} \gamma^{t-1-i}(r_t\cdot k_i)\,v_i +
    (r_t \cdot k_t)\,v_t` with one constant decay :math:`\gamma \in (0, 1]`: the special case
    :math:`w \equiv \gamma, u \equiv 1` of :func:`wkv_recurrent`, as an explicit matrix with
    entries :math:`\gamma^{t-1-i}` (Sun et al., arXiv 2307.08621, with RWKV's offset of one).

    Parameters
    ----------
    r, k : array of shape (T, d_k)
    v : array of shape (T, d_v)
    gamma : float in (0, 1]

    Returns
    -------
    array of shape (T, d_v)
    """
    check_param("gamma", gamma, Interval(0, 1, "right"), "retention")
    r, k, v = _rkv(r, k, v, "retention")
    T = r.shape[0]
    t, i = np.arange(T)[:, None], np.arange(T)[None, :]
    D = np.where(i < t, float(gamma) ** np.maximum(t - 1 - i, 0), 0.0) + np.eye(T)
    with np.errstate(over="ignore", invalid="ignore"):
        return _finite_out(((r @ k.T) * D) @ v, "retention")
