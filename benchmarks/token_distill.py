"""Benchmarks of the token_distill topic: the closed-form optimum of the linear toy against
fitting it with L-BFGS on the forward pass (what a user would otherwise do), and our merge
against the recursive reference."""

from __future__ import annotations

from benchmarks._timing import Row, benchmark, timeit


@benchmark("token_distill", "toy_optimum_closed_form_vs_lbfgs")
def toy_optimum(quick: bool = False):
    import numpy as np

    from theory.token_distill import fvt_init, toy_distill_problem
    from theory.token_distill._reference import toy_lbfgs
    from theory.token_distill.claims import PHRASE, SNIPPETS, toy_example

    E, W = toy_example()
    out = {}

    def closed():
        out["c"] = toy_distill_problem(E, W, SNIPPETS, PHRASE)

    def lbfgs():
        out["l"] = toy_lbfgs(E, W, SNIPPETS, PHRASE, fvt_init(E, PHRASE))

    t_c = timeit(closed, repeat=5 if quick else 20)
    t_l = timeit(lbfgs, repeat=1 if quick else 3)
    err = float(np.abs(out["c"].e_opt - out["l"][0]).max())
    return [Row("token_distill", "optimal new row of the linear toy", "d = 3, 3 snippets",
                "closed form G⁻¹c (theory.token_distill)", t_c,
                "scipy L-BFGS-B on the forward-pass loss", t_l,
                target="same optimum (≤ 1e-5)", met=err <= 1e-5,
                note=f"max |Δe| = {err:.1e}; floor {out['c'].loss_opt:.6f}")]


@benchmark("token_distill", "merge_vs_recursive_reference")
def merge_speed(quick: bool = False):
    import numpy as np

    from theory.token_distill import merge_tokens
    from theory.token_distill._reference import merge_recursive

    rng = np.random.default_rng(0)
    seqs = [rng.integers(0, 6, size=48) for _ in range(50 if quick else 500)]
    phrases = {(1, 2): 10, (1, 2, 3): 11, (4, 5): 12}
    a, b = {}, {}
    t_m = timeit(lambda: a.update(r=[merge_tokens(s, phrases).merged.tolist() for s in seqs]),
                 repeat=3)
    t_r = timeit(lambda: b.update(r=[merge_recursive(s, phrases)[0] for s in seqs]), repeat=3)
    same = all(x[:len(y)] == y for x, y in zip(a["r"], b["r"]))
    return [Row("token_distill", "merge + alignment mask", f"{len(seqs)} windows of 48 ids",
                "merge_tokens (iterative, the code's rule)", t_m,
                "recursive longest-prefix reference", t_r, target="identical merges", met=same)]
