"""The PNL pipeline: embedding, encoding, sampler, both decoders, the controls."""

import numpy as np
import pytest

from numerics.pnl_augment import (
    augment_class,
    backward_project,
    embed,
    encode,
    gauss_noise_augment,
    kde_sample,
    knn_kl,
    knn_mean_augment,
)
from theory.pnl_augment import body_mask, one_body_projection, theta_to_P
from theory.validation import InvalidParameterError

SHAPE = (2, 3, 5)


def _class(n=6, seed=0):
    rng = np.random.default_rng(seed)
    return rng.uniform(0, 1, (n, 30))


def test_embed_normalises_and_keeps_scale():
    x = np.arange(30.0)
    P, s = embed(x, SHAPE)
    assert P.shape == SHAPE and P.sum() == pytest.approx(1.0)
    np.testing.assert_allclose(P.ravel() * s - 1e-5, x, atol=1e-12)


def test_encode_is_outer_product_of_marginals():
    P, _ = embed(_class()[0], SHAPE)
    np.testing.assert_allclose(theta_to_P(encode(P, 1)), one_body_projection(P), atol=1e-14)


def test_kde_sample_is_supported_on_the_mask_and_seeded():
    Ps = [embed(x, SHAPE)[0] for x in _class()]
    th = np.stack([encode(P) for P in Ps])
    B = body_mask(SHAPE, 1)
    W = kde_sample(th, B, 4, rng=1)
    assert W.shape == (4, *SHAPE) and np.all(W[:, ~B] == 0)
    np.testing.assert_array_equal(W, kde_sample(th, B, 4, rng=1))


def test_knn_kl_returns_nearest_first():
    Ps = [embed(x, SHAPE)[0] for x in _class()]
    th = np.stack([encode(P) for P in Ps])
    Qs = np.stack([theta_to_P(t) for t in th])
    assert knn_kl(th[2], Qs, 3)[0] == 2


@pytest.mark.parametrize("decoder", ["code", "theta_fixed"])
def test_decoders_return_distributions(decoder):
    Ps = np.stack([embed(x, SHAPE)[0] for x in _class()])
    out = backward_project(encode(Ps[0]), Ps[1:4], decoder=decoder)
    assert out.shape == SHAPE and out.sum() == pytest.approx(1.0) and np.all(out > 0)


def test_code_decoder_lands_near_the_neighbour_mean():
    X = _class(8)
    new, s = augment_class(X, SHAPE, 3, k=4, decoder="code", seed=0, return_info=True)
    assert new.shape == (3, 30) and np.all(new >= 0)
    assert np.all(s > 0.8)


def test_augment_class_is_seeded_and_validates():
    X = _class()
    a = augment_class(X, SHAPE, 2, k=3, decoder="theta_fixed", seed=5)
    np.testing.assert_array_equal(a, augment_class(X, SHAPE, 2, k=3, decoder="theta_fixed", seed=5))
    with pytest.raises(InvalidParameterError, match="'decoder' parameter of augment_class"):
        augment_class(X, SHAPE, 2, decoder="nope")
    with pytest.raises(InvalidParameterError, match="'shape' parameter of embed"):
        embed(np.ones(7), SHAPE)
    with pytest.raises(InvalidParameterError, match="'x' parameter of embed"):
        embed(-np.ones(30), SHAPE)


def test_controls():
    X = _class()
    m = knn_mean_augment(X, 4, k=X.shape[0], seed=0)
    np.testing.assert_allclose(m, np.tile(X.mean(axis=0), (4, 1)))
    g = gauss_noise_augment(X, 5, sigma=0.0, seed=0)
    assert all(any(np.array_equal(r, x) for x in X) for r in g)
