"""The theory's eigenmap and label propagation against third-party solvers (scipy ARPACK,
scikit-learn LabelPropagation), and the experiment's reference accuracies."""

import numpy as np
from scipy.sparse.linalg import eigsh

from numerics.icssl.experiments import reference_accuracies
from numerics.icssl.tasks import sample_tasks
from theory.icssl import harmonic_label_propagation, laplacian_eigenmap, rbf_gram
from theory.icssl import sin_max_principal_angle as sin_theta
from theory.icssl._reference import one_blas_thread, two_circles


def test_eigenmap_matches_arpack():
    X, _ = two_circles(150, seed=4)
    f, lam = laplacian_eigenmap(X, 0.1, 3)
    A = rbf_gram(X, 0.1)
    s = 1 / np.sqrt(A.sum(1))
    mu, U = eigsh(s[:, None] * A * s[None, :], k=3, which="LA", v0=np.ones(150))
    np.testing.assert_allclose(np.sort(1 - mu), lam, atol=1e-10)
    assert sin_theta(f, s[:, None] * U) < 1e-8


def test_harmonic_label_propagation_matches_sklearn():
    from sklearn.semi_supervised import LabelPropagation

    X, y = two_circles(100, seed=5)
    lab = np.array([0, 1, 2, 3, 4, 5, 6, 7])
    h = 0.1
    P = harmonic_label_propagation(rbf_gram(X, h), lab, y[lab], 2)
    yy = np.full(100, -1)
    yy[lab] = y[lab]
    with one_blas_thread():  # a threaded BLAS on 100×100 products is 50× slower under load
        skl = LabelPropagation(kernel="rbf", gamma=1 / (2 * h), max_iter=1000, tol=1e-4)
        skl.fit(X, yy)
    confident = np.abs(P[:, 0] - 0.5) > 1e-3
    assert np.mean(skl.transduction_[confident] == P[confident].argmax(1)) == 1.0


def test_reference_accuracies_are_in_range():
    acc = reference_accuracies(sample_tasks(("moons",), 4, m=4, seed=2))
    assert set(acc) == {"label_prop", "eig_logreg"}
    assert all(v.shape == (4,) and np.all((v >= 0) & (v <= 1)) for v in acc.values())
