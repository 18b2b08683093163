"""Cached experiments of the JARF topic: angle sweep and XOR on index models, scikit-learn's
bundled data sets, the share of zero finite differences of an RF surrogate, and the
trace-normalisation check. Every runner is a pure function of its arguments
(:func:`iclr26_verify.run.store.experiment`)."""

from __future__ import annotations

import numpy as np
from sklearn.metrics import cohen_kappa_score, r2_score

from iclr26_verify import experiment

METHODS = ("identity", "paper", "eigrot", "random")
LABELS = {"identity": "RF (axis-aligned)", "paper": "JARF (xᵀĤ)", "eigrot": "JARF-eigrot (xᵀV)",
          "random": "random rotation + RF", "extra": "ExtraTrees"}
#: thresholds fixed before the runs (ours)
GAIN_45 = 0.01
GAIN_0 = 0.005
SUBSPACE_DEG = 10.0


def sizes(quick: bool) -> dict:
    if quick:
        return {"n": 300, "n_test": 600, "trees": 10, "seeds": (0,), "thetas": (0.0, 45.0)}
    return {"n": 1000, "n_test": 2000, "trees": 50, "seeds": (0, 1, 2, 3, 4),
            "thetas": (0.0, 15.0, 30.0, 45.0)}


def _model(method, trees, seed, task="clf", **kw):
    from numerics.jarf.estimator import JARFClassifier, JARFRegressor
    cls = JARFClassifier if task == "clf" else JARFRegressor
    if method == "extra":
        return cls(n_estimators=trees, mapping="identity", forest="extra", random_state=seed,
                   surrogate_estimators=trees, **kw)
    return cls(n_estimators=trees, mapping=method, random_state=seed,
               surrogate_estimators=trees, **kw)


@experiment
def synthetic_cell(task: str, theta: float, seed: int, n: int, n_test: int, trees: int) -> dict:
    """κ of each method on one synthetic draw, and the principal angle (degrees) between the
    top-k eigenvectors of Ĥ0 and the true index subspace."""
    from numerics.jarf.data import rotated_hyperplane, xor_index
    from theory.jarf import principal_angles

    if task == "hyperplane":
        X, y, W = rotated_hyperplane(theta, n=n + n_test, random_state=10 + seed)
        W = W[:, None]
    else:
        X, y, W = xor_index(n=n + n_test, random_state=10 + seed)
    out = {}
    for method in METHODS + ("extra",):
        est = _model(method, trees, seed).fit(X[:n], y[:n])
        out[method] = float(cohen_kappa_score(y[n:], est.predict(X[n:])))
        if method == "paper":
            V = np.linalg.eigh(est.H0_)[1][:, ::-1][:, :W.shape[1]]
            out["angle"] = float(principal_angles(V, W).max())
    return out


def synthetic(task: str, quick: bool) -> dict:
    """{θ: {method: array over seeds}} (θ = 0 for XOR)."""
    s = sizes(quick)
    thetas = s["thetas"] if task == "hyperplane" else (0.0,)
    res = {}
    for th in thetas:
        cells = [synthetic_cell(task, th, sd, s["n"], s["n_test"], s["trees"]) for sd in s["seeds"]]
        res[th] = {k: np.array([c[k] for c in cells]) for k in cells[0]}
    return res


@experiment
def sklearn_cv(name: str, quick: bool) -> dict:
    """Repeated stratified 5-fold CV (2 repeats full, 1 fold quick): score per fold per method
    (κ for classification, R² for diabetes); all methods share folds (paired)."""
    from sklearn import datasets
    from sklearn.model_selection import KFold, StratifiedKFold

    loader = {"breast_cancer": datasets.load_breast_cancer, "wine": datasets.load_wine,
              "diabetes": datasets.load_diabetes}[name]
    X, y = loader(return_X_y=True)
    task = "reg" if name == "diabetes" else "clf"
    trees = 10 if quick else 50
    out = {m: [] for m in ("identity", "paper", "eigrot", "random")}
    for rep in ((0,) if quick else (0, 1)):
        cv = (KFold if task == "reg" else StratifiedKFold)(5, shuffle=True, random_state=rep)
        for k, (tr, te) in enumerate(cv.split(X, y)):
            if quick and k > 0:
                break
            for m, scores in out.items():
                est = _model(m, trees, 100 * rep + k, task).fit(X[tr], y[tr])
                p = est.predict(X[te])
                scores.append(float(r2_score(y[te], p) if task == "reg"
                                    else cohen_kappa_score(y[te], p)))
    return {m: np.array(v) for m, v in out.items()}


@experiment
def fd_zero_shares(seed: int, trees: int, alpha: float) -> dict:
    """Share of exactly-zero FD entries of a fitted RF surrogate on rotated-hyperplane data
    (d = 10, θ = 30°, 500 points), split into informative (x₁, x₂) and noise coordinates."""
    from sklearn.ensemble import RandomForestClassifier

    from numerics.jarf.data import rotated_hyperplane
    from numerics.jarf.estimator import fd_jacobian
    from theory.jarf import mad_steps

    X, y, _ = rotated_hyperplane(30.0, n=500, random_state=seed)
    rf = RandomForestClassifier(trees, random_state=seed).fit(X, y)
    lo, hi = np.quantile(X, (0.01, 0.99), axis=0)
    J = fd_jacobian(rf.predict_proba, X, mad_steps(X, alpha), lo, hi)[:, :, 1]
    z = J == 0
    return {"informative": float(z[:, :2].mean()), "noise": float(z[:, 2:].mean())}


@experiment
def trace_norm_gap(seed: int, c: float) -> float:
    """max ``|Δp|`` between forests on XĤ and X(cĤ) (same seeds), breast_cancer."""
    from sklearn import datasets
    from sklearn.ensemble import RandomForestClassifier

    from numerics.jarf.estimator import JARFClassifier

    X, y = datasets.load_breast_cancer(return_X_y=True)
    j = JARFClassifier(n_estimators=20, surrogate_estimators=20, random_state=seed).fit(X, y)
    H = j.H_
    a = RandomForestClassifier(30, random_state=seed).fit(X @ H, y).predict_proba(X @ H)
    b = RandomForestClassifier(30, random_state=seed).fit(X @ (c * H), y).predict_proba(
        X @ (c * H))
    return float(np.abs(a - b).max())


@experiment
def smooth_fd_errors(seed: int) -> dict:
    """Relative Frobenius error of the FD EJOP of a tanh-MLP surrogate against its exact
    (analytic-Jacobian) EJOP, for steps α·MAD/0.6745 with α ∈ {0.2, 0.1, 0.05}, no clipping."""
    from sklearn.neural_network import MLPClassifier

    from numerics.jarf.data import rotated_hyperplane
    from numerics.jarf.estimator import fd_jacobian, mlp_jacobian
    from theory.jarf import ejop_from_jacobians, mad_steps

    X, y, _ = rotated_hyperplane(30.0, n=500, random_state=seed)
    mlp = MLPClassifier((16,), activation="tanh", max_iter=400, random_state=seed).fit(X, y)
    H = ejop_from_jacobians(mlp_jacobian(mlp, X))
    errs = {}
    for a in (0.2, 0.1, 0.05):
        Hf = ejop_from_jacobians(fd_jacobian(mlp.predict_proba, X, mad_steps(X, a)))
        errs[a] = float(np.linalg.norm(Hf - H) / np.linalg.norm(H))
    return errs
