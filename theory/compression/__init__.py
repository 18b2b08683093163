"""Distortion-rate-classification trade-offs as constrained optimal transport
(Nguyen, Nguyen & Bose, ICLR 2026). Units: bits for rates and entropies unless a function says
nats.
"""

from theory.compression._bernoulli import binary_entropy, bernoulli_rate_only_oneshot

__all__ = ["bernoulli_rate_only_oneshot", "binary_entropy"]
