"""Theory claims of EKNN: kernel k-means on centres, compression, Ky Fan bound, consensus layer
and self-representation (papernotes.org summary, E1–E6; Sec. 3, Eqs. (8)–(10) per the public
OpenReview reviews). **Our reconstruction**: the paper's body is not public; statements are "in our reconstruction" of the layers from a one-source summary.
"""

from __future__ import annotations

import numpy as np

from theory.claims import Judge, claim
from theory.eknn import (
    compressed_objective,
    consensus_cost,
    gauss_kernel,
    kernel_kmeans,
    kkm_exact_min,
    kkm_objective,
    kmeans_cost,
    lloyd,
    lrr_noiseless,
    lrsc_closed_form,
    normalized_partition,
    selfrep_objective,
    spectral_lower_bound,
)
from theory.eknn._instances import blob_centres
from theory.tolerances import LP

_R = "our reconstruction from a one-source summary (papernotes.org); paper body not public"


def _poly2_features(V):
    """Explicit feature map of k(x, y) = (1 + x·y)²: [1, √2 x_i, x_i², √2 x_i x_j (i<j)]."""
    n, d = V.shape
    cols = [np.ones(n)] + [np.sqrt(2) * V[:, i] for i in range(d)] + [V[:, i] ** 2 for i in range(d)]
    cols += [np.sqrt(2) * V[:, i] * V[:, j] for i in range(d) for j in range(i + 1, d)]
    return np.column_stack(cols)


def _feature_cost(Phi, lab, k, w):
    tot = 0.0
    for c in range(k):
        m = lab == c
        if w[m].sum() == 0:
            continue
        mu = w[m] @ Phi[m] / w[m].sum()
        tot += float(w[m] @ ((Phi[m] - mu) ** 2).sum(axis=1))
    return tot


@claim("eknn.kkm.identity", where="Sec. 3, Eq. (9) (per Reviewers 1-3: kernel k-means on the linear clusters); "
       "form per the papernotes.org summary (" + _R + ")",
       statement="In our reconstruction the nonlinear layer f_N = tr K − tr(ÛᵀKÛ) equals Σ_a ‖φ(v_a) "
       "− m_c(a)‖² (and its size-weighted form Σ ω_a‖φ(v_a) − m^ω_c(a)‖²) for any kernel with "
       "feature map φ.", evidence=("independent",),
       source=("secondary", ("the nonlinear layer's objective as summarised by the "
                      "papernotes.org note on OpenReview ljM1HTSH9c, a one-source "
                      "summary of the layer objectives; the paper body and code are not "
                      "public; the four public reviews locate it in Sec. 3 (Eqs. (7)-(10)), the "
                      "form used here is the summary's")),
       setting="exact")
def _kkm_identity(seed: int = 0):
    rng = np.random.default_rng(seed)
    V = rng.standard_normal((12, 3))
    K = (1 + V @ V.T) ** 2
    Phi = _poly2_features(V)
    lab = np.arange(12) % 3
    w = rng.integers(1, 20, 12).astype(float)
    j = Judge()
    j.close("unweighted f_N vs explicit degree-2 feature map", kkm_objective(K, lab, 3),
            _feature_cost(Phi, lab, 3, np.ones(12)), rtol=1e-10)
    j.close("size-weighted f_N vs explicit feature map", kkm_objective(K, lab, 3, w),
            _feature_cost(Phi, lab, 3, w), rtol=1e-10)
    Uh = normalized_partition(lab, 3)
    j.close("trace form tr K − tr(ÛᵀKÛ) vs feature map", np.trace(K) - np.trace(Uh.T @ K @ Uh),
            _feature_cost(Phi, lab, 3, np.ones(12)), rtol=1e-10)
    return j.evidence(note="12 centres in ℝ³, kernel (1 + x·y)² with its explicit 10-dim "
                      "feature map; cluster sums, trace form and feature-space distances agree.")


def _compress_instance(seed):
    rng = np.random.default_rng(seed)
    X = np.vstack([rng.normal(m, 0.6, (n, 2)) for m, n in (((0, 0), 25), ((3, 0), 10), ((0, 3), 5))])
    co, C, _ = lloyd(X, 9, random_state=seed)
    K = gauss_kernel(C)
    lab = kernel_kmeans(K, 3)[0]
    return co, K, lab


@claim("eknn.compress.unweighted", where="Sec. 3, Eq. (9) (per Reviewers 1-3); nonlinear layer as summarised "
       "(papernotes.org); abstract: kernel k-means over the linear clusters (" + _R + ")",
       statement="In our reading, the nonlinear layer as summarised (unweighted f_N, D = UᵀU "
       "counting centres) is kernel k-means of the data compressed to its p centres: its exact "
       "minimiser over the partitions of the centres also minimises kernel k-means of the n "
       "compressed points (both judged on the point-level objective).",
       expected="reading_fails", corrected_by="eknn.compress.weighted",
       evidence=("witness", "independent"),
       source=("ours", ("our reading: the summary (papernotes.org note on OpenReview ljM1HTSH9c) "
                        "defines D = UᵀU (counting centres, not points) and presents the layer as "
                        "an efficient stand-in for kernel k-means of the n points; the paper's "
                        "text was not seen, so whether it weights centres is unknown")),
       setting="exact")
def _compress_unweighted(seed: int = 0):
    """Each instance: 40 points of 3 blobs (sizes 25/10/5), p = 9 k-means centres, k = 3. Both
    minimisers are exact (all S(9, 3) = 3025 partitions of the centres); the unweighted one is
    then scored on the point-level objective (the size-weighted f_N, equal to kernel k-means of
    the compressed points: eknn.compress.weighted), so both sides are sums over points."""
    j = Judge()
    got, best, same = [], [], []
    for s in range(seed, seed + 12):
        co, K, _ = _compress_instance(s)
        w = np.bincount(co, minlength=K.shape[0]).astype(float)
        _, lab_u = kkm_exact_min(K, 3)
        v_w, _ = kkm_exact_min(K, 3, w)
        got.append(kkm_objective(K, lab_u, 3, w))
        best.append(v_w)
        same.append(bool(got[-1] <= v_w * (1 + 1e-12)))
    j.le("point-level objective of the unweighted minimiser vs the point-level minimum "
         "(12 instances)", got, best, rtol=1e-10)
    worst = int(np.argmax(np.array(got) / np.array(best)))
    return j.evidence(note=f"the two minimisers coincide on {sum(same)} of 12 instances (seed "
                      f"{seed}, the former witness, among them: there the old comparison set a "
                      "sum over centres against a sum over points, two scales); they differ on "
                      f"seeds {[seed + i for i, x in enumerate(same) if not x]}, worst seed "
                      f"{seed + worst}: {got[worst]:.4f} vs {best[worst]:.4f} "
                      f"(+{got[worst] / best[worst] - 1:.1%}).")


@claim("eknn.compress.weighted", where="our derivation on Sec. 3, Eq. (9) (per Reviewers 1-3)", expected="corrected",
       statement="Kernel k-means of the n compressed points (K_n = WKWᵀ, H = WU) equals the "
       "size-weighted objective on the centres, tr(ΩK) − tr(Û_ωᵀΩKΩÛ_ω), Ω = diag(WᵀW).",
       evidence=("independent", "proof"),
       source=("ours", "our derivation (size-weighted centres)"),
       setting="exact")
def _compress_weighted(seed: int = 0):
    """Proof: WᵀW = Ω and HᵀH = UᵀΩU, so Ĥ = WÛ_ω; tr(ĤᵀWKWᵀĤ) = tr(Û_ωᵀΩKΩÛ_ω) and
    tr(WKWᵀ) = tr(ΩK)."""
    j = Judge()
    for s in range(seed, seed + 3):
        co, K, lab = _compress_instance(s)
        w = np.bincount(co, minlength=K.shape[0]).astype(float)
        for labs in (lab, np.roll(lab, 1)):
            j.close(f"weighted f_N (centre sums) vs n×n compressed trace form, seed {s}",
                    kkm_objective(K, labs, 3, w), compressed_objective(K, co, labs, 3),
                    rtol=1e-10)
    return j.evidence(note="3 seeds × 2 partitions, n = 40, p = 9, k = 3: the p-level "
                      "weighted cluster sums against the explicit n × n trace form.")


@claim("eknn.special_cases", where="Sec. 3, Eqs. (7) and (9) (per Reviewers 1-3); our derivation ('k-means "
       "and kernel k-means are special cases', papernotes.org and Reviewer 4; " + _R + ")",
       statement="In our reconstruction, p = n with W = I makes f_N kernel k-means of all points; "
       "p = k with U = I makes f_N = 0 and leaves linear k-means.", evidence=("sanity",),
       source=("secondary", ("'k-means and kernel k-means are special cases' as summarised by "
                      "the papernotes.org note on OpenReview ljM1HTSH9c, a one-source "
                      "summary of the layer objectives; the paper body and code are not "
                      "public; the four public reviews locate it in Sec. 3 (Eqs. (7)-(10)), the "
                      "form used here is the summary's")),
       setting="exact")
def _special(seed: int = 0):
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((15, 2))
    K = gauss_kernel(X)
    lab = np.arange(15) % 3
    j = Judge()
    j.close("p = n, W = I: compressed = f_N", compressed_objective(K, np.arange(15), lab, 3),
            kkm_objective(K, lab, 3), rtol=1e-12)
    j.close("p = k, U = I: f_N", kkm_objective(K[:3, :3], np.arange(3), 3), 0.0, atol=1e-12)
    return j.evidence(note="true by construction of the layers")


@claim("eknn.kyfan.bound", where="our derivation on Sec. 3, Eq. (9) (per Reviewers 1-3)", expected="extension",
       statement="f_N ≥ tr K − Σ_{i≤k} λ_i(K) for every partition (Ky Fan), with equality for "
       "K = blockdiag(a_c 11ᵀ) + cI and the block partition.", evidence=("search", "witness"),
       source=("ours", "our derivation (Ky Fan) for the summarised nonlinear layer"),
       setting="exact")
def _kyfan(seed: int = 0):
    j = Judge()
    lloyd_gap = []
    for spread in (0.3, 1.0, 3.0):
        K = gauss_kernel(blob_centres(10, 3, spread, seed))
        exact, _ = kkm_exact_min(K, 3)
        lloyd_gap.append(kkm_objective(K, kernel_kmeans(K, 3)[0], 3) / exact - 1)
        j.le(f"Ky Fan bound vs exhaustive minimum over 9330 partitions, spread {spread}",
             spectral_lower_bound(K, 3), exact)
    sizes, a, c = (3, 4, 2), (2.0, 1.0, 3.0), 0.5
    K = np.zeros((9, 9))
    i = 0
    for s, ai in zip(sizes, a):
        K[i:i + s, i:i + s] = ai
        i += s
    K += c * np.eye(9)
    lab = np.repeat(np.arange(3), sizes)
    j.close("block witness: f_N of the blocks vs bound", kkm_objective(K, lab, 3),
            spectral_lower_bound(K, 3), rtol=1e-10)
    j.close("block witness: bound vs (p − k)c", spectral_lower_bound(K, 3), (9 - 3) * c,
            rtol=1e-10)
    return j.evidence(note="exhaustive enumeration of all S(10,3) = 9330 partitions of 10 "
                      "Gaussian-kernel centres (spreads .3, 1, 3); block-diagonal witness "
                      "attains the bound with value (p − k)c = 3. Not claimed: Lloyd from the NJW start "
                      "reaching the exact minimum (as an earlier pilot of ours had it): here its relative excess "
                      f"is {', '.join(f'{g:.3f}' for g in lloyd_gap)} at spreads .3, 1, 3.")


def _rand_B(rng, n, k, p):
    W = rng.integers(0, p, n)
    U = np.arange(p) % k
    rng.shuffle(U)
    return normalized_partition(U, k)[W]


@claim("eknn.consensus.kmeans", where="Sec. 3, Eq. (10) (per Reviewer 1: combines W^v and Û^v); form per the "
       "papernotes.org summary (our derivation)", expected="extension",
       statement="min over G of Σ_v ‖B^v − HG^v‖² equals the k-means cost of the concatenated "
       "rows [B¹ … B^V] under H, with G^v = (HᵀH)⁻¹HᵀB^v.", evidence=("independent",),
       source=("ours", ("our derivation on the multi-view term f_M as summarised by the "
                 "papernotes.org note on OpenReview ljM1HTSH9c, a one-source "
                 "summary of the layer objectives; the paper body and code are not "
                 "public; the four public reviews locate it in Sec. 3 (Eqs. (7)-(10)), the "
                      "form used here is the summary's")),
       setting="exact")
def _consensus_kmeans(seed: int = 0):
    rng = np.random.default_rng(seed)
    j = Judge()
    for t in range(3):
        Bs = [_rand_B(rng, 30, 3, 8) for _ in range(3)]
        H = rng.integers(0, 3, 30)
        Hm = np.eye(3)[H]
        lsq = sum(float(((B - Hm @ np.linalg.lstsq(Hm, B, rcond=None)[0]) ** 2).sum())
                  for B in Bs)
        j.close(f"consensus cost vs numpy lstsq over G, draw {t}", consensus_cost(Bs, H), lsq,
                rtol=1e-10)
        j.close(f"consensus cost vs k-means cost of [B¹ B² B³], draw {t}",
                consensus_cost(Bs, H), kmeans_cost(np.hstack(Bs), H), rtol=1e-10)
    return j.evidence(note="n = 30, V = 3, k = 3, random W, U, H; lstsq solves the G problem "
                      "without the closed form.")


@claim("eknn.consensus.relabel", where="our derivation on Sec. 3, Eq. (10) (per Reviewer 1)", expected="extension",
       statement="The consensus cost is unchanged when one view's nonlinear clusters are "
       "relabelled: no cross-view label matching is needed.", evidence=("proof", "independent"),
       source=("ours", ("our derivation on the multi-view term f_M as summarised by the "
                 "papernotes.org note on OpenReview ljM1HTSH9c, a one-source "
                 "summary of the layer objectives; the paper body and code are not "
                 "public; the four public reviews locate it in Sec. 3 (Eqs. (7)-(10)), the "
                      "form used here is the summary's")),
       setting="exact")
def _relabel(seed: int = 0):
    """Proof: relabelling view v permutes the columns of B^v: B^vP. With G' = G^vP,
    ‖B^vP − HG'‖ = ‖B^v − HG^v‖, and P is invertible, so the minimum over G is the same."""
    rng = np.random.default_rng(seed)
    j = Judge()
    Bs = [_rand_B(rng, 30, 3, 8) for _ in range(3)]
    H = rng.integers(0, 3, 30)
    base = consensus_cost(Bs, H)
    for t in range(3):
        P = np.eye(3)[rng.permutation(3)]
        Bp = [Bs[0] @ P] + Bs[1:]
        j.close(f"relabelled view 1, permutation {t}", consensus_cost(Bp, H), base, rtol=1e-12)
    j.fact("the cost does depend on H (not constant)",
           abs(consensus_cost(Bs, np.roll(H, 1)) - base) > 1e-6)
    return j.evidence(note="3 random permutations of view 1's labels; n = 30, V = 3.")


@claim("eknn.consensus.row_scale", where="our derivation on Sec. 3, Eq. (10) (per Reviewer 1); a gap", expected="extension",
       statement="Row i of WÛ has norm 1/√(number of centres in its nonlinear cluster), so the "
       "consensus weights clusters by centre counts (with size weights: 1/√(points)).",
       evidence=("independent",),
       source=("ours", ("our derivation on the multi-view term f_M as summarised by the "
                 "papernotes.org note on OpenReview ljM1HTSH9c, a one-source "
                 "summary of the layer objectives; the paper body and code are not "
                 "public; the four public reviews locate it in Sec. 3 (Eqs. (7)-(10)), the "
                      "form used here is the summary's")),
       setting="exact")
def _row_scale(seed: int = 0):
    rng = np.random.default_rng(seed)
    U = np.array([0] * 4 + [1] * 3 + [2] * 2)
    W = rng.integers(0, 9, 50)
    B = normalized_partition(U, 3)[W]
    cnt = np.array([4, 3, 2])
    j = Judge()
    j.close("row norms vs 1/√(centres in cluster)", np.linalg.norm(B, axis=1),
            1 / np.sqrt(cnt[U[W]]), rtol=1e-12)
    w = np.bincount(W, minlength=9).astype(float)
    Bw = normalized_partition(U, 3, w)[W]
    pts = np.bincount(U[W], minlength=3)
    j.close("size-weighted rows vs 1/√(points in cluster)", np.linalg.norm(Bw, axis=1),
            1 / np.sqrt(pts[U[W]]), rtol=1e-12)
    return j.evidence(note="clusters of 4, 3, 2 centres give 0.5, 0.577, 0.707: an unstated "
                      "scale choice of the consensus layer (reported as a gap).")


def _two_subspaces(seed, noise=0.05):
    rng = np.random.default_rng(seed)
    A = [np.linalg.qr(rng.standard_normal((5, 2)))[0] for _ in range(2)]
    X = np.hstack([Ai @ rng.standard_normal((2, 7)) for Ai in A])
    return X + noise * rng.standard_normal(X.shape)


@claim("eknn.selfrep.lrsc", where="Sec. 3, Eq. (8) (per Reviewers 1-3: k-means on the self-representation); "
       "objective per the papernotes.org summary (Favaro et al. 2011; " + _R + ")",
       expected="extension",
       statement="Alone, the self-representation sub-layer min η‖X − XΘ‖² + μ‖Θ‖_* has the "
       "closed form Θ* = V diag(max(0, 1 − μ/(2ησ_i²)))Vᵀ.", evidence=("independent",),
       source=("ours", ("our closed form of the self-representation sub-layer as summarised by "
                      "the papernotes.org note on OpenReview ljM1HTSH9c, a one-source "
                      "summary of the layer objectives; the paper body and code are not "
                      "public; the four public reviews locate it in Sec. 3 (Eqs. (7)-(10)), the "
                      "form used here is the summary's")),
       setting="exact")
def _lrsc(seed: int = 0):
    import cvxpy as cp

    X = _two_subspaces(seed)
    eta, mu = 1.0, 0.5
    T = cp.Variable((14, 14))
    prob = cp.Problem(cp.Minimize(eta * cp.sum_squares(X - X @ T) + mu * cp.normNuc(T)))
    prob.solve(solver=cp.CLARABEL)
    cf = lrsc_closed_form(X, eta, mu)
    j = Judge()
    j.close("closed-form objective vs cvxpy (Clarabel) optimum",
            selfrep_objective(X, cf, eta, mu), prob.value, rtol=LP)
    j.close("‖Θ_cf − Θ_cvx‖_F (scale ‖Θ_cf‖)", np.linalg.norm(cf - T.value), 0.0, atol=1e-5,
            scale=np.linalg.norm(cf))
    s = np.linalg.svd(X, compute_uv=False)
    j.fact("at least one singular direction is truncated", bool(np.any(mu / (2 * eta * s ** 2) >= 1)))
    return j.evidence(note="d = 5, n = 14 points on two noisy 2-dim subspaces, η = 1, μ = .5.")


@claim("eknn.selfrep.lrr", where="Sec. 3, Eq. (8) (per Reviewers 1-3; Reviewer 2: no constraint excludes the "
       "identity); our derivation (LRR; " + _R + ")", expected="extension",
       statement="Noiseless: argmin ‖Θ‖_* s.t. X = XΘ is V_rV_rᵀ; without the nuclear norm "
       "Θ = I is a trivial exact self-representation.", evidence=("independent",),
       source=("ours", ("our closed form of the self-representation sub-layer as summarised by "
                      "the papernotes.org note on OpenReview ljM1HTSH9c, a one-source "
                      "summary of the layer objectives; the paper body and code are not "
                      "public; Reviewer 2 notes that nothing in Eq. (8) excludes Θ = I; the "
                      "noiseless LRR limit is ours")),
       setting="exact")
def _lrr(seed: int = 0):
    import cvxpy as cp

    X = _two_subspaces(seed, noise=0.0)
    T = cp.Variable((14, 14))
    prob = cp.Problem(cp.Minimize(cp.normNuc(T)), [X @ T == X])
    prob.solve(solver=cp.CLARABEL)
    R = lrr_noiseless(X)
    j = Judge()
    j.close("‖V_rV_rᵀ‖_* = rank vs cvxpy optimum", np.linalg.svd(R, compute_uv=False).sum(),
            prob.value, rtol=LP)
    j.close("‖Θ_closed − Θ_cvx‖_F (scale ‖Θ‖_F)", np.linalg.norm(R - T.value), 0.0, atol=1e-5,
            scale=np.linalg.norm(R))
    j.close("Θ = I: zero residual (trivial)", np.linalg.norm(X - X @ np.eye(14)), 0.0,
            atol=1e-12)
    j.fact("rank 4 < n = 14 (the solution is not I)", np.linalg.matrix_rank(R) == 4)
    return j.evidence(note="two exact 2-dim subspaces of ℝ⁵, 7 points each.")


