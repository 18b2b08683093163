r"""Linear congruential and permuted congruential generators, bit for bit.

The state recurrence and every output function of Tao & Barkeshli (arXiv 2510.26792, ICLR 2026)
as their released code defines them (``TaoT1998/learn-pcg@7c1360a``, ``utils/prng_data.py``),
and, where they differ, O'Neill's definitions (``imneme/pcg-cpp``, ``include/pcg_random.hpp``).
Notation: state width ``k`` bits, modulus :math:`m = 2^k`, output width ``b`` bits, ``cb``
control bits, :math:`v = s \gg (k - cb)` the control value. The code's convention is to advance
the state first and then output :math:`x_i = f(s_i)`; O'Neill's ``pcg32`` outputs
:math:`f(s_{i-1})` (one step earlier, same function).

Scalars are Python integers (no fixed-width wrap-around: ``k = 128`` is exact); the output
functions accept numpy integer arrays as well (vectorised over states), and :func:`lcg_batch`
advances many generators at once in ``int64`` for ``k <= 31``.

Bounds (refused beyond them, naming the parameter): state widths ``k <= MAX_K`` bits, sequences
of at most ``MAX_N`` outputs per call, and at most ``MAX_BATCH_CELLS`` states per
:func:`lcg_batch` call (rows × n, counted in Python integers). Every state, multiplier,
increment and seed lies in ``[0, 2^k)``; floats and bools are never integers here.
"""

from __future__ import annotations

from numbers import Integral

import numpy as np

from theory.validation import Interval, InvalidParameterError, Options, check_param, invalid

KINDS = ("tlcg", "xslrr", "xshrr", "xshrs", "rs", "rr")
VARIANTS = ("paper", "oneill")
#: O'Neill's 64-bit LCG multiplier (pcg32) and the 128-bit one of NumPy's PCG64.
MULT_64 = 6364136223846793005
MULT_128 = 0x2360ED051FC65DA44385DF649FCCF645
#: Largest state width of the int64 vectorised path (a·s < 2^62).
BATCH_MAX_K = 31
#: Largest state (or word) width in bits any function accepts: 2^k is built as a Python int.
MAX_K = 4096
#: Longest sequence one call generates (a list of Python ints: about 10 s and 0.5 GB at MAX_N).
MAX_N = 10**7
#: Most states one :func:`lcg_batch` call holds (rows × n int64 values: 512 MiB).
MAX_BATCH_CELLS = 2**26


def _int(name, value, caller, low=None, high=None):
    """An integer in ``[low, high]`` (Python ints of any size: no float conversion)."""
    if isinstance(value, np.integer):
        value = int(value)
    if (isinstance(value, bool) or not isinstance(value, Integral)
            or (low is not None and value < low) or (high is not None and value > high)):
        raise invalid(name, caller, str(Interval(low, high, integer=True)), value)
    return int(value)


def _is_int(v) -> bool:
    return isinstance(v, Integral | np.integer) and not isinstance(v, bool | np.bool_)


def _states(s, name, caller, k=None):
    """An int (Python or numpy) or an integer ndarray of states, each in ``[0, 2^k)`` when
    ``k`` is given (an object array must hold ints only)."""
    what = "an int or an integer array" + ("" if k is None else f" with values in [0, 2^{k} − 1]")
    if isinstance(s, np.ndarray):
        if s.dtype.kind not in "iuO" or (s.dtype.kind == "O" and not all(
                _is_int(v) for v in s.ravel())):
            raise invalid(name, caller, what, f"<array of {s.dtype}, shape {s.shape}>")
        if k is not None and s.size:
            lo, hi = int(s.min()), int(s.max())
            if lo < 0 or hi >= 1 << k:
                raise invalid(name, caller, what, f"<array of shape {s.shape}, min {lo}, "
                              f"max {hi}>")
        return s
    if _is_int(s):
        s = int(s)
        if k is not None and not 0 <= s < 1 << k:
            raise invalid(name, caller, what, s)
        return s
    raise invalid(name, caller, what, f"<{type(s).__name__}>")


def _int_array(v, name, caller, high):
    """An int or a 1-D sequence of ints in ``[0, high]`` as an int64 array (no bools, no
    floats: numpy would truncate 5.7 to 5 and count True as 1)."""
    what = f"an int or a 1-D array of ints in [0, {high}]"
    if _is_int(v):
        v = int(v)
        if not 0 <= v <= high:
            raise invalid(name, caller, what, v)
        return np.asarray(v, dtype=np.int64)
    if np.ndim(v) == 0:  # a float, a bool, a string...: refused as itself
        raise invalid(name, caller, what, v)
    try:
        raw = v if isinstance(v, np.ndarray) else np.asarray(v, dtype=object)
    except (TypeError, ValueError):
        raise invalid(name, caller, what, f"<{type(v).__name__}>") from None
    if raw.ndim > 1:
        raise invalid(name, caller, what, f"<array of shape {raw.shape}>")
    if raw.dtype.kind not in "iuO" or (raw.dtype.kind == "O" and not all(
            _is_int(x) for x in raw.ravel())):
        raise invalid(name, caller, what, f"<array of {raw.dtype}, shape {raw.shape}>")
    if raw.size:
        if raw.dtype.kind == "O":
            lo, hi = int(min(raw.ravel().tolist())), int(max(raw.ravel().tolist()))
        else:
            lo, hi = int(raw.min()), int(raw.max())
        if lo < 0 or hi > high:
            raise invalid(name, caller, what, f"<array of shape {raw.shape}, min {lo}, max {hi}>")
    return raw.astype(np.int64)


def rotr(x, r, w: int):
    r"""Right rotation of the ``w``-bit word ``x`` by ``r`` (mod ``w``) positions.

    .. math:: \mathrm{rotr}_w(x, r) = (x \gg r) \,|\, (x \ll (w - r)) \bmod 2^w

    ``x`` (an int or an integer array) lies in ``[0, 2^w)``, ``r`` is any int or integer array
    (taken mod ``w``), ``1 <= w <= MAX_K``.
    """
    w = _int("w", w, "rotr", 1, MAX_K)
    x = _states(x, "x", "rotr", w)
    r = _states(r, "r", "rotr")
    mask = (1 << w) - 1
    r = r % w
    return ((x >> r) | (x << ((w - r) % w))) & mask


def full_period(a: int, c: int, k: int) -> bool:
    r"""Hull–Dobell for :math:`m = 2^k` (k ≥ 2): the LCG has period m iff :math:`a \equiv 1
    \pmod 4` and c is odd.

    .. math:: \text{period} = 2^k \iff a \equiv 1 \ (\mathrm{mod}\ 4) \wedge c \equiv 1
        \ (\mathrm{mod}\ 2)

    Examples
    --------
    >>> from theory.pcg import full_period
    >>> full_period(5, 3, 16), full_period(3, 3, 16), full_period(5, 2, 16)
    (True, False, False)
    """
    k = _int("k", k, "full_period", 2, MAX_K)
    a = _int("a", a, "full_period", 0)
    c = _int("c", c, "full_period", 0)
    return a % 4 == 1 and c % 2 == 1


def lcg(a: int, c: int, s0: int, k: int, n: int) -> list[int]:
    r"""States :math:`s_1, \dots, s_n` of :math:`s_i = (a s_{i-1} + c) \bmod 2^k`.

    Advance first (the code's convention): ``s0`` itself is not returned. Python integers, any
    ``k`` (paper §2; code ``utils/prng_data.py``, ``lcg``).

    .. math:: s_i = (a\, s_{i-1} + c) \bmod 2^k

    Parameters
    ----------
    a, c, s0 : int
        Multiplier, increment and seed, each in ``[0, 2^k)``.
    k : int
        State width in bits, in ``[1, MAX_K]``.
    n : int
        Number of states, in ``[0, MAX_N]``.
    """
    k = _int("k", k, "lcg", 1, MAX_K)
    m = 1 << k
    a = _int("a", a, "lcg", 0, m - 1)
    c = _int("c", c, "lcg", 0, m - 1)
    s = _int("s0", s0, "lcg", 0, m - 1)
    n = _int("n", n, "lcg", 0, MAX_N)
    out = []
    mask = m - 1
    for _ in range(n):
        s = (a * s + c) & mask
        out.append(s)
    return out


def lcg_batch(a, c, s0, k: int, n: int) -> np.ndarray:
    r"""States of many LCGs at once: row ``r`` holds :math:`s_1..s_n` of generator
    :math:`(a_r, c_r, s_{0,r})` (``int64``, ``k <= 31`` so that :math:`a s < 2^{62}`).

    .. math:: S_{r,i} = (a_r S_{r,i-1} + c_r) \bmod 2^k, \qquad S_{r,0} = s_{0,r}

    Vectorised over generators (one numpy operation per step), bit-identical to :func:`lcg`.
    ``a``, ``c`` and ``s0`` are ints or 1-D integer arrays of one common length (ints
    broadcast), each value in ``[0, 2^k)``; ``n <= MAX_N`` and rows × n ``<= MAX_BATCH_CELLS``.
    """
    k = _int("k", k, "lcg_batch", 1, BATCH_MAX_K)
    n = _int("n", n, "lcg_batch", 0, MAX_N)
    m = 1 << k
    arrs = {name: _int_array(v, name, "lcg_batch", m - 1)
            for name, v in (("a", a), ("c", c), ("s0", s0))}
    try:
        a, c, s = np.broadcast_arrays(*arrs.values())
    except ValueError:
        got = ", ".join(f"{nm}: {arr.size}" for nm, arr in arrs.items())
        raise InvalidParameterError(
            "The 'a', 'c' and 's0' parameters of lcg_batch must be ints or 1-D arrays of one "
            f"common length. Got lengths {got} instead.") from None
    a, c, s = np.atleast_1d(a), np.atleast_1d(c), np.atleast_1d(s).copy()
    if int(s.size) * n > MAX_BATCH_CELLS:
        raise invalid("n", "lcg_batch", f"an int with rows × n <= {MAX_BATCH_CELLS} "
                      f"(rows = {s.size})", n)
    out = np.empty((s.size, n), dtype=np.int64)
    mask = np.int64(m - 1)
    for i in range(n):
        s = (a * s + c) & mask
        out[:, i] = s
    return out


# ------------------------------------------------------------------------------------------
# Output functions (state -> output word)
def tlcg(s, k: int, b: int):
    r"""Truncated LCG: the top ``b`` bits (code ``truncated_lcg``; ``b = 1``: one bit).

    .. math:: x = s \gg (k - b)

    ``s``: an int or an integer array of states in ``[0, 2^k)``; ``1 <= b <= k <= MAX_K``.
    """
    k = _int("k", k, "tlcg", 1, MAX_K)
    b = _int("b", b, "tlcg", 1, k)
    return _states(s, "s", "tlcg", k) >> (k - b)


def xslrr(s, k: int, cb: int):
    r"""XSL-RR, ``b = ⌊k/2⌋`` (code ``pcg_xsl_rr``; at ``k = 128, cb = 6`` NumPy's PCG64).

    .. math:: x = \mathrm{rotr}_b\big((s \oplus (s \gg b)) \bmod 2^b,\ s \gg (k - cb)\big)

    ``k`` is even (XSL folds the high half of the state onto the low half; at odd ``k`` the
    top bit would be dropped from the fold), ``2 <= k <= MAX_K``; ``1 <= cb <= k/2`` (with no
    control bit the rotation is always 0: XSL without RR); ``s`` in ``[0, 2^k)``.
    """
    k = _int("k", k, "xslrr", 2, MAX_K)
    if k % 2:
        raise invalid("k", "xslrr", f"an even int in [2, {MAX_K}] (XSL folds the high half "
                      "onto the low half)", k)
    b = k // 2
    cb = _int("cb", cb, "xslrr", 1, k - b)
    s = _states(s, "s", "xslrr", k)
    return rotr((s ^ (s >> b)) & ((1 << b) - 1), s >> (k - cb), b)


def xshrr(s, k: int, b: int, cb: int, variant: str = "paper"):
    r"""XSH-RR: xorshift high, then a random rotation by the top ``cb`` bits.

    ``variant="paper"`` (code ``pcg_xsh_rr``): window starting at bit ``b − cb``;
    ``variant="oneill"`` (``pcg_random.hpp``, ``xsh_rr_mixin``): window starting at bit
    ``k − b − cb``. Both xorshift by :math:`q = \lfloor (b + cb)/2 \rfloor`; they coincide iff
    ``k = 2b``.

    .. math:: x = \mathrm{rotr}_b\big(((s \oplus (s \gg q)) \gg w) \bmod 2^b,\ s \gg (k-cb)\big),
        \quad w = \begin{cases} b - cb & \text{paper} \\ k - b - cb & \text{O'Neill}\end{cases}
    """
    k = _int("k", k, "xshrr", 2, MAX_K)
    b = _int("b", b, "xshrr", 1, k - 1)
    check_param("variant", variant, Options(*VARIANTS), "xshrr")
    if variant == "paper":
        cb = _int("cb", cb, "xshrr", 0, min(k - b - 1, b))
        w = b - cb
    else:
        cb = _int("cb", cb, "xshrr", 0, k - b)
        w = k - b - cb
    s = _states(s, "s", "xshrr", k)
    q = (b + cb) // 2
    return rotr(((s ^ (s >> q)) >> w) & ((1 << b) - 1), s >> (k - cb), b)


def xshrs_shifts(k: int, b: int, cb: int, variant: str = "paper") -> tuple[int, int]:
    r"""The two constants of XSH-RS: the xorshift ``q`` and the base output shift ``w``.

    Paper (code ``pcg_xsh_rs``): :math:`q = w = b - cb - 2^{cb} + 1`. O'Neill
    (``xsh_rs_mixin``): :math:`q = cb + \lfloor (b + 2^{cb} - 1)/2 \rfloor`,
    :math:`w = k - b - cb - 2^{cb} + 1`. ``2 <= k <= MAX_K``, ``1 <= b < k``,
    ``0 <= cb <= k − b``.
    """
    k = _int("k", k, "xshrs_shifts", 2, MAX_K)
    b = _int("b", b, "xshrs_shifts", 1, k - 1)
    cb = _int("cb", cb, "xshrs_shifts", 0, k - b)
    check_param("variant", variant, Options(*VARIANTS), "xshrs_shifts")
    if variant == "paper":
        c = b - cb - (1 << cb) + 1
        return c, c
    return cb + (b + (1 << cb) - 1) // 2, k - b - cb - (1 << cb) + 1


def xshrs(s, k: int, b: int, cb: int, variant: str = "paper"):
    r"""XSH-RS: xorshift high, then a random shift by the top ``cb`` bits.

    .. math:: x = \big((s \oplus (s \gg q)) \gg (w + (s \gg (k - cb)))\big) \bmod 2^b

    with ``(q, w)`` from :func:`xshrs_shifts`; the paper's form needs ``q > 0`` (code's
    assertion), O'Neill's ``w ≥ 0``. They coincide at 64/32 with ``cb = 3`` (both 22).
    """
    k = _int("k", k, "xshrs", 2, MAX_K)
    b = _int("b", b, "xshrs", 1, k - 1)
    check_param("variant", variant, Options(*VARIANTS), "xshrs")
    cb = _int("cb", cb, "xshrs", 0, k - b)
    q, w = xshrs_shifts(k, b, cb, variant)
    if variant == "paper" and q <= 0:
        raise invalid("cb", "xshrs", f"an int with b − cb − 2^cb + 1 > 0 (b = {b})", cb)
    if variant == "oneill" and w < 0:
        raise invalid("cb", "xshrs", f"an int with k − b − cb − 2^cb + 1 >= 0 (k = {k}, b = {b})",
                      cb)
    s = _states(s, "s", "xshrs", k)
    return ((s ^ (s >> q)) >> (w + (s >> (k - cb)))) & ((1 << b) - 1)


def rs(s, k: int, b: int, cb: int):
    r"""RS (random shift, no xorshift; code ``pcg_rs``), needs :math:`k > 2^{cb} - 1 + b`.

    .. math:: x = \big(s \gg (k - b - cb - (s \gg (k - cb)))\big) \bmod 2^b
    """
    k = _int("k", k, "rs", 2, MAX_K)
    b = _int("b", b, "rs", 1, k - 1)
    cb = _int("cb", cb, "rs", 0, k - b)
    if not k > (1 << cb) - 1 + b:
        raise invalid("cb", "rs", f"an int with k > 2^cb − 1 + b (k = {k}, b = {b})", cb)
    s = _states(s, "s", "rs", k)
    return (s >> (k - b - cb - (s >> (k - cb)))) & ((1 << b) - 1)


def rr(s, k: int, b: int, cb: int):
    r"""RR (random rotation, no xorshift; code ``pcg_rr``), needs :math:`b \ge 2^{cb}`.

    .. math:: x = \mathrm{rotr}_b\big((s \gg (k - cb - b)) \bmod 2^b,\ s \gg (k - cb)\big)
    """
    k = _int("k", k, "rr", 2, MAX_K)
    b = _int("b", b, "rr", 1, k - 1)
    cb = _int("cb", cb, "rr", 0, k - b)
    if b < (1 << cb):
        raise invalid("cb", "rr", f"an int with 2^cb <= b (b = {b})", cb)
    s = _states(s, "s", "rr", k)
    return rotr((s >> (k - cb - b)) & ((1 << b) - 1), s >> (k - cb), b)


def output(kind: str, s, k: int, b: int | None = None, cb: int | None = None,
           variant: str = "paper"):
    """Apply output function ``kind`` (one of :data:`KINDS`) to state(s) ``s``."""
    check_param("kind", kind, Options(*KINDS), "output")
    if kind == "tlcg":
        return tlcg(s, k, b)
    if kind == "xslrr":
        return xslrr(s, k, cb)
    if kind == "xshrr":
        return xshrr(s, k, b, cb, variant)
    if kind == "xshrs":
        return xshrs(s, k, b, cb, variant)
    if kind == "rs":
        return rs(s, k, b, cb)
    return rr(s, k, b, cb)


def generate(kind: str, a, c, s0, k: int, n: int, b: int | None = None, cb: int | None = None,
             variant: str = "paper"):
    r"""Outputs :math:`x_1..x_n = f(s_1)..f(s_n)` of generator ``kind`` (advance, then output).

    Scalars ``a, c, s0`` give a list of Python ints (any ``k``); arrays give an ``int64`` array
    of shape ``(len(a), n)`` through :func:`lcg_batch` (``k <= 31``). ``n <= MAX_N``; the
    output parameters ``(k, b, cb, variant)`` are checked before any state is generated.
    """
    check_param("kind", kind, Options(*KINDS), "generate")
    n = _int("n", n, "generate", 0, MAX_N)
    output(kind, 0, k, b, cb, variant)  # refuse bad output parameters up front, even at n = 0
    if any(isinstance(v, np.ndarray | list | tuple) for v in (a, c, s0)):
        return output(kind, lcg_batch(a, c, s0, k, n), k, b, cb, variant)
    return [int(x) for x in (output(kind, s, k, b, cb, variant) for s in lcg(a, c, s0, k, n))]


def valid(kind: str, k: int, b: int | None, cb: int | None) -> bool:
    """Whether the released code accepts ``(k, b, cb)`` for ``kind`` (its validators and
    assertions: ``lowmem_prng_data.py`` L23–L58, ``prng_data.py`` L171, L205, L240, L266, L298).

    tlcg: 0 < b ≤ k; xslrr: b = ⌊k/2⌋ (any cb ≤ k − b); xshrr: k > b + cb; xshrs:
    b − cb − 2^cb + 1 > 0; rs: k > 2^cb − 1 + b; rr: b ≥ 2^cb.
    """
    check_param("kind", kind, Options(*KINDS), "valid")
    k = _int("k", k, "valid", 1, MAX_K)
    b = None if b is None else _int("b", b, "valid")
    cb = None if cb is None else _int("cb", cb, "valid")
    if kind == "xslrr":
        b = k // 2 if b is None else b
        return b == k // 2 and cb is not None and 0 <= cb <= k - b
    if b is None or not 0 < b <= k:
        return False
    if kind == "tlcg":
        return True
    if cb is None or cb < 0:
        return False
    if kind == "xshrr":
        return k > b + cb
    if kind == "xshrs":
        return b - cb - (1 << cb) + 1 > 0
    if kind == "rs":
        return k > (1 << cb) - 1 + b
    return b >= (1 << cb)


# ------------------------------------------------------------------------------------------
# The reference generators the paper's variants scale down
def pcg32(initstate: int, initseq: int, n: int) -> list[int]:
    r"""O'Neill's ``pcg32`` (``pcg_basic.c``): 64-bit LCG with multiplier 6364136223846793005,
    increment ``2·initseq + 1``, seeded by step, add ``initstate``, step; each output is
    XSH-RR(64, 32, cb = 5) of the state *before* the step.

    .. math:: x_i = \mathrm{XSHRR}_{64,32,5}(s_{i-1}), \qquad s_i = (M s_{i-1} + inc) \bmod 2^{64}
    """
    mask = (1 << 64) - 1
    initstate = _int("initstate", initstate, "pcg32", 0, mask)
    initseq = _int("initseq", initseq, "pcg32", 0, mask)
    n = _int("n", n, "pcg32", 0, MAX_N)
    inc = ((initseq << 1) | 1) & mask
    s = (0 * MULT_64 + inc) & mask
    s = (s + initstate) & mask
    s = (s * MULT_64 + inc) & mask
    states = [s] + lcg(MULT_64, inc, s, 64, max(n - 1, 0))
    return [int(xshrr(x, 64, 32, 5)) for x in states[:n]]


def pcg64_xslrr(state: int, inc: int, n: int) -> list[int]:
    r"""NumPy's ``PCG64`` raw outputs from its 128-bit ``state`` and odd ``inc``: advance with
    the 128-bit multiplier, then XSL-RR(128, cb = 6) (the paper's convention).

    .. math:: x_i = \mathrm{XSLRR}_{128,6}(s_i), \qquad s_i = (M_{128} s_{i-1} + inc) \bmod 2^{128}

    Examples
    --------
    The same raw outputs as NumPy's PCG64 from its state and increment:

    >>> import numpy as np
    >>> from theory.pcg import pcg64_xslrr
    >>> g = np.random.PCG64(12345)
    >>> st = g.state["state"]
    >>> [hex(v) for v in pcg64_xslrr(st["state"], st["inc"], 2)]
    ['0x3a32b18db2ffc19d', '0x51171315c9e4c4de']
    >>> pcg64_xslrr(st["state"], st["inc"], 100) == [int(v) for v in g.random_raw(100)]
    True
    """
    mask = (1 << 128) - 1
    state = _int("state", state, "pcg64_xslrr", 0, mask)
    inc = _int("inc", inc, "pcg64_xslrr", 0, mask)
    n = _int("n", n, "pcg64_xslrr", 0, MAX_N)
    return [int(xslrr(s, 128, 6)) for s in lcg(MULT_128, inc, state, 128, n)]
