"""PNL data augmentation (Hu & Sugiyama, arXiv 2410.00718): the augmentation pipeline (numpy +
scikit-learn), its controls and the small-data experiment. No torch here."""

from numerics.pnl_augment.augment import (
    DECODERS,
    augment_class,
    backward_project,
    embed,
    encode,
    gauss_noise_augment,
    kde_sample,
    knn_kl,
    knn_mean_augment,
)

__all__ = ["DECODERS", "augment_class", "backward_project", "embed", "encode",
           "gauss_noise_augment", "kde_sample", "knn_kl", "knn_mean_augment"]
