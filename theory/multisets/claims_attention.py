"""Prop. 3.3: attention aggregation is not Lipschitz for EMD, Hausdorff or matching (App. B.5)."""

from __future__ import annotations

import itertools

import numpy as np
import sympy as sp

from theory.claims import Evidence, claim
from theory.multisets._aggregators import attention, attention_witness_ratio
from theory.multisets._distances import emd, hausdorff, matching
from theory.tolerances import EXACT, LP


def _witness(c, eps, d):
    one = np.ones(d)
    return np.array([c * one, eps * one]), np.array([c * one, -eps * one])


def _att_ratio(c, eps, d, dist=emd):
    X, Y = _witness(c, eps, d)
    W, q = -np.eye(d), np.ones(d)
    return float(np.linalg.norm(attention(X, W, q) - attention(Y, W, q)) / dist(X, Y))


@claim("multisets.prop33.attention_witness_ratio", where="Prop. 3.3, App. B.5",
       statement="With W = -I, q = 1 and ReLU, X = {{c1, ε1}}, Y = {{c1, -ε1}} in R^d have EMD "
       "ratio [c(e-1) + ε(1+3e)] / (2(1+e)ε), e = exp(dε).")
def _ratio_formula():
    grid = [(1.0, 1e-3, 3), (100.0, 1e-3, 3), (2.0, 0.1, 1), (5.0, 0.01, 7), (0.5, 0.05, 2)]
    measured = {f"c={c:g},eps={e:g},d={d}": _att_ratio(c, e, d) for c, e, d in grid}
    expected = {f"c={c:g},eps={e:g},d={d}": attention_witness_ratio(c, e, d) for c, e, d in grid}
    err = max(abs(measured[k] - expected[k]) / expected[k] for k in measured)
    ok = err <= LP and abs(expected["c=1,eps=0.001,d=3"] - 1.7507494) <= 1e-7
    return Evidence(ok, measured, expected, LP,
                    "numpy attention + POT EMD vs the closed form; note value 1.7507494 at "
                    "d=3, c=1, ε=1e-3 reproduced.")


@claim("multisets.prop33.attention_limit", where="Prop. 3.3, App. B.5",
       statement="As ε -> 0 the witness ratio tends to c*d/4 + 1 (a finite limit for fixed c).")
def _limit():
    c, e, d = sp.symbols("c epsilon d", positive=True)
    R = attention_witness_ratio(c, e, d)
    lim = sp.limit(R, e, 0, "+")
    exact = sp.simplify(lim - (c * d / 4 + 1)) == 0
    near = _att_ratio(100.0, 1e-3, 3)
    return Evidence(bool(exact) and abs(near - 76.0007) <= 1e-4,
                    {"sympy_limit": str(lim), "ratio_c=100,d=3,eps=1e-3": near},
                    {"sympy_limit": "c*d/4 + 1", "ratio_c=100,d=3,eps=1e-3": 76.0007}, 1e-4,
                    "sympy limit asserted exactly (simplify(lim - (cd/4+1)) == 0); numeric ratio "
                    "by numpy attention and POT EMD against the note's 76.0007 (4 decimals).")


@claim("multisets.prop33.attention_not_emd_lipschitz", where="Prop. 3.3",
       statement="There exist W, q such that attention is not Lipschitz w.r.t. EMD: the witness "
       "ratio is unbounded as c -> infinity (not as ε -> 0).")
def _unbounded():
    c, d = sp.symbols("c d", positive=True)
    lim_c = sp.limit(c * d / 4 + 1, c, sp.oo)
    cs = [1.0, 10.0, 100.0, 1000.0]
    rs = [_att_ratio(cc, 1e-4, 3) for cc in cs]
    closed = [attention_witness_ratio(cc, 1e-4, 3) for cc in cs]
    ok = (lim_c == sp.oo and all(b > a for a, b in itertools.pairwise(rs)) and rs[-1] > 700
          and all(abs(r - t) <= LP * t for r, t in zip(rs, closed)))
    return Evidence(ok, {f"ratio_c={cc:g}": r for cc, r in zip(cs, rs)} | {"limit_c": str(lim_c)},
                    {f"ratio_c={cc:g}": t for cc, t in zip(cs, closed)}
                    | {"limit_c": "oo"}, LP,
                    "d=3, ε=1e-4: ratios grow like 3c/4 + 1; for fixed c they stay bounded "
                    "as ε -> 0, so the blow-up is in c.")


@claim("multisets.prop33.attention_hausdorff_matching_half", where="Prop. 3.3, App. B.5.3",
       statement="For the same witness pair, d_H = d_M = 2ε√d, so the Hausdorff and matching "
       "ratios are exactly half the EMD ratio (for c >= 3ε).")
def _half():
    grid = [(1.0, 1e-3, 3), (10.0, 0.01, 2), (3.0, 1.0, 1)]
    errs = {}
    for c, e, d in grid:
        r = _att_ratio(c, e, d)
        errs[f"c={c:g},eps={e:g},d={d}"] = max(abs(_att_ratio(c, e, d, hausdorff) - r / 2),
                                               abs(_att_ratio(c, e, d, matching) - r / 2)) / r
    return Evidence(max(errs.values()) <= LP, errs, dict.fromkeys(errs, 0.0), LP,
                    "relative gap between the H / matching ratios and half the EMD ratio "
                    "(c = 3ε is the boundary case).")


@claim("multisets.prop33.attention_duplication_invariant", where="Prop. 3.3 (annotation)",
       statement="Attention is invariant to duplicating the whole multiset: f(X ⊎ X) = f(X).")
def _dup(seed: int = 0):
    rng = np.random.default_rng(seed)
    worst = 0.0
    for _ in range(50):
        m, d, h = (int(v) for v in rng.integers(1, 6, size=3))
        X, W, q = rng.normal(size=(m, d)), rng.normal(size=(h, d)), rng.normal(size=h)
        worst = max(worst, float(np.abs(attention(np.vstack([X, X]), W, q)
                                        - attention(X, W, q)).max()))
    return Evidence(worst <= EXACT, {"max_abs_diff": worst}, {"max_abs_diff": 0.0}, EXACT,
                    "50 random (X, W, q).")


@claim("multisets.prop33.attention_fails_hausdorff_matching_at_zero", where="Prop. 3.3 (ours)",
       expected="corrected", corrects="multisets.prop33.attention_hausdorff_matching_half",
       statement="Stronger for H and matching: for generic W, q (not only some), attention is "
       "not Lipschitz w.r.t. d_H or d_M, since {{a,b}} vs {{a,b,b}} (d_H = 0) and {{v}} vs "
       "{{v,0}} (d_M = 0) change its output, as for the mean.")
def _zero(seed: int = 0):
    rng = np.random.default_rng(seed)
    min_h, min_m = np.inf, np.inf
    for _ in range(30):
        d, h = 3, 4
        W, q = rng.normal(size=(h, d)), rng.normal(size=h)
        a, b, v = rng.normal(size=d), rng.normal(size=d), rng.normal(size=d)
        X, Y = np.array([a, b]), np.array([a, b, b])
        assert hausdorff(X, Y) == 0.0
        min_h = min(min_h, float(np.linalg.norm(attention(X, W, q) - attention(Y, W, q))))
        V, V0 = v[None, :], np.array([v, np.zeros(d)])
        assert matching(V, V0) == 0.0
        min_m = min(min_m, float(np.linalg.norm(attention(V, W, q) - attention(V0, W, q))))
    return Evidence(min_h > 1e-6 and min_m > 1e-6,
                    {"min_|Δf|_at_d_H=0": min_h, "min_|Δf|_at_d_M=0": min_m},
                    {"min_|Δf|_at_d_H=0": "> 0", "min_|Δf|_at_d_M=0": "> 0"}, None,
                    "30 random (W, q, a, b, v) in R^3, hidden width 4: distance exactly 0, "
                    "output moves every time.")
