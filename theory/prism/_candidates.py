"""The candidate (partial-label) protocol and its expectations (our reconstruction).

Each graph ``i`` with true label ``y_i`` among ``C`` classes gets the candidate set
``S_i = {y_i} ∪ {c ≠ y_i : B_ic = 1}`` with independent ``B_ic ~ Bernoulli(q)`` (the protocol of
the predecessor DEER's code, which PRISM's summaries say it shares; the papernotes.org summary). All
expectations below are over that draw; they are exact rationals for rational ``q``.
"""

from __future__ import annotations

import numpy as np

from theory.validation import (
    MAX_ITER,
    Interval,
    check_array,
    check_param,
    check_rng,
    invalid,
    validate_params,
)

#: A class count above 1e308 is not a float: the expectations below would raise OverflowError.
_CMAX = 10**308
_C = Interval(2, _CMAX, integer=True, label=("2", "1e308"))
_Q = Interval(0, 1, closed="both")
_QPOS = Interval(0, 1, closed="right")


def uniform_candidates(y, C: int, q: float, rng) -> np.ndarray:
    """Draw the candidate mask ``M`` (N × C, 0/1) of the uniform flipping protocol.

    .. math::
        M_{i y_i} = 1,\\qquad M_{ic} \\sim \\mathrm{Bernoulli}(q)\\ \\text{i.i.d. for } c \\ne y_i.

    Parameters
    ----------
    y : array of int, shape (N,)
        True labels in ``{0, …, C−1}``.
    C : int ≥ 2
        Number of classes.
    q : float in [0, 1]
        Probability that each false label joins the candidate set.
    rng : numpy Generator, int seed or None

    Returns
    -------
    M : ndarray of float, shape (N, C); each row holds its true label. Location: the papernotes.org summary
    (DEER's protocol; our reconstruction of PRISM's).
    """
    check_param("C", C, _C, "uniform_candidates")
    check_param("q", q, _Q, "uniform_candidates")
    y = np.asarray(y)
    if y.ndim != 1 or y.size == 0 or not np.issubdtype(y.dtype, np.integer) \
            or y.min() < 0 or y.max() >= C:
        raise invalid("y", "uniform_candidates", f"a non-empty 1-D int array in [0, {C - 1}]",
                      f"<array of shape {y.shape}>")
    # the mask is N × C: a C whose array would not fit is refused, not a numpy error
    check_param("C", C, Interval(2, max(2, MAX_ITER // y.size), integer=True),
                "uniform_candidates")
    rng = check_rng(rng, "rng", "uniform_candidates")
    M = (rng.random((y.size, C)) < q).astype(float)
    M[np.arange(y.size), y] = 1.0
    return M


@validate_params({"C": _C, "q": _Q})
def expected_set_size(C: int, q: float) -> float:
    """Expected candidate-set size.

    .. math:: \\mathbb E|S| = 1 + q(C-1).

    Dimensionless (labels). Location: our derivation.

    Examples
    --------
    >>> from theory.prism import expected_set_size
    >>> expected_set_size(6, 0.3), expected_set_size(10, 0.0)
    (2.5, 1.0)
    """
    return 1.0 + q * (C - 1)


@validate_params({"C": _C, "q": _Q})
def expected_inverse_set_size(C: int, q: float) -> float:
    """Expected inverse set size: the accuracy of a uniform pick in ``S`` (uniform ``Q``).

    .. math::
        \\mathbb E\\Big[\\frac1{|S|}\\Big] = \\frac{1-(1-q)^C}{Cq}\\quad (q>0),\\qquad 1\\ (q=0).

    Location: our derivation (``|S|−1 ~ Bin(C−1, q)``).

    Examples
    --------
    >>> from theory.prism import expected_inverse_set_size
    >>> f"{expected_inverse_set_size(6, 0.3):.6f}", expected_inverse_set_size(6, 0.0)
    ('0.490195', 1.0)
    """
    if q == 0:
        return 1.0
    if q == 1:
        return 1.0 / C
    # 1 - (1-q)^C without cancellation: at q = 1e-17 the naive form gives 0, not 1
    return float(-np.expm1(C * np.log1p(-q)) / (C * q))


@validate_params({"C": _C, "q": _Q})
def p_overlap_diff_class(C: int, q: float) -> float:
    """Probability that two graphs of different classes have overlapping candidate sets.

    .. math:: P(S_i\\cap S_j\\ne\\emptyset\\mid y_i\\ne y_j) = 1-(1-q)^2(1-q^2)^{C-2}.

    This is the fraction of wrong-class pairs that the relational graph's overlap filter lets
    through. Location: our derivation.
    """
    if q == 1:
        return 1.0
    # 1 - (1-q)^2 (1-q^2)^{C-2} by expm1/log1p: no cancellation at small q
    return float(-np.expm1(2 * np.log1p(-q) + _k_log1m_q2(C - 2, q))) + 0.0


def _k_log1m_q2(k: int, q: float) -> float:
    """``k · log(1 - q²)`` for a count ``k``: below q = 1e-8 as ``-(k q) q`` (the next term,
    q⁴/2, is below 1e-16 of it), where q² alone underflowed from q ~ 1e-162 on (at q = 1e-200,
    C = 1e300 the exponent -1e-100 was lost and the probability read 0); above q = 1/2 as
    ``log1p(-q) + log1p(q)``, which keeps what rounding q² loses near q = 1."""
    if q < 1e-8:
        return -(k * q) * q
    if q <= 0.5:
        return float(k * np.log1p(-q * q))
    return float(k * (np.log1p(-q) + np.log1p(q)))


@validate_params({"C": _C, "q": _Q})
def p_shared_distractor(C: int, q: float) -> float:
    """Probability that two graphs of the same class share at least one false label.

    .. math:: P(\\exists c\\ne y: c\\in S_i\\cap S_j\\mid y_i=y_j=y) = 1-(1-q^2)^{C-1}.

    Location: our derivation (the tie risk of prism.thm2.needs_symmetry_breaking).

    Examples
    --------
    >>> from theory.prism import p_shared_distractor
    >>> round(p_shared_distractor(6, 0.5), 4)
    0.7627
    """
    if q == 1:
        return 1.0
    return float(-np.expm1(_k_log1m_q2(C - 1, q))) + 0.0


@validate_params({"C": _C, "q": _Q})
def prototype_shrinkage(C: int, q: float) -> float:
    """Shrinkage of a class prototype towards the grand mean (balanced classes, bank limit).

    A prototype averages the embeddings of every graph whose candidate set holds ``c``:
    ``p_c = E[g | c ∈ S]``. With balanced classes and class means ``μ_y``,

    .. math::
        p_c-\\bar\\mu = \\kappa(\\mu_c-\\bar\\mu),\\qquad \\kappa = \\frac{1-q}{1+q(C-1)}.

    Location: our derivation; the prototype update is the papernotes.org summary (our
    reconstruction of its limit).
    """
    return (1.0 - q) / (1.0 + q * (C - 1))


def relational_pair_count(N: int, C: int, q: float) -> float:
    """Expected number of (ordered, with i = j) pair-class triples the spatial score evaluates.

    ``s^spa_ij`` maximises over ``c ∈ S_i ∩ S_j``, so all candidate classes together cost
    ``Σ_c |I_c|²`` with ``I_c = {i : c ∈ S_i}``. With labels i.i.d. uniform,
    ``|I_c| ~ Bin(N, r)``, ``r = 1/C + (1 − 1/C) q``, and

    .. math:: \\mathbb E\\sum_c |I_c|^2 = C\\,[Nr + N(N-1)r^2].

    Quadratic in ``N``: absent from the claimed ``O(|E| d)``. Location: our derivation.
    """
    check_param("N", N, Interval(1, _CMAX, integer=True, label=("1", "1e308")),
                "relational_pair_count")
    N = int(N)
    C = int(check_param("C", C, _C, "relational_pair_count"))
    check_param("q", q, _Q, "relational_pair_count")
    r = 1.0 / C + (1.0 - 1.0 / C) * q
    if N < 2**26:  # N(N - 1) is an exact int below 2^52 here
        return float(C * (N * r + N * (N - 1) * r * r))
    # in floats, ordered so that no factor overflows before the result does (N(N - 1) as a
    # Python int made float() raise OverflowError from N ~ 1.3e154 on, answers ~1e300 included)
    n = float(N)
    value = C * (n * r) * (1.0 + (n - 1.0) * r)
    if not np.isfinite(value):
        raise invalid("N", "relational_pair_count", "an int for which the count is below the "
                      "float64 maximum (~1.8e308)", N)
    return float(value)


def check_mask(M, caller: str) -> np.ndarray:
    """A candidate mask: 2-D, entries in {0, 1}, every row non-empty."""
    M = check_array(M, "M", caller, allow_bool=True)
    if not np.all((M == 0) | (M == 1)) or np.any(M.sum(1) == 0):
        raise invalid("M", caller, "a 0/1 array with a non-empty candidate set in every row",
                      f"<array of shape {M.shape}>")
    return M
