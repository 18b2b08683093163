"""The torch CS estimator and the fast Gauss transform against the numpy estimator."""

import numpy as np
import pytest
import torch

from numerics.fairness.cs_torch import cs_divergence, cs_group_divergence, cs_mutual_information
from numerics.fairness.fast_gauss import cs_divergence_fast
from theory.fairness import cs_divergence_kde
from theory.fairness import cs_mutual_information as cs_mi_numpy
from theory.validation import InvalidParameterError


@pytest.fixture(params=["numpy", "torch"])
def estimator(request):
    """Both backends of the estimator, as plain floats (POT-style backend fixture)."""
    if request.param == "numpy":
        return lambda x, y, s: cs_divergence_kde(x, y, s)
    return lambda x, y, s: float(cs_divergence(x, y, s, chunk=7))


@pytest.mark.parametrize("d", [1, 2, 3])
def test_cs_divergence_torch_matches_numpy(seed, d):
    rng = np.random.default_rng(seed)
    x, y = rng.normal(0, 1, (40, d)), rng.normal(0.5, 1.3, (33, d))
    assert float(cs_divergence(x, y, 0.6, chunk=9)) == pytest.approx(
        cs_divergence_kde(x, y, 0.6), rel=1e-12)


def test_estimator_properties_hold_on_both_backends(estimator, seed):
    rng = np.random.default_rng(seed)
    x, y = rng.normal(0, 1, 30), rng.normal(1, 2, 25)
    d = estimator(x, y, 0.5)
    assert d > 0
    assert estimator(y, x, 0.5) == pytest.approx(d, rel=1e-12)
    assert estimator(x + 3.0, y + 3.0, 0.5) == pytest.approx(d, rel=1e-10)
    assert estimator(4 * x, 4 * y, 2.0) == pytest.approx(d, rel=1e-10)
    assert abs(estimator(x, x, 0.5)) <= 1e-12


def test_cs_divergence_passes_gradcheck_in_float64(seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(9, 2, dtype=torch.float64, generator=g, requires_grad=True)
    y = (torch.randn(7, 2, dtype=torch.float64, generator=g) + 0.5).requires_grad_()
    sigma = torch.tensor(0.7, dtype=torch.float64, requires_grad=True)
    # chunk < n exercises the checkpointed path
    assert torch.autograd.gradcheck(lambda a, b, s: cs_divergence(a, b, s, chunk=4),
                                    (x, y, sigma))


def test_group_divergence_passes_gradcheck(seed):
    g = torch.Generator().manual_seed(seed)
    pred = torch.rand(18, dtype=torch.float64, generator=g, requires_grad=True)
    s = torch.tensor([0, 1, 2] * 6)
    assert torch.autograd.gradcheck(lambda p: cs_group_divergence(p, s, 0.1), (pred,))


def test_batched_equals_a_loop(seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(4, 20, 2, dtype=torch.float64, generator=g)
    y = torch.randn(4, 15, 2, dtype=torch.float64, generator=g) + 1
    sig = torch.tensor([0.3, 0.5, 1.0, 2.0], dtype=torch.float64)
    batched = cs_divergence(x, y, sig, chunk=6)
    assert batched.shape == (4,)
    for b in range(4):
        assert float(batched[b]) == pytest.approx(
            cs_divergence_kde(x[b].numpy(), y[b].numpy(), float(sig[b])), rel=1e-12)


def test_chunked_gradient_equals_unchunked(seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(50, dtype=torch.float64, generator=g, requires_grad=True)
    y = torch.randn(40, dtype=torch.float64, generator=g) + 1
    g1 = torch.autograd.grad(cs_divergence(x, y, 0.4, chunk=8), x)[0]
    g2 = torch.autograd.grad(cs_divergence(x, y, 0.4, chunk=1000), x)[0]
    torch.testing.assert_close(g1, g2, rtol=1e-12, atol=1e-14)


def test_far_apart_groups_give_finite_value_and_gradient():
    x = torch.linspace(0, 1, 30, dtype=torch.float64, requires_grad=True)
    y = torch.linspace(0, 1, 20, dtype=torch.float64) + 500.0
    d = cs_divergence(x, y, 0.01)
    (grad,) = torch.autograd.grad(d, x)
    assert torch.isfinite(d) and bool(torch.isfinite(grad).all())


def test_group_divergence_pairs_and_reductions(seed):
    rng = np.random.default_rng(seed)
    pred = rng.uniform(size=60)
    s = np.repeat([0, 1, 2], 20)
    pairs = [cs_divergence_kde(pred[s == a], pred[s == b], 0.1) for a, b in ((0, 1), (0, 2), (1, 2))]
    assert float(cs_group_divergence(pred, s, 0.1)) == pytest.approx(np.mean(pairs), rel=1e-12)
    assert float(cs_group_divergence(pred, s, 0.1, reduction="max")) == pytest.approx(max(pairs))
    assert float(cs_mutual_information(pred, s, 0.1)) == pytest.approx(
        cs_mi_numpy(pred, s, 0.1), rel=1e-12)


def test_group_divergence_skips_small_groups_when_asked():
    pred = torch.tensor([0.1, 0.2, 0.3, 0.9], dtype=torch.float64, requires_grad=True)
    s = torch.tensor([0, 0, 0, 1])
    with pytest.raises(InvalidParameterError, match="at least 2 samples"):
        cs_group_divergence(pred, s, 0.1)
    zero = cs_group_divergence(pred, s, 0.1, on_small="skip")
    assert float(zero.detach()) == 0.0 and zero.requires_grad


@pytest.mark.parametrize("call, match", [
    (lambda: cs_divergence([0.0, 1.0], [1.0, 2.0], 0.0), "'sigma' parameter"),
    (lambda: cs_divergence([0.0, float("nan")], [1.0, 2.0], 1.0), "finite"),
    (lambda: cs_divergence([0.0], [1.0, 2.0], 1.0), "at least 2 points"),
    (lambda: cs_divergence(np.zeros((3, 2)), np.zeros((3, 3)), 1.0), "dimension"),
    (lambda: cs_group_divergence([0.1, 0.2], [0, 0], 1.0), "at least 2 groups"),
    (lambda: cs_group_divergence([0.1, 0.2], [0, 1, 1], 1.0), "group labels"),
])
def test_torch_bad_input_raises_a_clear_error(call, match):
    with pytest.raises(InvalidParameterError, match=match):
        call()


@pytest.mark.parametrize("sigma", [0.01, 0.05, 0.3])
def test_fast_gauss_matches_exact_within_its_bound(seed, sigma):
    rng = np.random.default_rng(seed)
    x, y = rng.beta(2, 5, 3000), rng.beta(3, 3, 2500)
    exact = cs_divergence_kde(x, y, sigma)
    fast = cs_divergence_fast(x, y, sigma)
    assert abs(fast.value - exact) <= fast.error_bound + 1e-13
    assert abs(fast.value - exact) / exact <= 1e-6
    assert fast.error_bound / exact <= 1e-6


def test_fast_gauss_bound_is_honest_at_low_order(seed):
    rng = np.random.default_rng(seed)
    x, y = rng.normal(0, 1, 500), rng.normal(1, 1, 400)
    exact = cs_divergence_kde(x, y, 0.3)
    for order in (2, 4, 6):
        fast = cs_divergence_fast(x, y, 0.3, order=order, spacing=1.0)
        assert abs(fast.value - exact) <= fast.error_bound


@pytest.mark.parametrize("d", [1, 2, 3])
def test_inplace_no_grad_path_matches_numpy_and_autograd_path(d, seed):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(700, d)) * 3 + 10
    y = rng.normal(size=(500, d)) * 2 + 11
    ref = cs_divergence_kde(x, y, 0.3)
    no_grad = float(cs_divergence(torch.from_numpy(x), torch.from_numpy(y), 0.3))
    with_grad = cs_divergence(torch.from_numpy(x).requires_grad_(), torch.from_numpy(y), 0.3)
    assert no_grad == pytest.approx(ref, rel=1e-12)
    assert float(with_grad.detach()) == pytest.approx(ref, rel=1e-12)
