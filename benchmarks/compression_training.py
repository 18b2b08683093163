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
