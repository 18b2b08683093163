r"""Event tokens and hand-made event representations, and which of them are linear-attention
states.

An event stream is an array of shape (N, 4) with columns (t, x, y, p): time (any unit, the
same as ``tau``), column x in [0, W), row y in [0, H), polarity p in {0, 1}; times
non-decreasing. Representations have shape (2, H, W), indexed (p, y, x).

A representation is an exact *linear-attention state* when the WKV recurrence of
:func:`theory.eva.wkv_recurrent`, with keys, values and decays computed from each event alone
(and its time since the previous event), ends in a state equal to it. The event-count image and
the exponentially decayed count image are such states (one-hot keys, unit values, decay 1 or
:math:`e^{-\Delta t/\tau}`); the time surface is not: it forgets a pixel's earlier events at
every new one, which needs a decay of 0 (:func:`reset_state` approaches it as
:math:`\varepsilon \to 0`).
"""

from __future__ import annotations

import numpy as np

from theory.eva._wkv import wkv_recurrent
from theory.validation import (
    Interval,
    Options,
    check_array,
    check_int,
    check_param,
    check_rng,
    invalid,
)

#: The largest patch side :func:`event_ids` accepts: ids up to 2·P² stay far inside int64.
MAX_PATCH = 2**20
#: The largest sensor (H·W pixels) a representation is built for: 2·H·W float64 values, 1 GiB.
MAX_PIXELS = 2**26
#: The largest one-hot key matrix (events × 2·H·W channels) the WKV-state forms build.
MAX_ONEHOT = 10**8
#: The longest stream :func:`random_events` draws.
MAX_EVENTS = 10**7

_POS_INT = Interval(1, MAX_PATCH, integer=True)
_TAU = Interval(0, None, "neither")


def _check_coords(p, y, x, patch, caller):
    check_param("patch", patch, _POS_INT, caller)
    patch = int(patch)
    arrs = []
    for name, a, hi in (("p", p, 2), ("y", y, patch), ("x", x, patch)):
        a = np.asarray(a)
        if a.dtype.kind == "b" or (a.dtype.kind == "O" and any(
                isinstance(v, bool | np.bool_) for v in a.ravel())):
            raise invalid(name, caller, f"an array of integers in [0, {hi}), not bools",
                          f"<array of dtype {a.dtype}>")
        if a.dtype.kind not in "iu":
            if (a.dtype.kind == "f" and np.all(np.isfinite(a)) and np.all(a == np.round(a))
                    and (a.size == 0 or (a.min() >= 0 and a.max() < hi))):
                a = a.astype(np.int64)
            else:
                raise invalid(name, caller, "an array of integers", f"<array of dtype {a.dtype}>")
        if a.size and (a.min() < 0 or a.max() >= hi):
            raise invalid(name, caller, f"an array of integers in [0, {hi})",
                          f"<array with values in [{a.min()}, {a.max()}]>")
        arrs.append(a.astype(np.int64))
    return np.broadcast_arrays(*arrs)


def event_ids(p, y, x, patch: int):
    r"""Token id of an event from its polarity and its position inside a ``patch`` × ``patch``
    patch: a bijection onto :math:`\{0, \dots, 2P^2 - 1\}`.

    .. math::

        \operatorname{id}(p, y, x) = p\,P^2 + y\,P + x

    (mixed radix (2, P, P)). The first author's earlier public code
    (haohq19/multi-representation-ssl, ``models/event_tokenizer/event_tokenizer.py``) builds a
    vocabulary of :math:`2P^2` but computes :math:`pP + yP + x` (:func:`event_ids_precursor`),
    which collides.

    Parameters
    ----------
    p : array of int in {0, 1}
    y, x : array of int in [0, patch)
        Row and column inside the patch.
    patch : int >= 1
        Patch side P in pixels.

    Returns
    -------
    array of int64, the broadcast shape of p, y, x
    """
    p, y, x = _check_coords(p, y, x, patch, "event_ids")
    return p * patch * patch + y * patch + x


def event_ids_precursor(p, y, x, patch: int):
    r"""The token id of the first author's earlier code, :math:`pP + yP + x` (transcribed from
    haohq19/multi-representation-ssl@a79549f, ``models/event_tokenizer/event_tokenizer.py``,
    line 27). It maps :math:`(1, y, x)` and :math:`(0, y+1, x)` to one id and reaches only
    :math:`P^2 + P` of its :math:`2P^2` embedding rows. Kept to show the collision.

    Parameters and returns as :func:`event_ids`.
    """
    p, y, x = _check_coords(p, y, x, patch, "event_ids_precursor")
    return p * patch + y * patch + x


def check_shape(shape, caller: str) -> tuple[int, int]:
    """A sensor ``shape`` (H, W): two ints >= 1 (no bools), H·W <= :data:`MAX_PIXELS`."""
    want = f"a pair (H, W) of ints >= 1 with H·W <= {MAX_PIXELS}"
    if not (isinstance(shape, tuple | list) and len(shape) == 2
            and all(isinstance(s, int | np.integer) and not isinstance(s, bool | np.bool_)
                    and s >= 1 for s in shape)):
        raise invalid("shape", caller, want, shape)
    H, W = int(shape[0]), int(shape[1])
    if H * W > MAX_PIXELS:
        raise invalid("shape", caller, want, shape)
    return H, W


def _onehot_size(E, H, W, caller):
    if len(E) * 2 * H * W > MAX_ONEHOT:
        raise invalid("events", caller, f"at most {MAX_ONEHOT} one-hot entries (events × "
                      f"2·H·W channels, the keys of the recurrence)",
                      f"<{len(E)} events on a {H} × {W} sensor>")


def check_events(events, shape, caller: str) -> tuple[np.ndarray, int, int]:
    """Validate an (N, 4) event array (t, x, y, p) on a sensor of ``shape`` = (H, W)."""
    H, W = check_shape(shape, caller)
    E = check_array(events, "events", caller, ndim=2, min_rows=0)
    if E.shape[1:] != (4,):
        raise invalid("events", caller, "an array of shape (N, 4) with columns (t, x, y, p)",
                      f"<array of shape {E.shape}>")
    t, x, y, p = E.T
    if E.shape[0] and np.any(np.diff(t) < 0):
        raise invalid("events", caller, "sorted by time (column 0 non-decreasing)",
                      "<array with decreasing times>")
    for name, col, hi in (("x", x, W), ("y", y, H), ("p", p, 2)):
        if E.shape[0] and (np.any(col != np.round(col)) or col.min() < 0 or col.max() >= hi):
            raise invalid("events", caller, f"an array whose {name} column holds integers in "
                          f"[0, {hi})", f"<array with {name} in [{col.min()}, {col.max()}]>")
    return E, H, W


def _query(E, t, caller):
    t_last = float(E[-1, 0]) if len(E) else 0.0
    if t is None:
        return t_last
    check_param("t", t, Interval(t_last, None), caller)
    return float(t)


def _pixel(E, H, W):
    return (E[:, 3].astype(np.int64) * H * W + E[:, 2].astype(np.int64) * W
            + E[:, 1].astype(np.int64))


def count_image(events, shape):
    r"""The event-count image (an "event frame"): events per polarity and pixel.

    .. math::

        C(p, y, x) = \#\{i : (p_i, y_i, x_i) = (p, y, x)\}

    Parameters
    ----------
    events : array of shape (N, 4)
        Columns (t, x, y, p), sorted by t.
    shape : (H, W)

    Returns
    -------
    array of shape (2, H, W), float64 (counts)
    """
    E, H, W = check_events(events, shape, "count_image")
    img = np.zeros(2 * H * W)
    np.add.at(img, _pixel(E, H, W), 1.0)
    return img.reshape(2, H, W)


def decayed_count_image(events, shape, tau: float, t=None):
    r"""The exponentially decayed count image at time ``t`` (default: the last event's time).

    .. math::

        D_t(p, y, x) = \sum_{i:\,(p_i, y_i, x_i) = (p, y, x)} e^{-(t - t_i)/\tau}

    Parameters
    ----------
    events : array of shape (N, 4)
    shape : (H, W)
    tau : float > 0
        Decay time, in the unit of the event times.
    t : float >= the last event's time, optional

    Returns
    -------
    array of shape (2, H, W), float64
    """
    check_param("tau", tau, _TAU, "decayed_count_image")
    E, H, W = check_events(events, shape, "decayed_count_image")
    t = _query(E, t, "decayed_count_image")
    img = np.zeros(2 * H * W)
    with np.errstate(over="ignore"):  # a tiny tau: e^(-inf) = 0, exact
        np.add.at(img, _pixel(E, H, W), np.exp(-(t - E[:, 0]) / tau))
    return img.reshape(2, H, W)


def time_surface(events, shape, tau: float, t=None, *, unvisited: str = "zero"):
    r"""The time surface at time ``t``: a decayed copy of each pixel's latest event time.

    .. math::

        S_t(p, y, x) = e^{-(t - t_\text{last}(p, y, x))/\tau}

    ``unvisited="zero"`` gives 0 where no event fell (our convention); ``"precursor"`` gives
    :math:`e^{-t/\tau}` there, as the first author's earlier code does (it writes the latest
    times into an array of zeros before exponentiating: haohq19/multi-representation-ssl,
    ``utils/data.py``, ``_raw_events_to_time_surface_numpy``).

    Parameters
    ----------
    events : array of shape (N, 4)
    shape : (H, W)
    tau : float > 0
    t : float >= the last event's time, optional
    unvisited : {"zero", "precursor"}

    Returns
    -------
    array of shape (2, H, W), float64
    """
    check_param("tau", tau, _TAU, "time_surface")
    check_param("unvisited", unvisited, Options("zero", "precursor"), "time_surface")
    E, H, W = check_events(events, shape, "time_surface")
    t = _query(E, t, "time_surface")
    last = np.full(2 * H * W, np.nan)
    last[_pixel(E, H, W)] = E[:, 0]  # sorted: the latest write per pixel wins
    if unvisited == "precursor":
        last = np.where(np.isnan(last), 0.0, last)
    with np.errstate(over="ignore"):
        out = np.where(np.isnan(last), 0.0, np.exp(-(t - np.nan_to_num(last)) / tau))
    return out.reshape(2, H, W)


def _onehot(E, H, W):
    K = np.zeros((len(E), 2 * H * W))
    K[np.arange(len(E)), _pixel(E, H, W)] = 1.0
    return K


def count_image_state(events, shape):
    r"""The count image as the final state of the WKV recurrence: keys one-hot in (p, y, x),
    values 1, decays 1 (:math:`S_N = \sum_i k_i^\top v_i`), reshaped to (2, H, W).

    Parameters and returns as :func:`count_image`.
    """
    E, H, W = check_events(events, shape, "count_image_state")
    _onehot_size(E, H, W, "count_image_state")
    K = _onehot(E, H, W)
    n = K.shape[1]
    if len(E) == 0:
        return np.zeros((2, H, W))
    _, S = wkv_recurrent(K, K, np.ones((len(E), 1)), np.ones_like(K), np.zeros(n),
                         return_state=True)
    return S[:, 0].reshape(2, H, W)


def decayed_count_state(events, shape, tau: float, t=None):
    r"""The decayed count image as the state of the WKV recurrence with a decay driven by the
    time between events: keys one-hot, values 1, :math:`w_i = e^{-(t_i - t_{i-1})/\tau}` on every
    channel, then one more decay :math:`e^{-(t - t_N)/\tau}` to the query time.

    .. math::

        S_N = \sum_i \Bigl(\prod_{i < j \le N} e^{-(t_j - t_{j-1})/\tau}\Bigr) k_i^\top
            = \sum_i e^{-(t_N - t_i)/\tau}\, k_i^\top

    Parameters and returns as :func:`decayed_count_image`.
    """
    check_param("tau", tau, _TAU, "decayed_count_state")
    E, H, W = check_events(events, shape, "decayed_count_state")
    t = _query(E, t, "decayed_count_state")
    if len(E) == 0:
        return np.zeros((2, H, W))
    _onehot_size(E, H, W, "decayed_count_state")
    K = _onehot(E, H, W)
    dt = np.diff(E[:, 0], prepend=E[0, 0])
    with np.errstate(over="ignore"):
        w = np.repeat(np.exp(-dt / tau)[:, None], K.shape[1], axis=1)
    # a decay that underflows to 0 is a reset the recurrence cannot hold (w in (0, 1])
    w = np.maximum(w, np.finfo(float).tiny)
    _, S = wkv_recurrent(K, K, np.ones((len(E), 1)), w, np.zeros(K.shape[1]),
                         return_state=True)
    with np.errstate(over="ignore"):
        return (np.exp(-(t - E[-1, 0]) / tau) * S[:, 0]).reshape(2, H, W)


def reset_state(events, shape, tau: float, eps: float, t=None):
    r"""The decayed-count recurrence with a *reset*: the decay of the channel an event hits is
    multiplied by ``eps`` at that event (all other channels as in :func:`decayed_count_state`).

    .. math::

        S(q) = \sum_{i:\,\text{pixel}_i = q} e^{-(t - t_i)/\tau}\,\varepsilon^{m_i},

    :math:`m_i` the number of later events at :math:`q`. At :math:`\varepsilon \to 0` only the
    latest event of each pixel survives (the time surface, :func:`time_surface`); for every
    :math:`\varepsilon \in (0, 1]` the error :func:`reset_error` is > 0 at every pixel hit
    twice.

    Parameters
    ----------
    eps : float in (0, 1]
        The hit channel's extra decay (1: the decayed count image).

    Other parameters and returns as :func:`decayed_count_image`.
    """
    check_param("tau", tau, _TAU, "reset_state")
    check_param("eps", eps, Interval(0, 1, "right"), "reset_state")
    E, H, W = check_events(events, shape, "reset_state")
    t = _query(E, t, "reset_state")
    if len(E) == 0:
        return np.zeros((2, H, W))
    _onehot_size(E, H, W, "reset_state")
    K = _onehot(E, H, W)
    dt = np.diff(E[:, 0], prepend=E[0, 0])
    with np.errstate(over="ignore", under="ignore"):
        w = np.exp(-dt / tau)[:, None] * np.where(K > 0, eps, 1.0)
    w = np.maximum(w, np.finfo(float).tiny)  # an underflowed decay: the smallest the form holds
    _, S = wkv_recurrent(K, K, np.ones((len(E), 1)), w, np.zeros(K.shape[1]),
                         return_state=True)
    with np.errstate(over="ignore"):
        return (np.exp(-(t - E[-1, 0]) / tau) * S[:, 0]).reshape(2, H, W)


def reset_error(events, shape, tau: float, eps: float, t=None):
    r"""The closed-form gap between :func:`reset_state` and the time surface (unvisited = 0).

    .. math::

        S(q) - \mathrm{TS}(q) = \sum_{i:\,\text{pixel}_i = q,\ m_i \ge 1}
            e^{-(t - t_i)/\tau}\,\varepsilon^{m_i} \;\le\; \varepsilon\,(n_q - 1)

    (:math:`n_q` events at :math:`q`): 0 at pixels hit at most once, > 0 at pixels hit twice
    or more for every :math:`\varepsilon > 0`, and :math:`O(\varepsilon)`.

    Parameters and returns as :func:`reset_state`.
    """
    check_param("tau", tau, _TAU, "reset_error")
    check_param("eps", eps, Interval(0, 1, "right"), "reset_error")
    E, H, W = check_events(events, shape, "reset_error")
    t = _query(E, t, "reset_error")
    pix = _pixel(E, H, W)
    out = np.zeros(2 * H * W)
    for q in np.unique(pix):
        times = E[pix == q, 0]
        m = np.arange(len(times) - 1, -1, -1)  # later hits of each
        with np.errstate(over="ignore"):
            out[q] = np.sum(np.exp(-(t - times[m >= 1]) / tau) * float(eps) ** m[m >= 1])
    return out.reshape(2, H, W)


def random_events(rng, n: int, shape, *, rate: float = 1.0, hot: int | None = None):
    """A random sorted stream of ``n`` events on a sensor of ``shape`` (exponential gaps of
    mean 1/``rate``); ``hot`` pixels (default: about n/3) receive all events, so most pixels are
    hit several times. For tests and claims.

    Parameters
    ----------
    rng : numpy.random.Generator (or an int seed)
    n : int in [0, MAX_EVENTS = 10^7]
    shape : (H, W), ints >= 1
    rate : float > 0
    hot : int in [1, 2·H·W], optional

    Returns
    -------
    array of shape (n, 4)
    """
    rng = check_rng(rng, "rng", "random_events")
    n = check_int(n, "n", "random_events", 0, MAX_EVENTS)
    check_param("rate", rate, Interval(1e-300, None), "random_events")  # 1/rate finite
    H, W = check_shape(shape, "random_events")
    if hot is None:
        hot = max(1, n // 3)
    else:  # at most the 2·H·W (polarity, pixel) channels of the sensor
        hot = check_int(hot, "hot", "random_events", 1, 2 * H * W)
    pool = rng.choice(2 * H * W, size=min(hot, 2 * H * W), replace=False)
    pix = rng.choice(pool, size=n)
    t = np.cumsum(rng.exponential(1.0 / rate, size=n))
    p, rem = np.divmod(pix, H * W)
    y, x = np.divmod(rem, W)
    return np.column_stack([t, x, y, p]).astype(np.float64)
