"""Registered claims: impostors (Thm 3, App. A.4/A.5), Cor. 4 as stated and corrected, the
near-simplex map (Lemma 6 / Thm 5) and the poison point (Thm 7)."""

from __future__ import annotations

import numpy as np

from theory.claims import Judge, claim
from theory.tolerances import EXACT
from theory.tsne._affinities import calibrate, joint_probabilities, sq_distances
from theory.tsne._constructions import (
    gram_from_sq_dists,
    near_simplex,
    shifted,
    two_point_masses,
)
from theory.tsne._impostor import (
    ch_impostor_shift,
    cor4_beta,
    cor4_layout,
    cor4_shift,
    dunn_impostor_shift,
    impostor,
    poison_point,
)
from theory.tsne._objective import kl_divergence, kl_gradient, output_affinities
from theory.tsne._reference import (
    reference_calinski_harabasz,
    reference_joint_probabilities,
    reference_silhouette,
)
from theory.tsne._scores import (
    calinski_harabasz,
    calinski_harabasz_shifted,
    dunn,
    dunn_extremes,
    dunn_shifted,
    scatter,
)
from theory.tsne.claims import SHIFT_TOL, two_blobs

EPSILONS = (1.0, 0.5, 0.1, 0.01)


@claim("tsne.thm3.impostor_silhouette", where="Thm 3", evidence=("independent", "witness"),
       statement="For every 0 < ε ≤ 1 there is X_ε with silhouette exactly ε·S̄(X) and the same "
       "P as X at every perplexity (so the same t-SNE outputs); P checked at ρ ∈ {2, 5, 30} "
       "(ρ = 1 and n − 1 under a shift and scaling: tsne.lemma6.g_family_in_delta).",
       source=("printed",
               ("camera-ready PDF "
               "(njbergam/tsne-exaggerates-clusters@8ec0d8d:visuals/2_poison_point/main.pdf), "
               "p. 5, §4.1, Thm 3")),
       setting="exact")
def _impostor_silhouette(seed: int = 0):
    rng = np.random.default_rng(seed)
    labels = np.repeat([0, 1, 2], 20)
    centres = np.array([[0.0] * 5, [3.0] + [0.0] * 4, [0.0, 3.0, 0.0, 0.0, 0.0]])
    X = centres[labels] + rng.normal(size=(60, 5))
    s0 = reference_silhouette(X, labels)
    D = sq_distances(X)
    perps = (2.0, 5.0, 30.0)
    refs = {p: reference_joint_probabilities(D, p) for p in perps}
    j = Judge()
    for eps in EPSILONS:
        Xe, _C = impostor(X, labels, eps)
        j.close(f"eps={eps:g}: S(X_eps) from coordinates vs eps S(X)",
                reference_silhouette(Xe, labels), eps * s0, rtol=1e-10)
        De = sq_distances(Xe)
        for p in perps:
            j.close(f"eps={eps:g} rho={p:g}: P(X_eps) ours vs P(X) Brent",
                    joint_probabilities(De, p), refs[p], atol=SHIFT_TOL)
    return j.evidence(note="X: 60 points, 3 Gaussian clusters in R^5 (centres 3 apart); "
                      "X_eps = [X | sqrt(C/2) I] with C from Brent on our silhouette; the "
                      "silhouette recomputed point by point from the realised coordinates, P "
                      "against a Brent-per-row P of X at ρ ∈ {2, 5, 30} (at ρ = 1 and n−1 P "
                      "ignores distances' scale and shift by construction)")


@claim("tsne.appA4.ch_impostor", where="App. A.4", evidence=("independent", "witness"),
       statement="CH(X_{+c}) = (B/(k−1) + c/2)/(W/(n−k) + c/2), so every 1 < t ≤ CH(X) is hit "
       "exactly by a shift, with P unchanged at every perplexity (checked on the grid "
       "ρ ∈ {1, 2, 5, 10, 20, n−1}); a regular simplex has CH = 1.",
       source=("printed",
               ("camera-ready appendix, LaTeX source "
               "(njbergam/tsne-exaggerates-clusters@8336e68:visuals/2_poison_point/tsne_mode_collapse/appendix.tex), "
               "App. A.4, CH definition and Thm 10 (L131-L148; numbered as in the PDF's "
               "references); the closed form of CH(X_+c) in B, W, c is our derivation")),
       setting="exact")
def _ch_impostor(seed: int = 0):
    rng = np.random.default_rng(seed)
    X, _ = two_blobs(rng, n=45, gap=3.0)
    labels = np.repeat([0, 1, 2], 15)
    B, W = scatter(X, labels)
    ch0 = reference_calinski_harabasz(X, labels)
    j = Judge()
    j.close("CH(X) ours vs from centroids", calinski_harabasz(X, labels), ch0, rtol=1e-9)
    for c in (0.1, 10.0, 1e3):
        j.close(f"c={c:g}: closed form vs CH of the realised X_+c",
                calinski_harabasz_shifted(B, W, 45, 3, c),
                reference_calinski_harabasz(shifted(X, c), labels), rtol=1e-9)
    for t in (ch0, ch0 / 2, 2.0, 1.01):
        c = ch_impostor_shift(X, labels, t)
        j.close(f"target {t:.6g}: realised CH", reference_calinski_harabasz(shifted(X, c), labels),
                t, rtol=1e-9)
    j.close("CH(regular simplex, 2 clusters of 5)",
            reference_calinski_harabasz(np.eye(10), np.repeat([0, 1], 5)), 1.0, rtol=EXACT)
    D = sq_distances(X)
    n = len(X)
    for rho in (1.0, 2.0, 5.0, 10.0, 20.0, 44.0):
        if rho == 1.0:  # Lemma 20 by hand: uniform on the nearest neighbour (no ties here)
            R = np.where(np.eye(n, dtype=bool), np.inf, D)
            nn = (R == R.min(axis=1, keepdims=True)) / 1.0
            ref = (nn + nn.T) / (2 * n)
        elif rho == n - 1:  # sigma = infinity: every row uniform
            ref = (1 - np.eye(n)) / (n * (n - 1))
        else:
            ref = reference_joint_probabilities(D, rho)
        for t in (ch0 / 2, 1.01):
            c = ch_impostor_shift(X, labels, t)
            j.close(f"target {t:.6g} rho={rho:g}: P(X_+c) ours vs P(X) by hand",
                    joint_probabilities(sq_distances(shifted(X, c)), rho), ref, atol=SHIFT_TOL)
    return j.evidence(note="three clusters of 15 in R^5; shifts realised by appending "
                      "coordinates; CH recomputed from centroids of the realised points; P of "
                      "two impostors at ρ ∈ {1, 2, 5, 10, 20, 44 = n−1} against P of X by "
                      "another route (nearest neighbours at 1, uniform at n−1, Brent per row "
                      "in between)")


@claim("tsne.appA5.dunn_impostor", where="App. A.5", evidence=("independent", "witness"),
       statement="DI(X_{+c}) = √(d_b² + c)/√(d_w² + c), so every 1 < t ≤ DI(X) is hit exactly.",
       source=("printed",
               ("camera-ready appendix, LaTeX source "
               "(njbergam/tsne-exaggerates-clusters@8336e68:visuals/2_poison_point/tsne_mode_collapse/appendix.tex), "
               "App. A.5, DI definition and Thm 12 (L166-L183); the closed form of DI(X_+c) "
               "is our derivation")),
       setting="exact")
def _dunn_impostor(seed: int = 0):
    rng = np.random.default_rng(seed)
    X, labels = two_blobs(rng, n=40, gap=6.0)
    db2, dw2 = dunn_extremes(X, labels)

    def brute(Z):  # independent of dunn_extremes: pairs of realised coordinates
        pairs = [(np.linalg.norm(Z[i] - Z[k]), labels[i] == labels[k])
                 for i in range(40) for k in range(i + 1, 40)]
        return min(d for d, s in pairs if not s) / max(d for d, s in pairs if s)

    di0 = brute(X)
    j = Judge()
    j.ge("DI(X) > 1 (well separated)", di0, 1.0)
    for c in (0.1, 10.0, 1e3):
        j.close(f"c={c:g}: closed form vs brute force", dunn_shifted(db2, dw2, c),
                brute(shifted(X, c)), rtol=1e-9)
    for t in (di0, (1 + di0) / 2, 1.001):
        c = dunn_impostor_shift(X, labels, t)
        j.close(f"target {t:.6g}: realised DI", brute(shifted(X, c)), t, rtol=1e-9)
    return j.evidence(note="two blobs of 20 in R^5 at distance 6·sqrt(5); DI by brute force "
                      "over the pairs of the realised coordinates")


@claim("tsne.appA5.two_mass_infinite", where="App. A.5", evidence=("sanity",),
       statement="The two-point-mass output of Cor. 4 has DI = CH = ∞ (x/0 = ∞).",
       source=("printed",
               ("camera-ready appendix, LaTeX source "
               "(njbergam/tsne-exaggerates-clusters@8336e68:visuals/2_poison_point/tsne_mode_collapse/appendix.tex), "
               "Cors 11 and 13 (L150-L156, L184-L190) and the x/0 = inf footnotes of the CH "
               "and DI definitions")),
       setting="exact")
def _two_mass_infinite():
    Y, lab = cor4_layout(8, 5.0)
    j = Judge()
    j.fact("DI = inf", dunn(Y, lab) == np.inf)
    j.fact("CH = inf", calinski_harabasz(Y, lab) == np.inf)
    return j.evidence(note="our x/0 = ∞ convention, as the paper writes it; scikit-learn's "
                      "calinski_harabasz_score returns 1 on the same input (W = 0)")


def _two_mass_gradient(n: int, rho: float):
    """P_across of two point masses at ρ and dL/dr of the layout {0, r} on r ∈ [1e-3, 1e4]."""
    X, _ = two_point_masses(n)
    P = joint_probabilities(sq_distances(X), rho)
    r = np.geomspace(1e-3, 1e4, 71)
    dLdr = np.array([kl_gradient(P, two_point_masses(n, ri)[0])[n // 2:, 0].sum() for ri in r])
    return float(P[0, n - 1]), dLdr


@claim("tsne.cor4.all_perplexities", where="Cor. 4", expected="refuted",
       corrected_by="tsne.cor4.interior_perplexities", evidence=("witness", "proof"),
       statement="Cor. 4 as printed: for n ≥ 4 even and two equal halves there are inputs X_ε "
       "(0 < ε ≤ 1) with silhouette ε that, for every perplexity ρ ∈ [1, n−1], share a "
       "stationary output Y with silhouette 1 (the proof's X_ε are shifted two point masses).",
       source=("printed",
               ("camera-ready PDF "
               "(njbergam/tsne-exaggerates-clusters@8ec0d8d:visuals/2_poison_point/main.pdf), "
               "p. 5, §4.1, Cor. 4 (the sequence X_eps, 0 < eps <= 1, shares an output Y with "
               "silhouette 1 for any perplexity in [1, n-1]); its proof in camera-ready "
               "appendix, LaTeX source "
               "(njbergam/tsne-exaggerates-clusters@8336e68:visuals/2_poison_point/tsne_mode_collapse/appendix.tex), "
               "L364-L386, takes sigma non-zero for every perplexity in [1, n-1]")),
       setting="exact")
def _cor4_all(seed: int = 0):
    """Why it fails whatever construction is used: the family includes ε = 1, and S̄(X) = 1
    forces a(i) = 0 for every i, i.e. X *is* two point masses (up to scale, which P ignores by
    Lemma 18). Silhouette 1 for Y forces the same: Y = {0 on C_1, r on C_2}. Each row of P has
    n/2 − 1 neighbours at distance 0 and n/2 at distance r_X; its entropy is at least
    log(n/2 − 1) for every β, so for ρ ≤ n/2 − 1 the calibration ends at σ = 0 and
    P_across = 0. Along r the gradient is dL/dr = 4 (n/2)² (P_across − Q_across(r)) r/(1 + r²),
    which with P_across = 0 is < 0 for every r > 0: the masses are pushed apart, and no such Y
    is stationary.
    At ρ = n − 1 P is uniform = Q(0), and only r = 0 (S̄ = 0/0) is stationary. For n > 2ρ + 2
    (n ≥ 62 at the default ρ = 30) every perplexity people use is in the failing range.
    """
    j = Judge()
    for n in (4, 6, 8, 12, 20, 40, 64):
        rhos = sorted({1.0, 1.5, *[float(k) for k in range(2, n // 2)], float(n - 1)})
        rhos = [r for r in rhos if r <= n / 2 - 1 or r == n - 1]
        for rho in rhos:
            p_across, dLdr = _two_mass_gradient(n, rho)
            scale = float(np.abs(dLdr).max())
            # A stationary r > 0 needs dL/dr to take both signs (or vanish) on r > 0.
            j.le(f"n={n} rho={rho:g}: min_r dL/dr <= 0", dLdr.min(), 0.0, scale=scale)
            j.ge(f"n={n} rho={rho:g}: max_r dL/dr >= 0", dLdr.max(), 0.0, scale=scale)
            if rho < n - 1:
                j.fact(f"n={n} rho={rho:g}: P_across = 0 (sigma* = 0)", p_across == 0.0)
    return j.evidence(note="n ∈ {4,…,64}, every integer ρ ≤ n/2 − 1 (and 1.5) and ρ = n − 1: "
                      "dL/dr of the two-mass layout keeps one sign on r ∈ [1e-3, 1e4], so no "
                      "output with S̄ = 1 is stationary. The whole range ρ ≤ n/2 − 1 fails "
                      "whatever construction is used, since ε = 1 forces X to be two point "
                      "masses (see the check's docstring); the corollary holds only for "
                      "ρ ∈ (n/2 − 1, n − 1).")


@claim("tsne.cor4.interior_perplexities", where="Cor. 4", expected="corrected",
       evidence=("independent", "witness"),
       statement="For ρ ∈ (n/2−1, n−1) the shifted two-mass sets X_ε (S̄ = ε) share the "
       "stationary output Y = {0, r*} with r*² = e^β − 1, KL = 0 and S̄(Y) = 1.",
       source=("ours",
               ("our correction of Cor. 4 (camera-ready PDF p. 5): the perplexity range "
               "restricted to (n/2-1, n-1), where the proof's calibrated sigma is non-zero")),
       setting="exact")
def _cor4_interior(seed: int = 0):
    j = Judge()
    for n, rho in ((8, 5.0), (40, 30.0), (60, 30.0)):
        X, labels = two_point_masses(n)
        beta = cor4_beta(n, rho)  # Brent on the two-level entropy
        Y, _ = cor4_layout(n, rho)
        Ps = []
        for eps in EPSILONS:
            Xe = shifted(X, cor4_shift(eps))
            j.close(f"n={n} rho={rho:g} eps={eps:g}: S(X_eps) from coordinates",
                    reference_silhouette(Xe, labels), eps, rtol=EXACT)
            if eps < 1:  # at eps = 1 the clusters are point masses and beta is relative
                b, _ = calibrate(sq_distances(Xe), rho)
                j.close(f"n={n} rho={rho:g} eps={eps:g}: beta calibrate vs two-level Brent",
                        b, beta, rtol=EXACT)
            Ps.append(joint_probabilities(sq_distances(Xe), rho))
        for P, eps in zip(Ps[1:], EPSILONS[1:]):
            j.close(f"n={n} rho={rho:g} eps={eps:g}: P(X_eps) vs P(X)", P, Ps[0], atol=SHIFT_TOL)
        P = Ps[1]
        # The witness: at r* the output affinities Q(Y) equal P entry by entry (so KL = 0 and
        # the gradient vanishes); Q is computed from Y's coordinates, P from X's calibration.
        j.close(f"n={n} rho={rho:g}: Q(Y*) vs P", output_affinities(Y), P, rtol=1e-10)
        j.le(f"n={n} rho={rho:g}: max|grad| at Y*", np.abs(kl_gradient(P, Y)).max(), 0.0,
             atol=EXACT, scale=float(np.abs(kl_gradient(P, 2 * Y)).max()))
        j.le(f"n={n} rho={rho:g}: KL at Y*", kl_divergence(P, Y), 0.0, atol=EXACT,
             scale=kl_divergence(P, 2 * Y))
        j.close(f"n={n} rho={rho:g}: S(Y*)", reference_silhouette(Y, labels), 1.0, rtol=EXACT)
    return j.evidence(note="β from Brent on the two-level entropy, checked against the "
                      "vectorised calibration of every X_ε; Q(Y*) against P; the gradient and "
                      "KL at Y* against their values at 2·Y* (the scale); ε ∈ {1, .5, .1, .01}")


@claim("tsne.thm5.near_simplex_instability", where="Thm 5, Lemma 6", evidence=("independent",),
       statement="The Δ_ε map (a shift and a scaling) keeps P; hence any two inputs with very "
       "different P have near-simplex versions whose squared distances agree within 1 ± ε "
       "(checked at ρ = 10; every ρ from 1 to n − 1 for g(C): tsne.lemma6.g_family_in_delta).",
       source=("printed",
               ("camera-ready PDF "
               "(njbergam/tsne-exaggerates-clusters@8ec0d8d:visuals/2_poison_point/main.pdf), "
               "p. 5, Thm 5, and p. 6, Lemma 6 (the set Delta_eps)")),
       setting="exact")
def _near_simplex(seed: int = 0):
    rng = np.random.default_rng(seed)
    X, _ = two_blobs(rng, n=50)
    Xp = rng.normal(size=(50, 5)) * np.r_[10.0, 1, 1, 0.1, 0.1]
    refs = [reference_joint_probabilities(sq_distances(Z), 10.0) for Z in (X, Xp)]
    off = ~np.eye(50, dtype=bool)
    j = Judge()
    j.ge("max|P(X) - P(X')| (the inputs differ)", np.abs(refs[0] - refs[1]).max(), 1e-3)
    for eps in (0.5, 0.1, 0.01):
        e2 = eps / (2 + eps)
        Ds = [near_simplex(sq_distances(Z), e2) for Z in (X, Xp)]
        for k, (D, ref) in enumerate(zip(Ds, refs)):
            j.close(f"eps={eps:g} input {k}: P of the near-simplex D vs P(X) Brent",
                    joint_probabilities(D, 10.0), ref, atol=SHIFT_TOL)
            j.fact(f"eps={eps:g} input {k}: D realisable (PSD Gram)",
                   np.linalg.eigvalsh(gram_from_sq_dists(D)).min() >= -1e-12)
        ratio = Ds[0][off] / Ds[1][off]
        # (1 + e2)/(1 - e2) = 1 + eps: the ratio band is algebra once each D is in [1 ± e2].
        j.fact(f"eps={eps:g}: ratio in [1 - eps, 1 + eps]",
               1 - eps <= ratio.min() and ratio.max() <= 1 + eps)
    return j.evidence(note="X: two blobs; X': an anisotropic Gaussian; ε' = ε/(2+ε) each; the "
                      "P-preservation of the map against a Brent-per-row P of each input is "
                      "the comparison; the ratio band is algebraic ((1+ε')/(1−ε') = 1+ε) and "
                      "kept as a fact; ρ = 10")


@claim("tsne.thm7.poison_point", where="Thm 7, Lemma 20", evidence=("independent", "witness"),
       statement="At ρ = 1, a regular simplex (S̄ = 0) and a two-cluster set (S̄ = (√3−1)/√3) "
       "each with their centroid appended have identical P.",
       source=("printed",
               ("camera-ready PDF "
               "(njbergam/tsne-exaggerates-clusters@8ec0d8d:visuals/2_poison_point/main.pdf), "
               "p. 7, §4.2.2, Thm 7 (silhouette (sqrt 3 - 1)/sqrt 3 at perplexity 1); "
               "camera-ready appendix, LaTeX source "
               "(njbergam/tsne-exaggerates-clusters@8336e68:visuals/2_poison_point/tsne_mode_collapse/appendix.tex), "
               "Lemma 20 (L446-L451) and the proof of Thm 7 (L393-L444)")),
       setting="exact")
def _poison_point():
    j = Judge()
    for n in (8, 16):
        X0, X1, labels = poison_point(n)
        D0, D1 = sq_distances(X0), sq_distances(X1)
        P0, P1 = joint_probabilities(D0, 1.0), joint_probabilities(D1, 1.0)
        # Independent: Lemma 20 by hand, each row uniform on its nearest neighbours.
        nn = np.zeros_like(D0)
        for i in range(n + 1):
            row = np.where(np.arange(n + 1) == i, np.inf, D0[i])
            nn[i] = row == row.min()
        nn /= nn.sum(axis=1, keepdims=True)
        P_hand = (nn + nn.T) / (2 * (n + 1))
        j.close(f"n={n}: P(simplex + centroid) vs Lemma 20 by hand", P0, P_hand, rtol=EXACT)
        j.close(f"n={n}: P(two clusters + centroid) vs Lemma 20 by hand", P1, P_hand, rtol=EXACT)
        j.close(f"n={n}: P_0i vs (1 + 1/n)/(2(n+1))", P0[-1, :-1], (1 + 1 / n) / (2 * (n + 1)),
                rtol=EXACT)
        j.close(f"n={n}: S(two clusters) from coordinates", reference_silhouette(X1[:-1], labels),
                (np.sqrt(3) - 1) / np.sqrt(3), rtol=EXACT)
        j.close(f"n={n}: S(simplex)", reference_silhouette(X0[:-1], labels), 0.0, atol=EXACT,
                scale=1.0)
    return j.evidence(note="dyadic coordinates (n a power of two), so every squared distance "
                      "is exact and the nearest-neighbour ties of Lemma 20 are exact ties")
