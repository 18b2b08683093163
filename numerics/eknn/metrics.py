"""Clustering metrics: ACC (Hungarian matching), NMI and ARI (scikit-learn)."""

from __future__ import annotations

from theory.eknn import clustering_acc, purity


def acc(y, labels) -> float:
    """Clustering accuracy under the best one-to-one matching (Hungarian)."""
    return clustering_acc(y, labels)


def nmi(y, labels) -> float:
    """Normalised mutual information (arithmetic normalisation, scikit-learn)."""
    from sklearn.metrics import normalized_mutual_info_score

    return float(normalized_mutual_info_score(y, labels))


def ari(y, labels) -> float:
    """Adjusted Rand index (scikit-learn)."""
    from sklearn.metrics import adjusted_rand_score

    return float(adjusted_rand_score(y, labels))


__all__ = ["acc", "ari", "nmi", "purity"]
