"""Exact t-SNE engine: gradient, agreement with theory and scikit-learn, determinism, stages."""

import numpy as np
import pytest
import torch
from scipy.spatial.distance import pdist, squareform

from numerics.tsne.engine import (
    LBFGS,
    ExactTSNE,
    GradientDescent,
    KLDivergence,
    _kl_grad,
    _Workspace,
    kl_divergence_and_gradient,
    pca_init,
    random_init,
    tsne_exact,
)
from theory.tolerances import EXACT
from theory.tsne import joint_probabilities, kl_divergence, kl_gradient, sq_distances


def _blobs(rng, n=40, p=5, gap=4.0):
    half = n // 2
    return np.vstack([rng.normal(0, 1, (half, p)), rng.normal(gap, 1, (n - half, p))])


def _random_P(rng, n):
    A = rng.random((n, n))
    A = A + A.T
    np.fill_diagonal(A, 0)
    return A / A.sum()


def test_kl_gradient_matches_finite_differences(seed):
    rng = np.random.default_rng(seed)
    P = torch.as_tensor(_random_P(rng, 12))
    Y = torch.as_tensor(rng.normal(size=(12, 2)), dtype=torch.float64).requires_grad_(True)
    assert torch.autograd.gradcheck(lambda y: KLDivergence.apply(y, P), (Y,), eps=1e-6,
                                    atol=1e-8, rtol=1e-6)


def test_kl_and_gradient_match_theory(seed):
    rng = np.random.default_rng(seed)
    X = _blobs(rng)
    P = joint_probabilities(sq_distances(X), 10.0)
    Y = rng.normal(size=(len(X), 2)) * 3
    kl, grad = kl_divergence_and_gradient(P, Y)
    assert abs(kl - kl_divergence(P, Y)) <= EXACT * max(1.0, abs(kl))
    ref = kl_gradient(P, Y)
    assert np.abs(grad - ref).max() <= EXACT * np.abs(ref).max()


def test_kl_and_gradient_match_sklearn(seed):
    from sklearn.manifold._t_sne import _kl_divergence

    rng = np.random.default_rng(seed)
    n = 50
    P = _random_P(rng, n)
    Y = rng.normal(size=(n, 2)) * 5
    kl_sk, grad_sk = _kl_divergence(Y.ravel().copy(), squareform(P, checks=False), 1, n, 2)
    kl, grad = kl_divergence_and_gradient(P, Y)
    assert abs(kl - kl_sk) <= 1e-12 * abs(kl_sk)
    assert np.abs(grad.ravel() - grad_sk).max() <= 1e-12 * np.abs(grad_sk).max()


@pytest.mark.parametrize("two_pass", [False, True])
@pytest.mark.parametrize("block", [1, 7, 16, 100])
def test_blocked_objective_matches_single_block(seed, block, two_pass):
    """Any block size, in one pass (P∘w and w∘w contracted) or two (the kernel kept, then
    (P − w/Z)∘w contracted), against the one-pass single block."""
    rng = np.random.default_rng(seed)
    n = 53
    P = torch.as_tensor(_random_P(rng, n))
    Y = torch.as_tensor(rng.normal(size=(n, 3)) * 2)
    kl1, g1 = _kl_grad(P, Y, plogp=None, compute_kl=True,
                       ws=_Workspace(n, P.dtype, "cpu", n, two_pass=False))
    ws = _Workspace(n, P.dtype, "cpu", block, two_pass=two_pass)
    assert (ws.W is not None) == two_pass
    kl2, g2 = _kl_grad(P, Y, plogp=None, compute_kl=True, ws=ws)
    assert abs(kl1 - kl2) <= 1e-13 * abs(kl1)
    assert float((g1 - g2).abs().max()) <= 1e-13 * float(g1.abs().max())


def test_the_two_pass_gradient_is_the_cpu_default_while_its_kernel_store_fits(monkeypatch):
    from numerics.tsne import engine

    assert _Workspace(300, torch.float64, "cpu").W is not None
    monkeypatch.setattr(engine, "TWO_PASS_BYTES", 8 * 1000)  # a kernel store of 1,000 entries
    ws = _Workspace(300, torch.float64, "cpu")
    assert ws.W is None and ws.S is not None


def test_trajectory_matches_sklearn_gradient_descent(seed):
    """Same P, same init, same schedule: the iterates agree to rounding for the first steps.

    Rounding differences then grow about 1000-fold per 10 early-exaggeration steps (measured:
    3e-13 at 10, 2e-7 at 30, 0.15 at 50 steps), so later iterates of any two implementations
    differ; the test stops at 10."""
    from sklearn.manifold import TSNE
    from sklearn.manifold._t_sne import _joint_probabilities

    rng = np.random.default_rng(seed)
    X = _blobs(rng, n=80)
    Pc = _joint_probabilities(squareform(pdist(X, "sqeuclidean")), 10.0, 0)
    Y0 = random_init(len(X), 2, random_state=seed)
    sk = TSNE(method="exact", init=Y0.copy(), perplexity=10.0)
    sk.learning_rate_ = 50.0
    sk._EXPLORATION_MAX_ITER, sk.max_iter = 10, 10
    Y_sk = sk._tsne(Pc.copy(), 1, len(X), X_embedded=Y0.copy())
    res = ExactTSNE(optimizer=[GradientDescent(max_iter=10, exaggeration_iter=10)]).optimize(
        squareform(Pc), Y0)
    assert res.n_iter == 10
    assert np.abs(res.embedding - Y_sk).max() <= 1e-9 * np.abs(Y_sk).max()


def test_equal_P_gives_equal_embeddings(seed):
    """Lemma 17 end to end: X and X_{+C} = [X | m I] (C = 2m², integer coordinates) have bitwise
    equal P, so the engine started from one init returns bitwise equal embeddings."""
    rng = np.random.default_rng(seed)
    X = rng.integers(-5, 6, size=(40, 4)).astype(float)
    X[20:, 0] += 12
    m = 8
    Xc = np.hstack([X, m * np.eye(len(X))])
    D, Dc = sq_distances(X), sq_distances(Xc)
    off = ~np.eye(len(X), dtype=bool)
    assert np.array_equal(Dc[off], D[off] + 2 * m * m)
    P, Pc = joint_probabilities(D, 10.0), joint_probabilities(Dc, 10.0)
    assert np.array_equal(P, Pc)
    Y0 = random_init(len(X), 2, random_state=seed)
    eng = ExactTSNE(perplexity=10.0, optimizer=[GradientDescent(max_iter=300)])
    a, b = eng.fit(X, init=Y0), eng.fit(Xc, init=Y0)
    assert np.array_equal(a.embedding, b.embedding)
    assert a.kl == b.kl and a.grad_norm == b.grad_norm


def test_runs_are_deterministic(seed):
    rng = np.random.default_rng(seed)
    X = _blobs(rng)
    r1 = tsne_exact(X, perplexity=10.0, max_iter=300, random_state=seed)
    r2 = tsne_exact(X, perplexity=10.0, max_iter=300, random_state=seed)
    assert np.array_equal(r1.embedding, r2.embedding)
    assert np.array_equal(r1.init, random_init(len(X), 2, random_state=seed))


def test_lbfgs_polish_reaches_a_stationary_point(seed):
    # Overlapping blobs: well-separated clusters drift apart for ever (P across ~ 0).
    rng = np.random.default_rng(seed)
    X = _blobs(rng, n=30, gap=1.5)
    res = tsne_exact(X, perplexity=10.0, max_iter=260, polish=True, random_state=seed)
    _, grad = kl_divergence_and_gradient(joint_probabilities(sq_distances(X), 10.0),
                                         res.embedding)
    assert res.grad_max <= 1e-8
    assert np.abs(grad).max() == pytest.approx(res.grad_max, rel=1e-6, abs=1e-12)
    # the true objective at the result equals the reported one (no exaggeration left in)
    assert res.kl == pytest.approx(kl_divergence(joint_probabilities(sq_distances(X), 10.0),
                                                 res.embedding), rel=1e-12)


def test_separated_clusters_are_separated_in_the_output(seed):
    from sklearn.metrics import silhouette_score

    rng = np.random.default_rng(seed)
    X = _blobs(rng, n=60)
    labels = np.repeat([0, 1], 30)
    res = tsne_exact(X, perplexity=10.0, max_iter=500, random_state=seed)
    assert silhouette_score(res.embedding, labels) > 0.5


def test_pca_init_scale_and_sign():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(30, 4)) * [5, 2, 1, 0.5]
    Y = pca_init(X)
    assert Y.shape == (30, 2)
    assert np.std(Y[:, 0]) == pytest.approx(1e-4, rel=1e-12)
    assert np.array_equal(pca_init(-X), -Y) or np.allclose(np.abs(pca_init(-X)), np.abs(Y))


def test_swappable_stages():
    rng = np.random.default_rng(1)
    X = _blobs(rng, n=30)
    seen = {}

    def affinities(D, perplexity):
        seen["perplexity"] = perplexity
        return joint_probabilities(D, perplexity)

    def init(n, d, rng_, X_):
        return 1e-4 * rng_.standard_normal((n, d))

    def stage(P, run):
        seen["stage"] = True
        return run

    res = ExactTSNE(perplexity=7.0, affinities=affinities, init=init,
                    optimizer=[GradientDescent(max_iter=10), stage], random_state=3).fit(X)
    assert seen == {"perplexity": 7.0, "stage": True}
    assert res.n_iter == 10


@pytest.mark.parametrize("kwargs, match", [
    ({"perplexity": 0.5}, "'perplexity' parameter of ExactTSNE"),
    ({"init": "spectral"}, "'init' parameter of ExactTSNE"),
    ({"n_components": 0}, "'n_components' parameter of ExactTSNE"),
])
def test_bad_parameters_name_themselves(kwargs, match):
    with pytest.raises(ValueError, match=match):
        ExactTSNE(**kwargs)


def test_bad_inputs_name_themselves():
    P = _random_P(np.random.default_rng(0), 10)
    eng = ExactTSNE()
    with pytest.raises(ValueError, match="'init' parameter"):
        eng.fit(P=P, init=np.zeros((9, 2)))
    with pytest.raises(ValueError, match="'P' parameter"):
        eng.optimize(P * 2, np.zeros((10, 2)))
    with pytest.raises(ValueError, match="'init' parameter"):
        eng.fit(P=P, init="pca")
    with pytest.raises(ValueError, match="'X' parameter"):
        eng.fit(np.zeros((10, 2)), P=P)
    with pytest.raises(ValueError, match="'learning_rate' parameter of GradientDescent"):
        GradientDescent(learning_rate=-1.0)


def test_lbfgs_stage_does_not_increase_kl():
    rng = np.random.default_rng(2)
    X = _blobs(rng, n=30, gap=1.5)
    gd = tsne_exact(X, perplexity=8.0, max_iter=260, random_state=0)
    both = ExactTSNE(perplexity=8.0, optimizer=[GradientDescent(max_iter=260), LBFGS()],
                     random_state=0).fit(X)
    assert both.kl <= gd.kl + 1e-12
