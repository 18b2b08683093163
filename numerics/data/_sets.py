"""Multisets of points (point clouds) for the set-network experiments of the multisets topic.

Two offline sources, both returning :class:`PointClouds` (a list of ``(n_i, 3)`` arrays whose
sizes ``n_i`` vary, plus integer labels):

* :func:`load_digit_clouds`: scikit-learn's bundled 8×8 digits as point clouds, one point per
  active pixel with coordinates ``(column, row)`` and the grey level as a third coordinate. The
  number of points per digit varies (16 to 42 at the default threshold), which gives set sizes to
  bin for the distribution-shift experiment (paper Fig. 3 bins Polarity documents by length).
* :func:`make_shapes`: points sampled uniformly on the surface of spheres, cubes, tori and
  cylinders of random pose (rotation and translation) and size, a ModelNet40-style stand-in
  (paper Sec. 4, App. D) that needs no download.

Reference: Nikolentzos & Skianis (2026), Sec. 4 and App. D (data of the experiments).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from theory.validation import Interval, check_param, invalid

SHAPES = ("sphere", "cube", "torus", "cylinder")


@dataclass(frozen=True)
class PointClouds:
    """A labelled collection of multisets of points.

    Attributes
    ----------
    sets : list of arrays of shape (n_i, d)
        The multisets; sizes ``n_i`` may differ.
    target : array of shape (k,), int64
        The class of each multiset.
    classes : tuple of str
        The class names, indexed by ``target``.
    params : dict of arrays
        Generation parameters per set (pose and size for :func:`make_shapes`), empty otherwise.
    """

    sets: list
    target: np.ndarray
    classes: tuple
    params: dict = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.sets)

    @property
    def sizes(self) -> np.ndarray:
        """Number of elements of each multiset, shape (k,)."""
        return np.array([len(s) for s in self.sets], dtype=np.int64)

    @property
    def dim(self) -> int:
        return int(self.sets[0].shape[1])

    def subset(self, index) -> PointClouds:
        """The multisets at ``index`` (an integer array or boolean mask), with their labels."""
        idx = np.arange(len(self))[np.asarray(index)]
        return PointClouds([self.sets[i] for i in idx], self.target[idx], self.classes,
                           {k: v[idx] for k, v in self.params.items()})


def _rng(random_state, caller):
    if random_state is None or isinstance(random_state, int | np.integer):
        return np.random.default_rng(random_state)
    if isinstance(random_state, np.random.Generator):
        return random_state
    raise invalid("random_state", caller, "None, an int or a numpy Generator",
                  f"<{type(random_state).__name__}>")


def load_digit_clouds(n_class: int = 10, *, min_intensity: float = 1.0,
                      scale: bool = True) -> PointClouds:
    r"""scikit-learn's digits as multisets of points in :math:`\mathbb{R}^3`.

    A digit image :math:`I \in \{0,\dots,16\}^{8\times 8}` becomes the multiset

    .. math::
        X(I) = \{\!\{ (c,\ 7 - r,\ I_{rc}) : I_{rc} \ge \tau \}\!\},

    one point per active pixel (row ``r``, column ``c``; the row is flipped so the cloud stands
    upright) with the grey level as third coordinate. With ``scale=True`` the coordinates are
    divided by (7, 7, 16) so every point lies in :math:`[0, 1]^3`.

    Parameters
    ----------
    n_class : int in [1, 10]
        Keep the digits 0 .. n_class-1.
    min_intensity : float in [1, 16]
        The threshold :math:`\tau` on the grey level (16 levels).
    scale : bool
        Map the coordinates into the unit cube.

    Returns
    -------
    PointClouds
        1,797 multisets for ``n_class=10``, of 16 to 42 points each at ``min_intensity=1``.

    References
    ----------
    Nikolentzos & Skianis (2026), Sec. 4 (multisets of varying size; here the size is the number
    of active pixels, as the document length is for Polarity).
    """
    check_param("n_class", n_class, Interval(1, 10, integer=True), "load_digit_clouds")
    check_param("min_intensity", min_intensity, Interval(1, 16), "load_digit_clouds")
    from numerics.data._digits import load_digits

    digits = load_digits(n_class=n_class)
    unit = np.array([7.0, 7.0, 16.0]) if scale else np.ones(3)
    sets = []
    for img in digits.images:
        r, c = np.nonzero(img >= min_intensity)
        pts = np.column_stack([c, 7 - r, img[r, c]]).astype(np.float64) / unit
        sets.append(pts)
    if min(len(s) for s in sets) == 0:
        raise invalid("min_intensity", "load_digit_clouds",
                      "a threshold that leaves every digit at least one pixel", min_intensity)
    return PointClouds(sets, digits.target.copy(), tuple(str(k) for k in range(n_class)))


def _unit_sphere(n, rng, **_):
    v = rng.normal(size=(n, 3))
    return v / np.linalg.norm(v, axis=1, keepdims=True)


def _unit_cube(n, rng, **_):
    # Six faces of equal area: pick a face, then a uniform point on it.
    axis = rng.integers(0, 3, n)
    side = rng.choice([-1.0, 1.0], n)
    pts = rng.uniform(-1.0, 1.0, (n, 3))
    pts[np.arange(n), axis] = side
    return pts


def _torus(n, rng, *, ratio):
    # Uniform on the surface: the area element is r (R + r cos phi) dtheta dphi, so keep phi
    # with probability (1 + ratio cos phi) / (1 + ratio) (rejection sampling), R = 1, r = ratio.
    phis = np.empty(0)
    while len(phis) < n:
        phi = rng.uniform(0, 2 * np.pi, 2 * n)
        keep = rng.uniform(0, 1 + ratio, 2 * n) < 1 + ratio * np.cos(phi)
        phis = np.concatenate([phis, phi[keep]])
    phi = phis[:n]
    theta = rng.uniform(0, 2 * np.pi, n)
    ring = 1 + ratio * np.cos(phi)
    return np.column_stack([ring * np.cos(theta), ring * np.sin(theta), ratio * np.sin(phi)])


def _cylinder(n, rng, *, ratio):
    # Radius 1, half-height `ratio`: lateral area 4 pi ratio, two caps of area pi each.
    lateral = rng.uniform(0, 4 * np.pi * ratio + 2 * np.pi, n) < 4 * np.pi * ratio
    theta = rng.uniform(0, 2 * np.pi, n)
    rad = np.where(lateral, 1.0, np.sqrt(rng.uniform(0, 1, n)))
    z = np.where(lateral, rng.uniform(-ratio, ratio, n), rng.choice([-ratio, ratio], n))
    return np.column_stack([rad * np.cos(theta), rad * np.sin(theta), z])


_SAMPLERS = {"sphere": _unit_sphere, "cube": _unit_cube, "torus": _torus,
             "cylinder": _cylinder}


def random_rotation(rng, *, upright: bool = False) -> np.ndarray:
    """A Haar-uniform rotation of R^3 (QR of a Gaussian matrix with the sign fixed), (3, 3);
    with ``upright=True`` a uniform rotation about the z axis (ModelNet40 is aligned upright)."""
    if upright:
        a = rng.uniform(0, 2 * np.pi)
        return np.array([[np.cos(a), -np.sin(a), 0.0], [np.sin(a), np.cos(a), 0.0],
                         [0.0, 0.0, 1.0]])
    q, r = np.linalg.qr(rng.normal(size=(3, 3)))
    q = q * np.sign(np.diag(r))
    if np.linalg.det(q) < 0:
        q[:, 0] = -q[:, 0]
    return q


def make_shapes(n_per_class: int = 100, n_points=100, *, scale_range=(0.5, 2.0),
                shift_scale: float = 1.0, noise: float = 0.0, upright: bool = False,
                random_state=None) -> PointClouds:
    r"""Points sampled on spheres, cubes, tori and cylinders of random pose and size.

    Each multiset is :math:`X = \{\!\{ s R p_i + t + \eta_i \}\!\}` with :math:`p_i` uniform on
    the canonical surface (unit sphere; cube :math:`[-1,1]^3`; torus of radii 1 and
    :math:`\rho \sim U(0.2, 0.5)`; cylinder of radius 1 and half-height
    :math:`\rho \sim U(0.5, 1.5)`), :math:`R` a Haar-uniform rotation, :math:`s \sim
    U(\text{scale\_range})`, :math:`t \sim N(0, \text{shift\_scale}^2 I_3)` and
    :math:`\eta_i \sim N(0, \text{noise}^2 I_3)`. With ``upright=True``, :math:`R` is a
    uniform rotation about the z axis only (ModelNet40's clouds are aligned upright).

    Parameters
    ----------
    n_per_class : int >= 1
        Multisets per shape (4 shapes, labels in the order of ``SHAPES``).
    n_points : int >= 1 or (low, high)
        Points per multiset, fixed or drawn uniformly from ``low..high`` inclusive.
    scale_range : (float, float)
        Range of the size factor ``s``.
    shift_scale : float >= 0
        Standard deviation of the translation.
    noise : float >= 0
        Standard deviation of the per-point jitter.
    upright : bool
        Rotate about the z axis only, instead of a uniform rotation of R^3.
    random_state : None, int or numpy Generator

    Returns
    -------
    PointClouds
        ``4 * n_per_class`` multisets in random order; ``params`` holds ``rotation`` (k, 3, 3),
        ``scale`` (k,), ``shift`` (k, 3) and ``ratio`` (k,), so the pose can be undone.

    References
    ----------
    Stand-in for ModelNet40 (100 points per cloud) of Nikolentzos & Skianis (2026), App. D.
    """
    caller = "make_shapes"
    check_param("n_per_class", n_per_class, Interval(1, None, integer=True), caller)
    if isinstance(n_points, tuple | list):
        lo, hi = n_points
        check_param("n_points", lo, Interval(1, None, integer=True), caller)
        if not isinstance(hi, int | np.integer) or hi < lo:
            raise invalid("n_points", caller, "an int >= 1 or a pair (low, high) with "
                          "1 <= low <= high", tuple(n_points))
    else:
        check_param("n_points", n_points, Interval(1, None, integer=True), caller)
        lo = hi = n_points
    s_lo, s_hi = scale_range
    check_param("scale_range", s_lo, Interval(0, None, closed="neither"), caller)
    if s_hi < s_lo:
        raise invalid("scale_range", caller, "a pair (low, high) with 0 < low <= high",
                      tuple(scale_range))
    check_param("shift_scale", shift_scale, Interval(0, None), caller)
    check_param("noise", noise, Interval(0, None), caller)
    rng = _rng(random_state, caller)

    k = 4 * n_per_class
    labels = rng.permutation(np.repeat(np.arange(4), n_per_class))
    sets, rots, scales, shifts, ratios = [], [], [], [], []
    for lab in labels:
        kind = SHAPES[lab]
        n = int(rng.integers(lo, hi + 1))
        ratio = {"torus": rng.uniform(0.2, 0.5), "cylinder": rng.uniform(0.5, 1.5)}.get(kind, 0.0)
        pts = _SAMPLERS[kind](n, rng, ratio=ratio)
        rot, s = random_rotation(rng, upright=upright), rng.uniform(s_lo, s_hi)
        t = rng.normal(scale=shift_scale, size=3)
        X = s * pts @ rot.T + t
        if noise > 0:
            X = X + rng.normal(scale=noise, size=X.shape)
        sets.append(X)
        rots.append(rot)
        scales.append(s)
        shifts.append(t)
        ratios.append(ratio)
    params = {"rotation": np.array(rots), "scale": np.array(scales),
              "shift": np.array(shifts).reshape(k, 3), "ratio": np.array(ratios)}
    return PointClouds(sets, labels.astype(np.int64), SHAPES, params)


def standardize_sets(sets) -> list:
    r"""Centre each multiset and scale it to unit variance (paper App. D, ModelNet40).

    .. math::
        X \mapsto \{\!\{ (v - \bar v)/\sigma_X \}\!\},\quad
        \sigma_X^2 = \frac{1}{|X|}\sum_{v \in X} \|v - \bar v\|_2^2 / d .

    One scale per set (so shapes keep their aspect ratio). Sets of shape (n_i, d) in, same out.
    """
    out = []
    for i, X in enumerate(sets):
        X = np.asarray(X, dtype=np.float64)
        C = X - X.mean(axis=0)
        sd = np.sqrt((C**2).mean())
        if not sd > 0:
            raise invalid("sets", "standardize_sets", "multisets with at least two distinct "
                          "points", f"<set {i} of zero spread>")
        out.append(C / sd)
    return out
