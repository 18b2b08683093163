"""The experiments' fast solver agrees with the cvxpy solve; the quick sweeps have their shape."""

import numpy as np

from numerics.hgdro.data import latent_groups
from theory.hgdro import group_radii, hierarchical_optimum


def test_slsqp_matches_cvxpy_on_latent_data():
    tr = latent_groups((120, 15, 15, 120), random_state=0)
    for eps in (0.0, 0.6):
        e = group_radii(tr.counts, eps)
        v1, _ = hierarchical_optimum(tr.X, tr.y, tr.g, e, ridge=1e-3, bias=True)
        v2, _ = hierarchical_optimum(tr.X, tr.y, tr.g, e, ridge=1e-3, bias=True,
                                      solver="slsqp")
        assert abs(v1 - v2) <= 2e-5 * v1


def test_synthetic_tradeoff_quick_shape():
    from numerics.hgdro.experiments import synthetic_tradeoff

    r = synthetic_tradeoff(True)
    assert r.wga.shape == (5, 3, 3)
    assert np.all((r.wga >= 0) & (r.wga <= 1))
