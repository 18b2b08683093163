r"""Arithmetic cost of the WKV forms: closed forms, and the same schedules executed scalar by
scalar with a counter (the independent reference the closed forms are checked against).

Every multiplication, addition, subtraction, logarithm and exponential counts as one floating
point operation (FLOP); an accumulator that starts at 0 counts each of its additions.
"""

from __future__ import annotations

import math

import numpy as np

from theory.validation import Interval, check_param, invalid

_POS = Interval(1, None, integer=True)


def per_event_flops(d_k: int, d_v: int, heads: int = 1) -> int:
    r"""FLOPs of one recurrent WKV step (one event), for ``heads`` heads.

    .. math::

        F_\text{event} = H\,(5\,d_k d_v + 3\,d_k + 2\,d_v)

    per the schedule of :func:`theory.eva.wkv_recurrent`: the read-out :math:`r_t S_{t-1}`
    (:math:`2 d_k d_v`), the bonus :math:`(r_t \odot u \odot k_t)\mathbf 1` (:math:`3 d_k`) and
    its product with :math:`v_t` added in (:math:`2 d_v`), and the update
    :math:`w_t \odot S + k_t^\top v_t` (:math:`3 d_k d_v`). It does not depend on how many events
    came before: the per-event cost of the asynchronous form is constant (EVA, arXiv
    2505.11165, abstract: event-by-event updates; the count is ours).

    Parameters
    ----------
    d_k, d_v : int >= 1
        Key and value width of a head.
    heads : int >= 1

    Returns
    -------
    int (FLOPs per event)

    Examples
    --------
    >>> from theory.eva import per_event_flops
    >>> per_event_flops(8, 8), per_event_flops(64, 64, heads=4)
    (360, 83200)
    """
    for name, val in (("d_k", d_k), ("d_v", d_v), ("heads", heads)):
        check_param(name, val, _POS, "per_event_flops")
    # Python ints: numpy's int64 would wrap silently at 2^63
    d_k, d_v, heads = int(d_k), int(d_v), int(heads)
    return heads * (5 * d_k * d_v + 3 * d_k + 2 * d_v)


def parallel_flops(T: int, d_k: int, d_v: int) -> int:
    r"""FLOPs of the parallel (masked attention) form over ``T`` events, one head, zero
    initial state, per the schedule of :func:`count_parallel`.

    .. math::

        F_\text{par}(T) = T d_k + (T-1) d_k + \tfrac{T(T-1)}{2}\,(5 d_k + 2 d_v)
                          + T\,(3 d_k + 2 d_v)

    (logarithms, cumulative sum, each causal pair's decayed score and weighted value, the
    bonus): quadratic in :math:`T`, against :math:`T\,F_\text{event}` for the recurrent form.

    Parameters
    ----------
    T, d_k, d_v : int >= 1

    Returns
    -------
    int (FLOPs)
    """
    for name, val in (("T", T), ("d_k", d_k), ("d_v", d_v)):
        check_param(name, val, _POS, "parallel_flops")
    T, d_k, d_v = int(T), int(d_k), int(d_v)
    return T * d_k + (T - 1) * d_k + T * (T - 1) // 2 * (5 * d_k + 2 * d_v) + T * (3 * d_k + 2 * d_v)


def layer_flops_per_event(d: int, d_head: int, ffn_mult: float = 3.5) -> int:
    r"""Our estimate of one RWKV-6-style layer's FLOPs per event at width ``d``.

    .. math::

        F_\text{layer} = 2 \cdot 5 d^2 + 2\,(2 m d^2 + d^2) + \tfrac{d}{d_h}\,F_\text{event}(d_h, d_h)

    five :math:`d \times d` projections of the time mix (r, k, v, gate, output), the channel mix
    (key :math:`d \to md`, value :math:`md \to d`, receptance :math:`d \to d`, :math:`m` =
    ``ffn_mult``), and the WKV of :math:`d/d_h` heads. Norms, token shift and the decay's
    low-rank projection are left out. Not from the paper (its cost numbers were not seen).

    Parameters
    ----------
    d : int >= 1
        Model width; a multiple of ``d_head``.
    d_head : int >= 1
    ffn_mult : float > 0

    Returns
    -------
    int (FLOPs per event and layer)
    """
    check_param("d", d, _POS, "layer_flops_per_event")
    check_param("d_head", d_head, Interval(1, d, integer=True), "layer_flops_per_event")
    check_param("ffn_mult", ffn_mult, Interval(0, None, "neither"), "layer_flops_per_event")
    d, d_head = int(d), int(d_head)
    if d % d_head:
        raise invalid("d_head", "layer_flops_per_event", f"a divisor of d = {d} (an int in [1, {d}])",
                      d_head)
    if not math.isfinite(float(ffn_mult) * d):
        raise invalid("ffn_mult", "layer_flops_per_event", f"a float > 0 with ffn_mult·d finite "
                      f"(d = {d})", ffn_mult)
    hidden = round(float(ffn_mult) * d)
    return 10 * d * d + 2 * (2 * hidden * d + d * d) + (d // d_head) * per_event_flops(d_head, d_head)


class Counter:
    """A FLOP counter for the scalar reference schedules."""

    def __init__(self):
        self.n = 0

    def add(self, a, b):
        self.n += 1
        return a + b

    def sub(self, a, b):
        self.n += 1
        return a - b

    def mul(self, a, b):
        self.n += 1
        return a * b

    def exp(self, a):
        self.n += 1
        return math.exp(a)

    def log(self, a):
        self.n += 1
        return math.log(a)


def count_step(S, r, k, v, w, u, counter: Counter):
    """One recurrent step in scalar Python, counting every operation; returns (o, new S)."""
    dk, dv = len(k), len(v)
    c = counter
    o = []
    for j in range(dv):
        acc = 0.0
        for a in range(dk):
            acc = c.add(acc, c.mul(r[a], S[a][j]))
        o.append(acc)
    b = 0.0
    for a in range(dk):
        b = c.add(b, c.mul(c.mul(r[a], u[a]), k[a]))
    o = [c.add(o[j], c.mul(b, v[j])) for j in range(dv)]
    S = [[c.add(c.mul(w[a], S[a][j]), c.mul(k[a], v[j])) for j in range(dv)] for a in range(dk)]
    return o, S


def count_recurrent(r, k, v, w, u):
    """The recurrent form in scalar Python; returns (outputs, FLOPs of each step)."""
    r, k, v, w, u = (np.asarray(x, dtype=np.float64).tolist() for x in (r, k, v, w, u))
    dk, dv = len(u), len(v[0])
    S = [[0.0] * dv for _ in range(dk)]
    outs, per_step = [], []
    for t in range(len(r)):
        c = Counter()
        o, S = count_step(S, r[t], k[t], v[t], w[t], u, c)
        outs.append(o)
        per_step.append(c.n)
    return np.array(outs), per_step


def count_parallel(r, k, v, w, u):
    """The parallel form in scalar Python (zero initial state); returns (outputs, FLOPs)."""
    r, k, v, w, u = (np.asarray(x, dtype=np.float64).tolist() for x in (r, k, v, w, u))
    T, dk, dv = len(r), len(u), len(v[0])
    c = Counter()
    logw = [[c.log(w[t][a]) for a in range(dk)] for t in range(T)]
    L = [logw[0]]
    for t in range(1, T):
        L.append([c.add(L[-1][a], logw[t][a]) for a in range(dk)])
    outs = []
    for t in range(T):
        o = [0.0] * dv
        for i in range(t):
            s = 0.0
            for a in range(dk):
                d = c.exp(c.sub(L[t - 1][a], L[i][a]))
                s = c.add(s, c.mul(c.mul(r[t][a], k[i][a]), d))
            o = [c.add(o[j], c.mul(s, v[i][j])) for j in range(dv)]
        b = 0.0
        for a in range(dk):
            b = c.add(b, c.mul(c.mul(r[t][a], u[a]), k[t][a]))
        o = [c.add(o[j], c.mul(b, v[t][j])) for j in range(dv)]
        outs.append(o)
    return np.array(outs), c.n
