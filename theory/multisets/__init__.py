"""Lipschitz continuity of set aggregation (Nikolentzos & Skianis, arXiv 2505.24403).

Distances between multisets (EMD, Hausdorff, matching), aggregators, and the Lipschitz constants
of Thm 3.1 / Lemma 3.2 with their witnesses.
"""

from theory.multisets._distances import emd, hausdorff, matching

__all__ = ["emd", "hausdorff", "matching"]
