"""Numerics of the Jumbo topic: torch models (:mod:`.models`), the digits experiments
(:mod:`.experiments`), empirical claims and figures. Torch modules are imported by name."""
