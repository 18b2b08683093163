"""The torch side of BLAE: Jacobians and losses against the numpy references, training, device."""

import numpy as np
import pytest
import torch

from numerics.blae.metrics import evaluate, similarity_procrustes
from numerics.blae.models import (
    bilip_loss_torch,
    decoder_jacobian,
    decoder_jacobian_fd,
    injective_loss_torch,
    make_autoencoder,
)
from numerics.blae.training import embed, train_autoencoder
from theory.blae import (
    bilip_loss,
    bilip_loss_code,
    geodesic_holed,
    graph_geodesic,
    injective_loss,
    swiss_roll_hole,
)
from theory.validation import InvalidParameterError


def test_jacobian_matches_finite_differences():
    m = make_autoencoder(hidden=16, seed=0)
    z = torch.randn(7, 2, dtype=torch.float64, generator=torch.Generator().manual_seed(1))
    m = m.double()
    J = decoder_jacobian(m.decoder, z)
    assert J.shape == (7, 3, 2)
    assert torch.allclose(J, decoder_jacobian_fd(m.decoder, z, h=1e-6), atol=1e-8)


def test_torch_losses_match_numpy():
    rng = np.random.default_rng(0)
    J = rng.normal(size=(9, 3, 2))
    Jt = torch.as_tensor(J)
    assert float(bilip_loss_torch(Jt, 1.5, "paper")) == pytest.approx(bilip_loss(J, 1.5), rel=1e-10)
    assert float(bilip_loss_torch(Jt, 1.5, "code")) == pytest.approx(bilip_loss_code(J, 1.5),
                                                                     rel=1e-10)
    _, L, _ = swiss_roll_hole(60)
    D = geodesic_holed(L, L)
    Z = L @ np.array([[0.5, 0.1], [0.0, 0.4]])
    got = float(injective_loss_torch(torch.as_tensor(D), torch.as_tensor(Z)))
    assert got == pytest.approx(injective_loss(D, Z), rel=1e-10)
    with pytest.raises(InvalidParameterError):
        bilip_loss_torch(Jt, 1.0, "other")


def test_seeded_init_is_reproducible():
    a, b = make_autoencoder(seed=3), make_autoencoder(seed=3)
    assert all(torch.equal(p, q) for p, q in zip(a.parameters(), b.parameters(), strict=True))


def test_short_training_and_evaluation():
    torch.set_num_threads(1)
    X, L, _ = swiss_roll_hole(80)
    D = graph_geodesic(X, 5)
    m, loss = train_autoencoder(X, D, "blae_paper", epochs=5, hidden=16)
    Z, Xh, J = embed(m, X)
    assert np.isfinite(loss) and Z.shape == (80, 2) and J.shape == (80, 3, 2)
    ev = evaluate(Z, L, geodesic_holed(L, L), X=X, Xh=Xh, J=J)
    assert 0 <= ev["knn"] <= 1 and -1 <= ev["spearman"] <= 1
    ref = evaluate(L, L, geodesic_holed(L, L))
    assert ref["procrustes"] < 1e-12 and ref["spearman"] > 0.95
    R = np.array([[0.0, -1.0], [1.0, 0.0]])
    assert similarity_procrustes(3 * L @ R + 1, L) < 1e-10
    with pytest.raises(InvalidParameterError):
        train_autoencoder(X, D, "vae")


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")
def test_cuda_training_and_jacobian():
    X, _L, _ = swiss_roll_hole(64)
    D = graph_geodesic(X, 5)
    m, loss = train_autoencoder(X, D, "blae_code", epochs=3, hidden=16, device="cuda")
    assert next(m.parameters()).device.type == "cuda" and np.isfinite(loss)
    Z, _, J = embed(m, X, device="cuda")
    assert Z.shape == (64, 2) and J.shape == (64, 3, 2)
    a, b = make_autoencoder(seed=2, device="cuda"), make_autoencoder(seed=2, device="cuda")
    assert all(torch.equal(p, q) for p, q in zip(a.parameters(), b.parameters(), strict=True))
