"""Representation dispersion and perplexity (Li, Li, Livescu, Zhou, arXiv 2506.24106, ICLR 2026):
the dispersion metric and its O(Nd) closed form through the mean resultant, the cross-domain
variant, the push-away loss with its exact gradient, the model-selection statistic G (our
reading), the released binning protocol and the closed form of the correlation inflation it
causes. numpy/scipy only; every quantity is dimensionless.

The paper's body was not readable here: definitions follow the authors' analysis code and a
third-party summary of the camera-ready (papernotes.org, cited in
:mod:`theory.dispersion.claims`).
"""

from theory.dispersion._binning import (
    BinnedCorrelation,
    binned_correlation,
    implied_rho,
    inflation_closed_form,
)
from theory.dispersion._metric import (
    chunk_dispersion,
    cross_dispersion,
    dispersion,
    g_statistic,
    mean_resultant,
    push_away_grad,
    push_away_loss,
)

__all__ = [
    "BinnedCorrelation", "binned_correlation", "chunk_dispersion", "cross_dispersion",
    "dispersion", "g_statistic", "implied_rho", "inflation_closed_form", "mean_resultant",
    "push_away_grad", "push_away_loss",
]
