"""Registered claims filling the blueprint's gaps: Thm 7's every-partition silhouette and every
even n, Cors 11 and 13 as printed and corrected, Algorithm 1 as printed, Lemma 6 directly,
Lemma 20 with ties, and the Dunn-index formula in the proof of Thm 12."""

from __future__ import annotations

import numpy as np
from scipy.special import logsumexp

from theory.claims import Judge, claim
from theory.tolerances import EXACT
from theory.tsne._affinities import calibrate, joint_probabilities, sq_distances
from theory.tsne._constructions import classical_mds, scaled, shifted, two_point_masses
from theory.tsne._impostor import cor4_beta, cor4_layout
from theory.tsne._objective import kl_divergence, kl_gradient, output_affinities
from theory.tsne._reference import reference_joint_probabilities
from theory.tsne._scores import calinski_harabasz, dunn, dunn_extremes, scatter
from theory.tsne.claims import SHIFT_TOL, two_blobs
from theory.tsne.claims_impostors import _two_mass_gradient

_PDF = ("camera-ready PDF "
        "(njbergam/tsne-exaggerates-clusters@8ec0d8d:visuals/2_poison_point/main.pdf)")
_APP = ("camera-ready appendix, LaTeX source "
        "(njbergam/tsne-exaggerates-clusters@8336e68:visuals/2_poison_point/tsne_mode_collapse/"
        "appendix.tex)")


# ---------------------------------------------------------------------------------------------
# helpers, written from the definitions


def _silhouette_def2(X, labels) -> float:
    """Mean silhouette of Def. 2 point by point, singletons allowed (S(i) = 0 there)."""
    X = np.asarray(X, dtype=float)
    labels = np.asarray(labels)
    total = 0.0
    for i in range(len(X)):
        own = labels == labels[i]
        if own.sum() == 1:
            continue
        d = np.sqrt(((X - X[i]) ** 2).sum(axis=1))
        a = d[own].sum() / (own.sum() - 1)
        b = min(d[labels == c].mean() for c in np.unique(labels) if c != labels[i])
        m = max(a, b)
        total += (b - a) / m if m > 0 else 0.0
    return total / len(X)


def _set_partitions(n: int):
    """Every partition of range(n) as a restricted-growth label vector (Bell(n) of them)."""
    labels = [0] * n

    def rec(i, k):
        if i == n:
            yield np.array(labels)
            return
        for c in range(k + 1):
            labels[i] = c
            yield from rec(i + 1, max(k, c + 1))

    yield from rec(1, 1)


def _nn_rows(D) -> np.ndarray:
    """Rows uniform on each point's exact nearest neighbours (Lemma 20 by hand)."""
    D = np.asarray(D, dtype=float)
    n = len(D)
    R = np.where(np.eye(n, dtype=bool), np.inf, D)
    nn = (R == R.min(axis=1, keepdims=True)).astype(float)
    return nn / nn.sum(axis=1, keepdims=True)


def _sym(Pc) -> np.ndarray:
    return (Pc + Pc.T) / (2 * len(Pc))


def _p_by_hand(D, rho: float) -> np.ndarray:
    """P at ρ = 1 (nearest neighbours), ρ = n − 1 (uniform) or Brent in between."""
    n = len(D)
    if rho == 1:
        return _sym(_nn_rows(D))
    if rho == n - 1:
        return _sym((1 - np.eye(n)) / (n - 1))
    return reference_joint_probabilities(D, rho)


def _lattice(rng, n: int = 30, side: int = 4, dim: int = 3) -> np.ndarray:
    """n distinct integer points of {0..side-1}^dim: many exact nearest-neighbour ties."""
    grid = np.array(np.meshgrid(*[np.arange(side)] * dim)).reshape(dim, -1).T
    return grid[rng.choice(len(grid), n, replace=False)].astype(float)


# ---------------------------------------------------------------------------------------------
# Theorem 7


@claim("tsne.thm7.simplex_silhouette_zero", where="Thm 7 (first bullet)",
       evidence=("independent", "proof"),
       statement="The regular simplex $X_0$ of Thm 7 has mean silhouette 0 with respect to every "
       "partition into $k \\ge 2$ parts (singletons allowed, with $S(i) = 0$ by Def. 2); a "
       "control: the same brute-force silhouette gives $(\\sqrt3-1)/\\sqrt3$ on $X_1$.",
       source=("printed", (f"{_PDF}, p. 7, §4.2.2, Thm 7, first bullet; {_APP}, proof of Thm 7 "
               "(L393-L444: all points equidistant) and Def. 2 (p. 4, singletons score 0)")),
       setting="exact")
def _simplex_silhouette(seed: int = 0):
    """Proof: in a regular simplex every distance between distinct points is the same s > 0,
    so a(i) = b(i) = s for every point of a cluster of size >= 2 and S(i) = 0; a singleton
    scores 0 by Def. 2. Hence every partition scores exactly 0. The check enumerates every
    partition of the 8-point simplex (Bell(8) − 1 = 4139 with k >= 2) in the paper's own
    realisation (classical MDS of J − I, centred, in R^{n−1}) and random partitions for larger
    n, computing the silhouette point by point from the coordinates."""
    rng = np.random.default_rng(seed)
    j = Judge()
    X8 = classical_mds(1.0 - np.eye(8), 7)
    worst, count = 0.0, 0
    for lab in _set_partitions(8):
        if lab.max() == 0:
            continue  # k = 1 is not a partition in Def. 2's sense
        worst = max(worst, abs(_silhouette_def2(X8, lab)))
        count += 1
    j.fact("n=8: every partition with k >= 2 enumerated (Bell(8) - 1 = 4139)", count == 4139)
    j.le("n=8: max over all partitions of |S(X_0)|", worst, 0.0, atol=EXACT, scale=1.0)
    for n in (4, 6, 10, 16, 30):
        X0 = classical_mds(1.0 - np.eye(n), n - 1)
        worst = 0.0
        for _ in range(100):
            k = int(rng.integers(2, n + 1))
            lab = rng.integers(0, k, n)
            if np.unique(lab).size < 2:
                lab[0] = (lab[1] + 1) % k
            worst = max(worst, abs(_silhouette_def2(X0, lab)))
        j.le(f"n={n}: max over 100 random partitions of |S(X_0)|", worst, 0.0, atol=EXACT,
             scale=1.0)
        # control: the same function sees the clusters of X_1 (squared distances 1 within,
        # 3 across, the proof's r = 2), realised by classical MDS as well
        half = n // 2
        D1 = np.ones((n, n)) + 2.0 * (np.arange(n)[:, None] // half != np.arange(n) // half)
        np.fill_diagonal(D1, 0.0)
        X1 = classical_mds(D1, n - 1)
        j.close(f"n={n}: control S(X_1) vs (sqrt3-1)/sqrt3",
                _silhouette_def2(X1, np.arange(n) // half), (np.sqrt(3) - 1) / np.sqrt(3),
                rtol=1e-12)
    return j.evidence(note="all 4139 partitions of the 8-point simplex and 100 random "
                      "partitions (k from 2 to n, singletons allowed) for n ∈ {4, 6, 10, 16, "
                      "30}; simplex and X_1 realised by classical MDS of their printed squared "
                      "distance matrices; |S| ≤ ~1e-15 from the rounding of the realisation")


@claim("tsne.thm7.every_even_n", where="Thm 7, Lemma 20", evidence=("independent", "witness"),
       statement="For every even $n$ from 4 to 20, the paper's realisations of $D^2(X_0) = J - "
       "I$ and $D^2(X_1)$ ($r = 2$), centred by classical MDS in $\\mathbb{R}^{n-1}$, with "
       "the origin $x_0$ appended, have the same P at $\\rho = 1$: the printed "
       "$\\frac{1}{2(n+1)}(1 + \\frac1n)$ between $x_0$ and every point and 0 elsewhere.",
       source=("printed", (f"{_PDF}, p. 7, §4.2.2, Thm 7 (n >= 4 even); {_APP}, proof of "
               "Thm 7 (L393-L444: realisations centred at the origin, x_0 the origin, the "
               "printed D^2 and P matrices)")),
       setting="exact")
def _thm7_every_even_n():
    j = Judge()
    for n in range(4, 21, 2):
        half = n // 2
        across = np.arange(n)[:, None] // half != np.arange(n) // half
        D0 = 1.0 - np.eye(n)
        D1 = D0 + 2.0 * across
        P_printed = np.zeros((n + 1, n + 1))
        P_printed[-1, :-1] = P_printed[:-1, -1] = (1 + 1 / n) / (2 * (n + 1))
        for name, D, c in (("X0", D0, 0.5 - 0.5 / n), ("X1", D1, 0.5 + 0.5 - 0.5 / n)):
            Z = np.vstack([classical_mds(D, n - 1), np.zeros(n - 1)])
            Dz = sq_distances(Z)
            # the printed squared distance of x_0 to each point (1/2 + r/4 - 1/(2n) for X_1)
            j.close(f"n={n} {name}: |x_i - x_0|^2 vs printed", Dz[-1, :-1], c, rtol=1e-12)
            j.close(f"n={n} {name}: P at rho=1 vs the printed P", joint_probabilities(Dz, 1.0),
                    P_printed, rtol=1e-12, atol=1e-15)
    return j.evidence(note="n = 4, 6, …, 20; the realisations are not dyadic, so the "
                      "distances from x_0 are equal only up to rounding (ties within 1e-12 "
                      "relative, as Lemma 20's nearest-neighbour sets need); P from the "
                      "realised coordinates against the printed matrix")


# ---------------------------------------------------------------------------------------------
# Corollaries 11 and 13


def _two_mass_refutation(j: Judge, index: str) -> None:
    """The counterexample shared with Cor. 4: ε = ∞ forces two point masses in X and in Y."""
    X, lab = two_point_masses(8)
    j.fact(f"{index}(two point masses) = inf",
           (calinski_harabasz if index == "CH" else dunn)(X, lab) == np.inf)
    Xp = X.copy()
    Xp[0, 0] += 1e-3  # any spread inside a cluster makes the index finite
    j.fact(f"{index}(two masses, one point moved) < inf",
           np.isfinite((calinski_harabasz if index == "CH" else dunn)(Xp, lab)))
    for n in (4, 6, 8, 12, 20, 40):
        rhos = sorted({1.0, 1.5, *[float(k) for k in range(2, n // 2)], float(n - 1)})
        rhos = [r for r in rhos if r <= n / 2 - 1 or r == n - 1]
        for rho in rhos:
            p_across, dLdr = _two_mass_gradient(n, rho)
            scale = float(np.abs(dLdr).max())
            j.le(f"{index} n={n} rho={rho:g}: min_r dL/dr <= 0", dLdr.min(), 0.0, scale=scale)
            j.ge(f"{index} n={n} rho={rho:g}: max_r dL/dr >= 0", dLdr.max(), 0.0, scale=scale)
            if rho < n - 1:
                j.fact(f"{index} n={n} rho={rho:g}: P_across = 0 (sigma* = 0)", p_across == 0.0)


_COR_DOC = """Why it fails: the family includes ε = ∞, and {index} = ∞ means the within-cluster
term is 0 while the between term is not, i.e. X_∞ is two distinct point masses (the halves of
the fixed partition); the same holds for the output Y with {index}(Y) = ∞. This is Cor. 4's
counterexample (tsne.cor4.all_perplexities): for ρ ≤ n/2 − 1 every row's entropy stays above
log ρ for every σ > 0, the calibration ends at σ = 0, P puts no mass across, and dL/dr < 0 for
every separation r > 0, so no two-mass Y is stationary; at ρ = n − 1 P is uniform and only
r = 0 is stationary. The proof (appendix L364-L386) shares Cor. 4's assumption that σ is
non-zero for every ρ ∈ [1, n − 1]."""


@claim("tsne.cor11.all_perplexities", where="Cor. 11 (App. A.4)", expected="refuted",
       corrected_by="tsne.cor11_13.interior_perplexities", evidence=("witness", "proof"),
       statement="Cor. 11 as printed: for $n \\ge 4$ even and two equal halves there are "
       "inputs $X_\\varepsilon$, $1 < \\varepsilon \\le \\infty$, with CH $= \\varepsilon$ "
       "that share, for every $\\rho \\in [1, n-1]$, a stationary output Y with CH $= \\infty$.",
       source=("printed", (f"{_APP}, App. A.4, Cor. 11 (\\label{{cor:twoCluster_n_UnclusteredCH}}, "
               "L150-L156; the CH footnote x/0 = inf), proof shared with Cor. 4 at L364-L386 "
               "(sigma non-zero for every perplexity in [1, n-1])")),
       setting="exact")
def _cor11_all():
    j = Judge()
    _two_mass_refutation(j, "CH")
    return j.evidence(note="CH = ∞ forces two point masses in X_∞ and in Y; for n ∈ {4, …, "
                      "40}, every integer ρ ≤ n/2 − 1 (and 1.5) and ρ = n − 1, dL/dr of the "
                      "two-mass layout keeps one sign on r ∈ [1e-3, 1e4]: no such Y is "
                      "stationary. Holds only for ρ ∈ (n/2 − 1, n − 1).")


_cor11_all.__doc__ = _COR_DOC.format(index="CH")


@claim("tsne.cor13.all_perplexities", where="Cor. 13 (App. A.5)", expected="refuted",
       corrected_by="tsne.cor11_13.interior_perplexities", evidence=("witness", "proof"),
       statement="Cor. 13 as printed: for $n \\ge 4$ even and two equal halves there are "
       "inputs $X_\\varepsilon$, $1 < \\varepsilon \\le \\infty$, with DI $= \\varepsilon$ "
       "that share, for every $\\rho \\in [1, n-1]$, a stationary output Y with DI $= \\infty$.",
       source=("printed", (f"{_APP}, App. A.5, Cor. 13 "
               "(\\label{cor:twoCluster_n_UnclusteredDunn}, L184-L190; the DI footnote x/0 = "
               "inf), proof shared with Cor. 4 at L364-L386 (sigma non-zero for every "
               "perplexity in [1, n-1])")),
       setting="exact")
def _cor13_all():
    j = Judge()
    _two_mass_refutation(j, "DI")
    return j.evidence(note="DI = ∞ forces two point masses in X_∞ and in Y; same "
                      "counterexample as Cor. 11 and Cor. 4. Holds only for ρ ∈ (n/2 − 1, "
                      "n − 1).")


_cor13_all.__doc__ = _COR_DOC.format(index="DI")


@claim("tsne.cor11_13.interior_perplexities", where="Cors 11 and 13 (App. A.4, A.5)",
       expected="corrected", evidence=("independent", "witness"),
       statement="For $\\rho \\in (n/2-1, n-1)$, shifts of two point masses give inputs of "
       "every CH in $(1, \\infty]$ and every DI in $(1, \\infty]$ with the same P, all sharing "
       "the stationary output $Y = \\{0, r^*\\}$ ($Q(Y) = P$) with CH $=$ DI $= \\infty$.",
       source=("ours", ("our correction of Cors 11 and 13 (appendix L150-L156, L184-L190): the "
               "perplexity range restricted to (n/2-1, n-1), as for Cor. 4")),
       setting="exact")
def _cor11_13_interior():
    j = Judge()
    for n, rho in ((8, 5.0), (40, 30.0)):
        X, lab = two_point_masses(n)
        B, _W = scatter(X, lab)
        db2, _ = dunn_extremes(X, lab)
        P0 = reference_joint_probabilities(sq_distances(shifted(X, 1.0)), rho)
        Y, _ = cor4_layout(n, rho)
        for t in (1.01, 2.0, 50.0):
            for index, c in (("CH", 2 * B / (t - 1)), ("DI", db2 / (t * t - 1))):
                Xe = shifted(X, c)
                # realised index from coordinates: CH from centroids, DI by brute force
                if index == "CH":
                    mu = Xe.mean(axis=0)
                    Bt = sum((lab == m).sum() * ((Xe[lab == m].mean(0) - mu) ** 2).sum()
                             for m in (0, 1))
                    Wt = sum(((Xe[lab == m] - Xe[lab == m].mean(0)) ** 2).sum() for m in (0, 1))
                    val = (Bt / 1) / (Wt / (n - 2))
                else:
                    Dm = np.sqrt(sq_distances(Xe))
                    same = lab[:, None] == lab[None, :]
                    val = Dm[~same].min() / Dm[same & ~np.eye(n, dtype=bool)].max()
                j.close(f"n={n} rho={rho:g} {index} target {t:g}: realised", val, t, rtol=1e-9)
                j.close(f"n={n} rho={rho:g} {index} target {t:g}: P vs Brent P(X_+1)",
                        joint_probabilities(sq_distances(Xe), rho), P0, atol=SHIFT_TOL)
        beta, _ = calibrate(sq_distances(shifted(X, 1.0)), rho)
        j.close(f"n={n} rho={rho:g}: beta vs two-level Brent", beta, cor4_beta(n, rho) + 0 * beta,
                rtol=1e-10)
        j.close(f"n={n} rho={rho:g}: Q(Y*) vs P", output_affinities(Y), P0, rtol=1e-10)
        j.le(f"n={n} rho={rho:g}: max|grad| at Y*", np.abs(kl_gradient(P0, Y)).max(), 0.0,
             atol=EXACT, scale=float(np.abs(kl_gradient(P0, 2 * Y)).max()))
        j.le(f"n={n} rho={rho:g}: KL at Y*", kl_divergence(P0, Y), 0.0, atol=EXACT,
             scale=kl_divergence(P0, 2 * Y))
        j.fact(f"n={n} rho={rho:g}: CH(Y*) = DI(Y*) = inf",
               calinski_harabasz(Y, lab) == np.inf and dunn(Y, lab) == np.inf)
    return j.evidence(note="X: two point masses at distance 1 (CH = DI = ∞ at shift 0); the "
                      "shift for a target t is 2B/(t − 1) for CH and d_b²/(t² − 1) for DI; the "
                      "indices recomputed from the realised coordinates; P of every input "
                      "against a Brent-per-row P of X_{+1} (at shift 0 the clusters are point "
                      "masses and β is relative to the within distance 0); Y* from Cor. 4's "
                      "two-level calibration")


# ---------------------------------------------------------------------------------------------
# Dunn index formula in the proof of Theorem 12


def _dunn_g_family(X, lab, C: float):
    """DI of the realised g(C) = ((1 − C) X)_{+C}, by brute force over pairs."""
    Z = shifted(scaled(X, 1 - C), C)
    Dm = np.sqrt(sq_distances(Z))
    same = lab[:, None] == lab[None, :]
    return Dm[~same].min() / Dm[same & ~np.eye(len(X), dtype=bool)].max()


@claim("tsne.appA5.dunn_proof_formula", where="Thm 12 proof (App. A.5)", expected="refuted",
       corrected_by="tsne.appA5.dunn_g_family", evidence=("witness",),
       statement="The proof of Thm 12 writes the Dunn index of g(C) (the input scaled by 1 − C, "
       "then shifted by C) as √((1 − C)·d_b + C) / √((1 − C)·d_w + C), read charitably with "
       "d_b, d_w the squared extreme distances (so that f(0) = DI(X)).",
       source=("printed", (f"{_APP}, App. A.5, proof of Thm 12 (L192-L200, the formula for f(C) "
               "at L196)")),
       setting="exact")
def _dunn_proof_formula(seed: int = 0):
    """Counterexample on the proof's own g (Cor. 19): the squared distances of g(C) are
    (1 − C)² D + C, so the factor is (1 − C)², not (1 − C); the two agree only at C ∈ {0, 1}.
    The theorem itself still holds (tsne.appA5.dunn_impostor, tsne.appA5.dunn_g_family)."""
    rng = np.random.default_rng(seed)
    X, lab = two_blobs(rng, n=20, gap=6.0)
    db2, dw2 = dunn_extremes(X, lab)
    j = Judge()
    for C in (0.25, 0.5, 0.9):
        printed = np.sqrt((1 - C) * db2 + C) / np.sqrt((1 - C) * dw2 + C)
        j.close(f"C={C:g}: printed f(C) vs DI of the realised g(C)", printed,
                _dunn_g_family(X, lab, C), rtol=1e-9)
    return j.evidence(note="two blobs of 10 in R^5; DI by brute force over the pairs of the "
                      "realised g(C); the printed f(C) (charitable, squared reading) differs "
                      "at every C in (0, 1)")


@claim("tsne.appA5.dunn_g_family", where="Thm 12 proof (App. A.5)", expected="corrected",
       evidence=("independent",),
       statement="DI of $g(C) = ((1-C)X)_{+C}$ is $\\sqrt{(1-C)^2 d_b^2 + C}/\\sqrt{(1-C)^2 "
       "d_w^2 + C}$, which falls continuously from DI(X) at $C = 0$ to 1 at $C = 1$, so the "
       "proof's conclusion (every DI in $(1, \\mathrm{DI}(X)]$ is hit) stands.",
       source=("ours", ("our correction of the formula at L196 of the appendix (proof of "
               "Thm 12), from Cor. 19's squared distances (1-C)^2 D + C")),
       setting="exact")
def _dunn_g_family_check(seed: int = 0):
    rng = np.random.default_rng(seed)
    X, lab = two_blobs(rng, n=20, gap=6.0)
    db2, dw2 = dunn_extremes(X, lab)
    j = Judge()
    for C in (0.0, 0.25, 0.5, 0.9, 0.999):
        corrected = np.sqrt((1 - C) ** 2 * db2 + C) / np.sqrt((1 - C) ** 2 * dw2 + C)
        j.close(f"C={C:g}: corrected f(C) vs DI of the realised g(C)", corrected,
                _dunn_g_family(X, lab, C), rtol=1e-9)
    grid = np.linspace(0, 1, 401)
    f = np.sqrt((1 - grid) ** 2 * db2 + grid) / np.sqrt((1 - grid) ** 2 * dw2 + grid)
    j.fact("corrected f decreasing on a 401-point grid of [0, 1]", bool(np.all(np.diff(f) < 0)))
    j.close("f(1) vs 1", f[-1], 1.0, rtol=EXACT)
    return j.evidence(note="same two blobs as the refuted row; DI by brute force over pairs")


# ---------------------------------------------------------------------------------------------
# Algorithm 1, Lemma 6, Lemma 20


def _inputs(rng):
    """Generic two blobs, an integer lattice with many exact ties, and a set with a duplicate."""
    X, _ = two_blobs(rng, n=40)
    L = _lattice(rng)
    Dup = np.vstack([L[:20], L[:1]])  # point 20 duplicates point 0
    return {"blobs": (X, (1.0, 2.0, 5.0, 10.0, 30.0, 39.0)),
            "lattice": (L, (1.0, 10.0, 20.0, 29.0)),
            "duplicate": (Dup, (1.0, 5.0, 12.0, 20.0))}


@claim("tsne.alg1.printed_impostor", where="Algorithm 1 (App. A.7), §4.2.1",
       evidence=("independent", "witness"),
       statement="Algorithm 1 as printed ($D' = \\varepsilon D/\\max D + (J - I)$, then "
       "classical MDS in $\\mathbb{R}^{n-1}$) returns points whose squared distances are $D'$, "
       "whose aspect ratio (largest over smallest distance) is at most "
       "$\\sqrt{1+\\varepsilon} < 1 + \\varepsilon$, and whose P equals X's at every "
       "perplexity of a grid from 1 to $n - 1$ (generic input, exact ties, a duplicate point).",
       source=("printed", (f"{_APP}, App. A.7, Algorithm 1 (L476-L490; its '< 1 + eps' aspect "
               f"ratio is in a commented-out Return line, the aspect ratio is defined in Fig. 9's "
               f"caption, L44-L50); {_PDF}, p. 6, §4.2.1 (the impostor keeps the t-SNE profile "
               "and is arbitrarily close to a regular simplex, footnote 3 pointing to Alg. 1)")),
       setting="exact")
def _alg1(seed: int = 0):
    rng = np.random.default_rng(seed)
    j = Judge()
    for name, (X, rhos) in _inputs(rng).items():
        D = sq_distances(X)
        n = len(X)
        off = ~np.eye(n, dtype=bool)
        refs = {rho: _p_by_hand(D, rho) for rho in rhos}
        for eps in (2.0, 0.5, 0.05):
            Dp = eps / D.max() * D + (1.0 - np.eye(n))
            Xe = classical_mds(Dp, n - 1)
            De = sq_distances(Xe)
            j.close(f"{name} eps={eps:g}: D of the MDS points vs D'", De, Dp, atol=1e-13)
            d = np.sqrt(De[off])
            j.le(f"{name} eps={eps:g}: aspect ratio vs sqrt(1+eps)", d.max() / d.min(),
                 np.sqrt(1 + eps), rtol=1e-12)
            j.fact(f"{name} eps={eps:g}: sqrt(1+eps) < 1+eps", np.sqrt(1 + eps) < 1 + eps)
            for rho in rhos:
                j.close(f"{name} eps={eps:g} rho={rho:g}: P(Alg. 1 output) vs P(X) by hand",
                        joint_probabilities(De, rho), refs[rho], atol=SHIFT_TOL)
        # witness: with a duplicate the squared aspect ratio attains 1 + eps exactly
        if name == "duplicate":
            j.close("duplicate eps=0.5: aspect ratio vs sqrt(1.5) (attained)",
                    np.sqrt((0.5 * D / D.max() + 1)[off].max() /
                            (0.5 * D / D.max() + 1)[off].min()), np.sqrt(1.5), rtol=1e-12)
    return j.evidence(note="inputs: two blobs (n = 40, generic), 30 distinct lattice points "
                      "of {0..3}^3 (many exact nearest-neighbour ties), 21 lattice points with "
                      "a duplicate; eps ∈ {2, 0.5, 0.05}; P of the MDS coordinates against P "
                      "of X computed another way: Brent per row in the interior, nearest "
                      "neighbours from X's exact distances at ρ = 1 (Lemma 20), uniform at "
                      "n − 1; the aspect bound √(1+ε) is attained when X has a duplicate")


@claim("tsne.lemma6.g_family_in_delta", where="Lemma 6 (§4.2.1), Cor. 19",
       evidence=("independent", "proof"),
       statement="For every input and $\\varepsilon > 0$, $g(C) = ((1-C)X)_{+C}$ with $1 - C = "
       "\\min(\\varepsilon, 1/\\max D)$ has every squared distance in $[1-\\varepsilon, "
       "1+\\varepsilon]$ and the same P as X at every perplexity of a grid from 1 to "
       "$n - 1$, so every attainable output is attained from $\\Delta_\\varepsilon$.",
       source=("printed", (f"{_PDF}, p. 6, §4.2.1, Lemma 6; its proof in {_APP}, L319-L326 "
               "(g from Cor. 19, C close to 1)")),
       setting="exact")
def _lemma6(seed: int = 0):
    """Proof: with t = 1 − C the squared distances of g(C) are t²D + 1 − t (Cor. 19), in
    [1 − t, 1 − t + t² max D] ⊂ [1 − ε, 1] when t ≤ ε and t max D ≤ 1. g(C) is a scaling then a
    shift, which keep P for ρ ∈ (1, n − 1) (Lemmas 17, 18), and keep the order of every row's
    distances, hence the nearest-neighbour rows at ρ = 1 (Lemma 20); at ρ = n − 1 P is uniform.
    The objective depends on X only through P, so the stationary sets agree; '⊇' is trivial."""
    rng = np.random.default_rng(seed)
    j = Judge()
    for name, (X, rhos) in _inputs(rng).items():
        D = sq_distances(X)
        n = len(X)
        off = ~np.eye(n, dtype=bool)
        refs = {rho: _p_by_hand(D, rho) for rho in rhos}
        for eps in (2.0, 0.5, 0.01):
            t = min(eps, 1.0 / D.max())
            Dg = sq_distances(shifted(scaled(X, t), 1.0 - t))
            j.ge(f"{name} eps={eps:g}: min squared distance vs 1 - eps", Dg[off].min(),
                 1 - eps if eps < 1 else 0.0, atol=1e-13)
            j.le(f"{name} eps={eps:g}: max squared distance vs 1 + eps", Dg[off].max(),
                 1 + eps, atol=1e-13)
            for rho in rhos:
                j.close(f"{name} eps={eps:g} rho={rho:g}: P(g(C)) vs P(X) by hand",
                        joint_probabilities(Dg, rho), refs[rho], atol=SHIFT_TOL)
    return j.evidence(note="the inputs of tsne.alg1.printed_impostor (generic, exact ties, "
                      "a duplicate); g(C) realised as [t·X | sqrt((1−t)/2)·I]; P against "
                      "Brent per row (interior), exact nearest neighbours (ρ = 1) and uniform "
                      "(ρ = n − 1). The band is not tight for these inputs (t ≤ 1/max D), so "
                      "the P comparisons carry the power")


@claim("tsne.lemma20.nearest_neighbour_rows", where="Lemma 20 (App. A.6)",
       evidence=("independent", "witness"),
       statement="At $\\rho = 1$ every row $P_{\\cdot|j}$ is uniform on $j$'s nearest "
       "neighbours (ties and duplicates included): it is the $\\sigma_j \\to 0$ limit of the "
       "Gaussian row, whose entropy decreases to $\\log|N(j)| \\ge 0$, so $\\sigma_j = 0$ is "
       "the minimiser of $|H - \\log 1|$.",
       source=("printed", (f"{_APP}, App. A.6, Lemma 20 (\\label{{lem:rho_equal_one}}, "
               "L446-L453)")),
       setting="exact")
def _lemma20(seed: int = 0):
    rng = np.random.default_rng(seed)
    j = Judge()
    for name, (X, _) in _inputs(rng).items():
        D = sq_distances(X)
        n = len(X)
        nn = _nn_rows(D)
        _, Pc = calibrate(D, 1.0)
        j.close(f"{name}: P_cond at rho=1 vs uniform on exact nearest neighbours", Pc, nn,
                rtol=EXACT, atol=1e-300)
        j.fact(f"{name}: some row has tied nearest neighbours" if name != "blobs" else
               f"{name}: no ties (generic)",
               (nn.max(axis=1) < 1).any() if name != "blobs" else (nn.max(axis=1) == 1).all())
        # Independent: the Gaussian row itself (log-sum-exp, no row-minimum trick) at growing
        # precision beta converges to the nearest-neighbour row within (n-2) exp(-beta gap).
        for i in range(0, n, 7):
            d = np.delete(D[i], i)
            row = np.delete(nn[i], i)
            gaps = d[d > d.min()] - d.min()
            gap = gaps.min()
            H_prev = np.log(n - 1)
            for k in (2.0, 5.0, 10.0):
                beta = k / gap
                z = -beta * d
                p = np.exp(z - logsumexp(z))
                H = float(-(p[p > 0] * np.log(p[p > 0])).sum())
                j.le(f"{name} row {i} beta*gap={k:g}: max|p - nn row| vs (n-2)e^(-beta gap)",
                     np.abs(p - row).max(), (n - 2) * np.exp(-k), rtol=1e-9)
                j.ge(f"{name} row {i} beta*gap={k:g}: H - log|N(i)| > 0", H - np.log(1 / row.max()),
                     0.0)
                j.fact(f"{name} row {i} beta*gap={k:g}: H decreasing in beta", H < H_prev)
                H_prev = H
    return j.evidence(note="inputs: two blobs (generic), lattice points with exact ties, a "
                      "duplicate point; our ρ = 1 rows against nearest neighbours from exact "
                      "distances, and the Gaussian row at β·gap ∈ {5, 20, 40} (log-sum-exp) "
                      "against the limit, with the bound (n−2)e^{−β·gap} on the deviation")
