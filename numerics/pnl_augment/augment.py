"""The PNL augmentation pipeline of the released code (sleepymalc/Pseudo-Non-Linear, ``ld.py``
and the MNIST notebooks, per class), with both decoders and two non-geometric controls.

1. embed each sample as P = (x + ε)/s, keep s;  2. encode: m-projection onto M_ℓ (θ_B);
3. sample w* from a Gaussian KDE on the θ_B vectors (bandwidth 0.05);  4. take the k nearest
training encodings in KL(Q_{w*}‖Q_i);  5. decode (``decoder="code"``: the released early-stopped
backward step; ``"theta_fixed"``: the m-projection onto D = {θ_B = θ̄_B} the paper describes,
our reading);  6. multiply by the neighbours' mean scale and subtract ε.
"""

from __future__ import annotations

import numpy as np

from theory.pnl_augment import (
    P_to_theta,
    body_mask,
    eta,
    kl,
    m_project,
    mixed_coordinates,
    released_backward_step,
    theta_to_P,
)
from theory.pnl_augment._loglinear import _mask
from theory.validation import (
    MAX_ITER,
    Interval,
    Options,
    check_array,
    check_param,
    check_real,
    check_rng,
    invalid,
)

_COUNT = Interval(0, MAX_ITER, integer=True)

DECODERS = ("code", "theta_fixed")


def embed(x, shape, eps: float = 1e-5):
    r"""Embed a nonnegative sample as a distribution on Ω = [I₁]×…×[I_d].

    .. math:: P = \frac{x + \varepsilon}{s},\qquad s = \sum_v (x_v + \varepsilon)

    The embedding φ of the released code (ε = 1e-5). Returns (P of ``shape``, s).
    """
    a = check_array(x, "x", "embed", ndim=None).ravel()
    shape = _shape(shape, "embed")
    if int(np.prod(shape)) != a.size:
        raise invalid("shape", "embed", f"a shape with {a.size} cells", shape)
    eps = check_real("eps", eps, Interval(0, None, closed="neither"), "embed")  # 10**400: raw error
    if np.any(a < 0):
        raise invalid("x", "embed", "a nonnegative sample", f"<min {a.min():.3g}>")
    v = a + eps
    with np.errstate(over="ignore"):
        s = float(v.sum())
    if not np.isfinite(s):
        # the sum overflowed (cells of 1e308): P came back as zeros with s = inf. The scale s
        # is returned (and multiplies the decoded samples), so it must be a float: refused
        k = int(np.frexp(float(v.max()))[1])
        raise invalid("x", "embed", "a sample whose total Σ(x + eps) is within float64 "
                      "(<= ~1.8e308)", f"<total {float(np.ldexp(v, -k).sum()):.6g} * 2**{k}>")
    return (v / s).reshape(shape), s


def _shape(shape, caller):
    # checked before int(): int(True) or int(2.7) would be accepted silently
    if not isinstance(shape, tuple | list) or not shape or not all(
            s in Interval(1, None, integer=True) for s in shape):
        raise invalid("shape", caller, "a non-empty tuple of ints >= 1", shape)
    return tuple(int(s) for s in shape)


def encode(P, order: int = 1):
    """θ of the m-projection of P onto M_ℓ (the encoder Proj_B ∘ φ); Newton at 1e-13."""
    return m_project(P, order, tol=1e-12)[1]


def kde_sample(thetas, mask, n: int, *, bandwidth: float = 0.05, rng=None):
    """n latents w* (full θ tensors supported on the mask) from a Gaussian KDE fitted to the
    θ_B vectors of the class (as the released notebooks; sklearn ``KernelDensity``)."""
    from sklearn.neighbors import KernelDensity

    T = check_array(thetas, "thetas", "kde_sample", ndim=None)
    if T.ndim < 2:
        raise invalid("thetas", "kde_sample", "a stack (m, *shape) of θ tensors",
                      f"<array of shape {T.shape}>")
    B = _mask(mask, T.shape[1:], "mask", "kde_sample").copy()
    B.flat[0] = False
    check_param("n", n, Interval(1, MAX_ITER, integer=True), "kde_sample")
    bandwidth = check_real("bandwidth", bandwidth, Interval(0, None, closed="neither"), "kde_sample")
    rng = check_rng(rng, "rng", "kde_sample")
    V = T.reshape(T.shape[0], -1)[:, np.flatnonzero(B.ravel())]
    kde = KernelDensity(bandwidth=bandwidth).fit(V)
    W = kde.sample(n, random_state=int(rng.integers(2**31 - 1)))
    if not np.all(np.isfinite(W)):  # a bandwidth near 1e308 can draw inf latents
        raise invalid("bandwidth", "kde_sample", "a bandwidth for which the latents stay "
                      "within float64", bandwidth)
    out = np.zeros((n, *B.shape))
    out.reshape(n, -1)[:, np.flatnonzero(B.ravel())] = W
    return out


def knn_kl(theta_star, Q_train, k: int):
    """Indices of the k training encodings nearest to Q_{w*} in KL(Q_{w*}‖Q_i) (``ld.kNN``)."""
    Qs = theta_to_P(theta_star)
    Q_train = check_array(Q_train, "Q_train", "knn_kl", ndim=None)
    if Q_train.shape[1:] != Qs.shape:
        raise invalid("Q_train", "knn_kl", f"a stack (m, {', '.join(map(str, Qs.shape))}) of "
                      "distributions of theta_star's shape", f"<array of shape {Q_train.shape}>")
    check_param("k", k, Interval(1, Q_train.shape[0], integer=True), "knn_kl")
    d = np.array([kl(Qs, Q) for Q in Q_train])
    return np.argsort(d, kind="stable")[:k]


def backward_project(theta_star, P_neighbors, *, decoder: str = "code", order: int = 1,
                     lr: float = 0.1, n_iter: int = 1000):
    """Decode w* with the k neighbours' distributions (shape ``(k, *shape)``).

    ``"code"``: :func:`theory.pnl_augment.released_backward_step` (steps of lr/k on all θ
    towards the neighbours' mean η, early-stopped). ``"theta_fixed"``: the m-projection of w*
    onto D = {θ_x = mean_i θ(P_i)_x for ℓ-body x}, i.e. the mixed-coordinate point
    (θ_B = θ̄_B, η_{Bᶜ} = η_{Bᶜ}(Q_{w*})) (our reading of M*_ℓ(N)).
    """
    check_param("decoder", decoder, Options(*DECODERS), "backward_project")
    X = check_array(P_neighbors, "P_neighbors", "backward_project", ndim=None)
    if decoder == "code":
        return released_backward_step(theta_star, X, lr=lr, n_iter=n_iter)[0]
    A = body_mask(X.shape[1:], order)
    A.flat[0] = False
    c = np.mean([P_to_theta(P) for P in X], axis=0)
    return mixed_coordinates(np.where(A, c, 0.0), A, eta(theta_to_P(theta_star)), tol=1e-11,
                             max_iter=200)[0]


def augment_class(X, shape, n_new: int, *, order: int = 1, k: int = 8, bandwidth: float = 0.05,
                  decoder: str = "code", seed: int = 0, eps: float = 1e-5, lr: float = 0.1,
                  return_info: bool = False):
    """n_new synthetic samples for one class (rows of X, nonnegative) by PNL (released pipeline).

    Returns an (n_new, n_features) array (and, with ``return_info``, the fitted mixture weight
    s of each decoded sample between Q_{w*} and the neighbours' mean, for ``decoder="code"``).
    """
    from theory.pnl_augment import mixture_fit

    X = check_array(X, "X", "augment_class", ndim=2, min_rows=2)
    check_param("n_new", n_new, _COUNT, "augment_class")
    check_param("k", k, Interval(1, None, integer=True), "augment_class")
    check_param("decoder", decoder, Options(*DECODERS), "augment_class")
    rng = check_rng(seed, "seed", "augment_class")
    k = min(k, X.shape[0])
    emb = [embed(x, shape, eps) for x in X]
    Ps = np.stack([p for p, _ in emb])
    scales = np.array([s for _, s in emb])
    encs = [m_project(P, order, tol=1e-12) for P in Ps]
    Qs = np.stack([q for q, _ in encs])
    thetas = np.stack([t for _, t in encs])
    mask = body_mask(shape, order)
    out, s_fit = [], []
    if n_new == 0:
        return (np.zeros((0, X.shape[1])), np.zeros(0)) if return_info else np.zeros((0, X.shape[1]))
    for w in kde_sample(thetas, mask, n_new, bandwidth=bandwidth, rng=rng):
        nn = knn_kl(w, Qs, k)
        P = backward_project(w, Ps[nn], decoder=decoder, order=order, lr=lr)
        if return_info and decoder == "code":
            P0 = theta_to_P(w) + eps
            s_fit.append(mixture_fit(P, P0 / P0.sum(), Ps[nn].mean(axis=0))[0])
        out.append(np.clip(P.ravel() * scales[nn].mean() - eps, 0.0, None))
    out = np.stack(out)
    return (out, np.asarray(s_fit)) if return_info else out


def knn_mean_augment(X, n_new: int, k: int, seed: int = 0):
    """Control without geometry: each new sample is the mean of a random class member's k
    nearest class members (Euclidean, the member included)."""
    X = check_array(X, "X", "knn_mean_augment", ndim=2, min_rows=1)
    check_param("n_new", n_new, _COUNT, "knn_mean_augment")
    # k = 0 would average no neighbour: a row of NaN
    check_param("k", k, Interval(1, None, integer=True), "knn_mean_augment")
    rng = check_rng(seed, "seed", "knn_mean_augment")
    k = min(k, X.shape[0])
    # distances and means on X scaled by a power of two (exact; neighbours and means are
    # scale-covariant), scaled back: at 1e160 the squares overflowed to inf (ties, wrong
    # neighbours), at 1e-170 underflowed to 0 (the same), and means of 1e308 overflowed
    m = float(np.max(np.abs(X)))
    p = int(np.frexp(m)[1]) if m > 0 else 0
    Xs = np.ldexp(X, -p)
    D = ((Xs[:, None, :] - Xs[None, :, :]) ** 2).sum(-1)
    anchors = rng.integers(0, X.shape[0], n_new)
    return np.ldexp(np.stack([Xs[np.argsort(D[a], kind="stable")[:k]].mean(axis=0)
                              for a in anchors]), p) if n_new else np.zeros((0, X.shape[1]))


def gauss_noise_augment(X, n_new: int, sigma: float = 0.1, seed: int = 0):
    """Control: random class members plus N(0, (σ · per-feature std of the class)²), clipped at
    0 (features are nonnegative)."""
    X = check_array(X, "X", "gauss_noise_augment", ndim=2, min_rows=1)
    check_param("n_new", n_new, _COUNT, "gauss_noise_augment")
    sigma = check_real("sigma", sigma, Interval(0, None), "gauss_noise_augment")  # 10**400: raw
    rng = check_rng(seed, "seed", "gauss_noise_augment")
    # the std on X scaled by a power of two (exact), scaled back: features of 1e200 squared
    # to inf and every noisy sample came back inf
    m = float(np.max(np.abs(X)))
    p = int(np.frexp(m)[1]) if m > 0 else 0
    sd = np.ldexp(np.ldexp(X, -p).std(axis=0), p)
    idx = rng.integers(0, X.shape[0], n_new)
    with np.errstate(over="ignore", invalid="ignore"):
        out = np.clip(X[idx] + rng.normal(size=(n_new, X.shape[1])) * sigma * sd, 0.0, None)
    if not np.all(np.isfinite(out)):
        raise invalid("sigma", "gauss_noise_augment", "a noise level for which the samples "
                      "stay within float64", sigma)
    return out
