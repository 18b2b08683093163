"""Cross-checks against third-party software (scikit-learn, openTSNE) and where those libraries
lose Lemma 17's shift invariance in floating point.

They are registered as ``kind="empirical"`` claims: they rest on third-party code, which the
theory layer does not import (numpy/scipy/sympy/cvxpy/POT only), and the breakdown locations
are measurements of that software, not statements of the paper. Torch-free.
"""

from __future__ import annotations

import numpy as np

from iclr26_verify import experiment
from theory.claims import Judge, Unavailable, claim
from theory.tsne import (
    calinski_harabasz,
    hull_projection,
    impostor,
    joint_probabilities,
    shifted,
    silhouette,
    sq_distances,
)

#: The breakdown criterion, fixed before bisecting: max|P(D + C) − P(D)| above this.
BREAKDOWN_DP = 1e-6
#: Bisection stops when the bracket's ratio is at most 1 + this.
BISECTION_REL = 0.01


@claim("tsne.crosscheck.third_party_p", where="§3, Eqs. (1)-(2)", kind="empirical",
       evidence=("independent",),
       statement="Our P equals scikit-learn's exact P and openTSNE's (all neighbours) on "
       "unshifted data, up to their bisection tolerances.",
       source=("ours",
               ("our cross-check of our P (camera-ready PDF p. 3, Eqs. (1)-(2)) against "
               "scikit-learn's and openTSNE's; not a statement of the paper")),
       setting=("analogue",
                ("third-party software on two synthetic Gaussian blobs (n = 100); a software "
                "check of our implementation")))
def _third_party_p(quick: bool = False):
    from numerics.tsne.thirdparty import (
        _blobs,
        opentsne_joint_probabilities,
        sklearn_joint_probabilities,
    )

    D = sq_distances(_blobs(100, 0))
    ours = joint_probabilities(D, 30.0)
    j = Judge()
    j.close("P ours vs scikit-learn", ours, sklearn_joint_probabilities(D, 30.0), atol=1e-7)
    j.close("P ours vs openTSNE", ours, opentsne_joint_probabilities(D, 30.0), atol=1e-8)
    return j.evidence(note="two Gaussian blobs, n = 100, R^10, ρ = 30; tolerances from their "
                      "bisections (scikit-learn: float32 input, 1e-5 nats; openTSNE: 1e-8)")


@claim("tsne.crosscheck.sklearn_scores", where="Def. 2, App. A.4, Def. 8", kind="empirical",
       evidence=("independent",),
       statement="Our silhouette, Calinski–Harabasz score and outlier margin agree with "
       "scikit-learn's silhouette_score, calinski_harabasz_score and a hard-margin linear SVM.",
       source=("ours",
               ("our cross-check of our silhouette (Def. 2), Calinski-Harabasz (App. A.4) and "
               "outlier margin (Def. 8) against scikit-learn; not a statement of the paper")),
       setting=("analogue",
                ("third-party software on synthetic Gaussian clusters; a software check of our "
                "implementation")))
def _sklearn_scores(quick: bool = False):
    from numerics.tsne.thirdparty import sklearn_scores, svm_margin

    rng = np.random.default_rng(0)
    labels = np.repeat([0, 1, 2], 20)
    centres = np.array([[0.0] * 5, [3.0] + [0.0] * 4, [0.0, 3.0, 0.0, 0.0, 0.0]])
    X = centres[labels] + rng.normal(size=(60, 5))
    j = Judge()
    for eps in (1.0, 0.1):
        Xe, _ = impostor(X, labels, eps)
        sk = sklearn_scores(Xe, labels)
        j.close(f"eps={eps:g}: silhouette ours vs scikit-learn", silhouette(Xe, labels),
                sk["silhouette"], rtol=1e-10)
        j.close(f"eps={eps:g}: CH ours vs scikit-learn", calinski_harabasz(Xe, labels),
                sk["calinski_harabasz"], rtol=1e-9)
    Xs = shifted(X, 10.0)
    j.close("CH of X_+10 ours vs scikit-learn", calinski_harabasz(Xs, labels),
            sklearn_scores(Xs, labels)["calinski_harabasz"], rtol=1e-9)
    A = rng.normal(size=(30, 3))
    x = np.array([6.0, 1.0, -2.0])
    j.close("hull distance QP vs SVM margin", hull_projection(x, A)[0], svm_margin(x, A),
            rtol=1e-4)
    return j.evidence(note="3 Gaussian clusters of 20 in R^5 and their impostors; the outlier "
                      "margin of a point against 30 Gaussian points in R^3. scikit-learn "
                      "returns CH = 1 for two point masses where the paper (and we) write ∞.")


def _breakdown(impl: str, quick: bool):
    if quick:
        raise Unavailable("quick mode does not bisect the third-party breakdown (about 40 s "
                          "of openTSNE/scikit-learn calls); the full run decides")
    from numerics.tsne.thirdparty import locate_breakdown, shift_breakdown

    b = locate_breakdown(impl, threshold=BREAKDOWN_DP, rel=BISECTION_REL)
    ours = float(np.max(shift_breakdown()["dP_ours"]))
    return b, ours


@claim("tsne.finding.sklearn_shift_breakdown", where="Lemma 17 (numerics)", kind="empirical",
       evidence=("observation",),
       statement="scikit-learn's exact P keeps shift invariance (max|ΔP| ≤ 1e-6) up to "
       "β·C ≈ 736 and loses it from β·C ≈ 740, where the largest weight of a row, "
       "e^{−β(C + d_min)}, is subnormal and its rounding alone moves P by 1e-6; ours keeps it "
       "to 1e-13 up to β·C = 1e5.",
       source=("ours",
               ("our finding on scikit-learn's floating point: where its P stops being "
               "shift-invariant (Lemma 17 holds exactly in real arithmetic); threshold 1e-6 "
               "ours")),
       setting=("analogue",
                ("scikit-learn's float32 P on synthetic data; a measurement of third-party "
                "software")),
       deterministic="floating point of the library on one fixed input: no seed enters "
       "the computation, so repeated runs give the same bits")
def _sklearn_breakdown(quick: bool = False):
    b, ours = _breakdown("sklearn", quick)
    mid = float(np.sqrt(b["lo"] * b["hi"]))
    j = Judge()
    j.le("max|dP| just below the crossing", b["dP_lo"], BREAKDOWN_DP)
    j.ge("max|dP| just above the crossing", b["dP_hi"], BREAKDOWN_DP)
    j.close("crossing vs subnormal-rounding prediction (mechanism)", mid,
            b["precision_prediction"], rtol=BISECTION_REL)
    j.le("max|dP| ours, beta*C up to 1e5", ours, 1e-13)
    j.fact("bracket within 1 %", b["hi"] / b["lo"] <= 1 + BISECTION_REL)
    return j.evidence(
        measured={"crossing beta*C": (b["lo"], b["hi"]), "dP at ends": (b["dP_lo"], b["dP_hi"]),
                  "largest weight subnormal from beta*C": b["subnormal_prediction"],
                  "predicted crossing (subnormal rounding)": b["precision_prediction"],
                  "ours max|dP|": ours, "bisection evaluations": b["evaluations"]},
        note="SLACK: a measurement of the library, located by bisection in log β·C to 1 % with "
        "the criterion max|ΔP| > 1e-6 fixed before looking; no paper constant is tested. "
        "Mechanism: from β·C ≈ 707 a row's largest weight is subnormal, rounded to a relative "
        "e^{x − 744.44}; that moves P by 1e-6 at the predicted β·C, which the bisection "
        "matches to 1 %. Below, the error stays at the float32-input level (~2.5e-8, flat up "
        "to β·C = 732 on a step-4 scan); it then rises 20x and 10x over two steps of 4 (a "
        "break, not a smooth drift), then grows slowly to 1e-3 at β·C = 3000. Two blobs "
        "n = 100 in R^10, ρ = 30, C = β·C / max_i β_i.")


@experiment
def _opentsne_measure(quick: bool):
    from numerics.tsne.thirdparty import growth_slope

    b, ours = _breakdown("openTSNE", quick)
    return b, ours, growth_slope("openTSNE", 12.0, 33.0)


@claim("tsne.finding.opentsne_shift_breakdown", where="Lemma 17 (numerics)", kind="empirical",
       evidence=("observation",),
       statement="openTSNE's P keeps shift invariance (max|ΔP| ≤ 1e-6) up to β·C ≈ 26 and "
       "loses it above: the 2.2e-16 it adds to each row sum of weights e^{−βC}·(…) grows "
       "relative to that sum like e^{βC}; ours keeps it.",
       source=("ours",
               ("our finding on openTSNE's floating point: where its P stops being "
               "shift-invariant (Lemma 17 holds exactly in real arithmetic); threshold 1e-6 "
               "ours")),
       setting=("analogue",
                ("openTSNE's float32/float64 P on synthetic data; a measurement of third-party "
                "software")),
       deterministic="floating point of the library on one fixed input: no seed enters "
       "the computation, so repeated runs give the same bits")
def _opentsne_breakdown(quick: bool = False):
    b, ours, slope = _opentsne_measure(quick)
    j = Judge()
    j.le("max|dP| just below the crossing", b["dP_lo"], BREAKDOWN_DP)
    j.ge("max|dP| just above the crossing", b["dP_hi"], BREAKDOWN_DP)
    j.le("max|dP| ours, beta*C up to 1e5", ours, 1e-13)
    j.fact("bracket within 1 %", b["hi"] / b["lo"] <= 1 + BISECTION_REL)
    return j.evidence(
        measured={"crossing beta*C": (b["lo"], b["hi"]), "dP at ends": (b["dP_lo"], b["dP_hi"]),
                  "log10 growth per unit beta*C on [12, 33]": slope, "1/ln 10": 1 / np.log(10),
                  "ours max|dP|": ours, "bisection evaluations": b["evaluations"]},
        note="SLACK: a measurement of the library (bisection in log β·C to 1 %, criterion "
        "max|ΔP| > 1e-6 fixed before looking); no paper constant is tested. The error grows "
        f"smoothly from 1e-16 at β·C ≈ 12 (slope {slope:.3f} in log10 per unit β·C; a constant "
        "added to a sum ∝ e^{−βC} gives 0.434) and saturates near 2e-3: no jump.")
