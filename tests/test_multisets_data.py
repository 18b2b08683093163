"""Point-cloud loaders of the multisets experiments: digits as point clouds, synthetic shapes."""

import numpy as np
import pytest

from numerics.data import load_digit_clouds, load_digits, make_shapes, standardize_sets
from theory.validation import InvalidParameterError


def test_digit_clouds_are_the_active_pixels():
    clouds = load_digit_clouds()
    digits = load_digits()
    assert len(clouds) == 1797
    np.testing.assert_array_equal(clouds.target, digits.target)
    np.testing.assert_array_equal(clouds.sizes, (digits.images > 0).sum(axis=(1, 2)))
    assert clouds.sizes.min() == 16 and clouds.sizes.max() == 42
    # Rebuild every image from its cloud: (col, 7 - row, grey) scaled by (7, 7, 16).
    for X, img in zip(clouds.sets[:200], digits.images[:200]):
        assert np.all((X >= 0) & (X <= 1))
        rebuilt = np.zeros((8, 8))
        col, row, grey = np.rint(X * [7, 7, 16]).astype(int).T
        rebuilt[7 - row, col] = grey
        np.testing.assert_array_equal(rebuilt, img)


def test_digit_clouds_threshold_and_unscaled():
    raw = load_digit_clouds(n_class=3, min_intensity=8, scale=False)
    images = load_digits(n_class=3).images
    np.testing.assert_array_equal(raw.sizes, (images >= 8).sum(axis=(1, 2)))
    assert all(X[:, 2].min() >= 8 for X in raw.sets)
    assert raw.classes == ("0", "1", "2")


def _canonical(data, i):
    """Undo the pose of set i: (X - t) R / s."""
    p = data.params
    return (data.sets[i] - p["shift"][i]) @ p["rotation"][i] / p["scale"][i]


def test_shapes_lie_on_their_surfaces(seed):
    data = make_shapes(6, (30, 60), random_state=seed)
    assert len(data) == 24
    assert np.bincount(data.target).tolist() == [6, 6, 6, 6]
    assert np.all((data.sizes >= 30) & (data.sizes <= 60))
    for i, lab in enumerate(data.target):
        P = _canonical(data, i)
        kind = data.classes[lab]
        if kind == "sphere":
            np.testing.assert_allclose(np.linalg.norm(P, axis=1), 1.0, atol=1e-12)
        elif kind == "cube":
            np.testing.assert_allclose(np.abs(P).max(axis=1), 1.0, atol=1e-12)
        elif kind == "torus":
            rho = data.params["ratio"][i]
            ring = np.hypot(P[:, 0], P[:, 1]) - 1.0
            np.testing.assert_allclose(ring**2 + P[:, 2] ** 2, rho**2, atol=1e-12)
        else:
            h = data.params["ratio"][i]
            r = np.hypot(P[:, 0], P[:, 1])
            on_side = np.isclose(r, 1.0, atol=1e-12) & (np.abs(P[:, 2]) <= h + 1e-12)
            on_cap = np.isclose(np.abs(P[:, 2]), h, atol=1e-12) & (r <= 1 + 1e-12)
            assert np.all(on_side | on_cap)


def test_shapes_rotations_are_proper_and_seeded(seed):
    a = make_shapes(3, 20, random_state=seed)
    b = make_shapes(3, 20, random_state=seed)
    for X, Y in zip(a.sets, b.sets):
        np.testing.assert_array_equal(X, Y)
    R = a.params["rotation"]
    np.testing.assert_allclose(R @ R.transpose(0, 2, 1), np.broadcast_to(np.eye(3), R.shape),
                               atol=1e-12)
    np.testing.assert_allclose(np.linalg.det(R), 1.0, atol=1e-12)
    c = make_shapes(3, 20, random_state=np.random.default_rng(seed + 1))
    assert not np.array_equal(a.sets[0], c.sets[0])


def test_cube_points_are_uniform_over_faces(seed):
    # Each of the 6 faces carries 1/6 of the points (equal areas); chi-square at a 1e-4 level.
    from scipy.stats import chisquare

    data = make_shapes(1, 6000, random_state=seed, scale_range=(1.0, 1.0))
    i = int(np.flatnonzero(data.target == 1)[0])
    P = _canonical(data, i)
    axis = np.abs(P).argmax(axis=1)
    face = axis * 2 + (P[np.arange(len(P)), axis] > 0)
    assert chisquare(np.bincount(face, minlength=6)).pvalue > 1e-4


def test_standardize_sets_centres_and_scales(seed):
    data = make_shapes(2, (10, 30), random_state=seed)
    for X in standardize_sets(data.sets):
        np.testing.assert_allclose(X.mean(axis=0), 0.0, atol=1e-12)
        np.testing.assert_allclose((X**2).mean(), 1.0, rtol=1e-12)


def test_subset_keeps_labels_and_params(seed):
    data = make_shapes(3, 15, random_state=seed)
    sub = data.subset(data.target == 2)
    assert len(sub) == 3 and set(sub.target.tolist()) == {2}
    assert sub.params["rotation"].shape == (3, 3, 3)


@pytest.mark.parametrize("kwargs, name", [
    ({"n_per_class": 0}, "n_per_class"),
    ({"n_points": (10, 5)}, "n_points"),
    ({"n_points": 0}, "n_points"),
    ({"noise": -1.0}, "noise"),
    ({"scale_range": (2.0, 1.0)}, "scale_range"),
    ({"random_state": "seed"}, "random_state"),
])
def test_make_shapes_rejects_bad_input(kwargs, name):
    with pytest.raises(InvalidParameterError, match=f"The '{name}' parameter of make_shapes"):
        make_shapes(**kwargs)


def test_load_digit_clouds_rejects_bad_input():
    with pytest.raises(InvalidParameterError, match="The 'n_class' parameter"):
        load_digit_clouds(n_class=11)
    with pytest.raises(InvalidParameterError, match="The 'min_intensity' parameter"):
        load_digit_clouds(min_intensity=0)
    with pytest.raises(InvalidParameterError, match="The 'sets' parameter"):
        standardize_sets([np.ones((3, 2))])
