r"""The structure of LCG outputs that a model can use in context: periods of bits and outputs,
the lag-difference identity, the exact two-lag predictor of truncated outputs, and the rotation
orbits of output words.

These are our derivations (textbook LCG facts plus the carry argument below), added to explain
which structure the paper's task offers; they are not statements of the paper.
"""

from __future__ import annotations

import math

import numpy as np

from theory.pcg._generators import MAX_K, _int, _is_int
from theory.validation import invalid


def _int_seq(x, name: str, caller: str, low=None, high=None) -> np.ndarray:
    """A non-empty 1-D sequence of ints in ``[low, high]``: an int64 array when the values fit,
    else an object array of Python ints. Floats are refused rather than truncated (1.5 would
    count as 1), bools rather than counted as 0/1, and NaN is not an integer."""
    rng = "" if low is None and high is None else (
        f" in [{low}, {high}]" if high is not None else f" >= {low}")
    what = f"a non-empty 1-D sequence of ints{rng}"
    try:
        raw = x if isinstance(x, np.ndarray) else np.asarray(x, dtype=object)
    except (TypeError, ValueError):
        raise invalid(name, caller, what, f"<{type(x).__name__}>") from None
    if raw.ndim != 1 or raw.size == 0:
        raise invalid(name, caller, what, f"<array of shape {raw.shape}>")
    if raw.dtype.kind == "O":
        vals = raw.tolist()
        if not all(_is_int(v) for v in vals):
            bad = next(v for v in vals if not _is_int(v))
            raise invalid(name, caller, what, f"<sequence holding {bad!r} "
                          f"({type(bad).__name__})>")
        vals = [int(v) for v in vals]
        lo, hi = min(vals), max(vals)
    elif raw.dtype.kind in "iu":
        lo, hi = int(raw.min()), int(raw.max())
    else:
        raise invalid(name, caller, what, f"<array of {raw.dtype}, shape {raw.shape}>")
    if (low is not None and lo < low) or (high is not None and hi > high):
        raise invalid(name, caller, what, f"<sequence of length {raw.size}, min {lo}, "
                      f"max {hi}>")
    if -(2**63) <= lo and hi < 2**63:  # int64 (uint8 sums would wrap mod 256)
        return np.asarray(vals, dtype=np.int64) if raw.dtype.kind == "O" else raw.astype(
            np.int64, copy=False)
    return np.asarray(vals if raw.dtype.kind == "O" else raw.tolist(), dtype=object)


def v2(n: int) -> int:
    """2-adic valuation of a positive integer (the number of trailing zero bits)."""
    n = _int("n", n, "v2", 1)
    return (n & -n).bit_length() - 1


def sequence_period(x) -> int:
    r"""Smallest ``p ≥ 1`` with :math:`x_{i+p} = x_i` for every ``i`` of the finite window
    (the window's length when none is shorter), by the Knuth–Morris–Pratt failure function.

    .. math:: p(x) = \min\{p \ge 1 : x_{i+p} = x_i,\ 0 \le i < n - p\}

    Pass a window at least twice the true period long for ``p`` to be the period. ``x`` is a
    non-empty 1-D sequence of ints (floats are refused, not truncated; bools are not ints).
    """
    seq = _int_seq(x, "x", "sequence_period").tolist()
    n = len(seq)
    fail = [0] * n
    j = 0
    for i in range(1, n):
        while j and seq[i] != seq[j]:
            j = fail[j - 1]
        if seq[i] == seq[j]:
            j += 1
        fail[i] = j
    return n - fail[-1]


def _full(a, c, k, caller):
    k = _int("k", k, caller, 2, MAX_K)
    a = _int("a", a, caller, 0, (1 << k) - 1)
    if a % 4 != 1:
        raise invalid("a", caller, "an int with a ≡ 1 (mod 4) (full period)", a)
    if c is not None:
        c = _int("c", c, caller, 0, (1 << k) - 1)
        if c % 2 != 1:
            raise invalid("c", caller, "an odd int (full period)", c)
    return a, c, k


def bit_period(a: int, c: int, k: int, j: int) -> int:
    r"""Period of bit ``j`` of the state of a full-period LCG mod :math:`2^k`.

    .. math:: \operatorname{per}(\text{bit}_j(s_i)) = 2^{j+1}, \qquad 0 \le j < k

    (the low ``j + 1`` bits form a full-period LCG mod :math:`2^{j+1}`; its top bit flips every
    half period). So the top bit, and any truncated output, has period :math:`m = 2^k`.

    Examples
    --------
    >>> from theory.pcg import bit_period
    >>> [bit_period(5, 3, 10, j) for j in range(5)]
    [2, 4, 8, 16, 32]
    """
    a, c, k = _full(a, c, k, "bit_period")
    j = _int("j", j, "bit_period", 0, k - 1)
    return 1 << (j + 1)


def lag_difference_period(a: int, k: int, j: int) -> int:
    r"""Period in ``i`` of :math:`D_i = (s_{i+T} - s_i) \bmod 2^k` for the lag :math:`T = 2^j`.

    With :math:`v = v_2(a - 1) \ge 2`, :math:`v_2(a^T - 1) = v + j` (lifting the exponent), so
    :math:`D_i = (a^T - 1) s_i + c\,\tfrac{a^T - 1}{a - 1}` depends on :math:`s_i \bmod
    2^{k - v - j}` only and injectively:

    .. math:: \operatorname{per}(D) = 2^{\max(k - v - j,\, 0)}

    independent of ``c`` (any odd ``c``).
    """
    a, _, k = _full(a, None, k, "lag_difference_period")
    j = _int("j", j, "lag_difference_period", 0)
    return 1 << max(k - v2(a - 1) - j, 0)


def predictor_lags(k: int, b: int, v: int = 2) -> tuple[int, int]:
    r"""The lags ``(T, P)`` of :func:`two_lag_predictor`: :math:`T = 2^{k-b}`,
    :math:`P = 2^{\max(b - v, 0)}`; it predicts from position ``T + P`` on."""
    k = _int("k", k, "predictor_lags", 1, MAX_K)
    b = _int("b", b, "predictor_lags", 1, k)
    v = _int("v", v, "predictor_lags", 2)
    return 1 << (k - b), 1 << max(b - v, 0)


def two_lag_predictor(x, k: int, b: int, v: int = 2) -> np.ndarray:
    r"""Exact in-context predictor of truncated-LCG outputs (TLCG, top ``b`` of ``k`` bits),
    knowing neither ``a`` nor ``c`` nor the seed.

    With :math:`T = 2^{k-b}` the difference :math:`D_i = s_{i+T} - s_i = (a^T - 1) s_i +
    c (a^T - 1)/(a - 1)` is divisible by :math:`2^{k-b}` (both terms are, since
    :math:`v_2((a^T - 1)/(a - 1)) = k - b`): adding it never carries into the kept bits, so
    :math:`x_{i+T} = x_i + (D_i \gg (k - b)) \bmod 2^b`; and :math:`D` has period
    :math:`P = 2^{b - v}` (:func:`lag_difference_period`). Hence, for every ``a ≡ 1 (mod
    2^v)`` and odd ``c``:

    .. math:: \hat x_n = (x_{n-T} + x_{n-P} - x_{n-T-P}) \bmod 2^b, \qquad n \ge T + P

    ``v = 2`` (the default) is valid for every full-period multiplier. ``x`` is a non-empty
    1-D sequence of outputs, ints in ``[0, 2^b)``, ``b <= 62``. Returns an int64 array of the
    length of ``x`` (0-based positions) with ``-1`` where ``n < T + P``.
    """
    T, P = predictor_lags(k, b, v)
    if b > 62:
        raise invalid("b", "two_lag_predictor", f"an int in [1, {min(k, 62)}] (the predictions "
                      "are int64)", b)
    xs = _int_seq(x, "x", "two_lag_predictor", 0, (1 << b) - 1)
    out = np.full(xs.size, -1, dtype=np.int64)
    n0 = T + P
    if xs.size > n0:  # values < 2^62: the int64 sums below cannot wrap
        n = np.arange(n0, xs.size)
        out[n0:] = (xs[n - T] + xs[n - P] - xs[n - T - P]) % (1 << b)
    return out


def lag_rule_accuracy(x, b: int, T: int, P: int) -> float:
    """Accuracy of the rule :math:`x_n = x_{n-T} + x_{n-P} - x_{n-T-P}` (mod 2^b) over every
    position it can predict (any lags, for the search over shorter ones).

    ``x``: a 1-D sequence of ints in ``[0, 2^b)``, longer than ``T + P`` (else no position is
    predicted and the accuracy is undefined); ``1 <= b <= 62`` (int64 sums); ``T, P >= 1``."""
    b = _int("b", b, "lag_rule_accuracy", 1, 62)
    T = _int("T", T, "lag_rule_accuracy", 1)
    P = _int("P", P, "lag_rule_accuracy", 1)
    xs = _int_seq(x, "x", "lag_rule_accuracy", 0, (1 << b) - 1)
    if xs.size <= T + P:
        raise invalid("x", "lag_rule_accuracy", f"a sequence longer than T + P = {T + P}",
                      f"<sequence of length {xs.size}>")
    n = np.arange(T + P, xs.size)
    pred = (xs[n - T] + xs[n - P] - xs[n - T - P]) % (1 << b)
    return float(np.mean(pred == xs[n]))


def rotation_orbits(b: int) -> int:
    r"""Number of orbits of ``b``-bit words under cyclic rotation (binary necklaces), Burnside:

    .. math:: N(b) = \frac{1}{b} \sum_{r=0}^{b-1} 2^{\gcd(r, b)}

    (:math:`N(6) = 14`, :math:`N(8) = 36`, :math:`N(9) = 60`). Rotation-invariant clusters of
    the ``2^b`` tokens can be at most this many. ``1 <= b <= MAX_K`` (the sum has ``b`` terms
    of up to ``b`` bits).
    """
    b = _int("b", b, "rotation_orbits", 1, MAX_K)
    total = sum(1 << math.gcd(r, b) for r in range(b))
    assert total % b == 0
    return total // b


def rotation_orbit_labels(b: int) -> np.ndarray:
    r"""For each word ``x < 2^b`` the least word of its rotation orbit (its necklace label),
    by enumerating the ``b`` rotations.

    .. math:: \ell(x) = \min_{0 \le r < b} \mathrm{rotr}_b(x, r)
    """
    b = _int("b", b, "rotation_orbit_labels", 1, 24)
    x = np.arange(1 << b, dtype=np.int64)
    mask = (1 << b) - 1
    best = x.copy()
    for r in range(1, b):
        best = np.minimum(best, ((x >> r) | (x << (b - r))) & mask)
    return best
