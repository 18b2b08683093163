"""The one place data sets are loaded from; every loader works offline.

Data come either from an installed package (scikit-learn's bundled digits) or from compressed
files committed under ``numerics/data/files/`` with their source and licence in
``numerics/data/files/SOURCES.md``. A missing package or file raises :class:`DataUnavailable`
naming it. Topic loaders live in private modules re-exported here.
"""

from numerics.data._common import DATA_DIR, DataUnavailable, data_file, require_package
from numerics.data._digits import Digits, load_digits
from numerics.data._fair_digits import load_fair_digits
from numerics.data._pbmc import PBMC, load_pbmc68k_reduced
from numerics.data._sets import PointClouds, load_digit_clouds, make_shapes, standardize_sets
from numerics.data._tabular import (
    FairSplit,
    load_adult_frame,
    load_compas_frame,
    load_fair_tabular,
    load_german_frame,
    load_titanic_frame,
)

__all__ = [
    "DATA_DIR", "PBMC", "DataUnavailable", "Digits", "FairSplit", "PointClouds", "data_file",
    "load_adult_frame", "load_compas_frame", "load_digit_clouds", "load_digits",
    "load_fair_digits", "load_fair_tabular", "load_german_frame", "load_pbmc68k_reduced",
    "load_titanic_frame", "make_shapes", "require_package", "standardize_sets",
]
