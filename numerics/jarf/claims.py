"""Empirical claims of the JARF topic (scikit-learn runs; thresholds fixed in the spec,
jarf.md §5–6, before our runs, except where a note says otherwise).

Full mode: 5 seeds on synthetic data (1000 train / 2000 test, 50 trees per forest) and 2×5-fold
CV on scikit-learn's bundled sets. Quick mode is too small to decide the accuracy claims and
raises ``Unavailable`` with the measured numbers.
"""

from __future__ import annotations

import numpy as np

from numerics.store import experiment
from theory.claims import Judge, Unavailable, claim

_WHERE = "arXiv 2512.08306 Sec. 5 (light versions, jarf.md §5)"


def _mean_se(a):
    a = np.asarray(a, float)
    return float(a.mean()), float(a.std(ddof=1) / np.sqrt(a.size)) if a.size > 1 else np.inf


@claim("jarf.exp.angle_gain", kind="empirical", where=_WHERE + ", rotated hyperplane",
       statement="On rotated-hyperplane data (d = 10) the JARF − RF κ gain is ≥ +0.01 at θ = 45° "
       "and ≤ +0.005 at θ = 0° (mean over seeds; paired).", evidence=("observation",),
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _angle_gain(quick: bool = False):
    from numerics.jarf.experiments import GAIN_0, GAIN_45, synthetic

    res = synthetic("hyperplane", quick)
    g45 = res[45.0]["paper"] - res[45.0]["identity"]
    g0 = res[0.0]["paper"] - res[0.0]["identity"]
    m45, s45 = _mean_se(g45)
    m0, s0 = _mean_se(g0)
    if quick:
        raise Unavailable(f"quick (1 seed, 300 points): gain {m45:+.3f} at 45°, {m0:+.3f} at 0°")
    j = Judge()
    j.ge("mean κ gain at θ = 45°", m45, GAIN_45)
    j.le("mean κ gain at θ = 0°", m0, GAIN_0, scale=GAIN_0)
    return j.evidence(note=f"gain {m45:+.4f} ± {s45:.4f} (s.e., {g45.size} seeds) at 45°, "
                      f"{m0:+.4f} ± {s0:.4f} at 0°. Observation: seed noise ≈ the threshold.")


@claim("jarf.exp.subspace", kind="empirical", where=_WHERE + ", mechanism (principal angles)",
       expected="undecided", corrected_by="jarf.exp.subspace_recovered", statement="For θ ≥ 15° the top eigenvector of JARF's Ĥ0 (RF surrogate) is within 10° of "
       "the true normal w, on every seed.", evidence=("observation",),
       source=("secondary", "UNAUDITED: " + "The paper's mechanism analysis (seen only through the summary) says the "
       "split normals concentrate in the top EJOP subspace; the 10° figure is the spec's (its "
       "light run: 8.1°, 8.9°, 4.2° at one seed each), fixed before our runs."),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _subspace(quick: bool = False):
    from numerics.jarf.experiments import SUBSPACE_DEG, synthetic

    res = synthetic("hyperplane", quick)
    worst = max(float(res[t]["angle"].max()) for t in res if t >= 15)
    if quick:
        raise Unavailable(f"quick (1 seed): worst angle {worst:.1f}°")
    j = Judge()
    j.le("worst principal angle over θ ≥ 15° and seeds (degrees)", worst, SUBSPACE_DEG)
    return j.evidence(note="per θ: " + ", ".join(
        f"{t:g}°: {res[t]['angle'].mean():.1f}° (max {res[t]['angle'].max():.1f}°)"
        for t in res))


@claim("jarf.exp.subspace_recovered", kind="empirical", where="jarf.md §5 (mechanism)",
       expected="corrected",
       statement="At n = 1000 and 50 surrogate trees the top eigenvector of Ĥ0 is within 25° of "
       "w on every seed for θ ≥ 15° (mean ≤ 12°), far from a random direction (mean angle "
       "≈ 71° in d = 10); 10° is not reached on every seed.", evidence=("observation",),
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _subspace_recovered(quick: bool = False):
    """Thresholds 25° / 12° chosen after seeing the full run of jarf.exp.subspace (worst 21.4°,
    means 8.9–10.7°): an observation, said here."""
    from numerics.jarf.experiments import synthetic

    res = synthetic("hyperplane", quick)
    if quick:
        raise Unavailable("quick (1 seed): too few seeds for a worst case")
    big = [t for t in res if t >= 15]
    worst = max(float(res[t]["angle"].max()) for t in big)
    mean = max(float(res[t]["angle"].mean()) for t in big)
    j = Judge()
    j.le("worst angle (degrees)", worst, 25.0)
    j.le("largest per-θ mean angle (degrees)", mean, 12.0)
    return j.evidence(note=f"worst {worst:.1f}°, largest mean {mean:.1f}° over "
                      f"{res[big[0]]['angle'].size} seeds.")


@claim("jarf.exp.random_rotation_control", kind="empirical", where="our control",
       expected="extension",
       statement="The gain at θ = 45° comes from the alignment, not from rotating: JARF's κ "
       "exceeds a random-rotation forest's by ≥ 0.05 on average.", evidence=("observation",),
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _random_control(quick: bool = False):
    from numerics.jarf.experiments import synthetic

    res = synthetic("hyperplane", quick)
    m, s = _mean_se(res[45.0]["paper"] - res[45.0]["random"])
    if quick:
        raise Unavailable(f"quick (1 seed): JARF − random rotation {m:+.3f}")
    j = Judge()
    j.ge("mean κ(JARF) − κ(random rotation) at 45°", m, 0.05)
    return j.evidence(note=f"{m:+.4f} ± {s:.4f} (s.e.).")


@claim("jarf.exp.xor_gain", kind="empirical", where=_WHERE + ", XOR (two-index)",
       statement="On two-index XOR data (d = 10) JARF's κ exceeds RF's (spec: 0.611 vs 0.519): "
       "the mean paired gain exceeds two standard errors.", evidence=("observation",),
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _xor_gain(quick: bool = False):
    from numerics.jarf.experiments import synthetic

    res = synthetic("xor", quick)[0.0]
    g = res["paper"] - res["identity"]
    m, s = _mean_se(g)
    if quick:
        raise Unavailable(f"quick (1 seed): XOR gain {m:+.3f}")
    j = Judge()
    j.ge("mean gain − 2 s.e.", m - 2 * s, 0.0, scale=0.01)
    return j.evidence(note=f"RF {res['identity'].mean():.3f}, JARF {res['paper'].mean():.3f}, "
                      f"gain {m:+.4f} ± {s:.4f}; subspace angle {res['angle'].mean():.1f}°.")


@claim("jarf.exp.real_not_worse", kind="empirical", where=_WHERE + ", breast_cancer/wine/diabetes",
       statement="On breast_cancer and wine (κ) and diabetes (R²) JARF is not worse than RF: "
       "mean paired difference over 2×5-fold CV ≥ −2 s.e. on each.", evidence=("observation",),
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _real(quick: bool = False):
    from numerics.jarf.experiments import sklearn_cv

    j = Judge()
    notes = []
    for name in ("breast_cancer", "wine", "diabetes"):
        r = sklearn_cv(name, quick)
        m, s = _mean_se(r["paper"] - r["identity"])
        notes.append(f"{name}: RF {r['identity'].mean():.4f}, JARF {r['paper'].mean():.4f}, "
                     f"eigrot {r['eigrot'].mean():.4f}, random {r['random'].mean():.4f}; "
                     f"Δ {m:+.4f} ± {s:.4f}")
        if not quick:
            j.ge(f"{name}: mean Δ + 2 s.e.", m + 2 * s, 0.0, scale=0.01)
    if quick:
        raise Unavailable("quick (one fold): " + "; ".join(notes))
    return j.evidence(note="; ".join(notes))


@claim("jarf.exp.rf_fd_mostly_zero", kind="empirical", where="jarf.md P4 (Reviewer 3)",
       expected="undecided", corrected_by="jarf.exp.rf_fd_zero_grows", statement="With an RF-100 surrogate and α = 0.1, more than half of the FD entries are "
       "exactly zero on both informative and noise coordinates (rotated hyperplane, θ = 30°).",
       evidence=("observation",),
       source=("secondary", "UNAUDITED: " + "Spec P4 (our spec's measurement, not the paper) says most FD entries of an "
       "RF-100 surrogate are exactly 0 at α = 0.1 (0.500 informative, 0.641 noise); the paper "
       "body was not seen."),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _rf_zero(quick: bool = False):
    from numerics.jarf.experiments import fd_zero_shares

    seeds = (0,) if quick else (0, 1, 2, 3, 4)
    r = [fd_zero_shares(s, 100, 0.1) for s in seeds]
    inf = np.array([x["informative"] for x in r])
    noi = np.array([x["noise"] for x in r])
    j = Judge()
    j.ge("zero share, informative coords (min over seeds)", inf.min(), 0.5)
    j.ge("zero share, noise coords", noi.min(), 0.5)
    return j.evidence(note=f"zero shares {inf.mean():.3f} ± {inf.std():.3f} (informative), "
                      f"{noi.mean():.3f} ± {noi.std():.3f} (noise) over {len(seeds)} seeds.")


@claim("jarf.exp.rf_fd_zero_grows", kind="empirical", where="jarf.md P4", expected="corrected",
       statement="For an RF-100 surrogate the share of exactly-zero FD entries is 0.3–0.5 at "
       "α = 0.1 and > 0.7 at α = 0.01 (so A1 fails and the share grows as ε shrinks); the noise "
       "coordinates have more zeros than the informative ones.", evidence=("observation",),
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _rf_zero_grows(quick: bool = False):
    """Thresholds set after one seed of the α = 0.1 run (0.34 / 0.47): said here."""
    from numerics.jarf.experiments import fd_zero_shares

    seeds = (0,) if quick else (0, 1, 2, 3, 4)
    a = [fd_zero_shares(s, 100, 0.1) for s in seeds]
    b = [fd_zero_shares(s, 100, 0.01) for s in seeds]
    lo_all = min(min(x.values()) for x in a)
    hi_all = max(max(x.values()) for x in a)
    small = min(min(x.values()) for x in b)
    j = Judge()
    j.ge("min share at α = 0.1", lo_all, 0.3)
    j.le("max share at α = 0.1", hi_all, 0.5)
    j.ge("min share at α = 0.01", small, 0.7)
    j.fact("noise > informative on every seed", all(x["noise"] > x["informative"] for x in a))
    return j.evidence(note=f"α = 0.1: [{lo_all:.3f}, {hi_all:.3f}]; α = 0.01: min {small:.3f}. "
                      "Thresholds chosen after seeing seed 0 (observation).")


@claim("jarf.exp.smooth_fd_order", kind="empirical", where="A1, Sec. 3.6; jarf.md §4.3",
       expected="extension",
       statement="With a smooth (tanh-MLP) surrogate the FD EJOP converges to the exact "
       "(analytic-Jacobian) EJOP at second order: halving α divides the relative error by 4.",
       evidence=("independent",),
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _smooth(quick: bool = False):
    from numerics.jarf.experiments import smooth_fd_errors

    e = smooth_fd_errors(0)
    r1, r2 = e[0.2] / e[0.1], e[0.1] / e[0.05]
    j = Judge()
    j.close("error ratio α 0.2 → 0.1", r1, 4.0, rtol=5e-3 * 4)
    j.close("error ratio α 0.1 → 0.05", r2, 4.0, rtol=5e-3)
    return j.evidence(note=f"relative errors {e[0.2]:.2e}, {e[0.1]:.2e}, {e[0.05]:.2e}; "
                      f"ratios {r1:.4f}, {r2:.4f}.")


@claim("jarf.exp.trace_norm_inert", kind="empirical",
       where="Sec. 3.5 (stabilisers); jarf.md P6", expected="undecided",
       corrected_by="jarf.exp.trace_norm_ties", statement="Trace normalisation has no effect on predictions: an RF on X(cĤ) (c = 7.3) "
       "gives the same probabilities as one on XĤ with the same random_state.",
       evidence=("witness",),
       source=("secondary", "UNAUDITED: " + "Spec P6 (from the summary's ablation 'stabilisers ≈ −0.005' and its own "
       "run: max |Δp| = 0.0) says trace normalisation cannot change a forest; the paper body "
       "was not seen."),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
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


@claim("jarf.exp.trace_norm_ties", kind="empirical", where="jarf.md P6", expected="corrected",
       statement="Trace normalisation is inert up to scikit-learn's absolute tie threshold "
       "(1e-7): once the mapped features are on a scale where no distinct values are closer "
       "than 1e-7 (here ×1e6), forests on Z and 7.3·Z give identical probabilities; it is not "
       "inert for Ĥ's own scale.", evidence=("witness",),
       source=("secondary", "UNAUDITED: the package's earlier reading; printed wording not yet located"),
       setting=("analogue", "UNAUDITED: light replication (data, scale, budget differ)"))
def _trace_norm_ties(quick: bool = False):
    seeds = (2,) if quick else (0, 1, 2)
    gaps = [tie_free_gap(s, 7.3, 1e6) for s in seeds]
    j = Judge()
    j.close("max |Δp| after ×1e6 pre-scaling", max(gaps), 0.0, scale=1.0)
    return j.evidence(note=f"max |Δp| = {max(gaps):.1e} over seeds {seeds} (seed 2 differs by "
                      "0.033 without the pre-scaling).")
