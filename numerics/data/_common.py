"""Shared helpers of the loaders: the data folder and clear errors for missing pieces."""

from __future__ import annotations

import importlib
from pathlib import Path

DATA_DIR = Path(__file__).resolve().parent / "files"


class DataUnavailable(FileNotFoundError):
    """A data set cannot be loaded here; the message names the missing package or file."""


def require_package(name: str, purpose: str):
    """Import ``name`` or raise :class:`DataUnavailable` saying what needs it."""
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        raise DataUnavailable(
            f"the {purpose} data set needs the package {name!r}, which is not installed "
            f"({exc}); install it with `pip install {name}`"
        ) from None


def data_file(name: str) -> Path:
    """Path of a committed data file, or :class:`DataUnavailable` naming it."""
    path = DATA_DIR / name
    if not path.exists():
        raise DataUnavailable(f"the data file {path} is missing; it ships with the repository "
                              "(see numerics/data/files/SOURCES.md)")
    return path
