"""Numerical engines of the dispersion topic: the offline byte corpus (no torch here); the
byte-level LM, its training with and without the push-away term and the experiments live in
``numerics.dispersion.model`` and ``numerics.dispersion.experiments`` (torch, imported by name)."""

from numerics.dispersion.corpus import Corpus, stdlib_corpus

__all__ = ["Corpus", "stdlib_corpus"]
