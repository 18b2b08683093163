"""Registered claims of the Cauchy–Schwarz fairness paper."""

from __future__ import annotations

import numpy as np
from scipy import integrate, stats

from theory.claims import Evidence, claim
from theory.fairness._gaussian import cs_divergence_gaussian, kl_gaussian
from theory.tolerances import EXACT, QUADRATURE


@claim("fairness.gauss.equal_cov_equals_kl", where="cs_fairness.md §1 (derived)",
       statement="For Gaussians with equal covariance, D_CS (convention A) = ½ΔᵀS⁻¹Δ = KL(p‖q) "
       "exactly; the 1-D value matches quadrature of −log[(∫pq)²/(∫p²∫q²)].")
def _equal_cov_equals_kl():
    m1, m2, s2 = 0.0, 1.5, 2.0
    cs = cs_divergence_gaussian(m1, s2, m2, s2)
    kl = kl_gaussian(m1, s2, m2, s2)
    p, q = stats.norm(m1, np.sqrt(s2)), stats.norm(m2, np.sqrt(s2))
    kw = {"epsabs": 1e-13, "epsrel": 1e-13, "limit": 200}
    ipq = integrate.quad(lambda x: p.pdf(x) * q.pdf(x), -np.inf, np.inf, **kw)[0]
    ipp = integrate.quad(lambda x: p.pdf(x) ** 2, -np.inf, np.inf, **kw)[0]
    iqq = integrate.quad(lambda x: q.pdf(x) ** 2, -np.inf, np.inf, **kw)[0]
    quad = -np.log(ipq**2 / (ipp * iqq))
    ok = abs(cs - kl) <= EXACT and abs(cs - quad) <= QUADRATURE and abs(cs - 0.5625) <= EXACT
    return Evidence(ok, {"D_CS": cs}, {"KL": kl, "quadrature": quad, "½Δ²/s²": 0.5625},
                    QUADRATURE, "N(0,2) vs N(1.5,2)")
