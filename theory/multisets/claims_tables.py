"""The 18 cells of Thm 3.1 (general sizes) and Lemma 3.2 (equal sizes M), each a checked claim.

Lipschitz cells: (a) an adversarial search (L-BFGS-B on the set coordinates from the best of many
random pairs, :mod:`theory.multisets._search`) never exceeds the constant, and (b) a witness
attains it (the witness gives the power: a constant 1e-6 off is rejected). Non-Lipschitz cells: a
pair at distance exactly 0 whose aggregates differ (norm against the sympy value), and a
one-parameter family whose ratio matches its closed form at distances far above rounding
(ε·√d ≥ 1.7e-6) and diverges (sympy limit). The search is not used as evidence for those cells:
its ratios there come from distances at rounding level.

Readings. The public annotation records Thm 3.1 as stated on S_{≤M}. Each ``thm31.*`` row says
which reading it checks: the three Lipschitz cells hold for every size (so on every S_{≤M}); the
five blind-spot failures have witnesses of at most 3 elements, so they hold on S_{≤M} for every
M ≥ 3 and on unbounded sizes alike; only max/EMD depends on the reading. Its headline row
(``thm31.max_emd``) is the charitable reading "no constant uniform in the size" (unbounded sizes),
which the annotation calls the correct statement and says Table 1's footnote implies; the
literal S_{≤M} reading fails beside it (``thm31.max_emd_on_size_at_most_M``). Lemma 3.2's
max/Hausdorff constant √d is an upper bound for every M, sharp only when d ≤ max(1, 2M − 2).

Pre-registered before its first run (second coverage pass, 2026-12-05):
``thm31.lipschitz_cells_every_dimension`` — for d ∈ {1, 2, 5, 8} and sizes 1..6, 400 random pairs
per (cell, d) never exceed the constant (1, 1, √d) by more than ``LP`` relative, and the
tightness witness attains it within ``LP`` relative in every d.
``lemma32.lipschitz_cells_other_sizes`` — the six finite equal-size constants of Lemma 3.2 other
than max/Hausdorff (which ``lemma32.max_hausdorff_sharp_constant`` grids) at (d, M) ∈ {(1, 2),
(2, 4), (5, 3), (8, 6)}: 300 random equal-size pairs never exceed the constant by more than
``LP`` relative, and the witness attains it within ``LP`` relative.
"""

from __future__ import annotations

import functools

import numpy as np
import sympy as sp

from theory.claims import Judge, claim
from theory.multisets._aggregators import (
    aggregate,
    lipschitz_constant,
    max_hausdorff_constant_equal_size,
)
from theory.multisets._distances import emd, hausdorff, matching
from theory.multisets._witnesses import (
    counterexample_family,
    family_ratio,
    max_emd_family,
    max_hausdorff_equal_size_witness,
    tightness_witness,
    zero_distance_witness,
)
from theory.tolerances import EXACT, LP

D = 3  # dimension of the registered search and witnesses (sqrt(3) is a non-trivial constant)
M = 3  # set size of Lemma 3.2 (2M - 2 >= D, so sqrt(D) is the sharp max/Hausdorff constant)
#: The printed text (arXiv 2505.24403v3 HTML beyond its first page, the ICLR 2026 camera-ready)
#: was not seen; theorem statements are taken from a public third-party close reading of the
#: camera-ready, cited by section. Printed wording not seen.
_ANN = ("secondary: public annotation msrepo/theory_inclined_papers_with_annotations@fa55ff03:"
        "papers/2026-nikolentzos-set-lipschitz/notes.md (a close reading of the ICLR 2026 "
        "camera-ready of arXiv 2505.24403); printed wording not seen")

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
    return table_search(seed, False, lipschitz_only=True)[(table, agg, dist)]


def _lipschitz_cell(table, agg, dist, L, seed):
    res = _search(table, agg, dist, seed)
    X, Y = tightness_witness(agg, dist, d=D, equal_size=M if table == "lemma32" else None,
                             rng=seed)
    w = _ratio(X, Y, agg, dist)
    Lf = float(L)
    j = Judge()
    j.le("adversarial search sup vs constant", res.sup, Lf, rtol=LP)
    j.close("witness ratio vs constant", w, Lf, rtol=LP)
    sizes = f"|X|=|Y|={M}" if table == "lemma32" else "sizes 1..5"
    return j.evidence(note=f"d={D}, {sizes}: L-BFGS-B ascent on the set coordinates from the best "
                      f"of random pairs ({res.n_evaluated} ratio evaluations, distances by POT / "
                      f"assignment) reaches {res.sup:.6g} and never exceeds L={L}; the witness "
                      f"attains it ({w:.12g}).")


def _non_lipschitz_cell(table, agg, dist):
    j = Judge()
    notes = []
    if (table, agg, dist) in _ZERO_NORM:
        X, Y = zero_distance_witness(agg, dist, equal_size=table == "lemma32")
        dist0 = _DIST[dist](X, Y)
        norm0 = float(np.linalg.norm(aggregate(X, agg) - aggregate(Y, agg)))
        exact = _ZERO_NORM[(table, agg, dist)]
        j.close("zero-distance witness: distance", dist0, 0.0, atol=EXACT, scale=1.0)
        j.close("zero-distance witness: ‖Δf‖ vs sympy", norm0, float(exact), rtol=EXACT)
        j.fact("‖Δf‖ > 0 exactly (sympy)", bool(exact > 0))
        # sympy values go into notes as TeX ($…$): the site renders them, a terminal reads them
        notes.append(f"zero-distance witness: distance {dist0:g}, "
                     f"$\\|\\Delta f\\| = {sp.latex(exact)}$ (so no constant exists)")
    if table == "thm31" and (agg, dist) in {("mean", "hausdorff"), ("mean", "matching"),
                                            ("sum", "emd"), ("sum", "hausdorff"),
                                            ("max", "matching")}:
        c, eps = sp.Symbol("c", positive=True), sp.Symbol("epsilon", positive=True)
        R = family_ratio(agg, dist, c, eps)
        lim = sp.limit(R, eps, 0, "+")
        es = (1e-1, 1e-3, 1e-6)
        num = [_ratio(*counterexample_family(agg, dist, c=1.0, eps=e, d=D), agg, dist)
               for e in es]
        closed = [float(R.subs({c: 1, eps: e})) for e in es]
        j.close("ε-family ratio (POT/assignment) vs closed form, ε = 1e-1, 1e-3, 1e-6", num,
                closed, rtol=LP)
        j.fact("sympy limit of the family ratio as ε → 0 is ∞", lim == sp.oo)
        notes.append(f"family ratio ${sp.latex(R)}$ (c=1, d={D}) matches the solvers at "
                     "distances ≥ "
                     f"{1e-6 * np.sqrt(D):.1e} (far above rounding): {num[-1]:.6g} at ε=1e-6, "
                     "and diverges as ε→0")
    return j.evidence(note="; ".join(notes) + ".")


def _max_emd_unbounded(seed):
    ms = [2, 3, 5, 8, 13]
    rs = [_ratio(*max_emd_family(m, D), "max", "emd") for m in ms]
    j = Judge()
    j.close("App. B.3.7 witness ratio (POT) vs m", rs, [float(m) for m in ms], rtol=LP)
    return j.evidence(note="App. B.3.7 witness (m elements, m-1 shared, tops 1 apart): ratio "
                      "exactly m for m = 2, 3, 5, 8, 13, so no constant works once sizes are "
                      "unbounded. On sizes <= M the constant is M: see "
                      "multisets.thm31.max_emd_on_size_at_most_M.")


def _register(table, agg, dist):
    equal = M if table == "lemma32" else None
    L = lipschitz_constant(agg, dist, d=D, equal_size=equal)
    if (table, agg, dist) == ("lemma32", "max", "hausdorff"):
        Lsym = sp.sqrt(sp.Symbol("d"))  # the paper's constant, an upper bound for every M
    else:
        Lsym = lipschitz_constant(agg, dist, d=sp.Symbol("d"),
                                  equal_size=sp.Symbol("M") if equal else None)
    head = "Lemma 3.2" if equal else "Thm 3.1"
    where = _WHERE.get((table, agg, dist), head)
    scope = ("multisets of equal size M" if equal
             else "multisets of any sizes (reading: sizes unbounded)")
    if equal:
        pass
    elif L is not None:
        wit = ("d elements against one, so on S_{≤M} it needs M ≥ d" if agg == "max"
               else "two singletons")
        scope = (f"multisets of any sizes, hence on S_{{≤M}} for every M (both readings of Thm "
                 f"3.1; searched on sizes 1..5, d = {D}; tightness witness: {wit})")
    elif (agg, dist) == ("max", "emd"):
        scope = ("multisets of unbounded size, i.e. no constant uniform in the size (the "
                 "charitable reading of the ✗, which the annotation says Table 1's footnote "
                 "implies; on S_{≤M} with M fixed it fails: "
                 "multisets.thm31.max_emd_on_size_at_most_M)")
    else:
        k = 3 if (agg, dist) == ("mean", "hausdorff") else 2
        scope = (f"S_{{≤M}} for every M ≥ {k}, hence on multisets of any sizes (both readings "
                 f"of Thm 3.1: the witnesses have at most {k} elements)")
    if L is None:
        statement = (f"On {scope} in R^d, the {agg} aggregator is not Lipschitz w.r.t. the "
                     f"{_DNAME[dist]} distance (no constant exists).")
        evidence = ("witness", "proof") if (table, agg, dist) != ("thm31", "max", "emd") \
            else ("witness",)
    elif (table, agg, dist) == ("lemma32", "max", "hausdorff"):
        statement = ("On multisets of equal size M in R^d, the max aggregator is Lipschitz "
                     "w.r.t. the Hausdorff distance with constant sqrt(d) (an upper bound for "
                     f"every M; attained at d={D}, M={M} since d <= 2M-2).")
        evidence = ("witness", "search")
    else:
        statement = (f"On {scope} in R^d, the {agg} aggregator is Lipschitz w.r.t. the "
                     f"{_DNAME[dist]} distance with constant {Lsym}, and this constant is tight.")
        evidence = ("witness", "search")

    src = _ANN
    if (table, agg, dist) == ("thm31", "max", "emd"):
        src = _ANN + (" ('Questions and doubts': the witness of App. B.3.7 needs more than L "
                      "elements; 'the correct statement is \"no constant uniform in M\", which "
                      "is also what Table 1's footnote implies')")

    @claim(f"multisets.{table}.{agg}_{dist}", where=where, statement=statement,
           evidence=evidence,
           source=("secondary", src),
           setting="exact")
    def _check(seed: int = 0):
        if (table, agg, dist) == ("thm31", "max", "emd"):
            return _max_emd_unbounded(seed)
        if L is None:
            return _non_lipschitz_cell(table, agg, dist)
        return _lipschitz_cell(table, agg, dist, L, seed)

    _check.__qualname__ = f"{table}_{agg}_{dist}"
    return _check


for _t in ("thm31", "lemma32"):
    for _a in ("mean", "sum", "max"):
        for _d in ("emd", "hausdorff", "matching"):
            _register(_t, _a, _d)


_BOUNDED_M, _BOUNDED_D = 4, 4


@functools.lru_cache(maxsize=4)
def _bounded_size_search(seed: int):
    from theory.multisets._search import search_sup

    return search_sup("max", "emd", d=_BOUNDED_D, sizes=(1, _BOUNDED_M),
                      rng=np.random.default_rng([seed, 99]))


@claim("multisets.thm31.max_emd_on_size_at_most_M", where="Thm 3.1(3) (max/EMD) read on S_{≤M}",
       expected="reading_fails", corrected_by="multisets.thm31.max_emd_bounded_size_constant_is_M",
       evidence=("witness", "search", "proof"), statement="On multisets of size at most M in R^d the max aggregator is not Lipschitz "
       "w.r.t. the EMD (no constant exists); tested against the constant 2M.",
       source=("secondary", _ANN + " (§3.1 and 'Questions and doubts': Thm 3.1 is stated on S_{≤M}; the ✗ of max/EMD read there); the test constant 2M is ours"),
       setting="exact")
def _max_emd_bounded_refuted(seed: int = 0):
    """The statement needs, for L = 2M, a pair of size <= M with ratio > L. The best ratio the
    search and the App. B.3.7 witness find is M, and the proof of
    :func:`theory.multisets.max_emd_constant_bounded_size` bounds every pair by M."""
    res = _bounded_size_search(seed)
    w = _ratio(*max_emd_family(_BOUNDED_M, _BOUNDED_D), "max", "emd")
    best = max(res.sup, w)
    j = Judge()
    j.ge(f"best ratio on sizes <= {_BOUNDED_M} exceeds L = 2M", best, 2.0 * _BOUNDED_M)
    return j.evidence(note=f"d={_BOUNDED_D}, sizes 1..{_BOUNDED_M}: search sup {res.sup:.6g} "
                      f"({res.n_evaluated} evaluations), App. B.3.7 witness {w:.6g}; both <= M, "
                      "as proved in max_emd_constant_bounded_size, so no pair beats 2M.")


@claim("multisets.thm31.max_emd_bounded_size_between_M_and_sqrtd_M",
       where="Thm 3.1(3) (max/EMD), App. B.3.7; the annotator's interval", expected="extension",
       evidence=("witness", "search", "proof"),
       statement="(The annotator's interval, not in the paper.) On multisets of size at most M "
       "the max is EMD-Lipschitz with a constant between M (attained by the App. B.3.7 witness) "
       "and sqrt(d)*M (per-coordinate bound a-b <= max(m,n) d_EMD).",
       source=("secondary", _ANN + " (§3.1, the annotator's interval [M, √d·M], not in the paper)"),
       setting="exact")
def _max_emd_between(seed: int = 0):
    res = _bounded_size_search(seed)
    w = _ratio(*max_emd_family(_BOUNDED_M, _BOUNDED_D), "max", "emd")
    upper = float(sp.sqrt(_BOUNDED_D) * _BOUNDED_M)
    j = Judge()
    j.le("search sup vs sqrt(d)·M", res.sup, upper, rtol=LP)
    j.close("App. B.3.7 witness ratio vs M (lower end attained)", w, float(_BOUNDED_M), rtol=LP)
    return j.evidence(note=f"d={_BOUNDED_D}, sizes 1..{_BOUNDED_M}: adversarial search "
                      f"({res.n_evaluated} evaluations) reaches {res.sup:.6g} <= sqrt(d)M = "
                      f"{upper:g}; the witness attains M. Superseded by the exact constant M "
                      "(multisets.thm31.max_emd_bounded_size_constant_is_M).")


@claim("multisets.thm31.max_emd_bounded_size_constant_is_M",
       where="Thm 3.1 (max/EMD) on S_{≤M}, corrected (ours)", expected="corrected",
       evidence=("proof", "witness", "search"),
       statement="On multisets of size at most M, ‖max X - max Y‖ <= max(|X|,|Y|) d_EMD(X,Y), "
       "so the max is EMD-Lipschitz with exact constant M for every d (attained by the "
       "App. B.3.7 witness).",
       source=("ours", "our exact constant M on S_{≤M} (proof in theory.multisets.max_emd_constant_bounded_size)"),
       setting="exact")
def _max_emd_exact(seed: int = 0):
    """Proof in :func:`theory.multisets.max_emd_constant_bounded_size` (per-coordinate gaps
    charged to the arg-max elements, convexity of the norm)."""
    d, Mb = _BOUNDED_D, _BOUNDED_M
    res = _bounded_size_search(seed)
    rng = np.random.default_rng([seed, 98])
    # The size-aware form max(|X|,|Y|) on pairs of mixed sizes sharing all but one element
    # (the shape of the witness), and the witness itself for every size 1..M.
    worst = 0.0
    for _ in range(300):
        m, n = rng.integers(1, Mb + 1, size=2)
        X, Y = rng.normal(size=(m, d)), rng.normal(size=(n, d))
        Y[: min(m, n) - 1] = X[: min(m, n) - 1]
        worst = max(worst, _ratio(X, Y, "max", "emd") / max(m, n))
    ws = [_ratio(*max_emd_family(m, d), "max", "emd") for m in range(1, Mb + 1)]
    j = Judge()
    j.le(f"search sup on sizes <= {Mb} vs M", res.sup, float(Mb), rtol=LP)
    j.le("random pairs: ratio / max(|X|,|Y|) vs 1", worst, 1.0, rtol=LP)
    j.close("witness ratio vs m for m = 1..M", ws, [float(m) for m in range(1, Mb + 1)],
            rtol=LP)
    return j.evidence(note=f"d={d} (where sqrt(d)M = 2M): the search ({res.n_evaluated} "
                      f"evaluations) reaches {res.sup:.6g} <= M; 300 mixed-size pairs give "
                      f"ratio/max(|X|,|Y|) <= {worst:.4f}; the witness attains m at every "
                      "size m <= M.")


# --- Lemma 3.2, max/Hausdorff: the sharp constant as a function of (d, M) --------------------
_GRID_D, _GRID_M = range(1, 9), range(1, 7)


@functools.lru_cache(maxsize=4)
def _max_hausdorff_grid(seed: int):
    """Adversarial search of the max/Hausdorff ratio at every (d, M), d = 1..8, M = 1..6:
    random pairs plus L-BFGS-B, and ascents from two perturbed witnesses."""
    from theory.multisets._search import search_sup

    out = {}
    for d in _GRID_D:
        for Mm in _GRID_M:
            rng = np.random.default_rng([seed, 7, d, Mm])
            X, Y = max_hausdorff_equal_size_witness(d, Mm)
            starts = [(X + rng.normal(scale=0.05, size=X.shape),
                       Y + rng.normal(scale=0.05, size=Y.shape)) for _ in range(2)]
            out[(d, Mm)] = search_sup("max", "hausdorff", d=d, equal_size=Mm, n_random=60,
                                      n_starts=2, starts=starts, rng=rng)
    return out


def _grid_arrays(seed):
    res = _max_hausdorff_grid(seed)
    keys = sorted(res)
    sharp = np.array([float(max_hausdorff_constant_equal_size(d, m)) for d, m in keys])
    sup = np.array([res[k].sup for k in keys])
    wit = np.array([_ratio(*max_hausdorff_equal_size_witness(d, m), "max", "hausdorff")
                    for d, m in keys])
    evals = sum(r.n_evaluated for r in res.values())
    return keys, sharp, sup, wit, evals


@claim("multisets.lemma32.max_hausdorff_sqrt_d_tight_for_every_M",
       where="Lemma 3.2 (max/Hausdorff cell)", expected="reading_fails",
       corrected_by="multisets.lemma32.max_hausdorff_sharp_constant",
       evidence=("proof", "witness", "search"), statement="(Our reading: the tightness and the quantifier 'for every d and M' are ours.) On multisets of equal size M in R^d, sqrt(d) is the smallest Hausdorff-Lipschitz constant of the max, for every d and M (checked on d = 1..8, M = 1..6).",
       source=("ours", "our quantifier and tightness: the annotation (" + _ANN + ") lists √d in the max/Hausdorff cell of Lemma 3.2; that √d is the smallest constant for every d and M is our reading"),
       setting="exact")
def _max_h_tight_refuted(seed: int = 0):
    keys, sharp, sup, wit, _ = _grid_arrays(seed)
    sqrt_d = np.array([np.sqrt(d) for d, _ in keys])
    best = np.maximum(sup, wit)
    j = Judge()
    j.close("sharp constant L(d, M) (proved upper bound, attained) vs sqrt(d)", sharp, sqrt_d,
            rtol=LP)
    j.le("best ratio found (search, witness) vs L(d, M)", best, sharp, rtol=LP)
    bad = [f"(d={d}, M={m}): {s:.4g} < {np.sqrt(d):.4g}" for (d, m), s in zip(keys, sharp)
           if s < np.sqrt(d) * (1 - 1e-9)]
    return j.evidence(note=f"{len(bad)} of {len(keys)} cells have a sharp constant below "
                      f"sqrt(d), e.g. {'; '.join(bad[:3])}. Counterexample: d=3, M=1 "
                      "(singletons: the max is the element, ratio exactly 1 < sqrt(3)).")


@claim("multisets.lemma32.max_hausdorff_sharp_constant",
       where="Lemma 3.2 (max/Hausdorff), corrected (ours)", expected="corrected",
       evidence=("proof", "witness", "search"),
       statement="On multisets of equal size M in R^d, the sharp Hausdorff-Lipschitz constant "
       "of the max is sqrt(min(d, max(1, 2M-2))): 1 for M = 1, sqrt(min(d, 2M-2)) for M >= 2; "
       "so sqrt(d) is attained exactly when d <= max(1, 2M-2) (M >= d suffices, not needed).",
       source=("ours", "our sharp constant (proof in theory.multisets.max_hausdorff_constant_equal_size)"),
       setting="exact")
def _max_h_sharp(seed: int = 0):
    """Upper bound: the written proof in
    :func:`theory.multisets.max_hausdorff_constant_equal_size` (each coordinate's gap is paid by
    an edge of the ≤h bipartite graph, one edge pays for both of its ends, and a minimum edge
    cover has at most 2M − 2 edges by Gallai's identity and König's theorem). Lower bound: the
    double-star witness :func:`theory.multisets.max_hausdorff_equal_size_witness` at every
    (d, M). Search: random pairs, L-BFGS-B, and ascents from perturbed witnesses."""
    keys, sharp, sup, wit, evals = _grid_arrays(seed)
    sym = lipschitz_constant("max", "hausdorff", d=sp.Symbol("d", positive=True, integer=True),
                             equal_size=sp.Symbol("M", positive=True, integer=True))
    via_api = np.array([float(lipschitz_constant("max", "hausdorff", d=d, equal_size=m))
                        for d, m in keys])
    j = Judge()
    j.close("witness ratio (POT-free cdist Hausdorff) vs L(d, M), 48 cells", wit, sharp,
            rtol=1e-12)
    j.le("adversarial search sup vs L(d, M), 48 cells", sup, sharp, rtol=LP)
    j.close("lipschitz_constant('max', 'hausdorff', d, equal_size=M) vs L(d, M)", via_api,
            sharp, rtol=1e-15)
    gap = float(np.max(1 - sup / sharp))
    tight_cells = int(np.sum(np.isclose(sharp, [np.sqrt(d) for d, _ in keys])))
    return j.evidence(note=f"d = 1..8, M = 1..6 ({evals} ratio evaluations): the search never "
                      f"exceeds L(d, M) and comes within {gap:.1%} of it in every cell; the "
                      f"witness attains it to rounding. sqrt(d) is sharp in {tight_cells} of "
                      f"48 cells (those with d <= max(1, 2M-2)). Symbolic form: "
                      f"${sp.latex(sym)}$.")


@claim("multisets.thm31.lipschitz_cells_every_dimension", where="Thm 3.1 (Lipschitz cells, every d)",
       statement="For every dimension tried (d = 1, 2, 5, 8) and multisets of sizes 1..6, the "
       "mean is 1-Lipschitz for the EMD, the sum 1-Lipschitz for the matching distance and the "
       "max √d-Lipschitz for the Hausdorff distance, each constant attained by a witness in "
       "every d.",
       evidence=("proof", "witness", "search"), source=("secondary", _ANN), setting="exact")
def _cells_every_d(seed: int = 0):
    """Proofs (written): mean/EMD — for an optimal plan π between the uniform measures,
    mean X − mean Y = Σ π_ij (x_i − y_j), whose norm is ≤ Σ π_ij ‖x_i − y_j‖ = d_EMD.
    sum/matching — pad the smaller multiset with zeros; for the optimal pairing σ,
    sum X − sum Y = Σ (x_i − y_σ(i)), norm ≤ Σ ‖x_i − y_σ(i)‖ = d_M. max/Hausdorff — in each
    coordinate k the maxima differ by at most the ∞-norm gap of the element attaining the
    larger one to its nearest neighbour, ≤ d_H, so ‖Δ max‖_2 ≤ √d d_H. The registered cells
    search d = 3 adversarially; this row adds a random search in other dimensions and the
    witness there (the search cannot prove; the proofs above carry the bound)."""
    rng = np.random.default_rng(seed)
    cells = (("mean", "emd"), ("sum", "matching"), ("max", "hausdorff"))
    sups, consts, wits = [], [], []
    for d in (1, 2, 5, 8):
        for agg, dist in cells:
            L = float(lipschitz_constant(agg, dist, d=d))
            best = 0.0
            for _ in range(400):
                m, n = rng.integers(1, 7, size=2)
                X = rng.normal(size=(m, d)) * rng.uniform(0.1, 3)
                Y = X[rng.integers(0, m, size=n)] + rng.normal(size=(n, d)) * rng.uniform(0, 1)
                if _DIST[dist](X, Y) > 1e-9:
                    best = max(best, _ratio(X, Y, agg, dist))
            X, Y = tightness_witness(agg, dist, d=d, rng=seed)
            sups.append(best)
            wits.append(_ratio(X, Y, agg, dist))
            consts.append(L)
    j = Judge()
    j.le("random search sup vs constant (3 cells × d = 1, 2, 5, 8)", sups, consts, rtol=LP)
    j.close("witness ratio vs constant (3 cells × d = 1, 2, 5, 8)", wits, consts, rtol=LP)
    return j.evidence(note="400 random pairs per cell and dimension (sizes 1..6, Y a noisy "
                      "resampling of X so that small distances occur); search sups "
                      f"{[round(x / c, 3) for x, c in zip(sups, consts)]} of the constant. The "
                      "bounds rest on the written proofs; the search only fails to contradict "
                      "them.")


@claim("multisets.lemma32.lipschitz_cells_other_sizes",
       where="Lemma 3.2 (finite cells, other d and M)",
       statement="For multisets of equal size M, at (d, M) = (1, 2), (2, 4), (5, 3), (8, 6): "
       "mean has constants 1 (EMD) and 1/M (matching), sum M (EMD) and 1 (matching), max M "
       "(EMD) and 1 (matching), each attained by a witness.",
       evidence=("witness", "search"), source=("secondary", _ANN), setting="exact")
def _lemma32_other_sizes(seed: int = 0):
    """The registered lemma32 cells use d = M = 3; this row repeats the six finite cells
    (max/Hausdorff is gridded in d and M by lemma32.max_hausdorff_sharp_constant) at four other
    (d, M) with a random search and the tightness witness of each cell."""
    rng = np.random.default_rng(seed)
    cells = (("mean", "emd"), ("mean", "matching"), ("sum", "emd"), ("sum", "matching"),
             ("max", "emd"), ("max", "matching"))
    sups, consts, wits = [], [], []
    for d, m in ((1, 2), (2, 4), (5, 3), (8, 6)):
        for agg, dist in cells:
            L = float(lipschitz_constant(agg, dist, d=d, equal_size=m))
            best = 0.0
            for _ in range(300):
                X = rng.normal(size=(m, d)) * rng.uniform(0.1, 3)
                Y = X[rng.permutation(m)] + rng.normal(size=(m, d)) * rng.uniform(0, 1) * (
                    rng.random((m, 1)) < 0.5)
                if _DIST[dist](X, Y) > 1e-9:
                    best = max(best, _ratio(X, Y, agg, dist))
            X, Y = tightness_witness(agg, dist, d=d, equal_size=m, rng=seed)
            sups.append(best)
            wits.append(_ratio(X, Y, agg, dist))
            consts.append(L)
    j = Judge()
    j.le("random search sup vs constant (6 cells × 4 (d, M))", sups, consts, rtol=LP)
    j.close("witness ratio vs constant (6 cells × 4 (d, M))", wits, consts, rtol=LP)
    return j.evidence(note="300 random equal-size pairs per cell and (d, M) (Y a permuted "
                      "copy of X with about half of its elements moved); search sups "
                      f"{[round(x / c, 3) for x, c in zip(sups, consts)]} of the constant.")
