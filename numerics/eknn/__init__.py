"""EKNN-lite (our reconstruction of Explainable K-means Neural Networks, ICLR 2026) with
scikit-learn: the estimator, multi-view data, metrics, experiments and empirical claims.

Modules are imported by name (``numerics.eknn.model``, ``.data``, ``.experiments``); no torch.
"""
