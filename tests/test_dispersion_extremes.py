"""Dispersion functions at valid extremes (issue 56, item 4): subnormal rows, rows and chunks near
the float maximum, tiny correlations and huge group sizes in the binning closed forms, checked
against mpmath at 50 digits, scale invariance and the pair-sum definitions; the torch twin of
the metric at rows far from unit scale; and inputs the numerics helpers used to accept."""

from __future__ import annotations

import mpmath
import numpy as np
import pytest

from tests.refusals import refused, refused_saying
from theory.dispersion import (
    binned_correlation,
    chunk_dispersion,
    dispersion,
    g_statistic,
    implied_rho,
    inflation_closed_form,
    push_away_grad,
)

rng = np.random.default_rng(0)
E = rng.normal(size=(5, 3))


def mp_dispersion(E):
    """The definition pair by pair at 50 digits, on the float inputs as given."""
    with mpmath.workdps(50):
        U = []
        for r in E:
            v = [mpmath.mpf(float(x)) for x in r]
            n = mpmath.sqrt(sum(x * x for x in v))
            U.append([x / n for x in v])
        N = len(U)
        tot = sum(1 - sum(a * b for a, b in zip(U[i], U[j], strict=True))
                  for i in range(N) for j in range(i + 1, N))
        return float(tot / (N * (N - 1) / 2))


def mp_inflation(rho, G, s2):
    with mpmath.workdps(50):
        r, s2, G = mpmath.mpf(rho), mpmath.mpf(s2), mpmath.mpf(G)
        return float(r * mpmath.sqrt(s2) / mpmath.sqrt(r**2 * s2 + (1 - r**2) / G))


def mp_implied(r, G, s2):
    with mpmath.workdps(50):
        r, s2, G = mpmath.mpf(r), mpmath.mpf(s2), mpmath.mpf(G)
        return float(mpmath.sign(r) * mpmath.sqrt(r**2 / (G * s2 * (1 - r**2) + r**2)))


@pytest.mark.parametrize("s", [4.94e-321, 1e-310, 1e-300, 1e300])
def test_dispersion_subnormal_and_huge_rows(s):
    """At rows ~1e-320 the row norms were subnormal (a few bits): 1.153399 (closed) and
    1.153720 (pairs) for 1.153791."""
    Es = E * s
    ref = mp_dispersion(Es)
    assert dispersion(Es) == pytest.approx(ref, rel=1e-14)
    assert dispersion(Es, "pairs") == pytest.approx(ref, rel=1e-14)


def test_dispersion_pairs_row_cap():
    """method='pairs' built an N × N matrix for any N (1e5 rows: 80 GB); capped at 10 000."""
    from theory.dispersion._metric import MAX_PAIR_ROWS

    big = np.ones((MAX_PAIR_ROWS + 1, 1))
    refused_saying("E", lambda: dispersion(big, "pairs"), allowed="at most 10000 rows")
    assert dispersion(big) == 0.0  # the closed form has no limit


def test_chunk_vectors_near_float_max():
    """The mean pooling summed entries ~1e308 to inf, and the refusal named dispersion's 'E'."""
    H = rng.normal(size=(4, 3, 2))
    ref = chunk_dispersion(H, unit="chunk_vectors")
    big = H / np.max(np.abs(H)) * 1.7e308
    assert chunk_dispersion(big, unit="chunk_vectors") == pytest.approx(ref, rel=1e-13)
    refused_saying("H", lambda: chunk_dispersion(H[:1], unit="chunk_vectors"))
    Z = np.array([[[1.0, 0.0], [-1.0, 0.0]], [[1.0, 1.0], [2.0, 2.0]]])
    refused_saying("H", lambda: chunk_dispersion(Z, unit="chunk_vectors"),
                   allowed="pooled (mean) chunk vectors are non-zero")


def test_push_away_grad_tiny_rows():
    """Rows ~1e-310 gave -inf entries (the gradient ~1/‖h‖ is ~1e310); at 1e-300 the gradient
    is the ordinary one times 1e300."""
    g = push_away_grad(E)
    assert np.allclose(push_away_grad(E * 1e-300) * 1e-300, g, rtol=1e-12, atol=0)
    refused_saying("E", lambda: push_away_grad(E * 1e-310), allowed="1.8e308")


def test_g_statistic_names_W_and_mixed_index_types():
    """A zero indexed row was refused naming dispersion's 'E'; uint64 T with a list Tbar was a
    raw IndexError (their concatenation is float)."""
    W = rng.normal(size=(6, 3))
    W0 = W.copy()
    W0[1] = 0
    refused_saying("W", lambda: g_statistic(W0, [0, 1], [2]))
    got = g_statistic(W, np.array([0, 1], dtype=np.uint64), [2])
    assert got == g_statistic(W, [0, 1], [2])


@pytest.mark.parametrize("s", [1e307, 1e-300])
def test_binned_correlation_near_float_max(s):
    """Group sums of entries ~1e307 overflowed: r was NaN."""
    x, p = rng.normal(size=300), np.exp(rng.normal(size=300))
    b0 = binned_correlation(x, p, group=10)
    b = binned_correlation(x * s, p * s, group=10)
    assert b.r == pytest.approx(b0.r, rel=1e-12) and b.s2 == pytest.approx(b0.s2, rel=1e-12)
    assert np.allclose(b.ppl_means / s, b0.ppl_means, rtol=1e-14)


def test_uniform_pick_without_the_pick_matrix():
    """The pick built a (uniform_pick × groups) matrix: 1e6 picks of 1e7 groups needed 80 TB.
    The nearest-group search gives the matrix's argmin exactly, ties (first index) included."""
    from theory.dispersion._binning import _nearest

    r = np.random.default_rng(7)
    for k in range(400):
        n = int(r.integers(1, 25))
        P = (np.sort(r.integers(0, 4, size=n) * 0.1) if k % 3 == 0 else
             np.sort(r.normal(size=n)) if k % 3 == 1 else r.normal(size=n))
        t = np.linspace(P.min(), P.max(), int(r.integers(1, 30)))
        if n > 1:
            t = np.concatenate([t, (P[:-1] + P[1:]) / 2])  # equidistant targets
        assert np.array_equal(_nearest(P, t), np.argmin(np.abs(P[None, :] - t[:, None]), axis=1))
    P = np.sort(r.normal(size=2_000_000))
    assert _nearest(P, np.linspace(P[0], P[-1], 200_000)).shape == (200_000,)


@pytest.mark.parametrize("rho, G, s2", [
    (1e-300, 10**300, 1e-300),   # was 0.0 (ρ·s underflowed), is 1e-300
    (5e-324, 1, 1.0),
    (0.5, 10**400, 1.0),         # was OverflowError (float(G))
    (1e-200, 10**400, 1e-100),   # 1e-200 · 1e200 · 1e-50
    (1 - 2**-52, 3, 1e-300),     # 1 − ρ² near its smallest
    (-(1 - 3 * 2**-53), 100, 0.3),
    (0.3, 100, 1.0),
])
def test_inflation_closed_form_against_mpmath(rho, G, s2):
    assert inflation_closed_form(rho, G, s2) == pytest.approx(mp_inflation(rho, G, s2),
                                                              rel=1e-15)


@pytest.mark.parametrize("r, G, s2", [
    (1e-300, 100, 1.0),          # was 0.0, is 1e-301
    (1e-170, 100, 1.0),          # was 0.0 (r² underflowed)
    (0.5, 10**400, 1.0),         # was OverflowError
    (0.5, 10**700, 1e-300),
    (1 - 2**-53, 10**20, 1e-300),
    (-0.92, 100, 1.0),
])
def test_implied_rho_against_mpmath(r, G, s2):
    assert implied_rho(r, G, s2) == pytest.approx(mp_implied(r, G, s2), rel=1e-15)


def test_binning_closed_forms_refuse_unrepresentable_and_round_trip():
    """A non-zero answer below 5e-324 is refused (it rounded to 0.0 without a word)."""
    refused_saying("rho", lambda: inflation_closed_form(5e-324, 1, 5e-324))
    refused_saying("r", lambda: implied_rho(1e-300, 10**100))
    assert inflation_closed_form(0.0, 10**400) == 0.0 and implied_rho(0.0, 5) == 0.0
    assert inflation_closed_form(1.0, 7) == 1.0 and inflation_closed_form(-1.0, 7) == -1.0
    rho = np.array([-0.9, -1e-200, 1e-5, 0.3, 0.999])
    back = implied_rho(inflation_closed_form(rho, 100, 0.5), 100, 0.5)
    assert np.allclose(back, rho, rtol=1e-9, atol=0)


# --- numerics.dispersion (torch twin and helpers) ------------------------------------------

torch = pytest.importorskip("torch")


@pytest.mark.parametrize("dtype, s", [("float32", 1e-13), ("float32", 1e-20), ("float32", 1e20),
                                      ("float64", 1e-13), ("float64", 1e-160),
                                      ("float64", 1e160), ("float64", 1e-300)])
def test_dispersion_torch_far_from_unit_scale(dtype, s):
    """F.normalize divided by max(‖h‖, 1e-12) and squared plainly: 1.2473 at rows ~1e-13 and
    N/(N−1) = 1.25 where the squares under- or overflowed, for 1.1537."""
    from numerics.dispersion.model import dispersion_torch

    H = torch.tensor(E * s, dtype=getattr(torch, dtype))
    tol = 1e-6 if dtype == "float32" else 1e-13
    assert float(dispersion_torch(H)) == pytest.approx(dispersion(E), rel=tol)


@pytest.mark.parametrize("s", [1.0, 1e-200, 1e200])
def test_dispersion_torch_gradient_matches_theory(s):
    from numerics.dispersion.model import dispersion_torch

    H = torch.tensor(E * s, requires_grad=True)
    (g,) = torch.autograd.grad(dispersion_torch(H), H)
    assert np.allclose(g.numpy(), -push_away_grad(E * s), rtol=1e-10, atol=0)


def test_dispersion_torch_bitwise_on_ordinary_rows_and_refuses_one_row():
    """The scaling is by powers of two: the value and gradient are F.normalize's, bit for bit
    (the training runs behind the claims are unchanged)."""
    import torch.nn.functional as F

    from numerics.dispersion.model import dispersion_torch

    for dtype in (torch.float32, torch.float64):
        for k in range(-3, 4):
            H = (torch.randn(7, 13, dtype=dtype, generator=torch.Generator().manual_seed(k + 3))
                 * 10.0**k).requires_grad_()
            U = F.normalize(H, dim=-1)
            m = U.mean(dim=-2)
            old = 7 / 6 * (1 - (m * m).sum(-1))
            (g_old,) = torch.autograd.grad(old, H)
            new = dispersion_torch(H)
            (g_new,) = torch.autograd.grad(new, H)
            assert torch.equal(old, new) and torch.equal(g_old, g_new)
    refused_saying("H", lambda: dispersion_torch(torch.ones(1, 3)))


def test_model_helpers_refuse():
    """ctx = 0 was a ZeroDivisionError, batch = 0 a raw range() error, one-byte chunks a NaN
    perplexity."""
    from numerics.dispersion.model import ByteLM, chunk_stats, eval_chunks

    val = np.arange(100, dtype=np.uint8)
    refused_saying("ctx", lambda: eval_chunks(val, 1, 0))
    refused_saying("val", lambda: eval_chunks(val.reshape(10, 10), 1, 5))
    m = ByteLM(d=8, layers=1, heads=2, ctx=8)
    ok = eval_chunks(val, 3, 8)
    refused_saying("batch", lambda: chunk_stats(m, ok, batch=0))
    refused_saying("chunks", lambda: chunk_stats(m, ok[:, :1]))
    refused_saying("chunks", lambda: chunk_stats(m, ok.astype(float)))
    refused_saying("chunks", lambda: chunk_stats(m, np.full((2, 4), 256)))
    assert np.all(np.isfinite(chunk_stats(m, ok)["ppl"]))


def test_rank_statistics():
    """A constant input gave (nan, nan, nan); n = 3 resamples of one chunk made the interval
    NaN; partial_spearman(x, y, x) returned -0.024 (a correlation of rounding noise)."""
    from numerics.dispersion.experiments import partial_spearman, spearman_ci

    x = rng.normal(size=50)
    y = x + rng.normal(size=50)
    refused_saying("y", lambda: spearman_ci(x, np.ones(50), np.random.default_rng(0)))
    refused_saying("n_boot", lambda: spearman_ci(x, y, np.random.default_rng(0), n_boot=0))
    refused("y", spearman_ci, x, y[:40], np.random.default_rng(0))
    rho, lo, hi = spearman_ci([1.0, 2, 3], [1.0, 3, 2], np.random.default_rng(0))
    assert rho == 0.5 and -1 <= lo <= hi <= 1
    assert spearman_ci(x * 1e300, y * 1e-300, np.random.default_rng(1)) == spearman_ci(
        x, y, np.random.default_rng(1))
    refused_saying("x", lambda: partial_spearman(x, y, x))
    z = rng.normal(size=50)
    assert partial_spearman(x * 1e300, y * 1e-300, z) == partial_spearman(x, y, z)
