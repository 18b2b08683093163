"""What the CS regularizer controls at a fixed Parzen width (issue 18).

The estimator is the CS divergence of the two Gaussian KDEs, whose population limit is the CS
divergence of the score densities smoothed by G_σ. For equal-variance Gaussian scores
N(m, s²) that is D = Δ²/(2(s² + σ²)), which depends on Δ/σ once s ≪ σ, while the thresholded
DP gap 2Φ(Δ/(2s)) − 1 depends on Δ/s: tight groups a small step apart have a large ΔDP and a
small penalty.
"""

from __future__ import annotations

import numpy as np
from scipy import integrate, stats

from theory.claims import Judge, claim
from theory.fairness._estimator import cs_divergence_kde
from theory.fairness._gaussian import cs_divergence_gaussian
from theory.tolerances import QUADRATURE

SIGMA = 0.2
#: (mean, sd) of the two groups' scores: tight and a small step apart / wide with ΔDP = 0.5
TIGHT = ((0.45, 0.02), (0.55, 0.02))
#: Only the abstract of arXiv 2512.09467v1 was seen (its HTML body beyond the first page was not);
#: no code is public. Statements from the abstract carry our reading of its words.
_ABSTRACT = ("arXiv 2512.09467v1 abstract: under a Gaussian comparison CS yields a tighter bound "
             "than KL, MMD and the mean disparity used in DP; a distribution-free kernel "
             "estimator; robustness to scale differences. The inequality, its convention and "
             "its quantifiers are our reading")
_DERIV = ("ours: our derivation (CS divergence in the Principe convention D = −log[(∫pq)²/"
          "(∫p²∫q²)]), checked against quadrature; the paper's own formulas were not seen")

_A = float(stats.norm.ppf(0.75)) * 0.2
WIDE = ((0.5 - _A, 0.2), (0.5 + _A, 0.2))


def _smoothed_by_grid(p, q, sigma):
    """D_A between p*G_σ and q*G_σ with the convolutions done numerically on a grid (not by
    adding variances) and the integrals by the trapezoid rule."""
    step = 2e-3
    t = np.arange(-3.0, 4.0 + step / 2, step)
    kern = stats.norm.pdf(np.arange(-8 * sigma, 8 * sigma + step / 2, step), 0, sigma) * step
    dens = [np.convolve(stats.norm.pdf(t, m, s), kern, mode="same") for m, s in (p, q)]
    ipp, iqq, ipq = (integrate.trapezoid(a * b, t) for a, b in
                     ((dens[0], dens[0]), (dens[1], dens[1]), (dens[0], dens[1])))
    return float(np.log(ipp) + np.log(iqq) - 2 * np.log(ipq))


def _dp_by_quad(p, q, t=0.5):
    """|P_q(ŷ > t) − P_p(ŷ > t)| by quadrature of the densities."""
    up = [integrate.quad(lambda x, m=m, s=s: stats.norm.pdf(x, m, s), t, m + 40 * s,
                         epsabs=0, epsrel=1e-13, limit=200)[0] for m, s in (p, q)]
    return abs(up[1] - up[0])


@claim("fairness.regularizer.fixed_sigma_ranks_against_dp", expected="extension",
       where="our estimator (training σ = 0.2); issue 18",
       statement="At the training σ = 0.2 the CS penalty can rank pairs against ΔDP: scores "
       "N(.45,.02²) vs N(.55,.02²) have ΔDP(0.5) = 0.988 but population penalty "
       "D_A(p*G_σ, q*G_σ) = Δ²/(2(s²+σ²)) = 0.124, while N(.365,.2²) vs N(.635,.2²) have "
       "ΔDP 0.5 and penalty 0.455; the sample estimator (n = 1000 per group) orders them the "
       "same way. Reason: smoothing replaces s by √(s²+σ²), so the penalty sees Δ/σ when s ≪ σ "
       "while ΔDP sees Δ/s.", evidence=("witness", "independent"),
       source=("ours", "our statement about the training σ of the estimator (issue 18), not the paper's"),
       setting="exact")
def _fixed_sigma(seed: int = 0):
    rng = np.random.default_rng(seed)
    j = Judge()
    pen, dps, est = {}, {}, {}
    for tag, (p, q) in (("tight", TIGHT), ("wide", WIDE)):
        closed = cs_divergence_gaussian(p[0], p[1] ** 2 + SIGMA**2, q[0], q[1] ** 2 + SIGMA**2)
        j.close(f"{tag}: Δ²/(2(s²+σ²)) vs numerical convolution + trapezoid", closed,
                _smoothed_by_grid(p, q, SIGMA), rtol=1e-6)
        dp = _dp_by_quad(p, q)
        j.close(f"{tag}: ΔDP by quad vs 2Φ(Δ/(2s)) − 1", dp,
                2 * stats.norm.cdf((q[0] - p[0]) / (2 * p[1])) - 1, rtol=QUADRATURE)
        pen[tag], dps[tag] = closed, dp
        est[tag] = cs_divergence_kde(rng.normal(p[0], p[1], 1000), rng.normal(q[0], q[1], 1000),
                                     SIGMA)
    j.close("tight pair: ΔDP = 2Φ(2.5) − 1", dps["tight"], 2 * stats.norm.cdf(2.5) - 1,
            rtol=QUADRATURE)
    j.close("wide pair: ΔDP = 0.5", dps["wide"], 0.5, rtol=QUADRATURE)
    j.fact("population penalty ranks the pairs against ΔDP",
           pen["tight"] < pen["wide"] and dps["tight"] > dps["wide"])
    j.fact("the sample estimator (n = 1000) ranks them the same way", est["tight"] < est["wide"])
    small = [cs_divergence_gaussian(p[0], p[1] ** 2 + 1e-4, q[0], q[1] ** 2 + 1e-4)
             for p, q in (TIGHT, WIDE)]
    j.fact("at σ = 0.01 (below the tight spread) the penalty order follows ΔDP",
           small[0] > small[1])
    return j.evidence(measured={"penalty tight, wide": [pen["tight"], pen["wide"]],
                                "estimator tight, wide": [est["tight"], est["wide"]],
                                "ΔDP tight, wide": [dps["tight"], dps["wide"]]},
                      expected={"order": "penalty tight < wide while ΔDP tight > wide"},
                      note=f"closed forms against numerical convolution and quadrature; the "
                      "penalty of the tight pair is 0.124 at ΔDP 0.988 against 0.455 at ΔDP "
                      "0.5. At σ = 0.01, below the tight spread, the order follows ΔDP "
                      f"({small[0]:.2f} vs {small[1]:.3f}); the "
                      "σ sweep claim measures the effect after training.")
