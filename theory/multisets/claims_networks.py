"""Thm 3.4 and Lemma 3.5: Lipschitz bounds of set networks NN_g = MLP2 ∘ g ∘ MLP1 (numpy MLPs).

Lip(MLP) is bounded by the product of the spectral norms of its layers (ReLU is 1-Lipschitz), so a
random network whose measured ratio exceeds the product bound would refute the theorem.
"""

from __future__ import annotations

import numpy as np

from theory.claims import Evidence, claim
from theory.multisets._distances import emd, hausdorff, matching
from theory.multisets._networks import (
    lipschitz_two_layer_1d,
    mlp,
    mlp_lipschitz_bound,
    network_bound,
    random_mlp,
    set_network,
    sum_network_offset_bound,
    tent_encoder,
)
from theory.tolerances import EXACT, LP

_DIST = {"emd": emd, "hausdorff": hausdorff, "matching": matching}


def _nets(rng, d, width, *, bias=True):
    enc = random_mlp([d, 16, width], bias=bias, rng=rng)
    dec = random_mlp([width, 8, 2], bias=True, rng=rng)
    return enc, dec, mlp_lipschitz_bound(enc), mlp_lipschitz_bound(dec)


def _pair(rng, d, equal_size=None):
    m, n = ((equal_size, equal_size) if equal_size else rng.integers(1, 7, size=2))
    X = rng.normal(size=(m, d))
    if rng.random() < 0.5:  # near pairs probe the local slope, where bounds are tightest
        Y = X[:n] if n <= m else np.vstack([X, rng.normal(size=(n - m, d))])
        Y = Y + rng.normal(scale=0.05, size=Y.shape)
    else:
        Y = rng.normal(size=(n, d))
    return X, Y


def _worst(rng, kind, dist, *, d=3, width=8, bias=True, equal_size=None, n_nets=10, n_pairs=40):
    worst = 0.0
    for _ in range(n_nets):
        enc, dec, l1, l2 = _nets(rng, d, width, bias=bias)
        bound = network_bound(kind, dist, l1, l2, width=width, equal_size=equal_size)
        for _ in range(n_pairs):
            X, Y = _pair(rng, d, equal_size)
            dxy = _DIST[dist](X, Y)
            if dxy > 0:
                r = np.linalg.norm(set_network(X, enc, dec, kind) - set_network(Y, enc, dec, kind))
                worst = max(worst, float(r / dxy / bound))
    return worst


def _aligned_linear_witness(rng, kind, dist, d=3):
    """One-layer linear MLPs with W2 = W1^T attain Lip2 Lip1 = ‖W1‖²: singletons moved along the
    top right singular vector of W1 (so the product bound is tight, not just valid)."""
    W1 = rng.normal(size=(5, d))
    enc, dec = [(W1, np.zeros(5))], [(W1.T.copy(), np.zeros(d))]
    v = np.linalg.svd(W1)[2][0]
    X = rng.normal(size=(1, d))
    Y = X + v
    r = np.linalg.norm(set_network(X, enc, dec, kind) - set_network(Y, enc, dec, kind))
    return float(r / _DIST[dist](X, Y) / (mlp_lipschitz_bound(enc) * mlp_lipschitz_bound(dec)))


@claim("multisets.thm34.mean_emd_product_bound", where="Thm 3.4(1)",
       statement="Lip(NN_MEAN; EMD) <= Lip(MLP2) Lip(MLP1).")
def _mean_emd(seed: int = 0):
    rng = np.random.default_rng(seed)
    w = _worst(rng, "mean", "emd")
    t = _aligned_linear_witness(rng, "mean", "emd")
    return Evidence(w <= 1 + LP and abs(t - 1) <= LP,
                    {"max_ratio_over_bound": w, "aligned_witness_ratio_over_bound": t},
                    {"max_ratio_over_bound": "<= 1", "aligned_witness_ratio_over_bound": 1.0},
                    LP, "10 random ReLU MLP pairs with biases (3->16->8, 8->8->2), 40 set pairs "
                    "each, sizes 1..6; bound = product of spectral norms; linear W2 = W1^T on "
                    "singletons attains it.")


@claim("multisets.thm34.max_hausdorff_input_dim_factor", where="Thm 3.4(3) as printed",
       expected="refuted", corrected_by="multisets.thm34.max_hausdorff_pooled_width",
       statement="Read with d the input dimension: Lip(NN_MAX; d_H) <= sqrt(d) Lip(MLP2) "
       "Lip(MLP1).")
def _input_dim():
    enc = tent_encoder(16, 3.0)
    dec = [(np.eye(16), np.zeros(16))]
    lip1 = lipschitz_two_layer_1d(enc)
    X = 3.0 * np.arange(16)[:, None]
    Y = X + 0.25
    ratio = float(np.linalg.norm(set_network(X, enc, dec, "max") - set_network(Y, enc, dec, "max"))
                  / hausdorff(X, Y))
    bound = np.sqrt(1) * 1.0 * lip1
    return Evidence(ratio <= bound * (1 + LP), {"ratio": ratio, "exact_Lip(MLP1)": lip1},
                    {"bound_sqrt(d_in=1)": bound}, LP,
                    "1-D input, MLP1 = 16 disjoint unit tents at 0, 3, ..., 45 (exact Lip 1 from "
                    "its linear pieces), MLP2 = identity; X = centres, Y = X + 0.25: d_H = 0.25, "
                    "‖Δ‖ = 1, ratio 4 = 4x the bound read with d = 1.")


@claim("multisets.thm34.max_hausdorff_pooled_width", where="Thm 3.4(3), corrected",
       expected="corrected", corrects="multisets.thm34.max_hausdorff_input_dim_factor",
       statement="Lip(NN_MAX; d_H) <= sqrt(d_h) Lip(MLP2) Lip(MLP1) with d_h the width of the "
       "pooled layer, and the factor sqrt(d_h) is attained.")
def _pooled(seed: int = 0):
    w = _worst(np.random.default_rng(seed), "max", "hausdorff")
    enc, dec = tent_encoder(16, 3.0), [(np.eye(16), np.zeros(16))]
    X = 3.0 * np.arange(16)[:, None]
    tent = float(np.linalg.norm(set_network(X, enc, dec, "max")
                                - set_network(X + 0.25, enc, dec, "max")) / hausdorff(X, X + 0.25))
    tight = np.sqrt(16) * lipschitz_two_layer_1d(enc)
    ok = w <= 1 + LP and abs(tent - tight) <= LP * tight
    return Evidence(ok, {"random_max_ratio_over_bound": w, "tent_ratio": tent},
                    {"random_max_ratio_over_bound": "<= 1", "sqrt(d_h)*Lip2*Lip1 (tent)": tight},
                    LP, "10 random MLP pairs (d_h = 8) x 40 set pairs stay below the bound; the "
                    "tent network (d_h = 16, exact Lip 1) attains sqrt(16) = 4.")


@claim("multisets.thm34.sum_bias_not_matching_lipschitz", where="Thm 3.4(2), App. B.7.2",
       statement="With an encoder bias, NN_SUM is not Lipschitz for d_M: f1(x) = ReLU(x + 0.5), "
       "f2(x) = x, X = {{c,c}}, Y = {{c}} give ratio (c + 0.5)/c = 6, 51, 501 for c = .1, .01, "
       ".001, against Lip(f2)Lip(f1) = 1.")
def _bias():
    # f1(x) = ReLU(x + 0.5) as a 2-layer MLP (ReLU between layers), f2 = identity.
    enc = [(np.ones((1, 1)), np.array([0.5])), (np.ones((1, 1)), np.zeros(1))]
    dec = [(np.ones((1, 1)), np.zeros(1))]
    cs, expected = [0.1, 0.01, 0.001], [6.0, 51.0, 501.0]
    rs = []
    for c in cs:
        X, Y = np.full((2, 1), c), np.full((1, 1), c)
        rs.append(float(abs(set_network(X, enc, dec, "sum") - set_network(Y, enc, dec, "sum"))[0]
                        / matching(X, Y)))
    ok = all(abs(r - b) <= LP * b for r, b in zip(rs, expected))
    return Evidence(ok, {"ratios": rs}, {"ratios": expected}, LP,
                    "ratio (c+b1)/c grows without bound as c -> 0 while Lip(f2)Lip(f1) = 1.")


@claim("multisets.thm34.sum_offset_bound", where="Thm 3.4(2), App. B.7.2 (what does hold)",
       expected="corrected", corrects="multisets.thm34.sum_bias_not_matching_lipschitz",
       statement="With a bias, ‖ΔNN_SUM‖ <= Lip(MLP2)(Lip(MLP1) d_M + ||X|-|Y|| ‖f_MLP1(0)‖), and "
       "the App. B.7.2 witness attains it.")
def _offset(seed: int = 0):
    rng = np.random.default_rng(seed)
    worst = 0.0
    for _ in range(10):
        enc, dec, l1, l2 = _nets(rng, 3, 8, bias=True)
        f0 = float(np.linalg.norm(mlp(enc, np.zeros((1, 3)))))
        for _ in range(40):
            X, Y = _pair(rng, 3)
            b = sum_network_offset_bound(matching(X, Y), len(X), len(Y), l1, l2, f0)
            r = np.linalg.norm(set_network(X, enc, dec, "sum") - set_network(Y, enc, dec, "sum"))
            worst = max(worst, float(r / b))
    c = 0.01
    attained = sum_network_offset_bound(matching(np.full((2, 1), c), np.full((1, 1), c)), 2, 1,
                                        1.0, 1.0, 0.5)
    ok = worst <= 1 + LP and abs(attained - (c + 0.5)) <= EXACT
    return Evidence(ok, {"max_ratio_over_bound": worst, "bound_at_witness_c=0.01": attained},
                    {"max_ratio_over_bound": "<= 1", "‖Δ‖_at_witness": c + 0.5}, LP,
                    "10 random biased MLP pairs x 40 set pairs of sizes 1..6; the witness of "
                    "App. B.7.2 meets the bound with equality.")


@claim("multisets.thm34.sum_biasfree_matching_product_bound", where="Thm 3.4(2)",
       statement="Without encoder bias (f_MLP1(0) = 0), Lip(NN_SUM; d_M) <= Lip(MLP2) Lip(MLP1).")
def _biasfree(seed: int = 0):
    rng = np.random.default_rng(seed)
    w = _worst(rng, "sum", "matching", bias=False)
    t = _aligned_linear_witness(rng, "sum", "matching")
    return Evidence(w <= 1 + LP and abs(t - 1) <= LP,
                    {"max_ratio_over_bound": w, "aligned_witness_ratio_over_bound": t},
                    {"max_ratio_over_bound": "<= 1", "aligned_witness_ratio_over_bound": 1.0},
                    LP, "10 random bias-free encoders (decoder with bias) x 40 pairs, sizes 1..6; "
                    "linear W2 = W1^T on singletons attains the bound.")


@claim("multisets.lemma35.equal_size_network_bounds", where="Lemma 3.5",
       statement="For |X| = |Y| = M, set networks inherit the Lemma 3.2 factors: NN_SUM is "
       "d_M-Lipschitz with Lip2 Lip1 even with a bias; mean/EMD Lip2 Lip1, sum/EMD and max/EMD "
       "M Lip2 Lip1, mean/d_M Lip2 Lip1 / M, max/d_M Lip2 Lip1, max/d_H sqrt(d_h) Lip2 Lip1.")
def _lemma35(seed: int = 0):
    rng = np.random.default_rng(seed)
    cells = [("sum", "matching"), ("mean", "emd"), ("sum", "emd"), ("max", "emd"),
             ("mean", "matching"), ("max", "matching"), ("max", "hausdorff")]
    worst = {f"{k}/{dd}": _worst(rng, k, dd, equal_size=3, n_nets=4, n_pairs=25)
             for k, dd in cells}
    return Evidence(max(worst.values()) <= 1 + LP, worst, dict.fromkeys(worst, "<= 1"), LP,
                    "M = 3, encoders with biases; max ratio / bound per cell over 4 nets x 25 "
                    "pairs. The wording of Lemma 3.5 was not seen (note §4); these are the "
                    "Lemma 3.2 factors carried through the MLPs.")


@claim("multisets.lemma.pushforward_contracts", where="Proof of Thm 3.4 (push-forward lemma)",
       statement="If f is L-Lipschitz then d_EMD(f(X), f(Y)) <= L d_EMD(X, Y) and "
       "d_H(f(X), f(Y)) <= L d_H(X, Y); for d_M this needs f(0) = 0.")
def _push(seed: int = 0):
    rng = np.random.default_rng(seed)
    worst = {"emd": 0.0, "hausdorff": 0.0, "matching_f(0)=0": 0.0}
    for _ in range(60):
        layers = random_mlp([3, 6, 4], bias=rng.random() < 0.5, rng=rng)
        L = mlp_lipschitz_bound(layers)
        X, Y = _pair(rng, 3)
        for dist in ("emd", "hausdorff"):
            if _DIST[dist](X, Y) > 0:
                worst[dist] = max(worst[dist], _DIST[dist](mlp(layers, X), mlp(layers, Y))
                                  / (L * _DIST[dist](X, Y)))
        lin = [(rng.normal(size=(4, 3)), np.zeros(4))]
        worst["matching_f(0)=0"] = max(worst["matching_f(0)=0"],
                                       matching(mlp(lin, X), mlp(lin, Y))
                                       / (mlp_lipschitz_bound(lin) * matching(X, Y)))
    # With f(0) != 0 the matching distance can grow from 0: f(x) = x + b.
    v, b = np.array([[1.0, -2.0]]), np.array([0.3, 0.4])
    V0 = np.vstack([v, np.zeros((1, 2))])
    shifted = matching(v + b, V0 + b)
    ok = max(worst.values()) <= 1 + LP and matching(v, V0) == 0.0 and abs(shifted - 0.5) <= EXACT
    return Evidence(ok, worst | {"d_M(f(X),f(Y)) with f=x+b, d_M(X,Y)=0": shifted},
                    dict.fromkeys(worst, "<= 1") | {"d_M(f(X),f(Y)) with f=x+b, d_M(X,Y)=0": 0.5},
                    LP, "60 random MLPs (half with biases) / bias-free linear maps; the "
                    "translation f(x) = x + (0.3, 0.4) maps d_M = 0 to d_M = ‖b‖ = 0.5.")
