"""Benchmarks of the IC-SSL topic against what a user would pick instead: the Laplacian eigenmap
(ours: dense eigh of D^{-1/2}AD^{-1/2}; scipy ``eigsh``; scikit-learn ``SpectralEmbedding``),
the power layers (a few orthonormalised iterations) vs ``eigsh``, and harmonic label
propagation (one Cholesky solve) vs scikit-learn ``LabelPropagation`` (clamped iterations)."""

from __future__ import annotations

import warnings

import numpy as np

from benchmarks._timing import Row, benchmark, timeit


def _two_circles(n: int, seed: int = 0):
    from theory.icssl._reference import two_circles

    return two_circles(n, noise=0.03, seed=seed)


def _blas1():
    from theory.icssl._reference import one_blas_thread

    return one_blas_thread()


@benchmark("icssl", "eigenmap_vs_eigsh_and_sklearn")
def eigenmap_bench(quick: bool = False):
    from scipy.sparse.linalg import eigsh
    from sklearn.manifold import SpectralEmbedding

    from theory.icssl import generalized_eigh, laplacian_eigenmap, rbf_gram, sin_max_principal_angle

    n, h, k = (400 if quick else 1500), 0.05, 4
    X, _ = _two_circles(n)
    with _blas1():
        f, _ = laplacian_eigenmap(X, h, k)
        t_ours = timeit(lambda: laplacian_eigenmap(X, h, k), repeat=3)
        A = rbf_gram(X, h)

        def arpack():
            d = A.sum(1)
            s = 1 / np.sqrt(d)
            S = s[:, None] * A * s[None, :]
            _, U = eigsh(S, k=k, which="LA", v0=np.ones(n))
            return s[:, None] * U

        t_eigsh = timeit(arpack, repeat=3)
        t_skl = timeit(lambda: SpectralEmbedding(k, affinity="precomputed", random_state=0)
                       .fit_transform(A), repeat=3)
        _, F = generalized_eigh(A)
    err = max(sin_max_principal_angle(f, F[:, :k]), sin_max_principal_angle(arpack(), F[:, :k]))
    return [Row("icssl", "Laplacian eigenmap, bottom 4 of (D − A, D)", f"n = {n}",
                "dense eigh of D^-1/2 A D^-1/2 (numpy)", t_ours,
                "scipy eigsh (ARPACK, Lanczos)", t_eigsh, target="same subspace (sin θ ≤ 1e-8)",
                met=bool(err <= 1e-8),
                note=f"sklearn SpectralEmbedding (precomputed) {t_skl:.3f} s; worst sin θ vs "
                     f"eigh(D − A, D) {err:.1e}",
                extra={"sklearn_s": t_skl, "sin_theta": err})]


@benchmark("icssl", "power_layers_vs_eigsh")
def power_bench(quick: bool = False):
    from scipy.sparse.linalg import eigsh

    from theory.icssl import (
        attention_laplacian,
        generalized_eigh,
        sin_max_principal_angle,
        subspace_iteration,
    )

    n, h, k, T = (400 if quick else 1500), 0.5, 3, 150
    X, _ = _two_circles(n)
    with _blas1():
        _, K, d = attention_laplacian(X, h)
        t_pow = timeit(lambda: subspace_iteration(K, k, T, seed=1), repeat=3)
        A = K * d[None, :]
        s = 1 / np.sqrt(d)
        S = s[:, None] * A * s[None, :]
        t_eigsh = timeit(lambda: eigsh(S, k=k, which="LA", v0=np.ones(n)), repeat=3)
        _, F = generalized_eigh(A)
    err = sin_max_principal_angle(subspace_iteration(K, k, T, seed=1), F[:, :k])
    return [Row("icssl", f"TF_ϕ power layers ({T} QR layers) vs a Lanczos solve", f"n = {n}, k = {k}",
                "subspace_iteration (numpy)", t_pow, "scipy eigsh", t_eigsh,
                target="report", met=None,
                note=f"sin θ to eigh(D − A, D) after {T} layers: {err:.1e} (rate μ₄/μ₃)",
                extra={"sin_theta": err})]


@benchmark("icssl", "harmonic_vs_sklearn_label_propagation")
def lp_bench(quick: bool = False):
    from sklearn.semi_supervised import LabelPropagation

    from theory.icssl import harmonic_label_propagation, rbf_gram

    n, h = (400 if quick else 2000), 0.05
    X, y = _two_circles(n, seed=2)
    rng = np.random.default_rng(0)
    lab = np.concatenate([rng.choice(np.flatnonzero(y == c), 3, replace=False) for c in (0, 1)])
    with _blas1():
        A = rbf_gram(X, h)
        P = harmonic_label_propagation(A, lab, y[lab], 2)
        t_ours = timeit(lambda: harmonic_label_propagation(A, lab, y[lab], 2), repeat=3)
        yy = np.full(n, -1)
        yy[lab] = y[lab]
        # scikit-learn defaults (max_iter 1000, tol 1e-3): what a user would run
        skl = LabelPropagation(kernel="rbf", gamma=1 / (2 * h))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # ConvergenceWarning at the defaults
            t_skl = timeit(lambda: skl.fit(X, yy), repeat=1 if not quick else 3)
    agree = float(np.mean(skl.transduction_ == P.argmax(1)))
    acc = float(np.mean(P.argmax(1) == y))
    return [Row("icssl", "harmonic label propagation, 3 labels per class", f"n = {n}",
                "Cholesky solve of the unlabelled block (scipy)", t_ours,
                "sklearn LabelPropagation (rbf, default iterations)", t_skl,
                target="same labels on ≥ 99 % of points", met=bool(agree >= 0.99),
                note=f"agreement {agree:.3f}; accuracy {acc:.3f}",
                extra={"agreement": agree, "accuracy": acc})]


@benchmark("icssl", "batched_training_ceiling")
def batched_training_ceiling(quick: bool = False):
    """What training the 3 seeds of a model as one batched model could save at most: one
    training step on 3 × 16 prompts (the arithmetic of a 3-member batched step) against 3 steps
    on 16 prompts, per model, one torch thread, interleaved (task sampling, the same either
    way, left out). Three seeds cap any batching at 3×, and the steps are arithmetic-bound
    (kernels, eigenmaps and power layers over whole prompts), so the seeds stay one at a
    time."""
    import torch
    from torch.nn import functional as F

    from benchmarks._interleaved_b import interleaved
    from numerics.icssl.experiments import FULL, METHODS
    from numerics.icssl.models import MODELS
    from numerics.icssl.tasks import ID_FAMILIES, make_task
    from numerics.icssl.training import to_batch

    old = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        K, B = len(FULL.seeds), FULL.batch
        rng = np.random.default_rng(0)
        tasks = [make_task(ID_FAMILIES[i % len(ID_FAMILIES)], m=4, rng=rng) for i in range(K * B)]
        rows = []
        for name in METHODS[:1] if quick else METHODS:
            torch.manual_seed(0)
            model = MODELS[name]()
            opt = torch.optim.Adam(model.parameters(), lr=1e-3)
            big = to_batch(tasks)
            small = [to_batch(tasks[i:i + B]) for i in range(0, K * B, B)]

            def step(batch, model=model, opt=opt):
                X, y, y_lab, lab, unl = batch
                loss = F.cross_entropy(model(X, y_lab, lab)[unl], y[unl])
                opt.zero_grad()
                loss.backward()
                opt.step()

            t = interleaved({"one": lambda step=step, big=big: step(big),
                             "lone": lambda step=step, small=small: [step(b) for b in small]},
                            2 if quick else 5, cpu=True)
            rows.append(Row("icssl", f"training step of the {K} seeds, {name}: batching ceiling",
                            f"{K} × {B} prompts, 4 labels per class",
                            f"one step on {K * B} prompts (≤ a {K}-member batched step)",
                            t["one"], f"{K} steps on {B} prompts (one seed at a time)",
                            t["lone"], target="≥ 3× would justify batching",
                            met=t["lone"] / t["one"] >= 3,
                            note="1 thread, interleaved, CPU time; not batched"))
        return rows
    finally:
        torch.set_num_threads(old)
