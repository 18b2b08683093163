"""Claims about the ground truth and the distances BLAE trains with: is the true isometric
chart a zero of the injectivity regulariser, and how close are Isomap graph geodesics to the
exact ones on the authors' holed Swiss roll."""

from __future__ import annotations

import functools
import itertools

import numpy as np
from scipy.sparse.csgraph import shortest_path

from theory.blae import geodesic_holed
from theory.blae._geometry import graph_geodesic, swiss_roll_hole
from theory.blae._losses import injective_loss, separation_eps
from theory.blae._reference import authors_geodesics, holed_grid, pair_ratio_loop
from theory.claims import Judge, claim


@claim("blae.data.true_chart_zero_of_lreg", where="Sec. 3 (implied)",
       statement="The true isometric chart (l, z) is a zero of the code's L_reg (ε = 0.3, α = 5, "
       "δ = 0.05·max d_M) on the authors' 1 500 training points, so the isometry is a "
       "minimiser of the BLAE regulariser.", expected="reading_fails",
       corrected_by="blae.corrected.true_chart_zero_iff_eps_small", evidence=("witness",),
       source=("ours", ("not a sentence of the paper: our inference from its presenting "
                 "the regulariser as preserving the true geometry, checked with the "
                 "code's constants (ε = 0.3, α = 5, δ = 0.05·max d_M; "
                 "qipengz/BLAE@06dcaa82d80c03f97a2f55d9e36e2c35dc73f2d5:utils/regularizations.py:L69-L85)")),
       setting="exact")
def _chart_zero(seed: int = 0):
    _, L, D = authors_geodesics(10_000, 0.85)
    loss = injective_loss(D, L)
    iu = np.triu_indices(len(L), 1)
    m = D[iu] > 0.05 * D.max()
    r = np.linalg.norm(L[iu[0]] - L[iu[1]], axis=1)[m] / D[iu][m]
    j = Judge()
    j.le("L_reg(true chart) ≤ 0", loss, 0.0)
    return j.evidence(measured={"L_reg (exact geodesics)": loss,
                                "violating pairs (ratio < 0.3)": float(np.mean(r < 0.3)),
                                "min ratio": float(r.min())},
                      expected={"L_reg": 0.0},
                      note=f"L_reg = {loss:.3g} > 0 with exact geodesics; "
                      f"{100 * np.mean(r < 0.3):.3f} % of the far pairs violate ε = 0.3 "
                      f"(min ratio {r.min():.4f}). An earlier pilot of ours had 5e-5, 0.034 %, 0.188 for a "
                      "sample it did not specify; the conclusion is the same.")


@claim("blae.corrected.true_chart_zero_iff_eps_small", where="Sec. 3, corrected",
       statement="The true chart is a zero of L_reg iff ε ≤ ε*(δ) of the sample (its far-pair "
       "min ratio; the α-term vanishes since d_N ≤ d_M, with equality on visible pairs); on the "
       "continuum inf ε* = 1/C = 1/6, so ε ≤ 1/6 makes it a zero on every sample of the holed "
       "roll, while the default ε = 0.3 does not.", expected="corrected",
       corrects="blae.data.true_chart_zero_of_lreg", evidence=("witness", "independent"),
       source=("ours", ("our corrected statement (ε below the sample's separation "
                 "constant)")),
       setting="exact")
def _chart_fix(seed: int = 0):
    _, L, D = authors_geodesics(10_000, 0.85)
    dmax = D.max()
    e_star = separation_eps(L, D, 0.05 * dmax * (1 + 1e-15))
    rng = np.random.default_rng(seed)
    idx = rng.choice(len(L), 80, replace=False)
    sub_r = pair_ratio_loop(L[idx], D[idx][:, idx], lambda d: d > 0.05 * dmax)
    j = Judge()
    j.ge("L_reg at ε = ε*: loss + 1 vs 1 (zero)", injective_loss(D, L, eps=e_star) + 1, 1.0,
         rtol=1e-15)
    j.fact("L_reg at ε = ε*·1.01 > 0", injective_loss(D, L, eps=min(1.0, e_star * 1.01)) > 0)
    j.close("L_reg(true chart, ε = 0.3), subsample vs pair loop",
            injective_loss(D[idx][:, idx], L[idx]) if np.any(D[idx][:, idx] > 0.05 * D[idx][:, idx].max())
            else 0.0,
            np.mean(np.maximum(np.log(0.3) - np.log(pair_ratio_loop(
                L[idx], D[idx][:, idx], lambda d: d > 0.05 * D[idx][:, idx].max())), 0)),
            rtol=1e-9)
    j.close("max far-pair ratio vs 1 (α-term zero, attained by visible pairs)",
            float(sub_r.max()), 1.0, rtol=1e-12)
    P = holed_grid(0.25)
    Dg = geodesic_holed(P, P)
    j.close("continuum: ε* over the holed grid vs 1/6", separation_eps(P, Dg, 0.05 * Dg.max()),
            1 / 6, rtol=1e-12)
    j.le("L_reg at ε = 1/6 on the training set (zero)", injective_loss(D, L, eps=1 / 6), 0.0)
    return j.evidence(note=f"sample ε*(δ) = {e_star:.4f} (so ε ≤ {e_star:.4f} gives 0 here); "
                      "grid ε* = 1/6 bounds every sample.")


@functools.lru_cache(maxsize=4)
def graph_errors(cells=((500, 5), (1500, 5), (4500, 5), (4500, 10), (4500, 20)),
                 n_sources: int = 100):
    """Relative error d_G/d_M − 1 of k-NN graph geodesics against exact ones on the authors'
    generator, per (n, k): (median, 90th percentile, min) over n_sources sources × all targets."""
    out = {}
    for n, k in cells:
        X, L, _ = swiss_roll_hole(n)
        src = np.arange(n_sources)
        G = _graph_rows(X, k, src)
        D = geodesic_holed(L[src], L)
        m = D > 1e-12
        r = G[m] / D[m] - 1
        out[(n, k)] = (float(np.median(r)), float(np.percentile(r, 90)), float(r.min()))
    return out


def _graph_rows(X, k, src):
    from scipy.sparse import csr_matrix
    from scipy.spatial import cKDTree

    dist, idx = cKDTree(X).query(X, k=k + 1)
    n = len(X)
    A = csr_matrix((dist[:, 1:].ravel(), (np.repeat(np.arange(n), k), idx[:, 1:].ravel())),
                   shape=(n, n))
    return shortest_path(A.maximum(A.T), method="D", directed=False, indices=src)


def _fmt(errs):
    return "; ".join(f"n = {n}, k = {k}: median {m:+.1%}, 90 % {p:+.1%}, min {lo:+.1%}"
                     for (n, k), (m, p, lo) in errs.items())


@claim("blae.method.graph_geodesic_converges", where="Sec. 4 (Isomap distances)",
       statement="The k = 5 graph geodesics BLAE trains with converge to d_M as the sample "
       "grows: their median relative error decreases over n ∈ {500, 1 500, 4 500} of the "
       "authors' generator (statement and sizes fixed before the run).",
       expected="reading_fails", corrected_by="blae.corrected.graph_geodesic_needs_growing_k",
       evidence=("observation",),
       source=("ours", ("our reading that the k = 5 Isomap graph geodesics the code trains "
                 "with approximate d_M as the sample grows; the sizes n ∈ {500, 1 "
                 "500, 4 500} and the statement are ours")),
       setting="exact")
def _graph(seed: int = 0):
    errs = graph_errors()
    X, _, _ = swiss_roll_hole(500)
    full = graph_geodesic(X, 5)[:100]
    j = Judge()
    j.close("source-restricted Dijkstra vs graph_geodesic (n = 500)", _graph_rows(
        X, 5, np.arange(100)), full, rtol=1e-12)
    med = [errs[(n, 5)][0] for n in (500, 1500, 4500)]
    j.fact("median relative error decreases with n at k = 5",
           all(a > b for a, b in itertools.pairwise(med)))
    return j.evidence(
        measured={f"n = {n}, k = {k}: median / p90 / min": f"{m:+.3f} / {p:+.3f} / {lo:+.3f}"
                  for (n, k), (m, p, lo) in errs.items()},
        expected={"median at k = 5": "decreasing in n"},
        note="k = 5 medians " + ", ".join(f"{m:+.1%}" for m in med) + " for n = 500, 1 500, "
        "4 500: no decrease (sources: 100 points, all targets).")


@claim("blae.corrected.graph_geodesic_needs_growing_k", where="Sec. 4, corrected",
       statement="At fixed k = 5 the graph geodesics overestimate d_M by a median of 11–14 % "
       "whatever n ≤ 4 500; letting k grow brings them to d_M (n = 4 500: the median error "
       "falls with k = 5, 10, 20 and is below 1 % at k = 20, with no short-circuit: min error "
       "> −10 %).", expected="corrected", corrects="blae.method.graph_geodesic_converges",
       evidence=("observation",),
       source=("ours", "our corrected statement (k must grow with n)"),
       setting=("analogue", "the authors' generator at n ≤ 4 500, our exact geodesics"))
def _graph_fix(seed: int = 0):
    errs = graph_errors()
    j = Judge()
    meds = [errs[(4500, k)][0] for k in (5, 10, 20)]
    j.fact("n = 4 500: median decreases with k", all(a > b for a, b in itertools.pairwise(meds)))
    j.le("n = 4 500, k = 20: |median| ≤ 1 %", abs(meds[-1]), 0.01)
    j.ge("n = 4 500, k = 20: min error ≥ −10 % (no short-circuit)", errs[(4500, 20)][2], -0.10)
    j.fact("k = 5: median ≥ 10 % at every n", all(errs[(n, 5)][0] >= 0.10
                                                 for n in (500, 1500, 4500)))
    return j.evidence(note="observation, thresholds (1 %, −10 %, 10 %) set after a first look "
                      "at n = 1 500 and 4 500; slack: the k = 20 median is 0.9 % against 1 %. "
                      + _fmt(errs) + ". At n = 1 500, k = 10 already short-circuits across "
                      "the roll (min −90 %).")


@claim("blae.remark2.delta_min_suffices", where="Remark 2 (threshold δ_min)",
       statement="Remark 2 as the papernotes.org summary gives it: on a finite sample, separation need only be "
       "checked at δ_min, the smallest pairwise d_M: the largest admissible ε, ε*(δ) = "
       "min_{d_M > δ} d_N/d_M, is non-decreasing in δ and constant below δ_min, so ε*(δ_min⁻) = "
       "min_δ ε*(δ). Checked on the authors' Swiss roll (1 500 training points, exact "
       "geodesics, the true chart as encoder): ε*(δ) by direct masking at 200 thresholds equals "
       "the suffix minimum of the pairs sorted by d_M, and its minimum over δ is its value at "
       "δ_min⁻. The released code does not use δ_min but δ = 0.05·max d_M (a fact checked here; "
       "its size against δ_min and the share of pairs it leaves unchecked are in the evidence note).",
       evidence=("proof", "independent"),
       source=("secondary", ("Remark 2 ('only requires checking the threshold δ_min') as "
                             "quoted by the papernotes.org note on the ICLR 2026 paper "
                             "(OpenReview rl2dPJEk8b), 'Key Designs' 2; the code's threshold "
                             "from qipengz/BLAE@06dcaa82d80c03f97a2f55d9e36e2c35dc73f2d5:"
                             "utils/regularizations.py:L80; the paper body was not seen")),
       setting="exact")
def _remark2(seed: int = 0):
    """Proof. Raising δ removes pairs from the set the minimum runs over, so ε*(δ) can only grow;
    below δ_min every pair is in the set, so ε* is constant there and equals the minimum over all
    pairs, which is its smallest value."""
    _, L, D = authors_geodesics(10_000, 0.85)
    iu = np.triu_indices(len(L), 1)
    dM = D[iu]
    dN = np.linalg.norm(L[iu[0]] - L[iu[1]], axis=1)
    r = dN / dM
    order = np.argsort(dM, kind="stable")
    sd, sr = dM[order], r[order]
    suffix = np.minimum.accumulate(sr[::-1])[::-1]  # suffix[i] = min ratio over sorted pairs ≥ i
    dmin, dcode = float(sd[0]), 0.05 * float(sd[-1])
    deltas = np.concatenate([[0.5 * dmin], np.quantile(sd[:-1], np.linspace(0, 0.99, 199))])
    direct = np.array([r[dM > d].min() for d in deltas])
    via_sort = suffix[np.searchsorted(sd, deltas, side="right")]
    j = Judge()
    j.close("ε*(δ) at 200 thresholds: direct mask vs sorted suffix minimum", direct, via_sort,
            rtol=1e-12)
    j.close("min over δ of ε*(δ) vs ε*(δ_min⁻) = min over all pairs", direct.min(), r.min(),
            rtol=1e-12)
    j.fact("ε*(δ) non-decreasing over the sorted thresholds", bool(np.all(np.diff(suffix) >= 0)))
    j.fact("code's δ = 0.05·max d_M differs from δ_min", dcode > dmin)
    skipped = float(np.mean(dM <= dcode))
    return j.evidence(note=f"δ_min = {dmin:.2e}, code δ = {dcode:.3f} ({dcode / dmin:.0f}× δ_min),"
                      f" which leaves {skipped:.1%} of the {len(dM):,} pairs unchecked; "
                      f"ε*(δ_min⁻) = {r.min():.4f}, ε*(code δ) = {r[dM > dcode].min():.4f} (true "
                      "chart).")
