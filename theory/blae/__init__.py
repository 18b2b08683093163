"""Bi-Lipschitz autoencoders with an injectivity guarantee (Zhan et al., arXiv 2604.06701).

The holed Swiss roll (generator, isometric chart, exact and graph geodesics), the separation
constant, the injectivity and bi-Lipschitz regularisers in the paper's and the released code's
forms, and kNN recall. numpy/scipy only.
"""

from theory.blae._geometry import (
    DOMAIN,
    HOLE,
    authors_training_set,
    geodesic_holed,
    graph_geodesic,
    swiss_chart,
    swiss_roll_hole,
)
from theory.blae._losses import (
    bilip_loss,
    bilip_loss_code,
    injective_loss,
    knn_recall,
    separation_eps,
)

__all__ = ["DOMAIN", "HOLE", "authors_training_set", "bilip_loss", "bilip_loss_code", "geodesic_holed",
           "graph_geodesic", "injective_loss", "knn_recall", "separation_eps", "swiss_chart",
           "swiss_roll_hole"]
