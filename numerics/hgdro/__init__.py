"""Hierarchical group DRO (Jo, Kim & Chae, arXiv 2510.02818), numerics: the data with intra-group
shifts (:mod:`numerics.hgdro.data`), the torch trainer with methods ``erm``, ``gdro`` and
``hgdro`` (:mod:`numerics.hgdro.training`) and the experiments
(:mod:`numerics.hgdro.experiments`). torch modules are imported by name, not here."""
