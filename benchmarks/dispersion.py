"""Benchmarks of the dispersion topic: the O(Nd) closed form D = N/(N−1)(1 − ‖m‖²) against what
a user would pick instead (scipy's ``pdist(metric="cosine")`` averaged, and the released code's
cosine-matrix formula), same inputs, time and agreement; and the binned protocol's cost."""

from __future__ import annotations

import numpy as np

from benchmarks._timing import Row, benchmark, timeit


@benchmark("dispersion", "closed_form_vs_pdist")
def closed_form_vs_pdist(quick: bool = False):
    from scipy.spatial.distance import pdist

    from theory.dispersion import dispersion

    sizes = [(512, 64)] if quick else [(512, 64), (2048, 256), (4096, 256)]
    rows = []
    rng = np.random.default_rng(0)
    for N, d in sizes:
        E = rng.normal(size=(N, d)) + 0.5 * rng.normal(size=d)
        ours = dispersion(E)
        alt = float(pdist(E, metric="cosine").mean())
        t_o = timeit(lambda E=E: dispersion(E), repeat=5)
        t_a = timeit(lambda E=E: pdist(E, metric="cosine").mean(), repeat=1 if N > 4000 else 3,
                     warmup=0)
        err = abs(ours - alt)
        rows.append(Row("dispersion", "dispersion of N vectors", f"N = {N}, d = {d}",
                        "closed form via the mean resultant, O(Nd) (numpy)", t_o,
                        "scipy pdist(metric='cosine').mean(), O(N²d)", t_a,
                        target="faster, |ΔD| ≤ 1e-10", met=bool(t_o < t_a and err <= 1e-10),
                        note=f"|ΔD| = {err:.1e}", extra={"abs_diff": err}))
    return rows


@benchmark("dispersion", "closed_form_vs_cosine_matrix")
def closed_form_vs_cosine_matrix(quick: bool = False):
    from theory.dispersion import dispersion
    from theory.dispersion._reference import step3_formula

    N, d = (512, 64) if quick else (2048, 256)
    E = np.random.default_rng(1).normal(size=(N, d))
    err = abs(dispersion(E) - step3_formula(E))
    t_o = timeit(lambda: dispersion(E), repeat=5)
    t_a = timeit(lambda: step3_formula(E), repeat=3, warmup=0)
    return [Row("dispersion", "dispersion of one chunk's token states", f"N = {N}, d = {d}",
                "closed form via the mean resultant (numpy)", t_o,
                "released step3 formula: cosine matrix, mean of its strict upper triangle", t_a,
                target="faster, |ΔD| ≤ 1e-10", met=bool(t_o < t_a and err <= 1e-10),
                note=f"|ΔD| = {err:.1e}", extra={"abs_diff": err})]
