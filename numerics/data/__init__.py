"""The one place data sets are loaded from; every loader works offline.

Data come either from an installed package (scikit-learn's bundled digits) or from compressed
files committed under ``numerics/data/files/`` with their source and licence in
``numerics/data/files/SOURCES.md``. A missing package or file raises :class:`DataUnavailable`
naming it. Topic loaders live in private modules re-exported here.
"""

from numerics.data._common import DATA_DIR, DataUnavailable, data_file, require_package
from numerics.data._digits import load_digits

__all__ = ["DATA_DIR", "DataUnavailable", "data_file", "load_digits", "require_package"]
