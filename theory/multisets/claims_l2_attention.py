"""App. B.6: ℓ2 attention (score −‖q − ReLU(W v)‖) is not Lipschitz either, and the sign of q.

The witness is App. B.5's pair X = {{c1, ε1}}, Y = {{c1, −ε1}} with W = −I and q = ±ε1. With
a = ε√d and e = exp(a): ReLU(W v) is 0 for c1 and ±ε1's positive-orthant images are 0 (for ε1)
and ε1 (for −ε1), so both weights in X are 1/2, and in Y

- q = +ε1: scores (−a, 0), weights (1/(1+e), e/(1+e)) on (c1, −ε1);
- q = −ε1: scores (−a, −2a), weights (e/(1+e), 1/(1+e)), the same pair swapped.

Every coordinate of f(X) − f(Y) is then Δ₊ = [c(e−1) + ε(1+3e)] / (2(1+e)) for q = +ε1 and
Δ₋ = [c(1−e) + ε(3+e)] / (2(1+e)) for q = −ε1; d_EMD = ε√d, d_M = 2ε√d and (for c ≥ ε)
d_H = 2ε√d, so the EMD ratio is |Δ±|/ε and the Hausdorff and matching ratios half of it. Both
grow linearly in c with slope tanh(a/2)/(2ε) > 0: no constant works, whichever sign q has.

The checks evaluate ℓ2 attention directly (a softmax of −‖q − ReLU(W v)‖, written here and not
shared with the dot-product attention of :mod:`theory.multisets._aggregators`) and the distances
with the HiGHS transportation LP, the permutation definition of d_M and cdist, against these
closed forms. Source: the public annotation's §3.1 "ℓ2 attention (Appendix B.6)", which reports
that B.6.1–B.6.2 print q = (−ε, …, −ε) with Y's weights (0.414, 0.586) at d = 3, ε = 0.2, and
that these weights belong to q = (+ε, …, +ε). The printed appendix was not seen here, so the
misprint is a reading of that source (``secondary``), not a printed error.
"""

from __future__ import annotations

import numpy as np
import sympy as sp
from scipy.spatial.distance import cdist
from scipy.special import softmax

from theory.claims import Judge, claim
from theory.multisets._reference import emd_linprog, matching_bruteforce
from theory.tolerances import EXACT, LP

_ANN = ("secondary: public annotation msrepo/theory_inclined_papers_with_annotations@fa55ff03:"
        "papers/2026-nikolentzos-set-lipschitz/notes.md (a close reading of the ICLR 2026 "
        "camera-ready of arXiv 2505.24403); printed wording not seen")
_B6 = " (§3.1, 'ℓ2 attention (Appendix B.6)' and 'Small slips')"
#: The reading quotes Y's weights to 3 decimals; half a unit in the last place.
_PRINTED_3DP = 5e-4
_PRINTED_WEIGHTS = (0.414, 0.586)  # on (c1, −ε1), d = 3, ε = 0.2, as the reading reports them


def _l2_weights(X, W, q):
    """Softmax of the ℓ2 scores −‖q − ReLU(W v_i)‖ (direct evaluation)."""
    H = np.maximum(np.asarray(X, float) @ np.asarray(W, float).T, 0.0)
    return softmax(-np.linalg.norm(q[None, :] - H, axis=1))


def _l2_attention(X, W, q):
    return _l2_weights(X, W, q) @ np.asarray(X, float)


def _witness(c, eps, d):
    one = np.ones(d)
    return np.array([c * one, eps * one]), np.array([c * one, -eps * one])


def _hausdorff_direct(X, Y):
    C = cdist(X, Y)
    return float(max(C.min(axis=1).max(), C.min(axis=0).max()))


def _closed_delta(c, eps, d, sign):
    """Per-coordinate f(X) − f(Y) for q = sign·ε1 (works on floats and sympy symbols)."""
    exp = sp.exp if any(isinstance(v, sp.Basic) for v in (c, eps, d)) else np.exp
    e = exp(eps * (d ** sp.Rational(1, 2) if isinstance(d, sp.Basic) else np.sqrt(d)))
    if sign > 0:
        return (c * (e - 1) + eps * (1 + 3 * e)) / (2 * (1 + e))
    return (c * (1 - e) + eps * (3 + e)) / (2 * (1 + e))


def _closed_weights_y(eps, d, sign):
    """Weights of (c1, −ε1) in Y for q = sign·ε1."""
    e = np.exp(eps * np.sqrt(d))
    w = np.array([1.0, e]) / (1.0 + e)
    return w if sign > 0 else w[::-1]


def _ratios(c, eps, d, sign):
    X, Y = _witness(c, eps, d)
    W, q = -np.eye(d), sign * eps * np.ones(d)
    diff = float(np.linalg.norm(_l2_attention(X, W, q) - _l2_attention(Y, W, q)))
    return (diff / emd_linprog(X, Y), diff / _hausdorff_direct(X, Y),
            diff / matching_bruteforce(X, Y))


_GRID = [(1.0, 1e-3, 3), (100.0, 1e-3, 3), (2.0, 0.1, 1), (5.0, 0.01, 7), (0.5, 0.05, 2),
         (1.0, 0.2, 3), (0.3, 0.3, 4)]  # c >= ε throughout (the Hausdorff half needs it)


@claim("multisets.appB6.l2_attention_not_lipschitz", where="App. B.6 (ℓ2 attention)",
       evidence=("independent", "witness", "proof"),
       statement="ℓ2 attention (weights softmax of $-\\|q - \\mathrm{ReLU}(Wv)\\|$) is not "
       "Lipschitz for the EMD, the Hausdorff or the matching distance: with $W = -I$, "
       "$q = \\pm\\varepsilon\\mathbf 1$ and the B.5 pair $X = \\{\\{c\\mathbf 1, \\varepsilon"
       "\\mathbf 1\\}\\}$, $Y = \\{\\{c\\mathbf 1, -\\varepsilon\\mathbf 1\\}\\}$, the EMD ratio is "
       "$|\\Delta_\\pm|/\\varepsilon$ with $\\Delta_+ = [c(e-1)+\\varepsilon(1+3e)]/(2(1+e))$, "
       "$\\Delta_- = [c(1-e)+\\varepsilon(3+e)]/(2(1+e))$, $e = \\exp(\\varepsilon\\sqrt d)$, "
       "the Hausdorff ($c \\ge \\varepsilon$) and matching ratios are half of it, and all grow "
       "without bound in $c$ for either sign of $q$.",
       source=("secondary", _ANN + _B6 + "; the closed forms for both signs are ours"),
       setting="exact")
def _l2_not_lipschitz():
    """Proof: see the module docstring (weights from the scores, then Δ and the distances).
    The slope of |Δ±|/ε in c is (e − 1)/(2(1 + e)ε) = tanh(ε√d/2)/(2ε) > 0, so for fixed ε
    the ratio is unbounded as c → ∞; sympy confirms the slope for both signs."""
    j = Judge()
    notes = []
    for sign in (+1, -1):
        tag = "q=+ε1" if sign > 0 else "q=-ε1"
        num = np.array([_ratios(c, e, d, sign) for c, e, d in _GRID])
        closed = np.array([abs(_closed_delta(c, e, d, sign)) / e for c, e, d in _GRID])
        j.close(f"{tag}: EMD ratio (direct ℓ2 attention + HiGHS LP) vs closed form",
                num[:, 0], closed, rtol=LP)
        j.close(f"{tag}: Hausdorff ratio (cdist) vs closed form / 2", num[:, 1], closed / 2,
                rtol=LP)
        j.close(f"{tag}: matching ratio (permutations) vs closed form / 2", num[:, 2],
                closed / 2, rtol=LP)
        cs = [10.0, 1e3, 1e5]
        big = [_ratios(cc, 0.01, 3, sign)[0] for cc in cs]
        slope = np.tanh(0.01 * np.sqrt(3) / 2) / (2 * 0.01)
        j.close(f"{tag}: EMD ratio at c = 10, 1e3, 1e5 (ε = .01, d = 3) vs closed form", big,
                [abs(_closed_delta(cc, 0.01, 3, sign)) / 0.01 for cc in cs], rtol=LP)
        j.ge(f"{tag}: EMD ratio at c = 1e5 vs (slope − 1e-4) c (linear growth)", big[-1],
             (slope - 1e-4) * cs[-1])
        # For c large the sign of Δ is the sign of q, so sign·Δ/ε is the ratio there; it is
        # affine in c with slope tanh(ε√d/2)/(2ε) > 0, hence unbounded.
        c, eps, d = sp.symbols("c epsilon d", positive=True)
        r = sign * _closed_delta(c, eps, d, sign) / eps
        slope_sym = sp.tanh(eps * sp.sqrt(d) / 2) / (2 * eps)
        j.fact(f"{tag}: sympy: ratio affine in c with slope tanh(ε√d/2)/(2ε) > 0",
               sp.simplify((sp.diff(r, c) - slope_sym).rewrite(sp.exp)) == 0
               and sp.diff(r, c, 2) == 0 and bool(slope_sym.is_positive))
        notes.append(f"{tag}: ratio {big[-1]:.6g} at c = 1e5")
    return j.evidence(note="7 (c, ε, d) with c ≥ ε, both signs of q; direct ℓ2 attention, HiGHS "
                      "transportation LP, cdist Hausdorff, permutation matching. "
                      + "; ".join(notes) + " (ε = .01, d = 3): the blow-up is in c, as for "
                      "Prop. 3.3, and does not depend on the sign of q.")


@claim("multisets.appB6.printed_q_gives_printed_weights",
       where="App. B.6.1–B.6.2 (ℓ2 attention witness, printed q)", expected="reading_fails",
       corrected_by="multisets.appB6.q_sign_corrected", evidence=("witness", "independent"),
       statement="With $q = (-\\varepsilon, \\dots, -\\varepsilon)$, $W = -I$ (the q that "
       "B.6.1–B.6.2 print, as the reading reports them), the ℓ2-attention weights of "
       "$Y = \\{\\{c\\mathbf 1, -\\varepsilon\\mathbf 1\\}\\}$ at $d = 3$, $\\varepsilon = 0.2$ "
       "are (0.414, 0.586) on $(c\\mathbf 1, -\\varepsilon\\mathbf 1)$, the printed weights.",
       source=("secondary", _ANN + _B6 + "; the misprint is the annotator's finding, the "
               "appendix itself was not seen here"),
       setting="exact")
def _printed_sign():
    d, eps = 3, 0.2
    _, Y = _witness(1.0, eps, d)
    w = _l2_weights(Y, -np.eye(d), -eps * np.ones(d))
    j = Judge()
    j.close("q=-ε1: weights of Y vs the printed (0.414, 0.586), 3 decimals", w,
            list(_PRINTED_WEIGHTS), atol=_PRINTED_3DP)
    return j.evidence(note=f"Direct softmax of the ℓ2 scores: ({w[0]:.4f}, {w[1]:.4f}) on "
                      "(c1, -ε1), the printed pair reversed: q = -ε1 puts -ε1 at distance "
                      "2ε√d from q and c1 at ε√d, so c1 gets the larger weight.")


@claim("multisets.appB6.q_sign_corrected", where="App. B.6.1–B.6.2 (corrected sign of q)",
       expected="corrected", evidence=("independent", "witness"),
       statement="The printed weights belong to $q = (+\\varepsilon, \\dots, +\\varepsilon)$: "
       "there Y's weights are $1/(1+e)$ and $e/(1+e)$ on $(c\\mathbf 1, -\\varepsilon\\mathbf 1)$, "
       "$e = \\exp(\\varepsilon\\sqrt d)$, i.e. (0.414, 0.586) at $d = 3$, $\\varepsilon = 0.2$; "
       "with $q = -\\varepsilon\\mathbf 1$ they are swapped, and X's weights are (1/2, 1/2) for "
       "either sign. The conclusion of B.6 does not depend on the sign "
       "(multisets.appB6.l2_attention_not_lipschitz).",
       source=("ours", "our corrected sign and closed-form weights, following the annotator's "
               "remark (" + _ANN + _B6 + ")"),
       setting="exact")
def _corrected_sign():
    j = Judge()
    grid = [(3, 0.2), (1, 0.5), (2, 0.05), (7, 0.3), (3, 1.0)]
    for sign in (+1, -1):
        tag = "q=+ε1" if sign > 0 else "q=-ε1"
        num_y, cf_y, num_x = [], [], []
        for d, eps in grid:
            X, Y = _witness(1.5, eps, d)
            q = sign * eps * np.ones(d)
            num_y.append(_l2_weights(Y, -np.eye(d), q))
            cf_y.append(_closed_weights_y(eps, d, sign))
            num_x.append(_l2_weights(X, -np.eye(d), q))
        j.close(f"{tag}: Y weights (direct softmax) vs closed form, 5 (d, ε)",
                np.concatenate(num_y), np.concatenate(cf_y), rtol=EXACT)
        j.close(f"{tag}: X weights vs (1/2, 1/2)", np.concatenate(num_x), 0.5, rtol=EXACT)
    _, Y = _witness(1.0, 0.2, 3)
    w = _l2_weights(Y, -np.eye(3), 0.2 * np.ones(3))
    j.close("q=+ε1, d=3, ε=.2: weights vs the printed (0.414, 0.586), 3 decimals", w,
            list(_PRINTED_WEIGHTS), atol=_PRINTED_3DP)
    return j.evidence(note=f"q = +ε1 at d = 3, ε = 0.2: ({w[0]:.4f}, {w[1]:.4f}), the printed "
                      "weights; q = -ε1 gives them reversed. Closed forms matched on 5 (d, ε) "
                      "for both signs.")
