"""Benchmarks of the compression topic: wall time of one training epoch of the digits
super-resolution compressor (full loss, WGAN-GP critic) against the same epoch without the
critic, i.e. what the perception term costs."""

from __future__ import annotations

from benchmarks._timing import Row, benchmark, timeit


@benchmark("compression", "digits_epoch")
def digits_epoch(quick: bool = False):
    from numerics.compression.experiments import default_device
    from numerics.compression.training import train_digits
    from numerics.data import load_digits

    d = load_digits()
    device = default_device()
    rows = []
    for latent_dim in ((16,) if quick else (2, 16)):
        def full(latent_dim=latent_dim):
            return train_digits(d.images, d.target, latent_dim=latent_dim, epochs=1,
                                device=device)

        def no_critic(latent_dim=latent_dim):
            return train_digits(d.images, d.target, latent_dim=latent_dim, epochs=1,
                                lam_p=0.0, n_critic=0, device=device)

        repeat = 3 if quick else 5
        t_full = timeit(full, repeat=repeat)
        t_plain = timeit(no_critic, repeat=repeat)
        rows.append(Row(topic="compression", task="digits super-resolution, 1 epoch",
                        size=f"718 images, batch 64, R={2 * latent_dim} bits", ours=
                        "MSE + λ_p W1 (WGAN-GP) + λ_c CE", ours_s=t_full,
                        alternative="MSE + λ_c CE, no critic", alternative_s=t_plain,
                        note=f"device={device}; includes setup and test evaluation"))
    return rows


@benchmark("compression", "batched_digits")
def batched_digits(quick: bool = False):
    """The digits experiment's runs of one seed block (λ_c × seeds per latent_dim trained as
    one batched model, what ``digits_experiment`` runs) against the same runs one at a time
    (``train_digits``), at a few epochs (the per-epoch cost is what differs). Timed
    interleaved, latent_dim by latent_dim, on one thread."""
    import time

    import torch

    from numerics.compression.experiments import digits_runs
    from numerics.data import load_digits

    data = load_digits()
    latent_dims, epochs = ((16,), 2) if quick else ((2, 4, 8, 16), 4)
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        digits_runs(data, [(1e-3, 2, 0), (0.05, 2, 1)], 1, "cpu")  # warm-up, both paths
        digits_runs(data, [(1e-3, 2, 0)], 1, "cpu", batched=False)
        t_b = t_l = 0.0
        for d in latent_dims:
            cells = [(lam_c, d, s) for lam_c in (0.001, 0.05) for s in (0, 1)]
            t0 = time.perf_counter()
            digits_runs(data, cells, epochs, "cpu")
            t_b += time.perf_counter() - t0
            t0 = time.perf_counter()
            digits_runs(data, cells, epochs, "cpu", batched=False)
            t_l += time.perf_counter() - t0
    finally:
        torch.set_num_threads(threads)
    ratio = t_l / t_b
    return [Row("compression", "digits runs, batched vs one at a time",
                f"{4 * len(latent_dims)} runs (2 λ_c × 2 seeds per latent_dim "
                f"{list(latent_dims)}), {epochs} epochs", "batched (K = 4 per latent_dim)", t_b,
                "one run at a time (train_digits)", t_l, target="≥ 3×", met=bool(ratio >= 3),
                note="one run each, interleaved per latent_dim; CPU, 1 thread; the CNN "
                "classifier's convolutions dominate both")]


@benchmark("compression", "batched_gaussian")
def batched_gaussian(quick: bool = False):
    """The Gaussian experiment's levels of one seed trained as one batched model (what
    ``gaussian_experiment`` runs) against one ``train_gaussian`` per level, interleaved, on one
    thread (training only; the evaluation is the same code both ways)."""
    import time

    import torch

    from numerics.compression.batched import train_gaussian_batched
    from numerics.compression.training import train_gaussian

    levels, steps = ((2, 4, 8), 100) if quick else ((2, 4, 8, 16), 1500)
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        train_gaussian_batched(levels[:2], (0, 0), steps=5)  # warm-up, both paths
        train_gaussian(2, steps=5)
        t0 = time.perf_counter()
        train_gaussian_batched(levels, (0,) * len(levels), steps=steps)
        t_b = time.perf_counter() - t0
        t0 = time.perf_counter()
        for L in levels:
            train_gaussian(L, steps=steps, seed=0)
        t_l = time.perf_counter() - t0
    finally:
        torch.set_num_threads(threads)
    ratio = t_l / t_b
    return [Row("compression", "Gaussian compressors, batched vs one at a time",
                f"L = {list(levels)}, {steps} steps, batch 512, width 64",
                f"batched (K = {len(levels)})", t_b, "one level at a time (train_gaussian)",
                t_l, target="≥ 3×", met=bool(ratio >= 3),
                note="one run each; CPU, 1 thread; the 64×64 layers at batch 512 are "
                "arithmetic, so batching saves only the per-step overhead")]
