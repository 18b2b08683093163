"""Closed forms and checked claims for four ICLR 2026 papers.

One subpackage per topic key (``multisets``, ``tsne``, ``compression``, ``fairness``); each has a
``claims`` module that registers its claims in :mod:`theory.claims`. This package imports numpy,
scipy, sympy, cvxpy and POT only, never torch, so ``pytest theory/`` stays light.
"""

import os

# POT imports torch as a backend whenever torch is installed (1-2 s and ~300 modules); the
# theory uses POT on numpy arrays only, so keep `pytest theory/` torch-free.
os.environ.setdefault("POT_BACKEND_DISABLE_PYTORCH", "1")

TOPICS = ("multisets", "tsne", "compression", "fairness")

PAPERS = {
    "multisets": "Nikolentzos & Skianis, Lipschitz continuity of set aggregation functions and "
    "neural networks for sets (arXiv 2505.24403, ICLR 2026)",
    "tsne": "Bergam, Snoeck & Verma, t-SNE exaggerates clusters, provably "
    "(arXiv 2510.07746, ICLR 2026)",
    "compression": "Nguyen, Nguyen & Bose, cross-domain lossy compression as rate- and "
    "classification-constrained optimal transport (ICLR 2026, OpenReview mUIGdUTtk2)",
    "fairness": "Liu, Chen, Huang, Ni & Imani, Cauchy-Schwarz fairness regularizer "
    "(arXiv 2512.09467, ICLR 2026)",
}
