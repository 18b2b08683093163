r"""Event streams from scikit-learn's digits: each 8 × 8 digit (values /16) is placed in a
16 × 16 canvas and moved along three saccades (bilinear interpolation,
:func:`scipy.ndimage.shift`); an event (t, x, y, p) is emitted at every pixel
whose log intensity changes by more than ``thr`` between consecutive sub-frames,
:math:`|\Delta \log(I + 0.1)| > \mathrm{thr}`, with polarity p = 1 for an increase. Times are
spread uniformly at random inside each sub-frame (unit: one sub-frame), so the stream is sorted
and asynchronous. Offline and seeded: the digits ship with scikit-learn.
"""

from __future__ import annotations

import numpy as np
from scipy import ndimage

from theory.eva import event_ids
from theory.validation import Interval, check_array, check_int, check_param, check_rng, invalid

CANVAS = 16


#: Vertices (dy, dx) of the three saccades, in canvas pixels (an N-MNIST-like triangle).
SACCADES = np.array([[-1.0, -1.5], [-1.0, 1.5], [1.5, 0.0], [-1.0, -1.5]])


def digit_to_events(img: np.ndarray, rng: np.random.Generator, *, per_saccade: int = 5,
                    thr: float = 0.8, jitter: float = 0.5) -> np.ndarray:
    """One digit's event stream, shape (N, 4), columns (t, x, y, p), sorted by t.

    The canvas moves along three saccades (:data:`SACCADES`, as the sensor of N-MNIST does),
    offset by a uniform random jitter of ±``jitter`` pixels; ``per_saccade`` sub-frames each.
    Time unit: one sub-frame.
    """
    check_int(per_saccade, "per_saccade", "digit_to_events", 1, 10**4)
    check_param("thr", thr, Interval(0, None, "neither"), "digit_to_events")
    check_param("jitter", jitter, Interval(0, None), "digit_to_events")
    img = check_array(img, "img", "digit_to_events", ndim=2)
    if img.shape != (8, 8) or img.min() < 0 or img.max() > 1:
        raise invalid("img", "digit_to_events", "an 8 × 8 array of intensities in [0, 1]",
                      f"<array of shape {img.shape}>")
    rng = check_rng(rng, "rng", "digit_to_events")
    canvas = np.zeros((CANVAS, CANVAS))
    canvas[4:12, 4:12] = np.asarray(img, dtype=np.float64)
    off = rng.uniform(-jitter, jitter, size=2)
    V = SACCADES
    path = [V[a] + (V[a + 1] - V[a]) * s / per_saccade for a in range(3)
            for s in range(per_saccade)] + [V[3]]
    frames = np.array([ndimage.shift(canvas, q + off, order=1, mode="constant", cval=0.0)
                       for q in path])
    logs = np.log(np.clip(frames, 0, None) + 0.1)
    out = []
    for s in range(1, len(path)):
        d = logs[s] - logs[s - 1]
        ys, xs = np.nonzero(np.abs(d) > thr)
        if len(ys) == 0:
            continue
        t = s - 1 + rng.uniform(0, 1, size=len(ys))
        p = (d[ys, xs] > 0).astype(np.float64)
        out.append(np.column_stack([t, xs, ys, p]))
    E = np.vstack(out) if out else np.zeros((0, 4))
    return E[np.argsort(E[:, 0], kind="stable")]


def digits_events(seed: int, *, n: int | None = None, max_events: int = 64,
                  per_saccade: int = 5, thr: float = 0.8):
    """Events for the digits (all 1797, or a stratified-by-order first ``n``).

    Streams longer than ``max_events`` keep a random, time-ordered subset of that size.

    Returns
    -------
    dict with ``tokens`` (int64, (n, max_events), id p·256 + y·16 + x, padded with 0),
    ``dt`` (float32, time since the previous event, sub-frames), ``t`` (float32, times),
    ``length`` (int64, events per stream), ``events`` (list of (N, 4) arrays) and ``y``.
    """
    check_int(seed, "seed", "digits_events", 0, 2**63 - 1)
    if n is not None:
        check_int(n, "n", "digits_events", 1, 1797)
    check_int(max_events, "max_events", "digits_events", 1, 10**5)
    from sklearn.datasets import load_digits

    d = load_digits()
    X, y = d.images / 16.0, d.target.astype(np.int64)
    if n is not None:
        X, y = X[:n], y[:n]
    rng = np.random.default_rng(seed)
    N = len(X)
    tokens = np.zeros((N, max_events), dtype=np.int64)
    dt = np.zeros((N, max_events), dtype=np.float32)
    tt = np.zeros((N, max_events), dtype=np.float32)
    length = np.zeros(N, dtype=np.int64)
    streams = []
    for i in range(N):
        E = digit_to_events(X[i], rng, per_saccade=per_saccade, thr=thr)
        if len(E) > max_events:
            E = E[np.sort(rng.choice(len(E), size=max_events, replace=False))]
        streams.append(E)
        m = len(E)
        length[i] = m
        if m:
            tokens[i, :m] = event_ids(E[:, 3].astype(int), E[:, 2].astype(int),
                                      E[:, 1].astype(int), CANVAS)
            tt[i, :m] = E[:, 0]
            dt[i, :m] = np.diff(E[:, 0], prepend=0.0)
    return {"tokens": tokens, "dt": dt, "t": tt, "length": length, "events": streams, "y": y}
