"""Fair training: metrics against fairlearn/scikit-learn, regularizers against numpy, training."""

import numpy as np
import pytest
import torch
from fairlearn.metrics import (
    demographic_parity_difference,
    equal_opportunity_difference,
    equalized_odds_difference,
)
from sklearn.metrics import roc_auc_score

from numerics.fairness.metrics import accuracy, auc, dp_gap, eo_gap, equalized_odds_gap, evaluate
from numerics.fairness.models import make_model
from numerics.fairness.regularizers import REGULARIZERS, make_regularizer
from theory.fairness import cs_divergence_kde
from theory.validation import InvalidParameterError


def _scores(seed, n=400):
    rng = np.random.default_rng(seed)
    s = rng.integers(0, 2, n)
    y = (rng.random(n) < 0.3 + 0.3 * s).astype(int)
    p = np.clip(rng.beta(2, 3, n) + 0.2 * s * y, 0, 1)
    return y, p, s


def test_dp_gap_matches_fairlearn(seed):
    y, p, s = _scores(seed)
    ref = demographic_parity_difference(y, (p > 0.5).astype(int), sensitive_features=s)
    assert dp_gap(p, s) == pytest.approx(ref, abs=1e-12)


def test_eo_gap_matches_fairlearn_equal_opportunity(seed):
    y, p, s = _scores(seed)
    ref = equal_opportunity_difference(y, (p > 0.5).astype(int), sensitive_features=s)
    assert eo_gap(y, p, s) == pytest.approx(ref, abs=1e-12)


def test_equalized_odds_max_matches_fairlearn_and_sum_is_ffb(seed):
    y, p, s = _scores(seed)
    yhat = (p > 0.5).astype(int)
    ref = equalized_odds_difference(y, yhat, sensitive_features=s)
    assert equalized_odds_gap(y, p, s) == pytest.approx(ref, abs=1e-12)
    per_y = [abs(yhat[(y == c) & (s == 1)].mean() - yhat[(y == c) & (s == 0)].mean())
             for c in (0, 1)]
    assert equalized_odds_gap(y, p, s, reduce="sum") == pytest.approx(sum(per_y), abs=1e-12)


def test_auc_and_accuracy_match_sklearn(seed):
    y, p, _ = _scores(seed)
    p = np.round(p, 2)  # ties, which the mid-rank formula must count as ½
    assert auc(y, p) == pytest.approx(roc_auc_score(y, p), abs=1e-12)
    assert accuracy(y, p) == pytest.approx(np.mean((p > 0.5) == y), abs=1e-15)


def test_probability_versions_are_mean_score_gaps():
    p = np.array([0.2, 0.4, 0.9, 0.7, 0.6, 0.1])
    s = np.array([0, 0, 0, 1, 1, 1])
    y = np.array([1, 0, 1, 1, 0, 1])
    assert dp_gap(p, s, threshold=None) == pytest.approx(abs(1.4 / 3 - 1.5 / 3), abs=1e-15)
    assert eo_gap(y, p, s, threshold=None) == pytest.approx(abs(0.55 - 0.4), abs=1e-15)
    assert set(evaluate(y, p, s)) == {"acc", "auc", "dp", "eo", "eodd", "dp_prob", "eo_prob"}


def test_metric_input_errors_name_the_parameter():
    with pytest.raises(InvalidParameterError, match="'s' parameter of dp_gap"):
        dp_gap([0.1, 0.2], [0, 2])
    with pytest.raises(InvalidParameterError, match="'s' parameter of dp_gap"):
        dp_gap([0.1, 0.2, 0.3], [0, 1])


def _batch(seed, n=64, shift=0.3):
    g = torch.Generator().manual_seed(seed)
    s = torch.arange(n) % 2
    y = (torch.rand(n, generator=g) < 0.5).long()
    proba = (0.2 + 0.4 * torch.rand(n, generator=g, dtype=torch.float64) + shift * s)
    return proba.clamp(0.01, 0.99).requires_grad_(True), s, y


def test_cs_regularizer_matches_numpy_kde_estimator(seed):
    proba, s, y = _batch(seed)
    reg = make_regularizer("cs", sigma=0.15)
    got = float(reg(proba, torch.logit(proba), s, y).detach())
    p = proba.detach().numpy()
    ref = cs_divergence_kde(p[s.numpy() == 0], p[s.numpy() == 1], 0.15)
    assert got == pytest.approx(ref, rel=1e-10)


def test_mmd_and_hsic_regularizers_match_numpy_definitions(seed):
    proba, s, y = _batch(seed)
    p, g = proba.detach().numpy(), s.numpy()
    h = np.sqrt(2) * 0.2
    k = np.exp(-np.subtract.outer(p, p) ** 2 / (2 * h * h))
    a, b = g == 0, g == 1
    mmd = k[np.ix_(a, a)].mean() + k[np.ix_(b, b)].mean() - 2 * k[np.ix_(a, b)].mean()
    n = len(p)
    hmat = np.eye(n) - 1 / n
    lmat = (g[:, None] == g[None, :]).astype(float)
    hsic = np.trace(k @ hmat @ lmat @ hmat) / n**2
    logit = torch.logit(proba)
    assert float(make_regularizer("mmd")(proba, logit, s, y).detach()) == pytest.approx(mmd, rel=1e-10)
    assert float(make_regularizer("hsic")(proba, logit, s, y).detach()) == pytest.approx(hsic, rel=1e-10)


def test_prejudice_remover_is_plugin_mutual_information(seed):
    proba, s, y = _batch(seed)
    p, g = proba.detach().numpy(), s.numpy()
    mi = 0.0
    for c in (p, 1 - p):
        for grp in (0, 1):
            m = g == grp
            mi += (c[m] * np.log(c[m].mean() / c.mean())).sum()
    got = float(make_regularizer("pr")(proba, torch.logit(proba), s, y).detach())
    assert got == pytest.approx(mi / len(p), rel=1e-10)


@pytest.mark.parametrize("name", REGULARIZERS)
def test_regularizers_vanish_on_identical_groups_and_have_finite_gradients(name, seed):
    proba, s, y = _batch(seed, shift=0.0)
    # the same multiset of predictions in both groups: every divergence/gap is 0
    same = torch.cat([proba[:32], proba[:32]]).detach().requires_grad_(True)
    s2 = torch.cat([torch.zeros(32), torch.ones(32)]).long()
    reg = make_regularizer(name, seed=seed)
    if name != "adv":  # the adversary's loss is log 2 only once it is trained; not a divergence
        assert abs(float(reg(same, torch.logit(same), s2, y).detach())) < 1e-10
    proba, s, y = _batch(seed, shift=0.3)
    val = reg(proba, torch.logit(proba), s, y)
    val.backward()
    assert torch.isfinite(proba.grad).all()
    if name != "adv":
        assert float(val.detach()) > 0


@pytest.mark.parametrize("name", REGULARIZERS)
def test_eo_variant_uses_positives_only_and_single_group_batch_gives_zero(name):
    proba, s, y = _batch(3, shift=0.3)
    reg = make_regularizer(name, target="eo")
    y_neg = torch.zeros_like(y)
    val = reg(proba, torch.logit(proba), s, y_neg)  # no positives: no groups to compare
    assert float(val.detach()) == 0.0 and val.requires_grad
    if name in ("dp", "mmd", "cs"):
        keep = y == 1
        full = make_regularizer(name)(proba[keep], torch.logit(proba[keep]), s[keep], y[keep])
        assert float(reg(proba, torch.logit(proba), s, y).detach()) == pytest.approx(
            float(full.detach()))


def test_cs_penalty_lowers_dp_gap_when_lambda_grows():
    from numerics.fairness.experiments import run_one

    erm = [run_one("compas", "erm", 0.0, seed, epochs=6) for seed in (0, 1)]
    cs = [run_one("compas", "cs", 10.0, seed, epochs=6) for seed in (0, 1)]
    dp_erm = np.mean([r["dp"] for r in erm])
    dp_cs = np.mean([r["dp"] for r in cs])
    assert dp_cs < 0.5 * dp_erm
    assert np.mean([r["acc"] for r in cs]) > np.mean([r["acc"] for r in erm]) - 0.15


def test_make_model_is_seeded_without_touching_global_rng():
    state = torch.get_rng_state()
    a = make_model("mlp", 5, seed=3)
    b = make_model("mlp", 5, seed=3)
    assert torch.equal(torch.get_rng_state(), state)
    for pa, pb in zip(a.parameters(), b.parameters(), strict=True):
        assert torch.equal(pa, pb)
    with pytest.raises(InvalidParameterError, match="'kind' parameter of make_model"):
        make_model("cnn", 5)


@pytest.mark.skipif(not torch.cuda.is_available(), reason="no CUDA device here")
def test_training_honours_cuda_device():
    from numerics.fairness.classifier import CSFairClassifier

    rng = np.random.default_rng(0)
    X = rng.normal(size=(200, 4))
    y = (X[:, 0] > 0).astype(int)
    s = (X[:, 1] > 0).astype(int)
    clf = CSFairClassifier(lam=1.0, epochs=2, device="cuda").fit(X, y, sensitive_features=s)
    assert next(clf.model_.parameters()).device.type == "cuda"
    assert clf.predict_proba(X).shape == (200, 2)
