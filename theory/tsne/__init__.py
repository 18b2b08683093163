"""t-SNE exaggerates clusters, provably (Bergam, Snoeck & Verma, arXiv 2510.07746).

The paper's input affinities P, the shift/scale invariance lemmas, impostors, the poison point
and the outlier bound.
"""

from theory.tsne._affinities import joint_probabilities

__all__ = ["joint_probabilities"]
