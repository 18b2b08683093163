"""The batched digits trainer computes what ``train_digits`` computes, member by member.

Float64 for the exactness check: in float32 the two paths differ by rounding (grouped
convolutions and batched products sum in another order), and the quantiser's argmin and the
adversarial critic carry such differences to visible ones within an epoch (reconstructions
moved by ~5e-2 after two epochs at latent_dim 8), which says nothing about whether the
algorithm is the same; in float64 the members agree with their lone runs to ~1e-15.
"""

from __future__ import annotations

import numpy as np
import pytest
import torch

from numerics.compression import experiments as ex
from numerics.compression.batched import train_digits_batched
from numerics.compression.training import train_digits
from numerics.data import load_digits

RTOL = 1e-9


def test_batched_digits_members_are_lone_runs_in_float64():
    d = load_digits()
    # two λ_c, and one seed twice: members that share a seed still train apart
    seeds, lam_c = (0, 1, 0), (1e-3, 1e-3, 0.05)
    runs = train_digits_batched(d.images, d.target, latent_dim=2, seeds=seeds,
                                lam_p=[1e-3] * 3, lam_c=lam_c, epochs=1, dtype=torch.float64)
    for run, seed, lc in zip(runs, seeds, lam_c):
        lone = train_digits(d.images, d.target, latent_dim=2, seed=seed, lam_c=lc, epochs=1,
                            dtype=torch.float64)
        assert (run.seed, run.lam_c, run.rate) == (lone.seed, lone.lam_c, lone.rate)
        for key in ("mse_to_input", "mse_to_clean", "accuracy"):
            np.testing.assert_allclose(getattr(run, key), getattr(lone, key), rtol=RTOL)
        np.testing.assert_allclose(run.examples, lone.examples, rtol=RTOL, atol=1e-12)
    assert np.abs(runs[0].examples - runs[2].examples).max() > 1e-6  # λ_c mattered


@pytest.mark.slow
def test_quick_digits_batched_gives_the_lone_verdicts(monkeypatch):
    """The quick digits experiment both ways (float32, as it runs): the same claim verdicts."""
    from theory.claims import discover

    data = load_digits()
    cells = [(lam_c, d, 0) for lam_c in (0.001, 0.05) for d in (2, 16)]
    results = {b: {"runs": ex.digits_runs(data, cells, 12, "cpu", batched=b),
                   "mse_degraded_vs_clean": 0.0, "epochs": 12} for b in (True, False)}
    claims = [c for c in discover(["compression"], kinds=("empirical",))
              if c.id.startswith("compression.exp.digits")]
    verdicts = {}
    for b, res in results.items():
        monkeypatch.setattr(ex, "digits_experiment", lambda quick=False, seed=0, device=None,
                            res=res: res)
        verdicts[b] = {c.id: c.run(quick=True).verdict for c in claims}
    assert verdicts[True] == verdicts[False]
    for a, b in zip(results[True]["runs"], results[False]["runs"]):
        assert (a.lam_c, a.latent_dim, a.seed) == (b.lam_c, b.latent_dim, b.seed)


def test_bernoulli_prefixes_are_the_runs_of_each_length():
    from numerics.compression.training import train_bernoulli, train_bernoulli_prefixes

    models = train_bernoulli_prefixes(0.3, 0.3, 0.5, (3, 17, 40), seed=2)
    for n, model in zip((3, 17, 40), models):
        lone = train_bernoulli(0.3, 0.3, 0.5, steps=n, seed=2)
        for a, b in zip(model.state_dict().values(), lone.state_dict().values()):
            assert torch.equal(a, b)  # the same operations in the same order: bitwise
    assert not torch.equal(models[0].encoder[0].weight, models[1].encoder[0].weight)


def test_batched_gaussian_members_are_lone_runs_in_float64():
    from numerics.compression.batched import train_gaussian_batched
    from numerics.compression.training import train_gaussian

    levels, seeds = (2, 4, 16), (0, 0, 3)
    models = train_gaussian_batched(levels, seeds, steps=40, dtype=torch.float64)
    for model, L, seed in zip(models, levels, seeds):
        lone = train_gaussian(L, steps=40, seed=seed, dtype=torch.float64)
        assert model.quantizer.levels == L and not model.training
        for (name, a), b in zip(lone.state_dict().items(), model.state_dict().values()):
            # looser than the digits' 1e-9: the bias feeding the BatchNorm has an exactly
            # zero gradient and the others come from sums that the normalisation makes cancel,
            # so their float64 rounding (~1e-17, different in any summation order) is what
            # Adam, normalising each step, turns into updates; observed ≤ 1e-7 of each tensor's
            # scale over 5…80 steps, where a wrong dither, schedule or BatchNorm gives ≥ 1e-3
            np.testing.assert_allclose(b.numpy(), a.numpy(), rtol=1e-6,
                                       atol=1e-6 * float(a.abs().max()), err_msg=name)
