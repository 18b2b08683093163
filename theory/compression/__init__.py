"""Distortion-rate-classification trade-offs as constrained optimal transport
(Nguyen, Nguyen & Bose, ICLR 2026). Units: bits for rates and entropies unless a function says
nats.

Every closed form comes as the paper states it (``as_stated=True``) and corrected (default);
infeasible problems return ``inf``.
"""

from theory.compression._bernoulli import (
    OutsideDomainWarning,
    bernoulli_asymptotic_dr,
    bernoulli_asymptotic_drc,
    bernoulli_cb,
    bernoulli_classical_dr,
    bernoulli_cond_entropy,
    bernoulli_drc,
    bernoulli_joint,
    bernoulli_mutual_information,
    bernoulli_rate_only_oneshot,
    bernoulli_rdc,
    binary_entropy,
    label_entropy,
)
from theory.compression._gaussian import (
    gaussian_cb,
    gaussian_classical_dr,
    gaussian_drc,
    gaussian_drpc,
    gaussian_entropy,
    gaussian_rdc,
    rho_classification,
    rho_rate,
    sigma_kl,
    sigma_w2,
)

__all__ = [
    "OutsideDomainWarning", "bernoulli_asymptotic_dr", "bernoulli_asymptotic_drc", "bernoulli_cb",
    "bernoulli_classical_dr", "bernoulli_cond_entropy", "bernoulli_drc", "bernoulli_joint",
    "bernoulli_mutual_information", "bernoulli_rate_only_oneshot", "bernoulli_rdc",
    "binary_entropy", "gaussian_cb", "gaussian_classical_dr", "gaussian_drc", "gaussian_drpc",
    "gaussian_entropy", "gaussian_rdc", "label_entropy", "rho_classification", "rho_rate",
    "sigma_kl", "sigma_w2",
]
