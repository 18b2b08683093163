"""Empirical claims of the JARF topic (scikit-learn runs on synthetic index models and on
scikit-learn's bundled data sets: light analogues of the paper's OpenML benchmark).

Full mode: 5 seeds on synthetic data (1000 train / 2000 test, 50 trees per forest) and 2×5-fold
CV on scikit-learn's bundled sets. Every accuracy claim is decided by a pre-registered test over
seeds (:mod:`iclr26_verify.registry.stats`); quick mode (1 seed) cannot decide them and raises
``Unavailable`` with the measured numbers. Thresholds and effects are ours (the paper's numbers
were seen only through a third-party summary), said in each test.
"""

from __future__ import annotations

import numpy as np

from iclr26_verify import experiment
from theory.claims import Judge, Preregistered, Unavailable, claim

_WHERE = ("our light version of the experiments the papernotes.org summary of arXiv 2512.08306 "
          "reports (section, table and figure numbers not seen)")
_PN = ("the papernotes.org summary of the ICLR 2026 camera-ready "
       "(en.papernotes.org/ICLR2026/optimization/jacobian_aligned_random_forests); printed "
       "wording not seen")
_LIGHT = ("scikit-learn forests of 50 trees on synthetic rotated-hyperplane / XOR data "
          "(d = 10, 1000 train, 2000 test, 5 seeds) instead of the paper's OpenML tasks and "
          "tuned forests")
_CV = ("scikit-learn's bundled breast_cancer, wine, diabetes with 2×5-fold CV and 50-tree "
       "forests, instead of the paper's 15 + 5 OpenML tasks; folds of repeated CV overlap, so the "
       "t-test over folds is optimistic")


def _t(statistic, alternative, seeds, effect, effect_source, **kw):
    return Preregistered(statistic=statistic, alternative=alternative, seeds=seeds,
                         effect=effect, effect_source=effect_source, **kw)


_T_GAIN = _t("paired difference of test κ, JARF − RF (axis-aligned), over seeds, per θ",
             "greater", 5, 0.01, "ours: smallest effect of interest, 0.01 κ")
_T_TIE = _t("paired difference of test κ, JARF − RF at θ = 0°, over seeds", "equivalence", 5,
            0.01, "ours: equivalence margin 0.01 κ", margin=0.01)
_T_ANGLE = _t("principal angle (degrees) between the top eigenvector of JARF's Ĥ0 and the "
              "true normal w, over seeds, per θ ≥ 15°", "less", 5, 2.0,
              "ours: 2° below the threshold", threshold=10.0)
_T_ANGLE25 = _t("principal angle (degrees) between the top eigenvector of Ĥ0 and w, over seeds, "
                "per θ ≥ 15°", "less", 5, 5.0, "ours: 5° below the threshold", threshold=25.0)
_T_RANDOM = _t("paired difference of test κ at θ = 45°, JARF − random-rotation forest, over "
               "seeds", "greater", 5, 0.05, "ours: the threshold itself, 0.05 κ", threshold=0.05)
_T_XOR = _t("paired difference of test κ on two-index XOR, JARF − RF, over seeds", "greater", 5,
            0.02, "ours: smallest effect of interest, 0.02 κ")
_T_REAL_NI = _t("paired difference JARF − RF per CV fold (κ; R² on diabetes), per data set",
                "greater", 10, 0.02, "ours: non-inferiority margin 0.02", threshold=-0.02)
_T_REAL_GAIN = _t("paired difference JARF − RF per CV fold (κ; R² on diabetes), per data set",
                  "greater", 10, 0.02, "ours: smallest effect of interest, 0.02")
_T_ZERO = _t("share of exactly-zero FD entries of an RF-100 surrogate at α = 0.1, per seed, per "
             "coordinate group", "greater", 5, 0.05, "ours: 0.05 above the threshold",
             threshold=0.5)
_T_GROW = _t("paired difference of the zero share, α = 0.01 minus α = 0.1, per seed, per "
             "coordinate group", "greater", 5, 0.1, "ours: smallest effect of interest, 0.1")
_T_NOISE = _t("paired difference of the zero share at α = 0.1, noise − informative coordinates, "
              "per seed", "greater", 5, 0.05, "ours: smallest effect of interest, 0.05")
_T_ORDER = _t("ratio of relative EJOP errors, α = 0.1 over α = 0.05, per seed of the MLP "
              "surrogate", "equivalence", 5, 0.2, "ours: equivalence margin 0.2 around 4",
              threshold=4.0, margin=0.2, quick_decides=True)


def _gains(res, thetas):
    return {f"θ = {t:g}°": res[t]["paper"] - res[t]["identity"] for t in thetas}


def _fmt(t):
    return (f"{t.name}: {t.estimate:+.4f} [{t.interval[0]:+.4f}, {t.interval[1]:+.4f}], "
            f"p = {t.p_value:.3g}, power {t.power:.2f}")


@claim("jarf.exp.angle_gain", kind="empirical", where=_WHERE + "; 'Key Findings', synthetic rotated hyperplane",
       statement="On rotated-hyperplane data (d = 10) JARF's κ exceeds the axis-aligned RF's at "
       "θ = 45° (paired one-sided t over 5 seeds), and no angle with θ ≥ 15° shows JARF "
       "significantly worse. The θ = 0° half of the paper's picture (the methods tie at small "
       "angles) is the separate row jarf.exp.angle_tie_at_zero, where JARF is significantly "
       "worse in our runs. Only the axis-aligned RF baseline is run: the summary's XGBoost, "
       "PCA+RF and LDA+RF arms are left out.", evidence=("observation",),
       source=("secondary", "the summary reports that on the synthetic rotated hyperplane RF, "
               "XGBoost, PCA+RF and LDA+RF degrade as θ grows while JARF stays high: " + _PN),
       setting=("analogue", _LIGHT), test=_T_GAIN)
def _angle_gain(quick: bool = False):
    from iclr26_verify.registry import stats
    from numerics.jarf.experiments import synthetic

    res = synthetic("hyperplane", quick)
    if quick:
        g = _gains(res, res)
        raise Unavailable("undecided in quick mode (1 seed, 300 points): gains "
                          + ", ".join(f"{k} {float(v.mean()):+.3f}" for k, v in g.items()))
    j = Judge()
    t = stats.one_sample("κ gain at θ = 45°", res[45.0]["paper"] - res[45.0]["identity"], _T_GAIN)
    j.test(t)
    upper = _gains(res, [x for x in res if x >= 15])
    contrary = stats.contrary_arms(upper, _T_GAIN)
    j.fact("no angle θ ≥ 15° with JARF significantly worse than RF", not contrary)
    at0 = stats.t_interval(res[0.0]["paper"] - res[0.0]["identity"], confidence=0.9)
    return j.evidence(note=_fmt(t) + "; other angles: " + ", ".join(
        f"{k} {float(v.mean()):+.4f}" for k, v in upper.items())
        + (f"; contrary: {contrary}" if contrary else "")
        + f". At θ = 0° (not part of this row): {at0.mean:+.4f} [{at0.low:+.4f}, {at0.high:+.4f}] "
        "(90 % t), JARF worse than RF (jarf.exp.angle_tie_at_zero).")


@claim("jarf.exp.angle_tie_at_zero", kind="empirical", where=_WHERE + "; 'Key Findings', synthetic rotated hyperplane",
       expected="undecided",
       statement="On axis-aligned hyperplane data (θ = 0°) JARF and the axis-aligned RF tie: the "
       "paired κ difference lies within ±0.01 (TOST over 5 seeds).", evidence=("observation",),
       source=("secondary", "the summary reports that at small angles the methods tie: " + _PN),
       setting=("analogue", _LIGHT), test=_T_TIE)
def _angle_tie(quick: bool = False):
    from iclr26_verify.registry import stats
    from numerics.jarf.experiments import synthetic

    res = synthetic("hyperplane", quick)
    g0 = res[0.0]["paper"] - res[0.0]["identity"]
    if quick:
        raise Unavailable(f"undecided in quick mode (1 seed): gain {float(g0.mean()):+.3f} at 0°")
    j = Judge()
    t = stats.one_sample("κ difference at θ = 0°", g0, _T_TIE)
    j.test(t)
    lt = stats.t_interval(g0, confidence=0.9)
    return j.evidence(note=_fmt(t) + f". The difference is significantly below 0 (90 % t "
                      f"[{lt.low:+.4f}, {lt.high:+.4f}]): JARF loses a little at θ = 0°, by an "
                      "amount the ±0.01 margin can neither include nor exclude at 5 seeds.")


@claim("jarf.exp.subspace", kind="empirical", where=_WHERE + "; 'Key Findings', mechanism (principal angles; also OpenReview Reviewer 4)",
       expected="undecided", corrected_by="jarf.exp.subspace_recovered",
       statement="For each θ ≥ 15° the top eigenvector of JARF's Ĥ0 (RF surrogate) is within 10° "
       "of the true normal w on average over seeds (one-sided t per θ, Bonferroni).",
       evidence=("observation",),
       source=("ours", ("the 10° threshold is ours (from one light run of ours); the paper's "
               "mechanism analysis, seen only through the papernotes.org summary, is about the "
               "split normals of oblique forests concentrating in the top EJOP subspace")),
       setting=("analogue", _LIGHT), test=_T_ANGLE)
def _subspace(quick: bool = False):
    from iclr26_verify.registry import stats
    from numerics.jarf.experiments import synthetic

    res = synthetic("hyperplane", quick)
    if quick:
        worst = max(float(res[t]["angle"].max()) for t in res if t >= 15)
        raise Unavailable(f"undecided in quick mode (1 seed): worst angle {worst:.1f}°")
    j = Judge()
    tests = stats.per_arm({f"θ = {t:g}°": res[t]["angle"] for t in res if t >= 15}, _T_ANGLE)
    for t in tests:
        j.test(t)
    return j.evidence(note="; ".join(_fmt(t) for t in tests) + ". Worst single seed: "
                      f"{max(float(res[t]['angle'].max()) for t in res if t >= 15):.1f}°.")


@claim("jarf.exp.subspace_recovered", kind="empirical", where=_WHERE + "; 'Key Findings', mechanism (principal angles)",
       expected="corrected",
       statement="At n = 1000 and 50 surrogate trees the top eigenvector of Ĥ0 is within 25° of "
       "w on average for every θ ≥ 15° (one-sided t per θ, Bonferroni), far from a random "
       "direction (mean angle ≈ 71° in d = 10).", evidence=("observation",),
       source=("ours", ("the 25° threshold is ours, chosen after seeing the full run of "
               "jarf.exp.subspace (worst seed 21.4°, means 8.9–10.7°): post hoc")),
       setting=("analogue", _LIGHT), test=_T_ANGLE25)
def _subspace_recovered(quick: bool = False):
    from iclr26_verify.registry import stats
    from numerics.jarf.experiments import synthetic

    res = synthetic("hyperplane", quick)
    if quick:
        raise Unavailable("undecided in quick mode (1 seed)")
    j = Judge()
    tests = stats.per_arm({f"θ = {t:g}°": res[t]["angle"] for t in res if t >= 15}, _T_ANGLE25)
    for t in tests:
        j.test(t)
    return j.evidence(note="; ".join(_fmt(t) for t in tests) + ". Post hoc threshold.")


@claim("jarf.exp.random_rotation_control", kind="empirical", where="our control",
       expected="extension",
       statement="The gain at θ = 45° comes from the alignment, not from rotating: JARF's κ "
       "exceeds a random-rotation forest's by more than 0.05 on average (paired one-sided t).",
       evidence=("observation",),
       source=("ours", "a control of ours (random orthogonal rotation + RF), threshold 0.05 κ"),
       setting=("analogue", _LIGHT), test=_T_RANDOM)
def _random_control(quick: bool = False):
    from iclr26_verify.registry import stats
    from numerics.jarf.experiments import synthetic

    res = synthetic("hyperplane", quick)
    d = res[45.0]["paper"] - res[45.0]["random"]
    if quick:
        raise Unavailable(f"undecided in quick mode (1 seed): JARF − random {float(d.mean()):+.3f}")
    j = Judge()
    t = stats.one_sample("κ(JARF) − κ(random rotation) at 45°", d, _T_RANDOM)
    j.test(t)
    return j.evidence(note=_fmt(t) + ".")


@claim("jarf.exp.xor_gain", kind="empirical", where=_WHERE + "; abstract sentences 1-2 (interaction-driven boundaries), XOR (two-index)",
       statement="On two-index XOR data (d = 10) JARF's κ exceeds the axis-aligned RF's (paired "
       "one-sided t over 5 seeds).", evidence=("observation",),
       source=("secondary", "the summary says JARF captures feature interactions that "
               "axis-aligned splits approximate poorly; the XOR task is our stand-in for an "
               "interaction: " + _PN),
       setting=("analogue", _LIGHT), test=_T_XOR)
def _xor_gain(quick: bool = False):
    from iclr26_verify.registry import stats
    from numerics.jarf.experiments import synthetic

    res = synthetic("xor", quick)[0.0]
    g = res["paper"] - res["identity"]
    if quick:
        raise Unavailable(f"undecided in quick mode (1 seed): XOR gain {float(g.mean()):+.3f}")
    j = Judge()
    t = stats.one_sample("XOR κ gain", g, _T_XOR)
    j.test(t)
    return j.evidence(note=_fmt(t) + f"; RF {res['identity'].mean():.3f}, JARF "
                      f"{res['paper'].mean():.3f}; subspace angle {res['angle'].mean():.1f}°.")


def _real_runs(quick):
    from numerics.jarf.experiments import sklearn_cv

    runs = {name: sklearn_cv(name, quick) for name in ("breast_cancer", "wine", "diabetes")}
    notes = [f"{n}: RF {r['identity'].mean():.4f}, JARF {r['paper'].mean():.4f}, eigrot "
             f"{r['eigrot'].mean():.4f}, random {r['random'].mean():.4f}" for n, r in runs.items()]
    return {n: r["paper"] - r["identity"] for n, r in runs.items()}, notes


@claim("jarf.exp.real_not_worse", kind="empirical", where="abstract, sentence 7 (tabular benchmarks); our light version on breast_cancer/wine/diabetes",
       expected="undecided",
       statement="On scikit-learn's breast_cancer and wine (κ) and diabetes (R²) JARF is not "
       "worse than the axis-aligned RF by more than 0.02: per data set the paired difference "
       "over 2×5-fold CV exceeds −0.02 (one-sided t, Bonferroni over the three sets); no set is "
       "significantly in JARF's disfavour. Other data sets (digits, the paper's OpenML tasks) "
       "are not run in this row.", evidence=("observation",),
       source=("ours", ("a non-inferiority reading (margin 0.02, ours) of the abstract's 'this "
               "preconditioning consistently improves axis-aligned forests' (arXiv 2512.08306)")),
       setting=("analogue", _CV), test=_T_REAL_NI)
def _real(quick: bool = False):
    from iclr26_verify.registry import stats

    diffs, notes = _real_runs(quick)
    if quick:
        raise Unavailable("undecided in quick mode (one fold): " + "; ".join(notes))
    j = Judge()
    tests = stats.per_arm(diffs, _T_REAL_NI)
    for t in tests:
        j.test(t)
    contrary = stats.contrary_arms(diffs, _T_REAL_GAIN)
    j.fact("no data set with JARF significantly worse than RF", not contrary)
    return j.evidence(note="; ".join(_fmt(t) for t in tests) + ". " + "; ".join(notes) + ".")


@claim("jarf.exp.real_improves", kind="empirical", where="abstract, sentence 7 (tabular benchmarks); our light version on breast_cancer/wine/diabetes",
       expected="undecided",
       statement="On scikit-learn's breast_cancer and wine (κ) and diabetes (R²) JARF improves "
       "on the axis-aligned RF on every set: the paired difference over 2×5-fold CV is > 0 "
       "(one-sided t per set, Bonferroni). Other data sets are not run in this row.",
       evidence=("observation",),
       source=("abstract", ("arXiv 2512.08306 abstract: the preconditioning consistently improves "
               "axis-aligned forests on tabular classification and regression benchmarks")),
       setting=("analogue", _CV), test=_T_REAL_GAIN)
def _real_gain(quick: bool = False):
    from iclr26_verify.registry import stats

    diffs, notes = _real_runs(quick)
    if quick:
        raise Unavailable("undecided in quick mode (one fold): " + "; ".join(notes))
    j = Judge()
    tests = stats.per_arm(diffs, _T_REAL_GAIN)
    for t in tests:
        j.test(t)
    return j.evidence(note="; ".join(_fmt(t) for t in tests) + ".")


def _zero_shares(quick, alpha):
    from numerics.jarf.experiments import fd_zero_shares

    seeds = (0,) if quick else (0, 1, 2, 3, 4)
    r = [fd_zero_shares(s, 100, alpha) for s in seeds]
    return {k: np.array([x[k] for x in r]) for k in ("informative", "noise")}


@claim("jarf.exp.rf_fd_mostly_zero", kind="empirical",
       where="A1 vs the RF surrogate (a point raised in an OpenReview review)",
       expected="failed_prediction", prediction=True,
       statement="Our prediction: with an RF-100 surrogate and α = 0.1 more than half of the FD "
       "entries are exactly zero on both informative and noise coordinates (rotated hyperplane, "
       "θ = 30°; one-sided t over 5 seeds per group).", evidence=("observation",),
       source=("ours", ("a prediction of ours (the 0.5 threshold from one earlier run of ours); "
               "the reviewer's point that A1 fails for a piecewise-constant forest is public "
               "(OpenReview lpYHuxPEXV), the number is not the paper's")),
       setting=("analogue", ("scikit-learn RF-100 surrogate on 500 synthetic points, our FD "
                "implementation")), test=_T_ZERO)
def _rf_zero(quick: bool = False):
    from iclr26_verify.registry import stats

    z = _zero_shares(quick, 0.1)
    j = Judge()
    for t in stats.per_arm(z, _T_ZERO):
        j.test(t)
    return j.evidence(note="; ".join(f"{k}: {v.mean():.3f} ± {v.std():.3f}" for k, v in z.items())
                      + f" over {z['noise'].size} seeds.")


@claim("jarf.exp.rf_fd_zero_grows", kind="empirical",
       where="A1 vs the RF surrogate (OpenReview review point), quantified", expected="extension",
       statement="For an RF-100 surrogate the share of exactly-zero FD entries grows when α drops "
       "from 0.1 to 0.01 (paired over seeds, informative and noise coordinates), and noise "
       "coordinates have more zeros than informative ones at α = 0.1, so A1's smooth analysis "
       "does not describe the estimator; the observed levels are reported, not tested.",
       evidence=("observation",),
       source=("ours", ("our quantification of a public OpenReview review point (lpYHuxPEXV) that "
               "A1 does not hold for a forest surrogate")),
       setting=("analogue", ("scikit-learn RF-100 surrogate on 500 synthetic points, our FD "
                "implementation")), test=_T_GROW)
def _rf_zero_grows(quick: bool = False):
    from iclr26_verify.registry import stats

    a = _zero_shares(quick, 0.1)
    b = _zero_shares(quick, 0.01)
    j = Judge()
    grow = stats.per_arm({k: b[k] - a[k] for k in a}, _T_GROW)
    for t in grow:
        j.test(t)
    noise = stats.one_sample("noise − informative at α = 0.1", a["noise"] - a["informative"],
                             _T_NOISE)
    j.test(noise)
    return j.evidence(note="; ".join(_fmt(t) for t in (*grow, noise)) + ". Levels: α = 0.1 "
                      + ", ".join(f"{k} {v.mean():.3f}" for k, v in a.items()) + "; α = 0.01 "
                      + ", ".join(f"{k} {v.mean():.3f}" for k, v in b.items()) + ".")


@claim("jarf.exp.smooth_fd_order", kind="empirical",
       where="Assumption A1 (after the Sec. 3.6 FD estimator; smooth surrogate)",
       expected="extension",
       statement="With a smooth (tanh-MLP) surrogate the FD EJOP converges to the exact "
       "(analytic-Jacobian) EJOP at second order: halving α from 0.1 to 0.05 divides the "
       "relative error by 4 (TOST within ±0.2 over MLP seeds).", evidence=("independent",),
       source=("ours", ("our consequence of A1 (as quoted in an OpenReview review) for the ±ε/2 "
               "central difference")),
       setting=("analogue", ("a scikit-learn tanh-MLP surrogate (16 units) on 500 synthetic "
                "points instead of the paper's RF surrogate")), test=_T_ORDER)
def _smooth(quick: bool = False):
    from iclr26_verify.registry import stats
    from numerics.jarf.experiments import smooth_fd_errors

    seeds = (0, 1) if quick else (0, 1, 2, 3, 4)
    es = [smooth_fd_errors(s) for s in seeds]
    r1 = np.array([e[0.2] / e[0.1] for e in es])
    r2 = np.array([e[0.1] / e[0.05] for e in es])
    j = Judge()
    t = stats.one_sample("error ratio α 0.1 → 0.05", r2, _T_ORDER)
    j.test(t)
    return j.evidence(note=_fmt(t) + f"; ratio α 0.2 → 0.1: {r1.mean():.4f} (reported). "
                      f"Relative errors at seed 0: {es[0][0.2]:.2e}, {es[0][0.1]:.2e}, "
                      f"{es[0][0.05]:.2e}.")


@claim("jarf.exp.trace_norm_inert", kind="empirical",
       where='Method: stabilised preconditioner, trace normalisation (the shared Ĥ: Secs. 3.4-3.5 per OpenReview Reviewer 3)', expected='failed_prediction', statement='Our prediction: trace normalisation has no effect on predictions, since axis-aligned trees are invariant to a global positive rescaling: an RF on X(cĤ) (c = 7.3) gives the same probabilities as one on XĤ with the same random_state (a witness seed refutes it).',
       evidence=("witness",),
       source=('ours', "our derivation (scale invariance of axis-aligned splits); the summary's ablation 'no stabilisers ≈ −0.005' (papernotes.org) motivated it, but the statement is not the paper's"),
       setting=('analogue', "scikit-learn RF-30 forests on breast_cancer mapped by our JARF estimator's Ĥ (20-tree surrogate)"),
       prediction=True)
def _trace_norm(quick: bool = False):
    from numerics.jarf.experiments import trace_norm_gap

    gaps = [trace_norm_gap(s, 7.3) for s in ((2,) if quick else (0, 1, 2))]
    j = Judge()
    j.close("max |Δp| over seeds", max(gaps), 0.0, scale=1.0)
    return j.evidence(note=f"max |Δp| = {max(gaps):.1e} on breast_cancer (per seed: "
                      + ", ".join(f"{g:.3f}" for g in gaps) + "). Cause: scikit-learn treats "
                      "feature values closer than 1e-7 (absolute) as tied; Ĥ has columns with "
                      "spread ~1e-6, so scaling by c changes which values are tied.")


@experiment
def tie_free_gap(seed: int, c: float, pre: float) -> float:
    """max |Δp| between forests on pre·XĤ and c·pre·XĤ (breast_cancer, same seeds)."""
    from sklearn import datasets
    from sklearn.ensemble import RandomForestClassifier

    from numerics.jarf.estimator import JARFClassifier

    X, y = datasets.load_breast_cancer(return_X_y=True)
    H = JARFClassifier(n_estimators=20, surrogate_estimators=20, random_state=seed).fit(X, y).H_
    Z = pre * (X @ H)
    a = RandomForestClassifier(30, random_state=seed).fit(Z, y).predict_proba(Z)
    b = RandomForestClassifier(30, random_state=seed).fit(c * Z, y).predict_proba(c * Z)
    return float(np.abs(a - b).max())


@claim("jarf.exp.trace_norm_ties", kind="empirical", where="Method: stabilised preconditioner (the shared Ĥ: Secs. 3.4-3.5 per OpenReview Reviewer 3), scikit-learn's tie threshold", expected='extension',
       statement="Trace normalisation is inert up to scikit-learn's absolute tie threshold "
       "(1e-7): once the mapped features are on a scale where no distinct values are closer "
       "than 1e-7 (here ×1e6), forests on Z and 7.3·Z give identical probabilities; it is not "
       "inert for Ĥ's own scale.", evidence=("witness",),
       source=('ours', "our explanation of the witness of jarf.exp.trace_norm_inert: scikit-learn's absolute 1e-7 tie threshold in its split search"),
       setting=('analogue', "scikit-learn RF-30 forests on breast_cancer mapped by our JARF estimator's Ĥ (20-tree surrogate)"),
       prediction=True)
def _trace_norm_ties(quick: bool = False):
    seeds = (2,) if quick else (0, 1, 2)
    gaps = [tie_free_gap(s, 7.3, 1e6) for s in seeds]
    j = Judge()
    j.close("max |Δp| after ×1e6 pre-scaling", max(gaps), 0.0, scale=1.0)
    return j.evidence(note=f"max |Δp| = {max(gaps):.1e} over seeds {seeds} (seed 2 differs by "
                      "0.033 without the pre-scaling).")
