"""Lipschitz continuity of set aggregation (Nikolentzos & Skianis, arXiv 2505.24403, ICLR 2026).

Distances between multisets (EMD, Hausdorff, matching), aggregators (sum, mean, max, attention),
the Lipschitz constants of Thm 3.1 / Lemma 3.2 with their witnesses and counterexample families,
numpy set networks with the bounds of Thm 3.4 / Lemma 3.5, and the stability results of Sec. 3.
"""

from theory.multisets._aggregators import (
    AGGREGATORS,
    aggregate,
    attention,
    attention_weights,
    attention_witness_ratio,
    lipschitz_constant,
    max_emd_constant_bounded_size,
    max_hausdorff_constant_equal_size,
)
from theory.multisets._distances import DISTANCES, emd, hausdorff, matching, pairwise_distances
from theory.multisets._networks import (
    lipschitz_two_layer_1d,
    mlp,
    mlp_lipschitz_bound,
    network_bound,
    random_mlp,
    set_network,
    sum_network_offset_bound,
    tent_encoder,
)
from theory.multisets._stability import (
    emd_add_one,
    hausdorff_add_one,
    matching_add_one,
    noise_bound,
)
from theory.multisets._witnesses import (
    FAMILY_CELLS,
    counterexample_family,
    family_ratio,
    max_emd_family,
    max_hausdorff_equal_size_witness,
    tightness_witness,
    zero_distance_witness,
)

__all__ = [
    "AGGREGATORS", "DISTANCES", "FAMILY_CELLS", "aggregate", "attention", "attention_weights",
    "attention_witness_ratio", "counterexample_family", "emd", "emd_add_one", "family_ratio",
    "hausdorff", "hausdorff_add_one", "lipschitz_constant", "lipschitz_two_layer_1d", "matching",
    "matching_add_one", "max_emd_constant_bounded_size", "max_emd_family", "max_hausdorff_constant_equal_size",
    "max_hausdorff_equal_size_witness", "mlp",
    "mlp_lipschitz_bound", "network_bound", "noise_bound", "pairwise_distances", "random_mlp",
    "set_network", "sum_network_offset_bound", "tent_encoder", "tightness_witness",
    "zero_distance_witness",
]
