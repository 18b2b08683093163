"""The 18 cells of Thm 3.1 (general sizes) and Lemma 3.2 (equal sizes M), each a checked claim.

Lipschitz cells: (a) an adversarial search (L-BFGS-B on the set coordinates from the best of many
random pairs, :mod:`theory.multisets._search`) never exceeds the constant, and (b) a witness
attains it. Non-Lipschitz cells: a pair at distance exactly 0 whose aggregates differ, a
one-parameter family whose ratio diverges (closed form checked against the solvers, sympy limit),
and the search's ratio, which runs past any modest constant.
"""

from __future__ import annotations

import numpy as np
import sympy as sp

from theory.claims import Evidence, claim
from theory.multisets._aggregators import aggregate, lipschitz_constant
from theory.multisets._distances import emd, hausdorff, matching
from theory.multisets._witnesses import (
    counterexample_family,
    family_ratio,
    max_emd_family,
    tightness_witness,
    zero_distance_witness,
)
from theory.tolerances import EXACT, LP

D = 3  # dimension of the registered search and witnesses (sqrt(3) is a non-trivial constant)
M = 3  # set size of Lemma 3.2 (the max/Hausdorff witness needs M >= d)
_DIST = {"emd": emd, "hausdorff": hausdorff, "matching": matching}
_DNAME = {"emd": "EMD", "hausdorff": "Hausdorff", "matching": "matching"}
_ZERO_NORM = {  # closed forms of ‖Δf‖ for the zero-distance witnesses (a=(1,0), b=(0,2), v=(-1,-2))
    ("thm31", "mean", "hausdorff"): sp.sqrt(5) / 6, ("thm31", "mean", "matching"): sp.sqrt(5) / 2,
    ("thm31", "sum", "emd"): sp.sqrt(5), ("thm31", "sum", "hausdorff"): sp.sqrt(5),
    ("thm31", "max", "matching"): sp.sqrt(5),
    ("lemma32", "mean", "hausdorff"): sp.sqrt(5) / 3, ("lemma32", "sum", "hausdorff"): sp.sqrt(5),
}
_WHERE = {
    ("thm31", "sum", "emd"): "Thm 3.1, App. B.3.4", ("thm31", "max", "emd"): "Thm 3.1, App. B.3.7",
    ("lemma32", "max", "matching"): "Lemma 3.2, App. B.4.5",
}


def _ratio(X, Y, agg, dist):
    return float(np.linalg.norm(aggregate(X, agg) - aggregate(Y, agg)) / _DIST[dist](X, Y))


def _search(table, agg, dist, seed):
    from theory.multisets._search import TABLE_D, TABLE_M, table_search

    assert (TABLE_D, TABLE_M) == (D, M)
    return table_search(seed, False)[(table, agg, dist)]


def _lipschitz_cell(table, agg, dist, L, seed):
    res = _search(table, agg, dist, seed)
    X, Y = tightness_witness(agg, dist, d=D, equal_size=M if table == "lemma32" else None,
                             rng=seed)
    w = _ratio(X, Y, agg, dist)
    Lf = float(L)
    ok = res.sup <= Lf * (1 + LP) and abs(w - Lf) <= LP * Lf
    sizes = f"|X|=|Y|={M}" if table == "lemma32" else "sizes 1..5"
    return Evidence(ok, {"search_sup": res.sup, "witness_ratio": w}, {"constant": Lf}, LP,
                    f"d={D}, {sizes}: L-BFGS-B ascent on the set coordinates from the best of "
                    f"random pairs ({res.n_evaluated} ratio evaluations, distances by POT / "
                    f"assignment) never exceeds L={L}; the witness attains it.")


def _non_lipschitz_cell(table, agg, dist, seed):
    measured, expected, ok = {}, {"constant": "none"}, True
    res = _search(table, agg, dist, seed)
    measured["search_sup"] = res.sup
    if (table, agg, dist) in _ZERO_NORM:
        X, Y = zero_distance_witness(agg, dist, equal_size=table == "lemma32")
        dist0 = _DIST[dist](X, Y)
        norm0 = float(np.linalg.norm(aggregate(X, agg) - aggregate(Y, agg)))
        exact = _ZERO_NORM[(table, agg, dist)]
        measured.update(witness_distance=dist0, witness_delta=norm0)
        expected.update(witness_distance=0.0, witness_delta=float(exact))
        ok &= dist0 <= EXACT and abs(norm0 - float(exact)) <= EXACT and exact > 0
        note = "zero-distance witness: distance 0, aggregates differ"
    if table == "thm31" and (agg, dist) == ("max", "emd"):
        ms = [2, 3, 5, 8, 13]
        rs = [_ratio(*max_emd_family(m, D), agg, dist) for m in ms]
        measured["witness_ratios_m=2,3,5,8,13"] = rs
        expected["witness_ratios_m=2,3,5,8,13"] = [float(m) for m in ms]
        ok &= all(abs(r - m) <= LP * m for r, m in zip(rs, ms))
        note = ("App. B.3.7 witness (m elements, m-1 shared, tops 1 apart): ratio exactly m, "
                "unbounded in m; on sizes <= M see multisets.thm31.max_emd_bounded_size_*")
    elif table == "thm31":
        c, eps = sp.Symbol("c", positive=True), sp.Symbol("epsilon", positive=True)
        R = family_ratio(agg, dist, c, eps)
        lim = sp.limit(R, eps, 0, "+")
        errs = []
        for e in (1e-1, 1e-3, 1e-6):
            X, Y = counterexample_family(agg, dist, c=1.0, eps=e, d=D)
            closed = float(R.subs({c: 1, eps: e}))
            errs.append(abs(_ratio(X, Y, agg, dist) - closed) / closed)
            measured[f"family_ratio_eps={e:g}"] = _ratio(X, Y, agg, dist)
            expected[f"family_ratio_eps={e:g}"] = closed
        measured["sympy_limit_eps_to_0"] = str(lim)
        expected["sympy_limit_eps_to_0"] = "oo"
        ok &= lim == sp.oo and max(errs) <= LP
        note += f"; family ratio {R} (c=1, d={D}) matches the solvers and diverges as ε→0"
    if (table, agg, dist) == ("thm31", "max", "emd"):
        # Sizes 1..5 bound the ratio by 5 (see the bounded-size claims): only m grows it.
        return Evidence(bool(ok), measured, expected, LP,
                        note + f"; search on sizes 1..5 (d={D}) stays <= 5 as it must")
    ok &= res.sup > 1e3  # the search too runs past any modest constant
    return Evidence(bool(ok), measured, expected, LP, note + f"; search sup > 1e3 (d={D})")


def _register(table, agg, dist):
    equal = M if table == "lemma32" else None
    L = lipschitz_constant(agg, dist, d=D, equal_size=equal)
    Lsym = lipschitz_constant(agg, dist, d=sp.Symbol("d"),
                              equal_size=sp.Symbol("M") if equal else None)
    head = "Lemma 3.2" if equal else "Thm 3.1"
    where = _WHERE.get((table, agg, dist), head)
    scope = "multisets of equal size M" if equal else "multisets of any sizes"
    if L is None:
        statement = (f"On {scope} in R^d, the {agg} aggregator is not Lipschitz w.r.t. the "
                     f"{_DNAME[dist]} distance (no constant exists).")
    else:
        statement = (f"On {scope} in R^d, the {agg} aggregator is Lipschitz w.r.t. the "
                     f"{_DNAME[dist]} distance with constant {Lsym}, and this constant is tight.")

    @claim(f"multisets.{table}.{agg}_{dist}", where=where, statement=statement)
    def _check(seed: int = 0):
        if L is None:
            return _non_lipschitz_cell(table, agg, dist, seed)
        return _lipschitz_cell(table, agg, dist, L, seed)

    _check.__qualname__ = f"{table}_{agg}_{dist}"
    return _check


for _t in ("thm31", "lemma32"):
    for _a in ("mean", "sum", "max"):
        for _d in ("emd", "hausdorff", "matching"):
            _register(_t, _a, _d)


@claim("multisets.thm31.max_emd_bounded_size_between_M_and_sqrtd_M",
       where="Thm 3.1 (max/EMD), App. B.3.7; note §3 caveat", expected="corrected",
       corrects="multisets.thm31.max_emd",
       statement="On multisets of size at most M the max is EMD-Lipschitz after all, with a "
       "constant between M (attained by the App. B.3.7 witness) and sqrt(d)*M: Thm 3.1's cross "
       "means only that no constant is uniform in the size.")
def _max_emd_between(seed: int = 0):
    from theory.multisets._search import search_sup

    d, Mb = 4, 4
    res = search_sup("max", "emd", d=d, sizes=(1, Mb), rng=np.random.default_rng([seed, 99]))
    w = _ratio(*max_emd_family(Mb, d), "max", "emd")
    upper = float(sp.sqrt(d) * Mb)
    ok = res.sup <= upper * (1 + LP) and abs(w - Mb) <= LP * Mb
    return Evidence(ok, {"search_sup": res.sup, "witness_ratio": w},
                    {"lower_end_M": float(Mb), "upper_end_sqrtd_M": upper}, LP,
                    f"d={d}, sizes 1..{Mb}: adversarial search stays below sqrt(d)M and the "
                    "App. B.3.7 witness attains M; both ends of the interval checked.")


@claim("multisets.thm31.max_emd_bounded_size_constant_is_M",
       where="Thm 3.1 (max/EMD), sharpening (ours)", expected="corrected",
       corrects="multisets.thm31.max_emd",
       statement="Sharper: on multisets of size at most M, ‖max X - max Y‖ <= max(|X|,|Y|) "
       "d_EMD(X,Y), so the exact constant is M for every d (the interval [M, sqrt(d)M] "
       "collapses to its lower end).")
def _max_emd_exact(seed: int = 0):
    from theory.multisets._search import search_sup

    d, Mb = 4, 4
    rng = np.random.default_rng([seed, 98])
    res = search_sup("max", "emd", d=d, sizes=(1, Mb), rng=rng)
    # The size-aware form max(|X|,|Y|) on random pairs of mixed sizes, scored by the slack.
    worst = 0.0
    for _ in range(300):
        m, n = rng.integers(1, Mb + 1, size=2)
        X, Y = rng.normal(size=(m, d)), rng.normal(size=(n, d))
        Y[: min(m, n) - 1] = X[: min(m, n) - 1]
        worst = max(worst, _ratio(X, Y, "max", "emd") / max(m, n))
    ok = res.sup <= Mb * (1 + LP) and worst <= 1 + LP
    return Evidence(ok, {"search_sup": res.sup, "max_ratio_over_max_size": worst},
                    {"constant_M": float(Mb), "sqrt(d)*M (note)": 2.0 * Mb}, LP,
                    f"d={d}, sizes 1..{Mb}: proof in theory.multisets.max_emd_constant_bounded_"
                    "size (per-coordinate gaps charged to the arg-max elements, convexity of "
                    "the norm); the search (a dimension where sqrt(d)M = 2M) never beats M.")
