"""Theory claims of the token_distill topic (Dobler, Elliott & de Melo, arXiv 2505.20133).

The paper's printed text was not seen: the code-level rules rest on the authors' released code
(``konstantinjdobler/token-distillation`` at commit ac9ef2c, cited path:line); the toy is ours.
Each rule is checked against an independent implementation (:mod:`._reference`).
"""

from __future__ import annotations

import numpy as np
import sympy as sp

from theory.claims import Judge, claim
from theory.token_distill import _reference as ref
from theory.token_distill import (
    adaptive_init,
    adaptive_weights,
    fvt_init,
    kl_batchmean,
    merge_tokens,
    mse_on_hiddens,
    toy_distill_problem,
    toy_loss_by_forward,
)

REPO = "konstantinjdobler/token-distillation@ac9ef2cc3375f778facc753bda15e8ac5cdd2844"
TRAIN_LOOP = REPO + ":token_distillation/token_distillation/train_loop.py"
TOKDIST = REPO + ":token_distillation/token_distillation/tokdist.py"
README = REPO + ":README.md"
_TOY = "our linear causal toy (mean-pool attention plus a residual), not the paper's transformers"

#: The toy example (ours): E 8×3 from default_rng(1), W = 0.5·N(0,1) 3×3 from
#: default_rng(2), phrase (2, 3, 4), three snippets.
SNIPPETS = ([0, 1, 2, 3, 4], [2, 3, 4, 5, 6, 7], [7, 2, 3, 4, 1])
PHRASE = (2, 3, 4)


def toy_example():
    E = np.random.default_rng(1).normal(size=(8, 3))
    W = 0.5 * np.random.default_rng(2).normal(size=(3, 3))
    return E, W


def _random_case(rng):
    V = int(rng.integers(3, 9))
    n = int(rng.integers(1, 40))
    seq = rng.integers(0, V, size=n)
    phrases, nid = {}, V
    for _ in range(int(rng.integers(1, 5))):
        L = int(rng.integers(2, 5))
        p = tuple(int(x) for x in rng.integers(0, V, size=L))
        if p not in phrases:
            phrases[p] = nid
            nid += 1
    return seq, phrases


@claim("token_distill.merge.longest_first_mask", where="code: transform_input_token_format",
       evidence=("independent",),
       statement="Merging scans the snippet left to right and at each position replaces the "
       "longest matching new phrase by its id; the alignment mask over original positions is 1 "
       "for every unmerged token and for the last subtoken of each merged phrase, and the merged "
       "sequence is right-padded to the original length.",
       source=("code", TRAIN_LOOP + ":L45-L76"), setting="exact")
def _merge(seed: int = 0):
    rng = np.random.default_rng(seed)
    got_m, ref_m, got_k, ref_k = [], [], [], []
    for _ in range(400):
        seq, phrases = _random_case(rng)
        mg = merge_tokens(seq, phrases, pad=-7)
        ids, lens = ref.merge_recursive(seq, phrases)
        got_m += mg.merged.tolist()
        ref_m += ids + [-7] * (len(seq) - len(ids))
        got_k += mg.mask.tolist()
        ref_k += ref.mask_from_lengths(lens, len(seq)).tolist()
    ex = merge_tokens([4, 11, 12, 13, 6, 11, 12, 5], {(11, 12, 13): 50, (11, 12): 51}, pad=0)
    j = Judge()
    j.close("merged ids vs recursive longest-prefix merge (400 random cases)", got_m, ref_m)
    j.close("mask vs mask from cumulative span lengths", got_k, ref_k)
    j.close("worked example: merged", ex.merged, [4, 50, 6, 51, 5, 0, 0, 0])
    j.close("worked example: mask", ex.mask, [1, 0, 0, 1, 1, 0, 1, 1])
    return j.evidence(note="Random vocabularies of 3-8 ids, 1-4 phrases of 2-4 ids (nested and "
                      "overlapping phrases included), sequences of 1-39 ids; the reference "
                      "recurses on the remaining suffix and rebuilds the mask from the lengths.")


@claim("token_distill.merge.alignment_same_text", where="code: transform_input_token_format",
       evidence=("independent",),
       statement="The mask aligns states that have read the same text: for the k-th merged "
       "position and the k-th kept original position q, expanding the merged prefix of length "
       "k+1 gives exactly the original prefix of length q+1; the number of kept positions equals "
       "the merged length.",
       source=("code", TRAIN_LOOP + ":L58-L70"), setting="exact")
def _alignment(seed: int = 0):
    rng = np.random.default_rng(seed + 1)
    agree, total, kept, length = 0, 0, 0, 0
    for _ in range(300):
        seq, phrases = _random_case(rng)
        mg = merge_tokens(seq, phrases, pad=-1)
        inv = {v: list(p) for p, v in phrases.items()}
        qs = np.flatnonzero(mg.mask == 1)
        kept += qs.size
        length += mg.length
        expanded = []
        for k, q in enumerate(qs):
            t = int(mg.merged[k])
            expanded += inv.get(t, [t])
            agree += expanded == [int(x) for x in seq[:q + 1]]
            total += 1
    j = Judge()
    j.close("aligned pairs whose prefixes hold the same text / all aligned pairs", agree, total)
    j.close("kept original positions vs merged length (summed over 300 cases)", kept, length)
    return j.evidence(note="This is why the teacher's state at the last subtoken is the target of "
                      "the new token's state: both have read the same characters, causally.")


@claim("token_distill.loss.mse_all_aligned", where="code: MSE-on-hiddens",
       evidence=("independent",),
       statement="The distillation loss is the mean, over all aligned positions of the snippet "
       "(every unmerged token and the last subtoken of each merged phrase) and over hidden "
       "dimensions, of the squared difference between the merged and original hidden states; "
       "not the error at the new token's position alone.",
       source=("code", TRAIN_LOOP + ":L240-L252"), setting="exact")
def _mse(seed: int = 0):
    rng = np.random.default_rng(seed + 2)
    got, want = [], []
    for _ in range(100):
        seq, phrases = _random_case(rng)
        mg = merge_tokens(seq, phrases, pad=-1)
        d = int(rng.integers(1, 6))
        S = rng.normal(size=(len(seq), d))
        T = rng.normal(size=(len(seq), d))
        got.append(mse_on_hiddens(S, T, mg.mask))
        want.append(ref.mse_loop(S.tolist(), T.tolist(), mg.mask.tolist()))
    seq = [1, 2, 3, 4, 5, 6]
    mg = merge_tokens(seq, {(2, 3): 9}, pad=-1)
    S, T = np.zeros((6, 2)), np.ones((6, 2))
    S[1] = 1.0  # the new token's state matches, the others do not
    j = Judge()
    j.close("loss vs explicit loop over aligned pairs (100 random cases)", got, want, rtol=1e-12)
    j.fact("witness: zero error at the new token's position, yet loss > 0",
           mse_on_hiddens(S, T, mg.mask) > 0)
    return j.evidence(note="Reference: k-th merged row against k-th kept original row, fsum.")


@claim("token_distill.loss.kl_teacher_to_student", where="code: KL-on-logits",
       evidence=("independent",),
       statement="The KL option is KL(teacher ‖ student) of the softmaxed logits over the "
       "original vocabulary, summed over the vocabulary and averaged over aligned rows "
       "(torch kl_div with batchmean and log_target).",
       source=("code", TRAIN_LOOP + ":L264-L276"), setting="exact")
def _kl(seed: int = 0):
    rng = np.random.default_rng(seed + 3)
    got, want, rev = [], [], []
    for _ in range(50):
        K, V = int(rng.integers(1, 9)), int(rng.integers(2, 30))
        s, t = rng.normal(size=(K, V)) * 2, rng.normal(size=(K, V)) * 2
        got.append(kl_batchmean(s, t))
        want.append(ref.kl_scipy(s, t))
        rev.append(ref.kl_scipy(t, s))
    j = Judge()
    j.close("mean over rows of KL(teacher‖student) vs scipy.stats.entropy", got, want, rtol=1e-10)
    j.fact("differs from the reverse KL(student‖teacher)",
           np.max(np.abs(np.array(got) - rev)) > 1e-3)
    return j.evidence(note="50 random (K ≤ 8, V ≤ 29) logit pairs.")


@claim("token_distill.init.fvt_mean", where="code: _compute_subtoken_means ('fvt')",
       evidence=("independent",),
       statement="The FVT pre-initialisation of a new row is the mean of its subtokens' embedding "
       "rows (repeated subtokens counted each time).",
       source=("code", TOKDIST + ":L546-L547"), setting="exact")
def _fvt(seed: int = 0):
    import math

    rng = np.random.default_rng(seed + 4)
    got, want = [], []
    for _ in range(50):
        E = rng.normal(size=(int(rng.integers(2, 20)), int(rng.integers(1, 8))))
        ids = rng.integers(0, E.shape[0], size=int(rng.integers(1, 6)))
        got += fvt_init(E, ids).tolist()
        want += [math.fsum(E[i, c] for i in ids) / len(ids) for c in range(E.shape[1])]
    j = Judge()
    j.close("fvt_init vs fsum over the subtoken rows", got, want, rtol=1e-12, atol=1e-15)
    return j.evidence(note="50 random tables and phrases.")


@claim("token_distill.init.adaptivocab_weights", where="code: _compute_subtoken_means",
       evidence=("independent", "proof"),
       statement="The AdaptiVocab pre-initialisation weights subtoken j = 1..n by softmax(2j) for "
       "input embeddings (mass on the last subtokens) and softmax(−2j) for output embeddings; for "
       "n = 2 the input weights are 1/(1+e²) and e²/(1+e²).",
       source=("code", TOKDIST + ":L537-L545"), setting="exact")
def _adaptivocab(seed: int = 0):
    from scipy.special import softmax

    e = sp.E
    exact = [float(1 / (1 + e**2)), float(e**2 / (1 + e**2))]
    rng = np.random.default_rng(seed + 5)
    gi, wi, go, wo, ge, we = [], [], [], [], [], []
    for n in range(1, 12):
        j_ = np.arange(1, n + 1)
        gi += adaptive_weights(n, "input").tolist()
        wi += softmax(2.0 * j_).tolist()
        go += adaptive_weights(n, "output").tolist()
        wo += softmax(-2.0 * j_).tolist()
        E = rng.normal(size=(15, 4))
        ids = rng.integers(0, 15, size=n)
        ge += adaptive_init(E, ids).tolist()
        we += (softmax(2.0 * j_) @ E[ids]).tolist()
    j = Judge()
    j.close("n = 2 input weights vs sympy exact 1/(1+e²), e²/(1+e²)", adaptive_weights(2),
            exact, rtol=1e-14)
    j.close("input weights vs scipy softmax(2j), n = 1..11", gi, wi, rtol=1e-12)
    j.close("output weights vs scipy softmax(−2j), n = 1..11", go, wo, rtol=1e-12)
    j.close("adaptive_init vs weights @ subtoken rows", ge, we, rtol=1e-12, atol=1e-14)
    return j.evidence(note="Weights [0.119203, 0.880797] for n = 2: the last subtoken dominates "
                      "the input row.")


@claim("token_distill.loss.causal_prefix", where="code: MSE-on-hiddens, with causality",
       evidence=("independent", "proof"), expected="extension",
       statement="In a causal model every aligned position before the first merged span has zero "
       "error for any new row, yet counts in the loss's denominator, so the gradient is the "
       "gradient of the loss over the other positions scaled by their share of positions.",
       source=("ours", ("a consequence we derive from the code's mean over all kept rows "
               "(train_loop.py L252) and causal attention")),
       setting=("analogue", ("checked in our linear causal toy (mean-pool attention plus a "
                "residual), not a transformer; the torch LM's prefix rows are checked in tests")))
def _prefix(seed: int = 0):
    """Proof: a causal state at position q depends on positions ≤ q only; before the first span
    the merged and original prefixes are the same ids, so the states agree exactly whatever e*.
    The loss is Σ_{rows} ‖·‖²/(K d); the prefix rows add 0 to the sum and P to K."""
    rng = np.random.default_rng(seed + 6)
    E, W = toy_example()
    P = toy_distill_problem(E, W, SNIPPETS, PHRASE)
    pre_err, ratios_got, ratios_want = [], [], []
    for _ in range(20):
        e = rng.normal(size=3) * 3
        r = (P.A @ e - P.y).reshape(P.rows, P.d)
        # prefix rows of each snippet: rows before its first merged position
        idx, start = [], 0
        for s in SNIPPETS:
            mg = merge_tokens(s, {PHRASE: 8}, pad=-1)
            first = int(np.flatnonzero(mg.merged[:mg.length] == 8)[0])
            idx += list(range(start, start + first))
            start += mg.length
        pre_err.append(float(np.abs(r[idx]).max()))
        keep = np.setdiff1d(np.arange(P.rows), idx)
        A2 = P.A.reshape(P.rows, P.d, P.d)[keep].reshape(-1, P.d)
        y2 = P.y.reshape(P.rows, P.d)[keep].ravel()
        g_rest = 2 * A2.T @ (A2 @ e - y2) / (keep.size * P.d)
        ratios_got += P.grad(e).tolist()
        ratios_want += (keep.size / P.rows * g_rest).tolist()
    j = Judge()
    j.close("largest |error| over prefix rows, 20 random e*", max(pre_err), 0.0, atol=0.0)
    j.close("gradient vs (non-prefix share) × gradient over the non-prefix rows", ratios_got,
            ratios_want, rtol=1e-12, atol=1e-15)
    return j.evidence(note=f"{P.prefix_rows} of {P.rows} kept rows precede the first span in the "
                      "toy example; with snippets centred on the phrase about half the rows do, "
                      "so the effective step size depends on where the span sits.")


@claim("token_distill.toy.closed_form", where="linear toy (ours), the code's objective",
       evidence=("independent",),
       statement="In the linear toy the distillation loss is a convex quadratic in the new row "
       "whose minimiser is G⁻¹c; L-BFGS on the forward-pass loss and gradient descent from FVT "
       "reach it.",
       expected="extension",
       source=("ours", ("our linear toy h_t = x_t + mean_{j≤t}(x_j)W with the code's merge and "
               "MSE-on-hiddens")),
       setting=("analogue", _TOY))
def _closed(seed: int = 0):
    E, W = toy_example()
    P = toy_distill_problem(E, W, SNIPPETS, PHRASE)
    x0 = fvt_init(E, PHRASE)
    xb, fb = ref.toy_lbfgs(E, W, SNIPPETS, PHRASE, x0)
    e = x0.copy()
    lr = 1.0 / np.linalg.eigvalsh(2 * P.G / (P.rows * P.d)).max()
    for _ in range(20_000):
        e = e - lr * P.grad(e)
    j = Judge()
    j.close("forward-pass loss at G⁻¹c vs the quadratic's value",
            toy_loss_by_forward(E, W, SNIPPETS, PHRASE, P.e_opt), P.loss_opt, rtol=1e-12)
    j.close("G⁻¹c vs L-BFGS minimiser of the forward-pass loss", P.e_opt, xb, rtol=1e-5)
    j.close("optimal loss vs L-BFGS minimum", P.loss_opt, fb, rtol=1e-9)
    j.close("gradient descent from FVT (20 000 steps of 1/L) vs G⁻¹c", e, P.e_opt, rtol=1e-9)
    return j.evidence(note=f"Loss: FVT {P.loss(x0):.6f}, AdaptiVocab "
                      f"{P.loss(adaptive_init(E, PHRASE)):.6f}, optimum {P.loss_opt:.6f} "
                      "(squared units per coordinate).")


@claim("token_distill.toy.positive_floor", where="linear toy (ours); position shift (our reading)",
       evidence=("independent", "witness", "proof"),
       statement="The optimal distillation loss is strictly positive when positions follow a "
       "merged span, because the merged sequence is shorter and later states mix a different "
       "count of tokens; with no mixing (W = 0) or with the span at the end of a single snippet "
       "the floor is exactly 0.",
       expected="extension",
       source=("ours", ("our linear toy; the mechanism (position shift after the span) is our "
               "reading of why no new row reaches zero loss")),
       setting=("analogue", _TOY))
def _floor(seed: int = 0):
    """Proof of the controls: with W = 0, h = x, and the only row that depends on e* is the new
    token's, whose target is the last subtoken's embedding: e* = E[t_n] gives 0. With the span
    last in one snippet, the only e*-dependent row needs e*(I + bW) = r, solvable when I + bW is
    invertible. Otherwise the rows after the span need e*W/(q+1) to match a q-dependent mix of
    the teacher's tokens, an overdetermined system whose residual is generically non-zero."""
    E, W = toy_example()
    P = toy_distill_problem(E, W, SNIPPETS, PHRASE)
    lsq = np.linalg.lstsq(P.A, P.y, rcond=None)
    floor_lstsq = float(lsq[1][0] / (P.rows * P.d))
    P0 = toy_distill_problem(E, 0 * W, SNIPPETS, PHRASE)
    Pend = toy_distill_problem(E, W, [[0, 1, 5, 2, 3, 4]], PHRASE)
    rng = np.random.default_rng(seed + 7)
    worst = np.inf
    for _ in range(30):
        E2 = rng.normal(size=(10, 4))
        W2 = rng.normal(size=(4, 4)) * 0.5
        sn = [list(rng.integers(0, 10, size=3)) + [7, 8] + list(rng.integers(0, 10, size=3))
              for _ in range(3)]
        worst = min(worst, toy_distill_problem(E2, W2, sn, (7, 8)).loss_opt)
    j = Judge()
    j.close("floor G⁻¹c vs numpy lstsq residual / (K d)", P.loss_opt, floor_lstsq, rtol=1e-9)
    j.ge("toy example floor", P.loss_opt, 0.02)
    j.close("control W = 0: floor", P0.loss_opt, 0.0, atol=1e-28)
    j.close("control: span last in one snippet: floor", Pend.loss_opt, 0.0, atol=1e-28)
    j.fact("30 random instances with positions after the span: every floor > 0", worst > 1e-6)
    return j.evidence(note=f"Toy floor {P.loss_opt:.6f}; controls {P0.loss_opt:.1e} (W = 0) and "
                      f"{Pend.loss_opt:.1e} (span last); smallest floor over 30 random instances "
                      f"{worst:.4f}. Slack of the 0.02 bound: {P.loss_opt / 0.02 - 1:.0%}.")


def _weighted_sum_ratios(seed: int = 0):
    """20 random toy instances (n = 2 subtokens, d = 8): best weighted sum of the subtoken rows
    (lstsq over the weights, and BFGS as a reference), FVT, AdaptiVocab, the optimum."""
    from scipy.optimize import minimize

    rng = np.random.default_rng(seed + 8)
    out = {"ratio": [], "fvt_over": [], "av_over": [], "span_got": [], "span_ref": []}
    for _ in range(20):
        E = rng.normal(size=(12, 8))
        W = rng.normal(size=(8, 8)) * 0.6
        sn = [list(rng.integers(0, 10, size=4)) + [10, 11] + list(rng.integers(0, 10, size=4))
              for _ in range(4)]
        P = toy_distill_problem(E, W, sn, (10, 11))
        B = E[[10, 11]]  # e = w B
        w = np.linalg.lstsq(P.A @ B.T, P.y, rcond=None)[0]
        span_best = P.loss(w @ B)
        res = minimize(lambda v, P=P, B=B: P.loss(v @ B), np.zeros(2), method="BFGS",
                       options={"gtol": 1e-12})
        out["span_ref"].append(float(res.fun))
        out["span_got"].append(span_best)
        out["ratio"].append(span_best / P.loss_opt)
        out["fvt_over"].append(P.loss(fvt_init(E, [10, 11])) / span_best)
        out["av_over"].append(P.loss(adaptive_init(E, [10, 11])) / span_best)
    return {k: np.asarray(v) for k, v in out.items()}


@claim("token_distill.toy.weighted_sums_suboptimal",
       where="§1 (arXiv 2505.20133v2) and README: heuristic inits are fundamentally limited",
       evidence=("independent", "witness"),
       statement="Where the new token's meaning is built by mixing (attention) rather than stored "
       "in the embedding table, no weighted sum of the subtoken embeddings is optimal for the "
       "distillation objective: in the linear toy with n = 2 subtokens in d = 8, the best weighted "
       "sum has a larger loss than the optimum, and FVT and AdaptiVocab larger still.",
       source=("printed", "arXiv 2505.20133v2 (HTML), §1, second paragraph: initialisations "
               "that combine existing embedding rows are fundamentally limited, since the meaning "
               "of a word split into several subtokens is built by the attention/feed-forward "
               "layers, not stored in the input embeddings; also the authors' README ("
               + README + ":L9)"),
       setting=("analogue", ("a linear causal toy instead of a pretrained LLM; loss is the "
                "distillation objective, not a downstream metric")))
def _heuristics(seed: int = 0):
    r = _weighted_sum_ratios(seed)
    j = Judge()
    j.close("best weighted sum: lstsq over weights vs BFGS", r["span_got"], r["span_ref"],
            rtol=1e-6)
    j.ge("smallest ratio best-weighted-sum loss / optimal loss (20 instances)",
         r["ratio"].min(), 1.0)
    j.ge("smallest ratio FVT / best weighted sum", r["fvt_over"].min(), 1.0)
    j.ge("smallest ratio AdaptiVocab / best weighted sum", r["av_over"].min(), 1.0)
    return j.evidence(note=f"Ratio best weighted sum / optimum: min {r['ratio'].min():.3f}, "
                      f"median {np.median(r['ratio']):.2f}; FVT / best weighted sum median "
                      f"{np.median(r['fvt_over']):.2f}, AdaptiVocab "
                      f"{np.median(r['av_over']):.2f}.")


@claim("token_distill.toy.weighted_sums_gap_10pct", where="linear toy (ours)",
       evidence=("witness",), prediction=True, expected="failed_prediction",
       statement="Ours, fixed before the run: in every one of the 20 toy instances the best "
       "weighted sum of the subtoken rows loses at least 10 % more than the optimum.",
       source=("ours", "the 10 % margin and the 20 random instances are ours"),
       setting=("analogue", "a linear causal toy instead of a pretrained LLM"))
def _heuristics_gap(seed: int = 0):
    r = _weighted_sum_ratios(seed)
    j = Judge()
    j.ge("smallest ratio best-weighted-sum loss / optimal loss (20 instances)",
         r["ratio"].min(), 1.1)
    return j.evidence(note=f"Smallest ratio {r['ratio'].min():.3f} (median "
                      f"{np.median(r['ratio']):.2f}): the gap is strict in every instance "
                      "(token_distill.toy.weighted_sums_suboptimal) but not always 10 %.")


@claim("token_distill.opt.surgery_bit_identical", where="code: gradient surgery + AdamW(wd=0)",
       evidence=("independent", "witness"),
       statement="With AdamW at weight decay 0, rows whose gradient is zeroed at every step "
       "(the original vocabulary) stay bit-identical while the new rows move; with weight decay "
       "> 0 the same rows shrink by (1 − lr·wd) per step, so the code's equality assertion "
       "needs weight decay 0.",
       source=("code", TRAIN_LOOP + ":L202, L308-L313, L326-L332"), setting="exact")
def _surgery(seed: int = 0):
    rng = np.random.default_rng(seed + 9)
    V, new, d, steps, lr = 20, 3, 6, 200, 1e-2
    P0 = rng.normal(size=(V + new, d)).astype(np.float32)
    grads = []
    for _ in range(steps):
        g = rng.normal(size=(V + new, d)).astype(np.float32)
        g[:V] = 0  # gradient surgery
        grads.append(g)
    P1 = ref.adamw_numpy(P0, grads, lr, 0.0)
    P2 = ref.adamw_numpy(P0, grads, lr, 0.01)
    j = Judge()
    j.close("original rows after 200 AdamW steps (wd = 0) vs before", P1[:V], P0[:V], atol=0.0)
    j.fact("new rows moved", bool(np.all(P1[V:] != P0[V:])))
    j.close("original rows with wd = 0.01 vs (1 − lr·wd)^200 × before", P2[:V],
            P0[:V].astype(np.float64) * (1 - lr * 0.01) ** steps, rtol=1e-5)
    return j.evidence(note="torch's AdamW update written out in float32 (decoupled decay, bias "
                      "correction): with zero gradients the moments stay 0 and the step is "
                      "exactly 0; the decay term alone moves the rows. tests/ compares it with "
                      "torch.optim.AdamW and checks the LM trainer's rows with torch.equal.")
