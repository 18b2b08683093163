"""Benchmarks of the pnl_augment topic: the many-body m-projection by natural-gradient Newton
against the generic solvers a user would pick (cvxpy's maximum-entropy dual with ``rel_entr``,
scipy L-BFGS-B on the energy), same P, time and agreement."""

from __future__ import annotations

import numpy as np

from benchmarks._timing import Row, benchmark, timeit


def _P(shape, seed=0):
    from theory.pnl_augment import theta_to_P

    return theta_to_P(np.random.default_rng(seed).normal(0.0, 0.3, shape))


@benchmark("pnl_augment", "m_projection_newton_vs_cvxpy")
def newton_vs_cvxpy(quick: bool = False):
    from theory.pnl_augment import body_mask, m_project
    from theory.pnl_augment._reference import maxent_projection

    cases = [((4, 2, 4, 2), 2)] if quick else [((4, 2, 4, 2), 2), ((7, 2, 2, 7, 2, 2), 1),
                                               ((7, 2, 2, 7, 2, 2), 2)]
    rows = []
    for shape, order in cases:
        P = _P(shape)
        B = body_mask(shape, order)
        Q = m_project(P, order)[0]
        Qc = maxent_projection(P, B)
        t_n = timeit(lambda P=P, order=order: m_project(P, order), repeat=3 if quick else 5)
        t_c = timeit(lambda P=P, B=B: maxent_projection(P, B), repeat=1 if quick else 3, warmup=0)
        err = float(np.abs(Q - Qc).max())
        rows.append(Row("pnl_augment", f"m-projection onto M_{order}", f"shape {shape}, |B| = "
                        f"{int(B.sum())}, |Ω| = {P.size}", "natural-gradient Newton (numpy)", t_n,
                        "cvxpy max-entropy dual, rel_entr (Clarabel)", t_c,
                        target="faster, max|ΔQ| ≤ 1e-7", met=bool(t_n < t_c and err <= 1e-7),
                        note=f"max|Q_newton − Q_cvxpy| = {err:.1e}", extra={"max_abs_diff": err}))
    return rows


@benchmark("pnl_augment", "m_projection_newton_vs_lbfgs")
def newton_vs_lbfgs(quick: bool = False):
    from theory.pnl_augment import body_mask, eta, m_project
    from theory.pnl_augment._reference import lbfgs_energy

    shape, order = (4, 2, 4, 2), 2
    P = _P(shape, 1)
    B = body_mask(shape, order)
    Q = m_project(P, order)[0]
    Ql = lbfgs_energy(np.zeros(shape), B, eta(P))
    t_n = timeit(lambda: m_project(P, order), repeat=3 if quick else 5)
    t_l = timeit(lambda: lbfgs_energy(np.zeros(shape), B, eta(P)), repeat=1 if quick else 3,
                 warmup=0)
    err = float(np.abs(Q - Ql).max())
    return [Row("pnl_augment", "m-projection onto M_2 (energy minimisation)",
                f"shape {shape}, |B| = {int(B.sum())}", "natural-gradient Newton (numpy)", t_n,
                "scipy L-BFGS-B on ψ(θ) − ⟨θ_B, η̂_B⟩", t_l, target="faster, max|ΔQ| ≤ 1e-6",
                met=bool(t_n < t_l and err <= 1e-6), note=f"max|ΔQ| = {err:.1e}",
                extra={"max_abs_diff": err})]
