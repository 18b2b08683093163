"""JARF (Rauniyar, arXiv 2512.08306): scikit-learn estimators, data, experiments.

The estimators live in :mod:`numerics.jarf.estimator` (imported here: scikit-learn only, no
torch); data in :mod:`numerics.jarf.data`; cached experiments in :mod:`numerics.jarf.experiments`.
"""

from numerics.jarf.estimator import JARFClassifier, JARFRegressor, fd_jacobian, mlp_jacobian

__all__ = ["JARFClassifier", "JARFRegressor", "fd_jacobian", "mlp_jacobian"]
