"""scanpy's ``pbmc68k_reduced``: 700 peripheral blood mononuclear cells, 50 principal components.

Extracted once from the ``10x_pbmc68k_reduced.h5ad`` bundled with scanpy 1.11.5 (BSD-3-Clause):
``obsm/X_pca`` (float32, as stored) and the cell-type annotations ``bulk_labels`` (10 FACS-sorted
populations) and ``louvain`` (11 clusters). The data are 10x Genomics' "Fresh 68k PBMCs (Donor A)"
after scanpy's normalisation, scaling and PCA. Read offline from
``numerics/data/files/pbmc68k_reduced.npz``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from numerics.data._common import data_file

PBMC_FILE = "pbmc68k_reduced.npz"


@dataclass(frozen=True)
class PBMC:
    X_pca: np.ndarray  # (700, 50) float64, scanpy's PCA coordinates
    bulk_labels: np.ndarray  # (700,) int64 codes into bulk_label_names
    bulk_label_names: tuple[str, ...]
    louvain: np.ndarray  # (700,) int64 codes into louvain_names
    louvain_names: tuple[str, ...]
    cell_ids: tuple[str, ...]


def load_pbmc68k_reduced() -> PBMC:
    """Load the 700-cell PBMC extract (offline, from the committed file)."""
    with np.load(data_file(PBMC_FILE), allow_pickle=False) as z:
        return PBMC(X_pca=z["X_pca"].astype(np.float64),
                    bulk_labels=z["bulk_labels"].astype(np.int64),
                    bulk_label_names=tuple(str(s) for s in z["bulk_label_names"]),
                    louvain=z["louvain"].astype(np.int64),
                    louvain_names=tuple(str(s) for s in z["louvain_names"]),
                    cell_ids=tuple(str(s) for s in z["cell_ids"]))
