"""Pseudo-non-linear data augmentation (Hu & Sugiyama, arXiv 2410.00718, ICLR 2026): the
log-linear model on posets, its θ/η coordinates and Fisher metric, the many-body m-projection
(encoding), mixed coordinates (the decoder the paper describes) and the released code's
backward step (the decoder it ships). numpy/scipy only; nats throughout.
"""

from theory.pnl_augment._decoders import mixture_fit, released_backward_step, released_encode
from theory.pnl_augment._loglinear import (
    P_to_theta,
    body_mask,
    eta,
    eta_to_P,
    fisher,
    kl,
    log_partition,
    mobius,
    mobius_up,
    theta_to_P,
    zeta,
    zeta_up,
)
from theory.pnl_augment._projection import (
    NewtonTrace,
    e_project_eta,
    energy,
    m_project,
    mixed_coordinates,
    newton_energy,
    one_body_projection,
    pythagoras_residual,
)

__all__ = [
    "NewtonTrace", "P_to_theta", "body_mask", "e_project_eta", "energy", "eta", "eta_to_P",
    "fisher", "kl", "log_partition", "m_project", "mixed_coordinates", "mixture_fit",
    "mobius", "mobius_up", "newton_energy", "one_body_projection", "pythagoras_residual",
    "released_backward_step", "released_encode", "theta_to_P", "zeta", "zeta_up",
]
