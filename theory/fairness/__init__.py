"""The Cauchy–Schwarz divergence and its fairness regularizer (Liu et al., arXiv 2512.09467)."""

from theory.fairness._gaussian import cs_divergence_gaussian, kl_gaussian

__all__ = ["cs_divergence_gaussian", "kl_gaussian"]
