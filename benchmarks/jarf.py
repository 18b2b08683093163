"""Benchmarks of the JARF topic: fit time and accuracy of JARF against what a user would pick
instead, a RandomForest (and ExtraTrees) with the same number of trees. No oblique forest
(SPORF/treeple, RotF, CCF) is installed offline, so none is timed."""

from __future__ import annotations

import numpy as np

from benchmarks._timing import Row, benchmark, timeit


@benchmark("jarf", "jarf_vs_random_forest")
def jarf_vs_rf(quick: bool = False):
    from sklearn.ensemble import ExtraTreesClassifier, RandomForestClassifier
    from sklearn.metrics import cohen_kappa_score

    from numerics.jarf import JARFClassifier
    from numerics.jarf.data import rotated_hyperplane

    n, trees = (500, 20) if quick else (1500, 100)
    X, y, _ = rotated_hyperplane(45.0, n=n + 3000, random_state=10)
    Xtr, ytr, Xte, yte = X[:n], y[:n], X[n:], y[n:]
    models = {
        "jarf": lambda: JARFClassifier(n_estimators=trees, surrogate_estimators=trees,
                                       random_state=0, n_jobs=1),
        "rf": lambda: RandomForestClassifier(trees, random_state=0, n_jobs=1),
        "extra": lambda: ExtraTreesClassifier(trees, random_state=0, n_jobs=1),
    }
    t, kappa = {}, {}
    for name, make in models.items():
        t[name] = timeit(lambda make=make: make().fit(Xtr, ytr), repeat=1 if quick else 3,
                         warmup=0)
        kappa[name] = float(cohen_kappa_score(yte, make().fit(Xtr, ytr).predict(Xte)))
    ratio = t["jarf"] / t["rf"]
    return [Row("jarf", "fit, rotated hyperplane θ = 45°, d = 10",
                f"n = {n}, {trees} trees in each forest", "JARF (RF surrogate + FD EJOP + RF)",
                t["jarf"], f"RandomForestClassifier({trees})", t["rf"],
                target="JARF fit ≤ 3× RF fit (paper: 25 s vs 15 s)", met=bool(ratio <= 3.0),
                note=f"κ: JARF {kappa['jarf']:.3f}, RF {kappa['rf']:.3f}, ExtraTrees "
                f"{kappa['extra']:.3f}; ExtraTrees fit {t['extra']:.2f} s",
                extra={"kappa": kappa, "seconds": t, "time_ratio": ratio})]


@benchmark("jarf", "fd_jacobian_cost")
def fd_cost(quick: bool = False):
    from sklearn.ensemble import RandomForestClassifier

    from numerics.jarf import fd_jacobian
    from numerics.jarf.data import rotated_hyperplane
    from theory.jarf import mad_steps

    n, trees = (500, 20) if quick else (1500, 100)
    X, y, _ = rotated_hyperplane(30.0, n=n, random_state=0)
    rf = RandomForestClassifier(trees, random_state=0, n_jobs=1).fit(X, y)
    steps = mad_steps(X)
    t_fd = timeit(lambda: fd_jacobian(rf.predict_proba, X, steps), repeat=3, warmup=0)
    t_pred = timeit(lambda: rf.predict_proba(np.vstack([X] * (2 * X.shape[1]))), repeat=3,
                    warmup=0)
    return [Row("jarf", "finite-difference EJOP of an RF surrogate", f"n = m = {n}, d = 10",
                "fd_jacobian (2·d batched predict_proba calls)", t_fd,
                "one predict_proba on the same 2·d·m points", t_pred,
                target="within 1.5× of a single batched prediction", met=bool(t_fd <= 1.5 * t_pred),
                note="the FD step costs 2·d·m surrogate evaluations, as the paper states")]
