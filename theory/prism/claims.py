"""Registered claims of PRISM (ICLR 2026, OpenReview m2MeiYOJED): the candidate protocol, the
prototype limit, the partial-label loss and candidate-constrained propagation.

No paper body or code is public (public summaries). Every statement below is **in our
reconstruction**: the protocol is the predecessor DEER's, the equations are papernotes'
paraphrase, ``Y⁽⁰⁾`` uniform on ``S_i`` and all unspecified choices are ours. Refutations rest on
**our reading** of the summaries. References are independent: brute-force enumeration of the
candidate sets, LAPACK/scipy linear solves and eigensolvers, ``scipy.linalg.expm``, HiGHS
(``linprog``), central finite differences, and fixed points found by ``scipy.optimize.root``.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
from scipy.optimize import check_grad, linprog, root
from scipy.special import log_softmax, logsumexp

from theory.claims import Judge, claim
from theory.prism._candidates import (
    expected_inverse_set_size,
    expected_set_size,
    p_overlap_diff_class,
    p_shared_distractor,
    prototype_shrinkage,
    relational_pair_count,
    uniform_candidates,
)
from theory.prism._loss import marginal_nll, marginal_nll_grad
from theory.prism._propagation import (
    prism_propagate,
    prism_step,
    row_normalize,
    sym_norm,
    zhou_induced_subgraph,
    zhou_masked_closed_form,
    zhou_masked_iterate,
)
from theory.prism._reference import candidate_sets, enumerate_expectation, topk_graph
from theory.tolerances import EXACT, LP

RECON = ("No paper body or code is public (public summaries): the statement is our reconstruction "
         "from the abstracts, the papernotes summary and DEER's code.")
#: the candidate protocol is DEER's released generator; that PRISM uses it is our assumption
_CAND_SRC = ("our derivation on the independent-flip protocol of the predecessor DEER's released "
             "generator, liamgu06/DEER@f319289:data/utils_data.py:L48-L68 "
             "(generate_uniform_graph_candidate_labels: the true label is kept, each other label "
             "joins S with probability q), which we assume for PRISM; the papernotes.org note on "
             "OpenReview m2MeiYOJED gives q only as the probability of a false-positive candidate "
             "and compares with DEER, it does not say PRISM uses DEER's generator")
#: (C, q) grid of the protocol claims: ENZYMES-, COLORS-3-, Letter-High-sized class counts
_GRID = [(2, .1), (3, .5), (6, .1), (6, .3), (6, .5), (8, .3), (11, .5)]


@claim("prism.cand.set_size", where="false-label rate q (papernotes.org note, Main Results); "
       "our derivation",
       statement="In our reconstruction (each false label joins S independently with "
       "probability q), the expected candidate-set size is E|S| = 1 + q(C − 1).",
       evidence=("independent",),
       source=("ours", _CAND_SRC),
       setting=("analogue", "DEER's independent-flip candidate protocol assumed for PRISM"))
def _set_size():
    """Checked against the exact expectation by enumerating all 2^(C−1) candidate sets."""
    j = Judge()
    for C, q in _GRID:
        j.close(f"E|S| C={C} q={q}: closed vs enumeration", expected_set_size(C, q),
                enumerate_expectation(C, q, len), rtol=EXACT)
    return j.evidence(note=f"Closed form vs exact enumeration of all candidate sets on {_GRID}.")


@claim("prism.cand.random_pick", where="our derivation",
       statement="In our reconstruction, a uniform pick in S (uniform confidence Q) is right "
       "with probability E[1/|S|] = (1 − (1 − q)^C)/(Cq); 0.49020 at C = 6, q = 0.3.",
       evidence=("independent",),
       source=("ours", _CAND_SRC),
       setting=("analogue", "DEER's independent-flip candidate protocol assumed for PRISM"))
def _random_pick():
    j = Judge()
    for C, q in _GRID:
        j.close(f"E[1/|S|] C={C} q={q}", expected_inverse_set_size(C, q),
                enumerate_expectation(C, q, lambda S: 1.0 / len(S)), rtol=EXACT)
    # The pilot's 0.49020 is the 5-digit rounding of (1 − 0.7⁶)/1.8 = 0.490195 exactly, a
    # value on the rounding boundary: compared in floats the last bit of the closed form
    # (which varies with the CPU's pow) decides it, so it is compared in exact rationals.
    q = Fraction(3, 10)
    exact = (1 - (1 - q) ** 6) / (6 * q)
    j.close("E[1/|S|] C=6 q=0.3 vs exact rational", expected_inverse_set_size(6, .3),
            float(exact), rtol=EXACT)
    j.fact("pilot value 0.49020 is E[1/|S|] at C=6, q=3/10 to 5 digits (exact rationals)",
           abs(exact - Fraction("0.49020")) <= Fraction(5, 10**6))
    return j.evidence(note="Closed form vs exact enumeration over candidate sets; our pilot's "
                      "0.49020 agrees to 5 digits.")


def _pair_prob(C, q, yi, yj, event):
    ci = list(candidate_sets(yi, C, q))
    cj = list(candidate_sets(yj, C, q))
    return sum(pi * pj for Si, pi in ci for Sj, pj in cj if event(Si, Sj))


@claim("prism.cand.overlap_filter", where="A^spa (Eq. (5), per Reviewer 3) and A^spe over "
       "overlapping pairs; our derivation",
       statement="In our reconstruction, two graphs of different classes have overlapping "
       "candidate sets with probability 1 − (1 − q)²(1 − q²)^(C−2), ≥ 0.98 at q = 0.5 for "
       "C ≥ 11: the overlap filter on relational edges is nearly vacuous at high q.",
       evidence=("independent",),
       source=("ours", _CAND_SRC),
       setting=("analogue", "DEER's independent-flip candidate protocol assumed for PRISM"))
def _overlap():
    j = Judge()
    for C, q in [(3, .3), (4, .5), (6, .3), (6, .5), (7, .1)]:
        j.close(f"C={C} q={q}: closed vs enumeration of pairs", p_overlap_diff_class(C, q),
                _pair_prob(C, q, 0, 1, lambda a, b: bool(a & b)), rtol=EXACT)
    j.ge("C=11 q=.5 (COLORS-3)", p_overlap_diff_class(11, .5), 0.98)
    j.close("C=6 q=.3 (ENZYMES) pilot .664", p_overlap_diff_class(6, .3), 0.664, atol=5e-4)
    return j.evidence(note="Closed form vs exact enumeration over pairs of candidate sets "
                      f"(classes 0 and 1). ENZYMES q=.3: {p_overlap_diff_class(6, .3):.3f}, "
                      f"q=.5: {p_overlap_diff_class(6, .5):.3f}; COLORS-3 q=.5: "
                      f"{p_overlap_diff_class(11, .5):.3f}; Letter-High q=.5: "
                      f"{p_overlap_diff_class(15, .5):.3f}.")


@claim("prism.cand.shared_distractor", where="our derivation",
       statement="In our reconstruction, two graphs of the same class share a false candidate "
       "with probability 1 − (1 − q²)^(C−1) (0.763 at C = 6, q = 0.5).",
       evidence=("independent",),
       source=("ours", _CAND_SRC),
       setting=("analogue", "DEER's independent-flip candidate protocol assumed for PRISM"))
def _shared():
    j = Judge()
    for C, q in [(3, .3), (4, .5), (6, .5), (7, .1)]:
        j.close(f"C={C} q={q}", p_shared_distractor(C, q),
                _pair_prob(C, q, 0, 0, lambda a, b: len(a & b) > 1), rtol=EXACT)
    return j.evidence(note="Closed form vs exact enumeration over same-class pairs.")


@claim("prism.proto.shrinkage", where="Sec. 3.1 prototype bank (per Reviewer 1), its limit; "
       "our derivation",
       statement="In our reconstruction (balanced classes, prototype = mean embedding of the "
       "graphs whose S holds c), p_c − μ̄ = κ(μ_c − μ̄) with κ = (1 − q)/(1 + q(C − 1)): "
       "the class signal shrinks 7× at C = 6, q = 0.5.",
       evidence=("independent",),
       source=("ours", ("our derivation (κ is not in any public text) on the momentum "
                 "prototype update as paraphrased by the papernotes.org note on OpenReview "
                 "m2MeiYOJED (Key Design 1: p_c averages the embeddings of the graphs whose S "
                 "holds c); no paper body or code is public")),
       setting=("analogue", "balanced classes and the limit of the prototype bank (our model)"))
def _shrink(seed: int = 0):
    rng = np.random.default_rng(seed)
    j = Judge()
    for C, q in [(3, .3), (6, .3), (6, .5), (8, .1)]:
        mu = rng.normal(size=(C, 4))
        mubar = mu.mean(0)
        for c in (0, C - 1):
            num = np.zeros(4)
            den = 0.0
            for y in range(C):
                for S, p in candidate_sets(y, C, q):
                    if c in S:
                        num += p / C * mu[y]
                        den += p / C
            j.close(f"C={C} q={q} c={c}: p_c − μ̄", prototype_shrinkage(C, q) * (mu[c] - mubar),
                    num / den - mubar, rtol=1e-11, atol=1e-13)
    return j.evidence(note="κ(μ_c − μ̄) vs E[g | c ∈ S] − μ̄ by exact enumeration of labels and "
                      "candidate sets, random class means in R⁴. κ(6, .5) = "
                      f"{prototype_shrinkage(6, .5):.5f}.")


def _loss_instance(rng, B=7, C=5, q=.5):
    y = rng.integers(0, C, B)
    M = uniform_candidates(y, C, q, rng)
    z = rng.normal(size=(B, C))
    Q = row_normalize(M * rng.random((B, C)) + 1e-3 * M)
    return y, M, z, Q


@claim("prism.loss.gradient_and_reductions", where="loss, Eqs. (16)–(17) per "
       "Reviewer 3; our derivation",
       statement="In our reconstruction of the loss −(1/B)Σ log Σ_{c∈S} P_c Q_c, the gradient is "
       "(P − PQM/ΣPQM)/B; uniform Q on S gives the CC loss + mean log|S|; one-hot Q on the "
       "truth gives cross-entropy.",
       evidence=("independent",),
       source=("ours", ("our derivation (not stated in any public text) on the loss "
                 "−(1/B)Σ log Σ_{c∈S} P_c Q_c as paraphrased by the papernotes.org note on "
                 "OpenReview m2MeiYOJED (Loss & Training); no paper body or code is public")),
       setting="exact")
def _loss(seed: int = 0):
    rng = np.random.default_rng(seed)
    y, M, z, Q = _loss_instance(rng)
    B, C = z.shape
    f = lambda v: marginal_nll(v.reshape(B, C), M, Q)
    g = lambda v: marginal_nll_grad(v.reshape(B, C), M, Q).ravel()
    h = 1e-5
    fd = np.array([(f(z.ravel() + h * e) - f(z.ravel() - h * e)) / (2 * h)
                   for e in np.eye(B * C)])
    j = Judge()
    j.close("gradient vs central differences", g(z.ravel()), fd, atol=1e-9,
            scale=np.abs(fd).max())
    j.le("scipy check_grad", check_grad(f, g, z.ravel(), epsilon=1e-7), 1e-6)
    lp = log_softmax(z, axis=1)
    cc = -np.mean([logsumexp(lp[i, M[i] > 0]) for i in range(B)]) + np.mean(np.log(M.sum(1)))
    j.close("uniform Q: CC + mean log|S|", marginal_nll(z, M, row_normalize(M)), cc, rtol=EXACT)
    ce = -lp[np.arange(B), y].mean()
    j.close("one-hot Q: cross-entropy", marginal_nll(z, M, np.eye(C)[y] + 0.0 * M), ce,
            rtol=EXACT)
    return j.evidence(note="Hand gradient vs central differences (h = 1e-5) and scipy "
                      "check_grad; reductions vs log-softmax computed directly.")


@claim("prism.loss.minimiser", where="our derivation",
       statement="In our reconstruction, for fixed Q the loss of one graph is minimised over the "
       "simplex at a vertex: min_P −log Σ_{c∈S} P_c Q_c = −log max_{c∈S} Q_c.",
       evidence=("independent",),
       source=("ours", ("our derivation (not stated in any public text) on the loss "
                 "−(1/B)Σ log Σ_{c∈S} P_c Q_c as paraphrased by the papernotes.org note on "
                 "OpenReview m2MeiYOJED (Loss & Training); no paper body or code is public")),
       setting="exact")
def _minimiser(seed: int = 0):
    rng = np.random.default_rng(seed)
    _, M, _, Q = _loss_instance(rng, B=12, C=6)
    closed, lp_val = [], []
    for i in range(M.shape[0]):
        w = Q[i] * M[i]
        res = linprog(-w, A_eq=np.ones((1, w.size)), b_eq=[1.0], bounds=[(0, 1)] * w.size,
                      method="highs")
        closed.append(-np.log(w.max()))
        lp_val.append(-np.log(-res.fun))
    j = Judge()
    j.close("−log max_S Q vs HiGHS LP over the simplex", np.array(closed), np.array(lp_val),
            rtol=LP, atol=LP)
    return j.evidence(note="12 graphs, C = 6: the minimum of the loss is the LP max of Σ P Q M "
                      "over the simplex (log is monotone), solved by HiGHS.")


@claim("prism.prop.invariants", where="iterative label propagation "
       "(papernotes.org); our derivation",
       statement="In our reconstruction of PRISM's propagation (Y⁽⁰⁾ uniform on S), Y stays "
       "row-stochastic with no mass outside S, and Y⁽ᵉ⁾_ic ≥ μᵉ/|S_i| on S_i, with equality "
       "attained; so no row becomes one-hot in finite time when |S_i| > 1.",
       evidence=("witness", "independent"),
       source=("ours", ("our derivation (not stated in any public text) on the propagation "
                 "update as paraphrased by the papernotes.org note on OpenReview m2MeiYOJED "
                 "(Key Design 3); Y⁽⁰⁾ uniform on S is ours")),
       setting=("analogue", ("our reconstruction: the initial Y⁽⁰⁾ (uniform on S) is ours, the "
                     "summaries leave it undefined")))
def _invariants(seed: int = 0):
    rng = np.random.default_rng(seed)
    N, C, q, mu, E = 60, 5, .4, .5, 12
    y = rng.integers(0, C, N)
    M = uniform_candidates(y, C, q, rng)
    A1 = (rng.random((N, N)) < .1).astype(float)
    A2 = (rng.random((N, N)) < .1).astype(float)
    _, path = prism_propagate([A1, A2], M, mu, E, return_path=True)
    Y0 = row_normalize(M)
    j = Judge()
    worst_out = max(float(np.abs(Y * (1 - M)).max()) for Y in path)
    worst_sum = max(float(np.abs(Y.sum(1) - 1).max()) for Y in path)
    j.close("mass outside S", worst_out, 0.0, atol=0.0, scale=1.0)
    j.close("row sums − 1", worst_sum, 0.0, atol=4e-16, scale=1.0)
    ratio = min(float((Y[M > 0] / (mu**e * Y0[M > 0])).min()) for e, Y in enumerate(path))
    j.ge("min over e, i, c∈S of Y/(μᵉ Y⁰)", ratio, 1.0, rtol=1e-13)
    # witness: node 0 has S = {0, 1}; its neighbours are sure of label 1, so Y_00 = μᵉ/2
    Mw = np.array([[1, 1, 0], [0, 1, 0], [0, 1, 0], [0, 1, 1.0]])
    Aw = np.zeros((4, 4))
    Aw[0, 1:3] = Aw[1:3, 0] = 1.0
    Aw[3, 1] = Aw[1, 3] = 1.0
    Aw[0, 3] = 0.0
    Yw0 = row_normalize(Mw)
    Yw0[3] = [0, 1, 0]
    _, pw = prism_propagate([Aw], Mw, mu, 8, Y0=Yw0, return_path=True)
    j.close("witness Y⁽ᵉ⁾_00 vs μᵉ/2, e = 0..8", [Y[0, 0] for Y in pw],
            [mu**e / 2 for e in range(9)], rtol=1e-14)
    return j.evidence(note=f"N = {N}, C = {C}, q = {q}, two random graphs, {E} steps; the bound "
                      "binds exactly at a node whose neighbours all put their mass on its other "
                      "candidate (witness, 4 nodes).")


@claim("prism.prop.zhou_closed_form", where="our derivation (linear reference)",
       statement="The masked linear scheme F ← M⊙(αŜF + (1 − α)Y⁰) has the fixed point "
       "F_c = (1 − α)(I − α diag(M_c)Ŝ)⁻¹ M_c Y⁰_c, equal to the resolvent on the subgraph "
       "induced by {i : c ∈ S_i}, reached at rate ≤ αᵗ, attained.",
       evidence=("independent", "witness"),
       source=("ours", ("a reference scheme of ours (Zhou et al. 2004 with a candidate "
                 "mask), not PRISM's update")),
       setting=("analogue", "the masked linear reference scheme, not PRISM's update"))
def _zhou(seed: int = 0):
    rng = np.random.default_rng(seed)
    N, C, alpha = 40, 4, .9
    y = rng.integers(0, C, N)
    M = uniform_candidates(y, C, .4, rng)
    W = np.triu((rng.random((N, N)) < .15).astype(float), 1)
    W = W + W.T
    S = sym_norm(W)
    Y0 = row_normalize(M)
    F = zhou_masked_closed_form(S, Y0, M, alpha)
    j = Judge()
    j.close("closed form vs 500 iterations", F, zhou_masked_iterate(S, Y0, M, alpha, 500),
            atol=1e-13, scale=1.0)
    j.close("closed form vs induced-subgraph resolvent", F, zhou_induced_subgraph(S, Y0, M, alpha),
            atol=1e-14, scale=1.0)
    errs = []
    for t in (5, 10, 20):
        Ft = zhou_masked_iterate(S, Y0, M, alpha, t)
        F0 = M * Y0
        errs.append(np.linalg.norm(Ft - F, 2) / np.linalg.norm(F0 - F, 2) / alpha**t)
    j.le("‖F_t − F*‖/(αᵗ‖F_0 − F*‖), random masks", max(errs), 1.0, rtol=1e-12)
    # witness: full mask, error along D^{1/2}1 (eigenvalue 1 of Ŝ) contracts by exactly α
    Wc = np.ones((6, 6)) - np.eye(6)
    Wc[0, 1] = Wc[1, 0] = 0.0
    Sc = sym_norm(Wc)
    Mc = np.ones((6, 1))
    Yc = np.ones((6, 1))
    Fc = zhou_masked_closed_form(Sc, Yc, Mc, alpha)
    v = np.sqrt(Wc.sum(1))[:, None]
    ratios = [np.linalg.norm(zhou_masked_iterate(Sc, Yc, Mc, alpha, t, F0=Fc + v) - Fc)
              / np.linalg.norm(v) for t in (1, 5, 10)]
    j.close("witness rate at t = 1, 5, 10", ratios, [alpha, alpha**5, alpha**10], rtol=1e-12)
    return j.evidence(note=f"N = {N}, C = {C}, α = {alpha}, random graph and masks; per-class "
                      "LU solve vs iteration vs induced subgraph; the rate αᵗ is attained along "
                      "D^{1/2}1 when the mask is full. Reference object, not PRISM's update.")


def _prism_fixed_point(A, M, mu, Y):
    """A fixed point of the PRISM step near Y, by scipy's hybrid root finder (independent of
    running the iteration to convergence)."""
    mask = M > 0
    def resid(v):
        Z = np.zeros_like(M)
        Z[mask] = v
        return (prism_step([A], Z, M, mu) - Z)[mask]
    sol = root(resid, Y[mask], method="hybr", tol=1e-14)
    Z = np.zeros_like(M)
    Z[mask] = sol.x
    return Z


@claim("prism.prop.not_zhou", where="iterative label propagation (papernotes.org); ours",
       expected="extension",
       statement="In our reconstruction, PRISM's self-anchored renormalised propagation is not "
       "the masked linear scheme: their limits disagree in argmax (witness), and PRISM's "
       "limit is a non-linear fixed point, not a resolvent.",
       evidence=("witness", "independent"),
       source=("ours", ("our comparison of the summarised update with the masked linear "
                 "scheme of Zhou et al. (2004)")),
       setting=("analogue", ("our reconstruction: the initial Y⁽⁰⁾ (uniform on S) is ours, the "
                     "summaries leave it undefined")))
def _not_zhou(seed: int = 0):
    rng = np.random.default_rng(seed)
    mu = alpha = .5
    found = None
    tried = 0
    for _ in range(400):
        tried += 1
        n, C = 8, 3
        y = rng.integers(0, C, n)
        M = uniform_candidates(y, C, .6, rng)
        W = np.triu((rng.random((n, n)) < .4).astype(float), 1)
        W = W + W.T
        if np.any(W.sum(1) == 0):
            continue
        Y = prism_propagate([W], M, mu, 400)
        F = row_normalize(zhou_masked_closed_form(sym_norm(W), row_normalize(M), M, alpha))
        gy = np.sort(Y, 1)[:, -1] - np.sort(Y, 1)[:, -2]
        gf = np.sort(F, 1)[:, -1] - np.sort(F, 1)[:, -2]
        bad = (Y.argmax(1) != F.argmax(1)) & (gy > .02) & (gf > .02)
        if bad.any():
            found = (W, M, Y, F, int(np.flatnonzero(bad)[0]))
            break
    j = Judge()
    j.fact("a tie-free disagreeing instance was found", found is not None)
    if found is None:
        return j.evidence(note=f"No disagreement in {tried} instances.")
    W, M, Y, F, i = found
    Yroot = _prism_fixed_point(W, M, mu, Y)
    j.close("PRISM limit (400 steps) vs root of Y = step(Y)", Y, Yroot, atol=1e-10, scale=1.0)
    F_it = row_normalize(zhou_masked_iterate(sym_norm(W), row_normalize(M), M, alpha, 200))
    j.close("Zhou closed form vs 200 iterations", F, F_it, atol=1e-12, scale=1.0)
    j.fact("argmax differs at the witness node", int(Y[i].argmax()) != int(F[i].argmax()))
    return j.evidence(note=f"Instance {tried} of a search over random 8-node graphs (C = 3, "
                      f"q = .6, μ = α = .5): node {i}: PRISM {np.round(Y[i], 3).tolist()} vs "
                      f"Zhou (row-normalised) {np.round(F[i], 3).tolist()}; both margins > .02.")


def _tie_instance():
    A = np.ones((6, 6)) - np.eye(6)
    M = np.zeros((6, 4))
    M[:, [0, 2]] = 1.0
    return A, M


@claim("prism.thm2.recovery", where="Thm 2 (statement unseen); papernotes.org note",
       expected="reading_fails", corrected_by="prism.thm2.needs_symmetry_breaking",
       statement="Our literal reading (the printed statement was not seen): for every "
       "candidate configuration, Q → Y* (the one-hot truth) under PRISM's propagation with "
       "enough iterations and node information. The charitable reading, where 'sufficient node "
       "information' means the truth is the only label common to a component's candidate "
       "sets, is prism.thm2.clean_graph_reading; prism.thm2.needs_symmetry_breaking shows that "
       "hypothesis is needed.",
       evidence=("witness",),
       source=("secondary", ("Theorem 2 as paraphrased by the papernotes.org note on "
                      "OpenReview m2MeiYOJED (Key Design 3, last sentence: with sufficient "
                      "node information and iterations Q converges almost surely to the "
                      "one-hot truth); the printed statement was not seen, the 'every "
                      "candidate configuration' quantifier is our reading")),
       setting="exact")
def _tie_refuted():
    A, M = _tie_instance()
    Y = row_normalize(M)
    Q = Y.copy()
    for _ in range(40):
        Y = prism_propagate([A], M, .5, 5, Y0=Y)
        Q = row_normalize(.5 * Q + .5 * Y)
    j = Judge()
    j.close("Q_{i,y} vs 1 (all 6 graphs, class 0)", Q[:, 0], np.ones(6), atol=1e-6)
    return j.evidence(note="6 graphs of class 0 on the complete clean graph, every S = {0, 2}: "
                      f"after 200 steps Q_0 = {np.round(Q[0], 6).tolist()} (exact tie).")


@claim("prism.thm2.needs_symmetry_breaking", where="our derivation", expected="corrected",
       statement="In our reconstruction, if swapping y and c′ maps every candidate set of a "
       "connected component to itself (y ∈ S_j ⇔ c′ ∈ S_j) then Y_iy = Y_ic′ for every step; "
       "one node without c′ breaks the tie and the complete clean graph then converges to the "
       "truth. Invariance of the closed neighbourhood alone (our pilot's wording) does not "
       "suffice beyond one step.",
       evidence=("proof", "witness"),
       source=("ours", ("our corrected statement (a symmetry-breaking hypothesis), checked "
                 "on our reconstruction of the update")),
       setting=("analogue", ("our reconstruction: the initial Y⁽⁰⁾ (uniform on S) is ours, the "
                     "summaries leave it undefined")))
def _tie_corrected():
    """Proof: the step commutes with the column swap y ↔ c′ when M does (it is built from row
    sums, products with A and the mask), and Y⁽⁰⁾ is swap-invariant; by induction every Y⁽ᵉ⁾
    is. Checked on three witnesses."""
    A, M = _tie_instance()
    Y = prism_propagate([A], M, .5, 200)
    j = Judge()
    j.close("symmetric instance: Y_i0 − Y_i2", Y[:, 0] - Y[:, 2], 0.0, atol=0.0, scale=1.0)
    M2 = M.copy()
    M2[0, 2] = 0.0
    Y2 = prism_propagate([A], M2, .5, 200)
    j.close("one node without c′: Y_{i,0} → 1 (200 steps)", Y2[:, 0], np.ones(6), atol=1e-8)
    # path 0-1-2-3: node 0's closed neighbourhood {0, 1} has S ⊇ {0, 2}, node 2 lacks 2
    P = np.zeros((4, 4))
    for a in range(3):
        P[a, a + 1] = P[a + 1, a] = 1.0
    Mp = np.zeros((4, 3))
    Mp[:, 0] = 1.0
    Mp[[0, 1, 3], 2] = 1.0
    _, path = prism_propagate([P], Mp, .5, 3, return_path=True)
    j.close("path witness: node 0 tied after 1 step", path[1][0, 0] - path[1][0, 2], 0.0,
            atol=0.0, scale=1.0)
    j.fact("path witness: node 0 untied after 2 steps", path[2][0, 0] > path[2][0, 2] + 1e-3)
    return j.evidence(note="Symmetric instance: exact tie after 200 steps; removing c′ from one "
                      f"node: Y_0 → {np.round(Y2[0], 9).tolist()}; path witness: node 0's "
                      "closed neighbourhood is swap-invariant, yet the tie breaks at step 2 "
                      f"(Y_0 = {np.round(path[2][0], 4).tolist()}), so our pilot's "
                      "'closed in-neighbourhood' condition is corrected to the component.")


@claim("prism.thm2.clean_graph_reading", where="Thm 2 (statement unseen); papernotes.org note",
       statement="Charitable reading of Thm 2 (printed statement not seen), on our reconstruction "
       "of the propagation (Y⁽⁰⁾ uniform on S): on a connected relational graph that links only "
       "graphs of one class (Thm 1's limit), where the true label is the only label common to "
       "every candidate set of the component (our reading of 'sufficient node information'), "
       "Y, and so its momentum average Q, converges to the one-hot truth.",
       evidence=("search",),
       source=("secondary", ("Theorem 2 as paraphrased by the papernotes.org note on "
                      "OpenReview m2MeiYOJED (Key Design 3, last sentence); the printed "
                      "statement was not seen; the clean-graph and common-label reading of its "
                      "hypotheses is ours")),
       setting=("analogue", ("our reconstruction: the initial Y⁽⁰⁾ (uniform on S) is ours, the "
                     "summaries leave it undefined; one clean class component")))
def _thm2_clean(seed: int = 0):
    """Random search, fixed before registration: 60 draws (seed 0) of C ∈ {2..6}, n ∈ {3..9},
    q ∈ (0.1, 0.8), μ ∈ (0.1, 0.9), a random graph plus a Hamiltonian path (connected),
    DEER-protocol candidate sets; draws violating the hypothesis are skipped; after 2000 steps
    every Y_iy ≥ 1 − 1e-9. A pilot before registration (259 draws, 4000 steps) found no
    violation; at 300 steps 4 of 67 draws were still above 1e-6, hence 2000."""
    rng = np.random.default_rng(seed)
    worst, kept = 1.0, 0
    for _ in range(60):
        C, n = int(rng.integers(2, 7)), int(rng.integers(3, 10))
        q, mu = rng.uniform(.1, .8), rng.uniform(.1, .9)
        M = uniform_candidates(np.zeros(n, int), C, q, rng)
        W = np.triu((rng.random((n, n)) < rng.uniform(.2, 1)).astype(float), 1)
        W[np.arange(n - 1), np.arange(1, n)] = 1.0
        W = W + W.T
        if M.all(0).sum() != 1:
            continue
        kept += 1
        worst = min(worst, float(prism_propagate([W], M, mu, 2000)[:, 0].min()))
    j = Judge()
    j.ge("min over draws and graphs of Y_iy after 2000 steps", worst, 1 - 1e-9)
    return j.evidence(note=f"{kept} of 60 random draws met the hypothesis (connected clean "
                      f"component, truth the only common candidate); worst Y_iy = {worst:.15f}.")


def _topk_same_class_rate(n_per_class, C, k, noise, seed):
    rng = np.random.default_rng(seed)
    y = np.repeat(np.arange(C), n_per_class)
    X = np.eye(C)[y] + noise * rng.normal(size=(y.size, C))
    A = topk_graph(X, k)
    same = (y[:, None] == y[None, :]) & ~np.eye(y.size, dtype=bool)
    return A[same].mean(), A[A > 0].size and (same[A > 0]).mean()


@claim("prism.thm1.edge_probability", where="Thm 1 (statement unseen); papernotes.org note",
       expected="reading_fails", corrected_by="prism.thm1.topk_bound", statement="Our literal reading of Thm 1 (printed "
       "statement not seen), with A the method's top-k relational graph: for two graphs of "
       "the same label, the edge A_ij is present with probability → 1 (idealised, as graphs "
       "grow). A top-k graph can only make the purity tend to 1 (prism.thm1.topk_bound); the "
       "charitable reading, an idealised A that thresholds the similarity, holds "
       "(prism.thm1.threshold_reading).",
       evidence=("witness",),
       source=("secondary", ("Theorem 1 as paraphrased by the papernotes.org note on OpenReview "
                      "m2MeiYOJED (Key Design 2, last sentence: both edges present with "
                      "probability → 1 as the number of nodes grows); the printed statement "
                      "was not seen, reading A as the top-k graph is ours")),
       setting="exact")
def _thm1_refuted(seed: int = 0):
    rate, _ = _topk_same_class_rate(40, 3, 10, 1e-3, seed)
    j = Judge()
    j.close("P(A_ij = 1 | y_i = y_j), separated embeddings", rate, 1.0, atol=1e-3)
    return j.evidence(note=f"3 classes × 40 graphs, k = 10, embeddings = class one-hots + 1e-3 "
                      f"noise (the idealised limit): P = {rate:.4f} = 10/39.")


@claim("prism.thm1.topk_bound", where="our derivation", expected="corrected",
       statement="In our reconstruction, a top-k relational graph gives P(A_ij = 1 | y_i = y_j) "
       "≤ k/(N_c − 1) (N_c graphs per class; 2k/(N_c − 1) if symmetrised), with equality when "
       "the graph is pure: only the purity P(y_i = y_j | A_ij = 1) can tend to 1.",
       evidence=("proof", "witness"),
       source=("ours", "our bound for any top-k relational graph"),
       setting="exact")
def _thm1_corrected(seed: int = 0):
    """Proof: row i has at most k ones among its N_c − 1 same-class candidates, so averaged
    over ordered same-class pairs the edge rate is ≤ k/(N_c − 1); equality iff all k
    neighbours are same-class (purity 1)."""
    j = Judge()
    for n_c, k in [(20, 5), (40, 10)]:
        rate, purity = _topk_same_class_rate(n_c, 3, k, 1e-3, seed)
        j.close(f"pure witness N_c={n_c} k={k}: rate vs k/(N_c − 1)", rate, k / (n_c - 1),
                rtol=EXACT)
        j.close(f"pure witness N_c={n_c}: purity", purity, 1.0, rtol=EXACT)
        noisy, _ = _topk_same_class_rate(n_c, 3, k, 1.0, seed)
        j.le(f"noisy N_c={n_c} k={k}: rate ≤ k/(N_c − 1)", noisy, k / (n_c - 1), rtol=EXACT)
    return j.evidence(note="Top-k cosine graphs on class one-hots + noise (σ = 1e-3: pure, "
                      "bound attained; σ = 1: below the bound).")


@claim("prism.thm1.threshold_reading", where="Thm 1 (statement unseen); papernotes.org note",
       statement="Charitable reading of Thm 1 (printed statement not seen), in an idealised model "
       "of ours: a graph's embedding is the mean of its n node embeddings, i.i.d. around "
       "orthonormal class means (isotropic noise σ = 1 in R^8), and A_ij = 1 when the cosine of "
       "the two embeddings is ≥ 1/2; then a same-label pair is linked with probability → 1 and a "
       "different-label pair with probability → 0 as n → ∞. It stands in for either relational "
       "graph; the top-k form of the method is prism.thm1.topk_bound.",
       evidence=("proof", "observation"),
       source=("secondary", ("Theorem 1 as paraphrased by the papernotes.org note on OpenReview "
                      "m2MeiYOJED (Key Design 2, last sentence); the printed statement was not "
                      "seen; the threshold form of A, σ, d and τ = 1/2 are ours")),
       setting=("analogue", ("our idealised model: mean readout of i.i.d. Gaussian node "
                     "embeddings, a cosine threshold instead of the learned top-k graphs")))
def _thm1_threshold(seed: int = 0):
    """Proof: g_i ~ N(μ_{y_i}, I/n), so g_i → μ_{y_i} a.s. and cos(g_i, g_j) → ⟨μ_{y_i},
    μ_{y_j}⟩ ∈ {1, 0}; 1/2 separates the limits, so both edge probabilities converge.
    Pre-registered (written before the first run): 4000 pairs per arm at n ∈ {4, 64, 1024};
    the same-label rate at n = 1024 is ≥ 0.99 and rises with n, the different-label rate at
    n = 1024 is ≤ 0.01."""
    rng = np.random.default_rng(seed)
    d, pairs = 8, 4000
    same, diff = [], []
    for n in (4, 64, 1024):
        # the mean of n i.i.d. N(0, I) vectors is exactly N(0, I/n)
        gi = np.zeros((pairs, d))
        gi[:, 0] = 1.0
        gi += rng.normal(size=(pairs, d)) / np.sqrt(n)
        gs = np.zeros((pairs, d))
        gs[:, 0] = 1.0
        gs += rng.normal(size=(pairs, d)) / np.sqrt(n)
        gd = np.zeros((pairs, d))
        gd[:, 1] = 1.0
        gd += rng.normal(size=(pairs, d)) / np.sqrt(n)
        cos = lambda a, b: (a * b).sum(1) / np.linalg.norm(a, axis=1) / np.linalg.norm(b, axis=1)
        same.append(float((cos(gi, gs) >= .5).mean()))
        diff.append(float((cos(gi, gd) >= .5).mean()))
    j = Judge()
    j.ge("same-label edge rate at n = 1024", same[-1], 0.99)
    j.le("different-label edge rate at n = 1024", diff[-1], 0.01)
    j.fact("same-label edge rate rises with n", same[0] < same[1] <= same[2])
    return j.evidence(note=f"{pairs} pairs per arm, d = {d}, τ = 1/2: same-label rate "
                      f"{same} and different-label rate {diff} at n = 4, 64, 1024.")


@claim("prism.cost.pairs", where="our derivation (claimed cost O(|E|d))",
       expected="extension",
       statement="In our reconstruction, the spatial score evaluates Σ_c |I_c|² (pair, class) "
       "triples, of expectation C[Nr + N(N − 1)r²] with r = 1/C + (1 − 1/C)q: quadratic in N.",
       evidence=("independent",),
       source=("ours", ("our count on the spatial score s^spa over candidate-overlapping "
                 "pairs as paraphrased by the papernotes.org note on OpenReview m2MeiYOJED "
                 "(Key Design 1); its O(|E|d) claim is read charitably as the per-graph GNN "
                 "cost, which this count does not contradict")),
       setting=("analogue", ("our reconstruction of the spatial score over "
                     "candidate-overlapping pairs")))
def _cost():
    import itertools

    j = Judge()
    for N, C, q in [(3, 3, .3), (2, 4, .5), (4, 2, .2)]:
        total = 0.0
        sets = [list(candidate_sets(yy, C, q)) for yy in range(C)]
        for ys in itertools.product(range(C), repeat=N):
            for combo in itertools.product(*[sets[yy] for yy in ys]):
                p = np.prod([pp for _, pp in combo]) / C**N
                total += p * sum(sum(c in S for S, _ in combo) ** 2 for c in range(C))
        j.close(f"N={N} C={C} q={q}: closed vs enumeration", relational_pair_count(N, C, q),
                total, rtol=1e-12)
    return j.evidence(note="Closed form vs exact enumeration over labels and candidate sets.")
