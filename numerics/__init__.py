"""Numerical engines, torch models, data loaders, figures and the CLI of iclr26-verify.

One subpackage per topic key; independent computations (LP/convex/OT solves, exact t-SNE,
estimators) that the closed forms in :mod:`theory` are checked against.
"""
